r"""`\partial_\mathbf{x} f(\boldsymbol{\xi}_t, \mathbf{x})`, `\nabla_{\mathbf{w}} L(\mathbf{w})`: the gradient in a bold
vector of a function the text defines nowhere is one column vector of its own beside the text's vectors (the function
is any function, so its gradient at a point is any vector), read in products that do not commute with its norm and
inner products: the expansion of ‖a − ηg − b‖² is proved, a twin that drops a factor is refuted on the vectors every
declaration allows, and the step from x_{t+1} to x_t (an update) stays unsettled, never refuted.

Near misses, each refused by name: a function the text defines (`f(\mathbf{x}) = \frac{1}{2}\|\mathbf{x}\|^2`: its
gradient is x, not any vector, so ‖∂f − x‖² = 0 must never be refuted), a gradient the text writes at two points (they
may be one point written twice), a derivative by a bold capital (a matrix) or by a plain letter.  A sentence that says
anything of the function ("Here $f$ is the quadratic loss": its gradient may be x) keeps the step from the vectors
every declaration allows, so a line true for that function is never refuted; with no such sentence it is refuted."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.products import GRADIENT_NOT_READ
from verifier.verdicts import Verdict

G = r"\partial_\mathbf{x} f(\boldsymbol{\xi}_t, \mathbf{x})"
TRUE = (r"$$\begin{aligned} &\|\mathbf{x}_{t+1} - \mathbf{x}^*\|^2 \\ =& \|\mathbf{x}_{t} - \eta_t " + G
        + r" - \mathbf{x}^*\|^2 \\ =& \|\mathbf{x}_{t} - \mathbf{x}^*\|^2 + \eta_t^2 \|" + G + r"\|^2 - 2 \eta_t "
        r"\left\langle \mathbf{x}_t - \mathbf{x}^*, " + G + r"\right\rangle. \end{aligned}$$" + "\n")
TWIN = TRUE.replace(r"- 2 \eta_t", r"- \eta_t")


def test_the_gradient_is_read_as_one_vector_and_the_rule_is_printed():
    doc = read_document(TRUE, "notes.md")
    assert len(doc.chains) == 1 and not doc.failures, [str(f) for f in doc.failures]
    assert any(r"`\partial_\mathbf{x}f(\boldsymbol{\xi}_t,\mathbf{x})`" in r and "one column vector" in r
               for r in doc.rules), doc.rules


@pytest.mark.slow
def test_the_expansion_of_the_norm_is_proved_and_the_update_step_is_never_refuted(tmp_path):
    assert document_verdicts(tmp_path, TRUE, "true.py") == [Verdict.UNKNOWN, Verdict.PROVED]


@pytest.mark.slow
def test_near_miss_a_twin_that_drops_a_factor_is_refuted(tmp_path):
    assert document_verdicts(tmp_path, TWIN, "twin.py")[1] == Verdict.REFUTED


@pytest.mark.slow
def test_near_miss_an_inner_product_with_the_gradient_set_equal_to_a_sum_of_squares_is_refuted(tmp_path):
    g = r"\nabla_{\mathbf{w}} L(\mathbf{w})"
    line = rf"$$\left\langle \mathbf{{x}}, {g} \right\rangle = \|{g}\|^2 + \|\mathbf{{x}}\|^2$$" + "\n"
    assert document_verdicts(tmp_path, line, "twin.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("text", [
    # the text defines f: its gradient is x, and this true line must never be refuted
    "$$f(\\mathbf{x}) = \\frac{1}{2}\\|\\mathbf{x}\\|^2$$\n\n"
    "$$\\|\\partial_\\mathbf{x} f(\\mathbf{x}) - \\mathbf{x}\\|^2 = 0$$\n",
    "Let $f := g$.\n\n$$\\|\\partial_\\mathbf{x} f(\\mathbf{x}) - \\mathbf{x}\\|^2 = 0$$\n",
    # two points that may be one
    "Take $\\mathbf{x} = \\mathbf{x}_t$.\n\n"
    "$$\\|\\partial_\\mathbf{x} f(\\mathbf{x}) - \\partial_\\mathbf{x} f(\\mathbf{x}_t)\\|^2 = 0$$\n",
])
def test_near_miss_a_defined_function_or_two_points_is_refused_naming_the_gradient(text):
    doc = read_document(text, "notes.md")
    steps = [c for c in doc.chains if r"\partial" in " ".join(c.chain.sides)]
    assert not steps and any(r"`\partial _" in f.message and GRADIENT_NOT_READ in f.message for f in doc.failures), \
        ([c.exprs for c in doc.chains], [str(f) for f in doc.failures])


@pytest.mark.parametrize("text", ["$$\\|\\partial_\\mathbf{X} f(\\mathbf{X}) - \\mathbf{y}\\|^2 = 0$$\n",
                                  "$$\\|\\partial_x f(\\mathbf{x}) - \\mathbf{y}\\|^2 = 0$$\n"])
def test_near_miss_a_derivative_by_a_matrix_or_a_plain_letter_is_refused_by_name(text):
    doc = read_document(text, "notes.md")
    steps = [c for c in doc.chains if r"\partial" in " ".join(c.chain.sides)]
    assert not steps and any(r"\partial" in f.message or r"\partial" in f.latex for f in doc.failures), \
        ([c.exprs for c in doc.chains], [str(f) for f in doc.failures])


SAID_OF_F = (r"$$\left\langle \nabla_{\mathbf{x}} f(\mathbf{x}), \mathbf{x} \right\rangle + \|\mathbf{x}\|^2 = "
             r"\|\nabla_{\mathbf{x}} f(\mathbf{x})\|^2 + \|\mathbf{x}\|^2$$" + "\n")


@pytest.mark.slow
def test_a_line_true_for_the_function_a_sentence_describes_is_never_refuted(tmp_path):
    # true for f(x) = ‖x‖²/2, a quadratic loss, whose gradient is x
    text = "Here $f$ is the quadratic loss.\n\n" + SAID_OF_F
    assert document_verdicts(tmp_path, text, "said.py") == [Verdict.UNKNOWN]


@pytest.mark.slow
def test_near_miss_the_same_line_about_a_function_nothing_describes_is_refuted(tmp_path):
    assert document_verdicts(tmp_path, SAID_OF_F, "any.py") == [Verdict.REFUTED]
