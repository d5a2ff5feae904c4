"""Where an integral over an infinite range stops converging, a claim of a finite value is false.

E[e^{tT}] = λ/(λ − t) for T ~ Exp(λ) holds only while t < λ; declared for every real t it is false, yet no
random point met t ≥ λ. The structure walk reads the integrand's exponential rate (t − λ here, from the
expectation's definition) and puts points just beyond where it crosses 0. There the integral has no
certified value, so such a claim is never passed; and where the declarations keep the rate negative, no
point goes there and a true claim is not touched.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import check_one
from verifier import calc, exponential, expected, interval, normal, oo, positive, random_variable, real
from verifier.evidence.inputs import inputs_of
from verifier.evidence.structure import analyse
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}

t = real("t_dc", -1, 1)                          # a sampling range: t is any real
u = interval("u_dc", -1, sp.Rational(2, 5))      # confined: u < 2/5 < λ, so E[e^{uT}] is finite
lam = interval("lam_dc", sp.Rational(1, 2), 3, positive=True)
T = random_variable("T_dc", exponential(lam))
Z = random_variable("Z_dc", normal(0, 1))
x = real("x_dc")


def verdict(lhs, rhs):
    [s] = check_one(calc(lhs, title="crossing probe").eq(rhs, "claimed")).steps
    return s


def crossings(lhs, rhs):
    return analyse([lhs, rhs], inputs_of(lhs - rhs)).crossings


def test_the_rate_of_an_expectation_over_an_infinite_range_is_read_from_its_definition():
    assert [sp.expand(r) for r in crossings(expected(sp.exp(t * T)), lam / (lam - t))] == [t - lam]
    assert [sp.expand(r) for r in crossings(expected(sp.exp(-t * T)), lam / (lam + t))] == [-t - lam]


def test_an_integral_written_out_names_its_rate_too():
    c = positive("c_dc")
    assert crossings(sp.Integral(sp.exp(-c * x + t * x), (x, 0, oo)), 1 / (c - t)) != []
    assert crossings(sp.Integral(sp.exp(-x ** 2), (x, -oo, oo)), sp.sqrt(sp.pi)) == []   # no symbol to move


@pytest.mark.slow
@pytest.mark.parametrize("lhs, rhs", [
    (expected(sp.exp(t * T)), lam / (lam - t)),           # false for t ≥ λ
    (expected(sp.exp(-t * T)), lam / (lam + t)),          # the mirror: false for t ≤ −λ
    (expected(sp.exp(t * Z ** 2)), 1 / sp.sqrt(1 - 2 * t)),   # false for t ≥ 1/2
], ids=["E[e^(tT)] for all t", "E[e^(-tT)] for all t", "E[e^(tZ^2)] for all t"])
def test_a_finite_value_claimed_where_the_integral_diverges_is_never_passed(lhs, rhs):
    s = verdict(lhs, rhs)
    assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.parametrize("lhs, rhs", [
    (expected(sp.exp(u * T)), lam / (lam - u)),           # the hypotheses keep u < λ: true
    (expected(sp.exp(-lam * T / 2)), sp.Rational(2, 3)),  # a negative rate in λ alone: true
], ids=["E[e^(uT)], u < λ", "E[e^(-λT/2)] = 2/3"])
def test_a_true_finite_value_is_not_refuted_and_still_passes(lhs, rhs):
    s = verdict(lhs, rhs)
    assert s.verdict in PASSING, (s.verdict, s.message)
