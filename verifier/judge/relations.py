"""A judge per relation, registered on the relation: =, ≤/≥/</>, ∝ (≈ is judged by its meanings)."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..authoring.relations import Relation
from ..authoring.symbols import declared_like
from ..verdicts import Formula, Said
from .context import StepContext
from .infinite import has_infinite_side, judge_infinite_side
from .scoped import judge_on_scope
from .truncated import through_a_cut
from .numbers import NumericOutcome, Numbers, compare
from .outcome import CheckOutcome, judged
from .proving import Symbolic, SymbolicOutcome, prove_equal, prove_inequality, prove_proportional

JUDGES: dict[Relation, Callable[..., CheckOutcome]] = {}


def judges(*relations: Relation):
    def register(fn):
        for r in relations:
            JUDGES[r] = fn
        return fn
    return register


@judges(Relation.EQ)
def judge_equality(lhs, rhs, relation: Relation, ctx: StepContext) -> CheckOutcome:
    if has_infinite_side(lhs, rhs):
        return judge_infinite_side(lhs, rhs, relation, ctx)
    # Numbers first: once they refute, SymPy gets a short limit (a quick "proof" would still expose a bug).
    num = compare(lhs, rhs, "=", ctx)
    if num.status is Numbers.INCONCLUSIVE:
        # ∫_{−∞}^{∞} x²/(1 + x²) dx = π: no ball encloses a divergent integral; its part up to a cut may refute it
        num = through_a_cut(lhs, rhs, "=", ctx) or num
    scoped = judge_on_scope(lhs, rhs, ctx, num)     # a point where one side has no value, outside a proof's scope
    if scoped is not None:
        return scoped
    sym = prove_equal(lhs, rhs, ctx, refuted=num.status is Numbers.DISAGREE)
    return judged(sym, num)


@judges(Relation.LE, Relation.GE, Relation.LT, Relation.GT)
def judge_inequality(lhs, rhs, relation: Relation, ctx: StepContext) -> CheckOutcome:
    if has_infinite_side(lhs, rhs):
        return judge_infinite_side(lhs, rhs, relation, ctx)
    num = compare(lhs, rhs, relation.value, ctx,
                  note="worst value bounds the violation (≤ 0 means it holds at every sampled point)")
    if num.status is Numbers.INCONCLUSIVE:
        num = through_a_cut(lhs, rhs, relation.value, ctx) or num
    sym = prove_inequality(lhs, rhs, relation, ctx, refuted=num.status is Numbers.DISAGREE)
    return judged(sym, num)


def _twin(sym):
    """A fresh copy of a symbol with the same domain, to compare a ratio at two values of it."""
    return declared_like(sym, f"{sym}'")


@judges(Relation.PROPTO)
def judge_propto(lhs, rhs, relation: Relation, ctx: StepContext) -> CheckOutcome:
    """lhs ∝ rhs in wrt: the ratio lhs/rhs does not depend on any of wrt."""
    wrt = ctx.wrt
    names = Said.joined(", ", [Formula.of(w) for w in wrt])
    sym = prove_proportional(lhs, rhs, wrt, ctx)
    ratio = lhs / rhs
    twins = {w: _twin(w) for w in wrt}
    # The numbers compare the ratio at two different values of each variable of wrt (sizes included).  A stated
    # assumption holds at both values: with assume="p > 1/2", p' = 0.46 is no evidence either.
    twinned = tuple(r.xreplace(twins) for r in ctx.assumed if r.free_symbols & set(twins))
    num = compare(ratio, ratio.xreplace(twins), "=", replace(ctx, assumed=ctx.assumed + twinned),
                  note=Said("lhs/rhs compared at two different values of ", names), distinct=list(twins.items()))
    zero = compare(ratio, 0, "=", ctx) if num.status is not Numbers.DISAGREE else None
    if zero is not None and zero.status is not Numbers.DISAGREE:
        # ∝ needs c ≠ 0, and the strategies only show the ratio free of wrt: lhs = 0·rhs has a constant ratio and
        # says nothing about how lhs scales (sin²x + cos²x − 1 ∝ x has a vanishing derivative too).  So neither the
        # proof nor the numbers count until the numbers show the ratio nonzero at a point; where they could not
        # (cut short, or no value anywhere), the step is undecided, never passed.
        if zero.status is Numbers.AGREE:
            said = "lhs/rhs is 0 at every sampled point: the constant c is 0, and ∝ needs c ≠ 0"
        else:
            said = "lhs/rhs was not shown nonzero at any sampled point, and ∝ needs c ≠ 0"
        sym = SymbolicOutcome(Symbolic.NONE, notes=[said], timed_out=zero.timed_out)
        num = NumericOutcome(Numbers.INCONCLUSIVE, num.evidence, None, [said], timed_out=zero.timed_out)
    out = judged(sym, num)
    if out.counterexample:
        out.counterexample = replace(
            out.counterexample, note=Said("lhs/rhs changes when ", names,
                                          " changes (primed symbols are the second value)"))
    return out
