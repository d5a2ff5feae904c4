"""The symbolic layer never proves a false claim: each class of false "proved" the symbolic layer
must guard against, with its example and near misses (false claims one edit away), beside true claims of the
same shape that must still be proved, so that refusing everything cannot pass these tests."""
import pytest
import sympy as sp

from verifier import Σ, exp, index, log, maximum, minimum, positive, real, size, vector
from verifier.prove import FactGap, prove_equal, prove_inequality
from verifier.prove.convexity import nonsmooth_reason
from verifier.prove.sums import SumAtoms, canonical, concrete, guard_empty_ranges, linear_normal_form, \
    resolve_index_ranges

n = size("n")
i, j, k = index("i j k", n)
s = vector("s", n)
t = real("t")
d = positive("Delta")
TINY = sp.Rational(1, 10 ** 6)


def proved(lhs, rhs, relation="="):
    out = prove_equal(lhs, rhs) if relation == "=" else prove_inequality(lhs, rhs, relation)
    return out.proof is not None and not out.proof.concrete_only


# --- 1. a bound index captured by a free one -------------------------------------------------

@pytest.mark.parametrize("lhs, rhs", [
    (s[j] * Σ(s[j], j), Σ(s[j] ** 2, j)),                        # the example: false at s = (3, 2, 2), j = 1
    (s[i] * Σ(s[i], i), Σ(s[i] ** 2, i)),                        # the same with another name
    (s[j] * Σ(s[i], i), Σ(s[i] ** 2, i)),                        # free and bound names differ
    (2 * s[j] * Σ(s[j], j), Σ(2 * s[j] ** 2, j)),                # a constant on both sides
    (s[j] * Σ(s[j], j) + Σ(s[j], j), Σ(s[j] ** 2 + s[j], j)),    # mixed with a sum that is fine
])
def test_a_coefficient_naming_the_bound_index_is_not_pulled_into_the_sum(lhs, rhs):
    assert not proved(lhs, rhs, "<=")


def test_termwise_still_compares_sums_whose_coefficient_is_free_of_the_index():
    assert proved(Σ(2 * s[j], j), Σ(s[j] ** 2 + 1, j), "<=")               # (s_j − 1)² ≥ 0 for each j
    assert proved(3 * Σ(s[j] ** 2, j), 2 * Σ(s[i] ** 2, i), ">=")


def test_unfolding_a_maximum_does_not_capture_the_free_index_in_an_inner_sum():
    # max_k (s_k·Σ_i s_i) with i captured would read Σ_i s_i², and the claim would follow; false at s = (1, −1).
    lhs = maximum(s[k] * Σ(s[i], i), k) + s[i]
    assert not proved(lhs, Σ(s[i] ** 2, i) + s[i], ">=")
    assert not proved(Σ(maximum(s[k] * Σ(s[i], i), k) + s[i], i), Σ(Σ(s[i] ** 2, i) + s[i], i), ">=")


def test_renaming_bound_indices_canonically_never_merges_an_inner_index_with_an_outer_one():
    # SymPy's as_dummy() names both indices of max_k Σ_j s_j s_k alike, which reads max Σ s_j².
    assert canonical(maximum(Σ(s[j] * s[k], j), k)) != canonical(maximum(Σ(s[j] ** 2, j), k))
    assert not proved(maximum(Σ(s[j] * s[k], j), k), maximum(Σ(s[j] ** 2, j), k))
    assert not proved(Σ(maximum(Σ(s[j] * s[k], j), k) + s[j], i), Σ(Σ(s[j] ** 2, j) + s[j], i), ">=")


def test_canonical_names_identify_sums_that_differ_only_in_index_names():
    assert canonical(Σ(Σ(s[i] * s[j], j), i)) == canonical(Σ(Σ(s[k] * s[i], i), k))
    assert canonical(canonical(Σ(Σ(s[i] * s[j], j), i))) == canonical(Σ(Σ(s[i] * s[j], j), i))
    assert proved(maximum(Σ(s[j] * s[k], j), k), maximum(Σ(s[i] * s[j], i), j))
    # max_k Σ_j s_j s_k ≥ s_j Σ_j s_j (take k = j): the unfolding at the free j, done without capture.
    assert proved(Σ(maximum(Σ(s[j] * s[k], j), k) + s[j], i), Σ(s[j] * Σ(s[j], j) + s[j], i), ">=")


def test_evaluating_a_kronecker_delta_does_not_capture_an_inner_index_of_the_same_name():
    # Σ_j δ_jk Σ_k s_j s_k is s_k·Σ_k' s_k', not Σ_k s_k².
    e = Σ(sp.KroneckerDelta(j, k) * Σ(s[j] * s[k], k), j)
    assert not proved(e, Σ(s[k] ** 2, k))
    assert proved(e, s[k] * Σ(s[i], i))


