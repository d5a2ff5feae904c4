"""A line read from a text is looked at again where every entry it writes exists and is real, entries with two
indices (a table, y_ij) included.

`\\sum_{i=1}^n \\sum_{j=1}^k y_{ij} \\log \\pi_i` writes π_i for i up to n while the text has π over 1…k: past its end an
entry has no value, and a text writes only entries that exist, so the second look keeps n ≤ k.  `\\log y_{ij}` is real
only where y_ij > 0, decided at a point from every entry of the table.  A false line is then refuted at a point where
every entry it writes exists and is real (the replay agreeing), and a line true wherever that holds is never refuted.
"""
from __future__ import annotations

import re

import pytest
import sympy as sp

from tests.engine import QUICK, imported_verdicts
from verifier import calc, index, log, size, vector, Σ
from verifier.evidence.inputs import Point, Table
from verifier.evidence.replay import STATED, OverEntries, outside_domain
from verifier.judge.checker import check_all
from verifier.judge.unconfirmed import _entries_exist, _real_entries
from verifier.verdicts import Verdict

n, k = size("n"), size("k")
i, j = index("i", n), index("j", k)
pi_, y = vector("pi", k), vector("y", k)
LIKELIHOOD = log(sp.Product(pi_[j] ** y[i, j], (j, 1, k), (i, 1, n)))


def step_of(derivation):
    [step] = check_all([derivation], QUICK)[0].steps
    return step


def test_an_entry_written_at_an_index_over_another_range_than_its_vectors_keeps_that_range_inside_it():
    assert _entries_exist(Σ(Σ(y[i, j] * log(pi_[i]), j), i)) == (sp.Le(n, k),)
    assert _entries_exist(Σ(Σ(y[i, j] * log(pi_[j]), j), i)) == ()       # near miss: π_j over j ≤ k exists


def test_an_entry_of_a_table_under_a_log_is_kept_positive_at_every_entry():
    [rel] = _real_entries(Σ(Σ(log(y[i, j]), j), i))
    assert isinstance(rel, OverEntries)
    token = STATED.set((rel,))
    try:
        inside = Table([None, 0.5, 2.0, None, None], 2, 1)          # n = 1, k = 2: y_11, y_12 in a 2 × 2 table
        assert outside_domain(Point({n: 1, k: 2, y: inside})) is None
        # n = 2, k = 1: y_12 lies past the shape (no value), and y_21 < 0 after it
        outside = Table([None, 0.5, None, -2.0, None], 2, 1)
        assert "excludes" in (outside_domain(Point({n: 2, k: 1, y: outside})) or "")
    finally:
        STATED.reset(token)


def test_a_log_likelihood_with_the_wrong_index_under_the_log_is_refuted_where_every_entry_exists():
    twin = calc(LIKELIHOOD, title="log-likelihood").eq(Σ(Σ(y[i, j] * log(pi_[i]), j), i), "as written",
                                                       unconfirmed=True)
    step = step_of(twin)
    assert step.verdict is Verdict.REFUTED, step.message
    point = step.counterexample.point
    assert int(point["n"]) <= int(point["k"]), point
    assert all(float(x) > 0 for x in re.findall(r"-?\d+\.?\d*(?:e-?\d+)?", point["pi"].split(")")[0])), point
    assert step.counterexample.replayed_gap


@pytest.mark.slow
def test_near_miss_the_true_log_likelihood_of_a_table_is_not_refuted():
    true = calc(LIKELIHOOD, title="log-likelihood").eq(Σ(Σ(y[i, j] * log(pi_[j]), j), i), "as written",
                                                       unconfirmed=True)
    assert step_of(true).verdict is not Verdict.REFUTED


@pytest.mark.slow
def test_a_false_log_of_a_double_sum_is_refuted_where_every_entry_is_positive(tmp_path):
    [verdict] = imported_verdicts(tmp_path, r"\sum_{i=1}^n \sum_{j=1}^k \log y_{ij} = \log \sum_{i=1}^n \sum_{j=1}^k y_{ij}",
                                  "twin.py")
    assert verdict is Verdict.REFUTED


@pytest.mark.slow
def test_near_miss_a_log_of_a_double_product_true_where_every_entry_is_positive_is_not_refuted(tmp_path):
    [held] = imported_verdicts(tmp_path, r"\sum_{i=1}^n \sum_{j=1}^k \log y_{ij} = \log \prod_{i=1}^n \prod_{j=1}^k y_{ij}",
                               "true.py")
    assert held is not Verdict.REFUTED
