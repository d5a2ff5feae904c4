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


UNCLOSED_ALIGN = ("\\documentclass{article}\n\\begin{document}\nWe have\n\\begin{align}\n(a+b)^2 &= a^2 + 2ab + b^2\n"
                  "\\end{document}\n")


def test_an_environment_never_closed_is_named_at_its_line():
    doc = read_document(UNCLOSED_ALIGN, "paper.tex")
    assert not doc.chains
    assert [(f.line, f.latex) for f in doc.failures if "never closed" in f.message] == [(4, "\\begin{align}")]


def test_displays_after_an_unclosed_bracket_are_still_read():
    text = "We have\n\\[ (a+b)^2 = a^2 + 2ab + b^2\nand then\n$$x + x = 2x$$\nand\n\\begin{equation} y + y = 2y \\end{equation}\n"
    doc = read_document(text, "paper.tex")
    assert [f.line for f in doc.failures if "never closed" in f.message] == [2]
    assert len(doc.chains) == 2


def test_closed_environments_get_no_such_message():
    doc = read_document("\\begin{align}\nx + x &= 2x\n\\end{align}\n\\[ y + y = 2y \\]\n", "paper.tex")
    assert len(doc.chains) == 2 and not any("never closed" in f.message for f in doc.failures)
