r"""A limit written as SymPy's Limit of a rational function of its variable alone, with rational coefficients, at a
rational point where the denominator of its cancelled form is not 0, has that form's value there, exactly: the numbers
evaluate it (both precisions, then SymPy's replay), so `\lim_{\epsilon \to 0} (L(4+\epsilon) - L(4))/\epsilon = 8` for
L(x) = x^2 + 1701 (x-4)^3 is checked and its twin `= 4` refuted.  A limit at a pole, one writing another name or
another function keeps no value in the numbers and is never refuted by them."""
from __future__ import annotations

import sympy as sp

from tests.engine import only_step
from verifier import calc, real
from verifier.evidence.balls import rational_limit
from verifier.verdicts import Verdict

e = real("eps_lim")
DIFFERENCE = sp.Limit(((4 + e) ** 2 + 1701 * e ** 3 - 16) / e, e, 0, "+-")


def test_a_difference_quotient_of_a_polynomial_has_its_derivative_as_value():
    assert rational_limit(DIFFERENCE) == 8
    x = sp.Symbol("x")
    assert rational_limit(sp.Limit((x ** 2 - 1) / (x - 1), x, 1)) == 2
    assert rational_limit(sp.Limit((x ** 3 - 1) / (x - 1), x, 1, "-")) == 3


def test_near_miss_a_pole_another_name_or_another_function_has_no_value_here():
    x, y = sp.symbols("x y")
    assert rational_limit(sp.Limit(1 / x, x, 0, "+-")) is None
    assert rational_limit(sp.Limit((x ** 2 + 1) / x ** 2, x, 0, "+-")) is None
    assert rational_limit(sp.Limit(y * x / x, x, 0, "+-")) is None
    assert rational_limit(sp.Limit(sp.sin(x) / x, x, 0, "+-")) is None
    assert rational_limit(sp.Limit(x / x, x, sp.oo)) is None


def test_the_true_limit_is_never_refuted_and_its_twin_is_refuted():
    true = only_step(calc(DIFFERENCE, title="true").eq(8, "the derivative at 4"), quick=True)
    assert true.verdict in (Verdict.PROVED, Verdict.NUMERIC), (true.verdict, true.message)
    false = only_step(calc(DIFFERENCE, title="twin").eq(4, "half of it"), quick=True)
    assert false.verdict == Verdict.REFUTED, (false.verdict, false.message)


def test_near_miss_a_limit_at_a_pole_is_never_refuted():
    step = only_step(calc(sp.Limit(1 / e, e, 0, "+-"), title="pole").eq(0, "no value"), quick=True)
    assert step.verdict != Verdict.REFUTED, (step.verdict, step.message)
