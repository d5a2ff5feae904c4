"""Experiments for the entropy/temperature bound (seed 001) and the Laplace route to the scale (000's source).

Not collected as derivations (the leading underscore); the derivation files call these
from `.experiment(...)`.  Every random draw is seeded, and every finding is numeric evidence.
"""
from __future__ import annotations

import math

import mpmath
import numpy as np
from scipy import integrate, optimize, special

from verifier import ExperimentOutcome, Plot, Table

# The seed's claim, and the value the closed form gives (30 significant digits, checked in
# temperature_bound.py by the engine and recomputed at 50 digits below).
C_TAU1_30 = "0.474474647070526937246280975373"


# ---------------------------------------------------------------- the temperature bound (001)

def f_of_alpha(alpha, delta):
    """H − log n for k = αn scores at +1/τ and the rest at −1/τ (Δ = 2/τ), in float64."""
    u = 1 - alpha + alpha * math.exp(delta)
    return math.log(u) - alpha * delta * math.exp(delta) / u


def gap_C(delta, dps=50):
    """C(Δ) = u* − 1 − log u*, u* = Δ/(1 − e^{−Δ}), at dps digits."""
    with mpmath.workdps(dps):
        d = mpmath.mpf(delta)
        u = d / (1 - mpmath.exp(-d))
        return u - 1 - mpmath.log(u)


def vertex_entropy(n, k, tau, dps=50):
    """The entropy with k cosines at +1 and n − k at −1, log n + log u − αΔe^Δ/u (α = k/n), at dps digits: its terms
    are about log n and cancel to as little as 10⁻¹⁰, so float64 would leave only noise in the last digits."""
    with mpmath.workdps(dps):
        delta, alpha = mpmath.mpf(2) / mpmath.mpf(tau), mpmath.mpf(k) / n
        e = mpmath.exp(delta)
        u = 1 - alpha + alpha * e
        return mpmath.log(n) + mpmath.log(u) - alpha * delta * e / u


def vertex_minimum_exact(n, tau, dps=50):
    """min over k = 0…n of vertex_entropy, at dps digits: (H_min, k*).  float64 finds where to look (its values near
    the minimum differ by less than their round-off); every k within a few steps of its minimiser and of α*n, the
    continuous minimiser α* = (u* − 1)/(e^Δ − 1), is then compared at dps digits."""
    delta = 2.0 / tau
    alpha = np.arange(n + 1) / n
    u = 1 - alpha + alpha * math.exp(delta)
    rough = int(np.argmin(np.log(u) - alpha * delta * math.exp(delta) / u))
    u_star = delta / -math.expm1(-delta)
    near = int((u_star - 1) / math.expm1(delta) * n)
    ks = {k for centre in (rough, near) for k in range(centre - 4, centre + 6) if 0 <= k <= n}
    return min((vertex_entropy(n, k, tau, dps), k) for k in ks)


def vertex_minimum(n, tau):
    """min over k = 0…n of the entropy with k cosines at +1 and n − k at −1: (H_min, k*)."""
    h, k = vertex_minimum_exact(n, tau)
    return float(h), k


def _entropy_and_grad(c, tau):
    s = c / tau
    s = s - s.max()
    w = np.exp(s)
    z = w.sum()
    p = w / z
    mean = float(p @ s)
    h = math.log(z) - mean
    grad = -p * (s - mean) / tau        # ∂H/∂s_i = −p_i(s_i − Σ p_j s_j), times ds/dc = 1/τ
    return h, grad


