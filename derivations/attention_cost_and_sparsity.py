"""Seed 002's two side remarks: the attention weights are sparse, and computing them costs O(n²).

Sparsity, stated precisely: softmax(β s) puts weight p_i ≤ e^{−β(s_max − s_i)} on a score s_i below
the maximum, so the weights concentrate on the largest scores as the scale β (or the gaps) grow; with
one score δ above the rest, the mass off it is at most (n − 1)e^{−βδ} → 0.  That is sparsity in a
regime (βδ ≫ log n), not in general: at the usual scale 1/√d with random q, k, the weight is spread
over a fixed fraction of the keys (the experiment).

Cost: the attention formula softmax(QKᵀ/√d)V, counted operation by operation for n queries and n
keys of dimension d (one head, values of dimension d), is exactly 4dn² + 3n² − dn − n: quadratic in n.
"""
import sympy as sp

from derivations import _scale_experiments as experiments
from verifier import Limit, Σ, calc, exp, index, log, oo, positive, size, vector

SOURCE = ("002_666090d9d1b0f4d9.txt (summary of J. Ma, arXiv:2509.12285): 'sparsity of these weighting factors' "
          "and 'time complexity that grows quadratically with the sequence length'")

n = size("n")
d = size("d", sizes=(2, 8, 64))
i, j, kk = index("i j k", n)
a = index("a", d)
s = vector("s", n)
beta = positive("beta")

# ---------------------------------------------------------------- sparsity

weight_at_most_one = (
    calc(exp(beta * s[kk]) / Σ(exp(beta * s[j]), j), title="p_k ≤ 1: a weight is at most the whole",
         source=SOURCE, reconstruction=True,
         notes=["Σ_j e^{β s_j} = e^{β s_k} + ρ with ρ ≥ 0, the other terms: the fact the next result uses."])
    .le(1, "Σ_j e^{β s_j} ≥ e^{β s_k}, one of its terms",
        survives={
            'constant 1 → 1 + 1': 'weaker bound, still true: p_k ≤ 1 < 2',
            'constant 1 → 1 · (1 + 10⁻⁶)': 'weaker bound, still true: p_k ≤ 1 < 1 + 10⁻⁶'})
)

weight_below_gap = (
    calc(exp(beta * s[i]) / Σ(exp(beta * s[j]), j),
         title="p_i = p_k e^{−β(s_k − s_i)} ≤ e^{−β(s_k − s_i)}: weights fall exponentially with the gap to any "
               "larger score",
         source=SOURCE, reconstruction=True,
         notes=["The text says only that the weights are sparse.  This is the precise statement that holds for "
                "every score vector; with k the argmax, p_i ≤ e^{−β(s_max − s_i)}."])
    .eq(exp(beta * s[kk]) / Σ(exp(beta * s[j]), j) * exp(-beta * (s[kk] - s[i])), "e^{β s_i} = e^{β s_k} e^{−β(s_k − s_i)}")
    .le(exp(-beta * (s[kk] - s[i])), "p_k ≤ 1, times e^{−β(s_k − s_i)} > 0", by=[weight_at_most_one],
        survives={
            'free index i renamed to k': 'still true: the right side becomes e⁰ = 1, and p_i ≤ 1',
            'free index k renamed to j': 'still true for every j: p_i ≤ e^{β(s_i − s_j)} says e^{β s_j} ≤ Σ_j e^{β s_j}, one of its terms'})
)

x = positive("x")            # x = βδ: the scaled gap of one score above the n − 1 others
m = size("m")                # m = n − 1 others, any number of them
mass_off_peak = m * exp(-x) / (1 + m * exp(-x))

