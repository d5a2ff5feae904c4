"""An integral over an infinite range compared through its part up to a cut, where its integrand keeps one sign beyond.

∫_{−∞}^{∞} x²/(1 + x²) dx diverges, so no ball encloses it, and `= π` was left unknown.  If the integrand is ≥ 0
at every point beyond the cut X (on each infinite end: [X, ∞) and (−∞, −X]), then the integral, finite or +∞, is
at least its part over the finite range up to X, which FLINT integrates rigorously: a claim that it equals or is at
most a value smaller than that part is false.  Mirrored, an integrand ≤ 0 beyond the cut makes the integral at most
its part, and a claim of a larger value false.

The sign beyond the cut is shown by interval arithmetic (mpmath.iv) over the whole tail [X, +∞] (and [−∞, −X]),
for an integrand of the integration variable alone; the part is compared with the other side by the numbers as
any step is (certified at two precisions, replayed by SymPy's evalf), and its counterexample, with the cut and the
sign said in its note, refutes the step.  An integrand whose sign on a tail is not shown, an integral that is
not a whole side, or tails of two signs (a principal value) decide nothing here; agreement proves nothing.
"""
from __future__ import annotations

from dataclasses import replace

import mpmath
import sympy as sp

from ..evidence.tails import DPS, NoEnclosure, enclose
from ..verdicts import Formula, Said
from .combine import Numbers
from .context import StepContext
from .numbers import NumericOutcome, compare

CUTS = (10,)
_MIRROR = {"=": "=", "<=": ">=", "<": ">", ">=": "<=", ">": "<"}
iv = mpmath.iv


def _one_variable_integral(e):
    """(variable, lower, upper, integrand) of ∫ over a range with an infinite end, its integrand free of every other
    name; else None."""
    if not isinstance(e, sp.Integral) or len(e.limits) != 1 or len(e.limits[0]) != 3:
        return None
    var, lo, hi = e.limits[0]
    if e.function.free_symbols - {var} or e.function.has(sp.Indexed, sp.I):
        return None
    if not (hi is sp.oo or lo is sp.S.NegativeInfinity) or lo is sp.oo or hi is sp.S.NegativeInfinity \
            or not all(end.is_infinite or (end.is_number and end.is_real) for end in (lo, hi)):
        return None
    return var, lo, hi, e.function


def _sign_beyond(f, var, lo, hi, cut: int) -> int:
    """+1 when f ≥ 0 at every point of each infinite end beyond the cut, −1 when f ≤ 0 there, 0 when neither is shown
    (or the cut does not lie beyond a finite end)."""
    tails = []
    if hi is sp.oo:
        if lo.is_finite and not lo < cut:
            return 0
        tails.append(iv.mpf([cut, mpmath.inf]))
    if lo is sp.S.NegativeInfinity:
        if hi.is_finite and not hi > -cut:
            return 0
        tails.append(iv.mpf([-mpmath.inf, -cut]))
    signs = set()
    saved = iv.dps
    iv.dps = DPS
    try:
        for tail in tails:
            try:
                value = enclose(f, {var: tail})
            except (NoEnclosure, ZeroDivisionError, ValueError, TypeError, ArithmeticError):
                return 0
            low, high = mpmath.mpf(value.a._mpi_[0]), mpmath.mpf(value.b._mpi_[1])
            if mpmath.isnan(low) or mpmath.isnan(high):
                return 0
            signs.add(1 if low >= 0 else -1 if high <= 0 else 0)
    finally:
        iv.dps = saved
    return signs.pop() if len(signs) == 1 else 0


def _may_pass(part, other, sign: int) -> bool:
    """Whether a quick estimate (mpmath's quadrature at 15 digits, no evidence of anything) puts the part beyond a
    constant other side on the sign's side: only then are the numbers asked, which cost seconds.  True where the other
    side writes names, or the estimate fails."""
    if not isinstance(other, sp.Basic) or other.free_symbols:
        return True
    try:
        (var, a, b), = part.limits
        with mpmath.workdps(15):
            value = mpmath.quad(sp.lambdify(var, part.function, "mpmath"), [mpmath.mpf(a), mpmath.mpf(b)])
            target = mpmath.mpf(sp.N(other, 15))
        gap = (value - target) * sign
        return not (mpmath.isfinite(gap) and gap <= mpmath.mpf(10) ** -8 * (1 + abs(target)))
    except (TypeError, ValueError, ZeroDivisionError, ArithmeticError, NameError, AttributeError):
        return True


def through_a_cut(lhs, rhs, relation: str, ctx: StepContext) -> NumericOutcome | None:
    """The numbers' refutation of `lhs relation rhs` through the part up to a cut of a side that is an integral over an
    infinite range (see the module docstring), or None when no cut refutes it."""
    for side, other, rel in ((lhs, rhs, relation), (rhs, lhs, _MIRROR.get(relation))):
        found = _one_variable_integral(side)
        if found is None or rel is None:
            continue
        var, lo, hi, f = found
        for cut in CUTS:
            sign = _sign_beyond(f, var, lo, hi, cut)
            # ≥ its part: false when the claim puts it at or below a value smaller than the part; ≤: mirrored
            if sign == 0 or (sign > 0 and rel not in ("=", "<=", "<")) or (sign < 0 and rel not in ("=", ">=", ">")):
                continue
            part = sp.Integral(f, (var, lo if lo.is_finite else -cut, hi if hi.is_finite else cut))
            if not _may_pass(part, other, sign):
                continue
            num = compare(part, other, "<=" if sign > 0 else ">=", ctx)
            if num.status is not Numbers.DISAGREE or num.counterexample is None:
                continue
            said = Said(Formula.of(side), " is ", "at least" if sign > 0 else "at most", " its part ", Formula.of(part),
                        f" (the integrand is {'≥' if sign > 0 else '≤'} 0 beyond ±{cut}, by interval arithmetic), "
                        f"whose value the numbers show {'above' if sign > 0 else 'below'} ", Formula.of(other),
                        "; lhs and rhs below are that part and the other side")
            return replace(num, counterexample=replace(num.counterexample, note=Said.joined("; ", [
                part_ for part_ in (said, num.counterexample.note) if part_])))
    return None
