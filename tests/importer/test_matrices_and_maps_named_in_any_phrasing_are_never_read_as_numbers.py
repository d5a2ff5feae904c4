r"""A name the text makes a matrix, an operator or an array in its own words is never read as a commuting number,
whatever the phrasing: the noun and the name in either order, joined by "for" or "as", a size between them
("$3$-by-$3$ matrices"), nouns of maps and arrays (Hessian, projection, rotation, whitening transform, linear maps,
attention weights, a sequence of tokens), a collection the name holds, its rows, a signature between spaces said to
be linear, a grid written out in a display, and names with a letter superscript (`W^Q`).

Read as numbers, each false twin below (`QK = KQ`, `(A+B)^2 = A^2 + 2AB + B^2`, `W^Q W^K = W^K W^Q`) was proved; a
projection's true `(I - P)^2 = I - P` was refuted.  Such names are read as products that do not commute
(products.py), or refused naming both readings where a name beside them may be a number or a matrix (`Hg`, `I - P`):
the true line beside each twin is never refuted, and the twin never accepted.

Near misses stay numbers and are checked both ways: the size of a matrix, the matrix dimension, the k-th row, a
rotation angle, weights that are numbers (`\lambda` and `\mu` summing to one, entries `p_i`), a name in another
phrase than the noun's, a function between numbers said to be linear, a determinant written out.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.noncommuting import declared
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


def _never_read_as_numbers(tmp_path, text, name, true: bool):
    doc = read_document(text, "notes.md")
    last = text.count("\n", 0, text.rindex("$$", 0, len(text) - 3)) + 1          # the line of the claim's display
    claim = [f for f in doc.failures if f.line == last]
    read = [c for c in doc.chains if c.chain.line == last]
    # refused naming a matrix, or read as products in order (proved only when the expansions agree): unsettled
    assert claim or read and all(c.unsettled for c in read), \
        (doc.failures, [c.unsettled for c in read])
    verdicts = document_verdicts(tmp_path, text, name) if doc.chains else []
    assert Verdict.REFUTED not in verdicts, verdicts
    if not true:
        assert not set(verdicts) & PASSING, verdicts


@pytest.mark.parametrize("prose, true, twin", [
    ("Suppose $A$ and $B$ are $3$-by-$3$ matrices. Then", "(A+B)^2 = A^2 + AB + BA + B^2",
     "(A+B)^2 = A^2 + 2AB + B^2"),
    ("Consider the matrices\n\n$$A = \\begin{pmatrix}1 & 1\\\\0 & 1\\end{pmatrix}, \\quad "
     "B = \\begin{pmatrix}1 & 0\\\\1 & 1\\end{pmatrix}.$$\n\nThen", "A + B = B + A", "(A+B)^2 = A^2 + 2AB + B^2"),
    ("We write $Q$ for the query matrix, $K$ for the key matrix.", "Q + K = K + Q", "QK = KQ"),
    ("Let $H$ denote the Hessian of $f$ at $x$ and $g$ its gradient.", "H + H = 2H", "Hg = gH"),
    ("The attention output is $O = AV$ where $A$ holds the attention weights, one row per query.",
     "A(V + V) = 2AV", "AV = VA"),
    ("Let $\\Sigma$ denote the covariance of $x$, and $W$ a whitening transform, so that",
     "W \\Sigma W^{-1} W = W \\Sigma", "W \\Sigma W^{-1} = \\Sigma"),
    ("For a rotation $R$ and a scaling $S$ of the plane,", "R + S = S + R", "RS = SR"),
    ("Let $\\mathsf{A}$ and $\\mathsf{B}$ be linear maps.", "\\mathsf{A} + \\mathsf{B} = \\mathsf{B} + \\mathsf{A}",
     "\\mathsf{A}\\mathsf{B} = \\mathsf{B}\\mathsf{A}"),
    ("Let $T: V \\to V$ and $U: V \\to V$ be linear.", "T + U = U + T", "TU = UT"),
    ("Here $W^Q$ and $W^K$ are learned projection matrices.", "W^Q + W^K = W^K + W^Q", "W^Q W^K = W^K W^Q"),
    ("Let $X$ be the input sequence of $n$ tokens and $W$ the projection.", "X + X = 2X", "XW = WX"),
    ("Stack the $n$ query vectors as rows of $Q$ and the keys as rows of $K$. Then", "Q + K = K + Q", "QK = KQ"),
    ("Multi-head attention concatenates heads $H_1, H_2$ and multiplies by the output projection $W^O$:",
     "W^O + W^O = 2W^O", "H_1 W^O = W^O H_1"),
    ("Let $P$ be an orthogonal projection, i.e. $P^2 = P$. Then", "(I - P)^2 = I - P", "(I - P)^2 = I + P"),
])
def test_a_matrix_or_map_named_in_words_is_never_read_as_numbers_in_the_true_line_or_its_false_twin(tmp_path, prose,
                                                                                                    true, twin):
    _never_read_as_numbers(tmp_path, f"{prose}\n\n$${true}$$\n", "true.py", true=True)
    _never_read_as_numbers(tmp_path, f"{prose}\n\n$${twin}$$\n", "twin.py", true=False)


def test_each_phrasing_declares_its_names_and_the_kind_the_noun_says():
    assert declared("Suppose $A$ and $B$ are $3$-by-$3$ matrices.") == {"A": "a matrix", "B": "a matrix"}
    assert declared("an $n$ by $m$ matrix $M$ and $N$ is an $m$ by $n$ matrix") == {"M": "a matrix", "N": "a matrix"}
    assert declared("We write $Q$ for the query matrix, $K$ for the key matrix.") == {"Q": "a matrix", "K": "a matrix"}
    assert declared("Here $W^Q$ and $W^K$ are learned projection matrices.") == {"W^{Q}": "a matrix",
                                                                                "W^{K}": "a matrix"}
    assert declared("$$QK = KQ$$ where $Q$ and $K$ are the query and key matrices") == {"Q": "a matrix",
                                                                                       "K": "a matrix"}
    assert declared("Let $T: V \\to V$ be linear.") == {"T": "an operator"}
    assert declared("Let $A: \\mathbb{R}^n \\to \\mathbb{R}^m$ be linear.") == {"A": "an operator"}
    assert declared("Consider $$v = \\begin{bmatrix} 1 \\\\ 2 \\end{bmatrix}$$") == {"v": "a vector"}
    assert declared("Let $x_k$ be the $k$-th row of $A$.") == {"A": "a matrix"}
    assert declared("$k$ is an integer, $A$ a matrix") == {"A": "a matrix"}
    assert declared("Let $p$ be the projection of $x$ onto $u$.") == {"p": "a vector"}
    assert declared("the learned weights $W_1$ and $W_2$ of the layer") == {"W_{1}": "a matrix", "W_{2}": "a matrix"}


@pytest.mark.parametrize("prose", [
    "Here $n$ is the size of the matrix.", "Let $d$ be the matrix dimension.", "the matrix dimension $d$",
    "We use $n$ for the number of rows of the matrix.", "Let $\\theta$ be the rotation angle.",
    "For weights $\\lambda$ and $\\mu$ summing to one,", "the softmax weights $p_i$ of the keys",
    "the attention weights $\\alpha_{ij}$", "Let $f: \\mathbb{R} \\to \\mathbb{R}$ be linear.",
    "Let $D = \\begin{vmatrix} a & b \\\\ c & d \\end{vmatrix}$ be the determinant.",
    "Let $s$ be the scalar projection of $x$ onto $u$ and $k$ the number of keys.",
    "The rotation by $\\theta$ maps $x$ to $y$.", "Take the $k$-th row and the $j$-th column.",
])
def test_near_miss_a_scalar_phrasing_beside_a_matrix_noun_declares_nothing(prose):
    assert not set(declared(prose)) & {"n", "d", "theta", "\\theta", "\\lambda", "\\mu", "p_{i}", "\\alpha_{ij}", "f",
                                       "D", "s", "k", "j", "x", "y"}, (prose, declared(prose))


@pytest.mark.parametrize("prose, letter", [
    ("Here $n$ is the size of the matrix.", "n"),
    ("Let $d$ be the matrix dimension.", "d"),
    ("Take the $k$-th row of the matrix.", "k"),
    ("Let $\\theta$ be the rotation angle.", "\\theta"),
    ("$k$ is a real number, $A$ a matrix.", "k"),
    ("We use $n$ for the number of rows of the matrix.", "n"),
])
def test_near_miss_a_scalar_named_beside_a_matrix_noun_is_read_both_ways(tmp_path, prose, letter):
    true, false = f"({letter} + 1)^2 = {letter}^2 + 2{letter} + 1", f"({letter} + 1)^2 = {letter}^2 + 1"
    assert set(document_verdicts(tmp_path, f"{prose}\n\n$${true}$$\n", "t.py")) <= PASSING
    assert document_verdicts(tmp_path, f"{prose}\n\n$${false}$$\n", "f.py") == [Verdict.REFUTED]


def test_near_miss_weights_that_are_numbers_are_read_both_ways(tmp_path):
    convex = "For weights $\\lambda$ and $\\mu$ summing to one,\n\n"
    assert set(document_verdicts(tmp_path, convex + "$$\\mu(a + b) = \\mu a + \\mu b$$", "c.py")) <= PASSING
    assert document_verdicts(tmp_path, convex + "$$\\mu(a + b) = \\mu a + b$$", "d.py") == [Verdict.REFUTED]
    entries = "The softmax weights $p_i$ of the keys give\n\n"
    assert set(document_verdicts(tmp_path, entries + "$$(1 - p_i)\\, p_i = p_i - p_i^2$$", "e.py")) <= PASSING
    assert document_verdicts(tmp_path, entries + "$$(1 - p_i)\\, p_i = p_i - p_i^3$$", "g.py") == [Verdict.REFUTED]
