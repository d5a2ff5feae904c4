"""Algebra of sums over a symbolic length n, which SymPy's simplify does not do reliably.

Three traps make `simplify` fail on softmax identities:
  * Σ_i f(i) and Σ_j f(j) are different objects to SymPy;
  * it rarely splits a sum over an added summand or pulls out index-free factors;
  * d/ds_j of a sum leaves KroneckerDelta sums, then Piecewise terms guarded by 1 ≤ j ≤ n.
The functions here remove each trap soundly, so the ordinary strategies can
then compare what is left.
"""
from __future__ import annotations

import sympy as sp

from ..authoring.reductions import IndexedMax
from ..authoring.symbols import domain_of


def canonical(expr: sp.Expr) -> sp.Expr:
    """Rename every bound index to a canonical dummy, so Σ_i f(i) == Σ_j f(j).

    A bare symbol is returned as is: Symbol.as_dummy() drops its assumptions.
    """
    if expr.is_Atom:
        return expr
    return expr.as_dummy()


def index_facts(expr: sp.Expr) -> dict:
    """Declared ranges of the free indices of expr: {j: (lo, hi)}."""
    facts = {}
    for sym in expr.free_symbols:
        d = domain_of(sym)
        if d is not None and d.kind == "index":
            facts[sym] = (sp.Integer(d.start), d.size)
    return facts


def _holds_on_range(cond, j, lo, hi) -> bool | None:
    """Whether a relational linear in j holds for every integer j in [lo, hi].

    A linear condition holds on an interval exactly when it holds at both ends,
    which turns '1 ≤ j ≤ n' into facts SymPy can decide about n.
    """
    diff = cond.lhs - cond.rhs
    if sp.degree(diff, j) > 1 if diff.is_polynomial(j) else True:
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
    expr = expr.replace(lambda e: isinstance(e, sp.Sum) and e.has(sp.KroneckerDelta), lambda e: e.doit())
    if not expr.has(sp.Piecewise):
        return expr
    return _settle_piecewise(expr, index_facts(expr))


def _settle_piecewise(expr, facts: dict):
    if not expr.has(sp.Piecewise):
        return expr
    if isinstance(expr, sp.Sum):
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


class SumAtoms:
    """Stands each distinct (canonical) sum in for a fresh symbol with the sum's sign.

    Replacing equal subterms by one symbol is sound for proving an identity, and
    lets cancel/together see that Σ_i e^{s_i} / Σ_j e^{s_j} is 1.
    """

    def __init__(self):
        self.by_sum: dict[sp.Expr, sp.Symbol] = {}

    def atom(self, s: sp.Expr) -> sp.Symbol:
        key = canonical(s)
        if key not in self.by_sum:
            f = s.function
            nonempty = all((hi - lo + 1).is_positive for _, lo, hi in s.limits)
            assumptions = {}
            if isinstance(s, IndexedMax):
                assumptions = {"real": True} if f.is_real else {}
            elif nonempty and f.is_positive:
                assumptions = {"positive": True}
            elif f.is_nonnegative:
                assumptions = {"nonnegative": True}
            elif f.is_real:
                assumptions = {"real": True}
            self.by_sum[key] = sp.Dummy(f"S{len(self.by_sum)}", **assumptions)
        return self.by_sum[key]


def linear_normal_form(expr: sp.Expr, atoms: SumAtoms | None = None) -> sp.Expr:
    """Split sums over added summands, pull out index-free factors, and atomize what remains.

    Σ_i (a·f(i) + b) becomes a·S + b·n with S a symbol for Σ_i f(i).  Inner sums are
    handled first, so an index-free normaliser Z = Σ_j e^{s_j} inside p_i is already a
    symbol when the outer sum is split.
    """
    atoms = atoms or SumAtoms()
    return _normal(expr, atoms)


def _normal(expr, atoms: SumAtoms):
    if not isinstance(expr, sp.Basic) or not expr.has(sp.Sum, IndexedMax):
        return expr
    if isinstance(expr, IndexedMax):
        inner = _normal(expr.function, atoms)
        return atoms.atom(expr.func(inner, *expr.limits))
    if isinstance(expr, sp.Sum):
        body = _normal(expr.function, atoms)
        (i, lo, hi), rest = expr.limits[0], expr.limits[1:]
        total = sp.Integer(0)
        for term in sp.Add.make_args(sp.expand(body)):
            free, dep = term.as_independent(i, as_Add=False)
            if dep == 1:
                inner = (hi - lo + 1)
            else:
                inner = atoms.atom(sp.Sum(dep, (i, lo, hi)))
            total += free * inner
        if rest:
            return _normal(sp.Sum(total, *rest), atoms)
        return total
    return expr.func(*[_normal(a, atoms) for a in expr.args])


def concrete(expr: sp.Expr, n: sp.Symbol, value: int) -> sp.Expr:
    """expr at n = value, with every sum over n written out term by term."""
    return expr.subs(n, value).doit()
