"""A refuted limit's certificate says how |d| went over the last points of the approach as a power a reader reads
directly, "|d| ∝ λ^1" (it grows like λ) or "|d| ∝ h^0" (it stays put as the distance h shrinks), never as an
undefined "tail slope −1.0" whose sign convention (positive when |d| shrinks, flipped towards ∞) a reader cannot
guess.  Near misses: a tail that shrinks towards a point reads with a positive power of the distance, one that
shrinks towards ∞ with a negative power of the variable."""
from __future__ import annotations

import mpmath

from tests.engine import only_step
from verifier import Limit, calc, oo, positive
from verifier.evidence import trends as tr
from verifier.judge import meanings
from verifier.present.report.prose import plain


def _said(side: str, hs, values, var) -> str:
    fake = tr.Trend(base=None, side=side, h=list(hs), values={50: [mpmath.mpf(v) for v in values]})
    return plain(meanings._tail_power(fake, var, tr.tail_rate(fake.h, fake.values[50])))


def test_a_growing_tail_towards_infinity_reads_as_a_positive_power_of_the_variable():
    lam = positive("lambda")
    assert _said("∞", (1e6, 1e8, 1e10), (2e6, 2e8, 2e10), lam) == ", and |d| ∝ lambda^1 over the last three points"


def test_near_miss_a_shrinking_tail_reads_as_shrinking_both_ways():
    lam = positive("lambda")
    assert _said("∞", (1e6, 1e8, 1e10), (1e-12, 1e-16, 1e-20), lam).startswith(", and |d| ∝ lambda^-2 ")
    assert _said("+", (1e-6, 1e-8, 1e-10), (1e-6, 1e-8, 1e-10), lam) == \
        ", and |d| ∝ h^1 over the last three distances h"


def test_a_refuted_limits_certificate_never_says_tail_slope():
    h = positive("h")
    s = only_step(calc(1 + h, title="a false limit").approx(0, "", meaning=Limit(h, 0)))
    words = [plain(v) for v in s.counterexample.certificate.values()]
    assert words and all("tail slope" not in w and "|d| ∝ h^0 over the last three distances h" in w for w in words)
    lam = positive("lambda")
    s = only_step(calc(lam, title="a false limit").approx(0, "", meaning=Limit(lam, oo)))
    assert all("|d| ∝ lambda^1 over the last three points" in plain(v) for v in s.counterexample.certificate.values())
