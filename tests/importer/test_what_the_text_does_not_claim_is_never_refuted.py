"""Lines of real documents whose reading is not a claim about every value: refused, or unsettled (never refuted).

Each was read with another meaning once, and its counterexample was a false statement about the author: a worked
example's value checked for every value, elided terms dropped, the imaginary unit taken for a real variable, a word
taken for a product of letters, a name whose defining row was not read, a constraint checked as a claim, a mean in
another letter's case, a transpose taken for a power.  Each comes with a near miss that is still read and checked."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import QUICK
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict


def _verdicts(tmp_path, text: str) -> list:
    doc = read_document(text, "notes.md")
    path = tmp_path / "written.py"
    path.write_text(write(doc), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, error
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps]


def test_a_defined_entry_set_to_a_number_is_a_worked_example():
    """`ŷ_i = w x_i + b`, then "with w = 0.5, b = 1 and x_1 = 2", `ŷ_1 = 0.5·2 + 1 = 2` was refuted at b = 1.55."""
    doc = read_document("$$\n\\hat{y}_i = w x_i + b\n$$\nWith $w = 0.5$, $b = 1$ and $x_1 = 2$,\n"
                        "$$\n\\hat{y}_1 = 0.5 \\cdot 2 + 1 = 2\n$$\n", "notes.md")
    assert doc.chains and "worked example" in doc.chains[0].unsettled


@pytest.mark.slow
def test_the_arithmetic_of_a_worked_example_is_still_decided(tmp_path):
    """`E_1 = 50 − 45 = 4`: E_1's value is unsettled, but 50 − 45 = 4 is false whatever E is."""
    verdicts = _verdicts(tmp_path, "$$\nE_i = y_i - \\hat{y}_i\n$$\n\n$$\nE_1 = 50 - 45 = 4\n$$\n")
    assert verdicts[-1] is Verdict.REFUTED and verdicts[0] is not Verdict.REFUTED


@pytest.mark.parametrize("latex", [r"1 + 2 + ... + n = \frac{n(n+1)}{2}", r"1 + 2 + . . . + n = \frac{n(n+1)}{2}"])
def test_plain_dots_are_refused_never_dropped(latex):
    """`1 + 2 + ... + n` was read as 3 + n."""
    doc = read_document(f"$$ {latex} $$\n", "notes.md")
    assert not doc.chains and "elided" in doc.failures[0].message


def test_near_miss_a_decimal_point_is_no_ellipsis():
    doc = read_document("$$ 0.5 + 0.25 = 0.75 $$\n", "notes.md")
    assert doc.chains and not doc.failures


@pytest.mark.parametrize("latex", [r"e^{i\theta} = \cos\theta + i\sin\theta", r"e^{-i \omega t} = \cos \omega t - i \sin \omega t"])
def test_the_imaginary_unit_in_the_formulas_themselves_is_never_a_real_variable(latex):
    doc = read_document(f"$$ {latex} $$\n", "notes.md")
    assert not doc.chains and "imaginary unit" in doc.failures[0].message


def test_near_miss_i_as_an_index_in_a_text_without_the_imaginary_unit_is_read():
    doc = read_document(r"$$ \sum_{i=1}^n (x_i + 1) = n + \sum_{i=1}^n x_i $$" "\n", "notes.md")
    assert doc.chains and not doc.failures


def test_a_capitalised_word_is_not_a_product_of_its_letters():
    """`Odds = P/(1 − P)` became O·d²·s."""
    doc = read_document("$$ Odds = \\frac{P}{1 - P} $$\n", "notes.md")
    assert not doc.chains and "a word" in doc.failures[0].message


def test_near_miss_capital_letters_side_by_side_are_a_product():
    doc = read_document("$$ Ax + Bx = (A + B)x $$\n", "notes.md")
    assert doc.chains and not doc.failures


def test_a_name_whose_defining_row_was_not_read_is_never_refuted():
    """`Let\\space u &= (y_i − w x_i)` was refused and u became a free real; the next row was refuted."""
    doc = read_document("$$\\begin{aligned} Let\\space u &= (y_i - wx_i) \\\\ 2u \\times (0 - x_i) &= "
                        "2(y_i - wx_i) \\times -x_i \\end{aligned}$$\n", "notes.md")
    assert doc.chains and all("u given a meaning" in c.unsettled for c in doc.chains)


def test_a_display_the_text_introduces_as_a_constraint_is_not_a_claim():
    doc = read_document("The budget constraint can be expressed as\n$$500w_i \\le 0.1x_i$$\n\n"
                        "Expanding,\n$$ (a+b)^2 = a^2 + 2ab + b^2 $$\n", "notes.md")
    assert ["constraint" in c.unsettled for c in doc.chains] == [True, False]


def test_a_mean_written_in_another_letters_case_is_refused():
    """`Σ x_i = N X̄` with no vector X: X̄ read as a free scalar made the line false."""
    doc = read_document("$$\\sum_{i=1}^N x_i = N \\bar{X}$$\n\n$$\\sum_{i=1}^N x_i = N \\bar{x}$$\n", "notes.md")
    assert [c.exprs[1] for c in doc.chains] == [sp.Symbol("N") * sp.Symbol("x_bar")]
    assert "the mean of x" in doc.failures[0].message


def test_a_transpose_of_an_entry_is_refused_even_where_t_is_a_value():
    """A threshold 0 < T < 1, then `(x_i^T w)^2 = w^T x_i x_i^T w`: read as powers T, it was refuted at T = 1.55."""
    doc = read_document("A threshold $T$ with\n$$0<T<1$$\nthen\n$$(x_i^T w)^2 = w^T x_i x_i^T w$$\n\n"
                        "$$ \\gamma^T \\gamma = \\gamma^{T+1} $$\n", "notes.md")
    assert any("transpose" in f.message for f in doc.failures)
    assert any(c.exprs[1] == sp.Symbol("gamma") ** (sp.Symbol("T") + 1) for c in doc.chains)   # a plain power stays
