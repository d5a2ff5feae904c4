"""Hostile review of session 8's changes: powers of a ball around 0, logs split under an integral, the tail test
term by term, and the far points of a limit's trend moved off the decades.

The bugs found were in the trend points, and none was new with the far factor: every size the trend of a
limit in n visited was even (16, 64, 256, 1024, 10⁴, …, c·10¹², c·10²⁰, c·10²⁸; 4096 and 16384 for a sum),
and every point of a real x → ∞ was a whole number (10, 100, …, c·10⁴⁰), so a sequence that is right only
at even n, or a function right only at integers, passed for a limit where only the numbers decide:
(−1)ⁿ → 1, Σₖ₌₁ⁿ (−1)ᵏ → 0, (−1)ⁿ(n! + 1)/n! → 1 and x − ⌊x⌋ → 0 were all numeric.  Now one of the last
three sizes is odd, a real x is followed at h + θ (θ = (√5 − 1)/2), and `shrinks` reads the middle point of
the tail too (a three-point slope hardly sees a middle point that rises).  Each near miss next to a false
claim is a true one that must still pass, or at least never be refuted.
"""
import pytest
import sympy as sp

from tests.engine import at_equal_thirds, only_step
from verifier import KL, Limit, Rational, calc, log, normal, oo, pi, positive, real, size
from verifier.evidence import balls, trends
from verifier.verdicts import Verdict

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
n = size("n_h8")
x = positive("x_h8")
k = sp.Symbol("k", integer=True, positive=True)
SLOW_N = sp.LambertW(n) / sp.log(n)     # SymPy takes no limit of it: the numbers alone decide


def limit(lhs, rhs, var):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=Limit(var, oo)), quick=True)


# ---- limits in a size: an alternating sequence is not a limit because the sizes were all even ------------

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
    """Before: numeric ("only the numbers agree"), every size of the trend being even."""
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


@pytest.mark.xfail(strict=True, reason="three tail points cannot show both parities everywhere: an offset "
                   "(1 − (−1)ⁿ)/2000 that only the middle (odd) size sees hides behind n^(−1/5) falling by 16 "
                   "decades of n, so the tail still looks like a power law")
def test_an_offset_at_odd_sizes_hidden_behind_a_slow_power_law_is_not_passed():
    s = limit(n ** Rational(-1, 5) * SLOW_N + (1 - (-1) ** n) * SLOW_N / 2000, 0, n)
    assert s.verdict not in PASSING, (s.verdict, s.message)


# ---- limits of a real x → ∞: every point was a whole number ----------------------------------------------

@pytest.mark.parametrize("lhs", [
    x - sp.floor(x),
    sp.sin(pi * x) ** 2 * sp.LambertW(x) / sp.log(x),
], ids=["x - floor(x)", "sin^2(pi x) W/log"])
def test_a_function_that_vanishes_at_the_integers_is_never_passed_as_tending_to_0(lhs):
    """Before: numeric, at x = 10, 100, …, 10¹⁰, c·10²⁰, c·10³⁰, c·10⁴⁰, all integers."""
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


# ---- powers of a ball around 0 (balls.ipow) ---------------------------------------------------------------

mu, m2 = real("mu_h8 m_h8")


@pytest.mark.parametrize("k_", [2, 3, 5, 8])
def test_a_power_of_a_ball_around_0_encloses_0_and_stays_small(k_):
    value = at_equal_thirds((mu - m2) ** k_ + 1)
    assert value.contains(1) and (value - 1).rad() < 1e-40


@pytest.mark.parametrize("lhs, rhs, ok", [
    (sp.sqrt((mu - m2) ** 2), sp.Abs(mu - m2), True),
    ((mu - m2) ** 4, sp.Abs(mu - m2) ** 4, True),
    ((mu - m2) ** 3, mu ** 3 - 3 * mu ** 2 * m2 + 3 * mu * m2 ** 2 - m2 ** 3, True),
    (sp.sqrt((mu - m2) ** 2), mu - m2, False),
    ((mu - m2) ** 3, sp.Abs(mu - m2) ** 3, False),
    ((mu - m2) ** 3, mu ** 3 - 3 * mu ** 2 * m2 + 3 * mu * m2 ** 2 + m2 ** 3, False),
], ids=["sqrt of square = abs", "4th power = abs^4", "cube expanded", "sqrt of square = difference",
        "cube = abs^3", "cube with a sign slip"])
