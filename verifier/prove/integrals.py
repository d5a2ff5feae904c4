"""Integrals as steps: a change of variables ("substitute") and integration by parts ("by_parts").

Both serve = steps with at most one constant multiple of a definite one-variable integral on each side
(plus terms free of integrals): two integrals on one side could be ∞ − ∞, which a combined integrand
would hide.  The step is proved when, after the rewrite below, the two integrands (their variables
renamed alike) are identical and what is left outside the integrals cancels, each shown by the generic
= strategies (zero_outcome).  Nothing is trusted: each rewrite is checked where it is made.

substitute: ∫_a^b f(x) dx = ∫_c^d f(φ(u)) |φ'(u)| du.  The relation x = φ(u) is searched, never taken on
trust: the affine map that matches finite limits, the identity (a renaming), each subexpression t(u) of
the other side's integrand read as x = t(u), and each subexpression s(x) of this side's integrand solved
from u = s(x).  A candidate is used only when SymPy shows, on the open u-range (c, d):
  * φ and φ' are analytic there: built from +, ×, powers whose bases are shown > 0 (or a power with a
    nonnegative integer exponent), log of arguments shown > 0, and entire functions (exp, sin, cos, …),
    with every other symbol real;
  * φ' > 0 throughout, or φ' < 0 throughout (shown by the sign prover, u written as a point of (c, d)),
    so φ is strictly monotone and a C¹ bijection onto its image;
  * the one-sided limits of φ at c and d (±∞ included) are the x-limits, in the order the sign of φ' says.
The author writes the substitution in the reason (`.eq(rhs, "u = (x − μ)/σ", how="substitute")`); the
strategy finds it among its candidates (those whose integrands already match under a cheap rewrite are
checked first), and an affine x = β + αu is also found by matching a polynomial piece of f against one of
the other integrand (−(x − μ)²/(2σ²) against −u²/2 gives x = μ + σu).  When the other side has no
integral, the integral is standardised the same way (against −u²/2), checked as above, evaluated by
SymPy (its logarithms and powers expanded without force) and compared with the other side.

by_parts: ∫_a^b u v' dx = [u v]_a^b − ∫_a^b u' v dx, with u tried as each product of the integrand's
factors and v an antiderivative SymPy finds (checked: v' − the rest ≡ 0).  Used only when u and v are
analytic on (a, b) (as above) and both one-sided limits of u·v at a and b are finite values SymPy
computes (at ±∞ too); [u v]_a^b is then their difference.  An oscillating boundary term (x cos x at ∞)
has no limit and nothing is proved.

A failure here is never a refutation: only numbers refute.
"""
from __future__ import annotations

import itertools

import sympy as sp

from .. import functions
from .identities import prepare, run_transforms, scope_of, zero_outcome
from .outcome import Proof, ProofOutcome
from .registry import EQUALITY, Cost, Goal, register
from .signs import prove_nonnegative
from .timeouts import time_limit

MAX_CANDIDATES = 40
MAX_FACTORS = 6
QUICK = ["exact match", "expand", "cancel/together"]


class _NotThisShape(Exception):
    pass


# ----------------------------------------------------------------------------- reading the claim

def _ordered_range(lo, hi):
    """(sign, lo, hi) with lo < hi shown: ∫_lo^hi = sign · ∫ over the ordered range; None if the order is not shown."""
    if lo == hi:
        return None
    for sign, a, b in ((1, lo, hi), (-1, hi, lo)):
        if a is sp.S.NegativeInfinity or b is sp.S.Infinity:
            if a is not sp.S.Infinity and b is not sp.S.NegativeInfinity:
                return sign, a, b
        elif prove_nonnegative(b - a, strict=True, limit=1.0).method:
            return sign, a, b
    return None


