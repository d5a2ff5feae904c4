"""A hypothesis the prose states near a display, which the reader does not apply, leaves the steps unsettled.

"If $\\mathbf{x} \\perp \\mathbf{y}$, then", "Since the weights sum to one, $\\sum_i w_i = 1$", "Let $p$ be a
probability": an equation in inline maths, an orthogonality, or words that give a name a property.  The reader
applies none of them, so a counterexample may violate them: the steps that write those names may be proved (what
holds without the hypothesis holds with it) and are otherwise unknown, naming the hypothesis, never refuted.
A false twin is never accepted, a line with no hypothesis near it is still refuted, an inline `x > 0` is still
read as a relation and a name the prose defines (`p_i = e^{s_i}/\\sum_j e^{s_j}`) is still a definition.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import QUICK
from verifier.importer.conditions import conditions_in
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict


def verdicts(tmp_path, text: str) -> list:
    doc = read_document(text, "notes.md")
    written = write(doc)
    path = tmp_path / "notes.py"
    path.write_text(written, encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, f"{error}\n{written}"
    return [s for r in check_all(found, QUICK) for s in r.steps]


HYPOTHESES = [
    # (prose, true line under it, a one-edit false twin)
    (r"If $\mathbf{x} \perp \mathbf{y}$, then",
     r"\|\mathbf{x}+\mathbf{y}\|^2 = \|\mathbf{x}\|^2 + \|\mathbf{y}\|^2",
     r"\|\mathbf{x}+\mathbf{y}\|^2 = \|\mathbf{x}\|^2 + 2\|\mathbf{y}\|^2"),
    (r"If $\mathbf{x}^\top\mathbf{y} = 0$, then",
     r"\|\mathbf{x}+\mathbf{y}\|^2 = \|\mathbf{x}\|^2 + \|\mathbf{y}\|^2",
     r"\|\mathbf{x}+\mathbf{y}\|^2 = \|\mathbf{x}\|^2 + 2\|\mathbf{y}\|^2"),
    (r"For orthogonal vectors $\mathbf{x}$ and $\mathbf{y}$,",
     r"\|\mathbf{x}+\mathbf{y}\|^2 = \|\mathbf{x}\|^2 + \|\mathbf{y}\|^2",
     r"\|\mathbf{x}+\mathbf{y}\|^2 = \|\mathbf{x}\|^2 + 2\|\mathbf{y}\|^2"),
    (r"If $\alpha + \beta = 1$, then", r"\alpha x + \beta x = x", r"\alpha x + \beta x = 2x"),
    (r"Since the weights sum to one, $\sum_i w_i = 1$, we get", r"\sum_i w_i c = c", r"\sum_i w_i c = 2c"),
    (r"Let $x$ be a root of $x^2 - x - 1 = 0$. Then", r"x^3 = 2x + 1", r"x^3 = 2x + 2"),
    (r"Let $P$ be idempotent, $P^2 = P$. Then", r"(I - P)^2 = I - P", r"(I - P)^2 = I + P"),
    (r"Let $x$ be positive. Then", r"\sqrt{x^2} = x", r"\sqrt{x^2} = 2x"),
    (r"Let $p$ be a probability. Then", r"\sqrt{p^2} = p", r"\sqrt{p^2} = 2p"),
    (r"For a variance $v$,", r"|v| = v", r"|v| = 2v"),
    (r"Let $d_k$ be the key dimension. Then", r"\sqrt{d_k^2} = d_k", r"\sqrt{d_k^2} = 2d_k"),
]


@pytest.mark.parametrize("prose, true, _", HYPOTHESES, ids=[h[0][:30] for h in HYPOTHESES])
def test_a_true_line_under_a_hypothesis_the_reader_does_not_apply_is_never_refuted(tmp_path, prose, true, _):
    steps = verdicts(tmp_path, f"{prose}\n\n$${true}$$\n")
    assert steps and all(s.verdict is not Verdict.REFUTED for s in steps), [s.message for s in steps]


@pytest.mark.parametrize("prose, _, false", HYPOTHESES, ids=[h[0][:30] for h in HYPOTHESES])
def test_its_false_twin_is_never_accepted(tmp_path, prose, _, false):
    steps = verdicts(tmp_path, f"{prose}\n\n$${false}$$\n")
    assert steps and all(s.verdict in (Verdict.UNKNOWN, Verdict.REFUTED) for s in steps), [s.message for s in steps]


def test_the_unknown_names_the_hypothesis(tmp_path):
    steps = verdicts(tmp_path, "If $\\alpha + \\beta = 1$, then\n\n$$\\alpha x + \\beta x = x$$\n")
    assert [s.verdict for s in steps] == [Verdict.UNKNOWN]
    assert "\\alpha + \\beta = 1" in steps[0].message


def test_without_a_hypothesis_near_it_the_false_line_is_still_refuted(tmp_path):
    steps = verdicts(tmp_path, "We compute.\n\n$$\\alpha x + \\beta x = x$$\n")
    assert [s.verdict for s in steps] == [Verdict.REFUTED]


def test_a_hypothesis_the_reader_reads_is_still_a_relation():
    found = conditions_in(r"For $x > 0$,")
    assert len(found) == 1 and found[0].relation == (sp.Symbol("x") > 0)


@pytest.mark.parametrize("prose, relation", [
    ("Let $x$ be positive.", "x > 0"),
    ("For a variance $v$,", "v >= 0"),
    ("Let $p$ be a probability.", "(p >= 0) & (p <= 1)"),
    ("For nonnegative $a$ and $b$,", "(a >= 0) & (b >= 0)"),
    ("Here $n$ is the size of the matrix.", "n > 0"),
])
def test_a_sign_given_in_words_is_read_as_a_relation_on_each_name(prose, relation):
    found = conditions_in(prose)
    assert len(found) == 1 and found[0].relation == sp.sympify(relation)


def test_a_sign_in_words_still_lets_a_point_it_allows_refute_a_false_line(tmp_path):
    steps = verdicts(tmp_path, "Let $x$ be positive. Then\n\n$$\\sqrt{x^2} = 2x$$\n")
    assert [s.verdict for s in steps] == [Verdict.REFUTED]
    assert float(steps[0].counterexample.point["x"]) > 0


def test_a_sum_to_one_over_a_name_the_line_does_not_write_restricts_nothing(tmp_path):
    prose = "For weights $\\lambda$ and $\\mu$ summing to one,\n\n"
    assert [s.verdict for s in verdicts(tmp_path, prose + "$$\\mu(a + b) = \\mu a + b$$\n")] == [Verdict.REFUTED]
    assert [s.verdict for s in verdicts(tmp_path, prose + "$$\\lambda c + \\mu c = 2c$$\n")] == [Verdict.UNKNOWN]


def test_a_name_the_prose_defines_is_still_a_definition_and_a_function_definition_no_hypothesis():
    found = conditions_in(r"where $p_i = e^{s_i}/\sum_j e^{s_j}$")
    assert len(found) == 1 and found[0].relation is None and found[0].names == frozenset({"p"})
    assert conditions_in(r"the loss $l(y, \hat y) = -\sum_j y_j \log \hat y_j$ is convex") == []


@pytest.mark.parametrize("prose, words", [
    (r"where $a + b = c$ holds", "a + b = c"),
    (r"If $\mathbf{x} \perp \mathbf{y}$, then", r"\mathbf{x} \perp \mathbf{y}"),
    (r"Suppose $N$ is nilpotent of index 2.", "Suppose $N$ is nilpotent of index 2"),
    (r"Let $P$ be idempotent.", "Let $P$ be idempotent"),
])
def test_an_unread_hypothesis_is_kept_as_its_words(prose, words):
    found = conditions_in(prose)
    assert any(c.words == words and c.relation is None for c in found), found
