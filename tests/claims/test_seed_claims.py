"""The register states the seeds' claims as the seeds say them.

Each test names one property of the register or of a derivation behind it, reads it from the
register itself or from running the engine on the project's own derivations, and has a near miss:
the false claim one edit away, which must come out refuted.
"""
import pytest
import sympy as sp

from verifier import Limit, calc, exp, oo, positive
from verifier.authoring.claims import AGAINST, CONTRADICTED_BY, INSTANCES, REFUTED_BY, REGIME, SUPPORT, UNDER
from verifier.judge.claims import compute_claims
from verifier.verdicts import ClaimStatus, Verdict

import derivations.entropy_scale as es
import derivations.softmax_gradient as sg
from tests.engine import check_one, load_project_files, project_register, project_results, verdicts

pytestmark = pytest.mark.slow

P, R = Verdict.PROVED, Verdict.REFUTED


@pytest.fixture(scope="module")
def register():
    claims, errors = project_register()
    assert not errors, [str(e) for e in errors]
    return {c.id: c for c in claims}


# The derivations these claims rest on, as the project's one run checks them; entropy_scale only in part.
ENTROPY_SCALE = {"aligned_inner_product_grows_like_d", "aligned_inverse_d_scale", "inner_product_grows_like_d",
                 "inverse_d_scale_from_the_premise", "target_entropy_scale", "inverse_d_scale_not_flat",
                 "one_peak_seed_scale_not_flat", "one_peak_corrected_scale", "half_tied_entropy",
                 "half_tied_seed_scale_not_flat", "scale_asymptotically_log_n"}


@pytest.fixture(scope="module")
def results():
    checked = project_results()
    chosen = checked["softmax_basics.py"] + checked["softmax_gradient.py"] + \
        [r for r in checked["entropy_scale.py"] if r.name in ENTROPY_SCALE]
    assert ENTROPY_SCALE <= {r.name for r in chosen}, ENTROPY_SCALE - {r.name for r in chosen}
    return chosen


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

def test_robustness_is_supported_in_pieces_and_qualified_by_spread_weights(register, results):
    """õ ≈ o rests on pieces proved for instances (one noise law, uniform weights) and a Chebyshev step argued in
    words: supported, never "holds", whatever its pieces' verdicts; the qualifier names spread weights."""
    c = register["001-robust"]
    assert c.kind == INSTANCES and "Σ p_i² → 0" in c.qualifier and "peaked" in c.qualifier
    assert "Chebyshev" in c.qualifier and "argued, not checked" in c.qualifier


def test_robustness_needs_a_finite_variance_of_the_noise_factor_as_its_derivations_assume(register):
    """The O(n^{-1/2}) error needs Var(e^ε) < ∞ (output_variance_uniform_weights uses it); E[e^ε] < ∞ alone is
    too weak (a Pareto tail of index in (1, 2) gives a slower rate)."""
    c = register["001-robust"]
    assert "Var(e^ε) < ∞" in c.qualifier and "E[e^{2ε}] < ∞" in c.qualifier
    assert "E[e^ε] < ∞" not in c.qualifier


def test_a_description_of_the_papers_model_is_not_judged_and_the_kernel_reading_is_set_aside(register, results):
    """'It models the vectors as Gaussians' states nothing; the Gaussian-kernel reading is the register's own,
    so its refutation for unequal norms is beyond the text and never refutes it."""
    c = register["002-gaussian-vectors"]
    assert c.not_checked and "002-mle" in c.not_checked
    assert not set(c.references()) - {"beyond"}
    assert "derivations/gaussian_kernel.py::unequal_norms_not_attention_d2" in c.references()["beyond"]
    assert status(register, results, "002-gaussian-vectors").status is ClaimStatus.NOT_CHECKED


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


def test_inner_products_proportional_to_d_hold_for_aligned_q_k_and_the_gaussian_data_count_against_them(register, results):
    """The text says nothing of q, k, so random q, k ~ N(0, I_d) are inside its premises: their data count against
    '⟨q, k⟩ ∝ d', which holds only under the added assumption of aligned q, k."""
    c = register["000-qk-d"]
    assert c.kind == UNDER and "aligned" in c.qualifier and "N(0, I_d)" in c.qualifier
    assert c.references()[CONTRADICTED_BY] == ["derivations/entropy_scale.py::inner_product_grows_like_d"]
    assert status(register, results, "000-qk-d").status is ClaimStatus.UNDER_ASSUMPTION


