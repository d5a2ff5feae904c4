r"""The gradient of a function the text does not define, written `\nabla_\mathbf{x} f(\mathbf{x})` in one place and
`\nabla_{\mathbf{x}} f(\mathbf{x})` in another, is one vector: read as two vectors of their own, the expansion
‖x − ∇f‖² = ‖x‖² − 2xᵀ∇f + ‖∇f‖² written with both spellings held two unrelated quantities and stayed unknown.  A twin
dropping the 2 still expands to different sides."""
from __future__ import annotations

import sympy as sp

from verifier.importer.document import read_document

LINE = (r"$$ \|\mathbf{x} - \nabla_{\mathbf{x}} f(\mathbf{x})\|^2 = \|\mathbf{x}\|^2 - 2 \mathbf{x}^\top "
        r"\nabla_\mathbf{x} f(\mathbf{x}) + \|\nabla_{\mathbf{x}} f(\mathbf{x})\|^2 $$" + "\n")


def test_both_spellings_of_the_subscript_are_one_gradient_and_the_expansion_holds():
    doc = read_document("For vectors $\\mathbf{x}$,\n\n" + LINE, "notes.md")
    (chain,) = doc.chains
    cross = {s.name for e in chain.exprs for s in e.free_symbols if s.name.startswith(r"\mathbf{x}^{\top}\nabla")}
    assert len(cross) == 1, cross
    assert sp.expand(chain.exprs[0] - chain.exprs[1]) == 0, chain.exprs


def test_near_miss_a_twin_dropping_the_two_does_not_expand_to_the_same_sides():
    doc = read_document("For vectors $\\mathbf{x}$,\n\n" + LINE.replace("- 2 ", "- "), "notes.md")
    (chain,) = doc.chains
    assert sp.expand(chain.exprs[0] - chain.exprs[1]) != 0, chain.exprs
