"""Hostile review, session 9: ∝ and ≈ meanings, expectations, hypotheses, citations, sums, the caches.

Bugs found and fixed here:
- A sign assumption made every limit one-sided: `positive("x")` approached x → 5 only from the right, so the
  false two-sided limits H(x − 5) → 1, sign(x − 5) → 1 and |x − 5|/(x − 5) → 1 came out proved.  A sign
  assumption closes a side only at its own end (x → 0 for x > 0), as a confined range does.
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import calc, positive, nonnegative, real, tends, series_order
from verifier.verdicts import Verdict

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
x = positive("x_h9", 0.1, 10)
u = nonnegative("u_h9", 0, 10)
y = real("y_h9", -3, 3)


def approx(lhs, rhs, meaning):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=meaning), quick=True)


# ---- a sign assumption closes a side of a limit only at the end of the sign's range -----------------------

@pytest.mark.parametrize("lhs, rhs, meaning", [
    (sp.Heaviside(x - 5), 1, tends(x, 5)),
    (sp.sign(x - 5), 1, tends(x, 5)),
    (sp.Abs(x - 5) / (x - 5), 1, tends(x, 5)),
    (sp.sign(u - 2), -1, tends(u, 2)),
    ((x - 5) * sp.Heaviside(x - 5), x - 5, series_order(x, 5, 2)),
])
def test_a_positive_variable_is_approached_from_both_sides_away_from_zero(lhs, rhs, meaning):
    assert approx(lhs, rhs, meaning).verdict not in PASSING


@pytest.mark.parametrize("lhs, rhs, meaning", [
    (sp.Heaviside(x - 5), 1, tends(x, 5, side="+")),          # the side stated: the right limit is 1
    (sp.sign(u - 2), -1, tends(u, 2, side="-")),
    (sp.Heaviside(x), 1, tends(x, 0)),                         # x > 0: x → 0 only from the right
    (x * sp.log(x), 0, tends(x, 0)),
    (sp.sqrt(u), 0, tends(u, 0)),
    ((x - 5) * sp.Heaviside(x - 5), x - 5, series_order(x, 5, 2, side="+")),
])
def test_a_limit_one_sided_by_its_statement_or_at_the_end_of_the_sign_still_holds(lhs, rhs, meaning):
    assert approx(lhs, rhs, meaning).verdict in PASSING
