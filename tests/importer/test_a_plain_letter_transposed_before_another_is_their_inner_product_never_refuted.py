r"""`w^Tx` (T written nowhere else in the text, so a transpose), two plain lowercase letters with no script after:
the inner product of the vectors w and x, one scalar, read as one name ⟨w, x⟩, the same as `x^Tw`.  The text
writes neither letter with a subscript, so no side writes their entries; a side may still write the same scalar
another way (`w \cdot x`), so a chain that writes it is unsettled: a counterexample refutes nothing.

Near misses: a true line is proved or left unknown, never refuted, and its one-edit twin never passed; an entry
after the transpose (`w^T x_i`), a letter the text also writes with a subscript, a capital (a matrix) and a letter
applied to an argument stay refused.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

SIGMOID = r"$$\frac{1}{1 + e^{-(w^Tx + b)}} = \frac{e^{x^Tw + b}}{1 + e^{w^Tx + b}}$$"


def test_the_inner_product_is_one_name_whichever_letter_comes_first():
    doc = read_document(SIGMOID, "notes.md")
    assert not doc.failures and len(doc.chains) == 1, doc.failures
    names = set().union(*(e.free_symbols for e in doc.chains[0].exprs))
    assert {s.name for s in names} == {"⟨w,x⟩", "b"}, names
    assert doc.chains[0].unsettled, doc.rules


def test_a_true_line_is_never_refuted(tmp_path):
    verdicts = document_verdicts(tmp_path, SIGMOID, "true.py")
    assert verdicts and Verdict.REFUTED not in verdicts, verdicts


def test_near_miss_its_one_edit_twin_is_never_passed(tmp_path):
    verdicts = document_verdicts(tmp_path, SIGMOID.replace("{1 + e^{w", "{1 - e^{w"), "twin.py")
    assert verdicts and Verdict.PROVED not in verdicts and Verdict.NUMERIC not in verdicts, verdicts


def test_near_miss_the_same_scalar_written_as_a_dot_is_never_refuted(tmp_path):
    verdicts = document_verdicts(tmp_path, r"$$w^Tx = w \cdot x$$", "dot.py")
    assert Verdict.REFUTED not in verdicts, verdicts


@pytest.mark.parametrize("text", [
    r"$$w^T x_i + b = b + w^T x_i$$",
    r"The weights are $w_1, w_2$. $$w^Tx + b = b + w^Tx$$",
    r"$$W^Tx + b = b + W^Tx$$",
    r"$$w^T f(x) = f(x)^T w$$",
])
def test_near_miss_an_entry_a_subscripted_letter_a_capital_or_an_application_is_refused(text):
    doc = read_document(text, "notes.md")
    assert not doc.chains and doc.failures, (doc.chains, doc.rules)
