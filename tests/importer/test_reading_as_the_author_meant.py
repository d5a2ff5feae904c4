"""The importer reads LaTeX the way its author meant it, or refuses; it never reads a side one way and refutes it.

Each misreading here was found on real documents (lecture notes, a textbook appendix, model answers): a
decimal written as a Python float, `.5` read as 5, `1\\,000` as a product, `\\frac{dy}{dx}` as y/x,
`\\sin^{-1}` as 1/sin, `p(1-p)` as a function p applied, `E[X]` as a parser-made function, `\\mu_X` as an
entry of a vector, a definition `p_i = …` checked as a claim about a free p.  Each test shows the right
reading and its near misses both ways: the true line is not refuted, its one-edit false twin is refuted (or
at least not accepted).
"""
from __future__ import annotations

import ast

import sympy as sp
import pytest

from tests.engine import QUICK
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, is_law_quantity, read_side
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict


def imported(tmp_path, latex: str, name: str = "imported.py"):
    """The document imported, written, loaded and checked: (document, written text, {chain name: result})."""
    doc = read_document(latex, "notes.tex")
    text = write(doc)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, f"{error}\n{text}"
    return doc, text, {r.name: r for r in check_all(found, QUICK)}


def verdicts_of(results) -> list[Verdict]:
    return [s.verdict for r in results.values() for s in r.steps]


# ---- numbers exactly as written ----------------------------------------------------------------------

@pytest.mark.parametrize("latex, value", [
    ("0.5", sp.Rational(1, 2)),
    (".5", sp.Rational(1, 2)),
    ("0.123456789012345678901", sp.Rational(123456789012345678901, 10 ** 21)),
    (r"1\,000", sp.Integer(1000)),
    ("1{,}000", sp.Integer(1000)),
    (r"12,\!000", sp.Integer(12000)),
    (r"1\,234\,567", sp.Integer(1234567)),
    (r"1.5\times10^{-3}", sp.Rational(3, 2000)),
    ("1.5e-3", sp.Rational(3, 2000)),
    ("1e-3", sp.Rational(1, 1000)),
    ("2.5^2", sp.Rational(25, 4)),
])
def test_a_number_is_read_exactly_as_written(latex, value):
    expr = read_side(latex).expr
    assert expr == value and not expr.atoms(sp.Float)


@pytest.mark.parametrize("latex, readings", [
    ("3{,}14", ("the decimal number 3.14", "the product 3·14")),
    (r"2\,5", ("the decimal number 2.5", "the product 2·5")),
    ("2e-1", ("2·10^-1 (scientific notation)", "2·e-1 (Euler's e)")),
])
def test_a_number_written_two_ways_is_refused_naming_both(latex, readings):
    with pytest.raises(ReadError) as err:
        read_side(latex)
    assert err.value.readings == readings


def test_euler_e_next_to_a_number_is_still_e():
    assert read_side("2e^{-1}").expr == 2 * sp.exp(-1)
    assert read_side("2e").expr == 2 * sp.E


def test_a_comma_list_of_numbers_is_refused_not_read_as_a_set():
    with pytest.raises(ReadError, match="FiniteSet"):
        read_side("1,000")


def test_a_written_file_never_holds_a_float_literal(tmp_path):
    doc, text, _ = imported(tmp_path, r"$$ y + 0.123456789012345678901 = y + 1.5e-3 $$")
    code = text.split('"""', 2)[2]
    assert "Rational(123456789012345678901, 1000000000000000000000)" in code and "Rational(3, 2000)" in code
    assert not [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Constant) and isinstance(n.value, float)]


