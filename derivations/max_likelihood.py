"""Attention output as a maximum-likelihood estimate under Gaussian value models (seed 002).

Each value vector v_t is the mean of an isotropic Gaussian N(x; v_t, σ_t² I), independent
across t.  The x maximising Σ_t log N(x; v_t, σ_t² I) is the precision-weighted mean
x̂ = Σ_t σ_t⁻² v_t / Σ_s σ_s⁻²; only if one further assumes σ_t² = σ₀² e^{−q·k_t/√d}
does it become the attention output Σ_t softmax(q·k/√d)_t v_t.

Vectors in ℝ^d are written in components at d = 3 (x = (x1, x2, x3), v_t = (v1_t, v2_t, v3_t),
k_t = (k1_t, k2_t, k3_t)); the number of values n stays generic.
"""
import sympy as sp

from verifier import Rational, Σ, calc, exp, index, interval, log, pi, positive, real, size, sqrt, vector

SOURCE = ("002_666090d9d1b0f4d9.txt (summary of J. Ma, 'Deriving the Scaled-Dot-Function via Maximum Likelihood "
          "Estimation and Maximum Entropy Approach', arXiv:2509.12285), maximum-likelihood derivation")
RECONSTRUCTED = ("Reconstruction: the text describes this derivation in words only (Gaussian value models, "
                 "log-likelihood, partial derivatives, weights related to inverse variances); every equation here "
                 "is reconstructed.")
VARIANCE_ASSUMPTION = ("The exponential variance law σ_t² = σ₀² exp(−q·k_t/√d) is an assumption put in by hand, not a "
                       "consequence of maximum likelihood: the MLE itself only yields the precision-weighted mean "
                       "Σ_t σ_t⁻² v_t / Σ_s σ_s⁻² (see `constant_variance_is_not_attention`).")

n = size("n")
t, j = index("t j", n)
d = 3
x1, x2, x3 = real("x1 x2 x3")
v1, v2, v3 = vector("v1 v2 v3", n)
sigma2 = vector("sigma2", n, low=0.1, high=5, positive=True)     # σ_t²
X, V = (x1, x2, x3), (v1, v2, v3)
Hdir = real("h1 h2 h3")                                           # an arbitrary direction
w1 = interval("w1", -3, 3, nonzero=True, display="w_1")                          # a direction w ≠ 0, taken with w1 ≠ 0
w2, w3 = real("w2 w3", display="w_2 w_3")


def dist2(point, i):
    """‖point − v_i‖² in components."""
    return sum((pa - va[i]) ** 2 for pa, va in zip(point, V))


def gaussian(point, i):
    """N(point; v_i, σ_i² I) in d = 3."""
    return (2 * pi * sigma2[i]) ** Rational(-d, 2) * exp(-dist2(point, i) / (2 * sigma2[i]))


def loglik(point):
    return -Σ(dist2(point, t) / (2 * sigma2[t]), t) - Rational(d, 2) * Σ(log(2 * pi * sigma2[t]), t)


def model(start, title, *notes, display=""):
    return calc(start, title=title, source=SOURCE, reconstruction=True, notes=[RECONSTRUCTED, *notes],
                display=display)


# ---------------------------------------------------------------- 1–2. the log-likelihood

mle_log_likelihood = (
    model(Σ(log(gaussian(X, t)), t), "The log-likelihood of independent Gaussians N(x; v_t, σ_t² I)",
          "Independence makes the likelihood a product over t, so its log is the sum of the log-densities "
          "(the start).")
    .eq(loglik(X), "log N = −‖x − v_t‖²/(2σ_t²) − (d/2) log(2π σ_t²); the second sum is free of x")
)

# ---------------------------------------------------------------- 3. stationarity: the precision-weighted mean

mle_gradient = (
    model(sp.diff(loglik(X), x1), "∂ℓ/∂x₁ = Σ_t (v₁ₜ − x₁)/σ_t²",
          "Coordinates separate: ∂ℓ/∂x_a has the same form for a = 2, 3 with v_a in place of v_1.")
    .eq(Σ((v1[t] - x1) / sigma2[t], t), "∂/∂x₁ of −(x₁ − v₁ₜ)²/(2σ_t²)")
    .eq(Σ(v1[t] / sigma2[t], t) - x1 * Σ(1 / sigma2[t], t), "x₁ does not depend on t")
)

