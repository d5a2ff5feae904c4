"""A limit at ±∞ is accepted only where the numbers had a real chance to disagree.

SymPy gives 0 for lim 1/(1 + n² sin² n), which has no limit: at the numerators of the convergents of π (22,
333, 355, 103993, …) n sin n stays bounded and the sequence is near 1/2, while at every n = 10ᵏ it is below
10⁻¹⁷.  So a trend towards ±∞ also visits the points the claim's own structure names (trends.probe_points):
near-resonances of its periodic factors, blocks of consecutive sizes for an arithmetic expression (every residue
of a small modulus), and seeded points between the last three, all from the seed and the claim.  The largest
|lhs − rhs| beyond each of the last points (trends.envelope) must fall.  Near misses both ways: true limits with
periodic factors stay proved, and a spike that falls like 1/n is a limit.
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, calc, oo, positive, size
from verifier.evidence import trends
from verifier.settings import Settings
from verifier.verdicts import Verdict

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
n = size("n_dodge")
x = positive("x_dodge")
SLOW = sp.LambertW(n) / sp.log(n)       # SymPy takes no limit of it: the numbers alone decide


def limit(lhs, var=n, rhs=0):
    return only_step(calc(lhs, title="probe").approx(rhs, "claimed", meaning=Limit(var, oo)), quick=True)


@pytest.mark.parametrize("lhs", [
    1 / (1 + n ** 2 * sp.sin(n) ** 2),
    1 / (1 + n ** 2 * sp.cos(n) ** 2),
    1 / (1 + x ** 2 * sp.sin(x) ** 2),
    1 / (1 + n ** 2 * sp.sin(3 * n) ** 2),
], ids=["n sin n", "n cos n", "x sin x (real x)", "n sin 3n"])
def test_sympys_zero_for_a_sequence_that_returns_near_its_start_at_resonances_is_not_proved(lhs):
    s = limit(lhs, x if lhs.has(x) else n)
    assert s.verdict not in PASSING, (s.verdict, s.message)
    assert s.verdict is not Verdict.ERROR, s.message


def test_a_sequence_unbounded_near_multiples_of_pi_is_not_numeric():
    """cot(n)/n is about (a + 2)/π at the convergents of π (a the next partial quotient): no limit."""
    s = limit(1 / (n * sp.tan(n)))
    assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.parametrize("lhs", [
    1 / (1 + n ** 2),
    sp.sin(n) / n,
    sp.cos(n) / sp.log(n),
    1 / (n * (1 + n ** 2 * sp.sin(n) ** 2)),
    1 / (n * (1 + sp.sin(n) ** 2)),
    sp.sin(x) / x,
], ids=["1/(1+n^2)", "sin(n)/n", "cos(n)/log(n)", "spikes falling like 1/n", "1/(n(1+sin^2 n))", "sin(x)/x"])
def test_true_limits_with_or_without_periodic_factors_stay_proved(lhs):
    s = limit(lhs, x if lhs.has(x) else n)
    assert s.verdict is Verdict.PROVED, (s.verdict, s.message)


@pytest.mark.parametrize("modulus,residue", [(3, 0), (3, 1), (3, 2), (5, 2), (5, 4), (7, 3)])
def test_a_spike_at_one_residue_is_met_whatever_the_residue(modulus, residue):
    """[n ≡ r (mod m)] written through cos(2πk(n − r)/m): 1 at the residue, exactly 0 elsewhere.  The fixed sizes
    (16, 64, …, 10¹²) are ≡ 1 (mod 3) but for 255: a spike at n ≡ 2 was never met there."""
    indicator = sp.Add(*[sp.cos(2 * sp.pi * k * (n - residue) / modulus) for k in range(modulus)]) / modulus
    s = limit(SLOW / n + indicator)
    assert s.verdict not in PASSING, (s.verdict, s.message)


def test_the_same_residue_pattern_shrinking_with_n_is_a_limit():
    """Near miss, true: the indicator of n ≡ 2 (mod 3) divided by n² tends to 0, and numbers alone decide it;
    divided by n it tends to 0 too and is never refuted (where the spike doubles the first of the last three
    sizes, the tail's extrapolation reads it as heading elsewhere: unknown)."""
    indicator = (1 + 2 * sp.cos(2 * sp.pi * (n - 2) / 3)) / 3
    s = limit(SLOW / n + indicator / n ** 2)
    assert s.verdict in PASSING, (s.verdict, s.message)
    s = limit(SLOW / n + indicator / n)
    assert s.verdict is not Verdict.REFUTED, (s.verdict, s.message)


def test_an_offset_tuned_to_the_far_points_of_a_fixed_grid_is_seen():
    """Far points that depend on the seed alone can be read off and an offset made to vanish at each of them
    (sin²(π x/(c·10²⁰)) is 0 at c·10²⁰, c·10³⁰, c·10⁴⁰); they depend on the claim too, and seeded points between
    them do not sit on any such grid."""
    c = trends.far_factor(0)
    tuned = sp.sin(sp.pi * x / (c * sp.Integer(10) ** 20)) ** 2
    slow = sp.LambertW(x) / sp.log(x)
    s = limit(x ** sp.Rational(-1, 5) * slow + tuned * slow / 1000, x)
    assert s.verdict not in PASSING, (s.verdict, s.message)


def test_points_depend_on_the_seed_and_the_claim_and_are_reproducible():
    a, b = 1 / (1 + n ** 2), sp.sin(n) / n
    assert trends.step_key(a, n) == trends.step_key(1 / (1 + n ** 2), n) != trends.step_key(b, n)
    assert len({trends.far_factor(0, trends.step_key(e, n)) for e in (a, b, a + 1 / n, b / n, a * b)}) > 1
    settings = Settings(quick=True)
    first = trends.trends(b, n, oo, "+-", settings, is_size=True)
    again = trends.trends(b, n, oo, "+-", settings, is_size=True)
    assert [t.probes for t in first] == [t.probes for t in again]
    other = trends.trends(b, n, oo, "+-", Settings(quick=True, seed=1), is_size=True)
    assert [h for h, _ in first[0].probes[settings.dps[0]]] != [h for h, _ in other[0].probes[settings.dps[0]]]


def test_more_than_the_last_three_points_decide_and_resonances_are_among_them():
    settings = Settings(quick=True)
    [t, *_] = trends.trends(1 / (1 + n ** 2 * sp.sin(n) ** 2), n, oo, "+-", settings, is_size=True)
    dps = settings.dps[0]
    sizes = [h for h, _ in t.probes[dps]]
    assert len(sizes) > 3 and {103993, 104348}.isdisjoint(sizes)        # below the third-last size, 10⁶
    assert {1146408, 4272943, 80143857, 1783366216531} <= set(sizes)      # numerators of convergents of π
    assert {4846147, 37362253} <= set(sizes)                              # … and of π/2
    assert not trends.envelope_falls(t, dps) and trends.stalls(t, dps)
    [u, *_] = trends.trends(1 / (1 + n ** 2), n, oo, "+-", settings, is_size=True)
    assert len(u.probes[dps]) >= 3 and trends.envelope_falls(u, dps) and trends.shrinks(u, dps)


def test_a_residue_block_covers_every_residue_of_the_small_moduli():
    settings = Settings(quick=True)
    [t, *_] = trends.trends((-1) ** n / n, n, oo, "+-", settings, is_size=True)
    sizes = [h for h, _ in t.probes[settings.dps[0]]]
    for m in (2, 3, 4, 5, 6):
        assert {s % m for s in sizes if s >= t.h[-2]} == set(range(m)), m


def test_towards_minus_infinity_the_zeros_of_sin_are_visited_too():
    from verifier import real
    u = real("u_dodge")
    s = only_step(calc(1 / (1 + u ** 2 * sp.sin(u) ** 2), title="probe").approx(0, "claimed", meaning=Limit(u, -oo)),
                  quick=True)
    assert s.verdict not in PASSING, (s.verdict, s.message)
    s = only_step(calc(sp.sin(u) / u, title="probe").approx(0, "claimed", meaning=Limit(u, -oo)), quick=True)
    assert s.verdict is Verdict.PROVED, (s.verdict, s.message)


@pytest.mark.parametrize("lhs", [
    1 / (1 + n * sp.sin(sp.pi * n ** 3 / 7) ** 2),
    1 / (1 + n * sp.sin(sp.pi * n ** 2 / 1009) ** 2),
    1 / (1 + n * sp.sin(sp.pi * n / 1009) ** 2),
    1 / (1 + n * sp.sin(n ** 2) ** 2),
], ids=["sin(π n³/7)", "sin(π n²/1009)", "sin(π n/1009)", "sin(n²)"])
def test_a_spike_of_a_periodic_factor_of_a_polynomial_in_n_is_not_passed(lhs):
    """1/(1 + n sin²(π n³/7)) is 1 at every n = 7m: the residues where the argument is a multiple of π/2 are
    computed exactly and visited; where they cannot be computed (sin(n²)) the numbers cannot cross-check a proof."""
    s = limit(lhs)
    assert s.verdict not in PASSING, (s.verdict, s.message)
    assert s.verdict is not Verdict.ERROR, s.message


@pytest.mark.parametrize("lhs, rhs", [
    (sp.sin(sp.pi * n ** 3 / 7) / n, 0),
    (x * sp.sin(1 / x), 1),
], ids=["sin(π n³/7)/n", "x sin(1/x)"])
def test_a_periodic_factor_that_is_bounded_or_settles_leaves_a_true_limit_proved(lhs, rhs):
    s = limit(lhs, x if lhs.has(x) else n, rhs)
    assert s.verdict is Verdict.PROVED, (s.verdict, s.message)


def test_the_residues_of_a_polynomial_periodic_factor_are_where_its_argument_is_a_multiple_of_half_pi():
    [(period, residues)] = trends._polynomial_resonances(sp.sin(sp.pi * n ** 3 / 7), n, None)
    assert period == 14 and {0, 7} <= set(residues)
    assert trends.unreachable_structure(sp.sin(n ** 2) / n, n, None)
    assert not trends.unreachable_structure(sp.sin(3 * n) / n, n, None)
