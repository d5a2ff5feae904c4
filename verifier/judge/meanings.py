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

import mpmath
import sympy as sp

from ..authoring.meanings import Bound, Limit, Series
from ..authoring.relations import Relation
from ..authoring.symbols import domain_of
from ..evidence import declared_facts, trends as tr
from ..evidence.measure import measure_error
from ..prove.limit_certificates import tail_within
from ..prove.limits import certified_nonzero, prove_limit, prove_series
from ..prove.sums import concrete, resolve_index_ranges
from ..verdicts import Check, Counterexample, Formula, MeasuredTrend, Name, Number, Said, Verdict
from . import proof_cache
from .combine import Numbers, Symbolic, combine
from .context import StepContext
from .numbers import compare as compare_numbers, symbols_in_latex
from .outcome import CheckOutcome
from .relations import judge_inequality
from ..timings import spent


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


def _stated_sides(var, point, assumed) -> tuple[bool, bool]:
    """(left open, right open): whether the step's stated assumptions about var alone (assume="x > 0") leave
    values of var arbitrarily close to the point on each side; a side they close is no evidence either way."""
    left, right = True, True
    for rel in assumed:
        if rel.free_symbols != {var}:
            continue
        try:
            allowed = sp.solve_univariate_inequality(rel, var, relational=False, domain=sp.S.Reals)
            left = left and bool(allowed.intersect(sp.Interval.open(-sp.oo, point)).closure.contains(point))
            right = right and bool(allowed.intersect(sp.Interval.open(point, sp.oo)).closure.contains(point))
        except Exception:  # an assumption SymPy cannot solve for var closes nothing here
            continue
    return left, right


def _at_most(a, b) -> bool:
    """a ≤ b is known (exactly; False when SymPy cannot decide, as for a symbolic point)."""
    try:
        return bool(sp.sympify(a) <= sp.sympify(b))
    except TypeError:
        return False


def effective_side(var, point, side: str, assumed=()) -> str:
    """The sides a finite point can be approached from, given the variable's assumptions and hypotheses.

    A sign assumption (x > 0) or a confined range closes a side only at or beyond its end.
    A sampling range is not a hypothesis (real("t", 0, 2) is any real t), so only a confined range
    (interval(), integer()) or a sign assumption makes a limit one-sided."""
    if not point.is_finite:
        return "+-"
    d = domain_of(var)
    confined = d is not None and getattr(d, "confined", False)
    low = getattr(d, "low", None) if confined else None
    high = getattr(d, "high", None) if confined else None
    # A sign assumption closes one side only at its own end: a positive x approaches 5 from both sides.  A point
    # not known to lie at or beyond an end (x → μ for a symbol μ) is approached from both sides.
    left, right = _stated_sides(var, point, assumed) if assumed else (True, True)
    only_right = (var.is_nonnegative and _at_most(point, 0)) or (low is not None and _at_most(point, low)) \
        or not left
    only_left = (var.is_nonpositive and _at_most(0, point)) or (high is not None and _at_most(high, point)) \
        or not right
    if side == "+-":
        return "+" if only_right else ("-" if only_left else "+-")
    return side


# ----------------------------------------------------------------------------- the symbolic half

def _symbolic(kind: str, d, m, side: str, ctx: StepContext):
    """(status, method, scope, sizes_only, note) from the prove layer's limit or series strategies, remembered.

    A limit SymPy computes to an expression whose sign it cannot decide (D^(10⁻⁶) − 1) is held
    against certified numbers at the sampled points: nonzero at one of them contradicts the claim.
    That value is the expression object SymPy returned, never a printed string read back (which
    would create symbols by name, not the declared ones); the numbers make part of the remembered
    outcome, so the key holds the seed and precisions."""
    seconds = ctx.strategy_seconds()

    def compute():
        with spent("symbolic"):
            if kind == "limit":
                out = prove_limit(d, m.var, m.point, side, seconds)
            else:
                out = prove_series(d, m.var, m.point, side, m.order, seconds)
        if out.proof is not None:
            status = Symbolic.CASES if out.proof.concrete_only else Symbolic.PROVED
            # cases reached after a general strategy ran out of time depend on time: marked, never remembered
            late = TimedOut("a general strategy ran out of time first") if out.timed_out else ""
            return status, out.proof.method, out.proof.scope, out.proof.sizes_only, late
        if out.contradiction is not None:
            return Symbolic.CONTRADICTED, "", "", None, out.contradiction.note
        note = Said.joined("; ", out.notes[:3])
        if out.undecided is not None:
            status, note = _value_nonzero_somewhere(out.undecided, ctx, note)
            return status, "", "", None, note
        return Symbolic.NONE, "", "", None, TimedOut(note) if out.timed_out else note

    def encode(outcome):
        status, method, scope, sizes, note = outcome
        return None if isinstance(note, TimedOut) else [status.value, method, scope, sizes, note]

    def decode(stored):
        return Symbolic(stored[0]), stored[1], stored[2], stored[3], stored[4]

    s = ctx.settings
    order = getattr(m, "order", None)
    return proof_cache.remembered_value(f"{kind}/3", compute, encode, decode, d, m.var, m.point, side, order,
                                        seconds, s.seed, tuple(s.dps), s.points)


