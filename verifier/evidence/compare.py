"""Comparing two sides with ball arithmetic: agreement, certified refutation, or honest inconclusiveness.

At each sampled point the gap lhs − rhs is evaluated as a ball (a rigorous
enclosure) at the two precisions, and decided only when both say the same:

  exclude    the ball excludes 0 on the side that breaks the relation: a certificate
             that the claim is false at this point;
  agree      the ball contains 0 with a radius below an ABSOLUTE tolerance (for =),
             or lies on the side the relation asks for (for inequalities);
  undefined  a side has no value there (log of an exact 0, division by an exact 0):
             the claim is not true there, which counts against it;
  wide       neither: cancellation or a nearby singularity.  The point is retried at
             higher precision, up to a cap; if it never decides it is inconclusive,
             which blocks agreement and never refutes.

A strict relation is only satisfied by a ball strictly on its side: x < x is refuted.
Where both sides are exact numbers the claim is decided exactly, without sampling; where the balls
stay wide at a point of exact values (arg(−1) − π, a Piecewise at its own breakpoint), both sides
substituted exactly may differ by a rational, and then that decides the point.

After the sampled points (regular, corner and structure points, sampling.py), a budgeted local
search (search.py) pushes the claim's slack below zero from the tightest agreeing points; its
candidates are decided like any point.  Every refutation, whoever found it, is replayed (replay.py).
"""
from __future__ import annotations

import math
import time

import mpmath
import sympy as sp
from flint import acb, arb

from ..authoring.reductions import IndexedMax, IndexedMin
from ..authoring.substitutions import rebuild
from ..settings import DEFAULT_NUMERIC_LIMIT, MIN_POINTS
from ..timings import spent
from . import balls
from .balls import NeedsComplex, NumericTimeout, Undecidable, Undefined, Unsupported
from .inputs import Comparison, Point, domain_or_fallback, fmt, inputs_of
from ..verdicts import Ball, ComplexBall, CrossCheck, Formula, Number, Said
from .replay import (STATED, MpmathReplay, Replay, ReplayTimeout, cpu_limit, outside_domain, rename_bound, replay,
                     substitute, undefined_sides)
from .sampling import iter_points, validate_pins

TOLERANCE_FRACTION = 0.6     # agreement: radius below 10^-(0.6·dps), absolute, at dps up to the higher precision
PRECISION_CAP = 8            # a wide ball is retried at doubling precision up to 8× the higher precision
STRICT = {"<", ">"}


# Structure points and the adversarial search, on by default; bench/bench_search_cost.py turns them off to
# time the plain sampling against them.
STRUCTURE_POINTS = True      # points named by the expression (structure.py) after the regular and corner ones
ADVERSARIAL_SEARCH = True    # a budgeted local search for a negative slack (search.py), candidates certified

_BOUND = [sp.Dummy(f"k{d}", integer=True) for d in range(32)]
_REDUCTIONS = (sp.Sum, sp.Product, IndexedMax, IndexedMin)


def canonical(e, depth: int = 0):
    """Every bound index renamed apart (replay.rename_bound: no shadowing left to mishandle), then canonically."""
    return _canonical(rename_bound(e) if e.has(*_REDUCTIONS) else e, depth)


def _canonical(e, depth: int = 0):
    """Rename the index of every Σ/Π/max/min by its nesting depth, so Σ_i e^{s_i} − Σ_j e^{s_j} cancels to 0.

    Otherwise the two sums are rounded separately and their difference is a ball around 0 that no
    precision makes exact: a strict Σ_i e^{s_i} > Σ_j e^{s_j} could never be refuted.

    An index is renamed wherever it is bound: in the body and in the limits of the inner ranges of the
    same reduction (SymPy merges Σ_i Σ_{j=1}^{i} into one Sum whose inner limit names i), never in
    its own limits or outside it, so a free i beside a bound one stays free.  A canonical name that is
    already free where it would bind (an input that holds one) is not reused: a fresh one is taken.
    """
    if isinstance(e, _REDUCTIONS):
        f, limits = e.function, [tuple(lim) for lim in e.limits]       # innermost first
        renamed: list = [None] * len(limits)
        for m, pos in enumerate(reversed(range(len(limits)))):         # outermost first
            v, lo, hi = limits[pos]
            new = _BOUND[depth + m] if depth + m < len(_BOUND) else sp.Dummy(f"k{depth + m}", integer=True)
            scope = f.free_symbols.union(*[sp.Tuple(*lim[1:]).free_symbols for lim in limits[:pos]])
            if new in scope and new != v:
                new = sp.Dummy(f"k{depth + m}", integer=True)          # never capture a free symbol
            renamed[pos] = (new, _canonical(lo, depth + m), _canonical(hi, depth + m))
            f = f.xreplace({v: new})
            for q in range(pos):                                       # the inner ranges' limits
                w, a, b = limits[q]
                limits[q] = (w, a.xreplace({v: new}), b.xreplace({v: new}))
        f = _canonical(f, depth + len(limits))
        return e.func(f, *renamed)
    if not e.args or not e.has(*_REDUCTIONS):
        return e
    return rebuild(e, [_canonical(a, depth) for a in e.args])


def ladder(dps) -> list[int]:
    low, high = dps
    out, p = [low, high], high
    while p * 2 <= high * PRECISION_CAP:
        p *= 2
        out.append(p)
    return out


