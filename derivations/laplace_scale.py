"""The original route to the κ log n / d scale (the source 000 cites): H ≈ log n − 0.24·λd.

Set-up: |q| = |k| = √d, keys uniform on the sphere, scores λ q·k = λd·c with c the cosine, whose
density is ∝ (1 − c²)^{(d−3)/2} on [−1, 1].  With n → ∞ keys, H − log n → −D with the exact deficit

    D(λ, d) = λd·E_w[c] − log E[e^{λdc}],    w ∝ e^{λdc}  (a 1-D integral; a Bessel ratio in closed form).

Laplace's method: (1/d) log of the integrand is ≈ λc + ½ log(1 − c²), maximal at
c* = (√(1 + 4λ²) − 1)/(2λ), so D ≈ d·g(λ), g(λ) = −½ log(1 − c*²) = ½ log((1 + √(1 + 4λ²))/2).
g(1) = ½ log φ = 0.2406: the source's 0.24 is g at λ = 1, extended linearly to 0.24·λ.  That
line is a secant, not g: g ≈ λ²/2 for small λ (the usual λ = 1/√d gives D ≈ ½, not 0.24√d) and
g ≈ ½ log λ for large λ.  The engine proves the algebra and the asymptotics; the comparison with the
exact integral is an experiment.
"""
import sympy as sp

from verifier import Limit, Measure, Rational, Series, calc, exp, interval, log, oo, positive, seed, sqrt

from derivations import _temperature_experiments as experiments

SRC = seed("000", "the cited 'From Entropy Invariance to the Scale Operation in Attention': H ≈ log n − 0.24λd")

lam = positive("lambda")
c = interval("c", -1, 1)                          # the cosine between q and a key
R = sqrt(1 + 4 * lam ** 2)
c_star = (R - 1) / (2 * lam)
exponent = lam * c + log(1 - c ** 2) / 2          # (1/d)·log[e^{λdc}(1 − c²)^{d/2}]
g = -log(1 - c_star ** 2) / 2
phi = (1 + sqrt(5)) / 2

saddle_point = (
    calc(sp.diff(exponent, c).subs(c, c_star), title="The Laplace exponent λc + ½ log(1 − c²) peaks at c*",
         source=SRC, notes=["λ − c/(1 − c²) = 0 ⇔ λc² + c − λ = 0, whose root in (0, 1) is c*.",
                            "The step is proved wherever both sides are defined, 1 − (c*)² ≠ 0; that holds for "
                            "every λ > 0 (c* < 1 ⇔ √(4λ² + 1) < 2λ + 1 ⇔ 0 < 4λ, argued here in words)."])
    .eq(0, "c* = (√(1 + 4λ²) − 1)/(2λ) solves λ(1 − c²) = c")
)

laplace_rate = (
    calc(lam * c_star - exponent.subs(c, c_star),
         title="Deficit per dimension at the saddle: D/d ≈ λc* − max_c(λc + ½ log(1 − c²)) = g(λ)", source=SRC,
         notes=["Laplace's method replaces E_w[c] by c* and (1/d) log E[e^{λdc}] by the maximum of the exponent "
                "(the untilted normaliser and the (d−3)/2 versus d/2 exponent only add O(1) to D). Those are the "
                "approximations; the experiment measures what they cost.",
                "The identity is proved wherever both sides are defined; as in saddle_point, that is every "
                "λ > 0, since 1 − (c*)² ≠ 0 there."])
    .eq(-log((R - 1) / (2 * lam ** 2)) / 2,
        "λc* cancels, leaving −½ log(1 − c*²), and 1 − c*² = (√(1 + 4λ²) − 1)/(2λ²) "
        "(rate_closed_form: = 2/(1 + √(1 + 4λ²)))")
)

rate_closed_form = (
    calc(exp(-2 * g), title="g(λ) = ½ log((1 + √(1 + 4λ²))/2), stated as e^{−2g} = 1 − c*² = 2/(1 + √(1 + 4λ²))",
         source=SRC,
         notes=["Stated for e^{−2g} = 1 − (c*)² rather than for g itself: A = B gives log A = log B only where "
                "A > 0, which is not shown here; exp is one-to-one, so this is the same identity."])
    .eq(c_star / lam, "the saddle equation λ(1 − c*²) = c*")
    .eq(2 / (1 + R), "rationalise: (√(1 + 4λ²) − 1)(√(1 + 4λ²) + 1) = 4λ²")
)

golden_ratio_rate = (
    calc(g.subs(lam, 1), title="g(1) = ½ log φ = 0.2406… (φ the golden ratio): the source's 0.24", source=SRC)
    .eq(-log((sqrt(5) - 1) / 2) / 2, "c*(1) = (√5 − 1)/2 = 1/φ and 1 − 1/φ² = 1/φ")
    .eq(-log(2 / (1 + sqrt(5))) / 2,  "rationalise")
    .eq(log(phi) / 2,                 "−log(1/φ) = log φ")
    .gt(Rational(2406, 10000),        "½ log φ = 0.24060591…",
        survives={
            'right side negated': 'weaker bound, still true: ½ log φ > 0 > −0.2406',
            'constant 1203/5000 → 1203/5000 · (1 + 10⁻⁶)': 'still true with margin: ½ log φ = 0.2406059… > 0.2406002…'})
)

