r"""A barred name the text defines in words as something other than the mean of the entries of its letter ("Let
$\bar{x}$ be a minimizer of $f$", "the reference point $\bar{x}$", "the weighted mean $\bar{x}$") is never taken for
that mean beside entries x_i: the display is refused, naming both readings.

Taken for the mean, the false `\sum_i (x_i - \bar{x}) = 0` about a minimizer was proved; the true
`\sum_i (x_i - \bar{x}) = \sum_i x_i - n\bar{x}` is refused with it, never refuted.

Near misses read both ways: a barred name the text calls the mean (or the average, the sample mean) is that mean, and
a barred name defined otherwise in a text with no entries of its letter is a number of its own.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.noncommuting import barred_in_words
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}
CENTRED = "\\sum_{i=1}^{n} (x_i - \\bar{x}) = 0"
EXPANDED = "\\sum_{i=1}^{n} (x_i - \\bar{x}) = \\sum_{i=1}^{n} x_i - n \\bar{x}"


@pytest.mark.parametrize("prose", [
    "Let $\\bar{x}$ be a minimizer of $f$, and $x_1, \\dots, x_n$ the iterates. Then",
    "Fix the reference point $\\bar{x}$ and data $x_1, \\dots, x_n$. Then",
    "Let $\\bar{x}$ be the weighted mean of $x_1, \\dots, x_n$. Then",
    "For the iterates $x_i$, with $\\overline{x}$ the last iterate,",
])
def test_a_barred_name_defined_otherwise_is_refused_in_the_false_line_and_the_true_one(tmp_path, prose):
    for line, name in ((CENTRED, "twin.py"), (EXPANDED, "true.py")):
        text = f"{prose}\n\n$${line}$$\n"
        doc = read_document(text, "notes.md")
        assert doc.failures and all(len(f.readings) == 2 for f in doc.failures), doc.failures
        assert any("mean" in r for f in doc.failures for r in f.readings), doc.failures
        verdicts = document_verdicts(tmp_path, text, name) if doc.chains else []
        assert Verdict.REFUTED not in verdicts and not set(verdicts) & PASSING, verdicts


def test_the_words_that_define_a_barred_name_are_found_and_a_mean_in_words_is_not():
    assert barred_in_words("Let $\\bar{x}$ be a minimizer of $f$, and $x_1$")["\\bar{x}"][1] == "a minimizer of $f$"
    assert set(barred_in_words("$\\bar{x}$ is the mean and $\\bar{y}$ a minimizer")) == {"\\bar{y}", "\\overline{y}"}
    for prose in ("Let $\\bar{x}$ be the sample mean of $x_1, \\dots, x_n$.", "where $\\bar x$ denotes the average",
                  "the sample mean $\\bar{x}$ of the data", "the empirical average $\\overline{x}$",
                  "Let $\\bar{x}$ and $\\bar{y}$ be the means.", "Let $\\bar{x} = 3$ and $x_1$ the first entry."):
        assert barred_in_words(prose) == {}, prose


@pytest.mark.parametrize("prose", [
    "Let $\\bar{x}$ be the sample mean of $x_1, \\dots, x_n$. Then",
    "where $\\bar{x}$ denotes the average of the entries $x_i$,",
])
def test_near_miss_a_barred_name_the_text_calls_the_mean_is_read_both_ways(tmp_path, prose):
    assert set(document_verdicts(tmp_path, f"{prose}\n\n$${CENTRED}$$\n", "t.py")) <= PASSING
    twin = "\\sum_{i=1}^{n} (x_i - \\bar{x}) = \\sum_{i=1}^{n} x_i"
    assert document_verdicts(tmp_path, f"{prose}\n\n$${twin}$$\n", "f.py") == [Verdict.REFUTED]


def test_near_miss_a_barred_name_defined_otherwise_with_no_entries_is_a_number_read_both_ways(tmp_path):
    prose = "Let $\\bar{x}$ be a reference point.\n\n"
    assert set(document_verdicts(tmp_path, prose + "$$(\\bar{x} + 1)^2 = \\bar{x}^2 + 2\\bar{x} + 1$$", "t.py")) <= PASSING
    assert document_verdicts(tmp_path, prose + "$$(\\bar{x} + 1)^2 = \\bar{x}^2 + 1$$", "f.py") == [Verdict.REFUTED]
