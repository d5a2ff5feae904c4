"""Seed 001 (entropy range, temperature floor) and the Laplace route cited by 000: what the engine
establishes, at what scope, and that every wrong variant comes out refuted.

Verdicts are read from running the engine on the derivation files (quick experiments), never assumed.
"""

import mpmath
import pytest
import sympy as sp

from verifier import Rational, Σ, calc, exp, log
from verifier.judge.checker import check_all
from verifier.settings import Settings
from verifier.verdicts import Verdict

from tests.engine import check_one, check_project_files, verdicts

import derivations._temperature_experiments as experiments
import derivations.entropy_bounds as eb
import derivations.laplace_scale as ls
import derivations.temperature_bound as tb

pytestmark = pytest.mark.slow

FILES = ("entropy_bounds.py", "temperature_bound.py", "laplace_scale.py")

P, N, R = Verdict.PROVED, Verdict.NUMERIC, Verdict.REFUTED


@pytest.fixture(scope="module")
def results():
    """Every derivation of the three files, checked once."""
    return check_project_files(*FILES)


def test_every_derivation_in_the_three_files_passes(results):
    failing = {name: r.message or [s.message for s in r.steps if not s.passed] for name, r in results.items()
               if not r.passed}
    assert not failing
    assert not [e.title for r in results.values() for e in r.experiments if not e.passed]


# ---- item 5: 0 ≤ H ≤ log n ---------------------------------------------------------------------

def test_gibbs_lemma_u_log_u_at_least_u_minus_1_is_proved_by_convexity(results):
    [step] = results["gibbs_lemma"].steps
    assert step.verdict is P and "convexity" in step.method and step.scope == "all values"


def test_H_le_log_n_is_proved_for_generic_n_through_gibbs_summed_termwise(results):
    r = results["entropy_at_most_log_n"]
    assert verdicts(r) == [P, P, P]
    assert all(s.scope.startswith("generic n") for s in r.steps)
    assert r.conclusion_relation == "<=" and r.conclusion.endswith("≤ log(n)")
    [gibbs] = results["gibbs_summed"].steps
    assert gibbs.verdict is P and gibbs.method.startswith("termwise") and "convexity" in gibbs.method


def test_H_ge_0_is_proved_for_generic_n_because_each_weight_is_at_most_one(results):
    [step] = results["entropy_nonnegative"].steps
    assert step.verdict is P and step.method.startswith("termwise")


def test_the_reversed_bound_H_ge_log_n_is_refuted_with_a_counterexample(results):
    [step] = results["entropy_at_least_log_n"].steps
    assert step.verdict is R and step.passed
    ce = step.counterexample
    assert all(mpmath.mpf(ce.lhs[d]) < mpmath.mpf(ce.rhs[d]) for d in ce.lhs)   # H < log n there


def test_a_wrong_entropy_identity_is_refuted():
    # Forgetting the factor p_i: H = log n − Σ log(n p_i) is false.
    wrong = calc(eb.H, title="wrong").eq(log(eb.n) - Σ(log(eb.n * eb.p), eb.i), "dropped p_i")
    assert check_one(wrong).steps[0].verdict is R


def test_equal_scores_attain_log_n_for_generic_n(results):
    r = results["entropy_equal_scores"]
    assert verdicts(r) == [P, P] and all(s.scope.startswith("generic n") for s in r.steps)


def test_one_hot_is_a_limit_proved_for_every_number_of_other_keys(results):
    assert verdicts(results["one_hot_entropy"]) == [P]
    [step] = results["one_hot_limit"].steps
    # m, the number of other keys, is a size: the limit is proved for every m ("generic m")
    assert step.verdict is P and step.checks[0].method == "sympy.limit" and step.checks[0].scope == "generic m"
    assert step.tables, "the measured approach to 0 is tabulated"
    # For generic scores the limit depends on which score is largest: numbers only, never claimed proved.
    assert results["one_hot_limit_generic"].steps[0].verdict is N


def test_one_hot_is_not_reached_at_any_finite_scale():
    # The one-hot end is only a limit: claiming H = 0 at finite scaled gap x = λδ is refuted.
    x, m = eb.x, eb.m          # m, the number of other keys, a size
    claim = calc(log(1 + m * exp(-x)) + x * m * exp(-x) / (1 + m * exp(-x)), title="wrong").eq(0, "claimed")
    assert check_one(claim).steps[0].verdict is R


# ---- item 6: the temperature floor log n − C(τ) ---------------------------------------------------

def test_entropy_gradient_is_proved_for_generic_n_through_kronecker_deltas(results):
    r = results["entropy_gradient"]
    assert verdicts(r) == [P, P] and all(s.scope.startswith("generic n") for s in r.steps)
    assert verdicts(results["entropy_log_partition"]) == [P]


