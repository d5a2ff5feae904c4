"""Limits whose tail falls faster than geometrically, exact sizes in compiled code, and limits of products.

n⁵/3ⁿ → 0 is hard for a trend: at n = 64, 255, 1024 its |d| is 10⁻²², 10⁻¹¹⁰, 10⁻⁴⁷⁴, and Aitken's Δ² (which reads
10⁻³ + 1/n as heading to 10⁻³) extrapolates −10⁻¹⁹⁸, far below 0, which alone would read as "heads elsewhere".  The
same three values come from a fall onto a floor at the last point (n⁵/3ⁿ − 10⁻³⁰⁰ is 10⁻³⁰⁰ at n = 1024), so
the extrapolation alone cannot acquit it: one odd point beyond (n = 4097) must show the fall per log step
not slowing.  (2ⁿ + 1)/2ⁿ → 1 needs exact sizes in compiled code: 2**(−n) with a plain int n is a 53-bit float (0.0 at
n = 64 after the subtraction, an OverflowError at n = 1024), and lost by cancellation at 53 digits.  A limit
of a Product needs the numeric printer to know Product.

Every true limit below must pass (or at least never be refuted); every false one next to it must not pass.
Those multiplied by W(n)/log n are out of SymPy's reach, so there the numbers alone decide.
"""
import mpmath
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, Rational, calc, index, oo, positive, real, size
from verifier.evidence import inputs, trends
from verifier.settings import Settings
from verifier.verdicts import Verdict

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
n = size("n_fg")
k = index("k_fg", n)
SUPER = n ** 5 / 3 ** n
SLOW_N = sp.LambertW(n) / sp.log(n)     # SymPy takes no limit of it: the numbers alone decide


def limit(lhs, rhs, var=n):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=Limit(var, oo)), quick=True)


# ---- a tail falling faster than geometrically ----------------------------------------------------------------

@pytest.mark.parametrize("lhs", [
    SUPER,
    1 / (n ** 5 * 3 ** n),                  # the fall per step of n slows a little (n⁻⁵), per log step it grows
    sp.exp(-sp.sqrt(n)),                    # stretched: its fall per log step doubles
    (2 ** n + 1) / 2 ** n - 1,
], ids=["n^5/3^n", "1/(n^5 3^n)", "exp(-sqrt n)", "(2^n+1)/2^n - 1"])
def test_a_true_limit_falling_faster_than_geometrically_passes(lhs):
    s = limit(lhs, 0)
    assert s.verdict in PASSING, (s.verdict, s.message)


def test_the_trend_of_such_a_limit_shrinks_at_both_precisions_through_the_point_beyond():
    settings = Settings(quick=True)
    for t in trends.trends(SUPER, n, oo, "+-", settings, is_size=True):
        assert t.beyond and all(h % 2 == 1 for h, _ in t.beyond.values())     # one odd point beyond: n = 4097
        assert all(trends.shrinks(t, dps) for dps in settings.dps)
        # without that point the extrapolation below 0 still reads as heading elsewhere
        assert all(trends.heads_elsewhere(t.values[dps], dps) for dps in settings.dps)


@pytest.mark.parametrize("lhs, rhs", [
    (SUPER, Rational(1, 10 ** 300)),                     # the floor is reached at the last point, n = 1024
    (SUPER, Rational(1, 10 ** 500)),                     # below every sampled value but the one beyond
    (SUPER + Rational(1, 10 ** 30), 0),                  # a fall that stops dead: equal at n = 255 and 1024
    (sp.exp(-sp.sqrt(n)) + Rational(1, 10 ** 20), 0),
    (SUPER + (1 - (-1) ** n) / 10 ** 300, 0),            # no limit: 2·10⁻³⁰⁰ at every odd n
    (SUPER + 2 ** n / sp.Integer(10) ** 2000, 0),        # close to 0 up to n ≈ 6600, then diverges
    ((2 ** n + 1) / 2 ** n, 1 + 2 ** -sp.Integer(300)),
    ((2 ** n + 2 ** (n - 60)) / 2 ** n, 1),              # 1 + 2⁻⁶⁰: a float would read it as 1
], ids=["-> 1e-300", "-> 1e-500", "+1e-30 -> 0", "exp(-sqrt n)+1e-20 -> 0", "odd offset -> 0", "diverges late",
        "(2^n+1)/2^n -> 1+2^-300", "1+2^-60 -> 1"])
