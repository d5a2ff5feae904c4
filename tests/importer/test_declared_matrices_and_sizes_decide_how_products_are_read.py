"""What the text declares about its matrices and vectors decides how a product of them is read.

A bold name the text declares a matrix ("Let $\\mathbf{u}$, $\\mathbf{v}$ be $n \\times n$ matrices", "the $d \\times d$
hidden-state matrix $\\mathbf{h}_t$") is a matrix whatever its case: `\\mathbf{u}^T\\mathbf{v}` is then a matrix
product (noncommuting, never refuted), not the dot product it is for vectors, so `u^T v = v^T u` is not accepted.
The sizes the text declares (`\\mathbf{A} \\in \\mathbb{R}^{m \\times n}` with `m \\neq n`, `\\mathbf{x} \\in
\\mathbb{R}^n`) are used: a product whose inner sizes differ, an inverse or a power of a non-square matrix, a sum or a
dot product of different sizes is refused naming the sizes, never passed and never refuted.  Lines whose sizes fit
are read as before, both ways.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.noncommuting import declared, sizes, unequal_sizes
from verifier.verdicts import Verdict

MATRICES = r"Let $\mathbf{u}$, $\mathbf{v}$ and $\mathbf{w}$ be $n \times n$ matrices."
VECTORS = r"Let $\mathbf{u}$ and $\mathbf{v}$ be vectors in $\mathbb{R}^n$."
SIZED = r"Let $\mathbf{A} \in \mathbb{R}^{m \times n}$ with $m \neq n$, $\mathbf{x} \in \mathbb{R}^n$ and $\mathbf{y} \in \mathbb{R}^m$."
SQUARE = r"Let $\mathbf{A} \in \mathbb{R}^{n \times n}$ and $\mathbf{x} \in \mathbb{R}^n$."


def steps(tmp_path, prose: str, display: str) -> list:
    return document_verdicts(tmp_path, f"{prose}\n\n$${display}$$\n", "notes.py")


def test_bold_names_declared_matrices_or_vectors_and_their_sizes_are_found():
    assert declared(MATRICES, bold=True) == {r"\mathbf{u}": "a matrix", r"\mathbf{v}": "a matrix",
                                             r"\mathbf{w}": "a matrix"}
    assert declared(MATRICES) == {}
    assert sizes(MATRICES)[r"\mathbf{u}"] == ("n", "n")
    hidden = r"Let $\mathbf{h}_t$ denote the $d \times d$ hidden-state matrix of the network."
    assert declared(hidden, bold=True) == {r"\mathbf{h}_{t}": "a matrix"}
    assert sizes(SIZED) == {r"\mathbf{A}": ("m", "n"), r"\mathbf{x}": ("n", "1"), r"\mathbf{y}": ("m", "1")}
    assert unequal_sizes(SIZED) == {frozenset({"m", "n"})}
    assert sizes(r"Let $A, B \in \mathbb{R}^{n \times n}$.") == {"A": ("n", "n"), "B": ("n", "n")}


FALSE_FOR_MATRICES = [
    r"\mathbf{u}^T\mathbf{v} = \mathbf{v}^T\mathbf{u}",
    r"\mathbf{u}^T\mathbf{v}\mathbf{w} = \mathbf{w}\mathbf{u}^T\mathbf{v}",
    r"(\mathbf{u}^T\mathbf{v})^2 = \mathbf{u}^T\mathbf{v}\mathbf{v}^T\mathbf{u}",
    r"\mathbf{u}^T\mathbf{v} + \mathbf{v}^T\mathbf{u} = 2\mathbf{u}^T\mathbf{v}",
]


@pytest.mark.parametrize("line", FALSE_FOR_MATRICES)
def test_a_row_times_a_column_of_names_declared_matrices_is_never_accepted_nor_refuted(tmp_path, line):
    found = steps(tmp_path, MATRICES, line)
    assert found and all(v is Verdict.UNKNOWN for v in found), found


@pytest.mark.parametrize("line", FALSE_FOR_MATRICES[:2])
def test_near_miss_the_same_lines_for_declared_vectors_are_accepted(tmp_path, line):
    prose = VECTORS.replace(r"$\mathbf{v}$", r"$\mathbf{v}$, $\mathbf{w}$") if "w" in line else VECTORS
    found = steps(tmp_path, prose, line)
    assert found and all(v is Verdict.PROVED for v in found), found


def test_near_miss_a_dot_product_twin_of_declared_vectors_is_still_refuted(tmp_path):
    assert steps(tmp_path, VECTORS, r"\mathbf{u}^T\mathbf{v} = 2\mathbf{v}^T\mathbf{u}") == [Verdict.REFUTED]


def test_a_true_product_law_of_declared_lowercase_matrices_is_proved_and_its_twin_not(tmp_path):
    assert steps(tmp_path, MATRICES, r"(\mathbf{u}\mathbf{v})^T = \mathbf{v}^T\mathbf{u}^T") == [Verdict.PROVED]
    assert steps(tmp_path, MATRICES, r"(\mathbf{u}\mathbf{v})^T = \mathbf{u}^T\mathbf{v}^T") == [Verdict.UNKNOWN]


def test_a_subscripted_bold_name_declared_a_matrix_is_no_vector(tmp_path):
    prose = r"Let $\mathbf{h}_t$ denote the $d \times d$ hidden-state matrix and $\mathbf{W}$ a $d \times d$ matrix."
    line = r"\mathbf{h}_t^T\mathbf{W}\mathbf{h}_t = \mathbf{h}_t^T\mathbf{W}^T\mathbf{h}_t"
    assert steps(tmp_path, prose, line) == [Verdict.UNKNOWN]


def test_the_norm_of_a_name_declared_a_matrix_is_not_read_as_a_vector_norm():
    doc = read_document(f"{MATRICES}\n\n$$\\|\\mathbf{{u}}\\|^2 = \\mathbf{{u}}^T\\mathbf{{u}}$$\n", "notes.md")
    assert not doc.chains and any("norm" in f.message for f in doc.failures), [str(f) for f in doc.failures]


ILL_SIZED = [
    (r"\mathbf{x}^T\mathbf{A}\mathbf{x} = \mathbf{x}^T\mathbf{A}^T\mathbf{x}", "m×n"),
    (r"(\mathbf{x}\mathbf{A})^T = \mathbf{A}^T\mathbf{x}^T", "m×n"),
    (r"\mathbf{A}^{-1}\mathbf{A}\mathbf{x} = \mathbf{x}", "not square"),
    (r"\mathbf{x}^T\mathbf{y} = \mathbf{y}^T\mathbf{x}", "m×1"),
    (r"\mathbf{A}^2 = \mathbf{A}\mathbf{A}", "m×n"),
    (r"\|\mathbf{x}\|^2 + \|\mathbf{y}\|^2 = \|\mathbf{x} + \mathbf{y}\|^2 - 2\mathbf{x}^T\mathbf{y}", "m×1"),
]


@pytest.mark.parametrize("line, size", ILL_SIZED)
def test_a_line_the_declared_sizes_make_meaningless_is_refused_naming_the_sizes(line, size):
    doc = read_document(f"{SIZED}\n\n$${line}$$\n", "notes.md")
    assert not doc.chains, [c.chain.sides for c in doc.chains]
    assert any(size in f.message and "m ≠ n" in f.message for f in doc.failures), [str(f) for f in doc.failures]


def test_near_miss_lines_whose_declared_sizes_fit_are_read_both_ways(tmp_path):
    assert steps(tmp_path, SIZED, r"(\mathbf{A}\mathbf{x})^T\mathbf{y} = \mathbf{x}^T\mathbf{A}^T\mathbf{y}") \
        == [Verdict.PROVED]
    assert steps(tmp_path, SIZED, r"(\mathbf{A}\mathbf{x})^T\mathbf{y} = 2\mathbf{x}^T\mathbf{A}^T\mathbf{y}") \
        == [Verdict.UNKNOWN]
    assert steps(tmp_path, SIZED, r"\|\mathbf{A}\mathbf{x}\|^2 = \mathbf{x}^T\mathbf{A}^T\mathbf{A}\mathbf{x}") \
        == [Verdict.PROVED]


def test_near_miss_a_square_matrix_has_an_inverse_and_a_square(tmp_path):
    assert steps(tmp_path, SQUARE, r"\mathbf{A}^{-1}\mathbf{A}\mathbf{x} = \mathbf{x}") == [Verdict.PROVED]
    assert steps(tmp_path, SQUARE, r"\mathbf{A}\mathbf{A}^{-1}\mathbf{x} = \mathbf{A}\mathbf{x}") == [Verdict.UNKNOWN]
    assert steps(tmp_path, SQUARE, r"\mathbf{A}^2\mathbf{x} = \mathbf{A}\mathbf{A}\mathbf{x}") == [Verdict.PROVED]


def test_plain_names_with_declared_sizes_are_held_to_them(tmp_path):
    prose = r"Let $A \in \mathbb{R}^{m \times n}$ with $m \neq n$."
    doc = read_document(f"{prose}\n\n$$A^2 = A A$$\n", "notes.md")
    assert not doc.chains and any("m×n" in f.message for f in doc.failures), [str(f) for f in doc.failures]
    square = r"Let $A \in \mathbb{R}^{n \times n}$."
    assert steps(tmp_path, square, r"A^2 = A A") == [Verdict.PROVED]


def test_sizes_the_text_does_not_distinguish_are_never_a_refutation(tmp_path):
    # m and n with no `m \neq n`: the text may mean them equal; the line is read, never refuted
    prose = r"Let $\mathbf{A} \in \mathbb{R}^{m \times n}$ and $\mathbf{x} \in \mathbb{R}^n$."
    found = steps(tmp_path, prose, r"\mathbf{x}^T\mathbf{A}\mathbf{x} = 2\mathbf{x}^T\mathbf{A}^T\mathbf{x}")
    assert found and Verdict.REFUTED not in found and Verdict.PROVED not in found, found


def test_a_vector_the_text_gives_no_length_is_held_to_no_size(tmp_path):
    # `\mathbf{x}\mathbf{W}`: x may be a row there; read as before (unsettled), never refused for its size
    prose = r"Let $\mathbf{W} \in \mathbb{R}^{d \times d}$."
    assert steps(tmp_path, prose, r"\mathbf{x}\mathbf{W} = \mathbf{x}\mathbf{W}^\top") == [Verdict.UNKNOWN]
    # a vector of a declared length is a column: beside a d×k matrix on its right it is refused naming both sizes
    prose = r"Let $\mathbf{x} \in \mathbb{R}^{d}$ and $\mathbf{W} \in \mathbb{R}^{d \times k}$."
    doc = read_document(f"{prose}\n\n$$\\mathbf{{x}}\\mathbf{{W}} = \\mathbf{{W}}^\\top\\mathbf{{x}}$$\n", "notes.md")
    assert not doc.chains and any("d×1" in f.message and "d×k" in f.message for f in doc.failures), \
        [str(f) for f in doc.failures]
