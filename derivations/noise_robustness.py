"""Softmax attention barely moves under i.i.d. noise on the scores (001, "Robustness", eq. (3)).

The seed's chain  õ = E_i[e^{s+ε}v]/E_i[e^{s+ε}] ≈ E_i[e^s v]E[e^ε]/(E_i[e^s]E[e^ε]) = o
is checked in pieces, because its ≈ is a law of large numbers about random noise,
which no deterministic check of a single expression can decide:

  * the chain itself, made exact: õ = o + R with the remainder R written out;
  * the factoring step in expectation (ε ⫫ (s, v) ⇒ E[e^{s+ε}v] = E[e^s v]E[e^ε]),
    written with unevaluated expectations over declared laws (independence a stated premise),
    for Gaussian and uniform noise;
  * the ≈ as a limit in the size h ~ n^{−1/2} of the fluctuations, with its
    first-order (delta-method) term;
  * the rate n^{−1/2}, measured by seeded Monte Carlo (numeric evidence only);
  * where it breaks: noise correlated with the scores (refuted) and Student-t
    noise, whose E[e^ε] is infinite.
"""
import sympy as sp

from derivations import _noise_experiments as mc
from verifier import (Limit, Series, Σ, bernoulli, calc, draws, exp, expected, independent_variables, index, interval, log,
                      mean, nonnegative, normal, pi, positive, random_variable, real, seed, size, sqrt, uniform,
                      vector)

SOURCE = seed("001", "Robustness, eq. (3)")

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
v = vector("v", n)
eps = vector("epsilon", n, low=-2, high=2, display="varepsilon")        # one draw of the noise, as numbers
M = positive("M", low=0.2, high=5)                # M = E[e^ε], a constant of the noise law


def ratio(top, bottom):
    """top / bottom, kept as written so the step reads like the seed."""
    return sp.Mul(top, sp.Pow(bottom, -1, evaluate=False), evaluate=False)


def times(*factors):
    return sp.Mul(*factors, evaluate=False)


o = Σ(exp(s[j]) * v[j], j) / Σ(exp(s[j]), j)            # clean attention output
o_noisy = Σ(exp(s[i] + eps[i]) * v[i], i) / Σ(exp(s[i] + eps[i]), i)

A = mean(exp(s[i]) * v[i], i)                       # E_i[e^s v]
B = mean(exp(s[i]), i)                              # E_i[e^s]
dN = mean(exp(s[i]) * v[i] * (exp(eps[i]) - M), i)  # ΔN = E_i[e^s v (e^ε − M)], fluctuation of the numerator
dD = mean(exp(s[i]) * (exp(eps[i]) - M), i)         # ΔD = E_i[e^s (e^ε − M)], fluctuation of the denominator

# The seed's step 3 splits e^{ε_i} into its mean M and a fluctuation e^{ε_i} − M and
# then drops the fluctuation terms.  Keeping them makes every step exact; what the
# seed's ≈ claims is then precisely that the remainder R below is small.
R = ratio(mean(exp(s[i]) * (v[i] - o) * (exp(eps[i]) - M), i), mean(exp(s[i] + eps[i]), i))