class _Evaluator:
    """The compiled gap (and, lazily, each side) with the conversions of a point's values into balls."""

    def __init__(self, lhs, rhs, inputs):
        self.lhs, self.rhs, self.inputs = lhs, rhs, inputs
        self.gap = balls.compile_ball(sp.Add(canonical(lhs), -canonical(rhs)), inputs.args)
        self._sides = None
        self._constants: dict = {}

    @property
    def uncertified(self) -> set[str]:
        out = set(self.gap.uses_fallback)
        if self._sides:
            out |= self._sides[0].uses_fallback | self._sides[1].uses_fallback
        return out

    def sides(self):
        if self._sides is None:
            self._sides = (balls.compile_ball(self.lhs, self.inputs.args), balls.compile_ball(self.rhs, self.inputs.args))
        return self._sides

    def args(self, point: Point, mode: str) -> list:
        B = arb if mode == "real" else acb
        out = []
        for sym in self.inputs.args:
            out.append(self._convert(point.values[sym], B))
        return out

    def _convert(self, v, B):
        if isinstance(v, list):     # vector entries are reals, whatever type they were given as
            return [None if x is None else (B(x) if isinstance(x, int) else self._convert(x, B)) for x in v]
        if isinstance(v, bool):
            return int(v)
        if isinstance(v, int):
            return v
        if isinstance(v, float):
            return B(v)
        if isinstance(v, complex):
            if B is arb:
                raise NeedsComplex()
            return acb(v.real, v.imag)
        if isinstance(v, sp.Basic):
            if v.is_Rational:
                return B(balls.fmpq(int(v.p), int(v.q)))
            fn = self._constants.get(v)
            if fn is None:
                fn = self._constants[v] = balls.compile_ball(v, [])
            return B(fn([], "complex" if B is acb else "real")) if B is acb else fn([], "real")
        if isinstance(v, (mpmath.mpf,)):
            return B(v)
        return B(v)

    def run(self, fn, point: Point, dps: int):
        """fn at the point, in real balls, or complex ones where the reals are left; (value, mode)."""
        with balls.precision(dps):
            try:
                value = fn(self.args(point, "real"), "real")
                if balls.is_finite(value):
                    return value, "real"
            except NeedsComplex:
                pass
            value = fn(self.args(point, "complex"), "complex")
            return value, "complex"


def _tau(dps: int, high: int) -> arb:
    return arb(10) ** (-int(TOLERANCE_FRACTION * min(dps, high)))


def _classify(relation: str, g, tau, sides=None) -> tuple[str, object]:
    """('agree' | 'exclude' | 'wide', size of the gap or violation for the report)."""
    if not balls.is_finite(g):
        return "wide", None
    if isinstance(g, int):
        g = arb(g)
    if relation in ("=", "~"):
        if isinstance(g, acb):
            if not g.real.contains(0) or not g.imag.contains(0):
                return "exclude", abs(g)
            return ("agree" if g.real.rad() <= tau and g.imag.rad() <= tau else "wide"), abs(g).upper()
        if not g.contains(0):
            return "exclude", abs(g)
        return ("agree" if g.rad() <= tau else "wide"), abs(g).upper()
    if isinstance(g, acb):
        # An inequality between values that are not real is false; a tiny imaginary part may be rounding.
        for part in [g] + list(sides or ()):
            if isinstance(part, acb) and not part.imag.contains(0):
                return "exclude", abs(part.imag)
            if isinstance(part, acb) and part.imag.rad() > tau:
                return "wide", None
        g = g.real
    v = g if relation in ("<=", "<") else -g          # the violation: > 0 breaks <=, ≥ 0 breaks <
    if relation in STRICT:
        if v >= 0:
            return "exclude", v
        return ("agree" if v < 0 else "wide"), v.upper()
    if v > 0:
        return "exclude", v
    if v <= 0 or (v.contains(0) and v.rad() <= tau):
        return "agree", v.upper()
    return "wide", None


def _to_mp(x) -> mpmath.mpf | None:
    if x is None:
        return None
    if isinstance(x, int):
        return mpmath.mpf(x)
    return mpmath.mpf(x.mid() if isinstance(x, arb) else abs(x).mid())


# A number written in a step whose magnitude is below 10^-(this many digits) at the higher precision (the agreement
# tolerance less ten digits for the factors beside it) leaves agreement no evidence.
def _floor_digits(high: int) -> int:
    return int(TOLERANCE_FRACTION * high) - 10


def _below_agreement(lhs, rhs, high: int) -> str | None:
    """The first nonzero number the step writes (a literal, a power or an exponential of numbers) whose magnitude is
    below 10^-(0.6·high − 10), as text, else None."""
    floor = sp.Integer(10) ** -_floor_digits(high)
    for side in (lhs, rhs):
        for node in sp.preorder_traversal(side):
            if not isinstance(node, (sp.Rational, sp.Float, sp.Pow, sp.exp)) or node.free_symbols or node == 0:
                continue
            try:
                size = abs(sp.N(node, 15))
            except (TypeError, ValueError, ArithmeticError):
                continue
            if size.is_number and size.is_finite and 0 < size < floor:
                return f"{sp.sstr(node)}" if len(sp.sstr(node)) <= 20 else \
                    f"of about 10^{int(sp.floor(sp.log(abs(node), 10)))}"
    return None


def _exact(lhs, rhs, relation: str, dps) -> Comparison | None:
    """Both sides exact rationals: decide with no sampling and no rounding at all."""
    g = sp.Add(canonical(lhs), -canonical(rhs))
    if g.free_symbols or not g.is_Rational:
        return None
    holds = {"=": g == 0, "~": g == 0, "<=": g <= 0, "<": g < 0, ">=": g >= 0, ">": g > 0}[relation]
    note = Said("lhs − rhs = ", Formula.of(g), " exactly")
    if holds:
        violation = 0 if relation in ("=", "~") else (g if relation in ("<=", "<") else -g)
        return Comparison(True, False, mpmath.mpf(violation.p) / violation.q if violation else mpmath.mpf(0),
                          1, [], exact=note)
    values = {p: sp.N(lhs, p) for p in dps}, {p: sp.N(rhs, p) for p in dps}
    return Comparison(False, True, mpmath.mpf(abs(sp.N(g, 30))), 1, [], (Point({}), *values),
                      certificate={p: note for p in dps}, exact=note)


