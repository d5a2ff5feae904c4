"""Hostile review of session 7's changes: Subs in the numbers, special-function names in the trends, structure
points beyond where an infinite integral diverges, and the rule that a limit whose |d| shrinks only slowly
is not numeric on its own.

Each test names the property it guards.  Breaks found and fixed here are plain tests (the fix is in the
commit that adds them); breaks left open are strict xfails; attacks that held are plain tests too, so that
the property they probe stays guarded.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, Rational, calc, exponential, expected, interval, oo, positive, random_variable, real, size
from verifier.evidence.inputs import SamplingError, compile_expr, inputs_of
from verifier.evidence.structure import analyse
from verifier.verdicts import Verdict

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)

x, y, z = real("x"), real("y"), real("z")
n = size("n_h7")
xp = positive("xp_h7")


def eq(lhs, rhs):
    return only_step(calc(lhs, title="hostile probe").eq(rhs, "claimed"), quick=True)


def limit(lhs, rhs, var=n):
    return only_step(calc(lhs, title="hostile probe").approx(rhs, "claimed", meaning=Limit(var, oo)), quick=True)


# -- Subs in a limit: the trends' numbers (lambdify) must not read a Subs differently from its meaning -------------
# lambdify replaces every Subs by dummies assigned at the top of the function, all at once.  For a flattened
# nesting with a repeated variable that is wrong (Subs(Subs(x² + y, x, x + 1), x, 3) is 16 + y; lambdify said
# 9 + y, and "→ y + 9" was passed as numeric), and for a Subs inside another one it reads the inner point outside
# the outer binding.  Fixed in evidence/inputs.py (compile_expr refuses such a Subs: the numbers cannot follow).

NESTED_REPEAT = sp.Subs(sp.Subs(x ** 2 + y, x, x + 1), x, 3)      # (3 + 1)² + y = 16 + y
INNER_POINT = sp.Subs(x + sp.Subs(x * y, y, x), x, 2)              # 2 + 2·2 = 6
NESTED_AMBIGUOUS = sp.Subs(sp.Subs(x * y, x, y), y, 2)             # nested: 4; flattened and read at once: 2y


@pytest.mark.parametrize("lhs, rhs", [
    (NESTED_REPEAT + 1 / n, y + 9),
    (INNER_POINT + 1 / n, 2 + 2 * x),
    (NESTED_AMBIGUOUS + 1 / n, 2 * y),
], ids=["nested Subs → 9 + y (is 16 + y)", "Subs in a Subs → 2 + 2x (is 6)", "ambiguous nested Subs → 2y"])
def test_a_limit_of_a_subs_read_wrongly_by_lambdify_is_never_passed(lhs, rhs):
    s = limit(lhs, rhs)
    assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.parametrize("e", [NESTED_REPEAT, INNER_POINT, NESTED_AMBIGUOUS, sp.Sum(sp.Subs(x ** 2, x, x + n), (x, 1, n))],
                         ids=["repeat", "inner point", "ambiguous", "inside a sum"])
def test_the_trend_compiler_refuses_a_subs_it_would_read_outside_its_binding(e):
    with pytest.raises(SamplingError, match="cannot follow"):
        compile_expr(e, inputs_of(e))


def test_a_top_level_subs_is_still_followed_by_the_trends():
    s = limit(sp.Subs(x ** 2, x, y + 1) + 1 / n, (y + 1) ** 2)
    assert s.verdict in PASSING, (s.verdict, s.message)
    s = limit(sp.Subs(x ** 2, x, y + 1) + 1 / n, (y + 1) ** 2 + Rational(1, 1000))
    assert s.verdict not in PASSING, (s.verdict, s.message)


# -- Subs attacks that held ----------------------------------------------------------------------------------------

def test_sympys_doit_dropping_a_substitution_after_a_self_mapping_is_not_proved():
    # SymPy 1.14: Subs(x + y + z, (x, y, z), (x, y, 3)).doit() is x + y + z (its loop deletes while enumerating)
    wrong = eq(sp.Subs(x + y + z, (x, y, z), (x, y, 3)), x + y + z)
    assert wrong.verdict not in PASSING, (wrong.verdict, wrong.message)
    right = eq(sp.Subs(x + y + z, (x, y, z), (x, y, 3)), x + y + 3)
    assert right.verdict in PASSING, (right.verdict, right.message)


t_cap = real("t_cap")


@pytest.mark.parametrize("lhs, true_rhs, false_rhs", [
    # the point names the integral's own variable: no capture (t·∫e^{-s⁴}, not ∫s²e^{-s⁴})
    (sp.Subs(sp.Integral(x * sp.exp(-t_cap ** 4), (t_cap, 0, 1)), x, t_cap),
     t_cap * sp.Integral(sp.exp(-t_cap ** 4), (t_cap, 0, 1)),
     sp.Integral(t_cap ** 2 * sp.exp(-t_cap ** 4), (t_cap, 0, 1))),
    (sp.Subs(sp.Sum(x, (x, 1, 3)) + x, x, 5), 11, 20),                       # the sum rebinds x
    (sp.Subs(sp.Derivative(x ** 2 * y, x), y, x), 2 * x ** 2, 3 * x ** 2),     # differentiate, then substitute
    (sp.Subs(sp.Derivative(sp.sin(x), x), x, x ** 2), sp.cos(x ** 2), 2 * x * sp.cos(x ** 2)),   # f'(x²), not (f(x²))'
    (sp.Subs(x * y, (x, y), (2, x)), 2 * x, 2 * y),                            # a later point names an earlier variable
    (NESTED_REPEAT, y + 16, y + 9),
], ids=["integral capture", "sum rebinding", "derivative then point", "f'(x^2)", "later point", "nested repeat"])
def test_subs_readings_that_held(lhs, true_rhs, false_rhs):
    good, bad = eq(lhs, true_rhs), eq(lhs, false_rhs)
    assert good.verdict in PASSING, (good.verdict, good.message)
    assert bad.verdict not in PASSING, (bad.verdict, bad.message)


# -- crossings of an integral over (−∞, a] --------------------------------------------------------------------------
# e^{rx} on (−∞, 0] diverges where r ≤ 0, the opposite of [0, ∞).  The rate was taken with the [0, ∞) sign, so
# the points went where the integral converges (r = 1/1000, slowly, by uncertified quadrature): a true claim
# ∫_{−∞}^0 e^{tx} dx = 1/t, t > 0, proved before, became unknown, and a false one got no point where it is false.
# Fixed in evidence/structure.py (growth): over (−∞, a] the linear rate is negated.

t_any = real("t_h7", -1, 1)                 # a sampling range: any real
lam = interval("lam_h7", 2, 3)
s_var = real("s_h7")


def test_the_rate_of_an_integral_from_minus_infinity_is_negated():
    lhs = sp.Integral(sp.exp(xp * s_var), (s_var, -oo, 0))
    assert analyse([lhs, 1 / xp], inputs_of(lhs - 1 / xp)).crossings == [-xp]


def test_a_true_integral_from_minus_infinity_is_still_proved():
    s = eq(sp.Integral(sp.exp(xp * s_var), (s_var, -oo, 0)), 1 / xp)
    assert s.verdict is Verdict.PROVED, (s.verdict, s.message)


def test_a_finite_value_claimed_where_an_integral_from_minus_infinity_diverges_is_never_passed():
    s = eq(sp.Integral(sp.exp((t_any + lam) * s_var), (s_var, -oo, 0)), 1 / (t_any + lam))   # false for t ≤ −λ
    assert s.verdict not in PASSING, (s.verdict, s.message)


mu = interval("mu_h7", Rational(1, 2), 3, positive=True)
T = random_variable("T_h7", exponential(mu))


def test_a_guarded_expectation_is_not_refuted_at_a_crossing_and_a_wrong_guard_value_is():
    good = eq(sp.Piecewise((expected(sp.exp(t_any * T)), t_any < mu), (0, True)),
              sp.Piecewise((mu / (mu - t_any), t_any < mu), (0, True)))
    assert good.verdict in PASSING, (good.verdict, good.message)
    bad = eq(sp.Piecewise((expected(sp.exp(t_any * T)), t_any < mu), (0, True)),
             sp.Piecewise((mu / (mu - t_any), t_any < mu), (1, True)))
    assert bad.verdict is Verdict.REFUTED, (bad.verdict, bad.message)


# -- limits approached at a tail slope just above the slow-limit rule ----------------------------------------------
# The rule (trends.SOLID_RATE = 0.15) makes |d| ~ 1/log n inconclusive.  But ε + c·x^(−r) with 0.15 ≤ r below
# where Aitken's test reads it (ratio of differences > AITKEN_REGULAR = 0.3: r < 0.26 at steps ×100 towards ∞,
# r < 0.174 at the size steps ×1000) still passes: measured slope ≈ 0.19 with ε = 10⁻³.  Si and W made these
# checkable this session (before: 'check crashed'); SymPy finds no limit, so the trend alone passes them.

# was a strict xfail: |d| = ε + c·x^(−r), 0.15 ≤ r ≲ 0.26, passed the slow-limit rule and escaped heads_elsewhere
# up to x = 10¹⁰; a closed form is now followed to 10⁴⁰ (sizes to 10²⁸), where ε shows (evidence/trends.FAR_EXPONENTS)
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


# was a strict xfail: tuned to x = 10⁶, 10⁸, 10¹⁰; the far points 10²⁰ … 10⁴⁰ are not tuned (a constant tuned to
# those too would still pass: the points are fixed, not jittered)
def test_an_oscillation_tuned_to_the_sampled_tail_is_never_passed_as_a_limit():
    s = limit(sp.sin(C_TUNED * xp) * sp.LambertW(xp) / sp.log(xp), 0, xp)
    assert s.verdict not in PASSING, (s.verdict, s.message)


# -- a derivative at a kink ----------------------------------------------------------------------------------------
# SymPy differentiates |x| to sign(x) and max(x, 0) to Heaviside(x), defined at 0 too.  Before this session the
# proof (through doit) had no numeric cross-check (the balls could not evaluate a Subs) and stayed unknown; with
# the Subs evaluated by the same doit, "|x|'(0) = 0" and "max(x, 0)'(0) = 1/2" were PROVED, though neither
# derivative exists.  Fixed in evidence/balls.py (build_subs): a derivative of a function with a kink or a step
# has no number at a point, so the proof is again left without its cross-check.
x_k = real("x_k7")


@pytest.mark.parametrize("lhs, rhs", [
    (sp.Subs(sp.Derivative(sp.Abs(x_k), x_k), x_k, 0), 0),
    (sp.Subs(sp.Derivative(sp.Max(x_k, 0), x_k), x_k, 0), Rational(1, 2)),
    (sp.Subs(sp.Derivative(sp.Heaviside(x_k - 1), x_k), x_k, 1), 0),
], ids=["|x|'(0) = 0", "max(x, 0)'(0) = 1/2", "H(x - 1)'(1) = 0"])
def test_a_derivative_at_a_kink_is_never_passed(lhs, rhs):
    s = eq(lhs, rhs)
    assert s.verdict not in PASSING, (s.verdict, s.message)


def test_a_derivative_at_a_point_of_a_smooth_function_is_still_proved_and_a_wrong_value_refuted():
    good = eq(sp.Subs(sp.Derivative(x_k ** 3 + sp.sin(x_k), x_k), x_k, 0), 1)
    assert good.verdict is Verdict.PROVED, (good.verdict, good.message)
    bad = eq(sp.Subs(sp.Derivative(x_k ** 3 + sp.sin(x_k), x_k), x_k, 0), Rational(1001, 1000))
    assert bad.verdict is Verdict.REFUTED, (bad.verdict, bad.message)


# -- a point that contradicts its variable's assumptions -----------------------------------------------------------
# SymPy builds |p| as p for p declared positive, so Subs(Abs(p), p, −1) arrives as Subs(p, p, −1): "= −1" was
# proved and the true "|−1| = 1" refuted, once the balls evaluated a Subs.  Fixed in authoring/substitutions.py:
# such a Subs is ambiguous (no proof, no number), like one whose readings differ.
p_pos = positive("p_h7")
w_box = interval("w_h7", 0, 1)          # confined, but SymPy knows only that w is real: |w| stays |w|


def test_a_subs_at_a_point_its_variable_is_declared_not_to_take_is_neither_proved_nor_refuted():
    for rhs in (1, -1):
        s = eq(sp.Subs(sp.Abs(p_pos), p_pos, -1), rhs)
        assert s.verdict is Verdict.UNKNOWN, (rhs, s.verdict, s.message)


def test_a_subs_at_a_point_its_assumptions_allow_is_still_checked():
    assert eq(sp.Subs(sp.Abs(p_pos) + p_pos ** 2, p_pos, 3), 12).verdict is Verdict.PROVED
    assert eq(sp.Subs(sp.Abs(p_pos) + p_pos ** 2, p_pos, 3), 13).verdict is Verdict.REFUTED
    assert eq(sp.Subs(sp.sqrt(w_box ** 2), w_box, -2), 2).verdict is Verdict.PROVED      # |−2|, never rewritten
    assert eq(sp.Subs(sp.sqrt(w_box ** 2), w_box, -2), -2).verdict is Verdict.REFUTED