def _value_nonzero_somewhere(value, ctx: StepContext, note: str):
    """Certified numbers at the sampled points say whether SymPy's undecided limit value is nonzero somewhere."""
    try:
        num = compare_numbers(value, sp.Integer(0), "=", ctx)
    except (tr.numeric.SamplingError, ValueError, TypeError, ZeroDivisionError, OverflowError):
        return Symbolic.NONE, note       # an expression the numbers cannot take is simply not decided here
    if num.status is Numbers.DISAGREE:
        where = ", ".join(f"{k} = {v}" for k, v in (num.counterexample.point.items() if num.counterexample else []))
        return Symbolic.CONTRADICTED, Said("sympy.limit gives ", Formula.of(value), ", which is not 0 at ", where)
    if num.timed_out:       # with more time they might have shown the value nonzero: the claim contradicted
        return Symbolic.NONE, TimedOut("; ".join(x for x in (note, "the numbers ran out of time before they could "
                                                              "tell whether SymPy's limit value is 0") if x))
    return Symbolic.NONE, note


# ----------------------------------------------------------------------------- the numbers

def _measured(d, m, side: str, ctx: StepContext, accept, reject, order=None, far: bool = False):
    """(trends, Numbers, bad trends, why they failed) along the approach to m's point.

    Accepted only if every trend is accepted at both precisions.  A trend rejected at both precisions
    is returned as bad, but the numbers do not disagree on that alone: a trend is not a certificate."""
    try:
        bases = _admitted_bases(d, m.var, ctx)
        trends = tr.trends(d, m.var, m.point, side, ctx.settings, ctx.given or None, _is_size(m.var), order,
                           bases=bases, far=far)
    except tr.numeric.SamplingError as exc:      # the numbers cannot follow this limit: say why
        return [], Numbers.INCONCLUSIVE, [], f"no numeric trend: {exc}"
    except (ZeroDivisionError, ValueError, TypeError, OverflowError) as exc:
        return [], Numbers.INCONCLUSIVE, [], f"numeric trend failed: {exc.__class__.__name__}"
    lo, hi = ctx.settings.dps
    if trends and all(accept(t, lo) and accept(t, hi) for t in trends):
        return trends, Numbers.AGREE, [], ""
    bad = [t for t in trends if reject(t, lo) and reject(t, hi)]
    return trends, Numbers.INCONCLUSIVE, bad, ""


def _excluded_by_assumptions(base: tr.numeric.Point, var, assumed) -> bool:
    """A stated assumption (assume="p > 1/2") is false at this base point, read without the approach variable
    (which the trend moves): the claim says nothing there, so no trend may start from it."""
    scalars = {}
    for sym, v in base.values.items():
        if isinstance(sym, sp.Symbol) and sym != var and not isinstance(v, list):
            exact = _exact(v)
            if exact is not None:
                scalars[sym] = exact
    for rel in assumed:
        if var in rel.free_symbols or rel.free_symbols - set(scalars):
            continue
        try:
            if rel.xreplace(scalars) is sp.false:
                return True
        except (TypeError, ValueError):
            continue
    return False


def _admitted_bases(d, var, ctx: StepContext):
    """The trend's base points when the step states assumptions: seeded points they admit (None: the usual ones)."""
    if not ctx.assumed:
        return None
    inputs = tr.numeric.inputs_of(d)
    sampled = tr.numeric.sample_points(inputs, 4 * tr.TREND_POINTS, ctx.settings.seed, ctx.given or None)
    return [b for b in sampled if not _excluded_by_assumptions(b, var, ctx.assumed)][:tr.TREND_POINTS]


CERTIFIED_SIZES = 40        # a base point with a longer vector is not written out for SymPy


def _exact_instance(d, base: tr.numeric.Point, var):
    """d at the base point, every size written out and every other symbol replaced by the exact rational of
    its sampled value (by object, never by name); None when that leaves anything but var free."""
    values = base.values
    # The approach variable stays free even when it is a size: written out at its base value, the "tail"
    # would be one constant, and a certificate for it says nothing about n → ∞.
    sizes = {x: v for x, v in values.items() if isinstance(x, sp.Symbol) and _is_size(x) and x != var}
    if any(not isinstance(v, int) or v > CERTIFIED_SIZES for v in sizes.values()):
        return None
    e = d
    for n, k in sizes.items():
        e = concrete(e, n, int(k))
    scalars, entries = {}, {}
    for x, v in values.items():
        if x == var or x in sizes:
            continue
        if isinstance(x, sp.IndexedBase):
            for j, entry in enumerate(v[1:], start=1):
                entries[x[j]] = _exact(entry)
        else:
            scalars[x] = _exact(v)
    if any(v is None for v in (*scalars.values(), *entries.values())):
        return None
    e = e.xreplace(scalars).xreplace(entries)
    if e.free_symbols - {var} or e.has(sp.Indexed) or (e.has(sp.Sum) and not _is_size(var)):
        return None         # a sum in the length n → ∞ stays: prove/limit_certificates.py writes it out
    return e


