"""A counterexample's numbers are named by what the engine compared, never as "left side / right side" when
they are not the step's sides: for ∝ the ratio lhs/rhs at the point and at the primed values (and the
certified gap is their difference); for a limit, the measured quantity along the approach, whose numbers are
distances from the limit point, not values of the variable.  A plain equation keeps its two sides."""
from __future__ import annotations

from verifier.present.report.view import CounterexampleView
from verifier.verdicts import Ball, Check, Counterexample, MeasuredTrend, PointValue, Verdict


def _propto() -> Counterexample:
    return Counterexample({"n": "2", "n'": "256"}, {50: "-0.156574"}, {50: "0.0915506"},
                          "lhs/rhs changes when n changes (primed symbols are the second value)",
                          {50: "lhs − rhs ∈ [-0.248125 +/- 1e-60], so lhs − rhs ≠ 0"}, quantity="lhs − rhs",
                          gap={50: Ball("-0.248125", "1e-60")}, excludes="≠ 0",
                          values={"n": PointValue("2"), "n'": PointValue("256")})


def _limit() -> tuple[Counterexample, MeasuredTrend]:
    trend = MeasuredTrend("|lhs/rhs − 1|", "lambda", ("0.1", "0.01"), ("0.795", "0.979"))
    cx = Counterexample({"lambda": "approach from +: 0.1 … 1e-10"}, {50: "0.795, 0.979"},
                        {50: "→ 0 (claimed limit)"}, "|lhs/rhs − 1| does not shrink as λ → 0",
                        {50: "at this point sympy.limit gives -1"})
    return cx, trend


def test_a_proportionality_counterexample_names_its_numbers_as_the_ratio_at_two_values():
    view = CounterexampleView.of(_propto(), "propto")
    assert view.labels == ("lhs/rhs at the point", "lhs/rhs at the primed values")
    assert view.sides == ("−0.157", "0.0916")
    assert all("left" not in label and "side" not in label for label in view.labels)
    # the certified gap is a difference of the two ratios, not lhs − rhs of the step
    (_, words), = view.certificate
    assert words.startswith("lhs/rhs − (lhs/rhs at the primed values) ≈ −0.248125")
    assert "lhs/rhs at the point" in view.compared
    assert view.table.columns[1:] == ["lhs/rhs at the point", "lhs/rhs at the primed values"]


def test_a_limit_counterexample_names_its_numbers_as_the_measured_quantity_at_distances():
    cx, trend = _limit()
    view = CounterexampleView.of(cx, "~", trend)
    assert view.labels[0] == "|lhs/rhs − 1| at those distances" and view.labels[1] == ""
    assert view.point == []                       # λ is not said to equal the distances
    (name, words), = view.approach
    assert name == "lambda" and "distances 0.1 … 10⁻¹⁰" in words and "from above" in words
    assert view.sides[1] == ""


def test_a_limit_towards_infinity_says_its_numbers_are_values_of_the_variable():
    cx = Counterexample({"m": "1", "x": "approach from ∞: 10 … 1e+10"}, {50: "0.8, 0.8"},
                        {50: "→ 0 (claimed limit)"}, values={"m": PointValue("1")})
    view = CounterexampleView.of(cx, "~", MeasuredTrend("|lhs − rhs|", "x", ("10",), ("0.8",)))
    assert view.labels[0] == "|lhs − rhs| at those values"
    assert view.point == [("m", "1")] and view.approach[0][1].startswith("→ ∞, at 10")


def test_a_series_counterexample_names_the_unscaled_difference():
    cx, _ = _limit()
    trend = MeasuredTrend("|lhs − rhs|/h^2", "h", ("10^-1",), ("0.3",), order=True)
    assert CounterexampleView.of(cx, "~", trend).labels[0] == "|lhs − rhs| at those distances"


def test_an_equation_counterexample_keeps_its_left_and_right_sides():
    cx = Counterexample({"c": "1.3"}, {50: "-8.70160123"}, {50: "-2.25609"}, "", {50: "lhs − rhs ∈ [-6.44551 +/- 1e-60]"},
                        quantity="lhs − rhs", gap={50: Ball("-6.44551", "1e-60")}, excludes="≠ 0")
    view = CounterexampleView.of(cx, "=")
    assert view.labels == ("left side", "right side") and view.sides == ("−8.70", "−2.26")
    assert view.certificate[0][1].startswith("lhs − rhs ≈ −6.44551") and view.compared == "" and view.approach == []
    # a limit step whose counterexample is a point (no approach recorded) keeps its sides too
    trend = MeasuredTrend("|lhs − rhs|", "lambda", ("10",), ("0.5",))
    assert CounterexampleView.of(cx, "~", trend).labels == ("left side", "right side")


def test_a_step_passes_its_refuted_checks_trend_to_the_counterexample():
    from verifier.present.report.view import _refuting_trend
    from types import SimpleNamespace
    cx, trend = _limit()
    step = SimpleNamespace(checks=(Check("limit", Verdict.PROVED), Check("limit: lhs / rhs → 1", Verdict.REFUTED,
                                                                          trend=trend)))
    assert _refuting_trend(step) is trend
    assert _refuting_trend(SimpleNamespace(checks=(Check("x", Verdict.PROVED, trend=trend),))) is None


def test_a_negative_number_in_the_engines_words_reads_with_a_minus_sign():
    from verifier.present.report.prose import said_segments
    from verifier.verdicts import Number, Said
    said = Said("tail slope ", Number("-2.26451234e-7"))
    assert said_segments(said) == (("text", "tail slope −2.26451 × 10⁻⁷"),)
    # every digit, none rounded, still with a minus sign and a power of ten
    assert said_segments(said, exact=True) == (("text", "tail slope −2.26451234 × 10⁻⁷"),)
