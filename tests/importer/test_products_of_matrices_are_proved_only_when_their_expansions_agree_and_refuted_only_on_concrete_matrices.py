r"""A side with a bold capital is a matrix expression: products of matrices and vectors are read in the order written,
each product one quantity, expanded over sums with the rules that hold for any matrices ((AB)ᵀ = BᵀAᵀ, AA⁻¹ = I,
bold I the identity, a row times a column a number equal to its transpose, ‖v‖² = vᵀv).  A step whose expansions
agree is proved; one whose expansions differ is unsettled (the text's matrices may be symmetric, a product 1×1, a
name defined in words), so it is never accepted, and a counterexample over those quantities refutes nothing: it is
refuted only on concrete matrices every declaration allows, each a multiple of the identity (specified in
test_a_matrix_step_false_for_multiples_of_the_identity_is_refuted_one_true_for_them_is_not.py).  Anything else a
matrix stands in is refused by name.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.products import read_matrix_side
from verifier.importer.reading import Context, DEFAULT_BACKEND, ReadError
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


def words(latex: str, text: str = "") -> sp.Expr:
    return read_matrix_side(latex, DEFAULT_BACKEND, Context(), text).expr


def test_products_keep_their_order_and_transposes_reverse_it():
    A, B = r"\mathbf{A}", r"\mathbf{B}"
    assert words(rf"{A}{B}") != words(rf"{B}{A}")
    assert words(rf"({A}{B})^\top") == words(rf"{B}^\top {A}^\top") != words(rf"{A}^\top {B}^\top")
    assert words(rf"({A}+{B})^2") == words(rf"{A}^2 + {A}{B} + {B}{A} + {B}^2") != words(rf"{A}^2 + 2{A}{B} + {B}^2")
    assert words(rf"{A}{A}^{{-1}}") == words(r"\mathbf{I}") == 1
    assert words(rf"(\mathbf{{I}} - \eta {A}) \mathbf{{z}}") == words(rf"\mathbf{{z}} - \eta {A}\mathbf{{z}}")
    assert words(rf"({A} + {B})\mathbf{{x}}") == words(rf"{A}\mathbf{{x}} + {B}\mathbf{{x}}")


def test_a_row_times_a_column_is_its_own_transpose_but_not_a_symmetric_product():
    x, y, A = r"\mathbf{x}", r"\mathbf{y}", r"\mathbf{A}"
    assert words(rf"{x}^\top {A} {y}") == words(rf"{y}^\top {A}^\top {x}")
    assert words(rf"{x}^\top {A} {y}") != words(rf"{y}^\top {A} {x}")
    # a number times a vector as texts write it, (x^T y) z, is no number: never turned over
    assert words(rf"{x}^\top {y} \mathbf{{z}}") != words(rf"\mathbf{{z}}^\top {y}^\top {x}")
    assert words(rf"\|{A}{x}\|^2") == words(rf"{x}^\top {A}^\top {A} {x}") != words(rf"{x}^\top {A} {A}^\top {x}")
    assert words(rf"\|{A}{x}\|") == words(rf"\sqrt{{{x}^\top {A}^\top {A} {x}}}") \
        != words(rf"\sqrt{{{x}^\top {A} {A}^\top {x}}}")
    # a text whose vectors are rows: a row's transpose times a row is no number
    row = r"with $\mathbf{x}, \mathbf{y} \in \mathbb{R}^{1 \times d}$"
    assert words(rf"{x}^\top {A} {y}", row) != words(rf"{y}^\top {A}^\top {x}", row)


def test_true_matrix_lines_are_proved_and_their_one_edit_twins_never_accepted_nor_refuted(tmp_path):
    true = ("$$ (\\mathbf{A}\\mathbf{B})^\\top = \\mathbf{B}^\\top\\mathbf{A}^\\top $$\n\n"
            "$$ (\\mathbf{A}+\\mathbf{B})^2 = \\mathbf{A}^2 + \\mathbf{A}\\mathbf{B} + \\mathbf{B}\\mathbf{A} + "
            "\\mathbf{B}^2 $$\n\n"
            "$$ \\|\\mathbf{A}\\mathbf{x}\\|^2 = \\mathbf{x}^\\top\\mathbf{A}^\\top\\mathbf{A}\\mathbf{x} $$\n")
    twin = ("$$ (\\mathbf{A}\\mathbf{B})^\\top = \\mathbf{A}^\\top\\mathbf{B}^\\top $$\n\n"
            "$$ (\\mathbf{A}+\\mathbf{B})^2 = \\mathbf{A}^2 + 2\\mathbf{A}\\mathbf{B} + \\mathbf{B}^2 $$\n\n"
            "$$ \\mathbf{A}\\mathbf{B} = \\mathbf{B}\\mathbf{A} $$\n\n"
            "$$ \\|\\mathbf{A}\\mathbf{x}\\|^2 = \\mathbf{x}^\\top\\mathbf{A}\\mathbf{A}^\\top\\mathbf{x} $$\n")
    assert document_verdicts(tmp_path, true, "true.py") == [Verdict.PROVED] * 3
    assert document_verdicts(tmp_path, twin, "twin.py") == [Verdict.UNKNOWN] * 4


def test_a_momentum_step_is_proved_and_its_sign_twin_refuted_on_multiples_of_the_identity(tmp_path):
    # d2l-en chapter_optimization/momentum.md: z_t = z_{t-1} - Λ z_{t-1} = (I - Λ) z_{t-1}
    true = (r"$$\mathbf{z}_t = \mathbf{z}_{t-1} - \boldsymbol{\Lambda} \mathbf{z}_{t-1} = (\mathbf{I} - "
            r"\boldsymbol{\Lambda}) \mathbf{z}_{t-1}.$$")
    twin = true.replace(r"(\mathbf{I} - ", r"(\mathbf{I} + ")
    assert document_verdicts(tmp_path, true, "true.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, twin, "twin.py") == [Verdict.REFUTED]


def test_a_last_side_that_names_new_matrices_is_never_refuted(tmp_path):
    # d2l-en chapter_multilayer-perceptrons/mlp.md: W and b are defined in words after the display
    text = (r"$$\mathbf{O} = (\mathbf{X} \mathbf{W}^{(1)} + \mathbf{b}^{(1)})\mathbf{W}^{(2)} + \mathbf{b}^{(2)} = "
            r"\mathbf{X} \mathbf{W}^{(1)}\mathbf{W}^{(2)} + \mathbf{b}^{(1)} \mathbf{W}^{(2)} + \mathbf{b}^{(2)} = "
            r"\mathbf{X} \mathbf{W} + \mathbf{b}.$$")
    assert document_verdicts(tmp_path, text, "mlp.py") == [Verdict.PROVED, Verdict.UNKNOWN]
    swapped = text.replace(r"+ \mathbf{b}^{(1)} \mathbf{W}^{(2)}", r"+ \mathbf{W}^{(2)} \mathbf{b}^{(1)}")
    assert document_verdicts(tmp_path, swapped, "swapped.py") == [Verdict.UNKNOWN, Verdict.UNKNOWN]


def test_a_product_on_the_left_is_a_claim_never_a_definition(tmp_path):
    # were `(AB)^T = A^T B^T` taken as defining the product, the same line again would be proved from it
    line = "$$ (\\mathbf{A}\\mathbf{B})^\\top = \\mathbf{A}^\\top\\mathbf{B}^\\top $$\n\n"
    doc = read_document(line + line, "notes.md")
    assert not doc.definitions and len(doc.chains) == 2
    assert Verdict.PROVED not in document_verdicts(tmp_path, line + line, "again.py")


@pytest.mark.parametrize("side, named", [
    (r"\mathbf{A} x", "`x` beside a matrix"),                       # x may be a matrix itself
    (r"\frac{1}{\sqrt{d}}\mathbf{Q}\mathbf{K}^\top", "`d` beside a matrix"),
    (r"\hat{\mathbf{Y}}\mathbf{A}", "under another command"),
    (r"e^{\mathbf{A}}", "under another command"),
    (r"\mathbf{A}^{2n}", "the power"),
    (r"(\mathbf{A}\mathbf{B})^{-1}", "the inverse of a product"),
    (r"\mathbf{A} \cdot \mathbf{B}", r"`\cdot` beside a matrix"),
    (r"\mathbf{A} \times \mathbf{B}", r"`\times`"),
    (r"\mathbf{A}\cdots\mathbf{A}", r"`\cdots`"),
    (r"\|\mathbf{X} - \mathbf{U}\mathbf{V}\|_F", "a norm other than the Euclidean one"),
    (r"\|\mathbf{X} - \mathbf{U}\mathbf{V}\|^2", "not a combination of column vectors"),
    (r"\sigma(\mathbf{A})", "before a parenthesis"),
    (r"\sqrt{\mathbf{A}}", "the square root of a matrix"),
    # a bold letter before a bracket of numbers may be an operator applied (an expectation, a probability)
    (r"\mathbf{E}[2]", "before a bracket"), (r"\mathbf{P}(\eta + 1)", "before a bracket"),
    # before a bracket of vectors: a map applied (N(2x) = 2N(x) is false for a layer normalisation) or a product
    (r"\mathbf{N}(2\mathbf{x})", "before a bracket"), (r"\mathbf{A}(\mathbf{x} + \mathbf{y})", "before a bracket"),
    # a number added to a matrix: the identity times it, or added to every entry (broadcast)
    (r"(\mathbf{X} + 2)\mathbf{W}", "a number added to a matrix"),
    (r"(\mathbf{I} + 2)\mathbf{A}", "a number added to a matrix"),
])
def test_what_a_matrix_stands_in_beyond_products_is_refused_by_name(side, named):
    with pytest.raises(ReadError) as caught:
        read_matrix_side(side, DEFAULT_BACKEND, Context())
    assert named in str(caught.value)


def test_a_relation_other_than_equality_between_matrices_is_named_not_read():
    doc = read_document(r"$$ \mathbf{A}\mathbf{B} \leq \mathbf{B}\mathbf{A} $$", "notes.md")
    assert not doc.chains and any("between matrices" in f.message for f in doc.failures)


def test_a_chain_without_a_bold_capital_keeps_the_vector_reading():
    doc = read_document(r"$$ \mathbf{u}^\top\mathbf{v} = \mathbf{v}^\top\mathbf{u} $$", "notes.md")
    [chain] = doc.chains
    assert not chain.unsettled and chain.exprs[0].atoms(sp.Sum)


def test_vectors_the_entries_cannot_stand_for_are_read_as_products_proved_and_refuted_on_one_unit_vector(tmp_path):
    # d2l-en chapter_attention-mechanisms-and-transformers/attention-scoring-functions.md: a subscripted vector k_i
    true = (r"$$ a(\mathbf{q}, \mathbf{k}_i) = -\frac{1}{2} \|\mathbf{q} - \mathbf{k}_i\|^2  = \mathbf{q}^\top "
            r"\mathbf{k}_i -\frac{1}{2} \|\mathbf{k}_i\|^2  -\frac{1}{2} \|\mathbf{q}\|^2. $$")
    twin = true.replace(r"-\frac{1}{2} \|\mathbf{q}\|^2", r"+\frac{1}{2} \|\mathbf{q}\|^2")
    assert document_verdicts(tmp_path, true, "true.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, twin, "twin.py") == [Verdict.REFUTED]


def test_a_number_beside_a_matrix_is_refused_but_beside_a_row_times_a_column_is_read(tmp_path):
    doc = read_document(r"$$ \mathbf{A}\mathbf{A}^{-1} = 1 $$", "notes.md")
    assert any("a number set equal to a matrix" in f.message for f in doc.failures)
    true = r"$$ \mathbf{x}^\top\mathbf{A}\mathbf{x} + 1 = 1 + \mathbf{x}^\top\mathbf{A}^\top\mathbf{x} $$"
    twin = r"$$ \mathbf{x}^\top\mathbf{A}\mathbf{x} + 1 = 1 + \mathbf{x}^\top\mathbf{A}\mathbf{A}^\top\mathbf{x} $$"
    assert document_verdicts(tmp_path, true, "true.py") == [Verdict.PROVED]
    # false for A = 2I: c·a² + 1 ≠ 1 + c²·a²
    assert document_verdicts(tmp_path, twin, "twin.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("prose", ["Suppose $A$ and $B$ are $3$-by-$3$ matrices.", "Let $A, B \\in \\mathbb{R}^{n \\times n}$.",
                                   "For matrices $A$ and $B$ we have"])
def test_plain_names_the_text_declares_matrices_are_read_as_products_both_ways(tmp_path, prose):
    true = f"{prose}\n\n$$(AB)^\\top = B^\\top A^\\top$$\n\n$$(A+B)^2 = A^2 + AB + BA + B^2$$\n"
    twin = f"{prose}\n\n$$(AB)^\\top = A^\\top B^\\top$$\n\n$$(A+B)^2 = A^2 + 2AB + B^2$$\n\n$$AB = BA$$\n"
    assert document_verdicts(tmp_path, true, "true.py") == [Verdict.PROVED] * 2
    assert document_verdicts(tmp_path, twin, "twin.py") == [Verdict.UNKNOWN] * 3


def test_a_plain_name_the_text_does_not_declare_stays_a_number_beside_no_matrix(tmp_path):
    assert document_verdicts(tmp_path, "$$(a+b)^2 = a^2 + 2ab + b^2$$", "numbers.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, "$$ab = ba + 1$$", "numbers_twin.py") == [Verdict.REFUTED]
