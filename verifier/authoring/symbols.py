"""Symbols that know how to be sampled, and the summation shorthands Σ and mean.

A derivation declares each symbol once with its domain: the SymPy assumptions
drive the symbolic strategies, and the sampling domain drives the numerics.
Keeping both in one declaration means the two checks can never disagree about
what a symbol ranges over.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

# Vector lengths used when a size symbol is sampled: a tiny case, an odd
# medium case and a long one, as the engine issue asks.
DEFAULT_SIZES = (3, 17, 256)


@dataclass(frozen=True)
class Domain:
    kind: str                  # "real", "size", "index", "vector", "choice"
    low: float | None = None
    high: float | None = None
    log: bool = False          # sample log-uniformly (for positive scales)
    sizes: tuple[int, ...] = ()
    size: sp.Symbol | None = None   # length of a vector / range of an index
    start: int = 1
    choices: tuple = ()

    def describe(self, name: str) -> str:
        if self.kind == "size":
            return f"{name} ∈ ℤ, {name} ≥ 1 (sampled at {', '.join(map(str, self.sizes))})"
        if self.kind == "index":
            return f"{name} ∈ {{{self.start}, …, {self.size}}}"
        if self.kind == "vector":
            return f"{name}_i ∈ [{self.low:g}, {self.high:g}], i = {self.start}…{self.size}"
        if self.kind == "choice":
            return f"{name} ∈ {{{', '.join(map(str, self.choices))}}}"
        scale = " (log-uniform)" if self.log else ""
        return f"{name} ∈ [{self.low:g}, {self.high:g}]{scale}"


class Declared(sp.Symbol):
    """A SymPy symbol that carries its sampling domain as part of its identity.

    Two files may both call a vector `s` yet sample it differently; keeping the
    domain in the hashable content makes those two different symbols instead of
    letting the later declaration silently change the earlier one's numerics.
    """
    __slots__ = ("domain",)

    def __new__(cls, name: str, domain: Domain, **assumptions):
        cls._sanitize(assumptions, cls)
        obj = sp.Symbol.__xnew__(cls, name, **assumptions)
        obj.domain = domain
        return obj

    def __getnewargs_ex__(self):
        return (self.name, self.domain), self.assumptions0

    def _hashable_content(self):
        # A string, not the Domain itself: SymPy orders args by comparing hashable content.
        return super()._hashable_content() + (repr(self.domain),)


def domain_of(sym: sp.Basic) -> Domain | None:
    if isinstance(sym, sp.IndexedBase):
        sym = sym.label
    return getattr(sym, "domain", None) if isinstance(sym, Declared) else None


def declared_like(sym, name: str):
    """A fresh symbol (or vector) with the same domain and assumptions as sym, under another name."""
    if isinstance(sym, sp.IndexedBase):
        label = sym.label
        return sp.IndexedBase(Declared(name, label.domain, **label.assumptions0)) if isinstance(label, Declared) \
            else sp.IndexedBase(name, **sym.assumptions0)
    if isinstance(sym, Declared):
        return Declared(name, sym.domain, **sym.assumptions0)
    return sp.Symbol(name, **sym.assumptions0)


def _names(names: str) -> list[str]:
    return names.replace(",", " ").split()


def _one_or_many(items):
    return items[0] if len(items) == 1 else tuple(items)


def real(names: str, low: float = -3.0, high: float = 3.0):
    """Real symbols, sampled uniformly on [low, high]."""
    return _one_or_many([Declared(n, Domain("real", low, high), real=True) for n in _names(names)])


def positive(names: str, low: float = 0.05, high: float = 20.0):
    """Positive symbols, sampled log-uniformly on [low, high]."""
    return _one_or_many([Declared(n, Domain("real", low, high, log=True), positive=True)
                         for n in _names(names)])


def nonnegative(names: str, low: float = 0.0, high: float = 20.0):
    return _one_or_many([Declared(n, Domain("real", low, high), nonnegative=True)
                         for n in _names(names)])


def interval(names: str, low: float, high: float, **assumptions):
    """Real symbols confined to [low, high] (assumptions such as positive=True are up to you)."""
    assumptions.setdefault("real", True)
    return _one_or_many([Declared(n, Domain("real", low, high), **assumptions) for n in _names(names)])


def size(names: str, sizes: tuple[int, ...] = DEFAULT_SIZES):
    """Positive integers that are lengths (n): symbolic for proofs, concrete sizes for numerics."""
    return _one_or_many([Declared(n, Domain("size", sizes=tuple(sizes)), integer=True, positive=True)
                         for n in _names(names)])


def index(names: str, n: sp.Symbol, start: int = 1):
    """Integer indices ranging over start…n."""
    return _one_or_many([Declared(x, Domain("index", size=n, start=start), integer=True)
                         for x in _names(names)])


def vector(names: str, n: sp.Symbol, low: float = -3.0, high: float = 3.0, positive: bool = False, start: int = 1):
    """Real vectors v_start … v_n (IndexedBase), entries sampled uniformly on [low, high]."""
    out = []
    for name in _names(names):
        domain = Domain("vector", low, high, size=n, start=start)
        assumptions = {"positive": True} if positive else {"real": True}
        out.append(sp.IndexedBase(Declared(name, domain, **assumptions), **assumptions))
    return _one_or_many(out)


def index_range(i: sp.Symbol) -> tuple[sp.Expr, sp.Expr]:
    d = domain_of(i)
    if d is None or d.kind != "index":
        raise ValueError(f"{i} is not a declared index: declare it with index('{i}', n)")
    return sp.Integer(d.start), d.size


def Σ(summand, i: sp.Symbol) -> sp.Sum:
    """Σ_i summand over the declared range of index i."""
    lo, hi = index_range(i)
    return sp.Sum(summand, (i, lo, hi))


def mean(summand, i: sp.Symbol) -> sp.Expr:
    """(1/n) Σ_i summand: the empirical mean over index i."""
    lo, hi = index_range(i)
    return sp.Sum(summand, (i, lo, hi)) / (hi - lo + 1)
