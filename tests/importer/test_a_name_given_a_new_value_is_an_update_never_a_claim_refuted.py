r"""A display that gives a name a new value is an update or a redefinition, not a claim that the two values are equal:
the name on both sides of its first `=` (`\theta = \theta - \alpha g`, "updated by gradient descent"; `x = x + 1` is
read the same way: as an equation it holds for no x, as an assignment it is what a program or an update rule
writes), or a name the text gave a value before, after words that give it a new one ("the loss becomes", "it is
updated to", "after one gradient step", "The second common choice is").  Such a line is unsettled: never refuted,
and a false one never accepted.  Without such words a second value of a defined name stays a claim (`L = …`, then
`L = …` expanded, is a step of a derivation), so a false one is still refuted; a plain false line is still refuted.
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
