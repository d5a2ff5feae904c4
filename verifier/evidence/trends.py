"""Numeric trends towards a limit point: does a difference go to 0, and at what rate?

Evidence only.  "The last value is below half the first" accepts e^{20x} → 0 as
x → 0 (7.4, 1.2, 1.02, 1.002); what matters is the rate at which |d| shrinks
near the point, so it is measured: the slope of log|d| against log h over the
tail of a geometric approach, at two precisions.

A trend never refutes: a slow limit looks like a stall ((log x)^(−1/10) → 0 as
x → ∞ moves by a few per cent per decade), so a trend that looks wrong only
"contradicts" the claim; a refutation needs a certified bound on the tail
(judge/meanings.py).  A claimed order O(h^k) is measured as the ratio |d|/h^k
over many decades (h down to 10^-40, the working precision raised with the
depth so that cancellation cannot fake it): bounded, or growing, which is where a
log factor shows (x² log x is not O(x²), though its slope is 2 within 1/log h).

A fixed grid of sizes sees a sequence only where it happens to be small: 1/(1 + n² sin² n) is below 10⁻¹⁷ at
every n = 10ᵏ and near 1/2 at the numerators of the convergents of π.  So the approach towards ±∞ also visits
the points the claim's own structure names (probe_points: near-resonances of periodic factors, every residue
of the small moduli an arithmetic expression may single out, seeded points between the last three), all
derived from the seed and the claim, and the largest |d| beyond each of the last points must fall (envelope).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import hashlib
import random
from fractions import Fraction

import mpmath
import sympy as sp

from ..authoring.reductions import IndexedMax
from . import numeric

TREND_POINTS = 3        # seeded base points; each must show the trend
PARAMETER_ENDS = 2      # parameters whose ends are bases too, where a parameter sets the order (h^c)
OPEN_END_INSET = 1e-6   # an open end's base lies this fraction of the range inside it
EXPONENTS = (1, 2, 4, 6, 8, 10)   # h = 10^-k towards a finite point; 10^k towards ∞
SIZE_STEPS = (16, 64, 255, 1024)   # one odd size among the last three: (−1)ⁿ(n! + 1)/n! → 1 is not a limit
# Further out, where a limit off by 10⁻³ can no longer hide behind the shrinking first terms:
# a closed form in n is cheap at any n (the working precision grows with the digits of n); a sum of
# scalars is written out term by term, so it goes only somewhat further.
FAR_SIZE_STEPS = (10 ** 4, 10 ** 6, 10 ** 9, 10 ** 12)
SUM_SIZE_STEPS = (4097, 16384)   # odd between even sizes: Σ (−1)ᵏ, 0 at every even n, is not taken for → 0
# Likewise towards x → ±∞ for a closed form in a real x: out to 10⁴⁰, where an offset of 10⁻³ hidden behind
# a slowly shrinking x^(−1/5) shows (10⁻⁸ by then).  The last three points of every approach are evenly
# spaced in log (Aitken's Δ² in heads_elsewhere is exact for a pure power only then).
#
# Only where the numbers are the evidence (no proof; `far=True`): out there a true 1/log n limit's slope is
# below MIN_RATE, and an expression that rounds through a float somewhere reads 0; neither must cost a
# proved limit its cross-check.
FAR_EXPONENTS = (20, 30, 40)
FARTHEST_SIZE_STEPS = (10 ** 20, 10 ** 28)
OFF_INTEGERS = (sp.sqrt(5) - 1) / 2     # the fractional part of every point of a real var towards ±∞
MIN_RATE = 0.02         # slope of log|d| vs log h that still counts as shrinking (slow logarithmic rates pass)
SERIES_EXPONENTS = (1, 2, 4, 8, 12, 16, 24, 32, 40)   # a claimed order is followed over 40 decades
DEEP = 8                # the ratio |d|/h^k must stay bounded from h = 10^-DEEP on
BOUNDED_GROWTH = 1.5    # how much the ratio may grow over the deep tail and still count as bounded
UNBOUNDED_GROWTH = 4    # growth over the deep tail, rising at every step, that contradicts the order


def far_factor(seed: int, key: str = "") -> Fraction:
    """The far points are moved off the round decades by one seeded factor c ∈ [1.11, 8.99] (two decimals, so
    a size stays an integer): an offset that vanishes exactly at 10²⁰, 10³⁰, 10⁴⁰ (a sin²(π log₁₀ x) term, a
    constant tuned to those points) shows at c·10²⁰, c·10³⁰, c·10⁴⁰.  One factor for all of them keeps the
    last three evenly spaced in log.  `key` names the claim (step_key): each claim gets its own factor, so
    an offset tuned to the points of one seed cannot know them (the same claim and seed give the same points)."""
    return Fraction(random.Random(f"far points:{seed}" + (f":{key}" if key else "")).randint(111, 899), 100)


def step_key(expr, var) -> str:
    """A name for the claim a trend follows: its expression and approach variable, exactly (srepr)."""
    return hashlib.sha256(f"{sp.srepr(expr)}|{sp.srepr(var)}".encode()).hexdigest()[:16]


@dataclass
class Trend:
    base: numeric.Point
    side: str                          # "+", "-" or "∞"
    h: list                            # distance to the point (or the size / the large value)
    values: dict                       # dps -> [|d| along the approach]

    point: object = 0
    order: object = None               # for a series: the claimed order k (the ratio |d|/h^k is what counts)
    # dps -> (distance, |d|) one step beyond the last point, on the same log spacing; only where the last three
    # fall faster than geometrically (heads_elsewhere's extrapolation is then below 0, which it cannot read)
    beyond: dict = field(default_factory=dict)
    # dps -> [(distance, |d|)] at the points the claim's own structure names (probe_points), towards ±∞ only:
    # near-resonances of its periodic factors, blocks of consecutive sizes (every residue of a small modulus)
    # and seeded points between the last three; they decide through `envelope`, never through the tail slope
    probes: dict = field(default_factory=dict)
    # the variable's value at each point of the approach, as `approach` made it: towards ±∞ a real variable
    # stands off the integers (x = ±(h + θ)), so h alone is not where it was evaluated; None: as h says
    where: list | None = None
    # the variable's value at each probe, by its distance (as `where` for the approach)
    probe_where: dict = field(default_factory=dict)

    def describe(self, var) -> str:
        at, values = self.along()
        return ", ".join(f"{var}={x}: {numeric.fmt(v, 3)}" for x, v in zip(at, values))

    def along(self) -> tuple[tuple[str, ...], tuple]:
        """Where the approach went (the variable's value at each point, to six significant digits, as
        `describe` writes it) and |d| there, at the highest precision."""
        dps = max(self.values)
        where = self.where if self.where is not None else [None] * len(self.h)
        return tuple(_at(self.point, self.side, h, x) for h, x in zip(self.h, where)), tuple(self.values[dps])


def _at(point, side, h, value=None, digits: int = 6) -> str:
    """The variable's value at a point of the approach, as text: towards ±∞ the value itself (`value`, as
    `approach` made it: a size, ±h, or the pair (±θ, ±h) of a real variable off the integers), to `digits`
    significant digits; towards a finite point, the point and the distance."""
    if side == "∞":
        x = h if value is None else value
        if isinstance(x, tuple):
            offset, far = x
            with mpmath.workdps(digits + 10 + len(str(int(abs(float(h)))))):
                x = mpmath.mpf(sp.N(offset, mpmath.mp.dps)) + mpmath.mpf(far)
        return f"{float(x):g}" if digits == 6 else numeric.fmt(mpmath.mpf(x), digits)
    sign = "" if side == "+" else "-"
    return f"{sign}{float(h):g}" if point == 0 else f"{point}{'+' if side == '+' else '-'}{float(h):g}"


def size_steps(expr, var, far: bool = False, seed: int = 0, key: str = "") -> tuple:
    """The lengths a limit in the size var is followed through: further out where that costs little.

    A closed form goes to n = 10¹²; a sum of scalars (no vector entries) to 16384; anything whose value
    at a large n is an exact integer of that many digits (2ⁿ, nⁿ, n!, a product) stays at 1024."""
    if expr is None or var is None:
        return SIZE_STEPS
    # A max or min over i = 1…n costs n evaluations, like a product: it is not a closed form.
    if expr.has(sp.Product, sp.Indexed, IndexedMax) or any(isinstance(f, sp.functions.combinatorial.factorials.CombinatorialFunction)
                                               or type(f).__module__.startswith("sympy.functions.combinatorial")
                                               for f in expr.atoms(sp.Function)):
        return SIZE_STEPS
    for power in expr.atoms(sp.Pow):
        if power.exp.has(var) and not (power.base in (1, -1) or (power.base.has(var) and power.base.is_integer is not True)
                                       or (power.base.is_number and not power.base.is_Rational)):
            return SIZE_STEPS
    if expr.has(sp.Sum):
        # n terms at most, each a closed form: a sum over another sum, or up to n², would cost n² terms.
        for the_sum in expr.atoms(sp.Sum):
            if the_sum.function.has(sp.Sum) or len(the_sum.limits) != 1 or any(
                    sp.Poly(limit, var).degree() > 1 if limit.is_polynomial(var) else limit.has(var)
                    for limit in the_sum.limits[0][1:]):
                return SIZE_STEPS
        return SIZE_STEPS + SUM_SIZE_STEPS
    if not far:
        return SIZE_STEPS + FAR_SIZE_STEPS
    # The last three are even, odd, even and fall in every residue class mod 3 (offsets 2, 1, 0): on the round
    # sizes alone (all even, all ≡ 1 mod 3) (−1)ⁿ → 1 and cos(πn) → 1 looked like limits (shrinks needs the
    # middle one too).
    c = far_factor(seed, key)
    last = FAR_SIZE_STEPS[-1:] + FARTHEST_SIZE_STEPS
    return SIZE_STEPS + FAR_SIZE_STEPS[:-1] + tuple(int(c * n) + len(last) - 1 - k for k, n in enumerate(last))


def _closed_form(expr) -> bool:
    """No sum, product, vector entry or reduction: its value at x = 10⁴⁰ costs what it costs at x = 10."""
    return not expr.has(sp.Sum, sp.Product, sp.Indexed, IndexedMax, sp.Integral)


def approach(var, point, side: str, is_size: bool, exponents=EXPONENTS, steps=SIZE_STEPS, factor=1):
    """[(side, [distances], [values of var])] for each side the approach takes; the FAR_EXPONENTS points
    towards ±∞ are scaled by factor (far_factor(seed); exactly: they are integers)."""
    if is_size:
        return [("∞", list(steps), list(steps))]
    if point is sp.oo or point == -sp.oo:
        sign = 1 if point is sp.oo else -1
        hs = [int(10 ** k * factor) if k in FAR_EXPONENTS else 10 ** k for k in exponents]
        if var.is_integer:
            return [("∞", hs, [sign * mpmath.mpf(h) for h in hs])]
        # A real var is followed off the integers (x = h + θ): at whole numbers alone x − ⌊x⌋ → 0 looked true.
        return [("∞", hs, [(sign * OFF_INTEGERS, sign * mpmath.mpf(h)) for h in hs])]
    p = sp.nsimplify(point)
    hs = [mpmath.mpf(10) ** -k for k in exponents]
    out = []
    for s in (("+", "-") if side == "+-" else (side,)):
        sign = 1 if s == "+" else -1
        out.append((s, hs, [(p, sign * h) for h in hs]))
    return out


# ----------------------------------------------------------------------------- points the claim's structure names

PROBE_REACH = 100       # a closed form's probes go on to this many times the last point of the approach
RESIDUE_BLOCK = 6       # consecutive sizes at each place a residue block stands: every residue mod 2…6
LARGEST_BLOCK = 12      # a stated modulus up to this widens the block; a larger one gets RESIDUES_PER_MODULUS
RESIDUES_PER_MODULUS = 3
DEFAULT_MODULI = (2, 3, 4, 5, 6)
_PERIODIC = (sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc)
_ARITHMETIC = (sp.floor, sp.ceiling, sp.frac, sp.Mod, sp.KroneckerDelta, sp.Piecewise, sp.Heaviside)
_CONVERGENTS = 200      # continued-fraction terms at most (a numerator grows at least like the Fibonacci numbers)


def probe_points(expr, var, point, is_size: bool, hs, base, seed: int, key: str, closed: bool) -> list:
    """[(distance, point value, decimal digits)] where a limit at ±∞ is likeliest to show that it fails, from the
    third-last point of the approach on (to PROBE_REACH times the last one for a closed form).

    A grid of sizes sees what the expression does at those sizes only.  1/(1 + n² sin² n) is below 10⁻¹⁷ at
    every n = 10ᵏ, yet about 1/2 at every numerator of a continued-fraction convergent of π (22, 333, 355,
    103993, …, where n sin n stays bounded), so it has no limit; SymPy gives 0.  So the points are those of
    the claim's own structure:
    - near-resonances of each periodic factor f(a·n) (sin, cos, tan, cot, sec, csc; a at the base point): the
      numerators of the convergents of π/a and π/(2a), where a·n is within 1/n of a multiple of π/2; towards
      a real ±∞, the zeros of sin(a·x + b) and cos(a·x + b) themselves, two in each stretch;
    - for a size in an arithmetic expression (a power of a negative number, floor, ceiling, Mod, a condition
      on n, a periodic factor with a rational multiple of π): a block of consecutive sizes in each stretch,
      every residue mod 2…6 (up to 12 when a stated modulus asks), and RESIDUES_PER_MODULUS seeded residues
      of a larger stated modulus, so a spike at n ≡ r (mod m) is met whatever r is;
    - one seeded point in each stretch, from the seed and the claim (`key`): an offset tuned to fixed far
      points vanishes nowhere else.
    They decide through `envelope`, never through the tail slope."""
    if len(hs) < 3:
        return []
    last = int(hs[-1])
    # past the last point only where the approach itself went far (a size whose value is an exact integer of n
    # digits, 2ⁿ or n!, stops at 1024: size_steps)
    top = last * (PROBE_REACH if closed and (not is_size or last > SIZE_STEPS[-1]) else 1)
    edges = [int(h) for h in hs[-3:]] + ([top] if top > last else [])
    windows = list(zip(edges, edges[1:]))
    lo = edges[0]
    sign = -1 if point == -sp.oo else 1
    rng = random.Random(f"probes:{seed}:{key}")
    frequencies = _frequencies(expr, var, base)
    found: dict = {}
    for a, b in frequencies:
        if is_size:
            if b == 0 and not _rational_multiple_of_pi(a):
                for n in _resonant_sizes(a, lo, top):
                    found.setdefault(n, n)
        else:
            for left, right in windows:
                for x in _zeros_near(a, b, sign * _log_uniform(left, right, rng)):
                    with mpmath.workdps(len(str(top)) + 20):
                        h = abs(mpmath.mpf(sp.N(x, mpmath.mp.dps)))
                    if lo <= h <= top:
                        found.setdefault(h, (x, mpmath.mpf(0)))
    if is_size:
        # a periodic factor of a polynomial in n with rational multiples of π (sin(π n³/7)) repeats every M sizes,
        # and its extremes (its zeros, and those of its cofactor) stand at residues computed exactly
        for m, residues in _polynomial_resonances(expr, var, base):
            for left, right in windows:
                start = rng.randint(left + 1, max(left + 1, right - m - 1)) if closed else left + 1
                for r in residues:
                    n = start + (r - start) % m
                    if n <= right or not closed:
                        found.setdefault(n, n)
        moduli = _moduli(expr, var, frequencies)
        if moduli:
            width = max([RESIDUE_BLOCK] + [m for m in moduli if m <= LARGEST_BLOCK])
            larger = sorted(m for m in moduli if m > width)
            for left, right in windows:
                start = rng.randint(left + 1, max(left + 1, right - width - 1)) if closed else left + 1
                for n in range(start, start + width):
                    found.setdefault(n, n)
                for m in larger:
                    for r in rng.sample(range(m), min(m, RESIDUES_PER_MODULUS)):
                        found.setdefault(start + (r - start) % m, start + (r - start) % m)
    if closed:
        for left, right in windows:
            h = _log_uniform(left, right, rng)
            if is_size:
                found.setdefault(h, h)
            else:
                found.setdefault(h, (sp.Rational(rng.randint(1, 999), 1000), sign * mpmath.mpf(h)))
    grid = {int(h) for h in hs}
    out = []
    for h in sorted(found):
        if isinstance(h, int) and h in grid:
            continue
        out.append((h, found[h], len(str(int(h)))))
    return out


def _log_uniform(left: int, right: int, rng: random.Random) -> int:
    """An integer in (left, right), spread evenly in log."""
    if right - left < 3:
        return left + 1
    with mpmath.workdps(len(str(right)) + 10):
        u = mpmath.mpf(rng.random())
        h = int(mpmath.exp(mpmath.log(left + 1) + u * (mpmath.log(right - 1) - mpmath.log(left + 1))))
    return min(max(h, left + 1), right - 1)


def _number(v):
    """A sampled scalar as an exact SymPy number (the value the numbers evaluate), or None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return sp.Integer(int(v))
    if isinstance(v, float):
        return sp.Rational(v)
    if isinstance(v, mpmath.mpf) and mpmath.isfinite(v):
        man, exp = v.man_exp
        return sp.Integer(int(man)) * sp.Integer(2) ** int(exp)
    if isinstance(v, sp.Basic) and v.is_number:
        return v
    return None