def _exact(v):
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return sp.Integer(int(v))
    if isinstance(v, float):
        return sp.Rational(v)           # the float exactly: the point the numbers evaluated
    if isinstance(v, mpmath.mpf) and mpmath.isfinite(v):
        man, exp = v.man_exp
        return sp.Integer(int(man)) * sp.Integer(2) ** int(exp)
    if isinstance(v, sp.Basic) and v.is_real and v.is_number:
        return v
    return None


def _short(v, sym, d):
    """v moved to a nearby dyadic rational with few bits (SymPy's limit is slow on 53-bit numerators),
    still a float and still in the declared domain and assumptions; v itself when no such value is close."""
    if not isinstance(v, float):
        return v
    for bits in (6, 10, 16):
        r = round(v * 2 ** bits) / 2 ** bits
        if _admits(r, d) and (r != 0 or v == 0) and (r > 0) == (v > 0) and (r < 0) == (v < 0):
            if not (r == 0 and sym.is_zero is False):
                return r
    return v


def _admits(r: float, d) -> bool:
    """r lies in d's range, strictly inside at an open end (p ∈ (1/2, 1) never becomes 1/2): exact comparisons."""
    if d is None:
        return True
    x = sp.Rational(r)
    if d.low is not None and (x < sp.sympify(d.low) or (d.open_low and x <= sp.sympify(d.low))):
        return False
    if d.high is not None and (x > sp.sympify(d.high) or (d.open_high and x >= sp.sympify(d.high))):
        return False
    return True


def _shortened(base: tr.numeric.Point) -> tr.numeric.Point:
    """The base point with every real entry shortened (equal entries stay equal: ties are kept).

    A shortened point must still be one the declarations admit: the certificate is sought there, and a claim
    says nothing at an excluded end of an open range, nor for a vector that breaks a declared fact (two
    entries of a nonconstant or distinct vector rounded to one value); such a vector keeps its entries."""
    values = {}
    for sym, v in base.values.items():
        dom = domain_of(sym)
        label = sym.label if isinstance(sym, sp.IndexedBase) else sym
        if isinstance(v, list):
            short = [v[0]] + [_short(x, label, dom) for x in v[1:]]
            broken = dom is not None and getattr(dom, "facts", ()) and \
                declared_facts.violated(str(label), short[dom.start:], dom)
            values[sym] = v if broken else short
        else:
            values[sym] = _short(v, label, dom)
    return tr.numeric.Point(values)


def _certify(d, m, side: str, bad: list, ctx: StepContext, order=None):
    """A certificate that the claim fails along one bad trend's approach, or (None, why not).

    For a limit: at the trend's base point (written out exactly), either interval arithmetic bounds
    |d| away from 0 on a whole tail, or sympy.limit gives a value certainly ≠ 0 (or ±∞) AND the
    numbers agree with that value (|d − L| shrinks, or |d| grows).  For a series: sympy.limit of
    d/h^k is ±∞ at the base point AND the numbers show |d|/h^k growing over the decades."""
    lo, hi = ctx.settings.dps
    tried = []
    reject = (lambda u, p: tr.ratio_grows(u, p)) if order is not None else tr.stalls
    for found in bad[:2]:
        # The certificate is sought at a nearby point with short coordinates, where the numbers must
        # show the same failure again (they are what the certificate is checked against).
        shortened = _shortened(found.base)
        try:
            near = [] if _excluded_by_assumptions(shortened, m.var, ctx.assumed) else \
                tr.trends(d, m.var, m.point, found.side if found.side in ("+", "-") else side, ctx.settings,
                          bases=[shortened], order=order)
        except (tr.numeric.SamplingError, ZeroDivisionError, ValueError, TypeError, OverflowError):
            near = []
        t = near[0] if near and reject(near[0], lo) and reject(near[0], hi) else found
        e = _exact_instance(d, t.base, m.var)
        if e is None:
            tried.append("a base point too large or not exact for a symbolic certificate")
            continue
        direction = t.side if t.side in ("+", "-") else side
        target = e / _scale(m.var, m.point, t.side, order) if order is not None else e
        # For an order only SymPy's value (±∞) can certify: a bound away from 0 on the tail says nothing about growth.
        with spent("symbolic"):
            out = prove_limit(target, m.var, m.point, direction, ctx.strategy_seconds(),
                              how=["sympy_limit"] if order is not None else None)
        c = out.contradiction
        if c is None:
            tried.append(Said.joined("; ", out.notes[:2]) or "no symbolic certificate at the base point")
            continue
        if order is not None:
            if c.value in (sp.oo, -sp.oo):
                return t, Said("at this point sympy.limit of (lhs − rhs)/", Formula.power("h", order), " is ",
                               Formula.of(c.value), ", and the measured |lhs − rhs|/", Formula.power("h", order),
                               " grows over the decades at both precisions")
            tried.append(c.note)
            continue
        if c.certified:
            return t, Said("at this point, ", c.note)
        if c.value in (sp.oo, -sp.oo):
            if tr.grows(t, lo) and tr.grows(t, hi):
                return t, Said("at this point sympy.limit gives ", Formula.of(c.value),
                               ", and |lhs − rhs| grows along the approach at both precisions")
            tried.append(Said("sympy.limit gives ", Formula.of(c.value), " but the numbers do not grow"))
            continue
        if not certified_nonzero(c.value):
            tried.append(c.note + " (not certified nonzero)")
            continue
        try:
            towards = tr.trends(d - c.value, m.var, m.point, direction, ctx.settings, bases=[t.base])
        except (tr.numeric.SamplingError, ZeroDivisionError, ValueError, TypeError, OverflowError) as exc:
            tried.append(Said("numbers towards ", Formula.of(c.value), " failed: ", Name(exc.__class__.__name__)))
            continue
        if towards and all(tr.shrinks(u, lo) and tr.shrinks(u, hi) for u in towards):
            return t, Said("at this point sympy.limit gives ", Formula.of(c.value),
                           " (certified ≠ 0 by interval arithmetic), and the numbers approach it at both precisions")
        tried.append(Said("sympy.limit gives ", Formula.of(c.value), " but the numbers do not approach it"))
    return None, Said.joined("; ", dict.fromkeys(x for x in tried if x))


