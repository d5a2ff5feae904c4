"""Functions a text introduces as arbitrary ("for any differentiable functions f and g"), at which a step that writes
them is looked at again (`at_functions=`).

A step about a function with no body is proved only for every function and refuted by no point: the function has no
values.  Where the text's words say the function is any function with some properties, the line claims itself for
each such function, so a concrete function with every one of those properties (a witness of the one table,
verifier/functions.py: exp, sin, t ↦ t², …) at which the line is false refutes it.  The judge puts each witness in
and checks the line again (judge/witnesses.py); a certified counterexample there names the witness.  Agreement at a
witness proves nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..functions import WITNESS_PROPERTIES


@dataclass(frozen=True)
class ArbitraryFunctions:
    """((the function's name, (its properties, …)), …), the text's words that introduce them, and the text's
    conditions, in its words, that every witness satisfies (`f'' \\geq 0` of a convex f)."""
    functions: tuple = ()
    words: str = ""
    satisfies: tuple = ()

    def properties(self) -> dict:
        return dict(self.functions)


def arbitrary_functions(functions: dict, words: str = "", satisfies=()) -> ArbitraryFunctions:
    """The functions the text introduces as arbitrary: {name: [its properties]}, each property one of the witness
    table's (differentiable, smooth, continuous, convex, concave, parametrized, arbitrary); `words` the text's words
    that introduce them; `satisfies` the text's conditions, in its words, that every witness satisfies."""
    if not isinstance(functions, dict) or not functions:
        raise ValueError("arbitrary_functions: give {the function's name: [its properties]}")
    out = []
    for name, properties in functions.items():
        properties = (properties,) if isinstance(properties, str) else tuple(properties)
        if not isinstance(name, str) or not all(isinstance(p, str) for p in properties):
            raise ValueError(f"arbitrary_functions: {name!r}: give the function's name and its properties as text")
        unknown = [p for p in properties if p not in WITNESS_PROPERTIES]
        if unknown:
            raise ValueError(f"arbitrary_functions: {name}: {', '.join(unknown)} is not a property the witness table "
                             f"knows ({', '.join(sorted(WITNESS_PROPERTIES))})")
        out.append((name, tuple(sorted(set(properties)))))
    if isinstance(satisfies, str) or not all(isinstance(w, str) for w in satisfies):
        raise ValueError("arbitrary_functions: satisfies= takes a list of the text's conditions in its words")
    if not isinstance(words, str):
        raise ValueError("arbitrary_functions: words= takes the text's words that introduce the functions")
    return ArbitraryFunctions(tuple(out), words, tuple(satisfies))
