"""The entropy-invariant scale of seed 000: eq. (6) and the opening equation λ = κ log n / d.

The seed keeps H ≈ log n − λ D (eq. (5), D = s_max − s̄) from moving with n.  Here that
requirement is a condition SymPy solves: dH/d(log n) = 0 by sympy.dsolve, H = H₀ by
sympy.solve.  Both give λ(n) = (log n + C)/D, affine in log n and ∝ log n only as n → ∞;
with D ∝ d, λ ∝ (log n + C)/d.  All of it rests on D not depending on n, which the
experiments test on random Gaussian q, k (it fails: D grows like √(2 d log n)).
"""
import sympy as sp

from derivations import _scale_experiments as experiments
from derivations.entropy_decomposition import lam
from verifier import Limit, calc, log, oo, positive, real, seed, sqrt

n = positive("n", low=2, high=1e6)   # the length, continuous: the seed differentiates in log n
D = positive("D")                     # s_max − s̄, assumed independent of n (the seed's premise)
H0 = real("H_0")                      # the entropy to hold fixed
C = real("C")                         # the integration constant of dH/d(log n) = 0
d = positive("d", low=1, high=4096)   # head dimension
delta = positive("delta")             # D per unit of d, when ⟨q, k⟩ ∝ d
sigma = positive("sigma")             # standard deviation of Gaussian scores (≈ √d for q, k ~ N(0, I_d))

PREMISE = "D = s_max − s̄ does not depend on n (the seed's premise)"


def approximate_entropy(scale):
    """Eq. (5) at a given scale, with the product kept unevaluated so that the cancellation is a checked step."""
    return log(n) - sp.Mul(scale, D, evaluate=False)


# dH/d(log n) = 0 with H = L − λ(L)·D and L = log n: an ODE for λ, solved by SymPy.
L = sp.Symbol("L", real=True)
scale_of = sp.Function("lambda")
flat_solution = sp.dsolve(sp.Eq(sp.diff(L - scale_of(L) * D, L), 0), scale_of(L))
C1 = sp.Symbol("C1")
lam_flat = sp.together(flat_solution.rhs.subs({L: log(n), C1: C / D}))     # (log n + C)/D

# H = H₀ with H = log n − λ D: solved for λ by SymPy.
(lam_target,) = sp.solve(sp.Eq(log(n) - lam * D, H0), lam)                  # (log n − H₀)/D

flat_entropy_scale = (
    calc(approximate_entropy(lam_flat), title="Along λ(n) = (log n + C)/D the approximate entropy does not move",
         source=seed("000", "eq. (5) → eq. (6)"), assumptions=[PREMISE],
         notes=[f"λ(n) is sympy.dsolve's solution of d/dL (L − λ(L) D) = 0, L = log n: {sp.sstr(flat_solution)}, "
                "with the constant C₁ written as C/D."])
    .eq(-C, "D cancels: log n − (log n + C) = −C, the same for every n")
)

target_entropy_scale = (
    calc(approximate_entropy(lam_target), title="λ(n) = (log n − H₀)/D holds eq. (5) at H₀ for every n",
         source=seed("000", "eq. (6)"), assumptions=[PREMISE],
         notes=["λ(n) is sympy.solve's solution of log n − λ D = H₀: the dH/d(log n) = 0 family with C = −H₀."])
    .eq(H0, "D cancels: log n − (log n − H₀) = H₀")
)

scale_affine_in_log_n = (
    calc(lam_target, title="The scale is proportional to log n − H₀", source=seed("000", "eq. (6)"),
         assumptions=[PREMISE])
    .propto(log(n) - H0, "λ(n) D = log n − H₀, and D does not depend on n", wrt=n)
)

scale_not_proportional_to_log_n = (
    calc(lam_target, title="The scale is not exactly ∝ log n (unless H₀ = 0)", source=seed("000", "eq. (6)"),
         assumptions=[PREMISE],
         notes=["The seed's 'λ ∝ log n' drops the constant: λ(n)/log n = (1 − H₀/log n)/D changes with n."])
    .propto(log(n), "claimed: λ ∝ log n exactly", wrt=n, expect="refuted")
)

scale_asymptotically_log_n = (
    calc(lam_target, title="For long sequences the scale is log n / D", source=seed("000", "eq. (6)"),
         assumptions=[PREMISE])
    .approx(log(n) / D, "log n outgrows the constant H₀", meaning=[Limit(n, oo, ratio=True)])
)

scale_with_dimension = (
    calc(lam_target.subs(D, delta * d), title="With ⟨q, k⟩ ∝ d the scale is ∝ (log n − H₀)/d",
         source=seed("000", "eq. (6) and the opening equation"),
         assumptions=[PREMISE, "⟨q, k⟩ ∝ d, so D = δ·d with δ independent of n and d"],
         notes=["For random q, k with N(0, 1) entries, ⟨q, k⟩ has standard deviation √d, not size ∝ d, "
                "and D grows like √(2 d log n): both premises fail for them.  The experiments take d = 64 "
                "and fix κ so that the log-n scale equals the usual 1/√d at n = 512."])
    .propto((log(n) - H0) / d, "λ(n) = (log n − H₀)/(δ d), and δ depends on neither n nor d", wrt=[n, d])
    .experiment("Does λ = log n/(log 512·√d) keep the entropy flat?",
                f"Under λ = log n/(log 512·√d), the mean entropy of softmax(λ q·k), q, k ~ N(0, I_64), is flat in n: "
                f"its spread over n = 16…65536 is at most {experiments.FLAT:g} of the spread of log n.",
                experiments.seed_scale_keeps_entropy_flat, expect_refuted=True)
    .experiment("Is the spread D = s_max − s̄ independent of n?",
                f"For s_i = q·k_i with q, k_i ~ N(0, I_64), the mean of s_max − s̄ changes by at most "
                f"{experiments.FLAT:.0%} from n = 16 to the largest n (the derivation's premise).",
                experiments.spread_independent_of_n, expect_refuted=True)
    .experiment("Does λ = 1/√d keep H − log n flat?",
                f"Under λ = 1/√d, H − log n is flat in n: its spread over n is at most {experiments.FLAT:g} of "
                f"the spread of log n.",
                experiments.unit_scale_keeps_entropy_minus_log_n_flat)
)

# What the same condition gives when D is not constant but grows like the maximum of n Gaussians.
(lam_gaussian,) = sp.solve(sp.Eq(log(n) - lam * sigma * sqrt(2 * log(n)), H0), lam)

scale_with_gaussian_spread = (
    calc(lam_gaussian, title="With Gaussian scores, D ≈ σ√(2 log n) and the same condition gives λ ∝ √(log n)",
         source=seed("000", "eq. (6)"), reconstruction=True,
         assumptions=["D = σ √(2 log n): the leading growth of the maximum of n Gaussian scores of spread σ"],
         notes=["Not in the seed: the derivation redone with the D(n) measured in spread_independent_of_n.  "
                "For q, k ~ N(0, I_d), σ ≈ √d, so λ ≈ √(log n / (2d)): the √(log n / d) scale of the "
                "experiments, which does not keep H flat either, because eq. (5) is a loose lower bound "
                "and not the entropy."])
    .approx(sqrt(log(n) / 2) / sigma, "log n outgrows H₀", meaning=[Limit(n, oo, ratio=True)])
)