SYMBOLIC_UNDEFINED_MAX_SIZE = 6


def _undefined_exactly(lhs, rhs, point: Point, inputs) -> tuple[tuple, str] | None:
    """(the sides without a value at this point, why), found by exact SymPy arithmetic, or None.

    Only the integers of the point (sizes, indices) are substituted and the sums expanded; the
    reals stay symbols.  If a side then contains zoo or nan (1/(e^{s_1} − e^{s_1}) at n = 1), it is
    undefined for every value of the reals: an exact fact, not a rounding artefact.  Both sides are
    looked at: where neither has a value, the point is no evidence either way.
    """
    ints = {k: v for k, v in point.values.items()
            if isinstance(v, int) and not isinstance(v, bool) and (k in inputs.sizes or k in inputs.indices)}
    if not ints or any(v > SYMBOLIC_UNDEFINED_MAX_SIZE for k, v in ints.items() if k in inputs.sizes):
        return None
    gone = []
    for name, side in (("lhs", lhs), ("rhs", rhs)):
        if side.has(sp.Piecewise, sp.Integral, sp.Limit):     # a zoo in an unused branch is no finding
            continue
        try:
            concrete = rename_bound(side).xreplace({k: sp.Integer(v) for k, v in ints.items()}).doit()
        except Exception:  # SymPy failing to expand proves nothing
            continue
        if concrete.has(sp.zoo, sp.nan):
            gone.append(name)
    if not gone:
        return None
    shown = ", ".join(f"{k} = {v}" for k, v in ints.items())
    return tuple(gone), f"{' and '.join(gone)} {'is' if len(gone) == 1 else 'are'} undefined at {shown} " \
                        f"(exact: {'it divides' if len(gone) == 1 else 'they divide'} by 0 there)"


def _undefined_at_point(ev: _Evaluator, lhs, rhs, point: Point, dps) -> tuple[tuple, str] | None:
    """A point the balls found too wide, where exact substitution leaves a side without a value (gamma at
    a pole, π/sin(πx) at an integer x): (those sides, why), or None.

    Where exactly one side has none, the balls must agree: that side's ball is not finite (or has no
    value) while the other's is.  Where both have none, the point is no evidence (the caller skips it).
    """
    gone = undefined_sides(lhs, rhs, point)
    if not gone:
        return None
    shown = " and ".join(gone)
    why = f"{shown} {'has' if len(gone) == 1 else 'have'} no value at this point (exact substitution)"
    if len(gone) == 2:
        return gone, why
    for name, fn in zip(_SIDES, ev.sides()):
        try:
            finite = balls.is_finite(ev.run(fn.__call__, point, dps[1])[0])
        except Undefined:
            finite = False
        except (NeedsComplex, Undecidable, ZeroDivisionError, ValueError, TypeError, OverflowError):
            return None
        if finite == (name in gone):
            return None
    return gone, why


def _point_sizes(point: Point) -> set[int]:
    out = set()
    for k, v in point.values.items():
        if isinstance(v, int) and not isinstance(v, bool):
            try:
                if domain_or_fallback(k).kind == "size":
                    out.add(v)
            except Exception:
                pass
    return out


def compare(lhs: sp.Expr, rhs: sp.Expr, relation: str, *, seed: int = 0, dps=(50, 100), points: int = 12,
            fixed: dict | None = None, time_limit: float | None = None, distinct=(), assume=()) -> Comparison:
    """`assume`: the step's stated assumptions as relations; a point they exclude is no evidence."""
    token = STATED.set(tuple(assume))
    try:
        return _compare(sp.sympify(lhs), sp.sympify(rhs), relation, seed=seed, dps=dps, points=points, fixed=fixed,
                        time_limit=time_limit, distinct=distinct)
    finally:
        STATED.reset(token)


