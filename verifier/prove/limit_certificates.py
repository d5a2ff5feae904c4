"""A certified enclosure of a limit at +∞, for refuting a claimed limit value.

SymPy's limit of lhs − rhs is not a certificate: it can be wrong.  A claim "d → 0 as x → ∞" is refuted
here only by an enclosure of lim d, established independently of SymPy, that excludes 0, AND with
SymPy's value (enclosed by interval arithmetic at two precisions) inside it and ≠ 0.  The enclosure comes
from one of two arguments, each a proof:

- **monotone tail**: d is defined and differentiable on [N, ∞) (every denominator, log argument and base
  of a real power is shown nonzero / positive there by interval arithmetic), d' ≥ 0 there (or ≤ 0), and
  d(N) > 0 (or < 0) in interval arithmetic at two precisions: then d(x) ≥ d(N) > 0 for every x ≥ N, so
  the limit, if any, is ≥ d(N).  For a size n the same holds at the integers n ≥ N.
- **sum with a tail bound**: d = a·Σ_{i=k}^{n} f(i) + c with f ≥ 0 on [N + 1, ∞): lim d lies in
  a·[S_N, S_N + T_N] + c, with S_N the partial sum at N in interval arithmetic (written out term by
  term, no closed form) and T_N a bound on Σ_{i>N} f(i): C·N^(1−p)/(p − 1) when f(x)·x^p ≤ C on
  [N, ∞), or f(N+1)/(1 − q) when f(x+1)/f(x) ≤ q < 1 there; without a tail bound the enclosure is
  one-sided (the monotone argument again).

A sign on a tail [N, ∞) is shown by interval arithmetic on the tail, or on t = 1/x ∈ [0, 1/N] after
`cancel` (so x²/x² is 1, not [0, ∞]), factor by factor, and where a factor vanishes at t = 0 (log(1+t) −
t/(1+t)) by the sign of its derivative on [0, 1/N] (the mean value theorem).  Anything else: no
certificate, and the claim stays unknown.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp

from .. import functions
from ..verdicts import Formula, Number, Said
from .intervals import Unsupported, enclose
from .timeouts import time_limit

iv = mpmath.iv

STARTS = (10 ** 2, 10 ** 3, 10 ** 4, 10 ** 6, 10 ** 9, 10 ** 12, 10 ** 15)   # where the tail [N, ∞) starts (closed forms)
SUM_STARTS = (10 ** 2, 10 ** 3, 10 ** 4)                  # partial sums are written out term by term
PRECISIONS = (30, 60)                                     # interval arithmetic digits: both must agree
POWERS = (sp.Integer(2), sp.Rational(3, 2), sp.Rational(11, 10))      # f(x)·x^p ≤ C: tail ≤ C N^(1−p)/(p − 1)
_NOT_SMOOTH = (sp.Abs, sp.floor, sp.ceiling, sp.sign, sp.Piecewise, sp.Max, sp.Min, sp.frac, sp.Mod,
               sp.KroneckerDelta, sp.Heaviside, sp.Product, sp.Integral, sp.Derivative, sp.Limit,
               sp.AccumBounds, sp.Order)


def certify_at_infinity(expr, var, value, seconds: float, shown=None) -> str:
    """A note stating the certificate when lim expr (var → +∞) is certainly not 0, else ''.

    `value` is SymPy's limit (a number ≠ 0, or ±∞); it is used to pick the side and must lie inside the
    certified enclosure, never in place of it.  `shown` is the variable as the words name it (−λ when the
    caller turned a limit at −∞ into one at +∞); var itself by default."""
    if not _plain(expr, var):
        return ""
    sign = _value_sign(value)
    if sign == 0:
        return ""
    try:
        with time_limit(seconds):
            return _certify(expr, var, value, sign, Formula.of(var) if shown is None else shown)
    except (Unsupported, ZeroDivisionError, ValueError, TypeError, OverflowError, ArithmeticError):
        return ""


def _plain(expr, var) -> bool:
    if not isinstance(expr, sp.Expr) or expr.free_symbols != {var}:
        return False
    if expr.has(sp.I, sp.zoo, sp.nan, sp.oo, -sp.oo, sp.Indexed, *_NOT_SMOOTH):
        return False
    # Every function one the interval enclosure takes (the table's column `interval`: exp, log, sin, cos, tan);
    # a square root is a power.
    return all(functions.interval_function(f) is not None
               for f in sp.preorder_traversal(expr) if isinstance(f, sp.Function))


def _value_sign(value) -> int:
    """+1 / −1 when SymPy's value is certainly positive / negative at both precisions (or is ±∞), else 0."""
    if value is sp.oo:
        return 1
    if value == -sp.oo:
        return -1
    if not isinstance(value, sp.Basic) or not value.is_number or value.has(sp.I, sp.zoo, sp.nan, sp.AccumBounds):
        return 0
    signs = set()
    for dps in PRECISIONS:
        box = _at(value, {}, dps)
        signs.add(_box_sign(box, True))
    return signs.pop() if len(signs) == 1 else 0


