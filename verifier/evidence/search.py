"""Adversarial search: after the sampled points, push the claim toward breaking from its tightest points.

Falsification tools for cyber-physical systems (S-TaLiRo, Breach) minimise a robustness measure of the
property; property-based testing shrinks a failing input toward a simple one.  Here the measure is
the claim's slack at a point,
    rhs − lhs for ≤ and <,   lhs − rhs for ≥ and >,   −|lhs − rhs| (beyond its ball's radius) for =,
which is negative exactly where the claim fails.  From the agreeing points with the smallest slack,
a bounded Nelder–Mead (scipy.optimize) moves the continuous inputs (real scalars, the parts of complex
ones, vector entries of a short vector) inside the sampled box, evaluating the slack with the same
compiled balls at low precision.  Sizes, indices, integers and one-hot vectors stay as the start point has them.

The search is seeded (the start simplex) and budgeted in evaluations, so the same run finds the same
candidates; it never decides anything itself.  A candidate (a point where the slack went negative, or
its coordinates snapped to nearby simple rationals, as shrinking does) goes back to the comparison,
which certifies it at both precisions and replays it like any sampled point.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction

import sympy as sp
from flint import acb, arb

from . import balls
from .balls import NeedsComplex, Undecidable, Undefined
from ..authoring.symbols import ONE_HOT
from .inputs import Point, copied, domain_or_fallback

SEARCH_DPS = 20            # digits of the balls during the search (the candidates are certified at 50 and 100)
EVALUATIONS = 240          # slack evaluations per step, over all starts
STARTS = 3                 # the agreeing points with the smallest slack the search starts from
FLAT_ROUNDS = 2            # a start whose slack stays exactly 0 for this many simplices' worth of
                           # evaluations (its initial simplex and one more) ends: Nelder–Mead has no direction
MAX_DIMENSION = 12         # continuous coordinates the search moves; a point with more is not a start
SNAP_DENOMINATOR = 64      # shrinking: coordinates snapped to fractions with at most this denominator
BAD = 1e300                # the slack where the balls have no finite value (never a candidate by itself)


@dataclass
class SearchOutcome:
    evaluations: int = 0
    candidates: list = field(default_factory=list)     # Points to certify, best first
    smallest: float | None = None                       # the smallest slack the search saw (low precision)
    note: str = ""


class _Found(Exception):
    """The slack went negative: stop this start and certify the point."""


def _coordinates(point: Point, inputs, fixed) -> list[tuple]:
    """(symbol, position, part, low, high, log) for each continuous coordinate the search may move."""
    out = []
    for s in inputs.scalars:
        if s in fixed:
            continue
        d = domain_or_fallback(s)
        box = _box(d, s)
        if box is None:
            continue
        if d.kind == "complex":
            out += [(s, None, "re", *box), (s, None, "im", *box)]
        elif d.kind == "real":
            out.append((s, None, None, *box))
    for b in inputs.vectors:
        if b in fixed:
            continue
        d = domain_or_fallback(b)
        if ONE_HOT in d.facts:
            continue            # its entries are 0 and 1, not continuous: they stay as the start point has them
        box = _box(d, b.label)
        entries = point.values.get(b)
        if box is None or not isinstance(entries, list):
            continue
        for k in range(d.start, len(entries)):
            if entries[k] is not None:         # a table's entry past its shape has no value to move
                out.append((b, k, None, *box))
    return out


def _box(d, sym) -> tuple | None:
    """(low, high, log scale) of the sampled box, or a wide central box of a stated law."""
    if d.law is not None:
        name, params = d.law.name, d.law.params
        if name == "exponential":
            return 1e-12 / params[0], 40.0 / params[0], True
        centre, scale = params[0], params[1]
        return centre - 12 * scale, centre + 12 * scale, False
    if d.low is None or d.high is None:
        return None
    from .inputs import inward
    lo, hi = inward(d.low, "low"), inward(d.high, "high")
    if getattr(sym, "is_positive", False) and lo <= 0:
        lo = min(1e-12, hi / 2)
    if getattr(sym, "is_nonnegative", False):
        lo = max(lo, 0.0)
    if not lo < hi:
        return None
    return lo, hi, bool(d.log and lo > 0)


def _read(point: Point, coords) -> list[float]:
    x = []
    for sym, pos, part, lo, hi, log in coords:
        v = point.values[sym]
        v = v[pos] if pos is not None else v
        v = complex(v) if part else float(v)
        v = v.real if part == "re" else v.imag if part == "im" else v
        v = min(max(v, lo), hi)
        x.append(math.log(v) if log else v)
    return x


def _write(point: Point, coords, x) -> Point:
    values = {k: copied(v) for k, v in point.values.items()}
    parts: dict = {}
    for (sym, pos, part, lo, hi, log), xi in zip(coords, x):
        v = math.exp(xi) if log else float(xi)
        v = min(max(v, lo), hi)
        if part:
            parts.setdefault(sym, {})[part] = v
        elif pos is not None:
            values[sym][pos] = v
        else:
            values[sym] = v
    for sym, p in parts.items():
        old = complex(values[sym]) if not isinstance(values[sym], complex) else values[sym]
        values[sym] = complex(p.get("re", old.real), p.get("im", old.imag))
    return Point(values, kind="optimised")


def slack(ev, point: Point, relation: str) -> float:
    """The claim's slack at low precision: negative exactly where the balls see it fail."""
    try:
        g, mode = ev.run(ev.gap.__call__, point, SEARCH_DPS)
    except (Undefined, Undecidable, NeedsComplex, ZeroDivisionError, ValueError, TypeError, OverflowError,
            ArithmeticError, AttributeError, NameError):
        return BAD
    if isinstance(g, int):
        g = arb(g)
    if not balls.is_finite(g):
        return BAD
    if relation in ("=", "~"):
        size = abs(g)
        excess = float(size.mid()) - float(size.rad()) if isinstance(size, arb) else 0.0
        return -max(excess, 0.0)
    if isinstance(g, acb):
        if not g.imag.contains(0):
            return -float(abs(g.imag).mid())
        g = g.real
    mid = float(g.mid())
    value = -mid if relation in ("<=", "<") else mid
    if g.contains(0):
        # rounding noise around a tie is no violation: 0 means "touching", whichever side the midpoint is on
        # (at x = 1/7 exactly, exp(x − 1/7) − (1 + x − 1/7) is a ball about 2·10⁻²⁵ wide around 2·10⁻²⁵),
        # so a strict relation's candidate goes to the comparison, which decides the tie exactly
        return 0.0
    return value


