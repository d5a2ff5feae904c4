"""Asking the prove layer, through the proof cache, and reading its answer as a `Symbolic` status.

The prove layer answers "proved (within a scope)", "proved at concrete sizes
only" or "not proved"; it never refutes.  This module is the one place that
translates that answer for `combine()`.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field

from ..prove import identities, inequalities
from . import proof_cache
from .combine import Symbolic
from .context import StepContext


@dataclass
class SymbolicOutcome:
    status: Symbolic
    method: str = ""
    scope: str = ""
    notes: list = field(default_factory=list)
    facts_used: list = field(default_factory=list)
    strategy: str = ""
    timed_out: bool = False


def _read(outcome) -> SymbolicOutcome:
    """The prove layer's outcome (a record, or the older (proof, notes[, used]) tuple) as a SymbolicOutcome."""
    if isinstance(outcome, tuple):
        proof, notes, *rest = outcome
        used = rest[0] if rest else []
        timed_out = bool(getattr(outcome, "timed_out", False))
        strategy = ""
    else:
        proof, notes = outcome.proof, list(outcome.notes)
        used, timed_out = list(getattr(outcome, "facts_used", [])), bool(getattr(outcome, "timed_out", False))
        strategy = getattr(outcome, "strategy", "") or ""
    if proof is None:
        return SymbolicOutcome(Symbolic.NONE, notes=list(notes), timed_out=timed_out)
    status = Symbolic.CASES if getattr(proof, "concrete_only", False) else Symbolic.PROVED
    return SymbolicOutcome(status, proof.method, proof.scope, list(notes), list(used),
                           strategy or proof.method, timed_out)


def _fact_parts(ctx: StepContext):
    return [part for f in ctx.facts for part in (f.name, f.gap, f.equality)]


def prove_equal(lhs, rhs, ctx: StepContext, refuted: bool = False) -> SymbolicOutcome:
    limit = ctx.strategy_seconds(refuted)
    kwargs = {"how": list(ctx.how)} if ctx.how else {}
    if ctx.facts and "facts" in inspect.signature(identities.prove_equal).parameters:
        kwargs["facts"] = list(ctx.facts)
    outcome = proof_cache.remembered(
        "equal", lambda: identities.prove_equal(lhs, rhs, limit, **kwargs),
        lhs, rhs, limit, tuple(ctx.how), *_fact_parts(ctx))
    return _read(outcome)


def prove_inequality(lhs, rhs, relation, ctx: StepContext, refuted: bool = False) -> SymbolicOutcome:
    limit = ctx.strategy_seconds(refuted)
    kwargs = {"how": list(ctx.how)} if ctx.how else {}
    outcome = proof_cache.remembered(
        "inequality", lambda: inequalities.prove_inequality(lhs, rhs, relation, list(ctx.facts), limit, **kwargs),
        lhs, rhs, relation.value, limit, tuple(ctx.how), *_fact_parts(ctx))
    return _read(outcome)


def prove_zero(expr, ctx: StepContext) -> tuple[str | None, list[str]]:
    """A method showing expr ≡ 0, or None (used for ∂(lhs/rhs)/∂w = 0)."""
    return identities.prove_zero(expr, ctx.strategy_seconds())
