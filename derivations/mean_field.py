"""The two approximations of seed 000, eqs. (3)-(5), and the bound they make together.

Mean field (3): log((1/n) Σ e^{λ s_i}) ≈ λ s̄ is a lower bound (Jensen), exact when every
s_i is equal, and accurate to O(λ²) as λ → 0: the error is λ² Var(s)/2 + O(λ³).
Focus on the max (4): Σ p_i s_i ≤ s_max always, and → s_max as λ → ∞, ties included.
Combined (5): H ≈ log n − λ(s_max − s̄).  The two pieces are good in opposite regimes,
so (5) is accurate in neither; what survives is the bound H ≥ log n − λ(s_max − s̄).
The Jensen step applies e^t ≥ 1 + t to every term of a sum (the engine generalises
t = λ(s_i − s̄) and proves the scalar bound by convexity), so the bound is proved for generic n.
"""
# The very n, i, j, s, λ objects of eq. (2), so the bound can cite the decomposition itself.
from derivations.entropy_decomposition import entropy_decomposition, i, j, lam, n, s
from verifier import (Bound, Limit, Measure, Rational, Series, Σ, calc, exp, index, log, maximum, mean, positive,
                      real, seed)

k = index("k", n)
t = real("t")

Z = Σ(exp(lam * s[j]), j)               # Σ_j e^{λ s_j}
p = exp(lam * s[i]) / Z                  # p_i
s_bar = mean(s[j], j)                    # s̄
s_max = maximum(s[k], k)                 # s_max
var_s = mean((s[i] - s_bar) ** 2, i)     # Var(s) = (1/n) Σ_i (s_i − s̄)²
lme = log(mean(exp(lam * s[i]), i))      # log-mean-exp, the lhs of eq. (3)
softmax_mean = Σ(p * s[i], i)            # Σ_i p_i s_i
H = -Σ(p * log(p), i)                    # entropy of softmax(λ s)
H_eq2 = log(n) + lme - lam * softmax_mean   # H as eq. (2) writes it (proved in entropy_decomposition)
eq5 = log(n) - lam * (s_max - s_bar)        # the rhs of eq. (5)

LAMBDAS = [0.01, 0.1, 1, 10, 100]
# n = 4096 adds about 0.8 s of CPU per table (50 digits, 3 draws × 5 λ): kept for eq. (3), dropped elsewhere.
GRID_3 = Measure({lam: LAMBDAS, n: [4, 64, 1024, 4096]})
GRID = Measure({lam: LAMBDAS, n: [4, 64, 1024]})

# ---- eq. (3): mean field ---------------------------------------------------------------------

exp_tangent_line = (
    calc(exp(t), title="e^t lies above its tangent at 0", source=seed("000", "eq. (3), why mean field is a bound"))
    .ge(1 + t, "e^t − 1 − t is convex in t, with minimum 0 at t = 0",
        survives={
            'sign of term 1 flipped': 'weaker bound, still true: t + 1 ≥ t − 1'})
)

mean_field_jensen = (
    calc(lme, title="Mean field is a lower bound (Jensen): log-mean-exp ≥ λ s̄", source=seed("000", "eq. (3)"),
         notes=["Step 2 is e^t ≥ 1 + t (exp_tangent_line) at every t = λ(s_i − s̄), summed, then log "
                "increasing; it holds term by term by convexity in t, for generic n."])
    .eq(lam * s_bar + log(mean(exp(lam * (s[i] - s_bar)), i)), "factor e^{λ s̄} out of every term")
    .ge(lam * s_bar + log(mean(1 + lam * (s[i] - s_bar), i)),   "e^t ≥ 1 + t (exp_tangent_line) termwise; log increasing",
        survives={
            'sign of term lambda*(s[i] - Sum(s[j], (j, 1, n))/n) flipped': 'equivalent: Σ_i (s_i − s̄) = 0, so the mean inside the log is 1 with either sign'})
    .eq(lam * s_bar,                                            "Σ_i (s_i − s̄) = 0: the mean inside the log is 1")
)

