"""Judging what an ≈ step says it means: a limit, a series order, a bound; each through `combine()`.

Handlers are registered on the meaning's type.  Symbolic limits and series over
a vector of symbolic length are out of SymPy's reach, so for those SymPy is
asked at small concrete n, which is reported as "cases", never as a proof.
SymPy's limit defaults to the right-hand side; here a finite point is
approached from both sides unless the meaning (or the variable's domain) says
otherwise, symbolically and numerically.
"""
from __future__ import annotations

from typing import Callable

import sympy as sp

from ..authoring.meanings import Bound, Limit, Series
from ..authoring.relations import Relation
from ..authoring.symbols import domain_of
from ..evidence import trends as tr
from ..evidence.measure import measure_error
from ..prove.identities import size_symbols
from ..prove.sums import concrete, resolve_index_ranges
from ..prove.timeouts import StrategyTimeout, time_limit
from ..verdicts import Check, Counterexample, NumericEvidence, Verdict
from . import proof_cache
from .combine import Numbers, Symbolic, combine
from .context import StepContext
from .numbers import compare as compare_numbers
from .outcome import CheckOutcome
from .relations import judge_inequality

CONCRETE_LIMIT_SIZES = (1, 2, 3)


class TimedOut(str):
    """A note that says a time limit was hit: such outcomes are not remembered (a less loaded machine may succeed)."""

MEANING_JUDGES: dict[type, Callable[..., CheckOutcome]] = {}


def judges_meaning(kind: type):
    def register(fn):
        MEANING_JUDGES[kind] = fn
        return fn
    return register


def _is_size(var) -> bool:
    d = domain_of(var)
    return d is not None and d.kind == "size"


def effective_side(var, point, side: str) -> str:
    """The sides a finite point can be approached from, given the variable's declared domain."""
    if not point.is_finite:
        return "+-"
    d = domain_of(var)
    low = getattr(d, "low", None) if d is not None else None
    high = getattr(d, "high", None) if d is not None else None
    only_right = var.is_nonnegative or (low is not None and low >= float(point))
    only_left = var.is_nonpositive or (high is not None and high <= float(point))
    if side == "+-":
        return "+" if only_right else ("-" if only_left else "+-")
    return side


# ----------------------------------------------------------------------------- limits

def _sympy_dir(side: str) -> str:
    return {"+-": "+-", "+": "+", "-": "-"}[side]


def _symbolic_limit(expr, var, point, side: str, seconds: float):
    """(status, value shown, scope, note)."""
    expr = resolve_index_ranges(expr)
    sizes = [n for n in size_symbols(expr) if n != var]
    try:
        if _is_size(var):
            if expr.has(sp.Sum):
                return Symbolic.NONE, None, "", "sympy.limit cannot take a limit in the length of a sum"
            with time_limit(seconds):
                return _read_limit(sp.limit(expr, var, point), "n as a continuous variable")
        kwargs = {"dir": _sympy_dir(side)} if point.is_finite else {}
        if not expr.has(sp.Sum):
            # A size that appears outside any sum is just a positive integer parameter.
            with time_limit(seconds):
                return _read_limit(sp.limit(expr, var, point, **kwargs), "generic n" if sizes else "all values")
        if sizes:
            values = []
            for k in CONCRETE_LIMIT_SIZES:
                with time_limit(seconds):
                    values.append(sp.limit(concrete(expr, sizes[0], k), var, point, **kwargs))
            status, shown, _, note = _read_limit(values[0], "")
            if all(v == values[0] for v in values):
                scope = f"n = {CONCRETE_LIMIT_SIZES[0]}…{CONCRETE_LIMIT_SIZES[-1]} only"
                return (Symbolic.CASES if status is Symbolic.PROVED else status), shown, scope, note
            return Symbolic.CONTRADICTED if any(_read_limit(v, "")[0] is Symbolic.CONTRADICTED for v in values) \
                else Symbolic.NONE, None, "", "limits differ between concrete n"
    except StrategyTimeout:
        return Symbolic.NONE, None, "", TimedOut(f"sympy.limit timed out after {seconds:g} s")
    except ValueError as exc:
        if "does not exist" in str(exc):
            # Two-sided limit whose sides differ: the claimed limit does not exist.
            return Symbolic.CONTRADICTED, None, "", "sympy.limit: the left and right limits differ"
        return Symbolic.NONE, None, "", f"sympy.limit gave up (ValueError)"
    except (NotImplementedError, TypeError, AttributeError, RecursionError) as exc:
        return Symbolic.NONE, None, "", f"sympy.limit gave up ({exc.__class__.__name__})"
    return Symbolic.NONE, None, "", "unsupported"


