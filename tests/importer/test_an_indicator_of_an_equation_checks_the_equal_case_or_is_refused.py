r"""`\mathbb{1}(x = 5)`, `\mathbb{1}(x^2 = 16)`, `\mathbb{1}(\cos x = 0)`, `\mathbb{1}(x \neq 5)`: an indicator of an
equation (or of ≠) between real quantities is 1 (or 0) only on a set of points the sampled values never meet (5 lies
outside the sampled range, cos x = 0 at points no sample hits), so the numbers saw only the case where it is 0 and a
false line passed on it.  Such an indicator is refused by name.  The numbers do look at the equal case when both
sides are names or entries (x = y, a_i = x, a_i = a_j: one is set to the other), and two whole numbers are
KroneckerDelta; those stay read, a false line refuted and a true one proved.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


@pytest.mark.parametrize("display", [
    r"\mathbb{1}(x = 5)\, x = 0",                                      # false at x = 5, outside the sampled range
    r"\mathbb{1}(x^2 = 16)\, x = 4\,\mathbb{1}(x^2 = 16)",            # false at x = -4
    r"\mathbb{1}(\cos x = 0)\sin x = \mathbb{1}(\cos x = 0)",         # false at x = -π/2
    r"x\,\mathbb{1}(x \neq 5) = x",                                    # false at x = 5
])
def test_an_indicator_of_an_equation_no_sampled_point_meets_is_refused_never_passed(display):
    doc = read_document(f"$$ {display} $$\n", "notes.md")
    assert not doc.chains and any("an indicator of an equation" in f.message for f in doc.failures), \
        [f.message for f in doc.failures]


@pytest.mark.parametrize("display, expected", [
    (r"\mathbb{1}(x = y)\, x = \mathbb{1}(x = y)\, y", Verdict.PROVED),
    (r"\mathbb{1}(x = y)(x + 1) = \mathbb{1}(x = y)\, y", Verdict.REFUTED),
])
def test_near_miss_an_equation_of_two_names_stays_read_and_decided_both_ways(display, expected, tmp_path):
    assert document_verdicts(tmp_path, f"$$ {display} $$\n", "names.py") == [expected]


def test_near_miss_an_inequality_is_still_read_and_a_false_line_refuted(tmp_path):
    display = r"\mathbb{1}(x > 4)(x - 4) = \mathbb{1}(x > 4)(4 - x)"
    assert document_verdicts(tmp_path, f"$$ {display} $$\n", "ineq.py") == [Verdict.REFUTED]
