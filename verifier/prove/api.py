"""The public entry points of the symbolic layer; every strategy is reached through the registry.

    prove_equal(lhs, rhs, limit, how=None, facts=())
    prove_inequality(lhs, rhs, relation, facts, limit, how=None)
    prove_proportional(lhs, rhs, wrt, limit, how=None)

`how` names strategies to try first (then the others, cheapest first); an unknown name
raises UnknownStrategy listing the valid ones.  Both return a ProofOutcome.
"""
from __future__ import annotations

from . import identities, inequalities, proportional
from . import expectations  # noqa: F401  (registers the "expectation" strategy: E over declared laws)
from . import integrals  # noqa: F401  (registers "substitute" and "by_parts": integrals as steps)
from . import one_hot  # noqa: F401  (registers "one-hot": vectors declared one-hot, at their hot index)
from .convexity import nonsmooth_reason
from .definedness import refuse_if_undefined
from .scopes import looked_at, scoped_proof
from .identities import DEFAULT_LIMIT, zero_outcome
from .outcome import FactGap, Proof, ProofOutcome
from .registry import EQUALITY, INEQUALITIES, UnknownStrategy, strategies

__all__ = ["prove_equal", "prove_inequality", "prove_proportional", "zero_outcome", "nonsmooth_reason", "ProofOutcome", "Proof", "FactGap", "UnknownStrategy",
           "strategies", "strategy_names", "DEFAULT_LIMIT"]


def prove_equal(lhs, rhs, limit: float = DEFAULT_LIMIT, how=None, facts=(), only: bool = False) -> ProofOutcome:
    """lhs = rhs; cited equalities (FactGap with equality=True) may be used; with only, just the how strategies.

    A proof about sides that may be undefined at an admissible value holds where both are defined: its
    scope says so ("where x − 1 ≠ 0"), or it is refused when that set cannot be stated (scopes.py).
    """
    return scoped_proof(identities.prove_equal(lhs, rhs, limit, how, facts, only), lhs, rhs, limit)


def prove_inequality(lhs, rhs, relation, facts=(), limit: float = DEFAULT_LIMIT, how=None,
                     only: bool = False) -> ProofOutcome:
    """lhs R rhs for R in <=, >=, <, > (a Relation or its string); with only, just the how strategies."""
    return refuse_if_undefined(inequalities.prove_inequality(lhs, rhs, relation, facts, limit, how, only),
                               looked_at(lhs), looked_at(rhs), limit=limit)


def prove_proportional(lhs, rhs, wrt, limit: float = DEFAULT_LIMIT, how=None, only: bool = False) -> ProofOutcome:
    """lhs ∝ rhs in wrt: lhs/rhs does not depend on any variable of wrt (which must not be empty);
    with only, just the how strategies."""
    return refuse_if_undefined(proportional.prove_proportional(lhs, rhs, wrt, limit, how, only),
                               looked_at(lhs), looked_at(rhs), limit=limit)


def strategy_names(relation: str) -> list[str]:
    """The strategies for a relation, in the order they are tried by default."""
    return [s.name for s in strategies(relation)]
