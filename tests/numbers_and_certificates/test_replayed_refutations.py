"""Every refutation is replayed before it is reported.

The balls evaluate a canonicalised, compiled form of a step; a bug anywhere in that chain becomes a
"certified" counterexample to a true claim, or agreement with a false one.  So a refutation stands only
when SymPy's evalf, replaying the step AS WRITTEN at a point inside every declared domain, substituted
exactly, finds the same failure; where the two evaluators disagree the step is unknown and says so
loudly ("engine error"), and one agreeing point per step is replayed too.  A point where neither side
has a value is no evidence either way; a point where exactly one side has none refutes.

Each test names the property it guards; near misses (true claims one edit away from a refuted one,
false claims one edit away from an accepted one) sit beside each other.
"""
import pytest
import sympy as sp

from verifier import Σ, calc, index, integer, interval, normal, positive, real, size, vector
from verifier.evidence import compare as compare_module
from verifier.evidence.inputs import Point
from verifier.evidence.replay import outside_domain, replay, substitute
from verifier.verdicts import Verdict

from tests.engine import only_step

HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
REPLAYED = "replayed with SymPy evalf at 50 and 100 digits"

n = size("n")
i, j = index("i j", n)
j2 = index("j2", n, start=2)
s = vector("s", n)
x = real("x")
xp = positive("xp")
t = interval("t", -4, -1.5)
u = interval("u", -0.36, -0.01)


def eq(lhs, rhs):
    return only_step(calc(lhs, title="under test").eq(rhs, "claimed"))


def le(lhs, rhs):
    return only_step(calc(lhs, title="under test").le(rhs, "claimed"))


def assert_refuted_and_replayed(step):
    """Refuted, with the replay recorded in the certificate at both precisions and in the counterexample."""
    assert step.verdict is Verdict.REFUTED, step.message
    for p in (50, 100):
        assert f"replayed with SymPy evalf at {p} digits" in step.counterexample.certificate[p]
    assert REPLAYED in step.counterexample.note


# --- 1. a refutation is replayed, and the replay is shown ---------------------------------------------

def test_a_refutation_carries_the_replay_in_its_certificate_and_in_the_evidence():
    step = eq(sp.gamma(x) * sp.gamma(1 - x), sp.pi / sp.sin(sp.pi * x) + 1)
    assert_refuted_and_replayed(step)
    assert "replayed with SymPy evalf at 50 digits: lhs − rhs = -1.0000000000000000000" in \
        step.counterexample.certificate[50]
    assert "lhs − rhs = -1.0000000000000000000 (at 50)" in step.counterexample.note
    assert REPLAYED in step.numeric.note


def test_an_agreeing_step_records_the_cross_check_of_one_agreeing_point():
    step = eq(sp.sin(x) ** 2 + sp.cos(x) ** 2, 1)
    assert step.verdict in HOLDS
    # an agreeing point is replayed by the step's lambdify to mpmath (evalf only where that cannot confirm it)
    assert "cross-checked at" in step.numeric.note
    assert "replayed with SymPy's lambdify to mpmath at 50 and 100 digits" in step.numeric.note


@pytest.mark.slow
def test_lambert_w_minus_one_branch_is_not_refuted_and_its_near_misses_are():
    # A ball compiler that dropped LambertW's branch would evaluate W0 and "refute" a true claim.
    assert eq(sp.LambertW(t * sp.exp(t), -1), t).verdict in HOLDS
    assert le(sp.LambertW(u, -1), -1).verdict in HOLDS
    # one edit away: the principal branch, and a bound one too tight
    assert_refuted_and_replayed(eq(sp.LambertW(t * sp.exp(t)), t))
    assert_refuted_and_replayed(le(sp.LambertW(u, -1), -2))
    assert eq(sp.LambertW(u, -1), sp.LambertW(u)).verdict not in HOLDS


# --- 1b. the replay disagreeing with the balls is an engine error, never a verdict ----------------------

@pytest.fixture
def principal_branch_only(monkeypatch):
    """A fault injected into the balls' path only: the gap is compiled with every LambertW on branch 0
    (a compiler that loses the branch); the replay, which reads the step as written, is untouched."""
    original = compare_module.canonical

    def faulty(e, depth=0):
        return original(e, depth).replace(sp.LambertW, lambda z, *k: sp.LambertW(z))

    monkeypatch.setattr(compare_module, "canonical", faulty)


def test_a_refutation_the_replay_contradicts_is_an_engine_error_and_unknown(principal_branch_only):
    step = eq(sp.LambertW(t * sp.exp(t), -1), t)
    assert step.verdict is Verdict.UNKNOWN
    assert "engine error" in step.message and "balls say" in step.message and "SymPy evalf says" in step.message
    assert step.numeric.note.startswith("ENGINE ERROR")
    assert step.counterexample is None


