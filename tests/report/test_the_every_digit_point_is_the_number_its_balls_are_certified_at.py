"""The "every digit" of a refuted step prints its point as the exact number its certified balls were computed at:
a drawn double is a finite decimal and is printed whole ("7.87419779846725731431433814577758312225341796875"),
never as its 17-digit decimal ("7.8741977984672573"), at which the value lies outside the printed ball.
Recomputed with mpmath at high precision at the printed point, the value lies in the printed ball.
Near misses: a coordinate that is not a double's digits (a whole number, a fraction, words) is printed as it is,
and a double whose 17-digit decimal is already exact (0.125) gains no digit."""
from __future__ import annotations

import mpmath
import sympy as sp

from tests.engine import only_step
from verifier import calc, positive
from verifier.present.report import numbers
from verifier.present.report.view import CounterexampleView
from verifier.verdicts import PointValue

_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")


def _number(printed: str) -> mpmath.mpf:
    """A number as the disclosure prints it ("−2.0770 × 10⁻⁴⁸"), exactly, as an mpmath number."""
    text = printed.strip().replace("−", "-")
    mantissa, times, power = text.partition(" × 10")
    return mpmath.mpf(mantissa + ("e" + power.translate(_SUPERSCRIPT) if times else ""))


def test_the_value_at_the_printed_point_lies_in_the_printed_ball():
    x = positive("x")
    step = only_step(calc(sp.exp(x), title="a false expansion").eq(1 + x + x ** 2 / 2, "truncated"))
    view = CounterexampleView.of(step.counterexample, "=")
    [(name, printed)] = view.digits_point
    assert name == "x"
    balls = [ball for _, ball in view.full_gap]
    assert balls
    with mpmath.workdps(300):
        at = _number(printed)
        assert mpmath.mpf(float(at)) == at             # the printed point is the double itself, every digit
        value = mpmath.exp(at) - (1 + at + at ** 2 / 2)
        for ball in balls:
            midpoint, radius = ball.partition("∈")[2].split("±")
            assert abs(value - _number(midpoint)) <= _number(radius), (printed, ball)
    # the machine record (the PDF) prints the same exact number in the engine's form
    assert dict(view.exact_point)["x"] == printed.replace("−", "-")


def test_a_drawn_double_prints_as_its_exact_decimal():
    assert numbers.exact("7.8741977984672573") == "7.87419779846725731431433814577758312225341796875"
    assert numbers.point_digits(PointValue("-0.73215896264627223")) == \
        "−0.73215896264627222667087380614248104393482208251953125"
    assert numbers.point_digits(PointValue(entries=("0.125", "1.0000000000000001e-05"), length=3)) == \
        "(0.125, 0.000010000000000000000818030539140313095458623138256371021270751953125, …)"


def test_near_miss_a_coordinate_that_is_not_a_doubles_digits_is_printed_as_it_is():
    for written in ("17", "131/100", "0.125", "1.31000000000000", "undefined", "12345678901234567890"):
        assert numbers.exact(written) == written
    assert numbers.point_digits(PointValue("131/100")) == "131/100"
