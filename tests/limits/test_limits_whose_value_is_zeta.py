"""Limits whose value is a ζ value: a true one is never refuted, a false one never passed.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, Rational, calc, index, oo, size, Σ

from verifier.judge import proof_hints
from verifier.verdicts import Verdict

pytestmark = pytest.mark.slow


P, R, U, N, C = Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN, Verdict.NUMERIC, Verdict.CASES
PASSING = {P, C, N}


@pytest.fixture(autouse=True)
def no_hints_before_or_after():
    proof_hints.enable(None)
    yield
    proof_hints.enable(None)


n = size("n_hr6")
i = index("i_hr6", n)


def limit_step(lhs, rhs):
    return only_step(calc(lhs, title="ζ probe").approx(rhs, "claimed", meaning=Limit(n, oo)), quick=True)


@pytest.mark.parametrize("lhs, rhs", [
    (Σ(1 / i ** 3, i), sp.zeta(3)),
    (Σ(1 / (i + 1) ** 3, i), sp.zeta(3, 2)),                     # Hurwitz: ζ(s, a) = Σ_{k≥0} (k + a)^(−s)
    (Σ(1 / i ** Rational(3, 2), i), sp.zeta(Rational(3, 2))),
    (Σ((-1) ** (i + 1) / i ** 2, i), sp.zeta(2) / 2),
], ids=["ζ(3)", "ζ(3, 2)", "ζ(3/2)", "η(2) = ζ(2)/2"])
def test_a_true_limit_whose_value_is_zeta_is_never_refuted(lhs, rhs):
    s = limit_step(lhs, rhs)
    assert s.verdict is not R, s.message
    assert "crashed" not in s.message, s.message


@pytest.mark.parametrize("lhs, rhs", [
    (Σ(1 / i ** 3, i), sp.zeta(3) + Rational(1, 10 ** 6)),
    (Σ(1 / (i + 1) ** 3, i), sp.zeta(3)),                         # off by the first term
    (Σ(1 / (i + Rational(1, 2)) ** 2, i), sp.zeta(Rational(3, 2), 2)),   # Hurwitz arguments swapped
    (Σ((-1) ** (i + 1) / i ** 2, i), sp.zeta(2)),
], ids=["ζ(3) + 1e-6", "ζ(3) for ζ(3, 2)", "ζ(3/2, 2) for ζ(2, 3/2)", "ζ(2) for η(2)"])
def test_a_false_limit_whose_value_is_zeta_is_never_passed(lhs, rhs):
    s = limit_step(lhs, rhs)
    assert s.verdict not in PASSING, (s.verdict, s.message)
    assert "crashed" not in s.message, s.message
