"""Limits and series orders, symbolically: strategies for the relations "limit" and "series".

A "limit" goal says goal.lhs → 0 as goal.approach = (var, point, side); a "series" goal says
goal.lhs = O(h^order) as var → point, with h = |var − point| (h = 1/|var| towards ±∞) and
goal.approach = (var, point, side, order).  Like every strategy these answer "proved" (within a
scope), or not; unlike the others they may also say "contradicted": SymPy computed something
against the claim (a limit of another value, a series with lower-order terms).  A contradiction
never refutes on its own, except the one kind that is a certificate: interval arithmetic showing
|lhs − rhs| ≥ ε on a whole tail or neighbourhood of the point (`tail_bound`).

Nothing here reads SymPy's error messages: a two-sided limit is the two one-sided limits, each
computed and compared; a limit value is read from the expression object SymPy returns.

Limits and series of sums over a symbolic length n are out of SymPy's reach, so they are taken at
n = 1…3 (`concrete_only`: the judge's "cases", never a proof for all n).
"""
from __future__ import annotations

import mpmath
import sympy as sp

from ..authoring.symbols import domain_of
from ..verdicts import Formula, Name, Said
from .identities import size_symbols
from .intervals import certified_sign, excludes_zero_on
from .limit_certificates import certify_at_infinity
from .outcome import Contradiction, Proof, ProofOutcome, generic
from .registry import LIMIT, SERIES, Cost, Goal, attempt, register
from .sums import concrete, resolve_index_ranges, substitute
from .timeouts import StrategyTimeout, time_limit

CONCRETE_LIMIT_SIZES = (1, 2, 3)
_CASES_SCOPE = f"n = {CONCRETE_LIMIT_SIZES[0]}…{CONCRETE_LIMIT_SIZES[-1]} only"


def prove_limit(d, var, point, side: str, limit: float, how=None) -> ProofOutcome:
    """d → 0 as var → point from side ('+-', '+' or '-'; ignored at ±∞)."""
    return attempt(Goal(LIMIT, d, sp.Integer(0), limit=limit, approach=(var, sp.sympify(point), side)), how)


def prove_series(d, var, point, side: str, order, limit: float, how=None) -> ProofOutcome:
    """d = O(h^order) as var → point, h the distance to the point (1/|var| towards ±∞)."""
    return attempt(Goal(SERIES, d, sp.Integer(0), limit=limit,
                        approach=(var, sp.sympify(point), side, sp.sympify(order))), how)


# ----------------------------------------------------------------------------- shared pieces

def name_clash(expr) -> str:
    """Two different symbols (or vectors) under one name: a substitution by object would move only one of them.

    Such an expression cannot be a faithful limit of what the author wrote (two λ's, one following the
    approach and one not), so it is refused here rather than answered."""
    seen: dict[str, object] = {}
    for s in sorted(expr.free_symbols | {b.label for b in expr.atoms(sp.IndexedBase)}, key=sp.default_sort_key):
        if not isinstance(s, sp.Symbol) or isinstance(s, sp.Dummy):
            continue
        if s.name in seen and seen[s.name] != s:
            return f"two different symbols are both called {s.name}: refused (they would not move together)"
        seen[s.name] = s
    return ""


def _is_size(var) -> bool:
    d = domain_of(var)
    return d is not None and d.kind == "size"


def _directions(point, side: str) -> list:
    """The one-sided approaches a claim at point makes: both sides of a finite point unless one is stated."""
    if not point.is_finite:
        return [None]
    return ["+", "-"] if side == "+-" else [side]


def _instances(expr, var):
    """[(expr at each size, scope, concrete_only)]: SymPy works on sums only at concrete n."""
    sizes = [n for n in size_symbols(expr) if n != var]
    if not expr.has(sp.Sum):
        return [expr], (generic(sizes) if sizes else "all values"), False
    if not sizes:
        return None, "a sum of fixed length is out of reach of sympy.limit", False
    return [concrete(expr, sizes[0], k) for k in CONCRETE_LIMIT_SIZES], _CASES_SCOPE, True


def _closed_sums(expr, var, seconds: float):
    """expr with every sum replaced by SymPy's closed form, or None when one has none (or has entries)."""
    if expr.has(sp.Indexed):
        return None
    with time_limit(seconds):
        closed = expr.replace(lambda e: isinstance(e, sp.Sum), lambda e: e.doit())
    if closed.has(sp.Sum) or closed.has(sp.Piecewise):
        return None
    return closed


def _side_name(direction) -> str:
    return {"+": "from the right", "-": "from the left"}.get(direction, "")


