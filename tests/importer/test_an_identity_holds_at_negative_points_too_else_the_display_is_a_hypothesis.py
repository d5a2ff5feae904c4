"""An equation a display states is an identity (a hypothesis of nothing) only when it holds over its names' whole
domain, negative values too: `|w| = w`, `\\max(x, 0) = x` or `\\sqrt{x^2} = x` hold at every positive point but say
that the name is nonnegative, so a line after them is never refuted at a negative point they exclude.  A line
false where they hold is still refuted, and a display that holds at every sign (`|w|^2 = w^2`) restricts nothing."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.conditions import stated_by_display
from verifier.verdicts import Verdict

HYPOTHESES = [
    ("Let $w$ be a real number and suppose the weight satisfies\n\n$$|w| = w.$$\n\nThen\n\n",
     r"\sqrt{w^2} = w", r"\sqrt{w^2} = w + 1"),
    ("Assume\n\n$$\\max(x, 0) = x.$$\n\nThen\n\n", r"\sqrt{x^2} = x", r"\sqrt{x^2} = 2x"),
    ("Let $x$ be a real number such that\n\n$$\\sqrt{x^2} = x.$$\n\nThen\n\n", r"|x| + x = 2x", r"|x| + x = 3x"),
]


@pytest.mark.parametrize("before, true_line, false_line", HYPOTHESES)
def test_a_true_line_after_an_equation_true_only_at_positive_points_is_never_refuted(tmp_path, before, true_line,
                                                                                      false_line):
    found = document_verdicts(tmp_path, f"{before}$${true_line}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("before, true_line, false_line", HYPOTHESES)
def test_near_miss_a_line_false_where_the_equation_holds_is_still_refuted(tmp_path, before, true_line, false_line):
    assert document_verdicts(tmp_path, f"{before}$${false_line}$$\n", "notes.py")[-1] is Verdict.REFUTED


def test_near_miss_an_equation_true_at_every_sign_is_no_hypothesis_and_a_false_line_after_it_is_refuted(tmp_path):
    text = "Recall\n\n$$|w|^2 = w^2$$\n\nso\n\n$$\\sqrt{w^2} = w$$\n"
    assert document_verdicts(tmp_path, text, "notes.py")[-1] is Verdict.REFUTED


def test_an_equation_true_at_positive_points_only_is_kept_as_a_relation():
    w, x = sp.symbols("w x")
    held = stated_by_display(["|w|", "w"], ["="], ["="], [sp.Abs(w), w], 3)
    assert held is not None and held.relation == sp.Eq(sp.Abs(w), w)
    assert stated_by_display([r"\max(x, 0)", "x"], ["="], ["="], [sp.Max(x, 0), x], 3) is not None
    assert stated_by_display(["|w|^2", "w^2"], ["="], ["="], [sp.Abs(w) ** 2, w ** 2], 3) is None
    n = sp.Symbol("n", positive=True)
    assert stated_by_display([r"\sqrt{n^2}", "n"], ["="], ["="], [sp.sqrt(n ** 2), n], 3) is None


def test_a_sum_whose_limit_writes_a_size_is_tried_at_whole_sizes():
    # `\sum_{t=0}^{n-1} 1/(n - t)` at a fraction n would make SymPy sum forever: a limit's names are sizes
    n, t, k = sp.symbols("n t k", integer=True)
    harmonic = sp.Sum(1 / (n - t), (t, 0, n - 1))
    assert stated_by_display(["a", "b"], ["="], ["="], [harmonic, sp.Sum(1 / k, (k, 1, n))], 1) is None


def test_near_miss_a_sum_whose_limit_writes_a_size_set_to_a_number_is_a_hypothesis():
    n, t = sp.symbols("n t", integer=True)
    harmonic = sp.Sum(1 / (n - t), (t, 0, n - 1))
    assert stated_by_display(["a", "5"], ["="], ["="], [harmonic, sp.Integer(5)], 1) is not None
