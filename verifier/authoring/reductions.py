"""Reductions over an index that SymPy lacks: the maximum and minimum of a vector.

max_i s_i is needed by the seed derivations (s_max).  SymPy's Max takes a
fixed list of arguments, so a vector of symbolic length needs its own node,
shaped like Sum so that it has a bound index and limits.
"""
from __future__ import annotations

import sympy as sp
from sympy.concrete.expr_with_limits import ExprWithLimits


class IndexedMax(ExprWithLimits):
    """max over i = lo…hi of f(i)."""
    is_commutative = True
    _fixed = sp.Max       # SymPy's reduction over a fixed list, used once the length is concrete
    _command = r"\max"

    def _eval_is_real(self):
        return self.function.is_real

    def doit(self, **hints):
        f = self.function.doit(**hints) if hints.get("deep", True) else self.function
        i, lo, hi = self.limits[0]
        if (hi - lo).is_Integer:
            return self._fixed(*[f.subs(i, k) for k in range(int(lo), int(hi) + 1)])
        return self.func(f, *self.limits)

    def _latex(self, printer):
        i, lo, hi = self.limits[0]
        return r"%s_{%s} %s" % (self._command, printer._print(i), printer.parenthesize(self.function, 1000))


class IndexedMin(IndexedMax):
    """min over i = lo…hi of f(i)."""
    _fixed = sp.Min
    _command = r"\min"


def maximum(f, i):
    from .symbols import index_range
    lo, hi = index_range(i)
    return IndexedMax(f, (i, lo, hi))


def minimum(f, i):
    from .symbols import index_range
    lo, hi = index_range(i)
    return IndexedMin(f, (i, lo, hi))


# SymPy's namespace has its own maximum/minimum (of a function over a domain), so a file that does
# `from sympy import *` after verifier would silently get those; these names are SymPy-free.
def max_over(f, i):
    """max_i f over the declared range of index i."""
    return maximum(f, i)


def min_over(f, i):
    """min_i f over the declared range of index i."""
    return minimum(f, i)