def test_powers_of_a_difference_that_vanishes_at_a_tie_keep_their_verdicts(lhs, rhs, ok):
    """The tie μ = m is a structure point; there the power is a ball around 0 with a negative lower end (acb's
    power does not know an even power is ≥ 0), which must neither refute a true claim nor save a false one."""
    s = only_step(calc(lhs, title="p").eq(rhs, "d"), limit=0.01)
    if ok:
        assert s.verdict in PASSING, (s.verdict, s.message)
    else:
        assert s.verdict is Verdict.REFUTED, (s.verdict, s.message)


@pytest.mark.parametrize("rhs, ok", [(0, True), (Rational(1, 10**6), False)])
def test_an_even_power_of_a_difference_is_not_negative_and_a_positive_floor_is_refuted(rhs, ok):
    s = only_step(calc((mu - m2) ** 2, title="p").ge(rhs, "square"), limit=0.01)
    assert (s.verdict in PASSING) if ok else (s.verdict is Verdict.REFUTED), (s.verdict, s.message)


# ---- logs split under an integral (balls._logs_split) ------------------------------------------------------

t = real("t_h8")
a = real("a_h8")
s_ = positive("s_h8", low=0.2, high=2)
SIG = positive("sig_h8", low=0.2, high=2)
PHI = sp.exp(-t ** 2 / 2) / sp.sqrt(2 * pi)


def test_a_log_of_a_product_with_a_factor_of_either_sign_is_split_only_at_the_positive_factor():
    """log(a²·e^{−t²}) with a real: a² may be 0, so it stays under one log; e^{−t²} > 0 comes out."""
    split = balls._logs_split(sp.Integral(PHI * log(a ** 2 * sp.exp(-t ** 2)), (t, -oo, oo)))
    assert split is not None and log(a ** 2) in split.function.atoms(sp.log)
    assert log(a) not in split.function.atoms(sp.log)
    assert balls._logs_split(sp.Integral(PHI * log(t ** 2 + s_), (t, -oo, oo))) is None


def test_a_double_integral_is_never_split():
    assert balls._logs_split(sp.Integral(log(s_ * sp.exp(t)), (t, 0, 1), (a, 0, 1))) is None


@pytest.mark.parametrize("rhs, ok", [(2 * log(sp.Abs(a)) - 1, True), (2 * log(a) - 1, False)])
def test_a_gaussian_integral_of_the_log_of_a_square_is_never_taken_for_twice_the_log(rhs, ok):
    """2·log a is 2 log|a| + 2πi where a < 0: the false claim must not pass; the true one is not refuted."""
    s = only_step(calc(sp.Integral(PHI * log(a ** 2 * sp.exp(-t ** 2)), (t, -oo, oo)), title="p").eq(rhs, "d"))
    if ok:
        assert s.verdict is not Verdict.REFUTED, (s.verdict, s.message)
    else:
        assert s.verdict not in PASSING, (s.verdict, s.message)


def test_the_gaussian_kl_with_the_log_of_the_scale_ratio_flipped_is_refuted():
    """Near miss of the session's KL (proved there): log(σ/s) for log(s/σ)."""
    value = log(SIG / s_) + (SIG ** 2 + (mu - m2) ** 2) / (2 * s_ ** 2) - Rational(1, 2)
    s = only_step(calc(KL(normal(mu, SIG), normal(m2, s_)), title="KL").eq(value, "definition"))
    assert s.verdict is Verdict.REFUTED, s.message


# ---- the tail test term by term (tails._distributed) -------------------------------------------------------

def test_a_product_of_many_sums_is_tested_whole_not_multiplied_out_into_thousands_of_terms():
    """e^{−t}·Π (t + a_i) over ten parameters is 1024 terms multiplied out, each tested at every point (3 s a
    point, so a certified integral ran out of time); tested whole it still decays from X = 64 on."""
    from mpmath import iv
    from verifier.evidence import tails
    params = sp.symbols("a1:11", positive=True)
    tail = tails.Tail(sp.exp(-t) * sp.Mul(*[t + p for p in params]), t, 1, params)
    assert len(tail.terms) == 1
    assert tail.decays_from(64, [iv.mpf([0.2, 0.4])] * len(params))


def test_a_factor_that_changes_sign_on_the_tail_is_still_multiplied_out():
    """(a − t²)·e^{−t²} vanishes at t = √a: whole, no cut below √a passes; term by term each term decays."""
    from mpmath import iv
    from verifier.evidence import tails
    tail = tails.Tail((a - t ** 2) * sp.exp(-t ** 2), t, 1, [a])
    assert len(tail.terms) == 2
    assert tail.decays_from(4, [iv.mpf([15, 16])])
