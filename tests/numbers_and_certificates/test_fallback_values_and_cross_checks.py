"""Functions FLINT lacks are evaluated by a fallback, and a wrong fallback must never make a false claim pass.

The fallback value of such a function is SymPy's; a false claim read through a wrong fallback is not numeric
when the cross-checked point is degenerate or the cross-check says nothing, and a true identity read through
it is not refuted.  Tiny gaps that cancel exactly are refuted (false) or hold (true margins); huge integers
stay exact.
"""
import pytest
import sympy as sp

from verifier import calc, integer, interval, real, size
from verifier.evidence import balls

from verifier.verdicts import Verdict

from tests.engine import only_step


HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
R = sp.Rational

x, y = real("x y")

v = interval("v", R(1, 10), R(9, 10))


m = integer("m", 0, 5)
Kb = integer("Kb", -10 ** 40, 10 ** 40)

n = size("n")


TINY = R(1, 10 ** 300)


def step(lhs, relation, rhs):
    d = calc(lhs, title="under test")
    d = getattr(d, {"=": "eq", "<=": "le", ">=": "ge", "<": "lt", ">": "gt"}[relation])(rhs, "claimed")
    return only_step(d)


def verdict(lhs, relation, rhs):
    return step(lhs, relation, rhs).verdict


I_REG = sp.betainc_regularized(2, 3, 0, v)        # = 12·B_v(2, 3)
B_INC = sp.betainc(2, 3, 0, v)


def test_a_false_claim_through_a_wrong_fallback_is_not_numeric_when_the_cross_checked_point_is_degenerate():
    assert verdict(m * I_REG + 1, "=", m * B_INC + 1) not in HOLDS


_KK = sp.Symbol("kk", integer=True)
_LONG = sp.Sum(_KK, (_KK, 1, 30000))      # more terms than the replay writes out (MAX_TERMS): it is undecided


@pytest.mark.parametrize("lhs, rhs", [(I_REG + _LONG, B_INC + _LONG), ((n - 1) * I_REG, (n - 1) * B_INC)],
                         ids=["replay_too_long", "size_one"])
def test_a_false_claim_through_a_wrong_fallback_is_not_numeric_when_the_cross_check_says_nothing(lhs, rhs):
    assert verdict(lhs, "=", rhs) not in HOLDS


def test_a_false_inequality_through_a_wrong_fallback_is_not_numeric():
    assert verdict(m * I_REG, "<=", m * B_INC) not in HOLDS


@pytest.mark.parametrize("e", [sp.betainc_regularized(2, 3, 0, R(1, 2)),     # unregularized in mpmath
                               sp.polygamma(R(1, 2), R(3, 2)),               # another continuation in order
                               sp.euler(R(5, 2), R(7, 10))],                 # mpmath's euler is not E_ν(x)
                         ids=["betainc_regularized", "polygamma_half_order", "euler_polynomial"])
def test_the_fallback_value_of_a_function_flint_lacks_is_sympys(e):
    with balls.precision(50):
        fn = balls.compile_ball(e, [])
        value = fn([], "real")
    assert fn.uses_fallback
    assert abs(float(value.mid()) - float(sp.N(e, 30))) < 1e-12


def test_near_miss_the_same_false_claim_without_an_integer_factor_is_not_numeric():
    # The fallback gives SymPy's values, so the balls themselves see the disagreement (not certified:
    # inconclusive); tests/numbers_and_certificates/test_cross_check_points.py keeps a wrong fallback to test the cross-check itself.
    st = step(I_REG, "=", B_INC)
    assert st.verdict not in HOLDS
    assert "disagreement" in st.message or "engine error" in st.message


def test_near_miss_a_true_identity_through_the_wrong_fallback_is_not_refuted():
    # A fallback never refutes: I = B/β(2, 3) disagrees with the (wrong) mpmath numbers, and stays unknown.
    assert verdict(I_REG, "=", B_INC / sp.beta(2, 3)) is not Verdict.REFUTED


def test_near_miss_tiny_gaps_that_cancel_exactly_are_refuted_and_true_tiny_margins_hold():
    assert verdict(sp.exp(x) + TINY, "=", sp.exp(x)) is Verdict.REFUTED
    assert verdict(x ** 2, ">=", x ** 2 + TINY * x ** 4) is Verdict.REFUTED
    assert verdict(x ** 2 + TINY * x ** 4, ">=", x ** 2) in HOLDS
    assert verdict(sp.exp(x), "<", sp.exp(x) * (1 + TINY)) in HOLDS
    assert verdict(sp.exp(R(1, 10 ** 300)), "=", 1) is Verdict.REFUTED


def test_huge_integers_are_exact():
    assert verdict(sp.floor((Kb + 1) / 2) + sp.floor(Kb / 2), "=", Kb) in HOLDS
    assert verdict(sp.floor((Kb + 1) / 2) + sp.floor(Kb / 2), "=", Kb + 1) is Verdict.REFUTED
