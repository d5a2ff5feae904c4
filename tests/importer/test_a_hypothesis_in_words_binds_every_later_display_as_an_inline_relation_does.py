"""A sign, a range, a count or a property the text gives a name in words ("Let $x$ be positive", "Let $p$ be a
probability", "Let $n$ be the number of tokens", "an integer") binds every display after it, as an inline relation
(`Let $x > 0$`) does, not only the display right after it: a true line further on is never refuted at a point the
words exclude, and a line false inside what the words allow is still refuted."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.conditions import conditions_in
from verifier.verdicts import Verdict

BETWEEN_PARAGRAPH = "\n\nWe will use the following fact.\n\n"
BETWEEN_DISPLAY = " Recall\n\n$$\n(a+b)^2 = a^2 + 2ab + b^2\n$$\n\nHence\n\n"

CASES = [
    ("Throughout, let $x$ be a positive number.", r"\sqrt{x^2} = x", r"\sqrt{x^2} = x + 1"),
    ("Let $p$ be a probability.", r"p^2 \le p", r"p^2 \le p - 1"),
    ("Let $n$ be the number of tokens.", r"n^2 \ge n", r"n^2 \ge n + 1"),
    ("Let $n$ be a positive integer.", r"n^2 \ge n", r"n^2 \ge n + 1"),
]


@pytest.mark.parametrize("between", [BETWEEN_PARAGRAPH, BETWEEN_DISPLAY], ids=["paragraph", "display"])
@pytest.mark.parametrize("words, true_line, false_line", CASES)
def test_a_true_line_after_other_text_is_never_refuted_outside_what_the_words_allow(tmp_path, words, true_line,
                                                                                     false_line, between):
    found = document_verdicts(tmp_path, f"{words}{between}$${true_line}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("between", [BETWEEN_PARAGRAPH, BETWEEN_DISPLAY], ids=["paragraph", "display"])
@pytest.mark.parametrize("words, true_line, false_line", CASES)
def test_near_miss_a_line_false_inside_what_the_words_allow_is_still_refuted(tmp_path, words, true_line, false_line,
                                                                             between):
    assert document_verdicts(tmp_path, f"{words}{between}$${false_line}$$\n", "notes.py")[-1] == Verdict.REFUTED


def test_a_sign_in_words_binds_the_second_display_after_it_as_the_first(tmp_path):
    text = "Let $x$ be positive. Hence\n\n$$\n\\sqrt{x^2} = x\n$$\n\nand\n\n$$\n\\sqrt{4x^2} = 2x\n$$\n"
    found = document_verdicts(tmp_path, text, "notes.py")
    assert len(found) == 2 and Verdict.REFUTED not in found, found


def test_near_miss_words_about_another_name_leave_the_line_refuted(tmp_path):
    text = f"Let $y$ be positive.{BETWEEN_PARAGRAPH}$$\\sqrt{{x^2}} = x$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]


def test_near_miss_an_inline_equation_far_before_is_no_hypothesis_of_later_displays(tmp_path):
    # an equation in the prose binds the display near it only: far before, it may be a recalled fact or a mention
    text = f"Recall that $x^2 = 4$.{BETWEEN_PARAGRAPH}Something else.\n\n$$\\sqrt{{x^2}} = x$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]


def test_an_integer_in_words_is_a_whole_number_with_the_sign_the_sentence_gives_it():
    n = sp.Symbol("n")
    [whole] = conditions_in("Let $n$ be a positive integer.")
    assert whole.relation == sp.And(n > 0, sp.Eq(n, sp.floor(n)))


def test_near_miss_satisfying_far_before_a_line_is_no_hypothesis_the_display_it_refers_to_is(tmp_path):
    # "satisfying" refers to the display after it, which states the hypothesis: far from it, the words add nothing
    text = "Let $p$ be a real number satisfying\n$$p > 0.$$\nThen\n$$|p| = -p$$\n"
    assert document_verdicts(tmp_path, text, "notes.py")[-1] is Verdict.REFUTED
