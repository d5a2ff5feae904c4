r"""A text whose `$$` delimiters do not pair up (one opened in the prose and never closed) has its displays read the
wrong way round: the import says so at the last `$$` rather than letting a display vanish without a word; a text
whose delimiters pair up gets no such message.
"""
from __future__ import annotations

from verifier.importer.document import read_document

BROKEN = "Note that the loss $l$\n\n$$\n\nTo understand it, we get\n\n$$\n\\partial_{o_j} l = y_j - 1\n$$\n"


def test_an_unclosed_display_is_named_at_the_last_delimiter():
    doc = read_document(BROKEN, "notes.md")
    assert not doc.chains
    assert [f.line for f in doc.failures if "do not pair up" in f.message] == [9]


def test_paired_delimiters_get_no_such_message():
    doc = read_document("Text.\n\n$$\nx + x = 2x\n$$\n", "notes.md")
    assert doc.chains and not any("do not pair up" in f.message for f in doc.failures)
