"""An equation an earlier display states about its names may be taken as given by the displays after it.

"Let $\\mathbf{x}, \\mathbf{y}$ be vectors. $$\\mathbf{I}\\mathbf{x} = 2\\mathbf{y}$$ so $$\\|\\mathbf{x}\\|^2 =
4\\|\\mathbf{y}\\|^2$$": the second line is true under the first, so a point that breaks the first refutes nothing
there; the step is unknown, naming the earlier display (the same path as a hypothesis of the prose, conditions.py).
An identity (true at every point) breaks at no point, so the false lines after it stay refuted; a later line that
does not hold under the earlier equation is never accepted.
"""
from __future__ import annotations

import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.conditions import stated_by_display
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

VECTORS = r"Let $\mathbf{x}, \mathbf{y}$ be vectors in $\mathbb{R}^n$."


def test_a_true_consequence_of_an_earlier_vector_equation_is_not_refuted(tmp_path):
    text = f"{VECTORS}\n\n$$\\mathbf{{I}}\\mathbf{{x}} = 2\\mathbf{{y}}$$\n\nso\n\n$$\\|\\mathbf{{x}}\\|^2 = 4\\|\\mathbf{{y}}\\|^2$$\n"
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found == [Verdict.UNKNOWN, Verdict.UNKNOWN], found
    doc = read_document(text, "notes.md")
    later = doc.chains[1]
    assert any("line 3" in c.words and c.relation is None for c in later.conditions), \
        [c.words for c in later.conditions]


def test_near_miss_the_same_line_with_no_earlier_equation_is_still_refuted(tmp_path):
    text = f"{VECTORS}\n\n$$\\|\\mathbf{{x}}\\|^2 = 4\\|\\mathbf{{y}}\\|^2$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]


def test_near_miss_a_false_line_after_an_identity_is_still_refuted(tmp_path):
    text = ("Let $a$ and $b$ be real numbers.\n\n$$(a+b)^2 = a^2 + 2ab + b^2$$\n\nso\n\n$$(a-b)^2 = a^2 + b^2$$\n")
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.PROVED, Verdict.REFUTED]
    text = ("$$\\sum_{i=1}^n (x_i + y_i) = \\sum_{i=1}^n x_i + \\sum_{i=1}^n y_i$$\n\nhence\n\n"
            "$$\\sum_{i=1}^n 2 x_i = \\sum_{i=1}^n x_i$$\n")
    assert document_verdicts(tmp_path, text, "notes.py")[-1] is Verdict.REFUTED


def test_a_line_false_under_the_earlier_equation_is_never_accepted(tmp_path):
    text = f"{VECTORS}\n\n$$\\mathbf{{I}}\\mathbf{{x}} = 2\\mathbf{{y}}$$\n\nso\n\n$$\\|\\mathbf{{x}}\\|^2 = 3\\|\\mathbf{{y}}\\|^2$$\n"
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.PROVED not in found and Verdict.NUMERIC not in found, found


def test_a_scalar_equation_is_kept_as_a_relation_and_an_identity_as_nothing():
    a, b = sp.symbols("a b")
    held = stated_by_display(["a + b", "3"], ["="], ["="], [a + b, sp.Integer(3)], 4)
    assert held is not None and held.relation == sp.Eq(a + b, 3) and held.names == {"a", "b"}
    assert "line 4" in held.words
    assert stated_by_display(["(a+b)^2", "a^2 + 2ab + b^2"], ["="], ["="],
                             [(a + b) ** 2, a ** 2 + 2 * a * b + b ** 2], 4) is None
    assert stated_by_display([r"\log(e^a)", "a"], ["="], ["="], [sp.log(sp.exp(a)), a], 4) is None
    assert stated_by_display(["a", "b"], ["<"], ["<"], [a, b], 4).relation == sp.Lt(a, b)
    assert stated_by_display(["a", "b"], ["=", "<"], ["=", "<"], [a, b, sp.Integer(1)], 4).relation == sp.Eq(a, b)


def test_near_miss_a_function_written_with_its_body_is_no_hypothesis_and_a_false_derivative_after_it_is_refuted(tmp_path):
    text = ("$$\\operatorname{sigmoid}(x) = \\frac{1}{1 + \\exp(-x)}.$$\n\n"
            "$$\\frac{d}{dx} \\operatorname{sigmoid}(x) = \\frac{\\exp(-x)}{(1 + \\exp(-x))^3}$$\n")
    doc = read_document(text, "notes.md")
    assert not any("line 1" in c.words for c in doc.chains[-1].conditions), [c.words for c in doc.chains[-1].conditions]
    assert document_verdicts(tmp_path, text, "notes.py")[-1] is Verdict.REFUTED


def test_a_true_sum_identity_is_no_hypothesis_and_a_false_line_after_it_is_refuted(tmp_path):
    # the size is the same number wherever the identity writes it, and the body's i is the summation variable
    text = ("Let $n$ be a positive integer.\n$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$\nHence\n"
            "$$\\sum_{i=1}^{n} 2i = n^2.$$\n")
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.PROVED, Verdict.REFUTED]


def test_near_miss_an_equation_about_the_size_of_a_sum_is_a_hypothesis_of_the_lines_that_write_the_size(tmp_path):
    # true at n = 3, where the sum is 6: a point with another n refutes nothing
    text = "Let $n$ be a positive integer. Suppose\n$$\\sum_{i=1}^{n} i = 6.$$\nThen\n$$n^2 = 3n.$$\n"
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.REFUTED not in found, found
