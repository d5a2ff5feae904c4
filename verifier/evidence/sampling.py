"""Seeded sample points that look for the edges, in the spirit of property-based testing.

Random draws almost never produce the cases where claims break: n = 1, i = j,
a vector with all entries equal (the equality case of Cauchy–Schwarz and
Jensen), two tied maxima, entries at the domain's bounds.  So the points mix
seeded random draws with a fixed schedule of such structured cases, and the
same seed always gives the same points.
"""
from __future__ import annotations

import math
import random

import sympy as sp

from ..authoring.symbols import Domain, domain_of
from . import inputs
from .inputs import Point, SamplingError, domain_or_fallback

LARGE_SIZE = 256
SEEDED_SIZES = 3            # extra sizes drawn from 3…MAX_SEEDED_SIZE
MAX_SEEDED_SIZE = 40

# Point k uses VECTOR_KINDS[(k + m) % len] for its m-th vector: every structured kind appears in 12 points.
VECTOR_KINDS = ("equal", "random", "one_apart", "tied_max", "random", "sorted", "alternating", "random",
                "bounds", "random")
INDEX_MODES = ("first", "last", "middle", "random", "tie")
# Scalars: mostly seeded draws, with the special values of their domain on a fixed schedule
# (e^t ≥ t + 1 + 10⁻⁶ is false only near t = 0, which a random draw never reaches).
SCALAR_KINDS = ("random", "random", "zero", "random", "low", "random", "one", "random", "high", "random", "random")


def size_schedule(d: Domain, seed: int) -> list[int]:
    """1, 2, a few seeded sizes up to about 40, the large size, and the declared sizes (only those with only=)."""
    declared = [int(x) for x in d.sizes]
    if getattr(d, "only", False):
        return declared
    low = int(d.low or 1)         # a declared minimum size (size("n", low=2)) replaces the edges 1 and 2
    rng = random.Random(f"sizes:{seed}")
    seeded = rng.sample(range(low + 2, max(MAX_SEEDED_SIZE, low + 2 + SEEDED_SIZES) + 1), SEEDED_SIZES)
    order = [low, low + 1, seeded[0], max(LARGE_SIZE, low), seeded[1], *declared, seeded[2]]
    return list(dict.fromkeys(k for k in order if k >= low))


def twin_pairs(inputs, distinct=()) -> list[tuple]:
    """(original, twin) pairs that must take different values: explicit ones and primed copies (n and n')."""
    pairs = [tuple(p) for p in distinct]
    everything = list(inputs.args)
    by_name = {str(s): s for s in everything}
    for s in everything:
        name = str(getattr(s, "label", s))
        if name.endswith("'"):
            base = by_name.get(name.rstrip("'"))
            if base is not None and all(s not in p for p in pairs):
                pairs.append((base, s))
    return pairs


def validate_pins(fixed: dict) -> dict:
    """given= pins: keys must be declared symbols, sizes and indices integers."""
    out = {}
    for key, value in (fixed or {}).items():
        if not isinstance(key, (sp.Symbol, sp.IndexedBase)):
            raise SamplingError(f"given= pins {key!r}, which is not a declared symbol: use the symbol itself as the key")
        d = domain_of(key)
        if d is None:
            try:
                d = domain_or_fallback(key)
            except SamplingError:
                raise SamplingError(f"given= pins {key}, which is not a declared symbol") from None
        if d.kind in ("size", "index", "integer"):
            v = sp.sympify(value) if not isinstance(value, (int, float)) else value
            if isinstance(v, bool) or not (isinstance(v, int) or getattr(v, "is_Integer", False)
                                           or (isinstance(v, float) and v.is_integer())):
                raise SamplingError(f"given= pins {key} = {value!r}, but {key} is a{'n' if d.kind[0] in 'ai' else ''} "
                                    f"{d.kind}: it takes an integer value")
            v = int(v)
            if d.kind == "size" and v < 1:
                raise SamplingError(f"given= pins the size {key} = {v}: a size is at least 1")
            out[key] = v
        else:
            out[key] = value
    return out


def _structured(kind: str, d: Domain, length: int, rng: random.Random) -> list[float]:
    draw = lambda: inputs.draw(d, rng)     # noqa: E731
    if length <= 0:
        return []
    if kind == "equal":
        return [draw()] * length
    if kind == "one_apart":
        c, odd = draw(), draw()
        out = [c] * length
        out[rng.randrange(length)] = odd
        return out
    values = [draw() for _ in range(length)]
    if kind == "tied_max" and length >= 2:
        top = max(values)
        a, b = rng.sample(range(length), 2)
        values[a] = values[b] = top
    elif kind == "sorted":
        values.sort(reverse=rng.random() < 0.5)
    elif kind == "alternating":
        lo, hi = d.low, d.high
        signed = d.law.support == "real" if d.law is not None else (lo is not None and lo < 0 < hi)
        if signed:
            values = [abs(v) * (1 if k % 2 == 0 else -1) for k, v in enumerate(values)]
            if d.law is None:
                values = [min(max(v, lo), hi) for v in values]
        else:               # a domain without negative values alternates between two of its own values
            a, b = draw(), draw()
            values = [a if k % 2 == 0 else b for k in range(length)]
    elif kind == "bounds" and d.law is None and d.low is not None:
        values = [d.low if rng.random() < 0.5 else d.high for _ in range(length)]
    return values


