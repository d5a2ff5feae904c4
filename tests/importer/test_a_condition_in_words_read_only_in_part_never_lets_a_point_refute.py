r"""A condition in words that the reader would read only in part, or turned around, is kept as words.

"For $x$ no greater than $1$" read as x > 1, "If $x$ is not negative" as x < 0, "Except when $x < 0$" as x < 0,
"$x \geq 1,000$" as x ≥ 1: each is the opposite of the text's condition, or a weaker one, and a point it allows
refuted a true line.  Words that deny ("not", "no", "never", "except", "other than", "or"), order and range words the
sentence rules do not read ("greater than or equal to", "never exceeds", "within", "below", "on $[1, 2]$", "same
sign"), a quantity of the name ("whose absolute value is less than 1") and a number with a separator keep the
sentence as words on its names: no point refutes a step that writes them, and no step passes because of them.
Near misses: a line false at every value is still refuted, a line about other names is still refuted, an order
the reader does read ("greater than $1$", "not greater than $1$") still refutes a false line inside it, and the
prose after a display is the prose after it even when the display's text stands earlier in the file.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.environments import trailing_prose
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.NUMERIC, Verdict.CASES}

TRUE_UNDER_THE_WORDS = [
    (r"For $x$ no greater than $1$,", r"|1 - x| = 1 - x"),
    (r"For $x$ not exceeding $1$,", r"|1 - x| = 1 - x"),
    (r"For $x$ less than or equal to $1$,", r"|1 - x| = 1 - x"),
    (r"For $x$ greater than or equal to $1$,", r"|1 - x| = x - 1"),
    (r"If $x$ is not negative,", r"|x| = x"),
    (r"When $x$ is not positive,", r"|x| = -x"),
    (r"The norm $r$ is never negative, hence", r"|r| = r"),
    (r"For $x$ other than negative numbers,", r"|x| = x"),
    (r"Except when $x < 0$,", r"|x| = x"),
    (r"If $x$ is $\ge 0$,", r"|x| = x"),
    (r"For $x$ not between $0$ and $1$,", r"x^2 \ge x"),
    (r"For $x$ not in $(0,1)$,", r"x^2 \ge x"),
    (r"For $x$ outside the interval $[0, 1]$ we have", r"x^2 \ge x"),
    (r"For $x$ within $[1, 2]$,", r"|1 - x| = x - 1"),
    (r"For $x$ below $1$,", r"|1 - x| = 1 - x"),
    (r"As $\beta$ is below one,", r"|1 - \beta| = 1 - \beta"),
    (r"If $a$ and $b$ have the same sign, then", r"|a + b| = |a| + |b|"),
    (r"For $x$ whose absolute value is less than $1$,", r"|x^2| \le |x|"),
    (r"For $x \geq 1,000$,", r"|1000 - x| = x - 1000"),
    (r"For $x$ greater than $1{,}000$,", r"|1000 - x| = x - 1000"),
    (r"For $x$ at least $1e-3$,", r"|x| = x"),
    (r"Since $x$ cannot be negative, we have", r"\sqrt{x^2} = x"),
    (r"We cannot have $x < 0$, hence", r"\sqrt{x^2} = x"),
    (r"Unlike $y$, $x$ is positive.", r"\sqrt{y^2} = -y"),
    (r"The number $y$ fails to be positive.", r"\sqrt{y^2} = -y"),
    (r"Suppose $y > 0$ fails.", r"\sqrt{y^2} = -y"),
    (r"For $x < 0$ this is false; for the other values", r"\sqrt{x^2} = x"),
    (r"For every real $x$ save the negative ones,", r"\sqrt{x^2} = x"),
    (r"Positivity of $y$ is excluded.", r"\sqrt{y^2} = -y"),
    (r"Nonnegativity of $x$ is assumed.", r"\sqrt{x^2} = x"),
]


@pytest.mark.parametrize("words, line", TRUE_UNDER_THE_WORDS)
def test_a_true_line_under_words_read_only_in_part_is_never_refuted(tmp_path, words, line):
    found = document_verdicts(tmp_path, f"{words}\n\n$${line}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("words, line", [
    (r"For $x$ no greater than $1$,", r"|x| = x"),              # false for negative x, which the words allow
    (r"If $x$ is not negative,", r"|x| = -x"),
    (r"For $x$ within $[1, 2]$,", r"|1 - x| = 1 - x"),
    (r"For every real $x$ save the negative ones,", r"\sqrt{x^2} = -x"),
    (r"Positivity of $y$ is excluded.", r"\sqrt{y^2} = y"),
])
def test_near_miss_words_kept_as_words_never_let_a_false_line_pass(tmp_path, words, line):
    found = document_verdicts(tmp_path, f"{words}\n\n$${line}$$\n", "notes.py")
    assert found and not set(found) & PASSING, found


@pytest.mark.parametrize("words, line", [
    (r"For $x$ no greater than $1$,", r"|1 - x| = |1 - x| + 1"),         # false at every value of x
    (r"If $x$ is not negative,", r"(a + b)^2 = a^2 + b^2"),            # about other names
    (r"For $x$ greater than $1$,", r"|1 - x| = 1 - x"),                # an order the reader reads
    (r"For $x$ not greater than $1$,", r"|1 - x| = x - 1"),            # a denial the reader reads
    (r"Positivity of $y$ is excluded.", r"y^2 = y^2 + 1"),             # false at every value of y
    (r"We save the negative ones for later.", r"(a + b)^2 = a^2 + b^2"),  # about other names
])
def test_near_miss_a_false_line_the_words_cannot_save_is_still_refuted(tmp_path, words, line):
    found = document_verdicts(tmp_path, f"{words}\n\n$${line}$$\n", "notes.py")
    assert Verdict.REFUTED in found, found


def test_the_prose_after_the_last_display_is_found_after_it_when_its_text_stands_earlier():
    text = "<!-- the identity |x| = x for x >= 0 -->\n\nThe identity\n\n$$|x| = x$$\n\nwhere $x$ is not negative.\n"
    assert trailing_prose(text, "md") == "where $x$ is not negative."


def test_a_condition_after_the_display_whose_text_stands_earlier_binds_it(tmp_path):
    text = "<!-- |x| = x for x >= 0 -->\n\nThe identity\n\n$$|x| = x$$\n\nwhere $x$ is not negative.\n"
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("display", [r"|x| = x \quad \text{unless } x < 0", r"|x| = -x, \quad x \text{ non-positive}",
                                     r"|x| = x \quad \text{except when } x < 0"])
def test_a_condition_beside_the_chain_in_words_that_turn_it_around_is_kept_as_words(tmp_path, display):
    found = document_verdicts(tmp_path, f"We have\n\n$${display}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


def test_near_miss_a_plain_condition_beside_the_chain_still_refutes_a_false_line_inside_it(tmp_path):
    found = document_verdicts(tmp_path, "We have\n\n$$|x| = -x \\quad \\text{if } x \\geq 0$$\n", "notes.py")
    assert found == [Verdict.REFUTED], found


def test_near_miss_words_that_turn_a_condition_around_never_let_a_false_line_pass(tmp_path):
    found = document_verdicts(tmp_path, "We have\n\n$$|x| = -x \\quad \\text{unless } x < 0$$\n", "notes.py")
    assert found and not set(found) & PASSING, found


@pytest.mark.parametrize("words, true_line, false_line", [
    (r"For $x \ge 1$ or $x \le -1$,", r"x^2 \ge 1", r"|x| = x"),
    (r"For $a$ in $(0,1)$ or $a > 2$,", r"|a - 1| + |a - 2| \ge 1", r"|1 - a| = 1 - a"),
])
def test_one_of_two_conditions_is_neither_alone(tmp_path, words, true_line, false_line):
    # read as both, a point of the second refuted nothing ("excluded by the text") and the stricter pair hid
    # counterexamples; each alone would refute the true line at a point of the other
    assert Verdict.REFUTED not in document_verdicts(tmp_path, f"{words}\n\n$${true_line}$$\n", "t.py")
    found = document_verdicts(tmp_path, f"{words}\n\n$${false_line}$$\n", "f.py")
    assert found and not set(found) & PASSING, found


def test_near_miss_two_conditions_joined_by_and_are_both_read(tmp_path):
    found = document_verdicts(tmp_path, "For $x \\ge 1$ and $y \\ge 0$,\n\n$$|1 - x| + |y| = 1 - x + y$$\n", "n.py")
    assert found == [Verdict.REFUTED], found


@pytest.mark.parametrize("text", [
    "On the interval $[1,2]$,\n\n$$|1 - x| = x - 1$$\n",
    "We have\n\n$$|1 - x| = x - 1$$\n\nvalid on $[1, \\infty)$.\n",
])
def test_a_range_the_words_give_no_name_binds_the_display_beside_it_as_words(tmp_path, text):
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.REFUTED not in found, found


def test_near_miss_a_range_with_no_name_far_from_a_display_binds_nothing(tmp_path):
    text = "On the interval $[1,2]$, the function is convex.\n\nNext.\n\nMore text.\n\n$$|1 - x| = 1 - x$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]



@pytest.mark.parametrize("words", [
    r"The gradient depends only on $x$ and $y$.",
    r"Summing from $1$ to $n$ gives",
    r"Take the square of $x$ and a positive $c$:",
    r"The model $x$ is defined up to a constant.",
    r"Set the derivative with respect to $x$ equal to zero.",
    r"A larger batch $x$ decreases the noise within a few steps.",
])
def test_near_miss_ordinary_prose_beside_a_false_line_leaves_it_refuted(tmp_path, words):
    # words that state no condition ("depends on", "from 1 to n" of a sum, "equal to zero", "a larger batch") keep a
    # false line about their names refutable
    found = document_verdicts(tmp_path, f"{words}\n\n$$(x + 1)^2 = x^2 + 1$$\n", "notes.py")
    assert found == [Verdict.REFUTED], found


def test_a_footnote_to_a_display_is_read_where_its_marker_stands(tmp_path):
    text = "Then\n\n$$\\sqrt{x^2} = x.$$\n\n[^1]\n\n[^1]: Valid for nonnegative $x$ only.\n"
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.REFUTED not in found, found


def test_near_miss_a_footnote_condition_still_refutes_a_false_line_inside_it(tmp_path):
    text = "Then\n\n$$\\sqrt{x^2} = 2x.$$\n\n[^1]\n\n[^1]: Valid for nonnegative $x$ only.\n"
    assert Verdict.REFUTED in document_verdicts(tmp_path, text, "notes.py")


def test_near_miss_a_footnote_that_states_no_condition_saves_nothing(tmp_path):
    text = ("Then[^a]\n\n$$\\sqrt{x^2} = x.$$\n\nMore text.\n\n[^a]: See the appendix for the proof, which\n"
            "    takes two pages.\n")
    assert Verdict.REFUTED in document_verdicts(tmp_path, text, "notes.py")


def test_a_footnote_put_in_its_place_keeps_every_display_on_its_line():
    from verifier.importer.environments import inline_footnotes
    text = "A[^n] b\n\n[^n]: first\n    second line\n\n$$x=1$$\n"
    moved = inline_footnotes(text, ".md")
    assert moved.startswith("A(first second line) b") and moved.count("\n") == text.count("\n")
    assert moved.split("\n").index("$$x=1$$") == text.split("\n").index("$$x=1$$")


def test_a_footnote_marker_before_a_colon_is_a_marker(tmp_path):
    text = "We simplify[^1]:\n\n$$\\sqrt{x^2} = x$$\n\n[^1]: Here $x > 0$.\n"
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.REFUTED not in found, found
