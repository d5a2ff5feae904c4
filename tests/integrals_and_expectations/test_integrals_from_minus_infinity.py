"""Integrals from −∞: the rate of the tail is negated, a true value is proved, a finite value claimed where
the integral diverges is never passed, and a guarded expectation is not refuted at its crossing.
"""
from __future__ import annotations

import pytest

import sympy as sp

from tests.engine import only_step
from verifier import Rational, calc, exponential, expected, interval, oo, positive, random_variable, real
from verifier.evidence.inputs import inputs_of
from verifier.evidence.structure import analyse
from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)


xp = positive("xp_h7")


def eq(lhs, rhs):
    return only_step(calc(lhs, title="probe").eq(rhs, "claimed"), quick=True)


t_any = real("t_h7", -1, 1)                 # a sampling range: any real
lam = interval("lam_h7", 2, 3)
s_var = real("s_h7")


def test_the_rate_of_an_integral_from_minus_infinity_is_negated():
    lhs = sp.Integral(sp.exp(xp * s_var), (s_var, -oo, 0))
    assert analyse([lhs, 1 / xp], inputs_of(lhs - 1 / xp)).crossings == [-xp]


def test_a_true_integral_from_minus_infinity_is_still_proved():
    s = eq(sp.Integral(sp.exp(xp * s_var), (s_var, -oo, 0)), 1 / xp)
    assert s.verdict is Verdict.PROVED, (s.verdict, s.message)


@pytest.mark.slow
def test_a_finite_value_claimed_where_an_integral_from_minus_infinity_diverges_is_never_passed():
    s = eq(sp.Integral(sp.exp((t_any + lam) * s_var), (s_var, -oo, 0)), 1 / (t_any + lam))   # false for t ≤ −λ
    assert s.verdict not in PASSING, (s.verdict, s.message)


mu = interval("mu_h7", Rational(1, 2), 3, positive=True)
T = random_variable("T_h7", exponential(mu))


@pytest.mark.slow
def test_a_guarded_expectation_is_not_refuted_at_a_crossing_and_a_wrong_guard_value_is():
    good = eq(sp.Piecewise((expected(sp.exp(t_any * T)), t_any < mu), (0, True)),
              sp.Piecewise((mu / (mu - t_any), t_any < mu), (0, True)))
    assert good.verdict in PASSING, (good.verdict, good.message)
    bad = eq(sp.Piecewise((expected(sp.exp(t_any * T)), t_any < mu), (0, True)),
             sp.Piecewise((mu / (mu - t_any), t_any < mu), (1, True)))
    assert bad.verdict is Verdict.REFUTED, (bad.verdict, bad.message)