def vertex_search(seed: int, quick: bool) -> ExperimentOutcome:
    """Random restarts of L-BFGS-B on the cube [−1, 1]^n: does any run beat the best vertex?"""
    rng = np.random.default_rng(seed)
    sizes = (4, 16) if quick else (2, 3, 5, 8, 16, 32, 64)
    taus = (1.0,) if quick else (1.0, 0.5, 0.2)
    restarts = 8 if quick else 24
    rows, holds, worst = [], True, -math.inf
    total_runs = total_vertex = 0
    for tau in taus:
        for n in sizes:
            v_min, k_star = vertex_minimum(n, tau)
            best, at_vertex, ends = math.inf, 0, set()
            vertex = np.where(np.arange(n) < k_star, 1.0, -1.0)
            for r in range(restarts):
                # Half the starts are uniform in the cube; half are the best vertex pushed into the interior,
                # so the search also probes the neighbourhood of the claimed minimum.
                x0 = rng.uniform(-1, 1, n) if r % 2 == 0 else vertex * rng.uniform(0.2, 0.95, n)
                res = optimize.minimize(_entropy_and_grad, x0, args=(tau,), jac=True, method="L-BFGS-B",
                                        bounds=[(-1, 1)] * n, options={"ftol": 1e-15, "gtol": 1e-12})
                best = min(best, res.fun)
                at_vertex += bool(np.all(np.abs(res.x) > 1 - 1e-6))
                ends.add(int(np.sum(res.x > 0)))
            margin = best - v_min
            worst = max(worst, -margin)
            holds &= margin >= -1e-9
            total_runs += restarts
            total_vertex += at_vertex
            rows.append([f"{tau:g}", str(n), str(restarts), f"{v_min:.12f}", str(k_star),
                         f"{best:.12f}", f"{margin:.2e}", f"{at_vertex}/{restarts}",
                         ", ".join(map(str, sorted(ends)))])
    finding = (f"No local optimisation from {restarts} seeded starts per row (half uniform in the cube, half the best "
               f"vertex shrunk into the interior) found an entropy below the best "
               f"vertex (k cosines at +1, n − k at −1); the largest amount by which a run beat it is "
               f"{max(worst, 0):.1e} (≤ 1e-9 counts as a tie). {total_vertex} of {total_runs} runs ended at a vertex "
               "(every coordinate at ±1): local minima sit at vertices, often not the best one (a positive "
               "'local − vertex' means no start reached k*), as the coordinatewise argument predicts — along each "
               "coordinate H rises to a single peak and falls, so an interior coordinate is never a local minimum.")
    table = Table("Local minimisation of H over the cube cos θ_i ∈ [−1, 1] (L-BFGS-B, analytic gradient "
                  f"−p_i(s_i − ⟨s⟩)/τ, seed {seed}) against the best vertex",
                  ["τ", "n", "restarts", "best vertex H", "k* (# at +1)", "best local min H",
                   "local − vertex", "runs ending at a vertex", "# at +1 at the run ends"], rows)
    return ExperimentOutcome(holds, finding, tables=[table])


def gap_table(seed: int, quick: bool) -> ExperimentOutcome:
    """C(τ) at the seed's temperatures, its asymptotics, and the actual entropy minimum at several n."""
    taus = (1.0, 0.5, 0.2, 0.07)
    sizes = (16, 1024) if quick else (16, 1024, 65536, 2 ** 22)
    crows = []
    for tau in taus:
        delta = 2 / tau
        c = gap_C(delta)
        with mpmath.workdps(30):
            crows.append([f"{tau:g}", f"{delta:.6g}", mpmath.nstr(c, 15), f"{delta - math.log(delta) - 1:.12f}",
                          f"{delta ** 2 / 8:.6g}", mpmath.nstr(mpmath.exp(c), 6)])
    hrows, holds = [], True
    for tau in taus:
        c = gap_C(2 / tau)
        for n in sizes:
            h_min, k_star = vertex_minimum_exact(n, tau)
            with mpmath.workdps(50):
                bound = mpmath.log(n) - c
                gap = h_min - bound
            holds &= gap >= -1e-9 and h_min >= -1e-12
            hrows.append([f"{tau:g}", str(n), f"{math.log(n):.6f}", f"{float(bound):.6f}", f"{float(h_min):.6g}",
                          str(k_star), f"{k_star / n:.3g}", f"{float(gap):.3g}"])
    c1 = gap_C(2)
    finding = (f"C(τ=1) ≈ {mpmath.nstr(c1, 12)}: the text's 0.4745 is C rounded to 4 digits. C does not depend on n "
               "and grows like 2/τ − log(2/τ) − 1 as τ → 0 (1.67 at τ = 0.5, 6.70 at τ = 0.2, 24.2 at τ = 0.07), "
               "so log n − C is a valid lower bound at every n but becomes negative — vacuous — once n < e^C "
               "(n < 3.3·10^10 at τ = 0.07). What does go to 0 is the true minimum: for small τ it sits at the vertex "
               "with a single cosine at +1 (k* = 1), a near one-hot distribution whose entropy is ≈ 0. At τ = 1 the "
               "bound is tight for large n (H_min − (log n − C) → 0), as the text says.")
    t1 = Table("The gap C(τ) = u* − 1 − log u*, u* = Δ/(1 − e^{−Δ}), Δ = 2/τ (50 digits), against its "
               "low-temperature asymptote 2/τ − log(2/τ) − 1 and its high-temperature form Δ²/8 = 1/(2τ²); e^C is the "
               "length below which log n − C < 0",
               ["τ", "Δ = 2/τ", "C(τ)", "Δ − log Δ − 1", "Δ²/8", "e^C"], crows)
    t2 = Table("Exact minimum entropy over the cube (best vertex, min over k of log n + f(k/n)) against the bound "
               "log n − C", ["τ", "n", "log n", "log n − C", "H_min", "k*", "k*/n", "H_min − (log n − C)"], hrows)
    return ExperimentOutcome(holds, finding, tables=[t1, t2])


