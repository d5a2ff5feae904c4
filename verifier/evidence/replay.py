"""Replaying a point with a second, independent evaluator before the balls' word is final.

The ball compiler (balls.py) evaluates a canonicalised, compiled form of a step.  A bug anywhere in
that chain (a dropped argument, a renamed index, a convention such as 0⁰) turns into a "certified"
counterexample to a true claim, or into agreement with a false one.  So a refutation is reported only
after this module has taken the step AS WRITTEN and found the same failure:

  1. the point must lie in every declared domain (sizes ≥ their low, indices inside their own range
     at the point's sizes, integers integral and inside their bounds, interval bounds, law supports,
     signs the assumptions state); a point outside is the sampler's error and no evidence;
  2. the point's values are substituted exactly: a float as the rational of its binary value, exact
     values as they are; bound indices are renamed apart first, so a free i beside a bound i is never
     captured; sums, products, max and min are written out at the concrete sizes (an empty range sums
     to 0, multiplies to 1, and has no max); vector entries replace s[k];
  3. each side, and the gap, are evaluated by SymPy's evalf (mpmath underneath) at the precisions the
     balls used, with a guard and a generous `maxn`, under a CPU-time limit.

`replay` says whether the relation fails, holds, or could not be decided there, and which sides have
no value (zoo, nan, ±oo, an index outside its vector, the max of an empty range).

An agreeing point is cross-checked first by `MpmathReplay`: the step as written, compiled once by SymPy's
lambdify to mpmath and called at the point's exact values, as independent of the ball compiler and a
thousand times cheaper than writing the point out for evalf.  It only ever confirms agreement; whatever it
cannot confirm is replayed by evalf as above.
"""
from __future__ import annotations

import contextvars
import functools
import math
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

import mpmath
import sympy as sp
from sympy.concrete.expr_with_limits import ExprWithLimits
from sympy.core.evalf import PrecisionExhausted

from .. import functions as _functions
from ..authoring.expectations import Expectation
from ..interrupts import LimitPassed, holding_fire, install_finalizer_guard
from ..authoring.reductions import IndexedMax, IndexedMin
from ..verdicts import Number, Said
from ..authoring.substitutions import any_ambiguous, rebuild
from . import declared_facts
from . import expectations as _expectations
from .inputs import (ExactInt, ExactPrinter, Point, SamplingError, Table, compile_expr, domain_or_fallback, inputs_of,
                     table_indices, table_position, table_start)

GUARD = 10               # extra digits asked of evalf beyond the precision being replayed
MAXN_FACTOR = 4          # evalf may raise its working precision to this many times the digits asked
MAX_TERMS = 20000        # terms written out for all reductions of one side; beyond, the replay is undecided
STRICT = {"<", ">"}


class ReplayTimeout(LimitPassed):
    """The replay's CPU-time limit passed (a BaseException, so no library code can swallow it)."""


class _NoValue(Exception):
    """A side has no value at the point (the max of an empty range, an index outside its vector)."""


class _Unreplayable(Exception):
    """The replay cannot be carried out here (a symbolic limit left, too many terms, evalf left a symbol)."""


@dataclass
class Replay:
    """What the second evaluator found at one point."""
    status: str                         # "fails" | "holds" | "undefined" | "both undefined" | "undecided"
    detail: str                         # one line for the certificate or the message
    undefined: tuple = ()               # the sides with no value ("lhs", "rhs")
    lhs: dict = field(default_factory=dict)     # {dps: value as text}
    rhs: dict = field(default_factory=dict)
    gap: dict = field(default_factory=dict)
    clear: bool = False                 # the relation fails by more than the balls' agreement tolerance
    ran_out: bool = False               # undecided because its CPU time ran out (more time could decide it)

    def at(self, p: int) -> str:
        """The replay at one precision, for that precision's certificate."""
        if self.status == "undefined":
            return f"replayed with SymPy evalf at {p} digits: {self.value_at(p)}"
        return f"replayed with SymPy evalf at {p} digits: lhs − rhs = {self.value_at(p)}"

    def value_at(self, p: int) -> str:
        """What the replay found at one precision: the value of lhs − rhs, or which side has no value."""
        if self.status == "undefined":
            gone = self.undefined[0]
            other = "rhs" if gone == "lhs" else "lhs"
            return f"{gone} has no value, {other} = {(self.rhs if other == 'rhs' else self.lhs).get(p, '?')}"
        return str(self.gap.get(p, '?'))


# --- the point against the declared domains ---------------------------------------------------------

def _exact(v):
    """A sampled value as an exact SymPy number: a float is the rational of its binary value."""
    if isinstance(v, sp.Basic):
        return v
    if isinstance(v, bool):
        return sp.Integer(int(v))
    if isinstance(v, int):
        return sp.Integer(int(v))
    if isinstance(v, float):
        if not math.isfinite(v):
            raise _Unreplayable(f"the point holds {v}")
        return sp.Rational(*v.as_integer_ratio())
    if isinstance(v, complex):
        return _exact(v.real) + sp.I * _exact(v.imag)
    if isinstance(v, mpmath.mpf):
        man, exp = v.man_exp
        return sp.Integer(man) * sp.Integer(2) ** exp
    if isinstance(v, mpmath.mpc):
        return _exact(v.real) + sp.I * _exact(v.imag)
    return sp.sympify(v)


