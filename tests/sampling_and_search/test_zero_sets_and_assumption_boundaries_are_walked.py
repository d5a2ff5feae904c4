"""The sampled points walk the zero sets no single coordinate names (sampling.band_points).

A claim false only on a curve is missed by every random point: over the integers (x² − 2y² − 1)² ≥ 1 fails only
on x² − 2y² = 1, at (3, 2), (17, 12), (99, 70), … along x = √2·y; x·y > 1 under assume="x·y ≥ 1" fails only on
the hyperbola the assumption bounds; floor(x·y) changes only where x·y crosses an integer.  From a few points,
each coordinate in turn is solved for exactly, on the zero set and 10⁻⁹ to each side (integers: next to it),
and integer pairs start from the convergents of an irrational asymptote.  Near misses: the true claims tight on
the same sets are not refuted.
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import calc, integer, interval, real
from verifier.verdicts import Verdict

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
xb, yb = integer("xb_band", 10, 1000), integer("yb_band", 10, 1000)
xp, yp = real("xp_band", 0, 10), real("yp_band", sp.Rational(1, 10), 5)
x, y = real("x_band", 0, 10), real("y_band", -5, 5)
# confined: the claims about floor(x·y) below are meant on the box (beyond it, y = 100 makes the second one false)
xg, yg = interval("xg_band", 0, 10), interval("yg_band", 0, sp.Rational(1001, 10000))


def verdict(step):
    s = only_step(step, quick=True)
    return s.verdict, s.message


@pytest.mark.parametrize("d", [2, 3], ids=["x^2 - 2y^2 = 1", "x^2 - 3y^2 = 1"])
def test_integer_pairs_on_a_pell_relation_refute_a_claim_false_only_there(d):
    v, why = verdict(calc((xb ** 2 - d * yb ** 2 - 1) ** 2, title="pell").ge(1, "claimed"))
    assert v is Verdict.REFUTED, why


def test_integer_pairs_near_a_pell_relation_do_not_refute_a_true_claim():
    """x² − 2y² is a nonzero integer for integers not both 0 (√2 is irrational): the same walk finds no
    counterexample."""
    v, why = verdict(calc((xb ** 2 - 2 * yb ** 2) ** 2, title="pell").ge(1, "claimed"))
    assert v is not Verdict.REFUTED, why


def test_a_claim_false_exactly_on_the_boundary_of_its_assumption_is_refuted():
    v, why = verdict(calc(xp * yp, title="hyperbola").gt(1, "claimed", assume="xp_band*yp_band >= 1"))
    assert v is Verdict.REFUTED, why
    v, why = verdict(calc(x ** 2 + y ** 2, title="disc").lt(4, "claimed", assume="x_band**2 + y_band**2 <= 4"))
    assert v is Verdict.REFUTED, why


@pytest.mark.parametrize("lhs,rhs,assume", [
    ((xp * yp) ** 2, 1, "xp_band*yp_band >= 1"),
    (sp.sqrt(4 - x ** 2 - y ** 2), 0, "x_band**2 + y_band**2 <= 4"),
], ids=["(xy)^2 >= 1 on xy >= 1", "sqrt(4 - x^2 - y^2) >= 0 on the disc"])
def test_a_true_claim_tight_on_the_boundary_is_not_refuted_and_no_point_leaves_the_assumption(lhs, rhs, assume):
    v, why = verdict(calc(lhs, title="tight").ge(rhs, "claimed", assume=assume))
    assert v in PASSING, (v, why)


def test_a_thin_band_around_a_line_through_the_box_is_met():
    v, why = verdict(calc((x - sp.sqrt(2) * y) ** 2, title="band").ge(sp.Rational(1, 10 ** 8), "claimed"))
    assert v is Verdict.REFUTED, why
    v, why = verdict(calc((x - sp.sqrt(2) * y) ** 2, title="band").ge(0, "claimed"))
    assert v in PASSING, (v, why)


def test_a_floor_factor_inside_proportionality_is_met_where_its_argument_crosses_an_integer():
    """floor(x·y) is 0 except in a corner x·y ≥ 1 (x > 9.99, y > 0.1) that random points miss; the ratio
    (1 + floor(x·y)) is then 2 at one value of x and 1 at another."""
    v, why = verdict(calc((1 + sp.floor(xg * yg)) * xg, title="floor").propto(xg, "claimed", wrt=xg))
    assert v is Verdict.REFUTED, why
    v, why = verdict(calc((1 + sp.floor(xg * yg / 2)) * xg, title="floor").propto(xg, "claimed", wrt=xg))
    assert v is not Verdict.REFUTED, why
