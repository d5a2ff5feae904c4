"""002-sparsity holds in a regime its derivations state for the scaled gap x = β(s_max − s_i) ≫ log(n − 1): the
register's status says scaled score gaps, since a raw gap beyond log n is not enough when β < 1 (β is drawn in
[0.05, 20]).  Near miss: the decay it names stays e^{−β(s_max − s_i)}."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow          # imports every derivation module the register names


def test_the_sparsity_regime_names_the_scaled_gap():
    import derivations._claims as claims
    words = claims.c002_sparsity.qualifier
    assert "β(s_max − s_i) beyond log n" in words and "scaled score gaps" in words
    assert "e^{−β(s_max − s_i)}" in words
