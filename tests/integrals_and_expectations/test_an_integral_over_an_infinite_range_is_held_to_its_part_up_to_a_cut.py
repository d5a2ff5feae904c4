"""An integral over an infinite range whose integrand keeps one sign beyond a cut is at least (or at most) its part.

∫_{−∞}^{∞} x²/(1 + x²) dx diverges, so no ball encloses it and `= π` (d2l's twin of `= ∞`) was unknown.  Its
integrand is ≥ 0 beyond ±10 (interval arithmetic over each whole tail), so the integral is at least its part over
[−10, 10], 17.06 by FLINT: a claim of π, or of at most 10, is refuted there.  An integrand that
changes sign between the two tails (a principal value), a claim of a value above the part, or a claim that the
integral is at least something, is never refuted this way; a true value is never refuted.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import check_one
from verifier import calc, oo, real
from verifier.judge.truncated import _sign_beyond
from verifier.verdicts import Verdict

x = real("x_cut")
PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


def verdict(claim):
    [s] = check_one(claim).steps
    return s


@pytest.mark.parametrize("f, lo, hi, sign", [
    (x ** 2 / (1 + x ** 2), -oo, oo, 1),
    (sp.exp(-x ** 2), -oo, oo, 1),
    (-1 / x, 1, oo, -1),
    (x / (1 + x ** 2), -oo, oo, 0),       # ≥ 0 on one tail, ≤ 0 on the other: a principal value decides nothing
    (sp.sin(x), 0, oo, 0),                # both signs on the tail
    (1 / x, 20, oo, 0),                   # the finite end lies beyond the cut
], ids=["x^2/(1+x^2)", "e^(-x^2)", "-1/x on [1, oo)", "x/(1+x^2)", "sin x", "1/x on [20, oo)"])
def test_the_sign_beyond_the_cut_is_shown_by_interval_arithmetic_over_each_whole_tail(f, lo, hi, sign):
    assert _sign_beyond(f, x, sp.sympify(lo), sp.sympify(hi), 10) == sign


@pytest.mark.slow
@pytest.mark.parametrize("rhs, relation", [(sp.pi, "eq"), (10, "le")], ids=["= pi", "<= 10"])
def test_a_divergent_integral_claimed_at_most_a_value_below_its_part_is_refuted(rhs, relation):
    claim = getattr(calc(sp.Integral(x ** 2 / (1 + x ** 2), (x, -oo, oo)), title="diverges"), relation)(rhs, "claimed")
    s = verdict(claim)
    assert s.verdict is Verdict.REFUTED, s.message
    assert "its part" in str(s.counterexample.note)


@pytest.mark.slow
def test_an_integral_of_a_negative_integrand_claimed_above_its_part_is_refuted():
    s = verdict(calc(sp.Integral(-1 / x, (x, 1, oo)), title="to -oo").eq(-2, "claimed"))
    assert s.verdict is Verdict.REFUTED, s.message


@pytest.mark.slow
@pytest.mark.parametrize("lhs, rhs", [
    (sp.Integral(sp.exp(-x), (x, 0, oo)), 1),
    (sp.Integral(sp.exp(-x ** 2), (x, -oo, oo)), sp.sqrt(sp.pi)),
    (sp.Integral(1 / (1 + x ** 2), (x, -oo, oo)), sp.pi),
], ids=["e^-x", "Gauss", "Cauchy"])
def test_near_miss_a_true_value_of_a_convergent_integral_is_never_refuted(lhs, rhs):
    s = verdict(calc(lhs, title="true").eq(rhs, "known"))
    assert s.verdict is not Verdict.REFUTED, s.message


@pytest.mark.slow
def test_near_miss_a_lower_bound_on_a_divergent_integral_is_never_refuted():
    s = verdict(calc(sp.Integral(x ** 2 / (1 + x ** 2), (x, -oo, oo)), title="at least").ge(5, "diverges upward"))
    assert s.verdict is not Verdict.REFUTED, s.message


@pytest.mark.slow
def test_near_miss_a_principal_value_is_neither_refuted_nor_passed():
    # x/(1+x^2) has no integral over the whole line (its principal value is 0): tails of two signs decide nothing
    s = verdict(calc(sp.Integral(x / (1 + x ** 2), (x, -oo, oo)), title="principal value").eq(0, "odd"))
    assert s.verdict not in PASSING | {Verdict.REFUTED}, s.message
