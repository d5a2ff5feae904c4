"""A name with a written number as its subscript on the left of a first `=` (`o_3 = x_1 w_{31} + … + b_3`,
`r_1 = y_1 - w x_1`, `\\alpha_1 = e^{s_1} / \\sum_j e^{s_j}`) that the text writes nowhere before names a new quantity,
as `p_i = …` does: it is never checked as a claim about entry 3 of a free vector, so it is never refuted, and the
displays after it read the name as its right side (a true consequence proved, a false `o_3 = …` again refuted).  A
name the text declared or wrote before, or an entry of a letter it wrote with an index or defined (`o_i = …` above), is
still a claim and refuted when false.  A subscript of two digits written together (`w_{31}`: entry 31, or row 3 and column 1 of a matrix) in a
text that speaks of matrices, rows, columns or subscripts is not settled: a line writing one is proved or left open,
never refuted; elsewhere (`x_{10}` of a sequence) it is an entry, and a false line is refuted.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

NEW_NAMES = [
    "The output is\n\n$$o_3 = x_1 w_{31} + x_2 w_{32} + b_3.$$\n",
    "Define the residual of the first example,\n$$r_1 = y_1 - w x_1.$$\n",
    "The hidden state after the first input is\n$$h_1 = \\tanh(w x_1 + b).$$\n",
    "Let $x_1, x_2$ be real numbers. The mean of the two is\n$$m_2 = \\frac{x_1 + x_2}{2}.$$\n",
    "The attention weight of the first key is\n$$\\alpha_1 = \\frac{e^{s_1}}{\\sum_{j=1}^{n} e^{s_j}}.$$\n",
    "This yields:\n\n$$\n\\begin{aligned}\no_1 &= x_1 w_{11} + x_2 w_{12} + b_1,\\\\\n"
    "o_2 &= x_1 w_{21} + x_2 w_{22} + b_2,\\\\\no_3 &= x_1 w_{31} + x_2 w_{32} + x_3 w_{33} + x_4 w_{34} + b_3.\n"
    "\\end{aligned}\n$$\n",
]


@pytest.mark.parametrize("text", NEW_NAMES)
def test_a_new_name_with_a_written_subscript_is_named_never_claimed(text):
    doc = read_document(text, "notes.md")
    assert not doc.chains and doc.named_entries and not doc.failures
    assert any("naming a new quantity" in r for r in doc.rules)


def test_near_miss_a_name_the_text_declared_before_is_a_claim_never_a_new_name(tmp_path):
    # a declared name given a formula, as a declared bare name: a claim the text may mean as a hypothesis, never refuted
    text = "Let $r_1$, $y_1$, $w$ and $x_1$ be real numbers.\n$$r_1 = y_1 - w x_1.$$\n"
    doc = read_document(text, "notes.md")
    assert doc.chains and not doc.named_entries
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.UNKNOWN]
    # after deriving words the claim is checked as written, and refuted when false
    derived = "Let $r_1$, $y_1$, $w$ and $x_1$ be real numbers. Hence\n$$r_1 = y_1 - w x_1.$$\n"
    assert document_verdicts(tmp_path, derived, "derived.py") == [Verdict.REFUTED]


def test_near_miss_an_entry_of_a_defined_letter_is_a_claim_and_refuted(tmp_path):
    text = "The outputs are\n$$o_i = x_i + b.$$\nSo the third one is\n$$o_3 = x_3 + 2 b.$$\n"
    assert Verdict.REFUTED in document_verdicts(tmp_path, text, "notes.py")


def test_the_displays_after_a_named_entry_read_it_as_its_right_side_both_ways(tmp_path):
    named = "The output is\n$$o_3 = x_1 + b_3.$$\nSo\n"
    assert document_verdicts(tmp_path, named + "$$o_3 - b_3 = x_1.$$\n", "true.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, named + "$$o_3 = x_1 + 2 b_3.$$\n", "false.py") == [Verdict.REFUTED]


def test_near_miss_an_entry_of_a_letter_written_with_an_index_before_is_a_claim(tmp_path):
    text = "The outputs $y_i$ are those of the model.\n$$y_2 = 3 x_2 + y_2^2$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]


def test_near_miss_a_new_name_set_to_its_own_value_is_still_checked(tmp_path):
    # the right side writes the name: a claim about it (unsettled as a fixed point), not a definition
    text = "Define\n$$r_1 = r_1 + 1.$$\n"
    assert Verdict.PROVED not in document_verdicts(tmp_path, text, "notes.py")


def test_two_digits_written_together_are_never_refuted_but_still_proved(tmp_path):
    false = "The weights are $w$ with subscripts.\n$$w_{31} + w_{13} = 2 w_{31}$$\n"
    assert Verdict.REFUTED not in document_verdicts(tmp_path, false, "notes.py")
    true = "The weights are $w$ with subscripts.\n$$w_{31} + w_{31} = 2 w_{31}$$\n"
    assert document_verdicts(tmp_path, true, "notes2.py") == [Verdict.PROVED]


def test_near_miss_two_digits_in_a_text_with_no_second_index_are_an_entry(tmp_path):
    text = "Let $x$ be a sequence.\n$$x_{10} + x_{11} = 2 x_{10}$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]


def test_near_miss_a_one_digit_subscript_is_an_entry_and_a_false_line_refuted(tmp_path):
    text = "Let $w$ be a vector.\n$$w_{3} + w_{1} = 2 w_{3}$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]


def test_a_named_entry_set_to_another_number_is_another_example_never_refuted(tmp_path):
    text = "For instance\n$$x_1 = 0.3 + y_1$$\nand in another example\n$$x_1 = 0.5$$\n"
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and set(found) == {Verdict.UNKNOWN}, found


def test_a_named_entry_named_again_under_a_new_heading_is_not_claimed_equal():
    text = ("## One\n\nThe output is\n$$o_3 = x_1 + b_3.$$\n\n## Two\n\nNow\n$$o_3 = 2 x_1.$$\nSo\n"
            "$$o_3 - x_1 = x_1.$$\n")
    doc = read_document(text, "notes.md")
    assert not doc.chains and any("new section" in f.message for f in doc.failures)


def test_near_miss_a_named_entry_given_a_wrong_formula_in_its_own_section_is_refuted(tmp_path):
    text = "## One\n\nThe output is\n$$o_3 = x_1 + b_3.$$\nSo\n$$o_3 = x_1 + 2 b_3.$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]
