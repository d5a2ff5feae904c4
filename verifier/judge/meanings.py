"""Checking what an ≈ step says it means: a limit, a series order, a bound; and measuring its error.

Symbolic limits and series over a vector of symbolic length are out of SymPy's
reach, so for those the claim is checked symbolically at small concrete n, and
numerically along a sequence approaching the limit point, at two precisions.
A numeric trend is evidence; only a symbolic limit or series is proof.
"""
from __future__ import annotations

import itertools

import mpmath
import sympy as sp

from ..evidence import numeric

from . import proof_cache
from ..settings import Settings
from ..authoring.meanings import Bound, Limit, Measure, Series
from ..authoring.relations import Relation
from ..prove.identities import size_symbols
from ..prove.sums import concrete, resolve_index_ranges
from ..prove.timeouts import StrategyTimeout, time_limit
from ..verdicts import Check, Counterexample, Table, Verdict

CONCRETE_LIMIT_SIZES = (1, 2, 3)


def _difference(lhs, rhs, ratio: bool):
    return lhs / rhs - 1 if ratio else lhs - rhs


def _symbolic_limit(expr, var, point, settings: Settings):
    """(value, scope) of the limit, at generic n if possible, else the common value at n = 1…3."""
    def encode(outcome):
        value, scope = outcome
        if "StrategyTimeout" in scope or (value is not None and not value.is_number):
            return None
        return [None if value is None else sp.srepr(value), scope]

    def decode(stored):
        return (None if stored[0] is None else sp.sympify(stored[0])), stored[1]

    return proof_cache.remembered_value("limit", lambda: _compute_limit(expr, var, point, settings),
                                        encode, decode, expr, var, point, settings.limit)


def _compute_limit(expr, var, point, settings: Settings):
    expr = resolve_index_ranges(expr)
    sizes = [n for n in size_symbols(expr) if n != var]
    try:
        if var in size_symbols(expr):
            # A limit in the length itself: n cannot be fixed; only a sum-free expression is in reach.
            if expr.has(sp.Sum):
                return None, "sympy.limit cannot take a limit in the length of a sum"
            with time_limit(settings.limit):
                return sp.limit(expr, var, point), "n as a continuous variable"
        if not sizes and not expr.has(sp.Sum):
            with time_limit(settings.limit):
                return sp.limit(expr, var, point), "all values"
        if sizes:
            values = []
            for k in CONCRETE_LIMIT_SIZES:
                with time_limit(settings.limit):
                    values.append(sp.limit(concrete(expr, sizes[0], k), var, point))
            if all(v == values[0] for v in values):
                return values[0], f"n = {CONCRETE_LIMIT_SIZES[0]}…{CONCRETE_LIMIT_SIZES[-1]} only"
            return None, "limits differ between concrete n"
    except (StrategyTimeout, NotImplementedError, ValueError, TypeError, AttributeError) as exc:
        return None, f"sympy.limit gave up ({exc.__class__.__name__})"
    return None, "unsupported"


def _approach(var, point) -> list:
    """A sequence of values of var approaching point, for the numeric trend."""
    if point in (sp.oo,):
        return [10.0, 100.0, 1000.0, 10000.0]
    if point == -sp.oo:
        return [-10.0, -100.0, -1000.0, -10000.0]
    p = float(point)
    return [p + h for h in (1e-1, 1e-2, 1e-3, 1e-4)]


TREND_POINTS = 3   # seeded base points; one is a counterexample, all must agree for support


def _trends(diff_expr, var, seq, settings: Settings, given=None):
    """[(base point, {dps: |diff| along seq})] at a few seeded base points, at both precisions."""
    inputs = numeric.inputs_of(diff_expr)
    fn = numeric.compile_expr(diff_expr, inputs)
    out = []
    for base in numeric.sample_points(inputs, TREND_POINTS, settings.seed, given):
        rows = {}
        for dps in settings.dps:
            vals = []
            for v in seq:
                pt = numeric.Point(dict(base.values))
                pt.values[var] = int(v) if isinstance(v, int) else v
                vals.append(abs(numeric.evaluate(fn, pt, inputs, dps)))
            rows[dps] = vals
        out.append((base, rows))
    return out


