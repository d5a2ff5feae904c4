"""Strategies for = steps: each tries to show lhs − rhs is zero.

Strategies run cheapest first, each under its own time limit, and the first
success names the method.  None of them uses force=True, which 'proves' false
identities such as log(x·y) = log x + log y for negative x, y.  A failure here
is never a refutation: SymPy misses true identities, so only numbers refute.
"""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable

import sympy as sp

from ..authoring.symbols import domain_of
from ..verdicts import Formula, Name, Said
from .outcome import Proof, ProofOutcome, concrete_only, generic
from .registry import EQUALITY, Cost, Goal, attempt, register
from .sums import REDUCTIONS, SumAtoms, canonical, concrete, guard_empty_ranges, linear_normal_form, \
    resolve_index_ranges
from .timeouts import StrategyTimeout, time_limit

DEFAULT_LIMIT = 5.0   # seconds per strategy
CONCRETE_SIZES = range(1, 7)
# Once a generic proof exists, the concrete cases are a second opinion: n = 1, 2, 3 by the cheap rewrites, within
# a small CPU budget (which only guards against an expansion that explodes: most reach n = 3 well within it).
# Beyond n = 3 the numbers, which evaluate every step at many sizes, are the independent check.
SECOND_OPINION_SIZES = range(1, 4)
SECOND_OPINION_BUDGET = 0.5   # CPU seconds


def _zero(e: sp.Expr) -> bool:
    return e == 0 or e.is_zero is True


def _integrals_as_atoms(transform: Callable[[sp.Expr], sp.Expr]) -> Callable[[sp.Expr], sp.Expr]:
    """The transform with every unevaluated integral standing as a symbol of its own, put back afterwards.

    Rational-function algebra treats an integral as an atom anyway, but SymPy orders terms (signsimp, sorting)
    by their numeric values, and the value of an integral is a quadrature at every comparison: seconds per
    call for a jump in the integrand, where the same algebra on a symbol takes milliseconds."""
    def run(d: sp.Expr) -> sp.Expr:
        integrals = d.atoms(sp.Integral)
        if not integrals:
            return transform(d)
        atoms = {i: sp.Dummy("integral") for i in integrals}
        return transform(d.xreplace(atoms)).xreplace({a: i for i, a in atoms.items()})
    return run


# Each transform is tried on the difference; they are sound rewrites that differ in reach and cost.
TRANSFORMS: list[tuple[str, Callable[[sp.Expr], sp.Expr]]] = [
    ("exact match", lambda d: d),
    ("expand", sp.expand),
    ("cancel/together", _integrals_as_atoms(lambda d: sp.cancel(sp.together(d)))),
    ("expand_log/powsimp", lambda d: sp.expand(sp.powsimp(sp.expand_log(d)))),
    # sympy.stats answers in erfc and sinh; written as erf and exp they cancel against closed forms.
    ("rewrite as exp/erf", lambda d: sp.expand(d.rewrite(sp.erf).rewrite(sp.exp))),
    ("simplify", sp.simplify),
]
CHEAP = [name for name, _ in TRANSFORMS if name != "simplify"]


@dataclass
class Search:
    """The outcome of trying rewrites before a scope is known: the method that worked, if any."""
    method: str | None
    notes: list[str] = field(default_factory=list)
    timed_out: bool = False


def run_transforms(diff: sp.Expr, test: Callable[[sp.Expr], bool], limit: float,
                   only: list[str] | None = None) -> Search:
    """First transform (of `only`, default all) after which `test` holds, and notes on those that failed."""
    found = Search(None)
    for name, transform in TRANSFORMS:
        if only is not None and name not in only:
            continue
        try:
            with time_limit(limit):
                if test(transform(diff)):
                    found.method = name
                    return found
        except StrategyTimeout:
            found.notes.append(f"{name} timed out after {limit:g} s")
            found.timed_out = True
        except Exception as exc:  # SymPy internals raise anything (even StopIteration); a failed strategy is just not a proof
            found.notes.append(Said(Name(name), " failed: ", Name(exc.__class__.__name__)))
    return found


