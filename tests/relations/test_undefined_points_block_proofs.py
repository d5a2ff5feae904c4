"""A claim undefined somewhere admissible is not proved: poles, empty ranges and assumptions the declared
domain breaks block a proof, and only a declared range (interval(), integer(), a confined vector) excuses them.

A claim marked "a false-proof trap" is one that the strategy named in brackets, read without the definedness
guards, proves.  A sampling range is not a hypothesis: a pole outside where the numbers look still blocks the proof.  Claims
whose denominators are nonzero on the declared domain are still proved, so refusing everything cannot pass.
"""
import pytest
import sympy as sp

from verifier import Σ, calc, exp, index, interval, log, nonnegative, normal, positive, real, size, vector
from verifier.authoring.reductions import maximum, minimum
from verifier.prove import prove_equal, prove_inequality
from verifier.prove.definedness import contradicted_declaration, pole_reason
from verifier.prove.intervals import excludes_zero_on, iv

from verifier.verdicts import Verdict


n = size("n")
n2 = size("n2", low=2)
i, j, k = index("i j k", n)

a2 = index("a2", n2)
s = vector("s", n)

s2 = vector("s2", n2)
x, y, t = real("x y t")
a, b = positive("a b")
u = nonnegative("u")


LIMIT = 2

THIRD = sp.Rational(1, 3)


def established(out) -> bool:
    """Any proof, "cases" included."""
    return out.proof is not None


def proved(out) -> bool:
    return out.proof is not None and not out.proof.concrete_only


def eq(lhs, rhs, **kw):
    return prove_equal(lhs, rhs, LIMIT, **kw)


def ineq(lhs, rhs, relation, **kw):
    return prove_inequality(lhs, rhs, relation, limit=LIMIT, **kw)


FALSE_WITH_A_POLE = [
    ((x ** 2 - THIRD ** 2) / (x - THIRD), x + THIRD, "="),                      # a false-proof trap (cancel)
    ((x ** 2 - 2) / (x - sp.sqrt(2)), x + sp.sqrt(2), "="),                      # a false-proof trap (cancel)
    ((x ** 2 - x) / x, x - 1, "="),                                              # a false-proof trap (expand)
    ((x ** 2 - 2) / (x - sp.sqrt(2)), x + sp.sqrt(2), ">="),                     # a false-proof trap (sign)
    (sp.sin(x) / x, 1 - x ** 2 / 6 + sp.sin(x) / x - 1 + x ** 2 / 6, "="),        # a false-proof trap (expand): x = 0
    (log(u * a), log(u) + log(a), "="),                                          # a false-proof trap: log 0 at u = 0
    ((x ** 2 - 1) / (x - 1) - x, 1, "<="),
    ((x ** 2 - x / 3) / (x - THIRD) - x, 0, ">="),
]


@pytest.mark.parametrize("lhs, rhs, relation", FALSE_WITH_A_POLE)
def test_a_claim_undefined_somewhere_admissible_is_not_proved_for_all_values(lhs, rhs, relation):
    # An identity may be proved where both sides are defined, with that scope stated (x ≠ 1/3); never for all values.
    out = eq(lhs, rhs) if relation == "=" else ineq(lhs, rhs, relation)
    assert not established(out) or (relation == "=" and out.proof.scope.startswith(
        "all values where both sides are defined: "))


def test_claims_whose_denominators_are_nonzero_on_the_declared_domain_are_still_proved():
    assert proved(eq((a ** 2 - 1) / (a + 1), a - 1))                               # a > 0
    assert proved(eq((t ** 2 - 1) / (t ** 2 + 1), 1 - 2 / (t ** 2 + 1)))
    assert proved(eq(log(a * b), log(a) + log(b)))
    c = interval("c", 0.25, 1.5)                                                   # declared away from 0
    assert proved(eq((c ** 2 - c) / c, c - 1))
    assert proved(eq(exp(s[i]) / Σ(exp(s[j]), j) * Σ(exp(s[j]), j), exp(s[i])))
    assert proved(eq(Σ(1 / i, i) * 2, Σ(2 / i, i)))                                # i ≥ 1 in the range
    assert proved(eq(1 / (n2 - 1) * 2, 2 / (n2 - 1)))                              # n ≥ 2 declared


def test_a_pole_is_found_inside_sums_and_excused_only_by_the_range():
    assert pole_reason(Σ(1 / (i - 1), i)) is not None                               # i = 1
    assert pole_reason(Σ(1 / i, i)) is None
    assert pole_reason(sp.Sum(1 / i, (i, 0, n))) is not None
    assert pole_reason(1 / (Σ(exp(s2[a2]), a2) - exp(s2[a2]))) is None             # n ≥ 2: another term
    assert pole_reason(1 / (Σ(exp(s[j]), j) - exp(s[i]))) is not None             # 0 at n = 1
    assert pole_reason(sp.tan(x)) is not None and pole_reason(sp.gamma(x)) is not None
    assert pole_reason(sp.gamma(a)) is None
    # An integration variable runs between its limits.
    assert pole_reason(sp.Integral(1 / t, (t, 1, 2))) is None
    assert pole_reason(sp.Integral(1 / t, (t, -2, -1))) is None
    assert pole_reason(sp.Integral(1 / t, (t, -1, 1))) is not None
    assert pole_reason(sp.Integral(1 / t, (t, 0, 1))) is not None
    assert proved(eq(sp.Integral(1 / t, (t, 1, 2)), log(2)))