def _vector(d: Domain, length: int, kind: str, rng: random.Random) -> list:
    body = _structured(kind, d, length - d.start + 1, rng)
    return [None] * d.start + [float(v) for v in body]     # entries are reals, even at integer bounds


def _allowed(sym, value: float) -> bool:
    """The SymPy assumptions are part of the declaration: a nonzero c is never sampled at 0."""
    if value == 0 and (sym.is_zero is False or sym.is_positive or sym.is_negative):
        return False
    if value < 0 and sym.is_nonnegative:
        return False
    return not (value > 0 and sym.is_nonpositive)


def _scalar(kind: str, d: Domain, rng: random.Random, sym=None):
    """A special value of the domain (0, 1, a bound) when it lies in the domain, else a seeded draw."""
    drawn = inputs.draw(d, rng)
    if d.kind != "real":
        return drawn
    if d.law is not None:
        lo, hi = (0.0 if d.law.support == "positive" else -math.inf), math.inf
        special = {"zero": 0.0, "one": 1.0}.get(kind)
        if special is not None and lo < special < hi and (sym is None or _allowed(sym, special)):
            return special
        return drawn
    special = {"zero": 0.0, "one": 1.0, "low": d.low, "high": d.high}.get(kind)
    if special is None or d.low is None or not d.low <= special <= d.high:
        return drawn
    return float(special) if sym is None or _allowed(sym, special) else drawn


def _index_value(mode: str, lo: int, hi: int, rng: random.Random, previous):
    if hi < lo:
        return lo
    if mode == "first":
        return lo
    if mode == "last":
        return hi
    if mode == "middle":
        return (lo + hi) // 2 if hi - lo < 2 else rng.randint(lo + 1, hi - 1)
    if mode == "tie" and previous is not None:
        return previous
    return rng.randint(lo, hi)


def _different(value, candidates, rng):
    for c in candidates:
        if c != value:
            return c
    return value


def sample_points(inputs, count: int, seed: int, fixed: dict | None = None, distinct=()) -> list[Point]:
    """Seeded points from each symbol's declared domain, with the structured edge cases on a fixed schedule.

    `fixed` pins symbols to values (given=, or a grid of a measured-error table); exact values
    (π, 1/3) stay exact until evaluated at each precision.  `distinct` lists (symbol, twin) pairs
    that must differ; primed twins (n and n') are found by name.
    """
    return list(iter_points(inputs, count, seed, fixed, distinct))


def iter_points(inputs, count: int, seed: int, fixed: dict | None = None, distinct=()):
    """The points of sample_points one at a time, so a time limit also bounds drawing long vectors."""
    rng = random.Random(seed)
    fixed = validate_pins(fixed)
    pairs = twin_pairs(inputs, distinct)
    twin_of = {b: a for a, b in pairs}
    schedules = {n: size_schedule(domain_or_fallback(n), seed) for n in inputs.sizes}
    for k in range(count):
        values: dict = {}
        for m, n in enumerate(inputs.sizes):
            if n in fixed:
                values[n] = fixed[n]
                continue
            sched = schedules[n]
            values[n] = sched[(k + 2 * m) % len(sched)]
            if n in twin_of and twin_of[n] in values:
                other = values[twin_of[n]]
                values[n] = _different(other, sched[(k + 2 * m + 1) % len(sched):] + sched, rng)
        by_range: dict = {}
        for m, j in enumerate(inputs.indices):
            d = domain_or_fallback(j)
            hi = int(values.get(d.size, d.size))
            if j in fixed:
                v = fixed[j]
                if not d.start <= v <= hi:
                    raise SamplingError(f"given= pins the index {j} = {v}, outside its range {d.start}…{hi}")
            else:
                key = (d.size, d.start)
                v = _index_value(INDEX_MODES[(k + m) % len(INDEX_MODES)], d.start, hi, rng, by_range.get(key))
                if j in twin_of and twin_of[j] in values:
                    v = _different(values[twin_of[j]], [v] + list(range(d.start, hi + 1)), rng)
            by_range.setdefault((d.size, d.start), v)
            values[j] = v
        for m, b in enumerate(inputs.vectors):
            d = domain_or_fallback(b)
            length = values[d.size] if d.size in values else int(d.size)
            for a, t in pairs:     # a vector summed up to a twin size n' needs entries up to max(n, n')
                if a == d.size and t in values:
                    length = max(length, values[t])
            if b in fixed:
                values[b] = fixed[b]
                continue
            kind = VECTOR_KINDS[(k + m) % len(VECTOR_KINDS)]
            values[b] = _vector(d, length, kind, rng)
            if b in twin_of and twin_of[b] in values and values[b] == values[twin_of[b]]:
                values[b] = _vector(d, length, "random", rng)
        for m, s in enumerate(inputs.scalars):
            if s in fixed:
                v = sp.sympify(fixed[s])
                values[s] = float(v) if v.is_Float else v
            else:
                values[s] = _scalar(SCALAR_KINDS[(k + 3 * m) % len(SCALAR_KINDS)], domain_or_fallback(s), rng, s)
                if s in twin_of and twin_of[s] in values:
                    while values[s] == values[twin_of[s]]:
                        values[s] = inputs.draw(domain_or_fallback(s), rng)
        yield Point(values)
