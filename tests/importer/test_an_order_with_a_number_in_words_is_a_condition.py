"""An order with a number the text gives a name in words ("greater than 1", "at least 1", "larger than $2$", "less
than one half", "at most 0", "not greater than 1") is a condition, as `x > 1` written inline is: a true line is never
refuted outside it, and a line false inside it is still refuted."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.conditions import conditions_in
from verifier.verdicts import Verdict

CASES = [
    ("Let $x$ be greater than 1.", r"\sqrt{(x - 1)^2} = x - 1", r"\sqrt{(x - 1)^2} = 1 - x"),
    ("Let the temperature $T$ be at least 1.", r"\sqrt{(T - 1)^2} = T - 1", r"\sqrt{(T - 1)^2} = T"),
    ("Let $x$ be a number larger than $2$.", r"|x - 2| = x - 2", r"|x - 2| = x + 2"),
    ("Let $p$ be less than one half.", r"|1 - 2p| = 1 - 2p", r"|1 - 2p| = 2p - 1"),
    ("Let $x$ be at most 0.", r"\sqrt{x^2} = -x", r"\sqrt{x^2} = x"),
    ("Let $x$ be not greater than 1.", r"|x - 1| = 1 - x", r"|x - 1| = x - 1"),
]


@pytest.mark.parametrize("prose, true_line, false_line", CASES)
def test_a_true_line_is_never_refuted_outside_the_order_the_words_give(tmp_path, prose, true_line, false_line):
    found = document_verdicts(tmp_path, f"{prose}\n\n$${true_line}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("prose, true_line, false_line", CASES)
def test_near_miss_a_line_false_inside_the_order_is_still_refuted(tmp_path, prose, true_line, false_line):
    assert document_verdicts(tmp_path, f"{prose}\n\n$${false_line}$$\n", "notes.py") == [Verdict.REFUTED]


def test_the_words_read_as_relations_and_a_count_of_things_is_no_bound():
    x = sp.Symbol("x")
    [greater] = conditions_in("Let $x$ be greater than 1.")
    assert greater.relation == (x > 1)
    [not_greater] = conditions_in("Let $x$ be not greater than 1.")
    assert not_greater.relation == (x <= 1)
    # "at least one of": a count of the names, not a bound on them
    assert all(c.relation is None for c in conditions_in("at least one of $x$ and $y$ is large."))