def _compare(lhs: sp.Expr, rhs: sp.Expr, relation: str, *, seed: int, dps, points: int, fixed, time_limit,
             distinct) -> Comparison:
    relation = {"==": "=", "≈": "~"}.get(relation, relation)
    fixed = validate_pins(fixed)
    low, high = dps
    inputs = inputs_of(lhs, rhs)      # first: a symbol with no sampling domain is an error even when the gap is 0
    exact = _exact(lhs, rhs, relation, dps)
    if exact is not None:
        limit = DEFAULT_NUMERIC_LIMIT if time_limit is None else time_limit
        return _replay_exact(exact, lhs, rhs, relation, inputs, dps, limit, seed, fixed, distinct)
    if inputs.unsettled:     # a table the claim writes in two shapes: no value of it is the one the claim means
        return Comparison(False, False, None, 0, [f"cannot be evaluated with balls (Unsupported: "
                                                  f"{inputs.unsettled[:120]})"])
    try:
        started = time.process_time()      # CPU time: a loaded machine gives the same answers
        ev = _Evaluator(lhs, rhs, inputs)
    except (Unsupported, SyntaxError, RecursionError) as exc:
        return Comparison(False, False, None, 0, [f"cannot be evaluated with balls ({exc.__class__.__name__}: "
                                                  f"{str(exc).splitlines()[0][:80] if str(exc) else ''})"])
    limit = DEFAULT_NUMERIC_LIMIT if time_limit is None else time_limit
    constant = not inputs.args
    exprs = (lhs, rhs) if STRUCTURE_POINTS else ()
    sampled = [Point({})] if constant else iter_points(inputs, points, seed, fixed, distinct, exprs=exprs,
                                                       crossings=relation in ("<=", ">=", "<", ">"))
    out = Comparison(False, False, None, 0, [])
    balls.arm_deadline(limit - (time.process_time() - started))   # compiling counts: a huge expression is slow to compile too
    visit = _Visit(ev, lhs, rhs, relation, inputs, dps, out, _Replays(lhs, rhs, relation, started + _faulted(limit)),
                   constant)
    try:
        for point in sampled:
            if visit(point) == "stop":
                break
        if ADVERSARIAL_SEARCH and not constant and not out.refuted and not out.engine_error and \
                out.inconclusive == 0 and visit.starts:
            _search(visit, seed, fixed)
    except NumericTimeout:
        out.timed_out = True
        out.failures.insert(0, f"numeric evaluation timed out after {limit:g} s")
    finally:
        balls.disarm_deadline()
    if not out.refuted and not out.engine_error and not out.timed_out:
        visit.replays.cross_check(out, dps, ev.uncertified)
    out.sizes = sorted(visit.sizes)
    out.uncertified = sorted(ev.uncertified)
    enough = 1 if constant else min(points, MIN_POINTS)
    out.agrees = (not out.refuted and not out.timed_out and not out.engine_error and out.inconclusive == 0
                  and out.evaluated >= enough)
    if not out.refuted and not out.timed_out and out.evaluated < enough and not out.inconclusive \
            and not out.engine_error:
        skipped = f" ({out.skipped} where neither side has a value)" if out.skipped else ""
        out.failures.append(f"only {out.evaluated} of {visit.tried} points could be evaluated{skipped}")
    # (an equation's agreement is a tolerance at every point; an inequality's is mostly a certified sign)
    tiny = _below_agreement(lhs, rhs, high) if out.agrees and relation in ("=", "~") else None
    if tiny is not None:
        # `e^{10^{-70} x} = 1 + 10^{-70} x`: the sides differ by 10^{-140}x²/2, below what agreement resolves, at
        # every point; agreement there says nothing about the step
        out.agrees = False
        out.failures.append(f"the step writes a number {tiny}, smaller than 10^-{_floor_digits(high)}, which "
                            f"agreement at {high} digits cannot resolve: agreeing values cannot tell the step from "
                            "one without it")
    out.coverage = dict(visit.kinds)
    out.smallest_slack = visit.smallest_slack()
    if out.agrees and not constant:
        out.coverage_note = coverage_note(out.coverage, out.smallest_slack, relation)
    return out


FAR_UNDECIDED = "a point beyond the sampling ranges could not be decided, which is no finding"
COVERAGE_ORDER = ("structure", "corner", "random", "far", "optimised")


def coverage_note(coverage: dict, smallest: str, relation: str) -> str:
    """"no counterexample in N points (structure k, corners c, random m, optimised j), smallest slack s"."""
    total = sum(coverage.values())
    parts = ", ".join(f"{'corners' if k == 'corner' else k} {coverage[k]}" for k in COVERAGE_ORDER if coverage.get(k))
    slack = "largest |lhs − rhs|" if relation in ("=", "~") else "smallest slack"
    return Said(f"no counterexample in {total} points ({parts})",
                *((f", {slack} ", Number(str(smallest))) if smallest else ()))


def _search(visit, seed: int, fixed):
    """The adversarial search (search.py) from the tightest agreeing points; its candidates certified here."""
    from . import search
    found = search.search(visit.ev, visit.relation, visit.starts, visit.inputs, seed, fixed)
    visit.kinds["optimised"] = visit.kinds.get("optimised", 0) + found.evaluations
    if found.smallest is not None and found.smallest < search.BAD:
        visit.search_smallest = found.smallest
    for candidate in found.candidates:
        if visit(candidate, count=False) == "stop":
            break