precision = 1 / sigma2[t]
weight = precision / Σ(1 / sigma2[j], j)                  # π_t = σ_t⁻² / Σ_s σ_s⁻²
# The candidate maximiser, written by hand (not solved for): the precision-weighted mean, in every coordinate.
x_hat = tuple(Σ(weight * va[t], t) for va in V)
x1_hat = x_hat[0]
S_all = Σ(1 / sigma2[t], t)

mle_precision_weighted_mean = (
    model(Σ(v1[t] / sigma2[t], t) - x1 * S_all,
          "Solving ∂ℓ/∂x₁ = 0: x̂₁ = Σ_t σ_t⁻² v₁ₜ / Σ_s σ_s⁻², the only root",
          "The start is ∂ℓ/∂x₁ (mle_gradient).  It factors as −(Σ_t σ_t⁻²)(x₁ − x̂₁) with x̂₁ written by hand, "
          "and Σ_t σ_t⁻² > 0, so x̂₁ is its only root: a wrong x̂₁ would not factor.")
    .eq(-S_all * (x1 - Σ(weight * v1[t], t)), "weights π_t ∝ 1/σ_t²: inverse variance; Σ_t σ_t⁻² factors out")
)

mle_precision_weights_sum_to_one = (
    model(Σ(weight, t), "The precision weights sum to one")
    .eq(1, "Σ_t σ_t⁻² / Σ_s σ_s⁻²")
)

mle_gradient_vanishes = (
    model(sum(ha * sp.diff(loglik(X), xa) for ha, xa in zip(Hdir, X)).subs(dict(zip(X, x_hat))),
          "∇ℓ(x̂)·h = 0 for every h: x̂ is a stationary point in all d = 3 coordinates",
          "h = (h1, h2, h3) is an arbitrary direction, so every component of ∇ℓ(x̂) vanishes.")
    .eq(0, "each component Σ_t (v_a,t − x̂_a)/σ_t² = Σ_t v_a,t/σ_t² − x̂_a Σ_t σ_t⁻² vanishes")
)

# ---------------------------------------------------------------- 4. second order: x̂ is the unique maximum

S = Σ(1 / sigma2[t], t)                                     # total precision
W = (w1, w2, w3)

mle_hessian_diagonal = (
    model(sp.Derivative(loglik(X), x1, 2), "∂²ℓ/∂x₁² = −Σ_t σ_t⁻²",
          "The derivative is stated, not computed: the left side is the unevaluated ∂²ℓ/∂x₁² and the right side is "
          "written by hand, so the check evaluates the operation itself.")
    .eq(-S, "each term −(x₁ − v₁ₜ)²/(2σ_t²) contributes −1/σ_t²")
)

mle_hessian_negative_definite = (
    model(sum(wa * wb * sp.diff(loglik(X), xa, xb) for wa, xa in zip(W, X) for wb, xb in zip(W, X)),
          "wᵀ (∇²ℓ) w = −(Σ_t σ_t⁻²) ‖w‖² < 0 for w ≠ 0",
          "The start is Σ_a Σ_b w_a w_b ∂²ℓ/∂x_a∂x_b with all nine second derivatives computed symbolically; the "
          "six off-diagonal ones vanish, so the Hessian is −(Σ_t σ_t⁻²) I.",
          "The quadratic form is symmetric in the coordinates of w, so for w ≠ 0 one may take w₁ ≠ 0 "
          "(w₁ ≠ 0 is the step's hypothesis; w₂, w₃ are arbitrary).  Its range −3 ≤ w₁ ≤ 3 loses nothing: scaling w by "
          "a factor k > 0 scales the form wᵀ (∇²ℓ) w by k², and some such k brings w₁ into [−3, 3].")
    .eq(-S * (w1 ** 2 + w2 ** 2 + w3 ** 2), "the Hessian is −(Σ_t σ_t⁻²) I")
    .lt(0, "Σ_t σ_t⁻² > 0 and ‖w‖² ≥ w₁² > 0",
        survives={
            'constant 0 → 0 + 1': 'weaker bound, still true: a negative number is < 1'})
)