mass_off_the_peak = (
    calc(mass_off_peak, title="With one score δ above the rest, the mass off it is ≤ (n − 1)e^{−βδ} → 0",
         source=SOURCE, reconstruction=True,
         notes=["m = n − 1 other scores, all δ below the top; x = βδ.  The mass off the top is small exactly when "
                "x ≫ log m = log(n − 1): the weights are sparse only in that regime."])
    .le(m * exp(-x), "the denominator is ≥ 1",
        survives={
            'factor exp(-x) dropped': 'weaker bound, still true: the mass off the peak is at most m e^{−x} ≤ m',
            'constant -1 → -1 + 1': 'weaker bound, still true: m e^{0} = m ≥ m e^{−x}'})
    .approx(0, "e^{−x} → 0", meaning=Limit(x, oo))
)

t = positive("t")
sparsity_needs_a_large_gap = (
    calc(mass_off_peak.subs(x, log(m) + t), title="At βδ = log(n − 1) + t the mass off the peak is 1/(1 + e^t)",
         source=SOURCE, reconstruction=True,
         notes=["Half the mass is off the peak at t = 0, i.e. βδ = log(n − 1): the gap must beat log n before the "
                "weights are sparse, and the longer the sequence, the larger the gap needed."])
    .eq(1 / (1 + exp(t)), "m e^{−log m − t} = e^{−t}")
)

b = index("b", d)
weights_not_sparse_at_unit_scale = (
    calc(Σ(Σ(sp.KroneckerDelta(a, b) ** 2, b), a) / d,
         title="At the usual scale λ = 1/√d with random q, k the weights are not sparse: Var(q·k/√d) = 1",
         source=SOURCE, reconstruction=True,
         notes=["The start is E[(q·k/√d)²] for q, k with independent unit-variance coordinates: the scaled scores "
                "have standard deviation 1, so their gaps are O(1), far from the log n that sparsity needs "
                "(sparsity_needs_a_large_gap).  The step is proved; the experiment, which measures the weights on "
                "q, k ~ N(0, I_64), is numeric evidence, which is why the result as a whole is marked numeric."])
    .eq(1, "δ_ab² = δ_ab: d terms of 1, divided by d")
    .experiment("Effective number of attended keys at λ = 1/√d, for random q, k ~ N(0, I_64)",
                f"the weights concentrate on a vanishing fraction of keys: e^H / n ≤ {experiments.FLAT:g} at the "
                "largest n", experiments.weights_sparse_at_unit_scale, expect_refuted=True)
)

# ---------------------------------------------------------------- cost

ONE = 1   # one arithmetic operation (multiply, add, divide or exp), summed over what the formula does
operation_count = (
    Σ(Σ(Σ(ONE, a) + (d - 1), j), i)          # S = QKᵀ: n² dot products, d multiplies and d − 1 adds each
    + Σ(Σ(ONE, j), i)                          # S/√d: one multiply per score
    + Σ(Σ(ONE, j), i)                          # e^{S_ij}
    + Σ(n - 1, i)                              # Σ_j e^{S_ij}: n − 1 adds per row
    + Σ(Σ(ONE, j), i)                          # P_ij = e^{S_ij}/Σ_j e^{S_ij}
    + Σ(Σ(Σ(ONE, j) + (n - 1), a), i)          # PV: n·d outputs, n multiplies and n − 1 adds each
)

attention_operation_count = (
    calc(operation_count, title="softmax(QKᵀ/√d)V costs exactly 4dn² + 3n² − dn − n operations",
         source=SOURCE, reconstruction=True,
         notes=["n queries, n keys and values of dimension d, one head; the start counts every multiply, add, "
                "divide and exp of the formula as a sum of ones over the indices the formula loops over.",
                "Constant factors depend on what one counts (a fused multiply-add, the max subtraction of a "
                "stable softmax); the n² growth does not."])
    .eq(4 * d * n ** 2 + 3 * n ** 2 - d * n - n, "sum the ones: n²(2d − 1) + 3n² + n(n − 1) + nd(2n − 1)")
    .approx((4 * d + 3) * n ** 2, "the n² terms dominate", meaning=Limit(n, oo, ratio=True))
)
