r"""A construct the import does not read is named as the text writes it, never by a piece of it or by what another
rule rewrote it into: an indicator of two conditions `\mathbb{1}(y_i > 0, k > 0)`, a partial derivative with a subscript `\partial_{o_j}`, an
entry of a function's value `\mathrm{softmax}(\mathbf{o})_j`, a bold Greek letter where a vector cannot stand, a norm
with a subscript the import does not read, a one-sided limit, a subscript with a power in it (`a_{1^2}` is neither
the name a_12 nor a label: it was read as a_{12}, another entry the text may write)."""
from __future__ import annotations

import pytest

from verifier.importer.document import read_document


@pytest.mark.parametrize("latex, named", [
    (r"\frac{\partial L_i}{\partial f_k} = p_k - \mathbb{1}(y_i > 0, k > 0)", r"`\mathbb{1}(y_i>0,k>0)`: an indicator"),
    (r"\partial_{o_j} l(\mathbf{y}, \hat{\mathbf{y}}) = \mathrm{softmax}(\mathbf{o})_j - y_j",
     r"`\partial_{o_j}`: a partial derivative"),
    # (over a written range, `\sum_{k=1}^q`, the entry is read: its length is that range)
    (r"\frac{\exp(o_j)}{\sum_k \exp(o_k)} = \mathrm{softmax}(\mathbf{o})_j",
     r"`\mathrm{softmax}(\mathbf{o})_j`: an entry of the value of a function"),
    (r"l = \log \prod_{i=1}^n \boldsymbol{\pi}^{\mathbf{y}_i}", r"`\boldsymbol{\pi}`: a bold \pi"),
    (r"\|\mathbf{x}\|_p = 1", r"`\|\mathbf{x}\|_p`: the norm with subscript p"),
    (r"\lim_{\epsilon \rightarrow 0^+}\frac{L(4+\epsilon) - L(4)}{\epsilon} = 8",
     r"`\lim_{\epsilon\rightarrow0^+}`: a limit"),
])
def test_a_refusal_names_what_is_written(latex, named):
    doc = read_document(f"$${latex}$$\n", "notes.md")
    messages = [f.message for f in doc.failures]
    assert any(m.startswith(named) for m in messages), messages
    assert not any("unsupported construct" in m for m in messages), messages


@pytest.mark.parametrize("latex, named", [
    (r"a_{1^2} = 3", r"`a_{1^2}`: a subscript with a power in it"),
    (r"\sum_{i=1}^{2} x_{i^2} = x_1 + x_4", r"`x_{i^2}`: a subscript with a power in it"),
])
def test_a_subscript_with_a_power_in_it_is_named_never_run_together_into_a_label(latex, named):
    doc = read_document(f"$${latex}$$\n", "notes.md")
    assert not doc.chains, [c.exprs for c in doc.chains]
    assert any(f.message.startswith(named) for f in doc.failures), [f.message for f in doc.failures]


def test_near_miss_a_power_after_the_subscript_is_the_entrys_power():
    doc = read_document(r"$$\sigma^2_X = \sigma_X^2$$" + "\n" + r"$$x_i^2 + x_{t-1} = x_{t-1} + x_i^2$$" + "\n", "notes.md")
    assert len(doc.chains) == 2 and not doc.failures, [f.message for f in doc.failures]