c = real("c")
mean_field_equality_case = (
    calc(log(mean(exp(lam * c), i)), title="Mean field is exact when every score is equal",
         source=seed("000", "eq. (3)"), assumptions=["s_i = c for every i"],
         notes=["Only the 'if' half of 'equality iff all s_i are equal' is encoded.  The 'only if' half "
                "(strict convexity of exp) is visible in mean_field_second_order: the error starts at "
                "λ² Var(s)/2, which vanishes only when every s_i = s̄."])
    .eq(lam * mean(c, i), "Σ_i e^{λ c} = n e^{λ c}, and log e^{λ c} = λ c")
    .eq(lam * c,          "the mean of a constant is the constant")
)

mean_field = (
    calc(lme, title="Mean field: log-mean-exp ≈ λ s̄", source=seed("000", "eq. (3)"),
         notes=["Means: the error → 0 as λ → 0, it is O(λ²) there, and the rhs never exceeds the lhs.  "
                "As λ → ∞ the lhs grows like λ s_max − log n, so the error grows like λ(s_max − s̄) "
                "(mean_field_fails_at_large_lambda): mean field belongs to the small-λ regime."])
    .approx(lam * s_bar, "exponentiate the average instead of averaging the exponential",
            meaning=[Limit(lam, 0), Series(lam, 0, 2), Bound(">=")], by=[mean_field_jensen], measure=GRID_3)
)

mean_field_second_order = (
    calc(lme, title="Mean field to second order: the error is λ² Var(s)/2 + O(λ³)", source=seed("000", "eq. (3)"),
         reconstruction=True,
         notes=["Not in the text: log E e^{λ s} is the cumulant generating function of the uniform "
                "distribution on the s_i; its second cumulant is Var(s)."])
    .approx(lam * s_bar + lam ** 2 * var_s / 2, "cumulant expansion of log E e^{λ s} to second order",
            meaning=[Series(lam, 0, 3)], measure=GRID)
)

mean_field_not_third_order = (
    calc(lme, title="Without the λ² Var/2 term, mean field is not O(λ³)", source=seed("000", "eq. (3)"))
    .approx(lam * s_bar, "the claim that the error is O(λ³)", meaning=[Series(lam, 0, 3)], expect="refuted")
)

mean_field_fails_at_large_lambda = (
    calc(lme, title="Mean field is the wrong approximation as λ → ∞", source=seed("000", "eq. (3)"))
    .approx(lam * s_bar, "the claim that the error tends to 0 as λ → ∞", meaning=[Limit(lam, "oo")], expect="refuted")
)

mean_field_is_not_an_upper_bound = (
    calc(lme, title="Mean field does not bound log-mean-exp from above", source=seed("000", "eq. (3)"))
    .le(lam * s_bar, "the claim of Jensen's inequality the wrong way round", expect="refuted")
)

# ---- eq. (4): softmax focuses on the max -----------------------------------------------------

softmax_mean_below_max = (
    calc(softmax_mean, title="The softmax average never exceeds the max", source=seed("000", "eq. (4)"))
    .le(Σ(p * s_max, i), "termwise: s_i ≤ s_max and p_i > 0")
    .eq(s_max,           "Σ_i p_i = 1")
)

focus_on_max = (
    calc(lam * softmax_mean, title="Softmax focuses on the max: λ Σ p_i s_i ≈ λ s_max",
         source=seed("000", "eq. (4)"),
         notes=["s_max − Σ p_i s_i = Σ_i p_i (s_max − s_i) decays like e^{−λ Δ}, Δ the gap to the "
                "runner-up, so even λ times it vanishes as λ → ∞; how large λ must be depends on Δ, which "
                "shrinks as n grows (the table's λ = 100 row at n = 1024).  With k tied maxima the weight "
                "spreads evenly over the ties, all equal to s_max, so the limit is unchanged "
                "(focus_on_max_with_a_tie).  As λ → 0 the lhs tends to λ s̄, not λ s_max."])
    .approx(lam * s_max, "the softmax weights concentrate on the largest score",
            meaning=[Limit(lam, "oo"), Bound("<=")], by=[softmax_mean_below_max], measure=GRID)
)

