"""Symbolic strategies for ≤ and ≥ steps.

SymPy cannot prove most inequalities on its own, so each strategy reduces the
claim to something it can decide:
  * sign: the gap is nonnegative by the declared assumptions;
  * fact: the gap is a nonnegative multiple of an already-checked fact's gap;
  * termwise: two sums over the same range, compared summand by summand;
  * convexity: a one-variable gap that is convex and nonnegative at its critical points.
The maximum max_k h(k) is handled soundly by writing it as h(i) + δ with δ ≥ 0.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from .reductions import IndexedMax, IndexedMin
from .relations import Relation
from .symbolic import DEFAULT_LIMIT, Proof, prove_nonnegative, prove_zero
from .sums import canonical, resolve_index_ranges
from .symbols import domain_of
from .timeouts import StrategyTimeout, time_limit


@dataclass
class FactGap:
    """A checked fact `small ≤ big` (or `small = big`), as the nonnegative gap big − small."""
    name: str
    gap: sp.Expr
    equality: bool


def gap_of(lhs, rhs, relation: Relation) -> sp.Expr:
    """The expression that must be ≥ 0 (> 0 when strict) for lhs R rhs to hold."""
    if relation in (Relation.LE, Relation.LT):
        return rhs - lhs
    return lhs - rhs


def _free_indices(expr):
    return [s for s in expr.free_symbols if isinstance(s, sp.Symbol) and (d := domain_of(s)) and d.kind == "index"]


def unfold_extrema(expr: sp.Expr) -> sp.Expr:
    """Write max_k h(k) as h(i) + δ (δ ≥ 0) and min_k h(k) as h(i) − δ, for a free index i in range.

    Any δ ≥ 0 is allowed, so proving the claim for all δ ≥ 0 proves it for the true one.
    """
    indices = _free_indices(expr)
    if not indices:
        return expr
    reps = {}
    for node in expr.atoms(IndexedMax):
        k, lo, hi = node.limits[0]
        for i in indices:
            d = domain_of(i)
            if sp.Integer(d.start) == lo and d.size == hi:
                delta = sp.Dummy("delta", nonnegative=True)
                sign = -1 if isinstance(node, IndexedMin) else 1
                reps[node] = node.function.subs(k, i) + sign * delta
                break
    return expr.xreplace(reps)


def prove_inequality(lhs, rhs, relation: Relation, facts: list[FactGap] = (),
                     limit: float = DEFAULT_LIMIT) -> tuple[Proof | None, list[str], list[str]]:
    """(proof, notes, names of facts used)."""
    lhs, rhs = resolve_index_ranges(sp.sympify(lhs)), resolve_index_ranges(sp.sympify(rhs))
    strict = relation.strict
    gap = gap_of(lhs, rhs, relation)
    notes: list[str] = []

    method, n1 = prove_nonnegative(gap, strict, limit)
    notes += n1
    if method:
        return Proof(method, _scope(gap)), notes, []

    for fact in facts:
        proof = _by_fact(gap, fact, strict, limit)
        if proof:
            return proof, notes, [fact.name]
    if len(facts) > 1:
        combined = FactGap(" + ".join(f.name for f in facts), sp.Add(*[f.gap for f in facts]), False)
        proof = _by_fact(gap, combined, strict, limit)
        if proof:
            return proof, notes, [f.name for f in facts]

    proof, n2 = _termwise(lhs, rhs, relation, limit)
    notes += n2
    if proof:
        return proof, notes, []

    proof, n3 = _convex_univariate(gap, strict, limit)
    notes += n3
    if proof:
        return proof, notes, []
    return None, notes, []


def _scope(expr) -> str:
    from .symbolic import size_symbols
    return "generic n" if size_symbols(expr) else "all values"


def _by_fact(gap, fact: FactGap, strict: bool, limit) -> Proof | None:
    """gap = c·fact_gap + r with c ≥ 0 and r ≥ 0 (r > 0 if strict)."""
    try:
        with time_limit(limit):
            ratio = sp.simplify(canonical(gap) / canonical(fact.gap))
    except (StrategyTimeout, ZeroDivisionError):
        ratio = None
    candidates = [sp.Integer(1)]
    if ratio is not None and ratio.free_symbols <= gap.free_symbols | fact.gap.free_symbols:
        candidates.insert(0, ratio)
    for c in candidates:
        if not fact.equality and c.is_nonnegative is not True:
            continue
        rest = gap - c * fact.gap
        if not strict and prove_zero(canonical(rest), limit)[0]:
            return Proof(f"fact {fact.name}, times {sp.sstr(c)}", _scope(gap))
        method, _ = prove_nonnegative(rest, strict, limit)
        if method:
            return Proof(f"fact {fact.name}, times {sp.sstr(c)}, plus a {method}", _scope(gap))
    return None


def _termwise(lhs, rhs, relation: Relation, limit) -> tuple[Proof | None, list[str]]:
    """Σ_i f(i) ≤ Σ_i g(i) over the same range because f(i) ≤ g(i) for each i in it."""
    if not (isinstance(lhs, sp.Sum) and isinstance(rhs, sp.Sum)):
        return None, []
    if len(lhs.limits) != 1 or len(rhs.limits) != 1:
        return None, []
    (i, lo, hi), (j, lo2, hi2) = lhs.limits[0], rhs.limits[0]
    if (lo, hi) != (lo2, hi2):
        return None, []
    f, g = lhs.function, rhs.function.xreplace({j: i})
    gap = unfold_extrema(gap_of(f, g, relation))
    method, notes = prove_nonnegative(gap, relation.strict, limit)
    if method:
        return Proof(f"termwise: each summand, by {method}", _scope(lhs)), notes
    return None, notes


def _convex_univariate(gap, strict: bool, limit) -> tuple[Proof | None, list[str]]:
    """A convex function of one real variable is minimal at its critical points."""
    syms = [s for s in gap.free_symbols if isinstance(s, sp.Symbol)]
    if len(syms) != 1 or gap.has(sp.Sum, sp.Indexed):
        return None, []
    t = syms[0]
    if not t.is_real:
        return None, []
    try:
        with time_limit(limit):
            second = sp.simplify(sp.diff(gap, t, 2))
            if second.is_nonnegative is not True:
                return None, [f"convexity: could not show d²/d{t}² ≥ 0"]
            domain = sp.Interval.open(0, sp.oo) if t.is_positive else sp.S.Reals
            crit = sp.solveset(sp.diff(gap, t), t, domain)
            if not isinstance(crit, sp.FiniteSet) or len(crit) == 0:
                return None, [f"convexity: no finite set of critical points for {t}"]
            values = [sp.simplify(gap.subs(t, c)) for c in crit]
    except (StrategyTimeout, NotImplementedError, ValueError, TypeError) as exc:
        return None, [f"convexity: {exc.__class__.__name__}"]
    if all((v.is_positive if strict else v.is_nonnegative) for v in values):
        where = ", ".join(f"{t} = {sp.sstr(c)}" for c in crit)
        return Proof(f"convexity: d²/d{t}² ≥ 0 and minimum at {where}", "all values"), []
    return None, ["convexity: value at the critical point not shown ≥ 0"]
