"""Integrals whose integrand has a kink, a jump or a pole (where FLINT's acb.integral raises, and Max/Min are
not meromorphic): a true value is never refuted, a false or divergent one never passed, and an uncertified
quadrature is no evidence.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import check_one
from verifier import Rational, calc, real

from verifier.judge import proof_hints
from verifier.verdicts import Verdict


P, R, U, N, C = Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN, Verdict.NUMERIC, Verdict.CASES
PASSING = {P, C, N}


@pytest.fixture(autouse=True)
def no_hints_before_or_after():
    proof_hints.enable(None)
    yield
    proof_hints.enable(None)


y = sp.Symbol("y_hr6", real=True)
c = real("c_hr6", -2, 2)
TINY = Rational(1, 10 ** 8)


def integral(f, lo, hi):
    return sp.Integral(f, (y, lo, hi))


def eq_step(lhs, rhs):
    [s] = check_one(calc(lhs, title="probe").eq(rhs, "claimed")).steps
    return s


TRUE_INTEGRALS = [
    (integral(sp.Abs(y - Rational(1, 3)), 0, 1), Rational(5, 18)),
    (integral(sp.floor(3 * y), 0, 1), 1),
    (integral(sp.Heaviside(y - Rational(1, 7)), 0, 1), Rational(6, 7)),
    (integral(1 / sp.sqrt(y), 0, 1), 2),                                   # integrable singularity at an end
    (integral(sp.log(sp.Abs(y)), -1, 1), -2),                               # integrable log singularity inside
    (integral(sp.Max(y, 1 - y), 0, 1), Rational(3, 4)),
    (integral(1 / (y - c), 3, 4), sp.log((4 - c) / (3 - c))),              # the pole stays outside [3, 4]
    (integral(sp.tanh(y), -1, 1), 0),                                        # poles at iπ/2, off the path
    (integral(sp.sin(y) / y, -1, 1), 2 * sp.Si(1)),                          # a removable singularity at 0
]


@pytest.mark.slow
@pytest.mark.parametrize("lhs, rhs", TRUE_INTEGRALS, ids=[
    "|y - 1/3|", "floor(3y)", "Heaviside(y - 1/7)", "1/√y at 0", "log|y| through 0", "Max(y, 1 - y)",
    "1/(y - c), c outside", "tanh", "sin y / y"])
def test_a_true_integral_with_a_kink_jump_or_singularity_is_never_refuted(lhs, rhs):
    s = eq_step(lhs, rhs)
    assert s.verdict is not R, s.message
    assert "crashed" not in s.message, s.message


FALSE_INTEGRALS = [
    (integral(sp.Abs(y - Rational(1, 3)), 0, 1), Rational(5, 18) + TINY),
    (integral(sp.floor(3 * y), 0, 1), 1 + TINY),
    (integral(sp.sign(y - Rational(1, 3)), 0, 1), Rational(1, 3) + TINY),
    (integral(1 / sp.sqrt(y), 0, 1), 2 + TINY),
    (integral(sp.sqrt(y), -1, 1), Rational(2, 3)),                         # √y is imaginary on [−1, 0)
    (integral(sp.log(y), -1, 1), -2),                                        # log y = log|y| + iπ there
    (integral(1 / y, 0, 1), 100),                                            # diverges at its end
    (integral(1 / (y - Rational(1, 2)), 0, 1), 0),                          # the principal value, not an integral
    (integral(1 / y ** 2, -1, 1), -2),                                       # the antiderivative across the pole
    (integral(sp.tan(y), 0, 2), 0),                                          # a pole at π/2
    (integral(sp.exp(1 / y), -1, 1), 5),                                     # not integrable at 0⁺
    (integral(1 / (y - c), 3, 4), sp.log((4 - c) / (3 - c)) + TINY),
    (integral(sp.Max(y, 1 - y), 0, 1), Rational(3, 4) + TINY),
]


@pytest.mark.slow
@pytest.mark.parametrize("lhs, rhs", FALSE_INTEGRALS, ids=[
    "|y - 1/3| + 1e-8", "floor(3y) + 1e-8", "sign + 1e-8", "1/√y + 1e-8", "√y through 0", "log y through 0",
    "1/y at its end", "1/(y - 1/2) PV", "1/y² across 0", "tan across π/2", "exp(1/y)", "1/(y - c) + 1e-8",
    "Max + 1e-8"])
def test_a_false_or_divergent_integral_with_a_kink_jump_or_pole_is_never_passed(lhs, rhs):
    s = eq_step(lhs, rhs)
    assert s.verdict not in PASSING, (s.verdict, s.message)
    assert "crashed" not in s.message, s.message
    # the integration variable's own singular points are no scope: nothing outside the integral is excluded
    assert "proof's scope" not in s.message and str(y) not in str(s.scope or ""), (s.scope, s.message)


C3 = Rational(1, 3)
NARROW = [
    sp.Max(0, 1 - 1000 * sp.Abs(y - C3)),                                          # a tent of area 1/1000
    sp.Piecewise((1, sp.And(y > C3, y < C3 + Rational(1, 1000))), (0, True)),      # a box of area 1/1000
    sp.Heaviside(y - C3) - sp.Heaviside(y - C3 - Rational(1, 1000)),               # the same box
]


# mpmath's quadrature agrees with ∫ = 0 here; an uncertified quadrature is no evidence
@pytest.mark.parametrize("f", NARROW, ids=["tent Max(0, 1 - 1000|y - 1/3|)", "Piecewise box", "Heaviside box"])
def test_a_narrow_kinked_or_jumping_integrand_claimed_to_integrate_to_zero_is_never_passed(f):
    s = eq_step(integral(f, 0, 1), 0)
    assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.slow
@pytest.mark.parametrize("f", NARROW, ids=["tent Max(0, 1 - 1000|y - 1/3|)", "Piecewise box", "Heaviside box"])
def test_a_narrow_kinked_or_jumping_integrand_with_its_true_area_is_never_refuted(f):
    s = eq_step(integral(f, 0, 1), Rational(1, 1000))
    assert s.verdict is not R, (s.verdict, s.message)
