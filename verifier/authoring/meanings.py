"""What an approximation (≈) means, stated so that it can be checked.

An ≈ step must carry at least one of these; without one it is an error, never
a pass.  Each meaning is checked on its own, and a step is only as strong as
its weakest meaning.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp


@dataclass(frozen=True)
class Limit:
    """lhs − rhs → 0 as var → point (or lhs/rhs → 1 with ratio=True)."""
    var: sp.Symbol
    point: sp.Expr
    ratio: bool = False

    def __post_init__(self):
        object.__setattr__(self, "point", sp.sympify(self.point))

    def describe(self) -> str:
        what = "lhs / rhs → 1" if self.ratio else "lhs − rhs → 0"
        return f"{what} as {self.var} → {self.point}"


@dataclass(frozen=True)
class Series:
    """lhs − rhs = O((var − point)^order) as var → point."""
    var: sp.Symbol
    point: sp.Expr
    order: int

    def __post_init__(self):
        object.__setattr__(self, "point", sp.sympify(self.point))

    def describe(self) -> str:
        return f"lhs − rhs = O({self.var}^{self.order}) as {self.var} → {self.point}"


@dataclass(frozen=True)
class Bound:
    """The approximation is one-sided: lhs >= rhs (direction '>=') or lhs <= rhs ('<=') everywhere."""
    direction: str

    def __post_init__(self):
        if self.direction not in ("<=", ">="):
            raise ValueError(f"Bound direction must be '<=' or '>=', not {self.direction!r}")

    def describe(self) -> str:
        return f"one-sided: lhs {'≥' if self.direction == '>=' else '≤'} rhs everywhere"


@dataclass(frozen=True)
class Measure:
    """Tabulate the actual error over a grid of parameter values (other symbols are sampled, seeded).

    grid maps a symbol to the values it takes; every combination is one row.
    relative=True measures |lhs − rhs| / |lhs| instead of |lhs − rhs|.
    """
    grid: dict = field(default_factory=dict)
    relative: bool = False
    samples: int = 3       # seeded draws of the remaining symbols per grid point; the worst is reported

    def __hash__(self):
        return id(self)


MEANINGS = (Limit, Series, Bound)