@pytest.mark.slow
@pytest.mark.parametrize("true_line, false_twin", [
    (r"0.1 + 0.2 = 0.3", r"0.1 + 0.2 = 0.31"),
    (r".5 \cdot 4 = 2", r".5 \cdot 4 = 20"),                       # .5 read as 5 made the twin "proved"
    (r"1\,000 \cdot 2 = 2\,000", r"1\,000 \cdot 2 = 0"),           # 1\,000 read as 1·0 made the twin equal
    (r"1.5e-3 \cdot 1000 = 1.5", r"1.5e-3 \cdot 1000 = 15"),
    (r"1.5\times10^{-3} \cdot 2 = 0.003", r"1.5\times10^{-3} \cdot 2 = 0.03"),
])
def test_numbers_true_line_proved_and_its_one_edit_twin_refuted(tmp_path, true_line, false_twin):
    _, _, good = imported(tmp_path, f"$$ {true_line} $$", "good.py")
    _, _, bad = imported(tmp_path, f"$$ {false_twin} $$", "bad.py")
    assert verdicts_of(good) == [Verdict.PROVED]
    assert verdicts_of(bad) == [Verdict.REFUTED]


# ---- ambiguous readings: settled by a printed rule, or refused ----------------------------------------

@pytest.mark.parametrize("latex", [r"\frac{dy}{dx}", r"\frac{d}{dx} f", r"\frac{\mathrm{d}y}{\mathrm{d}x}",
                                   r"\frac{d^2 y}{dx^2}", r"\frac{\partial f}{\partial x}", r"\frac{\Delta y}{\Delta x}"])
def test_d_over_d_x_is_never_read_as_a_quotient(latex):
    with pytest.raises(ReadError):
        read_side(latex)


def test_a_d_that_is_a_dimension_is_still_a_quotient():
    assert read_side(r"\frac{d}{2}").expr == sp.Symbol("d") / 2
    assert read_side(r"\frac{1}{\sqrt{d}}").expr == 1 / sp.sqrt(sp.Symbol("d"))


def test_sin_to_the_minus_one_is_the_inverse_function_and_says_so():
    reading = read_side(r"\sin^{-1} x")
    assert reading.expr == sp.asin(sp.Symbol("x"))
    assert any("never 1/sin" in r for r in reading.rules)
    assert read_side(r"\sin^{2} x").expr == sp.sin(sp.Symbol("x")) ** 2
    assert read_side(r"\tan^{-1} x").expr == sp.atan(sp.Symbol("x"))
    with pytest.raises(ReadError) as err:               # no convention: both readings named
        read_side(r"\log^{-1} x")
    assert len(err.value.readings) == 2


def test_a_letter_written_as_a_variable_before_a_parenthesis_is_a_product():
    p, n = sp.symbols("p n")
    reading = read_side("p(1-p)")
    assert reading.expr == p * (1 - p)
    assert any("product" in r for r in reading.rules)
    assert read_side("np(1-p)").expr == n * p * (1 - p)
    # a letter written bare elsewhere and before a parenthesis here: both readings named, never a guess
    doc = read_document(r"$$ p + 1 = 1 + p $$ $$ p(x + 1) = p x + p $$")
    assert len(doc.chains) == 1 and doc.failures[0].readings == ("the product p·(x + 1)",
                                                                  "the function p applied to x + 1")
    assert isinstance(read_side("p(x)").expr, sp.core.function.AppliedUndef)
    with pytest.raises(ReadError) as err:               # two unknown letters: a word or a product, refused
        read_side("xy(z)")
    assert "the function xy applied to z" in err.value.readings[0]


@pytest.mark.parametrize("latex, name", [(r"E[X]", "E[X]"), (r"\mathrm{E}[X]", "E[X]"), (r"\mathbb{E}[X]", "E[X]"),
                                         (r"\mathbb{E}_i[e^{s_i}]", "E_{i}[e^{s_i}]")])
def test_an_expectation_is_a_quantity_of_its_own_never_a_function_with_a_mangled_name(latex, name):
    expr = read_side(latex).expr
    assert expr == sp.Symbol(name) and is_law_quantity(expr) and not expr.atoms(sp.core.function.AppliedUndef)
    assert "\t" not in expr.name


def test_an_expectation_in_a_font_the_reader_does_not_take_apart_is_refused():
    with pytest.raises(ReadError):
        read_side(r"\operatorname{\mathbb{E}}[X]")


