r"""Four look-alikes of plain algebra that a parser reads with another meaning, each refused by name:

* `d` before a name or a parenthesis outside an integral or a derivative (`du = (2x+3)\,dx`, `ds = r\,d\theta`,
  `d(\ln t)`): a differential as often as a factor d;
* digits separated by a spacing command (`2\;3`, `10\hspace{2pt}000`): one number with spaced groups, or a product;
* an upright operator with no function behind it before no parenthesis (`\operatorname{sech} x`): read, it would be
  a quantity named sech times x;
* (a capital the text never writes bare before one number in parentheses, `A(2)`, is a function with no body,
  which carries the product reading too: never refuted, see
  test_a_capital_before_one_name_is_a_function_proved_only_for_every_function_and_never_refuted.py);
* the variable of an integral that the text also writes with a subscript (`\int_0^1 x\,dx` beside `x_i`): the
  written file makes x a vector, and the whole file would fail to load.

Near misses stay read: `d` as a dimension (`\sqrt{d}`, `nd`, `d^2`, `d_k`), integrals and derivatives with their
differentials, a number before a parenthesised expression (`2(x+1)`) or number (`2(3)`, a product), decimals with a point, functions the table
knows (`\operatorname{exp} x`), and a capital before a sum in parentheses (`A(x+1)`, a product).
"""
from __future__ import annotations

import pytest
import sympy as sp

from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side

x, d, n, k, t = sp.symbols("x d n k t")


@pytest.mark.parametrize("latex", [r"du", r"(2x+3)dx", r"e^x\,dx", r"r\,d\theta", r"d(\ln t)", r"\frac{dt}{t}",
                                   r"\mathrm{d}x"])
def test_a_differential_outside_an_integral_is_refused_naming_both_readings(latex):
    with pytest.raises(ReadError, match="outside an integral or a derivative"):
        read_side(latex)


@pytest.mark.parametrize("latex, value", [
    (r"\sqrt{d}", sp.sqrt(d)), (r"\frac{\log n}{d}", sp.log(n) / d), (r"nd", n * d), (r"d^2", d ** 2),
    (r"d_{\text{model}} + 1", sp.Symbol("d_model") + 1),
    (r"\int_0^1 x\,dx", sp.Integral(x, (x, 0, 1))), (r"\frac{d}{dx} x^2", sp.Derivative(x ** 2, x)),
])
def test_near_miss_d_as_a_quantity_and_the_differentials_of_integrals_and_derivatives_stay_read(latex, value):
    assert read_side(latex).expr == value


@pytest.mark.parametrize("latex", [r"2\;3", r"2 \quad 3", r"10\hspace{2pt}000", r"1\hspace{0.1em}000"])
def test_digits_separated_by_a_spacing_command_are_refused(latex):
    with pytest.raises(ReadError, match="spacing command"):
        read_side(latex)


@pytest.mark.parametrize("latex, value", [
    (r"2(x+1)", 2 * (x + 1)), (r"1\,000", sp.Integer(1000)), (r"2 \cdot 3", sp.Mul(2, 3, evaluate=False)),
    (r"(x)(3)", 3 * x), (r"\frac{1}{2}(3)", sp.Rational(3, 2)),
])
def test_near_miss_a_number_beside_an_expression_and_a_thousands_grouping_stay_read(latex, value):
    assert sp.simplify(read_side(latex).expr - value) == 0


@pytest.mark.parametrize("latex", [r"\operatorname{sech} x", r"\operatorname{sinc} x", r"\mathrm{sech}\, x",
                                   r"\operatorname{arccot} x"])
def test_an_operator_with_no_function_behind_it_is_refused_before_no_parenthesis(latex):
    with pytest.raises(ReadError, match="operator"):
        read_side(latex)


@pytest.mark.parametrize("latex, value", [(r"\operatorname{exp} x", sp.exp(x)), (r"\mathrm{log}\, x", sp.log(x))])
def test_near_miss_an_upright_function_the_reader_knows_stays_read(latex, value):
    assert read_side(latex).expr == value


def test_a_capital_never_written_bare_before_a_number_is_a_function_and_before_a_sum_is_a_product():
    doc = read_document("The area under the line.\n\n$$A(2) - A(1) = A(1)$$\n\n$$G(4) = 4G(1)$$\n", "notes.md")
    assert sum("carries both readings" in r for r in doc.rules) >= 2
    near = read_document("$$A(x+1) = Ax + A$$\n", "notes.md")
    assert near.chains


def test_an_integral_over_a_name_the_text_writes_with_a_subscript_is_refused_and_the_rest_still_loads():
    doc = read_document("Samples $x_i$.\n\n$$\\bar{x} = \\frac{1}{n}\\sum_{i=1}^n x_i$$\n\n"
                        "$$\\int_0^1 x\\,dx = \\frac{1}{2}$$\n\n$$\\int_0^2 t\\,dt = 2$$\n", "notes.md")
    assert any("subscript" in f.message for f in doc.failures)
    assert len(doc.chains) == 1
