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
    """lhs − rhs → 0 as var → point (or lhs/rhs → 1 with ratio=True).

    A finite point is approached from both sides unless side="+" or "-" says otherwise
    (or the variable's declaration allows only one side).
    """
    var: sp.Symbol
    point: sp.Expr
    ratio: bool = False
    side: str = "+-"

    def __post_init__(self):
        object.__setattr__(self, "point", sp.sympify(self.point))
        if self.side not in ("+-", "+", "-"):
            raise ValueError(f"Limit side must be '+-', '+' or '-', not {self.side!r}")

    def describe(self) -> str:
        what = "lhs / rhs → 1" if self.ratio else "lhs − rhs → 0"
        arrow = {"+": "⁺", "-": "⁻"}.get(self.side, "") if self.point.is_finite else ""
        return f"{what} as {self.var} → {self.point}{arrow}"


@dataclass(frozen=True)
class Series:
    """lhs − rhs = O((var − point)^order) as var → point (from both sides unless side says otherwise)."""
    var: sp.Symbol
    point: sp.Expr
    order: int
    side: str = "+-"

    def __post_init__(self):
        object.__setattr__(self, "point", sp.sympify(self.point))
        if self.side not in ("+-", "+", "-"):
            raise ValueError(f"Series side must be '+-', '+' or '-', not {self.side!r}")

    def describe(self) -> str:
        return f"lhs − rhs = {self.order_of()[0]} as {self.var} → {self.point}"

    def order_of(self) -> tuple[str, str]:
        """The claimed order in words and as LaTeX, of the distance to the point: O(x^2) at 0, O((x - 1)^2)
        at 1, O(|x|^-2) towards ±∞ (what the check measures, |lhs − rhs| against that power)."""
        var, k = self.var, self.order
        if not self.point.is_finite:
            return f"O(|{var}|^-{k})", rf"O\left(\left|{sp.latex(var)}\right|^{{-{k}}}\right)"
        if self.point == 0:
            return f"O({var}^{k})", rf"O\left({sp.latex(var)}^{{{k}}}\right)"
        return (f"O(({var} - {self.point})^{k})",
                rf"O\left(\left({sp.latex(var - self.point)}\right)^{{{k}}}\right)")


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


# The names an author writes.  They are lower-case verbs that SymPy does not define, so a file may
# import SymPy wholesale (`from sympy import *`) after verifier without losing them; the classes keep
# their old names (Limit, Series, Bound) for files written before, but those collide with SymPy's.
def tends(var, point, *, ratio: bool = False, side: str = "+-") -> Limit:
    """≈ means lhs − rhs → 0 as var → point (ratio=True: lhs / rhs → 1); side="+" for var → point⁺."""
    return Limit(var, point, ratio, side)


def series_order(var, point, order: int, *, side: str = "+-") -> Series:
    """≈ means lhs − rhs = O((var − point)^order) as var → point."""
    return Series(var, point, order, side)


def one_sided(direction: str) -> Bound:
    """≈ means a one-sided bound everywhere: one_sided(">=") is lhs ≥ rhs, one_sided("<=") is lhs ≤ rhs."""
    return Bound(direction)


def from_order(term: sp.Order) -> Series:
    """SymPy's own O((x − a)^k, (x, a)) read as the meaning series_order(x, a, k).

    Only a power of (x − a) at a finite point has that reading; anything else
    (O(1/x, (x, ∞)), O(x·y)) raises ValueError rather than being guessed at.
    """
    if len(term.variables) != 1:
        raise ValueError(f"{term} has {len(term.variables)} variables; a meaning needs one")
    var, point = term.variables[0], term.point[0]
    if not point.is_finite:
        raise ValueError(f"{term} is at an infinite point; state it with tends(...) instead")
    base, power = (term.expr.as_base_exp())
    if base != var - point or not (power.is_Integer and power > 0):
        raise ValueError(f"{term} is not O(({var} − {point})^k); state it with series_order(var, point, k)")
    return Series(var, point, int(power))
