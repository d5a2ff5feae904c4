r"""Whether two sides written in one real name are unequal at every value of it where both have one.

`{n \choose 1} \frac{1}{n} (1-\frac{1}{n})^{n-1} = \frac{n}{n+1} (1-\frac{1}{n})^{n}`: the sides differ by no
number, yet they are equal at no n.  A step like it is false whatever particular value a text gives its name, so a
chain that ends in a number (`\approx e^{-1}`) cannot make it hold.

The decision is exact, never by sampling.  The sides' ratio, simplified, must be a rational function r of the name
(the right side is rhs = r·lhs wherever every base of a power in them has a finite nonzero value); then
lhs − rhs = lhs·(1 − r), so the sides can be equal only where lhs is 0 or r is 1.  Each of those, and each point where
a base of a power is 0 or has no value, is a root of a polynomial with rational coefficients, all of whose roots must
be real (so a text about complex values, x^2 + 1 = 0, is never decided): finitely many, found exactly, and at each
the two sides are evaluated exactly and must be unequal or not both have a value.  Any other shape (two names, a sum
the ratio does not cancel, a function other than powers and exp, a root SymPy cannot isolate) is not decided: the
step keeps what the text gives its names.
"""
from __future__ import annotations

import sympy as sp

from ..prove.timeouts import StrategyTimeout, time_limit

# CPU seconds for the whole decision (a simplify of a large ratio can take long): past them nothing is decided
_SECONDS = 2.0
_MAX_OPS = 60


def unequal_at_every_value(lhs, rhs) -> bool:
    """Whether lhs = rhs fails at every real value of the one name they write where both sides have a value."""
    if not (isinstance(lhs, sp.Expr) and isinstance(rhs, sp.Expr)):
        return False
    names = (lhs - rhs).free_symbols
    if len(names) != 1:
        return False
    (x,) = names
    if not isinstance(x, sp.Symbol) or x.is_real is False:
        return False
    if any(not _plain(e, x) for e in (lhs, rhs)) or sp.count_ops(lhs) + sp.count_ops(rhs) > _MAX_OPS:
        return False
    try:
        with time_limit(_SECONDS):
            return _decide(lhs, rhs, x)
    except (TypeError, ValueError, ArithmeticError, RecursionError, AttributeError, NotImplementedError,
            sp.PolynomialError, StrategyTimeout):
        return False


def _plain(e, x) -> bool:
    """Numbers, the name, sums, products, powers and exp only."""
    if e.is_Number or e == x or e in (sp.pi, sp.E):
        return e.is_finite is not False
    if isinstance(e, (sp.Add, sp.Mul, sp.Pow, sp.exp)):
        return all(_plain(a, x) for a in e.args)
    return False


def _decide(lhs, rhs, x) -> bool:
    if not lhs.has(x):
        lhs, rhs = rhs, lhs
    if sp.simplify(lhs - rhs) == 0:
        return False
    points = _zeros(lhs, x)
    if points is None:
        lhs, rhs = rhs, lhs
        points = _zeros(lhs, x) if lhs.has(x) else None
        if points is None:
            return False
    for side in (lhs, rhs):
        for p in side.atoms(sp.Pow):
            base = _roots_of_rational(p.base, x, poles=True)
            if base is None:
                return False
            points |= base
    if sp.simplify(lhs) != 0:
        ratio = sp.simplify(sp.powsimp(rhs / lhs, force=False))
        if not ratio.is_rational_function(x) or ratio.has(sp.zoo, sp.nan):
            return False
        gap = sp.cancel(sp.together(1 - ratio))
        if gap == 0:
            return False
        more = _roots_of_rational(gap, x, poles=True)
        ends = _roots_of_rational(ratio, x, poles=True)
        if more is None or ends is None:
            return False
        points |= more | ends
    else:
        return False
    for p in points:
        if not _unequal_at(lhs, rhs, x, p):
            return False
    return True


def _zeros(e, x):
    """A finite set of real points holding every real zero of e where it has a value, or None when not known."""
    if not e.has(x):
        return set() if e.is_zero is False else None
    if e.is_rational_function(x):
        return _roots_of_rational(e, x)
    if isinstance(e, sp.Mul):
        out = set()
        for a in e.args:
            found = _zeros(a, x)
            if found is None:
                return None
            out |= found
        return out
    if isinstance(e, sp.Pow):
        # b^e is 0 only where b is 0, or where b has no finite value (b^-1 at b = ∞): both among b's roots and poles
        if not e.base.has(x):
            return set() if e.base.is_zero is False else None
        return _roots_of_rational(e.base, x, poles=True)
    if isinstance(e, sp.exp):
        return set()
    return None


def _roots_of_rational(e, x, poles: bool = False):
    """The roots (and with `poles`, the poles) of a rational function of x with rational coefficients, when all are
    real; the empty set for a number; None for anything else."""
    if not e.has(x):
        return set()
    if not e.is_rational_function(x):
        return None
    num, den = sp.fraction(sp.cancel(sp.together(e)))
    out = set()
    for part in (num, den) if poles else (num,):
        if not part.has(x):
            continue
        poly = sp.Poly(part, x)
        if poly.get_domain() not in (sp.ZZ, sp.QQ):
            return None
        roots = poly.real_roots()
        if len(roots) != poly.degree():
            return None         # a root off the real line: a text about complex values may mean it (x^2 + 1 = 0)
        out |= set(roots)
    return out


def _unequal_at(lhs, rhs, x, point) -> bool:
    """Whether the sides are unequal at x = point, or one of them has no value there.  0^0 is taken as 1, as SymPy
    and the numbers take it; read as having no value, the sides are not both defined there either."""
    if not (_has_value(lhs, x, point) and _has_value(rhs, x, point)):
        return True
    a, b = (sp.simplify(s.subs(x, point)) for s in (lhs, rhs))
    if any(v.has(sp.zoo, sp.nan, sp.oo, -sp.oo) for v in (a, b)):
        return True
    return sp.simplify(a - b).is_zero is False


def _has_value(e, x, point) -> bool:
    """Whether no part of e divides by 0 or takes a power of an infinite base at x = point (SymPy's own arithmetic
    gives (1 - 1/0)^{-1} the value 0)."""
    for p in e.atoms(sp.Pow):
        base, power = (sp.simplify(a.subs(x, point)) for a in (p.base, p.exp))
        if base.has(sp.zoo, sp.nan, sp.oo, -sp.oo) or power.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
            return False
        if base.is_zero and power.is_negative:
            return False
        if base.is_zero and power.is_nonnegative is not True:
            raise ValueError("a power of 0 whose sign is not known")
    return True
