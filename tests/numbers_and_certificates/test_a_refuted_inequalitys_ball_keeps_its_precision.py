"""A refuted ≥ or > is certified by the ball of rhs − lhs, the sign of the gap flipped at the ball's own precision:
at 50 digits its radius is of order 10⁻⁵⁰ and at 100 digits 10⁻¹⁰⁰, never the 10⁻¹⁷ of a negation rounded to
a double.  Near misses: the claim is still refuted, with its ball excluding 0 on the violating side, and the
true twin (the inequality the other way) is not refuted."""
from __future__ import annotations

import sympy as sp

from tests.engine import only_step
from verifier import calc, positive
from verifier.verdicts import Verdict


def test_a_refuted_greater_or_equal_has_a_ball_as_tight_as_its_digits():
    x = positive("x")
    step = only_step(calc(sp.log(x), title="a false bound").ge(x, "the log above its argument",
                                                                expect="refuted"))
    assert step.verdict is Verdict.REFUTED
    cx = step.counterexample
    assert cx.quantity == "rhs − lhs"
    assert set(cx.gap) == {50, 100}
    for digits, ball in cx.gap.items():
        assert float(ball.radius) < 10.0 ** -(digits - 5), (digits, ball)
        assert float(ball.midpoint) - float(ball.radius) > 0          # rhs − lhs > 0: the claim fails


def test_near_miss_the_true_twin_is_not_refuted():
    x = positive("x")
    step = only_step(calc(x, title="a true bound").ge(sp.log(x), "the argument above its log"))
    assert step.verdict is not Verdict.REFUTED and step.counterexample is None
