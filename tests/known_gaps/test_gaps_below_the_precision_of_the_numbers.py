"""Known gaps: false claims whose gap lies below what the numbers resolve pass as numeric.

Each test is a strict xfail: it records a false claim that passes (numeric), named in its reason.  When the
engine learns to see the gap the test passes, strict xfail turns that into a failure, and the marker goes.
"""
import pytest
import sympy as sp

from verifier import calc, interval, real

from verifier.verdicts import Verdict

from tests.engine import only_step


HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
R = sp.Rational

x, y = real("x y")
t = interval("t", 0, 1)         # confined: no point beyond [0, 1], where the gap stays tiny


TINY = R(1, 10 ** 300)


def step(lhs, relation, rhs):
    d = calc(lhs, title="under test")
    d = getattr(d, {"=": "eq", "<=": "le", ">=": "ge", "<": "lt", ">": "gt"}[relation])(rhs, "claimed")
    return only_step(d)


def verdict(lhs, relation, rhs):
    return step(lhs, relation, rhs).verdict


@pytest.mark.xfail(strict=True, reason="a false identity with a gap of about 1e-300·sin t passes as numeric for t "
                                       "in [0, 1] (agreement is absolute, 10^-30/10^-60): cos(t + 1e-300) = cos(t) "
                                       "(for an unconfined real x, e^(x + 1e-300) = e^x is refuted beyond its "
                                       "sampling range, where the gap is large)")
def test_a_false_identity_off_by_a_tiny_shift_is_not_numeric():
    assert verdict(sp.cos(t + TINY), "=", sp.cos(t)) not in HOLDS


@pytest.mark.xfail(strict=True, reason="a false constant claim exp(10^-900) = 1 passes as numeric: the "
                                       "exhaustive ladder for constants stops at 800 digits, though "
                                       "(exp(10^-900) - 1).is_zero is False in SymPy")
def test_a_false_constant_claim_beyond_the_precision_ladder_is_not_numeric():
    assert verdict(sp.exp(R(1, 10 ** 900)), "=", 1) not in HOLDS
