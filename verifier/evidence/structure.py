"""Where a claim can break, read off the expression itself: the values a structure point visits.

Random points almost never meet the places a mathematician would try first, and each of them is
named by the expression:
  breakpoints   boundaries of Piecewise conditions, the kinks of Heaviside, Abs, sign, Max/Min, the
                steps of floor/ceiling/frac, with a point just inside every window two breakpoints
                bound (2 < t < 2.000001 gives t = 20000005/10⁷, an exact rational) and just outside;
  zeros         of denominators and of the arguments of log, sqrt and non-integer powers (solved for
                one symbol where the equation is a low-degree polynomial in it: cheap and bounded);
  tight points  zeros of the claim's gap (lhs − rhs) and of its polynomial factors, and the points where
                an inner expression vanishes (the argument of any function, the base of any power):
                exp(x − 1/7) > 1 + x − 1/7 and (x² − 1/49)² > 0 are false exactly at x = 1/7, which
                no random point or landmark meets;
  branch cuts   complex symbols on the negative and positive real axis and on the imaginary axis;
  residues      sizes and integers against every modulus the expression names (n/5, δ(n,7),
                cos(2πn/5), (−1)ⁿ, Mod): multiples of each and multiples + 1, δ's constant and its
                neighbours;
  whole powers  a real variable an exponent writes (y^n, y^{n-1}), at the values making that exponent 2, 1, 3;
  generic       integers at their bounds and at 0, 1, 2, 3; exact non-dyadic rationals (1/3, 2/7),
                evaluated exactly; the quantiles of a stated law deep in both tails (10⁻⁶ … 10⁻³⁰);
  ends          just inside each end of an interval, open or closed: end ∓ 10⁻ᵏ (k = 9, 30, 3, 20, 6, 12,
                scaled to the range), exact rationals: log(p) < −10⁻⁶ on (0, 1) is false for p > 1 − 10⁻⁶.
Every value is admissible for its own declaration (assumptions, confined bounds and their open ends,
law supports); an index's values are checked against its range when the point is assembled (sampling.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import mpmath
import sympy as sp
from sympy.core.relational import Relational

from ..authoring.expectations import Expectation
from ..authoring.reductions import IndexedMax, IndexedMin
from .inputs import domain_or_fallback

MAX_SIZE = 64             # structure sizes above this are not visited (a vector of that length is cheap)
MAX_DEGREE = 4            # zeros are solved for polynomials of at most this degree in one symbol
MAX_ROOTS = 6
MAX_NODES = 4000          # an expression larger than this is only partly walked
MAX_MAGNITUDE = 10 ** 12  # a breakpoint farther out than this is not visited
NEAR = sp.Rational(1, 10 ** 6)       # "just outside" a breakpoint b: b ± NEAR·max(1, |b|)
GENERIC_REALS = (sp.Rational(1, 3), sp.Rational(-2, 7), sp.Rational(2, 7), sp.Rational(-1, 3))
SMALL_INTEGERS = (0, 1, 2, 3, -1)
WHOLE_POWERS = (2, 1, 3)      # the whole exponents a real variable in an exponent is given (structure points)
TAILS = (sp.Rational(1, 10 ** 6), sp.Rational(1, 10 ** 12), sp.Rational(1, 10 ** 30))
REAL_AXIS = (complex(-1.0, 0.0), complex(-2.5, 0.0), complex(1.0, 0.0), complex(0.5, 0.0))
IMAGINARY_AXIS = (complex(0.0, 1.0), complex(0.0, -2.0))
# Just inside an end of an interval: end ∓ scale·10⁻ᵏ, deepest-useful first (a claim false within 10⁻⁶ of an
# end is met at 10⁻⁹; one false within 10⁻²⁵ at 10⁻³⁰).  A vector's entries are floats: only k ≤ 12.
END_DEPTHS = (9, 30, 3, 20, 6, 12)
VECTOR_END_DEPTHS = (9, 3, 12, 6)
MAX_GAP_NODES = 400       # a gap larger than this is not factored (its subterms still name their zeros)
MAX_GAP_DEGREE = 16       # a polynomial gap of higher degree is not factored


@dataclass
class Structure:
    """Per symbol (or vector), the values its structure points visit: named by the expression first."""
    named: dict = field(default_factory=dict)
    generic: dict = field(default_factory=dict)
    ties: list = field(default_factory=list)      # (v, w): v set equal to w (|x − y|, max(x, y), δ(i, j))
    kinds: dict = field(default_factory=dict)     # symbol -> set of what named its values (for the record)
    ends: int = 0                                 # the most values just inside an interval's ends, per symbol
    # the growth rates of integrals over infinite ranges: each diverges where its rate is ≥ 0
    crossings: list = field(default_factory=list)

    def values(self, sym) -> list:
        out = []
        for v in self.named.get(sym, []) + self.generic.get(sym, []):
            if not any(_same(v, w) for w in out):
                out.append(v)
        return out

    def has_named(self) -> bool:
        return any(self.named.values()) or bool(self.ties)


def _same(a, b) -> bool:
    try:
        return type(a) is type(b) and a == b
    except Exception:
        return False


def analyse(exprs, inputs) -> Structure:
    """The structure of the expressions for the symbols of `inputs` (see the module's docstring).

    Two expressions are a claim's two sides: the zeros of their difference are visited too."""
    st = Structure()
    walker = _Walker(inputs, st)
    exprs = [sp.sympify(e) for e in exprs]
    if len(exprs) == 2:
        try:
            walker.gap(exprs[0] - exprs[1])
        except Exception:  # a gap that cannot be factored names no points
            pass
    for e in exprs:
        walker.walk(e)
    walker.finish()
    return st


class _Walker:
    def __init__(self, inputs, st: Structure):
        self.inputs, self.st = inputs, st
        self.kinds = {}
        for s in inputs.args:
            try:
                self.kinds[s] = domain_or_fallback(s).kind
            except Exception:
                self.kinds[s] = None
        self.vector_labels = {b.label: b for b in inputs.vectors}
        self.breaks: dict = {}        # variable -> [exact breakpoints]
        self.moduli: dict = {}        # integer-valued symbol -> {modulus}
        self.constants: dict = {}     # integer-valued symbol -> [constants it is compared with]
        self.zeros: dict = {}         # variable -> [exact zeros of a denominator or a log's argument]
        self.tight: dict = {}         # variable -> [exact zeros of the gap, its factors, inner expressions]
        self.inner_seen: set = set()
        self.nodes = 0
        self.whole: dict = {}         # real variable -> values that make an exponent it writes a whole number

    # --- the walk -------------------------------------------------------------------------------

    def walk(self, e):
        for node in sp.preorder_traversal(e):
            self.nodes += 1
            if self.nodes > MAX_NODES:
                return
            try:
                self.visit(node)
            except Exception:  # an unusual node is just not a source of points
                pass
            try:
                self.inner(node)
            except Exception:  # noqa: BLE001 - likewise
                pass

    def visit(self, node):
        if isinstance(node, sp.Piecewise):
            for _, cond in node.args:
                if isinstance(cond, sp.Basic):
                    for rel in cond.atoms(Relational):
                        self.breakpoint(rel.lhs - rel.rhs)
        elif isinstance(node, (sp.Heaviside, sp.sign, sp.Abs)):
            self.breakpoint(node.args[0])
        elif isinstance(node, (sp.floor, sp.ceiling, sp.frac)):
            self.steps(node.args[0])
        elif isinstance(node, (sp.Max, sp.Min)):
            args = list(node.args)
            for a in range(len(args)):
                for b in range(a + 1, len(args)):
                    self.breakpoint(args[a] - args[b])
        elif isinstance(node, sp.KroneckerDelta):
            self.breakpoint(node.args[0] - node.args[1])
        elif isinstance(node, sp.Mod):
            self.modulus_of(node.args[0], node.args[1])
        elif isinstance(node, sp.log):
            self.zero(node.args[0])
        elif isinstance(node, sp.Pow):
            base, exp = node.args
            if exp.is_number and (exp.is_negative or not exp.is_integer):
                self.zero(base)
            if base.is_number and base.is_negative and not exp.is_number:
                for s in exp.free_symbols:
                    self.add_modulus(s, 2)
            if not base.is_number and not exp.is_number:
                self.whole_power(exp)
        elif isinstance(node, (sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc)):
            self.period(node.args[0] / sp.pi)
        elif isinstance(node, sp.exp) and node.args[0].has(sp.I):
            self.period(node.args[0] / (sp.I * sp.pi))
        elif isinstance(node, sp.Mul):
            coeff = node.as_coeff_Mul()[0]
            if coeff.is_Rational and coeff.q > 1:
                for s in node.free_symbols:
                    self.add_modulus(s, int(coeff.q))
        elif isinstance(node, Relational):
            self.breakpoint(node.lhs - node.rhs)
        elif isinstance(node, sp.Integral):
            self.growth(node)
        elif isinstance(node, Expectation):
            # E[e^{tT}] for T ~ Exp(λ) is finite only while t < λ: where it stops is named by its definition
            from .expectations import definition
            for integral in definition(node).atoms(sp.Integral):
                self.growth(integral)

    def growth(self, node: sp.Integral):
        """Where an integral over an infinite range stops converging: the exponential rate of its integrand.

        The rate is the coefficient of x (or of x², for a Gaussian-like exponent) in the integrand's
        exponent; where it crosses 0 the integral diverges, and a claim of a finite value is false there:
        sampling._crossing_points puts points just beyond."""
        if len(node.limits) != 1 or len(node.limits[0]) != 3:
            return
        x, lo, hi = node.limits[0]
        if not (hi is sp.oo or lo is sp.S.NegativeInfinity):
            return
        exponent = sp.Add(*[f.args[0] if isinstance(f, sp.exp) else f.exp
                            for f in sp.Mul.make_args(sp.powsimp(node.function))
                            if isinstance(f, sp.exp) or (f.is_Pow and f.base is sp.E)])
        try:
            poly = sp.Poly(sp.expand(exponent), x)
        except (sp.PolynomialError, sp.GeneratorsNeeded, TypeError, ValueError):
            return
        if not (1 <= poly.degree() <= 2) or poly.LC().has(x):
            return
        rate = poly.LC()
        if poly.degree() == 1 and hi is not sp.oo:
            rate = -rate        # over (−∞, a], e^{rx} grows where r < 0: ∫_{−∞}^0 e^{tx} dx = 1/t needs t > 0
        if any(self.kinds.get(v) == "real" for v in self.variables(rate)):
            self.st.crossings.append(rate)

    def inner(self, node):
        """Where an inner expression vanishes: the arguments of a function, the base of a power."""
        if isinstance(node, sp.Pow):
            parts = node.args[:1]
        elif isinstance(node, sp.Function) and not isinstance(node, (sp.Piecewise, sp.Max, sp.Min)):
            parts = node.args
        else:
            return
        for a in parts:
            if not isinstance(a, sp.Expr) or a.is_number or a.is_Symbol or a in self.inner_seen:
                continue
            self.inner_seen.add(a)
            self.tight_zero(a)

    def gap(self, g):
        """Zeros of a claim's gap lhs − rhs in its one variable: of each polynomial factor of degree ≤ 4."""
        vars_ = self.variables(g)
        if len(vars_) != 1 or sp.count_ops(g) > MAX_GAP_NODES:
            return
        [v] = vars_
        poly = _poly(g, v)
        if poly is not None and poly.degree() <= 2:
            factors = [poly.as_expr()]
        elif poly is not None and poly.degree() <= MAX_GAP_DEGREE:
            factors = [f.as_expr() for f, _ in sp.factor_list(poly)[1]]
        else:
            factors = [f for f in sp.Mul.make_args(sp.factor_terms(g)) if not f.is_number]
            factors = [f.base if f.is_Pow and f.exp.is_positive else f for f in factors]
        for f in factors:
            self.tight_zero(f)

    def whole_power(self, exponent):
        """The values of a real variable at which an exponent linear in it alone is 2, 1 or 3: y^n for a real n is
        a whole power there, which the numbers evaluate near y = 0 and for negative y, where a fractional power has no
        certified value (∫_0^x n y^n dy = x^n, false at n = 2, is met nowhere else)."""
        vars_ = self.variables(exponent)
        if len(vars_) != 1 or self.kinds.get(vars_[0]) != "real" or isinstance(vars_[0], sp.Indexed):
            return
        [v] = vars_
        poly = _poly(exponent, v)
        if poly is None or poly.degree() != 1 or not all(c.is_Rational for c in poly.all_coeffs()):
            return
        a, b = poly.all_coeffs()
        values = self.whole.setdefault(v, [])
        for k in WHOLE_POWERS:
            value = (k - b) / a
            if value not in values:
                values.append(value)

    def tight_zero(self, f):
        """The exact zeros of f in its one variable, where the claim is tight (no neighbours added)."""
        self._zeros_into(self.tight, f)

    # --- what a node names ------------------------------------------------------------------------

    def variables(self, f) -> list:
        """The free variables of f a point can set: scalars of the inputs and entries of its vectors."""
        out = [s for s in f.free_symbols if s in self.kinds]
        out += [a for a in f.atoms(sp.Indexed) if a.base in self.inputs.vectors]
        return out

    def breakpoint(self, f):
        """Where f changes sign: its zero in each variable it has alone; a tie where f = v − w."""
        f = sp.sympify(f)
        vars_ = self.variables(f)
        if len(vars_) == 2:
            v, w = vars_
            if sp.expand(f - (v - w)) == 0 or sp.expand(f + (v - w)) == 0:
                self.st.ties.append((v, w))
                return
        if len(vars_) != 1:
            return
        [v] = vars_
        if self.integer_valued(v):
            for r in self.roots(f, v):
                if r.is_Rational:
                    self.constant(v, r)
            return
        for r in self.roots(f, v):
            self.breaks.setdefault(self.key(v), []).append(r)

    def steps(self, f):
        """floor/ceiling/frac of f: f at integers, and a modulus where f = k/q."""
        f = sp.sympify(f)
        vars_ = self.variables(f)
        if len(vars_) != 1:
            return
        [v] = vars_
        if self.integer_valued(v):
            poly = _poly(f, v)
            if poly is not None and poly.degree() == 1:
                c = poly.all_coeffs()[0]
                if c.is_Rational and c.q > 1:
                    self.add_modulus(v, int(c.q))
            return
        poly = _poly(f, v)
        if poly is None or poly.degree() != 1:
            return
        a, b = poly.all_coeffs()
        for k in (0, 1, -1, 2):          # f = k at v = (k − b)/a
            r = (k - b) / a
            if r.is_real:
                self.breaks.setdefault(self.key(v), []).append(r)

    def zero(self, f):
        self._zeros_into(self.zeros, f)

    def _zeros_into(self, where: dict, f):
        """The exact zeros of f in its one variable: integers for an integer-valued one, else into `where`."""
        f = sp.sympify(f)
        vars_ = self.variables(f)
        if len(vars_) != 1:
            return
        [v] = vars_
        for r in self.roots(f, v):
            if self.integer_valued(v):
                if r.is_Integer:
                    self.constant(v, r)
            else:
                where.setdefault(self.key(v), []).append(r)

    def period(self, r):
        """A trigonometric argument over π: r = (p/q)·k gives the moduli of k."""
        r = sp.expand(r)
        for s in r.free_symbols:
            if s in self.kinds and self.integer_valued(s):
                c = r.coeff(s)
                if c.is_Rational and c != 0:
                    for m in ((c / 2).q, c.q):
                        if m > 1:
                            self.add_modulus(s, int(m))

    def modulus_of(self, f, q):
        if q.is_Integer and int(q) > 1:
            for s in sp.sympify(f).free_symbols:
                self.add_modulus(s, int(q))

    def add_modulus(self, s, q: int):
        if s in self.kinds and self.integer_valued(s) and 1 < q <= MAX_SIZE:
            self.moduli.setdefault(s, set()).add(q)

    def constant(self, v, c):
        self.constants.setdefault(v, []).append(int(c))

    def integer_valued(self, v) -> bool:
        return not isinstance(v, sp.Indexed) and self.kinds.get(v) in ("size", "index", "integer")

    def key(self, v):
        return v.base if isinstance(v, sp.Indexed) else v

    def roots(self, f, v) -> list:
        """Exact zeros of f in v, for a polynomial of low degree (real ones for a real variable)."""
        poly = _poly(f, v)
        if poly is None or not 1 <= poly.degree() <= MAX_DEGREE:
            return []
        if poly.degree() <= 2:
            found = sp.roots(poly, multiple=True)
        else:
            found = [r for r in sp.roots(poly, multiple=True, cubics=False, quartics=False)]
        out = []
        complex_var = not isinstance(v, sp.Indexed) and self.kinds.get(v) == "complex"
        for r in found[:MAX_ROOTS]:
            if r.free_symbols or (not complex_var and r.is_real is not True):
                continue
            if abs(complex(sp.N(r))) > MAX_MAGNITUDE:
                continue
            out.append(sp.nsimplify(r) if r.is_Float else r)
        return out

    # --- the values -------------------------------------------------------------------------------

    def finish(self):
        st = self.st
        for v, points in self.tight.items():
            exact = []
            for r in points:
                if not any(r == q for q in exact):
                    exact.append(r)
            st.named[v] = st.named.get(v, []) + exact
            st.kinds.setdefault(v, set()).add("tight points")
        for v, points in self.breaks.items():
            st.named[v] = st.named.get(v, []) + _around(points)
            st.kinds.setdefault(v, set()).add("breakpoints")
        for v, points in self.zeros.items():
            near = []
            for r in points:
                near.append(r)
                if r.is_real:
                    step = NEAR * max(1, abs(r))
                    near += [r + step, r - step]
            st.named[v] = st.named.get(v, []) + near
            st.kinds.setdefault(v, set()).add("zeros")
        for v, values in self.whole.items():
            st.named[v] = st.named.get(v, []) + values
            st.kinds.setdefault(v, set()).add("whole exponents")
        for s in set(self.moduli) | set(self.constants):
            values = []
            for c in self.constants.get(s, []):
                values += [c, c + 1, c - 1]
            for q in sorted(self.moduli.get(s, ())):
                values += [q, 2 * q, q + 1, 2 * q + 1, 0]
            st.named[s] = st.named.get(s, []) + values
            st.kinds.setdefault(s, set()).add("residues")
        for s in self.inputs.args:
            self.generic(s)
        for s in list(st.named):
            st.named[s] = [x for x in (self.admissible(s, v) for v in st.named[s]) if x is not None]
        for s in list(st.generic):
            st.generic[s] = [x for x in (self.admissible(s, v) for v in st.generic[s]) if x is not None]
        st.ties = [(v, w) for v, w in st.ties if not isinstance(v, sp.Indexed) and not isinstance(w, sp.Indexed)
                   and self.kinds.get(v) == self.kinds.get(w)]

    def generic(self, s):
        d = domain_or_fallback(s)
        out = []
        if d.kind == "integer":
            lo, hi = d.low, d.high
            out = [lo, *SMALL_INTEGERS[:4], hi, lo + 1, hi - 1, *SMALL_INTEGERS[4:]]
        elif d.kind == "real":
            out = list(GENERIC_REALS)
            if d.law is not None:
                out = _tails(d.law) + out
            elif d.confined and d.low is not None:
                lo, hi = _exact_bound(d.low), _exact_bound(d.high)
                ends = [b for b, open_ in ((lo, getattr(d, "open_low", False)), (hi, getattr(d, "open_high", False)))
                        if not open_]
                near = [x for x in _just_inside(lo, hi, END_DEPTHS) if self.admissible(s, x) is not None]
                out = ends + near[:2] + out + near[2:]
                self.st.ends = max(self.st.ends, len(near))
        elif d.kind == "complex":
            out = list(REAL_AXIS) + list(IMAGINARY_AXIS) + [sp.Rational(-1, 3)]
        elif d.kind == "vector" and d.law is not None:
            out = _tails(d.law)
        elif d.kind == "vector" and d.low is not None and (getattr(d, "open_low", False) or
                                                           getattr(d, "open_high", False)):
            # entries just inside an open end (floats): the closed ends are the "bounds" vectors' business
            lo, hi = _exact_bound(d.low), _exact_bound(d.high)
            out = [x for x in _just_inside(lo, hi, VECTOR_END_DEPTHS) if self.admissible(s, x) is not None]
            self.st.ends = max(self.st.ends, len(out))
        if out:
            self.st.generic[s] = out

    def admissible(self, s, v):
        """v as the value the point takes, or None where the declaration rules it out."""
        try:
            d = domain_or_fallback(s)
        except Exception:
            return None
        if d.kind in ("size", "index", "integer"):
            if isinstance(v, sp.Basic):
                if not v.is_Integer:
                    return None
                v = int(v)
            if not isinstance(v, int):
                return None
            if d.kind == "size":
                if getattr(d, "only", False) or v < max(1, int(d.low or 1)) or v > MAX_SIZE:
                    return None
            elif d.kind == "integer":
                if (d.low is not None and v < d.low) or (d.high is not None and v > d.high):
                    return None
            elif v < d.start:
                return None
            return v
        if d.kind == "complex":
            if isinstance(v, sp.Basic):
                return v if v.is_number else None
            return v
        if d.kind not in ("real", "vector"):
            return None
        if isinstance(v, complex):
            return None
        value = sp.sympify(v)
        if value.is_real is not True:
            return None
        label = s.label if isinstance(s, sp.IndexedBase) else s
        positive = d.law is not None and d.law.support == "positive"
        if (getattr(label, "is_positive", False) or positive) and not value > 0:
            return None
        if getattr(label, "is_nonnegative", False) and value < 0:
            return None
        if getattr(label, "is_zero", None) is False and value == 0:
            return None
        if getattr(label, "is_nonpositive", False) and value > 0:
            return None
        if d.kind == "real" and d.law is None and d.low is not None:
            # inside the range as written, confined or not: a structure point never leaves the sampled box
            if not (sp.sympify(d.low) <= value <= sp.sympify(d.high)):
                return None
        if d.law is None and d.low is not None and d.kind in ("real", "vector"):
            entry = sp.Rational(*float(value).as_integer_ratio()) if d.kind == "vector" else value
            if getattr(d, "open_low", False) and bool(entry <= sp.sympify(d.low)):
                return None          # an excluded end is never a point: the values just inside it are
            if getattr(d, "open_high", False) and bool(entry >= sp.sympify(d.high)):
                return None
        if d.kind == "vector":
            if d.law is None and d.low is not None and not (d.low <= float(value) <= d.high):
                return None
            return float(value)          # vector entries are floats
        return value


def _poly(f, v):
    try:
        p = sp.Poly(sp.expand(f), v)
    except (sp.PolynomialError, sp.GeneratorsNeeded, TypeError, ValueError):
        return None
    if any(c.free_symbols for c in p.all_coeffs()):
        return None
    return p


def _around(points) -> list:
    """Points just inside every window two breakpoints bound, the breakpoints, and just outside them."""
    exact = []
    for p in points:
        if isinstance(p, sp.Float):
            p = sp.Rational(str(p))          # the decimal as written: 2.000001 is 2000001/10⁶
        if p.is_real and not any(p == q for q in exact):
            exact.append(p)
    exact.sort(key=lambda x: float(x))
    inside = [(a + b) / 2 for a, b in zip(exact, exact[1:])]
    outside = []
    for p in exact:
        step = NEAR * max(1, abs(p))
        if inside:
            gap = min(abs(p - q) for q in exact if q != p) if len(exact) > 1 else step
            step = min(step, gap / 4)
        outside += [p - step, p + step]
    return inside + exact + outside


def _exact_bound(b):
    """A declared bound exactly: a float as the decimal written (0.3 is 3/10), SymPy values as they are."""
    if isinstance(b, float):
        return sp.Rational(repr(b))
    return sp.sympify(b)


def _just_inside(lo, hi, depths) -> list:
    """end ∓ scale·10⁻ᵏ for each depth k, the high end first, as exact values strictly inside (lo, hi).

    The scale is the end's own magnitude (at least 1), but never more than the range's width: a claim
    that breaks near 10⁶ breaks within a relative, not an absolute, 10⁻⁹ of it."""
    try:
        width = hi - lo
        if not bool(width > 0):
            return []
    except TypeError:
        return []
    out = []
    for k in depths:
        for end, sign in ((hi, -1), (lo, 1)):
            scale = sp.Min(sp.Max(1, sp.Abs(end)), width)
            step = scale / sp.Integer(10) ** k
            if not bool(4 * step < width):
                continue
            out.append(end + sign * step)
    return out


def _tails(law) -> list:
    """Quantiles of a stated law at 10⁻⁶, 10⁻¹² and 10⁻³⁰ in each tail, as exact rationals of their floats."""
    out = []
    with mpmath.workdps(40):
        for p in TAILS:
            pm = mpmath.mpf(p.p) / p.q
            if law.name == "normal":
                z = mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * pm)
                mu, sigma = law.params
                out += [mu + sigma * z, mu - sigma * z]
            elif law.name == "laplace":
                mu, b = law.params
                out += [mu + b * mpmath.log(1 / (2 * pm)), mu - b * mpmath.log(1 / (2 * pm))]
            elif law.name == "exponential":
                (rate,) = law.params
                out += [mpmath.log(1 / pm) / rate, -mpmath.log(1 - pm) / rate]
    return [sp.Rational(*float(x).as_integer_ratio()) for x in out if math.isfinite(float(x)) and float(x) != 0]


def named_sizes(expr, n, limit: int = MAX_SIZE) -> list[int]:
    """Sizes the expression names for n (moduli, δ's constants), beyond 1…6: where "cases" must look too."""
    from .inputs import inputs_of
    try:
        inputs = inputs_of(sp.sympify(expr))
    except Exception:
        return []
    st = analyse([expr], inputs)
    return sorted({v for v in st.named.get(n, []) if isinstance(v, int) and 6 < v <= limit})
