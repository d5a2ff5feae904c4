"""The τ = 1 entropy floor log n − C(1) is tight, encoded as a limit, and limits over a length are
refuted only by a certificate about the tail, never by one about a single length.

Tight: the vertex with r = ⌈α* n⌉ cosines at +1 has H − log n → −C(τ) (proved for every τ, with the rounding
offset θ symbolic), so with entropy_floor the smallest vertex entropy minus log n tends to −C; at τ = 1 the
statement itself, a minimum over r = 1…n, is numeric.  Near misses: the same limit with a constant 10⁻³ too
high, −0.4745 + 10⁻³ at τ = 1, is refuted where SymPy takes the limit and never proved where it cannot.
"""
from __future__ import annotations

import pytest

from tests.engine import check_one, load_project_files, verdicts
from verifier import Limit, Rational, calc, index, log, min_over, oo, size
from verifier.verdicts import Verdict

import derivations.temperature_bound as tb

SEED_FLOOR_NEAR_MISS = Rational("-0.4745") + Rational(1, 1000)      # the seed's constant, 10⁻³ too high
PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)


@pytest.fixture(scope="module")
def loaded():
    """The file's derivations as a run loads them (named by the loader; the module's own objects stay unnamed,
    since check_one names an unnamed derivation and the claims register reads the module's objects)."""
    return {d.name: d for d in load_project_files("temperature_bound.py")["temperature_bound.py"]}


def test_the_vertex_nearest_the_optimum_reaches_the_floor_for_every_temperature(loaded):
    assert verdicts(check_one(loaded["near_optimal_vertex_tends_to_floor"])) == [Verdict.PROVED]


def test_a_floor_constant_too_high_by_a_thousandth_is_refuted_for_every_temperature():
    near = calc(tb.f_of(tb.alpha_star + tb.theta / tb.n_real), title="near miss: −C + 10⁻³") \
        .approx(-tb.C + Rational(1, 1000), "claimed", meaning=Limit(tb.n_real, oo), expect="refuted")
    assert verdicts(check_one(near)) == [Verdict.REFUTED]


@pytest.mark.slow
def test_the_seed_constant_raised_by_a_thousandth_is_refuted_at_unit_temperature():
    near = calc(tb.f_of(tb.alpha_star + tb.theta / tb.n_real).subs(tb.D, 2), title="near miss at τ = 1") \
        .approx(SEED_FLOOR_NEAR_MISS, "claimed", meaning=Limit(tb.n_real, oo), expect="refuted")
    assert verdicts(check_one(near)) == [Verdict.REFUTED]


def test_the_vertex_minimum_at_unit_temperature_tends_to_the_floor_by_the_numbers(loaded):
    assert verdicts(check_one(loaded["vertex_minimum_tends_to_floor"])) == [Verdict.NUMERIC]


@pytest.mark.slow
def test_the_vertex_minimum_with_the_seed_constant_raised_by_a_thousandth_passes_no_check():
    start = tb.vertex_minimum_tends_to_floor.start
    near = calc(start, title="near miss: min over vertices").approx(
        SEED_FLOOR_NEAR_MISS, "claimed", meaning=Limit(tb.n_vertices, oo))
    [verdict] = verdicts(check_one(near))
    assert verdict not in PASSING, verdict


# ---- a limit in a length is not certified by writing the length out -----------------------------------

n = size("n", low=2)
i = index("i", n)


def test_a_true_but_slow_limit_over_a_length_is_not_refuted():
    """(log n)^(−1/100) → 0 looks stalled from n = 16 to 1024.  Writing the approach variable out at its sampled
    value would turn the 'tail' into one constant, which interval arithmetic duly bounds away from 0: a true claim
    refuted.  The certificate must be about the whole tail, so this is at worst unknown."""
    slow = calc(min_over(log(n) ** Rational(-1, 100) + (i - 1) / n, i), title="slow, true") \
        .approx(0, "(log n)^(−1/100) → 0", meaning=Limit(n, oo))
    [verdict] = verdicts(check_one(slow))
    assert verdict is not Verdict.REFUTED


def test_a_limit_over_a_length_that_stalls_away_from_the_claim_is_not_proved():
    wrong = calc(min_over(1 + (i - 1) / n, i), title="the minimum is 1") \
        .approx(0, "claimed: tends to 0", meaning=Limit(n, oo))
    [verdict] = verdicts(check_one(wrong))
    assert verdict not in PASSING, verdict


@pytest.fixture(scope="module")
def claims():
    """The project's claims register, loaded once (it loads every project file: several seconds on 2 cores, so the
    citations below are in the slow tier, like the register's own tests in tests/claims/)."""
    from tests.engine import project_register
    return project_register()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["near_optimal_vertex_tends_to_floor", "vertex_minimum_tends_to_floor"])
def test_the_floor_claim_cites_its_tightness(claims, name):
    claims, errors = claims
    assert not errors, [str(e) for e in errors]
    [floor] = [c for c in claims if c.id == "001-tau1-floor"]
    assert f"derivations/temperature_bound.py::{name}" in {k for keys in floor.references().values() for k in keys}


def test_a_minimum_over_a_growing_index_is_followed_only_to_moderate_lengths():
    """A min over r = 1…n costs n evaluations; followed like a closed form to n = 10¹² it never finishes."""
    from verifier.evidence import trends
    assert trends.size_steps(tb.vertex_minimum_tends_to_floor.start, tb.n_vertices) == trends.SIZE_STEPS
    assert trends.size_steps(min_over(log(n) + i / n, i), n) == trends.SIZE_STEPS
