"""Near misses of the integral strategies of verifier/prove/integrals.py ("substitute" and "by_parts"): false equalities built to slip
through either strategy, read straight from the prover API.  Each claim below is false (or undefined on one
side), checked by hand or numerically; none may be proved.  The last tests are
true near misses of the same shapes, which the strategies must still prove (so the refusals above are not
just the strategies being off).

Attacks the strategies withstand (no false proof): a free symbol named like the bound variable (in the coefficient, in
the other integrand, in the by_parts remainder); a parameter whose declared range changes the sign of the
exponent in an e^{−a x} boundary term (SymPy's limit raises, nothing is proved); a Gaussian standardised with a
σ declared real of either sign; poles at or inside the range (1/x over (−1, 1), e^{−x²/2}/x over ℝ, for which
SymPy computes no value or ∞); reversed and equal limits; complex, zoo and ∞-to-∞ limits; a parameter on a
closed interval [0, 1] that makes the substitution's φ' or the boundary term degenerate at 0; an integration
variable declared positive but integrated over a negative range, where atan(1/x) + atan(x) = π/2 holds only
for x > 0.
"""

import pytest
import sympy as sp

from verifier.authoring.symbols import interval, real
from verifier.prove.api import prove_equal

I, E, oo = sp.Integral, sp.exp, sp.oo
x, y, u = sp.symbols("x y u", real=True)
a = real("a", -1, 1)
s = real("s", -2, 2)
mu = real("mu", -1, 1)


def proved(lhs, rhs, how):
    return prove_equal(lhs, rhs, 5.0, how=how).proof is not None


# ----------------------------------------------------------------------------- free symbols named like the variable

def test_a_free_coefficient_named_like_the_variable_is_not_bound_by_the_substitution():
    # x·∫_0^1 1 dx = x (x free) against ∫_0^1 u du = 1/2: false for x ≠ 1/2.
    assert not proved(x * I(1, (x, 0, 1)), I(u, (u, 0, 1)), "substitute")


def test_a_free_x_in_the_other_integrand_is_not_captured_by_the_renaming():
    # ∫_0^1 x eˣ dx = 1 against ∫_0^1 x eʸ dy = x(e − 1) with x free: false.
    assert not proved(I(x * E(x), (x, 0, 1)), I(x * E(y), (y, 0, 1)), "substitute")


def test_a_free_x_in_the_by_parts_remainder_is_not_captured():
    # ∫_0^1 x eˣ dx = 1 against e − x(e − 1): false for x ≠ 1.
    assert not proved(I(x * E(x), (x, 0, 1)), sp.E - I(x * E(y), (y, 0, 1)), "by_parts")
    # ∫_0^1 eˣ dy = eˣ (x free), so the right side is e − eˣ, not 1.
    assert not proved(I(x * E(x), (x, 0, 1)), sp.E - I(E(x), (y, 0, 1)), "by_parts")
    assert not proved(I(E(x), (x, 0, 1)), I(E(x), (y, 0, 1)), "substitute")


# ----------------------------------------------------------------------------- parameters whose range matters

def test_a_boundary_term_whose_limit_depends_on_the_sign_of_a_parameter_is_not_taken():
    # a ∈ (−1, 1): for a < 0 the left side is −∞ and the right side +∞.
    assert not proved(I(a * x * E(-a * x), (x, 0, oo)), I(E(-a * x), (x, 0, oo)), "by_parts")


def test_a_gaussian_with_a_scale_of_either_sign_is_not_standardised_to_a_positive_sigma():
    # ∫ e^{−(x−μ)²/(2s²)} dx = √(2π)|s|, not √(2π)s, and s may be negative (or 0).
    assert not proved(I(E(-(x - mu) ** 2 / (2 * s ** 2)), (x, -oo, oo)), sp.sqrt(2 * sp.pi) * s, "substitute")


@pytest.mark.slow
def test_a_scale_that_may_be_zero_on_a_closed_interval_is_not_a_change_of_variables():
    p = interval("p", 0, 1)
    # At p = 0 the right side is 0 and the left side 1 (x = p·u is not a bijection).
    assert not proved(I(E(-x), (x, 0, oo)), I(p * E(-p * u), (u, 0, oo)), "substitute")
    # At p = 0 the left side is 0 and the right side ∞.
    assert not proved(I(p * x * E(-p * x), (x, 0, oo)), I(E(-p * y), (y, 0, oo)), "by_parts")


