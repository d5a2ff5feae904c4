r"""A capital the text never writes bare, before one name or one number in parentheses (`I(s_i)`, `A(2)`), is a
function as often as a factor (the self-information I(s_i), an area A(2)).  It is read as a function with no body,
which carries both readings at once: a step proved for every function holds for the function t -> I·t too (the
product reading), and a function with no value gives the numbers nothing to evaluate, so no point refutes it.

Near misses both ways: the true line of the entropy (`\sum_i p_i I(s_i) = -\sum_i p_i \log p_i`, I the
self-information) is never refuted, a line true only under the product reading (`G(4) = 4G(1)`) is never proved, a
false line about I is never proved, and a capital the text writes bare (I an identity matrix) or before a longer
expression (`A(x + 1)`, a product) keeps its old reading.
"""
from __future__ import annotations

import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import read_side
from verifier.verdicts import Verdict


def verdicts(tmp_path, text: str) -> list[Verdict]:
    return document_verdicts(tmp_path, text, "imported.py")


def test_a_capital_before_one_name_is_a_function_with_no_body_and_the_rule_says_both_readings():
    reading = read_side(r"\sum_{i=1}^n p_i I(s_i)")
    assert any(isinstance(f, sp.core.function.AppliedUndef) and f.func.__name__ == "I"
               for f in reading.expr.atoms(sp.Function))
    assert any("carries both readings" in r and "I·s_i" in r for r in reading.rules), reading.rules


def test_the_entropy_as_the_mean_self_information_is_imported_and_never_refuted(tmp_path):
    text = ("A source emits symbols $s_1, \\ldots, s_k$ with probabilities $p_1, \\ldots, p_k$.\n\n"
            "$$H(S) = \\sum_i {p_i \\cdot I(s_i)} = - \\sum_i {p_i \\cdot \\log p_i}.$$\n")
    doc = read_document(text, "notes.md")
    assert doc.chains and not doc.failures
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


def test_a_line_true_for_every_function_is_proved(tmp_path):
    assert verdicts(tmp_path, "$$\\sum_{i=1}^n p_i I(s_i) = \\sum_{i=1}^n I(s_i) p_i$$\n") == [Verdict.PROVED]


def test_near_miss_a_line_true_only_as_a_product_is_never_proved_nor_refuted(tmp_path):
    # as products G(4) = 4G(1) holds and A(2) - A(1) = A(1) too; as functions neither is shown
    for text in ("$$G(4) = 4G(1)$$\n", "The area under the line.\n\n$$A(2) - A(1) = A(1)$$\n"):
        assert verdicts(tmp_path, text) == [Verdict.UNKNOWN], text


def test_near_miss_a_false_line_about_the_function_is_never_proved(tmp_path):
    got = verdicts(tmp_path, "$$\\sum_{i=1}^n p_i I(s_i) = \\sum_{i=1}^n p_i I(s_i) + 1$$\n")
    assert got and Verdict.PROVED not in got and Verdict.NUMERIC not in got


def test_near_miss_a_capital_the_text_declares_a_matrix_or_writes_bare_is_not_this_function(tmp_path):
    # I the identity matrix the text declares: I(s_i) is a matrix product, never a function of s_i
    doc = read_document("Let $I$ be the $n \\times n$ identity matrix.\n\n$$I(s_i) = s_i$$\n", "notes.md")
    assert not any("carries both readings" in r for r in doc.rules)
    assert Verdict.REFUTED not in verdicts(tmp_path, "Let $I$ be the $n \\times n$ identity matrix.\n\n"
                                                     "$$I(\\mathbf{x} + \\mathbf{y}) = \\mathbf{x} + \\mathbf{y}$$\n")
    # I written bare in another display is a name, so I(s_i) is not read as the function with no body
    bare = read_document("$$I + 0 = I$$\n\n$$I(s_i) = s_i$$\n", "notes.md")
    assert not any("carries both readings" in r for r in bare.rules)


def test_near_miss_a_capital_before_a_longer_expression_is_a_product_both_ways(tmp_path):
    assert read_side("A(x + 1)").expr == sp.Symbol("A") * (sp.Symbol("x") + 1)
    assert verdicts(tmp_path, "$$A(x + 1) = Ax + A$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, "$$A(x + 1) = Ax + 2A$$\n") == [Verdict.REFUTED]
