r"""`\alpha_1 = …` is a new name when the text writes α nowhere before; after `$\boldsymbol{\alpha} =
\mathrm{softmax}(\mathbf{s})$` it is entry 1 of that vector, a claim about it: never a definition passed unchecked
(here α's definition in words is not read, so the claim is unknown, never accepted).  Without the bold vector the same
display still names a new quantity.

The same holds for a vector the text declares without bold: in words ("Let the vector $\alpha = \mathrm{softmax}(s)$",
"Let $\alpha$ be the attention vector"), with a space (`$\alpha \in \mathbb{R}^2$`) or by setting it equal to a
vector (`$\alpha = \mathrm{softmax}(s)$`): `\alpha_1 = …` is then a claim about its entry 1, unsettled (its value is
in words the import does not read), so a false `+ 1` is never accepted and the true line never refuted; the steps of
the chain after the first are checked as written.  "Define $\alpha_1 = …$" with no α before stays a definition.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

DISPLAYS = ("The first weight is\n\n$$\n\\alpha_1 = \\frac{e^{s_1}}{e^{s_1} + e^{s_2}}\n$$\n\nso\n\n"
            "$$\n\\alpha_1 (e^{s_1} + e^{s_2}) = e^{s_1}\n$$\n")
BOLD = ("The scores are $\\mathbf{s} \\in \\mathbb{R}^3$ and the attention weights are "
        "$\\boldsymbol{\\alpha} = \\mathrm{softmax}(\\mathbf{s})$. ")
PLAIN = "The scores are $s_1$, $s_2$. "


def test_an_entry_of_a_vector_the_text_writes_in_bold_is_a_claim_never_a_new_name(tmp_path):
    doc = read_document(BOLD + DISPLAYS, "notes.md")
    assert not doc.named_entries, doc.named_entries
    verdicts = document_verdicts(tmp_path, BOLD + DISPLAYS, "bold.py")
    assert len(verdicts) == 2 and Verdict.PROVED not in verdicts and Verdict.REFUTED not in verdicts, verdicts


def test_near_miss_a_subscripted_name_the_text_writes_nowhere_before_is_still_named():
    doc = read_document(PLAIN + DISPLAYS, "notes.md")
    assert len(doc.named_entries) == 1, doc.rules


SOFTMAX = "$$\\alpha_1 = \\frac{e^{s_1}}{e^{s_1} + e^{s_2}}$$\n"


@pytest.mark.parametrize("words", [
    "The scores are $s_1$, $s_2$. Let the vector $\\alpha = \\mathrm{softmax}(s)$.",
    "The scores are $s_1$, $s_2$. Let $\\alpha = \\mathrm{softmax}(s)$.",
    "The scores are $s_1$, $s_2$. Let $\\alpha \\in \\mathbb{R}^2$ hold the weights.",
    "The scores are $s_1$, $s_2$. Let $\\alpha$ be the attention vector.",
])
def test_an_entry_of_a_vector_the_text_declares_without_bold_is_a_claim_never_a_new_name(tmp_path, words):
    false = SOFTMAX.replace("}$$", "} + 1$$")
    doc = read_document(words + "\n\n" + false, "notes.md")
    assert not doc.named_entries and len(doc.chains) == 1 and doc.chains[0].unsettled, (doc.named_entries, doc.rules)
    verdicts = document_verdicts(tmp_path, words + "\n\n" + false, "false.py")
    assert verdicts and Verdict.PROVED not in verdicts, verdicts


def test_near_miss_the_true_entry_of_a_vector_declared_in_words_is_never_refuted(tmp_path):
    words = "The scores are $s_1$, $s_2$. Let the vector $\\alpha = \\mathrm{softmax}(s)$."
    assert Verdict.REFUTED not in document_verdicts(tmp_path, words + "\n\n" + SOFTMAX, "true.py")


def test_the_steps_after_a_claim_about_an_entry_are_checked_as_written(tmp_path):
    words = "The scores are $s_1$, $s_2$. Let the vector $\\alpha = \\mathrm{softmax}(s)$.\n\n"
    chain = SOFTMAX.replace("}$$", "} = \\frac{1}{1 + e^{s_2 - s_1}} + 1$$")
    verdicts = document_verdicts(tmp_path, words + chain, "chain.py")
    assert Verdict.REFUTED in verdicts and Verdict.PROVED not in verdicts, verdicts


def test_near_miss_define_alpha_one_with_no_vector_before_is_a_definition():
    doc = read_document("The scores are $s_1$, $s_2$. Define\n\n" + SOFTMAX, "notes.md")
    assert len(doc.named_entries) == 1 and not doc.chains, (doc.named_entries, [c.exprs for c in doc.chains])


def test_near_miss_a_letter_set_equal_to_a_number_is_no_vector_and_its_subscripted_name_is_still_named():
    text = "The scores are $s_1$, $s_2$. Let $\\alpha = \\mathrm{max}(s_1, s_2)$. Define\n\n" + SOFTMAX
    doc = read_document(text, "notes.md")
    assert len(doc.named_entries) == 1 and not doc.chains, (doc.named_entries, [c.exprs for c in doc.chains])
