"""Algebra of sums over a symbolic length n, which SymPy's simplify does not do reliably.

Three traps make `simplify` fail on softmax identities:
  * Σ_i f(i) and Σ_j f(j) are different objects to SymPy;
  * it rarely splits a sum over an added summand or pulls out index-free factors;
  * d/ds_j of a sum leaves KroneckerDelta sums, then Piecewise terms guarded by 1 ≤ j ≤ n.
The functions here remove each trap soundly, so the ordinary strategies can
then compare what is left.

Two soundness rules hold throughout:
  * Bound indices are never captured: before a free symbol is substituted into an
    expression, every bound index that shares its name is renamed to a fresh dummy.
  * A sum means what the numbers compute: Σ_{i=lo}^{hi} is 0 when hi < lo.  SymPy
    follows Karr's convention instead (Σ_{i=1}^{-1} 1 = −1); the two agree exactly
    when hi ≥ lo − 1, so a range not provably of length ≥ 0 gets the upper limit
    max(hi, lo − 1), under which both conventions give the same value.
"""
from __future__ import annotations

import sympy as sp

from ..authoring.reductions import IndexedMax
from ..authoring.symbols import domain_of

# A product binds its index as a sum does, and follows the same (Karr) convention for reversed ranges.
REDUCTIONS = (sp.Sum, sp.Product, IndexedMax)


_CANONICAL: list[sp.Dummy] = []     # the bound index at nesting depth d is always _CANONICAL[d]
_CANONICAL_REAL: list[sp.Dummy] = []   # the same for the (real) variable of an integral


def _canonical_symbol(depth: int, real: bool = False) -> sp.Dummy:
    table = _CANONICAL_REAL if real else _CANONICAL
    while len(table) <= depth:
        table.append(sp.Dummy(f"{'x' if real else 'b'}{len(table)}", **({"real": True} if real else {"integer": True})))
    return table[depth]


def canonical(expr: sp.Expr) -> sp.Expr:
    """Rename every bound index after its nesting depth, so Σ_i f(i) == Σ_j f(j).

    Not SymPy's as_dummy(): on a maximum around a sum it gives both indices the same
    name, so max_k Σ_j s_j s_k became max Σ s_j² (and was 'proved' equal to it).  Here
    an index nested d reductions deep is always the d-th canonical dummy, so an inner
    index can never take the name of an outer one, and no free symbol has that name.
    """
    if not isinstance(expr, sp.Basic) or expr.is_Atom or not expr.has(*REDUCTIONS, sp.Integral):
        return expr
    # A canonical name that occurs free (a summand taken out of its sum) must not be captured:
    # start numbering above it, which is still a deterministic function of expr.
    free = expr.free_symbols
    base = 1 + max([k for k, c in enumerate(_CANONICAL) if c in free]
                   + [k for k, c in enumerate(_CANONICAL_REAL) if c in free] + [-1])
    return _canon(expr, {}, base)


def _canon(e, env: dict, depth: int):
    if isinstance(e, sp.Symbol):
        return env.get(e, e)
    if not isinstance(e, sp.Basic) or not e.args:        # not is_Atom: s[j] is an atom to SymPy
        return e
    if not e.has(*REDUCTIONS, sp.Integral) and not (env and e.has(*env)):
        return e
    if isinstance(e, sp.Integral) and all(len(lim) in (1, 3) for lim in e.limits):
        inner, limits = dict(env), []
        for pos, lim in enumerate(reversed(e.limits)):                 # outermost first
            ends = [_canon(x, inner, depth + pos) for x in lim[1:]]
            inner[lim[0]] = _canonical_symbol(depth + pos, real=lim[0].is_real is not False)
            limits.append((inner[lim[0]], *ends))
        return e.func(_canon(e.function, inner, depth + len(e.limits)), *reversed(limits))
    if isinstance(e, REDUCTIONS):
        inner, limits = dict(env), []
        for pos, (var, lo, hi) in enumerate(reversed(e.limits)):       # outermost first
            lo, hi = _canon(lo, inner, depth + pos), _canon(hi, inner, depth + pos)
            inner[var] = _canonical_symbol(depth + pos)
            limits.append((inner[var], lo, hi))
        body = _canon(e.function, inner, depth + len(e.limits))
        return e.func(body, *reversed(limits))
    return e.func(*[_canon(a, env, depth) for a in e.args])


# --- capture-free substitution -------------------------------------------------------------

