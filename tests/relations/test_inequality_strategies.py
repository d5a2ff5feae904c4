"""Symbolic strategies for ≤ and ≥: sign, cited facts, termwise sums, convexity."""

import pytest
from tests.engine import check
from verifier import Σ, calc, exp, index, log, maximum, positive, real, size, vector
from verifier.prove import prove_inequality
from verifier.authoring.relations import Relation as R
from verifier.verdicts import Verdict

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
lam = positive("lambda")
t, c = real("t c")
u = positive("u")
p = exp(lam * s[i]) / Σ(exp(lam * s[j]), j)


def method(lhs, rhs, rel, facts=()):
    proof = prove_inequality(lhs, rhs, rel, facts).proof
    return proof.method if proof else None


def test_sign_strategy_uses_declared_assumptions():
    assert method(t ** 2 + 1, 0, R.GT).startswith("sign")
    assert method(lam * t ** 2, 0, R.GE).startswith("sign")


def test_convexity_proves_the_tangent_line_bounds():
    assert "convexity" in method(exp(t), 1 + t, R.GE)
    assert "convexity" in method(u - 1 - log(u), 0, R.GE)


def test_a_one_variable_gap_with_no_critical_point_is_signed_by_monotonicity_from_zero():
    d = positive("Delta")
    assert "monotone" in method((d - 1 + exp(-d)) / ((1 - exp(-d)) * (exp(d) - 1)), 0, R.GT)
    assert method(d - 2 + exp(-d), 0, R.GT) is None      # false near Δ = 0: it tends to −1


def test_termwise_comparison_bounds_a_weighted_mean_by_the_maximum():
    assert method(Σ(p * s[i], i), Σ(p * maximum(s[j], j), i), R.LE).startswith("termwise")


def test_no_strategy_proves_a_false_inequality():
    assert method(exp(t), 1 + 2 * t, R.GE) is None
    assert method(Σ(p * s[i], i), Σ(p * maximum(s[j], j), i), R.GE) is None


def test_a_step_citing_a_checked_fact_is_proved_from_it_and_only_as_strong_as_it():
    tangent = calc(exp(t), title="tangent line").ge(1 + t, "convexity of exp")
    scaled = calc(lam * exp(t) + c, title="scaled").ge(lam * (1 + t) + c, "λ ≥ 0 times the tangent bound", by=tangent)
    [fact, use] = check(tangent, scaled)
    assert fact.verdict is Verdict.PROVED
    assert use.steps[0].verdict is Verdict.PROVED
    assert "fact" in use.steps[0].method
    assert any(ch.name.startswith("cites fact") for ch in use.steps[0].checks)


def test_citing_something_that_is_not_a_derivation_is_an_error():
    [r] = check(calc(exp(t), title="bad cite").ge(1 + t, "by a string", by="convexity"))
    assert r.steps[0].verdict is Verdict.ERROR and "by= takes derivations" in r.steps[0].message


def test_a_wrongly_directed_bound_is_refuted_with_a_counterexample():
    [r] = check(calc(exp(t), title="backwards").le(1 + t, "wrong way"))
    assert r.steps[0].verdict is Verdict.REFUTED
    assert r.steps[0].counterexample is not None


def test_monotonicity_of_exp_bounds_each_term_by_the_largest():
    # e^{s_max} − e^{s_i} = e^{s_i}(e^δ − 1) with δ ≥ 0: SymPy alone cannot sign e^δ − 1.
    assert method(Σ(exp(s[i]), i), Σ(exp(maximum(s[j], j)), i), R.LE).startswith("termwise")
    assert method(log(u + 1), log(u), R.GT) is not None


def test_a_bare_symbol_keeps_its_sign_through_canonicalisation():
    from verifier.prove.sums import canonical
    assert canonical(u).is_positive


@pytest.mark.slow
def test_a_scalar_convexity_bound_is_applied_inside_a_sum_by_generalising_its_argument():
    # Jensen's middle step: e^{λ(s_i − s̄)} ≥ 1 + λ(s_i − s̄) for each i, then log is increasing.
    s_bar = Σ(s[j], j) / n
    lhs = lam * s_bar + log(Σ(exp(lam * (s[i] - s_bar)), i) / n)
    rhs = lam * s_bar + log(Σ(1 + lam * (s[i] - s_bar), i) / n)
    m = method(lhs, rhs, R.GE)
    assert m.startswith("exp/log increasing, then termwise") and "convexity" in m
    assert method(lhs, rhs + log(2), R.GE) is None          # the false variant stays unproved


def test_a_limit_in_the_length_itself_treats_n_as_continuous():
    from tests.engine import only_step
    from verifier import Limit, oo
    step = only_step(calc(log(n + 1), title="log(n+1)").approx(log(n), "large n", meaning=Limit(n, oo)))
    assert step.verdict is Verdict.PROVED and step.checks[0].scope == "n as a continuous variable"
