r"""A vector the text declares a ROW ("Let $\mathbf{q}$ and $\mathbf{k}$ be row vectors of dimension $d$", "a row vector
with $n$ entries", "a $1 \times n$ vector", a 1×n shape in a table) is 1×n: `\mathbf{q}^\top\mathbf{k}` is then a d×d
matrix (an outer product), never the number Σ q_i k_i, so a line setting it equal to a number is not read (never
proved, never passed as a restatement).  What stays a number for rows is read as before: `\mathbf{q}\cdot\mathbf{k}`
is their dot product (proved, and a false twin is not proved), and `\mathbf{r}\mathbf{A}\mathbf{r}^\top` fits the
sizes.  Column vectors, in words or bare, keep `\mathbf{q}^\top\mathbf{k}` their dot product.

A row needs no length to be a row: "Let $\mathbf{x}$ be a row vector", "$\mathbf{q}$ is a row of $Q$", "the rows of $X$
are the samples $\mathbf{x}_i$" (a bare `\mathbf{x}` is then one sample), a shape table's `(1, n)`, and a convention
for every vector ("All vectors are row vectors", "We write vectors as rows") keep `\mathbf{x}^\top\mathbf{x}` from
being the number ‖x‖².  Words about rows that declare no vector one ("row-wise", "each row of the matrix sums to
one", "the number of row vectors", "all vectors are column vectors") leave the dot product proved.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer import noncommuting
from verifier.verdicts import Verdict

POLARISATION = (r"$$\mathbf{q}^\top\mathbf{k} = \frac{1}{2}\left(\sum_{i=1}^{d} (q_i + k_i)^2 - \sum_{i=1}^{d} q_i^2 "
                r"- \sum_{i=1}^{d} k_i^2\right)$$" + "\n")


@pytest.mark.parametrize("words, shape", [
    (r"Let $\mathbf{q}$ and $\mathbf{k}$ be row vectors of dimension $d$.", ("1", "d")),
    (r"Let $\mathbf{q}$ be a row vector with $d$ entries.", ("1", "d")),
    (r"Let $\mathbf{q}$ be a row-vector of length $d$.", ("1", "d")),
    (r"Let $\mathbf{q}$ be a $1 \times d$ vector.", ("1", "d")),
    (r"Let $\mathbf{q}$ be a $d \times 1$ vector.", ("d", "1")),
    (r"Let $\mathbf{q}$ and $\mathbf{k}$ be column vectors of dimension $d$.", ("d", "1")),
    (r"Let $\mathbf{q}$ and $\mathbf{k}$ be vectors of dimension $d$.", ("d", "1")),
])
def test_the_shape_a_vector_is_declared_in_words_is_its_shape(words, shape):
    read_document("$x$")                       # the lexer the shapes use is set up by the reader
    assert noncommuting.sizes(words)[r"\mathbf{q}"] == shape


@pytest.mark.parametrize("words, display", [
    (r"Let $\mathbf{q}$ and $\mathbf{k}$ be row vectors of dimension $d$.", POLARISATION),
    (r"Let $\mathbf{r}$ be a row vector with $n$ entries.", r"$$\mathbf{r}^\top\mathbf{r} = \|\mathbf{r}\|^2$$"),
    (r"We use row vectors throughout: $\mathbf{x}$ and $\mathbf{y}$ are row vectors with $n$ entries.",
     r"$$\mathbf{x}^\top\mathbf{y} = \sum_{i=1}^{n} x_i y_i$$"),
    (r"Let $\mathbf{x}$ be a $1 \times n$ vector.", r"$$\mathbf{x}^\top\mathbf{x} = \|\mathbf{x}\|^2$$"),
    ("| symbol | shape |\n|---|---|\n| $\\mathbf{x}$ | $1 \\times n$ |",
     r"$$\mathbf{x}^\top\mathbf{x} = \|\mathbf{x}\|^2$$"),
])
def test_the_transpose_of_a_row_times_a_vector_is_never_read_as_their_dot_product(words, display):
    doc = read_document(words + "\n\n" + display + "\n", "notes.md")
    dots = [c for c in doc.chains if any(isinstance(e, sp.Sum) or e.atoms(sp.Sum) for e in c.exprs[:1])]
    assert not dots, [c.exprs for c in dots]
    assert any("line 3" in str(f) or "\\top" in f.latex or "transpose" in f.message for f in doc.failures) \
        or all(c.unsettled for c in doc.chains), [str(f) for f in doc.failures]


def test_a_row_times_a_matrix_times_its_transpose_fits_the_sizes():
    text = (r"Let $\mathbf{r}$ be a row vector with $n$ entries and $\mathbf{A}$ an $n \times n$ matrix." + "\n\n"
            r"$$\mathbf{r}\mathbf{A}\mathbf{r}^\top = \mathbf{r}^\top\mathbf{A}\mathbf{r}$$" + "\n")
    doc = read_document(text, "notes.md")
    message = " ".join(f.message for f in doc.failures)
    assert r"\mathbf{r}^{\top} (n×1)" in message and r"\mathbf{r} (n×1)" not in message, message


ROWS = r"Let $\mathbf{q}$ and $\mathbf{k}$ be row vectors of dimension $d$." + "\n\n"
DOT = r"$$\mathbf{q} \cdot \mathbf{k} = \sum_{i=1}^{d} k_i q_i$$" + "\n"


def test_the_dot_product_of_row_vectors_is_proved(tmp_path):
    assert document_verdicts(tmp_path, ROWS + DOT, "rows.py") == [Verdict.PROVED]


def test_near_miss_a_false_dot_product_of_row_vectors_is_not_proved(tmp_path):
    twin = DOT.replace("k_i q_i", "k_i q_i^2")
    assert Verdict.PROVED not in document_verdicts(tmp_path, ROWS + twin, "twin.py")


def test_the_transpose_of_a_column_times_a_column_is_still_their_dot_product(tmp_path):
    columns = r"Let $\mathbf{q}$ and $\mathbf{k}$ be column vectors of dimension $d$." + "\n\n"
    transpose = DOT.replace(r"\mathbf{q} \cdot \mathbf{k}", r"\mathbf{q}^\top\mathbf{k}")
    assert document_verdicts(tmp_path, columns + transpose, "columns.py") == [Verdict.PROVED]


NORM = r"$$\mathbf{x}^\top\mathbf{x} = \|\mathbf{x}\|^2$$"


@pytest.mark.parametrize("words", [
    r"Let $\mathbf{x}$ be a row vector.",
    r"We take the row vector $\mathbf{x}$.",
    r"Let $\mathbf{x}$ be a row of $X$.",
    r"Let $\mathbf{x}_i$ be the $i$-th row of $X$.",
    r"The rows of $X$ are the samples $\mathbf{x}_i$.",
    "All vectors are row vectors.",
    "We write vectors as rows.",
    r"All vectors are row vectors. Let $\mathbf{x} \in \mathbb{R}^n$.",
    "| symbol | shape |\n|---|---|\n| $\\mathbf{x}$ | $(1, n)$ |",
])
def test_a_row_declared_without_its_length_or_by_a_convention_keeps_its_transpose_times_itself_from_being_a_number(words):
    doc = read_document(words + "\n\n" + NORM + "\n", "notes.md")
    assert not doc.chains or all(c.unsettled for c in doc.chains), [c.exprs for c in doc.chains]
    assert any("row" in f.message or "transpose" in f.message for f in doc.failures), [str(f) for f in doc.failures]


@pytest.mark.parametrize("words, shape", [
    (r"Let $\mathbf{x}$ be a row vector.", ("1", noncommuting.UNGIVEN)),
    (r"$\mathbf{q}$ is a row of $Q$.", ("1", noncommuting.UNGIVEN)),
    ("| symbol | shape |\n|---|---|\n| $\\mathbf{x}$ | $(1, n)$ |", ("1", "n")),
    (r"All vectors are row vectors. Let $\mathbf{x} \in \mathbb{R}^n$.", ("1", "n")),
    (r"All vectors are column vectors. Let $\mathbf{x} \in \mathbb{R}^n$.", ("n", "1")),
])
def test_the_shape_of_a_row_declared_without_a_size_or_a_table_pair_is_one_by_its_length(words, shape):
    read_document("$x$")
    name = r"\mathbf{x}" if r"\mathbf{x}" in words else r"\mathbf{q}"
    assert noncommuting.sizes(words)[name] == shape


@pytest.mark.parametrize("words", [
    r"We normalise row-wise. Let $\mathbf{x}, \mathbf{y} \in \mathbb{R}^n$.",
    "Each row of the matrix sums to one.",
    "All vectors are column vectors.",
    "Let $n$ be the number of row vectors.",
    r"For $i = 1, \dots, n$, the rows of $X$ are normalised.",
    r"Let $\mathbf{x}$ be a column vector and $\mathbf{r}$ a row vector.",
])
def test_near_miss_words_about_rows_that_declare_no_vector_a_row_keep_the_dot_product(tmp_path, words):
    text = words + "\n\n" + r"$$\mathbf{x}^\top\mathbf{y} = \sum_{i=1}^{n} y_i x_i$$" + "\n"
    assert document_verdicts(tmp_path, text, "columns.py") == [Verdict.PROVED]


def test_near_miss_the_dot_product_of_vectors_all_written_as_rows_is_proved_and_its_false_twin_is_not(tmp_path):
    rows = "All vectors are row vectors.\n\n"
    assert document_verdicts(tmp_path, rows + DOT, "rows.py") == [Verdict.PROVED]
    twin = DOT.replace("k_i q_i", "k_i q_i^2")
    assert Verdict.PROVED not in document_verdicts(tmp_path, rows + twin, "twin.py")
