"""Known gaps: false claims that fail only beyond where the numbers look pass as cases or numeric.

Sizes are sampled at 1, 2, a few up to 40 and 256, and a scalar inside its sampling range (with its special
values), although the range is no hypothesis.  A claim that fails only from n = 300 on, or only for x beyond the
range, is not contradicted by any point.  Each test is a strict xfail: when the engine learns to look there the
test passes, strict xfail turns that into a failure, and the marker goes.
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import calc, positive, real, size
from verifier.verdicts import Verdict

HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)

n = size("n_gap")
k = sp.Symbol("k_gap", integer=True)
x = real("x_gap")
u = real("u_gap", 0, 1)
c = positive("c_gap", low=1, high=5)


@pytest.mark.xfail(strict=True, reason="Σk = n(n+1)/2 + ⌊n/300⌋ is false from n = 300: proved at n = 1…6 (cases), "
                                       "and the sampled sizes stop at 256")
def test_a_sum_false_only_from_n_300_is_not_passed():
    s = only_step(calc(sp.Sum(k, (k, 1, n)), title="gap").eq(n * (n + 1) / 2 + sp.floor(n / 300), "claimed"))
    assert s.verdict not in HOLDS, s.message


@pytest.mark.xfail(strict=True, reason="x ≤ 1000 for every real x passes as numeric: x is sampled in its default "
                                       "range, which is no hypothesis")
def test_a_bound_false_only_beyond_the_sampling_range_is_not_passed():
    s = only_step(calc(x, title="gap").le(1000, "claimed"))
    assert s.verdict not in HOLDS, s.message


@pytest.mark.xfail(strict=True, reason="u^c ≤ u on [0, 1] for every c > 0 passes as numeric: false for c < 1, and "
                                       "c is sampled in [1, 5], its sampling range")
def test_an_inequality_false_only_below_a_parameters_sampling_range_is_not_passed():
    s = only_step(calc(u ** c, title="gap").le(u, "claimed"))
    assert s.verdict not in HOLDS, s.message
