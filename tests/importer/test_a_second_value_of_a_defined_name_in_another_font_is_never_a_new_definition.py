r"""`\mathbf{h} = \mathbf{x} + \mathbf{y}` (read as h), then "we can also write" `\mathbf{h} = 2\mathbf{A}\mathbf{x}` (read
as a matrix product, the name kept bold): the second display gives the name the text defined a second value.  It is
never a new definition passed unchecked: it is a claim whose reading is not settled (the two readings are not one
quantity of the written file), so a false one is not accepted and a true one is never refuted.  A name defined once
is still a definition.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

FIRST = "Let $\\mathbf{x}$ and $\\mathbf{y}$ be vectors.\n\n$$\n\\mathbf{h} = \\mathbf{x} + \\mathbf{y}\n$$\n\n"
AGAIN = "Using a matrix $\\mathbf{A}$ we can also write\n\n$$\n\\mathbf{h} = {}\n$$\n"


@pytest.mark.parametrize("second", [r"2\mathbf{A}\mathbf{x}", r"\mathbf{A}\mathbf{x} + \mathbf{y}"])
def test_a_second_value_of_a_bold_name_is_an_unsettled_claim_never_a_definition(second):
    doc = read_document(FIRST + AGAIN.replace("{}", second), "notes.md")
    assert [d.line for d in doc.definitions] == [4], [(d.name, d.line) for d in doc.definitions]
    again = [c for c in doc.chains if c.chain.line == 10]
    assert len(again) == 1 and "second value" in again[0].unsettled, [(c.chain.line, c.unsettled) for c in doc.chains]


def test_a_false_second_value_is_not_accepted_and_a_true_one_is_not_refuted(tmp_path):
    false = document_verdicts(tmp_path, FIRST + AGAIN.replace("{}", r"2\mathbf{A}\mathbf{x}"), "false.py")
    true = document_verdicts(tmp_path, FIRST + AGAIN.replace("{}", r"\mathbf{I}\mathbf{x} + \mathbf{y}"), "true.py")
    assert false and all(v is Verdict.UNKNOWN for v in false), false
    assert true and Verdict.REFUTED not in true, true


def test_a_bold_name_defined_once_is_a_definition():
    doc = read_document(FIRST + "Then\n\n$$\n(u + v)^2 = u^2 + 2uv + v^2\n$$\n", "notes.md")
    assert [d.line for d in doc.definitions] == [4]


def test_a_bold_name_defined_through_entries_then_as_a_matrix_product_is_a_second_value():
    # `\boldsymbol{h} = \alpha_1 \boldsymbol{x}_1 + …` (read as h_bold), then `\boldsymbol{h} = \boldsymbol{X}\boldsymbol{a}`
    text = ("$$\n\\boldsymbol{h} = \\alpha_1 \\boldsymbol{x}_1 + \\alpha_2 \\boldsymbol{x}_2\n$$\n\n"
            "Using the matrix representation, we can write the hidden layer as the matrix product:\n\n"
            "$$\n\\boldsymbol{h} = 2 \\boldsymbol{X} \\boldsymbol{a}\n$$\n")
    doc = read_document(text, "notes.md")
    assert [d.line for d in doc.definitions] == [2], [(d.name, d.line) for d in doc.definitions]
    assert [c.chain.line for c in doc.chains if "second value" in c.unsettled] == [8], doc.rules
