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
# The letters a solved equivalence takes as positive unless the text says otherwise: a standard deviation, a scale, a
# temperature.  λ and β, positive by convention elsewhere, are as often an eigenvalue, a multiplier or a coefficient of
# either sign, and λ = 2e^b does not give every solution of λ² = 4e^{2b}
SCALE_LETTERS = frozenset({"sigma", "tau"})

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


def _real_and_nonnegative_parts(f: sp.Expr):
    """f as P·R: P a product of positive numbers, exponentials, absolute values and even powers (real and at least 0
    wherever f is defined), R one square root or its reciprocal (at least 0 where real, imaginary elsewhere) or 1;
    None for any other form."""
    root = None
    for x in sp.Mul.make_args(f):
        if x.is_number and x.is_positive or isinstance(x, (sp.exp, sp.Abs)) \
                or isinstance(x, sp.Pow) and x.exp.is_Integer and x.exp.is_even:
            continue
        if isinstance(x, sp.Pow) and x.exp in (sp.Rational(1, 2), sp.Rational(-1, 2)) and root is None:
            root = x
            continue
        return None
    return root if root is not None else sp.Integer(1)


def _no_value_where_zero(coefficient: sp.Expr, f: sp.Expr, k: int) -> bool:
    r"""Whether f has no value wherever the factor c is 0: f^k written over a denominator c divides
    (`\sigma = \sqrt{\frac{2}{n_\textrm{in} + n_\textrm{out}}}` beside the factor (n_in + n_out)/2), so at c = 0 the
    solved equation says nothing and the equivalence is claimed only where c ≠ 0."""
    try:
        _, denominator = sp.fraction(sp.together(f ** k))
        names = sorted(coefficient.free_symbols | denominator.free_symbols, key=lambda s: s.name)
        if not names or not coefficient.is_polynomial(*names) or not denominator.is_polynomial(*names):
            return False
        quotient, remainder = sp.div(denominator, coefficient, *names)
        return remainder == 0 and quotient != 0
    except (sp.PolynomialError, TypeError, ValueError, ArithmeticError):
        return False


def solved_equivalence(sides: list[sp.Expr], positive: frozenset) -> Equivalence:
    """`\\frac{1}{2}(a + b)\\sigma^2 = 1 \\iff \\sigma = \\sqrt{\\frac{2}{a + b}}`: two equations, one solved for a
    name v (v = f, f without v), the other c·v^k = d with c and d without v and c ≠ 0 wherever f has a value.  For v
    declared positive (`positive`), v^k is one to one, so the first holds at one positive v at most, and v = f is the
    same equation exactly when c·f^k = d, the first equation at v = f: that is the claim written.  For an odd k, v^k
    is one to one on the reals, whatever v's sign.

    f must be real and at least 0 wherever it is defined (a product of positive numbers, exponentials, absolute values
    and even powers), or that times one square root (or its reciprocal) with k = 2: where the root is imaginary,
    c·f² = d puts d/c ≤ 0, so neither equation has a positive solution there.  Proved, the claim is the equivalence.
    Refuted at a point where f is real, v = f holds there and the first equation does not, so the equivalence fails;
    with a square root in f, where the root is imaginary a false claim says nothing, so the claim is refutable only
    when the root is real wherever defined (`\\sqrt{a^2 + 1}`) or the claim relates two numbers (false at every point,
    among them the points where the root is real), and unsettled otherwise.  A name of either sign (v = ±√… both solve v² = …) and any other form are refused by name."""
    (a, b, c, d) = sides
    refusal = None
    for (x, y), (p, q) in (((c, d), (a, b)), ((a, b), (c, d))):
        for v, f in ((x, y), (y, x)):
            if not isinstance(v, sp.Symbol) or v in f.free_symbols or not f.free_symbols or not (p - q).has(v):
                continue
            g = sp.expand(p - q)
            terms = [t for t in sp.Add.make_args(g) if t.has(v)]
            powers = {sp.degree(t, v) if t.is_polynomial(v) else None for t in terms}
            if len(powers) != 1 or None in powers:
                continue
            k = powers.pop()
            coefficient = sp.expand(sum(t / v ** k for t in terms))
            if k < 1 or coefficient.has(v) or sp.expand(g - coefficient * v ** k).has(v):
                continue
            signs = {s: sp.Dummy(s.name, real=True, positive=True) if s.name in positive or s.is_positive
                     else sp.Dummy(s.name, real=True) for s in coefficient.free_symbols}
            if coefficient.xreplace(signs).is_zero is not False and not _no_value_where_zero(coefficient, f, k):
                # `(a - 1)\sigma^2 = (a - 1)e^{2b} \text{ i.e. } \sigma = e^b`: where the factor is 0 the first
                # equation holds at every σ (or at none), never at σ = … alone
                refusal = refusal or ReadError(
                    f"an equivalence of an equation in {v}^{k} with the factor {coefficient}, which may be 0, and "
                    f"{v} = … is not read", (f"the same solutions where {coefficient} ≠ 0",
                                              f"every {v} or none where {coefficient} = 0"))
                continue
            if v.name not in positive and k % 2 == 0:
                refusal = refusal or ReadError(
                    f"an equivalence of an equation in {v}^{k} and {v} = … for a {v} the text does not declare positive "
                    "is not read", (f"the same solutions where {v} > 0", f"other solutions of the first where {v} may "
                                    "be negative" if k % 2 == 0 else f"{v} = … for the real root"))
                continue
            root = _real_and_nonnegative_parts(f)
            if root is None or f.atoms(sp.Indexed, sp.Sum, sp.Product, sp.Integral) \
                    or f.atoms(sp.Function) - f.atoms(sp.exp, sp.Abs) or root != 1 and k != 2 \
                    or root != 1 and root.base.is_nonpositive:
                refusal = refusal or ReadError(
                    f"an equivalence of an equation in {v}^{k} and {v} = {f} (not a value at least 0 wherever it is "
                    "real, or a square root beside a power other than 2) is not read")
                continue
            lhs, rhs = p.subs(v, f), q.subs(v, f)
            between_numbers = not (lhs.free_symbols | rhs.free_symbols)
            # the written file declares every name real
            settled = root == 1 or between_numbers or root.base.xreplace(
                {s: sp.Dummy(s.name, real=True) for s in root.base.free_symbols}).is_nonnegative is True
            one_to_one = (f"{v} > 0 is declared, so ({coefficient})·{v}^{k} = … holds at one positive {v} at most"
                          if v.name in positive else
                          f"{v}^{k} is one to one on the reals, so ({coefficient})·{v}^{k} = … holds at one {v} at most")
            rule = (f"read the equivalence as the first equation at {v} = {f}: {one_to_one}, which {v} = {f} names "
                    "exactly when the first equation holds there"
                    + ("" if settled else "; where the square root is imaginary a counterexample says nothing about "
                       "the equivalence, so it refutes nothing"))
            return Equivalence(lhs, rhs, settled, rule)
    raise refusal or ReadError("an equivalence of equations neither of which is solved for a name beside an "
                               "equation in a power of it is not read")
