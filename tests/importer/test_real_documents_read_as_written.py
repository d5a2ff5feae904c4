"""Displays from public notes are read as their authors wrote them, or refused naming both readings.

Each construct here was read another way by the import and a true line of a real text came out refuted:
`1/N \\sum_i x_i` read as 1/(N·Σ x_i), `x^T y` read as x to the power T, `\\mathrm{log}\\, x` read as the
product of a name "log" and x, `log x` in plain letters read as l·o·g·x, a word in capitals `TOT` read as
T·O·T.  Each test shows the refusal (or the right reading) and its near misses both ways.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import QUICK
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict


def verdicts(tmp_path, latex: str, name: str) -> list[Verdict]:
    doc = read_document(latex, "notes.md")
    path = tmp_path / name
    path.write_text(write(doc), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, error
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps]


# ---- a slash reaches over one factor only when nothing is juxtaposed after it ---------------------------

def test_a_slash_before_juxtaposed_factors_is_refused_naming_both():
    """A statistics notebook's table gives the mean as `\\mu = 1/N \\sum_{i=1}^N x_i` (public notebook, "Relevant
    Statistical Formulas"); read as 1/(N·Σ x_i), the definition made `\\mu = \\frac{1}{N}\\sum_{i=1}^N x_i` refuted."""
    doc = read_document("$$\\mu = 1/N \\sum_{i=1}^N x_i$$\n\n$$\\mu = \\frac{1}{N}\\sum_{i=1}^N x_i$$")
    x, N = sp.IndexedBase("x"), sp.Symbol("N")
    i = sp.Symbol("i", integer=True)
    assert not doc.chains and [(d.name, d.expr) for d in doc.definitions] == [("mu", sp.Sum(x[i], (i, 1, N)) / N)]
    assert doc.failures[0].readings == (r"(1/N)·\sum_{i=1}^N x_i", r"1/(N \sum_{i=1}^N x_i)")
    for latex in (r"1/2 x^2", "a/bc", r"1/n \sum_{i=1}^n (x_i w + b - y_i)^2"):
        with pytest.raises(ReadError, match="slash"):
            read_side(latex)


def test_a_slash_that_ends_at_a_sign_a_dot_or_a_parenthesis_is_still_a_quotient():
    x, y, a, b, c, n = sp.symbols("x y a b c n")
    assert read_side(r"1/2 \cdot x^2").expr == x ** 2 / 2
    assert read_side(r"x^2/2 + y").expr == x ** 2 / 2 + y
    assert read_side(r"1/(2x)").expr == 1 / (2 * x)
    assert read_side(r"(a+b)/2 - c").expr == (a + b) / 2 - c
    assert read_side(r"1/\sqrt{n}").expr == 1 / sp.sqrt(n)


@pytest.mark.slow
def test_a_mean_written_with_a_fraction_is_proved_and_its_false_twin_refuted(tmp_path):
    good = r"$$ \frac{1}{n}\sum_{i=1}^n (x_i + c) = \frac{1}{n}\sum_{i=1}^n x_i + c $$"
    bad = r"$$ \frac{1}{n}\sum_{i=1}^n (x_i + c) = \frac{1}{n}\sum_{i=1}^n x_i + 2c $$"
    assert verdicts(tmp_path, good, "good.py") == [Verdict.PROVED]
    assert verdicts(tmp_path, bad, "bad.py") == [Verdict.REFUTED]


# ---- a superscript T is a transpose unless the text writes T as a value --------------------------------

def test_a_superscript_t_the_text_writes_nowhere_else_is_a_transpose_never_a_power():
    """`w^T x = x^T w` ("the dot product is numerically symmetric", public ML notes on projections) read as
    powers of scalars was refuted: it is the inner product of w and x either way round (one name, unsettled); a
    transpose before anything but a plain letter is refused naming both readings."""
    doc = read_document(r"$$ w^T x = x^T w $$")
    assert len(doc.chains) == 1 and doc.chains[0].exprs[0] == doc.chains[0].exprs[1] and doc.chains[0].unsettled
    doc = read_document(r"$$ w^T A = A^T w $$")
    assert not doc.chains
    assert doc.failures[0].readings == ("the transpose of w", "w to the power T")
    with pytest.raises(ReadError, match="transpose"):
        read_side(r"x^{T} (y + z)")