def _base_values(var, base) -> dict:
    """The base point's scalars other than var, as exact SymPy numbers."""
    values = {}
    for sym, v in (base.values.items() if base is not None else ()):
        if isinstance(sym, sp.Symbol) and sym != var and not isinstance(v, list):
            exact = _number(v)
            if exact is not None:
                values[sym] = exact
    return values


def _frequencies(expr, var, base) -> list:
    """[(a, b)] for each periodic factor f(a·var + b) of expr, a and b exact numbers at the base point, a ≠ 0."""
    values = _base_values(var, base)
    out = []
    for f in sorted(expr.atoms(*_PERIODIC), key=sp.default_sort_key):
        arg = f.args[0]
        if not arg.has(var):
            continue
        a = sp.diff(arg, var)
        if a.has(var):
            continue
        a, b = a.xreplace(values), arg.xreplace({var: sp.Integer(0)}).xreplace(values)
        if a.is_number and b.is_number and a.is_real and b.is_real and a != 0 and (a, b) not in out:
            out.append((a, b))
    return out


RESONANT_RESIDUES = 4       # residues per polynomial periodic factor, those where its argument is nearest a multiple of π/2
LARGEST_PERIOD = 200_000    # a period beyond this is not searched residue by residue


def _polynomial_argument(f, var, base):
    """The argument of a periodic factor as a polynomial in var (other symbols at the base point), or None."""
    arg = f.args[0].xreplace(_base_values(var, base))
    if arg.free_symbols - {var}:
        return None
    try:
        return sp.Poly(arg, var)
    except (sp.PolynomialError, sp.GeneratorsNeeded, ValueError, TypeError):
        return None


