"""Declared hypotheses as assumptions a proof may use: confined ranges (open or closed) and vector facts.

SymPy's assumptions say only "positive", "nonnegative" and the like; a declared range such as
γ ∈ [0.5, 0.99] or p ∈ (0, 1) says more, and a step such as 1 − γ > 0 or log(1 − p) needs it.
Three routes bring the declaration into a proof, each sound for exactly the declared set:

  * box: the expression enclosed by interval arithmetic on the declared (closed) box, bisected;
    a strict sign needs the enclosure to exclude 0, so an open end never counts as attained;
  * reparametrisation: each confined symbol is written as the image of a fresh symbol whose SymPy
    assumptions carry the range: p ∈ (a, b) is a + (b − a)·u/(1 + u) with u > 0, [a, b) the same with
    u ≥ 0, (a, b] is b − (b − a)·u/(1 + u) with u ≥ 0, and a closed [a, b] is [a, b) together with the
    single value b.  Each map is onto its set, so a claim shown for every u (and at b) holds for
    every p in the range; the ordinary strategies then see 1 − p = 1/(1 + u) > 0;
  * vector facts: Σ_i (x_i − c)² with x declared nonconstant and c free of i is > 0 (so is Σ_i x_i² for
    a nonzero x); such a sum is replaced by a positive symbol before the sign is sought.
"""
from __future__ import annotations

import itertools

import sympy as sp

from ..verdicts import Aside, Formula, Said
from ..authoring.symbols import bound_as_written, bounds_box, domain_of
from .intervals import holds_on_box
from .outcome import generic

MAX_CASES = 8            # a closed range doubles the cases (its upper end apart): at most three closed symbols


def _confined_domain(sym):
    d = domain_of(sym)
    if d is None or not d.confined or d.law is not None or d.low is None or d.high is None:
        return None
    return d if d.kind in ("real", "vector") else None


def confined_scalars(expr: sp.Expr) -> list:
    """The declared real symbols of expr whose range is a hypothesis (interval()), sorted by name."""
    return sorted((s for s in expr.free_symbols
                   if (d := _confined_domain(s)) is not None and d.kind == "real"), key=str)


def confined_vectors(expr: sp.Expr) -> list:
    """The vectors of expr with an open end declared (vector(..., open=…)): their entries can be mapped."""
    out = []
    for base in expr.atoms(sp.IndexedBase):
        d = _confined_domain(base)
        if d is not None and d.kind == "vector" and (d.open_low or d.open_high):
            out.append(base)
    return sorted(out, key=str)


def has_hypotheses(expr: sp.Expr) -> bool:
    return bool(confined_scalars(expr) or confined_vectors(expr) or fact_vectors(expr))


# --- box --------------------------------------------------------------------------------------------

def declared_bounds_box(expr: sp.Expr) -> dict | None:
    """{symbol or entry: closed interval} for every symbol of expr, or None when one has no finite range."""
    box = {}
    for a in set(expr.free_symbols) | set(expr.atoms(sp.Indexed)):
        if isinstance(a, sp.Indexed):
            d = _confined_domain(a.base)
        elif any(isinstance(b, sp.Indexed) and a in b.indices for b in expr.atoms(sp.Indexed)) \
                or isinstance(a, sp.Dummy):
            continue          # an index: it only picks an entry, which is boxed itself
        else:
            d = _confined_domain(a)
            if d is not None and d.kind != "real":
                d = None
        if d is None:
            return None
        box[a] = bounds_box(d.low, d.high)
    return box


def box_sign(expr: sp.Expr, strict: bool, dps: int = 30, budget: int = 128) -> bool:
    """expr > 0 (≥ 0) on the whole declared box, by interval arithmetic with bisection; False if not shown."""
    if expr.has(sp.Sum, sp.Product, sp.Integral, sp.I, sp.zoo, sp.nan, sp.oo) or expr.is_number:
        return False
    box = declared_bounds_box(expr)
    if not box:
        return False
    if strict:
        return holds_on_box(expr, box, lambda value: bool(value.a > 0), dps, budget)
    return holds_on_box(expr, box, lambda value: bool(value.a >= 0), dps, budget)


def _scalar_cases(p) -> list[tuple[sp.Expr, str]]:
    """(expression for p, how it reads) for each piece of p's range; together they cover it exactly."""
    d = domain_of(p)
    a, b = bound_as_written(d.low), bound_as_written(d.high)
    if d.open_low and d.open_high:
        u = sp.Dummy(f"{p}_u", positive=True)
        return [(a + (b - a) * u / (1 + u), Said(Formula.of(p), " = ", _shown(a + (b - a) * _U / (1 + _U)), ", u > 0"))]
    u = sp.Dummy(f"{p}_u", nonnegative=True)
    if d.open_low:
        return [(b - (b - a) * u / (1 + u), Said(Formula.of(p), " = ", _shown(b - (b - a) * _U / (1 + _U)), ", u ≥ 0"))]
    lower = (a + (b - a) * u / (1 + u),
             Said(Formula.of(p), " = ", _shown(a + (b - a) * _U / (1 + _U)), ", u ≥ 0"))
    if d.open_high:
        return [lower]
    return [lower, (b, Said(Formula.of(p), " = ", Formula.of(b)))]


