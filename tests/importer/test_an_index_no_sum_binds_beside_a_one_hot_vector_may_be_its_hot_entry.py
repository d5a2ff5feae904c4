r"""An index no sum binds, written beside a vector the words say is one-hot (`\sum_{k=1}^q y_k o_k = o_j` after "the
sum vanishes for all but one term"), may be the hot entry the text means: declared one-hot, the vector would be drawn
hot at any place, apart from j, and the true line refuted.  So the words stay, and the line is never refuted under
them, unless the words say the index is any ("the derivative with respect to any logit $o_j$"): then the line claims
itself at every index and the vector is declared one-hot.

Near misses both ways: the true line picking out the hot term is never refuted; the derivative with respect to any
logit keeps its one-hot declaration, and the chain whose sums bind every index keeps it too.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PICKS = "\n\n$$\\sum_{k=1}^q y_k o_k = o_j$$\n"


@pytest.mark.parametrize("words", [
    "Since $\\mathbf{y}$ is a one-hot vector of length $q$, the sum over all its coordinates $k$ vanishes for all but "
    "one term.",
    "Since $\\mathbf{y}$ is a one-hot vector of length $q$, the sum over all its coordinates $k$ vanishes for all but "
    "the term of the true class $j$.",
])
def test_the_line_picking_out_the_hot_term_at_a_free_index_is_never_refuted(tmp_path, words):
    text = words + PICKS
    assert "y" not in read_document(text, "notes.md").one_hot
    got = document_verdicts(tmp_path, text, "imported.py")
    assert got and Verdict.REFUTED not in got, got


DERIVATIVE = ("Since $\\mathbf{y}$ is a one-hot vector of length $q$,\nthe sum over all its coordinates $k$ vanishes for "
              "all but one term.\n\nTo understand a bit better what is going on,\nconsider the derivative with respect "
              "to any logit $o_j$. We get\n\n$$\n\\partial_{o_j} l = \\frac{\\exp(o_j)}{\\sum_{k=1}^q \\exp(o_k)} - y_j = "
              "\\mathrm{softmax}(\\mathbf{o})_j - y_j.\n$$\n")


def test_near_miss_a_free_index_the_words_say_is_any_keeps_the_vector_one_hot():
    assert "y" in read_document(DERIVATIVE, "notes.md").one_hot
    # the same index not said to be any may be the hot one: the words stay
    assert "y" not in read_document(DERIVATIVE.replace("any logit", "the logit"), "notes.md").one_hot


def test_near_miss_a_chain_whose_sums_bind_every_index_keeps_the_vector_one_hot():
    text = ("Since $\\mathbf{y}$ is a one-hot vector of length $q$, the sum over all its coordinates $j$ vanishes for "
            "all but one term.\n\n$$\\sum_{j=1}^q y_j \\log \\sum_{k=1}^q \\exp(o_k) = \\log \\sum_{k=1}^q \\exp(o_k)$$\n")
    assert "y" in read_document(text, "notes.md").one_hot


def test_the_line_picking_out_a_numbered_hot_term_is_never_refuted(tmp_path):
    # the words say which entry is hot ("encodes the first class"): o_1 is the hot term, not a term at any place
    text = ("Since $\\mathbf{y}$ is a one-hot vector of length $q$ that encodes the first class, the sum over all its "
            "coordinates $j$ vanishes for all but the first term.\n\n$$\\sum_{j=1}^q y_j o_j = o_1$$\n")
    assert "y" not in read_document(text, "notes.md").one_hot
    got = document_verdicts(tmp_path, text, "imported.py")
    assert got and Verdict.REFUTED not in got, got


def test_a_sum_that_starts_past_the_hot_entry_the_text_means_is_never_refuted(tmp_path):
    text = ("Since $\\mathbf{y}$ is a one-hot vector of length $q$ that encodes the first class, the sum over all its "
            "coordinates $j$ past the first vanishes.\n\n"
            "$$\\sum_{j=1}^q y_j o_j = \\sum_{j=1}^q y_j o_j - \\sum_{j=2}^q y_j o_j$$\n")
    assert "y" not in read_document(text, "notes.md").one_hot
    got = document_verdicts(tmp_path, text, "imported.py")
    assert got and Verdict.REFUTED not in got, got
