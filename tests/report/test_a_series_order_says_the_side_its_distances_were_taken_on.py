"""A series' order measured at a finite point says which side of the point its distances h were taken on, as the
counterexample beside it says its own ("from above"): two lists of one step measured on opposite sides (0.405 from
below, 0.308 from above at the same h) otherwise disagree with no word on why.  Near misses: the mirrored error is
said from the other side, and a trend with no side recorded (towards ±∞, an older record) adds no side."""
from __future__ import annotations

import sympy as sp

from tests.engine import only_step
from verifier import Series, calc
from verifier.present.report.prose import plain
from verifier.present.report.view import _approach_words, trend_words
from verifier.verdicts import MeasuredTrend

x = sp.Symbol("x", real=True)


def _step(expr):
    step = only_step(calc(expr, title="t").approx(0, "second order?", meaning=Series(x, 1, 2)))
    [trend] = [c.trend for c in step.checks if c.trend is not None]
    return step, trend


def test_an_error_only_below_the_point_is_said_to_be_measured_below_it():
    step, trend = _step(sp.Abs(x - 1) - (x - 1))             # 2h below 1, exactly 0 above
    assert step.verdict.value == "refuted" and trend.side == "-"
    assert " below the limit point (" in plain(trend_words(trend))
    assert "from below" in _approach_words(step.counterexample.point["x"])     # both lists say the same side


def test_near_miss_the_mirrored_error_is_said_from_above():
    step, trend = _step(sp.Abs(x - 1) + (x - 1))             # 0 below 1, 2h above
    assert trend.side == "+"
    words = plain(trend_words(trend))
    assert " above the limit point (" in words and "below" not in words
    assert "from above" in _approach_words(step.counterexample.point["x"])


def test_a_trend_without_a_side_names_none():
    words = plain(trend_words(MeasuredTrend("|lhs − rhs|/h^2", "h", ("10^-1", "10^-40"), ("0.4", "3.6"), order=True)))
    assert words == "|lhs − rhs|/h^2 at h = 10^-1 … 10^-40: 0.4, 3.6"
