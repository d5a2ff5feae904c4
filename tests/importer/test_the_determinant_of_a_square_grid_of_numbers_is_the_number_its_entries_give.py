r"""`\det\begin{bmatrix} \cos\theta & -r\sin\theta \\ \sin\theta & r\cos\theta \end{bmatrix}`: the determinant of a
square grid whose entries are numbers is a number, the sum over permutations of signed products of its entries, and
is read as that sum written out (the rule printed).  A grid that is not square has none, and a grid whose entries may
be vectors or matrices (a bold or arrowed letter, a capital: a block matrix) has another formula: both are refused by
name.  A first side that is a formula the reader refuses (`\left|\det(D\mathbf{\phi}(\mathbf{x}))\right|`) only opens
the chain: the steps after it on its row are read.

Near misses both ways: true determinants are proved, a changed entry, swapped entries or a dropped sign refuted.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts, imported_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

POLAR = r"\det\begin{bmatrix} \cos(\theta) & -r\sin(\theta) \\ \sin(\theta) & %s \end{bmatrix}"


@pytest.mark.parametrize("latex", [
    r"\det\begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix} = -2",
    r"\det\begin{pmatrix} 2 & 0 & 0 \\ 0 & 3 & 0 \\ 0 & 0 & 4 \end{pmatrix} = 24",
    r"\det\left[\begin{matrix} a & b \\ c & d \end{matrix}\right] = ad - bc",
    POLAR % r"r\cos(\theta)" + r" = r(\cos^2(\theta) + \sin^2(\theta))",
])
def test_the_determinant_of_a_square_grid_of_numbers_is_proved(latex, tmp_path):
    assert imported_verdicts(tmp_path, latex, "determinant.py") == [Verdict.PROVED]


@pytest.mark.parametrize("latex", [
    r"\det\begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix} = 2",                     # the sign of the result
    r"\det\begin{bmatrix} 2 & 1 \\ 3 & 4 \end{bmatrix} = -2",                    # entries swapped
    r"\det\left[\begin{matrix} a & b \\ c & d \end{matrix}\right] = ad + bc",
    POLAR % r"-r\cos(\theta)" + r" = r",                                            # a sign in an entry
    POLAR % r"r\sin(\theta)" + r" = r",                                             # cos -> sin in an entry
])
def test_near_miss_a_changed_entry_or_result_is_refuted(latex, tmp_path):
    assert imported_verdicts(tmp_path, latex, "determinant_twin.py") == [Verdict.REFUTED]


def test_the_rule_says_the_determinant_is_written_out_from_its_entries():
    doc = read_document("$$ " + POLAR % r"r\cos(\theta)" + " = r $$", "notes.md")
    assert any("determinant of its 2 × 2 entries" in r for r in doc.rules), doc.rules


@pytest.mark.parametrize("latex, why", [
    (r"\det\begin{bmatrix} 1 & 2 & 3 \\ 4 & 5 & 6 \end{bmatrix} = 0", "not square"),
    (r"\det\begin{bmatrix} \mathbf{u} & \mathbf{v} \\ 1 & 2 \end{bmatrix} = 2\mathbf{u} - \mathbf{v}", "vector or a matrix"),
    (r"\det\begin{bmatrix} A & B \\ C & D \end{bmatrix} = AD - BC", "vector or a matrix"),
])
def test_near_miss_a_grid_that_is_not_square_or_holds_vectors_or_blocks_is_refused(latex, why):
    doc = read_document(f"$$ {latex} $$", "notes.md")
    assert not doc.chains and any(why in f.message for f in doc.failures), [str(f) for f in doc.failures]


def test_a_first_side_the_reader_refuses_leaves_the_determinant_steps_after_it_read(tmp_path):
    text = ("If we let $\\boldsymbol{\\phi}(r, \\theta) = (r \\cos(\\theta), r\\sin(\\theta))$, then\n\n"
            "$$\n\\left|\\det(D\\mathbf{\\phi}(\\mathbf{x}))\\right| = \\left|" + POLAR % r"r\cos(\theta)"
            + "\\right| = r(\\cos^{2}(\\theta) + \\sin^{2}(\\theta)) = r.\n$$\n")
    doc = read_document(text, "notes.md")
    assert len(doc.chains) == 1 and len(doc.chains[0].exprs) == 3
    assert any("\\det" in f.message for f in doc.failures)           # the Jacobian written with D is not read
    # |r| = r only for r ≥ 0, which the words that give r its meaning (polar coordinates) say: unknown, never refuted
    assert document_verdicts(tmp_path, text, "polar.py") == [Verdict.UNKNOWN, Verdict.PROVED]
