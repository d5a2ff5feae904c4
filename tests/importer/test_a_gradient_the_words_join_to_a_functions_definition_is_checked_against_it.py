r"""`f(x, y) = \log(e^x + e^y) \textrm{ with gradient } \nabla f(x, y) = \left[a, b\right]`: the row defines f (a new
name's first `=`), and the words ("with gradient", "and") join to it the claim that f's gradient
is the written vector, checked entry by entry against the partial derivatives of the f the row defines, in the order
of its parameters.  A true gradient is proved, a twin with a wrong entry refuted.  Near misses: a row that defines
nothing (`f(x, y) = \log(3)`, a value at a point the text names in words), a row about an f the text defined or wrote
before (its `=` may be a claim about that f), a ∇ of another function or at other names, and a vector with another
number of entries are never read so (the gradient stays unread, never refuted)."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

ROW = (r"f(x, y) = \log(e^x + e^y) \textrm{ with gradient } \nabla f (x, y) = "
       r"\left[\frac{e^x}{e^x+e^y}, \frac{e^y}{e^x+e^y}\right].")
TWIN = ROW.replace(r"\frac{e^y}{e^x+e^y}\right]", r"\frac{e^x}{e^x+e^y}\right]")
AT_A_POINT = r"f(x, y) = \log(3) \textrm{ with gradient } \nabla f (x, y) = \left[\frac{1}{3}, \frac{2}{3}\right]."


def display(*rows: str) -> str:
    return "Consider\n\n" + "\n\n".join(f"$$\n{r}\n$$" for r in rows) + "\n"


def gradient_steps(doc) -> list:
    """The chains whose first side is a partial derivative (the gradient's entries)."""
    return [c for c in doc.chains if c.exprs[0].atoms(sp.Derivative)]


def test_the_gradient_beside_a_definition_is_one_step_per_entry_against_its_partial_derivatives():
    doc = read_document(display(ROW), "notes.md")
    steps = gradient_steps(doc)
    assert len(steps) == 2, [c.exprs for c in doc.chains]
    for c, wrt in zip(steps, ("x", "y")):
        lhs, rhs = c.exprs
        (var,) = lhs.variables
        assert var.name == wrt and sp.simplify(lhs.doit() - rhs) == 0, c.exprs
    assert any("with gradient" in r and "as this row defines it" in r for r in doc.rules), doc.rules


@pytest.mark.slow
def test_a_true_gradient_beside_its_definition_is_proved(tmp_path):
    verdicts = document_verdicts(tmp_path, display(ROW), "true.py")
    assert verdicts.count(Verdict.PROVED) == 2 and Verdict.REFUTED not in verdicts, verdicts


@pytest.mark.slow
def test_near_miss_a_gradient_entry_with_the_wrong_variable_is_refuted(tmp_path):
    verdicts = document_verdicts(tmp_path, display(TWIN), "twin.py")
    assert verdicts.count(Verdict.PROVED) == 1 and verdicts.count(Verdict.REFUTED) == 1, verdicts


def test_the_joining_words_with_gradient_and_and_read_the_same_claim():
    for words in (r"\textrm{ with gradient } \nabla f(x, y) = \left[y, x\right]",
                  r"\; \textrm{and} \; \nabla f(x, y) = [y, x]"):
        doc = read_document(display(f"f(x, y) = x y {words}"), "notes.md")
        assert len(gradient_steps(doc)) == 2, (words, [c.exprs for c in doc.chains])


def test_near_miss_a_row_that_defines_nothing_leaves_its_gradient_unread():
    # `f(x, y) = \log(3)` after the definition: f at a point the display does not write; its gradient is not f's
    doc = read_document(display(ROW, AT_A_POINT), "notes.md")
    assert [c.chain.line for c in gradient_steps(doc)] == [4, 4], [(c.chain.line, c.exprs) for c in doc.chains]


@pytest.mark.slow
def test_near_miss_a_gradient_at_a_point_the_text_names_in_words_is_never_refuted(tmp_path):
    for row in (AT_A_POINT, AT_A_POINT.replace(r"\frac{1}{3}, \frac{2}{3}", r"\frac{2}{3}, \frac{1}{3}")):
        verdicts = document_verdicts(tmp_path, display(ROW, row), "point.py")
        assert Verdict.REFUTED not in verdicts, (row, verdicts)


def test_near_miss_a_row_about_an_f_defined_before_is_no_definition_of_its_own():
    doc = read_document(display(ROW, r"f(x, y) = x + y \textrm{ with gradient } \nabla f(x, y) = [1, 1]"), "n.md")
    assert [c.chain.line for c in gradient_steps(doc)] == [4, 4], [(c.chain.line, c.exprs) for c in doc.chains]


def test_near_miss_a_gradient_of_another_function_at_other_names_or_of_another_size_is_not_read():
    for words in (r"\textrm{ with gradient } \nabla g(x, y) = [y, x]",
                  r"\textrm{ with gradient } \nabla f(a, b) = [y, x]",
                  r"\textrm{ with gradient } \nabla f(x, y) = [y, x, 1]",
                  r"\textrm{ with gradient } [y, x]"):
        doc = read_document(display(f"f(x, y) = x y {words}"), "notes.md")
        assert not gradient_steps(doc), (words, [c.exprs for c in doc.chains])


def test_near_miss_a_false_gradient_beside_its_definition_is_read_to_be_refuted_not_dropped():
    doc = read_document(display(r"f(x, y) = x y \textrm{ with gradient } \nabla f(x, y) = [x, y]"), "notes.md")
    steps = gradient_steps(doc)
    assert len(steps) == 2 and all(sp.simplify(c.exprs[0].doit() - c.exprs[1]) != 0 for c in steps), \
        [c.exprs for c in doc.chains]


def test_the_row_the_gradient_is_checked_against_is_a_definition_not_a_claim(tmp_path):
    # only the gradient's entries are claims: the text's every step passes, none is an unknown claim about f
    doc = read_document(display(ROW), "notes.md")
    assert doc.chains == gradient_steps(doc), [c.exprs for c in doc.chains]
    assert any("as the definition the gradient beside it is checked against" in r for r in doc.rules), doc.rules
    assert document_verdicts(tmp_path, display(ROW), "row.py") == [Verdict.PROVED, Verdict.PROVED]

