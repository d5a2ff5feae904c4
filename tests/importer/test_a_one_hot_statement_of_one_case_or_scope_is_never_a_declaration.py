r"""A vector the words say is one-hot only in one case or scope ("With hard labels $\mathbf{y}$ is a one-hot vector of
length $q$; with label smoothing …", "In the previous chapter $\mathbf{y}$ is a one-hot vector …; in this chapter the
labels are smoothed") is not declared one-hot: declared, the numbers would draw only one-hot vectors, and a line false
for the text's smoothed labels (Σ_j y_j² o_j = Σ_j y_j o_j) would pass.  The words stay, and the line is never passed
on one-hot vectors.

Near miss: the statement as the text states it of its vector ("Since $\mathbf{y}$ is a one-hot vector of length $q$,
the sum over all its coordinates $j$ vanishes for all but one term") is still declared.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

SQUARES = "\n\n$$\\sum_{j=1}^q y_j^2 o_j = \\sum_{j=1}^q y_j o_j$$\n"


@pytest.mark.parametrize("words", [
    "In the previous chapter $\\mathbf{y}$ is a one-hot vector of length $q$; in this chapter the labels are "
    "smoothed, and the sum over all its coordinates $j$ has many terms.",
    "With hard labels $\\mathbf{y}$ is a one-hot vector of length $q$; with label smoothing the sum over all its "
    "coordinates $j$ has many terms.",
    "Since $\\mathbf{y}$ is a one-hot vector of length $q$ before smoothing, the sum over all its coordinates $j$ "
    "vanishes for all but one term.",
])
def test_a_line_false_for_the_texts_smoothed_labels_never_passes_on_one_hot_vectors(tmp_path, words):
    text = words + SQUARES
    assert "y" not in read_document(text, "notes.md").one_hot
    got = document_verdicts(tmp_path, text, "imported.py")
    assert got and not set(got) & {Verdict.PROVED, Verdict.NUMERIC}, got


def test_near_miss_the_statement_the_text_makes_of_its_vector_is_declared():
    text = ("Since $\\mathbf{y}$ is a one-hot vector of length $q$, the sum over all its coordinates $j$ vanishes for "
            "all but one term." + SQUARES)
    assert "y" in read_document(text, "notes.md").one_hot
