"""Temperature limits of softmax(s/τ): uniform as τ → ∞; uniform over the tied maxima as τ → 0⁺.

For the cold limit, the scores are written as m tied maxima at a and r others at a − Δ_a with gaps
Δ_a > 0; dividing numerator and denominator by e^{a/τ} leaves only the gaps.
"""
from verifier import Σ, calc, exp, index, integer, oo, positive, size, tends, vector
from sympy import *  # noqa: F401,F403  (wholesale, and last: no verifier name is shadowed)

n = size("n")
i, j, k = index("i j k", n)
s = vector("s", n)
tau = positive("tau", display="τ")


def softmax(a):
    return exp(s[a] / tau) / Σ(exp(s[j] / tau), j)


hot_is_uniform = (
    calc(softmax(k), title="softmax(s/τ) → uniform as τ → ∞",
         notes=["Each e^{s_j/τ} → 1, so the denominator tends to n.  SymPy takes limits of sums only at concrete "
                "n (here n = 1…3), so the scope says so; the numeric trend is checked at n = 3, 17 and 256."])
    .approx(1 / n, "every e^{s_j/τ} tends to 1", meaning=tends(tau, oo))
)

m = integer("m", 1, 5)                     # how many scores tie for the maximum
r = size("r")                              # how many scores lie strictly below it
b, c = index("b c", r)          # c: one of the scores below the maximum
gap = vector("Delta", r, 0.1, 3, positive=True, display="Δ")

COLD_NOTES = ["With m tied maxima at a and the other scores a − Δ_b (Δ_b > 0), a tied maximum has weight "
              "e^{a/τ} / (m e^{a/τ} + Σ_b e^{(a − Δ_b)/τ}) = 1 / (m + Σ_b e^{−Δ_b/τ}); this rewriting is the "
              "first step.",
              "SymPy takes limits of sums only at concrete lengths (r = 1…3), so a proved limit here is scoped "
              "to those; the step that needs it for every r is the general rule 'a sum of a fixed number of "
              "terms, each tending to 0, tends to 0', which no strategy states yet."]

a = positive("a", 0.1, 3)                  # the tied maximum score

cold_tied_maximum = (
    calc(exp(a / tau) / (m * exp(a / tau) + Σ(exp((a - gap[b]) / tau), b)),
         title="As τ → 0⁺ each of the m tied maxima gets weight 1/m", notes=COLD_NOTES + [
             "sympy.limit does not find the limit of the sum at concrete r with the integer m symbolic, so the "
             "limit is numeric: its trend towards 0⁺ is checked at two precisions."])
    .eq(1 / (m + Σ(exp(-gap[b] / tau), b)), "divide by e^{a/τ}")
    .approx(1 / m, "every e^{−Δ_b/τ} tends to 0", meaning=tends(tau, 0, side="+"))
)

cold_below_maximum = (
    calc(exp((a - gap[c]) / tau) / (m * exp(a / tau) + Σ(exp((a - gap[b]) / tau), b)),
         title="As τ → 0⁺ a score below the maximum gets weight 0", notes=COLD_NOTES)
    .eq(exp(-gap[c] / tau) / (m + Σ(exp(-gap[b] / tau), b)), "divide by e^{a/τ}")
    .approx(0, "e^{−Δ_c/τ} → 0 while the denominator stays ≥ m", meaning=tends(tau, 0, side="+"))
)
