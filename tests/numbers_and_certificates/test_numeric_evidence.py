"""Numeric evidence: seeded, drawn from declared domains, compiled, and confirmed at two precisions."""
import mpmath
import sympy as sp
from hypothesis import given, settings, strategies as st

from verifier import Σ, index, positive, real, size, vector
from verifier.evidence.numeric import compare, compile_expr, inputs_of, sample_points

n = size("n")
i, j = index("i j", n)
s = vector("s", n, low=-2, high=2)
lam = positive("lambda", low=0.5, high=4)
t = real("t", low=-1, high=1)


def test_the_same_seed_gives_the_same_points_and_a_different_seed_different_ones():
    inputs = inputs_of(Σ(sp.exp(lam * s[i]), i) + t)
    a = [p.values for p in sample_points(inputs, 8, seed=7)]
    b = [p.values for p in sample_points(inputs, 8, seed=7)]
    c = [p.values for p in sample_points(inputs, 8, seed=8)]
    assert a == b and a != c


def test_points_respect_declared_domains_and_sizes():
    inputs = inputs_of(Σ(sp.exp(lam * s[i]), i) + t)
    for p in sample_points(inputs, 9, seed=1):
        length = p.values[n]
        assert length in (1, 2, 3, 17, 256) or 3 <= length <= 40     # edges, seeded small sizes, declared sizes
        assert len(p.values[s]) == length + 1 and p.values[s][0] is None   # 1-based: index 0 unused
        assert all(-2 <= v <= 2 for v in p.values[s][1:])
        assert 0.5 <= p.values[lam] <= 4 and -1 <= p.values[t] <= 1


def test_free_indices_are_drawn_inside_their_range():
    inputs = inputs_of(s[j])
    for p in sample_points(inputs, 20, seed=3):
        assert 1 <= p.values[j] <= p.values[n]


def test_compiled_sums_match_direct_evaluation():
    expr = sp.log(Σ(sp.exp(lam * s[i]), i)) - lam * Σ(s[i] * sp.exp(lam * s[i]) / Σ(sp.exp(lam * s[j]), j), i)
    inputs = inputs_of(expr)
    p = sample_points(inputs, 1, seed=0)[0]
    fn = compile_expr(expr, inputs)
    with mpmath.workdps(50):
        got = fn(*p.args(inputs))
        v = [mpmath.mpf(x) for x in p.values[s][1:]]
        L = mpmath.mpf(p.values[lam])
        zs = [mpmath.exp(L * x) for x in v]
        want = mpmath.log(sum(zs)) - L * sum(x * z for x, z in zip(v, zs)) / sum(zs)
        assert abs(got - want) < mpmath.mpf(10) ** -45


def test_a_disagreement_that_vanishes_at_higher_precision_is_not_a_refutation():
    # 1e-40 is below the 50-digit tolerance's reach only through rounding; the sides are equal.
    c = compare(t + sp.Rational(1, 3), t + sp.Float("0.33333333333333333333333333333333333333333333333333333333333333", 60), "=")
    assert not c.refuted


def test_a_genuine_disagreement_is_refuted_at_both_precisions():
    c = compare(t ** 2, t ** 2 + sp.Rational(1, 10 ** 6), "=")
    assert c.refuted
    point, lhs, rhs = c.counterexample
    assert set(lhs) == {50, 100}


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=10 ** 6), st.integers(min_value=-5, max_value=5).filter(bool))
def test_any_nonzero_offset_is_caught_whatever_the_seed(seed, k):
    # Property: a claim off by a constant is refuted for every seed.
    c = compare(sp.exp(t) + lam, sp.exp(t) + lam + sp.Rational(k, 1000), "=", seed=seed)
    assert c.refuted


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10 ** 6))
def test_a_true_identity_is_never_refuted_whatever_the_seed(seed):
    c = compare(sp.log(sp.exp(lam * t) * lam), lam * t + sp.log(lam), "=", seed=seed)
    assert c.agrees and not c.refuted


def test_an_inequality_violation_is_refuted_and_its_slack_is_not():
    assert compare(t ** 2, t ** 2 + 1, "<=").agrees
    assert compare(t ** 2 + 1, t ** 2, "<=").refuted


def test_same_named_symbols_with_different_domains_are_distinct_and_orderable():
    a, b = real("q", low=0, high=1), real("q", low=-1, high=0)
    assert a != b
    assert sorted([a, b], key=sp.default_sort_key) and sp.Add(a, b).args   # SymPy can order them
    assert a.compare(b) in (-1, 1)


def test_sizes_divide_at_full_precision_not_as_python_floats():
    # 1/n as a float would differ from (n+1)/n − 1 by ~1e-17, far beyond the 100-digit tolerance.
    c = compare(1 / n, (n + 1) / n - 1, "=")
    assert c.agrees and float(c.worst) < 1e-90


def test_pinned_exact_values_stay_exact_at_each_precision():
    c = compare(sp.sin(t), sp.Integer(0), "=", fixed={t: sp.pi})
    assert c.agrees and float(c.worst) < 1e-90


def test_an_inner_sum_reusing_the_outer_index_name_is_still_computed_once():
    from verifier.evidence.inputs import _hoist
    inner = Σ(sp.exp(s[i]), i)
    main, defs = _hoist(Σ(sp.exp(s[i]) / inner, i))
    assert len(defs) == 1 and defs[0][1] == inner


def test_agreement_needs_every_point_decided_and_an_undecided_one_never_refutes(monkeypatch):
    import verifier.evidence.compare as certified
    real_decide = certified._decide

    def flaky(ev, point, relation, dps, **kw):      # points with t < 0 stay too wide to decide: about half of them
        if point.values[t] < 0:
            return "wide", "the gap ball stays too wide"
        return real_decide(ev, point, relation, dps, **kw)

    monkeypatch.setattr(certified, "_decide", flaky)
    c = compare(sp.cosh(t) ** 2 - sp.sinh(t) ** 2, sp.Integer(1), "=")
    assert 0 < c.evaluated < 12 and c.inconclusive > 0 and not c.agrees and not c.refuted