_U = sp.Symbol("u")


def _shown(e: sp.Expr) -> Formula:
    return Formula.of(sp.factor(sp.together(e)))


def _vector_case(x) -> tuple:
    """A replacement of every entry x[k] of an open-ended vector, and how it reads."""
    d = domain_of(x)
    a, b = bound_as_written(d.low), bound_as_written(d.high)
    positive = d.open_low and d.open_high
    label = sp.Dummy(f"{x.label}_u", **({"positive": True} if positive else {"nonnegative": True}))
    u = sp.IndexedBase(label, **({"positive": True} if positive else {"nonnegative": True}))
    if d.open_low and not d.open_high:
        make = lambda k: b - (b - a) * u[k] / (1 + u[k])       # noqa: E731
        text = f"{x}_k = {sp.sstr(b)} − ({sp.sstr(b - a)})·u_k/(1 + u_k), u_k ≥ 0"
    else:
        make = lambda k: a + (b - a) * u[k] / (1 + u[k])       # noqa: E731
        text = f"{x}_k = {sp.sstr(a)} + ({sp.sstr(b - a)})·u_k/(1 + u_k), u_k {'>' if positive else '≥'} 0"
    return make, text


def reparametrisations(expr: sp.Expr) -> list[tuple[dict, list, str]] | None:
    """Cases ({symbol: expression}, [(vector, entry map)], description) covering every declared range of expr.

    None when expr has no confined symbol, or too many closed ranges to split."""
    scalars, vectors = confined_scalars(expr), confined_vectors(expr)
    if not scalars and not vectors:
        return None
    per_symbol = [_scalar_cases(p) for p in scalars]
    total = 1
    for cases in per_symbol:
        total *= len(cases)
    if total > MAX_CASES:
        return None
    entry_maps = [(x, *_vector_case(x)) for x in vectors]
    out = []
    for combo in itertools.product(*per_symbol):
        mapping = {p: value for p, (value, _) in zip(scalars, combo)}
        text = Said.joined("; ", [t for _, t in combo] + [t for _, _, t in entry_maps])
        out.append((mapping, [(x, make) for x, make, _ in entry_maps], text))
    return out


def apply_case(expr: sp.Expr, case) -> sp.Expr:
    mapping, entries, _ = case
    out = sp.sympify(expr)
    if mapping and out.has(sp.Derivative, sp.Subs):
        # d/dp is not d/du: carry out an operation on a mapped symbol before mapping it (doit is exact).
        out = out.replace(lambda e: isinstance(e, (sp.Derivative, sp.Subs)) and bool(e.variables and
                                                                                    set(e.variables) & set(mapping)),
                          lambda e: e.doit())
        if any(set(e.variables) & set(mapping) for e in out.atoms(sp.Derivative, sp.Subs)):
            raise ValueError("an operation on a confined symbol SymPy cannot carry out")
    out = out.xreplace(mapping) if mapping else out
    for x, make in entries:
        out = out.replace(lambda e, x=x: isinstance(e, sp.Indexed) and e.base == x,
                          lambda e, make=make: make(e.indices[0] if len(e.indices) == 1 else e.indices))
    return _tidy(out)


def _tidy(e: sp.Expr) -> sp.Expr:
    """Arguments of log, sqrt and other powers put over one denominator: log(1 − u/(1 + u)) is log(1/(1 + u))."""
    def tidy_arg(a):
        try:
            return sp.factor(sp.cancel(a)) if a.has(sp.Dummy) and not a.has(sp.Sum, sp.Indexed) else a
        except Exception:
            return a
    return e.replace(lambda x: isinstance(x, (sp.log, sp.exp)) or (isinstance(x, sp.Pow) and not x.exp.is_Integer),
                     lambda x: x.func(*[tidy_arg(a) for a in x.args]))


# --- vector facts ----------------------------------------------------------------------------------

def fact_vectors(expr: sp.Expr) -> list:
    return sorted((b for b in expr.atoms(sp.IndexedBase)
                   if (d := domain_of(b)) is not None and d.kind == "vector"
                   and ({"nonconstant", "nonzero"} & set(d.facts))), key=str)


def _free_of(c: sp.Expr, k) -> bool:
    return k not in c.free_symbols


def _deviation(term: sp.Expr, k):
    """(vector, c) when term is x_k − c (up to a nonzero constant factor) with c free of k, else None."""
    term = sp.expand(term)
    entries = [t for t in sp.Add.make_args(term) if t.has(k)]
    if len(entries) != 1:
        return None
    coeff, entry = entries[0].as_independent(k, as_Add=False)
    if not isinstance(entry, sp.Indexed) or entry.indices != (k,) or not coeff.is_number or coeff == 0 \
            or coeff.is_real is not True:
        return None
    c = -(term - entries[0]) / coeff
    if not _free_of(c, k) or c.is_real is not True:
        return None
    return entry.base, c


