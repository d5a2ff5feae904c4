r"""`\frac{d}{d\theta} \theta^9(1-\theta)^4`: when every factor of the run after a derivative operator writes its
variable, the operator reaches over the whole product (a factor meant outside the derivative would be written before
the operator, as `g(x) \frac{d}{dx} f(x)`); the rule is printed.  d2l's likelihood derivative was refused there, so
the proved step after it was never checked.

Near misses both ways: the true derivative of the product is proved and its false twin refuted; a run with a factor
that does not write the variable (`x^2 c`), a product sign, a sum, a big operator or another derivative keeps the
reach refused naming both, and a derivative followed by + still asks which term it reaches.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

theta, x = sp.symbols("theta x")


def verdicts(tmp_path, text: str) -> list[Verdict]:
    return document_verdicts(tmp_path, text, "imported.py")


@pytest.mark.parametrize("latex, body", [(r"\frac{d}{d\theta} \theta^9(1-\theta)^4", theta ** 9 * (1 - theta) ** 4),
                                         (r"\frac{d}{dx} x^2 \sin x", x ** 2 * sp.sin(x))])
def test_a_derivative_before_factors_that_all_write_its_variable_is_of_their_product(latex, body):
    reading = read_side(latex)
    assert isinstance(reading.expr, sp.Derivative) and sp.simplify(reading.expr.expr - body) == 0
    assert any("of the whole product" in r for r in reading.rules), reading.rules


def test_the_likelihood_derivative_is_proved_and_its_false_twin_refuted(tmp_path):
    text = (r"$$\frac{d}{d\theta} \theta^9(1-\theta)^4 = 9\theta^8(1-\theta)^4 - 4\theta^9(1-\theta)^{}$$" "\n")
    assert verdicts(tmp_path, text.replace("{}", "3")) == [Verdict.PROVED]
    assert verdicts(tmp_path, text.replace("{}", "4")) == [Verdict.REFUTED]


@pytest.mark.parametrize("latex", [r"\frac{d}{dx} x^2 c", r"\frac{d}{dx} x \cdot x", r"\frac{d}{dx} x^2 (1-x) + 1",
                                   r"\frac{d}{dx} x^2 \sum_{i=1}^n x", r"\frac{d}{dx} x^2 \frac{d}{dx} x",
                                   r"\frac{d}{dx} x^2 + x"])
def test_near_miss_a_factor_without_the_variable_a_sign_or_an_operator_keeps_the_reach_refused(latex):
    with pytest.raises(ReadError) as err:
        read_side(latex)
    assert "reaches" in str(err.value) and len(err.value.readings) == 2


def test_near_miss_a_derivative_written_after_a_factor_reaches_only_its_own_term():
    f, g = sp.Function("f"), sp.Function("g")
    reading = read_side(r"f(x) \frac{d}{dx} g(x) + g(x) \frac{d}{dx} f(x)")
    assert reading.expr == f(x) * sp.Derivative(g(x), x) + g(x) * sp.Derivative(f(x), x)
