r"""`f_c(x) = c + x \rightarrow \frac{df}{dx} = 1`: beside a row that defines one function under a subscripted name,
the derivative after the arrow that writes its letter without the subscript is the derivative of that row's
function (the row defines no other f), read as a chain of its own with that definition.  The true derivative is
proved and its one-edit twin refuted; a derivative of another letter beside the row stays refused as a second
equation, and a row defining a bare f still reads its own f.
"""
from __future__ import annotations

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

ROW = "$$\nf_c(x) = c + x\n\\hspace{1in} \\rightarrow \\hspace{1in}\n\\frac{df}{dx} = %s\n$$\n"


def test_the_derivative_beside_the_row_is_the_derivative_of_its_function():
    doc = read_document(ROW % "1", "notes.md")
    assert not doc.failures and len(doc.chains) == 2, doc.failures
    assert str(doc.chains[1].exprs[0]) == "Derivative(c + x, x)", doc.chains[1].exprs


def test_the_true_derivative_is_proved(tmp_path):
    verdicts = document_verdicts(tmp_path, ROW % "1", "true.py")
    assert Verdict.PROVED in verdicts and Verdict.REFUTED not in verdicts, verdicts


def test_near_miss_its_one_edit_twin_is_refuted(tmp_path):
    verdicts = document_verdicts(tmp_path, ROW % "c", "twin.py")
    assert Verdict.REFUTED in verdicts and Verdict.PROVED not in verdicts, verdicts


def test_near_miss_a_derivative_of_another_letter_beside_the_row_is_refused():
    doc = read_document(ROW.replace("{df}", "{dg}") % "1", "notes.md")
    assert len(doc.chains) == 1 and any("second equation" in f.message for f in doc.failures), doc.failures


def test_a_row_defining_a_bare_f_still_differentiates_its_own_f():
    doc = read_document(ROW.replace("f_c(x)", "f(x)") % "1", "notes.md")
    assert len(doc.chains) == 2 and str(doc.chains[1].exprs[0]) == "Derivative(c + x, x)", doc.chains
