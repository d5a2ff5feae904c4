"""Strategies for ≤, ≥, < and > steps.

SymPy cannot prove most inequalities on its own, so each strategy reduces the
claim to something it can decide:
  * sign: the gap is nonnegative by the declared assumptions;
  * fact: the gap is a nonnegative multiple of an already-checked fact's gap;
  * monotone: the gap is f(A) − f(B) for an increasing f, so A − B decides it;
  * termwise: two sums over the same range, compared summand by summand;
  * convexity: a smooth one-variable gap that is convex and nonnegative at its critical points.
The maximum max_k h(k) is handled soundly by writing it as h(i) + δ with δ ≥ 0.
"""
from __future__ import annotations

import sympy as sp

from ..authoring.reductions import IndexedMax, IndexedMin
from ..authoring.relations import Relation
from ..authoring.symbols import Declared, Domain, domain_of
from . import closed_forms, hypotheses, monotone
from .convexity import convex_after_generalising, convex_univariate
from .identities import CONCRETE_SIZES, DEFAULT_LIMIT, by_equal_facts, prepare, scope_of, size_symbols, zero_outcome
from .intervals import decided_sign
from ..verdicts import Formula, Name, Said
from .outcome import FactGap, Proof, ProofOutcome, concrete_only
from .registry import EQUALITY, INEQUALITIES, Cost, Goal, attempt, register
from .signs import monotone_difference, positive_without_calculus, prove_nonnegative
from .sums import canonical, nonnegative_on, outermost, substitute
from .timeouts import StrategyTimeout, time_limit


CITED_SIZES = CONCRETE_SIZES[-1]     # a cited fact that holds only at n = 1…6 leaves the proof there too


def gap_of(lhs, rhs, relation: Relation) -> sp.Expr:
    """The expression that must be ≥ 0 (> 0 when strict) for lhs R rhs to hold."""
    if relation in (Relation.LE, Relation.LT):
        return rhs - lhs
    return lhs - rhs


def _scope(goal: Goal, facts=()) -> tuple[str, bool]:
    weak = [f.name for f in facts if concrete_only(f)]
    if weak:
        return f"n = 1…{CITED_SIZES} only (cited {', '.join(weak)} holds only there)", True
    return scope_of(goal), False


def _proof(method: str, goal: Goal, facts=()) -> Proof:
    scope, concrete_only = _scope(goal, facts)
    return Proof(method, scope, concrete_only, CITED_SIZES if concrete_only else None)


@register("sign", INEQUALITIES, Cost.MODERATE,
          "the gap's sign from the declared assumptions, after rewrites, factoring or sum linearity")
def _by_sign(goal: Goal) -> ProofOutcome:
    found = prove_nonnegative(goal.gap, goal.strict, goal.limit)
    proof = _proof(found.method, goal) if found.method else None
    return ProofOutcome(proof, found.notes, [], found.timed_out and proof is None)


@register("fact", (EQUALITY,) + INEQUALITIES, Cost.MODERATE,
          "the cited facts (by=): for =, a constant multiple of cited equalities; for an inequality, "
          "c·(a fact's gap) plus something ≥ 0, with c ≥ 0")
def _by_facts(goal: Goal) -> ProofOutcome:
    if goal.relation == EQUALITY:
        return by_equal_facts(goal)
    facts = list(goal.facts)
    groups = [[f] for f in facts] + ([facts] if len(facts) > 1 else [])
    timed_out = False
    for group in groups:
        combined = FactGap(" + ".join(f.name for f in group), sp.Add(*[f.gap for f in group]),
                           all(f.equality for f in group))
        method, short_of_time = _by_fact(goal, combined)
        timed_out = timed_out or short_of_time
        if method:
            return ProofOutcome(_proof(method, goal, group), [], [f.name for f in group])
    return ProofOutcome(None, timed_out=timed_out)