def _scale(var, point, side: str, order):
    """h^k for the claimed O(h^k): h = var − p (from the right), p − var (from the left), 1/|var| towards ±∞."""
    if point is sp.oo:
        return var ** -order
    if point == -sp.oo:
        return (-var) ** -order
    return (var - point) ** order if side == "+" else (point - var) ** order


def _trend_counterexample(t: tr.Trend, var, what: str, note: str, certificate: Said | str) -> Counterexample:
    """The approach along which the claim fails, the measured tail, and the certificate that decided it."""
    # The measured tail as values (a reader rounds them, and says "|d| < 10⁻⁵⁰" where the digits are round-off).
    # Towards ±∞ the points are the variable's values (a real one stands off the integers, trends.approach);
    # towards a finite point, the distances from it.
    at = t.along()[0] if t.side == "∞" else [f"{float(h):g}" for h in t.h]
    where = (" at ", Formula.of(var), " = ") if t.side == "∞" else (" at distance ",)
    cert = {p: Said(certificate, "; measured: |d| = ", Number(tr.numeric.fmt(vals[-1], 6)), *where,
                    Number(at[-1]), _tail_power(t, var, tr.tail_rate(t.h, vals)))
            for p, vals in t.values.items()}
    return Counterexample({**t.base.describe(), str(var): f"approach from {t.side}: {at[0]} … {at[-1]}"},
                          {p: ", ".join(tr.numeric.fmt(e, 6) for e in vals) for p, vals in t.values.items()},
                          {p: f"→ 0 ({what})" for p in t.values}, note=note, certificate=cert,
                          symbols=symbols_in_latex([*t.base.values, var]),
                          values={k: v for k, v in t.base.as_values().items() if k != str(var)})


def _tail_power(t: tr.Trend, var, rate) -> Said | str:
    """How |d| goes over the last three points of the approach, as the power a reader reads directly:
    ", and |d| ∝ λ^1 over the last three points" (it grows like λ), ", and |d| ∝ h^0 over the last three
    distances h" (it stays put as the distance h shrinks); the exponent to two decimals.  tail_rate's slope is
    positive when |d| shrinks, so towards ∞ the power of the variable is its negative.  "" without a rate."""
    if rate is None:
        return ""
    power = -float(rate) if t.side == "∞" else float(rate)
    shown = "0" if abs(power) < 0.005 else f"{power:.2f}".rstrip("0").rstrip(".")
    if t.side == "∞":
        base = Formula.of(var)
        return Said(", and |d| ∝ ", Formula(f"{base.text}^{shown}", f"{base.latex}^{{{shown}}}"),
                    " over the last three points")
    return Said(", and |d| ∝ ", Formula.power("h", shown), " over the last three distances h")


def _certified_or_contradicted(d, m, side: str, bad, ctx: StepContext, claimed: str, refuted, contradicted,
                               order=None):
    """(counterexample, "") when a bad trend is certified; (None, "contradicted by the trend: …") when it only
    looks bad; (None, "") when no trend looked bad.  A trend alone never refutes."""
    if not bad:
        return None, ""
    t, why = _certify(d, m, side, bad, ctx, order=order)
    if t is not None:
        return _trend_counterexample(t, m.var, claimed, refuted(t), why), ""
    return None, Said("contradicted by the trend: ", contradicted(bad[0]), *((" (", why, ")") if why else ()))


