"""A relation display the text introduces right after a display with "provided that", "whenever", "if", "for",
"when", "as long as" or "which holds when" is a condition of that display: `$$\\sqrt{x^2} = x$$ provided that
$$x \\geq 0.$$` states the identity for x ≥ 0, so a point with x < 0 refutes nothing, while a line false at some
x ≥ 0 is still refuted there.  The second display is a condition, not a claim.

Near misses: more words between the displays ("This is false in general: for $$x = -1$$"), a consequence ("so",
"hence"), or a display that closed its sentence with a full stop make no condition, so the line before is refuted
as before; the condition reaches only the display right before it; and a condition never makes a false line pass."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

CONNECTIVES = ["provided that", "provided", "whenever", "if", "for", "when", "as long as", "which holds when",
               ", which is valid for"]


def claim_then_condition(claim: str, words: str, condition: str = r"x \geq 0") -> str:
    return f"We have\n$${claim}$$\n{words}\n$${condition}.$$\n"


@pytest.mark.parametrize("words", CONNECTIVES)
def test_a_true_line_is_never_refuted_outside_the_condition_the_display_after_it_states(tmp_path, words):
    found = document_verdicts(tmp_path, claim_then_condition(r"\sqrt{x^2} = x", words), "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("words", CONNECTIVES)
def test_the_display_after_the_words_is_a_condition_not_a_claim(words):
    doc = read_document(claim_then_condition(r"\sqrt{x^2} = x", words), "notes.md")
    claim, condition = sorted(doc.chains, key=lambda c: c.chain.line)
    assert any(c.words == r"x \geq 0" and c.relation is not None for c in claim.conditions), claim.conditions
    assert condition.unsettled


@pytest.mark.parametrize("words", CONNECTIVES)
def test_near_miss_a_line_false_inside_the_condition_is_still_refuted(tmp_path, words):
    found = document_verdicts(tmp_path, claim_then_condition(r"\sqrt{x^2} = -x", words), "notes.py")
    assert found[0] is Verdict.REFUTED, found


@pytest.mark.parametrize("words", ["This is false in general: for", "so", "hence", "Then", "and therefore, if"])
def test_near_miss_words_that_make_no_condition_leave_the_line_before_refuted(tmp_path, words):
    found = document_verdicts(tmp_path, claim_then_condition(r"\sqrt{x^2} = x", words, "x = -1"), "notes.py")
    assert found[0] is Verdict.REFUTED, found


def test_near_miss_a_display_that_closed_its_sentence_takes_no_condition_from_the_next(tmp_path):
    text = "We have\n$$\\sqrt{x^2} = x.$$\nIf\n$$x \\geq 0$$\nthe sign is kept.\n"
    assert document_verdicts(tmp_path, text, "notes.py")[0] is Verdict.REFUTED


def test_near_miss_the_condition_reaches_only_the_display_right_before_it(tmp_path):
    text = "We have\n$$\\sqrt{x^2} = x$$\nand also\n$$|x| = x$$\nprovided that\n$$x \\geq 0.$$\n"
    first, second = document_verdicts(tmp_path, text, "notes.py")[:2]
    assert first is Verdict.REFUTED and second is not Verdict.REFUTED


def test_near_miss_an_equation_as_the_condition_never_makes_a_false_line_pass(tmp_path):
    found = document_verdicts(tmp_path, claim_then_condition(r"\sqrt{x^2} = x + 1", "for", "x = 2"), "notes.py")
    assert found[0] not in (Verdict.PROVED, Verdict.NUMERIC, Verdict.CASES), found
