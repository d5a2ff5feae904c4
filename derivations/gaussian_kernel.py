"""Attention as a Gaussian-kernel posterior over keys, and where that view breaks (seed 002).

Model: a key index t is drawn uniformly from 1…n, then the query is q ~ N(k_t, σ² I).
Bayes gives p(t | q) = softmax_t(q·k_t/σ² − ‖k_t‖²/(2σ²)).  With keys of equal norm the
‖k_t‖² term is common to all t and cancels, and with σ² = √d the posterior is exactly the
scaled-dot-product weight softmax(q·k/√d).  With unequal norms it is not: the norm term
favours short keys, and a counterexample refutes the identification.

Vectors are written in components at d = 2 and d = 3; the number of keys n stays generic.
"""
import sympy as sp

from verifier import Rational, Σ, calc, exp, index, pi, positive, real, size, sqrt, vector

SOURCE = ("002_666090d9d1b0f4d9.txt (summary of J. Ma, 'Deriving the Scaled-Dot-Function via Maximum Likelihood "
          "Estimation and Maximum Entropy Approach', arXiv:2509.12285), Gaussian-kernel reading of the "
          "maximum-likelihood derivation")
RECONSTRUCTED = ("Reconstruction: the text models query, key and value vectors as Gaussians but gives no equations; "
                 "this Bayesian kernel view (uniform prior over keys, isotropic Gaussian likelihood) is the standard "
                 "reading, reconstructed here.")

n = size("n")
t, j = index("t j", n)
sigma = positive("sigma")
R = positive("R")                                   # the common key norm


def setting(dim):
    """Query components, key component vectors, and the free coordinates of an equal-norm key, in ℝ^dim."""
    q = real(" ".join(f"q{m}" for m in range(1, dim + 1)))
    k = vector(" ".join(f"k{m}" for m in range(1, dim + 1)), n)
    # The first dim − 1 coordinates of the unit direction of an equal-norm key; |b| ≤ 0.55 keeps 1 − Σ b² > 0.
    b = vector(" ".join(f"kdir{m}" for m in range(1, dim)), n, low=-0.55, high=0.55,
               display=" ".join(f"b_{m}" for m in range(1, dim)))
    return q, k, (b if isinstance(b, tuple) else (b,))


def components(vectors):
    """Key i as a tuple of its components."""
    return lambda i: tuple(va[i] for va in vectors)


side = vector("c", n)        # any nonzero c_t: its sign c_t/|c_t| picks the hemisphere of key t


def equal_norm(b):
    """Key i of norm R: R (b_1i, …, b_(d−1)i, ±√(1 − Σ b_i²)), which covers every key of norm R."""
    def key(i):
        last = side[i] / sp.Abs(side[i]) * sqrt(1 - sum(bb[i] ** 2 for bb in b))
        return tuple(R * bb[i] for bb in b) + (R * last,)
    return key


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def gaussian(q, key, var):
    """N(q; key, var·I) in ℝ^d, d = len(q)."""
    return (2 * pi * var) ** Rational(-len(q), 2) * exp(-sum((qa - ka) ** 2 for qa, ka in zip(q, key)) / (2 * var))


def posterior(q, key, var):
    """p(t | q) with the uniform prior 1/n over keys."""
    return gaussian(q, key(t), var) / n / Σ(gaussian(q, key(j), var) / n, j)


def softmax(score):
    """softmax over t of score(i)."""
    return exp(score(t)) / Σ(exp(score(j)), j)


def kernel(start, title, *notes):
    return calc(start, title=title, source=SOURCE, reconstruction=True, notes=[RECONSTRUCTED, *notes])


q3, k3, b3 = setting(3)
q2, k2, b2 = setting(2)
keys3, keys2 = components(k3), components(k2)

# ---------------------------------------------------------------- the posterior is a softmax with a norm penalty

kernel_posterior_d3 = (
    kernel(posterior(q3, keys3, sigma ** 2), "p(t | q) for q ~ N(k_t, σ² I) and a uniform prior (d = 3)")
    .eq(softmax(lambda i: -sum((qa - ka) ** 2 for qa, ka in zip(q3, keys3(i))) / (2 * sigma ** 2)),
        "the prior 1/n and the factor (2πσ²)^{−d/2} are common to all t and cancel")
    .eq(softmax(lambda i: dot(q3, keys3(i)) / sigma ** 2 - dot(keys3(i), keys3(i)) / (2 * sigma ** 2)),
        "‖q − k_t‖² = ‖q‖² − 2 q·k_t + ‖k_t‖², and e^{−‖q‖²/(2σ²)} cancels")
)

kernel_posterior_d2 = (
    kernel(posterior(q2, keys2, sigma ** 2), "p(t | q) for q ~ N(k_t, σ² I) and a uniform prior (d = 2)")
    .eq(softmax(lambda i: dot(q2, keys2(i)) / sigma ** 2 - dot(keys2(i), keys2(i)) / (2 * sigma ** 2)),
        "common factors cancel, and so does e^{−‖q‖²/(2σ²)}")
)

# ---------------------------------------------------------------- equal norms and σ² = √d: exactly attention

EQUAL_NORMS = ("A key of norm R is R (b₁, …, b_{d−1}, ±√(1 − Σ b²)) with Σ b² ≤ 1; the sign is c_t/|c_t| for a "
               "nonzero real c_t, so every key of norm R is covered. The variance is σ² = √d.  The steps are "
               "numeric, not proved: c_t/|c_t| is undefined at c_t = 0, and the c_t here range over all reals, "
               "0 included, so no proof may cancel through it.")


def equal_norm_chain(q, b):
    dim, key = len(q), equal_norm(b)
    return (
        kernel(posterior(q, key, sqrt(dim)),
               f"Equal-norm keys and σ² = √d: the posterior is softmax(q·k/√d) (d = {dim})", EQUAL_NORMS)
        .eq(softmax(lambda i: dot(q, key(i)) / sqrt(dim) - R ** 2 / (2 * sqrt(dim))),
            "the kernel posterior with σ² = √d, where ‖k_t‖² = R² (Σ b_t² + 1 − Σ b_t²) = R² for every t")
        .eq(softmax(lambda i: dot(q, key(i)) / sqrt(dim)),
            "e^{−R²/(2√d)} is common to all t and cancels: scaled dot-product attention")
    )


equal_norm_attention_d3 = equal_norm_chain(q3, b3)
equal_norm_attention_d2 = equal_norm_chain(q2, b2)

# ---------------------------------------------------------------- unequal norms: not attention


def unequal_norm_chain(q, key):
    dim = len(q)
    return (
        kernel(posterior(q, key, sqrt(dim)),
               f"Keys of unequal norm: the posterior is not softmax(q·k/√d) (d = {dim})",
               "The norm penalty −‖k_t‖²/(2√d) differs between keys and does not cancel; the claim that the "
               "posterior is still scaled dot-product attention is stated in order to be refuted.")
        .eq(softmax(lambda i: dot(q, key(i)) / sqrt(dim) - dot(key(i), key(i)) / (2 * sqrt(dim))),
            "the kernel posterior with σ² = √d")
        .eq(softmax(lambda i: dot(q, key(i)) / sqrt(dim)),
            "claim: the norm term cancels as it did for equal norms", expect="refuted")
    )


unequal_norms_not_attention_d3 = unequal_norm_chain(q3, keys3)
unequal_norms_not_attention_d2 = unequal_norm_chain(q2, keys2)