def _coefficients_over_pi(poly) -> list | None:
    """The polynomial's coefficients divided by π, when every one is a rational number; else None."""
    coeffs = [sp.nsimplify(c / sp.pi) if c.is_number else None for c in poly.all_coeffs()]
    return None if any(c is None or not c.is_Rational for c in coeffs) else coeffs


def _polynomial_resonances(expr, var, base) -> list[tuple[int, list[int]]]:
    """[(period M, residues)] for each periodic factor sin(π·R(n)/D) (R an integer polynomial, any degree): the
    factor repeats every M = 2D sizes, and the residues are those where 2R(r)/D is nearest an integer, so that
    sin or cos of the argument is 0 there (1/(1 + n sin²(π n³/7)) is 1 at every n = 7m)."""
    out = []
    for f in sorted(expr.atoms(*_PERIODIC), key=sp.default_sort_key):
        if not f.args[0].has(var):
            continue
        poly = _polynomial_argument(f, var, base)
        if poly is None:
            continue
        coeffs = _coefficients_over_pi(poly)
        if coeffs is None:
            continue
        d = int(sp.ilcm(*[int(c.q) for c in coeffs])) if coeffs else 1
        m = 2 * d
        if m > LARGEST_PERIOD:
            continue
        ints = [int(c * d) for c in coeffs]          # R(n) = Σ ints[k] n^(deg − k): arg = π·R(n)/d

        def distance(r):
            value = 0
            for c in ints:
                value = value * r + c
            twice = (2 * value) % d                   # 2R(r)/d modulo 1, as a numerator over d
            return min(twice, d - twice)
        residues = sorted(range(m), key=lambda r: (distance(r), r))[:RESONANT_RESIDUES]
        if (m, residues) not in out:
            out.append((m, residues))
    return out