def _split(expr):
    """([(coeff, var, lo, hi, integrand)], rest) for a sum of constant multiples of definite integrals."""
    integrals, rest = [], []
    for term in sp.Add.make_args(expr):
        if not term.has(sp.Integral):
            rest.append(term)
            continue
        coeff, integral = term.as_independent(sp.Integral, as_Add=False)
        if not isinstance(integral, sp.Integral) or len(integral.limits) != 1 or len(integral.limits[0]) != 3:
            raise _NotThisShape("not a constant multiple of one definite integral in one variable")
        var, lo, hi = integral.limits[0]
        if integral.function.has(sp.Integral) or lo.has(var) or hi.has(var):
            raise _NotThisShape("a nested integral")
        ordered = _ordered_range(lo, hi)
        if ordered is None:
            raise _NotThisShape(f"the order of the limits {sp.sstr(lo)}, {sp.sstr(hi)} is not shown")
        sign, lo, hi = ordered
        integrals.append((sign * coeff, var, lo, hi, integral.function))
    return integrals, sp.Add(*rest)


def _groups(integrals):
    """{(lo, hi): (var, combined integrand)}: integrals over one range, renamed to one variable and added."""
    out: dict = {}
    for coeff, var, lo, hi, f in integrals:
        key = (lo, hi)
        if key not in out:
            # A fresh variable for the range: another integrand may use the first one's name as a free
            # symbol (∫ x eˣ dx against ∫ eˣ dy, whose x is free), which the rename must not capture.
            out[key] = (sp.Dummy(str(var), real=True), sp.S.Zero)
        v, g = out[key]
        out[key] = (v, g + coeff * f.xreplace({var: v}))
    return out


def _identically_zero(e, limit) -> str | None:
    e = prepare(e)
    if e == 0:
        return "exact match"
    out = zero_outcome(e, limit)
    return out.proof.method if out.proof else None


# ----------------------------------------------------------------------------- conditions on the u-range

def _interior(var, lo, hi):
    """var written as a point of the open range (lo, hi) through a positive (or real) symbol."""
    if lo is sp.S.NegativeInfinity and hi is sp.S.Infinity:
        return sp.Dummy("t", real=True)
    t = sp.Dummy("t", positive=True)
    if hi is sp.S.Infinity:
        return lo + t
    if lo is sp.S.NegativeInfinity:
        return hi - t
    return lo + (hi - lo) * t / (1 + t)


def _positive_on(e, var, point, limit) -> bool:
    return prove_nonnegative(e.xreplace({var: point}), strict=True, limit=limit).method is not None


def _analytic_on(e, var, point, limit) -> bool:
    """e is analytic on the open range that point runs over: the shapes in the module docstring only."""
    e = sp.sympify(e)
    if any(s.is_real is not True for s in e.free_symbols - {var}):
        return False
    for node in sp.preorder_traversal(e):
        if isinstance(node, (sp.Symbol, sp.Number, sp.NumberSymbol, sp.Add, sp.Mul)) or node is sp.S.ImaginaryUnit:
            if node is sp.S.ImaginaryUnit:
                return False
            continue
        if isinstance(node, sp.Pow):
            if node.exp.has(var) and not _positive_on(node.base, var, point, limit):
                return False
            if node.exp.is_Integer and node.exp >= 0:
                continue
            if not node.base.has(var):
                if node.base.is_positive is not True:
                    return False
                continue
            if not _positive_on(node.base, var, point, limit):
                return False
        elif isinstance(node, sp.log):
            if not _positive_on(node.args[0], var, point, limit):
                return False
        elif functions.smooth_on_reals_call(node):      # continuous on ℝ (the table); its arguments are real
            continue
        elif not node.has(var) and node.is_real is True and not node.has(sp.zoo, sp.oo, sp.nan):
            continue
        else:
            return False
    return True


def _one_sided(e, var, at, direction, limit):
    """The limit of e as var → at from direction, when SymPy computes a value; None otherwise."""
    try:
        with time_limit(limit):
            value = sp.limit(e, var, at) if at in (sp.oo, -sp.oo) else sp.limit(e, var, at, dir=direction)
    except Exception:   # noqa: BLE001  (SymPy cannot say, e.g. "depends on the sign of a": no value, try the next)
        return None
    if value.has(sp.Limit, sp.AccumBounds, sp.nan, sp.zoo) or value.has(sp.Piecewise):
        return None
    return value


def _same_point(value, target, limit) -> bool:
    if value is None:
        return False
    if target in (sp.oo, -sp.oo) or value in (sp.oo, -sp.oo):
        return value == target
    if value.has(sp.oo, -sp.oo):
        return False
    return _identically_zero(value - target, limit) is not None


# ----------------------------------------------------------------------------- substitute

