"""Tails that fall faster than geometrically, and the spikes that mimic them.

A tail whose Aitken extrapolation lies far below 0 is acquitted by one odd point beyond, where the fall per log
step must not slow.  Such a tail cannot tell a fall from a spike: e^(−n) + [n ≡ 2 (mod 4)] oscillates between
0 and 1 for ever, and the far sizes' last three (c·10¹² + 2, c·10²⁰ + 1, c·10²⁸) meet the offset only at the
first of them, so a drop of 10²⁰ decades reads as a steep fall.  The point before the last three (10⁹) shows
the rise into them; a tail acquitted by its fall must not have risen into its last three.  Also: SymPy's wrong
0 for a bump at every zero of sin x under the negligible bound, and integers of more than 4300 digits.
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


@pytest.mark.parametrize("lhs", [
    SLOW * sp.exp(-n) + EVERY_FOURTH,
    SLOW * sp.exp(-n ** 2 / 1000) + EVERY_FOURTH,
], ids=["e^-n + spike", "e^(-n^2/1000) + spike"])
def test_a_spike_at_the_first_of_the_last_three_is_not_read_as_a_fast_fall(lhs):
    s = limit(lhs, 0)
    assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.parametrize("lhs", [
    SLOW * sp.exp(-n),
    SLOW * sp.exp(-n ** 2 / 1000),
    SLOW * sp.exp(-n) * (2 + (-1) ** n),
], ids=["e^-n", "e^(-n^2/1000)", "(2 + (-1)^n) e^-n"])
def test_the_same_tails_without_the_spike_still_pass(lhs):
    s = limit(lhs, 0)
    assert s.verdict in PASSING, (s.verdict, s.message)


def test_a_true_tail_that_peaks_inside_the_sampled_sizes_is_never_refuted():
    """n⁵⁰/3ⁿ rises from n = 16 to 64 (its peak is near 45), then falls: the rise costs the fast-fall acquittal
    (without that rule it is unknown too), never a refutation."""
    s = limit(n ** 50 / 3 ** n, 0)
    assert s.verdict is not Verdict.REFUTED, (s.verdict, s.message)
    s = limit(SLOW * n ** 50 / 3 ** n, 0)
    assert s.verdict is not Verdict.REFUTED, (s.verdict, s.message)


def _tiny_limit(expr_of_x):
    from verifier import positive
    x = positive("x_h9")
    return only_step(calc(expr_of_x(x), title="probe").approx(0, "claimed", meaning=Limit(x, oo)), quick=True)


def test_a_tiny_bump_at_every_zero_of_sin_is_not_proved_to_vanish():
    s = _tiny_limit(lambda x: 1 / (sp.Integer(10) ** 60 * (1 + x ** 2 * sp.sin(x) ** 2)))
    assert s.verdict not in PASSING, (s.verdict, s.message)
    assert "cannot cross-check the proof" in " ".join(c.detail for c in s.checks)


@pytest.mark.parametrize("expr_of_x", [lambda x: 1 / (sp.Integer(10) ** 60 * (1 + x ** 2)),
                                       lambda x: sp.exp(-x) / sp.Integer(10) ** 60],
                         ids=["1e-60/(1+x^2)", "1e-60 e^-x"])
def test_a_true_limit_below_the_numbers_resolution_is_never_refuted(expr_of_x):
    """Its numbers cannot cross-check SymPy either: unknown (the tail enclosure does not take x² or −x, which are
    unbounded on the tail), never refuted and never proved on numbers that saw nothing."""
    s = _tiny_limit(expr_of_x)
    assert s.verdict is not Verdict.REFUTED, s.message
    assert s.verdict is not Verdict.PROVED or "interval arithmetic bounds" in s.message, s.message


@pytest.mark.parametrize("expr_of_x", [lambda x: sp.sin(x) / x / sp.Integer(10) ** 60, lambda x: sp.exp(-x),
                                       lambda x: sp.exp(-x ** 2)],
                         ids=["1e-60 sin(x)/x (tail enclosure)", "e^-x", "e^-x^2"])
def test_true_limits_the_numbers_or_the_tail_enclosure_can_see_stay_proved(expr_of_x):
    s = _tiny_limit(expr_of_x)
    assert s.verdict is Verdict.PROVED, s.message


def test_a_true_limit_with_an_integer_of_5000_digits_is_checked_not_an_error():
    n = size("n_big9")
    s = only_step(calc(sp.Integer(10) ** 5000 / 2 ** n, title="probe").approx(0, "claimed", meaning=Limit(n, oo)),
                  quick=True)
    assert s.verdict is Verdict.PROVED, s.message


def test_its_false_twin_is_not_passed():
    n = size("n_big9")
    s = only_step(calc(2 ** n / sp.Integer(10) ** 5000, title="probe").approx(0, "claimed", meaning=Limit(n, oo)),
                  quick=True)
    assert s.verdict not in PASSING and s.verdict is not Verdict.ERROR, (s.verdict, s.message)
