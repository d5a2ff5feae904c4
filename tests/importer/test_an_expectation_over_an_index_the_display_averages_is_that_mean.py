r"""`\mathbb{E}_i[…]` in a display that also writes `\frac{1}{n}\sum_{i=1}^n` of the text's index i is that mean:
the subscript names the index averaged over, uniformly over i = 1…n, as the display itself shows
(seed 001, eq. (3): `\frac{\frac{1}{n}\sum e^{s_i+\varepsilon_i} v_i}{\frac{1}{n}\sum e^{s_i+\varepsilon_i}}
= \frac{\mathbb{E}_i[e^{s_i+\varepsilon_i} v_i]}{\mathbb{E}_i[e^{s_i+\varepsilon_i}]}`).

Where the display writes no such mean, `\mathbb{E}_i[x_i]` has two readings (the mean over i, or an expectation at
each i, as `E_t[x_{t+1}]` is at time t): it stays refused naming both, or a quantity of a law whose steps are
unsettled (never refuted), never the mean.
"""
from __future__ import annotations

import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


def test_the_mean_the_display_writes_is_read_as_its_expectation_over_the_index():
    doc = read_document(r"$$ \frac{1}{n}\sum_{i=1}^n x_i^2 = \mathbb{E}_i[x_i^2] $$", "notes.md")
    assert not doc.failures, [str(f) for f in doc.failures]
    [chain] = doc.chains
    i, n = sp.Symbol("i", integer=True), sp.Symbol("n")
    x = sp.IndexedBase("x")
    assert sp.simplify(chain.exprs[1] - sp.Sum(x[i] ** 2, (i, 1, n)) / n) == 0


def test_true_line_proved_and_its_one_edit_twin_refuted(tmp_path):
    true = r"$$ \frac{1}{n}\sum\limits_{i=1}^n (x_i + 1) = \mathbb{E}_i[x_i] + 1 $$"
    twin = r"$$ \frac{1}{n}\sum\limits_{i=1}^n (x_i + 1) = \mathbb{E}_i[x_i] + n $$"
    assert set(document_verdicts(tmp_path, true, "true.py")) <= PASSING
    assert document_verdicts(tmp_path, twin, "twin.py") == [Verdict.REFUTED]


def _never_settled(doc) -> bool:
    return not any(len(c.exprs) > 1 and not c.unsettled for c in doc.chains)


def test_without_a_mean_in_the_display_the_expectation_over_an_index_is_never_read_as_one():
    for latex in (r"$$ \mathbb{E}_i[x_i] = \frac{1}{n}\sum_{j=1}^n x_j $$",
                  r"$$ \frac{1}{n}\sum_{i=1}^n x_i = \mathbb{E}_t[x_{t+1}] $$"):
        doc = read_document(latex, "notes.md")
        assert _never_settled(doc), latex
        assert all(any("E_" in str(a) for a in c.exprs) for c in doc.chains), latex    # never the mean


def test_an_expectation_over_an_index_in_a_text_that_sums_over_it_without_its_mean_is_refused_naming_both():
    doc = read_document(r"$$ \sum_{i=1}^n x_i = n\,\mathbb{E}_i[x_i] $$", "notes.md")
    refused = [f for f in doc.failures if "expectation" in f.message]
    assert refused and len(refused[0].readings) == 2
    assert _never_settled(doc)
