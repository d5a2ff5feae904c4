"""The register states the seeds' claims as the seeds say them.

Each test names one property of the register or of a derivation behind it, reads it from the
register itself or from running the engine on the project's own derivations, and has a near miss:
the false claim one edit away, which must come out refuted.
"""
import pytest
import sympy as sp

from verifier import Limit, calc, exp, oo, positive
from verifier.authoring.claims import CONTRADICTED_BY, REFUTED_BY, REGIME, UNDER
from verifier.judge.claims import compute_claims
from verifier.loader import project_claims
from verifier.verdicts import ClaimStatus, Verdict

import derivations.entropy_scale as es
import derivations.softmax_gradient as sg
from tests.engine import ROOT, check_one, load_project_files, verdicts

from verifier.judge.checker import check_all
from tests.engine import QUICK

P, R = Verdict.PROVED, Verdict.REFUTED


@pytest.fixture(scope="module")
def register():
    claims, errors = project_claims(ROOT)
    assert not errors, [str(e) for e in errors]
    return {c.id: c for c in claims}


# The derivations these claims rest on, checked once (quick experiments); entropy_scale only in part.
ENTROPY_SCALE = {"aligned_inner_product_grows_like_d", "aligned_inverse_d_scale", "inner_product_grows_like_d",
                 "inverse_d_scale_not_flat", "one_peak_seed_scale_not_flat"}


@pytest.fixture(scope="module")
def results():
    found = load_project_files("softmax_basics.py", "softmax_gradient.py", "entropy_scale.py")
    chosen = found["softmax_basics.py"] + found["softmax_gradient.py"] + \
        [d for d in found["entropy_scale.py"] if d.name in ENTROPY_SCALE]
    return check_all(chosen, QUICK)


def by_name(results):
    return {r.name: r for r in results}


def status(register, results, claim_id):
    [out] = compute_claims([register[claim_id]], results)
    return out


# ---- strawmen are not counted -----------------------------------------------------------------------

def test_claims_the_seeds_never_make_are_not_in_the_register(register):
    # 001 writes the floor only at τ = 1; 000's "0.24 λd" is the cited article's, not the seed's.
    assert "001-floor-formula" not in register and "000-cited" not in register
    assert not [c.id for c in register.values() if "0.24" in c.quote or "C(τ)" in c.quote]


def test_the_seeds_actual_floor_claim_is_that_it_shrinks_with_tau(register):
    c = register["001-shrink-tau"]
    assert c.kind == "holds" and "approach 0" in c.quote and not c.references().get(REFUTED_BY)


# ---- 002: more relevant information gets a higher weight --------------------------------------------

@pytest.mark.slow
def test_the_monotonicity_claim_holds_by_proof_for_generic_n(register, results):
    out = status(register, results, "002-monotone")
    assert out.status is ClaimStatus.HOLDS and out.strength.startswith("proved")
    r = by_name(results)
    assert verdicts(r["weight_increases_with_its_score"]) == [P, P, P]
    assert r["own_score_derivative"].steps[0].scope.startswith("generic n")


def test_near_miss_a_weight_does_not_rise_with_another_keys_score(results):
    r = by_name(results)["weight_does_not_increase_with_another_score"]
    assert r.passed and verdicts(r) == [R] and r.steps[0].counterexample is not None


def test_near_miss_the_own_score_derivative_is_not_p_squared():
    """One edit from p_i(1 − p_i): p_i² is false (it would make the weight grow fastest when it is largest)."""
    t, rest = sp.Symbol("t", real=True), positive("r")
    p = exp(t) / (exp(t) + rest)
    near = calc(sp.diff(p, t), title="near miss").eq(p ** 2, "forgot the minus sign", expect="refuted")
    assert verdicts(check_one(near)) == [R]


# ---- 001: vanishing gradients is a regime claim, bounded by ties -----------------------------------

def test_vanishing_gradients_is_a_regime_claim_whose_boundary_is_ties(register, results):
    c = register["001-vanishing-gradients"]
    assert c.kind == REGIME and "ties" in c.qualifier and "1 − 1/k" in c.qualifier
    out = status(register, results, "001-vanishing-gradients")
    assert out.status in (ClaimStatus.IN_REGIME, ClaimStatus.IN_REGIME_SUPPORTED), out.qualifier
    assert out.status is not ClaimStatus.HOLDS


