"""Read `A ρ B \\iff C σ D`: two relations with the same solutions, as one checkable claim.

Each relation is moved to one side, g ρ 0, with > and ≥ turned into < and ≤ by changing the sign of g.  Two
relations of one kind whose g are polynomials with rational coefficients are then written in a normal form: g
divided by its leading coefficient (in lex order of the names), or by the coefficient's absolute value for < and
≤, which keeps the direction.  Equal normal forms mean g₁ = k·g₂ with k > 0 (k ≠ 0 for = and ≠): the relations
hold at the same points.  The step written is that equality of normal forms.

When every g is affine and not constant, the converse holds too: two half-spaces (or hyperplanes) are the same
set only when their g are proportional so.  So the claim is refutable exactly when the equivalence is: a
counterexample to the normal forms' equality is a proof that the relations differ somewhere.  For polynomials of
higher degree it is not (x² = 0 and x = 0 have the same solutions, and normal forms that differ), so that claim
is written unsettled: it may be proved, never refuted.  Relations of two kinds (a strict and a non-strict one,
an equation and an inequality), sides that are no polynomial with rational coefficients, entries, functions,
sums, and constant relations are refused, naming what they are.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from .reading import ReadError

# A relation moved to one side: (sign of g, the kind it becomes).
_FLIP = {"<": (1, "<"), "<=": (1, "<="), ">": (-1, "<"), ">=": (-1, "<="), "=": (1, "="), "ne": (1, "ne")}
_SHOWN = {"<": "<", "<=": "≤", "=": "=", "ne": "≠"}


@dataclass
class Equivalence:
    lhs: sp.Expr            # the first relation's normal form
    rhs: sp.Expr            # the second's
    settled: bool           # affine and not constant: refuting the claim refutes the equivalence
    rule: str               # the sentence the import prints


def relations_compared(sides: list[sp.Expr], relations: list[str]) -> Equivalence:
    """The claim `A ρ B \\iff C σ D` states, from its four read sides and its two relations ρ and σ."""
    (a, b, c, d), (r1, r2) = sides, relations
    if r1 not in _FLIP or r2 not in _FLIP:
        raise ReadError(f"an equivalence of `{r1}` and `{r2}` relations is not read")
    (s1, k1), (s2, k2) = _FLIP[r1], _FLIP[r2]
    if k1 != k2:
        raise ReadError(f"`{r1}` and `{r2}` are relations of two kinds: their equivalence is not read",
                        (f"g₁ {_SHOWN[k1]} 0 and g₂ {_SHOWN[k2]} 0 have the same solutions",
                         "they differ where a side is zero"))
    g1, g2 = sp.expand(s1 * (a - b)), sp.expand(s2 * (c - d))
    names = sorted(g1.free_symbols | g2.free_symbols, key=lambda s: s.name)
    if not names or any(not isinstance(x, sp.Symbol) or x.is_integer for x in names):
        raise ReadError("an equivalence of relations between numbers, entries or indices is not read")
    polys = []
    for g in (g1, g2):
        if g.atoms(sp.Indexed, sp.Function, sp.Sum, sp.Product, sp.Integral):
            raise ReadError("an equivalence of relations with entries, functions, sums or integrals is not read")
        try:
            p = sp.Poly(g, *names, domain=sp.QQ)
        except (sp.PolynomialError, sp.GeneratorsError, sp.CoercionFailed):
            raise ReadError("an equivalence of relations whose sides are not polynomials with rational coefficients "
                            "is not read") from None
        if p.is_zero or p.total_degree() == 0:
            raise ReadError("an equivalence with a relation between constants is not read")
        polys.append(p)
    forms = []
    for p in polys:
        lead = p.LC()            # lex order of the sorted names
        scale = abs(lead) if k1 in ("<", "<=") else lead
        forms.append(sp.expand(p.as_expr() / scale))
    settled = all(p.total_degree() == 1 for p in polys)
    what = ("the relations are affine, so they have the same solutions exactly when these agree" if settled else
            "equal forms mean the same solutions; unequal ones may still have them (x² = 0, x = 0): unsettled")
    rule = (f"read the equivalence of `{r1}` and `{r2}` as the equality of their normal forms g {_SHOWN[k1]} 0, g divided "
            f"by its leading coefficient{' (its absolute value)' if k1 in ('<', '<=') else ''} ({forms[0]} and "
            f"{forms[1]}): {what}")
    return Equivalence(forms[0], forms[1], settled, rule)