def unreachable_structure(expr, var, base) -> str:
    """Why no set of sizes can be trusted to meet the worst cases of expr's structure, or "": a periodic factor
    whose argument is not a polynomial in var of degree 1, nor one with rational multiples of π for coefficients
    (sin(n²), cos(π√n)): where such a factor comes near its extremes is not computable from the claim, so sizes
    chosen in advance may all miss it, and the numbers cannot cross-check a limit or stand for one."""
    for f in sorted(expr.atoms(*_PERIODIC), key=sp.default_sort_key):
        if not f.args[0].has(var):
            continue
        poly = _polynomial_argument(f, var, base)
        if poly is not None and poly.degree() <= 1:
            continue
        if poly is None and _settles(f.args[0], var):
            continue
        coeffs = _coefficients_over_pi(poly) if poly is not None else None
        if coeffs is not None and 2 * int(sp.ilcm(*[int(c.q) for c in coeffs])) <= LARGEST_PERIOD:
            continue
        return (f"the periodic factor {sp.sstr(f)} has an argument that is not linear in {var}: where it comes near "
                "its extremes cannot be computed from the claim, so the sizes the numbers visit may all miss them")
    return ""


def _settles(arg, var) -> bool:
    """The argument tends to a finite value as var → ∞ (sin(1/x)), so the factor does not oscillate out there."""
    try:
        value = sp.limit(arg, var, sp.oo)
    except Exception:  # SymPy cannot say: the factor may oscillate
        return False
    return bool(value.is_finite) and value.is_real is True


def _rational_multiple_of_pi(a) -> bool:
    return bool((a / sp.pi).is_rational)


def _period_modulus(a) -> int | None:
    """2q for a = (p/q)·π: f(a·n) repeats every 2q sizes."""
    r = sp.nsimplify(a / sp.pi)
    return 2 * int(r.q) if r.is_Rational else None


def _resonant_sizes(a, lo: int, top: int) -> list[int]:
    """The numerators p in [lo, top] of the convergents p/q of π/|a| and π/(2|a|): |a|·p is then within about
    1/p of a multiple of π/2, where sin, cos, tan and their reciprocals are at their smallest or largest."""
    out = set()
    with mpmath.workdps(4 * len(str(top)) + 30):
        av = abs(mpmath.mpf(sp.N(a, mpmath.mp.dps + 10)))
        for alpha in (mpmath.pi / av, mpmath.pi / (2 * av)):
            p0, p1 = 1, int(mpmath.floor(alpha))
            x = alpha - p1
            for _ in range(_CONVERGENTS):
                if lo <= p1 <= top:
                    out.add(p1)
                if p1 > top or x == 0:
                    break
                x = 1 / x
                t = int(mpmath.floor(x))
                x -= t
                p0, p1 = p1, t * p1 + p0
    return sorted(out)


def _zeros_near(a, b, x):
    """Two consecutive points of a·x + b ∈ (π/2)·ℤ (a zero of sin or cos of it) next to x, as exact numbers."""
    with mpmath.workdps(len(str(int(abs(x)))) + 30):
        j = int(mpmath.nint(2 * (mpmath.mpf(sp.N(a, mpmath.mp.dps)) * x + mpmath.mpf(sp.N(b, mpmath.mp.dps)))
                            / mpmath.pi))
    return [(k * sp.pi / 2 - b) / a for k in (j, j + 1)]


def _moduli(expr, var, frequencies) -> set:
    """The moduli whose residues an expression in the size var may single out: a power of a number not known
    positive ((−1)ⁿ), floor/ceiling/frac/Mod of var, a condition on var, a periodic factor of a rational multiple
    of π·var; empty for an expression with none (exp, log, powers and sums of them are eventually monotone)."""
    found = set()
    # the index of a sum or product up to var moves with var: Σ_{k≤n} (−1)ᵏ singles out the parity of n
    moving = {var} | {limit[0] for e in expr.atoms(sp.Sum, sp.Product) for limit in e.limits
                      if any(sp.sympify(b).has(var) for b in limit[1:])}
    for e in sp.preorder_traversal(expr):
        if isinstance(e, sp.Pow) and e.exp.has(*moving) and not e.base.has(*moving) and e.base.is_positive is not True:
            found.update(DEFAULT_MODULI)
        elif isinstance(e, sp.Mod) and e.args[0].has(*moving):
            found.update(DEFAULT_MODULI)
            if e.args[1].is_Integer and e.args[1] > 1:
                found.add(int(e.args[1]))
        elif isinstance(e, (sp.floor, sp.ceiling, sp.frac)) and e.args[0].has(*moving):
            found.update(DEFAULT_MODULI)
            for x in moving:
                c = sp.diff(e.args[0], x)
                if c.is_Rational and c.q > 1:
                    found.add(int(c.q))
        elif isinstance(e, _ARITHMETIC) and e.has(*moving):
            found.update(DEFAULT_MODULI)
        elif isinstance(e, sp.Function) and type(e).__module__.startswith("sympy.functions.combinatorial.numbers") \
                and e.has(*moving):
            found.update(DEFAULT_MODULI)
        elif isinstance(e, _PERIODIC) and e.args[0].has(*(moving - {var})):
            a = sp.diff(e.args[0], *(moving - {var})) if len(moving) == 2 else None
            m = _period_modulus(a) if a is not None and a.is_number and _rational_multiple_of_pi(a) else None
            if m is not None:
                found.update(DEFAULT_MODULI)
                found.add(m)
    for a, _ in frequencies:
        m = _period_modulus(a) if _rational_multiple_of_pi(a) else None
        if m is not None:
            found.update(DEFAULT_MODULI)
            found.add(m)
    return found