noisy_attention_output = (
    calc(o_noisy, title="Noisy attention output: the text's chain, made exact",
         source=SOURCE,
         notes=[
             "o = Σ e^{s_i} v_i / Σ e^{s_i}; õ is the same with i.i.d. noise ε_i added to every score s_i. "
             "v_i is a scalar: a vector v is the same identity componentwise.",
             "E_i[·] is the empirical mean over i, (1/n) Σ_i (·); M stands for E[e^ε], a constant of the noise law.",
             "Why no ≈ here: the text's ≈ (the third relation of its eq. (3)) is a law of large numbers about random ε_i.  Checked on a "
             "single deterministic draw of ε it is simply false, and a limit as n → ∞ with ε replaced by numbers "
             "would test a different claim.  So the chain keeps the terms the text drops and is exact: "
             "õ = o + R with R = E_i[e^s (v − o)(e^ε − M)] / E_i[e^{s+ε}].  The text's ≈ is the claim R → 0.",
             "Eq. (3) of the text has five relations: = (divide by n), = (name the empirical mean), ≈ (factor "
             "E[e^ε] out), = (E[e^ε] cancels) and = o.  The first two are notation, folded into this chain's step 1, "
             "which is the exact content of the ≈ (split e^ε into its mean and a fluctuation, keeping the "
             "fluctuation); this chain's step 2 is the last two (E[e^ε] cancels, = o), made exact as o + R.",
             "The claim R → 0 is split into checked pieces: (a) factoring_gaussian_noise, factoring_uniform_noise "
             "prove, with expectations over stated laws, that each summand e^{s}(v − o)(e^ε − M) of R's numerator has mean zero "
             "when ε ⫫ (s, v) (E[e^{s+ε}v] = E[e^s v]E[e^ε]); (b) remainder_is_first_order_in_the_fluctuations "
             "proves that fluctuations of size h move õ by O(h), and the Monte Carlo attached to it measures "
             "h ~ n^{−1/2} (numeric).  Where it breaks: factoring_fails_for_correlated_noise (refuted) and "
             "student_t_noise_has_no_exponential_moment.",
         ])
    .eq(ratio(times(A, M) + dN, times(B, M) + dD),
        "multiply top and bottom by 1/n (E_i[x] = (1/n) Σ_i x, the empirical mean over i), and write "
        "e^{ε_i} = M + (e^{ε_i} − M): the text's factored term plus a fluctuation term, top and bottom",
        display=r"\frac{\mathrm{E}_i[e^{s} v]\,M + \mathrm{E}_i[e^{s} v\,(e^{\varepsilon} - M)]}"
                r"{\mathrm{E}_i[e^{s}]\,M + \mathrm{E}_i[e^{s}(e^{\varepsilon} - M)]}")
    .eq(o + R,
        "exact remainder: (AM + ΔN)/(BM + ΔD) − AM/(BM) = (ΔN − o ΔD)/E_i[e^{s+ε}], where "
        "ΔN − o ΔD = E_i[e^s (v − o)(e^ε − M)] is a mean of terms with mean zero when ε ⫫ (s, v); "
        "and M = E[e^ε] cancels from the text's factored term AM/(BM), which is o",
        assume="0 < E[e^ε] < ∞ (M is a positive real)",
        display=r"o + \frac{\mathrm{E}_i[e^{s}(v - o)(e^{\varepsilon} - M)]}{\mathrm{E}_i[e^{s+\varepsilon}]}",
        survives={
            'constant -1 → -1 + 1': "equivalent: Σ_i e^{s_i}(v_i − o) = 0, so the M term of R's numerator is 0 whatever its coefficient",
            'constant -1 → -1 · (1 + 10⁻⁶)': "equivalent: Σ_i e^{s_i}(v_i − o) = 0, so the M term of R's numerator is 0 whatever its coefficient"})
)


# --- 3(a): the factoring step in expectation, over declared laws ----------------------------------
# (s, v) follows a two-point joint law: (s₀, v₀) with probability 1 − θ, (s₁, v₁) with probability θ, chosen by
# a coin K (shown as θ: p is the softmax weight throughout the source).  s and v are fully dependent on each
# other; only ε is independent of them, and that independence is
# the premise the declarations state (independent_variables), printed with each derivation's assumptions.
p = interval("p", 0.05, 0.95, positive=True, display="θ")
s0, s1, v0, v1 = real("s_0 s_1 v_0 v_1")
sigma = positive("sigma", low=0.05, high=3)
a = positive("a", low=0.05, high=3)
K, Eps_gauss = independent_variables(("K", bernoulli(p)), ("varepsilon", normal(0, sigma)))
K_U, Eps_unif = independent_variables(("K", bernoulli(p)), ("varepsilon_U", uniform(-a, a)))


def two_point(coin):
    """(s, v) as functions of the coin: s₀ + (s₁ − s₀)K, v₀ + (v₁ − v₀)K."""
    return s0 + (s1 - s0) * coin, v0 + (v1 - v0) * coin


S_rv, V_rv = two_point(K)
S_U, V_U = two_point(K_U)
E_esv = (1 - p) * exp(s0) * v0 + p * exp(s1) * v1          # E[e^s v] for the two-point law, by hand
expect = expected                                           # E[·], unevaluated: checked step by step

