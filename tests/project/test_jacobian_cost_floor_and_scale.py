"""The softmax Jacobian, attention cost and sparsity, the composed entropy floor and the entropy-invariant scale: what each establishes, and that the wrong variant one edit away
is refuted (so a pass means the engine checked something).

Verdicts are read from running the engine, never assumed: the project's derivations from the run's one check of
the project (tests/engine.py: check_project_files), the wrong variants checked here (quick experiments).
"""
import pytest
import sympy as sp

from verifier import Σ, calc, exp, log
from verifier.verdicts import Verdict

from tests.engine import check_one, check_project_files, verdicts

import derivations.attention_cost_and_sparsity as cs
import derivations.entropy_scale as es
import derivations.noise_robustness as nr
import derivations.softmax_gradient as sg
import derivations.temperature_bound as tb

pytestmark = pytest.mark.slow

P, N, R = Verdict.PROVED, Verdict.NUMERIC, Verdict.REFUTED


@pytest.fixture(scope="module")
def results():
    return check_project_files("softmax_gradient.py", "attention_cost_and_sparsity.py")


def test_every_new_derivation_in_the_two_new_files_passes(results):
    assert {n: [s.message for s in r.steps if not s.passed] for n, r in results.items() if not r.passed} == {}


def test_no_step_restates_its_left_side(results):
    assert [(n, s.index) for n, r in results.items() for s in r.steps if s.lhs_srepr == s.rhs_srepr] == []


# ---- 001: vanishing gradients at one-hot --------------------------------------------------------------

def test_the_softmax_jacobian_is_proved_for_generic_n(results):
    [step] = results["softmax_jacobian"].steps
    assert step.verdict is P and step.scope.startswith("generic n")


def test_the_jacobian_is_semidefinite_and_its_trace_is_below_the_entropy(results):
    assert verdicts(results["jacobian_positive_semidefinite"]) == [P, P]
    trace = results["jacobian_trace_below_entropy"]
    assert trace.conclusion_relation == "<=" and trace.steps[0].verdict is P
    assert trace.steps[1].verdict in (P, N)


def test_the_gradient_bound_vanishes_at_one_hot(results):
    r = results["jacobian_vanishes_at_one_hot"]
    assert verdicts(r) == [P] and r.steps[0].tables


def test_a_jacobian_with_the_wrong_sign_is_refuted():
    wrong = calc(sp.diff(sg.p, sg.s[sg.k]), title="sign slip").eq(
        sg.p * (sp.KroneckerDelta(sg.i, sg.k) + sg.p_k), "wrong: + p_k")
    assert verdicts(check_one(wrong)) == [R]


def test_the_trace_above_the_entropy_is_refuted():
    wrong = calc(1 - Σ(sg.p ** 2, sg.i), title="reversed").ge(sg.H, "wrong: tr J ≥ H")
    assert verdicts(check_one(wrong)) == [R]


# ---- 002: sparsity and cost --------------------------------------------------------------------------

def test_the_operation_count_is_exact_and_quadratic(results):
    r = results["attention_operation_count"]
    assert verdicts(r) == [P, P]
    assert r.steps[0].scope.startswith("generic")


def test_an_operation_count_off_by_one_term_is_refuted():
    wrong = calc(cs.operation_count, title="forgot the row sums").eq(
        4 * cs.d * cs.n ** 2 + 2 * cs.n ** 2 - cs.d * cs.n, "wrong: n(n − 1) adds dropped")
    assert verdicts(check_one(wrong)) == [R]


def test_a_linear_cost_is_refuted():
    from verifier import Limit, oo
    wrong = calc(cs.operation_count, title="linear?").approx(
        (4 * cs.d + 3) * cs.n, "wrong: O(n)", meaning=Limit(cs.n, oo, ratio=True))
    assert verdicts(check_one(wrong)) == [R]


def test_sparsity_is_a_regime_and_the_data_say_so(results):
    assert verdicts(results["mass_off_the_peak"]) == [P, P]
    assert verdicts(results["sparsity_needs_a_large_gap"]) == [P]
    [e] = results["weights_not_sparse_at_unit_scale"].experiments
    assert e.expect_refuted and e.verdict is R and "e^H / n" in e.finding


# ---- 001: the composed floor, the vertex lemma and τ → 0 -----------------------------------------------

@pytest.fixture(scope="module")
def floor_results():
    wanted = {"coordinate_slope_is_derivative", "vertex_lemma_rising", "vertex_lemma_falling", "entropy_floor",
              "min_entropy_vanishes"}
    return {n: r for n, r in check_project_files("temperature_bound.py").items() if n in wanted}


def test_the_composed_floor_concludes_H_at_least_log_n_minus_C(floor_results):
    r = floor_results["entropy_floor"]
    assert r.passed and r.conclusion_relation == ">=" and "C" not in r.conclusion.split("≥")[0]
    assert all(s.verdict in (P, N) for s in r.steps)


def test_the_one_variable_vertex_lemma_is_encoded_and_passes(floor_results):
    assert verdicts(floor_results["coordinate_slope_is_derivative"]) == [P]
    for name in ("vertex_lemma_rising", "vertex_lemma_falling"):
        r = floor_results[name]
        assert r.passed and r.conclusion_relation == ">=", name


