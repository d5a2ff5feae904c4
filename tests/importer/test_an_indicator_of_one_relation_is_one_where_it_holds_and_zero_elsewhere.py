r"""`\mathbb{1}(y_i = k)`, `\mathbb{1}\{x \le y\}`, `\mathbb{I}(a \neq b)`: the indicator of one relation between two
expressions is 1 where it holds and 0 elsewhere (KroneckerDelta for an equation of two whole numbers, a Piecewise of
1 and 0 otherwise), printed as a rule.  Its condition may compare real names, entries with real names or entries, or
indices: the numbers then look at both cases (the equal case too) and a false line is refuted.  An entry set against
only a number or an index (`\mathbb{1}(y_i = k)` beside p_k) is refused: the entries are sampled as real numbers, so
the case where the condition holds would go unchecked.  What is not one relation (`\mathbb{1}(x)`, `a = b = c`, a set)
stays refused by name.

cs231n's softmax gradient `\frac{\partial L_i}{\partial f_k} = p_k - \mathbb{1}(y_i = k)` stays refused: the
derivative of L_i, defined through p_{y_i} in another display, with respect to the entry f_k is not read, and the
labels y_i are no whole numbers to the written file.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side


def test_an_indicator_reads_as_one_where_its_relation_holds_and_zero_elsewhere():
    reading = read_side(r"\mathbb{1}\{x \le y\} + \mathbb{I}(a \neq b)")
    x, y, a, b = sp.symbols("x y a b")
    assert reading.expr.subs({x: 1, y: 2, a: 3, b: 3}) == 1
    assert reading.expr.subs({x: 2, y: 2, a: 3, b: 4}) == 2
    assert reading.expr.subs({x: 3, y: 2, a: 3, b: 3}) == 0
    assert sum("as the indicator" in r for r in reading.rules) == 2


@pytest.mark.parametrize("display", [r"\mathbb{1}(x \le y) = 1 - \mathbb{1}(x > y)",
                                     r"\mathbb{1}\{x \le y\} + \mathbb{1}\{x > y\} = 1",
                                     r"a_i \mathbb{1}(i = j) = a_j \mathbb{1}(i = j)"])
def test_a_true_line_with_indicators_is_proved(tmp_path, display):
    assert document_verdicts(tmp_path, f"$${display}$$\n", "true.py") == ["proved"]


@pytest.mark.parametrize("display", [r"\mathbb{1}(x \le y) = \mathbb{1}(x < y)",       # differ only where x = y
                                     r"\mathbb{1}(a_i = x) + b = b",                   # an entry against a name
                                     r"\mathbb{1}(a_i = a_j) + b = b",                 # two entries
                                     r"a_i \mathbb{1}(i = j) = a_j \mathbb{1}(i \ne j)"])  # two indices
def test_a_false_line_with_indicators_is_refuted_at_the_case_where_the_condition_holds(tmp_path, display):
    assert document_verdicts(tmp_path, f"$${display}$$\n", "false.py") == ["refuted"]


@pytest.mark.parametrize("display", [r"p_k - \mathbb{1}(y_i = k) = p_k + \mathbb{1}(y_i = k)",
                                     r"\mathbb{1}(a_i \le 0) + c = \mathbb{1}(a_i < 0) + c",
                                     r"\mathbb{1}(a_i = 1) + c = c"])
def test_near_miss_an_entry_set_against_only_a_number_or_an_index_is_refused(display):
    """Read, each of these false lines passed on the numbers: no sampled entry equals a whole number."""
    doc = read_document(f"$${display}$$\n", "notes.md")
    assert not doc.chains and any("sampled as real numbers" in f.message for f in doc.failures)


@pytest.mark.parametrize("latex", [r"\mathbb{1}(x)", r"\mathbb{1}(a = b = c)", r"\mathbb{1}(x \in A)",
                                   r"\mathbb{1}(x > 0, y > 0)"])
def test_near_miss_what_is_not_one_relation_is_no_indicator_and_is_refused(latex):
    with pytest.raises(ReadError):
        read_side(latex)


def test_the_softmax_gradient_stays_refused_for_its_derivative_only():
    text = ("$$\np_k = \\frac{e^{f_k}}{ \\sum_j e^{f_j} } \\hspace{1in} L_i =-\\log\\left(p_{y_i}\\right)\n$$\n\n"
            "$$\n\\frac{\\partial L_i }{ \\partial f_k } = p_k - \\mathbb{1}(y_i = k)\n$$\n")
    doc = read_document(text, "notes.md")
    assert not doc.chains
    assert any("derivative" in f.message for f in doc.failures)
    assert not any("an indicator (1 when the condition holds, else 0) is not read" in f.message for f in doc.failures)
