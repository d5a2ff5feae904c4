"""What a SymPy `Subs` with several variables means, where that is not in doubt.

`Subs(e, (x, y), (p, q))` is printed as e|_{x=p, y=q}, which a reader takes as ONE simultaneous
substitution.  SymPy itself carries it out one variable after another (`Subs.doit` is
`e.subs([(x, p), (y, q)])`), and its constructor relies on that: a nested Subs is flattened into one,
`Subs(Subs(x*y, x, y), y, 2)` becomes `Subs(x*y, (x, y), (y, 2))`, whose doit is 4 as the nesting
means, while the simultaneous reading of the same object is 2y.  So an object cannot say which of
its readings its author meant, and a checker may use it only where every reading gives the same
value:

  * the readings differ only through a pair i < j whose earlier point p_i contains the later
    variable x_j (sequentially x_j is then replaced inside p_i too, simultaneously it is not);
  * such a pair is still unambiguous when a variable repeats between them (i ≤ a < b ≤ j with
    x_a = x_b): SymPy refuses a repeated variable in one Subs, so the repeat comes from flattening
    a nested Subs, and the nesting put i and j in different substitutions, one after the other.

Where every reading agrees, each is SymPy's one-after-another reading, which a numeric evaluator can
carry out as nested bindings (`sequential_bindings`); elsewhere the Subs is `ambiguous` and neither
a proof nor a number may rest on it.
"""
from __future__ import annotations

import sympy as sp


_ASSUMED = ("real", "positive", "negative", "nonnegative", "nonpositive", "nonzero", "integer")


def ambiguous(subs: sp.Subs) -> str | None:
    """Why this Subs may mean two different things (its readings differ), or None if it cannot."""
    variables, points = list(subs.variables), list(subs.point)
    for v, p in zip(variables, points):
        # |p| with p declared positive is built as p: Subs(Abs(p), p, −1) arrives as Subs(p, p, −1), −1 where
        # the author wrote 1.  A point that contradicts an assumption of its variable may meet such a rewrite.
        for fact in _ASSUMED:
            if getattr(v, f"is_{fact}", None) is True and getattr(p, f"is_{fact}", None) is False:
                return (f"Subs of {v} (declared {fact}) at {p}, which is not {fact}: SymPy may already have "
                        f"simplified the expression using that assumption (|{v}| is built as {v})")
    for i, p in enumerate(points):
        free = p.free_symbols
        for j in range(i + 1, len(variables)):
            if variables[j] not in free:
                continue
            window = variables[i:j + 1]
            if len(set(window)) < len(window):
                continue        # a repeated variable in between: the flattened nesting fixes the order
            return (f"Subs over {tuple(variables)} at {tuple(points)}: the point of {variables[i]} contains "
                    f"{variables[j]}, so substituting all at once (as it is printed) and one after another "
                    f"(as SymPy's doit does) differ, and SymPy flattens a nested Subs into this same object; rename "
                    f"a variable so that no point contains a variable substituted after it")
    return None


def sequential_bindings(subs: sp.Subs) -> list[tuple[sp.Symbol, sp.Expr]]:
    """(variable, point) in the order SymPy substitutes them, the first innermost: the value is
    let x_k = p_k in … let x_1 = p_1 in e, each point evaluated where the bindings after it hold.
    Only for a Subs that is not `ambiguous`; its variables must be symbols."""
    return list(zip(subs.variables, subs.point))


def any_ambiguous(e) -> str | None:
    """The first reason some Subs inside e is ambiguous, or None."""
    if not isinstance(e, sp.Basic) or not e.has(sp.Subs):
        return None
    for node in sp.preorder_traversal(e):
        if isinstance(node, sp.Subs):
            why = ambiguous(node)
            if why:
                return why
    return None


def rebuild(e, args):
    """e.func(*args), also for a flattened Subs whose variable repeats (Subs(x², (x, x), (x + 1, 3)) from
    Subs(Subs(x², x, x + 1), x, 3)): SymPy's constructor refuses a repeat, so that one is rebuilt as the
    nesting it was flattened from, which SymPy flattens back into the same object."""
    if not isinstance(e, sp.Subs):
        return e.func(*args)
    body, variables, points = args
    if len(set(variables)) == len(variables):
        return e.func(body, variables, points)
    out, group = body, []
    for v, p in zip(variables, points):
        if any(v == w for w, _ in group):
            out = sp.Subs(out, *zip(*group))
            group = []
        group.append((v, p))
    return sp.Subs(out, *zip(*group))
