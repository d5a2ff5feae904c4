r"""A vector to the power of a vector takes its length from the range the chain writes only where that range is all of
the base's entries that the chain writes: `\log \boldsymbol{\pi}^{\mathbf{y}} = \log \prod_{j=2}^{k} \pi_j^{y_j} +
y_1 \log \pi_1` is true for the vectors of length k, and read over j = 2…k it was refuted.  A range that starts past 1,
or a chain that also writes an entry of the base at another index (π_1, π_k), leaves the bold letter refused by name;
the range j = 1…k with every entry at j is still read, and a twin with a wrong entry still refuted."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


@pytest.mark.parametrize("rhs", [
    r"\log \prod_{j=2}^{k} \pi_j^{y_j} + y_1 \log \pi_1",
    r"\sum_{j=1}^{m} y_j \log \pi_j + y_k \log \pi_k",
    r"\sum_{j=1}^{m} y_j \log \pi_j + y_{k} \log \pi_{k}",
])
def test_a_range_that_may_cover_part_of_the_entries_leaves_the_power_refused(rhs):
    doc = read_document(rf"$$ \log \boldsymbol{{\pi}}^{{\mathbf{{y}}}} = {rhs} $$" + "\n", "notes.md")
    assert not doc.chains and any(r"\boldsymbol{\pi}" in f.message for f in doc.failures), \
        ([c.exprs for c in doc.chains], [str(f) for f in doc.failures])


def test_near_miss_the_whole_range_with_every_entry_at_its_letter_is_read_and_a_wrong_twin_refuted(tmp_path):
    line = r"$$ \log \boldsymbol{\pi}^{\mathbf{y}} = \sum_{j=1}^{k} y_j \log \pi_j $$" + "\n"
    assert any("multi-index power" in r for r in read_document(line, "notes.md").rules)
    twin = line.replace(r"y_j \log", r"2 y_j \log")
    assert document_verdicts(tmp_path, twin, "twin.py") == [Verdict.REFUTED]
