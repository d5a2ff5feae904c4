"""A series term with a factor in a symbol that is not the step's is not a constant times a power.

SymPy's series of x·log(log(1/x)) is x·log(−log(_t)): its placeholder _t stands for x, so the factor grows
without bound as x → 0, and read as a constant it let an iterated logarithm pass as O(x).  Such a term at the
claimed power speaks against the claim; at a higher power it is unreadable and the numbers decide.  Where the
numbers alone decide an order, a ratio |d|/h^k that rises at every step over 32 decades cannot be told from an
iterated logarithm, and the step stays unknown.  Near misses both ways.
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Series, calc, positive
from verifier.prove.limits import prove_series
from verifier.verdicts import Verdict

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
x = positive("x_placeholder")
LOGLOG = sp.log(sp.log(1 / x))


def order(lhs, k):
    return only_step(calc(lhs, title="probe").approx(0, "claimed", meaning=Series(x, 0, k)), quick=True)


@pytest.mark.parametrize("lhs", [x * LOGLOG, x * sp.log(1 + sp.log(1 / x)), x * sp.sqrt(LOGLOG)],
                         ids=["x log log(1/x)", "x log(1 + log(1/x))", "x sqrt(log log(1/x))"])
def test_an_iterated_logarithm_times_x_is_not_passed_as_order_x(lhs):
    s = order(lhs, 1)
    assert s.verdict not in PASSING, (s.verdict, s.message)
    assert s.verdict is not Verdict.ERROR, s.message


def test_sympys_placeholder_is_named_as_the_reason():
    out = prove_series(x * LOGLOG, x, 0, "+", 1, 5)
    assert out.proof is None and out.contradiction is not None
    assert "symbol of SymPy's own" in out.contradiction.note


@pytest.mark.parametrize("lhs,k", [(x ** 2 * LOGLOG, 1), (x ** 2 * sp.log(1 + sp.log(1 / x)), 1),
                                   (sp.sin(x) - x, 3), (x / sp.log(1 / x), 1)],
                         ids=["x^2 log log(1/x) = O(x)", "x^2 log(1 + log(1/x)) = O(x)", "sin x - x = O(x^3)",
                              "x/log(1/x) = O(x)"])
def test_true_orders_with_or_without_iterated_logarithms_still_pass(lhs, k):
    s = order(lhs, k)
    assert s.verdict in PASSING, (s.verdict, s.message)


def test_a_steep_iterated_logarithm_is_still_refuted():
    """(log log(1/x))⁵ grows by more than 4× over the deep tail, and SymPy's limit of it is ∞: a certificate."""
    s = order(x * LOGLOG ** 5, 1)
    assert s.verdict is Verdict.REFUTED, (s.verdict, s.message)
