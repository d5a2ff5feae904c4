"""Certified tails of integrals over infinite ranges: ∫_X^∞ |f| ≤ X·|f(X)|, when a test proves it.

FLINT's `acb.integral` is rigorous on a finite range only.  For ∫_a^∞ f the range is cut at X, and
the tail beyond X is bounded by a proof, not by a sample:  if f ≠ 0 on [X, ∞) and

    d/dy log(y² |f(y)|) = 2/y + Σ_k (log-derivative of the k-th factor of f)  ≤ 0   for every y ≥ X,

then y²|f(y)| is non-increasing there, so |f(y)| ≤ X²|f(X)|/y² and ∫_X^∞ |f| ≤ X·|f(X)|.  The sum is
enclosed by interval arithmetic (mpmath.iv) on [X, ∞] and, after y = 1/t and `cancel`, on t ∈ [0, 1/X]
(so −2y/(1 + y²) becomes −2t/(1 + t²) instead of [−∞, 0]); each factor's log-derivative is taken only
where the factor is shown nonzero on the whole tail (e^u contributes u', never vanishing).  A narrow
bump anywhere beyond X breaks the monotonicity, so no X before it passes: the bump stays inside the
range that `acb.integral` covers, or the integral is not certified at all.
"""
from __future__ import annotations

import functools
import operator

import mpmath
import sympy as sp

from .. import functions

iv = mpmath.iv
POWER = 2           # y^POWER·|f(y)| non-increasing: the tail is at most X·|f(X)|/(POWER − 1)
DPS = 30


class NoEnclosure(Exception):
    pass


def enclose(e, box: dict):
    """An interval containing e for every value of its symbols in their box intervals."""
    if e in box:
        return box[e]
    if e.is_Integer:
        return iv.mpf(int(e))
    if e.is_Rational:
        return iv.mpf(int(e.p)) / iv.mpf(int(e.q))
    if e is sp.pi:
        return iv.pi
    if e is sp.E:
        return iv.e
    if e.is_Add:
        total = iv.mpf(0)
        for a in e.args:
            total += enclose(a, box)
        return total
    if e.is_Mul:
        total = iv.mpf(1)
        for a in e.args:
            total *= enclose(a, box)
        return total
    if e.is_Pow:
        base, exponent = e.args
        if exponent.is_Integer:
            b = enclose(base, box)
            if exponent < 0 and _contains_zero(b):
                raise NoEnclosure("division by an interval containing 0")
            return b ** int(exponent)
        b = enclose(base, box)
        if not _low(b) > 0:
            raise NoEnclosure("a real power of a base not shown positive")
        return iv.exp(enclose(exponent, box) * iv.log(b))
    if isinstance(e, sp.exp):
        return iv.exp(enclose(e.args[0], box))
    if isinstance(e, sp.log):
        b = enclose(e.args[0], box)
        if not _low(b) > 0:
            raise NoEnclosure("log of an argument not shown positive")
        return iv.log(b)
    if isinstance(e, sp.Function) and (f := functions.interval_function(e)) is not None:
        return f(enclose(e.args[0], box))      # the mpmath.iv function of the same meaning (the table)
    raise NoEnclosure(type(e).__name__)


def _low(x):
    return mpmath.mpf(x.a._mpi_[0])


def _high(x):
    return mpmath.mpf(x.b._mpi_[1])


def _contains_zero(x) -> bool:
    return not (_low(x) > 0 or _high(x) < 0)


class Tail:
    """The test for one infinite end of ∫ f(x) dx: y ↦ f(side·y) on y ≥ X, its parameters given as intervals.

    A sum is bounded term by term (Σ_k X·|f_k(X)|, never X·|Σ_k f_k(X)|, where terms could cancel), so a
    narrow bump added to a Gaussian passes only from a cut beyond the bump."""

    def __init__(self, f, var, side: int, params):
        y = sp.Dummy("y", positive=True)
        t = sp.Dummy("t", nonnegative=True)
        self.y, self.params = y, list(params)
        h = f.xreplace({var: side * y})
        self.terms = [_Term(term, y, t) for term in sp.Add.make_args(_distributed(h))]

    def decays_from(self, X: int, param_boxes: list) -> bool:
        return all(term.decays_from(X, dict(zip(self.params, param_boxes))) for term in self.terms)

    def bound(self, X: int, param_boxes: list):
        """An upper bound of ∫_X^∞ |f(side·y)| dy (valid once decays_from(X) holds), or None."""
        env = dict(zip(self.params, param_boxes))
        saved = iv.dps
        iv.dps = DPS
        try:
            total = mpmath.mpf(0)
            for term in self.terms:
                value = enclose(term.h, {**env, self.y: iv.mpf(X)})
                total += X * max(abs(_low(value)), abs(_high(value))) / (POWER - 1)
            return total if mpmath.isfinite(total) else None
        except (NoEnclosure, ZeroDivisionError, ValueError, TypeError, OverflowError):
            return None
        finally:
            iv.dps = saved