def _by_fact(goal: Goal, fact: FactGap) -> tuple[str | None, bool]:
    """gap = c·fact_gap + r with c ≥ 0 (any finite constant for an equality) and r ≥ 0 (r > 0 if strict);
    and whether a limit cut the search short (then failing depends on time, and the caller must say so)."""
    gap, fact_gap, limit = goal.gap, prepare(fact.gap), goal.limit
    timed_out = False
    try:
        with time_limit(limit):
            ratio = sp.simplify(canonical(gap) / fact_gap)
    except StrategyTimeout:
        ratio, timed_out = None, True
    except ZeroDivisionError:
        ratio = None
    candidates = [sp.Integer(1)]
    # c multiplies a gap that may vanish; where c has a pole that product is meaningless, so c must be finite.
    if ratio is not None and ratio.free_symbols <= gap.free_symbols | fact_gap.free_symbols \
            and ratio.is_finite is True and (not fact.equality or ratio.is_number):
        candidates.insert(0, ratio)
    for c in candidates:
        if not fact.equality and not decided_sign(c, False):
            continue
        rest = gap - c * fact_gap
        if not goal.strict:
            zero = zero_outcome(rest, limit)
            if zero.proof:
                return Said("fact ", Name(fact.name), ", times ", Formula.of(c)), timed_out
            timed_out = timed_out or zero.timed_out
        found = prove_nonnegative(rest, goal.strict, limit)
        if found.method:
            return Said("fact ", Name(fact.name), ", times ", Formula.of(c), ", plus a ", found.method), timed_out
        timed_out = timed_out or found.timed_out
    return None, timed_out


@register("monotone", INEQUALITIES, Cost.MODERATE,
          "the gap is f(A) − f(B) with f = exp or log, increasing: prove A − B instead")
def _by_monotonicity(goal: Goal) -> ProofOutcome:
    if goal.depth >= 2:
        return ProofOutcome(None)
    try:
        inner = monotone_difference(sp.expand(goal.gap, log=False, power_exp=False, mul=False, multinomial=False))
    except Exception:  # an unusual shape is simply not this pattern
        return ProofOutcome(None)
    notes, timed_out = [], False
    if inner is not None:
        sub = Goal(">" if goal.strict else ">=", inner, sp.Integer(0), goal.facts, goal.limit, goal.depth + 1,
                   sizes=goal.sizes)
        out = attempt(sub, _inner_order(sub))
        if out.proof is not None:
            proof = Proof(Said("exp/log increasing, then ", out.proof.method), out.proof.scope, out.proof.concrete_only,
                          out.proof.sizes_only)
            return ProofOutcome(proof, out.notes, out.facts_used)
        notes, timed_out = out.notes, out.timed_out
    # √, powers on nonnegative sides, log with positive arguments, other increasing functions (monotone.py).
    try:
        found = monotone.reductions(goal.gap)
    except Exception:  # an unusual shape is simply not this pattern
        found = []
    for r in found:
        if not all(prove_nonnegative(e, strict, min(goal.limit, 2.0)).method for e, strict in r.conditions):
            notes.append(f"monotone: {r.how} needs conditions not shown")
            continue
        sub = Goal(">" if goal.strict else ">=", r.inner, sp.Integer(0), goal.facts, goal.limit, goal.depth + 1,
                   sizes=goal.sizes)
        out = attempt(sub, _inner_order(sub))
        if out.proof is not None:
            proof = Proof(Said(r.how, ", then ", out.proof.method), out.proof.scope, out.proof.concrete_only,
                          out.proof.sizes_only)
            return ProofOutcome(proof, notes + out.notes, out.facts_used)
        notes, timed_out = notes + out.notes, timed_out or out.timed_out
    return ProofOutcome(None, notes, [], timed_out)


def _inner_order(sub: Goal):
    """The order in which the comparison of the arguments is attempted: the default one, except that a
    comparison of two sums over one range (Σ_i e^{t_i} ≥ Σ_i (1 + t_i) once log is peeled off) is compared
    summand by summand first.  The sign strategy would otherwise try first to evaluate sums that have no
    closed form (simplify on the whole difference), seconds of CPU before termwise is even tried.  Only the
    order changes: every strategy is still tried, and the first proof wins as in any search."""
    try:
        one_sum = _as_one_sum(sub.gap) is not None
    except Exception:  # an unusual shape is simply not this pattern: the default order
        one_sum = False
    return ["termwise"] if one_sum else None


