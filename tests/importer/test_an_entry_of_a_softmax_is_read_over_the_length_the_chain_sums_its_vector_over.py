r"""`\mathrm{softmax}(\mathbf{o})_j` is exp(o_j) / Σ_k exp(o_k) over k = 1…q, where q is the range a sum of the same
chain runs o's entries over (`\sum_{k=1}^q \exp(o_k)`): the vector's length is read from the chain, never guessed.  A
first side `\partial_{o_j} l(\mathbf{y}, \hat{\mathbf{y}})`, a partial derivative of a named function, names what
the chain computes (not checked), as `H(S) = …` does.  d2l's softmax gradient was refused on both, so its chain was
never read.  Each rule is printed.

Near misses both ways: the softmax entry equal to its quotient is proved and a false twin refuted; a chain that sums
o's entries over no written range, or over two, keeps the entry refused; a softmax without a subscript stays one
named function; the steps after a derivative head are checked as written (a false one refuted).
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

GRADIENT = ("$$\n\\partial_{o_j} l(\\mathbf{y}, \\hat{\\mathbf{y}}) = \\frac{\\exp(o_j)}{\\sum_{k=1}^q \\exp(o_k)} - y_j"
            " = \\mathrm{softmax}(\\mathbf{o})_j {} y_j.\n$$\n")


def verdicts(tmp_path, text: str) -> list[Verdict]:
    return document_verdicts(tmp_path, text, "imported.py")


def test_the_softmax_gradient_is_read_in_full_with_both_rules_printed(tmp_path):
    doc = read_document(GRADIENT.replace("{}", "-"), "notes.md")
    assert not doc.failures, doc.failures
    assert any("naming what its first right side computes" in r for r in doc.rules)
    assert any("entry j of the softmax of o" in r and "1…q" in r for r in doc.rules), doc.rules
    assert verdicts(tmp_path, GRADIENT.replace("{}", "-")) == [Verdict.PROVED]
    assert verdicts(tmp_path, GRADIENT.replace("{}", "+")) == [Verdict.REFUTED]


def test_a_softmax_entry_against_a_wrong_quotient_is_refuted(tmp_path):
    text = "$$\\mathrm{{softmax}}(\\mathbf{{o}})_j = \\frac{{\\exp(o_j)}}{{\\sum_{{k=1}}^q \\exp(o_k){}}}$$\n"
    assert verdicts(tmp_path, text.format("")) == [Verdict.PROVED]
    assert verdicts(tmp_path, text.format(" + 1")) == [Verdict.REFUTED]


@pytest.mark.parametrize("display", [
    "$$\\mathrm{softmax}(\\mathbf{o})_j = \\frac{\\exp(o_j)}{\\sum_k \\exp(o_k)}$$\n",
    "$$\\mathrm{softmax}(\\mathbf{o})_j = \\frac{\\exp(o_j)}{\\sum_{k=1}^q \\exp(o_k)} = "
    "\\frac{\\exp(o_j)}{\\sum_{k=1}^n \\exp(o_k)}$$\n",
])
def test_near_miss_without_one_written_range_over_the_entries_the_entry_stays_refused(display):
    doc = read_document(display, "notes.md")
    assert not any("entry j of the softmax" in r for r in doc.rules)
    assert any("softmax" in f.latex for f in doc.failures), doc.failures


def test_near_miss_a_softmax_without_a_subscript_stays_one_named_function():
    doc = read_document("$$\\mathrm{softmax}(\\mathbf{o}) = \\mathrm{softmax}(\\mathbf{o} + c)$$\n", "notes.md")
    assert not any("entry" in r and "softmax" in r for r in doc.rules)


def test_near_miss_the_steps_after_a_derivative_head_are_checked_as_written(tmp_path):
    text = "$$\\partial_x f(x, y) = 2x + y = {}$$\n"
    assert verdicts(tmp_path, text.format("y + 2x")) == [Verdict.PROVED]
    assert verdicts(tmp_path, text.format("y + 3x")) == [Verdict.REFUTED]
