"""Softmax attention as the maximum-entropy distribution under a mean-score constraint (seed 002).

maximise H(p) = −Σ_t p_t log p_t  subject to  Σ_t p_t = 1,  Σ_t p_t f_t = μ,  with f_t = q·k_t.

The seed (a summary of J. Ma, arXiv:2509.12285) states the result without
equations; the steps below are the standard Lagrangian argument, reconstructed:
stationarity, normalisation, second-order conditions, the dual, a 50-digit KKT
cross-check, and the variational (Gibbs) form.  Vectors in ℝ^d appear only in
the dot product q·k_t, written out in components at d = 3.
"""
import sympy as sp

from verifier import Σ, calc, exp, index, interval, log, positive, real, size, vector

from ._kkt import cross_check
from .entropy_bounds import gibbs_lemma

SOURCE = ("002_666090d9d1b0f4d9.txt (summary of J. Ma, 'Deriving the Scaled-Dot-Function via Maximum Likelihood "
          "Estimation and Maximum Entropy Approach', arXiv:2509.12285), maximum-entropy derivation")
RECONSTRUCTED = ("Reconstruction: the text says only that maximum entropy with the feature functions q·k_t yields the "
                 "softmax; this Lagrangian step is reconstructed, not copied from the paper's equations.")
ADDED = ("Reconstruction, added for verification: the text describes none of these arguments (second-order "
         "conditions, the dual, the Gibbs form, the score variance behind 1/√d); they are the standard checks that "
         "the stationary point is the unique maximum, and the usual reason for the scale 1/√d.")


def maxent(start, title, *notes, added=False):
    """A reconstructed step of the seed's argument, or (added=True) a check added to it."""
    return calc(start, title=title, source=SOURCE, reconstruction=True,
                notes=[ADDED if added else RECONSTRUCTED, *notes])


n = size("n")
t, u = index("t u", n)          # free indices: the coordinates being differentiated
j = index("j", n)                # the bound index inside sums
p = vector("p", n, low=0.01, high=1, positive=True)    # a point of the positive orthant (H extends there)
f = vector("f", n)              # feature values f_t = q·k_t
w = vector("w", n)              # a direction
gamma, beta, mu = real("gamma beta mu")
c = interval("c", -3, 3, nonzero=True)                  # a nonzero component of a direction
tau = positive("tau")
s = vector("s", n)              # scores in the variational form
x = vector("x", n, low=0.05, high=5, positive=True)     # p_t = x_t / Σ_j x_j: any point of the open simplex

H = -Σ(p[j] * log(p[j]), j)
Lagrangian = H + gamma * (Σ(p[j], j) - 1) + beta * (Σ(p[j] * f[j], j) - mu)
Z = Σ(exp(beta * f[j]), j)
softmax = exp(beta * f[t]) / Z                          # the claimed maximiser

# ---------------------------------------------------------------- 1–2. stationarity of the Lagrangian

lagrangian_gradient = (
    maxent(sp.diff(Lagrangian, p[t]), "∂Λ/∂p_t of the maximum-entropy Lagrangian",
           "Λ = −Σ_j p_j log p_j + γ(Σ_j p_j − 1) + β(Σ_j p_j f_j − μ); the start is the symbolic derivative of Λ "
           "by p_t, a sum of Kronecker deltas over j.")
    .eq(-log(p[t]) - 1 + gamma + beta * f[t],
        "Σ_j δ_jt g_j = g_t for t in 1…n: only the t-th term of each sum depends on p_t")
)

# ---------------------------------------------------------------- 3. the stationary point

# The root of ∂Λ/∂p_t = −log p_t − 1 + γ + β f_t = 0, written by hand: log p_t = γ − 1 + β f_t.  It is the only
# root, since −log p is strictly decreasing; `stationary_point_is_root` checks that it is one.
p_root = exp(gamma - 1 + beta * f[t])

