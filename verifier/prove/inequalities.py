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

from ..authoring.reductions import IndexedMax, IndexedMin
from ..authoring.relations import Relation
from .identities import DEFAULT_LIMIT, Proof, decided_sign, prove_nonnegative, prove_zero
from .sums import canonical, resolve_index_ranges
from ..authoring.symbols import domain_of
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
    """Write max_k h(k) as h(i) + δ (δ ≥ 0), min_k h(k) as h(i) − δ, and Σ_k h(k) of
    nonnegative terms as h(i) + ρ (ρ ≥ 0), for a free index i in the same range.

    δ and ρ are exactly the true remainders, and any nonnegative value is allowed, so
    proving the claim for all δ, ρ ≥ 0 proves it for the true ones.  This is how
    e^{s_i} ≤ Σ_j e^{s_j} (so p_i ≤ 1) becomes visible to SymPy.
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
    for node in expr.atoms(sp.Sum):
        if len(node.limits) != 1 or not node.function.is_nonnegative:
            continue
        k, lo, hi = node.limits[0]
        for i in indices:
            d = domain_of(i)
            if sp.Integer(d.start) == lo and d.size == hi:
                reps[node] = node.function.subs(k, i) + sp.Dummy("rho", nonnegative=True)
                break
    return expr.xreplace(reps)


def prove_inequality(lhs, rhs, relation: Relation, facts: list[FactGap] = (),
                     limit: float = DEFAULT_LIMIT) -> tuple[Proof | None, list[str], list[str]]:
    """(proof, notes, names of facts used)."""
    lhs, rhs = resolve_index_ranges(sp.sympify(lhs)), resolve_index_ranges(sp.sympify(rhs))
    return prove_gap(gap_of(lhs, rhs, relation), relation.strict, list(facts), limit)


def prove_gap(gap, strict: bool, facts: list[FactGap], limit: float, depth: int = 0):
    """Show gap ≥ 0 (> 0 if strict): (proof, notes, names of facts used)."""
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

    if depth < 2:
        inner = _monotone_inner_gap(gap)
        if inner is not None:
            proof, n2, used = prove_gap(inner, strict, facts, limit, depth + 1)
            notes += n2
            if proof:
                return Proof(f"exp/log increasing, then {proof.method}", proof.scope), notes, used

    proof, n3 = _termwise(gap, strict, limit)
    notes += n3
    if proof:
        return proof, notes, []

    proof, n4 = _convex_univariate(gap, strict, limit)
    notes += n4
    if proof:
        return proof, notes, []
    proof, n5 = _convex_after_generalising(gap, strict, limit)
    return proof, notes + n5, []


def _monotone_inner_gap(gap):
    """For gap = c + f(A) − (c + f(B)) with f = exp or log: A − B, whose sign is gap's sign."""
    from .identities import _monotone_difference
    try:
        reduced = _monotone_difference(sp.expand(gap, log=False, power_exp=False, mul=False, multinomial=False))
    except Exception:  # an unusual shape is simply not this pattern
        return None
    return reduced


def _scope(expr) -> str:
    from .identities import size_symbols
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
        if not fact.equality and not decided_sign(c, False):
            continue
        rest = gap - c * fact.gap
        if not strict and prove_zero(canonical(rest), limit)[0]:
            return Proof(f"fact {fact.name}, times {sp.sstr(c)}", _scope(gap))
        method, _ = prove_nonnegative(rest, strict, limit)
        if method:
            return Proof(f"fact {fact.name}, times {sp.sstr(c)}, plus a {method}", _scope(gap))
    return None


def _as_one_sum(gap):
    """gap as a single Σ_i h(i) when it is a combination of sums over one range; else None.

    c·Σ_i f(i) − c·Σ_j g(j) becomes Σ_i c·(f(i) − g(i)) for index-free c.
    """
    terms = sp.Add.make_args(sp.expand(gap, log=False, power_exp=False, multinomial=False))
    index, limits, summand = None, None, sp.Integer(0)
    for term in terms:
        sums = [f for f in sp.Mul.make_args(term) if isinstance(f, sp.Sum)]
        if len(sums) != 1 or len(sums[0].limits) != 1:
            return None
        s = sums[0]
        coeff = sp.Mul(*[f for f in sp.Mul.make_args(term) if f is not s])
        j, lo, hi = s.limits[0]
        if limits is None:
            index, limits = j, (lo, hi)
        elif (lo, hi) != limits:
            return None
        if coeff.has(index) and j != index:
            return None
        summand += coeff * s.function.xreplace({j: index})
    if limits is None:
        return None
    return index, limits, summand


def _termwise(gap, strict: bool, limit) -> tuple[Proof | None, list[str]]:
    """Σ_i f(i) ≤ Σ_i g(i) over the same range because f(i) ≤ g(i) for each i in it."""
    one = _as_one_sum(gap)
    if one is None:
        return None, []
    index, (lo, hi), summand = one
    term = _free_index(summand, index, lo, hi)
    unfolded = unfold_extrema(term)
    method, notes = prove_nonnegative(unfolded, strict, limit)
    if method:
        return Proof(f"termwise: each summand, by {method}", _scope(gap)), notes
    # Unfolding sums can hide the shape a one-variable bound needs, so generalise both forms.
    for candidate in dict.fromkeys([term, unfolded]):
        proof, more = _convex_after_generalising(candidate, strict, limit)
        notes += more
        if proof:
            return Proof(f"termwise: each summand, by {proof.method}", _scope(gap)), notes
    return None, notes