def _spike_text(t: tr.Trend, var, ctx: StepContext) -> str:
    """Where a probe of the claim's structure (trends.probe_points) stood above every point of the approach."""
    dps = ctx.settings.dps[1]
    found = tr.spike(t, dps)
    if found is None or tr.envelope_falls(t, dps):
        return ""
    h, v = found
    sign = "-" if t.point == -sp.oo else ""
    at = t.probe_where.get(h) or f"{sign}{tr.numeric.fmt(h, 12)}"
    return Said(" (at ", Formula.of(var), " = ", Number(at),
                ", a point its structure names, it is ", Number(tr.numeric.fmt(v, 3)), ", above every point of the approach from ", Formula.of(var),
                " = ", t.along()[0][-3], " on)")


def _side_text(t: tr.Trend) -> str:
    return f" from the {'right' if t.side == '+' else 'left'}" if t.side in ("+", "-") else ""


# ----------------------------------------------------------------------------- limits

@judges_meaning(Limit)
def judge_limit(lhs, rhs, m: Limit, ctx: StepContext) -> CheckOutcome:
    d = lhs / rhs - 1 if m.ratio else lhs - rhs
    # A proof holds for every declared value, so SymPy's side ignores assume=; the numbers start only where it holds.
    side, seen = effective_side(m.var, m.point, m.side), effective_side(m.var, m.point, m.side, ctx.assumed)
    status, method_sym, scope, sizes, note = _symbolic("limit", d, m, side, ctx)
    timed_out = isinstance(note, TimedOut)
    what = "|lhs/rhs − 1|" if m.ratio else "|lhs − rhs|"
    # Without a proof the numbers are the evidence: they go as far out as a closed form allows (trends.FAR_EXPONENTS)
    numbers_decide = status in (Symbolic.NONE, Symbolic.CASES)
    trends, numbers, bad, failed = _measured(d, m, seen, ctx, tr.shrinks, tr.stalls, far=numbers_decide)
    if numbers is Numbers.AGREE and numbers_decide:
        slow = [r for t in trends for r in [tr.too_slow_to_tell(t, ctx.settings.dps[1])] if r is not None]
        if slow:
            numbers = Numbers.INCONCLUSIVE
            failed = Said.joined("; ", [x for x in (failed, Said(
                f"{what} shrinks only slowly (tail slope ", Number(tr.numeric.fmt(min(slow), 2)),
                f" < {tr.SOLID_RATE}): numbers alone cannot tell this limit from a nearby one")) if x])
        coarse = [(r, t) for t in trends for r in [tr.unresolved(t, ctx.settings.dps[1])] if r is not None]
        if coarse and numbers is Numbers.AGREE:
            r, t = max(coarse, key=lambda pair: pair[0])
            numbers = Numbers.INCONCLUSIVE
            failed = Said.joined("; ", [x for x in (failed, Said(
                f"{what} is still ", Number(tr.numeric.fmt(r, 3)), " at ", Formula.of(m.var), f" = {tr.last_point(t)}, "
                "the farthest the numbers reach: a limit within about that of the claimed one cannot be told from it"))
                if x])
    unreachable = tr.unreachable_structure(d, m.var, trends[0].base if trends else None) \
        if m.point in (sp.oo, -sp.oo) else ""
    if numbers is Numbers.AGREE and unreachable:
        # sympy.limit of 1/(1 + n sin²(n²)) is 0 though it has no limit; points chosen in advance cannot say so
        numbers = Numbers.INCONCLUSIVE
        failed = Said.joined("; ", [x for x in (failed, Said(unreachable, ", so they cannot ",
                                                          "cross-check the proof" if status is Symbolic.PROVED
                                                          else "stand for the limit")) if x])
    if numbers is Numbers.AGREE and status is Symbolic.PROVED and _below_resolution(trends, ctx):
        # sympy.limit can be wrong (10⁻⁶⁰/(1 + x² sin²x) → 0 has no limit), and numbers that are all below what
        # they can tell from 0 cannot say so: they are no cross-check, and only the tail enclosure below may be.
        numbers = Numbers.INCONCLUSIVE
        failed = Said.joined("; ", [x for x in (failed, Said(
            f"every sampled {what} is below what the numbers can tell from 0 (",
            Formula.power(10, -int(ctx.settings.dps[0] * 0.6)), f" at {ctx.settings.dps[0]} digits, ",
            Formula.power(10, -int(ctx.settings.dps[1] * 0.6)), f" at {ctx.settings.dps[1]}), so they "
            "cannot cross-check the proof")) if x])
    ce, contradicted = _certified_or_contradicted(
        d, m, seen, bad, ctx, "claimed limit",
        lambda t: Said(f"{what} does not shrink as ", Formula.of(m.var), " → ", Formula.of(m.point), _side_text(t)),
        lambda t: Said(f"{what} does not shrink{_side_text(t)}", _spike_text(t, m.var, ctx),
                       ", but no certified bound on the tail refutes it"))
    if ce is not None:
        numbers = Numbers.DISAGREE
    elif status is Symbolic.PROVED and numbers is Numbers.INCONCLUSIVE and not timed_out:
        bounded = _tail_negligible(d, m, trends, ctx)
        if bounded:
            numbers, failed, contradicted = Numbers.AGREE, "", bounded
    note = Said.joined("; ", [x for x in (note, failed, contradicted) if x])
    j = combine(status, numbers, timed_out)
    shown_trend = _trend_words(_most_telling(bad or trends), m.var) if trends else ""
    detail = Said.joined("; ", [x for x in (Said(f"{what} along the approach: ", shown_trend) if shown_trend else "",
                                            note, j.message) if x])
    method = {Verdict.PROVED: method_sym, Verdict.CASES: method_sym,
              Verdict.NUMERIC: "numeric trend (rate) at two precisions",
              Verdict.REFUTED: "certificate at a sampled point (an interval bound on the whole tail, or sympy.limit "
                               "there with numbers that agree), with the numeric trend at two precisions"
              }.get(j.verdict, "")
    proved = j.verdict in (Verdict.PROVED, Verdict.CASES)
    check = Check(Said("limit: ", _described(m)), j.verdict, method, scope if proved else "",
                  detail, measured=Said(f"{what} along the approach: ", shown_trend) if shown_trend else "",
                  finding=contradicted, sizes_only=sizes if proved else None,
                  trend=_trend(what, str(m.var), *_along(_most_telling(bad or trends), m.var),
                               point=_followed_at(_most_telling(bad or trends), m.var),
                               real=not _is_size(m.var) and m.var.is_integer is not True
                               and m.point in (sp.oo, -sp.oo),
                               symbols=symbols_in_latex([*_most_telling(bad or trends).base.values, m.var]))
                  if trends else None)
    message = Said.joined("; ", [x for x in (j.message, contradicted if j.verdict is Verdict.UNKNOWN else "") if x])
    return CheckOutcome(j.verdict, method, check.scope, message, None, ce, checks=[check], sizes_only=check.sizes_only)


