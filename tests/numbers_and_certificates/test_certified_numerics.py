"""Certified numeric evidence: each claim below can fool uncertified numbers; each must get the right verdict.

Refutations are certificates (a ball of the gap that excludes 0, at two precisions); agreement needs
a ball that contains 0 with a small ABSOLUTE radius; a ball too wide to decide is never either; the
points look for the edges where claims break (n = 1, i = j, all entries equal, tied maxima).
"""

import pytest
import sympy as sp
from hypothesis import given, settings as hyp_settings, strategies as st

from tests.engine import check, only_step
from verifier import Σ, calc, index, integer, interval, log, minimum, positive, real, size, vector
from verifier.evidence.compare import compare
from verifier.evidence.numeric import SamplingError, inputs_of, sample_points
from verifier.verdicts import Verdict

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
x, y, z = real("x y z")
lam = positive("lambda")
Z = Σ(sp.exp(s[i]), i)
HOLDS = (Verdict.PROVED, Verdict.NUMERIC)


def verdict(start, method, rhs, **opts):
    d = getattr(calc(start, title="claim under test"), method)(rhs, "claim", **opts)
    return only_step(d)


def assert_certified(step):
    """A refutation carries a certificate at two precisions, each excluding agreement."""
    assert step.verdict is Verdict.REFUTED
    cert = step.counterexample.certificate
    assert len(cert) == 2, cert
    assert all(("∈" in c and ("≠ 0" in c or "> 0" in c or "≥ 0" in c)) or "exactly" in c or "undefined" in c
               for c in cert.values()), cert


# --- the examples that fooled the old numbers -----------------------------------------------------

def test_an_absolute_error_is_not_hidden_by_a_huge_scale():
    step = verdict(sp.exp(200) + 1, "eq", sp.exp(200))
    assert_certified(step)


def test_two_exact_numbers_that_differ_by_ten_to_the_minus_seventy_are_refuted_exactly():
    step = verdict(1 + sp.Rational(1, 10 ** 70), "eq", sp.Integer(1))
    assert_certified(step)
    assert "exactly" in step.counterexample.certificate[50]


def test_a_tiny_absolute_error_at_sampled_points_is_refuted_at_higher_precision():
    c = compare(x + lam * sp.Rational(1, 10 ** 70), x, "=")
    assert c.refuted and len(c.certificate) == 2


def test_a_strict_inequality_between_equal_sides_is_refuted():
    assert_certified(verdict(x, "lt", x))
    assert_certified(verdict(Z, "gt", Σ(sp.exp(s[j]), j)))
    assert_certified(verdict(x * (1 + y), "lt", x + x * y))


def test_a_true_strict_inequality_still_holds():
    assert verdict(x ** 2 + 1, "gt", x ** 2).verdict in HOLDS
    assert verdict(Z, "gt", sp.Integer(0)).verdict in HOLDS


def test_a_point_where_a_side_is_minus_infinity_counts_against_the_claim():
    step = verdict(log(sp.Abs(n - 17)), "ge", sp.Integer(0))
    assert_certified(step)
    assert step.counterexample.point["n"] == "17"
    assert any("undefined" in c for c in step.counterexample.certificate.values())


def test_sizes_beyond_the_declared_ones_are_sampled():
    assert_certified(verdict(n, "eq", n + (n - 3) * (n - 17) * (n - 256)))


def test_a_ratio_that_depends_on_a_size_is_not_proportional_in_it():
    step = verdict(n ** 3, "propto", n, wrt=n)
    assert step.verdict is Verdict.REFUTED


def test_the_equality_case_of_cauchy_schwarz_is_sampled():
    assert_certified(verdict(Σ(s[i], i) ** 2, "le", (n - 1) * Σ(s[i] ** 2, i)))
    assert verdict(Σ(s[i], i) ** 2, "le", n * Σ(s[i] ** 2, i)).verdict in HOLDS


@pytest.mark.slow
def test_catastrophic_cancellation_in_a_true_identity_is_never_a_refutation():
    # The expansion of (x+y+z)^60 cancels ~55 digits: at 50 digits the gap ball is wide, so the
    # point is retried at higher precision instead of being refuted.
    c = compare((x + y + z) ** 60, sp.expand((x + y + z) ** 60), "=")
    assert not c.refuted and c.agrees