def _at_or_inside(value, bound, side: str) -> bool:
    """value ≥ low (side "low") or ≤ high, where the bound means both the decimal written and its float."""
    v = _exact(value)
    if isinstance(bound, (int, sp.Integer)):
        candidates = [sp.Integer(int(bound))]
    elif isinstance(bound, sp.Basic):
        candidates = [bound]
    else:
        candidates = [_exact(float(bound)), sp.Rational(repr(float(bound)))]
    if side == "low":
        return any(bool(v >= c) for c in candidates)
    return any(bool(v <= c) for c in candidates)


def _check_scalar(name: str, sym, v, d) -> str | None:
    if d.kind == "choice":
        return None if v in d.choices else f"{name} = {v} is not one of {d.choices}"
    value = _exact(v)
    if d.kind == "complex" or getattr(sym, "is_real", None) is not True and d.kind not in ("real", "integer"):
        return None
    if value.is_real is False:
        return f"{name} = {v} is not real"
    if (d.kind == "integer" or getattr(sym, "is_integer", False)) and value.is_integer is False:
        return f"{name} = {v} is not an integer"
    if getattr(sym, "is_positive", False) and not value > 0:
        return f"{name} = {v} is not positive"
    if getattr(sym, "is_nonnegative", False) and not value >= 0:
        return f"{name} = {v} is negative"
    if getattr(sym, "is_zero", None) is False and value == 0:
        return f"{name} = 0, declared nonzero"
    if d.law is not None and d.law.support == "positive" and not value > 0:
        return f"{name} = {v} is outside the support of {d.law.describe()}"
    if d.confined and d.low is not None and not _at_or_inside(value, d.low, "low"):
        return f"{name} = {v} is below its declared bound {d.low}"
    if d.confined and d.high is not None and not _at_or_inside(value, d.high, "high"):
        return f"{name} = {v} is above its declared bound {d.high}"
    # an open end is excluded (interval("p", 0, 1, open=True) is 0 < p < 1)
    if getattr(d, "open_low", False) and _at_or_inside(value, d.low, "high"):
        return f"{name} = {v} is at its excluded bound {d.low}"
    if getattr(d, "open_high", False) and _at_or_inside(value, d.high, "low"):
        return f"{name} = {v} is at its excluded bound {d.high}"
    return None


def _size_value(size, values: dict):
    """The concrete value of a vector's or an index's size at this point (an integer), or None."""
    if size is None:
        return None
    concrete = sp.sympify(size).xreplace({k: sp.Integer(v) for k, v in values.items()
                                          if isinstance(v, int) and not isinstance(v, bool)})
    return int(concrete) if concrete.is_Integer else None


# The step's own assumptions (assume="x > 0"), read as relations over its declared symbols: a point they
# exclude is outside the claim's domain like a point outside a declaration (set by compare() for one step).
STATED: contextvars.ContextVar[tuple] = contextvars.ContextVar("stated_assumptions", default=())


class EveryEntry(sp.Dummy):
    """An index an assumption holds at for every entry of the vectors it indexes (`pi[i] > 0` for every i)."""


class OverEntries(sp.StrictGreaterThan):
    """An assumption a > 0 about vector entries (at an index EveryEntry, for every entry) or a sum of them (`\\sum_i
    w_i > 0`), decided at a point from its vectors' entries: a point whose vectors break it at one entry is outside
    the assumption.  (Any other relation about entries is not decided at a point.)"""


@functools.lru_cache(maxsize=256)
def _over_entries(expr, index):
    """expr as a function of the entries it writes at `index` (each base[index]): (bases, function of floats), or
    None when it writes an entry at another index."""
    entries = sorted(expr.atoms(sp.Indexed), key=str)
    if any(e.indices != (index if isinstance(index, tuple) else (index,)) for e in entries):
        return None
    dummies = [sp.Dummy() for _ in entries]
    return tuple(e.base for e in entries), sp.lambdify(dummies, expr.xreplace(dict(zip(entries, dummies))), "math")


def _entrywise(rel, point: Point, scalars: dict):
    """rel, an OverEntries assumption, at the point: sp.false when some entry breaks it, None when it holds or the
    point does not fix what it writes.  Decided in floating point: it only keeps a search where the line's
    quantities are real, and a counterexample found there is certified and held to the text's conditions after."""
    vectors = {}
    for sym, v in point.values.items():
        if isinstance(v, list):
            vectors[sym] = v
            if isinstance(sym, sp.IndexedBase):
                vectors[sym.label] = v

    def values(expr, index, ks):
        compiled = _over_entries(expr, index)
        if compiled is None or any(b not in vectors for b in compiled[0]):
            raise ValueError("an entry the point does not fix")
        bases, f = compiled
        for k in ks:
            row = [vectors[b][k] if 0 < k < len(vectors[b]) else None for b in bases]
            if None in row:
                raise ValueError("an entry the point does not fix")
            yield float(f(*row))
    try:
        lhs = rel.lhs.xreplace(scalars)
        every = [s for s in lhs.free_symbols if isinstance(s, EveryEntry)]
        if len(every) > 1:
            return _every_table_entry(lhs, vectors)
        if every:
            if lhs.atoms(sp.Sum, sp.Product):
                return None
            longest = max(len(vectors.get(e.base, ())) for e in lhs.atoms(sp.Indexed))
            return sp.false if any(x <= 0 for x in values(lhs, every[0], range(1, longest))) else None
        sums = {}
        for x in lhs.atoms(sp.Sum):
            if len(x.limits) != 1 or not (x.limits[0][1].is_Integer and x.limits[0][2].is_Integer):
                return None
            i, lo, hi = x.limits[0]
            sums[x] = sp.Float(sum(values(x.function, i, range(int(lo), int(hi) + 1))))
        value = lhs.xreplace(sums)
        return sp.false if value.is_number and value <= 0 else None
    except (TypeError, ValueError, ArithmeticError, OverflowError):
        return None


