"""A monotone-tail certificate names the variable the limit follows ("non-decreasing for λ ≥ 100 … at λ = 100"),
never the internal x it was computed in; a limit at −∞, turned into one at +∞, names −λ."""
from __future__ import annotations

import sympy as sp

from verifier.prove.limit_certificates import certify_at_infinity
from verifier.prove.limits import _certificate_at_infinity

lam = sp.Symbol("lambda", real=True)


def test_the_certificate_names_the_limits_variable():
    words = str(certify_at_infinity(lam - 2 * sp.log(lam), lam, sp.oo, 10))
    assert "for lambda ≥ 100" in words and "at lambda = 100" in words and " x " not in words


def test_near_miss_towards_minus_infinity_the_variable_is_named_with_its_sign():
    words = str(_certificate_at_infinity(-lam - 2 * sp.log(-lam), lam, -sp.oo, sp.oo, False, 10))
    assert "for -lambda ≥ 100" in words and "at -lambda = 100" in words