# Concrete instances: SymPy's limit cannot see through max_k s_k, and ties are never sampled.
a = real("a")
gap = positive("Delta")


def _weighted_mean(scores):
    weights = [exp(lam * x) for x in scores]
    return sum(w * x for w, x in zip(weights, scores)) / sum(weights)


focus_on_max_unique = (
    calc(lam * _weighted_mean([a, a - gap]), title="Focus on the max, one maximum among two scores",
         source=seed("000", "eq. (4)"), assumptions=["n = 2, s = (a, a − Δ), Δ > 0"])
    .eq(lam * a - lam * gap * exp(-lam * gap) / (1 + exp(-lam * gap)), "divide numerator and denominator by e^{λ a}")
    .approx(lam * a, "e^{−λ Δ} beats λ", meaning=[Limit(lam, "oo")])
)

focus_on_max_with_a_tie = (
    calc(lam * _weighted_mean([a, a, a - gap]), title="Focus on the max with two tied maxima: still λ s_max",
         source=seed("000", "eq. (4)"), assumptions=["n = 3, s = (a, a, a − Δ), Δ > 0: two tied maxima"])
    .eq(lam * a - lam * gap * exp(-lam * gap) / (2 + exp(-lam * gap)), "divide numerator and denominator by e^{λ a}")
    .approx(lam * a, "the tied maxima share the weight, and both equal s_max", meaning=[Limit(lam, "oo")])
)

tied_weight = exp(lam * a) / (2 * exp(lam * a) + exp(lam * (a - gap)))

tied_weight_tends_to_half = (
    calc(tied_weight, title="With two tied maxima each of their weights tends to 1/2",
         source=seed("000", "eq. (4)"), assumptions=["n = 3, s = (a, a, a − Δ), Δ > 0"])
    .eq(1 / (2 + exp(-lam * gap)), "divide by e^{λ a}")
    .approx(Rational(1, 2), "the weight spreads evenly over the k = 2 ties", meaning=[Limit(lam, "oo")])
)

tied_weight_does_not_tend_to_one = (
    calc(1 / (2 + exp(-lam * gap)), title="With a tie, no single weight tends to 1",
         source=seed("000", "eq. (4)"), assumptions=["n = 3, s = (a, a, a − Δ), Δ > 0; the weight of s_1"],
         notes=["'Softmax picks the max', read as 'the weight of a maximum → 1', fails with ties: each of "
                "k tied weights → 1/k.  The average Σ p_i s_i still → s_max."])
    .approx(1, "the claim that the weight of a maximum tends to 1", meaning=[Limit(lam, "oo")], expect="refuted")
)

# ---- eq. (5): both together ------------------------------------------------------------------

entropy_lower_bound = (
    calc(H, title="H ≥ log n − λ(s_max − s̄) for every λ > 0", source=seed("000", "eq. (5)"),
         notes=["Eqs. (3) and (4) err in the same direction (mean field underestimates the log-mean-exp, "
                "the max overestimates Σ p_i s_i), so (5) is a rigorous lower bound on H, proved for generic n."])
    .eq(H_eq2,                                         "entropy decomposition, eq. (2)", by=[entropy_decomposition])
    .ge(log(n) + lam * s_bar - lam * softmax_mean,     "mean field is a lower bound (Jensen)", by=[mean_field_jensen],
        survives={
            'sign of term log(n) flipped': 'weaker bound, still true: lowered by 2 log n ≥ 0'})
    .ge(log(n) + lam * s_bar - lam * s_max,            "Σ_i p_i s_i ≤ s_max", by=[softmax_mean_below_max],
        survives={
            'sign of term log(n) flipped': 'weaker bound, still true: lowered by 2 log n ≥ 0'})
    .eq(eq5,                                           "collect λ")
)

