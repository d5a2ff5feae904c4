r"""An equation the text poses to be solved ("Suppose $x$ satisfies", "Let $r$ be a root of", "Find all $x$ with",
"Solve for $t$:", "the solutions of", "the equation") holds for the values meant, not for every value: checked as an
identity it would be refuted.  The display is read as a condition (unsettled): a counterexample refutes nothing and
nothing is proved.

Near misses stay checked both ways: a display after words that pose nothing ("we find that", "Then") is a claim, the
true line proved and its false twin refuted.
"""
from __future__ import annotations

import pytest

from tests.engine import QUICK
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict


def verdicts(tmp_path, text: str) -> list:
    written = write(read_document(text, "notes.md"))
    path = tmp_path / "imported.py"
    path.write_text(written, encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, f"{error}\n{written}"
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps]


@pytest.mark.parametrize("prose, display", [
    ("Suppose $x$ satisfies", r"x^2 = 4 x"),
    ("Suppose $x$ satisfies", r"x^3 = 9x"),
    ("Let $r$ be a root of", r"r^3 = 2r + 1"),
    ("Find all $x$ with", r"x^2 + x = 2x^2"),
    ("Solve for $t$:", r"t^2 = 3t"),
    ("Find $t$ such that", r"t^2 = 5t"),
    ("We look for the solutions of", r"y^2 = 2y"),
    ("Take any $z$ satisfying", r"z^2 = z"),
    ("Consider the equation", r"u^2 = 7u"),
])
def test_an_equation_posed_to_be_solved_is_unsettled_never_refuted(tmp_path, prose, display):
    doc = read_document(f"{prose}\n\n$${display}$$\n", "notes.md")
    assert doc.chains and all(c.unsettled for c in doc.chains), doc.chains
    assert Verdict.REFUTED not in verdicts(tmp_path, f"{prose}\n\n$${display}$$\n")


@pytest.mark.parametrize("prose", ["Then we find that", "Expanding,", "Hence"])
def test_near_miss_a_display_after_words_that_pose_nothing_is_checked_both_ways(tmp_path, prose):
    assert verdicts(tmp_path, f"{prose}\n\n$$x^2 - 4x = x(x - 4)$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, f"{prose}\n\n$$x^2 - 4x = x(x + 4)$$\n") == [Verdict.REFUTED]


@pytest.mark.parametrize("prose", [
    "A fixed point satisfies",
    "Its fixed points satisfy",
    "The fixed point solves",
    "At a fixed point,",
    "At the fixed point we have",
    "At a stationary point $z$ of $g$,",
    "The fixed points are the solutions of",
])
def test_a_chain_an_equation_poses_at_a_point_is_unsettled_never_refuted(tmp_path, prose):
    # `g(z) = z^2 = z`: the text's g and the equation a fixed point satisfies, not the identity z^2 = z
    text = f"Let $g(z) = z^2$. {prose}\n\n$$g(z) = z^2 = z.$$\n"
    doc = read_document(text, "notes.md")
    assert doc.chains and all(c.unsettled for c in doc.chains), doc.chains
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


@pytest.mark.parametrize("prose", ["The fixed point iteration converges. Expanding,", "So", "Hence at last"])
def test_near_miss_a_chain_after_words_that_pose_no_point_is_checked_both_ways(tmp_path, prose):
    assert verdicts(tmp_path, f"{prose}\n\n$$x^2 - 4x = x(x - 4) = x^2 - 4x$$\n") == [Verdict.PROVED] * 2
    assert Verdict.REFUTED in verdicts(tmp_path, f"{prose}\n\n$$x^2 - 4x = x(x - 4) = x^2 + 4x$$\n")
