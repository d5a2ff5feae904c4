r"""`\sum_{i=1}^n y_i \log \pi_i + (1 - y_i) \log(1 - \pi_i)`: a Σ whose index is written again after the term it
reaches over stops there or runs to the end of its side. When every other side of the chain is read and writes that
index free nowhere, stopping would leave on this side alone a name no other side has: the Σ reaches to the end of the
side, and the rule is printed. When another side writes the index free, or the side stands alone, the reach is still
refused naming both readings."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


@pytest.mark.parametrize("true, false", [
    (r"\sum_{i=1}^n (a_i + b_i) = \sum_{i=1}^n a_i + b_i", r"\sum_{i=1}^n (a_i + b_i) = \sum_{i=1}^n a_i + 2 b_i"),
    (r"\sum_{i=1}^n 2 a_i = \sum_{i=1}^n a_i + a_i", r"\sum_{i=1}^n 2 a_i = \sum_{i=1}^n a_i + 2 a_i"),
])
def test_a_sum_bound_on_every_other_side_reaches_to_the_end_and_its_twin_is_refuted(tmp_path, true, false):
    doc = read_document(f"$${true}$$\n", "notes.md")
    assert not doc.failures
    assert any("reaches to the end of the side" in r for r in doc.rules)
    assert document_verdicts(tmp_path, f"$${true}$$\n", "true.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, f"$${false}$$\n", "false.py") == [Verdict.REFUTED]


def test_a_sum_that_reaches_only_its_term_is_still_read_so():
    doc = read_document(r"$$\sum_{i=1}^n \pi_i + 2 = \sum_{i=1}^n (\pi_i + 2)$$" + "\n", "notes.md")
    assert not doc.failures
    assert not any("reaches to the end of the side" in r for r in doc.rules)


@pytest.mark.parametrize("text", [
    r"$$x_i + \sum_{i=1}^n a_i = \sum_{i=1}^n a_i + x_i$$",      # another side writes i free
    r"$$\sum_{i=1}^n a_i + b_i = c_i$$",                           # the other side is the entry at i
])
def test_a_reach_the_chain_does_not_settle_is_refused_naming_both_readings(text):
    doc = read_document(text + "\n", "notes.md")
    refused = [f for f in doc.failures if "ambiguous reach" in f.message]
    assert refused and len(refused[0].readings) == 2
    assert not any("reaches to the end of the side" in r for r in doc.rules)
