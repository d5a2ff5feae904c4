"""The softmax Jacobian J = diag(p) − p pᵀ: its entries, symmetry, J·1 = 0, J ⪰ 0 and λ_max(J) ≤ 1/2.

p_i = e^{s_i} / Σ_j e^{s_j} for scores s_1…s_n of any length n.
"""
import numpy as np
import sympy as sp

from verifier import ExperimentOutcome, Rational, Table, Σ, calc, exp, index, interval, size, vector

n = size("n")
i, j, k = index("i j k", n)
s = vector("s", n)
v = vector("v", n)                 # any direction in ℝⁿ
δ = sp.KroneckerDelta


def p(a):
    return exp(s[a]) / Σ(exp(s[j]), j)


def J(a, b):
    return p(a) * (δ(a, b) - p(b))


m = Σ(p(i) * v[i], i)                # the mean of v under p


jacobian_entries = (
    calc(sp.diff(p(i), s[k]), title="∂p_i/∂s_k = p_i (δ_ik − p_k): the Jacobian is diag(p) − p pᵀ")
    .eq(J(i, k), "quotient rule; ∂/∂s_k Σ_j e^{s_j} = e^{s_k}")
)

jacobian_is_symmetric = (
    calc(J(i, k), title="J is symmetric: J_ik = J_ki",
         notes=["The diagonal term p_i δ_ik equals p_k δ_ik because δ_ik vanishes unless i = k. "
                "No symbolic strategy substitutes i = k under a Kronecker delta yet, so SymPy checks this "
                "by expanding the sums at n = 1…6 (cases, not a proof for generic n); bilinear_form_is_symmetric "
                "proves the symmetry for every n another way.  Off the diagonal there is nothing to prove: J_ik = −p_i p_k, and SymPy writes "
                "−p_i p_k and −p_k p_i as the same expression."])
    .eq(J(k, i), "p_i δ_ik = p_k δ_ik, and −p_i p_k is symmetric in i, k")
)

rows_sum_to_zero = (
    calc(Σ(J(i, j), j), title="J·1 = 0: softmax is unchanged by adding a constant to every score")
    .eq(p(i) - p(i) * Σ(p(j), j), "Σ_j δ_ij = 1, and p_i comes out of the sum")
    .eq(0, "Σ_j p_j = 1")
)

jacobian_times_v = (
    calc(Σ(J(i, j) * v[j], j), title="(Jv)_i = p_i (v_i − m) with m = Σ_j p_j v_j")
    .eq(p(i) * (v[i] - m), "Σ_j δ_ij v_j = v_i")
)

w = vector("w", n)                 # a second direction
m_w = Σ(p(i) * w[i], i)

bilinear_form_is_symmetric = (
    calc(Σ(w[i] * p(i) * (v[i] - m), i), title="wᵀJv = vᵀJw for all v, w: J is symmetric, for every n",
         notes=["Both sides are Σ_i w_i (Jv)_i and Σ_i v_i (Jw)_i with (Jv)_i from jacobian_times_v; a bilinear "
                "form that is symmetric in v and w has a symmetric matrix.  This is the generic-n proof that "
                "jacobian_is_symmetric only gets at n = 1…6."])
    .eq(Σ(v[i] * p(i) * (w[i] - m_w), i), "both are Σ_i p_i v_i w_i − (Σ_i p_i v_i)(Σ_i p_i w_i)")
)

quadratic_form_is_a_variance = (
    calc(Σ(v[i] * p(i) * (v[i] - m), i), title="vᵀJv = Σ p_i (v_i − m)² ≥ 0 with m = Σ p_i v_i: J is PSD",
         notes=["The start is vᵀJv = Σ_i v_i (Jv)_i with (Jv)_i from jacobian_times_v.  Written as the nested "
                "sum Σ_i v_i Σ_j J_ij v_j, the first step is only numeric (and slow: n² terms at n = 256): no "
                "strategy rewrites a proved identity inside a sum."])
    .eq(Σ(p(i) * v[i] ** 2, i) - m ** 2, "expand, m = Σ p_i v_i")
    .eq(Σ(p(i) * (v[i] - m) ** 2, i), "Σ p_i = 1: the variance of v under p")
    .ge(0, "each term is a positive weight times a square")
)

# λ_max ≤ 1/2 by Gershgorin: every eigenvalue lies within some row's disc, centred at J_kk with radius
# Σ_{j≠k} |J_kj| = Σ_{j≠k} p_k p_j.  The row's rightmost point is computed here, then bounded.
gershgorin_row = (
    calc(J(k, k) + (Σ(p(k) * p(j), j) - p(k) ** 2), title="Gershgorin: row k of J reaches at most 2 p_k (1 − p_k)",
         notes=["Gershgorin's circle theorem (every eigenvalue lies in a disc centred at a diagonal entry with "
                "the off-diagonal absolute row sum as radius) is cited, not checked."])
    .eq(2 * p(k) * (1 - p(k)), "Σ_j p_j = 1, δ_kk = 1")
)

t = interval("t", 0, 1)               # t stands for p_k, which lies in [0, 1]

half_is_the_largest_reach = (
    calc(2 * t * (1 - t), title="2t(1 − t) ≤ 1/2 on [0, 1], so λ_max(J) ≤ 1/2",
         notes=["With t = p_k this bounds every Gershgorin disc, hence every eigenvalue, by 1/2; equality "
                "needs p_k = 1/2, e.g. n = 2 with equal scores, where J has eigenvalues 0 and 1/2."])
    .eq(Rational(1, 2) - 2 * (t - Rational(1, 2)) ** 2, "complete the square")
    .le(Rational(1, 2), "a square is ≥ 0")
)


def _eigenvalues(seed: int, quick: bool) -> ExperimentOutcome:
    rng = np.random.default_rng(seed)
    rows, worst_low, worst_high = [], 0.0, 0.0
    for size_ in (2, 5, 50) if quick else (2, 5, 50, 500):
        top, bottom = -np.inf, np.inf
        for _ in range(20):
            scores = rng.normal(0, 3, size_)
            q = np.exp(scores - scores.max())
            q /= q.sum()
            eig = np.linalg.eigvalsh(np.diag(q) - np.outer(q, q))
            top, bottom = max(top, eig.max()), min(bottom, eig.min())
        worst_high, worst_low = max(worst_high, top), min(worst_low, bottom)
        rows.append([str(size_), f"{bottom:.2e}", f"{top:.6f}"])
    holds = worst_low > -1e-12 and worst_high <= 0.5 + 1e-12
    return ExperimentOutcome(holds, f"over seeded scores, the eigenvalues of J lie in [{worst_low:.1e}, {worst_high:.4f}]",
                             tables=[Table("Extreme eigenvalues of J over 20 seeded score vectors",
                                           ["n", "smallest", "largest"], rows)])


half_is_the_largest_reach.experiment("Eigenvalues of J for random scores", "0 ≤ λ(J) ≤ 1/2 for every n and s",
                                     _eigenvalues)
