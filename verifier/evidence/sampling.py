"""Seeded sample points that look for the edges, in the spirit of property-based testing.

Random draws almost never produce the cases where claims break: n = 1, i = j,
a vector with all entries equal (the equality case of Cauchy–Schwarz and
Jensen), two tied maxima, entries at the domain's bounds.  So the points mix
seeded random draws with a fixed schedule of such structured cases, and the
same seed always gives the same points.

Two more blind spots share one root cause, a false claim that breaks only in a
corner no random point reaches:
  signs       at the smallest sizes a claim may fail only when every score is
              negative (log e^{s_1} ≥ −s_1), or every one positive, or signs mix;
  extremes    with two free indices over one range, a bound with 1/p_k breaks only
              where k ≠ u, p_k is near its lower bound and p_u at its upper one
              (and likewise a ratio p_i/p_j, a log p_k, an index in the middle
              of 1…n while the ends are large).
The regular points at the two smallest sizes therefore take a sign pattern in
turn, and a check's points end with a few corner points (a quarter of the
regular ones, at least three): the smallest sizes, free indices at distinct
first / last / middle positions, every vector with one sign pattern and its
entries at the extremes of their domain.  A sign pattern the regular points
missed at n = 1 or 2 is visited by a corner first.  A bound is sampled as a
float inside the interval as written (0.3 is stored below 3/10).

A check's points end with structure points: values the expression itself
names, read by structure.py (breakpoints and the insides of the windows they bound,
zeros of denominators, the axes of a complex plane, sizes at the moduli the claim
meets, integers at their bounds, 1/3 and 2/7 exactly, law tails), a few per symbol
taken in turn.  Every point says which kind it is (Point.kind) for the coverage record.
"""
from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import sympy as sp

from ..authoring.reductions import IndexedMax, IndexedMin
from ..authoring.symbols import Domain, domain_of
from . import inputs
from .declared_facts import honour
from .inputs import Inputs, Point, SamplingError, Table, domain_or_fallback, table_indices, table_length

LARGE_SIZE = 256
SEEDED_SIZES = 3            # extra sizes drawn from 3…MAX_SEEDED_SIZE
MAX_SEEDED_SIZE = 40

# Point k uses VECTOR_KINDS[(k + m) % len] for its m-th vector: every structured kind appears in 12 points.
# "first_below" / "last_below": equal entries but the first / the last, a moderate step lower, so a bound that
# is tight at a tie (H ≤ log n at uniform weights) is met just off it at either end, where a range shifted by
# one drops or adds a term (one entry alone moves: a second one would widen the gap from the tie).
VECTOR_KINDS = ("equal", "random", "first_below", "tied_max", "random", "sorted", "alternating", "last_below",
                "bounds", "random")
INDEX_MODES = ("first", "last", "middle", "random", "tie")
# Scalars: mostly seeded draws, with the special values of their domain on a fixed schedule
# (e^t ≥ t + 1 + 10⁻⁶ is false only near t = 0, which a random draw never reaches).
SCALAR_KINDS = ("random", "random", "zero", "random", "low", "random", "one", "random", "high", "random", "random")

# The r-th regular point at one of the two smallest sizes gives its random or equal vectors EDGE_SIGNS[r % 3]
# (log Σ e^{s_i} ≥ −max s is false at n = 1 only for s_1 < 0, which half the draws miss).
EDGE_SIGNS = ("negative", "positive", "mixed")
# One corner point per CORNER_SHARE regular points, rounded up, at least MIN_CORNERS: the default 12 points
# become 15 (+25 %, all of the extra ones at sizes ≤ 3, so cheap), the minimum 8 become 11.
CORNER_SHARE = 4
MIN_CORNERS = 3
# Corner points in order: (size step above the smallest, signs, magnitudes by position, index placement).
# Magnitudes: "ascending" puts the smallest admissible magnitude first and the largest last (p = (0.01, 1)),
# "descending" the reverse, "valley" the smallest in the middle, "crossed" alternates the two between
# vectors (a ratio s_i / t_i of two vectors at its extreme), "far" / "near" put every entry at the
# largest / smallest (s = (3, −3): e^{s_i − s_j} at its largest).  Placement: "spread" puts a range's free
# indices at the first, last, middle position; "reversed" at last, first, middle; "middle" at middle, last, first.
CORNERS = (
    (1, "mixed", "ascending", "spread"),
    (1, "negative", "descending", "spread"),
    (2, "positive", "valley", "middle"),
    (1, "mixed", "far", "spread"),
    (1, "positive", "far", "spread"),
    (0, "positive", "ascending", "spread"),
    (1, "positive", "descending", "reversed"),
    (0, "negative", "descending", "spread"),
    (1, "negative", "ascending", "reversed"),
    (2, "mixed", "descending", "spread"),
    (1, "positive", "crossed", "spread"),
    (1, "negative", "near", "spread"),
)
# The first CORE_CORNERS always come first: between them two free indices meet both orders of extremes.
CORE_CORNERS = 2
# The sign patterns a claim can hinge on at the two smallest sizes (size step, signs): a cell the regular
# points left out for some signed vector is visited next (at 8 points the one regular n = 1 point is
# negative, so n = 1 positive comes from a corner).
SIGN_CELLS = ((0, "negative"), (1, "negative"), (1, "mixed"), (0, "positive"), (1, "positive"))


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


def as_written(bound, side: str) -> float:
    """A declared bound as a float inside the interval the author wrote (inputs.inward)."""
    return inputs.inward(bound, side)


def _structured(kind: str, d: Domain, length: int, rng: random.Random) -> list[float]:
    draw = lambda: inputs.draw(d, rng)     # noqa: E731
    if length <= 0:
        return []
    if kind == "equal":
        return [draw()] * length
    if kind in ("first_below", "last_below"):
        c = draw()
        out = [c] * length
        where = 0 if kind == "first_below" or length == 1 else -1
        out[where] = _nudged(c, d, rng, up=False)
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
                lo, hi = as_written(lo, "low"), as_written(hi, "high")
                values = [min(max(v, lo), hi) for v in values]
        else:               # a domain without negative values alternates between two of its own values
            a, b = draw(), draw()
            values = [a if k % 2 == 0 else b for k in range(length)]
    elif kind == "bounds" and d.law is None and d.low is not None:
        lo, hi = as_written(d.low, "low"), as_written(d.high, "high")
        values = [lo if rng.random() < 0.5 else hi for _ in range(length)]
    return values