def size_symbols(expr: sp.Expr) -> list[sp.Symbol]:
    return sorted((s for s in sp.sympify(expr).free_symbols if (d := domain_of(s)) and d.kind == "size"), key=str)


def prepare(expr: sp.Expr) -> sp.Expr:
    """Guards settled, sums made to mean what the numbers compute, bound indices named canonically."""
    return canonical(guard_empty_ranges(resolve_index_ranges(guard_empty_ranges(sp.sympify(expr)))))


def scope_of(goal: Goal) -> str:
    """"generic n" (naming the claim's sizes) for a claim stated with a size (even if rewriting removed it, as
    δ-sums do), else "all values"."""
    sizes = goal.sizes or size_symbols(sp.Tuple(goal.lhs, goal.rhs))
    return generic(sizes) if sizes else "all values"


def _normal_form(diff: sp.Expr, limit: float) -> tuple[sp.Expr | None, Search]:
    if not diff.has(*REDUCTIONS):
        return None, Search(None)
    try:
        with time_limit(limit):
            return linear_normal_form(diff, SumAtoms()), Search(None)
    except StrategyTimeout:
        return None, Search(None, [f"sum linearity timed out after {limit:g} s"], True)
    except Exception as exc:  # an unusual sum shape is a failed strategy, not a crash
        return None, Search(None, [f"sum linearity failed: {exc.__class__.__name__}"])


def _outcome(search: Search, goal: Goal, prefix: str = "") -> ProofOutcome:
    proof = Proof(prefix + search.method, scope_of(goal)) if search.method else None
    return ProofOutcome(proof, search.notes, [], search.timed_out and proof is None)


def _transform_strategy(name: str):
    def run(goal: Goal) -> ProofOutcome:
        return _outcome(run_transforms(goal.gap, _zero, goal.limit, only=[name]), goal)
    return run


for _name, _registry_name in zip(CHEAP, ("exact", "expand", "cancel", "expand_log", "rewrite_exp")):
    register(_registry_name, [EQUALITY], Cost.CHEAP, f"lhs − rhs becomes 0 after {_name}")(_transform_strategy(_name))


@register("linearity", [EQUALITY], Cost.MODERATE,
          "split sums, pull out index-free factors, one symbol per distinct sum; then the cheap rewrites")
def _by_linearity(goal: Goal) -> ProofOutcome:
    normal, found = _normal_form(goal.gap, goal.limit)
    if normal is None:
        return _outcome(found, goal)
    more = run_transforms(normal, _zero, goal.limit, only=CHEAP)
    return _outcome(Search(more.method, found.notes + more.notes, more.timed_out), goal, "sum linearity + ")


OPERATIONS = (sp.Derivative, sp.Integral, sp.Subs)


@register("operations", [EQUALITY], Cost.MODERATE,
          "stated operations (∂, ∫, Subs) evaluated by SymPy, then the cheap rewrites and sum linearity")
def _by_evaluating_operations(goal: Goal) -> ProofOutcome:
    # A step that states an operation (Derivative(L, x) on the left, the result written by hand on the
    # right) is checked by carrying the operation out; under a sum of symbolic length SymPy
    # differentiates term by term, so the claim stays general.
    if not goal.gap.has(*OPERATIONS):
        return ProofOutcome(None)
    shallow = _operations_alone(goal)
    if shallow.proof is not None:
        return shallow
    out = _operations_in_full(goal)
    # A first try cut short by its limit makes the failure time-dependent: say so, as any strategy does.
    return replace(out, timed_out=True) if shallow.timed_out and out.proof is None else out


def _operations_in_full(goal: Goal) -> ProofOutcome:
    try:
        with time_limit(goal.limit):
            evaluated = goal.gap.replace(lambda e: isinstance(e, OPERATIONS), lambda e: e.doit())
            if evaluated.has(*OPERATIONS):
                return ProofOutcome(None, ["SymPy left an operation unevaluated"])
            evaluated = prepare(evaluated)
    except StrategyTimeout:
        return ProofOutcome(None, [f"evaluating the operations timed out after {goal.limit:g} s"], [], True)
    except Exception as exc:  # an operation SymPy cannot carry out is just not this route
        return ProofOutcome(None, [f"evaluating the operations failed: {exc.__class__.__name__}"])
    return _evaluated_outcome(evaluated, goal)


