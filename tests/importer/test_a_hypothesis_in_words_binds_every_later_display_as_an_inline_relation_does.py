"""A sign, a range, a count or a property the text gives a name in words ("Let $x$ be positive", "Let $p$ be a
probability", "Let $n$ be the number of tokens", "an integer") binds every display after it, as an inline relation
(`Let $x > 0$`) does, not only the display right after it: a true line further on is never refuted at a point the
words exclude, and a line false inside what the words allow is still refuted.

A bound on the names of an inline definition ("Let $p = \\sigma(z)$ with $0 < z$", "Define $q = 1 - p$ where
$0 < p < 1$") reaches the name it defines, in every display after it and in a display defined through that name: p
is σ(z), not a free name, so no point refutes a line about p; a line about other names, or about z itself, stays
refutable, and nothing makes a false line pass."""
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


DEFINED_AND_BOUNDED = [
    ("Let $p = \\sigma(z)$ with $0 < z$.", r"p^2 < p", r"p^2 > p"),
    ("Let $p = \\frac{1}{1 + e^{-z}}$ with $0 < z$.", r"p^2 < p", r"p^2 > p"),
    ("Define $q = 1 - p$ where $0 < p < 1$.", r"q^2 < q", r"q^2 > q"),
]


@pytest.mark.parametrize("between", [BETWEEN_PARAGRAPH, BETWEEN_DISPLAY], ids=["paragraph", "display"])
@pytest.mark.parametrize("words, true_line, false_line", DEFINED_AND_BOUNDED)
def test_a_bound_on_the_names_of_a_definition_far_before_reaches_the_name_it_defines(tmp_path, words, true_line,
                                                                                     false_line, between):
    # p = σ(z) with z > 0 lies in (1/2, 1): p^2 < p is true, and p checked as a free name was refuted at p = 2
    found = document_verdicts(tmp_path, f"{words}{between}$${true_line}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("words, true_line, false_line", DEFINED_AND_BOUNDED)
def test_near_miss_a_bound_through_a_definition_never_makes_a_false_line_pass(tmp_path, words, true_line, false_line):
    found = document_verdicts(tmp_path, f"{words}{BETWEEN_PARAGRAPH}$${false_line}$$\n", "notes.py")
    assert found and not {Verdict.PROVED, Verdict.NUMERIC, Verdict.CASES} & set(found), found


def test_a_bound_through_a_definition_reaches_a_display_defined_through_that_name(tmp_path):
    text = ("Let $p = \\frac{1}{1 + e^{-z}}$ with $0 < z$.\n\nDefine\n$$q = 2p - 1.$$\nThen\n"
            "$$\\log q < \\log 1.$$\n")
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("line", [r"\sqrt{y^2} = y", r"\sqrt{z^2} = -z"])
def test_near_miss_a_false_line_about_other_names_or_the_bounded_name_itself_is_still_refuted(tmp_path, line):
    text = f"Let $p = \\sigma(z)$ with $0 < z$.{BETWEEN_PARAGRAPH}$${line}$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]


def test_near_miss_a_definition_far_before_with_no_bound_in_its_sentence_leaves_the_line_refuted(tmp_path):
    text = f"Let $m = a + b$ be their sum.{BETWEEN_PARAGRAPH}$$\\sqrt{{m^2}} = m + 1$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]
