"""A name the text calls a count ("the number of tokens", "the dimension of the keys", "the sequence length", "the
number of heads") is a whole number ≥ 1: a counterexample at a value that is not one refutes nothing, and a line false
at a whole number is still refuted there.  A real "size" or "length" (a step size) keeps only its sign."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.conditions import conditions_in
from verifier.verdicts import Verdict


@pytest.mark.parametrize("prose, display", [
    ("Let $n$ be the number of tokens.", r"n^2 \geq n"),
    ("Let $d$ be the dimension of the keys.", r"\sqrt{d} \le d"),
    ("Let $n$ be the sequence length.", r"n \ge \sqrt{n}"),
    ("Let $m$ be the number of heads.", r"m^3 \geq m^2"),
])
def test_a_line_true_for_every_count_is_never_refuted_between_whole_numbers(tmp_path, prose, display):
    found = document_verdicts(tmp_path, f"{prose}\n$${display}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("prose, display", [
    ("Let $n$ be the number of tokens.", r"n^2 \geq 2n"),
    ("Let $d$ be the dimension of the keys.", r"\sqrt{d} \le d - 1"),
])
def test_near_miss_a_line_false_at_a_whole_number_is_still_refuted(tmp_path, prose, display):
    assert document_verdicts(tmp_path, f"{prose}\n$${display}$$\n", "notes.py") == [Verdict.REFUTED]


def test_a_count_reads_as_a_whole_number_at_least_one_and_a_step_size_only_as_positive():
    n, eta = sp.Symbol("n"), sp.Symbol("eta")
    [count] = conditions_in("Let $n$ be the number of tokens.")
    assert count.relation.subs(n, sp.Rational(1, 2)) is sp.false
    assert count.relation.subs(n, 3) is sp.true and count.relation.subs(n, 0) is sp.false
    [step] = conditions_in(r"Let $\eta$ be the step size.")
    assert step.relation.subs(eta, sp.Rational(1, 2)) is sp.true
