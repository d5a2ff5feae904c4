"""The sample variance with 1/n is biased: E[Σ_i (x_i − x̄)²] = (n − 1)σ² for n independent draws.

x_1, …, x_n are declared independent draws of one law with mean μ and variance σ² (draws(...)), here
Uniform(μ − a, μ + a), whose variance is σ² = a²/3; independence is a premise of the declaration, and the
expectation strategy uses it (E[x_i x_j] = μ² for i ≠ j, μ² + σ² for i = j).  The proofs hold for every
n ≥ 2; the numbers evaluate each expectation as an n-dimensional certified integral, so they run at n = 2
and 3 only (only=...).
Dividing Σ_i (x_i − x̄)² by n − 1, not n, is what makes the estimate unbiased.
"""
from verifier import Σ, calc, draws, expected, index, mean, positive, real, size, uniform

n = size("n", low=2, only=(2, 3))
i, j = index("i j", n)
mu = real("mu")
a = positive("a", low=0.1, high=3)
x = draws("x", n, uniform(mu - a, mu + a))
variance = a ** 2 / 3                               # σ² of Uniform(μ − a, μ + a), by hand
x_bar = mean(x[j], j)

sum_of_squares_bias = (
    calc(expected(Σ((x[i] - x_bar) ** 2, i)),
         title="E[Σ_i (x_i − x̄)²] = (n − 1)σ² for independent draws",
         assumptions=["x_1, …, x_n independent, each with mean μ and variance σ²"])
    .eq(expected(Σ(x[i] ** 2, i) - n * x_bar ** 2),
        "Σ_i (x_i − x̄)² = Σ_i x_i² − 2x̄ Σ_i x_i + n x̄² = Σ_i x_i² − n x̄²")
    .eq(expected(Σ(x[i] ** 2, i)) - n * expected(x_bar ** 2), "E is linear")
    .eq(n * (mu ** 2 + variance) - n * (mu ** 2 + variance / n),
        "E[x_i²] = μ² + σ²; E[x̄²] = μ² + σ²/n, since Var(x̄) = σ²/n for independent draws")
    .eq((n - 1) * variance, "n σ² − σ²: the μ² terms cancel")
)

unbiased_estimate = (
    calc(expected(Σ((x[i] - x_bar) ** 2, i)) / (n - 1),
         title="Dividing by n − 1 gives an unbiased estimate of σ²",
         notes=["Numeric only: the step divides the cited fact sum_of_squares_bias by n − 1, and a citation "
                "does not yet carry a proof through that division; the expectation strategy alone does not "
                "expand E[Σ_i (x_i − x̄)²] in one step (sum_of_squares_bias does it in four)."])
    .eq(variance, "E[Σ_i (x_i − x̄)²] = (n − 1)σ²", by=[sum_of_squares_bias])
)

# The false twin: forgetting that x̄ is computed from the same draws (the classic mistake).
no_bias_twin = (
    calc(expected(Σ((x[i] - x_bar) ** 2, i)),
         title="a false twin: E[Σ_i (x_i − x̄)²] = nσ²")
    .eq(n * variance, "as if x̄ were the true mean μ", expect="refuted")
)