@pytest.mark.slow
def test_agreement_that_the_replay_contradicts_is_an_engine_error_never_numeric(principal_branch_only):
    # Both sides wrong the same way in the balls (W−1 read as W0 on both): they agree at every sampled point
    # (sin² + cos² keeps the gap from cancelling exactly, so the points are sampled); the cross-check of
    # one agreeing point catches it.
    one = sp.sin(u) ** 2 + sp.cos(u) ** 2
    step = eq(sp.LambertW(u, -1) + one, sp.LambertW(u) + 1)
    assert step.verdict is Verdict.UNKNOWN
    assert "engine error" in step.message and "the balls say the relation holds" in step.message
    assert "SymPy evalf says the relation fails" in step.message


def test_an_exact_decision_on_canonical_forms_is_replayed_too(principal_branch_only):
    # Here the faulty canonical forms cancel exactly, with no sampling at all: the replay still catches it.
    step = eq(sp.LambertW(u, -1), sp.LambertW(u))
    assert step.verdict is Verdict.UNKNOWN
    assert "engine error: exact arithmetic on the canonical forms says the relation holds" in step.message


def test_the_fault_does_not_hide_a_true_claim_of_another_kind(principal_branch_only):
    # Near miss of the two above: without LambertW the fault changes nothing and the claim still holds.
    assert eq(sp.exp(x) * sp.exp(-x), 1).verdict in HOLDS


# --- 2. undefined points, with SymPy's conventions ------------------------------------------------------

def test_a_point_where_both_sides_are_undefined_is_no_evidence():
    # At x = 0 (and at the poles −3, 1, 3 the sampler visits) neither side has a value.
    assert eq(sp.gamma(x + 1) / x, sp.gamma(x)).verdict in HOLDS
    assert eq(sp.gamma(x) * sp.gamma(1 - x), sp.pi / sp.sin(sp.pi * x)).verdict in HOLDS


def test_their_near_misses_are_refuted():
    assert_refuted_and_replayed(eq(sp.gamma(x + 1) / x, sp.gamma(x) + 1 / x))
    assert_refuted_and_replayed(eq(sp.gamma(x) * sp.gamma(1 - x), sp.pi / sp.sin(sp.pi * x) + 1))


def test_a_point_where_exactly_one_side_is_undefined_refutes():
    # an inequality gets no scope (an identity is proved only with x ≠ 0 stated as outside its scope)
    step = le((x ** 2 - x) / x, x - 1)                   # 0/0 at x = 0, while x − 1 = −1
    assert_refuted_and_replayed(step)
    assert step.counterexample.point["x"] == "0"
    assert "lhs has no value" in step.counterexample.certificate[50] and "lhs has no value" in step.counterexample.note


def test_unless_the_declared_domain_excludes_it():
    assert eq((xp ** 2 - xp) / xp, xp - 1).verdict in HOLDS


def test_zero_to_the_zero_is_one_as_sympy_reads_it():
    # The binomial theorem at y = 0 (y⁰ = 1), and a near miss one coefficient away.
    y = real("y")
    m = index("m", 4, start=0)
    assert eq((1 + y) ** 4, sp.Sum(sp.binomial(4, m) * y ** m, (m, 0, 4))).verdict in HOLDS
    assert_refuted_and_replayed(eq((1 + y) ** 4, sp.Sum(sp.binomial(4, m) * y ** m, (m, 0, 4)) + y ** 0 - 1 + y))


# --- 3. a point outside a declared domain refutes nothing ---------------------------------------------

def test_a_point_outside_an_index_range_refutes_nothing():
    # j over 2…n: at n = 1 its range is empty, so (n = 1, j = 2) is no point of the claim j ≤ n.
    assert le(j2, n).verdict in HOLDS
    assert_refuted_and_replayed(le(j2, n - 1))           # near miss: false at j = n


@pytest.fixture
def sampler_strays(monkeypatch):
    """A fault injected into the sampler: the first point puts j2 at 2 while n = 1 (j2's range is empty)."""
    original = compare_module.iter_points

    def stray(inputs, *args, **kwargs):
        points = original(inputs, *args, **kwargs)
        if j2 in inputs.indices and n in inputs.sizes:
            values = {sym: 1 if sym == n else 2 for sym in inputs.sizes + inputs.indices}
            yield Point(values)
        yield from points

    monkeypatch.setattr(compare_module, "iter_points", stray)


def test_a_stray_point_outside_the_declared_domain_is_skipped_not_a_counterexample(sampler_strays):
    step = le(j2, n)
    assert step.verdict in HOLDS
    assert "skipped as no evidence" in step.numeric.note
    assert_refuted_and_replayed(le(j2, n - 1))           # near miss: still refuted at a point inside


def test_outside_domain_names_each_kind_of_violation():
    k = integer("k", 1, 5)
    z = real("z", law=normal(0, 1))
    assert outside_domain(Point({n: 1, j2: 2})) == "the index j2 = 2 lies outside its range 2…n = 1"
    assert outside_domain(Point({n: 3, j2: 3})) is None
    assert "below its declared bound" in outside_domain(Point({t: -4.5}))
    assert outside_domain(Point({t: -1.5})) is None and outside_domain(Point({t: -4.0})) is None
    assert "not an integer" in outside_domain(Point({k: 2.5}))
    assert "above its declared bound" in outside_domain(Point({k: 6}))
    assert "not positive" in outside_domain(Point({xp: -1.0}))
    assert outside_domain(Point({z: -7.0})) is None
    assert "fewer than" in outside_domain(Point({n: 3, s: [None, 1.0, 2.0]}))
    assert "below its least value" in outside_domain(Point({size("m", low=2): 1}))


