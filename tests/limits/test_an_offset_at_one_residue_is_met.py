"""An offset at one residue is met: the sizes of a trend include a block of consecutive sizes wherever the
expression singles out residues ((−1)ⁿ, (−1)^(n/2)), so 1 at every n ≡ 2 (mod 4) is seen although the regular
sizes 64, 255, 1024, 4097 never meet that residue.
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, calc, oo, size
from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
n = size("n_h9")
SLOW = sp.LambertW(n) / sp.log(n)           # SymPy takes no limit of it: the numbers alone decide
EVERY_FOURTH = (1 + (-1) ** n) / 2 * (1 - (-1) ** (n / 2)) / 2      # 1 at n ≡ 2 (mod 4), else exactly 0


def limit(lhs, rhs):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=Limit(n, oo)), quick=True)


# The binomial's tail, 1/sqrt(πn), is still 0.018 at n = 1024 where its numbers stop: above the resolution a
# limit decided by numbers alone must reach (evidence/trends.RESOLUTION), so it is not passed, spike or not.
# The binomial takes several seconds on 2 cores; the first case guards the same property in the quick tier.
@pytest.mark.parametrize("lhs", [
    SLOW * n ** 5 / 3 ** n + EVERY_FOURTH,
    pytest.param(SLOW * sp.binomial(2 * n, n) / 4 ** n + EVERY_FOURTH, marks=pytest.mark.slow),
], ids=["n^5/3^n + spike", "binomial + spike"])
def test_an_offset_at_a_residue_the_sizes_never_visit_is_not_passed(lhs):
    s = limit(lhs, 0)
    assert s.verdict not in PASSING, (s.verdict, s.message)
