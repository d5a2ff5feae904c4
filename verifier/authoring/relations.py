"""Relations a step may assert, and how a chain of them composes.

The composed relation of a chain is what the chain proves about its first and
last expression: = then <= gives <=, = then ~ gives ~, and <= mixed with >=
gives nothing at all.
"""
from __future__ import annotations

from enum import Enum


class Relation(str, Enum):
    EQ = "="
    LE = "<="
    GE = ">="
    LT = "<"
    GT = ">"
    APPROX = "~"
    PROPTO = "propto"

    @property
    def latex(self) -> str:
        return {"=": "=", "<=": r"\le", ">=": r"\ge", "<": "<", ">": ">",
                "~": r"\approx", "propto": r"\propto"}[self.value]

    @property
    def symbol(self) -> str:
        return {"=": "=", "<=": "≤", ">=": "≥", "<": "<", ">": ">", "~": "≈", "propto": "∝"}[self.value]

    @property
    def direction(self) -> int:
        """+1 for an upper-bound chain (<=, <), -1 for a lower-bound one, 0 otherwise."""
        return {"<=": 1, "<": 1, ">=": -1, ">": -1}.get(self.value, 0)

    @property
    def strict(self) -> bool:
        return self in (Relation.LT, Relation.GT)


def compose(relations: list[Relation]) -> tuple[Relation | None, str]:
    """The relation between the first and last expression, or None with the reason."""
    rels = list(relations)
    if not rels:
        return None, "the chain has no steps"
    if Relation.PROPTO in rels:
        others = [r for r in rels if r is not Relation.PROPTO]
        if all(r is Relation.EQ for r in others):
            return Relation.PROPTO, ""
        return None, "∝ composes only with =; the chain mixes it with " + ", ".join(sorted({r.symbol for r in others if r is not Relation.EQ}))
    directions = {r.direction for r in rels if r.direction}
    if len(directions) > 1:
        return None, "the chain mixes ≤ and ≥ steps, so it bounds its ends in no direction"
    if Relation.APPROX in rels:
        if directions:
            return Relation.APPROX, ("the chain mixes ≈ with inequalities; only ≈ survives, "
                                     "read it through each step's stated meaning")
        return Relation.APPROX, ""
    if not directions:
        return Relation.EQ, ""
    upward = directions == {1}
    strict = any(r.strict for r in rels)
    if upward:
        return (Relation.LT if strict else Relation.LE), ""
    return (Relation.GT if strict else Relation.GE), ""
