"""How a step's sides are printed for a reader: the index a sum or product binds, named as mathematics names it.

A sum inside another that binds the same index (Σ_t (v_t − Σ_t w_t)) is valid SymPy, each index bound by its
own sum, but a reader reads the inner t as the outer one; an index named with a digit (a2, a second index over
the same range; b1, the engine's canonical index of a sum) prints as a subscripted letter a₂ that looks like
an entry of a vector a.  Both are printed with a fresh letter that the expression does not otherwise use.  Only the
printing changes: a bound index is a dummy, so the expression renamed is the same value, and the checked
expression is never renamed.
"""
from __future__ import annotations

import sympy as sp

# Letters an index may take, in the order they are tried; e, o and l are left out (Euler's e, 0 and 1 look-alikes).
INDEX_LETTERS = "ijktsrupqabcfghw"
_BINDERS = (sp.Sum, sp.Product)


def _names(expr) -> set[str]:
    """Every name the expression shows: its symbols (bound ones too), their display names, the vectors'."""
    out: set[str] = set()
    for atom in expr.atoms(sp.Symbol, sp.IndexedBase, sp.Idx):
        label = atom.label if isinstance(atom, sp.IndexedBase) else atom
        out.add(_name(label))
        shown = getattr(label, "display", "") or ""
        if shown:
            out.add(shown)
            out.add(shown.split("_")[0])
        out.add(_name(label).split("_")[0])
    return out


def _name(symbol) -> str:
    """A symbol's name as it prints: a Dummy's without the underscore str() gives it (_b1 prints b₁)."""
    return getattr(symbol, "name", None) or str(symbol)


def _numbered(name: str) -> bool:
    """An index named with a digit (a2, b1), not a letter with a subscript the author wrote (a_2 stays)."""
    return name[:1].isalpha() and name[1:].isdigit()


def _fresh(like: sp.Symbol, taken: set[str]) -> sp.Symbol | None:
    start = "" if isinstance(like, sp.Dummy) else _name(like)[:1]     # the engine's own index: i, j, k first
    order = INDEX_LETTERS[INDEX_LETTERS.index(start) + 1:] + INDEX_LETTERS if start in INDEX_LETTERS \
        else INDEX_LETTERS
    for letter in order:
        if letter not in taken:
            taken.add(letter)
            return sp.Symbol(letter, integer=True)
    return None


def _rebuilt(e, args):
    if all(a is b for a, b in zip(args, e.args)):
        return e
    if isinstance(e, (sp.Add, sp.Mul, sp.Pow)):
        return e.func(*args, evaluate=False)
    return e.func(*args)


def _walk(e, bound: frozenset, taken: set[str], renamed: dict):
    if not isinstance(e, sp.Basic) or not e.args:
        return e
    if isinstance(e, _BINDERS):
        mapping, limits, inner = {}, [], set(bound)
        for limit in e.limits:
            index, *ends = limit
            ends = [_walk(x.xreplace(mapping), frozenset(inner), taken, renamed) for x in ends]
            name = _name(index)
            if isinstance(index, sp.Symbol) and (name in inner or _numbered(name)):
                # a numbered index is one letter wherever it is bound; a rebinding, one letter for every sum
                # that rebinds it within the same enclosing sums (siblings: Σ_i e^{s_i}/Σ_k … + … Σ_k …)
                key = (name, frozenset(inner)) if name in inner else name
                fresh = renamed.get(key)
                if fresh is None or _name(fresh) in inner:
                    fresh = _fresh(index, taken)
                    renamed[key] = fresh
                if fresh is not None:
                    mapping[index] = fresh
                    index, name = fresh, _name(fresh)
            inner.add(name)
            limits.append((index, *ends))
        body = _walk(e.function.xreplace(mapping), frozenset(inner), taken, renamed)
        if body is e.function and not mapping and all(
                all(x is y for x, y in zip(new, old)) for new, old in zip(limits, e.limits)):
            return e
        return e.func(body, *limits)
    return _rebuilt(e, [_walk(a, bound, taken, renamed) for a in e.args])


def readable_indices(expr):
    """expr with each bound index that rebinds an enclosing one, or is named with a digit, renamed to a
    fresh letter (for printing only); expr itself when nothing needs it or it cannot be rebuilt."""
    if not isinstance(expr, sp.Basic) or not expr.has(*_BINDERS):
        return expr
    try:
        return _walk(expr, frozenset(), _names(expr), {})
    except Exception:      # an expression that cannot be rebuilt is printed as it is
        return expr