def test_the_vertex_lemma_on_the_wrong_side_is_refuted():
    """Rising side: H(x) ≥ H(a) holds; H(x) ≥ H(b) with b past the peak does not in general."""
    a, y, z = tb.a_end, tb.y_len, tb.z_len
    peak = a + y
    wrong = calc(tb.coordinate_entropy(a, peak) - tb.coordinate_entropy(peak, peak), title="wrong side").ge(
        0, "wrong: the value below the peak is at least the peak value", given={a: -3, y: 3, tb.A_others: 1})
    assert verdicts(check_one(wrong)) == [R]


def test_the_minimum_entropy_tends_to_zero_as_tau_shrinks(floor_results):
    assert verdicts(floor_results["min_entropy_vanishes"]) == [P]


# ---- 000: eq. (5)'s exact model and the Gaussian scale -------------------------------------------------

@pytest.fixture(scope="module")
def scale_results():
    wanted = {"gaussian_entropy_scale", "scales_differ_by_two", "one_peak_seed_scale", "one_peak_seed_scale_not_flat",
              "one_peak_corrected_scale", "inner_product_grows_like_d", "inverse_d_scale_not_flat",
              "root_d_scale_flat_in_d"}
    return {n: r for n, r in check_project_files("entropy_scale.py").items() if n in wanted}


def test_the_seed_scale_does_not_keep_H_flat_even_when_eq5s_premise_holds(scale_results):
    # The first step cancels 1 + (n − 1)/n, which is 0 only at n = 1/2: n is a length (n ≥ 2), so the algebra is
    # proved for every n with no exception in its scope; the limit is proved.
    assert verdicts(scale_results["one_peak_seed_scale"]) == [P, P]
    assert "1/2" not in scale_results["one_peak_seed_scale"].steps[0].scope
    assert verdicts(scale_results["one_peak_seed_scale_not_flat"]) == [R]
    assert es._at_seed_scale[16] == pytest.approx(2.0, abs=0.05)
    assert es._at_seed_scale[65536] == pytest.approx(6.2, abs=0.05)


def test_near_miss_with_n_a_positive_real_the_cancellation_is_scoped_away_from_n_equal_one_half():
    # A positive real n sampled on [2, 10⁶] is not confined there: the same algebra is proved only where both
    # sides are defined, with n ≠ 1/2 in its stated scope.
    from verifier import positive
    n = positive("n", low=2, high=1e6)
    real_n = calc(es.one_peak_entropy(log(n), n), title="n real").eq(
        log((2 * n - 1) / n) + (n - 1) * log(n) / (2 * n - 1), "e^{−λδ} = 1/n")
    [step] = check_one(real_n).steps
    assert step.verdict is P and "n ≠ 1/2" in step.scope


def test_log_n_plus_log_log_n_nearly_keeps_H_flat(scale_results):
    assert scale_results["one_peak_corrected_scale"].passed


def test_a_wrong_limit_for_the_corrected_scale_is_refuted():
    from verifier import Limit, oo
    start = es.one_peak_corrected_scale.start
    wrong = calc(start, title="e^{+c}?").approx(exp(es.c_shift), "wrong sign", meaning=Limit(es.log_n, oo))
    assert verdicts(check_one(wrong)) == [R]


def test_the_gaussian_scale_is_derived_and_is_twice_eq5s(scale_results):
    r = scale_results["gaussian_entropy_scale"]
    assert r.passed and r.steps[0].verdict is P
    [e] = r.experiments
    assert e.verdict is N
    assert verdicts(scale_results["scales_differ_by_two"]) == [P]


def test_the_gaussian_scale_with_a_lost_half_is_refuted():
    wrong = calc(log(es.n) - es.lam_gauss ** 2 * es.d, title="λ²d instead of λ²d/2").eq(es.H0, "wrong")
    assert verdicts(check_one(wrong)) == [R]


def test_varying_d_contradicts_inner_products_proportional_to_d(scale_results):
    for name in ("inner_product_grows_like_d", "inverse_d_scale_not_flat"):
        [e] = scale_results[name].experiments
        assert e.expect_refuted and e.verdict is R, name
    [e] = scale_results["root_d_scale_flat_in_d"].experiments
    assert e.verdict is N


# ---- 001: variance of õ − o for every n ------------------------------------------------------------------

def test_the_fluctuation_variance_is_proved_for_generic_n():
    r = check_one(nr.fluctuation_variance_generic_n)
    assert verdicts(r) == [P] and r.steps[0].scope.startswith("generic n")


def test_keeping_the_cross_terms_is_refuted():
    wrong = calc(nr.fluctuation_variance_generic_n.start, title="cross terms").eq(
        nr.Var_noise * Σ(nr.alpha[nr.i], nr.i) ** 2, "wrong: (Σ a_i)² V")
    assert verdicts(check_one(wrong)) == [R]


def test_the_hand_written_scales_are_the_ones_sympy_solves_for():
    assert sp.simplify(es.lam_flat - (log(es.n) + es.C) / es.D) == 0
    assert sp.simplify(es.lam_target - (log(es.n) - es.H0) / es.D) == 0
