"""Closed forms of sums over a symbolic range: geometric, arithmetic and power sums, proved for generic n.

Σ_{k=0}^{n−1} q^k = (1 − qⁿ)/(1 − q) and Σ_{k=1}^{T} k = T(T + 1)/2 were only checked at n = 1…6
("cases"), though SymPy sums them in closed form.  Here a sum whose summand involves no vector entry
(only its own index and scalars) is replaced by SymPy's closed form, and the step is then decided by
the cheap rewrites and the sign prover.  Two things keep it sound:

  * a range is what the numbers compute (prepare() already made an empty range sum to 0);
  * SymPy's answer is often piecewise, Piecewise((n, Eq(q, 1)), ((1 − qⁿ)/(1 − q), True)): each
    condition must be decided from the declarations (q ≠ 1 shown by the sign prover, which uses a
    declared range such as q ∈ [0, 1)), else the strategy proves nothing.  A closed form that holds
    only for q ≠ 1 is never used where q = 1 is allowed.
"""
from __future__ import annotations

import sympy as sp

from ..verdicts import Said
from ..authoring.reductions import IndexedMax
from .identities import CHEAP, run_transforms, scope_of
from .outcome import Proof, ProofOutcome
from .registry import Goal
from .signs import prove_nonnegative
from .timeouts import StrategyTimeout, time_limit


def _zero(e: sp.Expr) -> bool:
    return e == 0 or e.is_zero is True


class _Undecided(Exception):
    """A condition of a piecewise closed form the declarations do not settle."""


def _evaluable(node) -> bool:
    return (isinstance(node, sp.Sum) and not node.function.has(sp.Indexed, IndexedMax, sp.Sum, sp.Product)
            and all(not lim.has(sp.Indexed, IndexedMax, sp.Sum) for lim in node.limits[0][1:]))


def closed_form(expr: sp.Expr, limit: float) -> tuple[sp.Expr, int]:
    """expr with every evaluable sum in closed form (conditions settled), and how many were replaced."""
    count = 0

    def replace(node):
        nonlocal count
        with time_limit(limit):
            value = node.doit(deep=False)
        if value.has(sp.Sum):
            return node
        value = settle(value, limit)
        count += 1
        return value
    out = expr.replace(_evaluable, replace)
    return out, count


def settle(value: sp.Expr, limit: float) -> sp.Expr:
    """Every Piecewise of a closed form reduced to the branch its declared symbols select; _Undecided if none."""
    def pick(pw):
        for branch, condition in pw.args:
            truth = _decide(condition, limit)
            if truth is True:
                return branch
            if truth is None:
                raise _Undecided(f"{sp.sstr(condition)} is not settled by the declarations")
        raise _Undecided("no branch applies")
    return value.replace(lambda e: isinstance(e, sp.Piecewise), pick)


def _shown_positive(e: sp.Expr, limit: float) -> bool:
    return prove_nonnegative(e, True, min(limit, 2.0)).method is not None


def _decide(condition, limit: float) -> bool | None:
    """True or False when the declarations decide the condition, None otherwise."""
    if condition in (sp.true, True):
        return True
    if condition in (sp.false, False):
        return False
    if isinstance(condition, (sp.Eq, sp.Ne)):
        d = condition.lhs - condition.rhs
        if d == 0:
            return isinstance(condition, sp.Eq)
        if _shown_positive(d, limit) or _shown_positive(-d, limit):
            return isinstance(condition, sp.Ne)
        return None
    if isinstance(condition, (sp.StrictLessThan, sp.LessThan, sp.StrictGreaterThan, sp.GreaterThan)):
        small, big = (condition.lhs, condition.rhs) if isinstance(condition, (sp.StrictLessThan, sp.LessThan)) \
            else (condition.rhs, condition.lhs)
        strict = isinstance(condition, (sp.StrictLessThan, sp.StrictGreaterThan))
        if prove_nonnegative(big - small, strict, min(limit, 2.0)).method:
            return True
        if prove_nonnegative(small - big, not strict, min(limit, 2.0)).method:
            return False
        return None
    if isinstance(condition, sp.And):
        parts = [_decide(c, limit) for c in condition.args]
        return False if False in parts else True if all(p is True for p in parts) else None
    if isinstance(condition, sp.Or):
        parts = [_decide(c, limit) for c in condition.args]
        return True if True in parts else False if all(p is False for p in parts) else None
    return None


def by_closed_forms(goal: Goal) -> ProofOutcome:
    """Sums in closed form (SymPy's summation, its piecewise conditions settled), then the rewrites or the sign."""
    everything = sp.Tuple(goal.lhs, goal.rhs)
    if not any(_evaluable(node) for node in everything.atoms(sp.Sum)):
        return ProofOutcome(None)
    try:
        gap, count = closed_form(goal.gap, goal.limit)
    except StrategyTimeout:
        return ProofOutcome(None, [f"closed forms timed out after {goal.limit:g} s"], [], True)
    except _Undecided as why:
        return ProofOutcome(None, [Said("closed form: ", why)])
    if count == 0:
        return ProofOutcome(None)
    if goal.relation == "=":
        found = run_transforms(gap, _zero, goal.limit, only=CHEAP + ["simplify"])
        if found.method:
            return ProofOutcome(Proof(Said("sums in closed form, then ", found.method), scope_of(goal)), found.notes)
        return ProofOutcome(None, found.notes + ["closed form: the difference did not vanish"], [], found.timed_out)
    found = prove_nonnegative(gap, goal.strict, goal.limit)
    if found.method:
        return ProofOutcome(Proof(Said("sums in closed form, then ", found.method), scope_of(goal)), found.notes)
    return ProofOutcome(None, found.notes, [], found.timed_out)