def test_other_keys_mean_does_not_depend_on_s_k_and_the_vertex_search_supports_the_argument(results):
    r = results["vertex_argument"]
    assert verdicts(r) == [P] and r.steps[0].scope.startswith("generic n")
    [e] = r.experiments
    assert e.verdict is N and e.passed                 # evidence, reported as numeric


def test_concavity_of_H_along_a_coordinate_is_refuted(results):
    r = results["entropy_not_concave"]
    assert verdicts(r) == [R] and r.passed


def test_a_gradient_with_the_wrong_sign_is_refuted():
    wrong = calc(sp.diff(log(tb.Z) - tb.mean_s, tb.s[tb.k]), title="wrong").eq(
        tb.p_k * (tb.s[tb.k] - tb.mean_s), "sign flipped")
    assert check_one(wrong).steps[0].verdict is R


def test_vertex_entropy_equals_log_n_plus_f_for_generic_n(results):
    r = results["two_valued_entropy"]
    assert verdicts(r) == [P, P, P]
    assert all(s.scope.startswith("generic ") for s in r.steps)    # k and m symbolic: every n = k + m


def test_a_wrong_f_is_refuted():
    # f without the e^Δ in the second term: −αΔ/u instead of −αΔe^Δ/u.
    k, m, D = tb.kk, tb.mm, tb.D
    alpha = k / (k + m)
    u = 1 - alpha + alpha * exp(D)
    wrong = calc(log(k * exp(D) + m) - k * D * exp(D) / (k * exp(D) + m), title="wrong").eq(
        log(k + m) + log(u) - alpha * D / u, "dropped e^Δ")
    assert check_one(wrong).steps[0].verdict is R


def test_f_is_minimised_at_u_star_with_value_minus_C_and_never_below(results):
    assert verdicts(results["f_in_terms_of_u"]) == [P]
    assert verdicts(results["f_stationary_point"]) == [P]
    assert verdicts(results["f_minimum_value"]) == [P]
    r = results["f_never_below_minus_C"]
    assert verdicts(r) == [P, P] and "convexity" in r.steps[1].method
    assert r.conclusion_relation == ">="


def test_the_optimal_fraction_lies_strictly_inside_0_1_for_every_temperature(results):
    assert "exp_above_tangent" not in results        # merged into mean_field.exp_tangent_line, cited instead
    assert verdicts(results["exp_minus_above_tangent"]) == [P]
    assert any("cites fact exp_tangent_line" in c.name for c in results["optimal_fraction_below_one"].steps[1].checks)
    # The numerator's sign: no critical point for Δ > 0, increasing, and → 0 as Δ → 0⁺.
    for name in ("optimal_fraction_positive", "optimal_fraction_below_one"):
        r = results[name]
        assert verdicts(r) == [P, P], name
        assert "monotone" in r.steps[1].method and r.conclusion_relation == ">"


def test_C_at_unit_temperature_is_pinned_to_30_digits(results):
    assert verdicts(results["gap_at_unit_temperature"]) == [P, P]
    assert verdicts(results["gap_at_unit_temperature_upper"]) == [P]
    with mpmath.workdps(60):
        u = 2 / (1 - mpmath.exp(-2))
        c = u - 1 - mpmath.log(u)
        assert mpmath.nstr(c, 30) == experiments.C_TAU1_30


def test_C_at_unit_temperature_is_recomputed_two_ways_at_50_digits(results):
    [e] = results["gap_at_unit_temperature"].experiments
    assert e.passed and experiments.C_TAU1_30 in e.finding
    assert "gap_wrong_constant" not in results       # the '0.4754' strawman no source claims is gone


def test_an_error_in_the_30th_digit_is_refuted_at_60_digits():
    # At 50 digits the engine tolerates 1e-30 of cancellation, so a 30th-digit slip needs 60/120 digits;
    # a short symbolic limit keeps SymPy from spending its full budget on a false constant inequality.
    C2 = tb.C.subs(tb.D, 2)
    slip = calc(C2, title="slip").gt(Rational(experiments.C_TAU1_30) + Rational(1, 10 ** 30), "last digit + 1")
    slip.name = "slip"
    [r] = check_all([slip], Settings(quick=True, dps=(60, 120), limit=1.0))
    assert r.steps[0].verdict is R


def test_the_seeds_0_4745_is_C_rounded_not_C_itself():
    C2 = tb.C.subs(tb.D, 2)
    rounded = calc(C2, title="rounds").ge(Rational("0.47445"), "4-digit rounding, below")
    exact = calc(tb.C, title="exact").eq(Rational("0.4745"), "claimed exactly", given={tb.D: 2})
    assert check_one(rounded).steps[0].verdict is P
    assert check_one(exact).steps[0].verdict is R


