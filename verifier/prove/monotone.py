"""A monotone function applied to both sides of an inequality: compare the arguments instead.

The gap of the step is big − small.  Each reduction below turns it into an equivalent comparison of
simpler expressions, under side conditions that make the function monotone there:

  * f(A) − f(B) for f strictly increasing on all of ℝ (the table of functions: exp, atan, tanh, sinh, asinh,
    erf, erfi, Shi): A − B, A and B real;
  * f(A) − f(B) for f increasing on (0, ∞) (log): A − B, with A > 0 and B > 0 (log is not even real where an
    argument is ≤ 0);
  * powers on nonnegative sides: with both sides ≥ 0 and m > 0, big ≥ small ⟺ big^m ≥ small^m, so
    √(Σq²)·√(Σk²) − |q·k| becomes Σq²·Σk² − (q·k)²  (m clears the square roots: the lcm of the
    denominators of the fractional exponents);
  * A^r − B^r with the same r < 0 (1/x, 1/√x): decreasing on positives, so B − A, with A, B > 0.

A strict relation stays strict, since each map is strictly monotone where its conditions hold.  −x is
decreasing and nothing here treats it as increasing: −A ≥ −B is B − A ≥ 0, the sign strategy's business.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import lcm

import sympy as sp

from .. import functions


@dataclass(frozen=True)
class Reduction:
    inner: sp.Expr                       # must be ≥ 0 (> 0 if the step is strict)
    how: str
    conditions: tuple = ()               # (expression, strict): each must be shown ≥ 0 (> 0)


def two_sides(gap: sp.Expr):
    """(A, B) when gap = A − B with exactly one positive and one negated term; else None."""
    terms = sp.Add.make_args(gap)
    if len(terms) != 2:
        return None
    pos = [t for t in terms if not t.could_extract_minus_sign()]
    neg = [-t for t in terms if t.could_extract_minus_sign()]
    if len(pos) != 1 or len(neg) != 1:
        return None
    return pos[0], neg[0]


def _fractional_denominators(e: sp.Expr) -> list[int]:
    return [int(p.exp.q) for p in e.atoms(sp.Pow) if p.exp.is_Rational and not p.exp.is_Integer]


def reductions(gap: sp.Expr) -> list[Reduction]:
    """Every reduction that applies to gap = big − small (in order of preference)."""
    sides = two_sides(gap)
    if sides is None:
        return []
    big, small = sides
    out = []
    # Strictly increasing functions, from the one table of functions: on ℝ for real arguments, or on (0, ∞)
    # with both arguments shown > 0 (log is not even real where an argument is ≤ 0).
    where = functions.increasing_call(big)
    if where is not None and functions.facts(big) is functions.facts(small) and len(small.args) == 1:
        a, b = big.args[0], small.args[0]
        name = functions.facts(big).name
        if where == "ℝ" and a.is_real and b.is_real:
            out.append(Reduction(a - b, f"{name} is increasing"))
        elif where == "(0, ∞)":
            out.append(Reduction(a - b, f"{name} is increasing on (0, ∞)", ((a, True), (b, True))))
    if isinstance(big, sp.Pow) and isinstance(small, sp.Pow) and big.exp == small.exp \
            and big.exp.is_negative and big.exp.is_real:
        a, b = big.base, small.base
        out.append(Reduction(b - a, f"x^{sp.sstr(big.exp)} is decreasing on (0, ∞)", ((a, True), (b, True))))
    denominators = _fractional_denominators(big) + _fractional_denominators(small)
    if any(isinstance(side, sp.Abs) or side.has(sp.Abs) for side in (big, small)):
        denominators.append(2)          # |x|² = x² for real x
    if denominators:
        m = lcm(*denominators)
        if m > 1 and m <= 12:
            raised = sp.expand(sp.powdenest(big ** m, force=False)) - sp.expand(sp.powdenest(small ** m, force=False))
            out.append(Reduction(raised, f"both sides ≥ 0, raised to the power {m} (increasing on [0, ∞))",
                                 ((big, False), (small, False))))
    return out