def _every_table_entry(lhs, vectors: dict):
    """An OverEntries assumption about the entries of tables at one tuple of indices (`y[every0, every1] > 0`): sp.false
    when some entry of the tables breaks it, None when every one keeps it or the point does not fix them."""
    if lhs.atoms(sp.Sum, sp.Product):
        return None
    shapes = {e.indices for e in lhs.atoms(sp.Indexed)}
    if len(shapes) != 1:
        return None
    shape = shapes.pop()
    compiled = _over_entries(lhs, shape)
    if compiled is None or any(b not in vectors for b in compiled[0]):
        return None
    bases, f = compiled
    starts = [vectors[b].start if isinstance(vectors[b], Table) else table_start(b) for b in bases]
    first = vectors[bases[0]]
    for _, indices in table_indices(len(first), starts[0], len(shape)):
        row = []
        for b, start in zip(bases, starts):
            position = table_position(len(vectors[b]), start, indices)
            row.append(None if position is None else vectors[b][position])
        if None in row:
            continue            # past a table's shape: an entry the line never writes
        if float(f(*row)) <= 0:
            return sp.false
    return None


def _stated_excludes(point: Point) -> str | None:
    scalars = {}
    for sym, v in point.values.items():
        if isinstance(sym, sp.Symbol) and not isinstance(v, list):
            try:
                scalars[sym] = _exact(v)
            except (_Unreplayable, TypeError, ValueError, sp.SympifyError):
                continue
    for rel in STATED.get():
        if isinstance(rel, OverEntries):
            if _entrywise(rel, point, scalars) is sp.false:
                return f"the step's assumption {rel} excludes it"
            continue
        if rel.free_symbols - set(scalars):
            continue                # an assumption about what the point does not fix is not decided here
        if _costly_exactly(rel, scalars):
            truth = _decided_numerically(rel, scalars)
            if truth is None:       # too close to call at 60 digits: the point is not used, never trusted
                return f"the step's assumption {rel} could not be decided at this point"
        else:
            try:
                truth = rel.xreplace(scalars)
            except (TypeError, ValueError):
                continue
        if truth is sp.false:
            return f"the step's assumption {rel} excludes it"
    return None


# A power whose exact value at a point would run past this many bits, or whose exponent is a fraction with a
# large denominator, is evaluated at 60 digits instead: the exact rational theta**n_H at a far point (theta a
# 53-bit rational, n_H in the thousands) has millions of digits, 3000**(p/2**50) asks SymPy for an exact root of
# degree 2**50, and deciding theta**n_H*(1-theta)**n_T > 0 that way took minutes.
_EXACT_BITS = 100_000


def _costly_exactly(rel, scalars: dict) -> bool:
    for power in rel.atoms(sp.Pow):
        try:
            exponent = power.exp.xreplace(scalars)
        except (TypeError, ValueError):
            return True
        if not exponent.is_Number:
            continue
        if exponent.is_Rational and exponent.q > 64:
            return True         # 3000**(p/2**50): SymPy looks for an exact root of a huge degree
        if abs(exponent) <= 2:
            continue
        base = power.base.xreplace(scalars) if power.base.is_Atom else None
        bits = (base.p.bit_length() + base.q.bit_length()) if base is not None and base.is_Rational else 64
        if abs(exponent) * bits > _EXACT_BITS:
            return True
    return False


def _decided_numerically(rel, scalars: dict):
    """rel at the point from its sides at 60 digits: sp.true or sp.false where their difference is clear of
    rounding (more than 10^-40 of their size), None where it is not, or where a side is not a real number."""
    values = {sym: sp.Float(v, 60) if v.is_real else v for sym, v in scalars.items()}
    try:
        lhs = sp.N(rel.lhs.xreplace(values), 60)
        rhs = sp.N(rel.rhs.xreplace(values), 60)
    except (TypeError, ValueError, ArithmeticError):
        return None
    if not (lhs.is_Number and rhs.is_Number and lhs.is_real and rhs.is_real) or lhs.has(sp.nan, sp.zoo):
        return None
    difference, size = lhs - rhs, max(abs(lhs), abs(rhs))
    if abs(difference) <= size * sp.Float("1e-40", 60):
        return None
    sign = sp.Integer(1) if difference > 0 else sp.Integer(-1)
    truth = rel.func(sign, 0)
    return truth if truth in (sp.true, sp.false) else None