def test_a_decimal_marked_as_one_means_the_decimal():
    from verifier import decimal
    assert verdict(x * decimal(0.1), "eq", x / 10).verdict is Verdict.PROVED
    d = calc(decimal(0.4754) * x, title="decimal").eq(x * sp.Rational(4754, 10000), "the same decimal")
    assert d.start == sp.Rational(2377, 5000) * x and only_step(d).verdict is Verdict.PROVED
    assert verdict(x * 0.5, "eq", x / 2).verdict is Verdict.PROVED        # a float that is exactly what it prints


def test_a_positive_vector_is_sampled_positive():
    p = vector("p", n, positive=True)
    assert verdict(p[i], "gt", sp.Integer(0)).verdict in HOLDS
    assert verdict(Σ(p[i], i), "gt", sp.Integer(0)).verdict in HOLDS


def test_numeric_evaluation_has_a_time_limit():
    c = compare(Σ(sp.exp(s[i]) * sp.log(1 + s[i] ** 2), i), sp.Integer(0), ">=", fixed={n: 10 ** 6}, time_limit=0.5)
    assert c.timed_out and not c.agrees and not c.refuted
    assert c.failures[0] == "numeric evaluation timed out after 0.5 s"


def test_a_step_whose_numbers_time_out_is_not_accepted_and_says_why():
    d = calc(Σ(sp.exp(s[i]) * sp.log(1 + s[i] ** 2), i), title="long").ge(sp.Integer(0), "claim", given={n: 10 ** 6})
    step = only_step(d, numeric_limit=1.0)
    assert step.verdict not in HOLDS and "timed out after" in step.message


# --- given= pins --------------------------------------------------------------------------------

def test_a_pin_on_something_that_is_not_a_declared_symbol_is_a_step_error():
    step = verdict(Z, "ge", sp.Integer(0), given={"n": 3})
    assert step.verdict is Verdict.ERROR and "declared symbol" in step.message


def test_a_non_integer_size_or_index_pin_is_a_step_error():
    assert verdict(Z, "ge", sp.Integer(0), given={n: 2.5}).verdict is Verdict.ERROR
    step = verdict(s[i], "le", sp.Integer(3), given={i: sp.Rational(1, 2)})
    assert step.verdict is Verdict.ERROR and "integer" in step.message


def test_an_integral_pin_is_used_as_given():
    inputs = inputs_of(Z)
    assert all(p.values[n] == 4 for p in sample_points(inputs, 6, seed=0, fixed={n: 4.0}))


# --- sampling that looks for the edges ----------------------------------------------------------

def points_for(expr, count=12, seed=0, **kw):
    return sample_points(inputs_of(expr), count, seed, **kw)


def test_sizes_include_one_two_seeded_small_ones_and_the_large_one():
    sizes = {p.values[n] for p in points_for(Z, 24)}
    assert {1, 2, 256, 3, 17} <= sizes
    assert any(3 < k <= 40 and k != 17 for k in sizes)


def test_only_sizes_replaces_the_edges_and_low_raises_them():
    m = size("m", only=(4, 8))
    assert {p.values[m] for p in points_for(Σ(s[i], i) + m, 12) if m in p.values} == {4, 8}
    k = size("k", low=2)
    assert min(p.values[k] for p in points_for(k, 24)) == 2


def test_indices_take_first_last_and_the_tie_between_two_indices():
    pts = points_for(s[i] - s[j], 20)
    assert any(p.values[i] == 1 for p in pts) and any(p.values[i] == p.values[n] > 1 for p in pts)
    assert any(p.values[i] == p.values[j] and p.values[n] > 1 for p in pts)


def entries(p):
    return p.values[s][1:]


