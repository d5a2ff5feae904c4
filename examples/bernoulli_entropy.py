"""The entropy of a Bernoulli(p) variable is largest at p = 1/2, where it is log 2.

p is declared on the open interval (0, 1): the claim says nothing at p = 0 or 1, where log p has no
value, the sampler never draws them, and the proofs use 0 < p < 1 (log(1 − p) and 1/(1 − p) are defined).
"""
import sympy as sp

from verifier import calc, interval, log

p = interval("p", 0, 1, open=True)
H = -p * log(p) - (1 - p) * log(1 - p)

slope = (
    calc(sp.Derivative(H, p), title="H'(p) = log((1 − p)/p)")
    .eq(log(1 - p) - log(p), "d/dp of −p log p − (1 − p) log(1 − p)")
    .eq(log((1 - p) / p), "one logarithm: 0 < p < 1")
)

largest_at_one_half = (
    calc(H, title="H(p) ≤ log 2 on (0, 1)")
    .le(log(2), "concave in p, stationary where log((1 − p)/p) = 0, i.e. p = 1/2")
)

positive_inside = (
    calc(H, title="H(p) > 0 on (0, 1)")
    .gt(0, "both terms −p log p and −(1 − p) log(1 − p) are positive inside (0, 1)")
)

# The false twin: a sign slipped in the derivative (the classic mistake).
slope_sign_slip = (
    calc(sp.Derivative(H, p), title="a false twin: H'(p) = log(p/(1 − p))")
    .eq(log(p / (1 - p)), "the sign of the logarithm slipped", expect="refuted")
)
