r"""The Hessian of a function the text defines, written alone on the first side (`\mathbf{H}f(x, y) = …`,
`\mathbf{H}_f(x, y) = …`, `\nabla^2 f(x, y) = …`) and set equal to a matrix, is the matrix of its second partial
derivatives, entry (i, j) ∂²f/∂x_i∂x_j in the order of its parameters, compared entry by entry: a true Hessian is
proved, a twin with a wrong coefficient refuted in that entry.  A mixed partial derivative of such a function,
`\frac{\partial^2 f}{\partial x \partial y}`, is read as one, its orders adding up to the order over f.

Near misses, each left unread and named: a bold H the text also writes as a matrix of its own (`\mathbf{H} = …`,
`\mathbf{H}\mathbf{x}`), so that H f(x, y) may be that matrix times a number; ∇² f(x, y) not alone on its side (times
a vector it may be the Laplacian's multiple as well); a Hessian at other names than the definition's parameters or of a
function the text does not define; a mixed derivative whose orders do not add up, that names a variable twice, is
written with d, or is in a variable f is not a function of."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

x, y = sp.symbols("x y")
F = "$$\nf(x, y) = xe^{-x^2-y^2}.\n$$\n\n"
GRID = r"e^{-x^2-y^2}\begin{pmatrix} 4x^3 - 6x & 4x^2y - 2y \\ 4x^2y-2y &4xy^2-2x\end{pmatrix}"
HESSIAN = r"\mathbf{H}f(x, y) = " + GRID
GRADIENT = r"\nabla f(x, y) = e^{-x^2-y^2}\begin{pmatrix}1-2x^2 \\ -2xy\end{pmatrix}"


def after_the_definition(doc) -> list:
    """The chains read from the displays after the one that defines f."""
    return [c for c in doc.chains if c.chain.sides[0] != "f(x, y)"]


def named(doc, written: str) -> bool:
    return any(written in f.latex or written in f.message for f in doc.failures)


def test_the_hessian_is_read_as_the_matrix_of_second_partial_derivatives_in_the_parameters_order():
    doc = read_document(F + f"$$\n{HESSIAN}\n$$\n", "notes.md")
    body = x * sp.exp(-x**2 - y**2)
    got = [sp.simplify(c.exprs[0].doit() - body.diff(*pair)) for c, pair in
           zip(after_the_definition(doc), [(x, x), (x, y), (y, x), (y, y)])]
    assert got == [0] * 4, [c.exprs for c in doc.chains]
    assert any("Hessian" in r and r"\mathbf{H}f(x, y)" in r for r in doc.rules), doc.rules


@pytest.mark.parametrize("head", [r"\mathbf{H}_f(x, y)", r"\mathbf{H}_{f}(x, y)", r"\nabla^2 f(x, y)",
                                  r"\nabla^{2} f(x,y)"])
def test_the_hessian_in_each_usual_notation_is_read_entry_by_entry(head):
    doc = read_document(F + f"$$\n{head} = {GRID}\n$$\n", "notes.md")
    assert len(after_the_definition(doc)) == 4 and not doc.failures, [str(f) for f in doc.failures]


@pytest.mark.slow
def test_a_true_hessian_beside_the_gradient_is_proved_in_every_entry(tmp_path):
    text = F + f"$$\n{GRADIENT} \\; \\textrm{{and}} \\; {HESSIAN}.\n$$\n"
    assert document_verdicts(tmp_path, text, "true.py")[1:] == [Verdict.PROVED] * 6


@pytest.mark.slow
def test_near_miss_a_hessian_with_a_wrong_coefficient_is_refuted_in_that_entry_only(tmp_path):
    text = F + f"$$\n{HESSIAN.replace('6x', '3x')}\n$$\n"
    assert document_verdicts(tmp_path, text, "twin.py")[1:] == [Verdict.REFUTED] + [Verdict.PROVED] * 3


@pytest.mark.parametrize("elsewhere", [
    "Let $\\mathbf{H} = \\begin{pmatrix}1 & 0 \\\\ 0 & 1\\end{pmatrix}$ be a matrix.\n\n",
    "The product $\\mathbf{H}\\mathbf{x}$ is a vector.\n\n"])
def test_near_miss_a_bold_h_the_text_also_writes_as_a_matrix_is_not_read_as_the_hessian(elsewhere):
    doc = read_document(elsewhere + F + f"$$\n{HESSIAN}\n$$\n", "notes.md")
    assert not after_the_definition(doc) and doc.failures, [str(f) for f in doc.failures]


@pytest.mark.parametrize("line", [
    r"\nabla^2 f(x, y) \begin{pmatrix}1 \\ 0\end{pmatrix} = e^{-x^2-y^2}\begin{pmatrix} 4x^3 - 6x \\ 4x^2y - 2y\end{pmatrix}",
    HESSIAN.replace("f(x, y)", "f(a, b)"),
    HESSIAN.replace(r"\mathbf{H}f", r"\mathbf{H}g"),
])
def test_near_miss_a_hessian_not_alone_at_other_names_or_of_an_undefined_function_is_not_read(line):
    doc = read_document(F + f"$$\n{line}\n$$\n", "notes.md")
    assert not after_the_definition(doc) and doc.failures, (line, [str(f) for f in doc.failures])


def test_a_mixed_partial_derivative_of_a_defined_function_is_read_in_both_variables():
    doc = read_document(F + "$$\n\\frac{\\partial^2 f}{\\partial x \\partial y} = (4x^2y-2y)e^{-x^2-y^2}\n$$\n",
                        "notes.md")
    (chain,) = after_the_definition(doc)
    assert sp.simplify(chain.exprs[0].doit() - chain.exprs[1]) == 0


@pytest.mark.slow
def test_near_miss_a_mixed_partial_with_a_wrong_coefficient_is_refuted(tmp_path):
    text = F + "$$\n\\frac{\\partial^2 f}{\\partial x \\partial y} = (4x^2y-3y)e^{-x^2-y^2}\n$$\n"
    assert document_verdicts(tmp_path, text, "twin.py")[1:] == [Verdict.REFUTED]


@pytest.mark.parametrize("derivative", [r"\frac{\partial^2 f}{\partial x^2 \partial y}",
                                        r"\frac{\partial^2 f}{\partial x \partial x}",
                                        r"\frac{d^2 f}{dx dy}", r"\frac{\partial^2 f}{\partial x \partial z}"])
def test_near_miss_a_mixed_derivative_that_does_not_add_up_repeats_uses_d_or_another_variable_is_refused(derivative):
    doc = read_document(F + f"$$\n{derivative} = 1\n$$\n", "notes.md")
    assert not after_the_definition(doc) and named(doc, derivative.split("}")[0].split("{")[1][:8]), \
        [str(f) for f in doc.failures]