def _at(e, box: dict, dps: int):
    saved = iv.dps
    iv.dps = dps
    try:
        return enclose(e, box)
    finally:
        iv.dps = saved


def _certify(expr, var, value, sign: int, shown) -> str:
    x = sp.Dummy("x", positive=True)
    d = expr.xreplace({var: x})
    split = _one_sum(d, x)
    if split is not None:
        return _sum_certificate(split, x, value, sign)
    if d.has(sp.Sum):
        return ""
    return _monotone_certificate(d, x, value, sign, shown)


def tail_within(expr, var, point, exponent: int, dps: int):
    """max |expr| over the whole tail var ≥ 10^exponent (var ≤ −10^exponent towards −∞), by interval arithmetic at
    dps digits; None when expr is not in var alone or not enclosed (a sum, an unsupported function, a
    subexpression unbounded there, a NaN).

    A cross-check of a limit SymPy proved, where the sampled trend cannot tell: |sin x / x| at 10⁶, 10⁸, 10¹⁰
    is |sin x| times a power, and |sin x| at three points is anything in [0, 1]; but on [10⁵⁰, ∞) the enclosure
    is [−10⁻⁵⁰, 10⁻⁵⁰].  Every subexpression must be finite on the tail (0·∞ and e^(−∞) hide an undefined
    inner value)."""
    if point not in (sp.oo, -sp.oo) or not isinstance(expr, sp.Expr) or expr.free_symbols != {var}:
        return None
    if expr.has(sp.Sum, sp.Product, sp.Indexed, sp.Integral, sp.I, sp.zoo, sp.nan, sp.oo, -sp.oo):
        return None
    x = sp.Dummy("x", positive=True)
    e = expr.xreplace({var: x if point is sp.oo else -x})
    box = {x: iv.mpf([mpmath.mpf(10) ** exponent, mpmath.inf])}
    saved = iv.dps
    iv.dps = dps
    try:
        bounds = []
        for node in sp.preorder_traversal(e):          # e itself first
            if not isinstance(node, sp.Expr) or node.is_Atom:
                continue
            value = enclose(node, box)
            low, high = _lo(value), _hi(value)
            if not (mpmath.isfinite(low) and mpmath.isfinite(high)):
                return None
            bounds.append(max(abs(low), abs(high)))
        return bounds[0] if bounds else None
    except (Unsupported, ZeroDivisionError, ValueError, TypeError, OverflowError, ArithmeticError):
        return None
    finally:
        iv.dps = saved


# ----------------------------------------------------------------------------- closed forms: monotone tail

