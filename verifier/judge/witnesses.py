"""A step about functions the text introduces as arbitrary, refuted at a witness (`at_functions=`).

A function with no body has no values: a step that writes one is proved only for every function and refuted by no
point.  Where the text's words introduce the function as any function with some properties ("for any differentiable
functions f and g", "a convex function f", "h is a parametrized function"), the line claims itself for every such
function.  Each witness of the one table (verifier/functions.py: exp, sin, t ↦ t², …) with every property the text
states of the function is put in, and the step is checked again inside the text's conditions, away from the zeros of
its denominators: a certified counterexample there refutes the step and names the witness ("for f = exp, g = sin").
Agreement at the witnesses proves nothing, so a step not refuted there keeps its verdict; except that a step a
symbolic strategy proved for every function, whose numbers could not be evaluated (the function has no values), is
cross-checked at the witnesses instead: where the numbers agree at every witness tried, it is proved, as any proof is
whose numbers agree at the points they sample.

Never at a witness: a step whose reading is not settled, a function applied to anything but one argument, a
function with a property no witness is known to have, or a step beside a condition of the text no witness is known
to satisfy (a condition in words the import could not read, or one that writes the function).
"""
from __future__ import annotations

import dataclasses
import itertools

import sympy as sp
from sympy.core.function import AppliedUndef

from ..functions import witnesses_with
from ..verdicts import Said, Verdict
from .combine import PROVED_UNCHECKED
from .unconfirmed import (UnreadCondition, denominators_nonzero, real_arguments, conditions, excluded_by)

# at most so many assignments of witnesses to the step's functions are checked (each is a whole check of the step)
MOST_ASSIGNMENTS = 4


def _applied(side, name: str) -> list:
    return [a for a in side.atoms(AppliedUndef) if a.func.__name__ == name] if isinstance(side, sp.Basic) else []


def _put_in(side, assignment: dict):
    """The side with each function replaced by its witness, and the derivatives of the witnesses taken."""
    if not isinstance(side, sp.Basic):
        return side
    out = side.replace(lambda a: isinstance(a, AppliedUndef) and a.func.__name__ in assignment,
                       lambda a: assignment[a.func.__name__].at(a.args[0]))
    return out.replace(lambda a: isinstance(a, (sp.Derivative, sp.Subs)), lambda a: a.doit())


def assignments(functions: dict) -> list[dict]:
    """Up to MOST_ASSIGNMENTS {function name: witness}, each witness with every property the text states of its
    function; assignments giving the functions different witnesses first.  [] when a function has no witness."""
    choices = []
    for name, properties in functions.items():
        found = witnesses_with(properties)
        if not found:
            return []
        choices.append([(name, w) for w in found])
    every = [dict(c) for c in itertools.product(*choices)]
    every.sort(key=lambda a: -len({w.name for w in a.values()}))
    return every[:MOST_ASSIGNMENTS]


def review(res, lhs, rhs, step, ctx, rejudge) -> dict:
    """The fields to change in the result of a step that writes functions the text introduces as arbitrary: a
    refutation at witnesses with every property the text states of them, or {} (the verdict stays)."""
    given = getattr(step, "at_functions", None)
    if given is None or res["verdict"] is not Verdict.UNKNOWN or getattr(step, "unsettled", ""):
        return {}
    functions = given.properties()
    sides = [s for s in (lhs, rhs) if isinstance(s, sp.Basic)]
    written = {a.func.__name__ for s in sides for a in s.atoms(AppliedUndef)}
    if not written or not written <= set(functions):
        return {}               # a function the text does not introduce as arbitrary: it has no witness
    if any(len(a.args) != 1 or a.args[0].is_real is not True for s in sides for name in written
           for a in _applied(s, name)):
        return {}               # a function of several arguments, or of one not known real: the witnesses take one real
    functions = {name: functions[name] for name in sorted(written)}
    unconfirmed = getattr(step, "unconfirmed", ())
    conds, error = conditions(unconfirmed) if unconfirmed else ([], "")
    if error:
        return {}
    satisfied = {" ".join(w.split()) for w in given.satisfies}
    conds = [(r, w) for r, w in conds if not (isinstance(r, UnreadCondition) and " ".join(w.split()) in satisfied)]
    if any(isinstance(r, UnreadCondition) for r, _ in conds):
        return {}               # a condition no witness is known to satisfy
    readable = tuple(r for r, _ in conds if isinstance(r, sp.Basic) and r is not sp.true)
    if sp.false in readable or any(r.atoms(AppliedUndef) for r in readable):
        return {}               # a condition on the function's values: not known to hold at a witness
    unchecked = str(res["message"]).startswith(PROVED_UNCHECKED)
    agreed = []
    for assignment in assignments(functions):
        a, b = _put_in(lhs, assignment), _put_in(rhs, assignment)
        if not (isinstance(a, sp.Basic) and isinstance(b, sp.Basic)) or a.atoms(AppliedUndef) or b.atoms(AppliedUndef):
            continue
        symbols = {str(s): s for e in (a, b) for s in e.free_symbols}
        for rel in readable:
            symbols.update({str(s): s for s in rel.free_symbols})
        again = rejudge(dataclasses.replace(ctx, assumed=tuple(ctx.assumed) + readable + denominators_nonzero(a, b)
                                            + real_arguments(a, b)), (a, b))
        if again is not None and again.verdict in (Verdict.PROVED, Verdict.NUMERIC):
            agreed.append((assignment, again))
        if again is None or again.verdict is not Verdict.REFUTED or again.counterexample is None \
                or excluded_by(again.counterexample, conds, symbols, (a, b)):
            continue
        named = ", ".join(f"{name} = {w.name}" for name, w in assignment.items())
        stated = "; ".join(f"{name}: {', '.join(functions[name]) or 'any function'}" for name in functions)
        note = f"for {named}"
        cx = again.counterexample
        return dict(verdict=Verdict.REFUTED, numeric=again.evidence, method=again.method,
                    counterexample=dataclasses.replace(cx, note=f"{note}; {cx.note}" if cx.note else note),
                    message=Said(f"refuted for {named}, functions with every property the text states of them ({stated}"
                                 + (f"; in its words: {' '.join(given.words.split())}" if given.words else "")
                                 + "): the line does not hold for them"))
    tried = assignments(functions)
    if unchecked and tried and len(agreed) == len(tried):
        # proved for every function; the numbers, which could not evaluate a function with no values, agree at
        # every witness tried
        named = "; ".join(", ".join(f"{name} = {w.name}" for name, w in assignment.items()) for assignment, _ in agreed)
        return dict(verdict=Verdict.PROVED, numeric=agreed[0][1].evidence,
                    message=Said(f"proved for every function; the numbers agree at the witnesses {named}"))
    return {}
