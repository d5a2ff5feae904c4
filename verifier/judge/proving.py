"""Asking the prove layer, through the proof cache, and reading its answer as a `Symbolic` status.

The prove layer answers "proved (within a scope)", "proved at concrete sizes
only" or "not proved"; it never refutes.  This module is the one place that
translates that answer for `combine()`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..prove import ProofOutcome, UnknownStrategy, prove_equal as _prove_equal, prove_inequality as _prove_inequality
from ..prove import prove_proportional as _prove_proportional
from ..prove.timeouts import StrategyTimeout, time_limit
from ..verdicts import Verdict
from . import proof_cache, proof_hints
from .combine import Symbolic
from .context import StepContext
from ..timings import spent


@dataclass
class SymbolicOutcome:
    status: Symbolic
    method: str = ""
    scope: str = ""
    notes: list = field(default_factory=list)
    facts_used: list = field(default_factory=list)
    strategy: str = ""
    timed_out: bool = False
    sizes_only: int | None = None     # k when the scope is "n = 1…k only" (prove.Proof.sizes_only)


def _read(outcome: ProofOutcome) -> SymbolicOutcome:
    proof = outcome.proof
    if proof is None:
        return SymbolicOutcome(Symbolic.NONE, notes=list(outcome.notes), timed_out=outcome.timed_out)
    status = Symbolic.CASES if proof.concrete_only else Symbolic.PROVED
    return SymbolicOutcome(status, proof.method, proof.scope, list(outcome.notes), list(outcome.facts_used),
                           outcome.strategy or proof.method, outcome.timed_out, proof.sizes_only)


def _asked(compute, total: float | None = None):
    """The prove layer's outcome; a strategy that crashes is a failed strategy, never a lost verdict.

    The numbers were asked first, so a refutation they found survives a SymPy crash here.  `total` bounds the
    whole search in CPU seconds (once the numbers refute: REFUTED_LIMIT).
    """
    try:
        if total is not None:
            with time_limit(total):
                return compute()
        return compute()
    except UnknownStrategy:
        raise
    except StrategyTimeout:       # a limit no strategy answered (a BaseException): unknown within the limit
        return ProofOutcome(None, ["the symbolic strategies timed out"], timed_out=True)
    except Exception as exc:  # SymPy raises anything (RecursionError, StopIteration, …)
        return ProofOutcome(None, [f"the symbolic strategies crashed: {exc.__class__.__name__}"])


def _lending(ctx: StepContext) -> list:
    """The cited facts the search for a proof may rest on: those proved (or proved at concrete sizes)."""
    return [f for f in ctx.facts if f.verdict in (Verdict.PROVED, Verdict.CASES)]


def _from_numeric_facts(outcome: ProofOutcome, prove, ctx: StepContext, refuted: bool) -> ProofOutcome:
    """After the search failed: does the step follow from its numeric facts?  Only the strategies that use
    facts ("fact", and "monotone" for f(A) ≤ f(B) from A ≤ B), within one strategy limit, and their running
    out of time is not recorded.

    A proof from a numeric fact lends no more than numeric (the judge lends the fact's verdict), so the
    verdict cannot depend on whether it is found in time; only the method the report names does.  Searched
    with the proved facts, it put entropy_floor step 1 at its step limit, where load decides what is cut."""
    weak = [f for f in ctx.facts if f.verdict is Verdict.NUMERIC]
    if outcome.proof is not None or not weak or refuted:
        return outcome
    limit = ctx.strategy_seconds()
    try:
        with time_limit(limit):
            found = prove(weak, limit)
    except StrategyTimeout:
        return outcome
    except Exception:  # a failed route, as in _asked
        return outcome
    if found.proof is None:
        return outcome
    return replace(found, notes=list(outcome.notes) + list(found.notes), timed_out=outcome.timed_out)


def _fact_parts(ctx: StepContext):
    return [part for f in _lending(ctx) for part in (f.name, f.gap, f.equality, f.concrete_only)]


def _searched(search, replay, hint: str | None, total: float | None = None):
    """The outcome of the full search, or of the recorded strategy alone when it proves the step.

    The hint is never trusted: the replayed strategy runs as in the search (same goal, limit, facts,
    definedness check) and only its proof counts; if it does not prove, the search runs as without a
    hint (see proof_hints.py for why the verdict and the strategy are the search's)."""
    if hint is not None:
        with spent("replay"):
            out = _asked(replay)
        if out.proof is not None:
            return out
    with spent("symbolic"):
        return _asked(search, total)


def _total(ctx: StepContext, refuted: bool) -> float | None:
    """Once the numbers refute a step, the whole search gets the time one strategy gets (the verdict is the
    counterexample's whatever SymPy answers; a quick "proof" would still expose an engine bug)."""
    return ctx.strategy_seconds(refuted) if refuted else None


def prove_equal(lhs, rhs, ctx: StepContext, refuted: bool = False) -> SymbolicOutcome:
    limit = ctx.strategy_seconds(refuted)
    how = list(ctx.how) or None
    hint = proof_hints.hinted(ctx.fingerprint, "=")
    outcome = proof_cache.remembered(
        "equal", lambda: _searched(lambda: _prove_equal(lhs, rhs, limit, how=how, facts=_lending(ctx)),
                                   lambda: _prove_equal(lhs, rhs, limit, how=[hint], facts=_lending(ctx), only=True),
                                   hint, _total(ctx, refuted)),
        lhs, rhs, limit, tuple(ctx.how), *_fact_parts(ctx))
    with spent("symbolic"):
        outcome = _from_numeric_facts(
            outcome, lambda facts, s: _prove_equal(lhs, rhs, s, how=["fact"], facts=facts, only=True), ctx, refuted)
    return _read(outcome)


def prove_inequality(lhs, rhs, relation, ctx: StepContext, refuted: bool = False) -> SymbolicOutcome:
    limit = ctx.strategy_seconds(refuted)
    how = list(ctx.how) or None
    hint = proof_hints.hinted(ctx.fingerprint, getattr(relation, "value", relation))
    outcome = proof_cache.remembered(
        "inequality",
        lambda: _searched(lambda: _prove_inequality(lhs, rhs, relation, _lending(ctx), limit, how=how),
                          lambda: _prove_inequality(lhs, rhs, relation, _lending(ctx), limit, how=[hint], only=True),
                          hint, _total(ctx, refuted)),
        lhs, rhs, relation.value, limit, tuple(ctx.how), *_fact_parts(ctx))
    with spent("symbolic"):
        outcome = _from_numeric_facts(
            outcome, lambda facts, s: _prove_inequality(lhs, rhs, relation, facts, s, how=["fact", "monotone"],
                                                 only=True), ctx,
            refuted)
    return _read(outcome)


def prove_proportional(lhs, rhs, wrt, ctx: StepContext) -> SymbolicOutcome:
    limit = ctx.strategy_seconds()
    how = list(ctx.how) or None
    hint = proof_hints.hinted(ctx.fingerprint, "propto")
    outcome = proof_cache.remembered(
        "proportional",
        lambda: _searched(lambda: _prove_proportional(lhs, rhs, tuple(wrt), limit, how=how),
                          lambda: _prove_proportional(lhs, rhs, tuple(wrt), limit, how=[hint], only=True),
                          hint),
        lhs, rhs, tuple(wrt), limit, tuple(ctx.how))
    return _read(outcome)