def c_digits(seed: int, quick: bool) -> ExperimentOutcome:
    """C(τ=1) at 50 digits two ways: the closed form, and a direct minimisation of f over α."""
    with mpmath.workdps(50):
        delta = mpmath.mpf(2)
        closed = gap_C(delta, 50)
        e = mpmath.exp(delta)

        def f(a):
            u = 1 - a + a * e
            return mpmath.log(u) - a * delta * e / u

        a_star = mpmath.findroot(lambda a: mpmath.diff(f, a), mpmath.mpf("0.2"))
        direct = -f(a_star)
        a_closed = (delta / (1 - mpmath.exp(-delta)) - 1) / (e - 1)
        diff = abs(closed - direct)
        claimed = mpmath.mpf(C_TAU1_30)
        holds = diff < mpmath.mpf(10) ** -40 and abs(closed - claimed) < mpmath.mpf(10) ** -30
        rows = [["closed form u* − 1 − log u*", mpmath.nstr(closed, 30)],
                ["−min_α f(α) (Newton's method on f′ = 0, 50 digits)", mpmath.nstr(direct, 30)],
                # a difference that is 0 at the working precision is said so, not as an exact 0.0
                ["|closed − direct|", mpmath.nstr(diff, 3) if diff else "0 at 50 digits"],
                ["α* closed form (u* − 1)/(e^Δ − 1)", mpmath.nstr(a_closed, 30)],
                ["α* by Newton's method", mpmath.nstr(a_star, 30)],
                ["value in the derivation's bounds", C_TAU1_30],
                ["text's value", "0.4745"]]
    agree = "by less than 10^{−40}" if diff < mpmath.mpf(10) ** -40 else f"by {mpmath.nstr(diff, 2)}"
    finding = (f"C(τ=1) ≈ {mpmath.nstr(closed, 30)}, within 10^{{−30}} of the derivation's 30-digit value; the closed form and "
               f"a direct 50-digit minimisation of f differ {agree}, and the minimiser is α* = "
               f"{mpmath.nstr(a_closed, 6)}.")
    return ExperimentOutcome(bool(holds), finding, tables=[Table(
        "C(τ = 1) two ways at 50 digits (the report rounds each value; every digit is in the JSON results)",
        ["quantity", "value"], rows)])


# ---------------------------------------------------------------- the Laplace route to the scale (000's source)

def rate_g(lam):
    """g(λ) = −½ log(1 − c*²), c* = (√(1 + 4λ²) − 1)/(2λ): the Laplace deficit per dimension."""
    c = (math.sqrt(1 + 4 * lam * lam) - 1) / (2 * lam)
    return -0.5 * math.log1p(-c * c)


def exact_deficit(lam, d):
    """lim_{n→∞} (log n − H) = λd·E_w[c] − log E[e^{λdc}] for keys uniform on the sphere, in float64.

    The cosine c of a uniform direction in R^d has density ∝ (1 − c²)^{(d−3)/2}; w ∝ e^{λdc} is the
    tilted density.  Both integrals are done around the peak of the tilted integrand, scaled by its
    maximum, and the untilted normaliser is the Beta function B(½, (d−1)/2).
    """
    t, a = lam * d, (d - 3) / 2
    cp = (math.sqrt(4 * a * a + 4 * t * t) - 2 * a) / (2 * t)
    phi = lambda c: t * c + a * math.log1p(-c * c)
    p0 = phi(cp)
    width = 1 / math.sqrt(2 * a * (1 + cp * cp) / (1 - cp * cp) ** 2)
    cuts = sorted({-1.0, max(-1.0, cp - 10 * width), cp, min(1.0, cp + 10 * width), 1.0})
    w = lambda c: math.exp(phi(c) - p0) if abs(c) < 1 else 0.0
    i0 = sum(integrate.quad(w, lo, hi, epsabs=0, epsrel=1e-13, limit=200)[0] for lo, hi in zip(cuts, cuts[1:]))
    i1 = sum(integrate.quad(lambda c: c * w(c), lo, hi, epsabs=0, epsrel=1e-13, limit=200)[0]
             for lo, hi in zip(cuts, cuts[1:]))
    log_mgf = p0 + math.log(i0) - special.betaln(0.5, a + 1)
    return t * i1 / i0 - log_mgf