def outside_domain(point: Point) -> str | None:
    """Why the point lies outside a declared domain (or the step's stated assumptions), or None."""
    stated = _stated_excludes(point) if STATED.get() else None
    if stated:
        return stated
    for sym, v in point.values.items():
        try:
            d = domain_or_fallback(sym)
        except Exception:  # a symbol with no domain cannot be judged here; the sampler rejects it anyway
            continue
        name = str(sym)
        if d.kind == "size":
            if not isinstance(v, int) or isinstance(v, bool):
                return f"the size {name} = {v} is not an integer"
            if v < max(1, int(d.low or 1)):
                return f"the size {name} = {v} is below its least value {max(1, int(d.low or 1))}"
        elif d.kind == "index":
            if not isinstance(v, int) or isinstance(v, bool):
                return f"the index {name} = {v} is not an integer"
            hi = _size_value(d.size, point.values)
            if v < d.start or (hi is not None and v > hi):
                return f"the index {name} = {v} lies outside its range {d.start}…{d.size} = {hi}"
        elif d.kind == "vector":
            if not isinstance(v, list):
                continue
            label = sym.label if isinstance(sym, sp.IndexedBase) else sym
            hi = _size_value(d.size, point.values)
            if hi is not None and len(v) - 1 < hi:
                return f"the vector {name} has {len(v) - d.start} entries, fewer than {d.size} = {hi} asks"
            entries = table_indices(len(v), v.start, v.rank) if isinstance(v, Table) else \
                ((k, (k,)) for k in range(d.start, len(v)))
            for k, indices in entries:            # a table's entry named by its indices (y_1,2)
                if v[k] is None:
                    continue
                why = _check_scalar(f"{name}_{','.join(map(str, indices))}", label, v[k], d)
                if why:
                    return why
            why = declared_facts.violated(name, v[d.start:(hi + 1 if hi is not None else len(v))], d)
            if why:      # a declared fact (nonconstant, sorted, …) the point breaks
                return why
        else:
            why = _check_scalar(name, sym, v, d)
            if why:
                return why
    return None


# --- exact substitution -----------------------------------------------------------------------------

_REDUCTIONS = (sp.Sum, sp.Product, IndexedMax, IndexedMin)


def rename_bound(e):
    """Every bound variable (of Σ, Π, max, min, ∫) renamed to a fresh Dummy, in its body and in the
    limits of the reductions inside its scope, so that substituting a free symbol never touches it."""
    if isinstance(e, ExprWithLimits):
        f, limits = e.function, [tuple(lim) for lim in e.limits]       # innermost first
        new = [None] * len(limits)
        for pos in reversed(range(len(limits))):                       # outermost first
            v, *bounds = limits[pos]
            d = sp.Dummy(str(v), **v.assumptions0)
            new[pos] = (d, *[rename_bound(b) for b in bounds])
            f = f.xreplace({v: d})
            for q in range(pos):                                       # inner limits may use v
                w, *inner = limits[q]
                limits[q] = (w, *[b.xreplace({v: d}) for b in inner])
        return e.func(rename_bound(f), *new)
    if not e.args:
        return e
    return rebuild(e, [rename_bound(a) for a in e.args])


def _carry_out(e):
    """Stated derivatives, substitutions and limits, carried out symbolically before any value goes in."""
    if e.has(Expectation):      # an expectation by its definition: integrals against the density, finite sums
        try:
            e = e.replace(lambda a: isinstance(a, Expectation), _expectations.replayable)
        except _expectations.NoDefinition as exc:
            raise _Unreplayable(str(exc)) from None
    kinds = (sp.Derivative, sp.Subs, sp.Limit)
    if not e.has(*kinds):
        return e
    why = any_ambiguous(e)      # doit would pick one of two readings of it (authoring/substitutions)
    if why:
        raise _Unreplayable(why)
    out = e.replace(lambda a: isinstance(a, kinds), lambda a: a.doit())
    if out.has(*kinds):
        raise _Unreplayable("SymPy cannot carry out a stated derivative, substitution or limit")
    return out


class _Expander:
    def __init__(self, deadline: float):
        self.terms = 0
        self.deadline = deadline

    def __call__(self, e):
        if isinstance(e, _REDUCTIONS):
            return self._reduction(e)
        if not e.args or not e.has(*_REDUCTIONS):
            return e
        return rebuild(e, [self(a) for a in e.args])

    def _reduction(self, e):
        limits = list(e.limits)
        v, lo, hi = limits[-1]                      # the outermost range
        inner = e.func(e.function, *limits[:-1]) if len(limits) > 1 else e.function
        lo, hi = self(lo), self(hi)
        if not (lo.is_Integer and hi.is_Integer):
            raise _Unreplayable(f"a range {lo}…{hi} is not concrete at this point")
        count = max(0, int(hi) - int(lo) + 1)
        self.terms += count
        if self.terms > MAX_TERMS:
            raise _Unreplayable(f"more than {MAX_TERMS} terms to write out")
        if time.process_time() > self.deadline:
            raise ReplayTimeout()
        terms = [self(inner.xreplace({v: sp.Integer(k)})) for k in range(int(lo), int(hi) + 1)]
        if isinstance(e, sp.Sum):
            return sp.Add(*terms)                   # an empty range sums to 0
        if isinstance(e, sp.Product):
            return sp.Mul(*terms)                   # and multiplies to 1
        if not terms:
            raise _NoValue(f"the {'min' if isinstance(e, IndexedMin) else 'max'} of an empty range")
        return (sp.Min if isinstance(e, IndexedMin) else sp.Max)(*terms)