class _Visit:
    """One point at a time: decided by the balls, an exact look where they stay wide, the replay of a refutation."""

    def __init__(self, ev, lhs, rhs, relation, inputs, dps, out, replays, constant):
        self.ev, self.lhs, self.rhs, self.relation, self.inputs, self.dps = ev, lhs, rhs, relation, inputs, dps
        self.out, self.replays, self.constant = out, replays, constant
        self.sizes: set[int] = set()
        self.tried = 0
        self.kinds: dict = {}
        self.starts: list = []          # (slack, point) of agreeing points, for the search
        self.search_smallest: float | None = None

    def smallest_slack(self) -> str:
        out = self.out
        if out.worst is None:
            return ""
        if self.relation in ("=", "~"):
            return fmt(out.worst, 3)
        return fmt(-out.worst, 3)

    def __call__(self, point: Point, count: bool = True) -> str:
        out, ev, relation, dps = self.out, self.ev, self.relation, self.dps
        lhs, rhs, inputs = self.lhs, self.rhs, self.inputs
        self.tried += 1
        if count:
            kind = getattr(point, "kind", "random") or "random"
            self.kinds[kind] = self.kinds.get(kind, 0) + 1
        before = balls.fallbacks_run()
        decision = _decide(ev, point, relation, dps, exhaustive=self.constant)
        # Whether this point's value rests on an uncertified evaluation (a compiled function's flags are
        # sticky: a later point whose branch or tail avoids the fallback is certified).
        fell_back = balls.fallbacks_run() != before
        kind = decision[0]
        # A point beyond the sampling ranges (sampling.far_points) is evidence only where the balls decide it:
        # a value too large to enclose, or one resting on an uncertified evaluation, is no finding there.  (Its
        # time is the step's like any point's: running out makes the numbers time out, never skips the point.)
        far = getattr(point, "kind", "") == "far"
        if far and (kind == "wide" or fell_back):
            if not any(n.startswith(FAR_UNDECIDED) for n in out.notes):
                out.notes.append(f"{FAR_UNDECIDED} ({point.describe()})")
            return "next"
        if kind == "wide" and not self.constant:
            decision = _exact_decision(lhs, rhs, relation, point, dps) or decision
            kind = decision[0]
        elif fell_back and kind in ("agree", "exclude") and not self.constant:
            # Exact values where the balls fell back (an integral whose tail decays too slowly to bound, near
            # where it diverges): SymPy's exact value at the point may agree; it never refutes on its own.
            exact = _exact_decision(lhs, rhs, relation, point, dps, integrate=True)
            if exact is not None and exact[0] == "agree":
                decision, kind, fell_back = exact, "agree", False
                out.notes.append(f"at {point.describe()} the balls fell back to an uncertified evaluation; "
                                 f"the sides' exact values there (SymPy) agree")
        if kind == "agree" and fell_back and QUADRATURE in ev.uncertified:
            # A quadrature without a rigorous error bound agrees with anything its nodes cannot tell apart
            # (a kink or a bump narrower than their spacing): it may neither agree nor refute.
            out.inconclusive += 1
            out.failures.append(f"inconclusive at {point.describe()}: an integral by mpmath's quadrature "
                                f"(no rigorous error bound) agrees, which is no evidence")
            return "next"
        if kind == "agree":
            out.evaluated += 1
            self.sizes |= _point_sizes(point)
            size = decision[1]
            if size is not None and (out.worst is None or size > out.worst):
                out.worst = size
            if far:
                return "next"       # neither replayed as a cross-check nor a start of the search (inside the box)
            self.replays.agreeing(point)
            if size is not None and count:
                self.starts.append((0.0 if relation in ("=", "~") else -float(size), point))
            return "next"
        if kind in ("exclude", "undefined"):
            gone = _undefined_sides(ev, point, decision) if kind == "undefined" else ()
        elif (found := _undefined_exactly(lhs, rhs, point, inputs) or
               _undefined_at_point(ev, lhs, rhs, point, dps)) is not None:
            # The balls could not decide because a side divides by an exact 0 that rounding blurs.
            gone, why = found
            decision = ("undefined", [("undefined", p, why, None) for p in dps])
        else:
            if not count:           # a search candidate the balls cannot decide is no finding
                return "next"
            out.inconclusive += 1
            out.failures.append(f"inconclusive at {point.describe()}: {decision[1]}")
            return "next"
        if len(gone) == 2:
            out.skipped += 1     # neither side has a value: no evidence either way
            return "next"
        if fell_back:
            out.inconclusive += 1
            out.failures.append(f"disagreement by mpmath ({', '.join(sorted(ev.uncertified))} are not in "
                                f"FLINT), not certified, at {point.describe()}")
            return "next"
        settled = self.replays.refutation(out, point, decision, gone)
        if settled == "refuted":
            self.sizes |= _point_sizes(point)
            _refute(out, ev, point, decision, relation, self.replays.last)
            if getattr(point, "kind", "") in ("structure", "optimised"):
                out.notes.append(f"found by the {point.kind} points")
            return "stop"
        if settled == "engine error":
            return "stop"
        return "next"


EXACT_LOOK_SECONDS = 1.0
EXACT_LOOK_MAX_LENGTH = 64


def _exactly(v):
    if isinstance(v, list):
        return [_exactly(x) for x in v]
    return sp.Rational(v) if isinstance(v, float) and math.isfinite(v) else v


def _exact_decision(lhs, rhs, relation: str, point: Point, dps, integrate: bool = False) -> tuple | None:
    """Where the balls stay wide at a point of exact values (a tie such as arg(−1) − π, cos(2π) − 1 or
    floor(5/5) − 5/5; a Piecewise condition at its own breakpoint), both sides substituted exactly
    (replay.substitute) may be equal, or differ by a rational: then the relation is decided exactly,
    ('agree', 0) or ('exclude', …); a refutation is still replayed.  None where that is not so.
    `integrate`: integrals left in a side are done by SymPy at the exact point first."""
    if integrate:       # a binary float is an exact rational, the value the balls were given
        point = Point({k: _exactly(v) for k, v in point.values.items()})
    if not all(isinstance(v, (int, sp.Basic, complex)) or (isinstance(v, float) and v == int(v))
               for v in point.values.values() if not isinstance(v, list)):
        return None
    if any(isinstance(v, list) and len(v) > EXACT_LOOK_MAX_LENGTH for v in point.values.values()):
        return None         # written out exactly, long vectors make SymPy's automatic evaluation slow
    try:
        deadline = time.process_time() + EXACT_LOOK_SECONDS
        a, b = substitute(lhs, point, deadline), substitute(rhs, point, deadline)
        if integrate:
            try:
                with cpu_limit(EXACT_LOOK_SECONDS):
                    a, b = (side.replace(lambda e: isinstance(e, sp.Integral) and not e.free_symbols,
                                         lambda e: e.doit()) for side in (a, b))
            except ReplayTimeout:           # more time could only have agreed: the point stays inconclusive
                sp.core.cache.clear_cache()
                return None
        if a.has(sp.zoo, sp.nan, sp.oo, -sp.oo) or b.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
            return None
        gap = sp.Add(a, -b)
    except Exception:  # noqa: BLE001 - an expression SymPy cannot substitute is simply not seen exactly
        return None
    if not gap.is_Rational:
        return None
    holds = {"=": gap == 0, "~": gap == 0, "<=": gap <= 0, "<": gap < 0, ">=": gap >= 0, ">": gap > 0}[relation]
    if holds:
        violation = 0 if relation in ("=", "~") else (gap if relation in ("<=", "<") else -gap)
        return "agree", mpmath.mpf(int(violation.p)) / int(violation.q) if violation else mpmath.mpf(0)
    ball = arb(balls.fmpq(int(gap.p), int(gap.q)))
    return "exclude", [("exclude", p, ball, abs(ball)) for p in dps]


