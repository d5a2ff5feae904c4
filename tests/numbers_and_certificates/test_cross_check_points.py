"""The cross-check of agreeing points (evidence/compare.py `_Replays.cross_check`) and the fallback of
functions FLINT lacks (evidence/balls.py), through the real check path.

The cross-check exists for the case where the balls evaluate BOTH sides wrongly the same way: every
sampled point agrees and only a second evaluator can tell.  To test it, the fallback is made wrong on
purpose here (betainc_regularized evaluated as the unregularized betainc, the bug lambdify's mpmath
printer had): a false claim must then be caught by a replayed agreeing point, even where the cheapest
agreeing point is degenerate (m = 0, n = 1), and a replay that cannot be carried out is said in the note.
"""
import pytest
import sympy as sp

from verifier import calc, integer, interval, size
from verifier.evidence import balls, compare
from verifier.evidence.inputs import Point
from verifier.verdicts import Verdict

from tests.engine import only_step

HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
R = sp.Rational

v = interval("v", R(1, 10), R(9, 10))
m = integer("m", 0, 5)
n = size("n")
I_REG = sp.betainc_regularized(2, 3, 0, v)        # = 12·B_v(2, 3)
B_INC = sp.betainc(2, 3, 0, v)
_KK = sp.Symbol("kk", integer=True)
_LONG = sp.Sum(_KK, (_KK, 1, 30000))              # more terms than the replay writes out


def step(lhs, relation, rhs):
    d = calc(lhs, title="under test")
    d = getattr(d, {"=": "eq", "<=": "le"}[relation])(rhs, "claimed")
    return only_step(d)


@pytest.fixture
def wrong_fallback(monkeypatch):
    """The balls' fallback evaluates betainc_regularized as betainc (both sides wrong the same way)."""
    right = balls._sympy_evalf

    def wrong(dummies, body):
        return right(dummies, body.replace(sp.betainc_regularized, sp.betainc))
    monkeypatch.setattr(balls, "_sympy_evalf", wrong)


@pytest.mark.parametrize("lhs, relation, rhs", [(m * I_REG + 1, "=", m * B_INC + 1),
                                                ((n - 1) * I_REG, "=", (n - 1) * B_INC),
                                                (m * I_REG, "<=", m * B_INC)],
                         ids=["integer_factor_zero_at_m_0", "size_factor_zero_at_n_1", "inequality"])
def test_a_wrong_fallback_on_both_sides_is_caught_at_a_nondegenerate_replayed_point(wrong_fallback, lhs, relation,
                                                                                   rhs):
    st = step(lhs, relation, rhs)
    assert st.verdict not in HOLDS
    assert "engine error" in st.message.lower()


def test_a_cross_check_that_cannot_be_replayed_is_said_in_the_note_not_skipped(wrong_fallback):
    # Known limit: the replay writes out at most MAX_TERMS terms, so here nothing catches the wrong fallback;
    # the step stays numeric (a big sum alone must not turn a step unknown) but says so.
    st = step(I_REG + _LONG, "=", B_INC + _LONG)
    assert "cross-check not replayed" in st.numeric.note
    assert "without certification" in st.numeric.note


def test_near_miss_true_claims_through_the_fallback_hold_and_are_never_refuted():
    assert step(m * I_REG + 1, "=", 12 * m * B_INC + 1).verdict in HOLDS
    assert step((n - 1) * I_REG, "=", 12 * (n - 1) * B_INC).verdict in HOLDS
    assert step(m * B_INC, "<=", m * I_REG).verdict in HOLDS
    assert step(m * I_REG + 1, "=", m * B_INC + 1).verdict is not Verdict.REFUTED   # false, but not certified


def test_the_cross_check_prefers_points_where_integers_and_sizes_are_not_0_or_1():
    reps = compare._Replays(m, m, "=", 0.0)
    k = sp.Symbol("k", integer=True)
    points = [Point({m: 0}), Point({m: 1}), Point({m: 3}), Point({m: 4}), Point({m: 0})]
    for p in points:
        reps.agreeing(p)
    chosen = reps.choose(3)
    assert chosen[:2] == [Point({m: 3}), Point({m: 4})]
    assert len(chosen) == 3 and len({str(q.values) for q in chosen}) == 3
    only_degenerate = compare._Replays(k, k, "=", 0.0)
    only_degenerate.agreeing(Point({m: 0}))
    assert only_degenerate.choose(2) == [Point({m: 0})]     # where the domain allows nothing else, it is used


@pytest.mark.parametrize("e", [sp.subfactorial(v), sp.subfactorial(R(5, 2) + v)], ids=["subfactorial", "shifted"])
def test_a_fallback_where_sympy_gives_no_value_gives_no_number(e):
    fn = balls.compile_ball(e, [v])
    with balls.precision(30):
        try:
            value = fn([balls.arb(R(1, 2).p) / 2], "real")
        except (ValueError, balls.Undefined):
            return
    assert not balls.is_finite(value)