def check_limit(lhs, rhs, m: Limit, settings: Settings, given=None) -> tuple[Check, Counterexample | None]:
    d = _difference(lhs, rhs, m.ratio)
    name = f"limit: {m.describe()}"
    value, scope = _symbolic_limit(d, m.var, m.point, settings)
    from ..authoring.symbols import domain_of
    is_size = (dom := domain_of(m.var)) is not None and dom.kind == "size"
    seq = [16, 256, 4096] if is_size else _approach(m.var, m.point)
    try:
        trends = _trends(d, m.var, seq, settings, given)
    except (ZeroDivisionError, ValueError, TypeError, OverflowError) as exc:
        return Check(name, Verdict.UNKNOWN, detail=f"numeric trend failed: {exc}"), None
    lo, hi = settings.dps
    what = "|lhs/rhs − 1|" if m.ratio else "|lhs − rhs|"

    def shrinking(vals):
        return vals[-1] < vals[0] and vals[-1] < mpmath.mpf("0.5") * max(vals[0], mpmath.mpf(10) ** -30) \
            or max(vals) < mpmath.mpf(10) ** -25

    bad = [(b, r) for b, r in trends if not shrinking(r[lo]) and not shrinking(r[hi])]
    trend_ok = all(shrinking(r[lo]) and shrinking(r[hi]) for _, r in trends)
    base, rows = bad[0] if bad else trends[0]
    shown = ", ".join(f"{m.var}={v:g}: {numeric.fmt(e, 3)}" for v, e in zip(seq, rows[hi]))
    if len(trends) > 1:
        shown += f" (first of {len(trends)} seeded points)" if not bad else ""
    if value is not None and value == 0 and trend_ok:
        return Check(name, Verdict.PROVED, "sympy.limit", scope, f"{what} along the approach: {shown}"), None
    if bad and (value is None or value != 0):
        ce = Counterexample({**base.describe(), str(m.var): f"{seq[0]:g} … {seq[-1]:g}"},
                            {p: ", ".join(numeric.fmt(e, 6) for e in rows[p]) for p in rows},
                            {p: "0 (claimed limit)" for p in rows},
                            note=f"{what} does not shrink as {m.var} → {m.point}"
                                 + (f"; sympy.limit gives {value}" if value is not None else ""))
        return Check(name, Verdict.REFUTED, "numeric trend at two precisions", "", shown), ce
    if trend_ok:
        detail = shown + (f"; sympy.limit: {scope}" if value is None else f"; sympy.limit gave {value}")
        return Check(name, Verdict.NUMERIC, "numeric trend at two precisions", "", detail), None
    return Check(name, Verdict.UNKNOWN, "", "", f"inconclusive trend: {shown}"), None


def _strip_order(expr):
    """Drop O() terms; SymPy over-claims the order of series whose input already has O() (issue 24913)."""
    orders = expr.atoms(sp.Order)
    return expr.removeO() if orders else expr


def check_series(lhs, rhs, m: Series, settings: Settings, given=None) -> tuple[Check, Counterexample | None]:
    name = f"series: {m.describe()}"
    d = resolve_index_ranges(_strip_order(lhs) - _strip_order(rhs))
    proved, scope, detail = proof_cache.remembered_value(
        "series", lambda: _symbolic_series(d, m, settings),
        lambda outcome: None if "StrategyTimeout" in outcome[2] else list(outcome), tuple, d, m.var, m.point, m.order,
        settings.limit)
    verdict_sym = Verdict.PROVED if proved else None
    # Numeric order: |d(h)| / h^order must not blow up as h → 0.
    p = float(m.point) if m.point.is_finite else None
    if p is None:
        return Check(name, verdict_sym or Verdict.UNKNOWN, "sympy.series", scope, detail), None
    hs = [1e-2, 1e-3, 1e-4]
    try:
        trends = _trends(d, m.var, [p + h for h in hs], settings, given)
    except (ZeroDivisionError, ValueError, TypeError, OverflowError) as exc:
        return Check(name, verdict_sym or Verdict.UNKNOWN, "sympy.series", scope, f"numeric failed: {exc}"), None

    def scaled(rows):
        return {dps: [e / mpmath.mpf(h) ** m.order for e, h in zip(vals, hs)] for dps, vals in rows.items()}

    def bounded(rs):
        return rs[-1] <= 20 * max(rs[0], mpmath.mpf(10) ** -20)

    per_point = [(base, scaled(rows)) for base, rows in trends]
    bad = [(b, r) for b, r in per_point if not any(bounded(x) for x in r.values())]
    base, ratios = bad[0] if bad else per_point[0]
    shown = ", ".join(f"h={h:g}: {numeric.fmt(r, 3)}" for h, r in zip(hs, ratios[settings.dps[1]]))
    if all(bounded(x) for _, r in per_point for x in r.values()):
        if verdict_sym is Verdict.PROVED:
            return Check(name, Verdict.PROVED, "sympy.series", scope, f"|lhs − rhs|/h^{m.order}: {shown}"), None
        return Check(name, Verdict.NUMERIC, "numeric order at two precisions", "",
                     f"|lhs − rhs|/h^{m.order}: {shown}. {detail}"), None
    if bad and verdict_sym is not Verdict.PROVED:
        ce = Counterexample({**base.describe(), str(m.var): ", ".join(f"{p + h:g}" for h in hs)},
                            {dps: ", ".join(numeric.fmt(r, 4) for r in rs) for dps, rs in ratios.items()},
                            {dps: f"bounded (O(h^{m.order}) claimed)" for dps in ratios},
                            note=f"|lhs − rhs| / h^{m.order} grows as h → 0: the error is of lower order")
        return Check(name, Verdict.REFUTED, "numeric order at two precisions", "", shown), ce
    return Check(name, Verdict.UNKNOWN, "", "", f"symbolic and numeric disagree or inconclusive: {shown}; {detail}"), None