def _monotone_certificate(d, x, value, sign: int, shown_var) -> str:
    slope = sp.diff(d, x)
    for start in STARTS:
        if not (_smooth_on_tail(d, x, start) and _smooth_on_tail(slope, x, start)):
            continue
        direction = tail_sign(slope, x, start)
        if direction == 0 or direction != sign:
            continue            # d moving away from 0 on the side of SymPy's value is what bounds the limit
        at_start = _signed_value(d, x, start)
        if at_start is None or at_start[0] != sign:
            continue
        bound = at_start[1]
        if not _value_inside(value, bound, None) if sign > 0 else not _value_inside(value, None, bound):
            return ""           # SymPy's value is outside the certified range: one of them is wrong, so neither refutes
        relation = "≥" if sign > 0 else "≤"
        shown = Number(mpmath.nstr(bound, 6))
        return Said(f"certified: lhs − rhs is {'non-decreasing' if sign > 0 else 'non-increasing'} for ", shown_var,
                    " ≥ ", Number(str(start)),
                    f" (its derivative has that sign there, by interval arithmetic) and is {relation} ",
                    shown, " at ", shown_var, " = ", Number(str(start)), f", so its limit is {relation} ", shown,
                    ", not 0 (SymPy's limit ", Formula.of(value), " agrees)")
    return ""


def _signed_value(e, x, at: int):
    """(sign, the bound nearest 0) of e at x = at, when both precisions agree on the sign; else None."""
    signs, nearest = set(), None
    for dps in PRECISIONS:
        box = _at(e, {x: iv.mpf(at)}, dps)
        s = _box_sign(box, True)
        signs.add(s)
        nearest = _lo(box) if s > 0 else _hi(box)
    if len(signs) != 1 or 0 in signs:
        return None
    return signs.pop(), nearest


def _value_inside(value, low, high) -> bool:
    """SymPy's value within [low, high] (None: unbounded), by its enclosure at the higher precision."""
    if value in (sp.oo, -sp.oo):
        return (value is sp.oo and high is None) or (value == -sp.oo and low is None)
    box = _at(value, {}, PRECISIONS[-1])
    return (low is None or _hi(box) >= low) and (high is None or _lo(box) <= high)


def _lo(box):
    return mpmath.mpf(box.a._mpi_[0])


def _hi(box):
    return mpmath.mpf(box.b._mpi_[1])


# ----------------------------------------------------------------------------- a sum of scalars

def _one_sum(d, x):
    """(a, f, i, k, c) for d = a·Σ_{i=k}^{x} f(i) + c with a, c numbers, else None."""
    sums = [t for t in sp.Add.make_args(d) if t.has(sp.Sum)]
    if len(sums) != 1:
        return None
    rest = sp.Add(*[t for t in sp.Add.make_args(d) if not t.has(sp.Sum)])
    coeff, the_sum = sums[0].as_independent(sp.Sum, as_Add=False)
    if not isinstance(the_sum, sp.Sum) or len(the_sum.limits) != 1 or rest.free_symbols or coeff.free_symbols:
        return None
    i, low, high = the_sum.limits[0]
    f = the_sum.function
    if high != x or not low.is_Integer or f.free_symbols - {i} or f.has(sp.Sum):
        return None
    return coeff, f, i, int(low), rest


def _sum_certificate(split, x, value, sign: int) -> str:
    a, f, i, low, c = split
    fx = f.xreplace({i: x})
    if not _smooth_on_tail(fx, x, SUM_STARTS[0] + 1):
        return ""
    if tail_sign(fx, x, SUM_STARTS[0] + 1) != 1:
        return ""               # f ≥ 0 on the tail: the partial sums increase
    partial = {dps: iv.mpf(0) for dps in PRECISIONS}
    done = low - 1
    for start in SUM_STARTS:
        for dps in PRECISIONS:
            saved = iv.dps
            iv.dps = dps
            try:
                acc = partial[dps]
                for k in range(done + 1, start + 1):
                    acc += enclose(f, {i: iv.mpf(k)})
                partial[dps] = acc
            finally:
                iv.dps = saved
        done = start
        if not _smooth_on_tail(fx, x, start + 1) or tail_sign(fx, x, start + 1) != 1:
            continue
        tail, how = _tail_bound(fx, x, start)
        ranges = []
        for dps in PRECISIONS:
            saved = iv.dps
            iv.dps = dps
            try:
                s = partial[dps]
                a_iv, c_iv = enclose(a, {}), enclose(c, {})
                top = _hi(s + tail) if tail is not None else mpmath.inf
                lim = a_iv * iv.mpf([_lo(s), top]) + c_iv
                ranges.append(lim)
            finally:
                iv.dps = saved
        side = {_box_sign(r, True) for r in ranges}
        if len(side) != 1 or side != {sign}:
            continue
        r = ranges[-1]
        low_b, high_b = _lo(r), _hi(r)
        if not _value_inside(value, low_b if mpmath.isfinite(low_b) else None, high_b if mpmath.isfinite(high_b) else None):
            return ""
        return Said("certified: the limit of lhs − rhs lies in [", Number(mpmath.nstr(low_b, 8)), ", ",
                    Number(mpmath.nstr(high_b, 8)), f"], not 0: the partial sum to {start} written out "
                    f"in interval arithmetic at {PRECISIONS[0]} and {PRECISIONS[1]} digits, the summand ≥ 0 beyond it",
                    ", and " + how if how else "", " (SymPy's limit ", Formula.of(value), " agrees)")
    return ""


