"""A step whose sides differ by a nonzero number (once the derivatives written in it are taken) is false at every value
of its names: whatever a display the import could not read says of those names, whatever values a worked example
gives them, it cannot hold, so it is refuted.  A step false only at some values stays held off by what the text
states, and a display the text introduces as a condition is never refuted."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.writer import false_at_every_value
from verifier.verdicts import Verdict

PROBABILITIES = ("Suppose that we have the following probabilities\n\n$$\n\\begin{aligned}\n"
                 "P(X = 1 \\; \\textrm{and} \\; Y = -1) & = \\frac{p}{2}, \\\\\n"
                 "P(X = 3 \\; \\textrm{and} \\; Y = 3) & = \\frac{1-p}{2},\n\\end{aligned}\n$$\n\nThen\n\n")
SUM = "(1-2)(-1-1)\\frac{p}{2} + (3-2)(3-1)\\frac{p}{2} + (1-2)(3-1)\\frac{1-p}{2} + (3-2)(-1-1)\\frac{1-p}{2}"


def test_a_sum_that_differs_by_a_number_from_its_value_is_refuted_after_an_unread_display(tmp_path):
    true = document_verdicts(tmp_path, PROBABILITIES + f"$$\n{SUM} = 4p - 2\n$$\n", "t.py")
    assert true and Verdict.REFUTED not in true, true
    assert document_verdicts(tmp_path, PROBABILITIES + f"$$\n{SUM} = 4p - 1\n$$\n", "f.py") == [Verdict.REFUTED]


def test_near_miss_a_step_false_only_at_some_values_stays_held_off_by_the_unread_display(tmp_path):
    found = document_verdicts(tmp_path, PROBABILITIES + "$$\np^2 = p\n$$\n", "n.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.slow
def test_a_derivative_set_equal_to_a_number_it_is_not_is_refuted(tmp_path):
    display = ("$$\nf(x,y) = x + y \\hspace{0.5in} \\rightarrow \\hspace{0.5in} \\frac{\\partial f}{\\partial x} = 1 "
               "\\hspace{0.5in} \\frac{\\partial f}{\\partial y} = {}\n$$\n")
    true = document_verdicts(tmp_path, display.replace("{}", "1"), "t.py")
    assert Verdict.PROVED in true and Verdict.REFUTED not in true, true
    assert Verdict.REFUTED in document_verdicts(tmp_path, display.replace("{}", "0"), "f.py")


def test_numbers_unequal_after_an_unread_hypothesis_are_refuted_and_equal_ones_are_not(tmp_path):
    prose = "Suppose $f(x) = w_0 + w_1 x$, and $w_0, w_1 \\sim \\mathcal{N}(0,1)$.  Then\n\n"
    chain = "$$\nE[f(x)] = E[w_0 + w_1 x] = E[w_0] + E[w_1]x = 0 + 0 = {}\n$$\n"
    assert Verdict.REFUTED not in document_verdicts(tmp_path, prose + chain.replace("{}", "0"), "t.py")
    assert Verdict.REFUTED in document_verdicts(tmp_path, prose + chain.replace("{}", "1"), "f.py")


def test_near_miss_a_display_introduced_as_a_condition_is_never_refuted(tmp_path):
    found = document_verdicts(tmp_path, "Suppose that\n\n$$x + 1 = x + 2$$\n", "c.py")
    assert Verdict.REFUTED not in found, found


def test_false_at_every_value_only_for_a_number_of_the_wrong_kind():
    x, y = sp.symbols("x y")
    assert false_at_every_value(x + 1, x + 2, "=")
    assert false_at_every_value(x + 2, x + 1, "<=") and not false_at_every_value(x + 1, x + 2, "<=")
    assert false_at_every_value(x, x, "<") and not false_at_every_value(x, x, "<=")
    assert false_at_every_value(sp.Derivative(x + y, y), sp.Integer(0), "=")
    # zero at some values, or a definition: not false everywhere
    assert not false_at_every_value(x ** 2, x, "=") and not false_at_every_value(x + 1, x + 2, "def")
    # whatever f is, f(x) + 1 is not f(x); f(x) = f(y) holds for some f
    assert false_at_every_value(sp.Function("f")(x) + 1, sp.Function("f")(x), "=")
    assert not false_at_every_value(sp.Function("f")(x), sp.Function("f")(y), "=")


def test_false_at_every_sign_of_its_names_with_absolute_values_and_signs():
    a, b = sp.symbols("a b")
    # a/|a| is sign(a) wherever it has a value: its negative fails for a > 0 and for a < 0, and a = 0 has no value
    assert false_at_every_value(a / sp.Abs(a), -sp.sign(a), "=")
    assert false_at_every_value(sp.Abs(a), -a - 1, "=") and false_at_every_value(sp.Abs(a) + 1, sp.Integer(0), "<=")
    assert false_at_every_value(sp.Abs(a * b) + 1, -sp.Abs(a) * sp.Abs(b), "=")
    # true at some signs: |a| = a for a ≥ 0, |a| = 2a at a = 0, |ab| = ab where ab ≥ 0, a/|a| = sign(a) everywhere
    assert not false_at_every_value(a / sp.Abs(a), sp.sign(a), "=")
    assert not false_at_every_value(sp.Abs(a), a, "=") and not false_at_every_value(sp.Abs(a), 2 * a, "=")
    assert not false_at_every_value(sp.Abs(a * b), a * b, "=") and not false_at_every_value(sp.Abs(a), a, ">=")


CORRELATION = ("As another example, consider $X$ as any random variable, and $Y=aX+b$ as any linear deterministic "
               "function of $X$.  Then, one can compute that\n\n$$\\sigma_{Y} = \\sigma_{aX+b} = |a|\\sigma_{X},$$\n\n"
               "and thus that\n\n$$\n\\rho(X, Y) = \\frac{a\\textrm{Var}(X)}{|a|\\sigma_{X}^2} = \\frac{a}{|a|} = {}.\n$$\n")


@pytest.mark.slow
def test_a_sign_flipped_beside_a_law_and_an_unread_display_is_refuted(tmp_path):
    # d2l's correlation of Y = aX + b with X: the step a/|a| = -sign(a) fails at every a whatever the law and the
    # display the import could not read say, so neither holds it off
    found = document_verdicts(tmp_path, CORRELATION.replace("{}", "-\\textrm{sign}(a)"), "f.py")
    assert found[-1] is Verdict.REFUTED, found


@pytest.mark.slow
def test_near_miss_the_true_sign_beside_a_law_and_an_unread_display_is_never_refuted(tmp_path):
    found = document_verdicts(tmp_path, CORRELATION.replace("{}", "\\textrm{sign}(a)"), "t.py")
    assert found and Verdict.REFUTED not in found, found