def exact_deficit_mp(lam, d, dps=30):
    """The same 1-D integrals with mpmath.quad at dps digits (a cross-check, slower)."""
    with mpmath.workdps(dps):
        lam, d = mpmath.mpf(lam), mpmath.mpf(d)
        t, a = lam * d, (d - 3) / 2
        cp = (mpmath.sqrt(4 * a * a + 4 * t * t) - 2 * a) / (2 * t)
        phi = lambda c: t * c + a * mpmath.log(1 - c * c)
        p0 = phi(cp)
        w = lambda c: mpmath.exp(phi(c) - p0)
        i0 = mpmath.quad(w, [-1, cp, 1])
        i1 = mpmath.quad(lambda c: c * w(c), [-1, cp, 1])
        log_mgf = p0 + mpmath.log(i0) - mpmath.log(mpmath.beta(mpmath.mpf(1) / 2, a + 1))
        return t * i1 / i0 - log_mgf


def deficit_bessel(lam, d, dps=30):
    """Closed form: t·I_{ν+1}(t)/I_ν(t) − log[Γ(ν+1)(2/t)^ν I_ν(t)], t = λd, ν = d/2 − 1."""
    with mpmath.workdps(dps):
        t, nu = mpmath.mpf(lam) * d, mpmath.mpf(d) / 2 - 1
        i_nu = mpmath.besseli(nu, t)
        return t * mpmath.besseli(nu + 1, t) / i_nu - (mpmath.loggamma(nu + 1) + nu * mpmath.log(2 / t)
                                                        + mpmath.log(i_nu))


def laplace_table(seed: int, quick: bool) -> ExperimentOutcome:
    """Exact large-n entropy deficit against d·g(λ) and the source's 0.24·λd, over λ and d."""
    dims = (64, 1024) if quick else (64, 256, 1024, 4096)
    lams = ("1/√d", 0.1, 1.0, 10.0) if quick else ("1/√d", 0.05, 0.1, 0.25, 0.5, 1.0, 1.31, 2.0, 4.0, 10.0)
    rows, rel = [], {}
    for lam_spec in lams:
        for d in dims:
            lam = 1 / math.sqrt(d) if lam_spec == "1/√d" else lam_spec
            exact = exact_deficit(lam, d)
            lap, lin = d * rate_g(lam), 0.24 * lam * d
            rel.setdefault(lam_spec, []).append(abs(exact / lap - 1))
            rows.append([str(lam_spec) if lam_spec == "1/√d" else f"{lam:g}", str(d), f"{lam:.4g}",
                         f"{exact:.6g}", f"{lap:.6g}", f"{lin:.6g}", f"{exact / lap:.6f}", f"{exact / lin:.4f}",
                         f"{exact - lap:+.4f}"])
    # The Laplace form is the large-d limit: its relative error shrinks with d for every λ.
    laplace_ok = all(r[-1] <= r[0] + 1e-12 and r[-1] < 1e-2 for r in rel.values())
    # Cross-checks of the float64 quadrature: 30-digit mpmath.quad, and the Bessel closed form where it converges.
    checks = [(1.0, 64), (0.1, 256)] if quick else [(1.0, 64), (0.1, 256), (0.5, 1024), (10.0, 64)]
    crow, cross_ok = [], True
    for lam, d in checks:
        f64, mp30 = exact_deficit(lam, d), exact_deficit_mp(lam, d)
        try:
            bes = deficit_bessel(lam, d)
            bes_s = mpmath.nstr(bes, 15)
            cross_ok &= abs(bes - mp30) < 1e-20 * max(1, abs(mp30))
        except (mpmath.libmp.NoConvergence, ValueError):
            bes_s = "no convergence"
        cross_ok &= abs(f64 - float(mp30)) < 1e-8 * max(1.0, abs(f64))
        crow.append([f"{lam:g}", str(d), f"{f64:.12g}", mpmath.nstr(mp30, 15), bes_s])
    # Where is 0.24·λ within 10% of g(λ), measured against g (as the register's worst |lhs − rhs| / |lhs|)?
    grid = np.exp(np.linspace(math.log(0.01), math.log(100), 4001))
    ratio = np.array([(0.24 * x) / rate_g(x) for x in grid])
    inside = grid[np.abs(ratio - 1) <= 0.10]
    slope = optimize.minimize_scalar(lambda x: -rate_g(x) / x, bounds=(0.5, 3), method="bounded")
    finding = (f"For every λ the exact large-n deficit D(λ, d) approaches d·g(λ): D − d·g(λ) stays O(1) "
               f"(about +0.07 at λ = 1, −0.40 at λ = 10), so D/(d·g) → 1 as d grows. The source's 0.24·λd is d·g(λ) "
               f"linearised through λ = 1 (g(1) = ½ log φ = 0.2406); max_λ g(λ)/λ = {-slope.fun:.4f} at "
               f"λ = {slope.x:.3f}. It is within 10 % of d·g(λ) (|0.24·λd − d·g(λ)| ≤ 0.1·d·g(λ)) only for "
               f"λ ∈ [{inside.min():.2f}, {inside.max():.2f}]: "
               f"below it g ≈ λ²/2 (at the usual scale λ = 1/√d the deficit is ≈ ½ for every d, while 0.24·λd = "
               f"0.24√d grows), above it g ≈ ½ log λ (at λ = 10 the linear form doubles the deficit).")
    t1 = Table("Exact large-n entropy deficit D = λd·E_w[c] − log E[e^{λdc}] (1-D quadrature, float64) against the "
               "Laplace form d·g(λ) and the source's 0.24·λd",
               ["λ", "d", "λ value", "D exact", "d·g(λ)", "0.24·λd", "D / (d·g)", "D / (0.24·λd)", "D − d·g"], rows)
    t2 = Table("Cross-checks of the quadrature: a 30-digit quadrature, and the Bessel closed form "
               "t·I_{ν+1}(t)/I_ν(t) − log[Γ(ν+1)(2/t)^ν I_ν(t)], t = λd, ν = d/2 − 1 (its evaluation does not "
               "converge for large ν and t)", ["λ", "d", "double-precision quadrature", "30-digit quadrature", "Bessel form"], crow)
    xs = [float(x) for x in grid[::40]]
    plot = Plot("Deficit per dimension: Laplace g(λ) vs the linear 0.24·λ", "λ", "deficit / d",
                {"g(λ) = −½ log(1 − c*²)": (xs, [rate_g(x) for x in xs]),
                 "0.24·λ": (xs, [0.24 * x for x in xs])}, logx=True, logy=True)
    return ExperimentOutcome(bool(laplace_ok and cross_ok), finding, tables=[t1, t2], plots=[plot])