def test_a_superscript_t_that_the_text_also_writes_as_a_value_is_a_power():
    gamma, T, t = sp.symbols("gamma T t")
    assert read_side(r"\sum_{t=1}^T \gamma^T").expr == sp.Sum(gamma ** T, (sp.Symbol("t", integer=True), 1, T))
    doc = read_document(r"$$ T + 1 = 1 + T $$ $$ \gamma^T \gamma = \gamma^{T+1} $$")
    assert len(doc.chains) == 2 and not doc.failures
    assert read_side(r"\beta^t").expr == sp.Symbol("beta") ** t        # a lower-case t is a power (Adam's β^t)


# ---- upright function names are the functions ----------------------------------------------------------

@pytest.mark.parametrize("latex, expr", [
    (r"\mathrm{log}\, p", sp.log(sp.Symbol("p"))),
    (r"\operatorname{log} a + \operatorname{log} b", sp.log(sp.Symbol("a")) + sp.log(sp.Symbol("b"))),
    (r"\mathrm{exp}(a)\,\mathrm{exp}(b)", sp.exp(sp.Symbol("a")) * sp.exp(sp.Symbol("b"))),
    (r"{\rm sin}\, x", sp.sin(sp.Symbol("x"))),
])
def test_an_upright_function_name_is_the_function_never_a_product_with_a_name(latex, expr):
    """The log loss `\\sum y_i\\mathrm{log}\\,p_i + (1-y_i)\\mathrm{log}\\,(1-p_i)` (public notes on scoring rules)
    was read with a scalar named "log" times p_i; `\\mathrm{log}\\, x^2 = 2\\,\\mathrm{log}\\, x` became a claim
    about log·x² and was refuted for every x > 0."""
    reading = read_side(latex)
    assert reading.expr == expr
    assert any("upright function name" in r for r in reading.rules)


def test_an_upright_word_in_a_subscript_stays_a_label():
    assert read_side(r"x_{\mathrm{exp}}").expr == sp.Symbol("x_exp")


@pytest.mark.slow
def test_upright_exp_true_line_proved_and_false_twin_refuted(tmp_path):
    assert verdicts(tmp_path, r"$$ \mathrm{exp}(a+b) = \mathrm{exp}(a)\,\mathrm{exp}(b) $$", "good.py") \
        == [Verdict.PROVED]
    assert verdicts(tmp_path, r"$$ \mathrm{exp}(a+b) = \mathrm{exp}(a) + \mathrm{exp}(b) $$", "bad.py") \
        == [Verdict.REFUTED]


# ---- words in plain letters ----------------------------------------------------------------------------

@pytest.mark.parametrize("latex", ["log x^2", "log_2(8)", "y log(x)", "ln x", "2 exp y"])
def test_a_function_name_in_plain_letters_is_refused_never_a_product_of_letters(latex):
    """`$$log(x^ y) = y log(x)$$` (public logistic-regression notes, "Logarithm power rule") read `y log(x)` as a
    made-up function ylog; `H = log_2 (b-a)` (public notes on the entropy of a uniform distribution) as
    l·o·g(b − a); `log x^2 = 2 log x` as l·o·g·x², refuted."""
    with pytest.raises(ReadError, match="plain letters"):
        read_side(latex)


def test_a_word_in_capitals_is_refused_never_a_product_of_letters():
    """`TOT = n\\, \\bar{a} = \\sum_{i=1}^n a_i` (public statistics notes on the Gini index, with
    `\\bar{a} = 1/n \\sum a_i` in the prose) read TOT as T·O·T and refuted the first step."""
    doc = read_document(r"$$ TOT = n\, \bar{a} = \sum_{i=1}^n a_i $$")
    assert not doc.chains and doc.failures[0].readings == ("the name TOT", "the product T·O·T")


