"""Integrals over infinite ranges with heavy or oscillating tails: certified only where a tail bound is
proved, so a true one is never refuted and one off by a little is never passed.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import check_one
from verifier import Rational, calc, oo, real

from verifier.verdicts import Verdict


P, R, U, N = Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN, Verdict.NUMERIC
PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


x = real("x_hr5", -2, 2)
y = real("y_hr5")


def eq_step(lhs, rhs):
    [s] = check_one(calc(lhs, title="probe").eq(rhs, "claimed")).steps
    return s


def integral(f, a=-oo, b=oo):
    return sp.Integral(f, (y, a, b))


TINY = Rational(1, 10 ** 30)


@pytest.mark.slow
@pytest.mark.parametrize("lhs, rhs", [
    (integral(1 / y ** 2, 1), 1),                                # y²|f| constant: the tail bound is 1/X
    (integral(y ** Rational(-101, 100), 1), 100),                # tail ~ 100·X^(−1/100)
    (integral(sp.sin(y) / y, 0), sp.pi / 2),                     # not absolutely integrable
    (integral(sp.sin(y) / y), sp.pi),
    (integral(1 / (1 + y ** 2)), sp.pi),
], ids=["1/y^2", "y^-1.01", "sin y / y on [0, oo)", "sin y / y on R", "Cauchy"])
def test_an_integral_with_a_heavy_or_oscillating_tail_is_never_refuted(lhs, rhs):
    assert eq_step(lhs, rhs).verdict is not R


@pytest.mark.slow
@pytest.mark.parametrize("lhs, rhs", [
    (integral(1 / y ** 2, 1), 1 + TINY),
    (integral(y ** Rational(-101, 100), 1), 100 + Rational(1, 10 ** 6)),
    (integral(sp.sin(y) / y, 0), sp.pi / 2 + TINY),
], ids=["1/y^2 + 1e-30", "y^-1.01 + 1e-6", "sin y / y + 1e-30"])
def test_a_heavy_tail_off_by_a_little_is_never_passed(lhs, rhs):
    assert eq_step(lhs, rhs).verdict not in PASSING


@pytest.mark.slow
def test_a_tail_whose_y2_f_grows_for_a_while_is_certified_and_its_near_miss_refuted():
    # y²·y²⁰e^{−y} grows until y = 22: the cut must come after; 20! is exact and 20! + 1 is certified wrong.
    assert eq_step(integral(y ** 20 * sp.exp(-y), 0), sp.factorial(20)).verdict in PASSING
    assert eq_step(integral(y ** 20 * sp.exp(-y), 0), sp.factorial(20) + 1).verdict is R


def test_a_denominator_that_never_vanishes_still_gives_the_integral_a_number():
    # the near miss of the pole rule: 1/(1 + x²) has no real zero of its denominator
    from verifier.evidence.balls import _may_have_a_pole
    x = sp.Symbol("x", real=True)
    assert not _may_have_a_pole(1 / (1 + x ** 2), x, -sp.oo, sp.oo)
    assert not _may_have_a_pole(6 * sp.sqrt(3) / (sp.pi * (x ** 2 + 3) ** 2), x, -sp.oo, sp.oo)
    assert _may_have_a_pole(sp.exp(-x ** 2) / x, x, -sp.oo, sp.oo)
    assert _may_have_a_pole(sp.exp(-x) / (x - 5), x, 0, sp.oo)
    assert not _may_have_a_pole(sp.exp(-x) / (x + 5), x, 0, sp.oo)
