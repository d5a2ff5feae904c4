"""Probabilities written from declared interval() symbols: a law is accepted only when interval arithmetic
keeps its parameter in the unit interval, and a law so accepted has a nonnegative variance.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import check_one, only_step
from verifier import Rational, calc, expected, interval, random_variable
from verifier import bernoulli, categorical
from verifier.judge import proof_hints
from verifier.verdicts import Verdict


P, R, U, N, C = Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN, Verdict.NUMERIC, Verdict.CASES


@pytest.fixture(autouse=True)
def no_hints_before_or_after():
    proof_hints.enable(None)
    yield
    proof_hints.enable(None)


p = interval("p_hr6", 0, 1)


def eq_step(lhs, rhs):
    [s] = check_one(calc(lhs, title="probe").eq(rhs, "claimed")).steps
    return s


r = interval("r_hr6", -1, 1)
q = interval("q_hr6", Rational(3, 2), 2)
k = interval("k_hr6", 0, 3, integer=True)


@pytest.mark.parametrize("prob", [
    r / (r - 2),                         # [−1, 1/3]: negative at r = −1
    Rational(1, 2) + r / (r ** 2 + 1),   # [0, 1] truly, but interval arithmetic cannot show it: refused
    (r + 1) * (1 - r),                   # up to 1 at r = 0 … but AccumBounds says [0, 4]
    1 / (1 + r),                         # a pole at r = −1
    sp.sin(q * sp.pi),                   # ≤ 0 on [3/2, 2]
    (-1) ** k / 2 + Rational(1, 2),      # 0 or 1 at integers, undecided by AccumBounds
    k - 2,                               # −2 at k = 0
    sp.sqrt(p - 2),                      # imaginary
    sp.cosh(p) - Rational(1, 2),         # above 1 for p > acosh(3/2)
    p * (2 - p),                         # [0, 1] truly, AccumBounds [0, 2]: refused
], ids=["r/(r-2)", "1/2 + r/(r²+1)", "(1+r)(1-r)", "1/(1+r)", "sin(πq)", "(-1)^k/2 + 1/2", "k - 2",
        "√(p - 2)", "cosh p - 1/2", "p(2 - p)"])
def test_a_probability_that_interval_arithmetic_cannot_place_in_the_unit_interval_is_refused(prob):
    with pytest.raises(ValueError, match="probability"):
        bernoulli(prob)


@pytest.mark.parametrize("prob", [
    (r + 1) / 2, r ** 2, 1 / (2 - r) / 3, sp.cos(q * sp.pi) ** 2, sp.exp(-q), k / 3, sp.sqrt(1 - r ** 2),
    2 - q, q - 1, p / (p + 1)])
def test_a_probability_that_interval_arithmetic_keeps_in_the_unit_interval_is_accepted(prob):
    bernoulli(prob)


def test_a_law_accepted_from_interval_arithmetic_has_a_nonnegative_variance():
    """The near miss of the refusals: a law let in gives expectations of a real law (Var ≥ 0 proved)."""
    B = random_variable("B_hr6", categorical([0, 1], [1 - (r + 1) / 2, (r + 1) / 2]))
    assert eq_step(expected(B), (r + 1) / 2).verdict is P
    s = only_step(calc(expected(B ** 2) - expected(B) ** 2, title="variance").ge(0, "a variance"), quick=True)
    assert s.verdict is not R, s.message
