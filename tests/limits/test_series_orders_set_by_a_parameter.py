"""An order set by a parameter: h^c = O(h) holds only for c ≥ 1.

SymPy's series of h^c with a positive symbol c is a bare O(h²), which read term by term says "no lower-order
terms": such a series is not trusted, and the trend is followed from the ends of the parameter's range
too, where the order changes, and beyond a range that is only where the parameter is sampled.  A power of a base that is neither 0 nor infinite at the point ((1 + h)^c)
still expands for any exponent and is still proved.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import check
from verifier import Rational, calc, exp, interval, log, oo, positive, real, series_order, size, tends
from verifier.verdicts import Verdict

h = positive("h_po")
x = positive("x_po")
n = size("n_po")
c = positive("c_po", low=Rational(1, 2), high=5)       # a sampling range, not a hypothesis: c may be below 1
d = interval("d_po", Rational(1, 2), 5)
d_open = interval("e_po", 1, 5, open="low")
d_closed = interval("f_po", 1, 5)
b = positive("b_po", low=1, high=5)                     # sampled from 1, but any b > 0
r = real("r_po", low=1, high=3)                         # sampled in [1, 3], but any real r

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)


def order(expr, var, point, k, side=None):
    meaning = series_order(var, point, k, side=side) if side else series_order(var, point, k)
    return calc(expr, title="order").approx(0, "claimed", meaning=meaning)


FALSE = [
    ("h^c = O(h)", order(h ** c, h, 0, 1, "+")),
    ("sin(h)^c = O(h)", order(sp.sin(h) ** c, h, 0, 1, "+")),
    ("h^d = O(h), d from 1/2", order(h ** d, h, 0, 1, "+")),
    ("h^(c+1) = O(h²)", order(h ** (c + 1), h, 0, 2, "+")),
    ("x^(−c) = O(1/x) at ∞", order(x ** (-c), x, oo, 1)),
    ("n^(−d) = O(1/n) at ∞", order(n ** (-d), n, oo, 1)),
    ("e^(c log h) = O(h)", order(exp(c * log(h)), h, 0, 1, "+")),
    ("h^b = O(h), b > 0 sampled from 1", order(h ** b, h, 0, 1, "+")),
    ("h^r = O(h), r real sampled in [1, 3]", order(h ** r, h, 0, 1, "+")),
]


@pytest.mark.parametrize("name, derivation", FALSE, ids=[f[0] for f in FALSE])
def test_an_order_that_fails_for_part_of_a_parameters_range_is_never_passed(name, derivation):
    [result] = check(derivation)
    [step] = result.steps
    assert step.verdict not in PASSING, (name, step.verdict, step.message)


def test_the_false_order_is_refuted_at_the_low_end_of_the_range():
    [result] = check(order(h ** d, h, 0, 1, "+"))
    [step] = result.steps
    assert step.verdict is Verdict.REFUTED, step.message


TRUE = [
    ("h^e = O(h), e in (1, 5]", order(h ** d_open, h, 0, 1, "+")),
    ("h^f = O(h), f in [1, 5]", order(h ** d_closed, h, 0, 1, "+")),
    ("h^(c+1) = O(h)", order(h ** (c + 1), h, 0, 1, "+")),
    ("n^(−f) = O(1/n) at ∞", order(n ** (-d_closed), n, oo, 1)),
    ("h^d → 0", calc(h ** d, title="tends").approx(0, "d > 0", meaning=tends(h, 0, side="+"))),
    ("h^(b+1) = O(h), b > 0", order(h ** (b + 1), h, 0, 1, "+")),
]


@pytest.mark.parametrize("name, derivation", TRUE, ids=[t[0] for t in TRUE])
def test_an_order_that_holds_over_the_whole_range_is_never_refuted(name, derivation):
    [result] = check(derivation)
    [step] = result.steps
    assert step.verdict in PASSING, (name, step.verdict, step.message)


def test_a_power_of_a_base_that_stays_finite_and_nonzero_is_still_proved_by_its_series():
    [result] = check(order((1 + h) ** d - 1, h, 0, 1, "+"))
    [step] = result.steps
    assert step.verdict is Verdict.PROVED, step.message
    [result] = check(order((1 + h) ** d - 1, h, 0, 2, "+"))
    assert result.steps[0].verdict is Verdict.REFUTED, result.steps[0].message
