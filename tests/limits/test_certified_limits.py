"""A false limit at ∞ whose value is a named constant is refuted with a certificate; true ones never.

The certificate (prove/limit_certificates.py) is an enclosure of the true limit proved without SymPy:
a monotone tail (the derivative's sign on [N, ∞) by interval arithmetic, and the value at N), or a sum's
partial sum written out plus a bound on its tail; SymPy's limit must lie inside it.  The trend follows a
closed form to n = 10¹² and a sum to 16384, so 10⁻³ + 1/n does not pass for → 0.
"""
from __future__ import annotations

import sympy as sp

from tests.engine import only_step
from verifier import Limit, calc, oo, Σ, index, size
from verifier.prove.limits import prove_limit
from verifier.verdicts import Verdict

n = size("n_cl")
i = index("i_cl", n)
PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}
basel = Σ(1 / i ** 2, i)
e_seq = (1 + 1 / n) ** n
geometric = Σ(sp.Rational(1, 2) ** i, i)


def verdict(lhs, rhs):
    return only_step(calc(lhs, title="claim").approx(rhs, "claim", meaning=Limit(n, oo))).verdict


def certified(d) -> bool:
    c = prove_limit(d, n, sp.oo, "+-", 30).contradiction
    return c is not None and c.certified


def test_basel_off_by_a_thousandth_is_refuted_and_the_true_value_is_not():
    assert verdict(basel, sp.pi ** 2 / 6 - sp.Rational(1, 1000)) is Verdict.REFUTED
    assert verdict(basel, sp.pi ** 2 / 6 + sp.Rational(1, 1000)) is Verdict.REFUTED     # the tail bound side
    assert verdict(basel, sp.pi ** 2 / 6) in PASSING


def test_e_off_by_a_thousandth_is_refuted_and_e_is_not():
    assert verdict(e_seq, sp.E - sp.Rational(1, 1000)) is Verdict.REFUTED
    assert verdict(e_seq, sp.E) in PASSING


def test_a_limit_off_by_a_trillionth_is_refuted_or_unknown_never_passed():
    assert verdict(basel, sp.pi ** 2 / 6 - sp.Rational(1, 10 ** 12)) in (Verdict.REFUTED, Verdict.UNKNOWN)
    assert verdict(e_seq, sp.E - sp.Rational(1, 10 ** 12)) in (Verdict.REFUTED, Verdict.UNKNOWN)


def test_the_certificate_never_certifies_a_true_limit():
    for d in (basel - sp.pi ** 2 / 6, e_seq - sp.E, geometric - 1, (-1) ** n / n, 1 / sp.log(n + 1)):
        assert not certified(d), d


def test_the_certificate_is_one_sided_where_only_monotonicity_is_proved():
    # (1 + 1/n)^n increases to e: above e − 10⁻³ from some n on (certified); below e + 10⁻³ always, which
    # monotonicity alone cannot bound away from 0 (no certificate from this route).
    assert certified(e_seq - sp.E + sp.Rational(1, 1000))
    assert not certified(e_seq - sp.E - sp.Rational(1, 1000))


def test_geometric_sums_the_true_limit_passes_and_the_near_misses_are_certified():
    assert verdict(geometric, 1) is not Verdict.REFUTED
    assert certified(geometric - 1 + sp.Rational(1, 1000)) and certified(geometric - 1 - sp.Rational(1, 1000))


def test_an_oscillating_sequence_is_not_refuted_where_its_limit_holds_and_sin_n_is_not_certified():
    assert verdict((-1) ** n / n, 0) is not Verdict.REFUTED
    assert not certified(sp.sin(n))
    assert verdict(sp.sin(n), 0) not in PASSING
