"""Closed-form sums proved for generic n: geometric, arithmetic and power sums, beyond the sizes
n = 1…6 that "cases" reaches.  Near misses: off-by-one ranges and a ratio q that may be
1 are refuted, never proved."""

import pytest
import sympy as sp

from tests.engine import check
from verifier import Σ, calc, index, interval, real, size
from verifier.prove import prove_equal
from verifier.verdicts import Verdict

n, T = size("n"), size("T")
k = sp.Symbol("k", integer=True)
j = index("j", T)
q = interval("q", 0, 1, open="high")       # q ≠ 1 is declared: q ∈ [0, 1)


def first_verdicts(*derivations):
    return [(r.steps[0].verdict, r.steps[0].method) for r in check(*derivations)]


def test_the_geometric_sum_is_proved_for_generic_n_when_q_is_declared_different_from_1():
    [(verdict, method)] = first_verdicts(
        calc(sp.Sum(q ** k, (k, 0, n - 1)), title="geometric").eq((1 - q ** n) / (1 - q), "telescoping"))
    assert verdict is Verdict.PROVED and "closed form" in method


def test_an_off_by_one_geometric_range_is_refuted():
    out = first_verdicts(
        calc(sp.Sum(q ** k, (k, 1, n)), title="near miss: 1…n").eq((1 - q ** n) / (1 - q), "shifted"),
        calc(sp.Sum(q ** k, (k, 0, n)), title="near miss: 0…n").eq((1 - q ** n) / (1 - q), "one term more"))
    assert [v for v, _ in out] == [Verdict.REFUTED, Verdict.REFUTED]


def test_a_ratio_that_may_be_1_makes_the_closed_form_refuted_not_proved():
    r = real("r")
    out = first_verdicts(calc(sp.Sum(r ** k, (k, 0, n - 1)), title="near miss: r = 1 allowed")
                         .eq((1 - r ** n) / (1 - r), "r ≠ 1 not declared"))
    assert out[0][0] is Verdict.REFUTED


def test_a_piecewise_closed_form_is_not_used_where_its_condition_is_not_settled():
    r = real("r")
    # Σ r^k has the closed form (1 − rⁿ)/(1 − r) only for r ≠ 1, which nothing declares: no proof.
    out = prove_equal(sp.Sum(r ** k, (k, 0, n - 1)) * (1 - r), 1 - r ** n)
    assert out.proof is None or "closed form" not in out.proof.method


def test_arithmetic_and_power_sums_are_proved_and_their_slips_refuted():
    out = first_verdicts(calc(Σ(j, j), title="Σ k").eq(T * (T + 1) / 2, "Gauss"),
                         calc(Σ(j ** 2, j), title="Σ k²").eq(T * (T + 1) * (2 * T + 1) / 6, "squares"),
                         calc(Σ(j ** 3, j), title="Σ k³").eq((T * (T + 1) / 2) ** 2, "Nicomachus"),
                         calc(Σ(j, j), title="near miss: T(T − 1)/2").eq(T * (T - 1) / 2, "off by one"),
                         calc(Σ(j ** 2, j), title="near miss").eq(T * (T + 1) * (2 * T - 1) / 6, "sign slip"))
    assert [v for v, _ in out] == [Verdict.PROVED] * 3 + [Verdict.REFUTED] * 2
    assert all("closed form" in m for _, m in out[:3])


@pytest.mark.slow
def test_adam_bias_correction_weights_sum_to_one_minus_beta_to_the_t():
    beta = interval("beta", 0.9, 0.999)
    out = first_verdicts(
        calc((1 - beta) * sp.Sum(beta ** (T - k), (k, 1, T)), title="Adam's weights").eq(1 - beta ** T, "geometric"),
        calc((1 - beta) * sp.Sum(beta ** (T - k), (k, 0, T)), title="near miss: T + 1 terms").eq(1 - beta ** T, "x"))
    assert out[0][0] is Verdict.PROVED
    assert out[1][0] is Verdict.REFUTED


def test_a_closed_form_bound_for_generic_n():
    out = first_verdicts(calc(Σ(j, j), title="Σ k ≤ T²").le(T ** 2, "T(T + 1)/2 ≤ T²"),
                         calc(Σ(j, j), title="near miss: Σ k < T").lt(T, "false at T ≥ 2"))
    assert out[0][0] is Verdict.PROVED and "closed form" in out[0][1]
    assert out[1][0] is Verdict.REFUTED