def test_a_maximum_inside_a_sum_is_not_unfolded_with_one_remainder_for_every_term():
    # Σ_j max_k (s_j s_k): a single δ ≥ 0 cannot stand for a remainder that changes with j.
    assert not proved(Σ(maximum(s[j] * s[k], k), j), Σ(s[j] * s[i], j) + 1, ">=")


def test_unfolding_at_a_free_index_proves_weak_bounds_and_never_strict_ones():
    p = exp(s[i]) / Σ(exp(s[j]), j)
    assert proved(p, 1, "<=")
    assert proved(s[i], maximum(s[j], j), "<=")
    assert not proved(p, 1, "<")                                 # p_i = 1 at n = 1
    assert not proved(s[i], maximum(s[j], j), "<")               # s_i may be the largest
    assert not proved(s[i], maximum(s[j], j) - 1, "<=")
    assert not proved(minimum(s[j], j), s[i], ">=")
    assert proved(minimum(s[j], j), s[i], "<=")


def test_unfolding_a_maximum_still_bounds_each_term_by_the_largest():
    assert proved(Σ(exp(s[i]), i), Σ(exp(maximum(s[j], j)), i), "<=")


# --- 2. concrete cases are not a proof ----------------------------------------------------------

def test_an_identity_true_only_at_n_1_to_6_is_marked_concrete_only():
    wrong = n + sp.Mul(*[n - c for c in (1, 2, 3, 4, 5, 6, 17, 256)])
    out = prove_equal(n, wrong)
    assert out.proof is not None and out.proof.concrete_only and out.proof.scope == "n = 1…6 only"
    assert out.strategy == "cases"


def test_a_proof_resting_on_a_concrete_only_fact_is_itself_concrete_only():
    x, y = real("x y")
    cases = FactGap("only_cases", y - x, False, concrete_only=True)
    general = FactGap("general", y - x, False)
    out = prove_inequality(x + 1, y + 1, "<=", [cases])
    assert out.proof is not None and out.proof.concrete_only and out.facts_used == ["only_cases"]
    out = prove_inequality(x + 1, y + 1, "<=", [general])
    assert out.proof is not None and not out.proof.concrete_only
    eq = prove_equal(2 * x, 2 * y, facts=[FactGap("x_is_y", x - y, True, concrete_only=True)])
    assert eq.proof is not None and eq.proof.concrete_only


def test_a_judged_step_proved_only_at_concrete_sizes_is_cases_not_proved():
    from tests.engine import only_step
    from verifier import calc
    from verifier.verdicts import Verdict
    wrong = n + sp.Mul(*[n - c for c in (1, 2, 3, 4, 5, 6, 17, 256)])
    step = only_step(calc(n, title="n = n + …").eq(wrong, "vanishes at n = 1…6"))
    # cases when the sampled sizes miss the other roots, refuted when they hit a size where it is false
    assert step.verdict in (Verdict.CASES, Verdict.REFUTED)


# --- 3. jumps that derivatives do not see ---------------------------------------------------------

JUMPS = [
    sp.Piecewise((1, (t > 2) & (t < 2 + TINY)), (0, True)),
    sp.Heaviside(t - 2) * sp.Heaviside(2 + TINY - t),
    sp.floor(t) - sp.floor(t - TINY),
    (sp.sign(t - 2) - sp.sign(t - 2 - TINY)) / 2,
    sp.Max(0, 1 - sp.Abs(t - 2) / TINY),
    sp.Min(1, sp.Max(0, 1 - sp.Abs(t - 2) / TINY)),
]


@pytest.mark.parametrize("bump", JUMPS)
def test_a_narrow_bump_below_zero_is_not_proved_by_convexity(bump):
    assert not proved(t ** 2 - 100 * bump, 0, ">=")
    assert not proved(t ** 2 + 1, 100 * bump, ">")


@pytest.mark.parametrize("bump", JUMPS)
def test_monotonicity_from_zero_is_not_used_across_a_jump(bump):
    bump = bump.subs(t, d)
    assert not proved(d - 100 * bump, 0, ">")


def test_a_smooth_convex_gap_is_still_proved():
    assert proved(t ** 2 + 1, 2 * t, ">=")
    assert proved(exp(t), 1 + t, ">=")
    assert proved(d - 1 + exp(-d), 0, ">")


