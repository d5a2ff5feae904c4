"""The sign of a closed-form constant, certified by interval arithmetic.

SymPy decides whether e.g. C(1) − 0.4744… is positive by evaluating it in
floating point.  Here the constant is evaluated with mpmath's interval type,
every operation rounding outward, so an interval that excludes 0 proves the sign.
"""
from __future__ import annotations

import mpmath
import sympy as sp

from .. import functions

iv = mpmath.iv



class Unsupported(Exception):
    pass


def enclose(e: sp.Expr, box: dict | None = None):
    """An interval certainly containing the value of the constant e (or of e on the box {symbol: interval})."""
    if box and e in box:
        return box[e]
    if e.is_Integer:
        return iv.mpf(int(e))
    if e.is_Rational:
        return iv.mpf(int(e.p)) / iv.mpf(int(e.q))
    if e is sp.pi:
        return iv.pi
    if e is sp.E:
        return iv.e
    if e.is_Add:
        total = iv.mpf(0)
        for a in e.args:
            total += enclose(a, box)
        return total
    if e.is_Mul:
        total = iv.mpf(1)
        for a in e.args:
            total *= enclose(a, box)
        return total
    if e.is_Pow:
        base, exponent = e.args
        if exponent.is_Integer:
            return enclose(base, box) ** int(exponent)
        if exponent == sp.Rational(1, 2):
            return iv.sqrt(enclose(base, box))
        return iv.exp(enclose(exponent, box) * iv.log(enclose(base, box)))
    if isinstance(e, sp.Function) and (f := functions.interval_function(e)) is not None:
        return f(enclose(e.args[0], box))      # the mpmath.iv function of the same meaning (the table)
    if not e.is_number:
        raise Unsupported(f"{type(e).__name__} outside the box")
    rewritten = e.rewrite(sp.exp)     # sinh, cosh, tanh and friends, which mpmath.iv lacks
    if rewritten != e and type(rewritten) is not type(e):    # an integral rewritten is an integral again
        return enclose(rewritten, box)
    raise Unsupported(type(e).__name__)


def certified_sign(e: sp.Expr, strict: bool, dps: int = 60) -> bool:
    """True only if interval arithmetic proves e > 0 (or ≥ 0); False when it cannot tell."""
    if not e.is_number or e.has(sp.I, sp.zoo, sp.nan, sp.oo):
        return False
    saved = iv.dps
    try:
        iv.dps = dps
        box = enclose(e)
    except (Unsupported, ZeroDivisionError, ValueError, TypeError):
        return False
    finally:
        iv.dps = saved
    return bool(box.a > 0) if strict else bool(box.a >= 0)


def decided_sign(e: sp.Expr, strict: bool) -> bool:
    """e > 0 (or ≥ 0) by SymPy's assumptions; for a closed-form constant, by interval arithmetic.

    SymPy decides the sign of a constant such as C(1) − 0.4744… by evaluating it in
    floating point (evalf); that alone is numeric evidence, so the sign must be
    certified by an enclosure that excludes 0.
    """
    if e.is_number and not e.is_Rational:
        return certified_sign(e, strict)
    return (e.is_positive if strict else e.is_nonnegative) is True


def excludes_zero_on(e: sp.Expr, box: dict, dps: int = 30, budget: int = 256) -> bool:
    """True only if interval arithmetic shows e ≠ 0 on the whole box (every symbol of e given an interval)."""
    if e.has(sp.I, sp.zoo, sp.nan, sp.oo, sp.Sum, sp.Product):
        return False
    return holds_on_box(e, box, lambda value: bool(value.a > 0) or bool(value.b < 0), dps, budget)


def holds_on_box(e: sp.Expr, box: dict, accept, dps: int = 30, budget: int = 256) -> bool:
    """True only if accept(enclosure of e) holds on every piece of a cover of the box.

    Interval arithmetic overestimates (1 − α + α e^Δ on α ∈ [0, 1] encloses 0), so a box that
    fails is bisected along its widest finite side, up to `budget` evaluations; every piece
    must pass, and the pieces cover the box.
    """
    saved = iv.dps
    iv.dps = dps
    try:
        pending, spent = [dict(box)], 0
        while pending:
            piece = pending.pop()
            spent += 1
            try:
                if accept(enclose(e, piece)):
                    continue
            except Unsupported:
                return False
            except (ZeroDivisionError, ValueError, TypeError, OverflowError):
                pass
            halves = _bisected(piece)
            if halves is None or spent + len(pending) + 2 > budget:
                return False
            pending += halves
        return True
    finally:
        iv.dps = saved


def _bisected(piece: dict):
    """The piece cut in two across its widest finite side, or None when no side can be cut."""
    finite = [(k, v) for k, v in piece.items() if mpmath.isfinite(v.a) and mpmath.isfinite(v.b) and v.b > v.a]
    if not finite:
        return None
    key, side = max(finite, key=lambda kv: kv[1].b - kv[1].a)
    mid = iv.mpf(side.mid).a
    return [{**piece, key: iv.mpf([side.a, mid])}, {**piece, key: iv.mpf([mid, side.b])}]
