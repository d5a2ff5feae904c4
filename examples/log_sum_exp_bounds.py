"""Log-sum-exp is a smooth maximum: max_i s_i ≤ log Σ_i e^{s_i} ≤ max_i s_i + log n, and its gradient is softmax.

The worked example of the README's tutorial.
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

lower_bound = (
    calc(lse - s_max, title="log Σ e^{s_i} ≥ max_i s_i: the gap is the log of a sum that contains e⁰ = 1",
         notes=["The second step is numeric: the sum contains the term e^{s_max − s_max} = 1 and every other "
                "term is positive, but no strategy yet unfolds a maximum inside a sum's summand (see the "
                "README, 'when a step is unknown').  The chain s_max ≤ log Σ e^{s_i} itself crashes the "
                "termwise strategy at the time of writing (a recursion in the sign search), so it is "
                "stated through the gap."])
    .eq(log(Σ(exp(s[i] - s_max), i)), "take e^{s_max} out of the sum")
    .ge(0, "the sum is at least its term at the maximum, e⁰ = 1")
)

gradient_is_softmax = (
    calc(sp.diff(lse, s[k]), title="∂/∂s_k log Σ e^{s_i} = softmax(s)_k")
    .eq(exp(s[k]) / Σ(exp(s[j]), j), "the derivative of the sum is e^{s_k}")
)

# A wrong claim, kept on purpose: the sum is NOT just its largest term.
too_tight = (
    calc(Σ(exp(s[i] - s_max), i), title="A sum of positive terms is more than its largest term",
         notes=["Written through the gap s_i − s_max: stated as Σ e^{s_i} ≤ e^{s_max}, the symbolic side "
                "crashes (the recursion noted in lower_bound) and hides the numeric refutation."])
    .le(1, "forgets the other terms", expect="refuted")
)
