"""A step's stated assumption is decided at a sampled point in bounded time: a power whose exact value would have
millions of digits (theta**n_H at n_H in the thousands) or whose exponent is a fraction with a large denominator
(3000**(p/2**50), an exact root of degree 2**50) is decided at 60 digits, and a point it cannot decide there is
not used: deciding theta**n_H*(1-theta)**n_T > 0 exactly at far points took minutes per step."""
from __future__ import annotations

import sympy as sp

from verifier.evidence.inputs import Point
from verifier.evidence.replay import STATED, _stated_excludes

theta, n_h, n_t = sp.symbols("theta n_H n_T")
LIKELIHOOD_POSITIVE = sp.Gt(theta ** n_h * (1 - theta) ** n_t, 0)


def _excluded(rel, **values):
    token = STATED.set((rel,))
    try:
        return _stated_excludes(Point({sp.Symbol(k): v for k, v in values.items()}))
    finally:
        STATED.reset(token)


def test_a_huge_integer_power_is_decided_by_its_sign_at_60_digits():
    assert _excluded(LIKELIHOOD_POSITIVE, theta=0.3, n_H=50_000, n_T=70_000) is None      # holds: kept
    assert "excludes it" in _excluded(sp.Lt(theta ** n_h, 1), theta=1.5, n_H=50_000)       # fails: excluded


def test_a_fraction_with_a_large_denominator_as_exponent_is_never_solved_exactly():
    why = _excluded(LIKELIHOOD_POSITIVE, theta=3000, n_H=-2.2273187, n_T=2.6779)
    assert why is not None and "could not be decided" in why          # a side is not real: the point is not used


def test_near_miss_small_powers_are_still_decided_exactly():
    assert _excluded(LIKELIHOOD_POSITIVE, theta=0.5, n_H=3, n_T=4) is None
    assert "excludes it" in _excluded(LIKELIHOOD_POSITIVE, theta=2, n_H=2, n_T=1)          # 4·(−1) < 0
