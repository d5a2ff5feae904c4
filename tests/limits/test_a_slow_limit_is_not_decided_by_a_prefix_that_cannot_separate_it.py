"""A slowly converging limit is not decided by numbers that stop before they can separate it from a nearby one.

∏_{k≤n}(1 + 1/k²) → sinh(π)/π: a product is followed only to n = 1024, where |lhs − rhs| is 0.0036 and falls
like 1/n.  Against the false value sinh(π)/π + 1/1000 it is 0.217, 0.058, 0.015, 0.0046 at n = 16, 64, 255,
1024: as clean a 1/n fall, and Aitken's extrapolation puts the offset at a fifth of the last value, inside
what second-order terms give a true limit.  Where SymPy gives no answer the numbers would decide alone, and
they passed the false value as numeric.  Where they stop above trends.RESOLUTION they decide nothing: both
values are unknown (never refuted, never numeric).  A sum of scalars goes on to n = 16384, where the true
Σ 1/k² → π²/6 has fallen below the resolution (numeric) and its twin off by 1/1000 heads elsewhere.

sympy.limit is made to answer "unevaluated" here, so the numbers are the only evidence, as they are wherever
SymPy cannot take the limit (and wherever its time ran out, which the judge reads as unknown anyway).
"""
import mpmath
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, Rational, calc, index, oo, size
from verifier.evidence import trends
from verifier.judge import proof_cache
from verifier.verdicts import Verdict

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
n = size("n_res")
k = index("k_res", n)
PRODUCT = sp.Product(1 + 1 / k ** 2, (k, 1, n))
SQUARES = sp.Sum(1 / k ** 2, (k, 1, n))


@pytest.fixture
def sympy_cannot_take_limits(monkeypatch):
    monkeypatch.setattr(sp, "limit", lambda e, z, z0, dir="+": sp.Limit(e, z, z0, dir))
    monkeypatch.setattr(proof_cache, "remembered_value", lambda kind, compute, *args: compute())


def limit(lhs, rhs):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=Limit(n, oo)), quick=True)


@pytest.mark.slow
def test_a_product_stopped_at_1024_decides_neither_its_limit_nor_one_a_thousandth_away(sympy_cannot_take_limits):
    true = limit(PRODUCT, sp.sinh(sp.pi) / sp.pi)
    false = limit(PRODUCT, sp.sinh(sp.pi) / sp.pi + Rational(1, 1000))
    assert false.verdict not in PASSING and false.verdict is not Verdict.ERROR, (false.verdict, false.message)
    assert true.verdict is not Verdict.REFUTED and true.verdict is not Verdict.ERROR, (true.verdict, true.message)
    for s in (true, false):
        assert "n_res=1024" in s.checks[0].detail and "the farthest the numbers reach" in s.checks[0].detail


@pytest.mark.slow
def test_a_sum_followed_to_16384_decides_its_limit_and_not_one_a_thousandth_away(sympy_cannot_take_limits):
    true = limit(SQUARES, sp.pi ** 2 / 6)
    false = limit(SQUARES, sp.pi ** 2 / 6 + Rational(1, 1000))
    assert true.verdict is Verdict.NUMERIC, (true.verdict, true.message)
    assert false.verdict not in PASSING and false.verdict is not Verdict.ERROR, (false.verdict, false.message)


def _trend(values, h=(16, 64, 255, 1024)):
    return trends.Trend(None, "∞", list(h), {50: [mpmath.mpf(v) for v in values]}, oo)


def test_the_last_value_above_the_resolution_is_unresolved_and_below_it_is_not():
    just_above = trends.RESOLUTION * Rational(11, 10)
    just_below = trends.RESOLUTION * Rational(9, 10)
    assert trends.unresolved(_trend([0.217, 0.0576, 0.0154, 0.00459]), 50) == mpmath.mpf("0.00459")
    assert trends.unresolved(_trend([1e-2, 1e-3, 5e-4, float(just_above)]), 50) is not None
    assert trends.unresolved(_trend([1e-2, 1e-3, 5e-4, float(just_below)]), 50) is None
    assert trends.unresolved(_trend([1e-40, 1e-45, 1e-50, 1e-55]), 50) is None     # negligible: resolved