def positive_sum_reason(node: sp.Sum) -> str | None:
    """Why Σ_k f(k) > 0 follows from a declared fact about a vector, or None.

    f(k) = g(x_k − c)^(2m) or |x_k − c|^a (a > 0), with c free of k and the sum over x's whole range:
    the terms are ≥ 0 and not all 0 when x is nonconstant (every c), or when x is nonzero and c = 0.
    """
    if len(node.limits) != 1:
        return None
    k, lo, hi = node.limits[0]
    summand = node.function
    coeff, core = summand.as_independent(k, as_Add=False)
    if not (coeff.is_positive is True):
        return None
    base, exponent = core.as_base_exp()
    if isinstance(base, sp.Abs) and exponent.is_positive:
        inner = base.args[0]
    elif exponent.is_integer and exponent.is_even and exponent.is_positive:
        inner = base
    else:
        return None
    found = _deviation(inner, k)
    if found is None:
        return None
    x, c = found
    d = domain_of(x)
    if d is None or d.kind != "vector" or (sp.Integer(d.start), d.size) != (lo, hi):
        return None
    if "nonconstant" in d.facts:
        return f"{x} nonconstant"
    if "nonzero" in d.facts and c == 0:
        return f"{x} nonzero"
    return None


def with_positive_sums(expr: sp.Expr) -> tuple[sp.Expr, list[str]]:
    """expr with each sum a vector fact makes > 0 replaced by a positive symbol, and the facts used."""
    reps, reasons = {}, []
    for node in expr.atoms(sp.Sum):
        why = positive_sum_reason(node)
        if why:
            reps[node] = sp.Dummy("S", positive=True)
            reasons.append(why)
    if not reps:
        return expr, []
    return expr.xreplace(reps), list(dict.fromkeys(reasons))


# --- the sign, under the hypotheses ----------------------------------------------------------------

def sign_under_hypotheses(expr: sp.Expr, strict: bool, prove) -> str | None:
    """How expr ≥ 0 (> 0 if strict) follows from the declared ranges and facts, or None.

    `prove(e, strict)` is the sign prover (signs.py) for the expression once the hypotheses are
    SymPy assumptions; it is passed in so this module never imports it back."""
    if fact_vectors(expr):
        replaced, reasons = with_positive_sums(expr)
        if reasons:
            how = prove(replaced, strict)
            if how:
                return Said(Aside("declared "), f"{', '.join(reasons)}: those sums are > 0; then ", how)
    if not (confined_scalars(expr) or confined_vectors(expr)):
        return None
    if box_sign(expr, strict):
        return Said(Aside("declared ranges as hypotheses: "), "interval arithmetic over the assumed ranges")
    cases = reparametrisations(expr)
    if not cases:
        return None
    methods = []
    for case in cases:
        how = prove(apply_case(expr, case), strict)
        if not how:
            return None
        methods.append(how)
    return Said(Aside(Said("declared ranges as hypotheses (", Said.joined(" | ", [c[2] for c in cases]), "), then ")),
                Said.joined("; ", dict.fromkeys(methods)))


# --- any relation, under the hypotheses -----------------------------------------------------------

def under_hypotheses(goal):
    """The goal restated in the fresh symbols of each piece of the declared ranges, proved by the other
    strategies for every piece (registered for = and the inequalities in inequalities.py)."""
    from .outcome import FactGap, Proof, ProofOutcome
    from .registry import Goal, attempt
    if goal.depth >= 2:
        return ProofOutcome(None)
    everything = sp.Tuple(goal.lhs, goal.rhs, *[f.gap for f in goal.facts])
    cases = reparametrisations(everything)
    if not cases:
        return ProofOutcome(None)
    methods, notes, used, scopes, sizes, concrete = [], [], [], [], [], False
    for case in cases:
        facts = tuple(FactGap(f.name, apply_case(f.gap, case), f.equality, getattr(f, "concrete_only", False))
                      for f in goal.facts)
        sub = Goal(goal.relation, apply_case(goal.lhs, case), apply_case(goal.rhs, case), facts, goal.limit,
                   goal.depth + 1, goal.wrt, goal.sizes, goal.approach)
        out = attempt(sub, skip=("hypotheses", "cases"))
        notes += out.notes
        if out.proof is None:
            return ProofOutcome(None, notes + [Said("under the declared ranges (", case[2], "): not shown")], [],
                                out.timed_out)
        methods.append(out.proof.method)
        scopes.append(out.proof.scope)
        sizes.append(out.proof.sizes_only)
        concrete = concrete or out.proof.concrete_only
        used += out.facts_used
    general = next((s for s in scopes if s.startswith("generic ")), None) or (generic(goal.sizes)
                                                                             if goal.sizes else None)
    scope = general.split(";")[0] if general else scopes[0]
    method = Said(Aside(Said("declared ranges as hypotheses (", Said.joined(" | ", [c[2] for c in cases]), "), then ")),
                  Said.joined("; ", dict.fromkeys(methods)))
    return ProofOutcome(Proof(method, scope, concrete, None if general else sizes[0]), notes, list(dict.fromkeys(used)))