def _read_limit(value, scope: str):
    if value.has(sp.Limit):
        return Symbolic.NONE, None, "", "sympy.limit returned the limit unevaluated"
    if value == 0 or sp.simplify(value) == 0:
        return Symbolic.PROVED, "0", scope, ""
    if value.is_zero is False or value.has(sp.oo, -sp.oo, sp.zoo, sp.nan, sp.AccumBounds):
        return Symbolic.CONTRADICTED, sp.sstr(value), "", f"sympy.limit gives {sp.sstr(value)}, not 0"
    return Symbolic.NONE, sp.sstr(value), "", f"sympy.limit gives {sp.sstr(value)}, whose sign SymPy cannot decide"


def _limit_value_nonzero_somewhere(d, shown: str, ctx: StepContext, note: str):
    """SymPy's limit is an expression in the other symbols whose sign it cannot decide (e.g. D^(10⁻⁶) − 1):
    certified numbers at the sampled points say whether it is nonzero somewhere, which contradicts the claim."""
    try:
        value = sp.parse_expr(shown, local_dict={str(x): x for x in d.free_symbols | d.atoms(sp.IndexedBase)})
        num = compare_numbers(value, sp.Integer(0), "=", ctx)
    except Exception:  # an expression the numbers cannot take is simply not decided here
        return Symbolic.NONE, note
    if num.status is Numbers.DISAGREE:
        where = ", ".join(f"{k} = {v}" for k, v in (num.counterexample.point.items() if num.counterexample else []))
        return Symbolic.CONTRADICTED, f"sympy.limit gives {shown}, which is not 0 at {where}"
    return Symbolic.NONE, note


def _cached_limit(d, m: Limit, side: str, ctx: StepContext):
    seconds = ctx.strategy_seconds()

    def encode(outcome):
        status, shown, scope, note = outcome
        if isinstance(note, TimedOut):
            return None
        return [status.value, shown, scope, note]

    def decode(stored):
        return Symbolic(stored[0]), stored[1], stored[2], stored[3]

    return proof_cache.remembered_value("limit/2", lambda: _symbolic_limit(d, m.var, m.point, side, seconds),
                                        encode, decode, d, m.var, m.point, side, seconds)


def _measured(d, m, side: str, ctx: StepContext, accept, reject):
    """(trends, Numbers, why they failed) along the approach to m's point: accepted only if every trend is
    accepted at both precisions, disagreeing if one is rejected at both."""
    try:
        trends = tr.trends(d, m.var, m.point, side, ctx.settings, ctx.given or None, _is_size(m.var))
    except tr.numeric.SamplingError as exc:      # the numbers cannot follow this limit: say why
        return [], Numbers.INCONCLUSIVE, f"no numeric trend: {exc}"
    except (ZeroDivisionError, ValueError, TypeError, OverflowError) as exc:
        return [], Numbers.INCONCLUSIVE, f"numeric trend failed: {exc.__class__.__name__}"
    return trends, _numbers_from_trends(trends, accept, reject, ctx.settings.dps), ""


def _numbers_from_trends(trends, accept, reject, dps) -> Numbers:
    lo, hi = dps
    if trends and all(accept(t, lo) and accept(t, hi) for t in trends):
        return Numbers.AGREE
    if any(reject(t, lo) and reject(t, hi) for t in trends):
        return Numbers.DISAGREE
    return Numbers.INCONCLUSIVE


def _trend_counterexample(t: tr.Trend, var, what: str, note: str) -> Counterexample:
    # A claim about a limit has no single refuting point: what is recorded, at each precision, is the
    # measured tail of the approach (the last value and the rate at which it shrinks), which the README
    # calls trend evidence, not a ball certificate.
    trend = {p: f"trend, not a ball certificate: |d| = {tr.numeric.fmt(vals[-1], 6)} at distance "
                f"{float(t.h[-1]):g}, tail slope {tr.numeric.fmt(tr.tail_rate(t.h, vals), 3)}"
             for p, vals in t.values.items()}
    return Counterexample({**t.base.describe(), str(var): f"approach from {t.side}: {float(t.h[0]):g} … {float(t.h[-1]):g}"},
                          {p: ", ".join(tr.numeric.fmt(e, 6) for e in vals) for p, vals in t.values.items()},
                          {p: f"→ 0 ({what})" for p in t.values}, note=note, certificate=trend)


