"""Source 001 writes p for the softmax weight; the Bernoulli parameter of the coin K that picks the two-point law
of (s, v) in the noise derivations is set as θ, so that "K ~ Bernoulli(θ)" and "θ = 0.732159" never read as a
softmax weight.  The symbol keeps its program name (its sampling and the verdicts are those of p); only how it
is written changes.  Near miss: a symbol named p without a display name is still written p."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import load_project_files
from verifier import interval

pytestmark = pytest.mark.slow          # loads a project file: more than a second


def _symbols_named_p(derivation):
    for step in derivation.steps:
        for expr in (getattr(step, "rhs", None), getattr(derivation, "start", None)):
            if isinstance(expr, sp.Basic):
                yield from (s for s in expr.free_symbols if str(s) == "p")


def test_the_coins_parameter_is_written_theta_in_the_noise_derivations():
    derivations = load_project_files("noise_robustness.py")["noise_robustness.py"]
    coins = [d for d in derivations if d.name.startswith("factoring_")]
    found = {s for d in coins for s in _symbols_named_p(d)}
    assert found and all(sp.latex(s) == "\\theta" for s in found)
    words = " ".join([*(n for d in coins for n in d.notes), *(str(st.reason) for d in coins for st in d.steps)])
    assert "Bernoulli(θ)" in words and "Bernoulli(p)" not in words and "(1 − p)" not in words


def test_near_miss_a_p_without_a_display_name_is_written_p():
    assert sp.latex(interval("p", 0.05, 0.95, positive=True)) == "p"
