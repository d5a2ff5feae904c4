"""A first `=` defines a name only when its left side is written as one new name that its right side does not use.

`\\mathbf{A}^{-1}\\mathbf{A}\\mathbf{x} = \\mathbf{A}\\mathbf{x}`, `\\mathbf{I}\\mathbf{x} = \\mathbf{y}`, `1 \\cdot x = y + 1`,
`\\frac{xy}{y} = y` have left sides that only simplify to a name; `x = Ax` writes its name on the right; `x = y` after
"Let $x$ and $y$ be real numbers" re-states a declared name.  Each is a claim, checked (never a definition that
makes the document pass unchecked).  A plain definition (`p_i = e^{s_i}/\\sum_j e^{s_j}`, `m = \\max_i x_i`) still is one.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


def verdicts(tmp_path, text: str) -> list:
    return document_verdicts(tmp_path, text, "notes.py")


VECTORS = r"Let $\mathbf{x}$, $\mathbf{y}$ be vectors in $\mathbb{R}^n$ and $\mathbf{A}$ an $n \times n$ matrix." + "\n\n"
SCALARS = "Let $x$ and $y$ be real numbers.\n\n"


@pytest.mark.parametrize("text", [
    VECTORS + r"$$\mathbf{A}^{-1}\mathbf{A}\mathbf{x} = \mathbf{A}\mathbf{x}$$",
    VECTORS + r"$$\mathbf{I}\mathbf{x} = \mathbf{y}$$",
    VECTORS + r"$$\mathbf{x} = \mathbf{A}\mathbf{x}$$",
    VECTORS + r"$$\mathbf{x} = \mathbf{y}$$",
    "Let $x$ be a vector and $A$ a matrix.\n\n$$x = A x$$",
    SCALARS + r"$$1 \cdot x = y + 1$$",
    SCALARS + r"$$\frac{xy}{y} = y$$",
    SCALARS + r"$$x = y$$",
])
def test_a_false_line_that_is_no_bare_new_name_is_a_claim_never_a_definition(tmp_path, text):
    doc = read_document(text + "\n", "notes.md")
    assert not doc.definitions and doc.chains
    assert Verdict.PROVED not in verdicts(tmp_path, text + "\n")


@pytest.mark.parametrize("text", [
    SCALARS + r"$$1 \cdot x = x$$",
    SCALARS + r"$$\frac{xy}{y} = x$$",
    VECTORS + r"$$\mathbf{I}\mathbf{x} = \mathbf{x}$$",
])
def test_its_true_twin_is_never_refuted(tmp_path, text):
    assert Verdict.REFUTED not in verdicts(tmp_path, text + "\n")


@pytest.mark.parametrize("text, name", [
    ("The softmax weights are\n\n$$p_i = \\frac{e^{s_i}}{\\sum_j e^{s_j}}$$\n", "p"),
    ("Let\n\n$$m = \\max_i x_i$$\n\nThen\n\n$$x_1 - m \\le 0$$\n", "m"),
    ("Let $\\mathbf{x}$ be a vector.\n\n$$\\mathbf{z} = 2\\mathbf{x}$$\n\n$$(a+b)^2 = a^2 + 2ab + b^2$$\n", None),
])
def test_a_bare_new_name_is_still_a_definition(text, name):
    doc = read_document(text, "notes.md")
    assert len(doc.definitions) == 1
    if name is not None:
        assert doc.definitions[0].name == name


def test_a_declared_name_given_a_formula_is_a_claim_never_refuted_and_never_proved_when_false(tmp_path):
    """The text may mean the formula as the declared name's value: the claim may be proved, never refuted."""
    declared = "Let $m$ be a real number.\n\n"
    assert Verdict.REFUTED not in verdicts(tmp_path, declared + "$$m = \\max_i x_i$$\n")
    assert verdicts(tmp_path, SCALARS + "$$x = y$$\n") == [Verdict.UNKNOWN]
    # an expression on the left is checked as written: its false line is refuted
    assert verdicts(tmp_path, SCALARS + "$$1 \\cdot x = x + 1$$\n") == [Verdict.REFUTED]
