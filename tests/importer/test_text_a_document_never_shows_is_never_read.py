r"""What a document never shows as mathematics is no claim of its author's, and is never read.

TeX never typesets a comment (`%` to the end of the line), text switched off (`\iffalse … \fi`, the `comment`
environment) or verbatim text (`\verb|…|`, `verbatim`, `lstlisting`, `minted`); Markdown never shows an HTML
comment.  An old wrong line kept in a comment is common in real sources: read, it would be "refuted" in a
document that does not contain it.  The near misses: an escaped `\%` is a percent sign, and the display after
it is read; in Markdown `%` is a character, not a comment; a false display outside the hidden text is read
(and refuted) as before.
"""
from __future__ import annotations

import pytest

from verifier.importer.document import read_document

HIDDEN_TEX = [
    "% $$ 2 + 2 = 5 $$",
    r"\iffalse \[ 1 = 2 \] \fi",
    "\\begin{comment}\n\\[ 1 = 2 \\]\n\\end{comment}",
    "\\begin{verbatim}\n$$3 = 4$$\n\\end{verbatim}",
    r"\verb|$$5 = 6$$|",
    "\\begin{lstlisting}\n\\[ 7 = 8 \\]\n\\end{lstlisting}",
]


@pytest.mark.parametrize("hidden", HIDDEN_TEX, ids=["comment", "iffalse", "comment env", "verbatim", "verb",
                                                    "lstlisting"])
def test_text_tex_never_typesets_is_never_read_and_what_follows_it_still_is(hidden):
    doc = read_document(f"Some words.\n{hidden}\nThen\n\\[ x + x = 3x \\]\n", "paper.tex")
    sides = [str(e) for chain in doc.chains for e in chain.exprs]
    assert len(doc.chains) == 1 and sides == ["2*x", "3*x"], sides


def test_an_html_comment_in_markdown_is_never_read():
    doc = read_document("Words.\n<!--\n$$2 + 2 = 5$$\n-->\n$$1 + 1 = 3$$\n", "notes.md")
    assert [str(e) for c in doc.chains for e in c.exprs] == ["1 + 1", "3"]


def test_near_miss_an_escaped_percent_hides_nothing():
    doc = read_document("A rise of 50\\% of\n\\[ 2 + 2 = 5 \\]\n", "paper.tex")
    assert len(doc.chains) == 1


def test_near_miss_a_percent_sign_in_markdown_is_a_character_not_a_comment():
    doc = read_document("A 5% rise: $$2 + 2 = 5$$ is false.\n\n$$2 + 2 = 5$$\n", "notes.md")
    assert doc.chains


@pytest.mark.parametrize("code", ["    $$1 = 2$$", "\t$$1 = 2$$", "    $$\n    1 = 2\n    $$"],
                         ids=["four spaces", "tab", "a display in the code"])
def test_an_indented_markdown_code_block_is_never_read_and_what_follows_it_still_is(code):
    doc = read_document(f"Words.\n\n{code}\n\nThen\n\n$$x + x = 3x$$\n", "notes.md")
    assert [str(e) for c in doc.chains for e in c.exprs] == ["2*x", "3*x"] and not doc.failures


def test_near_miss_an_indented_display_under_a_list_item_or_inside_a_paragraph_is_read():
    in_a_list = read_document("1. Expand the square:\n\n    $$(a+b)^2 = a^2 + 2ab + b^2$$\n\n2. Done.\n", "notes.md")
    assert len(in_a_list.chains) == 1
    in_a_paragraph = read_document("Expanding the square gives\n    $$(a+b)^2 = a^2 + 2ab + b^2$$\n", "notes.md")
    assert len(in_a_paragraph.chains) == 1
    # in a list, code needs four columns past the item's content
    code_in_a_list = read_document("- item\n\n        $$1 = 2$$\n", "notes.md")
    assert not code_in_a_list.chains
    # in HTML, indentation is layout; in TeX, it is nothing
    assert read_document("<p>Words.</p>\n\n    $$(a+b)^2 = a^2 + 2ab + b^2$$\n", "page.html").chains
    assert read_document("Words.\n\n    $$(a+b)^2 = a^2 + 2ab + b^2$$\n", "paper.tex").chains


def test_near_miss_a_list_item_display_is_checked_both_ways(tmp_path):
    from tests.engine import document_verdicts
    from verifier.verdicts import Verdict
    text = "1. Expand the square:\n\n    $${}$$\n"
    assert document_verdicts(tmp_path, text.format("(a+b)^2 = a^2 + 2ab + b^2"), "t.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, text.format("(a+b)^2 = a^2 + b^2"), "f.py") == [Verdict.REFUTED]
