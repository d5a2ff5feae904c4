"""A proof hint is replayed, never trusted: a forged hint naming any strategy never passes a false step and
never refutes a true one.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import check_one
from verifier import Rational, calc, index, interval, positive, real, size, Σ

from verifier.judge import proof_hints
from verifier.verdicts import Verdict


P, R, U, N, C = Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN, Verdict.NUMERIC, Verdict.CASES


@pytest.fixture(autouse=True)
def no_hints_before_or_after():
    proof_hints.enable(None)
    yield
    proof_hints.enable(None)


n = size("n_hr6")
i = index("i_hr6", n)
x = real("x_hr6")
a = positive("a_hr6")
p = interval("p_hr6", 0, 1)


def _strategies(relation):
    import verifier.prove.api  # noqa: F401  (registers the strategies)
    from verifier.prove.registry import strategies
    return [s.name for s in strategies(relation)]


FALSE_STEPS = [
    # true at n = 1…6 only: the "cases" strategy expands exactly those sizes
    ("eq", Σ(i, i), n * (n + 1) / 2 + sp.prod([n - k for k in range(1, 7)]), "="),
    ("ge", p * (1 - p), Rational(1, 4) + Rational(1, 10 ** 9), ">="),       # max is 1/4, at p = 1/2
    ("gt", a + 1 / a, 2, ">"),                                              # equality at a = 1: not strict
    ("propto", 3 * x ** 2 + x, x ** 2, "propto"),
]


def _step(kind, lhs, rhs):
    d = calc(lhs, title="hint probe", name="hint_probe")
    return getattr(d, kind)(rhs, "claimed", **({"wrt": [x]} if kind == "propto" else {}))


@pytest.mark.slow
@pytest.mark.parametrize("kind, lhs, rhs, relation", FALSE_STEPS,
                         ids=["Σi true at n ≤ 6 only", "p(1-p) ≥ 1/4 + 1e-9", "a + 1/a > 2", "3x² + x ∝ x²"])
def test_a_forged_hint_naming_any_strategy_never_passes_a_false_step(kind, lhs, rhs, relation):
    """A hint is replayed, never trusted: whatever strategy the lock names for the step's own fingerprint,
    the verdict is the search's (refuted here) and never a pass."""
    searched = check_one(_step(kind, lhs, rhs)).steps[0]
    assert searched.verdict is R, (searched.verdict, searched.message)
    for name in _strategies(relation):
        proof_hints.enable({searched.fingerprint: name})
        forged = check_one(_step(kind, lhs, rhs)).steps[0]
        assert forged.verdict is R, (name, forged.verdict, forged.message)


def test_a_forged_hint_naming_any_strategy_never_refutes_a_true_step():
    searched = check_one(_step("eq", Σ(i, i), n * (n + 1) / 2)).steps[0]
    assert searched.verdict is P
    for name in _strategies("="):
        proof_hints.enable({searched.fingerprint: name})
        forged = check_one(_step("eq", Σ(i, i), n * (n + 1) / 2)).steps[0]
        assert forged.verdict in (P, C), (name, forged.verdict, forged.message)


k = interval("k_hr6", 0, 3, integer=True)
