"""What a declaration excludes, taken out of every sampled point: open bounds and facts about vectors.

interval("p", 0, 1, open=True) excludes 0 and 1, and vector("x", n, nonconstant=True) excludes the
all-equal vectors.  The sampler (sampling.py) seeks edges and would otherwise land exactly there (its
scalars at 0 and at the bounds, its vectors all equal, sorted or at their bounds); a claim made under
these hypotheses says nothing at such a point, so a point there would refute a true claim.

`honour(point)` moves each offending value to the nearest admissible edge instead of dropping the point,
so the edges are still met from inside: an excluded bound is replaced by a value a millionth of the
range inside it, an all-equal vector gets one entry a small step apart, an all-zero vector one entry off 0,
a sorted vector is sorted, equal entries of a distinct vector are moved apart, and a one-hot vector is 1 at its
largest sampled entry (the first of equal ones) and 0 elsewhere, so its hot entry is met first, last and between.
Values pinned with given= are the author's and are left as they are.
"""
from __future__ import annotations

import math
from fractions import Fraction

import sympy as sp

from ..authoring.symbols import ONE_HOT, Domain
from .inputs import Point, copied, domain_or_fallback, inward

INSIDE = 1e-6          # an excluded bound is replaced by a value this share of the range inside it
STEP = 1 / 8           # a constant vector's last entry moves this share of the range (or of its room) away


def honour(point: Point, fixed: dict | None = None) -> Point:
    """The point with every value a declaration excludes moved to an admissible edge next to it."""
    fixed = fixed or {}
    values = dict(point.values)
    changed = False
    for sym, v in point.values.items():
        if sym in fixed:
            continue
        try:
            d = domain_or_fallback(sym)
        except Exception:
            continue
        if d.kind == "vector" and isinstance(v, list) and (d.facts or d.open_low or d.open_high):
            new = _vector(v, d)
            changed = changed or new != v
            values[sym] = new
        elif d.kind == "real" and (d.open_low or d.open_high) and not isinstance(v, (list, complex)):
            new = _inside(v, d)
            changed = changed or new is not v
            values[sym] = new
    return Point(values) if changed else point


def _exact(v) -> Fraction | None:
    if isinstance(v, float):
        return Fraction(v) if math.isfinite(v) else None
    if isinstance(v, int):
        return Fraction(v)
    if isinstance(v, sp.Rational):
        return Fraction(int(v.p), int(v.q))
    return None


def _excluded(v, d: Domain) -> str | None:
    """'low' or 'high' when v lies at (or beyond) an open end of d, else None."""
    if isinstance(v, sp.Basic) and not v.is_Rational:
        below = d.open_low and bool(v <= sp.sympify(d.low))
        above = d.open_high and bool(v >= sp.sympify(d.high))
        return "low" if below else "high" if above else None
    x = _exact(v)
    if x is None:
        return None
    if d.open_low and x <= _bound(d.low):
        return "low"
    if d.open_high and x >= _bound(d.high):
        return "high"
    return None


def _bound(b):
    if isinstance(b, sp.Rational):
        return Fraction(int(b.p), int(b.q))
    if isinstance(b, (int, Fraction)):
        return Fraction(b)
    if isinstance(b, float):
        return Fraction(repr(b))         # the decimal as written
    return Fraction(float(b))


def _inside(v, d: Domain):
    """v, or a float just inside the open end it sits on."""
    end = _excluded(v, d)
    if end is None:
        return v
    lo, hi = inward(d.low, "low"), inward(d.high, "high")
    width = hi - lo
    x = lo + INSIDE * width if end == "low" else hi - INSIDE * width
    # Rounding may still leave x on the bound when the range is tiny: step off it by whole floats.
    while _excluded(x, d) == end:
        x = math.nextafter(x, math.inf if end == "low" else -math.inf)
    return x


def _vector(v: list, d: Domain) -> list:
    start = d.start
    if ONE_HOT in d.facts:
        return list(v[:start]) + _one_hot(v[start:])
    body = [(_inside(x, d) if x is not None else None) for x in v[start:]]
    if d.law is None and d.low is not None and d.high is not None:
        lo, hi = _room(d)
    else:
        lo, hi = -math.inf, math.inf
    if "distinct" in d.facts:
        body = _apart(body, lo, hi)
    if "nonconstant" in d.facts and len(body) >= 2 and len(set(body)) == 1:
        body[-1] = _moved(body[-1], lo, hi)
    if "nonzero" in d.facts and body and all(x == 0 for x in body):
        body[0] = _moved(0.0, lo, hi)
    if "sorted" in d.facts:
        body.sort()
    elif "sorted descending" in d.facts:
        body.sort(reverse=True)
    return copied(v, list(v[:start]) + body)


def _one_hot(body: list) -> list:
    """1.0 at the largest entry (the first of equal ones) and 0.0 elsewhere; an entry not drawn (None) stays."""
    drawn = [k for k, x in enumerate(body) if x is not None]
    if not drawn:
        return list(body)
    hot = max(drawn, key=lambda k: (body[k], -k))
    return [None if x is None else 1.0 if k == hot else 0.0 for k, x in enumerate(body)]


def _room(d: Domain) -> tuple[float, float]:
    """The floats an entry may take: the declared range, without its open ends."""
    lo, hi = inward(d.low, "low"), inward(d.high, "high")
    if d.open_low:
        lo = _inside(lo, d) if _excluded(lo, d) else lo
    if d.open_high:
        hi = _inside(hi, d) if _excluded(hi, d) else hi
    return lo, hi


def _moved(x: float, lo: float, hi: float) -> float:
    """x moved a small step (STEP of the room on the side with more of it), staying inside [lo, hi]."""
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return x + 1.0
    up, down = hi - x, x - lo
    if max(up, down) <= 0:
        return x
    step = STEP * max(up, down)
    return x + step if up >= down else x - step


def _apart(body: list, lo: float, hi: float) -> list:
    """Equal entries moved apart: each repeat replaced by the nearest value not taken yet, inside [lo, hi]."""
    finite = math.isfinite(lo) and math.isfinite(hi)
    delta = (hi - lo) / (4 * len(body) + 4) if finite else 0.25
    seen: set = set()
    out = []
    for x in body:
        y = x
        if x is not None and x in seen:
            for j in range(1, 4 * len(body) + 8):
                for candidate in (x + j * delta, x - j * delta):
                    if lo <= candidate <= hi and candidate not in seen:
                        y = candidate
                        break
                if y != x:
                    break
        seen.add(y)
        out.append(y)
    return out


def violated(name: str, entries: list, d: Domain) -> str | None:
    """Why these entries of a vector break one of its declared facts, or None (for the replay's domain check)."""
    body = [x for x in entries if x is not None]
    if ONE_HOT in d.facts and (len(body) < len(entries) or any(not (x == 0 or x == 1) for x in body)
                               or sum(1 for x in body if x == 1) != 1):
        return f"the vector {name} is not one-hot (every entry 0 but one, which is 1), declared one-hot"
    if "nonconstant" in d.facts and len(set(body)) <= 1:
        return f"the vector {name} is constant, declared nonconstant"
    if "nonzero" in d.facts and all(x == 0 for x in body):
        return f"the vector {name} is 0, declared nonzero"
    if "sorted" in d.facts and body != sorted(body):
        return f"the vector {name} is not sorted, declared sorted"
    if "sorted descending" in d.facts and body != sorted(body, reverse=True):
        return f"the vector {name} is not sorted descending, declared so"
    if "distinct" in d.facts and len(set(body)) < len(body):
        return f"the vector {name} has two equal entries, declared distinct"
    return None