def _candidates(x, f, u, g):
    """Relations x = φ(u) worth trying, most likely first."""
    seen, out = set(), []

    def add(phi):
        phi = sp.sympify(phi)
        if phi.has(u) and not phi.has(x) and phi not in seen and len(out) < MAX_CANDIDATES:
            seen.add(phi)
            out.append(phi)

    add(u)
    for phi in _affine_matches(x, f, u, g):
        add(phi)
    for t in sp.preorder_traversal(g):
        if isinstance(t, sp.Expr) and t.has(u) and t != u and not isinstance(t, (sp.Integral,)):
            add(t)
    for s in sp.preorder_traversal(f):
        if isinstance(s, sp.Expr) and s.has(x) and s != x:
            try:
                with time_limit(1.0):
                    solutions = sp.solve(sp.Eq(s, u), x)
            except Exception:   # noqa: BLE001  (a shape solve cannot invert is just not a candidate)
                continue
            for phi in solutions:
                add(phi)
    return out


def _polynomials(e, var):
    """Subexpressions of e that are polynomials of degree ≥ 1 in var (arguments of functions, bases, exponents)."""
    out = []
    for node in sp.preorder_traversal(e):
        if isinstance(node, sp.Expr) and node.has(var) and node != var and len(out) < 12:
            try:
                poly = sp.Poly(sp.expand(node), var)
            except sp.PolynomialError:
                continue
            if poly.degree() >= 1 and not any(c.has(var) for c in poly.all_coeffs()):
                out.append(poly)
    return out


def _affine_matches(x, f, u, g):
    """x = β + αu making a polynomial piece P(x) of f agree with a piece Q(u) of g of the same degree in their
    two leading coefficients (−(x − μ)²/(2σ²) against −u²/2 gives x = μ + σu)."""
    out = []
    for p in _polynomials(f, x):
        for q in _polynomials(g, u):
            k = p.degree()
            if q.degree() != k:
                continue
            c, d = p.all_coeffs(), q.all_coeffs()
            roots = [sp.root(d[0] / c[0], k)] + ([-sp.root(d[0] / c[0], k)] if k % 2 == 0 else [])
            for alpha in roots:
                alpha = sp.powsimp(sp.powdenest(alpha))
                beta = (d[1] / alpha ** (k - 1) - c[1]) / (k * c[0])
                out.append(sp.expand(beta + alpha * u))
    return out


def _is_zero(e) -> bool:
    return e == 0 or e.is_zero is True


def _quick_match(phi, x, f, u, g) -> bool:
    """f(φ(u))·φ'(u) = ∓g(u) under a cheap rewrite (a ranking only: the full checks still decide)."""
    raw = f.xreplace({x: phi}) * sp.diff(phi, u)
    try:
        for sign in (1, -1):
            if run_transforms(prepare(sign * raw + g), _is_zero, 0.5, only=QUICK).method:
                return True
    except Exception:   # noqa: BLE001  (an unusual shape only ranks the candidate last)
        return False
    return False


def _try_phi(phi, x, a, b, f, u, lo, hi, limit):
    """The integrand in u when x = φ(u) passes every check (module docstring), else None."""
    point = _interior(u, lo, hi)
    dphi = sp.diff(phi, u)
    if _positive_on(dphi, u, point, limit):
        start, end, sign = a, b, 1
    elif _positive_on(-dphi, u, point, limit):
        start, end, sign = b, a, -1
    else:
        return None
    if not (_same_point(_one_sided(phi, u, lo, "+", limit), start, limit)
            and _same_point(_one_sided(phi, u, hi, "-", limit), end, limit)):
        return None
    if not (_analytic_on(phi, u, point, limit) and _analytic_on(dphi, u, point, limit)):
        return None
    return sign * f.xreplace({x: phi}) * dphi


@register("substitute", [EQUALITY], Cost.EXPENSIVE,
          "change of variables x = φ(u) in a definite integral, φ found and checked (C¹, strictly monotone, "
          "limits onto limits), then the integrands compared")