def test_a_declared_decimal_bound_admits_the_float_the_sampler_uses():
    w = interval("w", 0.3, 0.7)
    assert outside_domain(Point({w: 0.3})) is None and outside_domain(Point({w: 0.30000000000000004})) is None
    assert outside_domain(Point({w: 0.29})) is not None


# --- 4. the canonicaliser renames a bound index wherever it is bound, and nowhere else ------------------

def test_a_free_index_beside_a_bound_one_is_not_captured():
    inner = Σ(sp.Sum(1, (j, 1, i)), i)                  # SymPy merges this into one Sum naming i in a limit
    assert eq(inner + s[i], n * (n + 1) / 2 + s[i]).verdict in HOLDS
    assert_refuted_and_replayed(eq(inner + s[i], n * i + s[i]))


def test_canonical_keeps_the_free_index_free_and_binds_the_bound_one():
    e = Σ(sp.Sum(1, (j, 1, i)), i) + s[i]
    c = compare_module.canonical(e)
    assert i in c.free_symbols and j not in c.free_symbols
    [sum_node] = c.atoms(sp.Sum)
    inner_limit = sum_node.limits[0][2]
    assert inner_limit == sum_node.limits[1][0]          # the inner range ends at the outer bound index


def test_a_shadowed_index_stays_bound_to_its_own_sum():
    assert eq(Σ(s[i] + Σ(s[i], i), i), (1 + n) * Σ(s[i], i)).verdict in HOLDS
    assert_refuted_and_replayed(eq(Σ(s[i] + Σ(s[i], i), i), n * Σ(s[i], i)))


# --- 5. the replay itself ----------------------------------------------------------------------------

def test_substitution_is_exact_and_respects_bound_indices():
    # 0.1 is the rational of its binary value, not 1/10; the bound i is not the free i.
    value = substitute(x, Point({x: 0.1}))
    assert value == sp.Rational(3602879701896397, 36028797018963968)
    e = Σ(s[i], i) + s[i]
    assert substitute(e, Point({n: 2, i: 1, s: [None, 0.5, 0.25]})) == sp.Rational(5, 4)


def test_replay_statuses():
    p0 = Point({x: 0.0})
    assert replay(sp.gamma(x + 1) / x, sp.gamma(x), "=", p0).status == "both undefined"
    assert replay(sp.log(x), 0, "<=", p0).status == "undefined"
    assert replay(sp.exp(x), 1 + x, ">", p0).status == "fails"            # a tie breaks a strict relation
    assert replay(sp.exp(x), 1 + x, ">=", p0).status == "holds"
    tiny = Point({x: 1e-30})
    assert replay(sp.exp(x), 1 + x, ">=", tiny).status == "holds"         # the gap is 5·10⁻⁶¹, found
    assert replay(sp.exp(x), 1 + x + sp.Rational(1, 10 ** 59), ">=", tiny).status == "fails"
    assert replay(sp.cos(sp.pi / 5), (1 + sp.sqrt(5)) / 4, "=", Point({})).status == "holds"


def test_an_empty_max_and_an_index_outside_its_vector_have_no_value():
    from verifier.authoring.reductions import IndexedMax
    k = index("k", n, start=2)
    empty_max = IndexedMax(s[k], (k, 2, n))
    at_one = Point({n: 1, s: [None, 0.5]})
    assert replay(empty_max, 0, "<=", at_one).status == "undefined"
    assert replay(s[n + 1], 0, "=", Point({n: 1, s: [None, 0.5]})).status == "undefined"


# ---- a point whose values are binary fractions in exponents ----------------------------------------------------

def test_a_power_of_binary_fractions_is_replayed_and_its_false_twin_confirmed():
    # (p^(2i) q^(4i))^j = (p q²)^(2ij) for p, q > 0, at i = 2.0665…, j = 1.5477…, q = 0.2358… (each the rational of
    # its binary value): SymPy's constructors look for exact roots there for minutes, so the sides are put in
    # unevaluated and read by evalf.  The identity holds at the point, and its twin with a factor 2 fails.
    from verifier.evidence.inputs import Point
    from verifier.evidence.replay import replay
    p, q = sp.symbols("p_bf q_bf", positive=True)
    i, j = sp.symbols("i_bf j_bf", real=True)
    point = Point({p: 1, q: 0.23587772007243521, i: 2.0665311091502883, j: 1.5477264176418153})
    lhs = (p ** (2 * i) * q ** (4 * i)) ** j
    held = replay(lhs, (p * q ** 2) ** (2 * i * j), "=", point, seconds=2.0)
    assert held.status == "holds", held.detail
    failed = replay(lhs, 2 * (p * q ** 2) ** (2 * i * j), "=", point, seconds=2.0)
    assert failed.status == "fails" and failed.clear, failed.detail
