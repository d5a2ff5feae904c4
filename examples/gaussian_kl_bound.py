"""KL(N(μ₁, σ₁²) ‖ N(μ₂, σ₂²)) ≥ 0, from the lemma u − 1 − log u ≥ 0 cited at u = σ₁²/σ₂².

The lemma is proved once for a positive u; the engine shows σ₁²/σ₂² > 0 before it lets the lemma be used
there.  The closed form of the KL divergence is taken as given here.
"""
from verifier import Rational, calc, log, positive, real

u = positive("u")
s1, s2 = positive("sigma1 sigma2", display="σ₁ σ₂")
m1, m2 = real("mu1 mu2", display="μ₁ μ₂")
ratio = s1 ** 2 / s2 ** 2

lemma = (
    calc(u - 1 - log(u), title="u − 1 − log u ≥ 0 for u > 0")
    .ge(0, "convex in u, with its minimum 0 at u = 1")
)

kl_nonnegative = (
    calc(log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - Rational(1, 2),
         title="KL between two Gaussians is ≥ 0")
    .eq((ratio - 1 - log(ratio)) / 2 + (m1 - m2) ** 2 / (2 * s2 ** 2), "log(σ₂/σ₁) = −½ log(σ₁²/σ₂²)")
    .ge((m1 - m2) ** 2 / (2 * s2 ** 2), "the lemma at u = σ₁²/σ₂²", by=lemma.at(u=ratio))
    .ge(0, "a square over a positive number")
)

# The false twin: the lemma at u = σ₁² − σ₂², which may be ≤ 0, is no citation at all; the claim it would
# give, σ₁² − σ₂² − 1 − log(σ₁² − σ₂²) ≥ 0, has no value where σ₁ ≤ σ₂.
outside_the_lemma = (
    calc(s1 ** 2 - s2 ** 2 - 1 - log(s1 ** 2 - s2 ** 2), title="a false twin: the lemma at u = σ₁² − σ₂²")
    .ge(0, "u − 1 − log u ≥ 0 read at a u that may be ≤ 0", expect="refuted")
)