MAX_TERMS = 32          # a product multiplied out into more terms than this is tested whole


def _distributed(h):
    """h with products over sums multiplied out (density·(a + b·y²) → density·a + density·b·y²), so each term
    is tested alone: the factor a + b·y² may vanish on the tail, or change sign, and then the test of the
    whole product fails although each term decays.  Exponentials are not split (expand_mul leaves e^{u+v});
    a log of a product is split only where SymPy's assumptions show each factor positive (no `force`)."""
    if sp.count_ops(h) > 200:
        return h
    try:
        if h.has(sp.log):
            h = sp.expand_log(h)        # log of a density ratio: only where SymPy knows the factors positive
        # A product of k sums has 2^k terms multiplied out, each tested at every point: e^{−y}·Π (y + a_i) over
        # ten parameters took 3 s a point; such a product is tested whole, as before.
        if _terms_multiplied_out(h) > MAX_TERMS:
            return h
        out = sp.expand_mul(h)
        return out if len(sp.Add.make_args(out)) <= MAX_TERMS else h
    except (TypeError, ValueError, RecursionError):
        return h



def _terms_multiplied_out(h) -> int:
    return sum(functools.reduce(operator.mul, (len(sp.Add.make_args(f)) for f in sp.Mul.make_args(term)), 1)
               for term in sp.Add.make_args(h))


class _Term:
    """One additive term of the integrand on the tail, with the log-derivative of each of its factors."""

    def __init__(self, h, y, t):
        self.h, self.y, self.t = h, y, t
        self.pieces = []           # (factor, its log-derivative) for every factor that depends on y
        for factor in sp.Mul.make_args(h):
            if not factor.has(self.y):
                continue
            if isinstance(factor, sp.exp):
                self.pieces.append((None, sp.diff(factor.args[0], self.y)))
            else:
                self.pieces.append((factor, sp.diff(factor, self.y) / factor))
        self.forms = [(factor, deriv, self._t(deriv), None if factor is None else self._t(factor))
                      for factor, deriv in self.pieces]

    def _t(self, e):
        """e at y = 1/t with common factors cancelled: for small rational functions only (`cancel` on an
        exponential of a huge polynomial can crash the process inside FLINT's gcd)."""
        if not e.is_rational_function(self.y) or sp.count_ops(e) > 40 or any(
                abs(n) > 10 ** 6 for n in e.atoms(sp.Number) if n.is_Rational):
            return None
        try:
            return sp.cancel(sp.together(e.xreplace({self.y: 1 / self.t})))
        except (sp.PolynomialError, TypeError, ValueError):
            return None

    def decays_from(self, X: int, env: dict) -> bool:
        """True only if y^POWER·|h(y)| is proved non-increasing on [X, ∞) (h nonzero there)."""
        if not self.h.has(self.y):
            return False            # a constant term has no finite integral over a tail (unless 0)
        saved = iv.dps
        iv.dps = DPS
        try:
            ybox = {**env, self.y: iv.mpf([X, mpmath.inf])}
            tbox = {**env, self.t: iv.mpf([0, mpmath.mpf(1) / X])}
            total = mpmath.mpf(POWER) / X
            for factor, deriv, deriv_t, factor_t in self.forms:
                if factor is not None and not (_nonzero(factor, ybox) or (factor_t is not None and _nonzero(factor_t, tbox))):
                    return False
                top = min(_upper(deriv, ybox), _upper(deriv_t, tbox) if deriv_t is not None else mpmath.inf)
                if not mpmath.isfinite(top):
                    return False
                total += top
            return total <= 0
        finally:
            iv.dps = saved


def _nonzero(e, box) -> bool:
    try:
        return not _contains_zero(enclose(e, box))
    except (NoEnclosure, ZeroDivisionError, ValueError, TypeError, OverflowError):
        return False


def _upper(e, box):
    try:
        value = enclose(e, box)
    except (NoEnclosure, ZeroDivisionError, ValueError, TypeError, OverflowError):
        return mpmath.inf
    top = _high(value)
    return top if not mpmath.isnan(top) else mpmath.inf


def tails_of(f, var, low, high, params):
    """{side: Tail} for each infinite end of ∫_low^high f d var (side +1 for +∞, −1 for −∞)."""
    out = {}
    if high is sp.oo:
        out[1] = Tail(f, var, 1, params)
    if low == -sp.oo:
        out[-1] = Tail(f, var, -1, params)
    return out