@judges_meaning(Limit)
def judge_limit(lhs, rhs, m: Limit, ctx: StepContext) -> CheckOutcome:
    d = lhs / rhs - 1 if m.ratio else lhs - rhs
    side = effective_side(m.var, m.point, m.side)
    status, shown, scope, note = _cached_limit(d, m, side, ctx)
    if status is Symbolic.NONE and shown is not None:
        status, note = _limit_value_nonzero_somewhere(d, shown, ctx, note)
    what = "|lhs/rhs − 1|" if m.ratio else "|lhs − rhs|"
    trends, numbers, failed = _measured(d, m, side, ctx, tr.shrinks, tr.stalls)
    note = "; ".join(x for x in (note, failed) if x)
    j = combine(status, numbers)
    bad = [t for t in trends if not (tr.shrinks(t, ctx.settings.dps[0]) and tr.shrinks(t, ctx.settings.dps[1]))]
    shown_trend = (bad or trends)[0].describe(m.var) if trends else ""
    detail = "; ".join(x for x in (f"{what} along the approach: {shown_trend}" if shown_trend else "",
                                   f"sympy.limit: {shown}" if shown is not None else "", note, j.message) if x)
    ce = None
    if j.verdict is Verdict.REFUTED:
        ce = _trend_counterexample(bad[0], m.var, "claimed limit", f"{what} does not shrink as {m.var} → {m.point}"
                                   + (f" from the {'right' if bad[0].side == '+' else 'left'}" if bad[0].side in "+-" else "")
                                   + (f"; {note}" if note else ""))
    method = {Verdict.PROVED: "sympy.limit, both sides" if side == "+-" and m.point.is_finite else "sympy.limit",
              Verdict.CASES: "sympy.limit at concrete n", Verdict.NUMERIC: "numeric trend (rate) at two precisions",
              Verdict.REFUTED: "numeric trend at two precisions"}.get(j.verdict, "")
    check = Check(f"limit: {m.describe()}", j.verdict, method, scope if j.verdict in (Verdict.PROVED, Verdict.CASES) else "",
                  detail)
    return CheckOutcome(j.verdict, method, check.scope, j.message, None, ce, checks=[check])


# ----------------------------------------------------------------------------- series

def _strip_order(expr):
    """Drop O() terms; SymPy over-claims the order of series whose input already has O() (issue 24913)."""
    return expr.removeO() if expr.atoms(sp.Order) else expr


def _symbolic_series(d, m: Series, side: str, seconds: float):
    """(status, scope, detail): the series of d to the stated order has no lower-order terms (on each side)."""
    sizes = size_symbols(d)
    try:
        if sizes or d.has(sp.Sum):
            if not sizes:
                return Symbolic.NONE, "", "a sum of fixed length cannot be expanded"
            exprs = [concrete(d, sizes[0], k) for k in CONCRETE_LIMIT_SIZES]
        else:
            exprs = [d]
        dirs = (["+", "-"] if side == "+-" else [side]) if m.point.is_finite else ["+"]
        for e in exprs:
            for direction in dirs:
                with time_limit(seconds):
                    ser = sp.series(e, m.var, m.point, m.order, dir=direction).removeO()
                    if sp.simplify(ser) != 0:
                        return (Symbolic.CONTRADICTED, "",
                                f"series of lhs − rhs has lower-order terms: {sp.sstr(ser)[:120]}")
        if sizes:
            return Symbolic.CASES, f"n = {CONCRETE_LIMIT_SIZES[0]}…{CONCRETE_LIMIT_SIZES[-1]} only", ""
        return Symbolic.PROVED, "all values", ""
    except StrategyTimeout:
        return Symbolic.NONE, "", TimedOut(f"sympy.series timed out after {seconds:g} s")
    except (NotImplementedError, ValueError, TypeError, AttributeError, RecursionError) as exc:
        return Symbolic.NONE, "", f"sympy.series gave up ({exc.__class__.__name__})"