def read_value(value, seconds: float) -> str:
    """What a limit SymPy returned says about "→ 0": 'zero', 'nonzero', 'undecided' or 'unevaluated'.

    simplify gets the strategy's limit (a value with nested logs can keep it busy for a minute); past it the
    value is read by its assumptions alone."""
    if not isinstance(value, sp.Basic) or value.has(sp.Limit):
        return "unevaluated"
    if value.has(sp.oo, -sp.oo, sp.zoo, sp.nan, sp.AccumBounds):
        return "nonzero"
    if value == 0:
        return "zero"
    try:
        with time_limit(seconds):
            simplified = sp.simplify(value)
    except StrategyTimeout:
        simplified = value
    if simplified == 0:
        return "zero"
    if value.is_zero is False:
        return "nonzero"
    return "undecided"


def certified_nonzero(value) -> bool:
    """A limit value that is certainly not 0: ±∞, or a closed-form constant whose interval excludes 0."""
    if value in (sp.oo, -sp.oo):
        return True
    if not isinstance(value, sp.Basic) or not value.is_number or value.has(sp.zoo, sp.nan, sp.AccumBounds, sp.I):
        return False
    return certified_sign(value, strict=True) or certified_sign(-value, strict=True)


def _limit(expr, var, point, direction, seconds):
    with time_limit(seconds):
        if direction is None:
            return sp.limit(expr, var, point)
        return sp.limit(expr, var, point, dir=direction)


# ----------------------------------------------------------------------------- limit strategies

@register("tail_bound", [LIMIT], Cost.CHEAP,
          "interval arithmetic over a whole tail or neighbourhood: |lhs − rhs| ≥ ε there (at a concrete point)")
def tail_bound(goal: Goal) -> ProofOutcome:
    """A certificate against "→ 0": an enclosure of lhs − rhs over [X, ∞) (or (p, p + δ]) that excludes 0.

    Only for an expression in the approach variable alone (the judge substitutes a sampled point first);
    the closed box contains the open tail, and finitely many closed pieces that each exclude 0 keep
    |lhs − rhs| ≥ ε > 0 on all of it, so the limit, if any, is not 0."""
    var, point, side = goal.approach[:3]
    e = goal.lhs
    if e.free_symbols - {var} or e.has(sp.Sum, sp.Product, sp.Indexed):
        return ProofOutcome(None, [Said(Name("tail_bound"), ": only at a concrete point")])
    for direction in _directions(point, side):
        for reach in (2, 4, 8):
            box = _tail_box(point, direction, reach)
            if box is not None and excludes_zero_on(e, {var: box}):
                where = _tail_text(var, point, direction, reach)
                return ProofOutcome(None, [], contradiction=Contradiction(
                    Said("interval arithmetic: |lhs − rhs| stays above a positive bound for every ", where),
                    certified=True))
    return ProofOutcome(None, [Said(Name("tail_bound"), ": no enclosure of the tail excludes 0")])


def _tail_box(point, direction, reach: int):
    iv = mpmath.iv
    if point is sp.oo:
        return iv.mpf([mpmath.mpf(10) ** reach, mpmath.inf])
    if point == -sp.oo:
        return iv.mpf([-mpmath.inf, -mpmath.mpf(10) ** reach])
    if not point.is_Rational:
        return None
    p = iv.mpf(int(point.p)) / iv.mpf(int(point.q))
    delta = iv.mpf(1) / iv.mpf(10) ** reach
    return iv.mpf([p.a, (p + delta).b]) if direction == "+" else iv.mpf([(p - delta).a, p.b])


def _tail_text(var, point, direction, reach: int) -> Said:
    """The tail a bound holds on, its variable and ends as formulas: "lambda ≥ 10^2", "x within 10^-4 of 1 …"."""
    if not point.is_finite:
        return Said(Formula.of(var), f" {'≥' if point is sp.oo else '≤'} {'-' if point != sp.oo else ''}",
                    Formula.power(10, reach))
    return Said(Formula.of(var), " within ", Formula.power(10, -reach), " of ", Formula.of(point),
                f" {_side_name(direction)}")


@register("sympy_limit", [LIMIT], Cost.EXPENSIVE,
          "sympy.limit of lhs − rhs, each side of a finite point on its own (sums at n = 1…3)")
