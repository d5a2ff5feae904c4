"""Closed-form sums for every n: the geometric series, Adam's bias correction, and Σk = T(T + 1)/2.

q ≠ 1 is part of the declaration (q ∈ [0, 1)): SymPy's closed form of Σ q^k is (1 − qⁿ)/(1 − q) only there.
"""
import sympy as sp

from verifier import Σ, calc, index, interval, size

n, T = size("n T")
k = sp.Symbol("k", integer=True)
t = index("t", T)
q = interval("q", 0, 1, open="high")
beta = interval("beta", 0.9, 0.999, display="β")

geometric = (
    calc(sp.Sum(q ** k, (k, 0, n - 1)), title="Σ_{k=0}^{n−1} q^k = (1 − qⁿ)/(1 − q)")
    .eq((1 - q ** n) / (1 - q), "telescoping: (1 − q) Σ q^k = 1 − qⁿ")
)

adam_bias_correction = (
    calc((1 - beta) * sp.Sum(beta ** (T - k), (k, 1, T)), title="Adam's weights (1 − β) β^{T−k} sum to 1 − β^T")
    .eq(1 - beta ** T, "a geometric sum of T terms: dividing the moment by 1 − β^T removes the bias")
)

arithmetic = (
    calc(Σ(t, t), title="Σ_{t=1}^{T} t = T(T + 1)/2")
    .eq(T * (T + 1) / 2, "Gauss: pair the first and last terms")
)

# The false twin: the range shifted by one (1…n in place of 0…n−1), the classic off-by-one.
geometric_off_by_one = (
    calc(sp.Sum(q ** k, (k, 1, n)), title="a false twin: Σ_{k=1}^{n} q^k = (1 − qⁿ)/(1 − q)")
    .eq((1 - q ** n) / (1 - q), "the range starts at 1", expect="refuted")
)
