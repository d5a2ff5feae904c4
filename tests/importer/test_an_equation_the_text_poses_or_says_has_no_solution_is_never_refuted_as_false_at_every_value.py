r"""An equation in one name that the text poses rather than claims ("Setting the derivative to zero gives
$$-\frac{1}{x^2} = 0,$$ which has no solution", "Then $$e^x(x+1) = e^x(x+2)$$, which is impossible") may hold
at no value: that is what the text says of it.  Such an equation is a condition, never refuted as false at every
value of its name.  The same equation with no such words, a step of a chain ending in a number, is still refuted
whatever value the text gives its name, and a false claim after "we get" or "we need to notice that" still is."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.verdicts import Verdict

POSED = [
    "Setting the derivative to zero gives\n\n$$-\\frac{1}{x^2} = 0,$$\n\nwhich has no solution.\n",
    "Consider the equation\n\n$$\\frac{1}{x} = 0,$$\n\nwhich has no solution: the reciprocal never vanishes.\n",
    "Setting the derivative $f'(x)$ equal to $0$ for a critical point,\n\n$$\\frac{x(x-2)}{(x-1)^2} = 1$$\n\n"
    "so $f$ has none.\n",
    "Suppose, for contradiction, that\n\n$$\\frac{1}{x} = 0.$$\n\nMultiplying by $x$ gives $1 = 0$.\n",
    "Then\n\n$$\\frac{x(x-2)}{(x-1)^2} = 1,$$\n\nwhich is impossible.\n",
    "Then\n\n$$\\frac{1}{x} = 0$$\n\nhas no real solution.\n",
]


@pytest.mark.parametrize("text", POSED)
def test_an_equation_the_text_poses_or_says_has_no_solution_is_never_refuted(tmp_path, text):
    found = document_verdicts(tmp_path, "# Critical points\n\n" + text, "posed.py")
    assert found and Verdict.REFUTED not in found, found


def test_near_miss_the_same_equation_claimed_in_a_chain_ending_in_a_number_is_refuted(tmp_path):
    text = "# Limits\n\nThus\n\n$$\\frac{x(x-2)}{(x-1)^2} = 1 \\approx 1.0.$$\n\nas claimed.\n"
    found = document_verdicts(tmp_path, text, "claimed.py")
    assert found and found[0] == Verdict.REFUTED, found


def test_near_miss_a_false_claim_after_we_get_is_still_refuted(tmp_path):
    text = "# Expanding\n\nExpanding the square, we get\n\n$$\\frac{1}{x} = 0.$$\n\nas claimed.\n"
    found = document_verdicts(tmp_path, text, "claim.py")
    assert found == [Verdict.REFUTED], found


def test_near_miss_a_false_claim_after_we_need_to_notice_that_is_still_refuted(tmp_path):
    text = "# Expanding\n\nWe need to notice that\n\n$$\\frac{1}{x} = 0.$$\n\nas claimed.\n"
    found = document_verdicts(tmp_path, text, "notice.py")
    assert found == [Verdict.REFUTED], found


def test_near_miss_a_claim_said_impossible_to_compute_is_still_refuted(tmp_path):
    text = "# Expanding\n\nThus\n\n$$\\frac{1}{x} = 0,$$\n\nwhich is impossible to compute by hand.\n"
    found = document_verdicts(tmp_path, text, "compute.py")
    assert found == [Verdict.REFUTED], found
