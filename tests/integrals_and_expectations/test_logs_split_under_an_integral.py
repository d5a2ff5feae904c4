"""Logs split under an integral (balls._logs_split): split only at a positive factor, never in a double
integral, and log(x²) is never taken for 2·log x under a Gaussian; a flipped Gaussian KL is refuted.
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import KL, Rational, calc, log, normal, oo, pi, positive, real
from verifier.evidence import balls
from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)


mu, m2 = real("mu_h8 m_h8")


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


@pytest.mark.slow
@pytest.mark.parametrize("rhs, ok", [(2 * log(sp.Abs(a)) - 1, True), (2 * log(a) - 1, False)])
def test_a_gaussian_integral_of_the_log_of_a_square_is_never_taken_for_twice_the_log(rhs, ok):
    """2·log a is 2 log|a| + 2πi where a < 0: the false claim must not pass; the true one is not refuted."""
    s = only_step(calc(sp.Integral(PHI * log(a ** 2 * sp.exp(-t ** 2)), (t, -oo, oo)), title="p").eq(rhs, "d"))
    if ok:
        assert s.verdict is not Verdict.REFUTED, (s.verdict, s.message)
    else:
        assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.slow
def test_the_gaussian_kl_with_the_log_of_the_scale_ratio_flipped_is_refuted():
    """Near miss of the Gaussian KL (proved in the project): log(σ/s) for log(s/σ)."""
    value = log(SIG / s_) + (SIG ** 2 + (mu - m2) ** 2) / (2 * s_ ** 2) - Rational(1, 2)
    s = only_step(calc(KL(normal(mu, SIG), normal(m2, s_)), title="KL").eq(value, "definition"))
    assert s.verdict is Verdict.REFUTED, s.message