def test_vectors_include_equal_entries_tied_maxima_sorted_and_bounds():
    pts = [p for p in points_for(Z, 24) if p.values[n] >= 3]
    assert any(len(set(entries(p))) == 1 for p in pts)                               # all equal
    assert any(sorted(entries(p)).count(max(entries(p))) >= 2 and len(set(entries(p))) > 1 for p in pts)
    assert any(entries(p) in (sorted(entries(p)), sorted(entries(p), reverse=True)) and len(set(entries(p))) > 2
               for p in pts)
    assert any(set(entries(p)) <= {-3.0, 3.0} for p in pts)                            # domain bounds
    assert all(-3 <= v <= 3 for p in pts for v in entries(p))


def test_declared_domains_are_honoured():
    k = integer("k", -4, 4)
    w = interval("w", 2, 3, integer=True)
    for p in points_for(k + w + lam, 20):
        assert isinstance(p.values[k], int) and -4 <= p.values[k] <= 4
        assert p.values[w] in (2, 3)
        assert 0.05 <= p.values[lam] <= 20


def test_a_twin_takes_a_different_value_sizes_included():
    from verifier.authoring.symbols import declared_like
    n2 = declared_like(n, "n'")
    lam2 = declared_like(lam, "lambda'")
    for p in points_for(n + n2 + lam + lam2, 12):
        assert p.values[n] != p.values[n2] and p.values[lam] != p.values[lam2]
    m = size("m")
    other = size("other")
    assert all(p.values[m] != p.values[other] for p in points_for(m + other, 12, distinct=[(m, other)]))


def test_the_same_seed_gives_the_same_edge_points():
    a = [p.values for p in points_for(Z + lam, 12, seed=5)]
    assert a == [p.values for p in points_for(Z + lam, 12, seed=5)]
    assert a != [p.values for p in points_for(Z + lam, 12, seed=6)]


# --- properties: true identities are never refuted, perturbed ones never accepted -----------------

t = real("t", -1, 1)
TRUE_IDENTITIES = [
    (Σ(sp.exp(lam * s[i]) / Σ(sp.exp(lam * s[j]), j), i), sp.Integer(1)),
    (Σ(s[i] + t, i), Σ(s[i], i) + n * t),
    (log(Σ(sp.exp(s[i] + t), i)), log(Z) + t),
    (Σ((s[i] - t) ** 2, i), Σ(s[i] ** 2, i) - 2 * t * Σ(s[i], i) + n * t ** 2),
    (Σ(sp.exp(s[i]) * sp.exp(t), i), sp.exp(t) * Z),
]


def perturb(rhs, how: int, eps_exp: int):
    if how == 0:
        return rhs + sp.Rational(1, 10 ** eps_exp)
    if how == 1:
        return -rhs
    if how == 2:
        return rhs.xreplace({s[i]: s[i + 1]}) if rhs.has(s[i]) else rhs + 1
    return rhs / (n if rhs.has(n) else 2)


@hyp_settings(max_examples=12, deadline=None)
@given(st.sampled_from(range(len(TRUE_IDENTITIES))), st.integers(0, 10 ** 6))
def test_a_true_identity_is_never_refuted(k, seed):
    lhs, rhs = TRUE_IDENTITIES[k]
    c = compare(lhs, rhs, "=", seed=seed, points=8)
    assert not c.refuted and c.agrees


@hyp_settings(max_examples=16, deadline=None)
@given(st.sampled_from(range(len(TRUE_IDENTITIES))), st.integers(0, 3), st.integers(1, 40), st.integers(0, 10 ** 6))
def test_a_perturbed_identity_is_never_accepted(k, how, eps_exp, seed):
    lhs, rhs = TRUE_IDENTITIES[k]
    wrong = perturb(rhs, how, eps_exp)
    c = compare(lhs, wrong, "=", seed=seed, points=8)
    assert not c.agrees


# --- the ball compiler computes the same values as mpmath, function by function ------------------

