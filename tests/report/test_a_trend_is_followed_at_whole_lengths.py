"""A trend along an approach is followed at whole lengths: the project's m (the other keys) and n (the keys) are
numbers of things, declared sizes, so a trend's other variables are lengths like 38, never m = 7.87420 or
n = 1272.57, and a limit n → ∞ is followed along n = 16, 64, 255, 1024, …, never n = 10.618.  (A length taken as a
real number elsewhere is said to be one: test_trend_lines_name_the_point_they_were_followed_at.)"""
from __future__ import annotations

import pytest

from tests.engine import project_results

pytestmark = pytest.mark.slow          # reads the project's shared check

LENGTHS = ("n", "m")


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


def test_no_limit_in_a_length_is_followed_through_the_reals():
    through_reals = [(file, name) for file, name, t in _trends() if t.variable in LENGTHS and t.real]
    assert not through_reals
