"""Counterexample search that looks where claims break.

"numeric" means "no counterexample was found", so the search must look where a mathematician would:
at the points the expression itself names (integers at their bounds, complex numbers on the real axis,
sizes at the moduli the claim names, windows a Piecewise opens), in the tails of a stated law, and, after
the sampled points, where a local optimiser pushes the claim's slack below zero.  Every refutation here
goes through the replay (SymPy evalf of the step as written); next to each false claim stands a TRUE
claim one edit away that must not be refuted.
"""
import sympy as sp

from verifier import Σ, calc, complex_number, index, integer, normal, real, size
from verifier.evidence.compare import compare
from verifier.evidence.inputs import inputs_of
from verifier.evidence.replay import outside_domain
from verifier.evidence.sampling import iter_points
from verifier.prove.identities import prove_equal
from verifier.verdicts import Verdict

from tests.engine import only_step

HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)

m = integer("m", 0, 10 ** 5)
z = complex_number("z")
n = size("n")
j = index("j", n)
t = real("t")
x, y = real("x y")
g = real("g", law=normal(0, 1))
WINDOW = sp.Rational(2000001, 1000000)          # 2 < t < 2.000001


def step(lhs, relation, rhs, **opts):
    chain = calc(lhs, title="under test")
    return only_step(getattr(chain, relation)(rhs, "claimed", **opts))


def assert_refuted_and_replayed(s):
    assert s.verdict is Verdict.REFUTED, (s.verdict, s.message, s.numeric and s.numeric.note)
    for p in (50, 100):
        assert f"replayed with SymPy evalf at {p} digits" in s.counterexample.certificate[p]


def assert_not_refuted(s):
    assert s.verdict in HOLDS, (s.verdict, s.message, s.numeric and s.numeric.note)


# --- integers at their bounds and small values ------------------------------------------------------

def test_an_integer_is_visited_at_its_bounds_and_small_values():
    s = step(3 ** m, "ge", m ** 3 + 20)           # false at m ≤ 4 only
    assert_refuted_and_replayed(s)
    assert int(s.counterexample.point["m"]) <= 4


def test_near_miss_integer_claim_true_at_every_integer_is_not_refuted():
    assert_not_refuted(step(3 ** m, "ge", m ** 3))   # 3^m ≥ m³ for every integer m ≥ 0 (equal at m = 3)


def test_near_miss_the_strict_version_fails_exactly_at_the_tie_m_3():
    s = step(3 ** m, "gt", m ** 3)                  # 27 > 27 is false
    assert_refuted_and_replayed(s)
    assert s.counterexample.point["m"] == "3"


# --- complex numbers on the real axis (and the imaginary one) ----------------------------------------

def test_complex_symbols_visit_the_negative_real_axis_where_log_has_its_cut():
    assert_refuted_and_replayed(step(sp.log(sp.conjugate(z)), "eq", sp.conjugate(sp.log(z))))


def test_near_miss_conjugation_commutes_with_exp_everywhere():
    assert_not_refuted(step(sp.exp(sp.conjugate(z)), "eq", sp.conjugate(sp.exp(z))))


def test_arg_reaches_pi_on_the_negative_real_axis_an_exact_tie_decided_exactly():
    s = step(sp.arg(z), "lt", sp.pi)               # arg(−1) = π: the balls alone cannot certify a tie
    assert_refuted_and_replayed(s)
    assert_not_refuted(step(sp.arg(z), "le", sp.pi))


def test_a_real_complex_number_has_zero_imaginary_part():
    assert_refuted_and_replayed(step(sp.Abs(sp.im(z)), "gt", 0))
    assert_not_refuted(step(sp.Abs(sp.im(z)), "ge", 0))


# --- sizes at the moduli the claim names -----------------------------------------------------------

def test_sizes_include_multiples_of_the_modulus_of_a_floor():
    s = step(sp.floor(n / 5), "lt", n / 5)
    assert_refuted_and_replayed(s)
    assert int(s.counterexample.point["n"]) % 5 == 0


def test_near_miss_floor_is_at_most_its_argument_at_every_size_including_the_ties():
    assert_not_refuted(step(sp.floor(n / 5), "le", n / 5))


def test_sizes_include_the_period_of_a_cosine():
    assert_refuted_and_replayed(step(sp.cos(2 * sp.pi * n / 5), "lt", 1))
    assert_not_refuted(step(sp.cos(2 * sp.pi * n / 5), "le", 1))


def test_kronecker_delta_at_its_constant_is_refuted_never_cases():
    s = step(sp.KroneckerDelta(n, 7), "eq", 0)
    assert_refuted_and_replayed(s)
    assert s.counterexample.point["n"] == "7"
    assert_not_refuted(step(sp.KroneckerDelta(n, 0), "eq", 0))       # a size is never 0


def test_an_index_named_by_a_delta_raises_its_size_to_reach_it():
    assert_refuted_and_replayed(step(sp.KroneckerDelta(j, 7), "eq", 0))
    assert_not_refuted(step(sp.KroneckerDelta(j, 0), "eq", 0))       # j runs over 1…n