def test_a_false_limit_one_edit_away_is_never_passed(lhs, rhs):
    s = limit(lhs, rhs)
    assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.parametrize("lhs, rhs", [
    (SUPER * SLOW_N, Rational(1, 10 ** 300)),
    (SUPER * SLOW_N, Rational(1, 10 ** 500)),
    (SUPER * SLOW_N + Rational(1, 10 ** 30), 0),
    (SUPER * SLOW_N + (1 - (-1) ** n) / 10 ** 300, 0),
], ids=["-> 1e-300", "-> 1e-500", "+1e-30 -> 0", "odd offset -> 0"])
def test_where_only_the_numbers_decide_a_false_limit_is_never_numeric(lhs, rhs):
    s = limit(lhs, rhs)
    assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.parametrize("lhs", [
    SUPER * (2 + (-1) ** n),
    (-1) ** n * SUPER,
], ids=["(2 + (-1)^n) n^5/3^n", "(-1)^n n^5/3^n"])
def test_an_oscillating_factor_on_a_true_limit_is_never_refuted(lhs):
    s = limit(lhs, 0)
    assert s.verdict is not Verdict.REFUTED, (s.verdict, s.message)


# ---- sizes stay exact in compiled code -------------------------------------------------------------------------

def test_a_negative_power_of_a_size_is_an_exact_mpmath_number_not_a_float():
    fn = inputs._lambdify([n], (2 ** n + 1) / 2 ** n - 1)
    twice = inputs._lambdify([n], 2 ** (1 - n) * (2 ** n + 1) - 2)
    with mpmath.workdps(50):
        assert fn(inputs.ExactInt(64)) == mpmath.mpf(2) ** -64              # a float made this 0.0
        assert twice(inputs.ExactInt(64)) == mpmath.mpf(2) ** -63
    with mpmath.workdps(400):
        assert fn(inputs.ExactInt(1024)) == mpmath.mpf(2) ** -1024          # an OverflowError before
    assert isinstance(-inputs.ExactInt(3), inputs.ExactInt) and isinstance(1 - inputs.ExactInt(3), inputs.ExactInt)
    assert list(range(1, inputs.ExactInt(3) + 1)) == [1, 2, 3]


# ---- a limit of a product ----------------------------------------------------------------------------------------

PRODUCT = sp.Product(1 + 1 / k ** 2, (k, 1, n))


def test_a_product_is_compiled_exactly():
    fn = inputs._lambdify([n], PRODUCT)
    with mpmath.workdps(50):
        assert abs(fn(inputs.ExactInt(3)) - mpmath.mpf(25) / 9) < mpmath.mpf(10) ** -48    # 2 · 5/4 · 10/9
        assert fn(inputs.ExactInt(0)) == 1                                                   # the empty product


@pytest.mark.slow
def test_a_limit_of_a_product_is_checked_not_crashed_and_a_false_one_is_not_passed():
    true = limit(PRODUCT, sp.sinh(sp.pi) / sp.pi)
    false = limit(PRODUCT, sp.sinh(sp.pi) / sp.pi + Rational(1, 1000))
    for s in (true, false):
        assert s.verdict is not Verdict.ERROR and "crashed" not in s.message, (s.verdict, s.message)
        assert "along the approach: n_fg=16" in s.checks[0].detail      # the numbers followed it
    assert true.verdict is not Verdict.REFUTED, (true.verdict, true.message)
    assert false.verdict not in PASSING, (false.verdict, false.message)


# ---- an oscillating factor under a proof: the whole tail bounded by interval arithmetic ---------------------------
# sin(x)/x → 0: SymPy proves it, but |sin x| at three sampled points is anything in [0, 1], so the
# trend reads as heading elsewhere and cannot cross-check it.  So a proof is cross-checked, where the trend does
# not decide, by an enclosure of |lhs − rhs| on the whole tail x ≥ 10^(2·dps) below the negligible bound.

xo = positive("x_osc")
yo = real("y_osc")


@pytest.mark.parametrize("lhs, var", [
    (sp.sin(xo) / xo, xo),
    (sp.sin(xo) ** 2 / xo, xo),
    (sp.cos(xo) ** 2 / sp.sqrt(xo), xo),
], ids=["sin x/x", "sin² x/x", "cos² x/sqrt x"])
def test_a_proved_limit_with_an_oscillating_factor_passes_through_the_tail_enclosure(lhs, var):
    s = limit(lhs, 0, var)
    assert s.verdict is Verdict.PROVED, (s.verdict, s.message)


