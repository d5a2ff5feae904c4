"""Each meaning of ≈ tells a true approximation from its near misses.

Pairs of claims one edit apart (a ratio for a difference, one more order of a
series, the other side of a one-sided bound, a coefficient off by a little): the
true one must not be refuted, the false one must not pass (proved, cases or
numeric).  A limit in the length of a vector is a limit along a sequence the step
never names: the numbers must say so rather than crash or pass.
"""
from __future__ import annotations

import pytest
import sympy as sp

from verifier import Σ, calc, index, max_over, one_sided, oo, positive, real, series_order, size, tends, vector
from verifier.judge.checker import check_all
from verifier.settings import Settings

x, t = positive("x"), real("t")
n = size("n")
i, j = index("i j", n)
s = vector("s", n)
PASSING = {"proved", "cases", "numeric"}

#        claim,                                  lhs,                      rhs,                       meaning,                        true?
PAIRS = [
    ("x + x² ≈ x to O(x²)",                      x + x**2,                 x,                         series_order(x, 0, 2),          True),
    ("x + x² ≈ x to O(x³)",                      x + x**2,                 x,                         series_order(x, 0, 3),          False),
    ("x + 1 ≈ x as x → ∞, ratio",                x + 1,                    x,                         tends(x, oo, ratio=True),       True),
    ("x + 1 ≈ x as x → ∞, difference",           x + 1,                    x,                         tends(x, oo),                   False),
    ("x ≈ x² as x → 0, ratio",                   x,                        x**2,                      tends(x, 0, ratio=True),        False),
    ("x² + 10⁻³⁰ ≈ x² as x → 0, ratio",          x**2 + sp.Rational(1, 10**30), x**2,                 tends(x, 0, ratio=True),        False),
    ("x sin(1/x) ≈ 0 as x → 0",                  x * sp.sin(1 / x),        0,                         tends(x, 0),                    True),
    ("sin(1/x) ≈ 0 as x → 0",                    sp.sin(1 / x),            0,                         tends(x, 0),                    False),
    ("sin x / x ≈ 1 − x²/6 to O(x³)",            sp.sin(x) / x,            1 - x**2 / 6,              series_order(x, 0, 3),          True),
    ("sin x / x ≈ 1 − x²/5 to O(x³)",            sp.sin(x) / x,            1 - x**2 / 5,              series_order(x, 0, 3),          False),
    ("log(1 + x) ≈ x from below",                sp.log(1 + x),            x,                         one_sided("<="),                True),
    ("log(1 + x) ≈ x from above",                sp.log(1 + x),            x,                         one_sided(">="),                False),
    ("x log x ≈ 0 to O(x)",                      x * sp.log(x),            0,                         series_order(x, 0, 1),          False),
    ("(1 + 1/x)^x ≈ e(1 − 1/(2x)) to O(1/x²)",   (1 + 1 / x)**x,           sp.E * (1 - 1 / (2 * x)),  series_order(x, oo, 2),         True),
    ("(1 + 1/x)^x ≈ e(1 − 1/(3x)) to O(1/x²)",   (1 + 1 / x)**x,           sp.E * (1 - 1 / (3 * x)),  series_order(x, oo, 2),         False),
    ("t³ + t⁴ ≈ 0 to O(t³), t real",             t**3 + t**4,              0,                         series_order(t, 0, 3),          True),
]


def verdict(lhs, rhs, meaning) -> str:
    d = calc(lhs, title="claim").approx(rhs, "claim", meaning=meaning)
    d.name = "claim"
    return check_all([d], Settings(quick=True))[0].steps[0]


@pytest.mark.parametrize("claim, lhs, rhs, meaning, true", PAIRS, ids=[p[0] for p in PAIRS])
def test_a_true_approximation_is_not_refuted_and_its_near_miss_does_not_pass(claim, lhs, rhs, meaning, true):
    got = verdict(lhs, rhs, meaning).verdict.value
    if true:
        assert got != "refuted", claim
    else:
        assert got not in PASSING, claim


def test_a_limit_in_the_length_of_a_vector_is_not_passed_and_says_why():
    # "the mean tends to the max as n → ∞" depends on how the scores grow with n, which the step never says.
    step = verdict(Σ(s[i], i) / n, max_over(s[j], j), tends(n, oo))
    assert step.verdict.value not in PASSING
    assert "crashed" not in step.message
    assert any("sequence of vectors" in c.detail for c in step.checks)


# --- ∝ with constant 0: lhs = 0·rhs for every rhs, so it says nothing about scaling -------------------------

def propto_step(lhs, rhs, wrt):
    d = calc(lhs, title="claim").propto(rhs, "claim", wrt=[wrt])
    d.name = "claim"
    return check_all([d], Settings(quick=True))[0].steps[0]


def test_a_proportionality_with_a_side_that_is_zero_is_never_passed():
    assert propto_step(0 * x, x, x).verdict.value == "error"             # written as 0
    assert propto_step(x, x - x, x).verdict.value == "error"
    hidden = propto_step(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1, x, x)       # 0 only after an identity
    assert hidden.verdict.value not in PASSING and "c ≠ 0" in hidden.message


def test_a_proportionality_whose_constant_was_not_shown_nonzero_is_never_passed(monkeypatch):
    # The strategies show only that lhs/rhs is free of x; c ≠ 0 rests on the numbers.  When the numbers asking
    # whether the ratio is 0 are cut short (a loaded machine, an injected fault), the step is undecided: the
    # hidden zero sin²x + cos²x − 1 ∝ x is never proved, and a true ∝ is not proved either.
    from verifier.judge import numbers, relations
    real_compare = relations.compare

    def cut_when_asked_about_zero(lhs, rhs, relation, ctx, *args, **kwargs):
        if rhs == 0:
            answer = real_compare(lhs, rhs, relation, ctx, *args, **kwargs)
            return numbers.NumericOutcome(numbers.Numbers.INCONCLUSIVE, answer.evidence, None,
                                          ["cut short"], timed_out=True)
        return real_compare(lhs, rhs, relation, ctx, *args, **kwargs)
    monkeypatch.setattr(relations, "compare", cut_when_asked_about_zero)
    hidden = propto_step(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1, x, x)
    assert hidden.verdict.value not in PASSING and "c ≠ 0" in hidden.message
    true = propto_step(3 * x, x, x)
    assert true.verdict.value not in PASSING and "not shown nonzero" in true.message
    monkeypatch.undo()
    assert propto_step(3 * x, x, x).verdict.value == "proved"         # and with the numbers whole, it is


def test_a_constant_that_is_a_free_parameter_still_proves_proportionality():
    a = real("a", -2, 2)
    assert propto_step(a * x, x, x).verdict.value == "proved"


def test_a_tiny_nonzero_constant_is_not_taken_for_zero_and_a_tiny_offset_is_refuted():
    tiny = sp.Rational(1, 10 ** 40)
    assert propto_step(tiny * x, x, x).verdict.value == "proved"               # c = 10⁻⁴⁰ ≠ 0
    assert propto_step(tiny * x + tiny ** 2, x, x).verdict.value == "refuted"  # the ratio moves with x