stationary_point = (
    maxent(p_root, "Solving ∂Λ/∂p_t = 0 for p_t",
           "The start is the root written by hand, p_t = e^{γ − 1 + β f_t} (log p_t = γ − 1 + β f_t); "
           "`stationary_point_is_root` checks that it is a root, and it is the only one (−log p is strictly "
           "decreasing).")
    .eq(exp(gamma - 1) * exp(beta * f[t]), "e^{a+b} = e^a e^b: the Gibbs form, one factor free of t")
)

stationary_point_is_root = (
    maxent((-log(p[t]) - 1 + gamma + beta * f[t]).subs(p[t], exp(gamma - 1) * exp(beta * f[t])),
           "p_t = e^{γ−1} e^{β f_t} makes ∂Λ/∂p_t vanish")
    .eq(0, "log(e^{γ−1} e^{β f_t}) = γ − 1 + β f_t")
)

# ---------------------------------------------------------------- 4. normalisation: the softmax

normaliser = (
    maxent(Σ(exp(gamma - 1) * exp(beta * f[j]), j), "Σ_j p_j at the stationary point")
    .eq(exp(gamma - 1) * Z, "e^{γ−1} does not depend on j")
)

gamma_star = 1 - log(Z)          # written by hand: the root of e^{γ−1} Σ_j e^{β f_j} = 1

multiplier_gamma = (
    maxent(Σ(exp(gamma_star - 1) * exp(beta * f[j]), j), "The multiplier γ* = 1 − log Σ_j e^{β f_j} normalises p",
           "γ* is written by hand and substituted into the normalisation condition: the chain checks "
           "Σ_j p_j = 1 at γ*.")
    .eq(1, "e^{γ*−1} = 1/Σ_j e^{β f_j} is free of j")
)

normalised_solution = (
    maxent(exp(gamma - 1) * exp(beta * f[t]) / Σ(exp(gamma - 1) * exp(beta * f[j]), j),
           "The normalised stationary point is a softmax, whatever γ",
           "p_t / Σ_j p_j at the stationary point p_t = e^{γ−1} e^{β f_t}: the factor e^{γ−1} cancels, so the "
           "normalised solution does not depend on γ (multiplier_gamma finds the γ* that makes it normalised as is).")
    .eq(softmax, "e^{γ−1} is common to every term and cancels")
)

# The 1/√d of "scaled dot-product" is not forced by maximum entropy: β is the multiplier of the mean-score
# constraint, fixed by the level μ.  β = 1/√d is a choice, and the usual reason for it is a variance
# computation: for q, k with independent coordinates of mean 0 and variance 1, E[(q·k)²] = d.
d_dim = size("d")
a, b = index("a b", d_dim)
scaled_score_variance = (
    maxent(Σ(Σ(sp.KroneckerDelta(a, b) * sp.KroneckerDelta(a, b), b), a) / d_dim,
           "Why 1/√d is a choice: Var(q·k/√d) = (1/d) Σ_a Σ_b δ_ab² = 1 for unit-variance coordinates",
           "E[(q·k)²] = Σ_a Σ_b E[q_a q_b] E[k_a k_b] = Σ_a Σ_b δ_ab δ_ab when q ⫫ k and the coordinates are "
           "independent with mean 0 and variance 1: that premise is stated, and the start is its double sum "
           "times β² = 1/d; the displayed start already has δ_ab δ_ab = δ_ab applied (a Kronecker delta is 0 or 1).",
           "Maximum entropy (and the Gaussian likelihood) give softmax(β q·k) for some β fixed by the constraint "
           "level; β = 1/√d is the choice that keeps the score variance at 1 whatever d (a property of random "
           "initialisation, not of the derivation).  The summary's 'scaled-dot-product' implies it; the derivation does "
           "not force it.",
           added=True)
    .eq(1, "Σ_b δ_ab = 1 for each a in 1…d: d terms of 1, divided by d")
)

# ---------------------------------------------------------------- 5. second order: H is strictly concave