def _operations_alone(goal: Goal) -> ProofOutcome:
    """Whether carrying out the stated derivatives and substitutions alone shows the gap is 0.

    SymPy's doit also evaluates whatever else it meets inside the operation: the sums under ∂ (Σ_t of a
    quadratic in x₁ differentiated twice), searched for a closed form they do not have, seconds of CPU before
    the derivative is even taken.  Differentiation goes through a sum term by term anyway, so the derivative of
    the unevaluated sum is tried first; only when that does not show the gap is 0 is the full evaluation
    (below) tried, as before.  Integrals are left to it (integrating twice would double their cost)."""
    if goal.gap.has(sp.Integral):
        return ProofOutcome(None)
    try:
        with time_limit(goal.limit):
            evaluated = goal.gap.replace(lambda e: isinstance(e, OPERATIONS), lambda e: e.doit(deep=False))
            if evaluated.has(*OPERATIONS):
                return ProofOutcome(None)
            evaluated = prepare(evaluated)
    except StrategyTimeout:
        return ProofOutcome(None, [], [], True)
    except Exception:  # an operation SymPy cannot carry out this way: the full evaluation decides
        return ProofOutcome(None)
    return _evaluated_outcome(evaluated, goal)


def _evaluated_outcome(evaluated: sp.Expr, goal: Goal) -> ProofOutcome:
    """The cheap rewrites, then sum linearity, on the gap with its operations carried out."""
    found = run_transforms(evaluated, _zero, goal.limit, only=CHEAP)
    if found.method:
        return _outcome(found, goal, "operations evaluated + ")
    normal, more = _normal_form(evaluated, goal.limit)
    if normal is not None:
        again = run_transforms(normal, _zero, goal.limit, only=CHEAP)
        return _outcome(Search(again.method, found.notes + more.notes + again.notes,
                               found.timed_out or more.timed_out or again.timed_out),
                        goal, "operations evaluated + sum linearity + ")
    return _outcome(found, goal)


def by_equal_facts(goal: Goal) -> ProofOutcome:
    """lhs − rhs is a constant multiple of cited equalities (or of their sum)."""
    equalities = [f for f in goal.facts if f.equality]
    groups = [[f] for f in equalities] + ([equalities] if len(equalities) > 1 else [])
    for group in groups:
        gap = prepare(sp.Add(*[f.gap for f in group]))
        ratio = sp.cancel(goal.gap / gap) if gap != 0 else None
        # Only a constant factor: an expression factor could have a pole exactly where the fact's gap vanishes.
        factors = [sp.Integer(1), sp.Integer(-1)] + ([ratio] if ratio is not None and ratio.is_Rational else [])
        for c in dict.fromkeys(factors):
            found = zero_outcome(goal.gap - c * gap, goal.limit)
            if found.proof:
                names = [f.name for f in group]
                return ProofOutcome(_from_facts(Said("fact ", Said.joined(" + ", [Name(n) for n in names]), ", times ", Formula.of(c), ", by ",
                                                     found.proof.method), goal, group), [], names)
    return ProofOutcome(None)


def _from_facts(method: str, goal: Goal, facts) -> Proof:
    """A proof is only as strong as the facts it rests on."""
    weak = [f.name for f in facts if concrete_only(f)]
    if weak:
        return Proof(method, f"n = 1…{CONCRETE_SIZES[-1]} only (cited {', '.join(weak)} holds only there)", True,
                     CONCRETE_SIZES[-1])
    return Proof(method, scope_of(goal))


@register("simplify", [EQUALITY], Cost.EXPENSIVE, "sympy.simplify of lhs − rhs, then of its sum-linear form")
def _by_simplify(goal: Goal) -> ProofOutcome:
    found = run_transforms(goal.gap, _zero, goal.limit, only=["simplify"])
    if found.method:
        return _outcome(found, goal)
    normal, more = _normal_form(goal.gap, goal.limit)
    if normal is None:
        return _outcome(Search(None, found.notes + more.notes, found.timed_out or more.timed_out), goal)
    last = run_transforms(normal, _zero, goal.limit, only=["simplify"])
    return _outcome(Search(last.method, found.notes + last.notes, found.timed_out or last.timed_out),
                    goal, "sum linearity + ")


