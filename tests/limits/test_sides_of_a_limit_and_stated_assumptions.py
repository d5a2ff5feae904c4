"""The sides a limit is approached from, and the points its certificate and trends may use.

- A sign assumption closes a side only at its own end: `positive("x")` is approached from both sides at
  x → 5, so the false two-sided limits H(x − 5) → 1, sign(x − 5) → 1 and |x − 5|/(x − 5) → 1 are not proved;
  x → 0 for x > 0 is one-sided, as at the end of a confined range.
- A certificate is sought only at a base point the declarations admit: x^(1 − 2p) → 0 as x → ∞ for
  p ∈ (1/2, 0.51) is true, and a base point shortened onto the excluded end p = 1/2 (where it is 1) would
  refute it.  A shortened point stays strictly inside an open end, and a vector keeps its entries when
  rounding would break a declared fact.
- A limit's trends start only from points the step's stated assumptions admit: x^(1 − 2p) → 0 with
  assume="p > 1/2" is not refuted at p = 0.42.
- A stated assumption about the approach variable closes a side for the numbers: H(x) → 1 as x → 0 with
  assume="x > 0" is followed only from the right; the proof ignores assume= (it holds for every declared value),
  so SymPy's two-sided limit leaves the step unknown.
- A limit at a symbolic point is still checked.
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Rational, calc, interval, oo, positive, nonnegative, real, size, tends, series_order, vector
from verifier.evidence import numeric
from verifier.judge.meanings import _shortened
from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
x = positive("x_h9", 0.1, 10)
u = nonnegative("u_h9", 0, 10)
y = real("y_h9", -3, 3)


def approx(lhs, rhs, meaning):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=meaning), quick=True)


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


p_open = interval("p_h9", Rational(1, 2), Rational(51, 100), open=True)
q_half_open = interval("q_h9", Rational(1, 2), Rational(51, 100), open="low")
q_closed = interval("r_h9", Rational(1, 2), Rational(51, 100))
t = positive("t_h9", 1, 10)


@pytest.mark.parametrize("param", [p_open, q_half_open])
def test_a_true_slow_limit_is_not_refuted_at_an_excluded_end_of_an_open_range(param):
    # x^(1 − 2p) → 0 for every p > 1/2, slowly near 1/2; at p = 1/2 (excluded) it is 1.
    assert approx(t ** (1 - 2 * param), 0, tends(t, oo)).verdict is not Verdict.REFUTED


def test_near_miss_the_same_limit_with_the_end_included_is_refuted():
    # p = 1/2 admitted: there x^0 = 1 does not tend to 0, and the claim is false.
    assert approx(t ** (1 - 2 * q_closed), 0, tends(t, oo)).verdict is Verdict.REFUTED


def test_a_shortened_base_point_keeps_a_nonconstant_vector_nonconstant_and_an_open_end_excluded():
    m = size("m_h9", low=2)
    v = vector("v_h9", m, nonconstant=True)
    w = vector("w_h9", m)
    base = numeric.Point({m: 2, v: [None, 0.50001, 0.50002], w: [None, 0.50001, 0.50002], p_open: 0.5001})
    short = _shortened(base).values
    assert len(set(short[v][1:])) == 2            # rounding both to 1/2 would make v constant
    assert short[w][1:] == [0.5, 0.5]             # an undeclared vector may be shortened to a tie
    assert short[p_open] > 0.5


p_any = real("pa_h9", 0, 1)


@pytest.mark.parametrize("lhs", [t ** (1 - 2 * p_any), sp.exp((1 - 2 * p_any) * t)])
def test_a_true_limit_under_a_stated_assumption_is_not_refuted_where_the_assumption_fails(lhs):
    step = only_step(calc(lhs, title="probe").approx(0, "claimed", meaning=tends(t, oo), assume="pa_h9 > 1/2"),
                     quick=True)
    assert step.verdict is not Verdict.REFUTED


@pytest.mark.parametrize("lhs", [t ** (1 - 2 * p_any), sp.exp((1 - 2 * p_any) * t)])
def test_near_miss_the_same_limit_under_the_opposite_assumption_is_refuted(lhs):
    step = only_step(calc(lhs, title="probe").approx(0, "claimed", meaning=tends(t, oo), assume="pa_h9 < 1/2"),
                     quick=True)
    assert step.verdict is Verdict.REFUTED


@pytest.mark.parametrize("lhs, rhs, meaning", [
    (sp.Heaviside(y), 1, tends(y, 0)),
    (sp.Abs(y) / y, 1, series_order(y, 0, 3)),
    (sp.sign(y - 1), 1, tends(y, 1)),
])
def test_a_limit_true_on_the_side_the_assumption_leaves_is_not_refuted_from_the_other(lhs, rhs, meaning):
    point = meaning.point
    step = only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=meaning, assume=f"y_h9 > {point}"),
                     quick=True)
    assert step.verdict is not Verdict.REFUTED


@pytest.mark.parametrize("lhs, rhs, meaning", [
    (sp.Heaviside(y), 1, tends(y, 0)),
    (sp.sign(y - 1), 1, tends(y, 1)),
])
def test_near_miss_the_same_limit_under_the_opposite_assumption_is_refuted_from_its_side(lhs, rhs, meaning):
    point = meaning.point
    step = only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=meaning, assume=f"y_h9 < {point}"),
                     quick=True)
    assert step.verdict is Verdict.REFUTED


mu = real("mu_h9", -1, 1)


@pytest.mark.parametrize("var", [y, x])
def test_a_true_limit_at_a_symbolic_point_is_checked_without_crashing_and_not_refuted(var):
    # SymPy proves it; the trends cannot follow a symbolic point (a limitation of the numbers), so it is unknown.
    step = approx((var ** 2 - mu ** 2) / (var - mu), 2 * mu, tends(var, mu))
    assert "crashed" not in step.message and step.verdict is not Verdict.REFUTED
    assert any(c.name.startswith("limit") and c.verdict is Verdict.UNKNOWN for c in step.checks)


def test_near_miss_a_false_limit_at_a_symbolic_point_is_not_passed():
    assert approx((y ** 2 - mu ** 2) / (y - mu), mu, tends(y, mu)).verdict not in PASSING
