r"""`\boldsymbol{\pi}^{\mathbf{y}_i}`, a vector to the power of a vector, is the multi-index power ∏_j π_j^{y_{ij}}: each
entry of the base to the power of the matching entry of the exponent (y_{ij}, entry j of the vector y_i), over the
entries j = 1…k that a product or a sum of the chain takes the base's entries over.  The rule is printed; a true line
is not refuted and a twin with a wrong entry is.

Near misses, each left to the reader's refusal of the bold letter (named): a chain that takes the base's entries over
no written range (the length would be a guess), or over two ranges; a base the text writes bare as a scalar, or
declares a matrix."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

CHAIN = (r"$$ l(\theta) = \log L(\theta) = \log \prod_{i=1}^n \boldsymbol{\pi}^{\mathbf{y}_i} = \log \prod_{i=1}^n "
         r"\prod_{j=1}^k \pi_{j}^{y_{ij}} = \sum_{i=1}^n \sum_{j=1}^k y_{ij} \log{\pi_{j}}. $$" + "\n")


def test_the_power_is_the_product_of_entries_over_the_range_the_chain_writes_and_the_rule_is_printed():
    doc = read_document(CHAIN, "notes.md")
    (chain,) = doc.chains
    assert not doc.failures, [str(f) for f in doc.failures]
    assert chain.exprs[2] == chain.exprs[3] and [str(p) for p in chain.exprs[2].atoms(sp.Pow)] == ["pi[j]**y[i, j]"] \
        and isinstance(chain.exprs[2].args[0], sp.Product), chain.exprs
    assert any(r"`\boldsymbol{\pi}^{\mathbf{y}_i}` as the multi-index power" in r and "j = 1…k" in r
               for r in doc.rules), doc.rules


@pytest.mark.slow
def test_a_true_multi_index_power_is_not_refuted_and_its_twin_with_a_wrong_entry_is(tmp_path):
    true = r"$$ \log \boldsymbol{\pi}^{\mathbf{y}} = \log \prod_{j=1}^{k} \pi_j^{y_j} = \sum_{j=1}^{k} y_j \log \pi_j $$"
    assert Verdict.REFUTED not in document_verdicts(tmp_path, true + "\n", "true.py")
    twin = true.replace(r"\log \pi_j $$", r"\log \pi_1 $$")
    assert document_verdicts(tmp_path, twin + "\n", "twin.py")[-1] == Verdict.REFUTED


@pytest.mark.slow
def test_near_miss_a_power_set_equal_to_a_product_with_a_doubled_exponent_is_refuted(tmp_path):
    line = r"$$ \mathbf{a}^{\mathbf{b}} = \prod_{j=1}^{k} a_j^{2b_j} $$" + "\n"
    assert document_verdicts(tmp_path, line, "twin.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("text", [
    r"$$ l = \log \prod_{i=1}^n \boldsymbol{\pi}^{\mathbf{y}_i} $$" + "\n",                      # no range for π_j
    r"$$ \boldsymbol{\pi}^{\mathbf{y}} = \prod_{j=1}^{k} \pi_j^{y_j} = \prod_{j=1}^{m} \pi_j^{y_j} $$" + "\n",
    "$$ \\mathbf{p}^{\\mathbf{y}} = \\prod_{j=1}^{k} p_j^{y_j} + p - p $$\n",                   # p also a scalar
    "Let $\\mathbf{p}$ be a $k \\times k$ matrix.\n\n$$ \\mathbf{p}^{\\mathbf{y}} = \\prod_{j=1}^{k} p_j^{y_j} $$\n",
])
def test_near_miss_a_power_whose_length_or_base_is_not_settled_is_refused_by_name(text):
    doc = read_document(text, "notes.md")
    base = r"\boldsymbol{\pi}" if r"\pi" in text else r"\mathbf{p}"
    assert not any(base in " ".join(c.chain.sides) for c in doc.chains) \
        and any(base in f.message or base in f.latex for f in doc.failures), \
        ([c.exprs for c in doc.chains], [str(f) for f in doc.failures])
