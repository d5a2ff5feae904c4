"""A trend along an approach says where it was followed: the other variables' values (a reader can recompute
each number), and a length followed through the reals is said to be taken as a real number, so that
n = 10.618 is explained, not a slip.  A variable followed through the integers, or with nothing else to name,
adds nothing."""
from __future__ import annotations

from verifier.present.report.prose import plain
from verifier.present.report.view import trend_words
from verifier.verdicts import MeasuredTrend, PointValue


def _words(**fields) -> str:
    return plain(trend_words(MeasuredTrend(**fields)))


def test_a_trend_names_the_other_variables_values():
    words = _words(quantity="|lhs − rhs|", variable="lambda", at=("10.618", "100.618"), values=("4.46", "48.1"),
                   point={"s": PointValue(entries=("0.484375", "1.453125"), length=2), "n": PointValue("2")})
    assert "at s = (0.484375, 1.45312), n = 2:" in words
    assert words.endswith("lambda = 10.618: 4.46, lambda = 100.618: 48.1")


def test_a_length_followed_through_the_reals_is_said_to_be_a_real_number():
    words = _words(quantity="|lhs/rhs − 1|", variable="n", at=("10.618",), values=("0.875",), real=True)
    assert "(n taken as a real number)" in words


def test_a_length_drawn_as_a_real_number_at_the_point_is_said_to_be_one():
    words = _words(quantity="|lhs − rhs|", variable="Delta", at=("10.618",), values=("6.56",),
                   point={"n": PointValue("1272.5703"), "c": PointValue("-2")})
    assert "at n = 1272.57, c = −2, n taken as a real number:" in words     # and a minus sign, not a hyphen
    whole = _words(quantity="|lhs − rhs|", variable="Delta", at=("10.618",), values=("6.56",),
                   point={"n": PointValue("2")})
    assert "real number" not in whole


def test_near_miss_a_real_variable_that_is_no_length_and_a_length_through_the_integers_add_nothing():
    real_scale = _words(quantity="|lhs − rhs|", variable="lambda", at=("10.618",), values=("1",), real=True)
    size = _words(quantity="|lhs − rhs|", variable="n", at=("10",), values=("1",))
    assert "real number" not in real_scale and "real number" not in size
    assert size == "|lhs − rhs| along the approach: n = 10: 1"


def test_the_judge_hands_the_trend_its_point_and_how_the_variable_was_followed():
    import sympy as sp
    from tests.engine import only_step
    from verifier import Limit, calc, oo, positive
    lam, c = positive("lambda"), positive("c", low=1, high=2)
    s = only_step(calc(c / lam + sp.Rational(1, 2), title="a false limit").approx(0, "", meaning=Limit(lam, oo)))
    [trend] = [ch.trend for ch in s.checks if ch.trend is not None]
    assert trend.real and set(trend.point) == {"c"}
    value = float(trend.point["c"].value)                 # the point named is the one the values were taken at
    assert abs(float(trend.values[0]) - (value / float(trend.at[0]) + 0.5)) <= 1e-4


def test_a_series_order_names_its_point_and_the_digits_that_resolve_its_smallest_distances():
    words = _words(quantity="|lhs − rhs|/h^3", variable="h", at=("10^-1", "10^-40"), values=("1.17", "1.18"),
                   order=True, point={"lambda": PointValue("1.5")}, digits=100)
    assert words == "|lhs − rhs|/h^3 at h = 10^-1 … 10^-40, with lambda = 1.5 (100 digits): 1.17, 1.18"
