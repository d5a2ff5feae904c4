"""Agreeing points are cross-checked by SymPy's lambdify of the step to mpmath; refutations by SymPy's evalf.

The cross-check of an agreeing point (evidence/compare.py `_Replays.cross_check`) asks first the step as
written compiled once by lambdify to mpmath (evidence/replay.py `MpmathReplay`), evaluated at the point's
exact values at both precisions.  That replay can only confirm agreement, by the evalf replay's own
tolerance; a point it cannot evaluate (a pole, an undefined side, an index outside its vector), a function
whose mpmath name it does not vouch for, or a gap beyond the tolerance goes to SymPy's evalf, whose word
stands as before.  A refutation's certificate is always confirmed by evalf.
"""
import time

import sympy as sp
from hypothesis import given, settings, strategies as st

from verifier import calc, index, integer, interval, positive, real, size, vector
from verifier.evidence import compare
from verifier.evidence.inputs import Comparison, Point
from verifier.evidence.replay import MpmathReplay, replay
from verifier.verdicts import Verdict

from tests.engine import only_step

HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
BY_MPMATH = "replayed with SymPy's lambdify to mpmath at 50 and 100 digits"
BY_EVALF = "replayed with SymPy evalf at 50 and 100 digits"
R = sp.Rational

x = real("x")
xp = positive("xp")
n = size("n")
i = index("i", n)
s = vector("s", n)
m = integer("m", 0, 5)
v = interval("v", R(1, 10), R(9, 10))
_k = sp.Symbol("k", integer=True)


def eq(lhs, rhs):
    return only_step(calc(lhs, title="under test").eq(rhs, "claimed"))


def le(lhs, rhs):
    return only_step(calc(lhs, title="under test").le(rhs, "claimed"))


def cross_checked(lhs, rhs, relation: str, point: Point) -> Comparison:
    out = Comparison(False, False, None, 0, [])
    reps = compare._Replays(lhs, rhs, relation, time.process_time() + 20)
    reps.agreeing(point)
    reps.cross_check(out, (50, 100))
    return out


# --- a tiny false difference is refuted, and confirmed by evalf; a true one is cross-checked by mpmath ---

def test_a_false_step_off_by_a_tiny_amount_is_refuted_with_its_certificate_confirmed_by_evalf():
    step = eq(sp.sin(x) ** 2 + sp.cos(x) ** 2, 1 + x ** 2 / sp.Integer(10) ** 40)
    assert step.verdict is Verdict.REFUTED, step.message
    for p in (50, 100):
        assert f"replayed with SymPy evalf at {p} digits" in step.counterexample.certificate[p]
    assert BY_EVALF in step.counterexample.note


def test_its_true_twin_is_cross_checked_by_mpmath():
    step = eq(sp.sin(x) ** 2 + sp.cos(x) ** 2, 1 + x ** 2 * 0)
    assert step.verdict in HOLDS
    assert "cross-checked at" in step.numeric.note and BY_MPMATH in step.numeric.note


def test_mpmath_confirms_no_gap_beyond_the_evalf_replays_tolerance():
    # 10^-40 lies within 10^-25 (the tolerance at 50 digits) but beyond 10^-50 (at 100): not confirmed here
    tiny = MpmathReplay(sp.exp(x), 1 + x + sp.Integer(10) ** -40, "=")
    assert tiny.holds(Point({x: 0}), (50, 100)) is None
    assert MpmathReplay(sp.exp(x), 1 + x + sp.Integer(10) ** -60, "=").holds(Point({x: 0}), (50, 100)).status == "holds"


def test_a_false_agreement_sent_to_evalf_is_an_engine_error_and_its_near_miss_is_not():
    wrong = cross_checked(x, x + sp.Integer(10) ** -20, "=", Point({x: 0.5}))
    assert "engine error" in wrong.engine_error and "SymPy evalf says the relation fails" in wrong.engine_error
    close = cross_checked(x, x + sp.Integer(10) ** -70, "=", Point({x: 0.5}))
    assert not close.engine_error and BY_MPMATH in close.replay


def test_inequalities_strict_ties_go_to_evalf_and_clear_sides_are_confirmed():
    assert MpmathReplay(sp.log(1 + xp), xp, "<=").holds(Point({xp: 0.3})).status == "holds"
    assert MpmathReplay(sp.log(1 + xp), xp, ">=").holds(Point({xp: 0.3})) is None
    assert MpmathReplay(xp, xp, "<").holds(Point({xp: 0.3})) is None          # evalf: x < x fails exactly
    assert MpmathReplay(xp, xp, "<=").holds(Point({xp: 0.3})).status == "holds"
    assert MpmathReplay(sp.sqrt(x), 1, "<=").holds(Point({x: -0.25})) is None  # a complex side: evalf says


# --- removable singularities and undefined points are never agreement ---------------------------------

def test_a_true_step_with_a_removable_singularity_holds_and_is_cross_checked():
    step = le(sp.sin(xp) / xp, 1)
    assert step.verdict in HOLDS and step.verdict is not Verdict.REFUTED
    assert BY_MPMATH in step.numeric.note


def test_at_the_singular_point_mpmath_does_not_agree_and_evalf_finds_no_value():
    for lhs in (sp.sin(x) / x, x * sp.log(sp.Abs(x)), sp.gamma(x)):
        assert MpmathReplay(lhs, 1, "<=").holds(Point({x: 0})) is None, lhs
        assert replay(lhs, 1, "<=", Point({x: 0})).status == "undefined", lhs
    out = cross_checked(sp.sin(x) / x, 1, "<=", Point({x: 0}))
    assert "engine error" in out.engine_error       # the balls' agreement at a pole would be an engine bug


