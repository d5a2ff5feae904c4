"""An = step proved where both sides are defined, and the numbers asked about that scope.

The = strategies may prove an identity on the set where both sides are defined, with that set stated
("(x² − 1)/(x − 1) = x + 1 for all values where both sides are defined: x ≠ 1", prove/scopes.py).  The
numbers count a point where exactly one side has no value against the claim, since the claim as
written for every admissible value is false there.  With a scoped proof, such a point lies outside the
scope the proof states, so the numbers are asked again with the scope's conditions (each b ≠ 0) as
assumptions of the step: a point where a condition fails is then no evidence either way, and a
counterexample inside the scope still refutes.

A line kept as written (as_written) is checked on its value, which SymPy may have rid of the
line's own undefined points (x/x is 1): `written_scope` states the points where the lines as written
have no value in the scope of a proof of their values, or makes the proof unknown when they cannot
be stated.
"""
from __future__ import annotations

from dataclasses import replace

import sympy as sp

from ..authoring.written import has_written
from ..prove.definedness import sign_prover
from ..prove.scopes import not_empty, scope_where_defined, undischarged
from ..verdicts import Said, Verdict
from .combine import Numbers, Symbolic
from .context import StepContext
from .numbers import compare
from .outcome import CheckOutcome, judged
from .proving import SymbolicOutcome, prove_equal

SCOPE_NOTE = "the numbers were asked on the proof's scope: a point where a side has no value is no evidence"


def conditions_of(lhs, rhs, ctx: StepContext) -> list[sp.Expr]:
    """The b ≠ 0 a scoped proof of lhs = rhs would state (empty when none, or when another reason blocks it)."""
    try:
        conditions, why = undischarged((lhs, rhs), sign_prover(ctx.strategy_seconds()))
    except Exception:  # an expression the definedness walk cannot read has no scope to state
        return []
    return [] if why else conditions


def judge_on_scope(lhs, rhs, ctx: StepContext, num) -> CheckOutcome | None:
    """After the numbers refuted lhs = rhs or could not decide it, while a side has points with no value that a
    scope can exclude: the numbers are asked again on that scope.  Where they agree there, the strategies
    decide between "proved on the scope" and the first answer; None judges the step as usual.

    Order and time: a counterexample inside the scope ends it here (refuted as usual, no search).  Only when the
    first answer came from points outside the scope does the search run, with the full limit; if it runs out of
    time without a proof, the step is unknown, since more time could have proved it on the scope."""
    if num.status is Numbers.AGREE:
        return None
    conditions = conditions_of(lhs, rhs, ctx)
    # A condition on a variable bound inside the step (an integral's y ≠ 0) excludes no point the numbers can
    # take, and no scope can be stated with it: asked again, the numbers would only repeat themselves.
    free = sp.sympify(lhs).free_symbols | sp.sympify(rhs).free_symbols
    if not conditions or all(not b.free_symbols <= free for b in conditions):
        return None
    stated = tuple(sp.Ne(b, 0) for b in conditions)
    if any(s in (sp.true, sp.false) for s in stated):
        return None
    again = compare(lhs, rhs, "=", replace(ctx, assumed=ctx.assumed + stated), note=SCOPE_NOTE)
    if again.status is not Numbers.AGREE and again.timed_out:
        # The numbers on the scope ran out of time: the first answer came from a point a scope may exclude, and
        # with more time the step could be proved there, so time decides nothing but unknown.
        return judged(SymbolicOutcome(Symbolic.NONE, notes=["the numbers on the proof's scope ran out of time"],
                                      timed_out=True), again)
    if again.status is not Numbers.AGREE:
        return None
    sym = prove_equal(lhs, rhs, ctx)
    if sym.status is Symbolic.PROVED and "where both sides are defined" in sym.scope:
        return judged(sym, again)
    if sym.status is Symbolic.NONE and sym.timed_out:
        return judged(sym, num if num.status is Numbers.INCONCLUSIVE else again)   # unknown: time decided
    return None


def written_scope(out: CheckOutcome, written_lhs, written_rhs, ctx: StepContext) -> CheckOutcome:
    """A proof of the values of lines kept as written, with the points where those lines have no value
    stated in its scope; unknown when they cannot be stated."""
    if out.verdict not in (Verdict.PROVED, Verdict.CASES) or not (has_written(written_lhs) or has_written(written_rhs)):
        return out
    try:
        conditions, why = undischarged((written_lhs, written_rhs), sign_prover(ctx.strategy_seconds()))
    except Exception as exc:  # noqa: BLE001 - unreadable: the lines' definedness is not known
        conditions, why = [], f"the lines as written could not be read ({exc.__class__.__name__})"
    if why is None and not conditions:
        return out
    if why is None and not not_empty(conditions):
        why = "the lines as written were not shown to have a value anywhere"
    if why is not None:
        return replace(out, verdict=Verdict.UNKNOWN, scope="", sizes_only=None,
                       message=Said(f"the values are {out.verdict.value}, but a line as written may have no value: ", why))
    where = scope_where_defined(conditions, "the lines as written are defined")
    scope = where if out.scope in ("", "all values") else Said(out.scope, "; ", where)
    return replace(out, scope=scope)

