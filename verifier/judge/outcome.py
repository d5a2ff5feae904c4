"""One result record per check: what a relation's or a meaning's judge hands back to the step."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..verdicts import Check, Counterexample, NumericEvidence, Said, Table, Verdict
from .combine import Numbers, Symbolic, combine
from .numbers import NumericOutcome
from .proving import SymbolicOutcome


@dataclass
class CheckOutcome:
    verdict: Verdict
    method: str = ""
    scope: str = ""
    message: str = ""
    evidence: NumericEvidence | None = None
    counterexample: Counterexample | None = None
    facts_used: list = field(default_factory=list)
    strategy: str = ""
    checks: list[Check] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    timed_out: bool = False      # a symbolic strategy ran out of time: a verdict lent down to cases/numeric is unknown
    sizes_only: int | None = None  # k when the scope says the result holds only for n = 1…k


def judged(sym: SymbolicOutcome, num: NumericOutcome, numeric_method: str = "high-precision sampling") -> CheckOutcome:
    """combine() applied to a symbolic and a numeric outcome, with the method and message the report shows."""
    j = combine(sym.status, num.status, sym.timed_out)
    if num.status is Numbers.DISAGREE:
        method = "certified numeric counterexample at two precisions"
    elif sym.status in (Symbolic.PROVED, Symbolic.CASES):
        method = sym.method
    elif num.status is Numbers.AGREE:
        method = numeric_method
    else:
        method = ""
    detail = []
    if sym.status is Symbolic.NONE and sym.notes:
        detail.append(Said("symbolic: ", Said.joined("; ", sym.notes[:3])))
    if num.status is Numbers.INCONCLUSIVE and num.failures:
        detail.append(Said("numbers: ", Said.joined("; ", num.failures[:2])))
    message = Said(j.message, ": ", Said.joined("; ", detail)) if detail and j.message else j.message
    proved = j.verdict in (Verdict.PROVED, Verdict.CASES)
    return CheckOutcome(j.verdict, method, sym.scope if proved else "", message, num.evidence, num.counterexample,
                        sym.facts_used if proved else [], sym.strategy if proved else "", timed_out=sym.timed_out,
                        sizes_only=sym.sizes_only if proved else None)
