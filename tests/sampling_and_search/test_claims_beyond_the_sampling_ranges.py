"""A sampling range is no hypothesis: claims false only beyond it are refuted, true ones large out there are not.

real("x") is any real x, sampled in [−3, 3]; positive("c", low=1, high=5) is any c > 0, sampled in [1, 5];
size("n") is any n ≥ 1, sampled up to 256.  A check's points end with a few beyond (sampling.far_points): each
unconfined real scalar at 10³ times its range's ends and 10⁻³ times a positive low end, each size at seeded
sizes above 256 where the claim is cheap to evaluate there.  A counterexample out there is a full certificate
(inside every declaration, at both precisions, replayed by SymPy); a value too large to enclose decides nothing.

Near misses both ways: each false claim below is false only outside the sampling range (shown in its
comment); each true one has an expression that is huge or hard to enclose out there.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import only_step
from verifier import calc, exp, expected, index, interval, minimum, normal, positive, random_variable, real, size
from verifier.evidence.inputs import inputs_of
from verifier.evidence.sampling import far_sizes, far_values, iter_points
from verifier.authoring.symbols import domain_of
from verifier.verdicts import Verdict

HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
SEEDS = (0, 1, 2)

n = size("n_far")
k = sp.Symbol("k_far", integer=True)
x = real("x_far")
r = real("r_far", low=1, high=3)
c = positive("c_far", low=1, high=5)
u = interval("u_far", 0, 1)
t = interval("t_far", -3, 3)


def _refuted_outside_the_range(step, symbol, low, high):
    assert step.verdict is Verdict.REFUTED, step.message
    value = sp.sympify(step.counterexample.point[str(symbol)])
    assert not low <= value <= high, f"{symbol} = {value} lies inside the sampling range"
    assert "replayed with SymPy evalf at" in step.counterexample.note
    return value


# ------------------------------------------------------------------------------------------- false beyond the range

@pytest.mark.parametrize("seed", SEEDS)
def test_a_bound_false_only_beyond_the_sampling_range_is_refuted(seed):
    # x ≤ 1000 fails for x > 1000; x is sampled in [−3, 3]
    step = only_step(calc(x, title="far").le(1000, "claimed"), seed=seed)
    assert _refuted_outside_the_range(step, x, -3, 3) > 1000


@pytest.mark.parametrize("seed", SEEDS)
def test_an_inequality_false_only_below_a_parameters_sampling_range_is_refuted(seed):
    # u^c ≤ u on [0, 1] fails for 0 < c < 1 and 0 < u < 1; c is sampled in [1, 5]
    step = only_step(calc(u ** c, title="far").le(u, "claimed"), seed=seed)
    value = _refuted_outside_the_range(step, c, 1, 5)
    assert 0 < value < 1
    assert 0 <= sp.sympify(step.counterexample.point[str(u)]) <= 1       # the confined u stays in [0, 1]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_claim_false_only_for_negative_values_of_a_real_sampled_on_positive_ones_is_refuted(seed):
    # r·(1 + x²) ≥ 0 fails for every r < 0; r is sampled in [1, 3] but declared real
    step = only_step(calc(r * (1 + x ** 2), title="far").ge(0, "claimed"), seed=seed)
    assert step.verdict is Verdict.REFUTED, step.message
    assert sp.sympify(step.counterexample.point[str(r)]) < 0


@pytest.mark.parametrize("seed", SEEDS)
def test_a_sum_false_only_from_n_300_is_refuted(seed):
    # Σk = n(n+1)/2 + ⌊n/300⌋ is off by ⌊n/300⌋ ≥ 1 from n = 300 on
    step = only_step(calc(sp.Sum(k, (k, 1, n)), title="far").eq(n * (n + 1) / 2 + sp.floor(n / 300), "claimed"),
                     seed=seed)
    assert _refuted_outside_the_range(step, n, 1, 299) >= 300


@pytest.mark.parametrize("claim, first", [
    (lambda: calc(n, title="far").le(299, "claimed"), 300),
    (lambda: calc(sp.binomial(n, 3), title="far").le(10 ** 7, "claimed"), 393),
    (lambda: calc(sp.Sum(1 / k, (k, 1, n)), title="far").le(7, "claimed"), 616),
])
def test_sizes_beyond_256_meet_a_claim_false_only_from_a_larger_size(claim, first):
    step = only_step(claim())
    assert _refuted_outside_the_range(step, n, 1, first - 1) >= first


def test_a_relative_gap_below_the_tolerance_in_range_is_refuted_where_it_is_large():
    # e^(x + 10⁻³⁰⁰) = e^x is false everywhere; in [−3, 3] the gap (about 10⁻³⁰⁰) is below the absolute tolerance,
    # at x = 3000 it is about 10¹⁰⁰³, which the balls certify on the precision ladder
    step = only_step(calc(exp(x + sp.Rational(1, 10 ** 300)), title="far").eq(exp(x), "claimed"))
    assert _refuted_outside_the_range(step, x, -3, 3) > 3


# ------------------------------------------------------------------------------------------- true, large out there

@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("claim", [
    lambda: calc(exp(x ** 2), title="far").ge(1 + x ** 2, "e^t ≥ 1 + t"),                 # e^(9·10⁶) at x = 3000
    lambda: calc(exp(exp(x)), title="far").ge(1 + exp(x), "e^t ≥ 1 + t"),                 # e^(e^3000)
    lambda: calc(u ** c, title="far").le(1, "u^c ≤ 1 on [0, 1] for every c > 0"),          # c = 1/1000 and 5000
    lambda: calc(c * x ** 2, title="far").ge(0, "c > 0"),                                  # c = 1/1000 is still > 0
    lambda: calc(t, title="far").le(1000, "t is confined to [−3, 3]"),                     # a hypothesis: never left
    lambda: calc(sp.factorial(n), title="far").ge(n, "n! ≥ n"),                            # n! at n ≈ 10⁶
    lambda: calc(sp.Sum(1 / k, (k, 1, n)), title="far").le(1 + sp.log(n), "H_n ≤ 1 + log n"),
])
def test_a_true_claim_whose_expression_is_large_beyond_the_range_is_not_refuted(claim, seed):
    step = only_step(claim(), seed=seed)
    assert step.verdict in HOLDS, step.message


def test_a_value_too_large_to_enclose_out_there_decides_nothing():
    # e^(e^(e^3000)) has no finite enclosure: the point is no finding, and the claim keeps its other evidence
    step = only_step(calc(exp(exp(exp(x))), title="far").ge(exp(exp(x)), "e^t ≥ t"))
    assert step.verdict in HOLDS, step.message


def test_a_law_whose_scale_is_a_scalar_keeps_its_scalar_in_range():
    # E[Y²] = σ² for Y ~ N(0, σ): quadrature at σ = 3000 is slow and tells nothing more; the claim is proved
    sigma = positive("sigma_far", low=sp.Rational(1, 10), high=3)
    y = random_variable("Y_far", normal(0, sigma))
    step = only_step(calc(expected(y ** 2), title="far").eq(sigma ** 2, "second moment"))
    assert step.verdict is Verdict.PROVED, step.message


# ------------------------------------------------------------------------------------------- the points themselves

def test_far_values_lie_inside_the_declaration_and_outside_the_range():
    assert set(far_values(x, domain_of(x))) == {3000, -3000}
    assert set(far_values(c, domain_of(c))) == {5000, sp.Rational(1, 1000)}      # positive: never ≤ 0
    assert set(far_values(r, domain_of(r))) == {3000, sp.Rational(1, 1000), -3000}
    assert far_values(u, domain_of(u)) == [] and far_values(t, domain_of(t)) == []   # confined: a hypothesis


def test_far_sizes_are_seeded_above_256_and_only_where_the_claim_is_cheap_there():
    closed = far_sizes(n, domain_of(n), (n, sp.Integer(299)), 0)
    summed = far_sizes(n, domain_of(n), (sp.Sum(1 / k, (k, 1, n)), sp.Integer(7)), 0)
    assert all(m > 256 for m in closed + summed) and max(closed) >= 10 ** 6 and max(summed) <= 4096
    assert far_sizes(n, domain_of(n), (n,), 0) != far_sizes(n, domain_of(n), (n,), 1)
    j = sp.Symbol("j_far", integer=True)
    nested = sp.Sum(sp.Sum(1, (j, 1, k)), (k, 1, n))                 # n²/2 terms: not cheap at n = 4096
    assert far_sizes(n, domain_of(n), (nested, n), 0) == []
    i = index("i_far", n)
    smallest = minimum(sp.log(1 + i / n) - i / n, i)                  # n terms, like a sum: not at n = 10⁶
    assert 0 < len(far_sizes(n, domain_of(n), (smallest, sp.Integer(0)), 0)) and \
        max(far_sizes(n, domain_of(n), (smallest, sp.Integer(0)), 0)) <= 4096
    assert max(far_sizes(n, domain_of(n), (sp.factorial(n), n), 0)) <= 1024     # n! is an exact integer of n digits


def test_the_far_points_come_last_and_are_marked():
    ins = inputs_of(x ** 2, sp.Integer(1))
    points = list(iter_points(ins, 12, 0, exprs=(x ** 2, sp.Integer(1))))
    kinds = [p.kind for p in points]
    far = [p for p in points if p.kind == "far"]
    assert far and kinds[-len(far):] == ["far"] * len(far)
    assert {abs(p.values[x]) for p in far} == {3000}


# ---- just past where a bound is crossed ---------------------------------------------------------------------
# A bound one variable crosses far beyond its range (x ≤ 10⁴, log p ≤ 10, log p ≥ −10) is met just past the
# crossing: the gap's zero in that variable is solved (sampling.root_points) and points taken 10⁻⁶ to each side.

@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("make, symbol", [
    (lambda: calc(x, title="x ≤ 10⁴").le(10 ** 4, "claimed"), x),
    (lambda: calc(sp.log(c), title="log c ≤ 10").le(10, "claimed"), c),                # false for c > e¹⁰ ≈ 22026
    (lambda: calc(sp.log(c), title="log c ≥ −10").ge(-10, "claimed"), c),              # false for c < e⁻¹⁰
])
def test_a_bound_crossed_far_from_the_range_is_refuted_just_past_the_crossing(make, symbol, seed):
    step = only_step(make(), seed=seed)
    assert step.verdict is Verdict.REFUTED, step.message
    assert "replayed with SymPy evalf at" in step.counterexample.note


@pytest.mark.parametrize("make", [
    lambda: calc((x - 10 ** 4) ** 2, title="(x − 10⁴)² ≥ 0, tangent at its root").ge(0, "a square"),
    lambda: calc(sp.log(c), title="log c ≤ c − 1, tangent at c = 1").le(c - 1, "the tangent line"),
    lambda: calc(x ** 3 - 3 * x, title="x³ − 3x ≥ −2 for x ≥ −2 (assumed)").ge(-2, "(x + 2)(x − 1)² ≥ 0",
                                                                               assume="x_far >= -2"),
])
def test_near_miss_a_true_bound_that_touches_zero_at_its_root_is_not_refuted(make):
    assert only_step(make()).verdict in HOLDS