def _tail_bound(fx, x, start: int):
    """(an interval [0, T] ⊇ Σ_{i>start} f(i), how) or (None, '') when no bound is shown (f ≥ 0 assumed shown)."""
    t = _T
    box = {t: iv.mpf([0, mpmath.mpf(1) / start])}
    for p in POWERS:
        scaled = _t_form(fx * x ** p, x)
        top = _upper(scaled, box)
        if top is not None:
            c = iv.mpf(top)
            bound = _hi(c * iv.exp(iv.log(iv.mpf(start)) * (1 - _iv_number(p))) / (_iv_number(p) - 1))
            return iv.mpf([0, bound]), f"the tail beyond it ≤ {mpmath.nstr(bound, 3)} (f(x)·x^{p} ≤ " \
                                         f"{mpmath.nstr(top, 3)} there)"
    ratio = sp.powsimp(sp.simplify(fx.xreplace({x: x + 1}) / fx), force=True)
    q = _upper(_t_form(ratio, x), box)
    if q is not None and q < 1:
        first = enclose(fx, {x: iv.mpf(start + 1)})
        bound = _hi(first / (1 - iv.mpf(q)))
        return iv.mpf([0, bound]), f"the tail beyond it ≤ {mpmath.nstr(bound, 3)} (f(x+1)/f(x) ≤ " \
                                     f"{mpmath.nstr(q, 3)} there)"
    return None, ""


def _iv_number(p):
    return iv.mpf(int(p.p)) / iv.mpf(int(p.q))


def _upper(e, box):
    try:
        value = enclose(e, box)
    except (Unsupported, ZeroDivisionError, ValueError, TypeError, OverflowError):
        return None
    top = _hi(value)
    return top if mpmath.isfinite(top) else None


# ----------------------------------------------------------------------------- signs on a tail

_T = sp.Dummy("t", nonnegative=True)     # one t for every tail, so the symbolic forms below are computed once


@lru_cache(maxsize=512)
def _factors(e) -> tuple:
    return sp.Mul.make_args(sp.factor_terms(e))


@lru_cache(maxsize=512)
def _t_form(e, x, t=_T):
    """e at x = 1/t, with common factors cancelled (x²·x⁻² is 1 there, not [0, ∞]·[0, ∞]).

    Only for a small expression with small coefficients: `cancel` of an exponential of a polynomial with
    huge coefficients can crash the process inside FLINT's gcd; such an e is kept as it is."""
    at = e.xreplace({x: 1 / t})
    if sp.count_ops(at) > 80 or any(abs(k) > 10 ** 6 for k in at.atoms(sp.Rational)):
        return at
    return sp.cancel(sp.together(at))


def _finite_throughout(e, box) -> bool:
    """Every subexpression of e has a finite enclosure on the box: e is then continuous there (a composition of
    functions each applied where it is defined), which the final enclosure alone does not show (0·∞ and
    e^(−∞) hide an undefined inner value)."""
    for node in sp.preorder_traversal(e):
        if not isinstance(node, sp.Expr) or node.is_Atom:
            continue
        try:
            value = _at(node, box, PRECISIONS[0])
        except (Unsupported, ZeroDivisionError, ValueError, TypeError, OverflowError):
            return False
        if not (mpmath.isfinite(_lo(value)) and mpmath.isfinite(_hi(value))):
            return False
    return True


