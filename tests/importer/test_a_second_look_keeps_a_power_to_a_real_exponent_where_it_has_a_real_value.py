r"""A step read from a text whose first counterexample has a side with no value (0^n at n < 0) or no real value
(x^n at x < 0 for a fractional n) is looked at again where the text's real quantities are: the base of a power to an
exponent not known to be whole positive (x > 0), the exponent of a power of 0 positive (n > 0).  The integral twin
`\int_0^{x} ny^{n} dy = x^n - 0^n` is refuted there (at a whole n, where it is certified); the true line is never
refuted; a bound variable (y, the integral's) and a whole exponent ask nothing."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.judge.unconfirmed import real_arguments
from verifier.verdicts import Verdict

DISPLAY = "$$\n\\int_0^{{x}} ny^{{{}}} \\; dy = x^n - 0^n = x^n.\n$$\n"


def test_the_second_look_asks_a_positive_base_and_a_positive_exponent_of_0():
    n, x, y = sp.symbols("n x y", real=True)
    found = real_arguments(sp.Integral(n * y ** n, (y, 0, x)), x ** n - sp.Pow(0, n, evaluate=False))
    assert sp.Gt(x, 0) in found and sp.Gt(n, 0) in found, found
    assert not any(r.has(y) for r in found), found


def test_near_miss_a_whole_exponent_or_a_number_base_asks_nothing():
    x = sp.Symbol("x", real=True)
    k = sp.Symbol("k", integer=True)
    assert real_arguments(x ** 2 + x ** k + 2 ** x) == ()


@pytest.mark.slow
def test_the_integral_twin_is_refuted_inside_the_texts_real_quantities(tmp_path):
    found = document_verdicts(tmp_path, DISPLAY.format("n"), "f.py")
    assert found[0] == Verdict.REFUTED, found


@pytest.mark.slow
def test_near_miss_the_true_integral_line_is_never_refuted(tmp_path):
    found = document_verdicts(tmp_path, DISPLAY.format("n-1"), "t.py")
    assert found and Verdict.REFUTED not in found, found
