"""A trend along an approach names each point by the value its variable had there.

Towards ±∞ a real variable is followed off the integers (x = ±(10ᵏ + θ), θ = (√5 − 1)/2), so that x − ⌊x⌋ → 0
cannot pass by being looked at only at whole numbers.  The printed point is then that value (10.618, not 10):
a value measured at 10.618 and printed beside "x = 10" is a false statement about the expression at 10, and a
reader who checks it by hand finds another number.  A size or an integer variable is evaluated at the integers
its label says; towards −∞ the label carries the sign.
"""
from __future__ import annotations

import mpmath
import sympy as sp

from tests.engine import only_step
from verifier import Limit, calc, oo, positive
from verifier.evidence import trends
from verifier.settings import Settings

x = sp.Symbol("x", real=True)
k = sp.Symbol("k", integer=True)


def _labels_and_values(expr, var, point):
    t = trends.trends(expr, var, point, "∞", Settings())[0]
    return t.along()


def test_a_real_variable_towards_infinity_is_labelled_by_the_value_it_was_evaluated_at():
    # |d| = |x| itself: each measured value is the point, so the label must be that value to its digits.
    at, values = _labels_and_values(x, x, oo)
    assert at[0] == "10.618" and at[1] == "100.618"
    for label, value in zip(at, values):
        assert abs(float(label) - float(value)) <= 5e-6 * float(value), (label, value)


def test_towards_minus_infinity_the_label_carries_the_sign():
    at, values = _labels_and_values(x, x, -oo)
    assert at[0] == "-10.618"
    assert all(float(label) < 0 and abs(-float(label) - float(v)) <= 5e-6 * float(v) for label, v in zip(at, values))


def test_near_miss_an_integer_variable_is_labelled_by_the_integers_it_was_evaluated_at():
    at, values = _labels_and_values(k, k, oo)
    assert at[:2] == ("10", "100")
    assert [float(v) for v in values[:2]] == [10.0, 100.0]


def test_a_refuted_limits_measured_tail_names_the_variables_value_where_it_ended():
    """The claim 1/x + 1/2 → 0 (false): what a reader is shown, the trend and the certificate, names points the
    expression has those values at."""
    lam = positive("lambda")
    s = only_step(calc(1 / lam + sp.Rational(1, 2), title="a false limit").approx(0, "", meaning=Limit(lam, oo)))
    [check] = [c for c in s.checks if c.trend is not None]
    for label, value in zip(check.trend.at, check.trend.values):
        expected = 1 / mpmath.mpf(label) + mpmath.mpf(1) / 2
        assert abs(mpmath.mpf(value) - expected) <= 1e-5 * expected, (label, value)