def sphere_monte_carlo(seed: int, quick: bool) -> ExperimentOutcome:
    """Finite n: H − log n for n keys drawn uniformly on the sphere, against −D(λ, d) of the n → ∞ formula."""
    rng = np.random.default_rng(seed)
    d = 64
    sizes = (2 ** 10,) if quick else (2 ** 10, 2 ** 14, 2 ** 17)
    lams = (1 / 8, 0.5) if quick else (1 / 16, 1 / 8, 0.25, 0.5, 1.0)
    reps = 2 if quick else 4
    q = np.zeros(d)
    q[0] = 1.0
    rows, holds = [], True
    for lam in lams:
        deficit = exact_deficit(lam, d)
        for n in sizes:
            hs = []
            for _ in range(reps):
                k = rng.standard_normal((n, d))
                c = k[:, 0] / np.linalg.norm(k, axis=1)     # cosine with q of a uniform direction
                s = lam * d * c
                s -= s.max()
                w = np.exp(s)
                p = w / w.sum()
                hs.append(-(p[p > 0] * np.log(p[p > 0])).sum())
            gap = np.mean(hs) - math.log(n)
            rows.append([f"{lam:g}", str(n), f"{gap:.4f}", f"{-deficit:.4f}", f"{math.log(n):.3f}",
                         f"{deficit:.3f}", "yes" if math.log(n) > 2 * deficit else "no"])
            if math.log(n) > 4 * deficit:
                holds &= abs(gap + deficit) < 0.05
    finding = ("At d = 64 the n → ∞ formula H ≈ log n − D matches sampled keys once log n is several times D "
               "(small λ); for λ ≳ 0.5 the formula needs n ≳ e^D keys (e^15 at λ = 1) and finite-n entropies sit "
               "well above log n − D, which can even be negative.")
    table = Table(f"Monte Carlo (seed {seed}, {reps} draws per row, d = {d}): H − log n for n uniform keys vs −D",
                  ["λ", "n", "mean H − log n", "−D (n → ∞)", "log n", "D", "log n > 2D"], rows)
    return ExperimentOutcome(bool(holds), finding, tables=[table])
