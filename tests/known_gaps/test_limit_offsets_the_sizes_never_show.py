"""Known gap: three tail points cannot show both parities everywhere, so an offset at odd sizes hidden behind a
slow power law passes as a limit (a strict xfail; the marker goes when the engine sees it).
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, Rational, calc, oo, size

from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
n = size("n_h8")


SLOW_N = sp.LambertW(n) / sp.log(n)     # SymPy takes no limit of it: the numbers alone decide


def limit(lhs, rhs, var):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=Limit(var, oo)), quick=True)


@pytest.mark.xfail(strict=True, reason="three tail points cannot show both parities everywhere: an offset "
                   "(1 − (−1)ⁿ)/2000 that only the middle (odd) size sees hides behind n^(−1/5) falling by 16 "
                   "decades of n, so the tail still looks like a power law")
def test_an_offset_at_odd_sizes_hidden_behind_a_slow_power_law_is_not_passed():
    s = limit(n ** Rational(-1, 5) * SLOW_N + (1 - (-1) ** n) * SLOW_N / 2000, 0, n)
    assert s.verdict not in PASSING, (s.verdict, s.message)