e1 = interval("e1", -3, 3, nonzero=True, display="e_1")
e2, e3 = real("e2 e3", display="e_2 e_3")
E = (e1, e2, e3)
mle_unique_maximum = (
    model(loglik(tuple(xh + ea for xh, ea in zip(x_hat, E))) - loglik(x_hat),
          "ℓ(x̂ + e) − ℓ(x̂) = −½ (Σ_t σ_t⁻²) ‖e‖² < 0 for e ≠ 0 (checked with e₁ ∈ [−3, 3] ∖ {0}): x̂ is the unique global maximum",
          "ℓ is an exact quadratic, so completing the square gives the global statement, not only a local one. "
          "By symmetry in the coordinates of e, e ≠ 0 may be taken with e₁ ≠ 0 (the step's hypothesis).",
          display=r"\ell(\hat{x} + e) - \ell(\hat{x})")
    .eq(-S * (e1 ** 2 + e2 ** 2 + e3 ** 2) / 2, "complete the square: the linear term vanishes at x̂")
    .lt(0, "Σ_t σ_t⁻² > 0 and e₁ ≠ 0",
        survives={
            'constant 0 → 0 + 1': 'weaker bound, still true: a negative number is < 1'})
)

# ---------------------------------------------------------------- 5. the variance law that gives attention

q1, q2, q3 = real("q1 q2 q3")
k1, k2, k3 = vector("k1 k2 k3", n)
sigma0 = positive("sigma0")


def qk(i):
    return q1 * k1[i] + q2 * k2[i] + q3 * k3[i]


def with_variances(expr, law):
    """expr with every σ_i² replaced by law(i)."""
    return expr.replace(lambda e: isinstance(e, sp.Indexed) and e.base == sigma2, lambda e: law(e.indices[0]))


attention_law = lambda i: sigma0 ** 2 * exp(-qk(i) / sqrt(d))             # noqa: E731  σ_i² = σ₀² e^{−q·k_i/√d}
attention = Σ(exp(qk(t) / sqrt(d)) / Σ(exp(qk(j) / sqrt(d)), j) * v1[t], t)  # first coordinate of the output

mle_is_attention = (
    model(with_variances(x1_hat, attention_law),
          "With σ_t² = σ₀² exp(−q·k_t/√d), x̂ = Σ_t softmax(q·k/√d)_t v_t (first coordinate; d = 3)",
          VARIANCE_ASSUMPTION)
    .eq(Σ(exp(qk(t) / sqrt(d)) * v1[t] / sigma0 ** 2, t) / Σ(exp(qk(t) / sqrt(d)) / sigma0 ** 2, t),
        "precision σ_t⁻² = σ₀⁻² e^{q·k_t/√d}")
    .eq(attention, "σ₀⁻² is common to numerator and denominator and cancels")
)

mle_free_of_sigma0 = (
    model(sp.diff(with_variances(x1_hat, attention_law), sigma0), "x̂ does not depend on the variance scale σ₀",
          VARIANCE_ASSUMPTION,
          "The start is the symbolic derivative of x̂ (under the variance law) by σ₀; that it is 0 is written by hand. "
          "(A proportionality in σ₀ would hold for any right side free of σ₀; the derivative by σ₀ being 0 is "
          "what says x̂ does not depend on it.)")
    .eq(0, "σ₀⁻² is common to numerator and denominator and cancels")
)

constant_variance_is_not_attention = (
    model(with_variances(x1_hat, lambda i: sigma0 ** 2),
          "Without the exponential variance law the MLE is not attention",
          VARIANCE_ASSUMPTION,
          "With equal variances σ_t² = σ₀² the MLE is the plain mean (1/n) Σ_t v_t, which ignores q and k; "
          "claiming it equals the attention output is refuted by a counterexample.")
    .eq(Σ(v1[t], t) / n, "equal precisions: the weights are 1/n")
    .eq(attention, "claim: this is Σ_t softmax(q·k/√d)_t v_t", expect="refuted")
)
