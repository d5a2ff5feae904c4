"""Asking the evidence layer, and reading its comparison as a `Numbers` status with the records the report shows."""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..evidence import numeric
from ..evidence.balls import NumericTimeout
from ..verdicts import Counterexample, NumericEvidence, Said
from .combine import Numbers
from . import isolated
from .context import StepContext
from ..timings import spent


@dataclass
class NumericOutcome:
    status: Numbers
    evidence: NumericEvidence
    counterexample: Counterexample | None
    failures: list
    timed_out: bool = False       # the numbers ran out of their time: what they left undecided, more time might decide


def compare(lhs, rhs, relation: str, ctx: StepContext, note: str = "", distinct=None) -> NumericOutcome:
    """The numbers' answer; work a signal may not stop (integrals, mpmath) runs in a child killed at its limit."""
    with spent("numbers"):
        return _compare_isolated(lhs, rhs, relation, ctx, note, distinct)


def _compare_isolated(lhs, rhs, relation: str, ctx: StepContext, note: str = "", distinct=None) -> NumericOutcome:
    if not isolated.needed(lhs, rhs):
        return _compare(lhs, rhs, relation, ctx, note, distinct)
    limit = ctx.numeric_seconds()
    try:
        return isolated.run(lambda: _compare(lhs, rhs, relation, ctx, note, distinct), limit)
    except (isolated.Stopped, NumericTimeout) as exc:
        why = f"numeric evaluation timed out after {limit:g} s ({exc})"
        s = ctx.settings
        return NumericOutcome(Numbers.INCONCLUSIVE, NumericEvidence(0, tuple(s.dps), numeric.fmt(None, 3), (), s.seed,
                                                                    why, why), None, [why], timed_out=True)


def _compare(lhs, rhs, relation: str, ctx: StepContext, note: str = "", distinct=None) -> NumericOutcome:
    s = ctx.settings
    cmp = numeric.compare(lhs, rhs, relation, seed=s.seed, dps=s.dps, points=s.points, fixed=ctx.given or None,
                          time_limit=ctx.numeric_seconds(), distinct=distinct or (), assume=ctx.assumed)
    if cmp.refuted:
        status = Numbers.DISAGREE
    elif cmp.agrees:
        status = Numbers.AGREE
    else:
        status = Numbers.INCONCLUSIVE
    evidence = NumericEvidence(cmp.evaluated, tuple(s.dps), numeric.fmt(cmp.worst, 3), tuple(cmp.sizes), s.seed,
                               _note(cmp, note), _remark(cmp, note), dict(getattr(cmp, "coverage", {}) or {}),
                               getattr(cmp, "smallest_slack", ""), getattr(cmp, "cross", None),
                               int(getattr(cmp, "skipped", 0) or 0), getattr(cmp, "engine_gap", None))
    return NumericOutcome(status, evidence, _counterexample(cmp) if cmp.refuted else None, list(cmp.failures),
                          timed_out=bool(getattr(cmp, "timed_out", False)))


def _note(cmp, note: str) -> str:
    """What the user sees beside the numbers: an engine error first and loudly, then the relation's own
    note, the replay with SymPy's evalf (of the refutation, or the cross-check of an agreeing point), and
    points that were no evidence."""
    engine_error = getattr(cmp, "engine_error", "")
    if engine_error:
        return "ENGINE ERROR, the step is unknown: " + engine_error.removeprefix("engine error: ")
    parts = [note] if note else []
    if getattr(cmp, "coverage_note", ""):
        parts.append(cmp.coverage_note)     # no counterexample in N points (structure k, …), smallest slack …
    if not note and not cmp.agrees and not cmp.refuted:
        parts += cmp.failures[:2]
    if getattr(cmp, "replay", ""):
        parts.append(cmp.replay)
    if getattr(cmp, "skipped", 0):
        parts.append(f"{cmp.skipped} point(s) skipped as no evidence (neither side has a value there, "
                     "or outside the declared domain)")
    return Said.joined("; ", parts)


def _remark(cmp, note: str) -> str:
    """The note without what the evidence records as values (coverage, cross-check, skipped points)."""
    engine_error = getattr(cmp, "engine_error", "")
    if engine_error:
        return "ENGINE ERROR, the step is unknown: " + engine_error.removeprefix("engine error: ")
    parts = [note] if note else []
    if not note and not cmp.agrees and not cmp.refuted:
        parts += cmp.failures[:2]
    return Said.joined("; ", parts)


def _counterexample(cmp) -> Counterexample:
    point, lhs, rhs = cmp.counterexample
    certificate = dict(getattr(cmp, "certificate", None) or {})
    return Counterexample(point.describe(), {p: numeric.fmt(v, 20) for p, v in lhs.items()},
                          {p: numeric.fmt(v, 20) for p, v in rhs.items()}, note=getattr(cmp, "replay", ""),
                          certificate=certificate, symbols=symbols_in_latex(point.values),
                          quantity=getattr(cmp, "gap_quantity", ""), gap=dict(getattr(cmp, "gap_balls", {}) or {}),
                          excludes=getattr(cmp, "gap_excludes", ""),
                          replayed_gap=dict(getattr(cmp, "replayed_gap", {}) or {}),
                          replay=getattr(cmp, "replay_detail", ""),
                          certified=dict(getattr(cmp, "balls_say", {}) or certificate), values=point.as_values())


def symbols_in_latex(symbols) -> dict[str, str]:
    """Each symbol's name → how mathematics writes it (a vector by its label); a symbol SymPy cannot print is left out."""
    out = {}
    for sym in symbols:
        try:
            out[str(sym)] = sp.latex(sym.label if isinstance(sym, sp.IndexedBase) else sym)
        except Exception:  # noqa: BLE001 - the report then writes the name as it is
            pass
    return out
