"""Structure points where a claim is tight, and just inside the ends of an interval.

A strict claim false at one exact point passes as numeric unless some point lands on it.  The expression
names these points: the zeros of the claim's gap and of its polynomial factors, the points where an inner
expression vanishes (the argument of a function, the base of a power).  And a claim false only within
10⁻⁶ of an interval's end is met only by points just inside that end (end ∓ 10⁻ᵏ, exact rationals).
Each false claim below comes with its true near miss, one edit away, which must not be refuted.
"""
import pytest
import sympy as sp

from verifier import calc, interval, real, size, index, vector, Σ
from verifier.evidence import structure
from verifier.evidence.inputs import inputs_of
from verifier.verdicts import Verdict

from tests.engine import only_step

HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
R = sp.Rational

x = real("x")
p = interval("p_tight", 0, 1, open=True)
q = interval("q_tight", 0, 1)
big = interval("big_tight", 10 ** 6, 2 * 10 ** 6, open="high")
n = size("n")
i = index("i", n)
wv = vector("w_tight", n, 0, 1, open=True)


def verdict(lhs, relation, rhs):
    d = calc(lhs, title="under test")
    d = getattr(d, {"=": "eq", "<=": "le", ">=": "ge", "<": "lt", ">": "gt"}[relation])(rhs, "claimed")
    return only_step(d).verdict


# --- tight points: where an inner expression or a factor of the gap vanishes -----------------------------

@pytest.mark.parametrize("lhs, rhs", [
    (sp.cosh(5 * x - 2), 1),                                        # the argument vanishes at 2/5
    (sp.sin(x - R(2, 9)) ** 2, 0),                                  # the base of a square at 2/9
    (sp.exp(R(3, 11) - x), 1 + R(3, 11) - x),                       # a tangent line, touching at 3/11
    (sp.expand((x - R(3, 13)) ** 2 * (x ** 2 + 1)), 0),            # a polynomial gap with a double root at 3/13
    (x ** 4 - 6 * x ** 2 + 9, 0),                                   # (x² − 3)² expanded: false at √3
], ids=["cosh_argument", "square_of_sine", "exp_tangent", "quartic_factor", "irrational_root"])
def test_a_strict_claim_false_at_one_point_the_expression_names_is_not_numeric(lhs, rhs):
    assert verdict(lhs, ">", rhs) not in HOLDS


@pytest.mark.parametrize("lhs, relation, rhs", [
    (sp.cosh(5 * x - 2), ">=", 1),
    (sp.sin(x - R(2, 9)) ** 2 + R(1, 10 ** 9), ">", 0),
    (sp.exp(R(3, 11) - x), ">=", 1 + R(3, 11) - x),
    (sp.expand((x - R(3, 13)) ** 2 * (x ** 2 + 1)), ">=", 0),
    (x ** 4 - 6 * x ** 2 + 9 + R(1, 10 ** 9), ">", 0),
], ids=["cosh_argument", "square_of_sine", "exp_tangent", "quartic_factor", "irrational_root"])
def test_near_miss_the_same_claims_made_true_are_not_refuted(lhs, relation, rhs):
    assert verdict(lhs, relation, rhs) in HOLDS


def test_the_tight_points_are_the_exact_zeros_of_the_gap_and_of_inner_expressions():
    lhs, rhs = sp.exp(x - R(1, 7)), 1 + x - R(1, 7)
    assert R(1, 7) in structure.analyse([lhs, rhs], inputs_of(lhs, rhs)).named[x]
    quartic = x ** 4 - 2 * x ** 2 / 49 + R(1, 7 ** 4)
    named = structure.analyse([quartic, sp.S(0)], inputs_of(quartic)).named[x]
    assert R(1, 7) in named and R(-1, 7) in named


# --- just inside the ends of an interval -------------------------------------------------------------------

@pytest.mark.slow
def test_a_claim_false_only_within_a_millionth_of_an_open_end_is_refuted():
    assert verdict(sp.log(p), "<", -R(1, 10 ** 6)) is Verdict.REFUTED
    assert verdict(p, "<", 1 - R(1, 10 ** 25)) is Verdict.REFUTED          # met only at 1 − 10⁻³⁰
    assert verdict(p, ">", R(1, 10 ** 25)) is Verdict.REFUTED              # and at the low end


def test_near_miss_claims_true_up_to_an_open_end_are_not_refuted():
    assert verdict(sp.log(p), "<", 0) in HOLDS
    assert verdict(p, "<", 1) in HOLDS
    assert verdict(p * (1 - p), ">", 0) in HOLDS


def test_a_closed_end_is_still_visited_and_claims_true_up_to_it_hold():
    assert verdict(sp.log(1 + q), "<", sp.log(2) - R(1, 10 ** 7)) is Verdict.REFUTED    # q = 1 is in [0, 1]
    assert verdict(sp.exp(q), "<=", sp.E) in HOLDS
    assert verdict(sp.log(1 + q), "<=", sp.log(2)) in HOLDS


def test_the_end_points_scale_with_the_end():
    # (10⁶, 2·10⁶): the high end is met at a relative 10⁻⁹ of it, an absolute 2·10⁻³
    assert verdict(big, "<", 2 * 10 ** 6 - R(1, 10)) is Verdict.REFUTED
    assert verdict(big, "<", 2 * 10 ** 6) in HOLDS


def test_vector_entries_just_inside_an_open_end():
    assert verdict(Σ(sp.log(wv[i]), i), "<", -n * R(1, 10 ** 6)) is Verdict.REFUTED
    assert verdict(Σ(sp.log(wv[i]), i), "<", 0) in HOLDS


def test_an_excluded_end_is_never_a_structure_value():
    values = structure.analyse([sp.log(p), sp.S(0)], inputs_of(sp.log(p))).values(p)
    assert values and all(0 < v < 1 for v in values)
    assert R(999999999, 10 ** 9) in values