def _replay_exact(out: Comparison, lhs, rhs, relation: str, inputs, dps, limit: float, seed, fixed,
                  distinct) -> Comparison:
    """An exact decision rests on the canonical forms, which a bug in canonical() can spoil (a bound index
    left free, a branch dropped): it is replayed as written at the first sampled point inside every
    declared domain where a side has a value, and stands only if the replay says the same."""
    candidates = [Point({})]
    if inputs.args:
        candidates = [q for q, _ in zip(iter_points(inputs, 4, seed, fixed, distinct), range(4))
                      if outside_domain(q) is None]
    r, point = None, None
    for point in candidates:          # a point where a side has no value says nothing about the canonical forms
        r = replay(lhs, rhs, relation, point, dps, _faulted(limit))
        if r.status not in ("both undefined", "undefined"):
            break
    if r is None or r.status in ("both undefined", "undefined"):
        return out
    if r.status == "undecided" and out.refuted:
        why = f"an exact refutation ({out.exact}) could not be replayed at {point.describe()}: {r.detail}"
        return Comparison(False, False, None, 0, [why], inconclusive=1)
    if r.status == ("fails" if out.refuted else "holds") or r.status == "undecided":
        out.replay = Said(f"{'replayed' if out.refuted else 'cross-checked'} at ", point.said(), ": ", r.detail)
        if out.refuted:
            out.balls_say = dict(out.certificate)
            out.certificate = {p: f"{text}; {r.at(p)}" for p, text in out.certificate.items()}
            out.replayed_gap = {p: r.value_at(p) for p in out.certificate}
            out.replay_detail = r.detail
            if inputs.args:          # the sides' values at the replayed point, not symbolic expressions
                out.counterexample = (point, r.lhs, r.rhs)
        return out
    said = "fails" if out.refuted else "holds"
    out.engine_error = (f"engine error: exact arithmetic on the canonical forms says the relation {said} "
                        f"({out.exact}), but at {point.describe()} SymPy evalf says {_sympy_says(r)} ({r.detail})")
    return Comparison(False, False, None, 0, [out.engine_error], engine_error=out.engine_error)


MIN_REPLAY_SECONDS = 0.05  # less CPU time than this left of the numeric limit: no replay is attempted
REFUTATION_FLOOR = 1.0     # a refutation's replay gets at least this much, even past the numeric limit
MAX_REPLAYS = 3          # refutations replayed per comparison; the first one the replay confirms is reported
_SIDES = ("lhs", "rhs")


def _undefined_sides(ev: _Evaluator, point: Point, decision) -> tuple:
    """Which sides the balls find without a value at this point (the gap alone does not say)."""
    p = decision[1][-1][1]
    gone = []
    for name, fn in zip(_SIDES, ev.sides()):
        try:
            ev.run(fn.__call__, point, p)
        except Undefined:
            gone.append(name)
        except (NeedsComplex, Undecidable, ZeroDivisionError, ValueError, TypeError, OverflowError):
            pass
    return tuple(gone)


CROSS_CHECKS = 2           # agreeing points replayed per step (both sides wrong the same way is caught there)
QUADRATURE = "Integral"       # the fallback's flag for an integral FLINT could not certify (balls.build_fallback)
CROSS_CHECKS_UNCERTIFIED = 3   # … when a side uses a function FLINT lacks (a fallback value, not certified)
MAX_AGREEING_KEPT = 256    # agreeing points remembered as candidates for the cross-check


def _degeneracy(point: Point) -> int:
    """How many of the point's values make terms vanish or collapse: an integer, a size or a real equal to
    0 or ±1 (m = 0 makes m·X vanish, n = 1 makes (n − 1)·X vanish and every sum one term), a vector whose
    entries are all equal (its differences vanish).  The cross-check prefers points where this is least."""
    count = 0
    for v in point.values.values():
        if isinstance(v, list):
            entries = [x for x in v[1:] if x is not None]
            if len(entries) <= 1 or all(x == entries[0] for x in entries):
                count += 1
            continue
        try:
            if v in (0, 1, -1):
                count += 1
        except Exception:  # noqa: BLE001 - a value that cannot be compared with 0 or ±1 is not degenerate
            pass
    return count


def _cost(point: Point) -> int:
    """What writing the point out costs the replay: vector lengths and integer sizes."""
    return sum(len(v) if isinstance(v, list) else (min(abs(v), 10 ** 6) if isinstance(v, int) else 1)
               for v in point.values.values())


def _integers(point: Point) -> tuple:
    return tuple(sorted((str(k), v) for k, v in point.values.items() if isinstance(v, int)))