def substitute(expr, point: Point, deadline: float = math.inf):
    """expr at the point, exactly: bound indices renamed apart, reductions written out, entries in."""
    e = rename_bound(_carry_out(sp.sympify(expr)))
    scalars, entries = {}, {}
    ranks = {a.base: len(a.indices) for a in e.atoms(sp.Indexed)}
    for sym, v in point.values.items():
        if isinstance(sym, sp.IndexedBase) and ranks.get(sym, 1) > 1 and isinstance(v, list):
            start = v.start if isinstance(v, Table) else table_start(sym)   # a table's entry y_ij by its indices
            for position, indices in table_indices(len(v), start, ranks[sym]):
                if v[position] is not None:
                    entries[sp.Indexed(sym, *indices)] = _exact(v[position])
        elif isinstance(sym, sp.IndexedBase):
            for k, x in enumerate(v if isinstance(v, list) else []):
                if x is not None:
                    entries[sp.Indexed(sym, k)] = _exact(x)
        elif isinstance(v, list):
            continue
        else:
            scalars[sym] = _exact(v)
    e = e.xreplace(scalars)
    e = _Expander(deadline)(e)
    e = e.xreplace(entries)
    left = e.atoms(sp.Indexed)
    if left:
        first = sorted(left, key=str)[0]
        if all(a.indices and all(ix.is_Integer for ix in a.indices) for a in left):
            raise _NoValue(f"{first} lies outside its vector")
        raise _Unreplayable(f"{first} has no concrete index at this point")
    return e


def _substituted(expr, point: Point, deadline: float, budget: float):
    """substitute(), as SymPy builds it; where SymPy's constructors cannot finish it within `budget` CPU seconds,
    the same exact values put in unevaluated, for evalf to read.  A binary fraction raised to another (an
    exponent 2.0665… as the rational of its binary value) sends SymPy after exact roots of 2^52-denominators for
    minutes, where evalf takes a millisecond at the same values."""
    try:
        with cpu_limit(budget):
            return substitute(expr, point, deadline)
    except ReplayTimeout:
        if time.process_time() >= deadline:
            raise
        sp.core.cache.clear_cache()      # nothing half-computed may survive the interruption
    with sp.evaluate(False):
        return substitute(expr, point, deadline)


def undefined_sides(lhs, rhs, point: Point, seconds: float = 2.0) -> tuple | None:
    """The sides that have no value at the point by exact substitution alone (zoo, nan, an index outside
    its vector, an empty max), or None when that cannot be told in time.  No evalf: exact arithmetic."""
    gone = []
    try:
        with cpu_limit(seconds):
            deadline = time.process_time() + seconds
            for name, side in (("lhs", lhs), ("rhs", rhs)):
                try:
                    if _undefined(substitute(side, point, deadline)):
                        gone.append(name)
                except _NoValue:
                    gone.append(name)
    except ReplayTimeout:
        sp.core.cache.clear_cache()
        return None
    except (_Unreplayable, RecursionError, ValueError, TypeError, ZeroDivisionError, AttributeError,
            NotImplementedError, ArithmeticError):
        return None
    return tuple(gone)


# --- evaluation -------------------------------------------------------------------------------------

@contextmanager
def cpu_limit(seconds: float):
    """Raise ReplayTimeout after `seconds` of process CPU time (main thread only), nesting inside an
    outer limit on the same timer: never extending it, and re-arming it with what is left on exit."""
    if seconds <= 0 or not math.isfinite(seconds) or threading.current_thread() is not threading.main_thread():
        yield
        return
    timer, signum = signal.ITIMER_PROF, signal.SIGPROF

    def _raise(_signum, _frame):
        if not holding_fire():
            raise ReplayTimeout()

    outer_left, _ = signal.getitimer(timer)
    started = time.process_time()
    install_finalizer_guard()
    previous = signal.signal(signum, _raise)
    # Repeating once due, as prove.timeouts does: an exception Python ignores (gc callback) must not end the limit.
    signal.setitimer(timer, min(seconds, outer_left) if outer_left > 0 else seconds, 0.05)
    try:
        yield
    finally:
        signal.setitimer(timer, 0)
        signal.signal(signum, previous)
        if outer_left > 0:
            signal.setitimer(timer, max(outer_left - (time.process_time() - started), 1e-3), 0.05)


def _undefined(value) -> bool:
    """A value evalf produced, or a substituted side, that has no (finite) value: zoo, nan, ±oo.

    Infinite limits of an integral are no such thing, so ∞ counts only as the value itself."""
    if value in (sp.oo, -sp.oo, sp.zoo, sp.nan):
        return True
    return bool(value.has(sp.zoo, sp.nan))