def test_lambda_inverse_in_d_follows_exactly_from_the_premise_that_inner_products_grow_like_d(register, results):
    """Its premise is ⟨q, k⟩ ∝ d, so s_max − s̄ = δ·d and λ ∝ 1/d follows with no model of q, k; the Gaussian data,
    which the premise excludes, are set aside."""
    c = register["000-lambda-d"]
    assert c.kind == SUPPORT and "⟨q, k⟩ ∝ d" in c.premises and "N(0, I_d)" in c.beyond_what
    assert not set(c.references()) & set(AGAINST)
    assert status(register, results, "000-lambda-d").status is ClaimStatus.HOLDS


def test_the_headline_whose_reading_is_open_is_neither_proved_nor_refuted_and_says_what_each_reading_gives(
        register, results):
    """'Entropy invariance' is 'eliminating the influence of n as much as possible': on eq. (5)'s entropy the scale
    holds it, on the entropy itself tied maxima keep H ≥ log(n/2) at every scale (proved for every x = 2λD ≥ 0, a
    certificate at one κ).  A reading that is not settled is never refuted and never proved: "reading not settled",
    each reading's derivations named, both results in the reason."""
    out = status(register, results, "000-entropy-invariant")
    assert out.status is ClaimStatus.UNSETTLED, (out.status, out.qualifier)
    assert "derivations/entropy_scale.py::half_tied_seed_scale_not_flat" in out.derivations
    assert "derivations/entropy_scale.py::target_entropy_scale" in out.derivations
    assert "log(n/2)" in out.qualifier and "eq. (5)'s entropy" in out.qualifier and "reading" in out.qualifier
    r = by_name(results)
    assert verdicts(r["half_tied_entropy"]) == [P, P]
    assert verdicts(r["half_tied_seed_scale_not_flat"]) == [R]
    assert es.kappa_peak in es.half_tied_seed_scale_not_flat.start.free_symbols


def test_near_miss_the_tied_maxima_bound_is_not_proved_one_step_too_high():
    """H of m tied tops and m tied bottoms lies between log m and log 2m, reaching log 2m only at x = 0: the bound
    raised to log(2m) is false at every x > 0."""
    near = calc(es.half_tied_entropy_at(es.x_gap), title="tied maxima, the bound raised") \
        .ge(sp.log(2 * es.m_half), "claimed: H ≥ log n", expect="refuted")
    assert verdicts(check_one(near)) == [R]


def test_near_miss_lambda_inverse_in_d_is_refuted_when_the_spread_does_not_grow_like_d():
    """One factor away from the premise: with s_max − s̄ = δ√d, the scale holding eq. (5) is not ∝ 1/d."""
    near = calc((sp.log(es.n) - es.H0) / (es.delta * sp.sqrt(es.d)), title="s_max − s̄ = δ√d") \
        .propto((sp.log(es.n) - es.H0) / es.d, "claimed: still ∝ 1/d", wrt=es.d, expect="refuted")
    assert verdicts(check_one(near)) == [R]


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


def test_of_two_keys_the_higher_score_has_the_higher_weight_and_the_lower_score_does_not():
    """002's 'more relevant information gets a higher weight' read between two keys: p_i − p_j > 0 when s_i = t and
    s_j = t − g with g > 0 is proved; with the gap the other way round (s_j above s_i) the same bound is refuted."""
    import derivations.softmax_basics as sb
    assert verdicts(check_one(sb.higher_score_higher_weight)) == [P, P]
    t, g, r = sb.t, sb.gap, sb.r
    z = sp.exp(t) + sp.exp(t + g) + r
    near = calc(sp.exp(t) / z - sp.exp(t + g) / z, title="the lower score, claimed the higher weight") \
        .gt(0, "claimed", expect="refuted")
    assert verdicts(check_one(near)) == [R]
