"""One registry of symbolic strategies: each has a name, the relations it serves and a cost class.

A step is attempted by the strategies named in `how` first (in that order), then by
every other strategy for its relation, cheapest class first and, within a class, in
registration order.  An unknown name is a usage error that lists the valid ones.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Callable

import sympy as sp

from ..authoring.substitutions import any_ambiguous as ambiguous_substitution
from .outcome import FactGap, ProofOutcome
from .timeouts import StrategyTimeout
from ..verdicts import Name, Said

EQUALITY = "="
INEQUALITIES = ("<=", ">=", "<", ">")
PROPORTIONAL = "propto"
LIMIT = "limit"            # goal.lhs → 0 as goal.approach = (var, point, side)
SERIES = "series"          # goal.lhs = O(h^order) as goal.approach = (var, point, side, order)


class Cost(IntEnum):
    CHEAP = 0          # a rewrite that stays polynomial in the size of the expression
    MODERATE = 1       # normal forms, factoring, small searches
    EXPENSIVE = 2      # simplify, calculus, enumeration of concrete sizes


class UnknownStrategy(ValueError):
    pass


@dataclass(frozen=True)
class Goal:
    """What is to be shown: lhs R rhs (expressions already prepared), with cited facts and a time limit."""
    relation: str
    lhs: sp.Expr
    rhs: sp.Expr
    facts: tuple[FactGap, ...] = ()
    limit: float = 5.0
    depth: int = 0                      # nesting of strategies that reduce to a smaller goal
    wrt: tuple = ()                     # for ∝: the variables the ratio must not depend on
    sizes: tuple = ()                   # the sizes (n) the claim was stated in, before any rewriting
    approach: tuple = ()                # for limit and series: (var, point, side[, order])

    @property
    def strict(self) -> bool:
        return self.relation in ("<", ">")

    @property
    def gap(self) -> sp.Expr:
        """For =: lhs − rhs, which must vanish; for an inequality: what must be ≥ 0 (> 0 when strict)."""
        if self.relation in ("<=", "<"):
            return self.rhs - self.lhs
        return self.lhs - self.rhs


@dataclass(frozen=True)
class Strategy:
    name: str
    relations: frozenset[str]
    cost: Cost
    run: Callable[[Goal], ProofOutcome]
    summary: str = ""


_REGISTRY: dict[str, Strategy] = {}


def register(name: str, relations, cost: Cost, summary: str = ""):
    """Decorator: register run(goal) -> ProofOutcome under name."""
    def wrap(run):
        if name in _REGISTRY:
            raise ValueError(f"strategy {name!r} is registered twice")
        _REGISTRY[name] = Strategy(name, frozenset(relations), cost, run, summary or (run.__doc__ or "").strip())
        return run
    return wrap


def strategies(relation: str | None = None) -> list[Strategy]:
    """The registered strategies (for one relation), in the default order: by cost, then registration."""
    chosen = [s for s in _REGISTRY.values() if relation is None or relation in s.relations]
    return sorted(chosen, key=lambda s: s.cost)     # sorted() is stable: registration order within a class


def ordered(relation: str, how=None) -> list[Strategy]:
    """The strategies named in how first (validated), then the rest in the default order."""
    available = strategies(relation)
    if how is None:
        return available
    names = [how] if isinstance(how, str) else list(how)
    by_name = {s.name: s for s in available}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise UnknownStrategy(f"unknown strategy {', '.join(map(repr, unknown))} for {relation!r}; "
                              f"valid: {', '.join(by_name)}")
    first = [by_name[n] for n in dict.fromkeys(names)]
    return first + [s for s in available if s.name not in names]


def attempt(goal: Goal, how=None, skip: tuple[str, ...] = (), only: bool = False) -> ProofOutcome:
    """The first strategy that proves the goal, with the notes of those that did not (with only, of those in how)."""
    # Subs(x − y, (x, y), (y, x)) is printed as one simultaneous substitution (y − x), but SymPy's doit,
    # which simplify and the operations strategy call, substitutes in turn (0): where the readings of a Subs
    # differ, no proof may rest on either (authoring/substitutions.py).
    why = ambiguous_substitution(sp.Tuple(goal.lhs, goal.rhs, *[f.gap for f in goal.facts]))
    if why:
        return ProofOutcome(None, [f"no proof of an ambiguous substitution: {why}"])
    notes: list[str] = []
    timed_out = False
    undecided = None
    named = set([how] if isinstance(how, str) else how or ())
    for strategy in ordered(goal.relation, how):
        if strategy.name in skip or (only and strategy.name not in named):
            continue
        try:
            out = strategy.run(goal)
        except StrategyTimeout:
            out = ProofOutcome(None, [f"{strategy.name} timed out after {goal.limit:g} s"], [], True)
        except Exception as exc:  # SymPy raises anything (even StopIteration): a failed strategy is not a proof
            out = ProofOutcome(None, [Said(Name(strategy.name), " failed: ", Name(exc.__class__.__name__))])
        notes += out.notes
        timed_out = timed_out or out.timed_out
        if out.proof is not None:
            # A proof at concrete sizes found after a general strategy ran out of time is time-dependent
            # (more time might have proved it for all n): say so, and the judge makes it unknown.  So is a
            # proof from cited facts: the judge lends it a fact's weaker verdict, where more time might have
            # proved the step outright.
            late = timed_out and (bool(getattr(out.proof, "concrete_only", False)) or bool(out.facts_used))
            return ProofOutcome(out.proof, notes, list(out.facts_used), late, strategy.name)
        if out.contradiction is not None:      # a computation against the claim ends the search, unproved
            return ProofOutcome(None, notes, [], timed_out, strategy.name, out.contradiction)
        undecided = undecided if undecided is not None else out.undecided
    return ProofOutcome(None, notes, [], timed_out, "", undecided=undecided)
