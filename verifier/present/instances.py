"""The concrete matrices and vectors, or the concrete law, a counterexample was found at, in a reader's words.

A step read as products of matrices and vectors that do not commute is refuted on concrete ones (judge/unconfirmed.py):
each square matrix a multiple of the identity, each vector a multiple of one unit vector.  The point names the scalars;
the counterexample's `instance` says what each stands for.  Said here as the reader meets them: "\\boldsymbol{\\Lambda}
= 2.07·I, \\mathbf{z}_{t-1} = 1.55·u, with I the identity and u one unit vector, of any size".  A step whose quantities
are a law's (E[X^2], Var(X)) is refuted at one concrete law (its `law`): "X = 2 with probability 1, where E[X] = 2".
"""
from __future__ import annotations

from ..verdicts import Counterexample

BASIS = {"matrix": "I", "vector": "u"}


def _what(cx: Counterexample) -> str:
    """What I and u are, for the kinds the instance has: "I the identity and u one unit vector, of any size"."""
    kinds = {o.kind for o in cx.instance}
    named = (["I the identity"] if "matrix" in kinds else []) + (["u one unit vector"] if "vector" in kinds else [])
    return "with " + " and ".join(named) + ", of any size"


def instance_words(cx: Counterexample, value=str) -> str:
    """The instance in words, each scalar's value shown by `value` (every digit by default); "" when the point is not
    an instance of matrices and vectors."""
    if not cx.instance:
        return ""
    parts = [f"{o.latex} = {value(cx.point.get(o.symbol, '?'))}·{BASIS.get(o.kind, '?')}" for o in cx.instance]
    return ", ".join(parts) + ", " + _what(cx)


def law_words(cx: Counterexample) -> str:
    """The law a counterexample was found at, in words, with the values it gives the step's quantities: "X = 2 with
    probability 1, where E[X] = 2, E[X^2] = 4"; "" when the point is not at such a law."""
    if cx.law is None:
        return ""
    values = ", ".join(f"{q} = {v}" for q, v in cx.law.values)
    return cx.law.words + (f", where {values}" if values else "")


def instance_point(cx: Counterexample, point: list, symbols: dict) -> tuple[list, dict, str]:
    """The point as a report names it (each scalar of the instance as its matrix or vector: "Λ = 2.07·I"), the names'
    LaTeX, and the words that say what I and u are ("" when the point is not such an instance)."""
    if not cx.instance:
        return point, symbols, ""
    kinds = {o.symbol: o for o in cx.instance}
    symbols = dict(symbols)
    shown = []
    for k, words in point:
        o = kinds.get(k)
        if o is not None:
            symbols[k] = o.latex
            words = f"{words}·{BASIS.get(o.kind, '?')}"
        shown.append((k, words))
    return shown, symbols, f"the matrices and vectors of the line at this point: {_what(cx)}"
