r"""The gradient in a bold vector of a function the text defines (`\nabla_{\mathbf{w}} L(\mathbf{w})`) is the
definition's gradient, never any vector of its own, whatever the layout of the definition: `L(\mathbf{w}) &= …` in an
aligned display, `L(\mathbf{w}) \, = …` with spacing.  Read as any vector, a line true of the definition
(⟨w, ∇L(w)⟩ = −‖w‖² for L = −½‖w‖²) would be judged as if the gradient were free.  The gradient is refused by name.

Near miss: a function the text does not define keeps its gradient as a vector of its own.
"""
from __future__ import annotations

import pytest

from verifier.importer.document import read_document
from verifier.importer.products import GRADIENT_NOT_READ

LINE = ("$$\\left\\langle \\mathbf{w}, \\nabla_{\\mathbf{w}} L(\\mathbf{w}) \\right\\rangle = "
        "-\\|\\mathbf{w}\\|^2$$\n")


def gradient_chains(doc) -> list:
    return [c for c in doc.chains if "nabla" in " ".join(c.chain.sides)]


@pytest.mark.parametrize("definition", [
    "$$\\begin{aligned} L(\\mathbf{w}) &= -\\frac{1}{2}\\|\\mathbf{w}\\|^2 \\end{aligned}$$",
    "$$L(\\mathbf{w}) \\, = \\, -\\frac{1}{2}\\|\\mathbf{w}\\|^2$$",
])
def test_the_gradient_of_a_function_defined_with_an_alignment_mark_or_spacing_is_refused_by_name(definition):
    doc = read_document(definition + "\n\n" + LINE, "notes.md")
    assert not gradient_chains(doc), [c.exprs for c in doc.chains]
    assert any(GRADIENT_NOT_READ in f.message for f in doc.failures), [str(f) for f in doc.failures]


def test_near_miss_the_gradient_of_a_function_the_text_does_not_define_is_read():
    doc = read_document(LINE, "notes.md")
    assert gradient_chains(doc) and not doc.failures, [str(f) for f in doc.failures]
