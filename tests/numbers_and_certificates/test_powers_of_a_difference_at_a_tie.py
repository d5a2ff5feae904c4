"""Integer powers of a ball around 0 (balls.ipow) enclose 0 and stay small, so powers of a difference that
vanishes at a tie keep their verdicts, and an even power is never negative.
"""
import pytest
import sympy as sp

from tests.engine import at_equal_thirds, only_step
from verifier import Rational, calc, real

from verifier.verdicts import Verdict


PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)


mu, m2 = real("mu_h8 m_h8")


@pytest.mark.parametrize("k_", [2, 3, 5, 8])
def test_a_power_of_a_ball_around_0_encloses_0_and_stays_small(k_):
    value = at_equal_thirds((mu - m2) ** k_ + 1)
    assert value.contains(1) and (value - 1).rad() < 1e-40


@pytest.mark.parametrize("lhs, rhs, ok", [
    (sp.sqrt((mu - m2) ** 2), sp.Abs(mu - m2), True),
    ((mu - m2) ** 4, sp.Abs(mu - m2) ** 4, True),
    ((mu - m2) ** 3, mu ** 3 - 3 * mu ** 2 * m2 + 3 * mu * m2 ** 2 - m2 ** 3, True),
    (sp.sqrt((mu - m2) ** 2), mu - m2, False),
    ((mu - m2) ** 3, sp.Abs(mu - m2) ** 3, False),
    ((mu - m2) ** 3, mu ** 3 - 3 * mu ** 2 * m2 + 3 * mu * m2 ** 2 + m2 ** 3, False),
], ids=["sqrt of square = abs", "4th power = abs^4", "cube expanded", "sqrt of square = difference",
        "cube = abs^3", "cube with a sign slip"])
def test_powers_of_a_difference_that_vanishes_at_a_tie_keep_their_verdicts(lhs, rhs, ok):
    """The tie μ = m is a structure point; there the power is a ball around 0 with a negative lower end (acb's
    power does not know an even power is ≥ 0), which must neither refute a true claim nor save a false one."""
    s = only_step(calc(lhs, title="p").eq(rhs, "d"), limit=0.01)
    if ok:
        assert s.verdict in PASSING, (s.verdict, s.message)
    else:
        assert s.verdict is Verdict.REFUTED, (s.verdict, s.message)


@pytest.mark.parametrize("rhs, ok", [(0, True), (Rational(1, 10**6), False)])
def test_an_even_power_of_a_difference_is_not_negative_and_a_positive_floor_is_refuted(rhs, ok):
    s = only_step(calc((mu - m2) ** 2, title="p").ge(rhs, "square"), limit=0.01)
    assert (s.verdict in PASSING) if ok else (s.verdict is Verdict.REFUTED), (s.verdict, s.message)
