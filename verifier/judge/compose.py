"""What a checked chain concludes about its first and last expression, and within which scope.

Relations compose as in `authoring.relations.compose`.  Approximations compose
only through their meanings: two limits at the same point compose (the
differences add up), limits at different points or in different variables
compose to nothing (e^x ≈ 1 as x → 0 and 1 ≈ 1 + 1/x as x → ∞ do not give
e^x ≈ 1 + 1/x), and a bound followed by a limit composes to no single
relation.  A conclusion is only as strong as its weakest step and cited fact.
"""
from __future__ import annotations

import sympy as sp

from ..authoring.bound_indices import readable_indices
from ..authoring.chain import Derivation
from ..authoring.meanings import Bound, Limit, Series
from ..authoring.relations import Relation, compose
from ..verdicts import Formula, Said, Verdict, weakest


def _effective(step):
    """(relation, approximation key or None) for composing; a Bound makes an ≈ step an inequality."""
    if step.relation is not Relation.APPROX:
        return step.relation, None
    bounds = [m for m in step.meanings if isinstance(m, Bound)]
    if bounds:
        return Relation(bounds[0].direction), None
    keys = set()
    for m in step.meanings:
        if isinstance(m, Limit):
            keys.add(("ratio" if m.ratio else "difference", m.var, m.point, m.side))
        elif isinstance(m, Series):
            # O(h^k) with k ≥ 1 implies the difference tends to 0 at that point; with k < 1 it does not (sin(1/x)
            # = O(1) as x → 0), so such a step concludes its own order and composes only with the same order.
            keys.add(("difference", m.var, m.point, m.side) if m.order >= 1
                     else (f"O(h^{m.order})", m.var, m.point, m.side))
    return Relation.APPROX, frozenset(keys)


def compose_approximations(keys: list[frozenset]) -> tuple[tuple | None, str]:
    common = frozenset.intersection(*keys) if keys else frozenset()
    if not common:
        return None, ("the approximations are about different limits (variable, point, side or kind), "
                       "so they compose to no conclusion")
    return sorted(common, key=str)[0], ""


def _describe(key) -> Said:
    kind, var, point, side = key
    arrow = {"+": "⁺", "-": "⁻"}.get(side, "") if point.is_finite else ""
    if kind in ("ratio", "difference"):
        what = {"ratio": "lhs / rhs → 1", "difference": "lhs − rhs → 0"}[kind]
    else:       # O(h^k)
        order = kind[len("O(h^"):-1]
        what = Said("lhs − rhs = ", Formula(kind, f"O(h^{{{order}}})"))
    return Said(what, " as ", Formula.of(var), " → ", Formula.of(point), arrow)


def conclude(steps, d: Derivation) -> dict:
    """The derivation's conclusion from its checked steps: the fields `conclusion` (in words, or why there is
    none) and, when there is one, `conclusion_relation` and `conclusion_latex`."""
    chain = [s for s in d.steps if not s.expect_refuted]
    if not d.steps:
        return dict(conclusion="none: no steps")
    if len(chain) != len(d.steps):
        return dict(conclusion="none: the derivation states claims in order to refute them")
    failing = [s for s in steps if not s.passed]
    if failing:
        return dict(conclusion=f"none: step {failing[0].index} is {failing[0].verdict.value}")
    if d.start is None or chain[-1].rhs is None:
        return dict(conclusion="none: malformed expressions")
    effective = [_effective(s) for s in chain]
    relations = [r for r, _ in effective]
    approx_keys = [k for r, k in effective if r is Relation.APPROX]
    note = ""
    if approx_keys:
        if any(r not in (Relation.EQ, Relation.APPROX) for r in relations):
            return dict(conclusion="none: a bound (or ∝) and an approximation compose to no single relation")
        key, why = compose_approximations(approx_keys)
        if key is None:
            return dict(conclusion=f"none: {why}")
        rel, note = Relation.APPROX, _describe(key)
    else:
        rel, why = compose(relations)
        if rel is None:
            return dict(conclusion=f"none: {why}")
    last = chain[-1].rhs
    scope = _scope(steps)
    suffix = Said.joined("; ", [x for x in (note, scope) if x])
    return dict(conclusion_relation=rel.value,
                conclusion=Said(Formula.of(d.start), f" {rel.symbol} ", Formula.of(last),
                                *((" (", suffix, ")") if suffix else ())),
                conclusion_latex=f"{sp.latex(readable_indices(d.start))} {rel.latex} "
                                 f"{sp.latex(readable_indices(last))}")


def _scope(steps) -> str:
    """The weakest scope among the steps and the facts they cite."""
    verdicts = [s.verdict for s in steps] + [c.verdict for s in steps for c in s.checks
                                              if c.name.startswith("cites fact ") and isinstance(c.verdict, Verdict)]
    w = weakest(verdicts) if verdicts else Verdict.UNKNOWN
    if w is Verdict.CASES:
        cases = [s.scope for s in steps if s.verdict is Verdict.CASES and s.scope]
        return "checked only at concrete sizes" + (f": {cases[0]}" if cases else "")
    if w is Verdict.NUMERIC:
        return "numeric evidence only, not proved"
    pinned = [s.scope for s in steps if "numbers at" in s.scope]
    return pinned[0][pinned[0].index("numbers at"):] if pinned else ""