factoring_gaussian_noise = (
    calc(expected(exp(S_rv + Eps_gauss) * V_rv),
         title="Factoring in expectation, Gaussian noise: E[e^{s+ε}v] = E[e^s v]·E[e^ε]",
         source=SOURCE, display=r"\mathrm{E}\bigl[e^{s+\varepsilon} v\bigr]",
         notes=["Every expectation is an E[·] over the stated laws.  Each step follows from linearity of E, the "
                "independence of ε and K, the normal moment generating function and the exact finite sum over the "
                "coin; the numbers evaluate each E from its definition (the sum over K, the integral against the "
                "normal density).",
                "Law: (s, v) = (s₀, v₀) w.p. 1 − θ and (s₁, v₁) w.p. θ (a coin K ~ Bernoulli(θ)); ε ~ N(0, σ²), "
                "σ its standard deviation, independent of K, hence of (s, v).",
                "This is the text's factoring step as an exact identity of expectations.  It says nothing about "
                "a single draw at finite n: that is the Monte Carlo's job.",
                "Step 1 is where independence is used: it factors only because ε and K are independent "
                "(for ε = c·s + η it is false: factoring_fails_for_correlated_noise).  Step 2 is the closed form "
                "written by hand."],
         assumptions=["ε ⫫ (s, v)"])
    .eq(expected(exp(S_rv) * V_rv) * expected(exp(Eps_gauss)),
        "ε is independent of (s, v): the expectation of the product is the product of expectations",
        assume="ε independent of (s, v)", display=r"\mathrm{E}\bigl[e^{s} v\bigr]\,\mathrm{E}\bigl[e^{\varepsilon}\bigr]")
    .eq(E_esv * exp(sigma ** 2 / 2),
        "E[e^ε] = e^{σ²/2} (the normal moment generating function at 1) and "
        "E[e^s v] = (1 − θ) e^{s₀} v₀ + θ e^{s₁} v₁, both written by hand")
)

factoring_uniform_noise = (
    calc(expected(exp(S_U + Eps_unif) * V_U),
         title="Factoring in expectation, uniform noise: E[e^{s+ε}v] = E[e^s v]·E[e^ε]",
         source=SOURCE, display=r"\mathrm{E}\bigl[e^{s+\varepsilon_U} v\bigr]",
         notes=["As for Gaussian noise, with ε ~ Uniform(−a, a) independent of the coin K (hence of (s, v)); "
                "each step follows from linearity of E and that independence, and the numbers evaluate every E "
                "from its definition (certified integrals over [−a, a], exact sums over K).",
                "Step 1 uses the independence; step 2, the closed form written by hand, is the other "
                "place it can fail."],
         assumptions=["ε ⫫ (s, v)"])
    .eq(expected(exp(S_U) * V_U) * expected(exp(Eps_unif)),
        "ε is independent of (s, v): the expectation of the product is the product of expectations",
        assume="ε independent of (s, v)", display=r"\mathrm{E}\bigl[e^{s} v\bigr]\,\mathrm{E}\bigl[e^{\varepsilon_U}\bigr]")
    .eq(E_esv * (exp(a) - exp(-a)) / (2 * a),
        "E[e^ε] = (e^a − e^{−a})/(2a) = sinh(a)/a for ε ~ Uniform(−a, a) and "
        "E[e^s v] = (1 − θ) e^{s₀} v₀ + θ e^{s₁} v₁, both written by hand")
)

# Where it breaks: noise that follows the scores.  ε = c·s + η, η ~ N(0, σ²) declared independent of (s, v).
c = interval("c", 0.25, 1.5)
K_C, Eta = independent_variables(("K", bernoulli(p)), ("eta", normal(0, sigma)))
S_C, V_C = two_point(K_C)

