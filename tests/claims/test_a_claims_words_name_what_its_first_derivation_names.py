"""A claim's words and the derivation it reads first say the same thing the same way: the register's status of
000-lambda-log-n names the constant H₀, so its first reading is the derivation written with H₀ (not the one with
C = −H₀); the bound 000-eq5 states is for λ > 0, as the derivation that proves it says."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow          # imports every derivation module the register names


@pytest.fixture(scope="module")
def register():
    import derivations._claims as claims
    return claims


def test_the_first_reading_names_the_constant_the_status_names(register):
    claim = register.c000_log_n
    first = claim.evidence["under"][0]
    assert "H₀" in claim.qualifier and "H₀" in first.title and "C" not in first.title.replace("H₀", "")


def test_a_bound_is_stated_for_the_values_its_derivation_proves_it_for(register):
    title = register.c000_eq5.evidence["as_bound"][0].title
    assert "for every λ > 0" in title and "for every λ > 0" in register.c000_eq5.qualifier
    assert "λ ≥ 0" not in register.c000_eq5.qualifier
