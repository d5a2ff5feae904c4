"""In the one-peak model (one score δ above n − 1 equal scores) the peak's gap δ is what is held fixed; s_max − s̄ =
δ(n − 1)/n moves with n (δ/2 at n = 2, 255δ/256 at n = 256).  A title over that model says what is held fixed and never
calls s_max − s̄ free of n, which it is not."""
from __future__ import annotations

import sympy as sp

import derivations.entropy_scale as es

ONE_PEAK = "one score δ above n − 1 equal scores"


def _one_peak_derivations():
    return [d for d in vars(es).values()
            if hasattr(d, "title") and any(ONE_PEAK in a for a in (getattr(d, "assumptions", None) or ()))]


def test_the_one_peak_models_mean_gap_depends_on_n():
    n, delta = sp.symbols("n delta", positive=True)
    s_max_minus_mean = sp.simplify(delta - delta / n)       # scores (δ, 0, …, 0): s̄ = δ/n
    assert sp.diff(s_max_minus_mean, n) != 0
    assert s_max_minus_mean.subs({n: 2}) == delta / 2 and s_max_minus_mean.subs({n: 256}) == sp.Rational(255, 256) * delta


def test_no_one_peak_title_says_the_mean_gap_is_free_of_n():
    found = _one_peak_derivations()
    assert len(found) >= 3
    for d in found:
        title = d.title
        assert "s_max − s̄ free of n" not in title, title


def test_the_refuted_scale_says_delta_is_what_is_fixed():
    title = es.one_peak_seed_scale_not_flat.title
    assert "δ fixed" in title and "s_max − s̄ = δ(n − 1)/n" in title