def _value_at(point_value, dps):
    if isinstance(point_value, tuple):
        p, h = point_value
        return mpmath.mpf(sp.N(p, dps + 10)) + h if p != 0 else h
    return point_value


def trends(diff_expr, var, point, side: str, settings, given=None, is_size: bool = False, order=None,
           bases=None, far: bool = False) -> list[Trend]:
    """|diff| along the approach to point, at a few seeded base points (or the given ones), at both precisions.

    With a claimed order the approach goes 40 decades deep, and each value is computed with enough
    digits that |diff| ≈ h^order still shows above the rounding of terms of size 1 (or 1/h)."""
    inputs = numeric.inputs_of(diff_expr)
    _one_symbol_per_name(diff_expr, var)
    if is_size:
        _vectors_cannot_follow(diff_expr, var)
    fn = numeric.compile_expr(diff_expr, inputs)
    exponents = SERIES_EXPONENTS if order is not None else EXPONENTS
    if far and order is None and not is_size and (point is sp.oo or point == -sp.oo) and _closed_form(diff_expr):
        exponents = EXPONENTS + FAR_EXPONENTS
    key = step_key(diff_expr, var)
    steps = size_steps(diff_expr, var, far, settings.seed, key) if is_size else SIZE_STEPS
    factor = far_factor(settings.seed, key) if far else 1
    closed = _closed_form(diff_expr)
    out = []
    if bases is None:
        bases = numeric.sample_points(inputs, TREND_POINTS, settings.seed, given)
        # A claimed order (not a limit: near an end a limit's approach only slows, which no decade shows)
        if bases and order is not None and order_depends_on_parameters(diff_expr, var):
            bases += _parameter_ends(bases[0], diff_expr, var, given or {})
    for base in bases:
        for s, hs, values in approach(var, point, side, is_size, exponents, steps, factor):
            rows = {}
            for dps in settings.dps:
                vals = []
                for k, v in zip(steps if is_size else exponents, values):
                    vals.append(_distance_at(fn, inputs, base, var, v, k, dps, is_size, order, closed))
                rows[dps] = vals
            trend = Trend(base, s, hs, rows, point, order, where=list(values))
            if order is None and s == "∞":
                where = probe_points(diff_expr, var, point, is_size, hs, base, settings.seed, key, closed)
                trend.probes = {dps: [(h, _distance_at(fn, inputs, base, var, v, k, dps, is_size, order, False))
                                      for h, v, k in where] for dps in settings.dps}
                trend.probe_where = {h: _at(point, s, h, v, digits=12) for h, v, k in where}
            if order is None and closed and any(_falls_too_fast(vals, dps) for dps, vals in rows.items()):
                h4, v4, k4 = _one_step_beyond(hs, values, is_size, point, s)
                trend.beyond = {dps: (h4, _distance_at(fn, inputs, base, var, v4, k4, dps, is_size, order, closed))
                                for dps in settings.dps}
            out.append(trend)
    return out


ZERO_DIGITS = 2000      # a closed form that comes out exactly 0 is evaluated again at 4, 16… times the digits, up to this


def _distance_at(fn, inputs, base, var, v, k, dps: int, is_size: bool, order, closed: bool):
    """|d| at one point of the approach (v the size, or the value of var), at dps digits and the extra the point needs.

    A closed form that comes out exactly 0 is evaluated again with more digits: (2ⁿ + 1)/2ⁿ − 1 cancels to 0 at
    n = 255 with 53 digits, though it is 2⁻²⁵⁵; a 0 makes the tail's slope unmeasurable.  A d that is 0 at every
    precision stays 0."""
    if is_size:
        work = dps + len(str(int(v)))     # 1/n at n = 10¹² must still show above the rounding
    elif order is None:
        work = dps + (k if k > EXPONENTS[-1] else 0)   # x = 10⁴⁰ beside terms of size 1
    else:
        work = dps + int((float(order) + 2) * k) + 20
    while True:
        pt = numeric.Point(dict(base.values))
        with mpmath.workdps(work + 10):
            pt.values[var] = int(v) if is_size else _value_at(v, work)
        value = abs(numeric.evaluate(fn, pt, inputs, work))
        if value != 0 or not closed or work >= ZERO_DIGITS:
            return value
        work = min(4 * work, ZERO_DIGITS)


def _one_step_beyond(hs, values, is_size: bool, point, side: str):
    """(distance, point value, decimal exponent) one step past the last point, as far past it in log as the last
    is past the one before.  A size is made odd (1024 → 4097): an offset at odd n alone shows there."""
    if is_size or point is sp.oo or point == -sp.oo:
        h3, h2 = int(hs[-1]), int(hs[-2])
        h4 = h3 * max(2, round(h3 / h2))
        if is_size:
            h4 += 1 - h4 % 2
            return h4, h4, len(str(h4)) - 1
        sign = 1 if point is sp.oo else -1
        last = values[-1]
        at = (last[0], sign * mpmath.mpf(h4)) if isinstance(last, tuple) else sign * mpmath.mpf(h4)
        return h4, at, len(str(h4)) - 1
    h3, h2 = mpmath.mpf(hs[-1]), mpmath.mpf(hs[-2])
    h4 = h3 * h3 / h2
    p = values[-1][0]
    return h4, (p, (1 if side == "+" else -1) * h4), 0


def order_depends_on_parameters(expr, var) -> bool:
    """A power of the approach variable to an exponent in other symbols (h^c, sin(h)^c, x^(−c), e^(c·log h)):
    its order changes with their values (h^c = O(h) only for c ≥ 1), so the trend is followed from the corners
    of their ranges too, not only from seeded points inside them."""
    for p in expr.atoms(sp.Pow):
        if p.base.has(var) and p.exp.free_symbols - {var}:
            return True
    return any(any(g.has(var) for g in f.args[0].atoms(sp.log)) and f.args[0].free_symbols - {var}
               for f in expr.atoms(sp.exp))


