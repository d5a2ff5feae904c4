"""A range or a sign the text states in words is a condition of the displays it covers: "a number between 0 and 1"
(strictly inside, whatever the text says of the ends), "For $x$ in $[0, \\infty)$" (the word "in"), "Throughout, all
variables are positive" (every scalar a display writes).  A true line is never refuted outside it; a line false
inside it is still refuted."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.conditions import conditions_in
from verifier.verdicts import Verdict

CASES = [
    ("Let $p$ be a number between 0 and 1.\n", r"\sqrt{p^2} = p", r"\sqrt{p^2} = p^2"),
    ("For $x$ in $[0, \\infty)$,\n", r"\sqrt{x^2} = x", r"\sqrt{x^2} = x + 1"),
    ("Throughout, all variables are positive.\n\n", r"\sqrt{x^2} = x", r"\sqrt{x^2} = -x"),
]


@pytest.mark.parametrize("prose, true_line, false_line", CASES)
def test_a_true_line_is_never_refuted_outside_the_range_the_words_give(tmp_path, prose, true_line, false_line):
    found = document_verdicts(tmp_path, f"{prose}$${true_line}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("prose, true_line, false_line", CASES)
def test_near_miss_a_line_false_inside_the_range_is_still_refuted(tmp_path, prose, true_line, false_line):
    assert document_verdicts(tmp_path, f"{prose}$${false_line}$$\n", "notes.py") == [Verdict.REFUTED]


def test_the_words_read_as_relations():
    p, x = sp.symbols("p x")
    [between] = conditions_in("Let $p$ be a number between $0$ and $1$.")
    assert between.relation == sp.And(p > 0, p < 1)
    [member] = conditions_in(r"For $x$ in $[0, \infty)$,")
    assert member.relation == (x >= 0)
    [every] = conditions_in("Throughout, all variables are positive.")
    assert every.names == frozenset() and every.every_name(x) == (x > 0)


def test_near_miss_an_index_range_or_a_space_after_in_is_no_condition():
    assert conditions_in(r"for each $i$ in $\{1, \dots, n\}$") == []
    assert conditions_in(r"for $\mathbf{x}$ in $\mathbb{R}^n$") == []