def _described(m) -> str:
    """The meaning as its describe() words it, its variable, point and order as formulas."""
    arrow = {"+": "⁺", "-": "⁻"}.get(m.side, "") if m.point.is_finite else ""
    if isinstance(m, Limit):
        said = Said("lhs / rhs → 1" if m.ratio else "lhs − rhs → 0", " as ", Formula.of(m.var), " → ",
                    Formula.of(m.point), arrow)
    else:
        order = Formula(*m.order_of())
        said = Said("lhs − rhs = ", order, " as ", Formula.of(m.var), " → ", Formula.of(m.point))
    return said if said == m.describe() else m.describe()


def _trend_words(t: tr.Trend, var) -> str:
    """The trend as Trend.describe says it ("n=10: 0.323, n=100: 0.129"), each value a Number."""
    at, values = t.along()
    said = Said.joined(", ", [Said(Formula.of(var), "=", Number(where), ": ", Number(tr.numeric.fmt(v, 3)))
                              for where, v in zip(at, values)])
    return said if said == t.describe(var) else t.describe(var)


def _trend(quantity: str, variable: str, at, values, order: bool = False, point=None,
           real: bool = False, digits: int = 0, symbols=None, side: str = "") -> MeasuredTrend:
    """What was measured along an approach, as values (six significant digits: a reader sees its size)."""
    return MeasuredTrend(quantity, variable, tuple(at), tuple(tr.numeric.fmt(v, 6) for v in values), order,
                         point or {}, real, digits, symbols, side)


def _along(t: tr.Trend, var) -> tuple[tuple[str, ...], tuple]:
    """Trend.along(), a length's points as the whole numbers they are, every digit (n = 7610000000002, which
    six significant digits would write 7.61e+12); a real variable's as along() writes them."""
    at, values = t.along()
    if t.side == "∞" and _is_size(var) and all(isinstance(h, int) for h in t.h):
        at = tuple(str(h) for h in t.h)
    return at, values


def _followed_at(trend: "tr.Trend", var) -> dict:
    """The other variables' values where the trend was followed (its base point without the variable)."""
    try:
        values = trend.base.as_values()
    except Exception:       # a point that cannot say its values: the trend is still shown, without them
        return {}
    return {name: v for name, v in values.items() if name != str(var)}


def _distances(trend: "tr.Trend") -> tuple[str, ...]:
    """The distances a series' order was measured at: 10^-k when they are the decades SERIES_EXPONENTS names,
    else each point as the trend writes it."""
    if len(trend.h) == len(tr.SERIES_EXPONENTS) and all(
            abs(float(h) * 10 ** k - 1) < 1e-9 for h, k in zip(trend.h, tr.SERIES_EXPONENTS)):
        return tuple(Said(Formula.power(10, -k)) for k in tr.SERIES_EXPONENTS)
    return trend.along()[0]


def _most_telling(trends: list) -> "tr.Trend":
    """The trend a reader is shown: the one whose values are largest, so a base point where both sides agree
    exactly (n = 1, equal scores: |lhs − rhs| = 0 all along) never stands for the evidence the others give."""
    def size(t) -> float:
        values = [abs(v) for v in t.values[max(t.values)] if v is not None]
        try:
            return float(max(values)) if values else -1.0
        except (TypeError, ValueError, OverflowError):
            return -1.0
    return max(trends, key=size)