def _parameter_ends(base, expr, var, given: dict) -> list:
    """The base point with one parameter at an end of its range (just inside), for each end of each real
    parameter with a bounded range (at most PARAMETER_ENDS of them, in name order): h^d = O(h) for d in
    [1/2, 5] fails only for d < 1, which three seeded points in the range may all miss.  A range that is only
    where the parameter is sampled (no hypothesis) is also left, by a factor of 8 for a positive parameter
    and by its own width otherwise."""
    from .inputs import Point, domain_or_fallback, inward
    params = sorted((s for s in expr.free_symbols if isinstance(s, sp.Symbol) and s != var and s not in given
                     and s in base.values and not isinstance(base.values[s], list)), key=sp.default_sort_key)
    out = []
    for s in params[:PARAMETER_ENDS]:
        dom = domain_or_fallback(s)
        if dom is None or dom.kind != "real" or dom.low is None or dom.high is None:
            continue
        lo, hi = inward(dom.low, "low"), inward(dom.high, "high")
        if not lo < hi:
            continue
        inside = (hi - lo) * OPEN_END_INSET         # an open end is never a base: a point just inside it is
        values_at = [lo + inside if getattr(dom, "open_low", False) else lo,
                     hi - inside if getattr(dom, "open_high", False) else hi]
        if not getattr(dom, "confined", False):
            # a sampling range is no hypothesis (positive("b", low=1, high=5) is any b > 0): beyond it too
            values_at += [lo / 8, hi * 8] if s.is_positive and lo > 0 else [lo - (hi - lo), hi + (hi - lo)]
        for value in values_at:
            values = dict(base.values)
            values[s] = value
            out.append(Point(values, kind="corner"))
    return out


def _one_symbol_per_name(expr, var) -> None:
    """The approach moves var, the object: another symbol printed the same would keep its sampled value.

    Two symbols under one name (two λ's that do not compare equal) would make a limit in one of them
    and a constant in the other (and cannot be compiled: one argument name for two inputs); the numbers
    refuse to follow such an expression rather than answer."""
    names: dict[str, object] = {}
    symbols = expr.free_symbols | {b.label for b in expr.atoms(sp.IndexedBase)} | {var}
    for x in sorted(symbols, key=sp.default_sort_key):
        if not isinstance(x, sp.Symbol) or isinstance(x, sp.Dummy):
            continue
        if str(x) in names and names[str(x)] != x:
            which = "the approach variable and another symbol are" if str(x) == str(var) else "two symbols are"
            raise numeric.SamplingError(f"{which} both called {x} (another symbol called {x} besides the "
                                        f"approach variable would not move with it): the numbers cannot follow")
        names[str(x)] = x


def _vectors_cannot_follow(expr, size) -> None:
    """A limit in n of vectors with n entries is a limit along a sequence of vectors, which nothing names.

    Sampled entries for one n say nothing about the next n, so the numbers cannot follow such a limit;
    the author has to say how the entries grow with n."""
    from ..authoring.symbols import domain_of
    growing = sorted({str(b) for b in expr.atoms(sp.IndexedBase)
                      if getattr(domain_of(b.label), "size", None) is not None
                      and size in sp.sympify(domain_of(b.label).size).free_symbols}, key=str)
    if growing:
        raise numeric.SamplingError(
            f"a limit as {size} → ∞ of an expression with the vector(s) {', '.join(growing)} of {size} entries "
            f"is a limit along a sequence of vectors the step does not name: write the entries as functions of "
            f"the index and {size} (e.g. s_i = f(i/{size})), or state the limit for a fixed vector")


def tail_rate(hs, values) -> mpmath.mpf | None:
    """Slope of log|d| against log(distance) over the last three points (towards ∞: against log of the value).

    Positive when |d| shrinks towards the point.  None when the values are all negligible.
    """
    tail_h, tail_v = hs[-3:], values[-3:]
    if any(v == 0 for v in tail_v):
        return None
    xs = [mpmath.log(mpmath.mpf(h)) for h in tail_h]
    ys = [mpmath.log(v) for v in tail_v]
    # Least-squares slope; towards ∞ the distance grows, so the sign is flipped to keep "shrinking > 0".
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return -slope if mpmath.mpf(tail_h[-1]) > mpmath.mpf(tail_h[0]) else slope


def negligible(values, dps) -> bool:
    return max(values) < mpmath.mpf(10) ** -int(dps * 0.6)


AITKEN_REGULAR = mpmath.mpf("0.3")   # successive differences shrinking at least this fast: the tail is regular
AITKEN_AWAY = mpmath.mpf("0.5")      # an extrapolated limit at least this fraction of the last value: not → 0


def _aitken(vals, dps: int):
    """(v1, v2, v3, Aitken's Δ² limit) of the last three values when they fall regularly, else None.

    Worked at the values' own precision (at the default 15 digits 10⁻³⁰ + 10⁻¹¹⁰ and 10⁻³⁰ + 10⁻⁴⁷⁴ were equal)."""
    with mpmath.workdps(dps + 20):
        v1, v2, v3 = (mpmath.mpf(v) for v in vals[-3:])
        if not (v1 > v2 > v3 > 0):
            return None
        ratio = (v3 - v2) / (v2 - v1)
        if not 0 < ratio <= AITKEN_REGULAR:
            return None
        return v1, v2, v3, v3 - (v3 - v2) ** 2 / ((v3 - v2) - (v2 - v1))


def _falls_too_fast(vals, dps: int) -> bool:
    """Aitken's extrapolation of |d| lies well below 0: the tail falls faster than any geometric one."""
    found = _aitken(vals, dps)
    return found is not None and found[3] <= -AITKEN_AWAY * found[2]


def heads_elsewhere(vals, dps: int = 15, hs=None, beyond=None) -> bool:
    """|d| shrinks regularly, but towards a value other than 0: 10⁻³ + 1/n looks like a rate near 1 up to n = 10³.

    Aitken's Δ² extrapolation of the last three values, read only where it is reliable: the values fall
    and each difference is at most AITKEN_REGULAR times the one before (c·n^(−r) at lengths ×4, or
    faster), and then the limit it gives is exactly 0 for a pure power c·n^(−r).  A slow limit (1/log n,
    whose differences shrink slowly) is never read this way.  Evidence only: it makes the trend bad,
    and a bad trend refutes only through a certificate.

    A fall that stops dead (the last two values equal, after a fall) heads elsewhere: 10⁻³⁰ + n⁵/3ⁿ at
    n = 255 and 1024 is 10⁻³⁰ to 53 digits.  An extrapolation well below 0 (impossible for a limit of |d|) is
    a tail falling faster than geometrically: n⁵/3ⁿ at n = 64, 255, 1024 is 10⁻²², 10⁻¹¹⁰, 10⁻⁴⁷⁴, and
    Aitken reads −10⁻¹⁹⁸.  So is a fall onto a floor at the last point (n⁵/3ⁿ − 10⁻³⁰⁰ gives 10⁻³⁰⁰ there).
    One point further tells them apart (`beyond`, same log spacing): only a tail whose fall per step of
    log h does not slow down there is read as going to 0; a floor anywhere above the further value stops the
    fall.  Without that point such a tail still heads elsewhere, and so does one that rose into its last three
    (a spike at the first of them reads as a steep fall)."""
    with mpmath.workdps(dps + 20):
        v1, v2, v3 = (mpmath.mpf(v) for v in vals[-3:])
        if v1 > v2 == v3 > 0:
            return True
    found = _aitken(vals, dps)
    if found is None:
        return False
    v1, v2, v3, limit = found
    if limit >= AITKEN_AWAY * v3:
        return True
    if limit > -AITKEN_AWAY * v3:
        return False
    return _rose_into(vals, dps) or not _keeps_falling(hs, v2, v3, beyond, dps)


