"""A value measured along a limit's approach that lies below what the 50-digit evaluation resolves is round-off,
not data: it reads "< 10⁻⁵⁰", like an error, whether the digits came out as 1.23 × 10⁻⁹¹, 7.49 × 10⁻⁹⁶, a value
below 10⁻⁹⁹⁹ or exactly 0; one way of saying it, never a digit string.  A value above the resolution keeps its
three significant digits."""
from __future__ import annotations

from verifier.present.report.view import trend_value, trend_words
from verifier.verdicts import MeasuredTrend

BOUND = "< 10⁻⁵⁰"


def test_round_off_below_the_resolution_and_zero_read_as_the_bound():
    for noise in ("1.23e-91", "7.49e-96", "2.5e-1200", "0.0", "0", "-0.0", "-3.1e-77"):
        assert trend_value(noise) in (BOUND, "> −10⁻⁵⁰"), noise


def test_a_value_above_the_resolution_keeps_its_digits():
    assert trend_value("4.03e-41") == "4.03 × 10⁻⁴¹"
    assert trend_value("0.000347") == "0.000347"
    assert trend_value("0.5") == "0.5" and trend_value("4850.0") != BOUND


def test_a_trend_says_one_bound_for_every_unresolved_point():
    trend = MeasuredTrend("|lhs − rhs|", "lambda", ("10", "100", "10000", "1e+06", "1e+10"),
                          ("0.000347", "4.03e-41", "0.0", "7.49e-96", "1.23e-91"))
    said = str(trend_words(trend))
    assert said.count(BOUND) == 3 and "91" not in said and "96" not in said and "0.0," not in said
    assert "0.000347" in said and "4.03" in said