def test_letters_that_spell_no_function_are_still_a_product():
    n, p, x, y, A, B = sp.symbols("n p x y A B")
    assert read_side("n p").expr == n * p
    assert read_side("xy").expr == x * y
    assert read_side("AB").expr == A * B
    assert read_side(r"\ln x").expr == sp.log(x)


def test_a_function_named_by_a_word_before_its_parenthesis_is_still_that_function():
    """`softmax(x_i + c) = …` (ZzzBe/Assignment-of-NLP-with-DeepLearning, Assignment1/softmax/readme(softmax).md)
    names softmax, which holds the letters of max: it stays one function, never max next to s·o·f·t."""
    x = sp.Symbol("x")
    assert read_side("softmax(x)").expr == sp.Function("softmax")(x)
    with pytest.raises(ReadError, match="plain letters"):
        read_side("softmax x")


def test_capital_letters_in_a_subscript_are_a_label_not_indices():
    """`\\hat{p}_{MLE} = \\frac{\\sum_{i=1}^n x_i}{n}` (hguangshuai/lingying, ML_fundamental/mle_derivation_p.md)
    was read as the entry p̂[M, L, E] of a three-index array."""
    assert read_side(r"\hat{p}_{MLE}").expr == sp.Symbol("p_hat_MLE")
    assert read_side(r"x_{ij}").expr == sp.IndexedBase("x")[sp.Symbol("i", integer=True), sp.Symbol("j", integer=True)]
    doc = read_document(r"$$\hat{p}_{MLE} = \frac{\sum_{i=1}^n x_i}{n}$$")
    assert [d.name for d in doc.definitions] == ["p_hat_MLE"]


# ---- a whole number before a fraction of numbers ---------------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"2\frac{1/3}{2/3} = 2\frac{1}{2} = 1",              # a product: notes on the Cantor set (ternary expansions)
    r"2\frac{1}{2} + 5 \frac{1}{2} = 3.5",                # a product: the expectation of a two-valued dice
    r"- \left[ 4\times\frac{1}{8}+2\times\frac{1}{4} \right] = 2\frac{1}{2}",   # a mixed number: bits per letter
])
def test_a_whole_number_before_a_fraction_of_numbers_is_refused_naming_both(latex):
    """The parser read `2\\frac{1}{2}` as the mixed number 5/2 (whatever its settings say); public texts write it
    both for 2·½ (`2\\frac{1}{2} + 5 \\frac{1}{2} = 3.5`, an expectation; `= 2\\frac{1}{2} = 1`, a ternary
    expansion) and for 2½ (an entropy of 2.5 bits), so the true product lines came out refuted."""
    doc = read_document(f"$$ {latex} $$")
    assert not doc.chains
    assert any(f.readings and f.readings[0].startswith("the mixed number") for f in doc.failures)


def test_a_whole_number_before_a_fraction_with_a_letter_or_a_dot_is_a_product():
    n, x = sp.symbols("n x")
    assert read_side(r"2\frac{1}{n}").expr == 2 / n
    assert read_side(r"3\cdot\frac{1}{2}").expr.doit() == sp.Rational(3, 2)
    assert read_side(r"\frac{1}{2}x").expr == x / 2


# ---- a side with no value at one point ------------------------------------------------------------------

@pytest.mark.slow
def test_a_closed_form_undefined_at_one_point_is_not_refuted_there(tmp_path):
    """`\\sum\\limits_{k=0}^{n}ar^k=\\dfrac{a(1-r^{n+1})}{1-r}` (public week-2 notes on geometric series; an
    Obsidian note states the same formula "with r ≠ 1") was refuted at r = 1, where its right side has no value:
    a text states an identity where both sides are defined, so that point refutes nothing."""
    latex = r"$$ \sum\limits_{k=0}^{n}ar^k=\dfrac{a(1-r^{n+1})}{1-r} $$"
    assert Verdict.REFUTED not in verdicts(tmp_path, latex, "geometric.py")