def _rose_into(vals, dps: int) -> bool:
    """The value before the last three is below the first of them: the tail rose into them.

    A drop from the first of the last three cannot tell a fall from a spike: e^(−n) + [n ≡ 2 (mod 4)] at
    c·10¹² + 2, c·10²⁰ + 1, c·10²⁸ is 1, 10^(−10²⁰), 10^(−10²⁸), and the odd point beyond misses the spike too;
    at 10⁹, before them, it is 10^(−4·10⁸).  A fall acquitted as faster than geometric starts no lower than that."""
    if len(vals) < 4:
        return False
    with mpmath.workdps(dps + 20):
        return mpmath.mpf(vals[-4]) < mpmath.mpf(vals[-3])


def _keeps_falling(hs, v2, v3, beyond, dps: int) -> bool:
    """The fall of log|d| per unit of log h from the last point to the one beyond is at least the fall before it."""
    if hs is None or beyond is None:
        return False
    h4, v4 = beyond
    with mpmath.workdps(dps + 20):
        v4 = mpmath.mpf(v4)
        if not 0 < v4 < v3:
            return False        # 0 may be cancellation at this precision, not a value below the floor
        h2, h3, h4 = (mpmath.mpf(h) for h in (hs[-2], hs[-1], h4))
        before = mpmath.log(v2 / v3) / abs(mpmath.log(h3 / h2))
        after = mpmath.log(v3 / v4) / abs(mpmath.log(h4 / h3))
        return after >= before


def shrinks(trend: Trend, dps: int) -> bool:
    """|d| tends to 0 along this approach, at this precision: negligible, or a positive tail rate towards 0;
    and the largest |d| at the probes falls too (`envelope_falls`)."""
    vals = trend.values[dps]
    if not envelope_falls(trend, dps):
        return False
    if negligible(vals[-3:], dps):
        return True
    rate = tail_rate(trend.h, vals)
    # The middle point counts too: the slope of three points hardly sees a middle one that rises ((−1)ⁿ(1 + 1/n)
    # → 1 at an even, an odd and an even size is 10⁻¹³, 2, 10⁻²⁹).  So does a last one that jumps back up by more
    # than half the fall before it (in log): n⁵/3ⁿ + 10⁻²⁵(1 + (−1)ⁿ) at n = 64, 255, 1024 is 10⁻²², 10⁻¹¹⁰, 10⁻²⁵,
    # a least-squares slope near 3, and has no limit.  A monotone tail always passes this.
    return (rate is not None and rate >= MIN_RATE and vals[-1] <= vals[-3] and vals[-2] <= vals[-3]
            and _no_jump_back(vals, dps) and not heads_elsewhere(vals, dps, trend.h, trend.beyond.get(dps)))


def _no_jump_back(vals, dps: int) -> bool:
    """The last value is at most the geometric mean of the two before it."""
    with mpmath.workdps(dps + 20):
        v1, v2, v3 = (mpmath.mpf(v) for v in vals[-3:])
        return v3 * v3 <= v1 * v2


SPIKE = 1000           # a probe this many times above every point of the approach from its stretch on is a spike
SPIKE_RATE = 0.5        # …which a true limit outgrows only if the largest |d| falls at least this fast (n^(−1/2))


def envelope(trend: Trend, dps: int) -> list:
    """[(t, largest |d| over every point of the approach and every probe at distance ≥ t)] for each of the last
    three points t of the approach that has a probe at or beyond it.

    d → 0 exactly when sup_{n ≥ t} |d(n)| → 0; this is that supremum over the points sampled.  The last
    three points alone decide the tail slope; here every probe past them counts too."""
    probes = trend.probes.get(dps) or []
    if not probes:
        return []
    points = list(zip(trend.h, trend.values[dps])) + list(probes)
    out = []
    for t in trend.h[-3:]:
        if any(h >= t for h, _ in probes):
            out.append((t, max(v for h, v in points if h >= t)))
    return out


def envelope_falls(trend: Trend, dps: int) -> bool:
    """The largest |d| beyond each of the last points of the approach falls: strictly from each to the next, at a
    measurable rate (MIN_RATE) from the first to the last, and at a solid one (SPIKE_RATE) where a probe stands
    SPIKE times above every point of the approach from its stretch on.  True when there are no probes.

    1/(1 + n² sin² n) has a largest |d| near 1/2 beyond 10⁶, 10⁹ and 10¹² (at convergents of π), where the grid
    saw 10⁻¹², 10⁻¹⁸, 10⁻²⁴: it does not fall.  sin(n)/n has its largest |d| near 1/n at each: it falls like 1/n.
    1/(n(1 + n² sin² n)) spikes above its grid, but its spikes fall like 1/n: a limit."""
    env = envelope(trend, dps)
    if len(env) < 2:
        return True
    with mpmath.workdps(dps + 20):
        tops = [mpmath.mpf(e) for _, e in env]
        if negligible(tops[-1:], dps):
            return True
        if not all(b < a for a, b in zip(tops, tops[1:])):
            return False
        rate = mpmath.log(tops[0] / tops[-1]) / mpmath.log(mpmath.mpf(env[-1][0]) / mpmath.mpf(env[0][0]))
        if rate < MIN_RATE:
            return False
        grid = list(zip(trend.h, trend.values[dps]))
        spiky = any(e > SPIKE * max(mpmath.mpf(v) for h, v in grid if h >= t) for t, e in env)
        return not spiky or rate >= SPIKE_RATE


def spike(trend: Trend, dps: int):
    """(distance, |d|) of the probe that stands highest above the points of the approach beyond the first of the
    last three, when it is above all of them; else None.  For a note: where the envelope stopped falling."""
    probes = trend.probes.get(dps) or []
    t = trend.h[-3] if len(trend.h) >= 3 else None
    if not probes or t is None:
        return None
    grid = [v for h, v in zip(trend.h, trend.values[dps]) if h >= t]
    above = [(h, v) for h, v in probes if h >= t and v > max(grid)]
    return max(above, key=lambda hv: hv[1]) if above else None


