"""An expectation's value from its definition: the integral of f(x)·density(x) for a continuous law, the
exact finite sum Σ_k p_k f(v_k) for a discrete one.  Never a library's model of the law.

`definition(E[f])` returns an expression free of expectations, made of SymPy Integrals and sums, that the
ball compiler (balls.py) evaluates like any other: a finite range is integrated by FLINT's certified
acb.integral, an infinite one as balls.py does infinite ranges.  Two rules keep the cost and the meaning
right:

  * E is split over sums and constant factors (linearity), and a product of factors whose draws are
    declared independent becomes the product of their expectations, evaluated one law at a time (never
    an iterated integral for a product that factors).  Draws that are not declared independent are never
    factored; two draws declared apart have no joint law, so their joint expectation has no value here
    (NoDefinition: the numbers are then inconclusive, never a guess).
  * Two entries ξ_i, ξ_j of one vector of draws are the same draw when i = j and independent otherwise:
    their expectation is δ_ij E[same draw] + (1 − δ_ij) E[independent draws], δ decided at each sampled point.
"""
from __future__ import annotations

import functools
import itertools

import sympy as sp

from ..authoring.expectations import Expectation, draws_in, independence_groups, independent_pair, law_of, \
    outside, relation


class NoDefinition(ValueError):
    """The expectation is not determined by the declarations (no joint law), or its shape is not handled."""


def definition(node: Expectation) -> sp.Expr:
    """E[body] as integrals against the declared densities and exact finite sums."""
    return _value(node.body, frozenset())


def _value(body, distinct: frozenset) -> sp.Expr:
    if not draws_in(body):
        return body
    if body.has(sp.Sum) and any(draws_in(s.function) for s in body.atoms(sp.Sum)):
        return _through_sums(body, distinct)
    terms = sp.Add.make_args(sp.expand(body))
    return sp.Add(*[_term(t, distinct) for t in terms])


def _through_sums(body, distinct) -> sp.Expr:
    """E over a finite sum is the sum of the expectations (linearity)."""
    body = sp.expand(body)
    out = []
    for term in sp.Add.make_args(body):
        factors = sp.Mul.make_args(term)
        sums = [f for f in factors if isinstance(f, sp.Sum) and draws_in(f.function)]
        powers = [f for f in factors if isinstance(f, sp.Pow) and isinstance(f.base, sp.Sum)
                  and draws_in(f.base.function)]
        if not sums and not powers:
            out.append(_term(term, distinct))
            continue
        rest = [f for f in factors if f not in sums and f not in powers]
        copies = list(sums)
        for pw in powers:
            if not (pw.exp.is_Integer and pw.exp > 0):
                raise NoDefinition("a power of a sum of draws with an exponent that is not a positive integer")
            copies += [pw.base] * int(pw.exp)
        inner, limits = sp.Mul(*rest), []
        for s in copies:
            if len(s.limits) != 1:
                raise NoDefinition("a sum over several indices at once")
            (var, lo, hi), = s.limits
            if draws_in(lo) or draws_in(hi):
                raise NoDefinition("a sum whose range depends on a random draw")
            fresh = sp.Dummy(var.name, integer=True)
            inner = inner * s.function.xreplace({var: fresh})
            limits.append((fresh, lo, hi))
        out.append(sp.Sum(_value(inner, distinct), *limits))
    return sp.Add(*out)


def _term(term, distinct: frozenset) -> sp.Expr:
    """E of one product: constants out, undecided pairs of entries split on i = j, independent groups apart."""
    factors = sp.Mul.make_args(term)
    constant = sp.Mul(*[f for f in factors if not draws_in(f)])
    random = [f for f in factors if draws_in(f)]
    if not random:
        return term
    found = sorted(set().union(*[draws_in(f) for f in random]), key=sp.default_sort_key)
    for a, b in itertools.combinations(found, 2):
        if relation(a, b) == "undecided" and frozenset((a, b)) not in distinct:
            rest = sp.Mul(*random)
            merged = _value(outside(rest, {b: a}), distinct)
            apart = _value(rest, distinct | {frozenset((a, b))})
            # δ_ij rather than a Piecewise: both values are free of i and j, so the compiler computes each once
            # (a Piecewise branch is computed for every (i, j) it is reached at: n² integrals)
            delta = sp.KroneckerDelta(a.indices[0], b.indices[0])
            return constant * (delta * merged + (1 - delta) * apart)
    groups = independence_groups(random, distinct)
    return constant * sp.Mul(*[_joint(sp.Mul(*g), distinct) for g in groups])


def _joint(expr, distinct) -> sp.Expr:
    """E[expr] for draws that are pairwise the same or independent: one law at a time (discrete laws first)."""
    found = sorted(draws_in(expr), key=sp.default_sort_key)
    for a, b in itertools.combinations(found, 2):
        if not independent_pair(a, b, distinct):
            raise NoDefinition(f"no joint law is declared for {a} and {b}: declare them with "
                               "independent_variables(...) or as entries of one draws(...) vector")
    ordered = [d for d in found if law_of(d).discrete] + [d for d in found if not law_of(d).discrete]
    return _over(expr, ordered)


def _over(expr, ordered) -> sp.Expr:
    if not ordered:
        return expr
    first, rest = ordered[0], ordered[1:]
    law = law_of(first)
    if law.discrete:
        return sp.Add(*[p * _over(outside(expr, {first: v}), rest) for v, p in law.outcomes])
    x = sp.Dummy("x", real=True)
    inner = _over(outside(expr, {first: x}), rest)
    return sp.Add(*[sp.Integral(inner * density, (x, lo, hi)) for density, lo, hi in law.pieces(x)])


@functools.lru_cache(maxsize=256)
def replayable(node: Expectation) -> sp.Expr:
    """The definition for SymPy's evalf (the replay of a counterexample): each integral carried out by SymPy's
    integration where it finds a closed form, once per expectation (the replay substitutes the point afterwards).

    evalf cannot tell an integral whose value is exactly 0 from a tiny one (and then gives up on the whole gap),
    and its quadrature over an infinite range at 110 digits outlasts the replay's time; SymPy's closed form of
    the same integral is an independent computation of the same definition.  An integral without one stays."""
    def carried(a):
        done = a.doit()
        return a if done.has(sp.Integral) else done
    return definition(node).replace(lambda a: isinstance(a, sp.Integral), carried)
