"""A first `=` setting an entry the text writes before (`x_1` in "Consider two entries $x_0$ and $x_1$") equal to an
expression that does not write it, with no words deriving the line ("hence", "so", "then"), is the text giving the
entry a value, as `y = 2x` gives a bare name one: a definition, never checked as an identity of every x, so never
refuted; the displays after it read the entry as its right side (a true consequence proved, a false one refuted).  An
entry the text declared ("Let $r_1$ … be real numbers") is a claim the text may mean as a hypothesis: proved, never
refuted.  After deriving words the line stays a claim and a false one is refuted.  A random variable set equal to
another (`w_1 = -w_0` after `$w_0, w_1 \\sim \\mathcal{N}(0,1)$`) whose joint law the text leaves open may hold under a
coupling (the antithetic pair): never refuted, even after deriving words.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

ENTRIES = "Consider two entries $x_0$ and $x_1$. "
WEIGHTS = "Suppose $w_0, w_1 \\sim \\mathcal{N}(0,1)$. "


def verdicts(tmp_path, text: str) -> list:
    return document_verdicts(tmp_path, text, "notes.py")


@pytest.mark.parametrize("text", [
    ENTRIES + "We take\n\n$$x_1 = 2x_0.$$\n",
    "Consider two weights $w_0$ and $w_1$. We take\n\n$$w_1 = -w_0.$$\n",
    WEIGHTS + "We take the antithetic pair\n\n$$w_1 = -w_0.$$\n",
    "The outputs $o_i$ of the layer. We set\n\n$$o_3 = x_3 + b.$$\n",
])
def test_an_entry_written_before_and_set_to_an_expression_is_given_a_value_never_claimed(text):
    doc = read_document(text, "notes.md")
    assert not doc.chains and doc.named_entries
    assert any("a definition, not a claim about an entry" in r for r in doc.rules)


def test_the_displays_after_it_read_the_entry_as_its_value_both_ways(tmp_path):
    given = ENTRIES + "We take\n\n$$x_1 = 2x_0.$$\n\nThen\n\n"
    assert verdicts(tmp_path, given + "$$x_1 + x_0 = 3x_0.$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, given + "$$x_1 + x_0 = 4x_0.$$\n") == [Verdict.REFUTED]


def test_a_chain_starting_at_the_entry_checks_its_steps_after_the_value_both_ways(tmp_path):
    assert verdicts(tmp_path, ENTRIES + "We take\n\n$$x_1 = 2x_0 = x_0 + x_0.$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, ENTRIES + "We take\n\n$$x_1 = 2x_0 = x_0 + 3x_0.$$\n") == [Verdict.REFUTED]


def test_near_miss_after_deriving_words_a_false_entry_is_a_claim_and_refuted(tmp_path):
    assert verdicts(tmp_path, ENTRIES + "Hence\n\n$$x_1 = 2x_0.$$\n") == [Verdict.REFUTED]


def test_near_miss_a_derived_value_contradicting_the_given_one_is_refuted(tmp_path):
    text = ENTRIES + "We take\n\n$$x_1 = 2x_0.$$\n\nHence\n\n$$x_1 = 3x_0.$$\n"
    assert Verdict.REFUTED in verdicts(tmp_path, text)


def test_a_declared_entry_given_a_formula_is_a_claim_never_refuted(tmp_path):
    text = "Let $r_1$, $y_1$, $w$ and $x_1$ be real numbers.\n$$r_1 = y_1 - w x_1.$$\n"
    assert read_document(text, "notes.md").chains
    assert verdicts(tmp_path, text) == [Verdict.UNKNOWN]


def test_near_miss_an_entry_whose_right_side_writes_it_is_still_checked(tmp_path):
    text = "The outputs $y_i$ are those of the model.\n$$y_2 = 3 x_2 + y_2^2$$\n"
    assert verdicts(tmp_path, text) == [Verdict.REFUTED]


@pytest.mark.parametrize("text", [
    WEIGHTS + "Then\n\n$$w_1 = -w_0.$$\n",
    "Let $X_1$ and $X_2$ be random variables. Then\n\n$$X_2 = 3 X_1.$$\n",
])
def test_a_random_variable_set_to_another_with_an_open_joint_law_is_never_refuted(tmp_path, text):
    assert Verdict.REFUTED not in verdicts(tmp_path, text)
    assert any("joint law" in c.unsettled for c in read_document(text, "notes.md").chains)


def test_near_miss_an_entry_with_no_law_after_the_same_words_is_refuted(tmp_path):
    assert verdicts(tmp_path, ENTRIES + "Then\n\n$$x_1 = -x_0.$$\n") == [Verdict.REFUTED]


def test_an_entry_the_words_gave_a_value_is_not_named_again_by_a_display_alone(tmp_path):
    # "Let $x_1 = 2x_0$." then `x_1 = 3x_0` with no deriving words: another case as well as a claim, never refuted
    text = "Let $x_1 = 2x_0$.\n\n$$x_1 = 3x_0.$$\n"
    assert not read_document(text, "notes.md").named_entries
    assert verdicts(tmp_path, text) == [Verdict.UNKNOWN]


def test_near_miss_the_same_second_value_after_deriving_words_is_refuted(tmp_path):
    assert verdicts(tmp_path, "Let $x_1 = 2x_0$. Then\n\n$$x_1 = 3x_0.$$\n") == [Verdict.REFUTED]


def test_near_miss_a_false_step_after_the_coupling_is_still_refuted(tmp_path):
    true = WEIGHTS + "Then\n\n$$w_1 = -w_0 = w_0 - 2w_0.$$\n"
    assert verdicts(tmp_path, true) == [Verdict.UNKNOWN, Verdict.PROVED]
    false = WEIGHTS + "Then\n\n$$w_1 = -w_0 = w_0 + 2w_0.$$\n"
    assert verdicts(tmp_path, false) == [Verdict.UNKNOWN, Verdict.REFUTED]
