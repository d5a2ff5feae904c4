"""Symbolic strategies, each registered once (name, relations, cost); see api.py for the entry points."""
from .api import (DEFAULT_LIMIT, FactGap, Proof, ProofOutcome, UnknownStrategy, prove_equal,  # noqa: F401
                  nonsmooth_reason, prove_inequality, prove_proportional, strategies,
                  strategy_names, zero_outcome)