@register("termwise", INEQUALITIES, Cost.MODERATE,
          "Σ_i f(i) ≤ Σ_i g(i) over one range because f(i) ≤ g(i) for every i in it")
def _termwise(goal: Goal) -> ProofOutcome:
    one = _as_one_sum(goal.gap)
    if one is None:
        return ProofOutcome(None)
    index, (lo, hi), summand = one
    if goal.strict and not nonnegative_on(hi - lo, []):
        # Positive terms give a positive sum only if there is at least one: Σ_{i=1}^{n−1} e^{s_i} = 0 at n = 1.
        return ProofOutcome(None, ["termwise: the range may be empty, so a strict bound does not follow"])
    term = substitute(summand, {index: fresh_index(summand, lo, hi)})
    unfolded = unfold_extrema(term)
    found = prove_nonnegative(unfolded, goal.strict, goal.limit)
    if found.method:
        return ProofOutcome(_proof(Said("termwise: each summand, by ", found.method), goal), found.notes)
    notes = found.notes
    # Unfolding sums can hide the shape a one-variable bound needs, so generalise both forms.
    for candidate in dict.fromkeys([term, unfolded]):
        out = _generalised(candidate, goal.strict, goal.limit)
        notes += out.notes
        if out.proof:
            return ProofOutcome(_proof(Said("termwise: each summand, by ", out.proof.method), goal), notes)
    return ProofOutcome(None, notes)


@register("unfold", INEQUALITIES, Cost.MODERATE,
          "max_k h(k) as h(i) + δ and a sum of nonnegative terms as h(i) + ρ at a free index i; then the sign")
def _by_unfolding(goal: Goal) -> ProofOutcome:
    unfolded = unfold_extrema(goal.gap)
    if unfolded == goal.gap:
        return ProofOutcome(None)
    found = prove_nonnegative(unfolded, goal.strict, goal.limit)
    proof = _proof(Said("unfolded at the free index, then ", found.method), goal) if found.method else None
    return ProofOutcome(proof, found.notes, [], found.timed_out and proof is None)


@register("convexity", INEQUALITIES, Cost.EXPENSIVE,
          "a smooth one-variable gap, convex, nonnegative at its critical points (or increasing from 0⁺)")
def _by_convexity(goal: Goal) -> ProofOutcome:
    return convex_univariate(goal.gap, goal.strict, goal.limit, positive_without_calculus(goal.limit))


@register("generalise", INEQUALITIES, Cost.EXPENSIVE,
          "the argument u of an exp or log generalised to one variable t, then convexity in t")
def _by_generalising(goal: Goal) -> ProofOutcome:
    return _generalised(goal.gap, goal.strict, goal.limit)


def _generalised(gap, strict: bool, limit: float) -> ProofOutcome:
    return convex_after_generalising(gap, strict, limit, lambda d: zero_outcome(d, limit).proof is not None,
                                     positive_without_calculus(limit))


def _as_one_sum(gap):
    """gap as a single Σ_k h(k), k a fresh dummy, when it is a combination of sums over one range; else None.

    c·Σ_i f(i) − c·Σ_j g(j) becomes Σ_k c·(f(k) − g(k)): c lies outside every sum, so it
    cannot depend on their bound indices, whatever its symbols are called.
    """
    terms = sp.Add.make_args(sp.expand(gap, log=False, power_exp=False, multinomial=False))
    index = sp.Dummy("k", integer=True)
    limits, summand = None, sp.Integer(0)
    for term in terms:
        sums = [f for f in sp.Mul.make_args(term) if isinstance(f, sp.Sum)]
        if len(sums) != 1 or len(sums[0].limits) != 1:
            return None
        s = sums[0]
        coeff = sp.Mul(*[f for f in sp.Mul.make_args(term) if f is not s])
        j, lo, hi = s.limits[0]
        if limits is None:
            limits = (lo, hi)
        elif (lo, hi) != limits:
            return None
        summand += coeff * substitute(s.function, {j: index})
    if limits is None:
        return None
    return index, limits, summand