def _nudged(c: float, d: Domain, rng: random.Random, up: bool) -> float:
    """c moved by a moderate step (a sixth to a quarter of the domain's width) up or down, inside the domain."""
    step = rng.uniform(1 / 6, 1 / 4)
    if d.law is not None or d.low is None or d.high is None:
        move = (1 if up else -1) * (0.5 + 3 * step)
        positive = d.law is not None and d.law.support == "positive"
        return c * math.exp(move / 2) if positive else c + move      # a positive law stays positive
    if d.log:
        lo, hi = math.log(as_written(d.low, "low")), math.log(as_written(d.high, "high"))
        moved = [math.exp(min(max(math.log(c) + sign * step * (hi - lo), lo), hi)) for sign in (1, -1)]
    else:
        lo, hi = as_written(d.low, "low"), as_written(d.high, "high")
        moved = [min(max(c + sign * step * (hi - lo), lo), hi) for sign in (1, -1)]
    first, second = moved if up else moved[::-1]
    return first if first != c else second          # at a bound, the only way is the other one


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
    special = {"zero": 0.0, "one": 1.0, "low": as_written(d.low, "low") if d.low is not None else None,
               "high": as_written(d.high, "high") if d.high is not None else None}.get(kind)
    if special is None or d.low is None or not d.low <= special <= d.high:
        return drawn
    if sym is not None and not _allowed(sym, special):
        return drawn
    bound = d.low if kind == "low" else d.high if kind == "high" else None
    if isinstance(bound, sp.Basic):
        return bound         # an exact bound (Rational(1, 3), pi) is met exactly: no float reaches 1/3
    return float(special)


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


def sample_points(inputs, count: int, seed: int, fixed: dict | None = None, distinct=(),
                  corners: int = 0, exprs=()) -> list[Point]:
    """Seeded points from each symbol's declared domain, with the structured edge cases on a fixed schedule.

    `fixed` pins symbols to values (given=, or a grid of a measured-error table); exact values
    (π, 1/3) stay exact until evaluated at each precision.  `distinct` lists (symbol, twin) pairs
    that must differ; primed twins (n and n') are found by name.  Exactly `count` points, then
    `corners` corner points (a check's iter_points adds them by default; trends and tables do not).
    """
    return list(iter_points(inputs, count, seed, fixed, distinct, corners=corners, exprs=exprs))