def test_the_tail_enclosure_holds_towards_minus_infinity_too():
    s = only_step(calc(sp.sin(yo) / yo, title="probe").approx(0, "claimed", meaning=Limit(yo, -oo)), quick=True)
    assert s.verdict is Verdict.PROVED, (s.verdict, s.message)


@pytest.mark.parametrize("lhs, rhs", [
    (sp.sin(xo) / xo, Rational(1, 10 ** 50)),
    (sp.sin(xo) / xo + Rational(1, 10 ** 40), 0),
    (sp.sin(xo) / xo + sp.cos(xo) / 10 ** 40, 0),         # no limit: an oscillation of amplitude 10⁻⁴⁰
    (sp.sin(xo), 0),
    (sp.sin(xo) / xo * sp.LambertW(xo) / sp.log(xo) + Rational(1, 1000), 0),     # the numbers alone decide
], ids=["-> 1e-50", "+1e-40 -> 0", "+cos/1e40 -> 0", "sin x -> 0", "W/log + 1/1000 -> 0"])
def test_a_false_limit_next_to_an_oscillating_one_is_never_passed(lhs, rhs):
    s = limit(lhs, rhs, xo)
    assert s.verdict not in PASSING, (s.verdict, s.message)


def test_a_slowly_shrinking_oscillation_is_not_refuted_and_not_passed_on_the_enclosure():
    """|sin x|/x^(1/10) ≤ 10⁻¹⁰ on [10¹⁰⁰, ∞): above the negligible bound, so the enclosure does not decide."""
    s = limit(sp.sin(xo) / xo ** Rational(1, 10), 0, xo)
    assert s.verdict is not Verdict.REFUTED, (s.verdict, s.message)


def test_the_tail_enclosure_is_of_the_whole_tail_and_refuses_what_it_cannot_bound():
    from verifier.prove.limit_certificates import tail_within
    assert tail_within(sp.sin(xo) / xo, xo, oo, 100, 50) <= mpmath.mpf(10) ** -100 * (1 + mpmath.mpf(10) ** -20)
    assert tail_within(sp.sin(xo) / xo + Rational(1, 10 ** 50), xo, oo, 100, 50) >= mpmath.mpf(10) ** -50
    assert tail_within(xo * sp.exp(-xo), xo, oo, 100, 50) is None       # x unbounded under it: not enclosed
    assert tail_within(sp.log(xo) * sp.sin(xo) / xo, xo, oo, 100, 50) is None
    assert tail_within(sp.sin(xo) / xo, xo, 0, 100, 50) is None         # only towards ±∞


# ---- a last value that jumps back up ------------------------------------------------------------------------------
# n⁵/3ⁿ + 10⁻²⁵(1 + (−1)ⁿ) has no limit (2·10⁻²⁵ at every even n) and can look numeric: at n = 64, 255, 1024 it is
# 10⁻²², 10⁻¹¹⁰, 2·10⁻²⁵, whose least-squares slope is near 3, and both checks on the middle point pass.

@pytest.mark.parametrize("lhs", [
    SUPER + (1 + (-1) ** n) / sp.Integer(10) ** 25,
    SUPER * SLOW_N + (1 + (-1) ** n) / sp.Integer(10) ** 25,
], ids=["n^5/3^n + even offset", "numbers only"])
def test_a_tail_that_jumps_back_up_at_its_last_point_is_never_passed(lhs):
    s = limit(lhs, 0)
    assert s.verdict not in PASSING, (s.verdict, s.message)


def test_a_tail_that_rises_a_little_at_its_last_point_still_shrinks():
    """|sin n|/n-like tails rise now and then: only a rise above the geometric mean of the two before counts."""
    t = trends.Trend(None, "∞", [64, 255, 1024], {50: [mpmath.mpf("0.3"), mpmath.mpf("0.0039"), mpmath.mpf("0.0186")]})
    assert trends.shrinks(t, 50)
    t.values[50][-1] = mpmath.mpf("0.04")           # above √(0.3 · 0.0039) ≈ 0.034
    assert not trends.shrinks(t, 50)
