"""Sizes the text declares are held to wherever it declares them: in words ("a matrix with $m$ rows and $n$ columns",
"a vector of length $n$", "$\\mathbf{y}$ has $m$ entries"), in a Markdown table whose header names shapes, in the
sentence right after the display ("where $\\mathbf{A} \\in \\mathbb{R}^{m \\times n}$"), and with `m > n` or `d_k < d`
(which say the two differ as `m \\neq n` does).  A line those sizes make meaningless (the inverse of a non-square
matrix, a dot product of different lengths) is refused, never passed.  The length the text gives its vectors is the
length of their dot products and norms: a sum in the display to another size the text says differs (m < n) is
another quantity (refuted), and one the text says nothing about leaves the line unsettled (never refuted).
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer import document  # noqa: F401  (loads the reader the size scanner uses)
from verifier.importer.noncommuting import sizes, unequal_sizes
from verifier.verdicts import Verdict

INVERSE = r"$$\mathbf{A}^{-1}\mathbf{A}\mathbf{x} = \mathbf{x}$$"

NON_SQUARE = [
    r"Let $\mathbf{A}$ be a matrix with $m$ rows and $n$ columns, where $m \neq n$, and let $\mathbf{x}$ be a vector "
    r"of length $n$." "\n" + INVERSE + "\n",
    "| symbol | shape |\n|---|---|\n| $\\mathbf{A}$ | $m \\times n$ |\n| $\\mathbf{x}$ | $n$ |\n\nHere $m > n$.\n"
    + INVERSE + "\n",
    "We have\n" + INVERSE + "\n" r"where $\mathbf{A} \in \mathbb{R}^{m \times n}$ with $m \neq n$ and "
    r"$\mathbf{x} \in \mathbb{R}^n$." "\n",
    r"Let $\mathbf{W}_Q \in \mathbb{R}^{d \times d_k}$ with $d_k < d$ and $\mathbf{x} \in \mathbb{R}^d$." "\n"
    r"$$\mathbf{W}_Q^{-1}\mathbf{W}_Q\mathbf{x} = \mathbf{x}$$" "\n",
    r"Let $\mathbf{A} \in \mathbb{R}^{m \times n}$ with $m > n$ and $\mathbf{x} \in \mathbb{R}^n$." "\n"
    r"$$\mathbf{x}^\top \mathbf{A} \mathbf{x} = \mathbf{x}^\top \mathbf{A}^\top \mathbf{x}$$" "\n",
    r"Let $\mathbf{x}$ have $n$ entries and $\mathbf{y}$ have $m$ entries, with $m \neq n$." "\n"
    r"$$\mathbf{x}^\top\mathbf{y} = \sum_{i=1}^{n} x_i y_i$$" "\n",
]


def test_sizes_in_words_in_a_table_and_after_a_display_are_found():
    assert sizes(NON_SQUARE[0]) == {r"\mathbf{A}": ("m", "n"), r"\mathbf{x}": ("n", "1")}
    assert sizes(NON_SQUARE[1]) == {r"\mathbf{A}": ("m", "n"), r"\mathbf{x}": ("n", "1")}
    assert sizes(NON_SQUARE[2]) == {r"\mathbf{A}": ("m", "n"), r"\mathbf{x}": ("n", "1")}
    assert sizes(NON_SQUARE[5]) == {r"\mathbf{x}": ("n", "1"), r"\mathbf{y}": ("m", "1")}
    assert unequal_sizes(NON_SQUARE[3]) == {frozenset({"d", "d_k"})}
    assert unequal_sizes(r"Here $m > n$ and $0 < p < 1$.") == {frozenset({"m", "n"})}


def test_near_miss_a_table_that_is_not_of_shapes_and_a_bound_are_no_sizes():
    table = "| symbol | value |\n|---|---|\n| $a$ | $n$ |\n"
    assert sizes(table) == {}
    assert unequal_sizes(r"Let $m \leq n$ and $f(x) > g$.") == frozenset()


@pytest.mark.parametrize("text", NON_SQUARE)
def test_a_line_the_declared_sizes_make_meaningless_never_passes(tmp_path, text):
    from verifier.importer.document import read_document
    doc = read_document(text, "notes.md")
    assert not doc.chains and any("sizes" in f.message or "not square" in f.message for f in doc.failures), \
        [f.message for f in doc.failures]


def test_near_miss_the_same_lines_for_square_or_equal_sizes_are_read_and_accepted(tmp_path):
    square = (r"Let $\mathbf{A}$ be a matrix with $n$ rows and $n$ columns, and let $\mathbf{x}$ be a vector of "
              r"length $n$." "\n" + INVERSE + "\n")
    assert document_verdicts(tmp_path, square, "square.py") == [Verdict.PROVED]
    same = (r"Let $\mathbf{x}$ have $n$ entries and $\mathbf{y}$ have $n$ entries." "\n"
            r"$$\mathbf{x}^\top\mathbf{y} = \sum_{i=1}^{n} x_i y_i + 1$$" "\n")
    assert document_verdicts(tmp_path, same, "same.py") == [Verdict.REFUTED]


SHORTER_SUMS = [
    r"Let $\mathbf{x}$ and $\mathbf{y}$ be vectors with $n$ entries, and let $m < n$." "\n"
    r"$$\mathbf{x}^\top\mathbf{y} = \sum_{i=1}^{m} x_i y_i$$" "\n",
    r"Let $\mathbf{x}$ be a vector with $n$ entries and $m < n$." "\n" r"$$\|\mathbf{x}\|^2 = \sum_{i=1}^{m} x_i^2$$" "\n",
    r"Let $\mathbf{x}$ and $\mathbf{y}$ be vectors of length $n$, and let $m < n$." "\n"
    r"$$\mathbf{x}^\top\mathbf{y} = \sum_{i=1}^{m} x_i y_i$$" "\n",
    r"Let $\mathbf{q}$ and $\mathbf{k}$ be a query and a key of dimension $d$. Only the first $h$ coordinates are "
    r"shared, $h < d$." "\n" r"$$\mathbf{q}^\top\mathbf{k} = \sum_{i=1}^{h} q_i k_i$$" "\n",
]


@pytest.mark.parametrize("text", SHORTER_SUMS)
def test_a_sum_to_another_size_never_stands_for_the_declared_length(tmp_path, text):
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.PROVED not in found, found


def test_the_declared_length_with_a_sum_to_a_size_the_text_says_differs_is_refuted(tmp_path):
    assert document_verdicts(tmp_path, SHORTER_SUMS[0], "notes.py") == [Verdict.REFUTED]


def test_near_miss_a_sum_to_a_size_the_text_never_relates_is_unsettled_and_the_same_size_accepted(tmp_path):
    unrelated = (r"Let $\mathbf{x}$ and $\mathbf{y}$ be vectors of length $n$." "\n"
                 r"$$\mathbf{x}^\top\mathbf{y} = \sum_{i=1}^{m} x_i y_i$$" "\n")
    assert document_verdicts(tmp_path, unrelated, "unrelated.py") == [Verdict.UNKNOWN]
    same = unrelated.replace("^{m}", "^{n}")
    assert Verdict.REFUTED not in document_verdicts(tmp_path, same, "same.py")
    twin = unrelated.replace("^{m} x_i y_i", "^{n} x_i y_i + 1")
    found = document_verdicts(tmp_path, twin, "twin.py")
    assert found and Verdict.PROVED not in found, found