def rename_bound_apart(expr, avoid) -> sp.Expr:
    """expr with every bound index whose symbol is in avoid renamed to a fresh dummy."""
    avoid = set(avoid)
    if not avoid or not isinstance(expr, sp.Basic) or expr.is_Atom or not expr.has(*REDUCTIONS):
        return expr
    return _apart(expr, avoid, {})


def _apart(e, avoid, fresh: dict):
    """One fresh dummy per renamed name, so that equal sums stay equal after the renaming."""
    if not isinstance(e, sp.Basic) or e.is_Atom or not e.has(*REDUCTIONS):
        return e
    if isinstance(e, REDUCTIONS):
        reps, limits = {}, []
        for var, lo, hi in e.limits:          # innermost first; later limits may not mention earlier vars
            lo, hi = _apart(lo, avoid, fresh), _apart(hi, avoid, fresh)
            if var in avoid:
                reps[var] = fresh.setdefault(var, sp.Dummy(var.name, **_integer(var)))
                var = reps[var]
            limits.append((var, lo, hi))
        body = e.function.xreplace(reps) if reps else e.function
        return e.func(_apart(body, avoid, fresh), *limits)
    return e.func(*[_apart(a, avoid, fresh) for a in e.args])


def _integer(var) -> dict:
    return {"integer": True} if var.is_integer else {}


def substitute(expr, mapping: dict) -> sp.Expr:
    """expr.subs(mapping) without capture: no substituted value is bound by a sum inside expr."""
    avoid = set()
    for old, new in mapping.items():
        avoid |= sp.sympify(new).free_symbols | sp.sympify(old).free_symbols
    return rename_bound_apart(expr, avoid).subs(mapping)


def bound_variables(expr) -> set:
    return {var for node in expr.atoms(*REDUCTIONS) for var, _, _ in node.limits} \
        if isinstance(expr, sp.Basic) else set()


# --- lengths of ranges ---------------------------------------------------------------------

def _declared_ranges(expr) -> list[tuple]:
    out = []
    for sym in sorted(expr.free_symbols, key=str):
        d = domain_of(sym)
        if d is not None and d.kind == "index":
            out.append((sym, sp.Integer(d.start), d.size))
    return out


def nonnegative_on(value: sp.Expr, context: list[tuple]) -> bool:
    """value ≥ 0 for every value of the variables in context [(var, lo, hi), outermost first].

    A value linear in a variable is smallest at an end of its range, so each variable is
    replaced by both ends, innermost first; what remains must be ≥ 0 by assumptions.
    """
    value = sp.sympify(value)
    for k in range(len(context) - 1, -1, -1):
        var, lo, hi = context[k]
        if var not in value.free_symbols:
            continue
        if not value.is_polynomial(var) or sp.degree(value, var) > 1:
            return False
        return all(nonnegative_on(value.subs(var, end), context[:k]) for end in (lo, hi))
    for sym, lo, hi in _declared_ranges(value):
        return nonnegative_on(value, [(sym, lo, hi)])
    return sp.expand(value).is_nonnegative is True


def length_nonnegative(lo, hi, context: list[tuple]) -> bool:
    """hi − lo + 1 ≥ 0 wherever the range is used: SymPy's and the numbers' sums then agree."""
    return nonnegative_on(hi - lo + 1, context)


def guard_empty_ranges(expr: sp.Expr, context: tuple = ()) -> sp.Expr:
    """Every sum whose length is not provably ≥ 0 gets the upper limit max(hi, lo − 1).

    Under SymPy's (Karr) convention that sum then equals the empty-is-zero sum the
    numbers compute, so whatever SymPy proves about it holds for the numbers too.
    """
    if not isinstance(expr, sp.Basic) or expr.is_Atom or not expr.has(sp.Sum, sp.Product):
        return expr
    if isinstance(expr, (sp.Sum, sp.Product)):
        # SymPy's Π_{i=a}^{b} is 1/Π_{i=b+1}^{a−1} when b < a − 1 (Π_{i=3}^{1} 2 = 1/2): the same guard
        # makes it the empty product 1 that the numbers compute.
        ctx, limits = list(context), []
        for var, lo, hi in reversed(expr.limits):         # outermost first
            lo, hi = guard_empty_ranges(lo, tuple(ctx)), guard_empty_ranges(hi, tuple(ctx))
            if not length_nonnegative(lo, hi, ctx):
                hi = sp.Max(hi, lo - 1)
            limits.append((var, lo, hi))
            ctx.append((var, lo, hi))
        return expr.func(guard_empty_ranges(expr.function, tuple(ctx)), *reversed(limits))
    if isinstance(expr, IndexedMax):
        (var, lo, hi), = expr.limits
        return expr.func(guard_empty_ranges(expr.function, context + ((var, lo, hi),)), *expr.limits)
    return expr.func(*[guard_empty_ranges(a, context) for a in expr.args])