@pytest.mark.parametrize("expr", JUMPS + [sp.Abs(t), sp.sqrt(t), log(t), 1 / t, sp.Function("f")(t), sp.tan(t)])
def test_smoothness_refuses_what_is_not_infinitely_differentiable_on_the_whole_line(expr):
    assert nonsmooth_reason(t ** 2 + expr, t) is not None


def test_smoothness_accepts_entire_functions_and_logs_and_powers_of_positives():
    assert nonsmooth_reason(exp(t) * sp.sin(t) + t ** 5 + sp.atan(t) + log(1 + t ** 2) + 1 / (1 + t ** 2), t) is None
    assert nonsmooth_reason(log(d) + sp.sqrt(d) + 1 / d, d) is None


# --- 4. empty ranges: Σ_{i=1}^{0} is 0, as the numbers compute it ---------------------------------

def test_a_sum_over_a_range_that_is_empty_at_n_1_is_not_given_sympys_negative_length():
    assert not proved(sp.Sum(1, (i, 1, n - 2)), n - 2)
    out = prove_equal(sp.Sum(1, (i, 1, n - 2)), n - 2)
    assert out.proof is None                            # not even "at n = 1…6": at n = 1 the sides differ


@pytest.mark.parametrize("lhs, rhs", [
    (sp.Sum(1, (i, 3, n)), n - 2),                       # empty at n = 1, 2 the same way
    (sp.Sum(s[i], (i, 1, n - 2)) + sp.Sum(s[i], (i, n - 1, n)), Σ(s[i], i)),   # splits at n − 2: wrong at n = 1
    (sp.Sum(sp.Sum(1, (j, 1, i - 2)), (i, 1, n)), sp.Sum(i - 2, (i, 1, n))),   # inner range empty at i = 1
])
def test_near_misses_on_empty_ranges_are_not_proved(lhs, rhs):
    assert not proved(lhs, rhs)
    out = prove_equal(lhs, rhs)
    assert out.proof is None or not out.proof.concrete_only or False


def test_a_strict_bound_is_not_proved_termwise_over_a_range_that_may_be_empty():
    # Each term is positive, but at n = 1 there is no term and the sum is 0.
    assert not proved(sp.Sum(exp(s[i]), (i, 1, n - 1)), 0, ">")
    assert not proved(sp.Sum(exp(s[i]), (i, 1, n - 1)), sp.Sum(exp(s[i]) / 2, (i, 1, n - 1)), ">")
    assert proved(sp.Sum(exp(s[i]), (i, 1, n - 1)), sp.Sum(exp(s[i]) / 2, (i, 1, n - 1)), ">=")
    assert proved(Σ(exp(s[i]), i), Σ(exp(s[i]) / 2, i), ">")
    assert proved(Σ(exp(s[i]) + s[i] ** 2, i), Σ(exp(s[i]) / 2, i), ">")


def test_ranges_that_cannot_be_empty_keep_their_closed_forms():
    assert proved(sp.Sum(1, (i, 1, n - 1)), n - 1)                    # n ≥ 1, so the length n − 1 ≥ 0
    assert proved(sp.Sum(sp.Sum(1, (j, 1, i)), (i, 1, n)), Σ(i, i))
    assert proved(sp.Sum(1, (i, 1, n - 2)), sp.Max(n - 2, 0))


def test_concrete_sizes_write_empty_sums_as_zero():
    assert concrete(sp.Sum(1, (i, 1, n - 2)), n, 1) == 0
    assert concrete(sp.Sum(s[i], (i, 3, n)), n, 1) == 0
    assert concrete(sp.Sum(sp.Sum(1, (j, 1, i - 2)), (i, 1, n)), n, 3) == 1
    assert sp.Sum(1, (i, 1, -1)).doit() == -1                          # the convention SymPy follows instead


def test_evaluating_kronecker_delta_sums_does_not_evaluate_inner_sums_by_sympys_convention():
    # doit() on Σ_j δ_jk · Σ_{i=1}^{n−2} 1 would also turn the inner sum into n − 2.
    assert not proved(Σ(sp.KroneckerDelta(j, k) * sp.Sum(1, (i, 1, n - 2)), j), n - 2)
    assert proved(Σ(sp.KroneckerDelta(j, k) * sp.Sum(1, (i, 1, n - 1)), j), n - 1)


def test_a_maximum_over_an_empty_range_has_no_value_at_concrete_sizes():
    empty_at_1 = maximum(s[i], i).func(s[i], (i, 1, n - 1))
    assert concrete(empty_at_1, n, 1) is sp.nan                 # not SymPy's Max() = −∞
    assert concrete(empty_at_1, n, 3) == sp.Max(s[1], s[2])