class _Replays:
    """Every refutation replayed before it is reported, and a few agreeing points cross-checked (replay.py).

    The replays share the step's numeric limit with the balls (one CPU-time deadline for both, so the
    whole comparison still fits where it is run under a hard CPU cap); a refutation's replay may take
    REFUTATION_FLOOR seconds beyond it.  A replay cut short decides nothing: the refutation is not
    confirmed (the step is unknown), the cross-check is noted as not replayed.
    """

    def __init__(self, lhs, rhs, relation: str, deadline: float):
        self.lhs, self.rhs, self.relation = lhs, rhs, relation
        self.deadline = deadline
        self.left = MAX_REPLAYS
        self.last: Replay | None = None
        self.agreed: list = []               # agreeing points, in the order they were found
        self.fast = MpmathReplay(lhs, rhs, relation)

    def _agreeing(self, point: Point, dps) -> Replay:
        """An agreeing point replayed by the step's lambdify to mpmath; what that cannot confirm, by evalf.
        The mpmath replay takes at most half of the CPU time left, so evalf always keeps the other half."""
        seconds = self.deadline - time.process_time()
        if seconds >= 2 * MIN_REPLAY_SECONDS:
            with spent("mpmath"):
                r = self.fast.holds(point, dps, seconds / 2)
            if r is not None:
                self.last, self.last_by = r, "mpmath"
                return r
        self.last_by = "evalf"
        return self._run(point, dps)

    def _run(self, point: Point, dps, floor: float = 0.0) -> Replay:
        seconds = max(self.deadline - time.process_time(), floor)
        if seconds < MIN_REPLAY_SECONDS:
            self.last = Replay("undecided", "no CPU time was left of the numeric limit to replay it", ran_out=True)
        else:
            with spent("evalf"):
                self.last = replay(self.lhs, self.rhs, self.relation, point, dps, seconds)
        return self.last

    def agreeing(self, point: Point):
        if len(self.agreed) < MAX_AGREEING_KEPT:
            self.agreed.append(point)

    def choose(self, count: int) -> list:
        """Up to `count` agreeing points inside every declared domain to replay: the least degenerate first
        (no integer or size at 0 or 1 where the domain allows it), the cheapest to write out among those,
        and each further one with other integer values than those chosen when there are such points."""
        seen, ranked = [], []
        for order, q in enumerate(self.agreed):
            if q in seen or outside_domain(q) is not None:
                continue
            seen.append(q)
            ranked.append(((_degeneracy(q), _cost(q), order), q))
        ranked.sort(key=lambda t: t[0])
        chosen: list = []
        while ranked and len(chosen) < count:
            used = {_integers(q) for q in chosen}
            pick = next((i for i, (_, q) in enumerate(ranked) if _integers(q) not in used), 0)
            chosen.append(ranked.pop(pick)[1])
        return chosen

    def refutation(self, out: Comparison, point: Point, decision, gone: tuple) -> str:
        """'refuted', 'engine error', or 'skip' (no evidence, or not confirmed: the point counts as inconclusive)."""
        outside = outside_domain(point)
        if outside is not None:
            out.skipped += 1
            out.notes.append(f"a sampled point outside the declared domain was skipped ({outside})")
            return "skip"
        if self.left <= 0:
            out.inconclusive += 1
            out.failures.append(f"a counterexample at {point.describe()} was not replayed (at most {MAX_REPLAYS} "
                                f"replays per step)")
            return "skip"
        self.left -= 1
        pair = decision[1]
        r = self._run(point, sorted({entry[1] for entry in pair}), floor=REFUTATION_FLOOR)
        balls_say, said_gap = _balls_say(decision, gone, self.relation)
        kind = decision[0]
        if r.status == "both undefined":
            out.skipped += 1
            out.notes.append(f"at {point.describe()} {balls_say}, but {r.detail}: no evidence either way")
            return "skip"
        if r.status == "undecided":
            out.inconclusive += 1
            out.failures.append(f"a counterexample of the balls at {point.describe()} could not be confirmed: "
                                f"{r.detail}")
            return "skip"
        confirmed = (kind == "exclude" and r.status == "fails") or \
            (kind == "undefined" and r.status == "undefined" and (not gone or set(gone) == set(r.undefined)))
        if confirmed:
            return "refuted"
        out.engine_error = (f"engine error: at {point.describe()} {balls_say}, but SymPy evalf says "
                            f"{_sympy_says(r)} ({r.detail})")
        out.engine_gap = said_gap
        out.failures.insert(0, out.engine_error)
        return "engine error"

    def cross_check(self, out: Comparison, dps, uncertified=()):
        """Agreeing points replayed as written (CROSS_CHECKS of them, CROSS_CHECKS_UNCERTIFIED when a side
        uses a fallback function): both sides wrong the same way in the balls is caught here, unless every
        replayed point is one where the error vanishes, which choosing non-degenerate points avoids.

        A replay that cannot be carried out (too many terms) decides nothing and is said in the note
        ("cross-check not replayed: …"), never silently skipped.  One that ran out of CPU time makes the numbers
        time out: with more time it could have found an engine error, so a loaded machine would otherwise
        pass a step that a quiet one leaves unknown."""
        count = CROSS_CHECKS_UNCERTIFIED if uncertified else CROSS_CHECKS
        done, missed, by = [], {}, []          # missed: why → the points not replayed for that reason
        for point in self.choose(count):
            r = self._agreeing(point, dps)
            if (r.status == "fails" and r.clear) or r.status in ("undefined", "both undefined"):
                out.engine_error = (f"engine error: at {point.describe()} the balls say the relation holds, but "
                                    f"SymPy evalf says {_sympy_says(r)} ({r.detail})")
                out.failures.insert(0, out.engine_error)
                return
            if r.status == "undecided" and r.ran_out:
                out.timed_out = True
                out.failures.insert(0, f"numeric evaluation timed out: the cross-check at {point.describe()} "
                                       f"ran out of CPU time ({r.detail})")
                return
            if r.status == "undecided":
                missed.setdefault(r.detail, []).append(str(point.describe()))
            else:
                done.append(Said("cross-checked at ", point.said(), ": ", r.detail))
                by.append(getattr(self, "last_by", "evalf"))
        parts = done + [f"cross-check not replayed at {', '.join(where)}: {why}" for why, where in missed.items()]
        unreplayed = tuple(sorted(uncertified)) if missed and not done else ()
        if unreplayed:
            parts.append(f"no agreeing point was replayed, and {', '.join(sorted(uncertified))} "
                         f"{'is' if len(uncertified) == 1 else 'are'} evaluated without certification")
        out.replay = Said.joined("; ", parts)
        if done or missed:
            out.cross = CrossCheck(len(done), tuple(dict.fromkeys(by)),
                                   tuple((len(where), why) for why, where in missed.items()), unreplayed)


def _faulted(seconds: float) -> float:
    from .. import settings
    return getattr(settings, "faulted", lambda x: x)(seconds)