hessian_entries = (
    maxent(sp.diff(H, p[t], p[u]), "∂²H/∂p_t∂p_u = −δ_tu / p_t",
           "The start is the symbolic second derivative of H = −Σ_j p_j log p_j: a sum of products of Kronecker deltas. "
           "Sampled t and u rarely coincide; `hessian_diagonal` checks t = u.", added=True)
    .eq(-sp.KroneckerDelta(t, u) / p[t], "Σ_j δ_jt δ_ju / p_j = δ_tu / p_t: the Hessian is diagonal")
)

hessian_diagonal = (
    maxent(sp.diff(H, p[t], 2), "∂²H/∂p_t² = −1/p_t", added=True)
    .eq(-1 / p[t], "Σ_j δ_jt² / p_j = 1/p_t")
)

hessian_times_vector = (
    maxent(Σ(sp.diff(H, p[t], p[u]) * w[u], u), "(Hess H · w)_t = −w_t / p_t", added=True)
    .eq(-w[t] / p[t], "the Hessian is −diag(1/p_t)")
)

s_line = interval("s_line", -0.003, 0.003, display="s")     # the step along the line p + s·w, small enough that p + s w > 0
# On that line p + s w > 0 is a hypothesis, not only where the numbers sample: p_t ≥ 0.01 and |w_t| ≤ 3 give
# |s w_t| ≤ 0.009 < p_t (the other derivations take p and w as sampled, for any positive p and real w).
p_in, w_in = vector("p", n, low=0.01, high=1, positive=True, confined=True), vector("w", n, confined=True)
quadratic_form = (
    maxent(sp.Derivative(-Σ((p_in[j] + s_line * w_in[j]) * log(p_in[j] + s_line * w_in[j]), j), s_line, 2),
           "d²/ds² H(p + s w) = −Σ_t w_t²/(p_t + s w_t); at s = 0 this is wᵀ (Hess H) w = −Σ_t w_t²/p_t",
           "The quadratic form of the Hessian along w is the second derivative of H along the line p + s w at s = 0; "
           "differentiating under the sum needs no Kronecker deltas, so it holds for generic n.  The derivative is "
           "stated (unevaluated) and checked at every small s, s = 0 included.",
           "Equivalently Σ_t w_t (Hess H · w)_t with the row identity `hessian_times_vector` (t free), or the "
           "double sum Σ_t Σ_u w_t w_u ∂²H/∂p_t∂p_u: the three are one quantity, and the form along the line is "
           "the one that needs no Kronecker deltas.", added=True)
    .eq(-Σ(w_in[j] ** 2 / (p_in[j] + s_line * w_in[j]), j), "d²/ds² [−(p+sw) log(p+sw)] = −w²/(p+sw)")
)

# Any w ≠ 0 has an index u with w_u = c ≠ 0, the other components arbitrary: w_t² + (c² − w_t²) δ_tu.
w_nonzero_sq = w[t] ** 2 + (c ** 2 - w[t] ** 2) * sp.KroneckerDelta(t, u)
below, at, above = (sp.Sum(w[t] ** 2 / p[t], (t, 1, u - 1)), sp.Sum(w[t] ** 2 / p[t], (t, u, u)),
                    sp.Sum(w[t] ** 2 / p[t], (t, u + 1, n)))

negative_definite = (
    maxent(Σ(w_nonzero_sq / p[t], t), "−wᵀ (Hess H) w = Σ_t w_t²/p_t > 0 for every w ≠ 0",
           "A nonzero direction has some component u with w_u = c ≠ 0 (c is a nonzero real); the squared "
           "components are w_t² + (c² − w_t²) δ_tu, so the chain covers every w ≠ 0, for generic n.  The steps take "
           "−3 ≤ c ≤ 3 as a hypothesis, which loses nothing: scaling w by a factor k > 0 scales Σ_t w_t²/p_t by k², "
           "and some such k brings w_u into [−3, 3].",
           "Strict negativity of the Hessian quadratic form makes H strictly concave on the open simplex; the "
           "constraints are affine, so the feasible set is convex and a stationary point of the Lagrangian is its "
           "unique maximiser (textbook convex analysis, stated, not machine-checked).", added=True)
    .eq(Σ(w[t] ** 2 / p[t], t) - w[u] ** 2 / p[u] + c ** 2 / p[u], "δ_tu replaces the u-th term")
    .eq(below + at + above - w[u] ** 2 / p[u] + c ** 2 / p[u], "split 1…n at u")
    .eq(below + above + c ** 2 / p[u], "the single-term sum at u is w_u²/p_u")
    .ge(c ** 2 / p[u], "the remaining sums have nonnegative terms",
        survives={
            'right side negated': 'weaker bound, still true: c²/p_u ≥ 0 ≥ −c²/p_u',
            'factor 1/p[u] dropped': 'weaker bound, still true: 0 < p_u ≤ 1, so c²/p_u ≥ c²',
            'constant -1 → -1 + 1': 'weaker bound, still true: c² p_u⁰ = c² ≤ c²/p_u for 0 < p_u ≤ 1'})
    .gt(0, "c ≠ 0 and p_u > 0")
)