factoring_fails_for_correlated_noise = (
    calc(expected(exp(S_C + (c * S_C + Eta)) * V_C),
         title="Correlated noise ε = c·s + η: the factoring step is false",
         source=SOURCE, display=r"\mathrm{E}\bigl[e^{s + (c s + \eta)}\, v\bigr]",
         notes=["ε_i = c s_i + η_i is not independent of s_i (c ≠ 0), so the text's step 3 loses its premise; only "
                "η is independent of (s, v).",
                "The first step writes the true E[e^{s+ε}v] by hand; the second claims the text's factored value "
                "E[e^s v]·E[e^ε], with E[e^ε] = E[e^{cs}]·E[e^η] = E[e^{cs}] e^{σ²/2} (η ⫫ s, and the normal "
                "moment generating function proved in factoring_gaussian_noise), and must come out refuted with "
                "a concrete counterexample.",
                "In effect the noise rescales the scores, s + ε = (1 + c)s + η: õ tends to attention at "
                "temperature 1/(1 + c), not to o (see the Monte Carlo below: the error stops shrinking)."],
         assumptions=["ε = c s + η with η ⫫ (s, v) and c ≠ 0"])
    .eq(((1 - p) * exp((1 + c) * s0) * v0 + p * exp((1 + c) * s1) * v1) * exp(sigma ** 2 / 2),
        "the exact value: e^{s+ε} = e^{(1+c)s}·e^{η}, and η is independent of (s, v)")
    .eq(expected(exp(S_C) * V_C) * expected(exp(c * S_C)) * exp(sigma ** 2 / 2),
        "the text's factoring E[e^s v]·E[e^ε], applied although ε depends on s "
        "(E[e^ε] = E[e^{cs}]·E[e^η], E[e^η] = e^{σ²/2})",
        assume="ε = c s + η is correlated with s", expect="refuted",
        display=r"\mathrm{E}\bigl[e^{s} v\bigr]\,\mathrm{E}\bigl[e^{c s}\bigr]\,e^{\sigma^{2}/2}")
    .experiment("Correlated noise: the error does not shrink with n",
                "the text's claim, applied to ε_i = c s_i + η_i: RMS |õ − o| shrinks like n^{−1/2} "
                f"(fitted slope within {mc.RATE_TOLERANCE:g} of −1/2)",
                mc.correlated_noise, expect_refuted=True)
)


# --- 3(b): the ≈ itself, as a limit in the size of the fluctuations ------------------------------
# In the exact chain õ = (A M + ΔN)/(B M + ΔD).  Under ε ⫫ (s, v) the fluctuations ΔN, ΔD are means of
# n independent mean-zero terms, so ΔN = h u and ΔD = h w with h = n^{−1/2} and u, w of order one.
# What remains deterministic, and is proved here, is how õ depends on h; that h really is ~ n^{−1/2}
# is measured by the Monte Carlo attached below (numeric).
A_ = real("A")                                  # E_i[e^s v]
B_ = positive("B", low=2, high=10)              # E_i[e^s]
u, w = real("u w")                              # √n ΔN and √n ΔD
h = positive("h", low=0.001, high=0.1)          # n^{−1/2}

remainder_is_first_order_in_the_fluctuations = (
    calc(ratio(times(A_, M) + h * u, times(B_, M) + h * w),
         title="The text's ≈: fluctuations of size h = n^{−1/2} move õ by O(h)",
         source=SOURCE,
         notes=["A = E_i[e^s v], B = E_i[e^s] > 0, M = E[e^ε] > 0; h u and h w are the fluctuation terms ΔN, ΔD "
                "of noisy_attention_output, written at their natural scale h = n^{−1/2}.",
                "The first ≈ is the delta method: õ − o ≈ h (u − o w)/(B M) = Σ_i p_i (v_i − o)(e^{ε_i}/M − 1), "
                "whose conditional variance is Var(e^ε)/M² · Σ_i p_i² (v_i − o)² (see "
                "gaussian_noise_relative_variance and independent_fluctuations_add_in_variance).",
                "The experiments are seeded Monte Carlo: numeric evidence that the fluctuations are O(n^{−1/2}), "
                "never proof, which is why the result as a whole is marked numeric."])
    .approx(A_ / B_ + h * (u - A_ / B_ * w) / (B_ * M), "first order in h (the delta method)",
            meaning=[Series(h, 0, 2)])
    .approx(A_ / B_, "drop the O(h) term: the text's factored form A M/(B M), where M = E[e^ε] cancels",
            meaning=[Series(h, 0, 1), Limit(h, 0)], assume="0 < E[e^ε] < ∞")
    .experiment("Independent Gaussian noise, σ ≤ 1: the error shrinks like n^{−1/2}",
                f"for σ ∈ {{0.1, 0.5, 1}} the slope of log RMS |õ − o| against log n (n ≥ {mc.FIT_FROM}) "
                f"is within {mc.RATE_TOLERANCE:g} of −1/2",
                mc.rate_small_noise)
    .experiment("Independent Gaussian noise, σ = 2: the n^{−1/2} regime is not reached by n = 65536",
                f"for σ = 2 the error falls with n, but more slowly than n^{{−1/2}}: fitted slope "
                f"(n ≥ {mc.PRACTICAL_FROM}) between −{0.5 - mc.RATE_TOLERANCE:g} and 0",
                mc.rate_large_noise)
    .experiment("Delta method against the Monte Carlo",
                f"for σ ∈ {{0.1, 0.5}} and n ≥ {mc.PRACTICAL_FROM}, RMS |õ − o| is within "
                f"{100 * mc.DELTA_TOLERANCE:g}% of √((e^{{σ²}} − 1) E Σ_i p_i² (v_i − o)²)",
                mc.delta_method_check)
)