@register("cases", [EQUALITY], Cost.EXPENSIVE,
          f"expansion at n = 1…{CONCRETE_SIZES[-1]}: evidence at those sizes only, never a proof for generic n")
def _by_concrete_cases(goal: Goal) -> ProofOutcome:
    sizes = size_symbols(sp.Tuple(goal.lhs, goal.rhs))
    if not sizes:
        return ProofOutcome(None)
    reached, notes, timed_out = prove_concrete(goal.gap, sizes[0], goal.limit)
    if reached != CONCRETE_SIZES[-1]:
        return ProofOutcome(None, notes, [], timed_out)
    # The sizes the claim itself names (δ(n, 7) at n = 7, n/5 at n = 10…) are part of "cases" too: n = 1…6
    # never stands in for a size where the claim's structure changes, which the numbers visit as well.
    named = named_sizes(sp.Tuple(goal.lhs, goal.rhs), sizes[0])
    shown, more, more_timed_out = prove_concrete(goal.gap, sizes[0], goal.limit, values=named)
    if shown != len(named):
        return ProofOutcome(None, notes + more, [], more_timed_out)
    also = f" and {', '.join(map(str, named))}" if named else ""
    return ProofOutcome(Proof("expansion at concrete n", f"n = 1…{reached}{also} only", concrete_only=True,
                              sizes_only=None if named else reached), notes)


MAX_NAMED_SIZE = 24        # a size the claim names is expanded in "cases" up to this
MAX_NAMED_SIZES = 4


def named_sizes(expr, n) -> list[int]:
    """Sizes beyond 1…6 where the claim's structure changes in n: δ(n, c) at c and c ± 1, a modulus q
    (n/q, Mod(n, q), cos(2πn/q), floor(n/q)) at q, q + 1, 2q and 2q + 1.  (evidence/structure.py finds the
    same for the numbers; the layers do not import each other.)"""
    found: list[int] = []
    from sympy.core.relational import Relational
    for node in sp.preorder_traversal(sp.sympify(expr)):
        if isinstance(node, (sp.KroneckerDelta, Relational)) and len(node.args) == 2:
            # δ(n, 7), δ(i, 7) with i running up to n, n ≥ 7 in a Piecewise: ±(k − c), zero at k = c
            d = sp.expand(node.args[0] - node.args[1])
            for k in d.free_symbols:
                for where in (k - d, k + d):
                    if where.is_Integer:
                        found += [int(where), int(where) + 1, int(where) - 1]
        if not (isinstance(node, sp.Basic) and node.has(n)):
            continue
        qs = []
        if isinstance(node, sp.Mod) and node.args[1].is_Integer:
            qs.append(int(node.args[1]))
        if isinstance(node, sp.Mul):
            coeff = node.as_coeff_Mul()[0]
            if coeff.is_Rational and coeff.q > 1:
                qs.append(int(coeff.q))
        if isinstance(node, (sp.sin, sp.cos, sp.tan)):
            c = sp.expand(node.args[0] / sp.pi).coeff(n)
            if c.is_Rational and c != 0:
                qs += [int((c / 2).q), int(c.q)]
        for q in qs:
            if q > 1:
                found += [q, q + 1, 2 * q, 2 * q + 1]
    out = sorted({k for k in found if CONCRETE_SIZES[-1] < k <= MAX_NAMED_SIZE})
    return out[:MAX_NAMED_SIZES]


def zero_outcome(diff: sp.Expr, limit: float = DEFAULT_LIMIT) -> ProofOutcome:
    """diff == 0 for every value of its symbols, by the generic = strategies (no facts, no concrete cases)."""
    out = _zero_outcome(prepare(diff), limit)
    return replace(out, notes=list(out.notes), facts_used=list(out.facts_used))


@lru_cache(maxsize=512)     # the same identity is re-proved where a fact is cited or a chain repeats
def _zero_outcome(diff, limit):
    return attempt(Goal(EQUALITY, diff, sp.Integer(0), (), limit), skip=("cases", "fact"))


