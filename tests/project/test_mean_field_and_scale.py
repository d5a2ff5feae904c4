"""Seed 000, eqs. (3)-(6): what the engine establishes about mean field, focus on the max, their
combination, and the entropy-invariant scale, and that the false readings come out refuted."""

import numpy as np
import pytest
import sympy as sp

from verifier import Limit, Series, calc
from verifier.verdicts import Verdict

from tests.engine import check_one, check_project_files, verdicts

import derivations._scale_experiments as experiments
import derivations.entropy_scale as scale
import derivations.mean_field as mf



@pytest.fixture(scope="module")
def results():
    """Every derivation of both files, checked once (quick experiments)."""
    return check_project_files("mean_field.py", "entropy_scale.py")


@pytest.mark.slow
def test_every_derivation_in_both_files_passes(results):
    failing = {name: r.message or [s.message for s in r.steps if not s.passed] for name, r in results.items()
               if not r.passed}
    assert not failing


# ---- eq. (3): mean field -----------------------------------------------------------------------

@pytest.mark.slow
def test_the_tangent_line_of_exp_is_proved_by_convexity(results):
    [step] = results["exp_tangent_line"].steps
    assert step.verdict is Verdict.PROVED and "convexity" in step.method


@pytest.mark.slow
def test_jensen_chain_is_proved_for_generic_n_including_the_termwise_step(results):
    r = results["mean_field_jensen"]
    assert verdicts(r) == [Verdict.PROVED, Verdict.PROVED, Verdict.PROVED]
    assert "termwise" in r.steps[1].method and "convexity" in r.steps[1].method
    assert all(st.scope.startswith("generic n") for st in r.steps)
    assert results["mean_field_jensen"].conclusion_relation == ">="


@pytest.mark.slow
def test_mean_field_is_exact_when_all_scores_are_equal(results):
    r = results["mean_field_equality_case"]
    assert r.verdict is Verdict.PROVED and all(s.scope.startswith("generic n") for s in r.steps)


@pytest.mark.slow
def test_mean_field_error_vanishes_as_lambda_to_0_at_second_order(results):
    # SymPy takes limits and series of sums only at concrete n = 1…3: that is "cases", never a proof for all n.
    [step] = results["mean_field"].steps
    by_kind = {c.name.split(":")[0]: c for c in step.checks}
    assert by_kind["limit"].verdict is Verdict.CASES and "n = 1…3" in by_kind["limit"].scope
    assert by_kind["series"].verdict is Verdict.CASES and "n = 1…3" in by_kind["series"].scope
    assert by_kind["bound"].verdict is Verdict.PROVED      # from the Jensen fact
    assert step.verdict is Verdict.CASES and step.passed


@pytest.mark.slow
def test_mean_field_error_table_covers_the_requested_grid_and_grows_like_lambda_squared(results):
    [step] = results["mean_field"].steps
    [table] = step.tables
    rows = {(r[0], r[1]): float(r[2]) for r in table.rows}
    assert {n for _, n in rows} == {"4", "64", "1024", "4096"}
    assert {lam for lam, _ in rows} == {"0.01", "0.1", "1", "10", "100"}
    for n in ("4", "64", "1024", "4096"):
        # λ² Var/2 with Var ≤ 9 (scores in [-3, 3]): ×100 per decade of λ at small λ.
        assert 50 < rows[("0.1", n)] / rows[("0.01", n)] < 200
        assert rows[("0.01", n)] < 9 * 0.01 ** 2 / 2


@pytest.mark.slow
def test_the_second_order_term_is_lambda_squared_var_over_two(results):
    [step] = results["mean_field_second_order"].steps
    assert step.verdict is Verdict.CASES and step.checks[0].method == "sympy.series at concrete n"


@pytest.mark.slow
def test_mean_field_without_the_var_term_is_not_third_order(results):
    [step] = results["mean_field_not_third_order"].steps
    assert step.verdict is Verdict.REFUTED and step.passed
    unexpected = check_one(calc(mf.lme, title="overclaimed order")
                           .approx(mf.lam * mf.s_bar, "O(λ³)?", meaning=[Series(mf.lam, 0, 3)]))
    assert unexpected.steps[0].verdict is Verdict.REFUTED and not unexpected.passed


@pytest.mark.slow
def test_mean_field_claimed_as_lambda_to_infinity_is_refuted(results):
    [step] = results["mean_field_fails_at_large_lambda"].steps
    assert step.verdict is Verdict.REFUTED and step.passed
    unexpected = check_one(calc(mf.lme, title="wrong regime")
                           .approx(mf.lam * mf.s_bar, "λ → ∞?", meaning=[Limit(mf.lam, sp.oo)]))
    assert unexpected.steps[0].verdict is Verdict.REFUTED and not unexpected.passed


@pytest.mark.slow
def test_mean_field_as_an_upper_bound_is_refuted_with_a_counterexample(results):
    [step] = results["mean_field_is_not_an_upper_bound"].steps
    assert step.verdict is Verdict.REFUTED and step.passed and step.counterexample is not None
    unexpected = check_one(calc(mf.lme, title="Jensen reversed").le(mf.lam * mf.s_bar, "wrong way"))
    assert unexpected.steps[0].verdict is Verdict.REFUTED and not unexpected.passed


# ---- eq. (4): focus on the max ------------------------------------------------------------------