# The two noise facts the delta-method variance uses.
gaussian_noise_relative_variance = (
    calc((expected(exp(2 * Eps_gauss)) - expected(exp(Eps_gauss)) ** 2) / expected(exp(Eps_gauss)) ** 2,
         title="Gaussian noise: Var(e^ε)/E[e^ε]² = e^{σ²} − 1",
         source=SOURCE,
         notes=["ε ~ N(0, σ²); each E is unevaluated (the normal moment generating function proves it, the "
                "integral against the normal density gives its numbers).  This is the factor by which the noise "
                "inflates the variance of õ − o to first order; it is small for σ ≪ 1 and 54 at σ = 2."])
    .eq((exp(2 * sigma ** 2) - exp(sigma ** 2)) / exp(sigma ** 2), "E[e^{2ε}] = e^{2σ²}, E[e^ε]² = e^{σ²}")
    .eq(exp(sigma ** 2) - 1, "divide")
)

a1, a2 = real("a_1 a_2")
U1, U2 = random_variable("varepsilon_1 varepsilon_2", uniform(-a, a), independent=True)
M_unif = (exp(a) - exp(-a)) / (2 * a)                 # E[e^ε] for ε ~ Uniform(−a, a), by hand

independent_fluctuations_add_in_variance = (
    calc(expected((a1 * (exp(U1) - M_unif) + a2 * (exp(U2) - M_unif)) ** 2),
         display=r"\mathrm{E}\Bigl[\bigl(a_1 (e^{\varepsilon_1} - M) + a_2 (e^{\varepsilon_2} - M)\bigr)^{2}\Bigr],"
                 r"\quad M = \frac{e^{a} - e^{-a}}{2a}",
         title="Independent fluctuations add in variance: E[(Σ a_i (e^{ε_i} − M))²] = Σ a_i² Var(e^ε), n = 2",
         source=SOURCE,
         notes=["ε₁, ε₂ i.i.d. Uniform(−a, a), independent.  The cross term vanishes "
                "because each fluctuation has mean zero (M = E[e^ε] is written by hand) and they are independent; "
                "the same computation for general n is the standard variance-of-a-sum identity, which is what "
                "makes ΔN, ΔD of order n^{−1/2}.",
                "Scope: n = 2 only."],
         assumptions=["ε₁ ⫫ ε₂, identically distributed"])
    .eq((a1 ** 2 + a2 ** 2) * (expected(exp(2 * U1)) - expected(exp(U1)) ** 2),
        "the cross term 2 a₁a₂ E[e^{ε₁} − M] E[e^{ε₂} − M] is zero; Var(e^ε) = E[e^{2ε}] − E[e^ε]²",
        assume="ε₁ independent of ε₂")
)


# The same for every n: the expectation rule E[X_i X_j] = V δ_ij (X_i = e^{ε_i} − M independent, mean zero,
# Var X_i = V) is what the n = 2 expectation step above checks; what remains for generic n is the
# algebra of the double sum, proved here with a free n.
alpha = vector("alpha", n, display="a")            # the coefficients a_i of the fluctuations
Var_noise = positive("V")                          # V = Var(e^ε)

