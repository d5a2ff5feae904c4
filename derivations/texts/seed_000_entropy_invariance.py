r"""Seed 000 (苏剑林, "entropy-invariant softmax") as written: every display, imported by `python -m verifier import`.

    python -m verifier import derivations/texts/000_ca974c2c5f958f3e.txt \
        --meanings derivations/texts/000_ca974c2c5f958f3e.meanings.json

The LaTeX of every step is the text's own (source=, beside each step); the sidecar gives each ≈ its meaning and
eq. (6)'s ∝ what it is taken in.  What is written by hand here is only what the text states in words: its
premises, as declarations (s_1, …, s_n ∈ ℝ, a scaling factor λ > 0; before eq. (6), the requirement that removes
n and ⟨q, k⟩ ∝ d), and the hand-written proofs each line cites with by= (derivations/mean_field.py).  The claims
register (derivations/_claims.py) takes each claim's status from these lines.

Eq. (1), Attention(Q,K,V) = softmax(κ log n/d · QK^⊤)V, is read by the import as defining the function Attention
(a word applied to its parameters on the left): a definition, no claim; no other display applies it, so its body (a
matrix product with a transpose) is not read.  Its content, λ = κ log n/d, is eq. (6).
"""
from derivations.entropy_decomposition import i, j, lam, n, s
from derivations.mean_field import entropy_lower_bound, mean_field_jensen, softmax_mean_below_max
from verifier import calc, exp, index, log, max_over, mean, one_sided, oo, positive, real, seed, series_order, size, tends, Σ

# ---- the text's premises, as declarations ----
# "directly assume s_1, s_2, …, s_n ∈ ℝ": n a length, s a real vector; "a scaling factor λ": λ > 0.  They are the
# objects of derivations/entropy_decomposition.py, so the lines below can cite the hand-written proofs.
k = index("k", n)
s_bar = mean(s[k], k)                         # \bar{s}: the mean of the scores
s_max = max_over(s[k], k)                     # s_{\max}: the largest score
d = positive("d", low=1, high=4096)           # "d is the vector dimension"

# ---- definitions from the text ----
def p(i):  # line 7: p_i = \frac{e^{\lambda s_i}}{\sum_{i=1}^n e^{\lambda s_i}}
    return exp(lam*s[i])/Σ(exp(lam*s[j]), j)

H = -Σ(p(i)*log(p(i)), i)  # eq. (2): H = -\sum_{i=1}^n p_i \log p_i

# eq. (2), line 9
eq_2 = (
    calc(-Σ(p(i)*log(p(i)), i), title="eq. (2) of the text, as written", source=seed("000", "eq. (2)"), notes=[r"text before: Obviously, this is the result of applying Softmax to `s_1, s_2, \dots, s_n` after multiplying them by a scaling factor `\lambda`. Now let us calculate its entropy:"])
    .eq(-lam*Σ(p(i)*s[i], i) + log(Σ(exp(lam*s[i]), i)), "the text's entropy computation: log p_i = λ s_i − log Σ_j e^{λ s_j}, and Σ_i p_i = 1", source=r"000_ca974c2c5f958f3e.txt, eq. (2), line 9: `= \log\sum_{i=1}^n e^{\lambda s_i} - \lambda\sum_{i=1}^n p_i s_i`")
    .eq(-lam*Σ(p(i)*s[i], i) + log(n) + log(Σ(exp(lam*s[i]), i)/n), "log Σ_i e^{λ s_i} = log n + log((1/n) Σ_i e^{λ s_i})", source=r"000_ca974c2c5f958f3e.txt, eq. (2), line 10: `= \log n + \log\frac{1}{n}\sum_{i=1}^n e^{\lambda s_i} - \lambda\sum_{i=1}^n p_i s_i`")
)