# ---------------------------------------------------------------- 6. the dual: log Z is convex in β

dual_gradient = (
    maxent(sp.diff(log(Z) - beta * mu, beta), "∂/∂β (log Z − βμ) = Σ_t p_t f_t − μ",
           "The dual function is g(β) = log Z(β) − βμ; its stationarity ∂ log Z/∂β = μ is exactly the moment "
           "constraint Σ_t p_t f_t = μ at p = softmax(β f).", added=True)
    .eq(Σ(softmax * f[t], t) - mu, "∂ log Z/∂β = Σ_j f_j e^{β f_j} / Z")
)

mean_f = Σ(softmax * f[t], t)        # E_p[f]
dual_curvature = (
    maxent(sp.diff(log(Z), beta, 2), "∂² log Z/∂β² = E f² − (E f)² ≥ 0, the variance of f under p",
           "The dual is convex, so the moment Σ_t p_t f_t is nondecreasing in β (the bisection in the KKT "
           "cross-check relies on this) and the dual minimiser is the β that meets the constraint.", added=True)
    .eq(Σ(softmax * f[t] ** 2, t) - mean_f ** 2, "quotient rule: E[f²] − E[f]²")
    .eq(Σ(softmax * (f[t] - mean_f) ** 2, t), "Σ_t p_t (f_t − E f)² = E f² − 2 (E f)² + (E f)², as Σ_t p_t = 1")
    .ge(0, "each term is p_t > 0 times a square")
)

# ---------------------------------------------------------------- 7. numerical KKT cross-check at n = 5

kkt_cross_check = (
    maxent(Σ(softmax, t), "Closed form vs a 50-digit KKT solve at n = 5",
           "The step checks that the closed form is a distribution; that it solves the KKT system is the "
           "experiment's evidence, numeric by nature, which is why the result as a whole is marked numeric.", added=True)
    .eq(1, "Σ_t e^{β f_t} / Σ_j e^{β f_j} = 1")
    .experiment("KKT system solved by Newton at 50 digits",
                "Newton's method at 50 digits on the n + 2 KKT equations (n = 5, seeded f_t and μ) agrees with "
                "p_t = e^{β f_t}/Σ_j e^{β f_j} to ≥ 40 digits",
                cross_check)
)

# ---------------------------------------------------------------- 8. the variational (Gibbs) form

Zs = Σ(exp(s[j] / tau), j)
p_star = exp(s[t] / tau) / Zs
X = Σ(x[j], j)
p_any = x[t] / X                       # an arbitrary point of the open simplex


def objective(pt):
    """Σ_t p_t s_t + τ H(p) for p_t given as an expression in t."""
    return Σ(pt * s[t], t) - tau * Σ(pt * log(pt), t)


variational_value = (
    maxent(objective(p_star), "At p = π = softmax(s/τ): Σ π_t s_t + τ H(π) = τ log Σ_t e^{s_t/τ}", added=True)
    .eq(Σ(p_star * s[t], t) - tau * Σ(p_star * (s[t] / tau - log(Zs)), t), "log π_t = s_t/τ − log Z")
    .eq(tau * log(Zs), "the s-terms cancel and Σ_t π_t = 1")
)