def _below_resolution(trends, ctx: StepContext) -> bool:
    """Every value of every trend, all along the approach and at both precisions, is negligible but not all are
    exactly 0: the numbers saw nothing but their own floor.  (Exact zeros are a value, not a floor.)"""
    if not trends:
        return False
    values = [v for t in trends for dps in ctx.settings.dps for v in t.values[dps]]
    return all(tr.negligible(t.values[dps], dps) for t in trends for dps in ctx.settings.dps) and \
        any(v != 0 for v in values)


def _tail_negligible(d, m, trends, ctx: StepContext) -> str:
    """The cross-check of a limit SymPy proved at ±∞ when the sampled trend cannot tell: at every trend's base
    point, interval arithmetic bounds |lhs − rhs| on the whole tail |x| ≥ 10^(2·dps) below what a trend counts
    as negligible (10^(−0.6·dps)), at both precisions.  A note saying so, or '' when it does not hold.

    sin(x)/x → 0: |sin x| at three sampled points is anything in [0, 1], so the trend reads as heading
    elsewhere, but on [10¹⁰⁰, ∞) the enclosure is ±10⁻¹⁰⁰.  A limit off by more than the negligible bound is
    excluded by the enclosure itself; only a proof is cross-checked this way, never a claim SymPy contradicts."""
    if m.point not in (sp.oo, -sp.oo) or not trends:
        return ""
    lo, hi = ctx.settings.dps
    for base in {id(t.base): t.base for t in trends}.values():
        e = _exact_instance(d, base, m.var)
        if e is None:
            return ""
        for dps in (lo, hi):
            bound = tail_within(e, m.var, m.point, 2 * dps, dps)
            if bound is None or not bound < mpmath.mpf(10) ** -int(dps * 0.6):
                return ""
    return Said("the sampled trend does not decide, but interval arithmetic bounds |lhs − rhs| on the whole tail |",
                Formula.of(m.var), "| ≥ ", Formula.power(10, 2 * lo), " by ",
                Number(tr.numeric.fmt(tail_within(e, m.var, m.point, 2 * lo, lo), 3)), " (and on |", Formula.of(m.var),
                "| ≥ ", Formula.power(10, 2 * hi), f" at {hi} digits) at every sampled point")


# ----------------------------------------------------------------------------- series

def _strip_order(expr):
    """Drop O() terms; SymPy over-claims the order of series whose input already has O() (issue 24913)."""
    return expr.removeO() if expr.atoms(sp.Order) else expr


@judges_meaning(Series)
def judge_series(lhs, rhs, m: Series, ctx: StepContext) -> CheckOutcome:
    d = resolve_index_ranges(_strip_order(lhs) - _strip_order(rhs))
    side, seen = effective_side(m.var, m.point, m.side), effective_side(m.var, m.point, m.side, ctx.assumed)
    status, method_sym, scope, sizes, sym_detail = _symbolic("series", d, m, side, ctx)
    timed_out = isinstance(sym_detail, TimedOut)
    trends, numbers, bad, failed = _measured(d, m, seen, ctx, tr.ratio_bounded, tr.ratio_grows, order=m.order)
    if numbers is Numbers.AGREE and status in (Symbolic.NONE, Symbolic.CASES):
        creeping = [t for t in trends if tr.ratio_creeps(t, ctx.settings.dps[1])]
        if creeping:
            numbers = Numbers.INCONCLUSIVE
            failed = Said.joined("; ", [x for x in (failed, Said(
                "|lhs − rhs|/", Formula.power("h", m.order), " rises at every step from h = ",
                Formula.power(10, -tr.DEEP),
                " on, by less than an unbounded ratio shows over 40 decades: numbers alone cannot tell it from a "
                "slowly growing factor (an iterated logarithm)")) if x])
    ce, contradicted = _certified_or_contradicted(
        d, m, seen, bad, ctx, f"O(h^{m.order}) claimed",
        lambda t: Said("|lhs − rhs|/", Formula.power("h", m.order), " is unbounded as ", Formula.of(m.var), " → ",
                       Formula.of(m.point), _side_text(t), ": the error is of lower order"),
        lambda t: Said("|lhs − rhs|/", Formula.power("h", m.order),
                       f" grows{_side_text(t)}, but no certificate shows it unbounded"),
        order=m.order)
    if ce is not None:
        numbers = Numbers.DISAGREE
    sym_detail = Said.joined("; ", [x for x in (sym_detail, failed, contradicted) if x])
    j = combine(status, numbers, timed_out)
    hi = ctx.settings.dps[1]
    shown = _most_telling(bad or trends) if trends else None
    measured = (Said.joined(", ", [Number(tr.numeric.fmt(r, 3)) for r in tr.ratios(shown, hi)])
                if shown is not None else "")
    detail = Said.joined("; ", [x for x in (Said(
        "|lhs − rhs|/", Formula.power("h", m.order), " at h = ", Formula.power(10, -tr.SERIES_EXPONENTS[0]), " … ",
        Formula.power(10, -tr.SERIES_EXPONENTS[-1]), ": ", measured) if measured else "", sym_detail, j.message) if x])
    method = {Verdict.PROVED: method_sym, Verdict.CASES: method_sym,
              Verdict.NUMERIC: Said("numeric order (|lhs − rhs|/", Formula.power("h", "k"),
                                    " bounded over 40 decades) at two precisions"),
              Verdict.REFUTED: Said("sympy.limit of (lhs − rhs)/", Formula.power("h", "k"),
                                    " at a point, with the numeric order at two precisions")
              }.get(j.verdict, "")
    proved = j.verdict in (Verdict.PROVED, Verdict.CASES)
    shown_scope = scope if proved else ""
    check = Check(Said("series: ", _described(m)), j.verdict, method, shown_scope, detail,
                  measured=(Said("|lhs − rhs|/", Formula.power("h", m.order), " at h = ",
                                 Formula.power(10, -tr.SERIES_EXPONENTS[0]), " … ",
                                 Formula.power(10, -tr.SERIES_EXPONENTS[-1]), ": ", measured) if measured else ""),
                  finding=contradicted, sizes_only=sizes if proved else None,
                  trend=_trend(Said("|lhs − rhs|/", Formula.power("h", m.order)), "h", _distances(shown), tr.ratios(shown, hi),
                               order=True, point=_followed_at(shown, m.var), digits=hi,
                               symbols=symbols_in_latex([*shown.base.values]),
                               side=shown.side if shown.side in ("+", "-") else "")
                  if measured else None)
    message = Said.joined("; ", [x for x in (j.message, contradicted if j.verdict is Verdict.UNKNOWN else "") if x])
    return CheckOutcome(j.verdict, method, shown_scope, message, None, ce, checks=[check], sizes_only=check.sizes_only)


