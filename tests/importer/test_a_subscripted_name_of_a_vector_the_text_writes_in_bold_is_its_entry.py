r"""`\alpha_1 = …` is a new name when the text writes α nowhere before; after `$\boldsymbol{\alpha} =
\mathrm{softmax}(\mathbf{s})$` it is entry 1 of that vector, a claim about it: never a definition passed unchecked
(here α's definition in words is not read, so the claim is unknown, never accepted).  Without the bold vector the same
display still names a new quantity.
"""
from __future__ import annotations

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
