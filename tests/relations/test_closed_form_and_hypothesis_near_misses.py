"""The closed_form and hypotheses strategies against their near misses, read from the prover API.

closed_form replaces a sum by SymPy's closed form and must settle each of its conditions from the declarations
(a ratio that may be 1, a shifted range or exponent is not the geometric sum); hypotheses use a declared range
as an assumption, an open end but never a closed one.  More through the judge in
tests/relations/test_closed_form_sums.py and tests/authoring/test_authoring_hypotheses.py.
"""
import pytest
import sympy as sp

from verifier import index, interval, real, size

from verifier.prove import prove_equal, prove_inequality


n = size("n")

i, j, k = index("i j k", n)


p = interval("p", 0, 1)

LIMIT = 2


def established(out) -> bool:
    """Any proof, "cases" included."""
    return out.proof is not None


def proved(out) -> bool:
    return out.proof is not None and not out.proof.concrete_only


def eq(lhs, rhs, **kw):
    return prove_equal(lhs, rhs, LIMIT, **kw)


def ineq(lhs, rhs, relation, **kw):
    return prove_inequality(lhs, rhs, relation, limit=LIMIT, **kw)


q_small = interval("q_small", 0, sp.Rational(1, 2))
r_any = real("r_any")


@pytest.mark.slow
def test_closed_form_proves_the_geometric_sum_only_over_its_own_range():
    assert proved(eq(sp.Sum(q_small ** k, (k, 0, n - 1)), (1 - q_small ** n) / (1 - q_small), how="closed_form"))
    for lhs in (sp.Sum(q_small ** k, (k, 1, n)), sp.Sum(q_small ** k, (k, 0, n)),
                sp.Sum(q_small ** (k + 1), (k, 0, n - 1))):                       # range or exponent shifted
        assert not established(eq(lhs, (1 - q_small ** n) / (1 - q_small))), lhs


def test_closed_form_never_settles_a_condition_the_declarations_do_not():
    # r may be 1, where the geometric closed form is n, not (1 − rⁿ)/(1 − r)
    assert not established(eq(sp.Sum(r_any ** k, (k, 0, n - 1)), (1 - r_any ** n) / (1 - r_any)))


def test_closed_form_power_sums_and_their_off_by_one_twins():
    assert proved(eq(sp.Sum(k, (k, 1, n)), n * (n + 1) / 2, how="closed_form"))
    assert not established(eq(sp.Sum(k, (k, 1, n)), n * (n - 1) / 2))
    assert not established(eq(sp.Sum(k ** 2, (k, 1, n)), n * (n + 1) * (2 * n + 1) / 6 + 1))


g_inside = interval("g_inside", sp.Rational(1, 2), sp.Rational(99, 100))
g_edge = interval("g_edge", sp.Rational(1, 2), 1)
p_open = interval("p_open", 0, 1, open=True)


def test_hypotheses_prove_a_strict_sign_inside_the_range_never_at_a_closed_end():
    assert proved(ineq(1 - g_inside, 0, ">"))
    assert not established(ineq(1 - g_edge, 0, ">"))          # 0 at g = 1
    assert proved(ineq(1 - g_edge, 0, ">="))                  # its true neighbour


def test_closed_form_bounds_need_the_closed_form_on_the_right_side_of_the_bound():
    assert proved(ineq(sp.Sum(q_small ** k, (k, 0, n - 1)), 2, "<="))            # < 1/(1 − q) ≤ 2
    assert not established(ineq(sp.Sum(q_small ** k, (k, 0, n - 1)), 1, "<="))   # 1 + q > 1 at n = 2


def test_hypotheses_use_an_open_end_but_not_a_closed_one():
    assert proved(ineq(p_open * (1 - p_open), 0, ">"))
    assert not established(ineq(p * (1 - p), 0, ">"))         # p is the closed [0, 1] above
    assert not established(ineq(p_open * (1 - p_open), sp.Rational(1, 4), ">"))   # = 1/4 at p = 1/2