def test_interval_arithmetic_on_the_declared_box_bisects_until_it_decides():
    al, d = sp.symbols("al d")
    assert excludes_zero_on(1 - al + al * sp.exp(d), {al: iv.mpf([0, 1]), d: iv.mpf([0.05, 20])})
    assert not excludes_zero_on(al - THIRD, {al: iv.mpf([0, 1])})
    assert not excludes_zero_on((al - sp.Rational(1, 2)) ** 2, {al: iv.mpf([0, 1])})   # touches 0
    assert not excludes_zero_on(al + d, {al: iv.mpf([1, 2])})                      # d has no interval


def test_a_maximum_over_a_range_empty_at_n_1_makes_the_claim_undefined_there():
    from verifier.authoring.reductions import IndexedMax, IndexedMin
    i1 = index("i1", n - 1)
    short_max = IndexedMax(s[k], (k, 1, n - 1))
    # Both sides name max_{k=1}^{n−1} s_k, undefined at n = 1: renaming the indices must not cancel it away.
    assert not established(eq(short_max - IndexedMax(s[j], (j, 1, n - 1)), 0))      # a false-proof trap
    # Vacuous at n = 1 (no i1 exists), so refusing it is conservative rather than a fix of a false proof.
    assert not established(ineq(s[i1], short_max, "<="))
    assert not established(ineq(short_max, maximum(s[k], k), "<="))
    assert not established(ineq(IndexedMin(s[k], (k, 1, n - 1)), minimum(s[k], k), ">="))
    assert pole_reason(IndexedMax(s2[k], (k, 1, n2 - 1))) is None                   # n ≥ 2 declared
    assert proved(ineq(s[i], maximum(s[k], k), "<="))


def test_a_proof_from_assumptions_the_declared_domain_breaks_is_refused():
    bad = interval("bad", -1, 1, positive=True)                                   # SymPy: > 0; numbers: [−1, 1]
    assert contradicted_declaration(bad) is not None
    assert not established(ineq(bad, 0, ">="))                                    # a false-proof trap (sign)
    assert not established(eq((bad ** 2 - bad) / bad, bad - 1))
    fine = interval("fine", 0, 1, positive=True)                                   # (0, 1]: only the end point
    assert contradicted_declaration(fine) is None
    assert proved(ineq(fine, 0, ">"))
    assert contradicted_declaration(interval("e1", -3, 3, nonzero=True)) is None


def _verdict(derivation):
    from tests.engine import only_step
    return only_step(derivation, quick=True).verdict


def test_the_judge_proves_a_cancelled_pole_only_with_the_pole_excluded_in_its_scope():
    from tests.engine import only_step
    step = only_step(calc((x ** 2 - THIRD ** 2) / (x - THIRD), title="(x² − 1/9)/(x − 1/3) = x + 1/3")
                     .eq(x + THIRD, "cancel"), quick=True)
    assert step.verdict is not Verdict.PROVED or step.scope == "all values where both sides are defined: x ≠ 1/3"
    ratio = calc(x * y, title="xy ∝ x(y − 1/3)").propto(x * (y - THIRD), "y/(y − 1/3) is free of x", wrt=x)
    assert _verdict(ratio) is not Verdict.PROVED


def test_a_pole_outside_the_sampling_range_still_blocks_a_proof_for_all_values():
    wide = real("xw")                                   # sampled on [−3, 3]; x = 5 is still a real number
    out = eq((wide ** 2 - 25) / (wide - 5), wide + 5)
    assert not established(out) or out.proof.scope == "all values where both sides are defined: xw ≠ 5"
    big = positive("big")                               # sampled on [0.05, 20]; 30 is still positive
    # log(b·w) = log b + log w for b > 0 on the principal branch, so the identity holds wherever both sides have a
    # value; a proof must state that 30 is outside it
    split = eq(log(big * (big - 30)), log(big) + log(big - 30))
    assert not established(split) or "big ≠ 30" in split.proof.scope


def test_a_declared_interval_is_a_hypothesis_a_proof_may_use():
    confined = interval("xc", -3, 3)
    assert proved(eq((confined ** 2 - 25) / (confined - 5), confined + 5))


def test_a_vector_range_is_a_hypothesis_only_when_declared_confined():
    sampled = vector("vs", n, low=0.01, high=1, positive=True)
    confined = vector("vc", n, low=0.01, high=1, positive=True, confined=True)
    step = sp.Rational(1, 1000)
    # (v² − a²)/(v − a) = v + a needs v ≠ a = 1/1000: true on [0.01, 1] as a hypothesis, not for every v > 0.
    assert not established(eq((sampled[i] ** 2 - step ** 2) / (sampled[i] - step), sampled[i] + step))
    assert proved(eq((confined[i] ** 2 - step ** 2) / (confined[i] - step), confined[i] + step))
    with pytest.raises(ValueError):
        vector("vl", n, law=normal(0, 1), confined=True)