def _number(value, what: str):
    """(re, im) as mpmath numbers of a value evalf produced, or _Unreplayable."""
    if _undefined(value):
        raise _NoValue(f"{what} evaluates to {value}")
    re, im = value.as_real_imag()
    out = []
    for part in (re, im):
        if part.is_Float or part.is_Rational:
            out.append(mpmath.mpf(part._mpf_) if part.is_Float else mpmath.mpf(int(part.p)) / int(part.q))
        else:
            raise _Unreplayable(f"SymPy evalf leaves {what} as {sp.sstr(value)[:80]}")
    return out[0], out[1]


def _evalf(e, p: int, strict: bool):
    return sp.N(e, p + GUARD, maxn=MAXN_FACTOR * (p + GUARD), strict=strict)


def _show(value, p: int) -> str:
    return sp.sstr(sp.N(value, min(p, 20))) if isinstance(value, sp.Basic) else str(value)


def _side_values(sides: dict, reasons: dict, p: int) -> dict:
    """Each side's value at one precision as (text, re, im); a side that evaluates to zoo, nan or ±oo
    gets its reason in `reasons` instead."""
    out = {}
    with mpmath.workdps(p + GUARD):
        for name, side in sides.items():
            value = _evalf(side, p, False)
            if _undefined(value):
                reasons[name] = f"it evaluates to {value}"
                continue
            out[name] = (_show(value, p), *_number(value, name))
    return out