def _symbolic_series(d, m: Series, settings: Settings) -> tuple[bool, str, str]:
    """(proved, scope, detail): the series of d to the stated order has no lower-order terms."""
    sizes = size_symbols(d)
    try:
        exprs = [(d, "generic n" if sizes else "all values")]
        if sizes or d.has(sp.Sum):
            exprs = [(concrete(d, sizes[0], k), f"n = {k}") for k in CONCRETE_LIMIT_SIZES] if sizes else []
        for e, _ in exprs:
            with time_limit(settings.limit):
                ser = sp.series(e, m.var, m.point, m.order).removeO()
                if sp.simplify(ser) != 0:
                    return False, "", f"series of lhs − rhs has low-order terms: {sp.sstr(ser)[:120]}"
        if not exprs:
            return False, "", "no expression to expand"
        scope = f"n = {CONCRETE_LIMIT_SIZES[0]}…{CONCRETE_LIMIT_SIZES[-1]} only" if sizes else "all values"
        return True, scope, ""
    except (StrategyTimeout, NotImplementedError, ValueError, TypeError, AttributeError) as exc:
        return False, "", f"sympy.series gave up ({exc.__class__.__name__})"


def check_bound(lhs, rhs, m: Bound, settings: Settings, facts, given=None) -> tuple[Check, Counterexample | None]:
    from .checker import judge_inequality
    verdict, method, scope, evidence, ce, _used = judge_inequality(lhs, rhs, Relation(m.direction), settings, facts,
                                                                   given)
    detail = f"worst violation {evidence.worst_error}" if evidence else ""
    return Check(f"bound: {m.describe()}", verdict, method, scope, detail), ce


def measure_error(lhs, rhs, m: Measure, settings: Settings, given=None) -> Table:
    """Actual error on seeded instances over the grid, at the lower precision."""
    d = lhs - rhs
    inputs = numeric.inputs_of(d, lhs)
    fd, fl = numeric.compile_expr(d, inputs), numeric.compile_expr(lhs, inputs)
    keys = list(m.grid)
    cols = [str(k) for k in keys] + (["worst |lhs − rhs| / |lhs|"] if m.relative else ["worst |lhs − rhs|"]) + ["lhs at worst"]
    rows = []
    dps = settings.dps[0]
    for combo in itertools.product(*[m.grid[k] for k in keys]):
        fixed = {**(given or {}), **dict(zip(keys, combo))}
        worst, at = None, None
        for pt in numeric.sample_points(inputs, m.samples, settings.seed, fixed):
            err = abs(numeric.evaluate(fd, pt, inputs, dps))
            val = numeric.evaluate(fl, pt, inputs, dps)
            if m.relative:
                err = err / max(abs(val), mpmath.mpf(10) ** -(dps // 2))
            if worst is None or err > worst:
                worst, at = err, val
        rows.append([f"{float(v):g}" for v in combo] + [numeric.fmt(worst, 4), numeric.fmt(at, 6)])
    pinned = given or {}
    others = [str(s) for s in inputs.args if s not in m.grid and s not in pinned]
    caption = (f"Measured error over the grid; {', '.join(others) or 'nothing else'} drawn at random "
               f"(seed {settings.seed}, {m.samples} draws per row, {dps} digits)"
               + (f"; pinned: {', '.join(f'{k} = {v}' for k, v in pinned.items())}" if pinned else ""))
    return Table(caption, cols, rows)


def check_meanings(lhs, rhs, step, settings: Settings, facts):
    given = step.given or None
    checks, counterexample = [], None
    for m in step.meanings:
        if isinstance(m, Limit):
            c, ce = check_limit(lhs, rhs, m, settings, given)
        elif isinstance(m, Series):
            c, ce = check_series(lhs, rhs, m, settings, given)
        else:
            c, ce = check_bound(lhs, rhs, m, settings, facts, given)
        checks.append(c)
        counterexample = counterexample or ce
    tables = [measure_error(lhs, rhs, step.measure, settings, given)] if step.measure is not None else []
    return checks, counterexample, tables
