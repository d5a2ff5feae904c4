"""A limit whose |d| shrinks only slowly is not numeric on its own: a false limit approached like a small
power, or an oscillation tuned to the sampled tail, is never passed, and a true limit whose tail slope lies
between the rules is not refuted.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, Rational, calc, oo, positive, size

from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)


n = size("n_h7")
xp = positive("xp_h7")


def limit(lhs, rhs, var=n):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=Limit(var, oo)), quick=True)


# |d| = ε + c·x^(−r), 0.15 ≤ r ≲ 0.26, passes the slow-limit rule and escapes heads_elsewhere up to x = 10¹⁰;
# a closed form is followed to 10⁴⁰ (sizes to 10²⁸), where ε shows (evidence/trends.FAR_EXPONENTS)
@pytest.mark.parametrize("lhs, rhs, var", [
    (sp.Si(xp) + xp ** Rational(-1, 5), sp.pi / 2 + Rational(1, 1000), xp),                 # true limit π/2
    (xp ** Rational(-1, 5) * sp.LambertW(xp) / sp.log(xp), Rational(-1, 1000), xp),      # true limit 0
    (n ** Rational(-33, 200) * sp.LambertW(n) / sp.log(n), Rational(-1, 10000), n),     # true limit 0
], ids=["Si(x) + x^(-1/5) → π/2 + 1/1000", "x^(-1/5) W(x)/log x → -1/1000", "n^(-0.165) W(n)/log n → -1/10⁴"])
def test_a_false_limit_approached_like_a_small_power_is_never_passed(lhs, rhs, var):
    s = limit(lhs, rhs, var)
    assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.parametrize("lhs, rhs, var", [
    (sp.Si(xp) + xp ** Rational(-1, 5), sp.pi / 2, xp),
    (xp ** Rational(-1, 4) * sp.LambertW(xp) / sp.log(xp), 0, xp),
], ids=["Si(x) + x^(-1/5) → π/2", "x^(-1/4) W(x)/log x → 0"])
def test_a_true_limit_with_a_tail_slope_between_the_rules_is_not_refuted(lhs, rhs, var):
    s = limit(lhs, rhs, var)
    assert s.verdict is not Verdict.REFUTED, (s.verdict, s.message)


# The tail of the approach towards ∞ is always x = 10⁶, 10⁸, 10¹⁰: an oscillation tuned to those points looks
# like a power law there.  sin(c·x) with c·10⁶ ≡ 2.327… (mod 2π) is 0.73, 0.25, 0.083 at them (slope 0.23,
# difference ratio 0.35): sin(c·x)·W(x)/log x → 0 passes, though it has no limit (its amplitude tends to 1).
C_TUNED = Rational("2.3272834861199752920450497161066597") / 10 ** 6


# tuned to x = 10⁶, 10⁸, 10¹⁰; the far points 10²⁰ … 10⁴⁰ are not tuned (a constant tuned to
# those too would still pass: the points are fixed, not jittered)
def test_an_oscillation_tuned_to_the_sampled_tail_is_never_passed_as_a_limit():
    s = limit(sp.sin(C_TUNED * xp) * sp.LambertW(xp) / sp.log(xp), 0, xp)
    assert s.verdict not in PASSING, (s.verdict, s.message)
