r"""A display that gives a name a new value is an update or a redefinition, not a claim that the two values are equal:
the name on both sides of its first `=` (`\theta = \theta - \alpha g`, "updated by gradient descent"; `x = x + 1` is
read the same way: as an equation it holds for no x, as an assignment it is what a program or an update rule
writes), or a name the text gave a value before, after words that give it a new one ("the loss becomes", "it is
updated to", "after one gradient step", "The second common choice is").  Such a line is unsettled: never refuted,
and a false one never accepted.  A display that only gives a defined name another value is unsettled too unless the
words right before it derive it ("Expanding the square,", "so", "hence", "we get"): "The particle moves with
$$\dot{x} = e^x + 1$$ and $$\dot{x} = 1/x$$" gives a second system, not a claim that the two are equal.  After such
words the second value is a step of a derivation, so a false one is still refuted; a plain false line is still refuted.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

LOSS = "The loss of one example is\n\n$$\nL = (y - w x)^2\n$$\n\n"
UPDATES = {
    "gradient_descent": "The parameters are updated by gradient descent with learning rate $\\alpha$ and gradient "
                        "$g$:\n\n$$\n\\theta = \\theta - \\alpha g\n$$\n",
    "indexed_weight": "In each iteration the weights are updated as\n\n$$\nw_{i} = w_{i} - \\eta \\, g_{i}\n$$\n",
    "loss_becomes": LOSS + "After one gradient step the weight is $w - \\eta g$, and the loss becomes\n\n"
                           "$$\nL = (y - (w - \\eta g) x)^2.\n$$\n",
    "updated_to": "The hidden state starts at\n\n$$\nh = \\tanh(u)\n$$\n\nand after the next input $v$ it is updated "
                  "to\n\n$$\nh = \\tanh(u + v).\n$$\n",
    "named_entry_becomes": "The residual of the first example is\n\n$$\nr_1 = y_1 - w x_1\n$$\n\nand after one "
                           "gradient step the weight is $w - \\eta g$, so the residual becomes\n\n"
                           "$$\nr_1 = y_1 - (w - \\eta g) x_1.\n$$\n",
    "second_choice": "One common cost function is the hinge loss:\n\n$$\nL_i = \\max(0, 1 - s_i)\n$$\n\n"
                     "The second common choice is the logistic loss:\n\n$$\nL_i = \\log(1 + e^{-s_i})\n$$\n",
    "name_plus_one": "Then\n\n$$\nx = x + 1\n$$\n",
}


@pytest.mark.parametrize("case", sorted(UPDATES))
def test_a_new_value_of_a_name_is_an_unsettled_update_never_refuted(tmp_path, case):
    doc = read_document(UPDATES[case], "notes.md")
    last = doc.chains[-1]
    assert "new value" in last.unsettled or "update of" in last.unsettled, (case, doc.rules)
    verdicts = document_verdicts(tmp_path, UPDATES[case], f"{case}.py")
    assert verdicts and all(v is Verdict.UNKNOWN for v in verdicts), (case, verdicts)


def test_a_display_after_an_update_is_not_read_as_the_earlier_value(tmp_path):
    # after "the loss becomes", L is the new value: a line expanding it is not checked against the first L
    text = UPDATES["loss_becomes"] + "\nso\n\n$$\nL = (y - w x + \\eta g x)^2\n$$\n"
    verdicts = document_verdicts(tmp_path, text, "after.py")
    assert Verdict.REFUTED not in verdicts, verdicts


def test_a_second_value_of_a_defined_name_without_update_words_is_still_a_claim(tmp_path):
    true = LOSS + "Expanding the square,\n\n$$\nL = y^2 - 2 w x y + w^2 x^2\n$$\n"
    false = LOSS + "Expanding the square,\n\n$$\nL = y^2 + w^2 x^2\n$$\n"
    assert not read_document(false, "notes.md").chains[-1].unsettled
    assert Verdict.REFUTED in document_verdicts(tmp_path, false, "false.py")
    assert Verdict.REFUTED not in document_verdicts(tmp_path, true, "true.py")


def test_a_plain_false_line_beside_update_words_is_still_refuted(tmp_path):
    # update words, but no name given a value before and no name on both sides: a claim, checked as written
    text = "After one gradient step the expression becomes\n\n$$\n(a + b)^2 = a^2 + b^2\n$$\n"
    assert Verdict.REFUTED in document_verdicts(tmp_path, text, "plain.py")


def test_a_false_update_is_never_accepted(tmp_path):
    # the new value agrees with the old one nowhere it matters: the line is not proved
    text = LOSS + "After one gradient step the loss becomes\n\n$$\nL = (y - w x)^2 + 1\n$$\n"
    verdicts = document_verdicts(tmp_path, text, "false_update.py")
    assert verdicts and Verdict.PROVED not in verdicts and Verdict.REFUTED not in verdicts, verdicts


def test_update_words_in_an_earlier_paragraph_do_not_make_a_later_second_value_an_update(tmp_path):
    # "becomes" describes something else two paragraphs up; the paragraph right before the display has no such words
    text = (LOSS + "Computing it for many examples becomes expensive.\n\nExpanding the square,\n\n"
            "$$\nL = y^2 + w^2 x^2\n$$\n")
    assert not read_document(text, "notes.md").chains[-1].unsettled
    assert Verdict.REFUTED in document_verdicts(tmp_path, text, "earlier.py")


SYSTEMS = ("The particle moves with\n\n$$ \\dot{x} = e^{x} + e^{x} x^2 + 1 $$\n\nand\n\n$$ \\dot{x} = \\frac{1}{x} $$\n\n"
           "and\n\n$$ \\dot{x} = x + 1 $$\n")


def test_a_defined_name_given_another_value_with_no_deriving_words_is_never_refuted(tmp_path):
    # three systems, one after another: the second and third name x' again, they do not claim it equal to the first
    doc = read_document(SYSTEMS, "systems.md")
    assert doc.chains and all("another value" in c.unsettled for c in doc.chains[1:2]), doc.rules
    verdicts = document_verdicts(tmp_path, SYSTEMS, "systems.py")
    assert verdicts and Verdict.REFUTED not in verdicts and Verdict.PROVED not in verdicts, verdicts


def test_a_display_right_after_a_definition_with_no_words_between_is_unsettled(tmp_path):
    text = LOSS + "$$\nL = y^2 + w^2 x^2\n$$\n"
    assert "another value" in read_document(text, "notes.md").chains[-1].unsettled
    assert Verdict.REFUTED not in document_verdicts(tmp_path, text, "adjacent.py")


@pytest.mark.parametrize("words", ["So", "Hence", "We get", "Substituting, we have", "This gives"])
def test_a_second_value_after_deriving_words_is_a_claim_and_a_false_one_refuted(tmp_path, words):
    false = LOSS + f"{words}\n\n$$\nL = y^2 + w^2 x^2\n$$\n"
    assert not read_document(false, "notes.md").chains[-1].unsettled
    assert Verdict.REFUTED in document_verdicts(tmp_path, false, "derived.py")


@pytest.mark.parametrize("words", [
    "So far we looked at one particle. A second particle moves with",    # "so far": the text so far
    "Thus far one system; another one moves with",
    "If the particle is charged, then it moves with",                    # "then" of a condition: another system
    "A particle that is charged moves with",                             # "that is" inside a noun phrase
    "For the second particle we have",                                   # another instance named
])
def test_words_that_only_look_like_deriving_words_leave_a_second_system_unrefuted(tmp_path, words):
    text = f"The particle moves with\n\n$$ \\dot{{x}} = e^{{x}} + 1 $$\n\n{words}\n\n$$ \\dot{{x}} = \\frac{{1}}{{x}} $$\n"
    assert "another value" in read_document(text, "systems.md").chains[-1].unsettled
    assert Verdict.REFUTED not in document_verdicts(tmp_path, text, "system.py")


@pytest.mark.parametrize("words", ["If we expand the square, then we get", "Expanding the square, that is,",
                                   "So far so good. Hence"])
def test_near_miss_deriving_words_in_the_last_clause_still_make_a_false_second_value_refuted(tmp_path, words):
    false = LOSS + f"{words}\n\n$$\nL = y^2 + w^2 x^2\n$$\n"
    assert not read_document(false, "notes.md").chains[-1].unsettled
    assert Verdict.REFUTED in document_verdicts(tmp_path, false, "derived.py")