def test_ball_values_match_mpmath_for_every_supported_function():
    import mpmath
    from verifier.evidence.compare import _Evaluator
    u = real("u", -2, 2)
    v = positive("v", 0.5, 3)
    cases = {
        sp.erfc(u): lambda a: mpmath.erfc(a[u]), sp.besseli(1, v): lambda a: mpmath.besseli(1, a[v]),
        sp.besselk(1, v): lambda a: mpmath.besselk(1, a[v]), sp.LambertW(v): lambda a: mpmath.lambertw(a[v]),
        sp.zeta(v + 1): lambda a: mpmath.zeta(a[v] + 1), sp.polygamma(1, v): lambda a: mpmath.polygamma(1, a[v]),
        sp.uppergamma(v, 2): lambda a: mpmath.gammainc(a[v], 2), sp.lowergamma(v, 1): lambda a: mpmath.gammainc(a[v], 0, 1),
        sp.factorial(v): lambda a: mpmath.gamma(a[v] + 1), v ** u: lambda a: mpmath.power(a[v], a[u]),
        sp.Piecewise((u, u > 0), (-u, True)): lambda a: abs(a[u]), sp.Max(u, v): lambda a: max(a[u], a[v]),
        sp.Product(1 + s[i] ** 2, (i, 1, n)): lambda a: mpmath.fprod([1 + mpmath.mpf(e) ** 2 for e in a[s][1:]]),
        minimum(u * s[i], i): lambda a: min(a[u] * mpmath.mpf(e) for e in a[s][1:]),
        sp.log(u + sp.Rational(1, 3)): lambda a: mpmath.log(a[u] + mpmath.mpf(1) / 3),   # complex where u < −1/3
        sp.Integral(sp.exp(-u ** 2), (u, 0, v)): lambda a: mpmath.quad(lambda t: mpmath.exp(-t ** 2), [0, a[v]]),
        sp.Integral(sp.log(2 + u), (u, 0, v)): lambda a: mpmath.quad(lambda t: mpmath.log(2 + t), [0, a[v]]),
    }
    for expr, reference in cases.items():
        inputs = inputs_of(expr)
        ev = _Evaluator(expr, sp.Integer(0), inputs)
        for point in sample_points(inputs, 4, seed=1):
            with mpmath.workdps(60):
                ball, mode = ev.run(ev.gap.__call__, point, 50)
                got = (mpmath.mpc(mpmath.mpf(ball.real.mid()), mpmath.mpf(ball.imag.mid())) if mode == "complex"
                       else mpmath.mpf(ball.mid()))
                args = {k: mpmath.mpf(x) if isinstance(x, float) else x for k, x in point.values.items()}
                want = reference(args)
                assert abs(got - want) <= mpmath.mpf(10) ** -40 * (1 + abs(want)), (expr, point.describe())
        # A meromorphic integrand is integrated rigorously by FLINT; a logarithm's branch cut sends it to mpmath.
        assert ev.uncertified == ({"Integral"} if expr.has(sp.log) and expr.has(sp.Integral) else set()), expr


def test_an_integral_of_a_meromorphic_function_is_certified_by_flint():
    u = positive("u", 0.5, 2)
    c = compare(sp.Integral(sp.exp(x) / (2 + sp.exp(x)), (x, 0, u)), sp.Integer(5), "=")
    assert c.refuted and not c.uncertified and "+/-" in c.certificate[50]


def test_a_disagreement_found_only_by_mpmath_is_never_a_refutation():
    # An integrand with a branch cut is integrated by mpmath quadrature, which certifies nothing.
    u = positive("u", 0.5, 2)
    c = compare(sp.Integral(sp.log(2 + x), (x, 0, u)), sp.Integer(5), "=")
    assert not c.refuted and not c.agrees and c.uncertified == ["Integral"]


def test_a_side_that_divides_by_an_exact_zero_at_n_equal_1_counts_against_the_claim():
    # (1 − p_k)·Z/(Z − e^{s_k}) = 1 holds wherever its left side is defined; at n = 1 it is 0/0 while the right
    # side is 1: rounding blurs the exact 0, exact arithmetic at n = 1 does not.
    k = index("k", n)
    p_k = sp.exp(s[k]) / Z
    step = verdict((1 - p_k) * Z / (Z - sp.exp(s[k])), "eq", sp.Integer(1))
    assert_certified(step)
    assert step.counterexample.point["n"] == "1" and "undefined" in step.counterexample.certificate[50]


