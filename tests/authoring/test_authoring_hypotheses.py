"""Hypotheses are declarations, and proofs use them: open and half-open intervals, interval
bounds as assumptions of every strategy (sign, denominators, monotonicity, identities), and declared
facts about vectors that both the proofs and the sampler honour.  Each true claim proved under its
hypothesis has a near miss one edit away (a closed end, a missing fact) that is not proved."""
import pytest
import sympy as sp

from tests.engine import check
from verifier import Σ, calc, index, interval, log, mean, size, sqrt, vector
from verifier.evidence.inputs import inputs_of
from verifier.evidence.sampling import sample_points
from verifier.verdicts import Verdict


def verdicts_of(*derivations):
    return [(r.steps[0].verdict, r.steps[0].method, r.steps[0].message) for r in check(*derivations)]


# --- declarations ---------------------------------------------------------------------------------

def test_open_and_half_open_intervals_describe_their_ends():
    p = interval("p", 0, 1, open=True)
    q = interval("q", 0, 1, open="low")
    r = interval("r", 0, 1, open=("high",))
    c = interval("c", 0, 1)
    assert p.domain.describe("p") == "p ∈ (0, 1)"
    assert q.domain.describe("q") == "q ∈ (0, 1]"
    assert r.domain.describe("r") == "r ∈ [0, 1)"
    assert c.domain.describe("c") == "0 ≤ c ≤ 1"
    assert p != interval("p", 0, 1)          # an open end is part of the symbol's identity


def test_a_bad_open_argument_or_an_empty_open_interval_is_refused_at_declaration():
    with pytest.raises(ValueError, match="open="):
        interval("p", 0, 1, open="left")
    with pytest.raises(ValueError, match="empty"):
        interval("p", 1, 1, open=True)


def test_a_nonconstant_vector_needs_two_entries_in_its_declaration():
    with pytest.raises(ValueError, match="low=2"):
        vector("x", size("n"), nonconstant=True)
    x = vector("x", size("n", low=2), nonconstant=True)
    assert "x nonconstant" in x.label.domain.describe("x")


# --- the sampler honours the declarations -----------------------------------------------------------

def test_the_sampler_never_draws_an_excluded_end_though_it_seeks_0_1_and_the_bounds():
    p = interval("p", 0, 1, open=True)
    q = interval("q", -1, 1, open="high")
    points = sample_points(inputs_of(p + q), 40, seed=0)
    assert all(0 < pt.values[p] < 1 for pt in points)
    assert all(-1 <= pt.values[q] < 1 for pt in points)
    assert any(pt.values[q] == -1 for pt in points)          # the closed end is still met
    assert min(pt.values[p] for pt in points) < 1e-3          # the open ends are approached
    assert max(pt.values[p] for pt in points) > 1 - 1e-3


def test_a_nonconstant_vector_is_never_sampled_all_equal_and_an_undeclared_one_is():
    n = size("n", low=2)
    i = index("i", n)
    x = vector("x", n, nonconstant=True)
    y = vector("y", n)
    points = sample_points(inputs_of(Σ(x[i] + y[i], i)), 40, seed=0, corners=12)
    assert all(len(set(pt.values[x][1:])) >= 2 for pt in points)
    assert any(len(set(pt.values[y][1:])) == 1 for pt in points)


def test_nonzero_sorted_and_distinct_vectors_are_sampled_as_declared():
    n = size("n")
    i = index("i", n)
    z = vector("z", n, 0, 1, nonzero=True)
    s = vector("s", n, sorted=True)
    t = vector("t", n, sorted="descending")
    u = vector("u", n, distinct=True)
    points = sample_points(inputs_of(Σ(z[i] + s[i] + t[i] + u[i], i)), 40, seed=3, corners=12)
    for pt in points:
        assert any(v != 0 for v in pt.values[z][1:])
        assert pt.values[s][1:] == sorted(pt.values[s][1:])
        assert pt.values[t][1:] == sorted(pt.values[t][1:], reverse=True)
        assert len(set(pt.values[u][1:])) == len(pt.values[u][1:])
        assert all(-3 <= v <= 3 for v in pt.values[u][1:])


# --- interval bounds as assumptions ---------------------------------------------------------------

def test_a_bound_inside_the_range_proves_a_strict_sign_and_a_closed_end_at_the_edge_refutes_it():
    gamma = interval("gamma", 0.5, 0.99)
    gamma1 = interval("gamma", 0.5, 1)
    p = interval("p", 0, 1)
    out = verdicts_of(calc(1 - gamma, title="1 − γ > 0 on [0.5, 0.99]").gt(0, "γ < 1"),
                      calc(1 - gamma1, title="near miss: γ may be 1").gt(0, "γ < 1?"),
                      calc(p - 1, title="near miss: p − 1 < 0 on [0, 1]").lt(0, "p < 1?"))
    assert out[0][0] is Verdict.PROVED and "declared ranges" in out[0][1]
    assert out[1][0] is Verdict.REFUTED
    assert out[2][0] is Verdict.REFUTED


