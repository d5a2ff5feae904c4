"""A `$$…$$` display that shares its line with words of prose (kramdown sets it inline) may state the author's claim
("i.e., $$…$$", "Then $$…$$", "$$…$$ holds for every $a$", "We get $$" + lines + "$$") as well as a hypothesis
("When $$p_g = p_r$$, …"): one that states a relation is named as not read, never dropped while the document
passes.  One that states no relation (`$$D^*(x)$$`, a mention) stays prose; a display alone on its lines is read.
"""
from __future__ import annotations

import pytest

from verifier.importer.document import read_document

TRUE = "Let $a$ and $b$ be real numbers.\n\n$$(a+b)^2 = a^2 + 2ab + b^2$$\n\n"

IN_A_SENTENCE = [
    "* KL divergence is non-negative, i.e., $$a^2 + b^2 = 2ab + 1.$$ Note that it holds when $a = b$.\n",
    "* If $a$ is real, then $$(a - 1)^2 = a^2 + 1.$$\n",
    "$$(a-1)^2 = a^2 + 1$$ and $$(a+2)^2 = a^2 + 4$$\n",
    "Then $$(a-1)^2 = a^2 + 1$$\n",
    "$$(a-1)^2 = a^2 + 1$$ holds for every $a$.\n",
    "We get $$\n(a-1)^2 = a^2 + 1\n$$\n",
    "Indeed,$$(a-1)^2 \\geq a^2 + 1.$$\n",
]


@pytest.mark.parametrize("line", IN_A_SENTENCE)
def test_a_display_inside_a_sentence_is_named_as_not_read(line):
    doc = read_document(TRUE + line, "post.md")
    named = [f for f in doc.failures if "inside a sentence" in f.message]
    assert named and all(f.line == 5 for f in named), \
        [(f.line, f.latex) for f in named]
    assert len(doc.chains) == 1          # the display alone on its lines is read


def test_two_displays_on_one_line_with_words_between_are_both_named():
    doc = read_document(TRUE + IN_A_SENTENCE[2], "post.md")
    assert sorted(f.latex for f in doc.failures) == ["(a+2)^2 = a^2 + 4", "(a-1)^2 = a^2 + 1"]


def test_near_miss_a_mention_inside_a_sentence_is_prose_and_a_lone_display_is_read():
    doc = read_document("the optimum $$D^*(x)$$ becomes 1/2.\n\n$$ (a+b)^2 = a^2 + 2ab + b^2 $$.\n"
                        "$$ x + 1 = 1 + x $$ $$ y + 1 = 1 + y $$\n", "post.md")
    assert not doc.failures and len(doc.chains) == 3
