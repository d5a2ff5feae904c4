"""Strategies for ∝ steps: lhs/rhs does not depend on the variables in wrt.

A vanishing derivative proves constancy only where the ratio is smooth and its domain
connected: atan(w) + atan(1/w) has derivative 0 for every w ≠ 0, yet is π/2 for w > 0 and
−π/2 for w < 0.  So both routes first require the ratio to be smooth in each variable on
its whole domain (see convexity.nonsmooth_reason); a pole or a jump closes them.
"""
from __future__ import annotations

import sympy as sp

from ..verdicts import Formula, Said
from .convexity import nonsmooth_reason
from .definedness import pole_reason, sign_prover
from .identities import DEFAULT_LIMIT, prepare, zero_outcome
from .outcome import Proof, ProofOutcome
from .registry import PROPORTIONAL, Cost, Goal, attempt, register
from .signs import positive_without_calculus
from .timeouts import time_limit


def _ratio_and_blocker(goal: Goal):
    ratio = goal.lhs / goal.rhs
    if not goal.wrt or not all(isinstance(w, sp.Symbol) and not w.is_integer for w in goal.wrt):
        return ratio, "∝ needs continuous variables in wrt"
    positive = positive_without_calculus(goal.limit)
    for w in goal.wrt:
        why = nonsmooth_reason(ratio, w, positive)
        if why:
            return ratio, Said("lhs/rhs is not smooth in ", Formula.of(w), ": ", why)
    # Constant where defined is not enough: x·y ∝ x·(y − 1/3) in x has the ratio y/(y − 1/3), free of x,
    # yet at y = 1/3 the right side is 0 and the left is not; and y ∝ 0 has the ratio zoo·y.
    why = pole_reason(ratio, sign_prover(goal.limit))
    if why:
        return ratio, Said("lhs/rhs may be undefined where the declarations allow (", why, ")")
    return ratio, None


@register("derivative", [PROPORTIONAL], Cost.MODERATE,
          "lhs/rhs is smooth in each variable of wrt on its (connected) domain and each partial derivative is 0")
def _by_derivative(goal: Goal) -> ProofOutcome:
    ratio, blocker = _ratio_and_blocker(goal)
    if blocker:
        return ProofOutcome(None, [blocker])
    # Each partial derivative must vanish on its own: their sum vanishing proves nothing (a − b).
    outcomes = [zero_outcome(sp.diff(ratio, w), goal.limit) for w in goal.wrt]
    notes = [n for o in outcomes for n in o.notes]
    if all(o.proof for o in outcomes):
        how = Said.joined(", ", dict.fromkeys(o.proof.method for o in outcomes))
        names = Said.joined(", ", [Formula.of(w) for w in goal.wrt])
        return ProofOutcome(Proof(Said("∂(lhs/rhs)/∂", names, " = 0 by ", how, " (and lhs/rhs is smooth)"),
                                  "all values"), notes)
    return ProofOutcome(None, notes, [], any(o.timed_out for o in outcomes))


@register("free_ratio", [PROPORTIONAL], Cost.EXPENSIVE,
          "lhs = c·rhs identically, with c = simplify(lhs/rhs) free of wrt")
def _by_free_ratio(goal: Goal) -> ProofOutcome:
    # The ratio only suggests c; the proof is the identity lhs − c·rhs ≡ 0, which holds where the ratio is
    # undefined too (3λ log n ∝ log n at n = 1), and fails where simplify was wrong (a sign it dropped).
    if not goal.wrt or not all(isinstance(w, sp.Symbol) for w in goal.wrt):
        return ProofOutcome(None, ["∝ needs the variables of wrt"])
    with time_limit(goal.limit):
        c = sp.simplify(goal.lhs / goal.rhs)
    if c.free_symbols & set(goal.wrt) or c.has(sp.nan, sp.zoo):
        return ProofOutcome(None, ["simplify leaves lhs/rhs depending on " + ", ".join(map(str, goal.wrt))])
    why = pole_reason(c, sign_prover(goal.limit))
    if why:
        # lhs = c·rhs says nothing where c is undefined (c = y/(y − 1/3) at y = 1/3).
        return ProofOutcome(None, [Said("the constant c = ", Formula.of(c), " may be undefined (", why, ")")])
    identity = zero_outcome(goal.lhs - c * goal.rhs, goal.limit)
    if identity.proof is None:
        return ProofOutcome(None, identity.notes, [], identity.timed_out)
    names = Said.joined(", ", [Formula.of(w) for w in goal.wrt])
    return ProofOutcome(Proof(Said("lhs = c·rhs with c = ", Formula.of(c), " free of ", names, " (by ",
                                   identity.proof.method, ")"), "all values"), identity.notes)


def prove_proportional(lhs, rhs, wrt, limit: float = DEFAULT_LIMIT, how=None, only: bool = False) -> ProofOutcome:
    """lhs/rhs does not depend on any variable in wrt (an empty wrt proves nothing); with only, just how."""
    wrt = tuple(wrt) if isinstance(wrt, (list, tuple, set, frozenset)) else (wrt,)
    return attempt(Goal(PROPORTIONAL, prepare(lhs), prepare(rhs), (), limit, wrt=wrt), how, only=only)
