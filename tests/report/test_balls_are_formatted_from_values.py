"""The report sets a certified ball from its record (Ball, ComplexBall), never from text the engine wrote.

A ball reaches the running text as "≈ midpoint (radius r)": rounded, so never after "∈".  The engine's
sentences about balls carry no digits; the digits travel as values, every one of them, to the JSON.
"""
from flint import acb, arb

from verifier.evidence import balls
from verifier.evidence.compare import _balls_say, gap_value
from verifier.present.report.numbers import ball_words
from verifier.present.report.view import gap_words, numeric_summary
from verifier.verdicts import Ball, ComplexBall, Counterexample, NumericEvidence


def _counterexample(gap) -> Counterexample:
    # No certificate text at all: whatever the report says of the ball comes from the value.
    return Counterexample({"c": "1.3"}, {50: "1"}, {50: "2"}, quantity="lhs − rhs", gap={50: gap}, excludes="≠ 0")


def test_the_report_formats_a_ball_from_its_values():
    shown = gap_words(_counterexample(Ball("-6.445510000000000001234", "1e-60")), 50)
    assert shown == "lhs − rhs ≈ −6.44551 (radius < 10⁻⁵⁰), so lhs − rhs ≠ 0"
    assert "+/-" not in shown and "∈" not in shown


def test_a_complex_gap_is_formatted_from_its_two_parts():
    gap = ComplexBall(Ball("0.1234567891234", "3e-55"), Ball("-2.5", "1e-52"))
    assert gap_words(_counterexample(gap), 50) == ("lhs − rhs ≈ 0.123457 (radius < 10⁻⁵⁰) − 2.5 (radius < 10⁻⁵⁰)·i, "
                                                   "so lhs − rhs ≠ 0")
    positive = ComplexBall(Ball("1.5", "1e-60"), Ball("0.25", "1e-60"))
    assert ball_words(positive) == "1.5 (radius < 10⁻⁵⁰) + 0.25 (radius < 10⁻⁵⁰)·i"
    assert ball_words(Ball("3.5", "0")) == "3.5"                     # an exact midpoint is said as it is


def test_a_complex_gap_of_the_engine_is_a_value_with_every_digit():
    with balls.precision(50):
        z = acb(arb(1) / 3, arb(-2) / 7)
        value = gap_value(z, 50)
    assert isinstance(value, ComplexBall)
    assert value.real.midpoint.startswith("0.33333333333333333333") and len(value.real.midpoint) > 40
    assert value.imaginary.midpoint.startswith("-0.28571428571428571428")
    assert gap_value(3, 50) is None                                  # an exact integer is no ball


def test_the_balls_words_carry_no_digits_and_their_gap_is_a_value():
    with balls.precision(50):
        g = arb(1) / 3
    words, value = _balls_say(("exclude", [("exclude", 50, g, None), ("exclude", 100, g, None)]), (), "=")
    assert words == "the balls say the relation = fails" and "+/-" not in words and "[" not in words
    assert isinstance(value, Ball) and value.midpoint.startswith("0.3333")
    words, value = _balls_say(("undefined", [("undefined", 50, "log of 0", None)] * 2), ("lhs",), "=")
    assert words == "the balls say lhs has no value (log of 0)" and value is None


def test_an_engine_error_shows_the_balls_gap_from_its_value():
    ev = NumericEvidence(3, (50, 100), None, (), 0, "ENGINE ERROR, the step is unknown: …",
                         "ENGINE ERROR, the step is unknown: at c = 1.3 the balls say the relation = fails, but SymPy "
                         "evalf says the relation holds", engine_gap=Ball("0.016407852837606633544798", "2.7e-52"))
    shown = numeric_summary(ev)
    assert "the balls' lhs − rhs ≈ 0.0164079 (radius < 10⁻⁵⁰)" in shown
    assert "∈" not in shown and "+/-" not in shown
    quiet = NumericEvidence(3, (50, 100), None, (), 0, "", "")
    assert "the balls'" not in numeric_summary(quiet)               # no engine error, no gap said
