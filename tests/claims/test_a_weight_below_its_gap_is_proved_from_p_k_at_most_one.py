"""002-sparsity's step p_k e^{−β(s_k − s_i)} ≤ e^{−β(s_k − s_i)} is proved from the fact it cites, p_k ≤ 1 (itself
proved: Σ_j e^{β s_j} is e^{β s_k} plus nonnegative terms), times e^{−β(s_k − s_i)} > 0; never on the numbers alone.
Near misses: the same step without the fact stays numeric, and false twins citing the same fact (a bound of
half, the reversed inequality) are refuted, never proved."""
from __future__ import annotations

import pytest

from tests.engine import check_one, load_project_files
from verifier import calc
from verifier.verdicts import Verdict

pytestmark = pytest.mark.slow          # each check takes a few seconds on a busy machine

import derivations.attention_cost_and_sparsity as sparsity


@pytest.fixture(scope="module")
def loaded():
    return {d.name: d for d in load_project_files("attention_cost_and_sparsity.py")["attention_cost_and_sparsity.py"]}


def _gap_factor():
    return sparsity.exp(-sparsity.beta * (sparsity.s[sparsity.kk] - sparsity.s[sparsity.i]))


def _weight():
    return sparsity.exp(sparsity.beta * sparsity.s[sparsity.kk]) / sparsity.Σ(
        sparsity.exp(sparsity.beta * sparsity.s[sparsity.j]), sparsity.j)


def test_the_fact_and_the_step_are_proved(loaded):
    assert [s.verdict for s in check_one(loaded["weight_at_most_one"]).steps] == [Verdict.PROVED]
    steps = check_one(loaded["weight_below_gap"]).steps
    assert [s.verdict for s in steps] == [Verdict.PROVED, Verdict.PROVED]
    assert "weight_at_most_one" in str(steps[1].method)


def test_near_miss_without_the_fact_the_step_is_not_proved():
    bare = calc(_weight() * _gap_factor(), title="uncited").le(_gap_factor(), "p_k ≤ 1, not cited")
    assert check_one(bare).steps[0].verdict is not Verdict.PROVED


@pytest.mark.parametrize("twin", ["half", "reversed"])
def test_near_miss_false_twins_citing_the_fact_are_refuted(twin):
    g, pk = _gap_factor(), _weight()
    step = calc(pk * g, title="half").le(g / 2, "claimed", by=[sparsity.weight_at_most_one]) if twin == "half" \
        else calc(g, title="reversed").le(pk * g, "claimed", by=[sparsity.weight_at_most_one])
    assert check_one(step).steps[0].verdict is Verdict.REFUTED