def prove_equal(lhs, rhs, limit: float = DEFAULT_LIMIT, how=None, facts=(), only: bool = False) -> ProofOutcome:
    """lhs = rhs for generic sizes (and, as a second opinion, at n = 1…6), or at n = 1…6 only.

    The scope says which was achieved: a generic proof is stronger than the concrete
    cases, which are still reported because they are independent.
    """
    sizes = sorted(set(size_symbols(lhs)) | set(size_symbols(rhs)), key=str)
    lhs, rhs = prepare(lhs), prepare(rhs)
    out = attempt(Goal(EQUALITY, lhs, rhs, tuple(facts), limit, sizes=tuple(sizes)), how, only=only)
    proof = out.proof
    if proof and sizes and not proof.concrete_only:
        # After a generic proof the concrete cases are a second opinion: cheap rewrites, a small budget,
        # and the scope reports how far they got.
        reached, _, _ = prove_concrete(lhs - rhs, sizes[0], limit, cheap_only=True, values=SECOND_OPINION_SIZES)
        also = f"{sizes[0]} = 1" if reached == 1 else f"{sizes[0]} = 1…{reached}"
        out.proof = Proof(proof.method, proof.scope + (f"; also {also} by expansion" if reached else ""),
                          sizes_only=proof.sizes_only)
    return out


def free_index_values(expr: sp.Expr, n: sp.Symbol, value: int):
    """All assignments of the free indices of expr within their range at n = value."""
    idx = sorted((s for s in expr.free_symbols if (d := domain_of(s)) and d.kind == "index" and d.size == n), key=str)
    ranges = [range(domain_of(j).start, value + 1) for j in idx]
    for combo in itertools.product(*ranges):
        yield dict(zip(idx, combo))


def prove_concrete(diff: sp.Expr, n: sp.Symbol, limit: float, cheap_only: bool = False,
                   values=CONCRETE_SIZES) -> tuple[int, list[str], bool]:
    """(k, notes, timed out): diff == 0 at the first k of `values` (n = 1…6 unless given), every free index
    enumerated; k is the last size shown when `values` is 1…6.

    As a second opinion (cheap_only, after a generic proof) it gets a small total
    budget; running out only shortens the range it reports.
    """
    deadline = time.process_time() + (SECOND_OPINION_BUDGET if cheap_only else float("inf"))   # CPU time

    def budget():
        left = deadline - time.process_time()
        if left <= 0:
            raise StrategyTimeout()
        return min(limit, left)

    reached = 0
    try:
        for count, value in enumerate(values, 1):
            with time_limit(budget()):
                at_n = concrete(diff, n, value)
            for assignment in free_index_values(at_n, n, value):
                concrete_diff = at_n.subs(assignment)
                found = run_transforms(concrete_diff, _zero, budget(), only=CHEAP)
                if not found.method and not cheap_only:
                    found = run_transforms(concrete_diff, _zero, budget(), only=["simplify"])
                if not found.method:
                    return reached, [f"not shown at n = {value}"] + found.notes, found.timed_out
            reached = value if values is CONCRETE_SIZES else count
    except StrategyTimeout:
        at = reached + 1 if values is CONCRETE_SIZES else list(values)[reached]
        return reached, [f"expansion at n = {at} ran out of time"], True
    return reached, [], False


# The staged rewrites SymPy's own simplify tests exercise, each a sound rewrite for the symbols' assumptions
# (none with force=True except under the positivity gate below), tried on lhs − rhs in turn: the cheap
# special-purpose ones first, each on a short share of the limit, so one slow stage does not starve the rest.
def _positive_throughout(d: sp.Expr) -> bool:
    """Every symbol, every power base with a non-integer exponent and every log argument is positive by its
    assumptions: there, force=True (powsimp, powdenest, logcombine, expand_log) splits and joins nothing a
    branch cut could make false."""
    if any(s.is_positive is not True for s in d.free_symbols):
        return False
    for node in sp.preorder_traversal(d):
        if isinstance(node, sp.Pow) and not node.exp.is_integer and node.base.is_positive is not True:
            return False
        if isinstance(node, sp.log) and node.args[0].is_positive is not True:
            return False
    return True


