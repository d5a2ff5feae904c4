"""A certificate the same ball at 50 and 100 digits is said once; when its radius is far above what those
digits resolve (10⁻¹⁷, a double-precision radius), it is said as what it is, a rigorous interval bound that is
the same at both precisions, never as a 100-digit result."""
from __future__ import annotations

from verifier.present.report.view import CounterexampleView
from verifier.verdicts import Ball, Counterexample


def _cx(radius: str) -> Counterexample:
    ball = Ball("0.12518888954809964664249832821951713413000106811523", radius)
    return Counterexample(point={"n": "2"}, lhs={50: "0.568", 100: "0.568"}, rhs={50: "0.693", 100: "0.693"},
                          quantity="rhs − lhs", excludes="> 0", gap={50: ball, 100: ball},
                          certificate={50: "rhs − lhs ∈ [0.125 +/- 2.78e-17]", 100: "rhs − lhs ∈ [0.125 +/- 2.78e-17]"})


def test_a_double_precision_ball_is_said_to_be_a_rigorous_interval_bound():
    [(precision, words)] = CounterexampleView.of(_cx("2.78e-17")).certificate
    # the radius 2.8 × 10⁻¹⁷ is never called a ball "at 50 and 100 digits" alone: it is coarser than 50 digits
    assert precision == ("a rigorous interval bound, coarser than 50 digits resolve: the runs at 50 and 100 digits "
                         "gave this same ball")
    assert "0.125189" in str(words)


def test_near_miss_a_ball_as_narrow_as_its_digits_says_its_digits():
    [(precision, _)] = CounterexampleView.of(_cx("1.0e-60")).certificate
    assert precision == "50 and 100 digits"