def test_with_tied_maxima_the_trace_tends_to_one_minus_one_over_k_and_not_to_zero(results):
    r = by_name(results)
    assert verdicts(r["jacobian_trace_with_ties"]) == [P]
    assert r["gradients_do_not_vanish_at_ties"].passed and verdicts(r["gradients_do_not_vanish_at_ties"]) == [R]


def test_near_miss_a_single_maximum_is_the_regime_where_the_trace_does_vanish():
    """K = 1 is one edit away from the ties: there tr J → 0, so the ties' refutation is not a blanket one."""
    single = calc(sg.trace_with_ties.subs(sg.K, 1), title="K = 1") \
        .approx(0, "one maximum", meaning=Limit(sg.x, oo))
    assert verdicts(check_one(single)) == [P]


# ---- 001: robustness needs spread weights --------------------------------------------------------------

def test_robustness_is_qualified_by_spread_weights(register):
    c = register["001-robust"]
    assert c.kind == UNDER and "Σ p_i² → 0" in c.qualifier and "peaked" in c.qualifier


# ---- 000: the model is named where data contradict the seed ----------------------------------------

def test_every_contradiction_by_data_names_the_law_of_its_data(register):
    """A claim the data contradict says which data: the experiment's title (quoted in the claim's detail)
    or the qualifier names the law (random q, k ~ N(0, I_d), Student-t noise, …)."""
    found = load_project_files(*{k.split("::")[0].split("/")[-1] for c in register.values()
                                 for k in c.references().get(CONTRADICTED_BY, [])})
    experiments = {d.name: d.experiments for ds in found.values() for d in ds}
    unnamed = []
    for c in register.values():
        for key in c.references().get(CONTRADICTED_BY, []):
            titles = [e.title for e in experiments[key.split("::")[1]] if e.expect_refuted]
            if not any("~" in t or "Student" in t for t in titles) and "~" not in c.qualifier:
                unnamed.append((c.id, titles))
    assert unnamed == []


def test_aligned_q_k_make_the_seeds_dimension_claims_true(register, results):
    for claim_id in ("000-qk-d", "000-lambda-d"):
        c = register[claim_id]
        assert c.kind == UNDER and "aligned" in c.qualifier and "N(0, I_d)" in c.beyond_what
        assert status(register, results, claim_id).status is ClaimStatus.UNDER_ASSUMPTION


def test_near_miss_a_cosine_that_shrinks_like_one_over_root_d_breaks_the_aligned_model():
    """Random q, k have cos θ ~ 1/√d: one factor away from the aligned model, and ⟨q, k⟩ ∝ d is refuted."""
    random_like = calc(es.alpha * sp.sqrt(es.d) * es.beta * sp.sqrt(es.d) * es.cosine / sp.sqrt(es.d),
                       title="cos θ ∝ 1/√d") \
        .propto(es.d, "claimed: still ∝ d", wrt=es.d, expect="refuted")
    assert verdicts(check_one(random_like)) == [R]


def test_the_one_peak_refutation_is_stated_for_a_symbolic_kappa(results):
    derivation = es.one_peak_seed_scale_not_flat
    assert es.kappa_peak in derivation.start.free_symbols
    r = by_name(results)["one_peak_seed_scale_not_flat"]
    assert r.passed and verdicts(r) == [R] and "kappa" in r.steps[0].counterexample.point


# ---- 000 eq. (3): the small-λ meaning is not passed by any right side that vanishes at 0 ----------------

def test_near_miss_mean_field_with_the_max_in_place_of_the_mean_is_refuted():
    """λ·s_max also vanishes at λ = 0, so the limit alone would pass it (mean_field.py); the
    first-order meaning that mean_field also states, lhs − rhs = O(λ²), must refute it."""
    from verifier import Series
    import derivations.mean_field as mf
    near = calc(mf.lme, title="near miss: the max for the mean") \
        .approx(mf.lam * mf.s_max, "claimed: λ s_max to second order", meaning=Series(mf.lam, 0, 2),
                expect="refuted")
    assert verdicts(check_one(near)) == [R]
