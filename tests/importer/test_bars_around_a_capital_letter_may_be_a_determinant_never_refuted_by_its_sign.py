r"""`|A| = -2` beside "the determinant of the matrix A", `|J| = \det\begin{bmatrix} 0 & 1 \\ 1 & 0 \end{bmatrix} = -1`:
bars around a capital letter (A, J, Σ) are the determinant in the texts that write them, and a determinant may be
negative.  Read as an absolute value the step is false at every sign of its name, but that is one reading only, so the
rule that refutes a step false at every sign leaves it unsettled.  Near misses both ways: bars around a small letter
(`|a| = -1`) are an absolute value and stay refuted; the determinant of the grid itself is still computed and a false
value refuted.
"""
from __future__ import annotations

import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.writer import false_at_every_value
from verifier.verdicts import Verdict


def test_bars_around_a_capital_letter_set_to_a_negative_number_are_never_refuted(tmp_path):
    for text in ("The determinant of the matrix A is negative:\n\n$$ |A| = -2 $$\n",
                 "The Jacobian determinant of the reflection is\n\n$$ |J| = -1 $$\n"):
        got = document_verdicts(tmp_path, text, "det.py")
        assert got and Verdict.REFUTED not in got, (text, got)


def test_a_jacobian_determinant_written_with_bars_beside_its_grid_is_never_refuted(tmp_path):
    text = ("The Jacobian determinant of the swap is\n\n"
            "$$ |J| = \\det\\begin{bmatrix} 0 & 1 \\\\ 1 & 0 \\end{bmatrix} = -1 $$\n")
    got = document_verdicts(tmp_path, text, "swap.py")
    assert got[0] is not Verdict.REFUTED and got[1] is Verdict.PROVED, got


def test_near_miss_a_false_value_of_the_grid_is_still_refuted(tmp_path):
    text = ("The Jacobian determinant of the swap is\n\n"
            "$$ |J| = \\det\\begin{bmatrix} 0 & 1 \\\\ 1 & 0 \\end{bmatrix} = 1 $$\n")
    assert document_verdicts(tmp_path, text, "swap1.py")[1] is Verdict.REFUTED


def test_near_miss_bars_around_a_small_letter_are_an_absolute_value_false_at_every_sign():
    a, big_a = sp.symbols("a A")
    assert false_at_every_value(sp.Abs(a), sp.Integer(-1), "=")
    assert not false_at_every_value(sp.Abs(big_a), sp.Integer(-2), "=")