def test_C_asymptotics_are_proved_and_the_bound_log_n_minus_C_does_not_approach_zero(results):
    assert verdicts(results["gap_low_temperature"]) == [P]
    assert results["gap_low_temperature"].steps[0].tables
    assert verdicts(results["gap_high_temperature"]) == [P]
    assert verdicts(results["vertex_entropy_small_temperature"]) == [P]
    r = results["bound_does_not_approach_zero"]
    assert verdicts(r) == [R] and r.passed


def test_a_wrong_low_temperature_asymptote_is_refuted():
    claim = calc(tb.C, title="wrong").approx(2 * tb.D - log(tb.D) - 1, "Δ counted twice",
                                             meaning=tb.Limit(tb.D, sp.oo))
    assert check_one(claim).steps[0].verdict is R


def test_gap_table_shows_the_floor_vanishing_only_through_the_one_hot_vertex():
    out = experiments.gap_table(0, True)
    assert out.holds
    rows = {(r[0], r[1]): r for r in out.tables[1].rows}
    assert float(rows[("0.07", "1024")][3]) < 0 and rows[("0.07", "1024")][5] == "1"   # vacuous bound, k* = 1
    assert float(rows[("0.07", "1024")][4]) < 1e-6                                    # the true floor ≈ 0
    c_tau = {r[0]: float(r[2]) for r in out.tables[0].rows}
    assert abs(c_tau["0.07"] - 24.2190213539) < 1e-9 and abs(c_tau["0.2"] - 6.69782352596) < 1e-9


def test_vertex_search_never_beats_the_best_vertex_quick():
    out = experiments.vertex_search(0, True)
    assert out.holds and all(float(r[6]) >= -1e-9 for r in out.tables[0].rows)


# ---- item 7: the Laplace route, 0.24 = g(1) -------------------------------------------------------

def test_saddle_and_rate_algebra_are_proved_only_where_their_denominator_is_nonzero(results):
    # 1 − c*² ≠ 0 for every λ > 0 is true but not shown symbolically, and λ's range [0.05, 20] is where it
    # is sampled, not a hypothesis a proof may use: the cancellation is proved where both sides are defined,
    # and the scope states that condition rather than "all values".
    for name in ("saddle_point", "laplace_rate"):
        assert verdicts(results[name]) == [P]
        assert results[name].steps[0].scope.startswith(
            "all values where both sides are defined: 1 - (sqrt(4*lambda**2 + 1) - 1)**2/(4*lambda**2) ≠ 0")
    assert verdicts(results["rate_closed_form"]) == [P, P]


def test_g_of_1_is_half_log_golden_ratio_symbolically(results):
    assert verdicts(results["golden_ratio_rate"]) == [P, P, P, P]
    assert verdicts(results["golden_ratio_rate_upper"]) == [P]


def test_g_is_quadratic_for_small_lambda_and_logarithmic_for_large(results):
    assert verdicts(results["rate_small_lambda"]) == [P]
    assert verdicts(results["rate_large_lambda"]) == [P]


def test_the_linear_form_0_24_lambda_is_refuted_three_ways(results):
    for name in ("rate_is_not_linear", "rate_linear_form_is_a_secant", "rate_exceeds_linear"):
        r = results[name]
        assert verdicts(r) == [R] and r.passed, name
    assert results["rate_is_not_linear"].steps[0].tables     # where it breaks, measured
    assert verdicts(results["rate_below_max_slope"]) == [N]


def test_a_wrong_golden_ratio_constant_is_refuted():
    claim = calc(ls.g.subs(ls.lam, 1), title="wrong").eq(log(ls.phi), "lost the ½")
    assert check_one(claim).steps[0].verdict is R


def test_exact_deficit_tends_to_d_g_and_departs_from_0_24_lambda_d():
    out = experiments.laplace_table(0, True)
    assert out.holds
    rows = {(r[0], r[1]): r for r in out.tables[0].rows}
    assert abs(float(rows[("1", "1024")][6]) - 1) < 1e-3           # D/(d·g) at λ = 1
    assert abs(float(rows[("1", "1024")][7]) - 1) < 0.01           # and 0.24·λd is fine at λ = 1 …
    assert float(rows[("0.1", "1024")][7]) < 0.25                  # … but 5× too big at λ = 0.1
    assert float(rows[("10", "1024")][7]) < 0.55                   # and 2× too big at λ = 10
    assert abs(float(rows[("1/√d", "1024")][3]) - 0.5) < 0.01      # the usual scale: D ≈ ½
    for row in out.tables[1].rows:                                 # quadrature cross-checks
        assert abs(float(row[2]) - float(row[3])) < 1e-8 * max(1.0, abs(float(row[3])))


def test_the_n_to_infinity_formula_matches_sampled_keys_when_log_n_dominates():
    assert experiments.sphere_monte_carlo(0, True).holds
