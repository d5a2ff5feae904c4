"""A counterexample at a fraction is held to the text's conditions like any other point.

A text that gives a law in words ("X takes the value a-2 with probability p, a+2 with probability p and a with
probability 1-2p") states 0 <= p <= 1 and 0 <= 1 - 2p <= 1.  A false step among the law's parameters is looked at
again inside that range, and the search draws points between the ends of the range as exact fractions (p = 1/3).
Whether such a point satisfies the text's conditions is decided on its exact value: a point inside refutes the
step, a point outside is set aside.  A step true inside the range is never refuted, even where it fails outside.
"""
from __future__ import annotations

from types import SimpleNamespace

import pytest
import sympy as sp

from tests.engine import QUICK
from verifier import calc, real
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.judge.unconfirmed import excluded_by
from verifier.loader import load_file
from verifier.verdicts import Verdict

a, p = real("a"), real("p")
LAW = [((p >= 0) & (p <= 1) & (1 - 2 * p >= 0) & (1 - 2 * p <= 1),
        "X takes the value a-2 with probability p, a+2 with probability p and a with probability 1-2p")]
SECOND_MOMENT = p * (a - 2) ** 2 + a ** 2 * (1 - 2 * p) + p * (a + 2) ** 2


def verdict_of(derivation):
    [step] = check_all([derivation], QUICK)[0].steps
    return step


def inside_the_law(point: dict) -> bool:
    value = sp.Rational(point["p"]) if "/" in point["p"] else sp.Rational(float(point["p"]))
    return 0 <= value <= sp.Rational(1, 2)


def test_a_false_step_among_a_laws_parameters_is_refuted_at_a_point_inside_the_laws_range():
    step = verdict_of(calc(SECOND_MOMENT, title="E[X^2]").eq(a ** 2 + 4 * p, "as written", unconfirmed=LAW))
    assert step.verdict is Verdict.REFUTED, step.message
    assert inside_the_law(dict(step.counterexample.point))


def test_near_miss_the_true_step_among_the_same_parameters_is_not_refuted():
    step = verdict_of(calc(SECOND_MOMENT, title="E[X^2]").eq(a ** 2 + 8 * p, "as written", unconfirmed=LAW))
    assert step.verdict is not Verdict.REFUTED, step.message


def test_near_miss_a_step_true_only_inside_the_laws_range_is_not_refuted():
    """|1 - 2p| = 1 - 2p holds for every p the law allows and fails for p > 1/2."""
    step = verdict_of(calc(sp.Abs(1 - 2 * p), title="|1-2p|").eq(1 - 2 * p, "as written", unconfirmed=LAW))
    assert step.verdict is Verdict.UNKNOWN, step.message


def _counterexample(**point):
    return SimpleNamespace(point=point, certificate={}, lhs={}, rhs={}, gap={})


@pytest.mark.parametrize("shown, excluded", [("1/3", False), ("1/2", False), ("0", False),
                                             ("2/3", True), ("-1/7", True), ("3/2", True)])
def test_a_point_shown_as_a_fraction_is_decided_against_the_texts_conditions(shown, excluded):
    why = excluded_by(_counterexample(p=shown, a="2"), LAW, {"p": p, "a": a})
    assert bool(why) is excluded, why
    if excluded:
        assert "excluded by the text" in why


# ---- the same through the import of the text -------------------------------------------------------------------

TEXT = ("Let's take $X$ to be the random variable which takes the value $a-2$ with probability $p$, $a+2$ with "
        "probability $p$ and $a$ with probability $1-2p$.  For any possible choice of $a$ and $p$,\n\n"
        "$$\nE\\left[X^2\\right] = (a-2)^2p + a^2(1-2p) + (a+2)^2p = a^2 + %s.\n$$\n")


def checked(tmp_path, text: str):
    path = tmp_path / "law.py"
    path.write_text(write(read_document(text, "law.md")), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, error
    return [s for r in check_all(found, QUICK) for s in r.steps]


@pytest.mark.slow
def test_the_false_twin_of_a_second_moment_the_text_computes_is_refuted_and_the_true_line_is_not(tmp_path):
    twin = checked(tmp_path, TEXT % "4p")
    assert twin[-1].verdict is Verdict.REFUTED, twin[-1].message
    assert inside_the_law(dict(twin[-1].counterexample.point))
    assert Verdict.REFUTED not in [s.verdict for s in checked(tmp_path, TEXT % "8p")]