def _free_index(summand, index, lo, hi):
    """The summand with its bound index replaced by a declared free index of the same range, if one exists."""
    for sym in sorted(summand.free_symbols | {index}, key=str):
        d = domain_of(sym)
        if d is not None and d.kind == "index" and (sp.Integer(d.start), d.size) == (lo, hi):
            return summand.xreplace({index: sym})
    # No declared index to hand: a fresh one with the sum's range keeps max_k s_k unfoldable.
    from ..authoring.symbols import Declared, Domain
    fresh = Declared("i_", Domain("index", size=hi, start=int(lo)), integer=True) if lo.is_Integer else index
    return summand.xreplace({index: fresh})


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
            first = sp.diff(gap, t)
            crit = sp.solveset(first, t, domain)
            if crit is sp.S.EmptySet and t.is_positive:
                # No interior critical point on (0, ∞): monotone, so the infimum is the limit at 0⁺.
                return _increasing_from_zero(gap, first, t, strict, limit)
            if not isinstance(crit, sp.FiniteSet) or len(crit) == 0:
                return None, [f"convexity: no finite set of critical points for {t}"]
            values = [sp.simplify(gap.subs(t, c)) for c in crit]
    except (StrategyTimeout, NotImplementedError, ValueError, TypeError) as exc:
        return None, [f"convexity: {exc.__class__.__name__}"]
    if all(decided_sign(v, strict) for v in values):
        where = ", ".join(f"{t} = {sp.sstr(c)}" for c in crit)
        return Proof(f"convexity: d²/d{t}² ≥ 0 and minimum at {where}", "all values"), []
    return None, ["convexity: value at the critical point not shown ≥ 0"]


def _increasing_from_zero(gap, first, t, strict: bool, limit) -> tuple[Proof | None, list[str]]:
    """gap(t) ≥ lim_{t→0⁺} gap ≥ 0 for t > 0 when gap' > 0 on (0, ∞); strict since gap is strictly increasing."""
    try:
        with time_limit(limit):
            start = sp.limit(gap, t, 0, "+")
        if decided_sign(start, False) and prove_nonnegative(first, True, limit)[0] is not None:
            return Proof(f"monotone: d/d{t} > 0 on {t} > 0 and the value → {sp.sstr(start)} as {t} → 0⁺",
                         "all values"), []
    except (StrategyTimeout, NotImplementedError, ValueError, TypeError):
        pass
    return None, [f"convexity: no critical point for {t} > 0 and monotonicity not shown"]


def _convex_after_generalising(gap, strict: bool, limit) -> tuple[Proof | None, list[str]]:
    """Replace the argument u of an exp or log by a fresh variable t, then try convexity in t.

    e^{λ(s_i − s̄)} − 1 − λ(s_i − s̄) is e^t − 1 − t with t = λ(s_i − s̄).  Solving u = t
    for an atom X that u contains linearly suggests G(t); the claim gap ≡ G(u) is then
    proved as an identity, so G(t) ≥ 0 for every real t gives gap ≥ 0.
    """
    from .sums import SumAtoms
    atoms = SumAtoms()
    # A sum becomes a symbol with the sum's sign: proving the bound for every such value is enough,
    # and it keeps the substitution below from reaching into the limits of a sum.
    gap = gap.xreplace({node: atoms.atom(node) for node in gap.atoms(sp.Sum)})
    args = {f.args[0] for f in gap.atoms(sp.exp, sp.log)}
    for u in sorted(args, key=sp.default_sort_key):
        if not u.is_real:
            continue
        free_atoms = [a for a in u.atoms(sp.Symbol, sp.Indexed) if a in gap.free_symbols or isinstance(a, sp.Indexed)]
        for x in sorted(free_atoms, key=sp.default_sort_key):
            if not x.is_real or not u.is_polynomial(x) or sp.degree(u, x) != 1:
                continue
            t = sp.Dummy("t", positive=True) if u.is_positive else sp.Dummy("t", real=True)
            try:
                with time_limit(limit):
                    (root,) = sp.solve(sp.Eq(u, t), x)
                    general = sp.simplify(gap.xreplace({x: root}))
            except Exception:  # solve/simplify failing is just this route failing
                continue
            # A positive factor free of t (like 1/n) does not change the sign.
            scale, shape = sp.factor_terms(general).as_independent(t, as_Add=False)
            if decided_sign(scale, True) and shape.free_symbols == {t}:
                general = shape
            else:
                scale = sp.Integer(1)
            if general.free_symbols != {t}:
                continue
            # Soundness does not rest on the substitution: gap ≡ G(u) is checked as an identity.
            if prove_zero(canonical(scale * general.xreplace({t: u}) - gap), limit)[0] is None:
                continue
            proof, notes = _convex_univariate(general, strict, limit)
            if proof:
                return Proof(f"{proof.method.replace(str(t), 't')}, with t = {sp.sstr(u)}", proof.scope), notes
    return None, []
