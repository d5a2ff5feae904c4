"""An ≈ that means O(h^k) with k < 1 concludes that order, never a limit: sin(1/x) = O(1) as x → 0 is true,
but sin(1/x) ≈ 0 (lhs − rhs → 0) is false.  Such a step composes only with steps of the same order; an order
of one or more still concludes the limit.
"""
import pytest
import sympy as sp

from tests.engine import check
from verifier import calc, positive, tends, series_order

from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
x = positive("x_h9", 0.1, 10)


@pytest.mark.parametrize("order", [0, -1])
def test_an_order_below_one_does_not_conclude_that_the_difference_tends_to_zero(order):
    [result] = check(calc(sp.sin(1 / x), title="bounded").approx(0, "O(1)", meaning=series_order(x, 0, order)),
                     quick=True)
    assert result.steps[0].verdict in PASSING
    assert "lhs − rhs → 0" not in result.conclusion and f"lhs − rhs = O(h^{order})" in result.conclusion


def test_near_miss_an_order_of_one_or_more_still_concludes_the_limit_and_composes_with_it():
    chain = (calc(sp.sin(x), title="sin x ≈ x ≈ x + x²")
             .approx(x, "O(x³)", meaning=series_order(x, 0, 3))
             .approx(x + x ** 2, "→ 0", meaning=tends(x, 0)))
    [result] = check(chain, quick=True)
    assert all(s.verdict in PASSING for s in result.steps)
    assert "lhs − rhs → 0 as x_h9 → 0" in result.conclusion