SOLID_RATE = 0.15       # below this tail slope a shrinking |d| cannot be told from one heading to a small value


def too_slow_to_tell(trend: Trend, dps: int) -> mpmath.mpf | None:
    """The tail slope when |d| shrinks, but so slowly that the numbers cannot tell its limit from a nearby one.

    d ~ 1/log n has slope 0.04–0.09 over n = 10⁴ … 10¹², and so has W(n)/log n − 9/10, which tends to
    1/10 (|d| falls until n ≈ 10¹⁹, then rises): sampled far out, the two look the same.  Such a trend is
    a fine cross-check of a proof, but no evidence on its own (None: decisive, or negligible)."""
    vals = trend.values[dps]
    if negligible(vals[-3:], dps):
        return None
    rate = tail_rate(trend.h, vals)
    return rate if rate is not None and rate < SOLID_RATE else None


# Where the numbers alone decide a limit, |d| must have fallen below this by the last point reached.  d = c/n + δ
# falls like c/n until c/n ≈ δ; Aitken's extrapolation (heads_elsewhere) sees δ only once it is a fair part of
# the last |d|.  ∏_{k≤n}(1 + 1/k²), a product, stops at n = 1024 with |d| = 0.0036; its limit plus 1/1000 gives
# 0.0046 there (0.217, 0.058, 0.015, 0.0046 at 16 … 1024: a clean 1/n fall), and Aitken puts that offset at a
# fifth of the last value, well inside what a true limit's second-order terms give.  Ten times below the offset
# of 10⁻³ that the far points are there to expose, such an offset stands out against what is left of the fall.
RESOLUTION = mpmath.mpf(10) ** -4


def unresolved(trend: Trend, dps: int) -> mpmath.mpf | None:
    """The last |d| when the approach stopped before |d| fell below RESOLUTION, or when |d| rose at the last
    point (a limit off by less than about that cannot be told from the claimed one there), else None.  A
    cross-check of a proof needs no such reach; numbers that are the only evidence do.

    Below RESOLUTION a rise at the last point is where |d| stopped falling: ζ(1 + 1/y)/y → 1 held against
    1 + 10⁻³⁰ gives 9·10⁻²², 9·10⁻³¹, 10⁻³⁰ at y ≈ 10²⁰, 10³⁰, 10⁴⁰, a fall over the last three that `shrinks`
    accepts (it compares each with the first of them), though the last two show |d| settling at the offset."""
    vals = trend.values[dps]
    if negligible(vals[-3:], dps):
        return None
    last = mpmath.mpf(vals[-1])
    return last if last > RESOLUTION or last > mpmath.mpf(vals[-2]) else None


def last_point(trend: Trend) -> str:
    """Where the approach ended, as `describe` writes it (the variable's value, or the point plus or minus h)."""
    return trend.along()[0][-1]


def stalls(trend: Trend, dps: int) -> bool:
    """|d| looks as if it does not tend to 0: its tail neither shrinks at a measurable rate nor is negligible.

    Only a look: (log x)^(−1/10) → 0 stalls like this too, so a stall contradicts a claim, never refutes it."""
    vals = trend.values[dps]
    if not envelope_falls(trend, dps):
        return True
    if negligible(vals[-3:], dps):
        return False
    rate = tail_rate(trend.h, vals)
    return rate is not None and (rate < MIN_RATE / 2 or heads_elsewhere(vals, dps, trend.h, trend.beyond.get(dps)))


# ----------------------------------------------------------------------------- orders: |d|/h^k over decades

def ratios(trend: Trend, dps: int) -> list:
    """|d| / h^k at each distance (towards ∞: |d| · x^k, the claim being O(x^-k))."""
    k = mpmath.mpf(float(trend.order))
    out = []
    for h, v in zip(trend.h, trend.values[dps]):
        h = mpmath.mpf(h)
        out.append(v * h ** k if trend.side == "∞" else v / h ** k)
    return out


def _deep(trend: Trend, dps: int) -> list:
    rs = ratios(trend, dps)
    keep = [r for h, r in zip(trend.h, rs)
            if (mpmath.mpf(h) >= mpmath.mpf(10) ** DEEP if trend.side == "∞" else mpmath.mpf(h) <= mpmath.mpf(10) ** -DEEP)]
    return keep if len(keep) >= 3 else rs[-3:]


def ratio_bounded(trend: Trend, dps: int) -> bool:
    """|d|/h^k stays bounded over the deep tail: it never grows past BOUNDED_GROWTH times its first deep value
    (or it is negligible: |d| is 0 to the working precision)."""
    deep = _deep(trend, dps)
    if max(deep) < mpmath.mpf(10) ** -int(dps * 0.6):
        return True
    return max(deep[1:]) <= BOUNDED_GROWTH * deep[0]


def ratio_grows(trend: Trend, dps: int) -> bool:
    """|d|/h^k rises at every deep step and by more than UNBOUNDED_GROWTH in all: the order looks wrong."""
    deep = _deep(trend, dps)
    if max(deep) < mpmath.mpf(10) ** -int(dps * 0.6):
        return False
    rising = all(b > a for a, b in zip(deep, deep[1:]))
    return rising and deep[-1] > UNBOUNDED_GROWTH * deep[0]


CREEP = mpmath.mpf("0.01")     # a deep ratio that rises at every step by more than this part in all may be unbounded


def ratio_creeps(trend: Trend, dps: int) -> bool:
    """|d|/h^k rises at every deep step, by more than CREEP in all, yet stays within BOUNDED_GROWTH: bounded to
    the eye, but numbers cannot tell it from an iterated logarithm.  x·√(log log(1/x)) over h = 10⁻⁸ … 10⁻⁴⁰ gives
    1.71, 1.82, 1.90, 2.00, 2.07, 2.13, growth 1.25: not O(x), though its ratio grows more slowly than any
    power.  Evidence only where nothing else is: a proof needs no such look."""
    deep = _deep(trend, dps)
    if max(deep) < mpmath.mpf(10) ** -int(dps * 0.6):
        return False
    rising = all(b > a for a, b in zip(deep, deep[1:]))
    return rising and deep[-1] > (1 + CREEP) * deep[0]


def grows(trend: Trend, dps: int) -> bool:
    """|d| rises at each of the last three steps, at a measurable rate: numbers that agree with a limit of ±∞."""
    vals = trend.values[dps]
    rate = tail_rate(trend.h, vals)
    return rate is not None and rate <= -MIN_RATE and all(b > a for a, b in zip(vals[-3:], vals[-2:]))
