"""Two glyphs of one letter (`\\epsilon` and `\\varepsilon`, `\\phi` and `\\varphi`, `\\theta` and `\\vartheta`), which
the report prints alike, are one letter for the conditions the text states: a condition on one glyph is a condition
on the other, so a true line written with the other glyph is never refuted at a point the condition excludes, and a
line false inside the condition is still refuted."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.conditions import conditions_in
from verifier.verdicts import Verdict

CASES = [
    ("Let $\\epsilon > 0$ be a small constant.", r"\sqrt{\varepsilon^2} = \varepsilon", r"\sqrt{\varepsilon^2} = -\varepsilon"),
    ("Let $\\varepsilon > 0$ be a small constant.", r"\sqrt{\epsilon^2} = \epsilon", r"\sqrt{\epsilon^2} = 2\epsilon"),
    ("Let $\\phi$ be positive.", r"|\varphi| = \varphi", r"|\varphi| = -\varphi"),
    ("For $\\theta \\in (0, 1)$,", r"\vartheta^2 \le \vartheta", r"\vartheta^2 \ge \vartheta"),
]


@pytest.mark.parametrize("prose, true_line, false_line", CASES)
def test_a_true_line_written_with_the_other_glyph_is_never_refuted_outside_the_condition(tmp_path, prose, true_line,
                                                                                         false_line):
    found = document_verdicts(tmp_path, f"{prose}\n\n$${true_line}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("prose, true_line, false_line", CASES)
def test_near_miss_a_line_false_inside_the_condition_on_the_other_glyph_is_still_refuted(tmp_path, prose, true_line,
                                                                                         false_line):
    assert document_verdicts(tmp_path, f"{prose}\n\n$${false_line}$$\n", "notes.py") == [Verdict.REFUTED]


def test_a_display_stating_a_condition_on_one_glyph_holds_off_the_other(tmp_path):
    text = "Assume that\n\n$$\\epsilon > 0.$$\n\nThen\n\n$$\\sqrt{\\varepsilon^2} = \\varepsilon$$\n"
    found = document_verdicts(tmp_path, text, "notes.py")
    assert found and Verdict.REFUTED not in found, found


def test_the_condition_on_the_other_glyph_keeps_the_texts_words():
    eps, vareps = sp.symbols("epsilon varepsilon")
    found = conditions_in(r"Let $\epsilon > 0$ be a small constant.")
    assert {(c.words, c.relation) for c in found} == {(r"\epsilon > 0", eps > 0), (r"\epsilon > 0", vareps > 0)}


def test_near_miss_a_letter_with_one_glyph_gets_no_twin():
    assert len(conditions_in(r"Let $\alpha > 0$ be a small constant.")) == 1
