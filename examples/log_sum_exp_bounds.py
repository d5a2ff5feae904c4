"""Worked example for the README: log Σ e^{s_i} lies between max s and max s + log n."""
from verifier import Σ, calc, exp, index, log, maximum, size, vector

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
s_max = maximum(s[j], j)

# Each e^{s_i} ≤ e^{s_max}, so the sum is at most n·e^{s_max}.
upper_bound = (
    calc(Σ(exp(s[i]), i), title="A sum of exponentials is at most n times the largest")
    .le(Σ(exp(s_max), i), "each term is at most the largest")
    .eq(n * exp(s_max), "n equal terms")
)

# A wrong claim, kept on purpose: the sum is NOT at most the largest term.
too_tight = (
    calc(Σ(exp(s[i]), i), title="A sum of positive terms is not at most its largest term")
    .le(exp(s_max), "forgets the other terms", expect="refuted")
)