def sympy_limit(goal: Goal) -> ProofOutcome:
    var, point, side = goal.approach[:3]
    expr = resolve_index_ranges(goal.lhs)
    clash = name_clash(expr)
    if clash:
        return ProofOutcome(None, [clash])
    written = expr
    if _is_size(var):
        if expr.has(sp.Sum):
            # A sum of scalars has a closed form SymPy knows (Σ_{i≤n} 1/i² = harmonic(n, 2)); its limit in n
            # is then a limit like any other.  Sums over vector entries have none and stay out of reach.
            expr = _closed_sums(expr, var, goal.limit)
            if expr is None:
                return ProofOutcome(None, ["sympy.limit cannot take a limit in the length of a sum"])
        instances, scope, concrete_only = [expr], "n as a continuous variable", False
        directions = [None]
    else:
        instances, scope, concrete_only = _instances(expr, var)
        if instances is None:
            return ProofOutcome(None, [scope])
        directions = _directions(point, side)
    values = []
    for k, e in enumerate(instances):
        for direction in directions:
            values.append((k, direction, _limit(e, var, point, direction, goal.limit)))
    readings = [(k, direction, v, read_value(v, goal.limit)) for k, direction, v in values]
    against = [r for r in readings if r[3] == "nonzero"]
    if against:
        k, direction, v, _ = against[0]
        where = " ".join(x for x in (_side_name(direction),
                                     f"at n = {CONCRETE_LIMIT_SIZES[k]}" if concrete_only else "") if x)
        note = Said("sympy.limit gives ", Formula.of(v), f"{' ' + where if where else ''}, not 0")
        certificate = _certificate_at_infinity(written, var, point, v, concrete_only, goal.limit)
        if certificate:
            return ProofOutcome(None, [note],
                                contradiction=Contradiction(Said(note, "; ", certificate), v, certified=True))
        return ProofOutcome(None, [note], contradiction=Contradiction(note, v))
    if all(r[3] == "zero" for r in readings):
        method = "sympy.limit, both sides" if len(directions) == 2 else "sympy.limit"
        return ProofOutcome(Proof(method + (" at concrete n" if concrete_only else ""), scope, concrete_only,
                                  CONCRETE_LIMIT_SIZES[-1] if scope == _CASES_SCOPE else None))
    if any(r[3] == "unevaluated" for r in readings):
        return ProofOutcome(None, ["sympy.limit returned the limit unevaluated"])
    undecided = [r[2] for r in readings if r[3] == "undecided"]
    shown = sp.sstr(undecided[0])
    # A value in the entries of concrete vectors (n = 1…3) is not a value of the claim's own symbols.
    value = undecided[0] if not concrete_only and len({sp.srepr(u) for u in undecided}) == 1 else None
    return ProofOutcome(None, [Said("sympy.limit gives ", Formula(shown, Formula.of(undecided[0]).latex),
                                    ", whose sign SymPy cannot decide")], undecided=value)


def _certificate_at_infinity(expr, var, point, value, concrete_only: bool, seconds: float) -> str:
    """A certified enclosure of the limit at ±∞ that excludes 0 (limit_certificates), as a note; '' when none.

    Only for an expression in the approach variable alone, as written (its sums written out term by
    term, never through SymPy's closed form), and never at concrete sizes of another length."""
    if concrete_only or point not in (sp.oo, -sp.oo) or expr.free_symbols != {var}:
        return ""
    if point == -sp.oo:
        if expr.has(sp.Sum):
            return ""
        expr = expr.xreplace({var: -var})
        return certify_at_infinity(expr, var, value, seconds, Formula.of(-var))
    return certify_at_infinity(expr, var, value, seconds)


# ----------------------------------------------------------------------------- series

def distance_form(expr, var, point, direction):
    """(expr with var written through h > 0, the distance to the point, h) for one side of the approach."""
    h = sp.Dummy("h", positive=True)
    if point is sp.oo:
        at = 1 / h
    elif point == -sp.oo:
        at = -1 / h
    else:
        at = point + h if direction in ("+", None) else point - h
    return substitute(expr, {var: at}), h


def _term_order(term, h, order, own=None):
    """'ok' when the term is O(h^order), 'lower' when it is of lower order, None when its form is not c·h^a·log(h)^b.

    `own`: the symbols of the expression expanded.  A factor in any other symbol is not a constant: SymPy's
    series of x·log(log(1/x)) is x·log(−log(_t)), its placeholder _t standing for x, and an iterated logarithm
    read as a constant would pass as O(x).  Such a term at exactly the claimed power is 'placeholder' (the
    factor grows or shrinks with h, so the claim is not shown and SymPy's own form speaks against it); at
    another power it is unreadable (None)."""
    a, logs = sp.Integer(0), sp.Integer(0)
    foreign = False
    for factor in sp.Mul.make_args(term):
        if own is not None and factor.free_symbols - own - {h}:
            foreign = True
            continue
        if not factor.has(h):
            continue
        base, exponent = factor.as_base_exp()
        if exponent.has(h) or not exponent.is_number:
            return None
        if base == h:
            a += exponent
        elif base == sp.log(h):
            logs += exponent
        else:
            return None
    if not (a.is_number and a.is_real):
        return None
    if foreign:
        return "placeholder" if a == order and logs == 0 else None
    if a < order:
        return "lower"
    if a == order and logs > 0:
        return "lower"          # h^k log h is not O(h^k): the log factor shows at small h
    return "ok"


