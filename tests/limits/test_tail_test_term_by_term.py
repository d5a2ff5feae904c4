"""The tail test term by term (tails._distributed): a product of many sums is tested whole, not multiplied out
into thousands of terms; a factor that changes sign on the tail is still multiplied out.
"""
import sympy as sp

from verifier import real


t = real("t_h8")
a = real("a_h8")


def test_a_product_of_many_sums_is_tested_whole_not_multiplied_out_into_thousands_of_terms():
    """e^{−t}·Π (t + a_i) over ten parameters is 1024 terms multiplied out, each tested at every point (3 s a
    point, so a certified integral ran out of time); tested whole it still decays from X = 64 on."""
    from mpmath import iv
    from verifier.evidence import tails
    params = sp.symbols("a1:11", positive=True)
    tail = tails.Tail(sp.exp(-t) * sp.Mul(*[t + p for p in params]), t, 1, params)
    assert len(tail.terms) == 1
    assert tail.decays_from(64, [iv.mpf([0.2, 0.4])] * len(params))


def test_a_factor_that_changes_sign_on_the_tail_is_still_multiplied_out():
    """(a − t²)·e^{−t²} vanishes at t = √a: whole, no cut below √a passes; term by term each term decays."""
    from mpmath import iv
    from verifier.evidence import tails
    tail = tails.Tail((a - t ** 2) * sp.exp(-t ** 2), t, 1, [a])
    assert len(tail.terms) == 2
    assert tail.decays_from(4, [iv.mpf([15, 16])])