def fresh_index(expr, lo, hi) -> sp.Symbol:
    """A new index over lo…hi, named apart from every symbol in expr (free or bound)."""
    taken = {str(s) for s in expr.atoms(sp.Symbol)}
    name = "k"
    while name in taken:
        name += "'"
    if lo.is_Integer:
        # Declared with the range, so max_k s_k over the same range can be unfolded at it.
        return Declared(name, Domain("index", size=hi, start=int(lo)), integer=True)
    return sp.Dummy(name, integer=True)


def unfold_extrema(expr: sp.Expr) -> sp.Expr:
    """Write max_k h(k) as h(i) + δ (δ ≥ 0), min_k h(k) as h(i) − δ, and Σ_k h(k) of
    nonnegative terms as h(i) + ρ (ρ ≥ 0), for a free index i in the same range.

    δ and ρ are exactly the true remainders, and any nonnegative value is allowed, so
    proving the claim for all δ, ρ ≥ 0 proves it for the true ones.  Only reductions
    outside every sum are unfolded (inside Σ_j the remainder would depend on j), and
    h(i) is formed without capture: a bound index named i is renamed first.
    """
    indices = sorted((s for s in expr.free_symbols if (d := domain_of(s)) and d.kind == "index"), key=str)
    if not indices:
        return expr
    reps, remainders = {}, {}
    for node in outermost(expr, (sp.Sum, IndexedMax)):
        k, lo, hi = node.limits[-1]
        if isinstance(node, sp.Sum) and (len(node.limits) != 1 or not node.function.is_nonnegative):
            continue
        for i in indices:
            d = domain_of(i)
            if (sp.Integer(d.start), d.size) == (lo, hi):
                # Equal reductions (up to the names of their indices) have one and the same remainder.
                name = "rho" if isinstance(node, sp.Sum) else "delta"
                rest = remainders.setdefault((canonical(node), i), sp.Dummy(name, nonnegative=True))
                sign = -1 if isinstance(node, IndexedMin) else 1
                reps[node] = substitute(node.function, {k: i}) + sign * rest
                break
    return expr.xreplace(reps)


def prove_inequality(lhs, rhs, relation, facts=(), limit: float = DEFAULT_LIMIT, how=None,
                     only: bool = False) -> ProofOutcome:
    """lhs R rhs for every value of the symbols, R one of <=, >=, <, >."""
    relation = relation.value if isinstance(relation, Relation) else relation
    if relation not in INEQUALITIES:
        raise ValueError(f"not an inequality: {relation!r}")
    sizes = tuple(size_symbols(sp.Tuple(sp.sympify(lhs), sp.sympify(rhs))))
    return attempt(Goal(relation, prepare(lhs), prepare(rhs), tuple(facts), limit, sizes=sizes), how, only=only)


# Declared ranges and facts as hypotheses (prove/hypotheses.py): registered here, after the strategies above,
# so it is tried only once they have not proved the step as stated.
register("hypotheses", (EQUALITY,) + INEQUALITIES, Cost.MODERATE,
         "the declared ranges as hypotheses: each confined symbol written as the image of a fresh symbol whose "
         "assumptions carry its range (p ∈ (0, 1) as u/(1 + u), u > 0), then the other strategies")(
    hypotheses.under_hypotheses)

register("closed_form", (EQUALITY,) + INEQUALITIES, Cost.MODERATE,
         "sums of index-only summands (geometric, arithmetic, power sums) in SymPy's closed form, each piecewise "
         "condition (q ≠ 1) settled from the declarations, then the rewrites or the sign")(closed_forms.by_closed_forms)