# ----------------------------------------------------------------------------- bounds

@judges_meaning(Bound)
def judge_bound(lhs, rhs, m: Bound, ctx: StepContext) -> CheckOutcome:
    out = judge_inequality(lhs, rhs, Relation(m.direction), ctx)
    detail = Said("worst violation ", Number(str(out.evidence.worst_error))) if out.evidence else ""
    out.checks = [Check(f"bound: {m.describe()}", out.verdict, out.method, out.scope, detail, sizes_only=out.sizes_only,
                        bound=m.direction)]
    return out


# ----------------------------------------------------------------------------- the step

def _step_scope(checks, order) -> str:
    """Each distinct scope of the checks once, the weakest check's first; when they differ, each names its checks
    ("n = 1…3 only (limit, series); generic n (bound)"), so no scope reads as the whole step's."""
    scoped = sorted((c for c in checks if c.scope), key=lambda c: order.index(c.verdict))
    names: dict[str, list[str]] = {}
    for c in scoped:
        names.setdefault(c.scope, [])
        name = c.name.split(":")[0]
        if name not in names[c.scope]:
            names[c.scope].append(name)
    if len(names) <= 1:
        return next(iter(names), "")
    return Said.joined("; ", [Said(scope, f" ({', '.join(kinds)})") for scope, kinds in names.items()])


def judge_approx(lhs, rhs, step, ctx: StepContext) -> CheckOutcome:
    """Every stated meaning, each judged on its own; the step is only as strong as its weakest."""
    if not step.meanings:
        # a line read from a text (unconfirmed=) whose words do not say what its ≈ means: a limit, a series at a
        # point, a bound or a rounded value are different claims, so none is checked and none refutes it
        return CheckOutcome(Verdict.UNKNOWN, "no meaning stated", "",
                            "the text does not say what ≈ means here (a limit, a series at a point, a one-sided "
                            "bound): nothing is checked until a meaning is given (import --meanings, or meaning=)")
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
    method = Said.joined("; ", [Said(f"{c.name.split(':')[0]}: ", c.method or c.verdict.value) for c in checks])
    scope = _step_scope(checks, order)
    # The sizes of the first check, weakest first, whose result holds only at sizes: the scope names it first too.
    sizes = next((c.sizes_only for c in sorted((c for c in checks if c.scope), key=lambda c: order.index(c.verdict))
                  if c.sizes_only is not None), None)
    message = Said.joined("; ", dict.fromkeys(o.message for o in outcomes if o.message and o.verdict is verdict))
    tables = []
    if step.measure is not None:
        s = ctx.settings
        tables.append(measure_error(lhs, rhs, step.measure.grid, relative=step.measure.relative,
                                    samples=step.measure.samples, seed=s.seed, dps=s.dps[0], given=ctx.given or None))
    used = [f for o in outcomes for f in o.facts_used]
    return CheckOutcome(verdict, method, scope, message, evidence, ce, used, checks=checks, tables=tables,
                        timed_out=any(o.timed_out for o in outcomes), sizes_only=sizes)
