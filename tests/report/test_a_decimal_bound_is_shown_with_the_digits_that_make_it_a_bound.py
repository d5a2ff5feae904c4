"""A long decimal on the side of an inequality is a bound, and is shown with its digits (up to 32 significant
ones): cut to six, "C < 0.474474647070526937246280975374" would read "C < 0.474474…", below the value it bounds,
and beside its twin "C > 0.474474647070526937246280975373" the two could not be told apart.  Near misses: the
same literal in an equation is still cut to six digits, and a literal shown whole carries no ellipsis."""
from __future__ import annotations

import sympy as sp

from tests.report import report_samples as samples
from verifier.present.report.display import short_decimals
from verifier.present.report.view import StepView
from verifier.verdicts import Verdict

UPPER = "0.474474647070526937246280975374"
C = sp.Symbol("C")


def _shown(relation: str) -> str:
    step = samples._step(1, relation, C, sp.Float(UPPER, 40), "30 digits", Verdict.PROVED, rhs_override=UPPER)
    return StepView.of(step, "a-s1", "").rhs_latex


def test_an_upper_bound_keeps_its_digits():
    assert _shown("<") == UPPER
    assert _shown(">=") == UPPER


def test_the_same_literal_in_an_equation_is_cut_and_marked():
    assert _shown("=") == r"0.474474\ldots"


def test_a_literal_shown_whole_has_no_ellipsis():
    assert short_decimals(UPPER, 32) == UPPER
    assert short_decimals(UPPER + "123", 32) == UPPER + r"12\ldots"
