r"""`\mathbf{g}_{t-1, t-2}`, `g_{t-\tau, t-\tau-1}` (d2l's momentum): a subscript of two indices or more apart by
commas, each letters shifted by letters or whole numbers, is the entry of the name at those indices, printed as a rule.
Entries at indices that differ by whole numbers are those of a sequence the text does not define (a recurrence): the
steps that write them at more than one place are never refuted.  One index of two letters (`x_{i+j}`), a multiple
(`x_{2i-1, j}`) or a letter e (Euler's number or a name) stays refused.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side

t, tau = sp.Symbol("t", integer=True), sp.Symbol("tau", integer=True)
g = sp.IndexedBase("g")


def test_two_shifted_indices_apart_by_a_comma_are_one_entry_at_both():
    reading = read_side(r"\beta \mathbf{g}_{t-1, t-2} + \mathbf{g}_{t, t-1}")
    assert reading.expr == sp.Symbol("beta") * g[t - 1, t - 2] + g[t, t - 1]
    assert any("entry of g at (t - 1, t - 2)" in r for r in reading.rules)


def test_indices_shifted_by_a_summation_letter_are_bound_by_the_sum():
    expr = read_side(r"\sum_{\tau = 0}^{t-1} \beta^{\tau} \mathbf{g}_{t-\tau, t-\tau-1}").expr
    assert isinstance(expr, sp.Sum)
    (entry,) = expr.atoms(sp.Indexed)
    assert len(entry.indices) == 2 and {s.name for ix in entry.indices for s in ix.free_symbols} == {"t", "tau"}
    assert expr.limits[0][0].name == "tau"


@pytest.mark.parametrize("latex", [r"x_{i+j}", r"x_{2i-1, j}", r"x_{e-1, 2}", r"x_{i-, j}"])
def test_near_miss_one_index_of_two_letters_a_multiple_or_e_stays_refused(latex):
    with pytest.raises(ReadError):
        read_side(latex)


def test_a_true_line_about_two_index_entries_is_proved(tmp_path):
    verdicts = document_verdicts(tmp_path, "$$\ng_{t-1,t-2} + g_{t,t-1} = g_{t,t-1} + g_{t-1,t-2}\n$$\n", "true.py")
    assert verdicts == ["proved"]


@pytest.mark.parametrize("display", [r"g_{t-1,t-2} = g_{t,t-1}", r"2 g_{t,t-1} = g_{t,t-1}"])
def test_a_false_line_about_two_index_entries_never_passes(tmp_path, display):
    verdicts = document_verdicts(tmp_path, f"$$\n{display}\n$$\n", "false.py")
    assert verdicts and not set(verdicts) & {"proved", "numeric", "cases"}


def test_entries_at_shifted_index_pairs_are_a_sequence_the_text_does_not_define():
    doc = read_document("$$\nv_{t,t} = v_{t-1,t-1} + 1\n$$\n", "notes.md")
    assert doc.chains and doc.chains[0].unsettled and not doc.chains[0].settled_steps