def corner_budget(count: int) -> int:
    """Corner points a check adds to `count` regular ones: a quarter, rounded up, and at least MIN_CORNERS."""
    return max(MIN_CORNERS, -(-count // CORNER_SHARE)) if count > 0 else 0


def iter_points(inputs, count: int, seed: int, fixed: dict | None = None, distinct=(), corners: int | None = None,
                exprs=(), crossings: bool = False):
    """The points of a check one at a time, so a time limit also bounds drawing long vectors.

    First the `count` regular points, then the corner points (corner_budget(count) unless given):
    after the regular ones, so a claim the regular points refute keeps its counterexample; then, when
    the expressions are given (`exprs`, a check's two sides), the structure points (structure.py).
    The entries of a vector written with several indices come as a Table.
    """
    for point in _iter_points(inputs, count, seed, fixed, distinct, corners, exprs, crossings):
        yield tabled(point, inputs)


def _iter_points(inputs, count: int, seed: int, fixed: dict | None, distinct, corners: int | None, exprs,
                 crossings: bool):
    rng = random.Random(seed)
    fixed = validate_pins(fixed)
    pairs = twin_pairs(inputs, distinct)
    twin_of = {b: a for a, b in pairs}
    schedules = _admissible_schedules(inputs, seed, fixed)
    edges = {n: sorted(set(sched))[:2] for n, sched in schedules.items()}
    at_edge = 0
    signed = [b for b in inputs.vectors if b not in fixed and _signed(domain_or_fallback(b))
              and domain_or_fallback(b).size in edges and domain_or_fallback(b).size not in fixed]
    seen: dict = {b: set() for b in signed}       # (size step, sign pattern) each signed vector has met
    regular: list = []
    for k in range(count):
        point = _regular_point(k, inputs, rng, fixed, twin_of, pairs, schedules, edges, at_edge)
        if any(n not in fixed and point.values[n] in edges[n] for n in inputs.sizes):
            at_edge += 1
        for b in signed:
            size_value = point.values[domain_or_fallback(b).size]
            if size_value in edges[domain_or_fallback(b).size]:
                seen[b].add((edges[domain_or_fallback(b).size].index(size_value), _pattern(point.values[b])))
        point = honour(point, fixed)     # open bounds and vector facts (declared_facts.py)
        point.kind = "random"
        regular.append(point)
        yield point
    budget = corner_budget(count) if corners is None else corners
    # scalars alone have no corners of this kind: their special values are in SCALAR_KINDS
    if inputs.sizes or inputs.indices or inputs.vectors:
        corner_rng = random.Random(f"corners:{seed}")
        order = _corner_order(seen)
        for c in range(budget):
            point = honour(_corner_point(order[c % len(order)], inputs, corner_rng, fixed, twin_of, pairs, schedules),
                           fixed)
            point.kind = "corner"
            yield point
    if exprs:
        bases = []
        for point in structure_points(inputs, exprs, seed, fixed, twin_of, pairs, schedules, count):
            point = honour(point, fixed)
            point.kind = "structure"
            bases.append(point)
            yield point
        # the band starts from structure points (0…3, the ends of ranges) and then from regular ones: a stated
        # assumption may exclude every structure point (x·y ≥ 1 at x = y = 1/3), not the zero set beside it
        for point in band_points(inputs, exprs, bases[:BAND_BASES // 2] + regular, fixed):
            point = honour(point, fixed)
            point.kind = "structure"
            yield point
        for point in far_points(inputs, exprs, seed, fixed, twin_of, pairs, schedules):
            point = honour(point, fixed)
            point.kind = "far"
            yield point
        for point in (root_points(inputs, exprs, (bases or regular)[:ROOT_BASES], fixed) if crossings else ()):
            point = honour(point, fixed)
            point.kind = "far"
            yield point


def _admissible_schedules(inputs, seed: int, fixed: dict) -> dict:
    """Each size's schedule without the sizes at which a free index's own range is empty.

    j over 2…n has no value at n = 1: a point there (j = 2, n = 1) lies outside j's range, and a claim
    about j says nothing at that size (it is vacuous there), so that size is skipped for the claim; the
    smallest sizes left (2 and 3 here) become its edge sizes."""
    least: dict = {}
    for j in inputs.indices:
        d = domain_or_fallback(j)
        if j not in fixed and d.size in inputs.sizes:
            least[d.size] = max(least.get(d.size, 1), int(d.start))
    out = {}
    for n in inputs.sizes:
        sched = size_schedule(domain_or_fallback(n), seed)
        need = least.get(n, 1)
        where = [str(j) for j in inputs.indices if j not in fixed and domain_or_fallback(j).size == n
                 and domain_or_fallback(j).start == need]
        if n in fixed:
            if fixed[n] < need:
                raise SamplingError(f"given= pins {n} = {fixed[n]}, where the range {need}…{fixed[n]} of the index "
                                    f"{', '.join(where)} is empty: the claim says nothing there")
            out[n] = sched
            continue
        kept = [k for k in sched if k >= need]
        if need > min(sched, default=need) and not getattr(domain_or_fallback(n), "only", False):
            kept = list(dict.fromkeys([need, need + 1] + kept))     # the smallest admissible sizes are the edges
        if not kept:
            raise SamplingError(f"every size {n} is sampled at ({', '.join(map(str, sched))}) is below {need}, where "
                                f"the index {', '.join(where)} starts: the claim says nothing at any of them")
        out[n] = _table_sizes(kept, inputs) if n not in fixed else kept
    return out


TABLE_ENTRIES = 2000        # at most this many entries in a table (y_ij): its sizes are sampled up to the side that allows


def _table_sizes(schedule: list, inputs) -> list:
    """A size's schedule where the point holds a table (a vector written with several indices): only the sizes whose
    table has at most TABLE_ENTRIES entries (side 44 for y_ij), or the smallest one.  Every index of a table runs up
    to the largest size of the point, so 256 would be 65536 entries to draw, hold at two precisions and check
    against the declaration at every point; the small whole sizes are where the counterexamples are."""
    ranks = getattr(inputs, "ranks", None)
    if not ranks:
        return schedule
    rank = max(ranks.values())
    kept = [k for k in schedule if k ** rank <= TABLE_ENTRIES]
    return kept or [min(schedule)]


def _signed(d: Domain) -> bool:
    if d.law is not None:
        return d.law.support == "real"
    return d.low is not None and d.low < 0 < d.high


def _pattern(vec: list) -> str | None:
    entries = [x for x in vec if x is not None]
    if entries and all(x < 0 for x in entries):
        return "negative"
    if entries and all(x > 0 for x in entries):
        return "positive"
    return "mixed" if entries and min(entries) < 0 < max(entries) else None


def _corner_order(seen: dict) -> list:
    """CORNERS with the sign cells some signed vector has not met moved up, right after the core corners."""
    core = CORNERS[:CORE_CORNERS]
    met = {(step, signs) for step, signs, _, _ in core}
    missing = [cell for cell in SIGN_CELLS if cell not in met and any(cell not in cells for cells in seen.values())]
    fill = [next(c for c in CORNERS[CORE_CORNERS:] if c[:2] == cell) for cell in missing]
    return list(core) + fill + [c for c in CORNERS[CORE_CORNERS:] if c not in fill]


def _pinned_index(j, fixed, d: Domain, hi: int) -> int:
    v = fixed[j]
    if not d.start <= v <= hi:
        raise SamplingError(f"given= pins the index {j} = {v}, outside its range {d.start}…{hi}")
    return v


def _vector_length(b, d: Domain, values: dict, pairs, inputs) -> int:
    """The last position of b's entries at the point: its size's value, or for a table (b written with several
    indices, y_ij) the last position of a flat list whose every index runs up to the largest size of the point,
    so that an index over any range the claim sums over (i over n, j over k) finds its entry."""
    length = values[d.size] if d.size in values else int(d.size)
    for a, t in pairs:     # a vector summed up to a twin size n' needs entries up to max(n, n')
        if a == d.size and t in values:
            length = max(length, values[t])
    rank = inputs.ranks.get(b, 1) if isinstance(inputs, Inputs) else 1
    if rank > 1:
        ends = [e for e in _shape_at(inputs.shapes.get(b, ()), values) if e is not None]
        side = max([length] + ends + [values[n] for n in inputs.sizes if isinstance(values.get(n), int)])
        return table_length(side, d.start, rank) - 1
    return length


def _shape_at(shape, values: dict) -> list:
    """A table's shape at the point: the last value of each index as an integer, or None where no range says."""
    out = []
    for end in shape:
        at = None
        if end is not None:
            concrete = sp.sympify(end).xreplace({k: sp.Integer(v) for k, v in values.items()
                                                 if isinstance(k, sp.Symbol) and isinstance(v, int)
                                                 and not isinstance(v, bool)})
            at = int(concrete) if concrete.is_Integer else None
        out.append(at)
    return out


def tabled(point: Point, inputs) -> Point:
    """The point with the entries of each vector written with several indices held as a Table, an entry past the
    table's shape at the point (y_{3,1} of an n × k table at n = 2) left without a value, as past a vector's end."""
    ranks = getattr(inputs, "ranks", None)
    if not ranks or not any(isinstance(point.values.get(b), list) and not isinstance(point.values.get(b), Table)
                            for b in ranks):
        return point
    values = dict(point.values)
    for b, rank in ranks.items():
        v = values.get(b)
        if isinstance(v, list) and not isinstance(v, Table):
            table = Table(v, rank, int(domain_or_fallback(b).start))
            ends = _shape_at(inputs.shapes.get(b, (None,) * rank), values)
            for position, indices in table_indices(len(table), table.start, rank):
                if any(end is not None and k > end for k, end in zip(indices, ends)):
                    table[position] = None
            values[b] = table
    return Point(values, kind=point.kind)


def _regular_point(k: int, inputs, rng, fixed, twin_of, pairs, schedules, edges, at_edge: int) -> Point:
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
            v = _pinned_index(j, fixed, d, hi)
        else:
            key = (d.size, d.start)
            v = _index_value(INDEX_MODES[(k + m) % len(INDEX_MODES)], d.start, hi, rng, by_range.get(key))
            if j in twin_of and twin_of[j] in values:
                v = _different(values[twin_of[j]], [v] + list(range(d.start, hi + 1)), rng)
        by_range.setdefault((d.size, d.start), v)
        values[j] = v
    signs = EDGE_SIGNS[at_edge % len(EDGE_SIGNS)]
    for m, b in enumerate(inputs.vectors):
        d = domain_or_fallback(b)
        length = _vector_length(b, d, values, pairs, inputs)
        if b in fixed:
            values[b] = fixed[b]
            continue
        kind = VECTOR_KINDS[(k + m) % len(VECTOR_KINDS)]
        values[b] = _vector(d, length, kind, rng)
        if d.size in edges and d.size not in fixed and values[d.size] in edges[d.size]:
            values[b] = _edge_signs(values[b], d, kind, signs)
        if b in twin_of and twin_of[b] in values and values[b] == values[twin_of[b]]:
            values[b] = _vector(d, length, "random", rng)
    for m, s in enumerate(inputs.scalars):
        if s in fixed:
            v = sp.sympify(fixed[s])
            values[s] = float(v) if v.is_Float else v
        else:
            values[s] = _scalar(SCALAR_KINDS[(k + 3 * m) % len(SCALAR_KINDS)], domain_or_fallback(s), rng, s)
            _differ_from_twin(s, values, twin_of, rng)
    return Point(values)


def _differ_from_twin(s, values, twin_of, rng):
    if s in twin_of and twin_of[s] in values:
        while values[s] == values[twin_of[s]]:
            values[s] = inputs.draw(domain_or_fallback(s), rng)


# --- signs and extremes -------------------------------------------------------------------------

def _sign_at(signs: str, q: int) -> int:
    """The sign of the q-th entry (q = 0 first): all negative, all positive, or alternating from +."""
    return {"negative": -1, "positive": 1}.get(signs, 1 if q % 2 == 0 else -1)


def _edge_signs(vec: list, d: Domain, kind: str, signs: str) -> list:
    """A random or equal vector at an edge size with its entries' signs set; other kinds keep their structure."""
    if kind not in ("random", "equal") or (kind == "equal" and signs == "mixed"):
        return vec
    if d.law is not None and d.law.support == "positive":
        return vec
    lo = -math.inf if d.law is not None else as_written(d.low, "low")
    hi = math.inf if d.law is not None else as_written(d.high, "high")
    if not (lo < 0 < hi):
        return vec          # one sign only: nothing to set
    out = list(vec)
    for q, x in enumerate(vec[d.start:]):
        out[d.start + q] = min(max(_sign_at(signs, q) * abs(x), lo), hi)
    return out


def _magnitudes(d: Domain, sign: int) -> tuple[float, float] | None:
    """(smallest, largest) |value| the domain's entries of this sign reach, or None if it has none.

    The smallest is the bound nearest 0 (p ∈ [0.01, 1]: 0.01), or a tenth of the largest where the
    domain reaches 0 (s ∈ [−3, 3]: 0.3), since 0 itself is the bounds kind's business.
    """
    if d.law is not None:
        if sign < 0 and d.law.support == "positive":
            return None
        scale = d.law.params[1] if len(d.law.params) > 1 else 1 / d.law.params[0]
        return scale / 10, 3 * scale
    lo, hi = as_written(d.low, "low"), as_written(d.high, "high")
    near, far = (max(lo, 0.0), hi) if sign > 0 else (max(-hi, 0.0), -lo)
    if far <= 0:
        return None
    return (near if near > 0 else far / 10), far


def _extreme(d: Domain, sign: int, magnitude: str, rng: random.Random) -> float:
    """An entry of the given sign (the other where the domain has only that) and magnitude."""
    reach = _magnitudes(d, sign)
    if reach is None:
        sign = -sign
        reach = _magnitudes(d, sign)
    if reach is None:           # a domain that is the single point 0
        return 0.0
    small, large = reach
    value = {"small": small, "large": large}.get(magnitude)
    if value is None:
        value = rng.uniform(small, large)
    return float(sign * value)


def _magnitude_at(pattern: str, q: int, length: int, m: int) -> str:
    """'small', 'large' or 'drawn' for the q-th of `length` entries of the m-th vector."""
    if pattern == "crossed":
        pattern = "ascending" if m % 2 == 0 else "descending"
    if pattern == "valley":
        return "small" if q == (length - 1) // 2 else "large"
    if pattern in ("far", "near"):
        return "large" if pattern == "far" else "small"
    first, last = ("small", "large") if pattern == "ascending" else ("large", "small")
    return last if q == length - 1 else first if q == 0 else "drawn"


def _placed(placement: str, g: int, lo: int, hi: int, rng: random.Random) -> int:
    """Position of the g-th free index of a range lo…hi: first / last / middle in the placement's order."""
    if hi < lo:
        return lo
    mid = (lo + hi) // 2
    order = {"spread": (lo, hi, mid), "reversed": (hi, lo, mid), "middle": (mid, hi, lo)}[placement]
    return order[g] if g < len(order) else rng.randint(lo, hi)


def _unit(d: Domain, sign: int, rng: random.Random, sym):
    """±1 for a scalar of a corner point where its domain and assumptions allow it, else a seeded draw.

    The corners are about vectors and indices; a unit scalar neither amplifies nor hides their extremes.
    """
    for v in (sign, -sign):
        if d.kind == "integer" and d.law is None and d.low <= v <= d.high:
            return v
        if d.kind == "real" and _allowed(sym, v):
            if d.law is not None and (v > 0 or d.law.support == "real"):
                return float(v)
            if d.law is None and d.low <= v <= d.high:
                return float(v)
    return inputs.draw(d, rng)


def _corner_point(corner, inputs, rng, fixed, twin_of, pairs, schedules) -> Point:
    step, signs, magnitudes, placement = corner
    values: dict = {}
    for n in inputs.sizes:
        if n in fixed:
            values[n] = fixed[n]
            continue
        smallest = sorted(set(schedules[n]))
        values[n] = smallest[min(step, len(smallest) - 1)]
        if n in twin_of and twin_of[n] in values:
            values[n] = _different(values[twin_of[n]], smallest[step + 1:] + smallest, rng)
    placed: dict = {}
    for j in inputs.indices:
        d = domain_or_fallback(j)
        hi = int(values.get(d.size, d.size))
        if j in fixed:
            values[j] = _pinned_index(j, fixed, d, hi)
            continue
        g = placed[(d.size, d.start)] = placed.get((d.size, d.start), -1) + 1
        v = _placed(placement, g, d.start, hi, rng)
        if j in twin_of and twin_of[j] in values:
            v = _different(values[twin_of[j]], [v] + list(range(d.start, hi + 1)), rng)
        values[j] = v
    for m, b in enumerate(inputs.vectors):
        d = domain_or_fallback(b)
        if b in fixed:
            values[b] = fixed[b]
            continue
        length = _vector_length(b, d, values, pairs, inputs) - d.start + 1
        twin = b in twin_of and twin_of[b] in values
        body = [_extreme(d, _sign_at(signs, q), _magnitude_at(magnitudes, q, length, m), rng)
                for q in range(max(length, 0))]
        values[b] = [None] * d.start + body
        if twin and values[b] == values[twin_of[b]]:
            values[b] = _vector(d, length + d.start - 1, "random", rng)
    for m, s in enumerate(inputs.scalars):
        if s in fixed:
            v = sp.sympify(fixed[s])
            values[s] = float(v) if v.is_Float else v
            continue
        d = domain_or_fallback(s)
        values[s] = _unit(d, _sign_at(signs, m), rng, s)
        _differ_from_twin(s, values, twin_of, rng)
    return Point(values)


# --- points from the expression's structure (structure.py) ----------------------------------------

# Structure points per check: up to STRUCTURE_SHARE of the regular ones (at least MIN_STRUCTURE) where the
# expression names places (breakpoints, zeros, residues), up to GENERIC_STRUCTURE otherwise (bounds of
# integers, 1/3 and 2/7, law tails, the axes of a complex plane).
STRUCTURE_SHARE = 2
MIN_STRUCTURE = 6
GENERIC_STRUCTURE = 6
END_EXTRA = 12


def structure_budget(count: int, named: bool) -> int:
    return max(MIN_STRUCTURE, -(-count // STRUCTURE_SHARE)) if named else GENERIC_STRUCTURE


def structure_points(inputs, exprs, seed: int, fixed, twin_of, pairs, schedules, count: int):
    """Points whose values come from the expression's own structure, one list per symbol taken in turn.

    Point k gives every symbol with a list its k-th value (cycling), so one point visits a breakpoint
    of x, a residue of n and a bound of m at once; a twin (x and x') takes the value after its
    original's.  Symbols without a list take the smallest sizes, indices at their ends, seeded draws.
    """
    from . import structure
    from .replay import outside_domain
    try:
        st = structure.analyse(exprs, inputs)
    except Exception:  # an expression the walk cannot read has no structure points, not an error
        return
    lists = {s: st.values(s) for s in inputs.args if s not in fixed}
    lists = {s: v for s, v in lists.items() if v}
    # the values just inside an interval's ends come on top (structure.END_DEPTHS: a claim false within 10⁻⁶
    # of an open end is met only there), at most END_EXTRA of them
    budget = structure_budget(count, st.has_named()) + min(st.ends, END_EXTRA)
    total = min(budget, max([len(v) for v in lists.values()] + [2])) if lists or st.ties else 0
    rng = random.Random(f"structure:{seed}")
    named = (_structure_point(k, inputs, lists, st.ties, rng, fixed, twin_of, pairs, schedules)
             for k in range(total))
    # Crossings last: an integral beyond one has no certified value, and a compiled function that once used
    # its uncertified fallback stays flagged (balls.BallFunction.uses_fallback) for the points after it.
    crossing = _crossing_points(st.crossings, inputs, seed, fixed, twin_of, pairs, schedules)
    for point in itertools.chain(named, crossing):
        if point is not None and outside_domain(point) is None:
            point.kind = "structure"
            yield point


CROSSING_RATES = (sp.Rational(1, 10), sp.Rational(1, 1000))   # the growth rates the points beyond a crossing get


def _crossing_points(rates, inputs, seed, fixed, twin_of, pairs, schedules):
    """Just beyond where an infinite integral stops converging (structure.crossings: its exponential rate).

    From a seeded base point, one real symbol the rate is linear in is moved so that the rate becomes a
    small positive number: E[e^{tT}] = λ/(λ − t) claimed for every real t is false there (t = λ + 1/10)."""
    rng = random.Random(f"crossing:{seed}")
    for rate in rates:
        for target in CROSSING_RATES:
            base = _structure_point(0, inputs, {}, [], rng, fixed, twin_of, pairs, schedules)
            if base is None:
                continue
            exact = {s: sp.Rational(v) if isinstance(v, float) else v for s, v in base.values.items()
                     if isinstance(v, (int, float, sp.Rational))}
            for u in sorted(rate.free_symbols, key=sp.default_sort_key):
                if u in fixed or u not in exact or domain_or_fallback(u).kind != "real":
                    continue
                slope = sp.diff(rate, u)
                if slope.has(u):
                    continue                    # not linear in u: no closed-form move
                r0, a0 = rate.subs(exact), slope.subs(exact)
                if not (r0.is_Rational and a0.is_Rational) or a0 == 0:
                    continue
                values = dict(base.values)
                values[u] = exact[u] + (target - r0) / a0
                yield Point(values)


def _pick(lists, sym, k: int, twin_of, values):
    options = lists.get(sym)
    if not options:
        return None
    v = options[(k + (1 if sym in twin_of else 0)) % len(options)]
    if sym in twin_of and twin_of[sym] in values and values[twin_of[sym]] == v and len(options) > 1:
        v = options[(k + 2) % len(options)]
    return v


def _structure_point(k: int, inputs, lists, ties, rng, fixed, twin_of, pairs, schedules) -> Point | None:
    values: dict = {}
    for m, n in enumerate(inputs.sizes):
        if n in fixed:
            values[n] = fixed[n]
            continue
        least = min(schedules[n])
        v = _pick(lists, n, k, twin_of, values)
        values[n] = v if v is not None and v >= least else sorted(set(schedules[n]))[(k + m) % 2 if
                                                                                     len(set(schedules[n])) > 1 else 0]
    for j in inputs.indices:        # an index the expression names at a value beyond its size raises the size
        d = domain_or_fallback(j)
        v = _pick(lists, j, k, twin_of, values)
        if v is not None and d.size in values and d.size not in fixed and d.size not in lists \
                and v > values[d.size] and v <= 64:
            values[d.size] = v
    placed: dict = {}
    for j in inputs.indices:
        d = domain_or_fallback(j)
        hi = int(values.get(d.size, d.size))
        if j in fixed:
            values[j] = _pinned_index(j, fixed, d, hi)
            continue
        v = _pick(lists, j, k, twin_of, values)
        if v is None or not d.start <= v <= hi:
            g = placed[(d.size, d.start)] = placed.get((d.size, d.start), -1) + 1
            v = _placed(("spread", "reversed", "middle")[k % 3], g, d.start, hi, rng)
        if j in twin_of and twin_of[j] in values:
            v = _different(values[twin_of[j]], [v] + list(range(d.start, hi + 1)), rng)
        values[j] = v
    for m, b in enumerate(inputs.vectors):
        d = domain_or_fallback(b)
        if b in fixed:
            values[b] = fixed[b]
            continue
        length = _vector_length(b, d, values, pairs, inputs)
        v = _pick(lists, b, k, twin_of, values)
        if v is not None:
            values[b] = [None] * d.start + [float(v)] * (length - d.start + 1)
        else:
            values[b] = _vector(d, length, VECTOR_KINDS[(k + m) % len(VECTOR_KINDS)], rng)
        if b in twin_of and twin_of[b] in values and values[b] == values[twin_of[b]]:
            values[b] = _vector(d, length, "random", rng)
    for m, s in enumerate(inputs.scalars):
        if s in fixed:
            v = sp.sympify(fixed[s])
            values[s] = float(v) if v.is_Float else v
            continue
        v = _pick(lists, s, k, twin_of, values)
        values[s] = v if v is not None else _scalar("random", domain_or_fallback(s), rng, s)
        _differ_from_twin(s, values, twin_of, rng)
    for v, w in ties:               # |x − y|, max(x, y), δ(i, j): every other point puts x on y
        if k % 2 == 1 and v in values and w in values and v not in fixed:
            values[v] = values[w]
    return Point(values)


# ----------------------------------------------------------------------------- beyond the sampling ranges

# A sampling range is no hypothesis: real("x") is any real x, sampled in [−3, 3]; positive("c", low=1, high=5) is
# any c > 0, sampled in [1, 5]; size("n") is any n ≥ 1, sampled up to 256.  A claim false only beyond (x ≤ 1000,
# u^c ≤ u for c < 1, n ≤ 299, H_n ≤ 7 from n = 616) is met only by points out there, so a check's points end
# with a few: each unconfined real scalar at 10³ times its range's far end and, where its declaration allows,
# at 10⁻³ times a positive low end and beyond 0 on the other side; each size at a few seeded sizes above 256
# where that costs little (a closed form, or one level of sums whose terms are few operations).  They are
# evidence like every point: a counterexample among them is certified and replayed like any other; one the
# balls cannot decide (a value too large to enclose) is no finding and blocks nothing (compare.py).
FAR_SCALE = 1000                # how far beyond the range: 10³·high, 10⁻³·low
FAR_SCALARS = 3                 # unconfined scalars moved beyond their range, in name order
FAR_SIZES = ((512, 1024), (2048, 4096))         # seeded sizes above LARGE_SIZE, one from each span
FAR_CLOSED_SIZES = ((10 ** 6, 10 ** 7),)         # … and one much further where the claim is a closed form in n
FAR_SIZE_WORK = 200_000         # the largest size times the operations of a term of a sum over it
_FAR_REDUCTIONS = (sp.Sum, sp.Product, IndexedMax, IndexedMin)      # each costs n terms at a size n


def far_values(sym, d: Domain) -> list:
    """Exact values of an unconfined real scalar beyond its sampling range, inside its declaration."""
    if d.kind != "real" or d.law is not None or d.confined or d.low is None or d.high is None:
        return []
    lo, hi = sp.Rational(repr(as_written(d.low, "low"))), sp.Rational(repr(as_written(d.high, "high")))
    if not lo < hi:
        return []
    width = hi - lo
    out = [hi * FAR_SCALE if hi > 0 else hi + width * FAR_SCALE]
    if lo > 0:
        out.append(lo / FAR_SCALE)                  # toward 0: c < 1 where c is sampled in [1, 5]
        out.append(-hi * FAR_SCALE)                 # and beyond it, for a real symbol
    elif lo < 0:
        out.append(lo * FAR_SCALE)
    else:
        out.append(-width * FAR_SCALE)              # [0, high] sampled, any real declared
    if hi < 0:
        out.append(hi / FAR_SCALE)
    return [v for v in out if _allowed(sym, float(v)) and not lo <= v <= hi]


def far_sizes(n, d: Domain, exprs, seed: int) -> list[int]:
    """Seeded sizes above LARGE_SIZE at which the claim is cheap to evaluate, or none.

    A closed form goes to a million or more; a sum (or product, max, min) over k = 1…n whose terms are few
    operations (FAR_SIZE_WORK) to a few thousand; an exact integer of about n digits (n!, 2ⁿ, a binomial, a
    product) to 1024 at most.  No vector (its entries would be drawn and written out at every length), no
    integral, and no reduction inside another whose range grows with n (n² terms)."""
    if getattr(d, "only", False):
        return []
    exprs = [sp.sympify(e) for e in exprs]
    if any(e.has(sp.Integral, sp.Indexed) for e in exprs):
        return []
    rng = random.Random(f"far sizes:{seed}:{n}")
    reductions = [r for e in exprs for r in e.atoms(*_FAR_REDUCTIONS) if r.has(n)]
    integers = any(r.func is sp.Product for r in reductions) or any(
        type(f).__module__.startswith("sympy.functions.combinatorial") for e in exprs for f in e.atoms(sp.Function)) \
        or any(p.exp.has(n) and p.base.is_Rational for e in exprs for p in e.atoms(sp.Pow))
    spans = FAR_SIZES[:1] if integers else FAR_SIZES if reductions else FAR_SIZES + FAR_CLOSED_SIZES
    out = [rng.randint(a, b) for a, b in spans]
    for r in reductions:
        if len(r.limits) > 1 or any(inner != r and isinstance(inner, _FAR_REDUCTIONS) and inner.has(n)
                                    for inner in sp.preorder_traversal(r.function)):
            return []           # SymPy writes Σ_k Σ_{j ≤ k} as one Sum with two ranges
        work = max(1, sp.count_ops(r.function))
        out = [k for k in out if k * work <= FAR_SIZE_WORK]
    return [k for k in out if k > max(LARGE_SIZE, int(d.low or 1))]


def far_points(inputs, exprs, seed: int, fixed, twin_of, pairs, schedules):
    """Points with one input beyond where the sampler looks (see FAR_SCALE): each from a seeded base point."""
    from ..authoring.expectations import Expectation
    from .replay import outside_domain
    rng = random.Random(f"far:{seed}")
    moves = []
    # an integral or an expectation is evaluated by quadrature against a law whose scale may be a scalar:
    # far out that is slow and no more telling, so its scalars stay in their ranges
    quadrature = any(sp.sympify(e).has(sp.Integral, Expectation) for e in exprs)
    scalars = sorted((s for s in inputs.scalars if s not in fixed and not quadrature), key=sp.default_sort_key)
    values_of = [(s, far_values(s, domain_or_fallback(s))) for s in scalars]
    values_of = [(s, vs) for s, vs in values_of if vs][:FAR_SCALARS]
    for depth in range(max([len(vs) for _, vs in values_of] + [0])):     # the far ends of every scalar first
        moves += [(s, vs[depth]) for s, vs in values_of if depth < len(vs)]
    if not inputs.vectors:
        for n in inputs.sizes:
            if n not in fixed:
                moves += [(n, k) for k in far_sizes(n, domain_or_fallback(n), exprs, seed)]
    for k, (sym, value) in enumerate(moves):
        base = _structure_point(k, inputs, {}, [], rng, fixed, twin_of, pairs, schedules)
        if base is None:
            continue
        values = dict(base.values)
        values[sym] = value
        if sym in inputs.sizes:
            placed: dict = {}
            for j in inputs.indices:      # the free indices of the size's range at its ends and middle
                dj = domain_or_fallback(j)
                if dj.size == sym and j not in fixed:
                    g = placed[dj.start] = placed.get(dj.start, -1) + 1
                    values[j] = _placed(("spread", "reversed", "middle")[k % 3], g, dj.start, value, rng)
        point = Point(values)
        if outside_domain(point) is None:
            yield point


# A bound one variable crosses far from its sampling range (x ≤ 10⁴ for a real x, log p ≤ 10 for p > 0) is met
# just past the crossing: where lhs − rhs is 0 in that variable, the others at a structure point.  The crossing is
# solved exactly (SymPy's solve, within ROOT_SECONDS of CPU time, on a small gap only), and the points lie 10⁻⁶
# (relative) to each side of each real root; they are evidence like every point, certified and replayed.
ROOT_BASES = 2          # structure points whose other coordinates the crossing is solved from
ROOT_OPS = 40           # a larger gap is not solved
ROOT_SECONDS = 0.5      # CPU time for one solve; out of it, no point
ROOT_POINTS = 8         # points at most per check
ROOT_STEP = sp.Rational(1, 10 ** 6)
# Only for an inequality (iter_points(crossings=True)): an equality false anywhere is met by any point.


def root_points(inputs, exprs, bases, fixed):
    """Points just past each real zero of the gap in one unconfined scalar (see ROOT_STEP)."""
    from .replay import ReplayTimeout, cpu_limit, outside_domain
    if len(exprs) != 2 or inputs.vectors or not bases:
        return
    try:
        gap = sp.sympify(exprs[0]) - sp.sympify(exprs[1])
    except (TypeError, ValueError, sp.SympifyError):
        return
    if sp.count_ops(gap) > ROOT_OPS or gap.has(sp.Integral, sp.Sum, sp.Product, sp.Indexed, sp.Derivative, sp.Subs,
                                                sp.Piecewise):
        return
    coords = [c for c in inputs.scalars if c not in fixed and c in gap.free_symbols
              and domain_or_fallback(c).kind == "real" and not domain_or_fallback(c).confined]
    found, seen = 0, set()
    for base in bases:
        exact = {k: v for k, v in ((k, _exact_value(v)) for k, v in base.values.items()
                                   if isinstance(k, sp.Symbol)) if v is not None}
        for v in coords:
            try:
                g = gap.xreplace({k: w for k, w in exact.items() if k != v})
                if g.free_symbols != {v}:
                    continue
                with cpu_limit(ROOT_SECONDS):
                    roots = [r for r in sp.solve(g, v) if r.is_real and r.is_finite]
                    values = []
                    for r in roots[:4]:
                        for side in (1, -1):
                            shifted = r + side * ROOT_STEP * (abs(r) if r != 0 else 1)
                            values.append(sp.Rational(str(sp.N(shifted, 40))))
            except (ReplayTimeout, NotImplementedError, TypeError, ValueError, ZeroDivisionError,
                    RecursionError, sp.PolynomialError):
                continue
            for value in values:
                if (v, value) in seen:
                    continue
                seen.add((v, value))
                point = Point({**base.values, v: value})
                if outside_domain(point) is None:
                    found += 1
                    yield point
                    if found >= ROOT_POINTS:
                        return


# ----------------------------------------------------------------------------- boundaries and thin bands

BAND_BASES = 6          # structure points whose other coordinates a zero set is walked from
BAND_POINTS = 24        # band points at most per check
BAND_DEGREE = 4         # the zero set is solved exactly for a coordinate it is a polynomial of this degree in
BAND_NEAR = sp.Rational(1, 10 ** 9)     # a band's width on each side of a real zero, relative to max(1, |zero|)
BAND_OPS = 200          # an expression larger than this is not expanded to be solved


def band_points(inputs, exprs, bases, fixed):
    """Points on (and within 10⁻⁹ of) a zero set no single coordinate names: of each stated assumption's
    boundary (assume="x·y ≥ 1": x·y = 1), of the claim's gap and its factors, of the inner expressions that
    have two or more variables (the base of a power, a function's argument), and of the steps of floor,
    ceiling and frac (their argument at the integers next to its value at a base point).

    From each of a few structure points (BAND_BASES; they carry the integers 0…3 and the ends of ranges), every
    coordinate but one is kept and the one is solved for exactly, where the relation is a polynomial of degree
    ≤ BAND_DEGREE in it: a real one at each real zero and 10⁻⁹ (relative) to each side, an integer one at the
    integers next to each zero.  (x² − 2y² − 1)² ≥ 1 over the integers fails only on x² − 2y² = 1, at (3, 2),
    (17, 12), (99, 70), …: from x = 3 the base of the square gives y = 2.  A claim false exactly where an
    assumption holds with equality, or just inside an open one, is met there.  The points must pass every
    declaration and stated assumption like any other (replay.outside_domain)."""
    from . import structure
    from .replay import STATED, outside_domain
    coords = [s for s in inputs.scalars if s not in fixed and domain_or_fallback(s).kind in ("real", "integer")]
    if not coords or not bases:
        return
    relations = []
    for rel in STATED.get():
        if isinstance(rel, sp.core.relational.Relational):
            relations.append(rel.lhs - rel.rhs)
    walker = structure._Walker(inputs, structure.Structure())
    shapes = _band_shapes(exprs, coords)
    if not relations and not shapes:
        return
    found, seen, polys = 0, set(), {}
    forms = [(r, False) for r in relations] + shapes
    for base in _lattice_bases(forms, coords, bases, walker) + list(bases[:BAND_BASES]):
        exact = {k: v for k, v in ((k, _exact_value(v)) for k, v in base.values.items()
                                   if isinstance(k, sp.Symbol)) if v is not None}
        for f, steps in forms:
            for v in [c for c in coords if c in f.free_symbols]:
                if (f, v) not in polys:
                    polys[(f, v)] = _symbolic_poly(f, v)
                if polys[(f, v)] is None:
                    continue
                others = {k: w for k, w in exact.items() if k != v}
                coeffs = [c.xreplace(others) for c in polys[(f, v)]]
                if any(c.free_symbols for c in coeffs):
                    continue
                for value in _solved(coeffs, v, steps, walker, exact.get(v)):
                    key = (v, value)
                    if key in seen:
                        continue
                    seen.add(key)
                    values = dict(base.values)
                    values[v] = value
                    point = Point(values)
                    if outside_domain(point) is None and _assumptions_hold(point, STATED.get()):
                        found += 1
                        yield point
                        if found >= BAND_POINTS:
                            return


LATTICE_POINTS = 8      # integer pairs per direction from the convergents of an irrational asymptote


def _assumptions_hold(point: Point, stated) -> bool:
    """Every stated assumption the point fixes is decidedly true there, exactly: a band point lies on or beside a
    boundary, where an assumption SymPy cannot decide (neither true nor false) must not let it through."""
    scalars = {k: w for k, w in ((k, _exact_value(v)) for k, v in point.values.items() if isinstance(k, sp.Symbol))
               if w is not None}
    for rel in stated:
        if not isinstance(rel, sp.core.relational.Relational) or rel.free_symbols - set(scalars):
            continue
        try:
            if rel.xreplace(scalars) is not sp.true:
                return False
        except (TypeError, ValueError):
            return False
    return True


def _lattice_bases(forms, coords, bases, walker) -> list:
    """Bases at integer pairs (p, q) along an irrational asymptotic direction of a zero set in two integers.

    x² − 2y² = 1 has no integer point near a random x; its points lie along x = √2·y, at the convergents p/q
    of √2 (3/2, 17/12, 99/70, 577/408, …), and the solved coordinate lands on them from there.  For each
    polynomial form in exactly two integer coordinates, the real roots α of its leading homogeneous part (in
    u/v) give the pairs (p, q) with p/q a convergent of α, inside both declared ranges (LATTICE_POINTS each)."""
    import mpmath
    integers = [c for c in coords if walker.integer_valued(c)]
    if len(integers) < 2 or not bases:
        return []
    first = bases[0]
    out = []
    for f, _ in forms:
        pair = [c for c in integers if c in f.free_symbols]
        if len(pair) != 2:
            continue
        u, v = pair
        others = {k: w for k, w in ((k, _exact_value(w)) for k, w in first.values.items()
                                    if isinstance(k, sp.Symbol) and k not in (u, v)) if w is not None}
        try:
            poly = sp.Poly(sp.expand(f.xreplace(others)), u, v)
        except (sp.PolynomialError, sp.GeneratorsNeeded, TypeError, ValueError):
            continue
        degree = poly.total_degree()
        if degree < 2 or degree > BAND_DEGREE or not all(c.is_Rational for c in poly.coeffs()):
            continue
        t = sp.Dummy("t")
        top = sp.Add(*[c * t ** i for (i, j), c in poly.terms() if i + j == degree])
        try:
            alphas = [r for r in sp.Poly(top, t).real_roots() if not r.is_Rational] if top.has(t) else []
        except (sp.PolynomialError, NotImplementedError, ValueError):
            continue
        du, dv = domain_or_fallback(u), domain_or_fallback(v)
        for alpha in alphas:
            with mpmath.workdps(60):
                a = mpmath.mpf(sp.N(alpha, 60))
                for p, q in _convergents(abs(a), LATTICE_POINTS):
                    for sp_, sq in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
                        pu, qv = sp_ * p, sq * q
                        if (pu > 0) == (a * sq > 0) and _in_range(pu, du) and _in_range(qv, dv):
                            values = dict(first.values)
                            values[u], values[v] = pu, qv
                            out.append(Point(values))
    return out


def _convergents(a, count: int) -> list:
    """The first `count` convergents p/q of a > 0 beyond the first, as (p, q)."""
    import mpmath
    out = []
    p0, q0, p1, q1 = 1, 0, int(mpmath.floor(a)), 1
    x = a - p1
    for _ in range(count + 1):
        if x == 0:
            break
        x = 1 / x
        t = int(mpmath.floor(x))
        x -= t
        p0, p1, q0, q1 = p1, t * p1 + p0, q1, t * q1 + q0
        out.append((p1, q1))
    return out[:count]


def _in_range(value: int, d) -> bool:
    return (d.low is None or value >= d.low) and (d.high is None or value <= d.high)


def _band_shapes(exprs, coords) -> list:
    """[(expression, is the argument of a step function)] whose zero sets (or integer levels) the band walks:
    the gap and its factors, and inner expressions in two or more of the coordinates."""
    coords = set(coords)
    out: list = []

    def add(f, steps=False):
        f = sp.sympify(f)
        if len(f.free_symbols & coords) >= 2 and sp.count_ops(f) <= BAND_OPS and not any(f == g for g, _ in out):
            out.append((f, steps))

    if len(exprs) == 2:
        gap = sp.sympify(exprs[0]) - sp.sympify(exprs[1])
        add(gap)
        try:
            for factor in sp.Mul.make_args(sp.factor_terms(gap)):
                add(factor.base if factor.is_Pow and factor.exp.is_positive else factor)
        except Exception:  # a gap that cannot be factored still has its own zero set
            pass
    for e in exprs:
        for node in sp.preorder_traversal(sp.sympify(e)):
            if isinstance(node, (sp.floor, sp.ceiling, sp.frac)):
                add(node.args[0], True)
            elif isinstance(node, sp.Pow) and not node.base.is_number:
                add(node.base)
            elif isinstance(node, sp.Function) and not isinstance(node, (sp.Piecewise, sp.Max, sp.Min)):
                for a in node.args:
                    add(a)
            if len(out) >= 12:
                return out
    return out


def _exact_value(v):
    if isinstance(v, bool) or isinstance(v, list):
        return None
    if isinstance(v, int):
        return sp.Integer(v)
    if isinstance(v, float):
        return sp.Rational(v) if math.isfinite(v) else None
    if isinstance(v, sp.Basic) and v.is_number and v.is_real:
        return v
    return None


def _symbolic_poly(f, v):
    """The coefficients of f as a polynomial of degree 1…BAND_DEGREE in v (in the other symbols), or None."""
    try:
        poly = sp.Poly(sp.expand(f), v)
    except (sp.PolynomialError, sp.GeneratorsNeeded, TypeError, ValueError):
        return None
    if not 1 <= poly.degree() <= BAND_DEGREE or any(c.has(v) for c in poly.all_coeffs()):
        return None
    return poly.all_coeffs()


BAND_DIGITS = 40         # a zero that is not a short exact number is taken as a rational this close to it
SHORT = 12              # operations an exact zero may have (sqrt(35)/3); a longer one is replaced by a rational


def _solved(coeffs, v, steps: bool, walker, at=None) -> list:
    """The values of v where the polynomial with these (numeric) coefficients is 0 (for a step function's
    argument: where it equals each integer next to its value at v = at, the base point's value).

    Rational coefficients give exact zeros (radicals up to degree 2); others (e^{t} at a sampled t) give the
    zeros numerically, as rationals within 10⁻⁴⁰: exact values built of such numbers swell without bound
    when the comparison evaluates them exactly."""
    if not all(c.is_number for c in coeffs) or any(c.has(sp.nan, sp.zoo, sp.oo, -sp.oo) for c in coeffs):
        return []
    while coeffs and coeffs[0] == 0:
        coeffs = coeffs[1:]
    degree = len(coeffs) - 1
    if not 1 <= degree <= BAND_DEGREE:
        return []
    rational = all(c.is_Rational for c in coeffs)
    targets = [sp.Integer(0)]
    if steps:
        try:
            x0 = at if at is not None else sp.Integer(0)
            level = sp.N(sum(c * x0 ** (degree - k) for k, c in enumerate(coeffs)), 15)
            targets = [sp.Integer(int(sp.floor(level))), sp.Integer(int(sp.floor(level)) + 1)] if level.is_real else []
        except (TypeError, ValueError):
            return []
    integer = walker.integer_valued(v)
    out = []
    for t in targets:
        shifted = coeffs[:-1] + [coeffs[-1] - t]
        for r in _real_zeros(shifted, v, rational):
            if integer:
                fl = int(sp.floor(r))
                candidates = [fl] if r.is_Integer else [fl, fl + 1]
            else:
                step = BAND_NEAR * max(1, abs(r))
                candidates = [r, r + step, r - step]
            for c in candidates:
                try:
                    a = walker.admissible(v, c)
                except (TypeError, ValueError):     # a bound SymPy cannot compare it with: not a point
                    continue
                if a is not None and a not in out:
                    out.append(a)
    return out


def _real_zeros(coeffs, v, rational: bool) -> list:
    """The real zeros of the polynomial with these coefficients: exact and short where they can be, else rationals
    within 10⁻⁴⁰ (BAND_DIGITS)."""
    import mpmath
    if rational:
        try:
            poly = sp.Poly(coeffs, v)
            found = sp.roots(poly, multiple=True) if poly.degree() <= 2 else \
                sp.roots(poly, multiple=True, cubics=False, quartics=False)
        except (sp.PolynomialError, NotImplementedError, ValueError):
            found = []
        exact = [r for r in found if not r.free_symbols and r.is_real is True and sp.count_ops(r) <= SHORT]
        if len(exact) == len(found) and found:
            return exact
    try:
        with mpmath.workdps(BAND_DIGITS + 20):
            values = [mpmath.mpf(sp.N(c, BAND_DIGITS + 20)) for c in coeffs]
            zeros = mpmath.polyroots(values, maxsteps=200, extraprec=200) if len(values) > 2 else [-values[1] / values[0]]
            out = []
            for z in zeros:
                if isinstance(z, mpmath.mpc):
                    if abs(z.imag) > mpmath.mpf(10) ** -BAND_DIGITS * max(1, abs(z)):
                        continue
                    z = z.real
                man, exp = mpmath.mpf(z).man_exp
                near = Fraction(int(man) * 2 ** int(exp)) if exp >= 0 else Fraction(int(man), 2 ** int(-exp))
                near = near.limit_denominator(10 ** (BAND_DIGITS // 2))     # within about 10⁻⁴⁰, fewer digits
                out.append(sp.Rational(near.numerator, near.denominator))
            return out
    except (TypeError, ValueError, ZeroDivisionError, mpmath.libmp.NoConvergence):
        return []
