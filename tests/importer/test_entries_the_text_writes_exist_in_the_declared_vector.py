r"""The entries a text writes with a number exist in the vector it declares: `r_0 + \gamma r_1 + \gamma^2 r_2` makes r
start at 0 (`vector("r", n, start=0)`) and gives it at least the entry 2 (`size("n", …, low=2)`), so a line that
writes them has values at every sampled size and is decided: before, r_0 had no value and a false line about it was
never refuted.  A text that writes only entries from 1 keeps the plain declarations."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.declarations import infer
from verifier.verdicts import Verdict

r = sp.IndexedBase("r")
t = sp.Symbol("t", integer=True)
n = sp.Symbol("n", integer=True)


def codes(exprs) -> list[str]:
    return [d.code for d in infer(exprs).declarations]


def test_an_entry_0_starts_the_vector_at_0_and_entry_2_makes_the_size_at_least_2():
    declared = codes([r[0] + r[1] + r[2]])
    assert 'vector("r", n, start=0)' in declared
    assert any(c.startswith('size("n"') and "low=2" in c for c in declared)


def test_entries_from_1_keep_the_plain_declarations():
    declared = codes([sp.Sum(r[t], (t, 1, n)) + r[1]])
    assert 'vector("r", n)' in declared and 'size("n")' in declared


@pytest.mark.slow
@pytest.mark.parametrize("line, refuted", [
    (r"r_0 + r_1 + r_2 = r_2 + r_1 + r_0", False),
    (r"r_0 + r_1 + r_2 = r_2 + r_1", True),
])
def test_a_line_about_entries_0_to_2_is_decided(tmp_path, line, refuted):
    verdicts = document_verdicts(tmp_path, f"$${line}$$\n", "entries.py")
    assert (Verdict.REFUTED in verdicts) is refuted, verdicts
    assert refuted or Verdict.PROVED in verdicts
