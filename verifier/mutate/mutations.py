"""Mutation operators on SymPy expressions: small edits that should turn a true step false.

Each operator lists every place it could edit (in a fixed traversal order) and
a seeded random.Random picks at most `per_kind` of them, so a run is
reproducible.  The edits are the mistakes a derivation is likely to contain:

  index     a free index renamed to another declared index (or a fresh one),
            or a bound index of a Σ/max inside its summand replaced by a free one;
  range     a limit of a Σ/max shifted by ±1;
  sign      the whole right side negated, or one additive term's sign flipped;
  factor    one factor of a product dropped;
  constant  a number c turned into c·(1 + 10⁻⁶) or c + 1.

Limits of reductions and the indices of s[i] are left to the index and range
operators, so a constant edit never silently becomes a range edit.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import sympy as sp

from ..authoring.reductions import IndexedMax
from ..authoring.symbols import Declared, declared_like, domain_of

KINDS = ("index", "range", "sign", "factor", "constant")
REDUCTIONS = (sp.Sum, IndexedMax)
PERTURBATION = sp.Rational(1, 10**6)


@dataclass(frozen=True)
class Mutant:
    kind: str            # one of KINDS
    description: str     # what was edited, e.g. "Σ_i upper limit n → n − 1"
    expr: sp.Expr


# --- positions in an expression ------------------------------------------------------------

def _children(e: sp.Basic) -> list[tuple[int, sp.Basic]]:
    """The argument positions an operator may descend into: not limits, not the indices of s[i]."""
    if e.is_Atom or isinstance(e, (sp.Indexed, sp.IndexedBase, Declared)):
        return []
    if isinstance(e, REDUCTIONS):
        return [(0, e.args[0])]
    return list(enumerate(e.args))


def positions(expr: sp.Basic, path: tuple = ()):
    """(path, node) for every node an operator may edit, parents before children."""
    yield path, expr
    for k, child in _children(expr):
        yield from positions(child, path + (k,))


def replace_at(expr: sp.Basic, path: tuple, new: sp.Basic) -> sp.Basic:
    if not path:
        return new
    args = list(expr.args)
    args[path[0]] = replace_at(args[path[0]], path[1:], new)
    return expr.func(*args)


# --- indices -----------------------------------------------------------------------------

def is_index(sym) -> bool:
    d = domain_of(sym)
    return d is not None and d.kind == "index"


def declared_indices(*exprs) -> list[sp.Symbol]:
    """Every declared index in the expressions, free or bound, in a stable order."""
    found = set()
    for e in exprs:
        if isinstance(e, sp.Basic):
            found |= {s for s in e.atoms(sp.Symbol) if is_index(s)}
    return sorted(found, key=lambda s: (s.name, repr(domain_of(s))))


def free_indices(expr: sp.Basic) -> list[sp.Symbol]:
    return sorted((s for s in expr.free_symbols if is_index(s)), key=lambda s: s.name)


def _same_range(a, b) -> bool:
    da, db = domain_of(a), domain_of(b)
    return da.size == db.size and da.start == db.start


def fresh_index(like: sp.Symbol, taken) -> sp.Symbol:
    """A new declared index over the same range as `like`, named apart from everything in `taken`."""
    names = {s.name for s in taken}
    k = 1
    while f"{like.name}{'_' * k}" in names:
        k += 1
    return declared_like(like, f"{like.name}{'_' * k}")


def rename_free(expr: sp.Basic, old: sp.Symbol, new: sp.Symbol) -> sp.Basic:
    """Replace the free occurrences of old by new, renaming any reduction that binds new apart first."""
    if expr == old:
        return new
    if not expr.has(old):
        return expr
    if isinstance(expr, sp.Indexed):           # an atom to SymPy, but s[i] mentions i
        return expr.func(*[rename_free(a, old, new) for a in expr.args])
    if expr.is_Atom:
        return expr
    if isinstance(expr, REDUCTIONS):
        var, lo, hi = expr.limits[0]
        body = expr.function
        if var == old:                         # old is bound here: its occurrences are not free
            return expr.func(body, (var, rename_free(lo, old, new), rename_free(hi, old, new)), *expr.limits[1:])
        if var == new:                         # would capture: rename the bound index apart
            apart = fresh_index(var, expr.atoms(sp.Symbol) | {old, new})
            body, var = body.xreplace({new: apart}), apart
        rest = [tuple(rename_free(x, old, new) for x in lim) for lim in expr.limits[1:]]
        return expr.func(rename_free(body, old, new), (var, rename_free(lo, old, new), rename_free(hi, old, new)),
                         *rest)
    return expr.func(*[rename_free(a, old, new) for a in expr.args])


def index_mutants(rhs: sp.Expr, step_free: list, known: list) -> list[Mutant]:
    out = []
    for i in free_indices(rhs):
        targets = [j for j in known if j != i and _same_range(i, j)] or [fresh_index(i, known)]
        for j in targets:
            out.append(Mutant("index", f"free index {i} renamed to {j}", rename_free(rhs, i, j)))
    for path, node in positions(rhs):
        if not isinstance(node, REDUCTIONS):
            continue
        var = node.limits[0][0]
        if not is_index(var):
            continue
        free = [j for j in step_free if j != var and _same_range(var, j)] or \
               [fresh_index(var, known + [var])]
        for j in free:
            body = rename_free(node.function, var, j)
            if body == node.function:
                continue
            mutated = node.func(body, *node.limits)
            out.append(Mutant("index", f"bound index {var} of {_name(node)} replaced by free {j} in its summand",
                              replace_at(rhs, path, mutated)))
    return out


# --- ranges, signs, factors, constants ------------------------------------------------------------------

def _name(node) -> str:
    return "Σ" if isinstance(node, sp.Sum) else ("min" if type(node).__name__ == "IndexedMin" else "max")


def range_mutants(rhs: sp.Expr) -> list[Mutant]:
    out = []
    for path, node in positions(rhs):
        if not isinstance(node, REDUCTIONS):
            continue
        var, lo, hi = node.limits[0]
        rest = node.limits[1:]
        for which, delta in (("upper", -1), ("lower", 1), ("upper", 1), ("lower", -1)):
            new = (var, lo + delta, hi) if which == "lower" else (var, lo, hi + delta)
            shown = f"{lo} → {new[1]}" if which == "lower" else f"{hi} → {new[2]}"
            out.append(Mutant("range", f"{_name(node)}_{var} {which} limit {shown}",
                              replace_at(rhs, path, node.func(node.function, new, *rest))))
    return out


def sign_mutants(rhs: sp.Expr) -> list[Mutant]:
    out = [Mutant("sign", "right side negated", -rhs)]
    for path, node in positions(rhs):
        if isinstance(node, sp.Add):
            for k, term in enumerate(node.args):
                args = list(node.args)
                args[k] = -term
                out.append(Mutant("sign", f"sign of term {term} flipped", replace_at(rhs, path, sp.Add(*args))))
    return out


def factor_mutants(rhs: sp.Expr) -> list[Mutant]:
    out = []
    for path, node in positions(rhs):
        if isinstance(node, sp.Mul):
            for k, factor in enumerate(node.args):
                if factor == -1:               # dropping −1 is a sign flip, which the sign operator covers
                    continue
                rest = node.args[:k] + node.args[k + 1:]
                out.append(Mutant("factor", f"factor {factor} dropped", replace_at(rhs, path, sp.Mul(*rest))))
    return out


def constant_mutants(rhs: sp.Expr) -> list[Mutant]:
    out = []
    for path, node in positions(rhs):
        if isinstance(node, (sp.Number, sp.NumberSymbol)) and node.is_finite:
            for new, how in ((node * (1 + PERTURBATION), "· (1 + 10⁻⁶)"), (node + 1, "+ 1")):
                if new == node:                # 0·(1 + 10⁻⁶) is still 0
                    continue
                out.append(Mutant("constant", f"constant {node} → {node} {how}", replace_at(rhs, path, new)))
    return out


def all_mutants(rhs: sp.Expr, lhs: sp.Expr | None = None, extra=()) -> dict[str, list[Mutant]]:
    """Every candidate mutant of rhs, by kind; lhs and extra (other expressions of the derivation) supply
    the indices a free index may be confused with."""
    context = [e for e in (lhs, rhs, *extra) if isinstance(e, sp.Basic)]
    known = declared_indices(*context)
    step_free = sorted(set(free_indices(rhs)) | set(free_indices(lhs) if isinstance(lhs, sp.Basic) else ()),
                       key=lambda s: s.name)
    by_kind = {
        "index": index_mutants(rhs, step_free, known),
        "range": range_mutants(rhs),
        "sign": sign_mutants(rhs),
        "factor": factor_mutants(rhs),
        "constant": constant_mutants(rhs),
    }
    for kind, found in by_kind.items():
        seen, unique = {rhs}, []
        for m in found:
            if m.expr not in seen:             # an edit SymPy undoes on rebuilding is no mutant
                seen.add(m.expr)
                unique.append(m)
        by_kind[kind] = unique
    return by_kind


def mutate(rhs: sp.Expr, rng: random.Random, per_kind: int, lhs: sp.Expr | None = None, extra=(),
           kinds=KINDS) -> list[Mutant]:
    """At most per_kind mutants of each kind, chosen by rng (seeded by the caller)."""
    out = []
    for kind, found in all_mutants(rhs, lhs, extra).items():
        if kind in kinds:
            out += rng.sample(found, min(per_kind, len(found)))
    return out
