"""A range or a sign the text states in words is a condition of the displays it covers: "a number between 0 and 1"
(strictly inside, whatever the text says of the ends), "For $x$ between $a$ and $b$" (a < x < b with letters as
ends), "For $x$ in $[0, \\infty)$" (the word "in"), "Throughout, all variables are positive" (every scalar a display
writes).  A true line is never refuted outside it; a line false inside it is still refuted."""
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
    # letters as ends: strictly between them (so a < b too)
    ("For $x$ between $a$ and $b$ we have\n", r"|x - a| + |b - x| = b - a", r"|x - a| + |b - x| = b + a"),
    ("Take a point $x$ lying strictly between $a$ and $b$.\n", r"\sqrt{(x - a)^2} + \sqrt{(b - x)^2} = b - a",
     r"\sqrt{(x - a)^2} + \sqrt{(b - x)^2} = a - b"),
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


def test_letters_as_the_ends_of_between_read_as_a_chain_of_orders():
    a, b, x = sp.symbols("a b x")
    [between] = conditions_in("For $x$ between $a$ and $b$ we have")
    assert between.relation == sp.And(a < x, x < b) and between.names == frozenset("abx")


@pytest.mark.parametrize("prose", ["Let $d$ be the distance between $a$ and $b$.",
                                   "The gap $g$ of the interval between $a$ and $b$ is"])
def test_near_miss_a_name_that_is_not_the_point_between_gets_no_range(prose):
    assert not [c for c in conditions_in(prose) if c.relation is not None], conditions_in(prose)


def test_near_miss_a_line_about_a_distance_between_letters_is_still_refuted(tmp_path):
    prose = "Let $d$ be the distance between $a$ and $b$.\n"
    assert document_verdicts(tmp_path, prose + "$$\\sqrt{d^2} = d + 1$$\n", "notes.py") == [Verdict.REFUTED]