variational_stationarity = (
    maxent(sp.diff(Σ(p[j] * s[j], j) + tau * H + gamma * (Σ(p[j], j) - 1), p[t]),
           "Stationarity of Σ p s + τ H(p) on Σ p = 1", added=True)
    .eq(s[t] - tau * log(p[t]) - tau + gamma, "the t-th terms of the three sums")
)

# The root of s_t − τ log p_t − τ + γ = 0, written by hand: log p_t = (s_t − τ + γ)/τ.
p_var_root = exp((s[t] - tau + gamma) / tau)

variational_root = (
    maxent((s[t] - tau * log(p[t]) - tau + gamma).subs(p[t], exp((gamma - tau) / tau) * exp(s[t] / tau)),
           "p_t = e^{(γ − τ)/τ} e^{s_t/τ} makes the stationarity condition vanish",
           "The root is substituted as the product e^{(γ − τ)/τ} e^{s_t/τ} (the same p_t as "
           "variational_stationary_point), so the start shows τ log(e^{(γ − τ)/τ} e^{s_t/τ}) and the step "
           "takes that logarithm.", added=True)
    .eq(0, "τ log(e^{(γ − τ)/τ} e^{s_t/τ}) = γ − τ + s_t")
)

variational_stationary_point = (
    maxent(p_var_root, "… whose root is p_t ∝ e^{s_t/τ}",
           "The start is the root written by hand (variational_root checks it; it is the only one, τ log p being "
           "strictly increasing); normalising it as in `normalised_solution` gives softmax(s/τ).", added=True)
    .eq(exp((gamma - tau) / tau) * exp(s[t] / tau), "a factor free of t times e^{s_t/τ}")
)

KL = Σ(p_any * log(p_any / p_star), t)
gibbs_gap = (
    maxent(tau * log(Zs) - objective(p_any),
           "Gibbs: τ log Σ e^{s/τ} − [Σ p s + τ H(p)] = τ KL(p ‖ softmax(s/τ))",
           "p_t = x_t/Σ_j x_j with x_t > 0 parametrises every point of the open simplex, so Σ_t p_t = 1 is built in "
           "and the identity holds for every such p, generic n.", added=True)
    .eq(tau * Σ(p_any * (log(x[t]) - log(X)), t) - tau * Σ(p_any * (s[t] / tau - log(Zs)), t),
        "Σ_t p_t = 1 turns τ log Z into τ Σ_t p_t log Z")
    .eq(tau * KL, "log(p_t/π_t) = log x_t − log X − s_t/τ + log Z, π = softmax(s/τ)")
)

phi_terms = Σ(p_star * ((p_any / p_star) * log(p_any / p_star) - p_any / p_star + 1), t)

kl_as_phi = (
    maxent(KL, "KL(p ‖ π) = Σ_t π_t φ(p_t/π_t), π = softmax(s/τ), φ(r) = r log r − r + 1", added=True)
    .eq(phi_terms, "Σ_t π_t (p_t/π_t − 1) = Σ_t p_t − Σ_t π_t = 0")
)

gibbs_inequality = (
    maxent(phi_terms, "Σ_t π_t φ(p_t/π_t) ≥ 0, hence Σ p s + τ H(p) ≤ τ log Σ e^{s/τ}",
           "π = softmax(s/τ).  Each term is π_t > 0 times φ(r) = r log r − r + 1 ≥ 0, which is Gibbs' lemma "
           "r log r ≥ r − 1 (`gibbs_lemma`, text 001's H ≤ log n); it holds summand by summand, for "
           "r = p_t/π_t > 0, by convexity of φ.",
           "With `gibbs_gap` and `variational_value`, Σ p s + τ H(p) ≤ Σ π s + τ H(π) for every p in the "
           "open simplex; uniqueness of the maximiser follows from the strict concavity of H (`negative_definite`), "
           "since Σ p s is linear.", added=True)
    .ge(0, "a sum of π_t φ(p_t/π_t), each ≥ 0 by Gibbs' lemma r log r ≥ r − 1", by=[gibbs_lemma])
)