def _balls_say(decision, gone: tuple, relation: str) -> tuple[str, Ball | ComplexBall | None]:
    """What the balls found at a point, in words, and the gap lhs − rhs they certified there as a value (None
    when a side has no value): the words carry no digits, the value carries them all."""
    kind, pair = decision
    if kind == "undefined":
        which = " and ".join(gone) if gone else "a side"
        return f"the balls say {which} has no value ({pair[-1][2]})", None
    p, g = pair[-1][1], pair[-1][2]
    return f"the balls say the relation {relation} fails", gap_value(g, min(p, 30))


def gap_value(x, dps: int) -> Ball | ComplexBall | None:
    """A certified ball as a record, every digit: a real ball, or a complex one by its two parts; None for
    what is not a ball (an exact integer)."""
    if isinstance(x, acb):
        parts = balls.as_ball(x.real, dps), balls.as_ball(x.imag, dps)
        return ComplexBall(Ball(*parts[0]), Ball(*parts[1])) if None not in parts else None
    found = balls.as_ball(x, dps)
    return Ball(*found) if found is not None else None


def _sympy_says(r: Replay) -> str:
    if r.status == "holds":
        return "the relation holds"
    if r.status == "fails":
        return "the relation fails"
    if r.status == "undefined":
        return f"{' and '.join(r.undefined)} has no value"
    if r.status == "both undefined":
        return "neither side has a value"
    return "nothing decisive"


def _decide(ev: _Evaluator, point: Point, relation: str, dps, exhaustive: bool = False) -> tuple:
    """('agree', worst) | ('exclude', [entry]*2) | ('undefined', [entry]*2) | ('wide', why).

    The first two consecutive precisions that say the same decide; `exhaustive` (for a constant claim,
    which costs one evaluation per precision) climbs the whole ladder and lets the last two decide, so
    a constant identity off by 10^-500 is still refuted.
    """
    high = dps[1]
    history = []
    why = ""
    steps = ladder(dps)
    for p in steps:
        balls._tick()
        try:
            g, mode = ev.run(ev.gap.__call__, point, p)
            sides = None
            if mode == "complex" and relation not in ("=", "~"):
                sides = [ev.run(f.__call__, point, p)[0] for f in ev.sides()]
            with balls.precision(p):
                cls, size = _classify(relation, g, _tau(p, high), sides)
            entry = (cls, p, g, size)
        except Undefined as exc:
            entry = ("undefined", p, str(exc), None)
        except Undecidable:
            entry = ("wide", p, None, None)
        except (ZeroDivisionError, ValueError, TypeError, OverflowError, NameError, AttributeError) as exc:
            entry = ("wide", p, None, None)
            why = f"cannot be evaluated ({exc.__class__.__name__}: {str(exc)[:80]})"
        history.append(entry)
        if exhaustive and p != steps[-1] and entry[0] != "exclude":
            continue
        if len(history) >= 2 and history[-1][0] == history[-2][0] and entry[0] != "wide":
            a, b = history[-2], history[-1]
            if entry[0] == "agree":
                if any(h[0] in ("exclude", "undefined") for h in history):
                    # A ball that excluded 0 is a proof the gap is not 0: agreement now means an engine bug.
                    return "wide", "the balls disagree between precisions (an exclusion, then agreement)"
                return "agree", _to_mp(b[3])
            return entry[0], [a, b]
    return "wide", why or f"the gap ball stays too wide to decide up to {history[-1][1]} digits"


def _refute(out: Comparison, ev: _Evaluator, point: Point, decision, relation: str, replayed: Replay | None = None):
    kind, pair = decision
    out.refuted = True
    lhs_vals, rhs_vals, cert = {}, {}, {}
    f, g = ev.sides()
    for _, p, gap, _size in pair:
        for fn, store in ((f, lhs_vals), (g, rhs_vals)):
            try:
                store[p] = ev.run(fn.__call__, point, p)[0]
            except Undefined as exc:
                store[p] = f"undefined ({exc})"
            except (NeedsComplex, Undecidable, ZeroDivisionError, ValueError, TypeError) as exc:
                store[p] = f"not evaluated ({exc.__class__.__name__})"
        if kind == "undefined":
            cert[p] = Said("undefined at this point: ", gap)
        else:
            what = "lhs − rhs" if relation in ("=", "~") else ("lhs − rhs" if relation in ("<=", "<") else "rhs − lhs")
            sign = {"=": "≠ 0", "~": "≠ 0", "<=": "> 0", "<": "≥ 0", ">=": "> 0", ">": "≥ 0"}[relation]
            # the sign flipped at the ball's own precision: at FLINT's default 53 bits the negation would round
            # the midpoint to a double and widen the ball to 10⁻¹⁷
            with balls.precision(p):
                shown = gap if relation in ("=", "~", "<=", "<") else -gap
            # an exact integer gap is a number, said as one; a ball is a value of its own (gap_balls)
            cert[p] = Said(what, " ∈ ", Number(str(shown)), f" (exact), so {what} {sign}") if isinstance(shown, int) \
                else f"{what} ∈ {balls.describe(shown, p)}, so {what} {sign}"
            found = gap_value(shown, p)
            if found is not None:
                out.gap_quantity, out.gap_excludes = what, sign
                out.gap_balls[p] = found
    out.balls_say = dict(cert)
    if replayed is not None:
        cert = {p: f"{text}; {replayed.at(p)}" for p, text in cert.items()}
        out.replay = replayed.detail
        out.replay_detail = replayed.detail
        out.replayed_gap = {p: replayed.value_at(p) for p in cert}
    if kind == "undefined":
        out.undefined_at = point.describe()
    out.counterexample = (point, lhs_vals, rhs_vals)
    out.certificate = cert
    out.worst = _to_mp(abs(pair[-1][2])) if kind == "exclude" else None
