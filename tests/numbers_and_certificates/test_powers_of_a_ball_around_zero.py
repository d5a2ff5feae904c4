"""Integer powers of a ball around 0 stay real and certified.

python-flint 0.9's `arb ** k` is nan for a ball whose midpoint is exactly 0, which is what the difference
of two equal inexact inputs gives: μ − m at μ = m = 1/3.  Were the whole evaluation to fall back to complex
balls, where an integral over an infinite range has no certified tail, a true expectation at μ = m would have
only an uncertified quadrature, and the Gaussian KL step would be unknown under the default limits.  Each test
names the property; near misses next to the true claims must still be refuted.
"""
import pytest
import sympy as sp
from flint import arb

from tests.engine import at_equal_thirds, only_step
from verifier import KL, Rational, calc, log, normal, positive, real
from verifier.evidence import balls
from verifier.verdicts import Verdict

x, y = real("x y")
mu, m2 = real("mu m_2")
sigma, s2 = positive("sigma", low=0.2, high=2), positive("s_2", low=0.2, high=2)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_a_power_of_a_difference_that_is_zero_at_the_point_is_a_small_real_ball(k):
    value = at_equal_thirds((x - y) ** k)
    assert value.is_finite() and value.contains(0) and value.rad() < arb(10) ** -40


def test_a_negative_power_of_a_ball_around_zero_has_no_finite_value():
    """1/(x − y)² at x = y has no value: never a finite ball that could agree or refute."""
    try:
        value = at_equal_thirds(1 / (x - y) ** 2)
    except balls.Undefined:
        return
    assert not balls.is_finite(value)


def test_an_odd_power_keeps_its_sign_and_an_even_power_is_not_negative():
    with balls.precision(50):
        f = balls.compile_ball((x - 2 * y) ** 3, [x, y])
        assert f([arb(1), arb(1)], "real") < 0
        assert balls.compile_ball((x - 2 * y) ** 2, [x, y])([arb(1), arb(1)], "real") > 0


def test_a_true_identity_with_a_square_that_vanishes_at_a_tie_holds_and_its_near_miss_is_refuted():
    """(μ − m)² = μ² − 2μm + m² agrees at μ = m (a structure point), and its slip −2μm → +2μm is refuted."""
    assert only_step(calc((mu - m2) ** 2, title="square").eq(mu ** 2 - 2 * mu * m2 + m2 ** 2, "expand"),
                     limit=0.01).verdict in (Verdict.PROVED, Verdict.NUMERIC)
    assert only_step(calc((mu - m2) ** 2, title="square").eq(mu ** 2 + 2 * mu * m2 + m2 ** 2, "expand"),
                     limit=0.01).verdict is Verdict.REFUTED


# ---- through the checker: the Gaussian KL, one expectation step, under the default limits ----------------

KL_VALUE = log(s2 / sigma) + (sigma ** 2 + (mu - m2) ** 2) / (2 * s2 ** 2) - Rational(1, 2)


@pytest.mark.slow
def test_the_gaussian_kl_is_proved_with_its_numbers_certified_under_the_default_limits():
    s = only_step(calc(KL(normal(mu, sigma), normal(m2, s2)), title="KL").eq(KL_VALUE, "definition"))
    assert s.verdict is Verdict.PROVED, s.message
    assert "quadrature" not in s.numeric.note


def test_the_gaussian_kl_with_the_means_swapped_for_a_sum_is_refuted():
    """Near miss: (μ + m)² for (μ − m)²; false wherever μ·m ≠ 0, refuted with a certified gap."""
    wrong = log(s2 / sigma) + (sigma ** 2 + (mu + m2) ** 2) / (2 * s2 ** 2) - Rational(1, 2)
    s = only_step(calc(KL(normal(mu, sigma), normal(m2, s2)), title="KL").eq(wrong, "definition"))
    assert s.verdict is Verdict.REFUTED, s.message


# ---- the same KL written as one integral over the real line ---------------------------------------------

t = real("t")


def _density(m, s):
    return sp.exp(-(t - m) ** 2 / (2 * s ** 2)) / (sp.sqrt(2 * sp.pi) * s)


@pytest.mark.slow
@pytest.mark.parametrize("integrand", [
    _density(mu, sigma) * (log(s2 / sigma) - (t - mu) ** 2 / (2 * sigma ** 2) + (t - m2) ** 2 / (2 * s2 ** 2)),
    _density(mu, sigma) * log(_density(mu, sigma) / _density(m2, s2)),
], ids=["log-ratio written out", "log of the ratio of densities"])
def test_the_gaussian_kl_as_one_integral_step_is_proved_with_the_integral_certified_at_every_point(integrand):
    """The tail test multiplies the density into each term (a quadratic factor may vanish on the tail) and
    splits the log of a ratio of positive densities, so FLINT certifies the integral at every point.
    The limits are generous: the cross-check's quadrature at 100 digits takes seconds per point, and
    what is guarded here is the certificate, not the speed of a slow runner."""
    s = only_step(calc(sp.Integral(integrand, (t, -sp.oo, sp.oo)), title="KL").eq(KL_VALUE, "definition"),
                  numeric_limit=60.0, step_limit=120.0)
    assert s.verdict is Verdict.PROVED, s.message
    assert "quadrature" not in s.numeric.note


@pytest.mark.slow
def test_the_gaussian_kl_integral_without_its_half_is_never_accepted():
    """Near miss: the −½ dropped.  Not proved; refuted, or unknown when SymPy's evalf replay of an infinite
    integral runs out of time, never numeric or proved."""
    integrand = _density(mu, sigma) * log(_density(mu, sigma) / _density(m2, s2))
    s = only_step(calc(sp.Integral(integrand, (t, -sp.oo, sp.oo)), title="KL").eq(KL_VALUE + Rational(1, 2), "d"))
    assert s.verdict in (Verdict.REFUTED, Verdict.UNKNOWN), s.message


def test_a_log_that_is_not_split_keeps_the_integral_uncertified_never_wrong():
    """log(t² + 1) under a Gaussian cannot be split: the integral stays on mpmath's quadrature, flagged."""
    from verifier.evidence.balls import _logs_split
    assert _logs_split(sp.Integral(_density(0, 1) * log(t ** 2 + 1), (t, -sp.oo, sp.oo))) is None
    split = _logs_split(sp.Integral(_density(mu, sigma) * log(_density(mu, sigma)), (t, -sp.oo, sp.oo)))
    assert split is not None and not any(a.has(t) for a in split.atoms(sp.log))