def _smooth_on_tail(e, x, start: int) -> bool:
    """Every denominator is nonzero, every log argument and base of a non-integer power positive, on [start, ∞)."""
    for node in sp.preorder_traversal(e):
        if isinstance(node, sp.Pow) and node.base.has(x):
            if node.exp.is_Integer and node.exp < 0:
                if tail_sign(node.base, x, start) == 0:
                    return False
            elif not node.exp.is_Integer:
                if tail_sign(node.base, x, start, strict=True) != 1:
                    return False
        elif isinstance(node, sp.log) and tail_sign(node.args[0], x, start, strict=True) != 1:
            return False
        elif isinstance(node, sp.Pow) and node.exp.has(x) and not (node.base.is_number and node.base.is_positive):
            return False
    return True


def tail_sign(e, x, start: int, strict: bool = False, depth: int = 2) -> int:
    """+1 when e ≥ 0 (e > 0 with strict) for every x ≥ start, −1 when ≤ 0 (< 0), 0 when not shown."""
    if e.is_number:
        box = _at(e, {}, PRECISIONS[0])
        return _box_sign(box, strict)
    direct = _sign_on(e, {x: iv.mpf([start, mpmath.inf])}, strict)
    if direct:
        return direct
    t = _T
    u = _t_form(e, x)
    tbox = {t: iv.mpf([0, mpmath.mpf(1) / start])}
    s = _sign_on(u, tbox, strict)
    if s:
        return s
    factors = _factors(e)
    if len(factors) > 1:
        total = 1
        for factor in factors:
            fs = _factor_sign(factor, x, start, strict, depth)
            if fs == 0:
                return 0
            total *= fs
        return total
    if depth > 0 and not strict:
        # u continuous on [0, 1/start] with u(0) = 0, and u' of one sign there: u has that sign on (0, 1/start]
        # (mean value theorem).
        if not _finite_throughout(u, tbox):
            return 0
        try:
            at_zero = _at(u, {t: iv.mpf(0)}, PRECISIONS[0])
        except (Unsupported, ZeroDivisionError, ValueError, TypeError, OverflowError):
            return 0
        if _lo(at_zero) == 0 and _hi(at_zero) == 0:
            du = sp.diff(u, t)
            s = _sign_on(sp.cancel(sp.together(du)), tbox, False)
            if not s and depth > 1:
                s = tail_sign(du.xreplace({t: 1 / x}), x, start, False, depth - 1)
            # u increasing on t ∈ [0, δ] means e decreasing in x: the sign of e is the sign of u' all the same
            return s
    return 0


def _factor_sign(factor, x, start, strict, depth) -> int:
    if isinstance(factor, sp.exp):
        return 1
    if isinstance(factor, sp.Pow) and not factor.exp.is_Integer:
        base_sign = tail_sign(factor.base, x, start, strict=True, depth=depth)
        return 1 if base_sign == 1 else 0
    if isinstance(factor, sp.Pow) and factor.exp.is_Integer:
        s = tail_sign(factor.base, x, start, strict or factor.exp < 0, depth)
        return s ** int(abs(factor.exp)) if s else 0
    return tail_sign(factor, x, start, strict, depth)


def _sign_on(e, box, strict: bool) -> int:
    try:
        value = _at(e, box, PRECISIONS[0])
    except (Unsupported, ZeroDivisionError, ValueError, TypeError, OverflowError):
        return 0
    return _box_sign(value, strict)


def _box_sign(box, strict: bool) -> int:
    low, high = _lo(box), _hi(box)
    if mpmath.isnan(low) or mpmath.isnan(high):
        return 0
    if low > 0 or (not strict and low >= 0):
        return 1
    if high < 0 or (not strict and high <= 0):
        return -1
    return 0
