"""Branch cuts and conventions at special points: the numbers follow SymPy's principal branches and its
values at 0, so a claim false only on a cut or at a convention is refuted and its true twin kept.
"""

import pytest
import sympy as sp

from verifier import calc, complex_number, interval, real

from verifier.verdicts import Verdict

from tests.engine import only_step


HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
R = sp.Rational

x, y = real("x y")


w = interval("w", -3, R(-1, 2))
an = interval("an", R(-29, 10), R(-1, 10))


z = complex_number("z", -2, 2)


def step(lhs, relation, rhs):
    d = calc(lhs, title="under test")
    d = getattr(d, {"=": "eq", "<=": "le", ">=": "ge", "<": "lt", ">": "gt"}[relation])(rhs, "claimed")
    return only_step(d)


def verdict(lhs, relation, rhs):
    return step(lhs, relation, rhs).verdict


def test_conventions_at_zero_refute_claims_false_only_there_and_keep_true_ones():
    H = sp.Heaviside
    assert verdict(H(x) ** 2, "=", H(x)) is Verdict.REFUTED              # H(0) = 1/2
    assert verdict(H(x, 1), "=", (1 + sp.sign(x)) / 2) is Verdict.REFUTED
    assert verdict(H(x), "=", (1 + sp.sign(x)) / 2) in HOLDS
    assert verdict(sp.sign(x) ** 2, "=", 1) is Verdict.REFUTED
    assert verdict(sp.sinc(x), "=", sp.sin(x) / x) is Verdict.REFUTED    # one side undefined at 0


def test_atan2_of_the_origin_never_lets_a_false_claim_pass():
    # The balls give atan2(0, 0) = 0, SymPy nan: the disagreement at x = 0 must not turn into agreement.
    assert verdict(sp.atan2(x, x), "=", sp.pi / 4) not in HOLDS


@pytest.mark.slow
def test_half_integer_bessel_on_the_negative_axis_follows_the_principal_branch():
    assert verdict(sp.besselj(R(1, 2), w), "=", sp.sqrt(2 * w / sp.pi) * sp.sin(w) / w) in HOLDS
    assert verdict(sp.besselj(R(1, 2), w), "=", sp.sqrt(2 / (sp.pi * w)) * sp.sin(w)) is Verdict.REFUTED
    assert verdict(sp.besseli(R(1, 2), w), "=", sp.sqrt(2 * w / sp.pi) * sp.sinh(w) / w) in HOLDS


def test_loggamma_is_not_log_gamma_on_the_negatives_but_its_real_part_is():
    assert verdict(sp.loggamma(an), "=", sp.log(sp.gamma(an))) is Verdict.REFUTED
    assert verdict(sp.re(sp.loggamma(an)), "=", sp.log(sp.Abs(sp.gamma(an)))) in HOLDS


def test_lambert_w_other_branches_are_not_confused():
    u = interval("u", R(-36, 100), R(-1, 100))
    assert verdict(sp.LambertW(u, 1), "=", sp.LambertW(u, -1)) is Verdict.REFUTED
    assert verdict(sp.LambertW(u, -1), "<=", -1) in HOLDS


@pytest.mark.slow
def test_acosh_as_a_log_needs_the_split_square_root_on_the_negative_axis():
    assert verdict(sp.acosh(w - 1), "=", sp.log(w - 1 + sp.sqrt(w - 1 + 1) * sp.sqrt(w - 1 - 1))) \
        is not Verdict.REFUTED
    assert verdict(sp.acosh(w), "=", sp.log(w + sp.sqrt(w ** 2 - 1))) is Verdict.REFUTED


def test_complex_symbols_on_the_real_axis_meet_the_cuts():
    assert verdict(sp.arg(z), "<", sp.pi) is Verdict.REFUTED             # z = −2 lies on the cut
    assert verdict(sp.arg(z), "<=", sp.pi) in HOLDS
    assert verdict(sp.log(sp.conjugate(z)), "=", sp.conjugate(sp.log(z))) is Verdict.REFUTED
    assert verdict(sp.log(z), "=", sp.log(sp.Abs(z)) + sp.I * sp.arg(z)) in HOLDS
