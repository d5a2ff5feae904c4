r"""An equation between matrices that the text introduces as a condition ("The eigenvector satisfies", "Suppose",
"Solve for") is a condition in every entry, as the same equation written as one scalar line is: each entry is
unsettled, never refuted.  Read entry by entry as claims, the eigenvector equation `A v = 3 v` (true for v = (1, 1))
had both entries refuted at x = 2.07, y = 1.55.

Near miss: the same kind of display with no such words is a claim in each entry, proved when true and refuted when
one entry is wrong.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}
A = "\\begin{pmatrix}2 & 1\\\\1 & 2\\end{pmatrix}"
V = "\\begin{pmatrix}x\\\\y\\end{pmatrix}"


@pytest.mark.parametrize("prose", ["The eigenvector satisfies", "Suppose that", "Solve for $x$ and $y$:"])
@pytest.mark.parametrize("line", [f"{A}{V} = 3{V}", f"{A}{V} = 4{V}"])
def test_each_entry_of_an_equation_the_text_poses_is_unsettled_and_never_refuted(tmp_path, prose, line):
    text = f"{prose}\n\n$${line}$$\n"
    doc = read_document(text, "notes.md")
    assert len(doc.chains) == 2 and all(c.unsettled for c in doc.chains), doc.chains
    verdicts = document_verdicts(tmp_path, text, "e.py")
    assert verdicts and Verdict.REFUTED not in verdicts and not set(verdicts) & PASSING, verdicts


def test_near_miss_an_equation_between_matrices_stated_as_a_claim_is_checked_both_ways(tmp_path):
    claim = "Then\n\n$$\\begin{pmatrix}1 & 2\\\\3 & 4\\end{pmatrix}" + V + " = \\begin{pmatrix}x + 2y\\\\3x + {}y\\end{pmatrix}$$\n"
    doc = read_document(claim.replace("{}", "4"), "notes.md")
    assert doc.chains and not any(c.unsettled for c in doc.chains)
    assert set(document_verdicts(tmp_path, claim.replace("{}", "4"), "t.py")) <= PASSING
    assert Verdict.REFUTED in document_verdicts(tmp_path, claim.replace("{}", "5"), "f.py")
