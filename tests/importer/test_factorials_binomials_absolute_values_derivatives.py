r"""Constructs ML writing uses, read as SymPy's LaTeX parser reads them where that reading is the author's:
`n!`, `\binom{n}{k}` and `{n \choose k}`, absolute values `|x|`, and the derivative operator `\frac{d}{dx}`.

Each has its near misses: a bar that pairs with no other (`p(y|x)`, `|a|b|c|`) is refused, a norm `\|x\|` is
refused by name, a derivative whose reach over juxtaposed factors is not settled is refused naming both, and
`\frac{dy}{dx}` (y a name of the text, not an expression) stays refused; a true line is not refuted and its
one-edit false twin is.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import imported_verdicts
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

x, y, n, k, a = sp.symbols("x y n k a")


@pytest.mark.parametrize("latex, value", [
    ("n!", sp.factorial(n)),
    ("(n+1)!", sp.factorial(n + 1)),
    ("5!7!", sp.factorial(5) * sp.factorial(7)),
    (r"\frac{n!}{k!(n-k)!}", sp.factorial(n) / (sp.factorial(k) * sp.factorial(n - k))),
    (r"\binom{n}{k}", sp.binomial(n, k)),
    (r"{n \choose k}", sp.binomial(n, k)),
    ("|x - y|", sp.Abs(x - y)),
    ("|x| + |y|", sp.Abs(x) + sp.Abs(y)),
    (r"\left|x\right|^2", sp.Abs(x) ** 2),
    (r"\lvert x \rvert", sp.Abs(x)),
    (r"\frac{d}{dx} x^3", sp.Derivative(x ** 3, x)),
    (r"\frac{d}{dx}\left(x^2 + 1\right)", sp.Derivative(x ** 2 + 1, x)),
    (r"\frac{\partial}{\partial x} (x y)", sp.Derivative(x * y, x)),
    # d2l multivariable-calculus:752: the power belongs to what is differentiated, not to the derivative
    (r"\frac{d}{dx} (x-y)^{2}", sp.Derivative((x - y) ** 2, x)),
    (r"\frac{\mathrm{d}}{\mathrm{d}x} \sin x", sp.Derivative(sp.sin(x), x)),
    # d2l single-variable-calculus:235: the derivative of a number is 0, with no function of x to stand for
    (r"\frac{d}{dx}[1]", sp.Derivative(1, x)),
    # d2l multivariable-calculus:737: the numerator writes out what is differentiated after its d
    (r"\frac{dx}{dx}ax", a * x * sp.Derivative(x, x)),
    (r"\frac{d(x^2)}{dx}", sp.Derivative(x ** 2, x)),
    (r"\frac{\mathrm{d} \sin x}{\mathrm{d}x}", sp.Derivative(sp.sin(x), x)),
    (r"\frac{\partial (xy)}{\partial x}", sp.Derivative(x * y, x)),
])
def test_the_construct_is_read_as_written(latex, value):
    assert sp.simplify(read_side(latex).expr - value) == 0 or read_side(latex).expr == value


@pytest.mark.parametrize("latex, match", [
    ("p(y|x)", "pairs with no other bar"),
    ("|a|b|c|", "pairs with no other bar"),
    (r"\|x\|", "norm"),
    (r"\frac{d}{dx} x y", "not settled"),
    (r"\frac{d}{dx}(x) y", "not settled"),
    (r"\frac{dy}{dx}", "derivative"),
    (r"\frac{d^2 x}{dx^2}", "derivative"),
    (r"\frac{d x y}{dx}", "derivative"),
    (r"\frac{\partial x}{dx}", "derivative"),
    (r"\frac{d}{dx} C", "written without x"),
    (r"\frac{d x_i}{dx}", "entry of x"),
    (r"\frac{dx^2}{dx}", "power written on the name after d"),
    (r"\frac{d}{dx} x_i", "entry of x"),
    ("!n", "not read"),
])
def test_a_near_miss_is_refused_by_name(latex, match):
    with pytest.raises(ReadError, match=match):
        read_side(latex)


@pytest.mark.slow
@pytest.mark.parametrize("true, twin", [
    (r"\binom{n}{2} = \frac{n(n-1)}{2}", r"\binom{n}{2} = \frac{n(n+1)}{2}"),
    (r"|x - y| \le |x| + |y|", r"|x + y| \le |x| - |y|"),
    (r"\frac{d}{dx} x^3 = 3x^2", r"\frac{d}{dx} x^3 = 3x"),
    (r"\frac{d(x^3)}{dx} = 3x^2", r"\frac{d(x^3)}{dx} = 3x"),
    (r"\frac{d}{dx}[1] + x\frac{dx}{dx} = x", r"\frac{d}{dx}[1] + x\frac{dx}{dx} = 2x"),
])
def test_a_true_line_is_not_refuted_and_its_twin_is(tmp_path, true, twin):
    for latex, name in ((true, "true.py"), (twin, "twin.py")):
        verdicts = imported_verdicts(tmp_path, latex, name)
        if name == "true.py":
            assert verdicts and Verdict.REFUTED not in verdicts and Verdict.ERROR not in verdicts
        else:
            assert verdicts == [Verdict.REFUTED]


def test_an_absolute_value_before_a_factor_is_a_product_checked_both_ways(tmp_path):
    """`|a|\\sigma_X`, `\\frac{a}{|a| b}`: the only two bars of their level pair, and what follows the closing one is a
    factor.  A lone bar, a conditional `p(y|x)`, `a|b|c` and `|a||b|` stay refused."""
    from verifier.importer.document import read_document
    assert imported_verdicts(tmp_path, r"|a| b \cdot b = |a| b^2", "t.py") == [Verdict.PROVED]
    assert imported_verdicts(tmp_path, r"|a| b = a b", "f.py") == [Verdict.REFUTED]
    for unsettled in (r"a|b|c = 1", r"p(y|x) = 1", r"|a||b| = |ab|", r"x|a| b = c"):
        doc = read_document(f"$${unsettled}$$\n", "n.md")
        assert not doc.chains and doc.failures, unsettled
