"""SymPy's Subs read by the numbers and the trends: a Subs read outside its binding (by lambdify or SymPy's
doit) never makes a false claim pass, a Subs at a point its variable may not take is neither proved nor
refuted, and the readings that hold stay checked.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, Rational, calc, interval, oo, positive, real, size
from verifier.evidence.inputs import SamplingError, compile_expr, inputs_of

from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)

x, y, z = real("x"), real("y"), real("z")
n = size("n_h7")


def eq(lhs, rhs):
    return only_step(calc(lhs, title="probe").eq(rhs, "claimed"), quick=True)


def limit(lhs, rhs, var=n):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=Limit(var, oo)), quick=True)


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


def test_sympys_doit_dropping_a_substitution_after_a_self_mapping_is_not_proved():
    # SymPy 1.14: Subs(x + y + z, (x, y, z), (x, y, 3)).doit() is x + y + z (its loop deletes while enumerating)
    wrong = eq(sp.Subs(x + y + z, (x, y, z), (x, y, 3)), x + y + z)
    assert wrong.verdict not in PASSING, (wrong.verdict, wrong.message)
    right = eq(sp.Subs(x + y + z, (x, y, z), (x, y, 3)), x + y + 3)
    assert right.verdict in PASSING, (right.verdict, right.message)


t_cap = real("t_cap")


@pytest.mark.slow
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
    if isinstance(lhs.expr, sp.Integral) and good.verdict is Verdict.UNKNOWN:
        # The evalf cross-check of the integral at 100 digits may run out of the numbers' CPU time; then the
        # numbers time out and the step is unknown, never refuted (more time could have found an engine error).
        assert "ran out of CPU time" in good.message, good.message
    else:
        assert good.verdict in PASSING, (good.verdict, good.message)
    assert bad.verdict not in PASSING, (bad.verdict, bad.message)


# -- a point that contradicts its variable's assumptions -----------------------------------------------------------
# SymPy builds |p| as p for p declared positive, so Subs(Abs(p), p, −1) arrives as Subs(p, p, −1): read as it
# arrives, "= −1" would be proved and the true "|−1| = 1" refuted.  authoring/substitutions.py therefore treats
# such a Subs as ambiguous (no proof, no number), like one whose readings differ.
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
