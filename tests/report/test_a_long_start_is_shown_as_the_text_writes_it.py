"""A chain whose start SymPy prints fully expanded over lines (ℓ(x̂ + e) − ℓ(x̂) with every sum written out) is
shown as the text writes it, by the derivation's display=; the checked form stays one click away.  Near miss:
the display is only for the eye: the start that is checked is still the expanded difference."""
from __future__ import annotations

import sympy as sp


def test_the_unique_maximum_starts_as_a_difference_of_log_likelihoods():
    import derivations.max_likelihood as ml
    d = ml.mle_unique_maximum
    assert d.start_display == r"\ell(\hat{x} + e) - \ell(\hat{x})"
    assert isinstance(d.start, sp.Expr) and d.start.has(ml.e1)
