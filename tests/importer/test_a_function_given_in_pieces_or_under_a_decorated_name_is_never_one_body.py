r"""A function the text gives in pieces is never applied as one body, and a decorated or subscripted name before a
number is never a product:

* a definition in a cases display (`\mathrm{ReLU}(x) = \begin{cases} x & x \ge 0 \\ 0 & x < 0 \end{cases}`), with a
  condition beside it (`u(x) = -x \quad \text{if } x < 0, \qquad u(x) = x \quad \text{otherwise}`) or followed in the
  prose by its range ("Let $f(x) = x^2$ for $x \ge 0$ and $f(x) = 0$ for $x < 0$") is not used: one piece applied
  everywhere refuted `\mathrm{ReLU}(-2) + \mathrm{ReLU}(3) = 3` and proved `= 13`;
* `\dot{x}(2)`, `F_X(1)`, `\Gamma_2(3)`, `\vec{r}(2)`, `V_\pi(2)`, `\hat{F}(0.5)`, `\Psi_1(2)`: a function at a number as
  often as a product, refused naming both (read as products they proved `\dot{x}(2) = 2\dot{x}(1)`).

Near misses: a function defined in one piece is applied and checked both ways; `\lambda_1(a + b)` stays a product.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


def verdicts_of(tmp_path, text: str, name: str) -> list:
    """The verdicts of the note's imported steps; none when the import refuses every display."""
    return document_verdicts(tmp_path, text, name) if read_document(text, "notes.md").chains else []
RELU = "Define\n\n$$\\mathrm{ReLU}(x) = \\begin{cases} x & x \\ge 0, \\\\ 0 & x < 0. \\end{cases}$$\n\nThen\n\n"
STEP = "Define\n\n$$u(x) = -x \\quad \\text{if } x < 0, \\qquad u(x) = x \\quad \\text{otherwise}$$\n\nso\n\n"
PROSE = "Let $f(x) = x^2$ for $x \\ge 0$ and $f(x) = 0$ for $x < 0$. Then\n\n"


@pytest.mark.parametrize("text", [
    RELU + "$$\\mathrm{ReLU}(-2) + \\mathrm{ReLU}(3) = 3$$", RELU + "$$\\mathrm{ReLU}(-2) + \\mathrm{ReLU}(3) = 13$$",
    STEP + "$$u(4) = 4$$", STEP + "$$u(4) = -4$$", PROSE + "$$f(-1) = 0$$", PROSE + "$$f(-1) = 1$$",
    "Let $H(x)$ be the step\n\n$$H(x) = \\begin{cases} 1 & x > 0 \\\\ 0 & \\text{otherwise} \\end{cases}$$\n\nso\n\n"
    "$$H(3) = 1$$",
])
def test_a_function_given_in_pieces_is_never_applied_as_one_body(tmp_path, text):
    verdicts = verdicts_of(tmp_path, text, "doc.py")
    assert Verdict.REFUTED not in verdicts and not set(verdicts) & PASSING, verdicts


def test_near_miss_a_function_defined_in_one_piece_is_applied_both_ways(tmp_path):
    prose = "Consider the function $g(x) = x^3$. Then\n\n"
    assert set(document_verdicts(tmp_path, prose + "$$g(2) = 8$$", "t.py")) <= PASSING
    assert document_verdicts(tmp_path, prose + "$$g(2) = 6$$", "f.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("latex", [r"\dot{x}(2)", r"F_X(1)", r"\Gamma_2(3)", r"\vec{r}(2)", r"V_\pi(2)",
                                   r"\hat{F}(0.5)", r"\Psi_1(2)", r"y_{\text{pred}}(2)", r"F_X(x)"])
def test_a_decorated_or_subscripted_name_before_one_number_or_name_is_refused_naming_both(latex):
    with pytest.raises(ReadError) as caught:
        read_side(latex)
    assert len(caught.value.readings) == 2


@pytest.mark.parametrize("prose, true, twin", [
    ("$x(t) = t^3$ has velocity $\\dot{x}(t) = 3t^2$.", "\\dot{x}(2) = 4\\dot{x}(1)", "\\dot{x}(2) = 2\\dot{x}(1)"),
    ("The CDF of $X$ is $F_X(x) = x^2$ on $[0,1]$.", "F_X(1) = 4F_X(0.5)", "F_X(1) = 2F_X(0.5)"),
])
def test_true_lines_and_twins_with_decorated_names_are_neither_refuted_nor_accepted(tmp_path, prose, true, twin):
    for k, line in enumerate((true, twin)):
        verdicts = verdicts_of(tmp_path, f"{prose}\n\n$${line}$$", f"d{k}.py")
        assert Verdict.REFUTED not in verdicts and not set(verdicts) & PASSING


def test_near_miss_a_subscripted_name_before_a_sum_stays_a_product():
    a, b = sp.symbols("a b")
    assert read_side(r"\lambda_1(a+b)").expr == sp.IndexedBase("lambda")[1] * (a + b)
