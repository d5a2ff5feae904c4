"""What a badge says: the verdict in words a reader can act on, with its scope on it.

A badge must never look stronger than what was checked: a step established
only at n = 1…6 reads "checked at n = 1…6 only" in its own colour (the sizes are
the record's number, StepResult.sizes_only), a proof whose
scope is n = 1…3 reads "proved, n ≤ 3 only", a step whose two sides are the
same expression reads "restatement", and a derivation that exists to refute a
claim reads "refutes: …", not "proved".
"""
from __future__ import annotations

import re

from ...verdicts import ClaimStatus, Verdict

# Counted kinds, strongest first.  "expected" is a refutation the author predicted (it passes);
# "restated" is a step that checks nothing (both sides are the same expression).
KINDS = ("proved", "cases", "numeric", "restated", "refuted", "expected", "unknown", "error")
KIND_LABELS = {"proved": "proved", "cases": "checked at sizes only", "numeric": "numeric",
               "restated": "restatement", "refuted": "refuted", "expected": "refuted, as expected",
               "unknown": "unknown", "error": "error"}
# Column heads of the count tables: short, since there are eight of them.
KIND_HEADS = {"proved": "proved", "cases": "sizes only", "numeric": "numeric", "restated": "restated",
              "refuted": "refuted", "expected": "refuted as expected", "unknown": "unknown", "error": "error"}

LEGEND = [
    ("proved", "proved", "established symbolically for all values in its stated scope (all values of the "
                         "stated ranges when no scope is shown), and the high-precision numbers agree"),
    ("cases", "checked at n = 1…k only", "established symbolically only at the sizes n = 1, …, k its badge "
                                         "names (or a proof whose scope is a few sizes, \"proved, n ≤ k only\"); "
                                         "not a proof for all n"),
    ("numeric", "numeric", "checked numerically, not proved: the two sides agree at seeded points at two "
                           "precisions"),
    ("restated", "restatement", "both sides are the same expression, or the same value once the line is built "
                                "(or the conclusion is its own assumption): the step checks nothing and is not "
                                "counted as a proof"),
    ("refuted", "refuted", "a concrete counterexample, certified at two precisions"),
    ("expected", "refuted, as expected", "a false claim stated on purpose and refuted by a certified "
                                         "counterexample; a derivation built for this reads \"refutes: …\""),
    ("unknown", "unknown", "nothing decided the step (timeout, unsupported expression, inconclusive numbers)"),
    ("error", "error", "the step itself is malformed"),
]

# An ≈ whose every own check is a one-sided bound: the badge of a proved step names the inequality it was proved as.
BOUND_ONLY_LABEL = "proved only as lhs {} rhs"
# Marks beside a verdict, each with its words; the badges and the legends both read them from here.
RECONSTRUCTION = "reconstruction"
MARK_LEGEND = [
    ("bound", BOUND_ONLY_LABEL.format("≥"), "(or lhs ≤ rhs) a step the text writes with ≈, proved only as the "
                                           "one-sided bound the badge names: the approximation itself is not "
                                           "proved, that inequality is"),
    (RECONSTRUCTION, RECONSTRUCTION, "the derivation's chain is not transcribed from its source: the source gives "
                                     "the result in words or without these steps, or not at all (a check added "
                                     "to it), and the chain writes the steps out; its notes say which"),
]
# What a step's numbers report, in one text for the PDF's legend and the HTML's.
NUMERIC_WORDS = ("the worst error is the largest difference of the two sides relative to their size (for an "
                 "inequality, its largest violation); an inequality that holds at every sampled point shows instead "
                 "its least margin, how far it holds at its worst sampled point")

# Claim statuses fall into six groups that the headline counts.
CLAIM_GROUPS = {
    ClaimStatus.HOLDS: "hold",
    ClaimStatus.AS_BOUND: "qualified",
    ClaimStatus.UNDER_ASSUMPTION: "qualified",
    ClaimStatus.IN_REGIME: "qualified",
    ClaimStatus.SUPPORTED: "supported",
    ClaimStatus.AS_BOUND_SUPPORTED: "supported",
    ClaimStatus.UNDER_SUPPORTED: "supported",
    ClaimStatus.IN_REGIME_SUPPORTED: "supported",
    ClaimStatus.CONTRADICTED: "refuted",
    ClaimStatus.REFUTED: "refuted",
    ClaimStatus.NOT_CHECKED: "unchecked",
    ClaimStatus.UNSETTLED: "unsettled",
}
CLAIM_LEGEND = [
    ("hold", "holds", "every step supporting the claim is proved for all values in its stated scope"),
    ("qualified", "holds only as a bound, under an added assumption or in a regime",
     "proved in a weaker form, named in the register"),
    ("supported", "supported (also only as a bound, under an added assumption or in a regime), not proved",
     "the derivations check out, but some supporting step is only numeric or checked at concrete sizes, or they "
     "prove instances of a general claim (for instances only): evidence, not a proof"),
    ("refuted", "refuted / contradicted by data", "a certified counterexample, or seeded experiments that "
                                                  "contradict it"),
    ("unchecked", "not checked", "no derivation addresses it (the register says why)"),
    ("unsettled", "reading not settled", "the text's words admit readings that come out differently; derivations "
                                         "address each reading (the register says what each gives), none decides it"),
]

def claim_group(status: ClaimStatus | str) -> str:
    try:
        return CLAIM_GROUPS[ClaimStatus(status)]
    except ValueError:
        return "unchecked"


def step_kind(verdict: Verdict | str, *, expect_refuted: bool = False, restatement: bool = False,
              sizes: int | None = None) -> str:
    """The badge's kind; `sizes` is k when the result holds only for n = 1…k (StepResult.sizes_only)."""
    value = verdict.value if isinstance(verdict, Verdict) else str(verdict)
    if value == "refuted" and expect_refuted:
        return "expected"
    if value == "proved" and restatement:
        return "restated"
    if value == "proved" and sizes is not None:
        return "cases"
    return value if value in KIND_LABELS else "unknown"


def step_label(kind: str, verdict: Verdict | str, sizes: int | None = None) -> str:
    value = verdict.value if isinstance(verdict, Verdict) else str(verdict)
    if kind == "cases":
        if value == "proved":
            return f"proved, n ≤ {sizes} only" if sizes is not None else "proved at concrete sizes only"
        if sizes is None:
            return "checked at concrete sizes only"   # the scope does not say which; never claim more
        return f"checked at n = 1…{sizes} only" if sizes != 1 else "checked at n = 1 only"
    if kind == "restated":
        return "restatement: checks nothing"
    return KIND_LABELS[kind]


def refutes_label(reason: str, limit: int = 60) -> str:
    """"refutes: …" with the refuted claim in a few words (the step's reason without a "claim:" prefix)."""
    text = re.sub(r"^\s*(claim(ed)?|the seed'?s? claim|seed)\s*:\s*", "", reason or "", flags=re.I).strip()
    if len(text) > limit:
        cut = text[:limit].rsplit(" ", 1)[0]
        text = cut + " …"
    return f"refutes: {text}" if text else "refutes a stated claim"
