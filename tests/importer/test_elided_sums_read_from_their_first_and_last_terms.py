r"""`x_1 + x_2 + \cdots + x_n` and `\beta_1x_1 + \cdots + \beta_nx_n` are the sums Σ_{k=1}^{n} x_k and Σ_k β_k x_k: the
first and last terms around the ellipsis differ only in one index written as a subscript, a number in the first
and one name or number in the last, and the terms written between follow it with step 1.

What the ellipsis may stand for otherwise is refused by name: numbers without a subscript (`1 + 2 + \cdots + n`,
whose step and pattern are a guess), a product or a list (`x_1 x_2 \cdots x_n`, `f(x_1, \dots, x_n)`), a series
with no last term, a sum with a minus, written terms that break the step (`x_1 + x_3 + \cdots + x_n`), indices
that differ between factors (`x_1 y_2 + \cdots`) and a run written downwards.  A true line is not refuted and
its one-edit false twin is.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import imported_verdicts
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

k = sp.Symbol("k", integer=True)
n = sp.Symbol("n", integer=True)
x, beta = sp.IndexedBase("x"), sp.IndexedBase("beta")


@pytest.mark.parametrize("latex, value", [
    (r"x_1 + x_2 + \cdots + x_n", sp.Sum(x[k], (k, 1, n))),
    # d2l multivariable-calculus:646
    (r"\beta_1x_1 + \cdots + \beta_nx_n", sp.Sum(beta[k] * x[k], (k, 1, n))),
    (r"a + x_1 + \ldots + x_n + b", sp.Symbol("a") + sp.Symbol("b") + sp.Sum(x[k], (k, 1, n))),
    (r"\left(x_{1}^2 + \dots + x_{n}^2\right)^2", sp.Sum(x[k] ** 2, (k, 1, n)) ** 2),
    (r"x_0 + x_1 + \cdots + x_5", sp.Sum(x[k], (k, 0, 5))),
])
def test_an_elided_sum_is_the_sum_its_first_and_last_terms_write(latex, value):
    got = read_side(latex).expr
    assert got == value or sp.simplify(got - value) == 0, got


@pytest.mark.parametrize("latex, match", [
    (r"1 + 2 + \cdots + n", "subscript"),
    (r"x_1 + x_3 + \cdots + x_n", "step"),
    (r"x_1 x_2 \cdots x_n", "product or a list"),
    (r"f(x_1, \dots, x_n)", "product or a list"),
    (r"1 + x + \frac{x^2}{2} + \cdots", "series"),
    (r"x_1 - \cdots - x_n", "not read"),
    (r"-x_1 + \cdots + x_n", "minus"),
    (r"x_1 y_2 + \cdots + x_n y_n", "subscript"),
    (r"x_5 + \cdots + x_1", "down"),
    (r"x_1 + \cdots + x_{n-1}", "not written alike"),
])
def test_an_ellipsis_that_may_stand_for_another_run_is_refused_by_name(latex, match):
    with pytest.raises(ReadError, match=match):
        read_side(latex)


@pytest.mark.slow
@pytest.mark.parametrize("true, twin", [
    (r"2(x_1 + x_2 + \cdots + x_n) = \sum_{i=1}^n 2x_i", r"2(x_1 + x_2 + \cdots + x_n) = \sum_{i=1}^n 3x_i"),
    (r"\left(x_1 + \cdots + x_n\right)^2 \le n\left(x_1^2 + \cdots + x_n^2\right)",
     r"\left(x_1 + \cdots + x_n\right)^2 \le \left(x_1^2 + \cdots + x_n^2\right)"),
])
def test_a_true_elided_sum_is_not_refuted_and_its_twin_is(tmp_path, true, twin):
    verdicts = imported_verdicts(tmp_path, true, "true.py")
    assert verdicts and Verdict.REFUTED not in verdicts and Verdict.ERROR not in verdicts, verdicts
    assert imported_verdicts(tmp_path, twin, "twin.py") == [Verdict.REFUTED]


def test_an_elided_sum_takes_a_free_index_letter_when_the_usual_ones_are_the_texts():
    # the text sums over k, j, m, l, r, q, u already: the ellipsis still reads as Σ a over a letter it does not use
    from verifier.importer.reading import Context
    got = read_side(r"(a_1 + \dots + a_n)^2", context=Context(bounds=frozenset("kjmlrqu"))).expr
    (index, low, upper), = got.base.limits
    a = sp.IndexedBase("a")
    assert index.name not in "kjmlrqu" and (low, upper) == (1, n)
    assert got == sp.Sum(a[index], (index, 1, n)) ** 2, got


def test_an_elided_sum_with_no_letter_left_for_its_index_is_refused_never_a_crash():
    from verifier.importer.reading import Context
    with pytest.raises(ReadError, match="index of the sum"):
        read_side(r"a_1 + \dots + a_n", context=Context(bounds=frozenset("kjmlrquvwstpgh")))
