"""A side that is ±∞ itself, compared as the extended reals compare it.

`x**2 < oo` says that x² is a real number, which it is for every real x; `x**2 < -oo` says
nothing finite can satisfy.  SymPy's oo has no value a ball or evalf can return, so a side that is
±∞ would otherwise count as a side with no value, and both lines came out refuted.

The comparison is exact in the extended reals: for a finite real f,

    f < ∞, f ≤ ∞, f > −∞, f ≥ −∞      hold (exactly where f has a real value),
    f > ∞, f ≥ ∞, f = ∞ and their −∞ mirrors      fail (at every point where f has a value).

The numbers check the same claim with ∞ stood in for by |f| + 1 (and −∞ by −(|f| + 1)): at every
point where f is real, |f| + 1 lies beyond f on ∞'s side, so f R (|f| + 1) is true exactly where
f R ∞ is, and has a value exactly where f has one.  A point where f has no value has none on
either side, so the numbers cannot count it against the claim: where f may be undefined (1/u with u ≥ 0)
their agreement is no evidence, and the step is unknown unless a proof decides it.  The symbolic side proves the holding forms when SymPy knows f real (which
implies finite) for every admissible value and no side may be undefined; it never proves a
failing form.  Both infinite (−∞ < ∞) is decided by SymPy's own comparison of the constants,
and the numbers see −1 and 1, which compare the same way.
"""
from __future__ import annotations

from dataclasses import replace

import sympy as sp

from ..authoring.relations import Relation
from ..prove.definedness import undefined_reason
from ..verdicts import Formula, Said, Verdict
from .combine import Numbers, Symbolic
from .context import StepContext
from .numbers import compare
from .outcome import CheckOutcome, judged
from .proving import SymbolicOutcome

INFINITIES = (sp.oo, sp.S.NegativeInfinity)
_RELATIONAL = {Relation.EQ: sp.Eq, Relation.LE: sp.Le, Relation.GE: sp.Ge, Relation.LT: sp.Lt, Relation.GT: sp.Gt}
_MIRROR = {Relation.EQ: Relation.EQ, Relation.LE: Relation.GE, Relation.GE: Relation.LE,
           Relation.LT: Relation.GT, Relation.GT: Relation.LT}
METHOD = "comparison in the extended reals"


def has_infinite_side(lhs, rhs) -> bool:
    return any(isinstance(side, sp.Basic) and side in INFINITIES for side in (lhs, rhs))


def holds_for_finite(relation: Relation, infinity) -> bool:
    """Whether finite R infinity holds for every finite real (f < ∞, f ≥ −∞, …) rather than for none."""
    if infinity is sp.oo:
        return relation in (Relation.LT, Relation.LE)
    return relation in (Relation.GT, Relation.GE)


def judge_infinite_side(lhs, rhs, relation: Relation, ctx: StepContext) -> CheckOutcome:
    """The verdict of a step one of whose sides is ±∞ (see the module docstring)."""
    if lhs in INFINITIES and rhs in INFINITIES:
        truth = _RELATIONAL[relation](lhs, rhs)
        sym = SymbolicOutcome(Symbolic.PROVED, METHOD, "constants") if truth is sp.true else SymbolicOutcome(
            Symbolic.NONE, notes=[Said(Formula.of(lhs), f" {relation.symbol} ", Formula.of(rhs),
                                       " is false in the extended reals")])
        sign = {sp.oo: sp.Integer(1), sp.S.NegativeInfinity: sp.Integer(-1)}
        num = compare(sign[lhs], sign[rhs], relation.value, ctx,
                      note="both sides infinite: compared as −∞ < ∞, shown as −1 and 1")
        return judged(sym, num, "exact comparison of the constants")
    if lhs in INFINITIES:                   # ∞ > f is f < ∞
        finite, infinity, as_written = rhs, lhs, _MIRROR[relation]
    else:
        finite, infinity, as_written = lhs, rhs, relation
    if isinstance(finite, sp.Basic) and finite.has(*INFINITIES):
        # Σ 1/k over k ≥ 1 is ∞ in the extended reals: a side with an infinite range may itself be ±∞, which
        # neither a ball nor the stand-in below can show; such a step is not decided here.
        return CheckOutcome(Verdict.UNKNOWN, message=Said(Formula.of(finite), " runs over an infinite range and may "
                                                          "itself be ±∞; its comparison with ", Formula.of(infinity),
                                                          " is not decided"))
    stand_in = sp.Abs(finite) + 1
    stand_in = stand_in if infinity is sp.oo else -stand_in
    note = Said(Formula.of(infinity), " compared in the extended reals: the numbers put "
                f"{'|f| + 1' if infinity is sp.oo else '−(|f| + 1)'} in its place, beyond every real value f takes")
    new_lhs, new_rhs = (stand_in, finite) if lhs in INFINITIES else (finite, stand_in)
    num = compare(new_lhs, new_rhs, relation.value, ctx, note=note)
    undefined = undefined_reason(finite) if isinstance(finite, sp.Expr) else ""
    if num.status is Numbers.AGREE and undefined:
        # Where f has no value, f < ∞ fails; but there the stand-in has none either, so such a point counts as no
        # evidence and the numbers would agree with a false claim (1/u < ∞ for u ≥ 0, false at u = 0).
        why = Said(Formula.of(finite), " may have no value at an admissible point (", undefined,
                   "), where the comparison with ", Formula.of(infinity),
                   " fails, and the numbers' stand-in has no value there either")
        num = replace(num, status=Numbers.INCONCLUSIVE, failures=list(num.failures) + [why])
    sym = _finite_everywhere(finite) if holds_for_finite(as_written, infinity) else SymbolicOutcome(
        Symbolic.NONE, notes=[Said(f"no finite value is {as_written.symbol} ", Formula.of(infinity))])
    out = judged(sym, num)
    if out.counterexample is not None:
        out.counterexample = replace(out.counterexample, note=Said.joined("; ", [
            part for part in (note, out.counterexample.note) if part]))
    return out


def _finite_everywhere(f) -> SymbolicOutcome:
    """Proved when SymPy knows f real (so finite) for every admissible value and no side may be undefined."""
    if not isinstance(f, sp.Expr) or f.has(*INFINITIES, sp.zoo, sp.nan):
        return SymbolicOutcome(Symbolic.NONE, notes=["the finite side holds an infinity"])
    if f.is_real is not True:
        return SymbolicOutcome(Symbolic.NONE, notes=[Said("SymPy does not know ", Formula.of(f), " real (and so "
                                                          "finite) for every admissible value")])
    why = undefined_reason(f)
    if why:
        return SymbolicOutcome(Symbolic.NONE, notes=[why])
    return SymbolicOutcome(Symbolic.PROVED, Said(METHOD, ": ", Formula.of(f), " is real, so finite"), "all values")