def _at_precision(sides: dict, gap_expr, relation: str, p: int) -> dict:
    """The gap at one precision (evalf raises its working precision through cancellation, up to maxn),
    and what it says about the relation."""
    with mpmath.workdps(p + GUARD):
        try:
            gv = _evalf(gap_expr, p, True)
            gre, gim = _number(gv, "lhs − rhs")
            zero = gre == 0 and gim == 0
            shown = _show(gv, p)
        except PrecisionExhausted:       # SymPy cannot tell the gap from 0 at maxn digits
            gre, gim, zero = mpmath.mpf(0), mpmath.mpf(0), None
            shown = f"0 (to {MAXN_FACTOR * (p + GUARD)} digits)"
        tol = sides["scale"] * mpmath.mpf(10) ** (-(p // 2))
        out = {"gap": shown}
        if relation in ("=", "~"):
            out["says"] = "holds" if zero in (True, None) else "fails"
            out["clear"] = abs(mpmath.mpc(gre, gim)) > tol
            return out
        # An inequality between values that are not real is false (as in the balls).
        v = gre if relation in ("<=", "<") else -gre
        if sides["imag"] > tol or abs(gim) > tol:
            out["says"], out["clear"] = "fails", True
        elif zero in (True, None) or v == 0:
            # A strict relation fails where the gap is 0; SymPy's word "0 to maxn digits" is what the balls'
            # exact 0 is checked against.  It is clear only when the gap is 0 as an expression.
            exact_zero = sp.sympify(gap_expr) == 0
            out["says"] = "fails" if relation in STRICT else "holds"
            out["clear"] = relation in STRICT and exact_zero
        else:
            out["says"] = "fails" if v > 0 else "holds"
            out["clear"] = v > tol
        return out


def replay(lhs, rhs, relation: str, point: Point, dps=(50, 100), seconds: float = 10.0) -> Replay:
    """lhs relation rhs at the point, replayed as written with SymPy's evalf at each precision in dps."""
    relation = {"==": "=", "≈": "~"}.get(relation, relation)
    precisions = sorted(set(int(p) for p in dps))
    where = f"replayed with SymPy evalf at {' and '.join(map(str, precisions))} digits"
    try:
        with cpu_limit(seconds):
            deadline = time.process_time() + seconds
            sides, reasons = {}, {}
            for name, side in (("lhs", lhs), ("rhs", rhs)):
                try:
                    sides[name] = _substituted(side, point, deadline, seconds / 4)
                    if _undefined(sides[name]):
                        reasons[name] = f"it is {sp.sstr(sides[name])[:60]}"
                        del sides[name]
                except _NoValue as exc:
                    reasons[name] = str(exc)
            values = _side_values(sides, reasons, precisions[-1]) if sides else {}
            if len(reasons) == 2:
                return Replay("both undefined", f"{where}: neither side has a value there "
                                                f"(lhs: {reasons['lhs']}; rhs: {reasons['rhs']})", ("lhs", "rhs"))
            if reasons:
                [(gone, why)] = reasons.items()
                other = "rhs" if gone == "lhs" else "lhs"
                shown = {gone: "undefined", other: values[other][0]}
                return Replay("undefined", f"{where}: {gone} has no value there ({why}), {other} = {shown[other]}",
                              (gone,), {p: shown["lhs"] for p in precisions}, {p: shown["rhs"] for p in precisions},
                              {p: "undefined" for p in precisions}, clear=True)
            scale = max(abs(mpmath.mpc(*values[k][1:])) for k in ("lhs", "rhs"))
            info = {"scale": max(scale, 1), "imag": max(abs(values[k][2]) for k in ("lhs", "rhs"))}
            gap_expr = sides["lhs"] - sides["rhs"]
            rows = {p: _at_precision(info, gap_expr, relation, p) for p in precisions}
    except ReplayTimeout:
        sp.core.cache.clear_cache()      # nothing half-computed may survive the interruption
        return Replay("undecided", f"the replay with SymPy evalf ran out of its {seconds:g} s of CPU time",
                      ran_out=True)
    except (_Unreplayable, PrecisionExhausted) as exc:
        return Replay("undecided", f"the replay with SymPy evalf is not possible here: {exc}")
    except (RecursionError, ValueError, TypeError, ZeroDivisionError, AttributeError, NotImplementedError,
            ArithmeticError) as exc:
        return Replay("undecided", f"the replay with SymPy evalf failed ({exc.__class__.__name__}: "
                                   f"{str(exc)[:80]})")
    lhs_vals = {p: values["lhs"][0] for p in precisions}
    rhs_vals = {p: values["rhs"][0] for p in precisions}
    gaps = {p: r["gap"] for p, r in rows.items()}
    says = {r["says"] for r in rows.values()}
    detail = Said(f"{where}: lhs − rhs = ",
                  Said.joined(", ", [Said(Number(str(gaps[p])), f" (at {p})") for p in precisions]),
                  "; lhs = ", Number(str(lhs_vals[precisions[-1]])), ", rhs = ", Number(str(rhs_vals[precisions[-1]])))
    if says == {"fails"}:
        return Replay("fails", detail, (), lhs_vals, rhs_vals, gaps, clear=all(r["clear"] for r in rows.values()))
    if says == {"holds"}:
        return Replay("holds", detail, (), lhs_vals, rhs_vals, gaps)
    return Replay("undecided", detail + " (the precisions disagree)", (), lhs_vals, rhs_vals, gaps)


# --- the cross-check of an agreeing point: SymPy's lambdify to mpmath ---------------------------------
#
# An agreeing point is cross-checked to catch the balls and their compiler wrong the same way on both
# sides.  Writing the point out exactly and letting SymPy's evalf take it (above) is what a refutation's
# certificate rests on, but it costs seconds per point (building the substituted expression is half of it).
# The step as written, compiled once by SymPy's own lambdify to mpmath and called at the point's exact
# values, is just as independent of the ball compiler and takes milliseconds.  It can only say "holds": a
# point it cannot evaluate, or where the sides do not agree within the replay's tolerance, goes to evalf,
# whose word is then the cross-check's, as it always was.

# Which function calls inputs.ExactPrinter writes as an mpmath function of the same meaning at every point
# (conventions and branches included) is read from the one table of functions (`functions.replay_same_meaning`:
# column `mpmath`, `everywhere`).  Any other function sends the step to evalf: lambdify would print an unknown
# name as a call of whatever mpmath function has that name (mpmath's catalan is a constant, its bernoulli(1) is
# −1/2); atan2 and arg are not vouched for everywhere (at 0 mpmath gives 0 where SymPy has no value).  A form
# the printer does not vouch for (a symbolic polygamma order, harmonic(n, m)) is not printed, and goes to evalf.
# Kronecker's delta, Piecewise and the connectives are structure the printer writes itself.
_STRUCTURE = (sp.KroneckerDelta, sp.Piecewise, sp.And, sp.Or, sp.Not)
_PLAIN = (sp.Symbol, sp.Number, sp.NumberSymbol, sp.core.numbers.ImaginaryUnit, sp.IndexedBase, sp.Indexed,
          sp.Idx, sp.Tuple, sp.Add, sp.Mul, sp.Pow, sp.core.relational.Relational, sp.logic.boolalg.BooleanAtom,
          sp.functions.elementary.piecewise.ExprCondPair, sp.Sum, sp.Product, sp.Integral, IndexedMax, IndexedMin)
_CONSTANTS = (sp.pi, sp.E, sp.EulerGamma, sp.Catalan, sp.GoldenRatio)


def _foreign(e) -> str | None:
    """The first part of e the mpmath replay does not evaluate as SymPy means it, or None."""
    for node in sp.preorder_traversal(e):
        if isinstance(node, sp.NumberSymbol) and node not in _CONSTANTS:
            return str(node)
        if isinstance(node, _PLAIN):
            continue
        if type(node) in _STRUCTURE or _functions.replay_same_meaning(node):
            continue
        return type(node).__name__
    return None


class _Entries(list):
    """A vector's entries: an index below 0 (Python would count from the end) or at an unset entry raises."""

    def __getitem__(self, k):
        if not isinstance(k, int) or k < 0:
            raise IndexError(f"index {k} lies outside the vector")
        v = list.__getitem__(self, k)
        if v is None:
            raise IndexError(f"entry {k} is not set")
        return v


def _mp(v):
    """A point's value as an argument of the compiled step, at the working precision: an integer stays an
    (Exact)int, a float is its exact binary value, an exact SymPy number is rounded only at the working
    precision (plus 10 digits)."""
    if isinstance(v, list):
        return _Entries(None if x is None else _mp(x) for x in v)
    if isinstance(v, bool):
        return ExactInt(int(v))
    if isinstance(v, int):
        return ExactInt(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise _Unreplayable(f"the point holds {v}")
        return mpmath.mpf(v)
    if isinstance(v, complex):
        return mpmath.mpc(_mp(v.real), _mp(v.imag))
    if isinstance(v, (mpmath.mpf, mpmath.mpc)):
        return v
    if isinstance(v, sp.Integer):
        return ExactInt(int(v))
    if isinstance(v, sp.Basic):
        re, im = _number(sp.N(v, mpmath.mp.dps + 10), "a value of the point")
        return mpmath.mpc(re, im) if im else re
    raise _Unreplayable(f"the point holds {v!r}")


def _finite(x) -> bool:
    if isinstance(x, (mpmath.mpf, mpmath.mpc)):
        return bool(mpmath.isfinite(x))
    return isinstance(x, int)        # a Python float or complex means 53 bits slipped in: not this replay's


class MpmathReplay:
    """One step as written (stated derivatives, substitutions, limits and expectations carried out as for
    evalf, bound indices renamed apart), compiled once by SymPy's lambdify to mpmath, for cross-checking
    agreeing points.  `holds` says "holds" or nothing; everything else is for evalf to say."""

    def __init__(self, lhs, rhs, relation: str):
        self.lhs, self.rhs = lhs, rhs
        self.relation = {"==": "=", "≈": "~"}.get(relation, relation)
        self.fns = None
        self.why = ""                   # why the step is left to evalf, once known

    def _compile(self):
        sides = [rename_bound(_carry_out(sp.sympify(side))) for side in (self.lhs, self.rhs)]
        for side in sides:
            why = _foreign(side)
            if why:
                raise _Unreplayable(f"{why} is left to SymPy evalf")
        self.inputs = inputs_of(*sides)
        self.fns = [compile_expr(side, self.inputs, ExactPrinter) for side in sides]

    def _sides(self, point: Point, p: int):
        with mpmath.workdps(p + GUARD):
            args = [_mp(point.values[sym]) for sym in self.inputs.args]
            out = []
            for fn in self.fns:
                v = fn(*args)
                if not _finite(v):
                    raise _Unreplayable(f"a side is {v} there")
                out.append(mpmath.mpmathify(v))
            return out

    def holds(self, point: Point, dps=(50, 100), seconds: float = 10.0) -> Replay | None:
        """A Replay that says "holds" where both sides have finite values at every precision in dps that agree
        by the evalf replay's rule (|lhs − rhs| ≤ max(1, |lhs|, |rhs|)·10^−⌊p/2⌋ for = and ≈; for an
        inequality, real values within that tolerance on the relation's side, a strict one beyond it); None
        where this replay cannot tell (the caller asks evalf)."""
        if self.why or self.relation not in ("=", "~", "<=", "<", ">=", ">"):
            return None
        precisions = sorted(set(int(p) for p in dps))
        try:
            with cpu_limit(seconds):
                if self.fns is None:
                    self._compile()
                values = {p: self._sides(point, p) for p in reversed(precisions)}
                return self._judge(values, precisions)
        except ReplayTimeout:
            sp.core.cache.clear_cache()      # nothing half-computed may survive the interruption
            return None
        except (_Unreplayable, _NoValue, SamplingError, PrecisionExhausted, KeyError) as exc:
            if self.fns is None:
                self.why = str(exc) or exc.__class__.__name__
            return None
        except Exception:  # noqa: BLE001 - whatever the compiled step raises (a pole, an empty max): evalf decides
            if self.fns is None:
                self.why = "lambdify cannot compile it"
            return None

    def _judge(self, values: dict, precisions: list) -> Replay | None:
        top = precisions[-1]
        with mpmath.workdps(top + GUARD):
            lhs, rhs = values[top]
            scale = max(abs(lhs), abs(rhs), 1)
            imag = max(abs(mpmath.im(lhs)), abs(mpmath.im(rhs)))
        gaps = {}
        for p in precisions:
            with mpmath.workdps(p + GUARD):
                lhs, rhs = values[p]
                tol = scale * mpmath.mpf(10) ** (-(p // 2))
                gap = lhs - rhs
                if self.relation in ("=", "~"):
                    if not abs(gap) <= tol:
                        return None
                else:
                    if imag > tol or abs(mpmath.im(gap)) > tol:
                        return None
                    v = mpmath.re(gap) if self.relation in ("<=", "<") else -mpmath.re(gap)
                    if not (v < -tol if self.relation in STRICT else v <= tol):
                        return None
                gaps[p] = mpmath.nstr(gap, min(p, 20))
        where = f"replayed with SymPy's lambdify to mpmath at {' and '.join(map(str, precisions))} digits"
        shown = {p: tuple(mpmath.nstr(x, min(p, 20)) for x in values[p]) for p in precisions}
        detail = Said(f"{where}: lhs − rhs = ", Said.joined(", ", [Said(Number(str(gaps[p])), f" (at {p})")
                                                                for p in precisions]),
                      "; lhs = ", Number(str(shown[top][0])), ", rhs = ", Number(str(shown[top][1])))
        return Replay("holds", detail, (), {p: shown[p][0] for p in precisions},
                      {p: shown[p][1] for p in precisions}, gaps)
