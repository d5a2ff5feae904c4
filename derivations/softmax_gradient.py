"""Vanishing gradients at a one-hot softmax (001, "Information Content").

The seed: if the s_i start very large, p approaches a one-hot distribution, "at which point training
becomes impossible due to vanishing gradients".  Precisely: the Jacobian of p = softmax(s) is
J_ik = ∂p_i/∂s_k = p_i(δ_ik − p_k), i.e. J = diag(p) − p pᵀ.  It is symmetric and positive
semidefinite (wᵀJw, the variance of w under p, is ≥ 0), so its spectral norm is at most its trace, and
    tr J = Σ_k p_k(1 − p_k) = 1 − Σ_k p_k² ≤ H(p),
since 1 − p ≤ −log p.  So every gradient that flows back through the softmax is bounded by the
entropy, and the entropy → 0 as p becomes one-hot: the gradients vanish with it.
"""
import sympy as sp

from verifier import Limit, Measure, Σ, calc, exp, index, integer, log, oo, positive, seed, size, vector

SRC = seed("001", "Information Content: one-hot p, vanishing gradients")

n = size("n")
i, j, k = index("i j k", n)
s = vector("s", n)
w = vector("w", n)

Z = Σ(exp(s[j]), j)
p = exp(s[i]) / Z
p_k = exp(s[k]) / Z
H = -Σ(p * log(p), i)

softmax_jacobian = (
    calc(sp.diff(p, s[k]), title="The softmax Jacobian: ∂p_i/∂s_k = p_i(δ_ik − p_k)", source=SRC,
         notes=["The left side is the symbolic derivative of p_i = e^{s_i}/Σ_j e^{s_j} by the indexed score s_k (a "
                "Kronecker delta inside the sum); the right side is written by hand."])
    .eq(p * (sp.KroneckerDelta(i, k) - p_k), "quotient rule: ∂Z/∂s_k = e^{s_k}")
)

mean_w = Σ(p_k * w[k], k)        # Σ_k p_k w_k, over its own index so that no sum shadows another
jacobian_positive_semidefinite = (
    calc(Σ(p * w[i] ** 2, i) - Σ(p * w[i], i) ** 2,
         title="wᵀJw = Σ p_i w_i² − (Σ p_i w_i)² ≥ 0, the variance of w under p: J is positive semidefinite", source=SRC,
         notes=["wᵀ(diag(p) − ppᵀ)w is the start.  A symmetric positive semidefinite matrix has its largest "
                "eigenvalue (its spectral norm) at most its trace, the sum of its nonnegative eigenvalues: that "
                "linear-algebra fact is stated, not machine-checked."])
    .eq(Σ(p * (w[i] - mean_w) ** 2, i), "expand the square; Σ_i p_i = 1")
    .ge(0, "each term is p_i > 0 times a square")
)

u = positive("u")
log_below_tangent = (
    calc(-u * log(u), title="Lemma: −u log u ≥ u(1 − u) for u > 0 (1 − u ≤ −log u, times u)", source=SRC)
    .ge(u * (1 - u), "−log u − (1 − u) is convex in u and vanishes with its derivative at u = 1; u > 0",
        survives={
            'sign of term 1 flipped': 'weaker bound, still true: u(1 − u) ≥ u(−u − 1) for u > 0',
            'constant -1 → -1 · (1 + 10⁻⁶)': 'weaker bound, still true: u − u² ≥ u − (1 + 10⁻⁶)u²'})
)

jacobian_trace_below_entropy = (
    calc(Σ(p * (1 - p), i), title="tr J = 1 − Σ p_k² ≤ H: the gradient through softmax is bounded by the entropy",
         source=SRC,
         notes=["tr J = Σ_k J_kk = Σ_k p_k(1 − p_k).  With the semidefiniteness above, ‖J‖₂ ≤ tr J ≤ H: a "
                "one-hot p (H = 0) passes no gradient back.",
                "Step 2 is the lemma at u = p_i, summed over i: the lemma applied term by term is checked "
                "numerically, not proved, so this result (with the register's 001-vanishing-gradients) is marked "
                "numeric."])
    .eq(1 - Σ(p ** 2, i), "Σ_i p_i = 1")
    .le(H, "termwise: p_i(1 − p_i) ≤ −p_i log p_i, the lemma at u = p_i", by=[log_below_tangent])
)