def by_substitution(goal: Goal) -> ProofOutcome:
    if not goal.gap.has(sp.Integral):
        return ProofOutcome(None)
    with time_limit(goal.limit):
        try:
            (left, left_rest), (right, right_rest) = _split(goal.lhs), _split(goal.rhs)
        except _NotThisShape as exc:
            return ProofOutcome(None, [f"substitute: {exc}"])
        if len(left) > 1 or len(right) > 1:
            # Two integrals on one side could be ∞ − ∞, which no combined integrand may stand for.
            return ProofOutcome(None, ["substitute: needs at most one integral on each side"])
        left = _groups(left)
        right = _groups([(-c, v, lo, hi, f) for c, v, lo, hi, f in right])
        if {len(left), len(right)} == {0, 1}:
            # One side an integral, the other none: standardise the integral, then evaluate it.
            [(x, ((a, b), (v, f)))] = [(v, item) for side in (left, right) for item in side.items()
                                       for v in [item[1][0]]]
            # ∫F + left_rest = right_rest with F on the left; with F on the right its group holds −F: either way
            # the integral over the group's range is right_rest − left_rest.
            return _standardised(x, a, b, f, right_rest - left_rest, goal)
        if len(left) != 1 or len(right) != 1:
            return ProofOutcome(None, ["substitute: needs integrals over one range on each side"])
        if _identically_zero(left_rest - right_rest, goal.limit) is None:
            return ProofOutcome(None, ["substitute: the terms outside the integrals do not cancel"])
        [(r1, (v1, f1))], [(r2, (v2, f2))] = left.items(), right.items()
        for (x, (a, b), f), (u, (lo, hi), g) in (((v1, r1, f1), (v2, r2, f2)), ((v2, r2, f2), (v1, r1, f1))):
            if u == x:          # one name for both variables: rename the target's apart
                fresh = sp.Dummy("u", **u.assumptions0)
                g, u = g.xreplace({u: fresh}), fresh
            candidates = _candidates(x, f, u, g)
            if all(p.is_finite for p in (a, b, lo, hi)):
                for start, end in ((a, b), (b, a)):
                    candidates.insert(0, sp.expand(start + (end - start) * (u - lo) / (hi - lo)))
            candidates = list(dict.fromkeys(candidates))
            # Those whose integrand already matches under a cheap rewrite are checked first: the conditions
            # on φ are the costly part, and a wrong candidate usually fails the match at once.
            candidates.sort(key=lambda phi: not _quick_match(phi, x, f, u, g))
            for phi in candidates:
                h = _try_phi(phi, x, a, b, f, u, lo, hi, goal.limit)
                if h is None:
                    continue
                how = _identically_zero(h + g, goal.limit)
                if how:
                    shown = sp.sstr(phi.xreplace({u: sp.Symbol("u")}))
                    return ProofOutcome(Proof(f"substitution x = {shown} (C¹, strictly monotone, limits onto "
                                              f"limits), then the integrands by {how}", scope_of(goal)))
    return ProofOutcome(None, ["substitute: no checked substitution makes the integrands agree"])


STANDARD_SHAPES = (-sp.Symbol("u") ** 2 / 2,)     # exp(−u²/2): a Gaussian integral in standard form


def _standardised(x, a, b, f, other, goal):
    """∫_a^b f dx = other, by a checked affine x = β + αu that puts f in a standard shape (−(x − μ)²/(2σ²)
    becomes −u²/2), then SymPy's integral of the transformed integrand, its logarithms and powers expanded
    (without force: only where the assumptions allow), compared with the other side."""
    u = sp.Dummy("u", real=True)
    shapes = [shape.xreplace({sp.Symbol("u"): u}) for shape in STANDARD_SHAPES]
    candidates = [phi for shape in shapes for phi in _affine_matches(x, f, u, shape)]
    for phi in dict.fromkeys(candidates):
        alpha = sp.diff(phi, u)
        if alpha.has(u) or alpha.is_real is not True:
            continue
        beta = phi.xreplace({u: 0})
        ends = [(end - beta) / alpha if end.is_finite else end * sp.sign(alpha) for end in (a, b)]
        ordered = _ordered_range(*ends)
        if ordered is None:
            continue
        _, lo, hi = ordered
        h = _try_phi(phi, x, a, b, f, u, lo, hi, goal.limit)
        if h is None:
            continue
        h = sp.expand(sp.expand_log(sp.expand(h)))
        value = sp.integrate(h, (u, lo, hi))
        if value.has(sp.Integral) or value.has(sp.oo, -sp.oo, sp.nan, sp.zoo):
            continue
        how = _identically_zero(value - other, goal.limit)
        if how:
            shown = sp.sstr(phi.xreplace({u: sp.Symbol("u")}))
            return ProofOutcome(Proof(f"substitution x = {shown} (C¹, strictly monotone, limits onto limits), "
                                      f"the integral in u evaluated by SymPy, then {how}", scope_of(goal)))
    return ProofOutcome(None, ["substitute: no checked standardising substitution evaluates the integral"])


