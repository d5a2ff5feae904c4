r"""Seed 001 (苏剑林, "robustness and information content") as written: every display, imported by `python -m verifier import`.

    python -m verifier import derivations/texts/001_dcab543f7fb3c953.txt

The LaTeX of every step is the text's own (source=, beside each step).  Written by hand here: only the text's
premises, as declarations (below).  The claims register (derivations/_claims.py) takes each claim's status from
these lines where the display is imported; where it is not, the claim says which construct refused it.

Five displays: eqs. (1) and (2) define o and õ (definitions, not claims).  Of eq. (3) only its first equality is
taken in.  The import reads every side of it (𝔼_i[…] as the mean over i the display writes, 𝔼[e^ε] as a quantity of
the noise's law), but its ≈ is a statement about that law (the expectation of a product of independent factors) with
no meaning the project can state, so here it would be a step error; and 𝔼[e^ε] cancels as the sides are built, so
the last equalities would be restatements that hide the condition 0 < 𝔼[e^ε] < ∞ under which they hold.  Its claims
rest on the hand-written derivations named in the register.  Eq. (4), H = −Σ p_i log p_i ∈ [0, log n], defines H and
claims 0 ≤ −Σ p_i log p_i ≤ log n (the `\quad\in[0,\log n]` after the chain), for the p_i the text defines in the
sentence before it; the import reads that sentence's p_i = e^{s_i}/Σ e^{s_i} only as a proposed condition, so it is
written here as a premise.  Eq. (5) gives p_i again, for the temperature τ; the import reads it as defining p again
from that display on (not a claim; no display after it writes p); the register lists it as a definition (001-eq5),
and the claims about τ = 1 take it as their premise.
The read part of eq. (3) is kept as written (as_written): SymPy cancels the two 1/n at once, and the step would
compare õ with itself.  As written it only divides above and below by n, so it checks nothing, and no claim of the
register rests on it (the claims of eq. (3) are its ≈ and last equalities, not taken in: see above).
"""
from derivations.entropy_bounds import entropy_at_most_log_n, entropy_nonnegative
from verifier import as_written, calc, exp, index, log, seed, size, vector, Σ  # noqa: F401

# ---- the text's premises, as declarations ----
# "what would happen if we added i.i.d. noise to s_i": n scores s_i ∈ ℝ with values v_i (one coordinate of each
# value vector: the output is taken coordinate by coordinate), and one noise ε_i per score.  The noise's law (i.i.d.,
# independent of s and v) matters only to the ≈ of eq. (3), not taken in here.  Before eq. (4): "If we let p_i = e^{s_i}/Σ_{i=1}^n e^{s_i}, then p_i describes a discrete
# probability distribution" (line 15, in the sentence, not a display).
n = size("n")
i, j, k = index("i j k", n)
s = vector("s", n)
varepsilon = vector("varepsilon", n)
v = vector("v", n)

# ---- definitions from the text ----
o = Σ(v[i]*exp(s[i]), i)/Σ(exp(s[i]), i)  # eq. (1): o = \frac{\sum\limits_{i=1}^n e^{s_i} v_i}{\sum\limits_{i=1}^n e^{s_i}}
o_tilde = Σ(v[i]*exp(s[i] + varepsilon[i]), i)/Σ(exp(s[i] + varepsilon[i]), i)  # eq. (2): o_tilde = \frac{\sum\limits_{i=1}^n e^{s_i+\varepsilon_i} v_i}{\sum\limits_{i=1}^n e^{s_i+\varepsilon_i}}
def p(i):  # line 15: p_i = e^{s_i}\left/\sum\limits_{i=1}^n e^{s_i}\right.
    return exp(s[i])/Σ(exp(s[j]), j)


H = -Σ(p(i)*log(p(i)), i)  # eq. (4): H = -\sum_{i=1}^n p_i\log p_i


# eq. (3), line 12
eq_3 = (
    calc(o_tilde, title="eq. (3) of the text, as written", source=seed("001", "eq. (3)"), notes=['text before: where `\\varepsilon_i` is i.i.d. noise. However, after a bit of analysis I found that the conclusion is "not much happens" — the attention mechanism is naturally resistant to this kind of noise, i.e. `\\tilde{o}\\approx o`. To see why, we just need to realize that:'])
    .eq(as_written(lambda: (Σ(v[i]*exp(s[i] + varepsilon[i]), i)/n)/(Σ(exp(s[i] + varepsilon[i]), i)/n)), "divide above and below by n", unconfirmed=True, source=r"001_dcab543f7fb3c953.txt, eq. (3), line 12: `= \frac{\frac{1}{n}\sum\limits_{i=1}^n e^{s_i+\varepsilon_i} v_i}{\frac{1}{n}\sum\limits_{i=1}^n e^{s_i+\varepsilon_i}}`", display=r"\frac{\frac{1}{n}\sum_{i=1}^n e^{s_i+\varepsilon_i} v_i}{\frac{1}{n}\sum_{i=1}^n e^{s_i+\varepsilon_i}}")
)

# eq. (3) past its first equality, line 12: read by the import, not taken in here (its ≈ has no meaning the project
# can state, and 𝔼[e^ε] cancels as its sides are built: see the header)


# eq. (4), line 16
eq_4 = (
    calc(0, title="eq. (4) of the text, as written: 0 ≤ H ≤ log n", source=seed("001", "eq. (4)"), notes=["text before (after the heading Information Content): If we let p_i = e^{s_i} / Σ_i e^{s_i}, then p_i describes a discrete probability distribution, and we can compute its information entropy"])
    .le(H, "H ≥ 0: each −p_i log p_i ≥ 0, since 0 < p_i ≤ 1", by=[entropy_nonnegative], source=r"001_dcab543f7fb3c953.txt, eq. (4), line 16: `\leq -\sum_{i=1}^n p_i\log p_i`")
    .le(log(n), "H ≤ log n (Gibbs' inequality)", by=[entropy_at_most_log_n], source=r"001_dcab543f7fb3c953.txt, eq. (4), line 16: `\leq \log n`")
)


# eq. (5): p_i = e^{cos θ_i/τ}/Σ e^{cos θ_i/τ}, line 20: read by the import as defining p again from this display on
# (the text says "Let"): not a claim; no display after it writes p