@judges_meaning(Series)
def judge_series(lhs, rhs, m: Series, ctx: StepContext) -> CheckOutcome:
    d = resolve_index_ranges(_strip_order(lhs) - _strip_order(rhs))
    side = effective_side(m.var, m.point, m.side)
    seconds = ctx.strategy_seconds()

    def encode(outcome):
        status, scope, detail = outcome
        return None if isinstance(detail, TimedOut) else [status.value, scope, detail]

    status, scope, sym_detail = proof_cache.remembered_value(
        "series/2", lambda: _symbolic_series(d, m, side, seconds), encode,
        lambda s: (Symbolic(s[0]), s[1], s[2]), d, m.var, m.point, m.order, side, seconds)
    trends, numbers, failed = _measured(d, m, side, ctx, lambda t, p: tr.has_order(t, m.order, p),
                                        lambda t, p: tr.lacks_order(t, m.order, p))
    sym_detail = "; ".join(x for x in (sym_detail, failed) if x)
    j = combine(status, numbers)
    hi = ctx.settings.dps[1]
    rates = [tr.tail_rate(t.h, t.values[hi]) for t in trends]
    measured = ", ".join("negligible" if r is None else tr.numeric.fmt(r, 3) for r in rates)
    detail = "; ".join(x for x in (f"measured order of |lhs − rhs| near the point (tail slope): {measured}" if trends else "",
                                   sym_detail, j.message) if x)
    ce = None
    if j.verdict is Verdict.REFUTED:
        bad = [t for t in trends if tr.lacks_order(t, m.order, ctx.settings.dps[0])]
        ce = _trend_counterexample(bad[0], m.var, f"O(h^{m.order}) claimed",
                                   f"|lhs − rhs| shrinks more slowly than h^{m.order}: the error is of lower order")
    method = {Verdict.PROVED: "sympy.series" + (", both sides" if side == "+-" and m.point.is_finite else ""),
              Verdict.CASES: "sympy.series at concrete n", Verdict.NUMERIC: "numeric order at two precisions",
              Verdict.REFUTED: "numeric order at two precisions"}.get(j.verdict, "")
    shown_scope = scope if j.verdict in (Verdict.PROVED, Verdict.CASES) else ""
    check = Check(f"series: {m.describe()}", j.verdict, method, shown_scope, detail)
    return CheckOutcome(j.verdict, method, shown_scope, j.message, None, ce, checks=[check])


# ----------------------------------------------------------------------------- bounds

@judges_meaning(Bound)
def judge_bound(lhs, rhs, m: Bound, ctx: StepContext) -> CheckOutcome:
    out = judge_inequality(lhs, rhs, Relation(m.direction), ctx)
    detail = f"worst violation {out.evidence.worst_error}" if out.evidence else ""
    out.checks = [Check(f"bound: {m.describe()}", out.verdict, out.method, out.scope, detail)]
    return out


# ----------------------------------------------------------------------------- the step

def judge_approx(lhs, rhs, step, ctx: StepContext) -> CheckOutcome:
    """Every stated meaning, each judged on its own; the step is only as strong as its weakest."""
    outcomes = []
    for m in step.meanings:
        handler = MEANING_JUDGES.get(type(m))
        if handler is None:
            raise TypeError(f"no judge for the meaning {type(m).__name__}")
        outcomes.append(handler(lhs, rhs, m, ctx))
    checks = [c for o in outcomes for c in o.checks]
    order = [Verdict.ERROR, Verdict.REFUTED, Verdict.UNKNOWN, Verdict.NUMERIC, Verdict.CASES, Verdict.PROVED]
    verdict = min((o.verdict for o in outcomes), key=order.index)
    if any(o.verdict is Verdict.REFUTED for o in outcomes):
        verdict = Verdict.REFUTED
    ce = next((o.counterexample for o in outcomes if o.counterexample), None)
    evidence = next((o.evidence for o in outcomes if o.evidence), None)
    method = "; ".join(f"{c.name.split(':')[0]}: {c.method or c.verdict.value}" for c in checks)
    scope = "; ".join(c.scope for c in checks if c.scope)
    message = "; ".join(dict.fromkeys(o.message for o in outcomes if o.message and o.verdict is verdict))
    tables = []
    if step.measure is not None:
        s = ctx.settings
        tables.append(measure_error(lhs, rhs, step.measure.grid, relative=step.measure.relative,
                                    samples=step.measure.samples, seed=s.seed, dps=s.dps[0], given=ctx.given or None))
    used = [f for o in outcomes for f in o.facts_used]
    return CheckOutcome(verdict, method, scope, message, evidence, ce, used, checks=checks, tables=tables)
