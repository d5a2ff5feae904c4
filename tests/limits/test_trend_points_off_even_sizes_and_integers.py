"""The points of a limit's trend are not all even sizes nor all whole numbers.

A trend that visits only even n, or only integers x, passes a sequence right only at even n, or a function
right only at integers, where only the numbers decide: (−1)ⁿ → 1, Σₖ₌₁ⁿ (−1)ᵏ → 0, (−1)ⁿ(n! + 1)/n! → 1 and
x − ⌊x⌋ → 0.  So one of the last three sizes is odd, a real x is followed at h + θ (θ = (√5 − 1)/2), and
`shrinks` reads the middle point of the tail too.  Each false claim has a true near miss that must still pass,
or at least never be refuted.
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, Rational, calc, log, oo, pi, positive, size
from verifier.evidence import trends
from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
n = size("n_h8")
x = positive("x_h8")
k = sp.Symbol("k", integer=True, positive=True)
SLOW_N = sp.LambertW(n) / sp.log(n)     # SymPy takes no limit of it: the numbers alone decide


def limit(lhs, rhs, var):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=Limit(var, oo)), quick=True)


@pytest.mark.parametrize("lhs, rhs", [
    ((-1) ** n, 1),
    (sp.cos(pi * n), 1),
    ((-1) ** n * (1 + 1 / n), 1),                              # the odd size is the middle one of the tail
    ((-1) ** n * (sp.factorial(n) + 1) / sp.factorial(n), 1),  # a factorial: only 16, 64, 255, 1024
    (sp.Sum((-1) ** k, (k, 1, n)), 0),                        # a sum: 16 … 16384, 0 at every even n
    (sp.Sum((-1) ** k * k, (k, 1, n)) / n, Rational(1, 2)),
    ((1 + (-1) ** n / n) ** n, sp.E),                          # e at even n, 1/e at odd n
], ids=["(-1)^n", "cos(pi n)", "(-1)^n(1+1/n)", "(-1)^n(n!+1)/n!", "sum (-1)^k", "sum (-1)^k k/n", "(1+(-1)^n/n)^n"])
def test_a_sequence_right_only_at_even_sizes_is_never_passed_as_a_limit(lhs, rhs):
    """With every size of the trend even, this would be numeric ("only the numbers agree")."""
    s = limit(lhs, rhs, n)
    assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.parametrize("lhs, rhs", [
    ((-1) ** n / n, 0),
    (sp.cos(pi * n) / n, 0),
    ((-1) ** n * SLOW_N * n ** Rational(-1, 5), 0),
    (sp.Sum((-1) ** (k + 1) / k, (k, 1, n)), log(2)),
    (sp.Sum((-1) ** k / k ** 2, (k, 1, n)), -pi ** 2 / 12),
    (sp.Sum((-1) ** k * k, (k, 1, n)) / n ** 2, 0),
], ids=["(-1)^n/n", "cos(pi n)/n", "(-1)^n W/log n^-1/5", "alternating harmonic", "sum (-1)^k/k^2",
        "sum (-1)^k k/n^2"])
def test_an_alternating_sequence_that_does_tend_to_its_limit_still_passes(lhs, rhs):
    """Near misses, true: the odd size and the middle point of the tail must not cost them their evidence."""
    s = limit(lhs, rhs, n)
    assert s.verdict in PASSING, (s.verdict, s.message)


def test_the_alternating_harmonic_series_off_by_a_thousandth_is_not_passed():
    s = limit(sp.Sum((-1) ** (k + 1) / k, (k, 1, n)), log(2) + Rational(1, 1000), n)
    assert s.verdict not in PASSING, (s.verdict, s.message)


def test_the_last_sizes_of_every_trend_are_not_all_even():
    closed = trends.size_steps(n ** -1, n, far=True, seed=0)
    for steps in (trends.SIZE_STEPS, trends.SIZE_STEPS + trends.SUM_SIZE_STEPS, closed):
        assert {s % 2 for s in steps[-3:]} == {0, 1}, steps
    assert {s % 3 for s in closed[-3:]} == {0, 1, 2}, closed


@pytest.mark.parametrize("lhs", [
    x - sp.floor(x),
    sp.sin(pi * x) ** 2 * sp.LambertW(x) / sp.log(x),
], ids=["x - floor(x)", "sin^2(pi x) W/log"])
def test_a_function_that_vanishes_at_the_integers_is_never_passed_as_tending_to_0(lhs):
    """At x = 10, 100, …, 10¹⁰, c·10²⁰, c·10³⁰, c·10⁴⁰ alone (all integers) this would be numeric."""
    s = limit(lhs, 0, x)
    assert s.verdict not in PASSING, (s.verdict, s.message)


def test_the_points_of_a_real_x_are_off_the_integers_and_those_of_an_integer_var_are_not():
    [(_, hs, values)] = trends.approach(x, oo, "+", False, trends.EXPONENTS, factor=1)
    assert hs == [10 ** e for e in trends.EXPONENTS]
    assert all(isinstance(v, tuple) and v[0] == trends.OFF_INTEGERS for v in values)
    j = sp.Symbol("j", integer=True)
    [(_, _, values)] = trends.approach(j, -oo, "-", False, trends.EXPONENTS, factor=1)
    assert all(not isinstance(v, tuple) and v == -10 ** e for v, e in zip(values, trends.EXPONENTS))


@pytest.mark.parametrize("lhs, rhs, passes", [
    (x * sp.sin(pi / x), pi, True),
    ((1 + 1 / x) ** x, sp.E, True),
    (sp.cos(x) / x ** 2, 0, True),
    (sp.sin(x) / x, 0, False),      # unknown at the integers too: Aitken's Δ² misreads |sin x|/x (see the report)
    (sp.floor(x) / x, 1, False),
], ids=["x sin(pi/x)", "(1+1/x)^x", "cos(x)/x^2", "sin(x)/x", "floor(x)/x"])
def test_true_limits_of_a_real_x_are_not_refuted_off_the_integers(lhs, rhs, passes):
    s = limit(lhs, rhs, x)
    assert s.verdict is not Verdict.REFUTED, (s.verdict, s.message)
    assert s.verdict in PASSING or not passes, (s.verdict, s.message)
