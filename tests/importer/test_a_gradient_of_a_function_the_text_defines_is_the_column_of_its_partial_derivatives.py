r"""The gradient of a function the text defines, `\nabla f(x, y)`, set equal to a column is the column of its partial
derivatives in the order of its parameters, compared entry by entry: a true gradient is proved, a twin with a wrong
entry refuted.  Equations a display joins with "and" are each read, or named: `\mathbf{J}f(x, y)` beside the gradient
is not read (nothing says what J is) and is named, never dropped (the Hessian `\mathbf{H}f(x, y)` is read, in
test_a_hessian_of_a_function_the_text_defines_is_the_matrix_of_its_second_partial_derivatives).  Near misses: a gradient at names other
than the definition's parameters, of a function the text does not define, or a plain name set equal to a column are
not read."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

F = "$$\nf(x, y) = xe^{-x^2-y^2}.\n$$\n\n"
GRADIENT = r"\nabla f(x, y) = e^{-x^2-y^2}\begin{pmatrix}1-2x^2 \\ -2xy\end{pmatrix}"


def after_the_definition(doc) -> list:
    """The chains read from the displays after the one that defines f (that one is a chain of its own)."""
    return [c for c in doc.chains if c.chain.line > 3]


@pytest.mark.slow
def test_a_true_gradient_is_proved_entry_by_entry(tmp_path):
    # the first verdict is the definition's own display, f(x, y) = x e^{-x^2-y^2}
    assert document_verdicts(tmp_path, F + f"$$\n{GRADIENT}\n$$\n", "true.py")[1:] == [Verdict.PROVED] * 2


@pytest.mark.slow
def test_near_miss_a_gradient_with_a_wrong_entry_is_refuted_there(tmp_path):
    twin = GRADIENT.replace("1-2x^2", "1-2x")
    assert document_verdicts(tmp_path, F + f"$$\n{twin}\n$$\n", "twin.py")[1:] == [Verdict.REFUTED, Verdict.PROVED]


def test_an_equation_joined_with_and_that_is_not_read_is_named_beside_the_gradient():
    hessian = r"\mathbf{J}f(x, y) = e^{-x^2-y^2}\begin{pmatrix} 4x^3 - 6x & 4x^2y - 2y \\ 4x^2y-2y &4xy^2-2x\end{pmatrix}"
    doc = read_document(F + f"$$\n{GRADIENT} \\; \\textrm{{and}} \\; {hessian}.\n$$\n", "notes.md")
    assert len(after_the_definition(doc)) == 2
    assert any("“and”" in f.message and r"\mathbf{J}f" in f.latex for f in doc.failures), [str(f) for f in doc.failures]


def test_near_miss_a_gradient_at_other_names_or_of_an_undefined_function_is_not_read():
    for line in (GRADIENT.replace("f(x, y)", "f(a, b)"), GRADIENT.replace(r"\nabla f", r"\nabla g")):
        doc = read_document(F + f"$$\n{line}\n$$\n", "notes.md")
        assert not after_the_definition(doc) and doc.failures, (line, [str(f) for f in doc.failures])


def test_near_miss_a_name_set_equal_to_a_column_with_no_gradient_is_not_read():
    doc = read_document(F + "$$\nh = e^{-x^2-y^2}\\begin{pmatrix}1-2x^2 \\\\ -2xy\\end{pmatrix}\n$$\n", "notes.md")
    assert not after_the_definition(doc) and any("not read" in f.message for f in doc.failures), \
        [str(f) for f in doc.failures]
