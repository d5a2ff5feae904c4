"""Small helpers the engine tests share: check a derivation and look at its steps."""
from __future__ import annotations

from verifier.checker import check_all
from verifier.context import Settings


def check(*derivations, **settings):
    """Check derivations with default settings (seed 0, 50/100 digits) unless overridden."""
    for k, d in enumerate(derivations):
        d.name = d.name or f"d{k}"
    return check_all(list(derivations), Settings(**settings))


def only_step(derivation, **settings):
    [result] = check(derivation, **settings)
    [step] = result.steps
    return step
