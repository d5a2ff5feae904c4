"""The HTML's "every digit" of a certificate is set from the ball's record, not the engine's notation: "lhs − rhs
∈ −0.24812496764329610149 ± 9.47 × 10⁻⁵²", a minus sign, a ± and a power of ten, every digit kept (nothing
rounded, so it still encloses the gap).  Near misses: a radius written without an exponent is kept as written,
and a certificate that is not a ball keeps the engine's words."""
from __future__ import annotations

from verifier.present.report import numbers
from verifier.present.report.view import CounterexampleView
from verifier.verdicts import Ball, ComplexBall, Counterexample, FrozenMap

MID, RAD = "-0.24812496764329610149", "9.47e-52"


def test_a_real_ball_reads_with_every_digit_and_a_power_of_ten():
    assert numbers.ball_digits(Ball(MID, RAD)) == "−0.24812496764329610149 ± 9.47 × 10⁻⁵²"
    assert numbers.ball_digits(Ball("0.5", "0.0012")) == "0.5 ± 0.0012"


def test_a_complex_ball_reads_part_by_part():
    z = ComplexBall(Ball("1.25", "3e-40"), Ball("-2.5", "3e-40"))
    assert numbers.ball_digits(z) == "(1.25 ± 3 × 10⁻⁴⁰) + (−2.5 ± 3 × 10⁻⁴⁰)·i"


def _cx(**kw) -> Counterexample:
    return Counterexample(point=FrozenMap({"x": "0.5"}), lhs=FrozenMap({50: "1"}), rhs=FrozenMap({50: "2"}),
                          certificate=FrozenMap({50: f"lhs − rhs ∈ [{MID}… +/- {RAD}]"}), **kw)


def test_the_html_digits_come_from_the_balls_record():
    view = CounterexampleView.of(_cx(quantity="lhs − rhs", gap=FrozenMap({50: Ball(MID, RAD)}), excludes="≠ 0"), "=")
    assert view.full_gap == [("50 digits", "lhs − rhs ∈ −0.24812496764329610149 ± 9.47 × 10⁻⁵²")]
    assert all("+/-" not in text and "e-" not in text for _, text in view.full_gap)


def test_a_certificate_that_is_not_a_ball_keeps_its_words():
    view = CounterexampleView.of(_cx(), "=")
    assert view.full_gap == view.full_certificate
