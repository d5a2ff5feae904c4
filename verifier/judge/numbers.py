"""Asking the evidence layer, and reading its comparison as a `Numbers` status with the records the report shows."""
from __future__ import annotations

from dataclasses import dataclass

from ..evidence import numeric
from ..verdicts import Counterexample, NumericEvidence
from .combine import Numbers
from .context import StepContext


@dataclass
class NumericOutcome:
    status: Numbers
    evidence: NumericEvidence
    counterexample: Counterexample | None
    failures: list


def compare(lhs, rhs, relation: str, ctx: StepContext, note: str = "", distinct=None) -> NumericOutcome:
    s = ctx.settings
    cmp = numeric.compare(lhs, rhs, relation, seed=s.seed, dps=s.dps, points=s.points, fixed=ctx.given or None,
                          time_limit=ctx.numeric_seconds(), distinct=distinct or ())
    if cmp.refuted:
        status = Numbers.DISAGREE
    elif cmp.agrees:
        status = Numbers.AGREE
    else:
        status = Numbers.INCONCLUSIVE
    evidence = NumericEvidence(cmp.evaluated, tuple(s.dps), numeric.fmt(cmp.worst, 3), cmp.sizes, s.seed,
                               note or "; ".join(cmp.failures[:2]))
    return NumericOutcome(status, evidence, _counterexample(cmp) if cmp.refuted else None, list(cmp.failures))


def _counterexample(cmp) -> Counterexample:
    point, lhs, rhs = cmp.counterexample
    certificate = dict(getattr(cmp, "certificate", None) or {})
    return Counterexample(point.describe(), {p: numeric.fmt(v, 20) for p, v in lhs.items()},
                          {p: numeric.fmt(v, 20) for p, v in rhs.items()}, certificate=certificate)
