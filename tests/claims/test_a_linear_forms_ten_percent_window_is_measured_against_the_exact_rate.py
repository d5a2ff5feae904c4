"""The experiment beside the Laplace rate says where 0.24·λd is within 10 % of d·g(λ): the window is measured
against d·g(λ), as the register's worst |lhs − rhs| / |lhs| measures it, not against the linear form."""
from __future__ import annotations

import re

import mpmath

import derivations._temperature_experiments as experiments


def _g(lam):
    return mpmath.log((1 + mpmath.sqrt(1 + 4 * lam ** 2)) / 2) / 2


def _edges():
    excess = lambda lam: abs(mpmath.mpf("0.24") * lam - _g(lam)) / _g(lam) - mpmath.mpf("0.1")
    return float(mpmath.findroot(excess, 0.69)), float(mpmath.findroot(excess, 2.7))


def test_the_window_printed_is_where_the_linear_form_is_within_ten_percent_of_g():
    lo, hi = _edges()
    assert 0.68 < lo < 0.70 and 2.68 < hi < 2.71            # the window relative to g itself
    finding = experiments.laplace_table(0, True).finding
    window = re.search(r"only for\s+λ ∈ \[([0-9.]+), ([0-9.]+)\]", finding)
    assert window, finding
    assert abs(float(window.group(1)) - lo) < 0.006 and abs(float(window.group(2)) - hi) < 0.006, finding


def test_the_window_relative_to_the_linear_form_is_not_the_one_printed():
    # |g − 0.24λ| ≤ 0.1·0.24λ gives [0.67, 2.78]: at λ = 2.75 the linear form is more than 10 % above g.
    lam = mpmath.mpf("2.75")
    assert (mpmath.mpf("0.24") * lam - _g(lam)) / _g(lam) > mpmath.mpf("0.1")
    assert "[0.67, 2.78]" not in experiments.laplace_table(0, True).finding