def test_a_point_where_both_sides_divide_by_an_exact_zero_is_no_evidence():
    # p_k/(1 − p_k) = e^{s_k}/(Z − e^{s_k}): at n = 1 NEITHER side has a value, which says nothing either way;
    # everywhere else the two agree.
    k = index("k", n)
    p_k = sp.exp(s[k]) / Z
    assert verdict(p_k / (1 - p_k), "eq", sp.exp(s[k]) / (Z - sp.exp(s[k]))).verdict is not Verdict.REFUTED


def test_declaring_a_minimum_size_excludes_the_undefined_case():
    m = size("m", low=2)
    k = index("k", m)
    v = vector("v", m)
    Zm = Σ(sp.exp(v[k]), k)
    q = sp.exp(v[k]) / Zm
    assert verdict(q / (1 - q), "eq", sp.exp(v[k]) / (Zm - sp.exp(v[k]))).verdict in HOLDS


def test_structured_vectors_stay_inside_a_positive_domain_even_under_a_law():
    from verifier import exponential
    w = vector("w", n, positive=True, law=exponential(1))
    p = vector("p", n, positive=True)
    for point in points_for(Σ(w[i] + p[i], i), 24):
        assert all(v > 0 for v in point.values[w][1:]) and all(0.05 <= v <= 3 for v in point.values[p][1:])


@pytest.mark.slow
@hyp_settings(max_examples=6, deadline=None)
@given(st.sampled_from(range(len(TRUE_IDENTITIES))), st.integers(0, 3), st.integers(1, 40))
def test_through_the_checker_a_true_identity_holds_and_its_perturbation_is_never_accepted(k, how, eps_exp):
    lhs, rhs = TRUE_IDENTITIES[k]
    true_step = only_step(calc(lhs, title="true").eq(rhs, "identity"))
    wrong_step = only_step(calc(lhs, title="perturbed").eq(perturb(rhs, how, eps_exp), "one edit away"))
    assert true_step.verdict is not Verdict.REFUTED
    assert wrong_step.verdict not in HOLDS


@pytest.mark.slow
def test_an_integral_over_an_infinite_range_is_not_undefined():
    # Its tail is proved here, so it is certified (tests/integrals_and_expectations/test_certified_infinite_integrals.py). One whose
    # tail cannot be proved goes to mpmath, is flagged uncertified, and its agreement is no evidence
    # (a quadrature without an error bound agrees with anything its nodes miss): inconclusive, never refuted.
    u, c = positive("u"), positive("c", 0.1, 10)
    cmp = compare(sp.Integral(sp.exp(-c * u), (u, 0, sp.oo)), 1 / c, "=")
    assert cmp.agrees and cmp.uncertified == []
    slow = compare(sp.Integral(1 / (1 + u ** 2), (u, 0, sp.oo)), sp.pi / 2, "=")
    assert slow.uncertified == ["Integral"]
    assert not slow.agrees and not slow.refuted and slow.inconclusive > 0


def test_scalars_take_the_special_values_of_their_domain():
    # e^t ≥ t + 1 + 10⁻⁶ fails only for |t| < 1.4·10⁻³: random draws never get there, t = 0 does.
    assert_certified(verdict(sp.exp(x), "ge", x + 1 + sp.Rational(1, 10 ** 6)))
    values = [p.values[x] for p in points_for(x, 24)]
    assert {0.0, 1.0, -3.0, 3.0} <= set(values)


def test_special_values_respect_the_declared_assumptions():
    c = interval("c", -3, 3, nonzero=True)
    q = interval("q", 0, 2, positive=True)
    for p in points_for(c + q, 24):
        assert p.values[c] != 0 and p.values[q] > 0


def test_vectors_over_differently_declared_sizes_are_different_symbols():
    # Two files may both say s = vector("s", n) over their own n; SymPy's cache must not merge them.
    n_a, n_b = size("n"), size("n", low=2)
    s_a, s_b = vector("s", n_a), vector("s", n_b)
    assert s_a != s_b and s_a.label != s_b.label
    assert [str(x) for x in inputs_of(Σ(s_b[index("i", n_b)], index("i", n_b))).sizes] == ["n"]
    from verifier.evidence.numeric import domain_or_fallback
    assert domain_or_fallback(s_b).size == n_b and domain_or_fallback(s_a).size == n_a
