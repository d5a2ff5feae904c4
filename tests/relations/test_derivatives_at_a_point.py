"""Derivatives at a point: never passed at a kink; proved at a point of a smooth function, and a wrong value
refuted.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Rational, calc, real

from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)


def eq(lhs, rhs):
    return only_step(calc(lhs, title="probe").eq(rhs, "claimed"), quick=True)


# -- a derivative at a kink ----------------------------------------------------------------------------------------
# SymPy differentiates |x| to sign(x) and max(x, 0) to Heaviside(x), defined at 0 too.  Were the Subs evaluated
# by the same doit that makes the proof, "|x|'(0) = 0" and "max(x, 0)'(0) = 1/2" would be PROVED, though neither
# derivative exists.  So in evidence/balls.py (build_subs) a derivative of a function with a kink or a step has
# no number at a point, and the proof is left without its cross-check.
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
