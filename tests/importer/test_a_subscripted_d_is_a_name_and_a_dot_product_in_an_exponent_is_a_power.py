r"""`\frac{d_k}{d_k}`, `\frac{d_k}{\sqrt{d_k}}`: d with a subscript is a name (the keys' size), not a differential, so
a fraction of such names is a quotient; over a differential (`\frac{d_k}{dx}`) it is still refused as a derivative.
`e^{\mathbf{q}^\top\mathbf{k}}`: a dot product in an exponent, read as (Σ_k q_k k_k), is a power, never a label such
as `x^{(i)}`, which stays refused; any other `^\top` is refused naming the transpose and what it is on."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


@pytest.mark.parametrize("true, false", [
    (r"\frac{d_k}{d_k} = 1", r"\frac{d_k}{d_k} = 2"),
    (r"\frac{d_k x}{d_k} = x", r"\frac{d_k x}{d_k} = 2x"),
    (r"\frac{d_{k}}{2 d_{k}} = \frac{1}{2}", r"\frac{d_{k}}{2 d_{k}} = 2"),
    (r"e^{\mathbf{q}^\top \mathbf{k}} = \exp(\mathbf{q}^\top\mathbf{k})", r"e^{\mathbf{q}^\top \mathbf{k}} = \exp(2\mathbf{q}^\top\mathbf{k})"),
    (r"e^{\mathbf{q}^T\mathbf{k}} = \exp(\mathbf{k}^T\mathbf{q})", r"e^{\mathbf{q}^T\mathbf{k}} = \exp(-\mathbf{k}^T\mathbf{q})"),
])
def test_a_true_line_is_proved_and_its_twin_refuted(tmp_path, true, false):
    assert document_verdicts(tmp_path, f"$${true}$$\n", "true.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, f"$${false}$$\n", "false.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("latex, named", [
    (r"\frac{d_k}{dx} = 1", "is a derivative"),
    (r"\frac{dy}{dx} = 2", "is a derivative"),
    (r"x^{(i)} = 1", "is a label"),
    (r"e^{\mathbf{q}^\top (\mathbf{k} + \mathbf{v})} = 1", r"`\mathbf{q}^\top`: a transpose"),
    (r"x_i^\top w = 1", r"`x_i^\top`: a transpose"),
    (r"f(x) = (w_0, w_1)(1, x)^{\top}", r"`(1,x)^\top`: a transpose"),
])
def test_a_derivative_or_a_label_stays_refused(latex, named):
    doc = read_document(f"$${latex}$$\n", "notes.md")
    assert any(named in f.message for f in doc.failures) and not doc.chains