@pytest.mark.slow
def test_a_variable_declared_positive_over_a_negative_range_gets_no_identity_valid_only_for_x_above_zero():
    # On (−2, −1), atan(1/x) + atan(x) = −π/2, so the left side is 3π/4; the right side is −3π/4 (it uses +π/2).
    xp = sp.Symbol("x", positive=True)
    f = sp.atan(1 / xp) + sp.atan(xp)
    lhs = I(xp * f, (xp, -2, -1))
    assert not proved(lhs, -3 * sp.pi / 2 - I(sp.pi * y / 2, (y, -2, -1)), "by_parts")
    assert not proved(I(f, (xp, -2, -1)), I(sp.pi / 2 + 0 * y, (y, -2, -1)), "substitute")


# ----------------------------------------------------------------------------- poles and divergence

def test_an_odd_integrand_with_a_pole_inside_the_range_is_not_given_the_value_zero():
    # e^{−x²/2}/x over ℝ diverges at 0 (no value), however symmetric.
    assert not proved(I(E(-x ** 2 / 2) / x, (x, -oo, oo)), sp.S(0), "substitute")


def test_one_over_x_across_zero_is_not_proved_equal_to_anything():
    assert not proved(I(1 / x, (x, -1, 1)), I(1 / y, (y, -1, 1)), "substitute")


def test_a_divergent_integral_is_not_given_a_factor_two_by_substitution():
    # ∫_0^1 dx/x = ∫_0^1 2/u du (x = u²): ∞ = ∞, but a factor 2 on the right must not follow.
    assert not proved(I(1 / x, (x, 0, 1)), 2 * I(1 / u, (u, 0, 1)), "substitute")


# ----------------------------------------------------------------------------- limits

def test_a_reversed_range_keeps_its_sign():
    assert not proved(I(E(-x ** 2 / 2), (x, oo, -oo)), sp.sqrt(2 * sp.pi), "substitute")
    assert not proved(I(x * E(x), (x, 1, 0)), sp.S(1), "by_parts")


def test_equal_complex_and_infinite_limits_are_refused():
    assert not proved(I(x, (x, 1, 1)), I(u, (u, 0, 1)), "substitute")
    assert not proved(I(x, (x, 0, sp.I)), I(u, (u, 0, 1)), "substitute")
    assert not proved(I(E(-x), (x, 0, sp.zoo)), I(E(-u), (u, 0, oo)), "substitute")
    assert not proved(I(E(-x), (x, oo, oo)), I(E(-u), (u, 0, oo)), "substitute")


# ----------------------------------------------------------------------------- the true near misses

def test_the_true_near_misses_are_proved():
    assert proved(I(E(-x ** 2 / 2), (x, oo, -oo)), -sp.sqrt(2 * sp.pi), "substitute")
    assert proved(I(x * E(x), (x, 1, 0)), sp.S(-1), "by_parts")
    assert proved(I(x * E(x), (x, 0, 1)), sp.E - I(E(y), (y, 0, 1)), "by_parts")


# ----------------------------------------------------------------------------- integrals as atoms of rational algebra

def test_cancel_reads_an_integral_as_one_atom_and_puts_it_back():
    # (J² − 1)/(J − 1) = J + 1 for J = ∫_0^1 sign(y − 1/3) dy = 1/3, an integral with a jump inside: rational
    # algebra proves it with J standing for itself, and its twin one part in 10⁸ off is never proved.
    from verifier.prove.identities import TRANSFORMS
    cancel = dict(TRANSFORMS)["cancel/together"]
    j = I(sp.sign(y - sp.Rational(1, 3)), (y, 0, 1))
    assert cancel((j ** 2 - 1) / (j - 1) - (j + 1)) == 0
    twin = cancel((j ** 2 - 1) / (j - 1) - (j + 1 + sp.Rational(1, 10 ** 8)))
    assert twin != 0 and twin.has(sp.Integral) is False and not twin.has(sp.Dummy)
    # an integral inside another comes back whole, with its own bound variable
    nested = I(x * I(y, (y, 0, x)), (x, 0, 1))
    assert cancel(nested / nested * 2 - nested) == 2 - nested


def test_two_different_integrals_are_two_atoms_never_one():
    # ∫_0^1 y dy and ∫_0^1 y² dy are different numbers (1/2, 1/3): their quotient is never cancelled to 1.
    from verifier.prove.identities import TRANSFORMS
    cancel = dict(TRANSFORMS)["cancel/together"]
    first, second = I(y, (y, 0, 1)), I(y ** 2, (y, 0, 1))
    assert cancel(first / second - 1) != 0
    assert not proved(first / second, 1, "cancel")
    assert cancel((first ** 2 - second ** 2) / (first - second) - (first + second)) == 0
