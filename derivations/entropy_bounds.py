"""The entropy of a softmax lies in [0, log n] (001, eq. (4)), with both ends.

log n is reached at equal scores (proved for generic n).  H ≤ log n is Gibbs' inequality:
log n − H = Σ p_i log(n p_i) ≥ Σ p_i (1 − 1/(n p_i)) = 0 from u log u ≥ u − 1 at u = n p_i.
The engine proves the one-variable lemma by convexity and applies it to each summand (it
generalises u = n p_i to a positive variable), so H ≤ log n is proved for generic n; H ≥ 0
follows termwise from p_i ≤ 1, i.e. e^{s_i} ≤ Σ_j e^{s_j}.  0 is approached,
never reached: softmax weights are positive, and only as the scale λ → ∞ with a unique
maximum does the distribution become one-hot.
"""
from verifier import Limit, Measure, Σ, calc, exp, index, log, max_over, oo, positive, real, seed, size, vector

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
lam = positive("lambda")
u = positive("u")
c = real("c")

Z = Σ(exp(s[j]), j)            # the normaliser, over its own index so numerics hoist it out of Σ_i
p = exp(s[i]) / Z
H = -Σ(p * log(p), i)

SRC = seed("001", "eq. (4), H ∈ [0, log n]")

gibbs_lemma = (
    calc(u * log(u), title="Gibbs' lemma: u log u ≥ u − 1 for u > 0", source=SRC)
    .ge(u - 1, "u log u − u + 1 is convex in u (second derivative 1/u) and vanishes with its derivative at u = 1",
        survives={
            'sign of term u flipped': 'weaker bound, still true: u − 1 ≥ −u − 1 for u > 0',
            'constant -1 → -1 · (1 + 10⁻⁶)': 'weaker bound, still true: u − 1 − 10⁻⁶ < u − 1'})
)

# Σ_i (n p_i − 1) ≤ Σ_i n p_i log(n p_i): the lemma at u = n p_i, summed.
gibbs_summed = (
    calc(Σ(n * p - 1, i), title="Gibbs' inequality summed over the n weights", source=SRC,
         notes=["gibbs_lemma at u = n p_i, summand by summand: each summand is t log t ≥ t − 1 at t = n p_i > 0, "
                "which holds by convexity of t log t."])
    .le(Σ(n * p * log(n * p), i), "u log u ≥ u − 1 at u = n p_i, for each i",
        survives={
            'bound index j of Σ replaced by free j_ in its summand': 'still true: the left side is Σ_i (n p_i − 1) = 0 and the mutant is a positive multiple of Σ_i p_i log(n p_i) ≥ 0',
            'factor 1/Sum(exp(s[j]), (j, 1, n)) dropped': 'still true: the left side is 0 and the mutant is Σ_j e^{s_j} times Σ_i n p_i log(n p_i) ≥ 0',
            'constant -1 → -1 · (1 + 10⁻⁶)': 'still true: the left side is 0 and the mutant is (Σ_j e^{s_j})^{−10⁻⁶} times Σ_i n p_i log(n p_i) ≥ 0',
            'constant -1 → -1 + 1': 'still true: the left side is 0 and the mutant is Σ_j e^{s_j} times Σ_i n p_i log(n p_i) ≥ 0'})
)

entropy_at_most_log_n = (
    calc(H, title="H ≤ log n (Gibbs)", source=SRC)
    .eq(log(n) - Σ(n * p * log(n * p), i) / n,   "−log p_i = log n − log(n p_i), and Σ_i p_i = 1")
    .le(log(n) - Σ(n * p - 1, i) / n,            "Gibbs' inequality summed, divided by n > 0",
        by=[gibbs_summed],
        survives={
            'factor 1/n dropped': 'equivalent: Σ_i (n p_i − 1) = 0, so any factor in front of it leaves log n',
            'constant -1 → -1 + 1': 'equivalent: Σ_i (n p_i − 1) = 0, so the right side is log n either way',
            'constant -1 → -1 · (1 + 10⁻⁶)': 'equivalent: Σ_i (n p_i − 1) = 0, so any factor in front of it leaves log n',
            'factor n dropped': 'weaker bound, still true: log n − Σ_i (p_i − 1)/n = log n + (n − 1)/n ≥ log n ≥ H'})
    .eq(log(n),                                  "Σ_i (n p_i − 1) = n − n = 0")
)

entropy_at_least_log_n = (
    calc(H, title="The reversed bound H ≥ log n is false", source=SRC)
    .ge(log(n), "the claim that the entropy is at least log n", expect="refuted")
)