fluctuation_variance_generic_n = (
    calc(Σ(Σ(alpha[i] * alpha[j] * Var_noise * sp.KroneckerDelta(i, j), j), i),
         title="Var(Σ_i a_i (e^{ε_i} − M)) = V Σ_i a_i² for every n",
         source=SOURCE,
         notes=["The start is E[(Σ_i a_i X_i)²] = Σ_i Σ_j a_i a_j E[X_i X_j] with E[X_i X_j] = V δ_ij for independent, "
                "mean-zero X_i = e^{ε_i} − M of variance V = Var(e^ε) (independent_fluctuations_add_in_variance "
                "checks that rule as an expectation at n = 2).",
                "With a_i = p_i (v_i − o)/M this is the delta-method variance of õ − o: "
                "Var(e^ε)/M² · Σ_i p_i² (v_i − o)²."],
         assumptions=["ε_1, …, ε_n independent and identically distributed"])
    .eq(Var_noise * Σ(alpha[i] ** 2, i), "only the terms with j = i survive")
)

# The same rule as an expectation over n independent draws, for every n: no Kronecker delta standing in for
# E[X_i X_j]; the δ_ij comes out of the declaration (entries of one vector of draws are the same draw when i = j,
# independent otherwise).
eps_draws = draws("varepsilon", n, uniform(-a, a))

fluctuation_variance_as_an_expectation = (
    calc(expected(Σ(alpha[i] * (exp(eps_draws[i]) - M_unif), i) ** 2),
         title="E[(Σ_i a_i (e^{ε_i} − M))²] = Var(e^ε) Σ_i a_i² for every n, over independent draws",
         source=SOURCE,
         notes=["ε_1, …, ε_n are independent draws of Uniform(−a, a); M = E[e^ε] is written by "
                "hand.  The step expands the square into Σ_i Σ_j, splits E[X_i X_j] on i = j (the same "
                "draw) and i ≠ j (independent, so the mean-zero factors kill the term), and uses the uniform law's "
                "moment generating function; the numbers evaluate each expectation by its certified integral.",
                "This is fluctuation_variance_generic_n with its premise E[X_i X_j] = V δ_ij derived from the "
                "independence of the draws instead of written in."],
         assumptions=["ε_1, …, ε_n independent and identically distributed"])
    .eq((expected(exp(2 * U1)) - M_unif ** 2) * Σ(alpha[i] ** 2, i),
        "only the terms with j = i survive: E[(e^{ε_i} − M)(e^{ε_j} − M)] = δ_ij Var(e^ε), "
        "Var(e^ε) = E[e^{2ε}] − M²")
)

output_variance_uniform_weights = (
    calc(Var_noise * Σ((v[i] - o) ** 2 / n ** 2, i),
         title="With uniform weights p_i = 1/n the variance of õ − o is (V/n)·E_i[(v − o)²]: the n^{−1/2} rate",
         source=SOURCE,
         notes=["fluctuation_variance_generic_n with a_i = p_i (v_i − o)/M and p_i = 1/n, M absorbed into V "
                "(V = Var(e^ε)/M² = e^{σ²} − 1 for Gaussian noise, gaussian_noise_relative_variance).  The "
                "standard deviation is ∝ n^{−1/2}, the rate the Monte Carlo measures; far-from-uniform weights "
                "replace 1/n by Σ_i p_i²."])
    .eq(Var_noise / n * mean((v[i] - o) ** 2, i), "Σ_i (v_i − o)²/n² = (1/n)·(1/n) Σ_i (v_i − o)²")
)


# --- Where it breaks: heavy tails ----------------------------------------------------------------
# For Student-t noise E[e^ε] = ∞, so the condition 0 < E[e^ε] < ∞ of noisy_attention_output's step 2 fails.  A direct argument:
# the integrand e^x f(x) of E[e^ε] stays above a positive constant for all x ≥ 1.
y = nonnegative("y", low=0, high=30)            # x = 1 + y ≥ 1
x = 1 + y
# The t₃ density, written by hand: Γ(2)/(√(3π) Γ(3/2)) (1 + x²/3)^{−2} = 6√3/(π(x² + 3)²).
f_t3 = 6 * sqrt(3) / (pi * (x ** 2 + 3) ** 2)
floor_t3 = 6 * sqrt(3) / (pi * 24 * 16)         # = √3 / (64π)

