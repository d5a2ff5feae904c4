"""A certified ball handed to the report as a record (midpoint and radius written in decimal) still encloses the
ball: a midpoint cut to fewer digits than the ball carries widens the radius by what the cut moved, and a radius
shortened to five digits is rounded up, never down."""
import pytest
from flint import arb

from verifier.evidence import balls


def _encloses(record, x) -> bool:
    midpoint, radius = record
    with balls.precision(200):
        low, high = arb(midpoint) - arb(radius), arb(midpoint) + arb(radius)
        return bool(low.lower() <= x.lower()) and bool(x.upper() <= high.upper())


@pytest.mark.parametrize("dps", [15, 30, 50])
def test_a_precise_ball_cut_to_fewer_digits_is_still_enclosed(dps):
    with balls.precision(100):
        x = arb(1) / 3 - arb("0.58124967643296101494123") * arb(2).sqrt()     # radius far below 10^-dps
    record = balls.as_ball(x, dps)
    assert _encloses(record, x)
    with balls.precision(200):
        assert arb(record[1]) > x.rad() * 10      # the cut moved the midpoint by more than the ball's own radius


def test_a_wide_ball_keeps_its_radius_rounded_up():
    with balls.precision(50):
        x = arb("0.123456789", "0.000123454999")
    record = balls.as_ball(x, 50)
    assert _encloses(record, x)
    with balls.precision(60):
        assert arb(record[1]) >= x.rad()


def test_a_negative_tiny_gap_is_enclosed_with_its_sign():
    with balls.precision(100):
        x = -(arb(10) ** -40) / 7
    midpoint, _ = record = balls.as_ball(x, 50)
    assert midpoint.startswith("-") and _encloses(record, x)
