"""Hostile review, session 9: ∝ and ≈ meanings, expectations, hypotheses, citations, sums, the caches.

Bugs found and fixed here:
- A sign assumption made every limit one-sided: `positive("x")` approached x → 5 only from the right, so the
  false two-sided limits H(x − 5) → 1, sign(x − 5) → 1 and |x − 5|/(x − 5) → 1 came out proved.  A sign
  assumption closes a side only at its own end (x → 0 for x > 0), as a confined range does.
- A limit's certificate was sought at a base point moved to short coordinates that could land on an excluded
  end: x^(1 − 2p) → 0 as x → ∞ for p ∈ (1/2, 0.51) is true, yet its slow trend was "certified" at p = 1/2
  (where it is 1), so a true claim came out refuted.  The shortened point must be one the declarations admit
  (strictly inside an open end, and a vector keeps its entries when rounding would break a declared fact).
- A derivation whose ≈ step means O(h^k) with k < 1 concluded "lhs − rhs → 0": sin(1/x) = O(1) as x → 0
  (numeric, and true) was listed as the conclusion sin(1/x) ≈ 0 (lhs − rhs → 0 as x → 0), which is false.  Such
  a step now concludes its own order, and composes only with steps of the same order.
- A limit's trends ignored the step's stated assumptions: x^(1 − 2p) → 0 and e^((1 − 2p)x) → 0 as x → ∞ with
  assume="p > 1/2" (p sampled in [0, 1]) were refuted at p = 0.42, a point the claim excludes.  A bound (≈ with
  one_sided) already honoured them, as every relation does; the trends now start only from admitted points.
- ∝ compares lhs/rhs at two values of each variable of wrt, but a stated assumption held only at the first:
  y·max(1, 2p) ∝ y·p in p with assume="p > 1/2" (true: the ratio is 2) was refuted at p' = 0.46.  The
  assumption now holds at the second value too.
- A limit at a point was followed from both sides even when the step's stated assumption closed one:
  H(x) → 1 as x → 0 with assume="x > 0" (x real) was refuted by its trend from the left, where every point
  is one the assumption excludes.  The numbers now follow only the sides the assumption leaves open; the proof
  still ignores assume= (it holds for every declared value), so SymPy's two-sided limit makes the step unknown.
"""
import pytest
import sympy as sp

from tests.engine import check, only_step
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


# ---- a certificate is sought only at a point the declarations admit ---------------------------------------

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


# ---- the conclusion of an order below 1 is that order, never a limit ---------------------------------------

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


# ---- a limit's trends start only where the step's stated assumptions hold ----------------------------------

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


# ---- ∝: a stated assumption holds at both values of the variable ------------------------------------------

p_prop = real("pp_h9", 0.1, 1)
y_prop = positive("yp_h9", 0.5, 2)


def test_a_true_proportionality_under_a_stated_assumption_is_not_refuted_at_a_second_value_it_excludes():
    step = only_step(calc(y_prop * sp.Max(1, 2 * p_prop), title="ratio 2 for p > 1/2")
                     .propto(y_prop * p_prop, "claimed", wrt=p_prop, assume="pp_h9 > 1/2"), quick=True)
    assert step.verdict is not Verdict.REFUTED


def test_near_miss_the_same_proportionality_under_the_opposite_assumption_is_refuted():
    step = only_step(calc(y_prop * sp.Max(1, 2 * p_prop), title="ratio 1/p for p < 1/2")
                     .propto(y_prop * p_prop, "claimed", wrt=p_prop, assume="pp_h9 < 1/2"), quick=True)
    assert step.verdict is Verdict.REFUTED


# ---- a stated assumption about the approach variable closes a side for the numbers ---------------------------

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


# ---- a limit at a symbolic point is still checked (the side rule must not need a number) --------------------

mu = real("mu_h9", -1, 1)


@pytest.mark.parametrize("var", [y, x])
def test_a_true_limit_at_a_symbolic_point_is_checked_without_crashing_and_not_refuted(var):
    # SymPy proves it; the trends cannot follow a symbolic point (a limitation of the numbers), so it is unknown.
    step = approx((var ** 2 - mu ** 2) / (var - mu), 2 * mu, tends(var, mu))
    assert "crashed" not in step.message and step.verdict is not Verdict.REFUTED
    assert any(c.name.startswith("limit") and c.verdict is Verdict.UNKNOWN for c in step.checks)


def test_near_miss_a_false_limit_at_a_symbolic_point_is_not_passed():
    assert approx((y ** 2 - mu ** 2) / (y - mu), mu, tends(y, mu)).verdict not in PASSING