# ----------------------------------------------------------------------------- by parts

def _splits(f, x):
    """(u, v') for each product of the integrand's factors taken as u (u = 1 excluded)."""
    factors = sp.Mul.make_args(f)
    factors = [p for p in factors if p.has(x)] or list(factors)
    const = sp.Mul(*[p for p in sp.Mul.make_args(f) if not p.has(x)])
    if len(factors) > MAX_FACTORS:
        return
    for k in range(1, len(factors) + 1):
        for chosen in itertools.combinations(range(len(factors)), k):
            u = sp.Mul(*[factors[i] for i in chosen])
            dv = const * sp.Mul(*[factors[i] for i in range(len(factors)) if i not in chosen])
            yield u, dv
    # powers split as p·p^(n−1): x² e^{−x}: u = x, v' = x e^{−x} is reached through x·x, so write them out
    for p in factors:
        if isinstance(p, sp.Pow) and p.exp.is_Integer and p.exp > 1:
            yield p.base, f / p.base


@register("by_parts", [EQUALITY], Cost.EXPENSIVE,
          "integration by parts ∫u v' = [u v] − ∫u' v, u tried as each product of the integrand's factors; "
          "the boundary term a computed finite limit at each end")
def by_parts(goal: Goal) -> ProofOutcome:
    if not goal.gap.has(sp.Integral):
        return ProofOutcome(None)
    with time_limit(goal.limit):
        try:
            (left, left_rest), (right, right_rest) = _split(goal.lhs), _split(goal.rhs)
        except _NotThisShape as exc:
            return ProofOutcome(None, [f"by_parts: {exc}"])
        # One integral on each side, as written: two integrals on one side could be ∞ − ∞, which no
        # combined integrand may stand for.
        if len(left) != 1 or len(right) != 1:
            return ProofOutcome(None, ["by_parts: needs one integral on each side"])
        integrals = left + [(-c, v, lo, hi, f) for c, v, lo, hi, f in right]
        rest = left_rest - right_rest
        for k, (c, x, a, b, f) in enumerate(integrals):
            others = integrals[:k] + integrals[k + 1:]
            point = _interior(x, a, b)
            for u, dv in _splits(f, x):
                try:
                    with time_limit(goal.limit / 4):
                        v = sp.integrate(dv, x)
                except Exception:   # noqa: BLE001  (no antiderivative found: not this split)
                    continue
                if v.has(sp.Integral) or _identically_zero(sp.diff(v, x) - dv, goal.limit) is None:
                    continue
                if not (_analytic_on(u, x, point, goal.limit) and _analytic_on(v, x, point, goal.limit)):
                    continue
                uv = u * v
                top = _one_sided(uv, x, b, "-", goal.limit)
                bottom = _one_sided(uv, x, a, "+", goal.limit)
                if top is None or bottom is None or top.has(sp.oo, -sp.oo) or bottom.has(sp.oo, -sp.oo):
                    continue
                boundary = top - bottom
                remaining = [(-c, x, a, b, sp.diff(u, x) * v)] + others
                groups = _groups(remaining)
                if _identically_zero(rest + c * boundary, goal.limit) is None:
                    continue
                if all(_identically_zero(g, goal.limit) for _, g in groups.values()):
                    shown = {x: sp.Symbol("x")}
                    return ProofOutcome(Proof(f"integration by parts with u = {sp.sstr(u.xreplace(shown))}, "
                                              f"v = {sp.sstr(v.xreplace(shown))}; "
                                              f"[u v] = {sp.sstr(boundary)} from its limits at the ends",
                                              scope_of(goal)))
    return ProofOutcome(None, ["by_parts: no split of the integrand gives the other side"])