@pytest.mark.slow
def test_softmax_average_below_max_is_proved_termwise_for_generic_n(results):
    r = results["softmax_mean_below_max"]
    assert verdicts(r) == [Verdict.PROVED, Verdict.PROVED]
    assert r.steps[0].method.startswith("termwise") and r.steps[0].scope.startswith("generic n")


@pytest.mark.slow
def test_focus_on_max_bound_is_proved_and_its_limit_is_numeric_for_generic_n(results):
    [step] = results["focus_on_max"].steps
    by_kind = {c.name.split(":")[0]: c.verdict for c in step.checks}
    assert by_kind["bound"] is Verdict.PROVED and by_kind["limit"] is Verdict.NUMERIC


@pytest.mark.slow
def test_focus_on_max_limit_is_proved_for_concrete_scores_with_and_without_ties(results):
    for name in ("focus_on_max_unique", "focus_on_max_with_a_tie", "tied_weight_tends_to_half"):
        assert results[name].verdict is Verdict.PROVED, name


@pytest.mark.slow
def test_with_ties_no_single_weight_tends_to_one(results):
    [step] = results["tied_weight_does_not_tend_to_one"].steps
    assert step.verdict is Verdict.REFUTED and step.passed


# ---- eq. (5): the combination -------------------------------------------------------------------

@pytest.mark.slow
def test_combined_lower_bound_is_proved_for_generic_n(results):
    r = results["entropy_lower_bound"]
    assert verdicts(r) == [Verdict.PROVED] * 4
    assert r.verdict is Verdict.PROVED and r.conclusion_relation == ">="
    assert any(c.name == "cites fact mean_field_jensen" for c in r.steps[1].checks)


@pytest.mark.slow
def test_eq5_is_accurate_only_to_zeroth_order_and_fails_as_lambda_grows(results):
    assert results["eq5_first_order_only"].verdict is Verdict.CASES       # series of sums: n = 1…3 only
    assert results["entropy_small_lambda"].verdict in (Verdict.PROVED, Verdict.CASES)
    for name in ("eq5_not_second_order", "eq5_fails_at_large_lambda"):
        [step] = results[name].steps
        assert step.verdict is Verdict.REFUTED and step.passed, name


@pytest.mark.slow
def test_eq5_gap_table_is_nonnegative_and_grows_with_lambda(results):
    [step] = results["entropy_approximation"].steps
    [table] = step.tables
    gaps = {(r[0], r[1]): float(r[2]) for r in table.rows}
    for n in ("4", "64", "1024"):
        assert gaps[("0.01", n)] < gaps[("1", n)] < gaps[("100", n)]


def test_the_notes_say_the_two_approximations_hold_in_opposite_regimes():
    text = " ".join(mf.entropy_approximation.notes)
    assert "opposite regimes" in text and "λ → 0" in text and "λ → ∞" in text


# ---- the scale, eq. (6) -------------------------------------------------------------------------

def test_solve_and_dsolve_give_the_same_scale_family():
    assert sp.simplify(scale.lam_flat.subs(scale.C, -scale.H0) - scale.lam_target) == 0


@pytest.mark.slow
def test_the_solved_scale_holds_the_approximate_entropy_fixed(results):
    for name in ("flat_entropy_scale", "target_entropy_scale", "scale_affine_in_log_n",
                 "scale_asymptotically_log_n", "scale_with_gaussian_spread"):
        assert results[name].verdict is Verdict.PROVED, name
    assert results["scale_with_dimension"].steps[0].verdict is Verdict.PROVED


@pytest.mark.slow
def test_the_scale_is_not_exactly_proportional_to_log_n(results):
    [step] = results["scale_not_proportional_to_log_n"].steps
    assert step.verdict is Verdict.REFUTED and step.passed


@pytest.mark.slow
def test_the_seed_scale_does_not_keep_the_entropy_flat_and_d_grows_with_n(results):
    by_title = {e.title: e for e in results["scale_with_dimension"].experiments}
    seed_scale = by_title["Does λ = log n/(log 512·√d) keep the entropy flat for random q, k ~ N(0, I_64)?"]
    spread = by_title["Is the spread D = s_max − s̄ independent of n?"]
    unit = by_title["Does λ = 1/√d keep H − log n flat?"]
    assert seed_scale.verdict is Verdict.REFUTED and spread.verdict is Verdict.REFUTED
    assert unit.verdict is Verdict.NUMERIC
    assert seed_scale.tables and seed_scale.plots and seed_scale.plots[0].logx


def test_experiment_verdicts_follow_the_stated_criterion():
    sim = experiments.simulate(0, True)
    flat = experiments.flatness(sim)
    assert experiments.seed_scale_keeps_entropy_flat(0, True).holds == (flat[experiments.SEED_SCALE][0] <= experiments.FLAT)
    assert experiments.unit_scale_keeps_entropy_minus_log_n_flat(0, True).holds == \
        (flat[experiments.UNIT_SCALE][1] <= experiments.FLAT)
    growth = sim["D"][-1] / sim["D"][0]
    assert experiments.spread_independent_of_n(0, True).holds == (growth - 1 <= experiments.FLAT)


def test_the_simulation_is_seeded():
    a, b = experiments.simulate(0, True), experiments.simulate.__wrapped__(0, True)
    c = experiments.simulate.__wrapped__(1, True)
    assert np.array_equal(a["D"], b["D"]) and not np.array_equal(a["D"], c["D"])


def test_entropy_helper_matches_the_definition():
    z = np.random.default_rng(3).standard_normal((2, 50)) * 4
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    assert np.allclose(experiments.entropy(z), -(p * np.log(p)).sum(axis=1))