# --- KroneckerDelta and Piecewise guards ---------------------------------------------------

def index_facts(expr: sp.Expr) -> dict:
    """Declared ranges of the free indices of expr: {j: (lo, hi)}."""
    return {sym: (lo, hi) for sym, lo, hi in _declared_ranges(expr)}


_ORDER = (sp.Le, sp.Lt, sp.Ge, sp.Gt)


def _holds_on_range(cond, j, lo, hi) -> bool | None:
    """Whether an order relation linear in j holds for every integer j in [lo, hi].

    A linear order condition holds on an interval exactly when it holds at both ends,
    which turns '1 ≤ j ≤ n' into facts SymPy can decide about n.  Only ≤, <, ≥, >:
    j ≠ 3 holds at both ends of 1…5 and fails in between.
    """
    if not isinstance(cond, _ORDER):
        return None
    diff = cond.lhs - cond.rhs
    if not diff.is_polynomial(j) or sp.degree(diff, j) > 1:
        return None
    ends = [cond.subs(j, lo), cond.subs(j, hi)]
    if all(e is sp.true for e in ends):
        return True
    return None


def resolve_index_ranges(expr: sp.Expr) -> sp.Expr:
    """Evaluate KroneckerDelta sums, then drop Piecewise guards that index ranges make true.

    The ranges are those declared for free indices, and, inside a sum, the sum's own
    range for its bound index: Σ_t Piecewise((f, t ≤ n), (0, True)) over t = 1…n is Σ_t f.
    """
    if not expr.has(sp.KroneckerDelta, sp.Piecewise):
        return expr
    # doit() follows SymPy's convention for every sum inside, so their ranges are guarded first.
    # And an inner index named like a free one is renamed first, so substituting j = k cannot capture it.
    expr = expr.replace(lambda e: isinstance(e, sp.Sum) and e.has(sp.KroneckerDelta),
                        lambda e: rename_bound_apart(guard_empty_ranges(e), e.free_symbols).doit())
    if not expr.has(sp.Piecewise):
        return expr
    return _settle_piecewise(expr, index_facts(expr))


def _settle_piecewise(expr, facts: dict):
    if not expr.has(sp.Piecewise):
        return expr
    if isinstance(expr, (sp.Sum, sp.Product)):
        inner = dict(facts)
        for var, lo, hi in expr.limits:
            inner[var] = (lo, hi)
        return expr.func(_settle_piecewise(expr.function, inner), *expr.limits)
    if isinstance(expr, sp.Piecewise):
        pieces = [(_settle_piecewise(e, facts), _settle_condition(c, facts)) for e, c in expr.args]
        return sp.Piecewise(*pieces)
    return expr.func(*[_settle_piecewise(a, facts) for a in expr.args])


def _settle_condition(cond, facts: dict):
    reps = {}
    for rel in cond.atoms(sp.core.relational.Relational):
        for j, (lo, hi) in facts.items():
            if rel.has(j) and _holds_on_range(rel, j, lo, hi):
                reps[rel] = sp.true
    return cond.xreplace(reps)


# --- sums as symbols -----------------------------------------------------------------------

class SumAtoms:
    """Stands each distinct (canonical) sum in for a fresh symbol with the sum's sign.

    Replacing equal subterms by one symbol is sound for proving an identity, and
    lets cancel/together see that Σ_i e^{s_i} / Σ_j e^{s_j} is 1.  A sum that mentions
    an enclosing bound index k becomes S(k), never a k-free symbol: otherwise Σ_k Σ_j a_{kj}
    would turn into n·S.
    """

    def __init__(self):
        self.by_sum: dict[sp.Expr, sp.Expr] = {}

    def atom(self, s: sp.Expr, context: tuple = ()) -> sp.Expr:
        depends = [var for var, _, _ in context if var in s.free_symbols]
        # The ranges of the enclosing indices it depends on decide its sign, so they are part of its identity.
        key = (canonical(s), tuple(r for r in context if r[0] in depends))
        if key not in self.by_sum:
            self.by_sum[key] = _symbol_for(s, f"S{len(self.by_sum)}", context)
        head = self.by_sum[key]
        return sp.Function(str(head), **head.assumptions0)(*depends) if depends else head