# ---- the spacing of a row break ----------------------------------------------------------------------------

def test_the_spacing_argument_of_a_row_break_is_not_the_next_rows_text():
    """`\\\\[7pt]` after an align row (ManiShayestehfar/obsidian_sync, Statistics/Variance.md; `\\\\[4pt]`,
    `\\\\[1em]` in many public notes) was read as the start of the next row: the side `[4pt]` became 4·p·t,
    which began a new chain `4pt = b^2 + 2ab + a^2` that was refuted."""
    doc = read_document("\\begin{align}\n(a+b)^2 &= a^2 + 2ab + b^2 \\\\[4pt]\n&= b^2 + 2ab + a^2 \\\\[1em]\n"
                        "&= (b+a)^2\n\\end{align}")
    assert len(doc.chains) == 1 and len(doc.chains[0].exprs) == 4 and not doc.failures
    assert not any(s.name in ("p", "t") for e in doc.chains[0].exprs for s in e.free_symbols)


def test_a_bracket_after_a_row_break_that_is_no_length_stays_maths():
    a, b = sp.symbols("a b")
    doc = read_document("\\begin{align}\n(a+b)^2 &= a^2 + 2ab + b^2 \\\\\n[a+b]^2 &= (a+b)^2\n\\end{align}")
    assert [c.exprs[0] for c in doc.chains] == [(a + b) ** 2, (a + b) ** 2]


# ---- a condition written beside a chain --------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("latex, words", [
    (r"\sqrt{x^2} = x \qquad x \geq 0", r"x \geq 0"),
    (r"\frac{x^2 - 1}{x - 1} = x + 1 \quad (x \neq 1)", r"x \neq 1"),
    (r"\frac{x^2 - 1}{x - 1} = x + 1 \quad \text{for } x \neq 1", r"x \neq 1"),
    (r"e^{\log x} = x, \qquad x > 0", "x > 0"),
])
def test_a_condition_written_beside_a_chain_is_proposed_and_no_point_it_excludes_refutes_the_chain(tmp_path, latex, words):
    """Public notes end displays with `, \\quad x > 0` (densities of the exponential and log-normal laws, a power
    tower integral `+C, \\qquad x>0`); the import kept such a condition as the step's reason and checked the step
    over every x, so `\\sqrt{x^2} = x \\qquad x \\geq 0` was refuted at x < 0.  The condition is now proposed beside
    the step (unconfirmed=), and a counterexample it excludes refutes nothing."""
    doc = read_document(f"$$ {latex} $$")
    assert len(doc.chains) == 1 and [c.words for c in doc.chains[0].conditions] == [words]
    assert Verdict.REFUTED not in verdicts(tmp_path, f"$$ {latex} $$", "beside.py")


@pytest.mark.slow
def test_a_false_line_with_a_condition_beside_it_is_refuted_inside_the_condition(tmp_path):
    assert verdicts(tmp_path, r"$$ \sqrt{x^2} = -x \qquad x \geq 0 $$", "beside_twin.py") == [Verdict.REFUTED]


def test_a_reason_or_a_consequence_beside_a_chain_is_still_a_reason():
    sigma, x = sp.Function("sigma"), sp.Symbol("x")
    doc = read_document(r"$$ (a+b)^2 = a^2 + 2ab + b^2 \quad \text{(expand)} $$")
    assert len(doc.chains) == 1 and not doc.failures
    doc = read_document(r"$$ \sigma(x) = \frac{1}{1 + e^{-x}} \quad \Rightarrow \quad 1 - \sigma(x) = "
                        r"\frac{e^{-x}}{1 + e^{-x}} $$")
    assert not [f for f in doc.failures if "condition" in f.message]
