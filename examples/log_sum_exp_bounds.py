"""Log-sum-exp is a smooth maximum: max_i s_i ≤ log Σ_i e^{s_i} ≤ max_i s_i + log n, and its gradient is softmax.

The worked example of the README and of docs/tutorial.md.
"""
import sympy as sp

from verifier import Σ, calc, exp, index, log, max_over, size, vector

n = size("n")                 # a length: symbolic in proofs, 3, 17 and 256 in numerics
i, j, k = index("i j k", n)   # indices running over 1…n
s = vector("s", n)            # real scores s_1…s_n, sampled in [-3, 3]
s_max = max_over(s[j], j)
lse = log(Σ(exp(s[i]), i))

# Each e^{s_i} ≤ e^{s_max}, so the sum is at most n·e^{s_max}.
sum_below_n_max = (
    calc(Σ(exp(s[i]), i), title="A sum of exponentials is at most n times the largest")
    .le(Σ(exp(s_max), i), "each term is at most the largest")
    .eq(n * exp(s_max), "n equal terms")
)

upper_bound = (
    calc(lse, title="log Σ e^{s_i} ≤ max_i s_i + log n")
    .le(log(n * exp(s_max)), "log is increasing", by=[sum_below_n_max])
    .eq(s_max + log(n), "log(n e^{s_max}) = log n + s_max")
)

max_term_below_sum = (
    calc(exp(s_max), title="e^{s_max} ≤ Σ e^{s_i}: a sum of positive terms is at least its largest",
         notes=["Only numeric: the termwise strategy compares two sums over the same range, and no strategy "
                "yet says that a sum of nonnegative terms is at least one of its terms (here the one at the "
                "maximum).  Once one does, this fact and lower_bound, which cites it, become proved."])
    .le(Σ(exp(s[i]), i), "the sum contains e^{s_max}, and its other terms are positive")
)

lower_bound = (
    calc(s_max, title="max_i s_i ≤ log Σ e^{s_i}",
         notes=["Proved from max_term_below_sum by monotonicity of log, so only as strong as that fact: numeric."])
    .le(lse, "log is increasing: log e^{s_max} ≤ log Σ e^{s_i}", by=[max_term_below_sum])
)

gradient_is_softmax = (
    calc(sp.diff(lse, s[k]), title="∂/∂s_k log Σ e^{s_i} = softmax(s)_k")
    .eq(exp(s[k]) / Σ(exp(s[j]), j), "the derivative of the sum is e^{s_k}")
)

# A wrong claim, kept on purpose: the sum is NOT at most its largest term.
too_tight = (
    calc(Σ(exp(s[i]), i), title="A sum of positive terms is not at most its largest term")
    .le(exp(s_max), "forgets the other terms", expect="refuted")
)
