"""Why attention divides by √d: for independent q, k with i.i.d. N(0, σ²) entries, Var(q·k) = d σ_q² σ_k².

The moments of one coordinate come from sympy.stats; the sum over d coordinates is then algebra the
engine checks for a generic d.  A simulation at d = 16 and 256 backs the same law with data.
"""
import numpy as np
import sympy as sp
from sympy.stats import E as expectation, Normal

from verifier import ExperimentOutcome, Table, Σ, calc, index, positive, size, sqrt

d = size("d", sizes=(3, 16, 64))
i, j = index("i j", d)
sigma_q, sigma_k = positive("sigma_q sigma_k", 0.2, 5, display="σ_q σ_k")
δ = sp.KroneckerDelta


def moments(name: str, sigma):
    """E[x_i], and E[x_i x_j] as a function of i, j, for i.i.d. N(0, σ²) coordinates (sympy.stats, at load time)."""
    x1, x2 = Normal(f"{name}_1", 0, sigma), Normal(f"{name}_2", 0, sigma)
    mean, second, cross = expectation(x1), expectation(x1 ** 2), expectation(x1 * x2)
    return mean, second * δ(i, j) + cross * (1 - δ(i, j))


mean_q, cov_q = moments("q", sigma_q)
mean_k, cov_k = moments("k", sigma_k)

NOTES = ["Var(q·k) = E[(Σ_i q_i k_i)²] − (E[Σ_i q_i k_i])² = Σ_i Σ_j E[q_i q_j] E[k_i k_j] − (Σ_i E[q_i] E[k_i])², "
         "because q is independent of k; that expansion is the start of the chain.",
         "The moments E[q_i] = 0, E[q_i²] = σ_q², E[q_i q_j] = 0 (i ≠ j), and the same for k, are computed by "
         "sympy.stats at load time from two coordinates; SymPy then already writes E[q_i q_j] E[k_i k_j] as "
         "σ_q² σ_k² δ_ij."]

dot_product_variance = (
    calc(Σ(Σ(cov_q * cov_k, j), i) - Σ(mean_q * mean_k, i) ** 2,
         title="Var(q·k) = d σ_q² σ_k² for independent q, k with i.i.d. N(0, σ²) entries",
         notes=NOTES, assumptions=["q ⫫ k", "q_i i.i.d. N(0, σ_q²)", "k_i i.i.d. N(0, σ_k²)"])
    .eq(d * sigma_q ** 2 * sigma_k ** 2, "only j = i survives, once for each of the d values of i")
)

scaled_scores_keep_their_scale = (
    calc(Σ(Σ(cov_q * cov_k / d, j), i) - Σ(mean_q * mean_k / sqrt(d), i) ** 2,
         title="Var(q·k/√d) = σ_q² σ_k²: after dividing by √d the score's scale no longer grows with d",
         notes=NOTES[1:] + ["Var(q·k/√d) is the same expansion with each q_i k_i divided by √d."])
    .eq(sigma_q ** 2 * sigma_k ** 2, "d equal terms, divided by d")
)


def _simulate(seed: int, quick: bool) -> ExperimentOutcome:
    rng = np.random.default_rng(seed)
    draws = 4_000 if quick else 40_000
    rows, holds = [], True
    for dim in (16, 256):
        q_, k_ = rng.standard_normal((draws, dim)), rng.standard_normal((draws, dim))
        dots = (q_ * k_).sum(axis=1)
        var, scaled = dots.var(), (dots / np.sqrt(dim)).var()
        # The sample variance of a variable with kurtosis 3 + 6/d has relative standard error ≈ √(2/draws)·1.5.
        tolerance = 5 * 1.5 * np.sqrt(2 / draws)
        ok = abs(var / dim - 1) < tolerance and abs(scaled - 1) < tolerance
        holds &= ok
        rows.append([str(dim), f"{var:.2f}", f"{scaled:.3f}", f"±{tolerance:.3f}", "yes" if ok else "no"])
    table = Table(f"Sample variance of q·k over {draws} seeded draws", ["d", "Var(q·k)", "Var(q·k/√d)",
                                                                        "allowed relative error", "agrees"], rows)
    return ExperimentOutcome(holds, "the sample variance of q·k grows like d, and that of q·k/√d stays at 1",
                             tables=[table])


dot_product_variance.experiment("Simulated Var(q·k) against d", "Var(q·k) ≈ d and Var(q·k/√d) ≈ 1 for standard "
                                "normal q, k", _simulate)
