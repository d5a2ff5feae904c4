"""The one rule that turns a symbolic outcome and numeric evidence into a verdict.

Every relation (=, ≤, ≥, <, >, ∝) and every meaning of ≈ (limit, series,
bound) is judged here and nowhere else, so the verdict table in the README is
this function and nothing more:

  symbolic \\ numbers     agree       disagree (certified)   inconclusive
  proved                 proved      refuted (engine bug)   unknown
  proved, cases only     cases       refuted (engine bug)   unknown
  no proof               numeric     refuted                unknown
  contradicted           unknown     refuted                unknown

Time may only ever make a verdict unknown (a loaded or slower machine must not turn "proved" into
"numeric"): when a symbolic strategy ran out of its time limit and none proved the step for all
values, the verdict is unknown whatever the numbers say short of a certified counterexample, since
more time could have made it proved.  "numeric" and "cases" are only given when every strategy
finished.

SymPy never refutes on its own: it misses true identities.  But a symbolic
result that contradicts the claim (a limit SymPy computes to another value, a
series with lower-order terms) counts against it: it can never be outvoted
into "numeric" by numbers that merely look fine.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..verdicts import Verdict


class Symbolic(str, Enum):
    PROVED = "proved"                  # for every admissible value, within the stated scope
    CASES = "cases"                    # only at concrete sizes (n = 1…6): not a proof for all n
    NONE = "none"                      # no strategy succeeded (never evidence against the claim)
    CONTRADICTED = "contradicted"      # a symbolic computation disagrees with the claim


class Numbers(str, Enum):
    AGREE = "agree"                    # enough evaluated points, all within tolerance, at both precisions
    DISAGREE = "disagree"              # a certified counterexample: the gap excludes 0 at both precisions
    INCONCLUSIVE = "inconclusive"      # too few points, balls too wide, timed out, not evaluable


@dataclass(frozen=True)
class Judgement:
    verdict: Verdict
    message: str = ""


_TABLE = {
    (Symbolic.PROVED, Numbers.AGREE): Verdict.PROVED,
    (Symbolic.CASES, Numbers.AGREE): Verdict.CASES,
    (Symbolic.NONE, Numbers.AGREE): Verdict.NUMERIC,
    (Symbolic.CONTRADICTED, Numbers.AGREE): Verdict.UNKNOWN,
}

_MESSAGES = {
    (Symbolic.PROVED, Numbers.DISAGREE): "a symbolic strategy claimed a proof that a certified counterexample "
                                         "contradicts: treat it as an engine bug",
    (Symbolic.CASES, Numbers.DISAGREE): "the concrete cases were shown, but a certified counterexample at another "
                                        "size contradicts the claim",
    (Symbolic.CONTRADICTED, Numbers.AGREE): "SymPy contradicts the claim while the sampled numbers agree; "
                                            "neither is trusted over the other",
    (Symbolic.PROVED, Numbers.INCONCLUSIVE): "symbolic proof found but the numeric cross-check could not be completed",
    (Symbolic.CASES, Numbers.INCONCLUSIVE): "concrete cases shown but the numeric cross-check could not be completed",
    (Symbolic.NONE, Numbers.INCONCLUSIVE): "neither a symbolic strategy nor the numbers decided it",
    (Symbolic.CONTRADICTED, Numbers.INCONCLUSIVE): "SymPy contradicts the claim and the numbers are inconclusive",
    (Symbolic.NONE, Numbers.AGREE): "checked numerically, not proved",
}


# a proof for every value whose numbers could not be evaluated (a function with no body has no values): checked again
# at the witnesses of a function the text introduces as arbitrary (judge/witnesses.py)
PROVED_UNCHECKED = _MESSAGES[(Symbolic.PROVED, Numbers.INCONCLUSIVE)]


TIMED_OUT = ("a symbolic strategy ran out of its time limit before any proved the step for all values; more "
             "time could change the verdict, so it is unknown (a larger --limit may decide it)")


def combine(symbolic: Symbolic, numbers: Numbers, timed_out: bool = False) -> Judgement:
    """The verdict for one check; see the table in this module's docstring.

    `timed_out`: some strategy hit its limit.  Only a certified counterexample or a proof for all values
    is then independent of time; anything weaker becomes unknown.
    """
    if numbers is Numbers.DISAGREE:
        verdict = Verdict.REFUTED
    else:
        verdict = _TABLE.get((symbolic, numbers), Verdict.UNKNOWN)
    if timed_out and verdict in (Verdict.CASES, Verdict.NUMERIC):
        return Judgement(Verdict.UNKNOWN, TIMED_OUT)
    return Judgement(verdict, _MESSAGES.get((symbolic, numbers), ""))
