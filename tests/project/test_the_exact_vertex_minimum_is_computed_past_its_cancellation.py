"""The exact minimum entropy over the cube (the best vertex, log n + log u − αΔe^Δ/u minimised over k) is computed at
50 digits: its terms are about log n and cancel to 10⁻¹⁰ (τ = 0.07, n = 16) or, against log n − C, to 10⁻¹⁴ (τ = 1,
n = 2²²), so float64 printed its round-off as digits (1.73205 × 10⁻¹⁰ for 1.73201 × 10⁻¹⁰)."""
from __future__ import annotations

import mpmath

import derivations._temperature_experiments as experiments


def _by_scan(n, tau, dps=60):
    """Every vertex at dps digits: (H_min, k*)."""
    with mpmath.workdps(dps):
        delta = mpmath.mpf(2) / mpmath.mpf(tau)
        e = mpmath.exp(delta)

        def h(k):
            a = mpmath.mpf(k) / n
            u = 1 - a + a * e
            return mpmath.log(n) + mpmath.log(u) - a * delta * e / u
        return min((h(k), k) for k in range(n + 1))


def test_a_near_one_hot_minimum_keeps_its_digits():
    h, k = experiments.vertex_minimum_exact(16, 0.07)
    assert k == 1
    assert mpmath.almosteq(h, mpmath.mpf("1.7320076e-10"), rel_eps=1e-7)
    assert mpmath.nstr(h, 6) == "1.73201e-10"


def test_the_exact_minimum_is_the_best_vertex_of_a_full_scan():
    for n, tau in ((16, 1.0), (16, 0.5), (64, 0.2), (100, 0.07), (1024, 1.0)):
        h, k = experiments.vertex_minimum_exact(n, tau)
        h_scan, k_scan = _by_scan(n, tau)
        assert k == k_scan
        assert abs(h - h_scan) < mpmath.mpf(10) ** -40


def test_the_gap_to_the_floor_at_a_large_length_is_the_exact_one():
    n = 2 ** 22
    h, k = experiments.vertex_minimum_exact(n, 1.0)
    with mpmath.workdps(50):
        gap = h - (mpmath.log(n) - experiments.gap_C(2))
        assert f"{float(gap):.3g}" == "9.99e-15"
        scan = min(experiments.vertex_entropy(n, j, 1.0) for j in range(k - 50, k + 51))
        assert scan == h


def test_the_gap_tables_rows_show_the_exact_digits():
    rows = experiments.gap_table(0, True).tables[1].rows
    row = next(r for r in rows if r[0] == "0.07" and r[1] == "16")
    assert row[4] == "1.73201e-10"


def test_a_difference_zero_at_the_working_precision_is_said_so_not_as_an_exact_zero():
    out = experiments.c_digits(0, True)
    rows = dict(out.tables[0].rows)
    assert rows["|closed − direct|"] == "0 at 50 digits" and out.holds
    assert rows["closed form u* − 1 − log u*"].startswith("0.47447464707052693724628097537")
    assert "rounds each value" in out.tables[0].caption
