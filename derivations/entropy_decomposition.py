"""The entropy of a scaled softmax, split into log n, a log-mean-exp and a mean score (000, eq. (2))."""
from verifier import Σ, calc, exp, index, log, positive, seed, size, vector

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
lam = positive("lambda")

Z = Σ(exp(lam * s[j]), j)        # the normaliser Σ_j e^{λ s_j}
p = exp(lam * s[i]) / Z          # p_i

entropy_decomposition = (
    calc(-Σ(p * log(p), i), title="Entropy of a scaled softmax", source=seed("000", "eq. (2)"),
         notes=["The same two equalities as the text's eq. (2), which is also checked as the text writes it "
                "('eq. (2) of the text, as written'); this copy gives each step its reason, and it is the one "
                "other derivations cite (the bound H ≥ log n − λ(s_max − s̄) uses it)."])
    .eq(log(Σ(exp(lam * s[i]), i)) - lam * Σ(p * s[i], i),              "log p_i = λ s_i − log Z, and Σ_i p_i = 1")
    .eq(log(n) + log(Σ(exp(lam * s[i]), i) / n) - lam * Σ(p * s[i], i),  "log Z = log n + log((1/n) Z)")
)
