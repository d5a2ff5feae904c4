r"""A bold H the text writes as a matrix of its own, in any bold spelling (`\mathbf H = \mathbf{X}^\top\mathbf{X}`
without braces, `\bm{H}`, `\boldsymbol H`), may be the matrix that `\mathbf{H}f(x, y)` multiplies by the number
f(x, y): that display is then never read as the Hessian of f, and a line true of the matrix H times f is never
refuted as a wrong Hessian.  With no other bold H in the text, `\mathbf{H}f(x, y)` is still the Hessian."""
from __future__ import annotations

import pytest

from verifier.importer.document import read_document

F = "$$\nf(x, y) = x + y.\n$$\n\n"
LINE = r"$$" + "\n" + r"\mathbf{H}f(x, y) = \begin{pmatrix} 2x + 2y & 0 \\ 0 & 2x + 2y\end{pmatrix}" + "\n$$\n"


def read_after_the_definition(text: str) -> list:
    doc = read_document(text, "notes.md")
    return [c for c in doc.chains if c.chain.sides[0] != "f(x, y)"]


@pytest.mark.parametrize("matrix", [r"\mathbf H", r"\bm{H}", r"\boldsymbol H", r"\bm H"])
def test_a_bold_h_given_as_a_matrix_in_any_spelling_keeps_h_f_from_being_the_hessian(matrix):
    text = f"Let ${matrix} = 2\\mathbf{{I}}$ be a matrix.\n\n" + F + LINE
    assert not read_after_the_definition(text)


def test_near_miss_with_no_other_bold_h_the_display_is_the_hessian():
    assert len(read_after_the_definition(F + LINE)) == 4
