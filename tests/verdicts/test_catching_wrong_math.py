"""Property tests: over random identities, right steps are never refuted and wrong ones always are."""
import sympy as sp
from hypothesis import given, settings, strategies as st

from tests.engine import only_step
from verifier import calc, real
from verifier.verdicts import Verdict

t = real("t", low=-2, high=2)
coefficients = st.lists(st.integers(min_value=-9, max_value=9), min_size=1, max_size=5)


def poly(cs):
    return sum(c * (t + 1) ** k for k, c in enumerate(cs))


@settings(max_examples=15, deadline=None)
@given(coefficients)
def test_a_polynomial_equals_its_expansion(cs):
    step = only_step(calc(poly(cs), title="expand").eq(sp.expand(poly(cs)), "binomial theorem"))
    assert step.verdict is Verdict.PROVED


@settings(max_examples=15, deadline=None)
@given(coefficients, st.integers(min_value=0, max_value=4), st.integers(min_value=-9, max_value=9).filter(bool))
def test_a_perturbed_expansion_is_refuted_with_a_counterexample(cs, k, c):
    wrong = sp.expand(poly(cs)) + c * t ** k
    step = only_step(calc(poly(cs), title="slip").eq(wrong, "a slipped coefficient"))
    assert step.verdict is Verdict.REFUTED and step.counterexample is not None


@settings(max_examples=15, deadline=None)
@given(coefficients, st.integers(min_value=1, max_value=9))
def test_an_upper_bound_claimed_below_the_value_is_refuted(cs, c):
    value = poly(cs) ** 2
    step = only_step(calc(value + c, title="too low").le(value, "claims x² + c ≤ x²"))
    assert step.verdict is Verdict.REFUTED