def test_an_index_outside_its_vector_is_no_value_not_pythons_last_entry():
    entries = [None, 0.5, 0.25, 0.125]
    point = Point({n: 3, i: 1, s: entries})
    below = s[i - 2]                                # s[-1] at i = 1: Python would read the last entry
    assert MpmathReplay(below, sp.Float(0.125), "=").holds(point) is None
    assert MpmathReplay(s[i], sp.Float(0.5), "=").holds(point).status == "holds"
    assert MpmathReplay(sp.Max(*[s[k] for k in range(1, 5)]), 1, "<=").holds(point) is None


def test_where_mpmath_has_a_value_sympy_does_not_give_evalf_decides():
    # mpmath's atan2(0, 0) and arg(0) are 0; SymPy's are nan: the point is undefined, never agreement
    y = real("y")
    for lhs, point in ((sp.atan2(y, x), Point({x: 0, y: 0})), (sp.arg(x), Point({x: 0}))):
        assert MpmathReplay(lhs, 0, "=").holds(point) is None, lhs
        assert replay(lhs, 0, "=", point).status == "undefined", lhs
    assert MpmathReplay(sp.atan2(y, x), sp.pi / 4, "=").holds(Point({x: 1, y: 1})) is None   # left to evalf


# --- integers stay integers and every rational is exact -----------------------------------------------

def test_sums_products_and_binomials_at_integers_are_exact_to_a_hundred_digits():
    point = Point({n: 7})
    assert MpmathReplay(sp.Sum(1 / _k ** 2, (_k, 1, n)), sp.pi ** 2 / 6 - sp.polygamma(1, n + 1), "=") \
        .holds(point).status == "holds"
    assert MpmathReplay(sp.Product(1 + 1 / _k, (_k, 1, n)), n + 1, "=").holds(point).status == "holds"
    assert MpmathReplay(sp.binomial(n, 3) / 7, sp.factorial(n) / (42 * sp.factorial(n - 3)), "=") \
        .holds(point).status == "holds"
    assert MpmathReplay(sp.Sum(R(2, 3) ** _k, (_k, 0, n)), 3 - 3 * R(2, 3) ** (n + 1), "=") \
        .holds(point).status == "holds"
    # one term off: no agreement (the sum of 1/k² to 7 misses 1/64)
    assert MpmathReplay(sp.Sum(1 / _k ** 2, (_k, 1, n - 1)), sp.pi ** 2 / 6 - sp.polygamma(1, n + 1), "=") \
        .holds(point) is None


def test_piecewise_max_and_a_sum_over_a_vector_are_replayed():
    point = Point({n: 3, s: [None, 0.5, -0.25, 2.0]})
    from verifier import Σ
    lse = sp.log(Σ(sp.exp(s[i]), i))
    assert MpmathReplay(lse, sp.log(sp.exp(R(1, 2)) + sp.exp(-R(1, 4)) + sp.exp(2)), "=").holds(point).status == "holds"
    assert MpmathReplay(sp.Piecewise((x, x > 0), (-x, True)), sp.Abs(x), "=").holds(Point({x: -0.7})).status == "holds"


# --- what lambdify cannot print, or prints as another function, goes to evalf -------------------------

def test_a_function_without_an_mpmath_replay_is_cross_checked_by_evalf():
    regularized = sp.betainc_regularized(2, 3, 0, v)    # mpmath's betainc is the unregularized one by default
    step = eq(regularized, 12 * sp.betainc(2, 3, 0, v))
    assert step.verdict in HOLDS
    assert BY_EVALF in step.numeric.note and BY_MPMATH not in step.numeric.note
    unprinted = MpmathReplay(regularized, 12 * sp.betainc(2, 3, 0, v), "=")
    assert unprinted.holds(Point({v: 0.5})) is None and "betainc_regularized" in unprinted.why


def test_a_form_the_printer_refuses_is_left_to_evalf():
    # harmonic(n, m) is a function the replay knows only with one argument: the printer refuses the other
    two = MpmathReplay(sp.harmonic(n, 2), sp.Sum(1 / _k ** 2, (_k, 1, n)), "=")
    assert two.holds(Point({n: 7})) is None and two.why
    assert replay(sp.harmonic(n, 2), sp.Sum(1 / _k ** 2, (_k, 1, n)), "=", Point({n: 7})).status == "holds"
    # and a name mpmath has with another meaning is never called: SymPy's catalan(m) is not mpmath's constant
    assert MpmathReplay(sp.catalan(m), 5, "=").holds(Point({m: 3})) is None


# --- whatever mpmath confirms, evalf would not have called an engine error -----------------------------

_SIDES = [sp.exp(x) * sp.exp(-x), sp.sin(x) ** 2 + sp.cos(x) ** 2, sp.log(sp.exp(x)) - x + 1,
          sp.Sum(x ** _k / sp.factorial(_k), (_k, 0, 12)) * sp.exp(-x), sp.gamma(x + 2) / sp.gamma(x + 1) - x]


@settings(max_examples=40, deadline=None, database=None)
@given(side=st.sampled_from(_SIDES), at=st.floats(-3, 3, allow_nan=False), digits=st.integers(10, 80),
       relation=st.sampled_from(["=", "<=", ">="]))
def test_a_point_mpmath_confirms_is_never_one_where_evalf_sees_the_relation_clearly_fail(side, at, digits, relation):
    rhs = 1 + sp.Integer(10) ** -digits                      # the sides are 1 (or near it): off by 10^-digits
    fast = MpmathReplay(side, rhs, relation).holds(Point({x: at}))
    if fast is None:
        return
    slow = replay(side, rhs, relation, Point({x: at}))
    assert slow.status in ("holds", "fails", "undecided"), slow.detail
    assert not (slow.status == "fails" and slow.clear), (fast.detail, slow.detail)
