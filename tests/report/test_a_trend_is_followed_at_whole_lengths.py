"""A trend along an approach is followed at whole lengths: where a derivation's m (the other keys) or n (the
keys) is a number of things, it is declared a size, so the trend's other variables are lengths like 38, never
m = 7.87420 or n = 1272.57.  Only a length the derivation takes as a continuous variable on purpose (entropy_scale,
which differentiates in log n) is followed through the reals, and the report says so ("n taken as a real number")."""
from __future__ import annotations

import pytest

from tests.engine import project_results

pytestmark = pytest.mark.slow          # reads the project's shared check

LENGTHS = ("n", "m")
CONTINUOUS_ON_PURPOSE = {"entropy_scale.py"}


def _trends():
    for file, results in project_results().items():
        for r in results:
            for s in r.steps:
                for c in s.checks:
                    if getattr(c, "trend", None) is not None:
                        yield file, r.name, c.trend


def test_no_trend_is_followed_at_a_fractional_length():
    fractional = [(file, name, k, v.value) for file, name, t in _trends() for k, v in (t.point or {}).items()
                  if k in LENGTHS and v.value and not float(v.value).is_integer()]
    assert not fractional


def test_a_length_followed_through_the_reals_is_one_declared_continuous_on_purpose():
    through_reals = {file for file, _, t in _trends() if t.variable in LENGTHS and t.real}
    assert through_reals <= CONTINUOUS_ON_PURPOSE