entropy_nonnegative = (
    calc(H, title="H ≥ 0", source=SRC,
         notes=["Each −p_i log p_i ≥ 0 because 0 < p_i ≤ 1: writing Σ_j e^{s_j} = e^{s_i} + ρ "
                "with ρ ≥ 0 gives p_i ≤ 1 and −log p_i ≥ 0."])
    .ge(0, "each term −p_i log p_i ≥ 0, since 0 < p_i ≤ 1")
)

# ---------------------------------------------------------------------------- the upper end: equal scores

Zc = Σ(exp(c), j)
pc = exp(c) / Zc
entropy_equal_scores = (
    calc(-Σ(pc * log(pc), i), title="Equal scores give H = log n (the upper end is attained)", source=SRC)
    .eq(Σ(log(n) / n, i), "every p_i = e^c / (n e^c) = 1/n, so −p_i log p_i = (log n)/n")
    .eq(log(n),           "n equal terms")
)

# ---------------------------------------------------------------------------- the lower end: a limit

# One score δ above n − 1 = m equal others: explicit sums, exact for every m.
m = size("m")
a, a2 = index("a a2", m)
gap = positive("delta")
x = positive("x")          # x = λδ, the scaled gap between the maximum and the rest
Zm = exp(lam * gap) + Σ(1, a2)
p_top, p_rest = exp(lam * gap) / Zm, 1 / Zm
one_hot_entropy = (
    calc(-p_top * log(p_top) - Σ(p_rest * log(p_rest), a),
         title="Entropy with a unique maximum, m others equal: closed form", source=SRC)
    .eq(log(1 + m * exp(-lam * gap)) + lam * gap * m * exp(-lam * gap) / (1 + m * exp(-lam * gap)),
        "Z = e^{λδ} + m; −Σ p log p = log Z − λδ e^{λδ}/Z, divided through by e^{λδ}")
)

one_hot_limit = (
    calc(log(1 + m * exp(-x)) + x * m * exp(-x) / (1 + m * exp(-x)),
         title="H → 0 as the scaled gap x = λδ → ∞, for any number m of other keys", source=SRC,
         notes=["one_hot_entropy's closed form with x = λδ; here m ≥ 1 is any number of other keys, so the limit "
                "holds for every n = m + 1 ≥ 2.  The softmax reaches a one-hot distribution only in this limit."])
    .approx(0, "the top weight tends to 1 and the rest to 0", meaning=Limit(x, oo),
            measure=Measure({x: [1, 5, 10, 20, 40], m: [1, 255, 4095]}))
)

# A unique maximum, written so that every score vector with one is covered: the top score t_0 exceeds the
# largest of the other n scores by a gap δ > 0 (any configuration with a unique maximum is one of these).
gap = positive("delta")
top = exp(lam * (max_over(s[j], j) + gap))
Z_top = top + Σ(exp(lam * s[i]), i)
H_unique_max = -(top / Z_top) * log(top / Z_top) - Σ(exp(lam * s[i]) / Z_top * log(exp(lam * s[i]) / Z_top), i)

one_hot_limit_generic = (
    calc(H_unique_max,
         title="H(λt) → 0 as λ → ∞ when one score t_0 = max_j s_j + δ is the unique maximum", source=SRC,
         notes=["n + 1 scores: s_1 … s_n, and t_0 = max s + δ with δ > 0, so the maximum is unique; every score "
                "vector with a unique maximum is of this form.  Symbolically out of reach (the limit depends on "
                "which score is largest); checked by the numeric trend only.",
                "Without a unique maximum the claim is false: at tied maxima the weight is shared "
                "(one_hot_limit_fails_at_ties)."])
    .approx(0, "softmax(λt) tends to the one-hot vector at t_0", meaning=Limit(lam, oo))
)

one_hot_limit_fails_at_ties = (
    calc(-Σ(exp(lam * s[i]) / Σ(exp(lam * s[j]), j) * log(exp(lam * s[i]) / Σ(exp(lam * s[j]), j)), i),
         title="H(λs) → 0 as λ → ∞ is false for scores with tied maxima (k ties: H → log k)", source=SRC,
         notes=["The numbers show it: with n − 1 scores tied at the maximum the entropy tends to log(n − 1), "
                "not 0.  'Generic scores' (a unique maximum with probability one) is a hypothesis the claim "
                "needs; one_hot_limit_generic states it."])
    .approx(0, "the claim that softmax(λs) tends to a one-hot vector for every s", meaning=Limit(lam, oo),
            expect="refuted")
)
