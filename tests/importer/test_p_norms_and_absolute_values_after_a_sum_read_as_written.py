r"""`\|\mathbf{x}\|_1` is Σ_k |x_k| and `\|\mathbf{x}\|_\infty` is max_k |x_k| (the text's bold vectors, as the Euclidean
norm `\|\mathbf{x}\|_2` is read); a norm with another subscript (`_p`, `_F`), or of something that is not a sum of bold
vectors, is refused naming what is written, never read as another norm. A bar right after the limits of Σ, Π, max or
min opens an absolute value (`\sum_{i=1}^n |x_i|`)."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.NUMERIC}


@pytest.mark.parametrize("true, false", [
    (r"\|\mathbf{x} - \mathbf{y}\|_1 = \|\mathbf{y} - \mathbf{x}\|_1", r"\|\mathbf{x} - \mathbf{y}\|_1 = \|\mathbf{y} + \mathbf{x}\|_1"),
    (r"\|\mathbf{x}\|_\infty \le \|\mathbf{x}\|_1", r"\|\mathbf{x}\|_1 \le \|\mathbf{x}\|_\infty"),
    (r"\|\mathbf{x}\|_2 \le \|\mathbf{x}\|_1", r"\|\mathbf{x}\|_1 \le \|\mathbf{x}\|_2"),
    (r"\|2\mathbf{x}\|_\infty = 2\|\mathbf{x}\|_{\infty}", r"\|2\mathbf{x}\|_\infty = 4\|\mathbf{x}\|_{\infty}"),
    (r"\sum_{i=1}^n |x_i - y_i| = \sum_{i=1}^n |y_i - x_i|", r"\sum_{i=1}^n |x_i - y_i| = \sum_{i=1}^n |y_i + x_i|"),
    (r"\sum_{i=1}^n |x_i| \ge |\sum_{i=1}^n x_i|", r"\sum_{i=1}^n |x_i| \le |\sum_{i=1}^n x_i|"),
])
def test_a_true_line_of_norms_or_absolute_values_passes_and_its_twin_is_refuted(tmp_path, true, false):
    assert set(document_verdicts(tmp_path, f"$${true}$$\n", "true.py")) <= PASSING
    assert document_verdicts(tmp_path, f"$${false}$$\n", "false.py") == [Verdict.REFUTED]


def test_a_one_norm_is_read_as_the_sum_of_absolute_entries_with_its_rule_printed():
    doc = read_document(r"$$\|\mathbf{x}\|_1 = \sum_{i=1}^n |x_i|$$" + "\n", "notes.md")
    assert not doc.failures and doc.chains
    assert any("1-norm" in r for r in doc.rules)
    assert not any("Euclidean" in r for r in doc.rules)


@pytest.mark.parametrize("latex, named", [
    (r"\|\mathbf{x}\|_p = 1", r"\|\mathbf{x}\|_p"),
    (r"L_i = \Vert f - y_i \Vert_1 = \sum_j |f_j|", r"\Vert f - y_i \Vert_1"),
])
def test_a_norm_that_is_not_read_is_refused_naming_what_is_written(latex, named):
    doc = read_document(f"$${latex}$$\n", "notes.md")
    messages = [f.message for f in doc.failures]
    assert any(named.replace(" ", "") in m.replace(" ", "") for m in messages), messages
    assert not any(r"\sum_{k" in m for m in messages)