entropy_approximation = (
    calc(H, title="Eq. (5): H ≈ log n − λ(s_max − s̄) holds as a bound, not as an approximation",
         source=seed("000", "eq. (5)"),
         notes=["The two approximations hold in opposite regimes: mean field as λ → 0, focus on the max as "
                "λ → ∞.  Combined, (5) is accurate in neither.  As λ → 0 both sides tend to log n but the "
                "error is λ(s_max − s̄) at first order (eq5_first_order_only, eq5_not_second_order), because "
                "the true H = log n − λ² Var(s)/2 + O(λ³) has no linear term (entropy_small_lambda); as "
                "λ → ∞ the rhs tends to −∞ while H ≥ 0 (eq5_fails_at_large_lambda).  What survives is the "
                "lower bound, and the table shows how loose it is."])
    .approx(eq5, "mean field for the log-mean-exp, the max for the average",
            meaning=[Bound(">=")], by=[entropy_lower_bound], measure=GRID,
        survives={
            'constant -1 → -1 · (1 + 10⁻⁶)': 'weaker lower bound, still true: λ(s_max − s̄) ≥ 0 grows by 10⁻⁶ of itself',
            'sign of term log(n) flipped': 'weaker lower bound, still true: lowered by 2 log n'})
)

# The next four start from eq. (2)'s form of H (proved equal to H in entropy_decomposition),
# which SymPy expands at concrete n far faster than −Σ p log p.
entropy_small_lambda = (
    calc(H_eq2, title="What H is as λ → 0: log n − λ² Var(s)/2 + O(λ³)", source=seed("000", "eq. (5)"),
         reconstruction=True, notes=["Not in the text: the correct small-λ expansion, to compare with eq. (5)."])
    .approx(log(n) - lam ** 2 * var_s / 2, "log-mean-exp to second order, and Σ p_i s_i = s̄ + λ Var(s) + O(λ²)",
            meaning=[Series(lam, 0, 3)])
)

eq5_first_order_only = (
    calc(H_eq2, title="As λ → 0, eq. (5) is accurate to zeroth order only: error O(λ)", source=seed("000", "eq. (5)"))
    .approx(eq5, "both sides are log n at λ = 0", meaning=[Limit(lam, 0), Series(lam, 0, 1)],
        survives={
            'bound index k of max replaced by free k_ in its summand': 'still true: the step claims only zeroth order (error O(λ)), and this edit changes the λ term alone',
            'Σ_j upper limit n → n - 1': 'still true: the step claims only zeroth order (error O(λ)), and this edit changes the λ term alone',
            'sign of term IndexedMax(s[k], (k, 1, n)) flipped': 'still true: the step claims only zeroth order (error O(λ)), and this edit changes the λ term alone',
            'constant -1 → -1 · (1 + 10⁻⁶)': 'still true: the step claims only zeroth order (error O(λ)), and this edit changes the λ term alone',
            'bound index j of Σ replaced by free j_ in its summand': 'still true: the step claims zeroth order only (error O(λ)), and this edit changes the λ term alone',
            'factor 1/n dropped': 'still true: the step claims zeroth order only (error O(λ)), and this edit changes the λ term alone',
            'factor IndexedMax(s[k], (k, 1, n)) - Sum(s[j], (j, 1, n))/n dropped': 'still true: the step claims zeroth order only (error O(λ)), and this edit changes the λ term alone',
            'factor Sum(s[j], (j, 1, n)) dropped': 'still true: the step claims zeroth order only (error O(λ)), and this edit changes the λ term alone',
            'constant -1 → -1 + 1': 'still true: the step claims zeroth order only (error O(λ)), and this edit changes the λ term alone'})
)

eq5_not_second_order = (
    calc(H_eq2, title="Eq. (5) is not accurate to O(λ²) as λ → 0", source=seed("000", "eq. (5)"))
    .approx(eq5, "the claim that the error is O(λ²)", meaning=[Series(lam, 0, 2)], expect="refuted")
)

eq5_fails_at_large_lambda = (
    calc(H_eq2, title="Eq. (5) is not accurate as λ → ∞", source=seed("000", "eq. (5)"))
    .approx(eq5, "the claim that the error tends to 0 as λ → ∞", meaning=[Limit(lam, "oo")], expect="refuted")
)
