"""A name is read as written, with its font and its subscript, and a number as TeX sets it.

`\\mathcal{L}` and `L`, `\\boldsymbol{\\theta}` and `\\theta`, `\\mathrm{x}` and `x` are two names; `f_1` and `f_2`
are two functions.  A text box inside a side (`|x|\\,\\text{sgn}(x)`) belongs to the side, never cuts it short.
Each misreading is shown with its near miss: the false line is not proved, the true line is not refuted, and
the reading that was right stays right.
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


def imported(tmp_path, latex: str):
    """The document imported, written, loaded and checked: (written text, [step verdicts])."""
    text = write(read_document(latex, "notes.md"))
    path = tmp_path / "imported.py"
    path.write_text(text, encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, f"{error}\n{text}"
    return text, [s.verdict for r in check_all(found, QUICK) for s in r.steps]


# ---- a font is part of a name ----------------------------------------------------------------------------

@pytest.mark.parametrize("styled, plain", [
    (r"\mathcal{L}", "L"), (r"\mathrm{x}", "x"), (r"\boldsymbol{\theta}", r"\theta"), (r"\bm{w}", "w"),
    (r"\mathsf{A}", "A"), (r"\vec{v}", "v"),
])
def test_a_styled_letter_is_a_name_of_its_own(styled, plain):
    assert read_side(f"{styled} - {plain}").expr != 0
    assert read_side(f"{styled} - {styled}").expr == 0


@pytest.mark.parametrize("latex", [r"\mathcal{L} - L = 0", r"\boldsymbol{\theta} - \theta = 0", r"\bm{w} - w = 0"])
def test_a_styled_letter_minus_the_plain_letter_is_not_proved_zero(tmp_path, latex):
    text, verdicts = imported(tmp_path, f"The loss and its surrogate differ:\n\n$${latex}.$$\n")
    assert Verdict.PROVED not in verdicts, text


def test_a_styled_letter_minus_itself_is_still_proved_zero(tmp_path):
    text, verdicts = imported(tmp_path, "The loss:\n\n$$\\mathcal{L} + \\mathcal{L} = 2\\mathcal{L}.$$\n")
    assert verdicts == [Verdict.PROVED], text


def test_an_upright_e_is_still_eulers_number_and_a_word_still_one_name():
    assert read_side(r"\mathrm{e}^{x}").expr == sp.exp(sp.Symbol("x"))
    assert read_side(r"\mathrm{bias}").expr == sp.Symbol("bias")


def test_big_o_is_refused_by_name_not_read_as_a_product():
    with pytest.raises(ReadError, match="big-O"):
        read_side(r"\mathcal{O}(n)")


# ---- a subscript is part of a function's name ------------------------------------------------------------

def test_two_subscripted_functions_are_two_functions():
    assert read_side("f_1(x) - f_2(x)").expr != 0
    assert read_side(r"\sigma_1(z) - \sigma_2(z)").expr != 0
    assert read_side("f_1(x) - f_1(x)").expr == 0


def test_the_difference_of_two_subscripted_functions_is_not_proved_zero(tmp_path):
    text, verdicts = imported(tmp_path, "Let $f_1(x) = x$ and $f_2(x) = 2x$.\n\n$$g_1(x) + g_2(x) = 2 g_1(x).$$\n")
    assert Verdict.PROVED not in verdicts, text


def test_one_subscripted_function_still_adds_up(tmp_path):
    text, verdicts = imported(tmp_path, "For a function $g_1$,\n\n$$g_1(x) + g_1(x) = 2 g_1(x).$$\n")
    assert verdicts == [Verdict.PROVED], text


# ---- a text box inside a side belongs to the side ----------------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"|x| = x \, \text{sgm}(x)",
    r"|x| = |x| \, \text{sgm}(x)",
    r"\sigma_Y^2 = a^2 \text{Loss}(X) = a \sigma^2",
    r"\max(0,x) = \frac{x+|x|}{2} = x\,\text{ReLU}'(x)",
])
def test_a_text_box_inside_a_side_never_cuts_the_side_short(latex):
    text = write(read_document(f"For real $x$,\n\n$${latex}.$$\n", "notes.md"))
    assert "NOT IMPORTED" in text and "`\\text` is not read" in text or "calc(" not in text, text
    assert ".eq(x," not in text and ".eq(Abs(x)," not in text and "unconfirmed=[\"X)" not in text, text


def test_a_text_box_that_reads_as_prose_is_still_a_side_comment(tmp_path):
    text, verdicts = imported(tmp_path, "For real $x$,\n\n$$x^2 + x = x(x + 1) \\text{ for all } x.$$\n")
    assert verdicts == [Verdict.PROVED], text
    text, verdicts = imported(tmp_path, "For real $x$,\n\n$$x^2 + x = x(x + 2) \\text{ for all } x.$$\n")
    assert Verdict.PROVED not in verdicts, text


# ---- a sign the text states overrides the sign a letter usually has ----------------------------------------

@pytest.mark.parametrize("latex", [
    "For a Lagrange multiplier $\\lambda \\le 0$,\n\n$$\\lambda + |\\lambda| = 2\\lambda.$$\n",
    "For an eigenvalue $\\lambda$ of $A$ (it may be negative),\n\n$$\\sqrt{\\lambda^2} = \\lambda.$$\n",
    "Here $\\beta$ can be any real number, and\n\n$$|\\beta| = \\beta.$$\n",
    "For a time shift $\\tau$ (positive or negative),\n\n$$\\frac{\\tau}{|\\tau|} = 1.$$\n",
])
def test_a_letter_the_text_says_may_be_negative_is_not_declared_positive(tmp_path, latex):
    text, verdicts = imported(tmp_path, latex)
    assert "positive(" not in text.split("# ---- declarations")[1], text
    assert Verdict.PROVED not in verdicts, text


def test_a_temperature_the_text_leaves_alone_is_still_positive(tmp_path):
    text, verdicts = imported(tmp_path, "For a temperature $\\tau$,\n\n$$\\frac{\\tau}{|\\tau|} = 1.$$\n")
    assert 'positive("tau"' in text and verdicts == [Verdict.PROVED], text
    text, verdicts = imported(tmp_path, "For a temperature $\\tau > 0$,\n\n$$\\sqrt{\\tau^2} = \\tau.$$\n")
    assert 'positive("tau"' in text and verdicts == [Verdict.PROVED], text


# ---- digits separated by a space are one number, as TeX sets them, or refused ------------------------------

@pytest.mark.parametrize("latex, value", [
    ("1 000 000", 1000000), ("1 048 576", 1048576), ("3 000", 3000), ("2 500", 2500), (r"1\,000", 1000),
])
def test_a_thousands_grouping_with_plain_spaces_is_one_number(latex, value):
    assert read_side(latex).expr == value


@pytest.mark.parametrize("latex", ["1 2", "0. 75", "1 00", "x^2 000"])
def test_other_digits_separated_by_a_space_are_refused_by_name(latex):
    with pytest.raises(ReadError, match="digits separated by a space"):
        read_side(latex)


def test_a_power_written_out_with_spaced_groups_is_proved_and_its_twin_refuted(tmp_path):
    text, verdicts = imported(tmp_path, "A million:\n\n$$10^6 = 1 000 000.$$\n\n$$2^{20} = 1 048 576.$$\n")
    assert verdicts == [Verdict.PROVED, Verdict.PROVED], text
    text, verdicts = imported(tmp_path, "A million:\n\n$$10^6 = 1 000 001.$$\n")
    assert verdicts == [Verdict.REFUTED], text


def test_a_number_after_a_power_is_still_a_factor():
    assert sp.simplify(read_side("2^{10} 3").expr - 3 * 2 ** 10) == 0


# ---- e and π given a value by the text are not the constants ---------------------------------------------

@pytest.mark.parametrize("latex", [
    "The graph has $e = 2$ edges, so\n\n$$e^2 = 4.$$\n",
    "The exponent\n\n$$e = 6$$\n\nand so\n\n$$e - 6 = 0.$$\n",
    "Let the residual be\n\n$$e = y - \\hat{y}.$$\n\nFor $y = 3$ it is $e = 2$ and\n\n$$e^2 + e = 6.$$\n",
    "With a bias $\\pi = 1/2$,\n\n$$2\\pi = 1.$$\n",
    "Let $e$ denote the edge count; then\n\n$$e^2 - e = e(e - 1).$$\n",
])
def test_e_or_pi_given_a_value_by_the_text_is_refused_naming_both_readings(tmp_path, latex):
    text = write(read_document(latex, "notes.md"))
    assert "is given a value or a role by the text" in text, text
    assert "calc(" not in text, text


def test_eulers_number_and_pi_stay_constants_when_the_text_gives_them_no_value(tmp_path):
    text, verdicts = imported(tmp_path, "Since $e \\approx 2.718$,\n\n$$\\ln(e^{2}) = 2.$$\n\n$$\\sin(\\pi) = 0.$$\n")
    assert verdicts == [Verdict.PROVED, Verdict.PROVED], text
    text, verdicts = imported(tmp_path, "Since $e \\approx 2.718$,\n\n$$\\ln(e^{2}) = 3.$$\n")
    assert verdicts == [Verdict.REFUTED], text


# ---- i in a text about complex numbers -------------------------------------------------------------------

@pytest.mark.parametrize("latex", [
    "With $i$ the imaginary unit,\n\n$$(1 + i)^2 = 2i.$$\n",
    "Since $i^2 = -1$,\n\n$$\\frac{1}{1 - i} = \\frac{1 + i}{2}.$$\n",
    "For complex numbers\n\n$$(a + bi)(c + di) = (ac - bd) + (ad + bc)i.$$\n",
])
def test_i_in_a_text_about_the_imaginary_unit_is_refused_never_read_as_a_real_name(latex):
    """(1 + i)² = 2i read with a real i is false, and was refuted: a true line of the text."""
    doc = read_document(latex, "notes.md")
    assert not doc.chains and any("imaginary unit" in f.message for f in doc.failures)


def test_i_as_an_index_is_still_read_where_the_text_has_no_imaginary_unit(tmp_path):
    text, verdicts = imported(tmp_path, "The mean:\n\n$$\\sum_{i=1}^{n} (x_i - 1) = \\sum_{i=1}^{n} x_i - n.$$\n")
    assert verdicts == [Verdict.PROVED], text


# ---- free names related to a number are unsettled in a chain of any length ---------------------------------

@pytest.mark.parametrize("latex", ["$$a + b = 3 = 6/2.$$", "$$v_1 = 100/10 = 10.$$"])
def test_free_names_related_to_a_number_in_a_longer_chain_are_never_refuted(tmp_path, latex):
    text, verdicts = imported(tmp_path, f"Sums:\n\n{latex}\n")
    assert "unsettled=" in text and Verdict.REFUTED not in verdicts, text


def test_a_false_chain_of_numbers_is_still_refuted(tmp_path):
    text, verdicts = imported(tmp_path, "Sums:\n\n$$\\frac{6}{2} = 3 = 4.$$\n")
    assert "unsettled=" not in text and verdicts == [Verdict.PROVED, Verdict.REFUTED], text


# ---- a word as a subscript is a label ----------------------------------------------------------------------

@pytest.mark.parametrize("latex, name", [(r"x_{max}", "x_max"), (r"d_{model}", "d_model"), (r"W_{out}", "W_out"),
                                         (r"x_{\max}", "x_max"), (r"d_{\text{model}}", "d_model")])
def test_a_word_written_as_a_subscript_is_one_name_however_it_is_set(latex, name):
    """`x_{max}` read as x at (m, a, x) made x a vector and an index at once in the written file."""
    doc = read_document(f"$$ {latex} + 1 = 1 + {latex} $$")
    assert doc.chains[0].exprs[0].free_symbols == {sp.Symbol(name)}


def test_near_miss_letters_that_spell_no_word_stay_indices():
    doc = read_document(r"$$ T_{ijk} = T_{ikj} $$")
    T = sp.IndexedBase("T")
    i, j, k = sp.symbols("i j k", integer=True)
    assert doc.chains[0].exprs == [T[i, j, k], T[i, k, j]]


@pytest.mark.parametrize("scripts, tex_order", [
    (r"\sigma^2_X", r"\sigma_X^2"),
    (r"x^2_i + 1", r"x_i^2 + 1"),
    (r"\sum^n_{i=1} x_i", r"\sum_{i=1}^n x_i"),
])
def test_a_superscript_written_before_a_subscript_is_on_the_same_letter(scripts, tex_order):
    """TeX attaches `^` and `_` to one nucleus in either order: `\\sigma^2_X` is σ_X², never a subscript on 2."""
    assert read_side(scripts).expr == read_side(tex_order).expr


def test_a_superscript_before_a_subscript_is_proved_and_its_twin_refuted(tmp_path):
    _, true = imported(tmp_path, r"$$ \sigma^2_X + 2\sigma^2_X = 3\sigma_X^2 $$")
    assert true and Verdict.REFUTED not in true and Verdict.ERROR not in true, true
    _, twin = imported(tmp_path, r"$$ \sigma^2_X + 2\sigma^2_X = 3\sigma_X^3 $$")
    assert twin == [Verdict.REFUTED]


@pytest.mark.parametrize("latex, match", [
    (r"\rho(X, Y)", "list in parentheses"),
    (r"-301029995.6\ldots", "digits go on"),
])
def test_a_name_before_a_list_and_a_number_that_goes_on_are_refused_by_name(latex, match):
    with pytest.raises(ReadError, match=match):
        read_side(latex)


# ---- a letter over a vector's name is a label as often as a power -----------------------------------------------

@pytest.mark.parametrize("text", [
    # the gated weights of a neural Turing machine: c and g name which weights, g_t is the gate
    "$$\\mathbf{w}_t^g = g_t \\mathbf{w}_t^c + (1 - g_t) \\mathbf{w}_{t-1}$$\n",
    "$$\\mathbf{h}_t^{l} = \\mathbf{h}_{t-1}^{l} + \\mathbf{x}_t$$\n",
    "$$\\mathbf{h}^{l}_t = \\mathbf{h}^{l}_{t-1}$$\n",
    "$$w_t^g = g_t w_t^c + (1 - g_t) w_{t-1}$$\n",          # plain letters, g written as g_t beside it
])
def test_a_letter_over_a_vector_s_name_is_refused_naming_the_label_and_the_power(text):
    doc = read_document(text, "notes.md")
    assert not doc.chains
    assert any("a label as often as a power" in f.message for f in doc.failures), doc.failures


@pytest.mark.parametrize("latex, power", [(r"\sum_i p_i^\alpha", sp.Symbol("alpha")), (r"x_i^k", sp.Symbol("k")),
                                          (r"\mathbf{x}_i^2", 2)])
def test_near_miss_a_letter_or_a_number_over_an_entry_stays_a_power(latex, power):
    doc = read_document(f"$${latex} = 1$$\n", "notes.md")
    assert doc.chains and any(isinstance(p, sp.Pow) and p.exp == power for p in sp.preorder_traversal(doc.chains[0].exprs[0]))


def test_near_miss_a_false_line_with_a_letter_power_over_an_entry_is_still_refuted(tmp_path):
    _, verdicts = imported(tmp_path, "Powers:\n\n$$x_i^k x_i^2 = x_i^{k+3}$$\n")
    assert verdicts == [Verdict.REFUTED]


# ---- a part with no value is refused, never read as NaN ---------------------------------------------------------

@pytest.mark.parametrize("latex", [r"x + 0 \cdot \ln 0", r"0 \log 0", r"\frac{0}{0}", r"\log 0", r"1/0",
                                   r"\tan(\pi/2)"])
def test_a_side_with_a_part_that_has_no_value_is_refused(latex):
    """`x + 0·ln 0 = 2x + 0·ln 0` was read as NaN = NaN: x and 2x were gone from the written file."""
    with pytest.raises(ReadError, match="no value"):
        read_side(latex)


def test_near_miss_a_product_with_zero_or_a_log_of_a_name_is_read(tmp_path):
    assert read_side(r"x \log x").expr == sp.Symbol("x") * sp.log(sp.Symbol("x"))
    _, verdicts = imported(tmp_path, "Then\n\n$$0 \\cdot x + x = x$$\n")
    assert verdicts == [Verdict.PROVED]