def test_the_guard_leaves_ranges_of_provably_nonnegative_length_alone():
    assert guard_empty_ranges(Σ(s[i], i)) == Σ(s[i], i)
    assert guard_empty_ranges(sp.Sum(1, (i, 1, n - 2))).has(sp.Max)


# --- 5. smaller holes -----------------------------------------------------------------------------

def test_minus_log_a_needs_a_positive_as_well_as_a_at_most_one():
    assert not proved(-log(1 - t ** 2), 0, ">=")          # 1 − t² ≤ 1, but ≤ 0 for |t| ≥ 1
    assert proved(-log(1 / (1 + t ** 2)), 0, ">=")        # 0 < 1/(1 + t²) ≤ 1


def test_a_not_equal_guard_is_not_settled_like_an_order_relation():
    guarded = sp.Piecewise((1, sp.Ne(j, 3)), (0, True))
    assert resolve_index_ranges(guarded + 0 * sp.KroneckerDelta(i, j)).has(sp.Piecewise)
    assert not proved(sp.Sum(sp.Piecewise((s[j], sp.Ne(j, 2)), (0, True)), (j, 1, n)), Σ(s[j], j))


def test_an_inner_sum_keeps_its_dependence_on_the_outer_index():
    triangle = sp.Sum(sp.Sum(s[j], (j, 1, i)), (i, 1, n))
    assert linear_normal_form(triangle, SumAtoms()) != n * linear_normal_form(Σ(s[j], j), SumAtoms())
    assert not proved(triangle, n * Σ(s[j], j))
    assert not proved(sp.Sum(sp.Sum(1, (j, 1, i)), (i, 1, n)), n ** 2)
    assert proved(sp.Sum(Σ(s[j], j), (i, 1, n)), n * Σ(s[j], j))          # the inner sum free of i: fine


def test_integration_variables_are_renamed_canonically_too():
    x, y, a = real("x y a")
    assert canonical(sp.Integral(exp(x), (x, 0, a))) == canonical(sp.Integral(exp(y), (y, 0, a)))
    assert canonical(sp.Integral(x * a, (x, 0, 1))) != canonical(sp.Integral(x * y, (x, 0, 1)))


def test_a_free_canonical_name_is_never_captured_and_still_gets_a_canonical_key():
    from verifier.prove.sums import _canonical_symbol
    b0 = _canonical_symbol(0)                      # what a summand taken out of Σ over depth 0 mentions
    inner = sp.Sum(s[b0] * s[j], (j, 1, n))
    assert canonical(inner).free_symbols >= {b0}   # still the same free variable, not bound by the sum
    assert canonical(inner) == canonical(sp.Sum(s[b0] * s[k], (k, 1, n)))


# --- ∝: constancy from a zero derivative needs smoothness on a connected domain ------------------

def test_a_ratio_with_zero_derivative_but_a_pole_is_not_proportional():
    from verifier.prove import prove_proportional
    w, a = real("w a")
    x = positive("x")
    assert prove_proportional(sp.atan(w) + sp.atan(1 / w), 1, [w]).proof is None      # ±π/2 on either side of 0
    assert prove_proportional(sp.Abs(w), w, [w]).proof is None
    assert prove_proportional(sp.atan(x) + sp.atan(1 / x), 1, [x]).proof is not None  # x > 0: one piece
    assert prove_proportional(exp(w + a), exp(a), [a]).proof is not None


def test_proportional_needs_a_nonempty_wrt_and_an_identity_for_integer_variables():
    from verifier.prove import prove_proportional
    w = real("w")
    assert prove_proportional(exp(w), exp(w), []).proof is None
    # For an index or a size no derivative exists; lhs = c·rhs with c free of it is the proof.
    assert prove_proportional(3 * s[i], s[i], [i]).proof is not None
    assert prove_proportional(s[i], 1, [i]).proof is None
    assert prove_proportional(i * s[i], s[i], [i]).proof is None


@pytest.mark.parametrize("bump", JUMPS)
def test_a_ratio_with_a_jump_is_not_proportional(bump):
    from verifier.prove import prove_proportional
    a = positive("a")
    assert prove_proportional(a * (1 + bump), a, [t]).proof is None


def test_a_ratio_with_sums_is_proportional_exactly_when_it_is_free_of_the_variable():
    from verifier.prove import prove_proportional
    sigma = positive("sigma")
    assert prove_proportional(exp(sigma) * Σ(exp(s[i] / sigma), i), exp(sigma), [t]).proof is not None
    assert prove_proportional(exp(t) * Σ(exp(s[i] + t), i), exp(t), [t]).proof is None        # ratio ∝ e^t
