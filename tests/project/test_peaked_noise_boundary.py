"""The boundary of 001's robustness rate: õ − o = O(n^{−1/2}) needs spread weights.

peaked_noise.py proves E[e^{2σ_s Z}] = e^{σ_s²} E[e^{σ_s Z}]² over a declared N(0, 1) law (so Σ p_i² ≈ e^{σ_s²}/n only
once n ≫ e^{σ_s²}), and its seeded Monte Carlo contradicts the rate for score sd 3 and 5 while sd 1, the project's
model, keeps it.  The register cites it as data contradicting the unqualified rate; the claim stays qualified.
"""
from __future__ import annotations

import math

import pytest

from tests.engine import check_one, check_project_files, verdicts
from verifier import calc, exp
from verifier.authoring.claims import BEYOND, CONTRADICTED_BY, INSTANCES
from verifier.judge.claims import _counts
from verifier.verdicts import Verdict

import derivations._peaked_noise_experiments as experiments
import derivations.peaked_noise as pn

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def checked():
    """peaked_noise.py's one derivation as the project's one run checked it (its steps and its experiment)."""
    [r] = check_project_files("peaked_noise.py").values()
    return r


def test_the_moment_identity_is_proved_and_the_data_contradict_the_rate_for_peaked_scores(checked):
    assert verdicts(checked) == [Verdict.PROVED, Verdict.PROVED]
    [e] = checked.experiments
    assert e.expect_refuted and e.verdict is Verdict.REFUTED and checked.passed
    assert _counts(CONTRADICTED_BY, checked)[0]


def test_the_robustness_claim_takes_peaked_scores_as_the_boundary_of_spread_weights_inside_its_premises():
    """Seed 001 takes any real scores, so peaked ones are inside its premises: their data are the boundary of the
    added assumption that the weights spread out (contradicted_by beside the qualification), never 'beyond the
    text', and the claim stays qualified by spread weights, supported rather than proved."""
    from derivations._claims import c001_robust
    assert c001_robust.kind == INSTANCES and "Σ p_i² → 0" in c001_robust.qualifier
    assert any(k.endswith("::peaked_scores_participation") for k in c001_robust.references()[CONTRADICTED_BY])
    assert not any(k.endswith("::peaked_scores_participation") for k in c001_robust.references().get(BEYOND, []))


def test_the_rate_holds_for_unit_score_sd_and_fails_for_sd_3_and_5():
    """The control keeps the rate (so the failure is the weights', not the Monte Carlo's); the peaked slopes are
    far from −1/2, not at the edge of the tolerance."""
    r = experiments.peaked_scores(0, True)
    assert abs(r["slope"][1.0] + 0.5) <= experiments.RATE_TOLERANCE
    assert all(r["slope"][sd] > -0.3 for sd in experiments.PEAKED), r["slope"]
    # and Σ p_i² is the reason: at the largest n it is near e/n for sd 1, and far above 1/n for sd 3 and 5
    n = r["sizes"][-1]
    assert abs(r["participation"][1.0][-1] * n / math.e - 1) < 0.1
    assert all(r["participation"][sd][-1] > 100 / n for sd in experiments.PEAKED)


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)


@pytest.mark.parametrize("wrong, slip", [
    (lambda: exp(pn.sd ** 2 / 2) * pn.mgf_sd ** 2, "exponent halved"),
    (lambda: pn.mgf_sd ** 2, "the factor e^{σ²} forgotten: as if the weights were spread at every n"),
])
def test_near_miss_a_wrong_second_moment_passes_no_check(wrong, slip):
    """Integrals over the whole line are evaluated by mpmath, which can agree but never refute; so a wrong moment
    is at worst unknown (SymPy's value contradicts it), and never proved or numeric."""
    near = calc(pn.mgf_2sd, title=f"near miss: {slip}").eq(wrong(), slip)
    [verdict] = verdicts(check_one(near))
    assert verdict not in PASSING, verdict


def test_near_miss_the_moment_of_the_first_step_with_the_wrong_exponent_passes_no_check():
    near = calc(pn.mgf_2sd, title="near miss: E[e^{2σZ}] = e^{σ²}").eq(exp(pn.sd ** 2), "t²/2 with t = σ, not 2σ")
    [verdict] = verdicts(check_one(near))
    assert verdict not in PASSING, verdict