def search(ev, relation: str, starts: list[tuple[float, Point]], inputs, seed: int, fixed=None,
           evaluations: int = EVALUATIONS) -> SearchOutcome:
    """Minimise the slack from the start points (smallest slack first); candidates where it goes below 0."""
    from scipy.optimize import minimize
    out = SearchOutcome()
    fixed = fixed or {}
    usable, seen = [], set()
    for s, point in sorted(starts, key=lambda t: t[0]):
        # one start per assignment of the discrete inputs (sizes, indices, integers): n = 1, where both sides
        # are often equal, must not take every start
        discrete = tuple(sorted((str(k), v) for k, v in point.values.items()
                                if isinstance(v, int) and not isinstance(v, bool)))
        coords = _coordinates(point, inputs, fixed)
        if coords and len(coords) <= MAX_DIMENSION and discrete not in seen:
            seen.add(discrete)
            usable.append((s, point, coords))
    if not usable:
        out.note = "no start point with continuous inputs to move"
        return out
    usable = _new_sizes_first(usable, inputs)
    rng = random.Random(f"search:{seed}")
    share = max(evaluations // min(len(usable), STARTS), 8)
    flat_starts = 0
    for s0, start, coords in usable:
        left = min(share, evaluations - out.evaluations)
        if left <= 0 or flat_starts >= STARTS:
            break
        x0 = _read(start, coords)
        bounds = [(math.log(lo), math.log(hi)) if log else (lo, hi) for _, _, _, lo, hi, log in coords]
        simplex = [x0]
        for q in range(len(x0)):           # seeded initial simplex: a tenth of each coordinate's box
            lo, hi = bounds[q]
            step = (hi - lo) / 10 * (1 if rng.random() < 0.5 else -1)
            y = list(x0)
            y[q] = min(max(y[q] + step, lo), hi) if y[q] + step != y[q] else y[q] - step
            if y[q] == x0[q]:
                y[q] = min(max(x0[q] - step, lo), hi)
            simplex.append(y)
        used = [0]
        best = [s0, start]
        flat = [True]             # every slack of this start exactly 0 so far

        def objective(x, coords=coords, used=used, best=best, left=left, flat=flat):
            if used[0] >= left or (flat[0] and used[0] >= FLAT_ROUNDS * (len(coords) + 1)):
                # the budget is spent, or the slack is flat (an equality that holds all around: the simplex
                # has no direction to move in and would only shrink onto its start): stop, keep the best
                raise _Found()
            used[0] += 1
            point = _write(start, coords, x)
            value = slack(ev, point, relation)
            flat[0] = flat[0] and value == 0.0
            if value < best[0] or (value == best[0] == 0 and relation in ("<", ">")):
                best[0], best[1] = value, point
            if value < 0 or (value == 0 and relation in ("<", ">")):     # a tie breaks a strict relation
                raise _Found()
            return value

        try:
            minimize(objective, x0, method="Nelder-Mead", bounds=bounds,
                     options={"maxfev": left, "initial_simplex": simplex, "xatol": 1e-14, "fatol": 0.0})
        except _Found:
            pass
        except (ValueError, FloatingPointError, OverflowError):
            pass
        out.evaluations += used[0]
        flat_starts += flat[0]
        if out.smallest is None or best[0] < out.smallest:
            out.smallest = best[0]
        if best[1] is not start:
            for candidate in (best[1], _snapped(best[1], coords)):
                if candidate is None:
                    continue
                out.evaluations += candidate is not best[1]
                value = best[0] if candidate is best[1] else slack(ev, candidate, relation)
                if value < 0 or (value == 0 and relation in ("<", ">")):
                    out.candidates.append(candidate)
    return out


def _new_sizes_first(usable: list, inputs) -> list:
    """The starts, tightest first, but one per assignment of the sizes before any size repeats: a claim false
    only from n = 3 up (1 − Σp² ≤ −n p_i log p_i where p_i is small) is not reached from starts at n = 1 and
    n = 2 with two different indices.  The budget is shared by STARTS starts; one that stops early (n = 1,
    where both sides are often equal and the simplex collapses) leaves its share to the next."""
    first, rest, seen = [], [], set()
    for entry in usable:
        key = tuple(entry[1].values.get(n) for n in inputs.sizes)
        (rest if key in seen else first).append(entry)
        seen.add(key)
    return first + rest


def _snapped(point: Point, coords) -> Point | None:
    """The point with each moved coordinate replaced by a nearby simple fraction (shrinking), or None."""
    values = {k: copied(v) for k, v in point.values.items()}
    changed = False
    for sym, pos, part, lo, hi, log in coords:
        v = values[sym][pos] if pos is not None else values[sym]
        if part or isinstance(v, complex):
            continue
        f = Fraction(float(v)).limit_denominator(SNAP_DENOMINATOR)
        if abs(float(f) - float(v)) > 1e-6 * max(1.0, abs(float(v))) or not lo <= float(f) <= hi:
            continue
        exact = sp.Rational(f.numerator, f.denominator)
        if pos is not None:
            values[sym][pos] = float(f)
        else:
            values[sym] = exact
        changed = True
    return Point(values, kind="optimised") if changed else None