def test_cases_expands_the_sizes_the_claim_names_too():
    # δ(n, 7) = 0 holds at n = 1…6: "cases" must not stand in for n = 7, where it fails.
    assert prove_equal(sp.KroneckerDelta(n, 7), sp.Integer(0), how=["cases"]).proof is None
    i = index("i", n)
    shown = prove_equal(Σ(sp.KroneckerDelta(i, 7), i), sp.Piecewise((1, n >= 7), (0, True)), how=["cases"]).proof
    assert shown is not None and shown.concrete_only and "7" in shown.scope
    # one edit away (n ≥ 8): true at n = 1…6, false at n = 7
    assert prove_equal(Σ(sp.KroneckerDelta(i, 7), i), sp.Piecewise((1, n >= 8), (0, True)), how=["cases"]).proof is None


# --- windows a Piecewise names ---------------------------------------------------------------------

def window(depth):
    return t ** 2 + sp.Piecewise((depth, (t > 2) & (t < WINDOW)), (0, True))


def test_a_narrow_window_named_by_a_piecewise_is_visited_inside():
    s = step(window(-100), "ge", 0)
    assert_refuted_and_replayed(s)
    value = sp.Rational(s.counterexample.point["t"])
    assert 2 < value < WINDOW


def test_near_miss_a_shallow_window_is_not_refuted():
    assert_not_refuted(step(window(-sp.Rational(1, 10 ** 7)), "ge", 0))


def test_a_window_in_one_variable_breaks_proportionality_in_it():
    lhs = y * sp.Piecewise((2, (x > 1) & (x < sp.Rational(1000001, 1000000))), (1, True))
    # ∝ y with x free: the ratio lhs/y is the Piecewise, which changes with x (wrt x) but never with y
    assert_refuted_and_replayed(step(lhs, "propto", y, wrt=x))
    assert_not_refuted(step(lhs, "propto", y, wrt=y))


# --- law tails and adversarial search ----------------------------------------------------------------

def test_a_stated_law_is_visited_deep_in_its_tails():
    # tanh(g) > 1 − 10⁻⁹ needs g > 10.7: no normal draw gets there, the 10⁻³⁰ quantile (≈ 11.4) does
    assert_refuted_and_replayed(step(sp.tanh(g), "lt", 1 - sp.Rational(1, 10 ** 9)))
    assert_not_refuted(step(sp.tanh(g), "lt", 1))


def test_the_search_finds_a_narrow_dip_no_sampled_point_reaches():
    # (x − 7/10)² + (y + 1/3)² < 10⁻³ only in a disc of radius 0.03: no random point, no named one (written
    # expanded, so that no inner expression x − 7/10 names the centre as a structure point does)
    lhs = sp.expand((x - sp.Rational(7, 10)) ** 2 + (y + sp.Rational(1, 3)) ** 2)
    rhs = sp.Rational(1, 1000)
    found = compare(lhs, rhs, ">=")
    assert found.refuted and any("optimised" in note for note in found.notes)
    assert_refuted_and_replayed(step(lhs, "ge", rhs))
    assert_not_refuted(step(lhs, "ge", 0))


# --- points stay inside their domains; coverage is reported -----------------------------------------

def test_structure_points_stay_inside_every_declared_domain():
    j2 = index("j2", n, start=2)
    k = integer("k", -3, 3)
    for lhs in (sp.KroneckerDelta(j2, 7) + sp.floor(k / 2), sp.KroneckerDelta(j2, 1) * sp.Mod(n, 3),
                sp.log(k + 5) / (k - 1) + sp.Heaviside(x - 5)):
        points = [p for p in iter_points(inputs_of(lhs), 12, 0, exprs=(lhs,)) if p.kind == "structure"]
        assert points
        for p in points:
            assert outside_domain(p) is None, (lhs, p.values)


def test_a_numeric_step_records_which_points_it_visited_and_its_smallest_slack():
    s = step(sp.floor(n / 5), "le", n / 5)
    assert s.numeric.coverage["structure"] > 0 and s.numeric.coverage["random"] > 0
    assert s.numeric.smallest_slack
    assert "no counterexample in" in s.numeric.note and "structure" in s.numeric.note
    assert "smallest slack" in s.numeric.note


def test_the_search_kills_an_engine_miss_of_the_last_mutation_run():
    # softmax_gradient.py: 1 − Σp² ≤ Z·H (Z = Σ_j e^{s_j}) fails only where Z < 1, scores the 12 sampled points at
    # n = 2 never had; the search walks the scores down from the tightest point.  The true step (≤ H) stays.
    from verifier import Σ as sum_, exp, log, vector
    from verifier.evidence import compare as compare_module
    i, k = index("i k", n)
    s = vector("s", n)
    Z = sum_(exp(s[k]), k)
    p = exp(s[i]) / Z
    lhs, H = 1 - sum_(p ** 2, i), -sum_(p * log(p), i)
    found = compare(lhs, Z * H, "<=")
    assert found.refuted and any("optimised" in note for note in found.notes)
    assert not compare(lhs, H, "<=").refuted
    compare_module.ADVERSARIAL_SEARCH = False
    try:
        assert not compare(lhs, Z * H, "<=").refuted      # today's points alone miss it
    finally:
        compare_module.ADVERSARIAL_SEARCH = True