def test_an_open_end_proves_the_strict_sign_that_the_closed_end_refutes():
    p = interval("p", 0, 1, open=True)
    q = interval("q", 0, 1, open="low")       # 1 is included
    out = verdicts_of(calc(p - 1, title="p < 1 on (0, 1)").lt(0, "open end"),
                      calc(q - 1, title="near miss: q = 1 is allowed").lt(0, "not on (0, 1]"),
                      calc(q, title="q > 0 on (0, 1]").gt(0, "open at 0"))
    assert out[0][0] is Verdict.PROVED and "u > 0" in out[0][1]
    assert out[1][0] is Verdict.REFUTED
    assert out[2][0] is Verdict.PROVED


def test_a_denominator_is_shown_nonzero_from_an_open_end_and_not_from_a_closed_one():
    p = interval("p", 0, 1, open=True)
    c = interval("c", 0, 1)
    out = verdicts_of(calc(1 / (1 - p) - 1, title="1/(1 − p) − 1 on (0, 1)").eq(p / (1 - p), "common denominator"),
                      calc(1 / (1 - c) - 1, title="near miss: c = 1 allowed").eq(c / (1 - c), "common denominator"))
    assert out[0][0] is Verdict.PROVED
    # With c = 1 allowed the identity holds only where both sides are defined, and is proved only so stated.
    [closed] = check(calc(1 / (1 - c) - 1, title="near miss: c = 1 allowed").eq(c / (1 - c), "common denominator"))
    assert out[1][0] is not Verdict.PROVED or closed.steps[0].scope == "all values where both sides are defined: c ≠ 1"
    [opened] = check(calc(1 / (1 - p) - 1, title="open").eq(p / (1 - p), "common denominator"))
    assert opened.steps[0].scope == "all values"


def test_bernoulli_entropy_on_the_open_interval_is_proved_and_never_refuted_at_its_ends():
    p = interval("p", 0, 1, open=True)
    H = -p * log(p) - (1 - p) * log(1 - p)
    derivative = calc(sp.Derivative(H, p), title="H'(p)").eq(log((1 - p) / p), "log(1 − p) − log p")
    maximum = calc(H, title="H(p) ≤ log 2").le(log(2), "concave, symmetric about 1/2")
    for result in check(derivative, maximum):
        assert result.steps[0].verdict is Verdict.PROVED, result.steps[0].message
    # Near misses: the same claims on the closed interval are about c = 0, where log c has no value: the
    # bound's left side is undefined there (refuted), the derivative is undefined on both sides (not proved).
    c = interval("c", 0, 1)
    Hc = -c * log(c) - (1 - c) * log(1 - c)
    bound, slope = check(calc(Hc, title="H(c) ≤ log 2 on [0, 1]").le(log(2), "at c = 0?"),
                         calc(sp.Derivative(Hc, c), title="H'(c) on [0, 1]").eq(log((1 - c) / c), "at c = 0?"))
    assert bound.steps[0].verdict is Verdict.REFUTED
    assert slope.steps[0].verdict is not Verdict.PROVED


def test_a_wrong_bernoulli_derivative_is_refuted_on_the_open_interval():
    p = interval("p", 0, 1, open=True)
    H = -p * log(p) - (1 - p) * log(1 - p)
    [wrong] = check(calc(sp.Derivative(H, p), title="a sign slipped").eq(log(p / (1 - p)), "wrong"))
    assert wrong.steps[0].verdict is Verdict.REFUTED


# --- vector facts as assumptions ---------------------------------------------------------------------

def _layer_norm(x, n, i, j):
    mu = mean(x[j], j)
    sigma = sqrt(mean((x[i] - mu) ** 2, i))
    return (x[i] - mu) / sigma


@pytest.mark.slow
def test_layer_norm_without_epsilon_is_proved_under_nonconstant_and_refuted_without_it():
    n = size("n", low=2)
    i, j = index("i j", n)
    x = vector("x", n, nonconstant=True)
    y = vector("y", n)
    out = check(calc(Σ(_layer_norm(x, n, i, j), i), title="LayerNorm sums to 0").eq(0, "Σ (x_i − μ) = 0"),
                calc(Σ(_layer_norm(y, n, i, j), i), title="near miss: all-equal y allowed").eq(0, "σ may be 0"))
    assert out[0].steps[0].verdict is Verdict.PROVED, out[0].steps[0].message
    assert out[1].steps[0].verdict is Verdict.REFUTED


def test_a_nonzero_vector_has_a_positive_norm_and_an_undeclared_one_does_not():
    n = size("n")
    i = index("i", n)
    x = vector("x", n, nonzero=True)
    y = vector("y", n)
    out = verdicts_of(calc(Σ(x[i] ** 2, i), title="‖x‖² > 0").gt(0, "x ≠ 0"),
                      calc(Σ(y[i] ** 2, i), title="near miss: y may be 0").gt(0, "y ≠ 0?"))
    assert out[0][0] is Verdict.PROVED and "x nonzero" in out[0][1]
    assert out[1][0] is Verdict.REFUTED


def test_nonconstant_says_nothing_about_a_sum_over_part_of_the_range():
    # x nonconstant, yet x_1 = x_2 with x_3 different is allowed: Σ_{i=1}^{2} (x_i − x_1)² may be 0.
    n = size("n", low=2)
    x = vector("x", n, nonconstant=True)
    k = sp.Symbol("k", integer=True)
    partial = sp.Sum((x[k] - x[1]) ** 2, (k, 1, 2))
    out = verdicts_of(calc(partial, title="near miss: part of the range").gt(0, "not all equal?", given={n: 3}))
    assert out[0][0] is not Verdict.PROVED
