"""Two facts every softmax derivation leans on: the weights sum to one, and a shift does nothing."""
import sympy as sp

from verifier import Σ, calc, exp, index, positive, real, seed, size, vector

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
lam = positive("lambda")
c = real("c")

p = exp(lam * s[i]) / Σ(exp(lam * s[j]), j)

weights_sum_to_one = (
    calc(Σ(p, i), title="Softmax weights sum to one", source=seed("001", "before eq. (4)"))
    .eq(1, "Σ_i e^{λ s_i} is the normaliser itself")
)

weights_positive = (
    calc(p, title="Softmax weights are positive: with their sum of one, a probability distribution",
         source=seed("001", "before eq. (4)"))
    .gt(0, "a positive term over a sum of positive terms")
)

shift_invariance = (
    calc(exp(lam * (s[i] + c)) / Σ(exp(lam * (s[j] + c)), j),
         title="Softmax is invariant to adding a constant to every score",
         source=seed("000", "definition of p_i"))
    .eq(p, "e^{λc} factors out of every term and cancels")
)

# ---------------------------------------------------------------- 002: more relevant information gets a higher weight

MONOTONE = seed("002", "Understanding Self-Attention and Softmax: more relevant information gets a higher weight")
p_own = exp(s[i]) / Σ(exp(s[j]), j)       # p_i at unit scale (λ only rescales the score)

own_score_derivative = (
    calc(sp.diff(p_own, s[i]), title="∂p_i/∂s_i = p_i(1 − p_i): a weight moves with its own score", source=MONOTONE,
         notes=["The start is the symbolic derivative of p_i = e^{s_i}/Σ_j e^{s_j} by s_i (a Kronecker delta δ_ij inside "
                "the sum); the right side is written by hand.  This is the diagonal of the softmax Jacobian "
                "(softmax_gradient.softmax_jacobian at k = i)."])
    .eq(p_own * (1 - p_own), "quotient rule: ∂Z/∂s_i = e^{s_i}")
)

# The other keys enter p_i only through their total mass r = Σ_{j≠i} e^{s_j}, which is > 0 exactly when n ≥ 2;
# so a positive r stands for every n ≥ 2 (at n = 1, p_1 = 1 and nothing can move).
t = real("t")                          # the score s_i
u = real("u")                          # another key's score s_j, j ≠ i
r = positive("r")                      # the mass of the remaining keys
p_split = exp(t) / (exp(t) + r)

weight_increases_with_its_score = (
    calc(sp.diff(p_split, t), title="More relevant information gets a higher weight: ∂p_i/∂s_i > 0 (n ≥ 2)",
         source=MONOTONE,
         notes=["p_i = e^{s_i}/(e^{s_i} + r), r = Σ_{j≠i} e^{s_j} > 0 the mass of the other keys (any positive "
                "real, so every n ≥ 2).  The start is the symbolic derivative by s_i; each right side is written by "
                "hand.  Strictly increasing in its own score: raising s_i with the others fixed raises p_i."])
    .eq(p_split * (1 - p_split), "quotient rule; the same p_i(1 − p_i) as own_score_derivative")
    .eq(exp(t) * r / (exp(t) + r) ** 2, "1 − p_i = r/(e^{s_i} + r)")
    .gt(0, "e^{s_i} > 0 and r > 0")
)

gap = positive("g")                    # how far the score s_i is above s_j

higher_score_higher_weight = (
    calc(exp(t) / (exp(t) + exp(t - gap) + r) - exp(t - gap) / (exp(t) + exp(t - gap) + r),
         title="… and of two keys, the one with the higher score has the higher weight: s_i > s_j ⇒ p_i > p_j",
         source=MONOTONE,
         notes=["s_i = t and s_j = t − g with g > 0; r ≥ 0 the mass of the remaining keys (here r > 0, any n ≥ 3; "
                "n = 2 is the same with r = 0).  The start is p_i − p_j over the common normaliser."])
    .eq(exp(t) * (1 - exp(-gap)) / (exp(t) + exp(t - gap) + r), "e^{t−g} = e^t e^{−g}: one fraction")
    .gt(0, "e^t > 0, 1 − e^{−g} > 0 for g > 0, and the normaliser is positive")
)

p_two = exp(t) / (exp(t) + exp(u) + r)

weight_falls_with_another_score = (
    calc(sp.Derivative(p_two, u), title="… and falls with every other score: ∂p_i/∂s_j = −p_i p_j < 0 for j ≠ i",
         source=MONOTONE,
         notes=["p_i = e^{s_i}/(e^{s_i} + e^{s_j} + r), r ≥ 0 the rest (here r > 0).  The start is the derivative "
                "by s_j as stated, unevaluated; the right side −p_i p_j is written by hand, so the first step checks "
                "the differentiation itself."])
    .eq(-(exp(t) / (exp(t) + exp(u) + r)) * (exp(u) / (exp(t) + exp(u) + r)),
        "quotient rule: −e^{s_i}e^{s_j}/Z² = −p_i p_j")
    .lt(0, "a product of positive factors, negated",
        survives={'constant 0 → 0 + 1': 'weaker bound, still true: −p_i p_j < 0 < 1'})
)

weight_does_not_increase_with_another_score = (
    calc(sp.diff(p_two, u), title="Near miss: 'a weight increases in every score' is false (j ≠ i)",
         source=MONOTONE,
         notes=["One index away from weight_increases_with_its_score: the derivative by another key's score is "
                "−p_i p_j, negative everywhere."])
    .gt(0, "the claim that raising any score raises p_i", expect="refuted")
)
