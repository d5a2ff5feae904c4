"""A line read from a text whose first counterexample is not real is looked at again where its entries are real.

A text about real quantities means `\\log \\pi_i`, `(1 - \\pi_i)^{1 - y_i}` and `\\sqrt{\\sum_i w_i}` where they
are real, so a counterexample at a negative entry is set aside.  The second look then keeps every entry the line
writes under a log, a root or a power to an entry positive (and a sum under a root positive), deciding that from
the point's vectors entry by entry: a false line is refuted at a point where every quantity it writes is real,
and a line true wherever it is real is never refuted.  The counterexample is certified and held to the text's
conditions like any other.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import QUICK
from verifier import calc, index, log, size, sqrt, vector, Σ
from verifier.evidence.inputs import Point
from verifier.evidence.replay import STATED, EveryEntry, OverEntries, outside_domain
from verifier.judge.checker import check_all
from verifier.verdicts import Verdict

n = size("n")
i = index("i", n)
pi_, y, v, w = vector("pi", n), vector("y", n), vector("v", n), vector("w", n)
LIKELIHOOD = log(sp.Product(pi_[i] ** y[i] * (1 - pi_[i]) ** (1 - y[i]), (i, 1, n)))


def verdict_of(derivation):
    [step] = check_all([derivation], QUICK)[0].steps
    return step


@pytest.mark.slow
def test_a_false_log_likelihood_is_refuted_where_every_probability_is_between_0_and_1():
    """log Π π_i^{y_i}(1-π_i)^{1-y_i} = Σ y_i log π_i + (1 - y_i) log(1 + π_i): its first counterexample has a
    negative π_1, where no side is real."""
    twin = calc(LIKELIHOOD, title="log-likelihood").eq(Σ(y[i] * log(pi_[i]) + (1 - y[i]) * log(1 + pi_[i]), i),
                                                       "as written", unconfirmed=True)
    step = verdict_of(twin)
    assert step.verdict is Verdict.REFUTED, step.message
    assert "set aside" in step.message


@pytest.mark.slow
def test_near_miss_the_true_log_likelihood_is_not_refuted():
    true = calc(LIKELIHOOD, title="log-likelihood").eq(Σ(y[i] * log(pi_[i]) + (1 - y[i]) * log(1 - pi_[i]), i),
                                                       "as written", unconfirmed=True)
    assert verdict_of(true).verdict is not Verdict.REFUTED


@pytest.mark.slow
def test_a_false_cosine_with_a_root_of_a_sum_of_entries_is_refuted_where_the_sum_is_positive():
    cosine = Σ(v[i] * w[i], i) / (sqrt(Σ(v[i] ** 2, i)) * sqrt(Σ(w[i] ** 2, i)))
    twin = Σ(v[i] * w[i], i) / (sqrt(Σ(v[i] ** 2, i)) * sqrt(Σ(w[i], i)))
    step = verdict_of(calc(cosine, title="cos").eq(twin, "as written", unconfirmed=True))
    assert step.verdict is Verdict.REFUTED, step.message


def test_near_miss_a_product_of_logs_true_where_every_entry_is_positive_is_not_refuted():
    true = calc(log(sp.Product(v[i], (i, 1, n))), title="log of a product").eq(Σ(log(v[i]), i), "as written",
                                                                               unconfirmed=True)
    assert verdict_of(true).verdict is not Verdict.REFUTED


def _excluded(relation, values: dict) -> bool:
    token = STATED.set((relation,))
    try:
        return outside_domain(Point(values)) is not None
    finally:
        STATED.reset(token)


def test_an_assumption_over_every_entry_excludes_a_point_one_entry_breaks():
    every = EveryEntry("every")
    positive = OverEntries(1 - pi_[every], 0)
    assert _excluded(positive, {n: 3, pi_: [None, 0.5, 1.5, 0.25]})
    assert not _excluded(positive, {n: 3, pi_: [None, 0.5, 0.75, 0.25]})


def test_an_assumption_about_a_sum_of_entries_is_decided_from_the_entries():
    positive = OverEntries(Σ(w[i], i), 0)
    assert _excluded(positive, {n: 2, w: [None, 1.0, -2.0]})
    assert not _excluded(positive, {n: 2, w: [None, 1.0, -0.5]})
