r"""`\frac{d}{dx} C` is read as the derivative of a constant (0) where the text calls C a constant ("for any constant
$C$" beside the row, "$c$ is a constant" in the prose around the display); elsewhere it stays refused naming both
readings (a function of x the text does not write out, or a constant).  The other rows of the display are then
read and checked: a true rule is not refuted, its one-edit false twin is.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import sympy as sp

from verifier.importer.document import read_document
from verifier.verdicts import Verdict

x = sp.Symbol("x")
RULES = (r"$$\begin{aligned} \frac{d}{dx} C & = 0 && \textrm{for any constant $C$} \\ "
         r"\frac{d}{dx} e^x & = e^x \\ \frac{d}{dx} \ln x & = x^{-1}. \end{aligned}$$")


@pytest.mark.parametrize("text", [RULES, "Here $c$ is a constant.\n\n$$ \\frac{d}{dx} c = 0 $$"])
def test_the_derivative_of_a_name_the_text_calls_constant_is_read(text):
    doc = read_document(text, "notes.md")
    assert not doc.failures, [str(f) for f in doc.failures]
    first = doc.chains[0].exprs[0]
    assert isinstance(first, sp.Derivative) and first.doit() == 0


@pytest.mark.parametrize("text", [
    RULES.replace("for any constant $C$", "for any $C$"),
    "Here $c$ is a number we vary.\n\n$$ \\frac{d}{dx} c = 0 $$",
])
def test_the_derivative_of_a_name_the_text_does_not_call_constant_stays_refused(text):
    doc = read_document(text, "notes.md")
    assert any("written without x" in str(f) for f in doc.failures)
    assert not any(c.exprs[0].atoms(sp.Derivative) and not c.exprs[0].has(x) for c in doc.chains)


@pytest.mark.slow
def test_the_other_rows_are_checked_the_true_one_kept_its_twin_refuted(tmp_path: Path):
    from tests.engine import document_verdicts

    def verdicts(text: str, name: str) -> list:
        return document_verdicts(tmp_path, text, name)

    true = verdicts(RULES, "true.py")
    assert Verdict.REFUTED not in true and true.count(Verdict.PROVED) >= 2, true
    assert Verdict.REFUTED in verdicts(RULES.replace("x^{-1}", "x^{-2}"), "twin.py")