def _power_with_a_symbolic_exponent(e, h):
    """h^c, sin(h)^c, (1/h)^c or exp(c·log h), with c a symbol: SymPy's series drops such a term (for c > 0 it
    returns a bare O(h²) for h^c), so a series of it says nothing about its order.  A power of a base that is
    neither 0 nor infinite at h = 0 ((1 + h)^n) expands for any exponent and is left alone."""
    for p in e.atoms(sp.Pow):
        if p.base.has(h) and not p.exp.is_number:
            at = p.base.subs(h, 0)
            if at == 0 or at.has(sp.zoo, sp.oo, -sp.oo, sp.nan) or at.is_finite is not True:
                return p
    for f in e.atoms(sp.exp):
        arg = f.args[0]
        if any(g.has(h) for g in arg.atoms(sp.log)) and arg.free_symbols - {h}:
            return f
    return None


def _series_reading(e, h, order, seconds):
    """'ok', 'lower' or 'placeholder' (with the offending terms) or None, from SymPy's series one order beyond
    the claim."""
    with time_limit(seconds):
        ser = sp.series(e, h, 0, int(sp.ceiling(order)) + 1)
    own = e.free_symbols | {h}
    terms = [t for t in sp.Add.make_args(sp.expand(ser.removeO())) if t != 0]
    readings = [_term_order(t, h, order, own) for t in terms]
    lower = [t for t, r in zip(terms, readings) if r == "lower"]
    if lower:
        return "lower", lower
    placeholder = [t for t, r in zip(terms, readings) if r == "placeholder"]
    if placeholder:
        return "placeholder", placeholder
    big_o = ser.getO()
    if big_o is not None:
        if _term_order(big_o.expr, h, order, own) != "ok":
            return None, []
    if any(r is None for r in readings):
        return None, []
    return "ok", []


@register("sympy_series", [SERIES], Cost.EXPENSIVE,
          "sympy.series one order beyond the claim, read term by term (sums at n = 1…3)")
def sympy_series(goal: Goal) -> ProofOutcome:
    """A proof only when the series has the claimed form: every term (and the O term) is O(h^order).

    The series is taken one order beyond the claim, so a bare O(h^k) that SymPy returns for an
    expression it could not expand (x log x · I₀(x) to first order gives O(x)) is never read as
    "no lower-order terms": one order further, the x log x shows."""
    var, point, side, order = goal.approach
    expr = resolve_index_ranges(goal.lhs)
    clash = name_clash(expr)
    if clash:
        return ProofOutcome(None, [clash])
    instances, scope, concrete_only = _instances(expr, var)
    if instances is None:
        return ProofOutcome(None, ["a sum of fixed length cannot be expanded"])
    undecided = False
    for e in instances:
        for direction in _directions(point, side):
            at, h = distance_form(e, var, point, direction)
            power = _power_with_a_symbolic_exponent(at, h)
            if power is not None:
                return ProofOutcome(None, [f"sympy.series is not trusted with {sp.sstr(power)[:80]}: a power of "
                                           "a base that vanishes or blows up at the point, to an exponent in other "
                                           "symbols (its order depends on their values; SymPy may drop it)"])
            reading, lower = _series_reading(at, h, order, goal.limit)
            if reading in ("lower", "placeholder"):
                terms = sp.Add(*lower).subs(h, sp.Symbol("h"))
                shown = Formula(sp.sstr(terms)[:120], Formula.of(terms).latex)
                where = f"{' ' + _side_name(direction) if direction else ''} (h the distance to the point)"
                note = (Said(f"series of lhs − rhs has lower-order terms{where}: ", shown) if reading == "lower" else
                        Said("series of lhs − rhs has a term of the claimed order ", Formula.power("h", order),
                             f" times a factor in a symbol of SymPy's own{where}: ", shown, "; that factor varies with h (an iterated logarithm), "
                             "so it is not a constant and the order is not shown"))
                return ProofOutcome(None, [note], contradiction=Contradiction(note))
            undecided = undecided or reading is None
    if undecided:
        return ProofOutcome(None, ["sympy.series did not return the claimed form (terms c·h^a·log(h)^b)"])
    both = len(_directions(point, side)) == 2
    method = "sympy.series" + (", both sides" if both else "") + (" at concrete n" if concrete_only else "")
    return ProofOutcome(Proof(method, scope, concrete_only, CONCRETE_LIMIT_SIZES[-1] if scope == _CASES_SCOPE else None))
