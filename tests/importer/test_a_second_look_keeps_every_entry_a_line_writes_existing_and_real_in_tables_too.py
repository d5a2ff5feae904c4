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

from tests.engine import QUICK, document_verdicts, imported_verdicts
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


# What the words say of a matrix holds on the entries of its table: "$P$ is stochastic" of p_ij, the summation
# convention of a_ij x_i x_j, δ_ij as Kronecker's delta.  Read as free numbers each true line below is false at nearly
# every table, so the words hold off every counterexample; without them the same line is refuted.
STOCHASTIC = r"\sum_{i=1}^n \sum_{j=1}^n c_i p_{ij} = \sum_{i=1}^n c_i"
SYMMETRIC = r"\sum_{i=1}^n \sum_{j=1}^n a_{ij} x_i y_j = \sum_{i=1}^n \sum_{j=1}^n a_{ij} y_i x_j"
SUMMED = r"a_{ij} x_i x_j = a_{ji} x_i x_j"


def note(words: str, latex: str) -> str:
    return f"{words}\n\n$$\n{latex}\n$$\n"


def test_words_calling_a_matrix_stochastic_hold_a_line_about_its_entries_true_only_for_rows_summing_to_one(tmp_path):
    words = "Let $P$ be a stochastic matrix, so each row of $P$ sums to one."
    assert document_verdicts(tmp_path, note(words, STOCHASTIC), "rows.py") != [Verdict.REFUTED]
    assert document_verdicts(tmp_path, note("Let $c$ be a vector.", STOCHASTIC), "free.py") == [Verdict.REFUTED]


@pytest.mark.slow
def test_words_calling_a_matrix_symmetric_with_no_formula_hold_a_line_about_its_entries(tmp_path):
    words = "The covariance matrix is symmetric."
    assert document_verdicts(tmp_path, note(words, SYMMETRIC), "symmetric.py") != [Verdict.REFUTED]
    assert document_verdicts(tmp_path, note("Here $x$ and $y$ are vectors.", SYMMETRIC), "free.py") == [Verdict.REFUTED]


def test_near_miss_words_on_a_matrix_do_not_hold_a_false_line_that_writes_no_table(tmp_path):
    words = "Let $P$ be a stochastic matrix."
    assert document_verdicts(tmp_path, note(words, r"(x_1 + x_2)^2 = x_1^2 + x_2^2"), "scalars.py") == [Verdict.REFUTED]


def test_the_summation_convention_holds_a_line_whose_repeated_indices_are_summed(tmp_path):
    words = "We use the Einstein summation convention: repeated indices are summed over."
    assert document_verdicts(tmp_path, note(words, SUMMED), "summed.py") != [Verdict.REFUTED]
    assert document_verdicts(tmp_path, note("Here $x$ is a vector.", SUMMED), "free.py") == [Verdict.REFUTED]


@pytest.mark.slow
def test_a_delta_with_two_indices_is_kroneckers_delta_and_never_read_as_a_table_of_free_numbers(tmp_path):
    from verifier.importer.document import read_document
    [chain] = read_document(r"$$ \sum_{j=1}^n \delta_{ij} a_j = a_i $$", "notes.md").chains
    assert "Kronecker" in chain.unsettled
    assert imported_verdicts(tmp_path, r"\sum_{j=1}^n \delta_{ij} a_j = a_i", "delta.py") != [Verdict.REFUTED]
    # near miss: another letter with two indices is a table of numbers, and the same line about it is refuted
    assert imported_verdicts(tmp_path, r"\sum_{j=1}^n b_{ij} a_j = a_i", "table.py") == [Verdict.REFUTED]


def test_an_entry_at_two_digits_beside_an_entry_with_two_indices_is_imported_and_not_refuted(tmp_path):
    latex = r"\sum_{i=1}^{2} \sum_{j=1}^{3} a_{ij} = a_{11} + a_{12} + a_{13} + a_{21} + a_{22} + a_{23}"
    assert imported_verdicts(tmp_path, latex, "digits.py") != [Verdict.REFUTED]


@pytest.mark.parametrize("latex", [
    r"\sum_{i=1}^n \sqrt{w_{i}} \sqrt{v_{i}} = \sum_{i=1}^n \sqrt{w_{i} v_{i}}",
    r"\sum_{i=1}^n \sum_{j=1}^k \sqrt{w_{ij}} \sqrt{v_{ij}} = \sum_{i=1}^n \sum_{j=1}^k \sqrt{w_{ij} v_{ij}}",
])
@pytest.mark.slow
def test_a_line_true_where_every_root_of_an_entry_is_real_is_not_refuted_at_negative_entries_with_real_sides(
        tmp_path, latex):
    # at w, v < 0 both sides are real (√w·√v = -√(wv)) while each root is not: the counterexample is no refutation
    assert imported_verdicts(tmp_path, latex, "roots.py") != [Verdict.REFUTED]


@pytest.mark.parametrize("latex", [
    r"\sum_{i=1}^n \sqrt{w_{i}} \sqrt{v_{i}} = \sum_{i=1}^n \sqrt{w_{i} + v_{i}}",
    r"\sum_{i=1}^n \sum_{j=1}^k \sqrt{w_{ij}} \sqrt{v_{ij}} = \sum_{i=1}^n \sum_{j=1}^k \sqrt{w_{ij} + v_{ij}}",
])
@pytest.mark.slow
def test_near_miss_a_false_line_with_roots_of_entries_is_refuted_where_every_entry_is_positive(tmp_path, latex):
    assert imported_verdicts(tmp_path, latex, "false_roots.py") == [Verdict.REFUTED]


def test_words_giving_a_matrix_entries_of_another_letter_hold_a_line_writing_both_letters(tmp_path):
    latex = r"\sum_{j=1}^{m} W_{ij} x_j = \sum_{j=1}^{m} w_{ij} x_j"
    words = r"Let $\mathbf{W}$ be the weight matrix with entries $w_{ij}$."
    assert document_verdicts(tmp_path, note(words, latex), "entries.py") != [Verdict.REFUTED]
    # near miss: words about entries that write no entry with two indices say nothing of W and w
    words = r"Let $\mathbf{W}$ be the weight matrix with entries drawn at random and $x$ a vector."
    assert document_verdicts(tmp_path, note(words, latex), "free.py") == [Verdict.REFUTED]


def test_the_identity_matrix_written_with_two_indices_is_never_read_as_a_table_of_free_numbers(tmp_path):
    assert imported_verdicts(tmp_path, r"\sum_{j=1}^{n} I_{ij} x_j = x_i", "identity.py") != [Verdict.REFUTED]
    # near miss: another capital with two indices is a table, and the same line about it is refuted
    assert imported_verdicts(tmp_path, r"\sum_{j=1}^{n} J_{ij} x_j = x_i", "table.py") == [Verdict.REFUTED]


@pytest.mark.slow
def test_a_barred_letter_beside_its_table_may_be_a_column_mean_and_is_never_refuted_as_a_free_vector(tmp_path):
    mean = (r"\sum_{i=1}^{n} \sum_{j=1}^{m} (a_{ij} - \bar{a}_{j})^2 = "
            r"\sum_{i=1}^{n} \sum_{j=1}^{m} a_{ij}^2 - n \sum_{j=1}^{m} \bar{a}_{j}^2")
    assert imported_verdicts(tmp_path, mean, "mean.py") != [Verdict.REFUTED]
    # near miss: a vector of another letter is free, and the same line about it is refuted
    assert imported_verdicts(tmp_path, mean.replace(r"\bar{a}", "b"), "free.py") == [Verdict.REFUTED]
