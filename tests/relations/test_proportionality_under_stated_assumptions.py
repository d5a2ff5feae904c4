"""∝ compares lhs/rhs at two values of each variable of wrt, and a stated assumption holds at both:
y·max(1, 2p) ∝ y·p in p with assume="p > 1/2" (the ratio is 2) is not refuted at a second value p' the
assumption excludes; under the opposite assumption it is refuted.
"""
import sympy as sp

from tests.engine import only_step
from verifier import calc, positive, real

from verifier.verdicts import Verdict


p_prop = real("pp_h9", 0.1, 1)
y_prop = positive("yp_h9", 0.5, 2)


def test_a_true_proportionality_under_a_stated_assumption_is_not_refuted_at_a_second_value_it_excludes():
    step = only_step(calc(y_prop * sp.Max(1, 2 * p_prop), title="ratio 2 for p > 1/2")
                     .propto(y_prop * p_prop, "claimed", wrt=p_prop, assume="pp_h9 > 1/2"), quick=True)
    assert step.verdict is not Verdict.REFUTED


def test_near_miss_the_same_proportionality_under_the_opposite_assumption_is_refuted():
    step = only_step(calc(y_prop * sp.Max(1, 2 * p_prop), title="ratio 1/p for p < 1/2")
                     .propto(y_prop * p_prop, "claimed", wrt=p_prop, assume="pp_h9 < 1/2"), quick=True)
    assert step.verdict is Verdict.REFUTED