golden_ratio_rate_upper = (
    calc(log(phi) / 2, title="½ log φ < 0.2407", source=SRC)
    .lt(Rational(2407, 10000), "½ log φ = 0.24060591…",
        survives={
            'constant 2407/10000 → 2407/10000 + 1': 'weaker bound, still true: ½ log φ < 0.2407 < 1.2407',
            'constant 2407/10000 → 2407/10000 · (1 + 10⁻⁶)': 'weaker bound, still true: a larger upper bound'})
)

rate_small_lambda = (
    calc(g, title="Small λ (the usual scale λ = 1/√d): g = λ²/2 + O(λ⁴), not linear", source=SRC,
         notes=["At λ = 1/√d the deficit d·g → ½ for every d, while 0.24·λd = 0.24√d grows."])
    .approx(lam ** 2 / 2, "c* = λ − λ³ + …, −½ log(1 − λ² + …)", meaning=Series(lam, 0, 4))
)

rate_large_lambda = (
    calc(g, title="Large λ: g − ½ log λ → 0, not linear", source=SRC)
    .approx(log(lam) / 2, "(1 + √(1 + 4λ²))/2 = λ + ½ + O(1/λ)", meaning=Limit(lam, oo))
)

rate_is_not_linear = (
    calc(g, title="g(λ) ≈ 0.24·λ fails away from λ ≈ 1: the ratio does not tend to 1 as λ → 0", source=SRC,
         notes=["The measured relative error |g − 0.24λ|/g over λ is the breakdown of the linear form; "
                "the experiment shows the same in the exact deficit at d = 64…4096."])
    .approx(Rational(24, 100) * lam, "the source's linear form", meaning=Limit(lam, 0, ratio=True),
            measure=Measure({lam: [1 / 64, 0.1, 0.25, 0.5, 1, 1.31, 2, 4, 10]}, relative=True),
            expect="refuted")
)

rate_linear_form_is_a_secant = (
    calc(g, title="0.24·λ ≈ g(1)·λ is not even the tangent of g at λ = 1 (g′(1) = (1 − 1/√5)/2 = 0.276)",
         source=SRC)
    .approx(log(phi) / 2 * lam, "the claim that g(1)·λ agrees with g to second order at λ = 1 (g(1) = ½ log φ, golden_ratio_rate)",
            meaning=Series(lam, 1, 2),
            expect="refuted")
)

rate_exceeds_linear = (
    calc(g, title="g(λ) ≤ 0.24·λ fails at λ = 1.31, where g/λ peaks at 0.2454", source=SRC)
    .le(Rational(24, 100) * lam, "the claim that 0.24·λ bounds g from above", given={lam: Rational(131, 100)},
        expect="refuted")
)

rate_below_max_slope = (
    calc(g, title="g(λ) ≤ 0.2455·λ for all λ > 0 (max_λ g/λ = 0.24542 at λ ≈ 1.312)", source=SRC,
         notes=["Numeric only, not proved: g/λ is neither convex nor concave, so no convexity argument bounds it, "
                "and the bound is checked at sampled λ."])
    .le(Rational(2455, 10000) * lam, "0.2455 is just above the largest slope of a line from the origin to g",
        survives={
            'constant 491/2000 → 491/2000 · (1 + 10⁻⁶)': 'weaker bound, still true: a larger slope',
            'factor 491/2000 dropped': 'weaker bound, still true: g(λ) ≤ 0.2455 λ ≤ λ',
            'constant 491/2000 → 491/2000 + 1': 'weaker bound, still true: a larger slope'})
)

t = positive("t")
nu = positive("nu", low=0.5, high=50)
exact_large_n_deficit = (
    calc(sp.diff(log(sp.besseli(nu, t)) - nu * log(t), t),
         title="Exact n → ∞ deficit D = t·I_{ν+1}(t)/I_ν(t) − log[Γ(ν+1)(2/t)^ν I_ν(t)], t = λd, ν = d/2 − 1",
         source=SRC,
         notes=["E[e^{tc}] = Γ(ν+1)(2/t)^ν I_ν(t) for the cosine density ∝ (1 − c²)^{ν − 1/2}, and the tilted mean "
                "E_w[c] is its log-derivative. This step is that log-derivative; the symbolic check does not apply the Bessel "
                "recurrence I_{ν−1} − I_{ν+1} = (2ν/t) I_ν, so it is numeric.",
                "The experiments integrate D directly (double-precision quadrature, checked against a 30-digit "
                "quadrature and the Bessel form) and compare it with d·g(λ) and 0.24·λd."])
    .eq(sp.besseli(nu + 1, t) / sp.besseli(nu, t), "d/dt[t^{−ν} I_ν(t)] = t^{−ν} I_{ν+1}(t)")
    .experiment("Exact large-n deficit against d·g(λ) and 0.24·λd, λ ∈ [1/√d, 10], d ∈ [64, 4096]",
                "D(λ, d)/(d·g(λ)) → 1 as d grows, for every λ; 0.24·λd is within 10% of it only near λ ≈ 1",
                experiments.laplace_table)
    .experiment("Finite n: sampled keys on the sphere (d = 64) against the n → ∞ formula",
                "H − log n ≈ −D once log n is several times D", experiments.sphere_monte_carlo)
)
