"""What an earlier display states may be what the displays after it take as given, whatever its kind:

- an inequality ("satisfying $$p > 0.$$", "Assume that $$0 < p < 1.$$", `$$x \\geq 0 \\text{ and } y \\geq 0.$$`),
  kept as a relation, so a point inside it still refutes;
- a display the text marks `\\text{(by assumption)}`: a condition, not a claim to refute;
- a display (or a part of one) the import does not read (`\\mathbf{x} \\perp \\mathbf{y}`, `\\text{Let } x^2 = x`, a
  second equation beside a chain): no point is known to satisfy it, so a later line writing its names is unknown,
  never refuted, and a later line about other names is still refuted."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

TRUE_AND_FALSE = [
    ("Let $p$ be a real number satisfying\n$$p > 0.$$\nThen\n", "|p| = p", "|p| = -p"),
    ("Assume that\n$$0 < p < 1.$$\nThen\n", r"\sqrt{p^2} = p", r"\sqrt{p^2} = -p"),
    ("Let $x$ be a real number with\n$$x \\geq 0 \\text{ and } y \\geq 0.$$\nThen\n", r"\sqrt{x^2 y^2} = xy",
     r"\sqrt{x^2 y^2} = -xy"),
    ("Let $a$ be a real number.\n$$a \\geq 0 \\quad \\text{(by assumption)}$$\nThen\n", r"\sqrt{a^2} = a",
     r"\sqrt{a^2} = -a"),
]


@pytest.mark.parametrize("before, true_line, false_line", TRUE_AND_FALSE)
def test_a_true_line_is_never_refuted_outside_an_inequality_an_earlier_display_states(tmp_path, before, true_line,
                                                                                       false_line):
    found = document_verdicts(tmp_path, f"{before}$${true_line}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("before, true_line, false_line", TRUE_AND_FALSE)
def test_near_miss_a_line_false_inside_the_inequality_is_still_refuted(tmp_path, before, true_line, false_line):
    assert document_verdicts(tmp_path, f"{before}$${false_line}$$\n", "notes.py")[-1] is Verdict.REFUTED


def test_a_display_marked_as_an_assumption_is_not_refuted(tmp_path):
    text = "Let $x$ be a real number.\n$$x^2 = x \\quad \\text{(by assumption)}$$\nThen\n$$x^3 = x.$$\n"
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.REFUTED not in found, found


UNREAD = [
    "Let $\\mathbf{x}, \\mathbf{y}$ be vectors in $\\mathbb{R}^n$ with\n$$\\mathbf{x} \\perp \\mathbf{y}.$$\nThen\n"
    "$$\\|\\mathbf{x} + \\mathbf{y}\\|^2 = \\|\\mathbf{x}\\|^2 + \\|\\mathbf{y}\\|^2.$$\n",
    "Let $x$ be a real number.\n$$\\text{Let } x^2 = x.$$\nThen\n$$x^3 = x.$$\n",
    "The attention weights are nonnegative and sum to one:\n$$\\alpha_i \\geq 0, \\qquad \\sum_{i=1}^{n} \\alpha_i = 1.$$\n"
    "Hence\n$$\\sum_{i=1}^{n} \\alpha_i (v + c) = \\sum_{i=1}^{n} \\alpha_i v + c.$$\n",
    "Since the weights satisfy\n$$\\mathbf{1}^\\top \\boldsymbol{\\alpha} = 1,$$\nwe have\n"
    "$$\\sum_{j=1}^{n} \\alpha_j (v + c) = \\sum_{j=1}^{n} \\alpha_j v + c.$$\n",
]


@pytest.mark.parametrize("text", UNREAD)
def test_a_line_after_a_display_that_is_not_read_and_writes_its_names_is_never_refuted(tmp_path, text):
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.REFUTED not in found, found
    assert any("not read" in c.words for c in read_document(text, "notes.md").chains[-1].conditions)


def test_near_miss_a_false_line_about_other_names_after_an_unread_display_is_still_refuted(tmp_path):
    text = ("Let $x$ be a real number.\n$$\\text{Let } x^2 = x.$$\nThen\n$$y^3 = y.$$\n")
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]
    text = "$$x^3 = x.$$\n"
    assert document_verdicts(tmp_path, text, "notes.py") == [Verdict.REFUTED]


def test_near_miss_a_condition_written_beside_an_inequality_is_its_own_not_a_hypothesis_of_the_next_display():
    text = "$$\\log x \\le x - 1 \\quad \\text{for } x > 0$$\nand\n$$\\sqrt{x^2} = x$$\n"
    later = read_document(text, "notes.md").chains[-1]
    assert not any(c.words.startswith("x > 0 (the display") for c in later.conditions), \
        [c.words for c in later.conditions]
    text = "Let $x$ be a real number with\n$$x \\geq 0 \\text{ and } y \\geq 0.$$\nThen\n$$\\sqrt{x^2 y^2} = xy.$$\n"
    later = read_document(text, "notes.md").chains[-1]
    assert any(c.words.startswith("y \\geq 0 (the display") for c in later.conditions), [c.words for c in later.conditions]


def test_near_miss_the_parameter_of_a_function_a_refused_display_defines_is_no_hypothesis(tmp_path):
    text = ("consider the function\n$$\nf(x) = 3x^4 - 4x^3 -12x^2.\n$$\n\n"
            "$$\n\\frac{df}{dx} = 12x^3 - 12x^2 -24x = 12x(x-2)(x-1).\n$$\n")
    assert Verdict.REFUTED in document_verdicts(tmp_path, text, "notes.py")
