"""A judge per relation, registered on the relation: =, ≤/≥/</>, ∝ (≈ is judged by its meanings)."""
from __future__ import annotations

from typing import Callable

import sympy as sp

from ..authoring.relations import Relation
from ..authoring.symbols import declared_like
from .combine import Symbolic
from .context import StepContext
from .numbers import Numbers, compare
from .outcome import CheckOutcome, judged
from .proving import SymbolicOutcome, prove_equal, prove_inequality, prove_zero

JUDGES: dict[Relation, Callable[..., CheckOutcome]] = {}


def judges(*relations: Relation):
    def register(fn):
        for r in relations:
            JUDGES[r] = fn
        return fn
    return register


@judges(Relation.EQ)
def judge_equality(lhs, rhs, relation: Relation, ctx: StepContext) -> CheckOutcome:
    # Numbers first: once they refute, SymPy gets a short limit (a quick "proof" would still expose a bug).
    num = compare(lhs, rhs, "=", ctx)
    sym = prove_equal(lhs, rhs, ctx, refuted=num.status is Numbers.DISAGREE)
    return judged(sym, num)


@judges(Relation.LE, Relation.GE, Relation.LT, Relation.GT)
def judge_inequality(lhs, rhs, relation: Relation, ctx: StepContext) -> CheckOutcome:
    num = compare(lhs, rhs, relation.value, ctx,
                  note="worst value is the largest scaled violation (≤ 0 means it holds)")
    sym = prove_inequality(lhs, rhs, relation, ctx, refuted=num.status is Numbers.DISAGREE)
    return judged(sym, num)


def _twin(sym):
    """A fresh copy of a symbol with the same domain, to compare a ratio at two values of it."""
    return declared_like(sym, f"{sym}'")


@judges(Relation.PROPTO)
def judge_propto(lhs, rhs, relation: Relation, ctx: StepContext) -> CheckOutcome:
    """lhs ∝ rhs in wrt: the ratio lhs/rhs does not depend on any of wrt."""
    wrt = ctx.wrt
    ratio = lhs / rhs
    names = ", ".join(map(str, wrt))
    sym = SymbolicOutcome(Symbolic.NONE)
    if all(isinstance(w, sp.Symbol) and not w.is_integer for w in wrt) and not _has_jumps(ratio):
        # Each partial derivative must vanish on its own: their sum vanishing proves nothing (a − b).
        # Derivatives see no jumps, so this route is closed to ratios with Piecewise, Abs, sign, floor, ….
        outcomes = [prove_zero(sp.diff(ratio, w), ctx) for w in wrt]
        notes = [n for o in outcomes for n in o.notes]
        if all(o.status is Symbolic.PROVED for o in outcomes):
            how = ", ".join(dict.fromkeys(o.method for o in outcomes))
            sym = SymbolicOutcome(Symbolic.PROVED, f"∂(lhs/rhs)/∂{names} = 0 by {how} (and lhs/rhs is smooth)",
                                  "all values", notes, strategy="derivative of the ratio")
        else:
            sym.notes = notes
    if sym.status is Symbolic.NONE:
        reduced = sp.simplify(ratio)
        if not (reduced.free_symbols & set(wrt)) and not _has_jumps(reduced):
            sym = SymbolicOutcome(Symbolic.PROVED, f"simplify: the ratio lhs/rhs is free of {names}", "all values",
                                  strategy="simplify the ratio")
    twins = {w: _twin(w) for w in wrt}
    swapped = ratio.xreplace(twins)
    num = compare(ratio, swapped, "=", ctx, note=f"lhs/rhs compared at two different values of {names}",
                  distinct=list(twins.items()))
    out = judged(sym, num)
    if out.counterexample:
        out.counterexample.note = f"lhs/rhs changes when {names} changes (primed symbols are the second value)"
    return out


_JUMPS = (sp.Piecewise, sp.Heaviside, sp.Abs, sp.sign, sp.floor, sp.ceiling, sp.Max, sp.Min,
          sp.DiracDelta, sp.frac)


def _has_jumps(expr) -> bool:
    return expr.has(*_JUMPS) or bool(expr.atoms(sp.core.relational.Relational))