def test_a_name_before_a_parenthesis_is_never_a_function_the_parser_invented():
    """latex2sympy2_extended reads `\\mathrm{V}(X)` as a function V applied to X; the reader puts a product there,
    except where the name is an operator on random variables (`E(X)`, an expectation), which is refused by name."""
    lam, a, b, E, X = sp.symbols("lambda a b E X")
    assert read_side(r"\lambda(a+b)").expr == lam * (a + b)
    with pytest.raises(ReadError, match="expectation"):
        read_side("E(X)")
    assert not read_side(r"\lambda(X)").expr.atoms(sp.core.function.AppliedUndef)


def test_a_capital_before_one_name_in_parentheses_carries_the_function_and_the_product(tmp_path):
    """`\\sum_i p_i I(s_i) = -\\sum_i p_i \\log p_i` (d2l, I the self-information) was read with I·s_i and refuted: it
    is a function with no body, proved only for every function (the product among them) and refuted never."""
    reading = read_side(r"\sum_{i=1}^n p_i I(s_i)")
    assert any("carries both readings" in r for r in reading.rules)
    _, _, results = imported(tmp_path, r"$$ \sum_{i=1}^n p_i I(s_i) = -\sum_{i=1}^n p_i \log p_i $$")
    assert verdicts_of(results) == [Verdict.UNKNOWN]
    # near misses: a capital before a longer expression, or a capital the text writes bare, is still a product
    A, x = sp.symbols("A x")
    assert read_side("A(x + 1)").expr == A * (x + 1)
    kept = read_document(r"$$ A + 1 = 1 + A $$ $$ A(x) + A = A(x + 1) $$", "notes.md")
    assert len(kept.chains) == 2 and not kept.failures
    _, _, results = imported(tmp_path, r"$$ A + 1 = 1 + A $$ $$ A(x) + A = A(x + 2) $$")
    assert verdicts_of(results)[-1] is Verdict.REFUTED


def test_an_uppercase_subscript_is_a_label_unless_the_text_sums_over_it():
    reading = read_side(r"\mu_X + \sigma_Y")
    assert reading.expr == sp.Symbol("mu_X") + sp.Symbol("sigma_Y")
    summed = read_side(r"\sum_{i=1}^N x_i + x_N").expr
    assert sp.IndexedBase("x")[sp.Symbol("N", integer=True)] in summed.atoms(sp.Indexed) or \
        any(str(e) == "x[N]" for e in summed.atoms(sp.Indexed))


@pytest.mark.parametrize("latex", [r"\mathbf{A}\mathbf{B}", r"\mathbf{v}\mathbf{w}", r"\vec{v}\vec{w}",
                                   r"\mathbf{A} x"])
def test_a_bold_or_arrowed_letter_is_a_vector_or_matrix_and_refused(latex):
    r"""`\mathbf{v}\mathbf{w}` read as scalars would be a product of numbers: bold letters are vectors or matrices,
    whose products the reader refuses (a dot product or a norm is read over their entries, see
    test_dot_products_and_norms_of_vectors_read_over_their_entries.py)."""
    with pytest.raises(ReadError, match="vector or a matrix"):
        read_side(latex)


@pytest.mark.slow
def test_ambiguity_rules_true_lines_not_refuted_and_false_twins_refuted(tmp_path):
    _, _, good = imported(tmp_path, r"""
$$ \sin^{-1} \frac{1}{2} = \frac{\pi}{6} $$
$$ p(1-p) = p - p^2 $$
""", "good.py")
    assert verdicts_of(good) == [Verdict.PROVED, Verdict.PROVED]
    _, _, bad = imported(tmp_path, r"""
$$ \sin^{-1} \frac{1}{2} = \frac{\pi}{3} $$
$$ p(1-p) = p + p^2 $$
""", "bad.py")
    assert verdicts_of(bad) == [Verdict.REFUTED, Verdict.REFUTED]


def test_a_side_that_was_not_read_is_refused_never_checked(tmp_path):
    doc = read_document(r"$$ \frac{dy}{dx} = \frac{y}{x} $$ $$ \Vert X \Vert = X $$")
    assert not doc.chains and len(doc.failures) == 2
    doc = read_document(r"$$ E[X] = X $$")           # an expectation: a quantity, never refuted
    assert [c.unsettled != "" for c in doc.chains] == [True] and all("\t" not in str(f) for f in doc.failures)
