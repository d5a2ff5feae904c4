"""The far points of a limit's trend are off the round decades.

A trend towards ∞ visits x = 10, 10², …, 10¹⁰ and, where only the numbers decide, 10²⁰, 10³⁰, 10⁴⁰.  An
offset that vanishes at every power of ten (10⁻³·sin²(π log₁₀ x) vanishes at x = 10ᵏ) is invisible at all of
them, so "x^(−1/5) + 10⁻³ sin²(π log₁₀ x) → 0" would look like a power law falling to 0.  So the far points are
c·10²⁰, c·10³⁰, c·10⁴⁰ for one seeded, non-round factor c (sizes likewise, as integers).
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, Rational, calc, oo, positive, size
from verifier.evidence import trends
from verifier.verdicts import Verdict

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
x = positive("x_far")
n = size("n_far")
DECADE_WAVE = sp.sin(sp.pi * sp.log(x) / sp.log(10)) ** 2
# W(x)/log x → 1 slowly: SymPy takes no limit of these, so the numbers alone decide (and SymPy's AccumBounds for
# a bare sin² would make the step unknown whatever the points)
SLOW = sp.LambertW(x) / sp.log(x)


def limit(lhs, rhs, var):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=Limit(var, oo)), quick=True)


def test_the_far_factor_is_seeded_non_round_and_keeps_sizes_integers():
    c = trends.far_factor(0)
    assert c == trends.far_factor(0) and 1 < c < 9 and c.denominator in (2, 4, 5, 10, 20, 25, 50, 100)
    assert c * 10 not in range(10, 100) or c.denominator != 1
    steps = trends.size_steps(n ** -1, n, far=True, seed=0)
    assert all(isinstance(s, int) for s in steps) and int(c * 10 ** 28) in steps
    [(_, hs, _)] = trends.approach(x, oo, "+", False, trends.EXPONENTS + trends.FAR_EXPONENTS, factor=c)
    assert hs[-3:] == [int(c * 10 ** k) for k in trends.FAR_EXPONENTS]


def test_an_offset_that_vanishes_at_every_power_of_ten_is_never_passed_as_a_limit():
    """Without the non-round factor every trend point sits on a decade, where the offset is 0, and this is numeric."""
    s = limit(x ** Rational(-1, 5) * SLOW + DECADE_WAVE * SLOW / 1000, 0, x)
    assert s.verdict not in PASSING, (s.verdict, s.message)


def test_the_same_offset_shrinking_with_x_is_not_refuted():
    """Near miss, true: the wave times x^(−1/5) tends to 0, and must not be refuted at the moved points."""
    s = limit(x ** Rational(-1, 5) * SLOW * (1 + DECADE_WAVE), 0, x)
    assert s.verdict is not Verdict.REFUTED, (s.verdict, s.message)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_far_points_do_not_depend_on_anything_but_the_seed(seed):
    import random
    random.seed(1)
    first = trends.far_factor(seed)
    random.seed(2)                      # the global generator's state must not reach the factor
    assert trends.far_factor(seed) == first and 1 < first < 9
