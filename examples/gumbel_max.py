"""The Gumbel-max trick: with i.i.d. Gumbel noise G_i, P(argmax_i (s_i + G_i) = k) = softmax(s)_k.

A standard Gumbel variable is G = −log U with U ~ Exp(1), so s_i + G_i > s_k + G_k exactly when
U_i > U_k e^{s_i − s_k}, which has probability e^{−U_k e^{s_i − s_k}} given U_k.  Hence

    P(argmax = k) = ∫_0^∞ e^{−u} Π_{i≠k} e^{−u e^{s_i − s_k}} du,

the integral each chain starts from (with its integrand combined into one exponential).  n = 2 and
n = 3 are proved by integration; larger n is simulated.
"""
import numpy as np
import sympy as sp

from verifier import ExperimentOutcome, Table, calc, exp, oo, positive, real

u = positive("u")                     # u = U_k = e^{−G_k}
s1, s2, s3 = real("s_1 s_2 s_3")

NOTES = ["P(argmax = 1) is written through U_i = e^{−G_i} ~ Exp(1), i.i.d.: conditioning on U_1 = u, each other "
         "index loses with probability P(U_i > u e^{s_i − s_1}) = e^{−u e^{s_i − s_1}}, so P(argmax = 1) = "
         "∫_0^∞ e^{−u} Π_{i≠1} e^{−u e^{s_i − s_1}} du.  That reduction (a change of variables g = −log u in the "
         "Gumbel integral) is stated, not checked: no strategy changes variables in an integral.",
         "The integrand is combined into one exponential in its own derivation (a pointwise identity): "
         "comparing two integrals numerically costs two quadratures per point at 100 digits, over the time "
         "allowed for one step."]

two_integrand = (
    calc(exp(-u) * exp(-u * exp(s2 - s1)), title="The n = 2 Gumbel-max integrand is one exponential")
    .eq(exp(-u * (1 + exp(s2 - s1))), "e^a e^b = e^{a+b}")
)

two_scores = (
    calc(sp.Integral(exp(-u * (1 + exp(s2 - s1))), (u, 0, oo)),
         title="Gumbel-max, n = 2: P(s₁ + G₁ > s₂ + G₂) = softmax(s)₁", notes=NOTES)
    .eq(1 / (1 + exp(s2 - s1)), "∫_0^∞ e^{−cu} du = 1/c for c > 0")
    .eq(exp(s1) / (exp(s1) + exp(s2)), "multiply by e^{s₁}/e^{s₁}")
)

three_integrand = (
    calc(exp(-u) * exp(-u * exp(s2 - s1)) * exp(-u * exp(s3 - s1)),
         title="The n = 3 Gumbel-max integrand is one exponential")
    .eq(exp(-u * (1 + exp(s2 - s1) + exp(s3 - s1))), "e^a e^b e^c = e^{a+b+c}")
)

three_scores = (
    calc(sp.Integral(exp(-u * (1 + exp(s2 - s1) + exp(s3 - s1))), (u, 0, oo)),
         title="Gumbel-max, n = 3: P(argmax_i (s_i + G_i) = 1) = softmax(s)₁", notes=NOTES)
    .eq(1 / (1 + exp(s2 - s1) + exp(s3 - s1)), "∫_0^∞ e^{−cu} du = 1/c for c > 0")
    .eq(exp(s1) / (exp(s1) + exp(s2) + exp(s3)), "multiply by e^{s₁}/e^{s₁}")
)


def _simulate(seed: int, quick: bool) -> ExperimentOutcome:
    rng = np.random.default_rng(seed)
    draws = 20_000 if quick else 200_000
    rows, holds, worst = [], True, 0.0
    for n in (5, 20, 100):
        scores = rng.normal(0, 1.5, n)
        softmax = np.exp(scores - scores.max())
        softmax /= softmax.sum()
        winners = np.argmax(scores + rng.gumbel(size=(draws, n)), axis=1)
        freq = np.bincount(winners, minlength=n) / draws
        # Each frequency is a binomial proportion: allow 5 standard errors (plus a floor for tiny p).
        z = np.abs(freq - softmax) / np.sqrt(softmax * (1 - softmax) / draws + 1e-12)
        holds &= bool(z.max() < 5)
        worst = max(worst, float(z.max()))
        rows.append([str(n), f"{np.abs(freq - softmax).max():.4f}", f"{z.max():.2f}"])
    table = Table(f"argmax of s + Gumbel noise over {draws} seeded draws against softmax(s)",
                  ["n", "largest |frequency − softmax|", "in standard errors"], rows)
    return ExperimentOutcome(holds, f"frequencies match softmax within {worst:.2f} standard errors (5 allowed)",
                             tables=[table])


three_scores.experiment("Gumbel-max by simulation for n = 5, 20, 100",
                        "the argmax of s + G is distributed as softmax(s)", _simulate)