# eq. (3), line 14
eq_3 = (
    calc(log(Σ(exp(lam*s[i]), i)/n), title="eq. (3) of the text, as written", source=seed("000", "eq. (3)"), display=r"\log\frac{1}{n}\sum_{i=1}^n e^{\lambda s_i}", notes=['text before: The term inside the first `\\log` is "exponentiate then average." we use "average then exponentiate" (mean-field) to approximate it:'])
    .approx(log(exp(Σ(lam*s[i], i)/n)), "“average then exponentiate” (mean-field)", meaning=[tends(lam, 0), series_order(lam, 0, 2), one_sided('>=')], by=[mean_field_jensen], source=r"000_ca974c2c5f958f3e.txt, eq. (3), line 14: `\approx \log\exp\left(\frac{1}{n}\sum_{i=1}^n \lambda s_i\right)`", display=r"\log\exp\left(\frac{1}{n}\sum_{i=1}^n \lambda s_i\right)")  # meaning given in the meanings file
    .eq(lam*s_bar, "log exp x = x, and (1/n) Σ λ s_i = λ s̄, the mean", source=r"000_ca974c2c5f958f3e.txt, eq. (3), line 14: `= \lambda \bar{s}`", display=r"\lambda \bar{s}")
)

# eq. (4), line 17
eq_4 = (
    calc(lam*Σ(p(i)*s[i], i), title="eq. (4) of the text, as written", source=seed("000", "eq. (4)"), notes=['text before: Furthermore, we know that Softmax tends to focus on the `\\max` element (refer to "Discussion on Function Smoothing: Differentiable Approximation of Non-differentiable Functions"), so we have the approximation:'])
    .approx(lam*s_max, "Softmax tends to focus on the max element", meaning=[tends(lam, oo), one_sided('<=')], by=[softmax_mean_below_max], source=r"000_ca974c2c5f958f3e.txt, eq. (4), line 17: `\approx \lambda s_{\max}`")  # meaning given in the meanings file
)

# eq. (5), line 19
eq_5 = (
    calc(H, title="eq. (5) of the text, as written", source=seed("000", "eq. (5)"), notes=["text before: Therefore:"])
    .approx(-lam*(s_max - s_bar) + log(n), "eqs. (2)-(4) together", meaning=[one_sided('>=')], by=[entropy_lower_bound], source=r"000_ca974c2c5f958f3e.txt, eq. (5), line 19: `\approx \log n - \lambda(s_{\max} - \bar{s})`")  # meaning given in the meanings file
)

# ---- eq. (6)'s premises, as the text states them in the sentences before it ----
# "eliminate the influence of the length n": eq. (5)'s entropy log n − λ(s_max − s̄) is held at one value H₀ for
# every n; "⟨q, k⟩ ∝ d (d the vector dimension)": s_max − s̄ = δ·d, δ > 0 depending on neither n nor d.  λ is then
# the root of log n − λ δ d = H₀ (entropy_scale.target_entropy_scale shows it is the only one).  H₀ and δ stay free,
# as the text leaves them (its κ in eq. (1)).  A length that log n can divide is n ≥ 2.
n = size("n", low=2)
H0 = real("H_0")
delta = positive("delta")
lam = (log(n) - H0) / (delta * d)

# eq. (6), line 21
eq_6 = (
    calc(lam, title="eq. (6) of the text, as written", source=seed("000", "eq. (6)"), notes=[r"text before: The so-called entropy invariance is the desire to eliminate the influence of the length `n` as much as possible. Thus, according to the above equation, we need `\lambda \propto \log n`. If we place this back into the context of the attention mechanism, the form of `s` is such that `\langle \boldsymbol{q}, \boldsymbol{k}\rangle \propto d` (where `d` is the vector dimension), so we need `\lambda \propto \frac{1}{d}`. Combining these, we get:",
        "What is checked: the proportionality in d (λ·d is free of d).  In n the step is not checked as a "
        "proportionality: λ = (log n − H₀)/(δ d) is affine in log n, and proportional to it only when H₀ = 0 "
        "(derivation scale_not_proportional_to_log_n refutes λ ∝ log n exactly)."])
    .propto(log(n)/d, "combining λ ∝ log n and λ ∝ 1/d", wrt=(d,), source=r"000_ca974c2c5f958f3e.txt, eq. (6), line 21: `\propto \frac{\log n}{d}`")  # wrt given in the meanings file
)

# eq. (1): Attention(Q,K,V) = softmax(κ log n/d · QK^⊤)V, line 3: read as defining the function Attention of Q, K, V
# (a definition, not a claim); no other display applies Attention, so its body is not read

