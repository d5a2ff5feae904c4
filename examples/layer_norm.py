"""LayerNorm without ε: the normalised entries have mean 0 and mean square 1, for every nonconstant input.

x is declared nonconstant (size n ≥ 2): the claim says nothing about an all-equal x, where σ = 0; the
sampler never draws one, and the proofs use σ² > 0 to show the division is defined.
"""
from verifier import Σ, calc, index, mean, size, sqrt, vector

n = size("n", low=2)
i, j = index("i j", n)
x = vector("x", n, nonconstant=True)
mu = mean(x[j], j)
sigma = sqrt(mean((x[i] - mu) ** 2, i))


def y(k):
    return (x[k] - mu) / sigma


centred = (
    calc(Σ(y(i), i), title="LayerNorm outputs sum to 0")
    .eq(0, "Σ_i (x_i − μ) = 0, and σ > 0 for a nonconstant x")
)

unit_mean_square = (
    calc(mean(y(i) ** 2, i), title="LayerNorm outputs have mean square 1")
    .eq(1, "the mean of (x_i − μ)² is σ²")
)

# The false twin: dividing by n − 1 (the sample variance) gives mean square (n − 1)/n, not 1.
sample_variance_twin = (
    calc(mean((x[i] - mu) ** 2 / (Σ((x[j] - mu) ** 2, j) / (n - 1)), i),
         title="a false twin: normalising by the sample variance gives mean square 1")
    .eq(1, "n − 1 in place of n", expect="refuted")
)
