"""What a strategy hands back: a proof with its scope, or the reasons there is none.

These records are the only contract between the strategies and the judge.  Control
flow reads their fields (`timed_out`, `concrete_only`), never the prose in `notes`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp


@dataclass(frozen=True)
class Proof:
    method: str
    scope: str
    # Established only at the concrete sizes n = 1…6: evidence, not a proof (the judge's "cases").
    concrete_only: bool = False
    # k when the scope is "n = 1…k only": the sizes as a number, for the judge and the report.
    sizes_only: int | None = None


@dataclass(frozen=True)
class Contradiction:
    """A symbolic computation that disagrees with the claim (a limit SymPy computes to another value).

    It never refutes on its own.  `certified` marks a bound established by interval arithmetic over a
    whole neighbourhood or tail (|d| ≥ ε there), which is a certificate; otherwise `value` is what SymPy
    computed (in memory only, never cached), for the judge to hold against the numbers.
    """
    note: str
    value: object = None
    certified: bool = False


@dataclass
class ProofOutcome:
    proof: Proof | None
    notes: list[str] = field(default_factory=list)
    facts_used: list[str] = field(default_factory=list)
    timed_out: bool = False      # some strategy hit its time limit, so a larger limit might succeed
    strategy: str = ""           # the registry name of the strategy that succeeded
    contradiction: Contradiction | None = None   # set by a strategy that computed something against the claim
    undecided: object = None     # what a strategy computed but could not decide (e.g. a limit of unknown sign)


@dataclass(frozen=True)
class FactGap:
    """A checked fact `small ≤ big` (or `small = big`), as the nonnegative gap big − small.

    `concrete_only` marks a fact established only at concrete sizes: whatever rests on it
    is no stronger (a cited fact lends its scope, never more).
    """
    name: str
    gap: sp.Expr
    equality: bool
    concrete_only: bool = False


def concrete_only(fact) -> bool:
    """Whether a cited fact holds only at concrete sizes; any record with name, gap, equality may be cited."""
    return bool(getattr(fact, "concrete_only", False))


def generic(sizes) -> str:
    """The scope of a proof for every value of the sizes, naming them: "generic n", "generic d", "generic m, n"."""
    return "generic " + ", ".join(sorted(dict.fromkeys(str(s) for s in sizes)))