exp_beats_quartic = (
    calc(x - 4 * log(x) + log(24),
         title="e^x ≥ x⁴/4! for x ≥ 1, in logs",
         source=SOURCE,
         notes=["log(e^x / (x⁴/24)) = x − 4 log x + log 24 is convex in x and smallest at x = 4, "
                "where it is 4 − 5 log 2 + log 3 ≈ 1.63 > 0."])
    .ge(0, "convex (second derivative 4/x² ≥ 0), minimum at x = 4 where it is 4 + log(3/32) > 0",
        survives={
            'constant 0 → 0 + 1': 'still true with margin: the minimum, at x = 4, is 4 − 5 log 2 + log 3 ≈ 1.63 > 1'})
)

student_t_noise_has_no_exponential_moment = (
    calc(log(exp(x) * f_t3),
         title="Student-t noise (ν = 3): E[e^ε] = ∞, so the argument does not apply",
         source=SOURCE,
         notes=["f is the t₃ density 6√3/(π(x² + 3)²), written by hand; x = 1 + y ≥ 1.",
                "The chain shows e^x f(x) ≥ √3/(64π) for every x ≥ 1, so the integral of e^x f(x) over [1, ∞), "
                "a part of E[e^ε], is infinite and E[e^ε] = ∞: the integrand of E[e^ε] does not even tend to zero.  Step 2 of noisy_attention_output (where "
                "the text's E[e^ε] cancels) needs 0 < E[e^ε] < ∞, which fails; so does the factoring, whose "
                "right side is infinite.",
                "The same holds for every ν (the density decays like a power, e^x like no power).  The Monte "
                "Carlo shows what happens instead: the largest noise term takes almost all the weight.  The four "
                "steps are proved; the Monte Carlo is numeric evidence, which is why the result as a whole is "
                "marked numeric."])
    .eq(log(floor_t3) + 2 * log(4 * x ** 2 / (x ** 2 + 3)) + (x - 4 * log(x) + log(24)),
        "split e^x f(x) = 6√3/(4! · 16 π) · (4x²/(x² + 3))² · e^x/(x⁴/4!)")
    .eq(log(floor_t3) + 2 * log(1 + 3 * (x ** 2 - 1) / (x ** 2 + 3)) + (x - 4 * log(x) + log(24)),
        "4x²/(x² + 3) = 1 + 3(x² − 1)/(x² + 3)")
    .ge(log(floor_t3) + (x - 4 * log(x) + log(24)), "log(1 + 3(x² − 1)/(x² + 3)) ≥ 0 for x ≥ 1",
        survives={
            'sign of term 1 flipped': 'weaker bound, still true: lowered by 2',
            'factor sqrt(3) dropped': 'weaker bound, still true: log(1/(64π)) < log(√3/(64π))'})
    .ge(log(floor_t3), "x − 4 log x + log 4! ≥ 0, i.e. e^x ≥ x⁴/4!", by=[exp_beats_quartic],
        survives={
            'factor 1/pi dropped': 'still true: the left side exceeds log(√3/(64π)) by x − 4 log x + log 24 ≥ 1.63 (exp_beats_quartic), more than this edit raises the bound (log π ≈ 1.14)',
            'factor sqrt(3) dropped': 'weaker bound, still true: log(1/(64π)) < log(√3/(64π))',
            'constant -1 → -1 + 1': 'still true: the left side exceeds log(√3/(64π)) by x − 4 log x + log 24 ≥ 1.63 (exp_beats_quartic), more than this edit raises the bound (log π ≈ 1.14)',
            'constant 1/2 → 1/2 · (1 + 10⁻⁶)': 'still true: the bound rises by 10⁻⁶·½ log 3, far less than the margin x − 4 log x + log 24 ≥ 1.63',
            'constant 3 → 3 + 1': 'still true: √3 → 2 raises the bound by log(2/√3) ≈ 0.14, less than the margin x − 4 log x + log 24 ≥ 1.63'})
    .experiment("Student-t noise (ν = 3): the error does not shrink with n",
                "the text's claim, applied to t₃ noise: RMS |õ − o| shrinks like n^{−1/2} "
                f"(fitted slope within {mc.RATE_TOLERANCE:g} of −1/2)",
                mc.student_t_noise, expect_refuted=True)
)