# The one-hot limit, with one score δ above m = n − 1 equal others and x = λδ the scaled gap.
x = positive("x")
m = size("m")              # m = n − 1 others (n − K with K tied maxima), any number of them
p_top = 1 / (1 + m * exp(-x))
p_rest = exp(-x) / (1 + m * exp(-x))

jacobian_vanishes_at_one_hot = (
    calc(1 - p_top ** 2 - m * p_rest ** 2, title="As p becomes one-hot (x = λδ → ∞), tr J → 0: the gradients vanish",
         source=SRC,
         notes=["tr J = 1 − Σ p² for one score δ above m = n − 1 equal others at scale λ, x = λδ (the text's "
                "'s_i initialised very large'); m ≥ 1 is any number of others, so this holds for every n ≥ 2.  Since "
                "‖J‖₂ ≤ tr J, every entry of the Jacobian vanishes too."])
    .approx(0, "the top weight → 1, the others → 0", meaning=Limit(x, oo),
            measure=Measure({x: [1, 5, 10, 20], m: [1, 255, 4095]}))
)

# The boundary of the regime: K tied largest scores, δ above m others.  The K top weights tend to 1/K each, so
# tr J = 1 − Σ p² → 1 − 1/K: with ties the gradient through the softmax does not vanish.
K = integer("K", 2, 6)
p_tied_top = 1 / (K + m * exp(-x))
p_tied_rest = exp(-x) / (K + m * exp(-x))
trace_with_ties = 1 - K * p_tied_top ** 2 - m * p_tied_rest ** 2

jacobian_trace_with_ties = (
    calc(trace_with_ties, title="With K tied maxima, tr J → 1 − 1/K as x = λδ → ∞: the gradients do not vanish",
         source=SRC,
         notes=["K ≥ 2 scores tied at the top, δ above m = n − K equal others, at scale λ (x = λδ).  The weights "
                "do not become one-hot (each tied one tends to 1/K: mean_field.tied_weight_tends_to_half at K = 2), "
                "and tr J = 1 − Σ p² tends to 1 − 1/K ≥ 1/2: ties are the boundary of the vanishing-gradient "
                "regime.  The right side is written by hand."])
    .approx(1 - 1 / K, "the K tied weights → 1/K each, the others → 0", meaning=Limit(x, oo))
)

others = size("m")          # m = n − K others as a whole number, where a counterexample names one

gradients_do_not_vanish_at_ties = (
    calc(trace_with_ties.subs(m, others), title="Near miss: 'large scores make the gradients vanish' is false with tied maxima",
         source=SRC,
         notes=["One edit away from jacobian_vanishes_at_one_hot (K = 1 there): with K ≥ 2 tied maxima the "
                "trace tends to 1 − 1/K, not 0."])
    .approx(0, "the claim that tr J → 0 whenever the scores grow", meaning=Limit(x, oo), expect="refuted")
)

uniform_jacobian_trace = (
    calc(1 - Σ((1 / n) ** 2, i), title="At uniform p (the text's recommended initialisation), tr J = 1 − 1/n",
         source=SRC, notes=["The largest trace any p attains: 1 − Σ p² is maximal at p = 1/n."])
    .eq(1 - 1 / n, "n equal terms 1/n²")
)

uniform_trace_is_largest = (
    calc(Σ(p ** 2, i) - 1 / n, title="tr J = 1 − Σ p² is largest at uniform p: Σ p_i² ≥ 1/n", source=SRC,
         notes=["So 1 − Σ p² ≤ 1 − 1/n = uniform_jacobian_trace, with equality only at p_i = 1/n: the maximum "
                "the notes of uniform_jacobian_trace state, checked here."])
    .eq(Σ((p - 1 / n) ** 2, i), "expand the square; Σ_i p_i = 1")
    .ge(0, "a sum of squares")
)
