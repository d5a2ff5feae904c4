"""A step may state an operation (∂, ∫) on its left and its result, written by hand, on the right.

The engine carries the operation out symbolically (the 'operations' strategy) and numerically, so the
step compares two independent computations instead of SymPy's output with itself.
"""
from __future__ import annotations

import pytest

import sympy as sp

from tests.engine import only_step
from verifier import Σ, calc, index, interval, log, real, size, vector
from verifier.verdicts import Verdict

n = size("n")
j = index("j", n)
# p + s w > 0 must be a hypothesis for the derivative of (p + s w) log(p + s w) to exist: declared confined.
p = vector("p", n, low=0.1, high=1, positive=True, confined=True)
w = vector("w", n, low=-0.05, high=0.05, confined=True)
s = interval("s", -0.1, 0.1)
x = real("x")
H = -Σ((p[j] + s * w[j]) * log(p[j] + s * w[j]), j)


def test_a_stated_second_derivative_under_a_sum_is_proved_for_generic_n():
    step = only_step(calc(sp.Derivative(H, s, 2), title="t").eq(-Σ(w[j] ** 2 / (p[j] + s * w[j]), j), "by hand"))
    assert step.verdict is Verdict.PROVED and step.scope.startswith("generic n")
    assert step.strategy == "operations" and not step.restatement


@pytest.mark.slow
def test_a_wrong_hand_written_derivative_is_refuted():
    wrong_factor = only_step(calc(sp.Derivative(H, s, 2), title="t")
                             .eq(-Σ(w[j] ** 2 / (p[j] + 2 * s * w[j]), j), "slip"))
    wrong_power = only_step(calc(sp.Derivative(x ** 3, x), title="t").eq(3 * x ** 3, "slip"))
    assert wrong_factor.verdict is Verdict.REFUTED and wrong_power.verdict is Verdict.REFUTED


def test_a_stated_integral_is_evaluated_not_trusted():
    right = only_step(calc(sp.Integral(x ** 2, (x, 0, 1)), title="t").eq(sp.Rational(1, 3), "by hand"))
    wrong = only_step(calc(sp.Integral(x ** 2, (x, 0, 1)), title="t").eq(sp.Rational(1, 2), "slip"))
    assert right.verdict is Verdict.PROVED and wrong.verdict is Verdict.REFUTED