def _kinds(d: sp.Expr) -> set[str]:
    found = set()
    if d.has(sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc):
        found.add("trig")
    if d.has(sp.sinh, sp.cosh, sp.tanh, sp.coth, sp.sech, sp.csch):
        found.add("hyperbolic")
    if any(isinstance(p, sp.Pow) and not p.exp.is_integer for p in d.atoms(sp.Pow)):
        found.add("radical")
    if d.has(sp.exp) or any(isinstance(p, sp.Pow) and p.exp.free_symbols for p in d.atoms(sp.Pow)):
        found.add("power")
    if d.has(sp.log):
        found.add("log")
    return found


STAGES: list[tuple[str, str | None, Callable[[sp.Expr], sp.Expr]]] = [
    ("together/expand", None, lambda d: sp.expand(sp.together(d))),
    ("trigsimp", "trig", sp.trigsimp),
    ("expand_trig", "trig", lambda d: sp.cancel(sp.expand(sp.expand_trig(d)))),
    ("trigsimp(fu)", "trig", lambda d: sp.trigsimp(d, method="fu")),
    ("exptrigsimp", "hyperbolic", lambda d: sp.exptrigsimp(d)),
    ("rewrite as exp", "hyperbolic", lambda d: sp.simplify(sp.expand(d.rewrite(sp.exp)))),
    ("radsimp", "radical", lambda d: sp.radsimp(sp.together(d))),
    ("sqrtdenest", "radical", lambda d: sp.expand(sp.sqrtdenest(d))),
    ("powsimp", "power", lambda d: sp.expand(sp.powsimp(sp.powdenest(d)))),
    ("logcombine", "log", lambda d: sp.simplify(sp.logcombine(d))),
    ("simplify(ratsimp)", None, lambda d: sp.simplify(sp.ratsimp(d))),
    ("simplify(trigsimp)", "trig", lambda d: sp.simplify(sp.trigsimp(sp.together(d)))),
    ("simplify(expand)", None, lambda d: sp.simplify(sp.expand(d))),
]
FORCED_STAGES: list[tuple[str, Callable[[sp.Expr], sp.Expr]]] = [
    ("powsimp/powdenest(force) on positive values", lambda d: sp.expand(sp.powsimp(sp.powdenest(d, force=True), force=True))),
    ("expand_log/logcombine(force) on positive values", lambda d: sp.simplify(sp.expand_log(d, force=True))),
]
STAGE_SHARE = 0.3      # of the strategy limit, for each stage; the strategy as a whole stays within the limit


@register("staged", [EQUALITY], Cost.EXPENSIVE,
          "trigsimp, expand_trig, fu, exptrigsimp, radsimp, sqrtdenest, powsimp, logcombine and simplify after "
          "them, each where the difference has what it rewrites; force=True only where every base and log "
          "argument is positive")
def _by_stages(goal: Goal) -> ProofOutcome:
    d = goal.gap
    if d.has(*REDUCTIONS, *OPERATIONS):
        return ProofOutcome(None)
    kinds = _kinds(d)
    stages = [(name, run) for name, kind, run in STAGES if kind is None or kind in kinds]
    if _positive_throughout(d) and kinds & {"power", "log", "radical"}:
        stages += FORCED_STAGES
    deadline = time.process_time() + goal.limit
    notes, timed_out = [], False
    for name, run in stages:
        left = deadline - time.process_time()
        if left <= 0.05:
            notes.append(f"staged rewrites ran out of time before {name}")
            return ProofOutcome(None, notes, [], True)
        try:
            with time_limit(min(left, max(0.5, STAGE_SHARE * goal.limit))):
                if _zero(run(d)):
                    return ProofOutcome(Proof(f"staged rewrites: {name}", scope_of(goal)), notes)
        except StrategyTimeout:
            notes.append(f"{name} timed out")
            timed_out = True
        except Exception as exc:  # a SymPy failure in one stage is just not this route
            notes.append(Said(Name(name), " failed: ", Name(exc.__class__.__name__)))
    return ProofOutcome(None, notes, [], timed_out)
