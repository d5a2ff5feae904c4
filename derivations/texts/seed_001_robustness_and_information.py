r"""Seed 001 (苏剑林, "robustness and information content") as written: every display, imported by `python -m verifier import`.

    python -m verifier import derivations/texts/001_dcab543f7fb3c953.txt

The LaTeX of every step is the text's own (source=, beside each step).  Written by hand here: only the text's
premises, as declarations (below).  The claims register (derivations/_claims.py) takes each claim's status from
these lines where the display is imported; where it is not, the claim says which construct refused it.

Five displays: eqs. (1), (2) and (5) define o, õ and p_i (definitions, not claims).  Of eq. (3) only its first
equality is read; the rest is refused: `\mathbb` (the expectations 𝔼_i[…], 𝔼[e^ε]) is not read by the import.
Eq. (4), H = −Σ p_i log p_i ∈ [0, log n], is refused: `\quad\in[0,\log n]` beside the chain is a condition, not a
step.  The claims of those two displays rest on the hand-written derivations named in the register.
The read part of eq. (3) is kept as written (as_written): SymPy cancels the two 1/n at once, and the step would
compare õ with itself.  As written it only divides above and below by n, so it checks nothing, and no claim of the
register rests on it (the claims of eq. (3) are its ≈ and last equalities, which the import refuses).
"""
from sympy import cos

from verifier import as_written, calc, exp, index, log, positive, seed, size, vector, Σ  # noqa: F401

# ---- the text's premises, as declarations ----
# "what would happen if we added i.i.d. noise to s_i": n scores s_i ∈ ℝ with values v_i (one coordinate of each
# value vector: the output is taken coordinate by coordinate), and one noise ε_i per score; eq. (5): angles θ_i
# and a temperature τ > 0.  The noise's law (i.i.d., independent of s and v) matters only to the ≈ of eq. (3),
# which the import refuses.
n = size("n")
i, j, k = index("i j k", n)
s = vector("s", n)
varepsilon = vector("varepsilon", n)
v = vector("v", n)
theta = vector("theta", n)
tau = positive("tau", display="τ")

# ---- definitions from the text ----
o = Σ(v[i]*exp(s[i]), i)/Σ(exp(s[i]), i)  # eq. (1): o = \frac{\sum\limits_{i=1}^n e^{s_i} v_i}{\sum\limits_{i=1}^n e^{s_i}}
o_tilde = Σ(v[i]*exp(s[i] + varepsilon[i]), i)/Σ(exp(s[i] + varepsilon[i]), i)  # eq. (2): o_tilde = \frac{\sum\limits_{i=1}^n e^{s_i+\varepsilon_i} v_i}{\sum\limits_{i=1}^n e^{s_i+\varepsilon_i}}
def p(i):  # eq. (5): p_i = \frac{e^{(\cos\theta_i) / \tau}}{\sum\limits_{i=1}^n e^{(\cos\theta_i)/\tau}}
    return exp(cos(theta[i])/tau)/Σ(exp(cos(theta[j])/tau), j)


# eq. (3), line 12
eq_3 = (
    calc(o_tilde, title="eq. (3) of the text, as written (imported)", source=seed("001", "eq. (3)"), notes=['text before: where `\\varepsilon_i` is i.i.d. noise. However, after a bit of analysis I found that the conclusion is "not much happens" — the attention mechanism is naturally resistant to this kind of noise, i.e. `\\tilde{o}\\approx o`. To see why, we just need to realize that:'])
    .eq(as_written(lambda: (Σ(v[i]*exp(s[i] + varepsilon[i]), i)/n)/(Σ(exp(s[i] + varepsilon[i]), i)/n)), "“To see why, we just need to realize that”", unconfirmed=True, source=r"001_dcab543f7fb3c953.txt, eq. (3), line 12: `= \frac{\frac{1}{n}\sum\limits_{i=1}^n e^{s_i+\varepsilon_i} v_i}{\frac{1}{n}\sum\limits_{i=1}^n e^{s_i+\varepsilon_i}}`")
)

# NOT IMPORTED: line 12 (eq. (3)): `\mathbb` is not read by the import (unsupported construct)


# NOT IMPORTED: line 16 (eq. (4)): `\quad\in[0,\log n]` beside the chain is a condition its steps hold under: not read (declare it, then write the steps)

