r"""`E(\hat{\theta}_n - \theta)` in a text that writes other operators on random variables (`\textrm{bias}`, `\textrm{Var}`,
`E[…]`, "random variable") is an expectation, read as `E[…]` is: a quantity named as written, its chain unsettled;
`P(\textrm{choose~} i)`, a probability of an event named in words, likewise.  `E(x)` in a text with no such operator
stays refused, and `P(x)` is read as before.  A true line is not refuted; its one-edit twin is not accepted.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import sympy as sp

from verifier.importer.document import read_document
from verifier.verdicts import Verdict

BIAS = r"$$\textrm{bias}(\hat{\theta}_n) = E(\hat{\theta}_n - \theta) = E(\hat{\theta}_n) - \theta.$$"
CHOOSE = r"$$P(\textrm{choose~} i) = 1 - P(\textrm{omit~} i).$$"


@pytest.mark.parametrize("text, name", [(BIAS, r"E[\hat{\theta}_n - \theta]"), (CHOOSE, "P[")])
def test_the_quantity_is_read_as_a_name_and_its_chain_is_unsettled(text, name):
    doc = read_document(text, "notes.md")
    assert not doc.failures, [str(f) for f in doc.failures]
    names = {s.name for e in doc.chains[0].exprs for s in e.free_symbols}
    assert any(n.startswith(name) for n in names), names
    assert doc.chains[0].unsettled


def test_e_before_a_parenthesis_in_a_text_about_no_random_variable_stays_refused():
    doc = read_document(r"$$ E(x) = x^2 $$", "notes.md")
    assert not doc.chains and "expectation" in " ".join(str(f) for f in doc.failures)


def test_p_before_a_parenthesis_of_a_name_is_read_as_before():
    doc = read_document(r"$$ P(x) = 2 $$", "notes.md")
    assert doc.chains[0].exprs[0] == sp.Function("P")(sp.Symbol("x"))


@pytest.mark.slow
def test_the_true_line_is_not_refuted_and_its_twin_not_accepted(tmp_path: Path):
    from tests.engine import document_verdicts

    def verdicts(text: str, name: str) -> list:
        return document_verdicts(tmp_path, text, name)

    assert Verdict.REFUTED not in verdicts(BIAS, "true.py")
    twin = verdicts(BIAS.replace(r") - \theta.", r") + \theta."), "twin.py")
    assert twin and not {Verdict.PROVED, Verdict.NUMERIC} & set(twin[1:]), twin
