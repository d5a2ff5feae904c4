"""Two facts every softmax derivation leans on: the weights sum to one, and a shift does nothing."""
from verifier import Σ, calc, exp, index, positive, real, seed, size, vector

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
lam = positive("lambda")
c = real("c")

p = exp(lam * s[i]) / Σ(exp(lam * s[j]), j)

weights_sum_to_one = (
    calc(Σ(p, i), title="Softmax weights sum to one", source=seed("000", "definition of p_i"))
    .eq(1, "Σ_i e^{λ s_i} is the normaliser itself")
)

shift_invariance = (
    calc(exp(lam * (s[i] + c)) / Σ(exp(lam * (s[j] + c)), j),
         title="Softmax is invariant to adding a constant to every score",
         source=seed("000", "definition of p_i"))
    .eq(p, "e^{λc} factors out of every term and cancels")
)