def _symbol_for(s, name: str, context) -> sp.Symbol:
    f = s.function
    nonempty = all(nonnegative_on(hi - lo, list(context)) for _, lo, hi in s.limits)
    assumptions = {}
    if isinstance(s, IndexedMax):
        assumptions = {"real": True} if f.is_real else {}
    elif isinstance(s, sp.Product):
        # An empty product is 1, so positive factors give a positive product whatever the range.
        assumptions = {"positive": True} if f.is_positive else {"nonnegative": True} if f.is_nonnegative \
            else {"real": True} if f.is_real else {}
    elif nonempty and f.is_positive:
        assumptions = {"positive": True}
    elif f.is_nonnegative:
        assumptions = {"nonnegative": True}
    elif f.is_real:
        assumptions = {"real": True}
    return sp.Dummy(name, **assumptions)


def linear_normal_form(expr: sp.Expr, atoms: SumAtoms | None = None) -> sp.Expr:
    """Split sums over added summands, pull out index-free factors, and atomize what remains.

    Σ_i (a·f(i) + b) becomes a·S + b·n with S a symbol for Σ_i f(i).  Inner sums are
    handled first, so an index-free normaliser Z = Σ_j e^{s_j} inside p_i is already a
    symbol when the outer sum is split.
    """
    atoms = atoms or SumAtoms()
    # Canonical names first: then no inner index shares a name with an outer one, and
    # as_independent(i) below sees exactly what depends on the index being summed.
    return _normal(canonical(expr), atoms, ())


def _normal(expr, atoms: SumAtoms, context: tuple):
    if not isinstance(expr, sp.Basic) or not expr.has(*REDUCTIONS):
        return expr
    if isinstance(expr, (IndexedMax, sp.Product)):
        # Not linear: the whole reduction is one atom, its body normalised knowing its own indices.
        inner = _normal(expr.function, atoms, context + tuple(reversed(expr.limits)))
        return atoms.atom(expr.func(inner, *expr.limits), context)
    if isinstance(expr, sp.Sum):
        (i, lo, hi), rest = expr.limits[0], expr.limits[1:]
        outer = context + tuple(reversed(rest))
        body = _normal(expr.function, atoms, outer + ((i, lo, hi),))
        total = sp.Integer(0)
        for term in sp.Add.make_args(sp.expand(body)):
            free, dep = term.as_independent(i, as_Add=False)
            if dep == 1:
                count = hi - lo + 1
                inner = count if nonnegative_on(count, list(outer)) else sp.Max(count, 0)
            else:
                inner = atoms.atom(sp.Sum(dep, (i, lo, hi)), outer)
            total += free * inner
        if rest:
            return _normal(sp.Sum(total, *rest), atoms, context)
        return total
    return expr.func(*[_normal(a, atoms, context) for a in expr.args])


# --- concrete sizes ------------------------------------------------------------------------

def concrete(expr: sp.Expr, n: sp.Symbol, value: int) -> sp.Expr:
    """expr at n = value, with every sum over n written out term by term (an empty sum is 0).

    A maximum over an empty range has no value (SymPy's Max() would say −∞): the result is nan.
    """
    written = _write_out(expr.subs(n, value))
    if any(lo.is_Integer and hi.is_Integer and hi < lo for node in written.atoms(IndexedMax)
           for _, lo, hi in node.limits):
        return sp.nan
    return guard_empty_ranges(written).doit()


def _write_out(e):
    if not isinstance(e, sp.Basic) or e.is_Atom or not e.has(*REDUCTIONS):
        return e
    if isinstance(e, REDUCTIONS):
        var, lo, hi = e.limits[-1]                 # the outermost range
        if lo.is_Integer and hi.is_Integer:
            body = e.func(e.function, *e.limits[:-1]) if len(e.limits) > 1 else e.function
            terms = [_write_out(body.subs(var, k)) for k in range(int(lo), int(hi) + 1)]
            if isinstance(e, sp.Sum):
                return sp.Add(*terms)
            if isinstance(e, sp.Product):
                return sp.Mul(*terms)
            if terms:                              # the maximum of nothing stays undefined
                return e._fixed(*terms)
    return e.func(*[_write_out(a) for a in e.args])


def outermost(expr, types) -> list:
    """The subexpressions of the given types that lie inside no sum or maximum.

    Only these may be replaced by a symbol standing for their value: one inside Σ_j may
    depend on j, and a single symbol cannot stand for a value that changes with j.
    """
    found = []

    def walk(e):
        if not isinstance(e, sp.Basic) or e.is_Atom:
            return
        if isinstance(e, types):
            found.append(e)
            return
        if isinstance(e, REDUCTIONS):
            return
        for a in e.args:
            walk(a)
    walk(expr)
    return list(dict.fromkeys(found))
