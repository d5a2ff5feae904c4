"""A strict claim false at one exact point passes as numeric unless some point lands on it: the origin of two
scalars, one rational point, the zeros of a denominator off the landmarks, just inside an open end.

The near misses beside each: claims false there that are refuted, true strict claims on open intervals never
refuted at an excluded bound, and points a stated assumption excludes never used to refute.
"""
import pytest
import sympy as sp

from verifier import calc, interval, positive, real

from verifier.verdicts import Verdict

from tests.engine import only_step


HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
R = sp.Rational

x, y = real("x y")
xp = positive("xp")


def step(lhs, relation, rhs):
    d = calc(lhs, title="under test")
    d = getattr(d, {"=": "eq", "<=": "le", ">=": "ge", "<": "lt", ">": "gt"}[relation])(rhs, "claimed")
    return only_step(d)


def verdict(lhs, relation, rhs):
    return step(lhs, relation, rhs).verdict


def test_a_strict_claim_false_only_at_the_origin_of_two_scalars_is_not_numeric():
    # Landmarks 0, ±1 set one scalar at a time never put all at 0 together, and x² + y² > 0 would pass as
    # numeric; the structure points and the search reach the origin.
    assert verdict(x ** 2 + y ** 2, ">", 0) not in HOLDS


C7 = R(1, 7)


@pytest.mark.parametrize("lhs, rhs", [(sp.exp(x - C7), 1 + x - C7),
                                      (x ** 4 - 2 * x ** 2 / 49 + R(1, 7 ** 4), 0)],
                         ids=["exp_tangent_at_one_seventh", "square_of_quadratic"])
def test_a_strict_claim_false_at_one_rational_point_is_not_numeric(lhs, rhs):
    assert verdict(lhs, ">", rhs) not in HOLDS


def test_near_miss_strict_claims_false_at_one_seventh_that_are_refuted():
    assert verdict(sp.cosh(x - C7), ">", 1) is Verdict.REFUTED
    assert verdict(x ** 2 - 2 * x / 7 + R(1, 49), ">", 0) is Verdict.REFUTED
    assert verdict(sp.exp(x - C7) + sp.exp(C7 - x), ">", 2) is Verdict.REFUTED
    assert verdict(sp.exp(x - C7), ">=", 1 + x - C7) in HOLDS


def test_near_miss_a_strict_claim_false_where_one_scalar_is_zero_is_refuted():
    assert verdict(x ** 2, ">", 0) is Verdict.REFUTED                  # false at x = 0, a landmark
    assert verdict(sp.exp(x), ">", 1 + x) is Verdict.REFUTED
    assert verdict(sp.exp(x), ">=", 1 + x) in HOLDS


def test_zeros_of_a_denominator_off_the_landmarks_are_sampled():
    # x = 2 is neither a landmark nor a bound of real("x"), yet (x² − 4)/(x − 2) has no value there: an
    # inequality gets no scope, so the sampled zero refutes it; an identity is proved only with that zero stated
    # as outside its scope, and its one-edit twin is refuted.
    assert verdict((x ** 2 - 4) / (x - 2), "<=", x + 2) is Verdict.REFUTED
    assert verdict((x ** 2 - 2) / (x - sp.sqrt(2)), "<=", x + sp.sqrt(2)) is Verdict.REFUTED
    scoped = only_step(calc((x ** 2 - 4) / (x - 2), title="t").eq(x + 2, "cancel"))
    assert scoped.verdict is Verdict.PROVED and "x ≠ 2" in scoped.scope
    assert verdict((x ** 2 - 4) / (x - 2), "=", x + 3) is Verdict.REFUTED
    assert verdict(sp.gamma(x + 1) / x, "=", sp.gamma(x)) is not Verdict.REFUTED   # both undefined at 0


def test_a_point_the_stated_assumption_excludes_does_not_refute():
    st = only_step(calc(sp.log(x), title="under test").le(x - 1, "claimed", assume="x > 0"))
    assert st.verdict is not Verdict.REFUTED


def test_near_miss_the_same_claim_on_a_declared_domain_holds_and_a_false_one_under_the_assumption_is_refuted():
    assert verdict(sp.log(xp), "<=", xp - 1) in HOLDS
    st = only_step(calc(sp.log(xp), title="under test").le(xp - 2, "claimed", assume="xp > 0"))
    assert st.verdict is Verdict.REFUTED           # false at xp = 1, inside the assumption


P_OPEN = interval("p_open", 0, 1, open=True)


def test_true_strict_claims_on_open_intervals_are_never_refuted_at_an_excluded_bound():
    assert verdict(sp.log(P_OPEN), "<", 0) in HOLDS
    assert verdict(P_OPEN * (1 - P_OPEN), ">", 0) in HOLDS
    assert verdict(-P_OPEN * sp.log(P_OPEN) - (1 - P_OPEN) * sp.log(1 - P_OPEN), ">", 0) in HOLDS


def test_a_claim_false_just_inside_an_open_end_is_not_numeric():
    assert verdict(sp.log(P_OPEN), "<", -R(1, 10 ** 6)) not in HOLDS
