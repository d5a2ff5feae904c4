r"""`\sum_{i, j}` with no range is the sum over i of the sum over j when the text writes one range for each letter
elsewhere (`\sum_{i=1}^{n}`, `\sum_{j=1}^{m}`): each index runs over its own.  A range the text gives in words (X takes
two values) or not at all, or two ranges written for one letter, is not settled: the sum stays refused, naming it.
The true line is not refuted, its one-edit twin is.
"""
from __future__ import annotations

import sympy as sp

from verifier.importer.document import read_document
from verifier.verdicts import Verdict

# the display itself writes the range of each letter
TRUE = r"$$\sum_{i, j} a_i b_j = \left(\sum_{i=1}^{n} a_i\right)\left(\sum_{j=1}^{m} b_j\right)$$"
TWIN = r"$$\sum_{i, j} a_i b_j = \left(\sum_{i=1}^{n} a_i\right)\left(\sum_{j=1}^{m} b_j\right) + 1$$"


def test_a_sum_over_two_letters_runs_over_the_range_the_text_writes_for_each():
    doc = read_document(TRUE, "notes.md")
    assert not doc.failures, [str(f) for f in doc.failures]
    i, j, n, m = sp.Symbol("i", integer=True), sp.Symbol("j", integer=True), sp.Symbol("n"), sp.Symbol("m")
    a, b = sp.IndexedBase("a"), sp.IndexedBase("b")
    assert doc.chains[-1].exprs[0] == sp.Sum(sp.Sum(a[i] * b[j], (j, 1, m)), (i, 1, n))
    # the ranges may stand in another display of the text
    elsewhere = read_document(r"$$\sum_{i=1}^{n} a_i = A$$" + "\n\nand\n\n" + r"$$\sum_{j=1}^{m} b_j = B$$" + "\n\nso\n\n"
                              + r"$$\sum_{i, j} a_i b_j = A B$$", "notes.md")
    assert elsewhere.chains[-1].exprs[0] == sp.Sum(sp.Sum(a[i] * b[j], (j, 1, m)), (i, 1, n))
    assert any("the ranges the text writes for i and j" in r for r in doc.rules)


def test_a_sum_over_two_letters_whose_ranges_the_text_does_not_write_stays_refused():
    doc = read_document(r"$$\textrm{Cov}(X, Y) = \sum_{i, j} (x_i - \mu_X) (y_j-\mu_Y) p_{ij}$$", "notes.md")
    assert any("the range `i,j` of \\sum is not read" in str(f) for f in doc.failures), [str(f) for f in doc.failures]


def test_a_letter_with_two_written_ranges_gives_the_sum_no_range():
    text = r"$$\sum_{i=1}^{n} a_i = A$$" + "\n\n" + r"$$\sum_{i=0}^{n} a_i = C$$" + "\n\n" + \
        r"$$\sum_{j=1}^{m} b_j = B$$" + "\n\n" + r"$$\sum_{i, j} a_i b_j = A B$$"
    doc = read_document(text, "notes.md")
    assert any("the range `i,j` of \\sum is not read" in str(f) for f in doc.failures), [str(f) for f in doc.failures]


def test_the_true_line_is_not_refuted_and_its_twin_is(tmp_path):
    from tests.engine import document_verdicts
    true = document_verdicts(tmp_path, TRUE, "true.py")
    assert true and Verdict.REFUTED not in true, true
    twin = document_verdicts(tmp_path, TWIN, "twin.py")
    assert twin[-1] is Verdict.REFUTED, twin


def test_a_sum_with_no_subscript_is_read_as_before():
    assert read_document(r"$$\sum a = b$$", "notes.md").failures
