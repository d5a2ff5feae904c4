r"""A matrix step false for scalar multiples of the identity is refuted; one true for them, or one the text's words
may make true, is not.

A side that writes matrices and vectors is read as products that do not commute, each product one quantity, so a
step whose expansions differ is unsettled and a counterexample over those quantities refutes nothing.  Such a step
is looked at again on concrete matrices every declaration allows: each square matrix c·I, each vector a·u (u one
unit vector), c, a > 0, at every size.  A certified counterexample there refutes it, and says what the matrices
are (`\boldsymbol{\Lambda} = 2.07·I, \mathbf{z}_{t-1} = 1.55·u`).  Agreement there proves nothing: AB = BA stays
unknown.  No instance is written where the text may rule it out: words c·I may not satisfy (orthogonal, a projection,
a unit vector, rank, eigenvalues, …), a relation the text states about the step's matrices, a matrix it declares
rectangular, a name on one side only (a name the step defines), a relation other than =.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine import QUICK
from verifier.importer.document import read_document
from verifier.importer.identity_multiples import _basis, text_facts
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.present.instances import instance_words
from verifier.verdicts import Verdict

DIAGONAL = r"Let $\boldsymbol{\Lambda}$ be a diagonal matrix."
SQUARE = r"Let $\mathbf{A}, \mathbf{B} \in \mathbb{R}^{n \times n}$ and $\mathbf{x}, \mathbf{y} \in \mathbb{R}^n$."


def written(prose: str, display: str) -> str:
    return write(read_document(f"{prose}\n\n$${display}$$\n", "notes.md"))


def results(tmp_path, prose: str, display: str) -> list:
    """The checked steps of the note (none when no display of it is read)."""
    if not read_document(f"{prose}\n\n$${display}$$\n", "notes.md").chains:
        return []
    path = Path(tmp_path) / "notes.py"
    path.write_text(written(prose, display), encoding="utf-8")
    found, error = load_file(path, Path(tmp_path))
    assert error is None, error
    return [s for r in check_all(found, QUICK) for s in r.steps]


def verdicts(tmp_path, prose: str, display: str) -> list:
    return [s.verdict for s in results(tmp_path, prose, display)]


# ---- false for c·I and a·u: refuted, with the matrices named ----

def test_a_sign_flipped_step_of_a_matrix_times_a_vector_is_refuted_on_multiples_of_the_identity(tmp_path):
    found = results(tmp_path, DIAGONAL, r"\mathbf{z}_t = \mathbf{z}_{t-1} - \boldsymbol{\Lambda} \mathbf{z}_{t-1} "
                                         r"= (\mathbf{I} + \boldsymbol{\Lambda}) \mathbf{z}_{t-1}")
    assert [s.verdict for s in found] == [Verdict.REFUTED]
    cx = found[0].counterexample
    assert {(o.latex, o.kind) for o in cx.instance} == {(r"\boldsymbol{\Lambda}", "matrix"),
                                                        (r"\mathbf{z}_{t-1}", "vector")}
    words = instance_words(cx)
    assert r"\boldsymbol{\Lambda} = " in words and "·I" in words and "·u" in words and "unit vector" in words


def test_near_miss_the_true_step_is_proved_and_never_refuted(tmp_path):
    assert verdicts(tmp_path, DIAGONAL, r"\mathbf{z}_t = \mathbf{z}_{t-1} - \boldsymbol{\Lambda} \mathbf{z}_{t-1} "
                                        r"= (\mathbf{I} - \boldsymbol{\Lambda}) \mathbf{z}_{t-1}") == [Verdict.PROVED]


def test_a_sign_flip_in_a_momentum_update_is_refuted_and_the_true_update_is_not(tmp_path):
    rows = (r"\mathbf{z}_t = \mathbf{z}_{t-1} - \eta \left(\beta \mathbf{v}_{t-1} + \boldsymbol{\Lambda} "
            r"\mathbf{z}_{t-1}\right) = (\mathbf{I} - \eta \boldsymbol{\Lambda}) \mathbf{z}_{t-1} {} \eta \beta "
            r"\mathbf{v}_{t-1}")
    assert verdicts(tmp_path, DIAGONAL, rows.replace("{}", "+")) == [Verdict.REFUTED]
    assert verdicts(tmp_path, DIAGONAL, rows.replace("{}", "-")) == [Verdict.PROVED]


def test_a_sign_flip_in_an_expanded_squared_distance_is_refuted_and_the_true_expansion_is_not(tmp_path):
    line = (r"-\frac{1}{2} \|\mathbf{q} - \mathbf{k}_i\|^2 = \mathbf{q}^\top \mathbf{k}_i - \frac{1}{2} "
            r"\|\mathbf{k}_i\|^2 {} \frac{1}{2} \|\mathbf{q}\|^2")
    assert verdicts(tmp_path, "", line.replace("{}", "+")) == [Verdict.REFUTED]
    assert verdicts(tmp_path, "", line.replace("{}", "-")) == [Verdict.PROVED]


def test_a_factor_dropped_between_two_vectors_is_refuted(tmp_path):
    line = r"(\mathbf{x} + \mathbf{y})^\top \mathbf{A} \mathbf{x} = \mathbf{x}^\top \mathbf{A} \mathbf{x} + {} \mathbf{x}"
    assert verdicts(tmp_path, SQUARE, line.replace("{}", r"\mathbf{y}^\top")) == [Verdict.REFUTED]
    assert verdicts(tmp_path, SQUARE, line.replace("{}", r"\mathbf{y}^\top \mathbf{A}")) == [Verdict.PROVED]


# ---- true for the text's matrices: never refuted ----

@pytest.mark.parametrize("line", [
    r"(\mathbf{A}\mathbf{B})^\top = \mathbf{B}^\top\mathbf{A}^\top",
    r"\mathbf{x}^\top\mathbf{y} = \mathbf{y}^\top\mathbf{x}",
    r"\mathbf{A}\mathbf{A}^{-1}\mathbf{x} = \mathbf{x}",
])
def test_a_law_of_every_matrix_is_proved_never_refuted(tmp_path, line):
    assert verdicts(tmp_path, SQUARE, line) == [Verdict.PROVED]


@pytest.mark.parametrize("prose, line", [
    (r"Let $\mathbf{A}$ and $\mathbf{B}$ be diagonal matrices.", r"\mathbf{A}\mathbf{B} = \mathbf{B}\mathbf{A}"),
    (r"Let $\mathbf{A}$ and $\mathbf{B}$ be diagonal matrices.",
     r"\mathbf{A}\mathbf{B} + \mathbf{B}\mathbf{A} = 2\mathbf{B}\mathbf{A}"),
    (r"Let $\mathbf{Q}$ be an orthogonal matrix.", r"\mathbf{Q}^\top\mathbf{Q} = \mathbf{I}"),
    (r"Let $\mathbf{Q}$ be an orthogonal matrix.", r"\mathbf{Q}^\top\mathbf{Q}\mathbf{x} = \mathbf{x}"),
    (r"Let $\mathbf{P}$ be a projection.", r"\mathbf{P}^2 = \mathbf{P}"),
    (r"Let $\mathbf{P}$ be an idempotent matrix.", r"\mathbf{P}^2 \mathbf{x} + \mathbf{x} = \mathbf{P}\mathbf{x} + \mathbf{x}"),
    (r"Let $\mathbf{u}$ be a unit vector.", r"\mathbf{u}^\top\mathbf{u}\mathbf{x} = \mathbf{x}"),
    (r"Suppose $\mathbf{A}^2 = \mathbf{A}$.", r"\mathbf{A}^2 + \mathbf{A} = 2\mathbf{A}"),
    (r"Let $\mathbf{N}$ be nilpotent with $\mathbf{N}^2 = \mathbf{0}$.",
     r"(\mathbf{I} + \mathbf{N})(\mathbf{I} - \mathbf{N}) = \mathbf{I}"),
    (r"Let $\mathbf{S}$ be skew-symmetric.", r"\mathbf{x}^\top\mathbf{S}\mathbf{x} + \mathbf{x}^\top\mathbf{x} = "
                                             r"\mathbf{x}^\top\mathbf{x}"),
])
def test_a_line_true_for_the_texts_structure_is_never_refuted(tmp_path, prose, line):
    found = verdicts(tmp_path, prose, line)
    assert Verdict.REFUTED not in found, found


def test_a_name_the_step_defines_on_one_side_writes_no_instance_and_is_never_refuted(tmp_path):
    line = (r"\mathbf{O} = \mathbf{X} \mathbf{W}^{(1)}\mathbf{W}^{(2)} + \mathbf{b}^{(1)} \mathbf{W}^{(2)} + "
            r"\mathbf{b}^{(2)} = \mathbf{X} \mathbf{W} + \mathbf{b}")
    assert "scalar_instance" not in written("", line)
    assert Verdict.REFUTED not in verdicts(tmp_path, "", line)


def test_a_rectangular_matrix_writes_no_instance_so_its_false_line_stays_unknown(tmp_path):
    prose = r"Let $\mathbf{X} \in \mathbb{R}^{n \times d}$ and $\mathbf{W} \in \mathbb{R}^{d \times d}$."
    line = r"\mathbf{X}\mathbf{W} + \mathbf{X}\mathbf{W} = 3\mathbf{X}\mathbf{W}\mathbf{W}"
    assert "scalar_instance" not in written(prose, line)
    assert verdicts(tmp_path, prose, line) == [Verdict.UNKNOWN]


def test_near_miss_the_same_line_for_square_matrices_is_refuted(tmp_path):
    prose = r"Let $\mathbf{X}, \mathbf{W} \in \mathbb{R}^{d \times d}$."
    line = r"\mathbf{X}\mathbf{W} + \mathbf{X}\mathbf{W} = 3\mathbf{X}\mathbf{W}\mathbf{W}"
    assert verdicts(tmp_path, prose, line) == [Verdict.REFUTED]


def test_a_trace_or_an_order_between_matrices_is_never_read_so_never_refuted(tmp_path):
    assert Verdict.REFUTED not in verdicts(tmp_path, SQUARE, r"\mathrm{tr}(\mathbf{A}\mathbf{B}) = "
                                                             r"\mathrm{tr}(\mathbf{B}\mathbf{A})")
    assert Verdict.REFUTED not in verdicts(tmp_path, SQUARE, r"\mathbf{A}\mathbf{B} \le \mathbf{B}\mathbf{A}")


# ---- false, but true for every multiple of the identity: not refuted by this (unknown, as before) ----

@pytest.mark.parametrize("line", [
    r"\mathbf{A}\mathbf{B} = \mathbf{B}\mathbf{A}",
    r"(\mathbf{A} + \mathbf{B})^2 = \mathbf{A}^2 + 2\mathbf{A}\mathbf{B} + \mathbf{B}^2",
    r"(\mathbf{A}\mathbf{B})^\top = \mathbf{A}^\top\mathbf{B}^\top",
])
def test_a_line_false_for_general_matrices_but_true_for_multiples_of_the_identity_stays_unknown(tmp_path, line):
    assert verdicts(tmp_path, SQUARE, line) == [Verdict.UNKNOWN]


# ---- what the text says decides whether an instance is written ----

@pytest.mark.parametrize("words", ["an orthogonal matrix", "a rotation", "a projection", "idempotent", "nilpotent",
                                   "skew-symmetric", "singular", "of rank one", "distinct eigenvalues",
                                   "a unit vector", "normalized", "its trace", "its determinant", "negative definite",
                                   "the rows of the matrix", "an orthonormal basis", "a permutation matrix"])
def test_words_a_multiple_of_the_identity_may_not_satisfy_rule_the_instance_out(words):
    assert text_facts(f"Let $\\mathbf{{A}}$ be {words}.").ruled_out


@pytest.mark.parametrize("words", ["a diagonal matrix", "a symmetric positive definite matrix", "an invertible matrix",
                                   "a square matrix", "the Hessian"])
def test_near_miss_words_every_positive_multiple_of_the_identity_satisfies_leave_it_open(words):
    assert not text_facts(f"Let $\\mathbf{{A}}$ be {words}.").ruled_out


def test_products_whose_shapes_do_not_fit_or_mix_the_identity_with_an_outer_product_have_no_single_value():
    assert _basis(["I", "u"]) == "u" and _basis(["uT", "I", "u"]) == "1" and _basis(["u", "uT"]) == "P"
    assert _basis(["I", "uT", "u"]) == "I"            # A (xᵀy): a number beside the matrix
    assert _basis(["u", "I"]) is None and _basis(["u", "u"]) is None and _basis(["uT", "uT"]) is None


def test_near_miss_without_the_words_the_same_idempotent_line_is_refuted(tmp_path):
    line = r"\mathbf{P}^2 \mathbf{x} + \mathbf{x} = \mathbf{P}\mathbf{x} + \mathbf{x}"
    assert verdicts(tmp_path, r"Let $\mathbf{P}$ be a square matrix.", line) == [Verdict.REFUTED]


def test_an_outer_product_beside_the_identity_writes_no_instance(tmp_path):
    line = r"\mathbf{x}\mathbf{y}^\top + \mathbf{A} = \mathbf{y}\mathbf{x}^\top + 2\mathbf{A}"
    assert "scalar_instance" not in written(SQUARE, line)
    assert verdicts(tmp_path, SQUARE, line) == [Verdict.UNKNOWN]
    # near miss: outer products alone are one number times uuᵀ on both sides, and a false one is refuted
    assert verdicts(tmp_path, SQUARE, r"\mathbf{x}\mathbf{y}^\top = 2\mathbf{y}\mathbf{x}^\top") == [Verdict.REFUTED]


def test_the_identity_beside_matrices_is_a_multiple_of_the_identity_so_a_sign_flip_there_is_refuted(tmp_path):
    line = r"(\mathbf{I} + \boldsymbol{\Lambda})(\mathbf{I} - \boldsymbol{\Lambda}) = \mathbf{I} {} \boldsymbol{\Lambda}^2"
    assert verdicts(tmp_path, DIAGONAL, line.replace("{}", "+")) == [Verdict.REFUTED]
    assert Verdict.REFUTED not in verdicts(tmp_path, DIAGONAL, line.replace("{}", "-"))
    # a number beside a row times a column is a number: a false line there is refuted, a true one proved
    assert verdicts(tmp_path, SQUARE, r"\mathbf{x}^\top\mathbf{A}\mathbf{x} + 1 = \mathbf{x}^\top\mathbf{A}\mathbf{x} "
                                      r"+ 2") == [Verdict.REFUTED]


# ---- a matrix to a power that is a letter the text says counts: (c·I)ⁿ = cⁿ·I ----

COUNTED = r"Let $\mathbf{A}$ be a square matrix, multiplied by itself $n$ times."


def test_an_exponent_off_by_one_on_a_matrix_power_is_refuted_and_the_true_power_is_not(tmp_path):
    line = r"\mathbf{W}\overbrace{\boldsymbol{\Sigma}\cdots\boldsymbol{\Sigma}}^{\textrm{$n$ times}}\mathbf{W}^{-1} = " \
           r"\mathbf{W}\boldsymbol{\Sigma}^{{}} \mathbf{W}^{-1}"
    assert verdicts(tmp_path, "", line.replace("{}", "n+1")) == [Verdict.REFUTED]
    assert Verdict.REFUTED not in verdicts(tmp_path, "", line.replace("{}", "n"))


@pytest.mark.parametrize("line, refuted", [
    (r"\mathbf{A}^{n} = \mathbf{A}\mathbf{A}^{n}", True),
    (r"\mathbf{A}^{n}\mathbf{A} = \mathbf{A}\mathbf{A}^{n}", False),
    (r"\mathbf{A}^{n+1} = \mathbf{A}\mathbf{A}^{n}", False),
    (r"(\mathbf{B}\mathbf{A}\mathbf{B}^{-1})^{n} = \mathbf{B}\mathbf{A}^{n}\mathbf{B}^{-1}", False),
    (r"(\mathbf{B}\mathbf{A}\mathbf{B}^{-1})^{n} = \mathbf{B}\mathbf{A}^{n-1}\mathbf{B}^{-1}", True),
])
def test_a_power_the_text_counts_is_the_multiples_power_both_ways(tmp_path, line, refuted):
    assert (verdicts(tmp_path, COUNTED, line) == [Verdict.REFUTED]) is refuted


def test_a_letter_superscript_the_text_never_says_counts_may_be_a_label_so_nothing_is_refuted(tmp_path):
    # A^s, the symmetric part of A, defined by the line: read as A to the s it would be refuted
    line = r"\mathbf{B} = \mathbf{A}^{s} = \frac{1}{2}(\mathbf{A} + \mathbf{A}^\top)"
    assert "scalar_instance" not in written(r"Let $\mathbf{A}$ be a square matrix.", line)
    assert Verdict.REFUTED not in verdicts(tmp_path, r"Let $\mathbf{A}$ be a square matrix.", line)


def test_a_power_letter_the_step_also_writes_as_a_number_writes_no_instance():
    assert "scalar_instance" not in written(COUNTED, r"n\mathbf{A}^{n} = \mathbf{A}^{n} + \mathbf{A}^{n}")


def test_a_power_of_a_vector_or_of_a_non_square_matrix_is_not_read():
    doc = read_document("$$\\mathbf{A}\\mathbf{x}^n = \\mathbf{A}\\mathbf{x}\\mathbf{x}^{n-1}$$\n", "notes.md")
    assert not doc.chains and any("power" in f.message for f in doc.failures)
    prose = r"Let $\mathbf{X} \in \mathbb{R}^{m \times d}$ with $m \neq d$."
    doc = read_document(f"{prose}\n\n$$\\mathbf{{X}}^n = \\mathbf{{X}}\\mathbf{{X}}^{{n-1}}$$\n", "notes.md")
    assert not doc.chains and any("not square" in f.message for f in doc.failures), [str(f) for f in doc.failures]


def test_words_inside_the_display_and_a_standard_basis_vector_write_no_instance(tmp_path):
    line = (r"\mathbf{Q}^\top\mathbf{Q}\mathbf{x} + \mathbf{Q}\mathbf{x} = \mathbf{x} + \mathbf{Q}\mathbf{x} "
            r"\quad \text{for orthogonal } \mathbf{Q}")
    assert "scalar_instance" not in written("", line)
    # e_i eᵢ: true for a standard basis vector (a 1 at i, zeros elsewhere), false for 2·u
    basis = r"\mathbf{e}_i^\top\mathbf{e}_i\mathbf{A}\mathbf{x} + \mathbf{e}_i = \mathbf{A}\mathbf{x} + \mathbf{e}_i"
    assert "scalar_instance" not in written(r"Let $\mathbf{A}$ be a square matrix.", basis)
    assert Verdict.REFUTED not in verdicts(tmp_path, r"Let $\mathbf{A}$ be a square matrix.", basis)
    # near miss: the same line with another letter is refuted (uᵀu = 1 only for a unit vector)
    other = basis.replace(r"\mathbf{e}_i", r"\mathbf{v}")
    assert verdicts(tmp_path, r"Let $\mathbf{A}$ be a square matrix.", other) == [Verdict.REFUTED]


# ---- a sentence that writes a step's name and says more than a declaration writes no instance ----

@pytest.mark.parametrize("prose, line", [
    (r"Let $\mathbf{A}$ be a square matrix, $\mathbf{B}$ be $\mathbf{A}^{-1}$, and $\mathbf{x}$ a vector.",
     r"\mathbf{A} \mathbf{B} \mathbf{A} \mathbf{B} \mathbf{x} = \mathbf{A} \mathbf{B} \mathbf{x}"),
    (r"Take $\mathbf{A}$ to be $\begin{pmatrix} 0 & 1 \\ 1 & 0 \end{pmatrix}$ and $\mathbf{x}$ any vector.",
     r"\mathbf{A} \mathbf{A} \mathbf{A} \mathbf{x} = \mathbf{A} \mathbf{x}"),
    (r"Let $\mathbf{H}$ be a Householder matrix and $\mathbf{x}$ a vector.",
     r"\mathbf{H} \mathbf{H} \mathbf{H} \mathbf{x} = \mathbf{H} \mathbf{x}"),
    (r"Let $\mathbf{G}$ be a Givens matrix that turns by 90 degrees, and $\mathbf{x}$ a vector.",
     r"\mathbf{G} \mathbf{G} \mathbf{G} \mathbf{G} \mathbf{x} + \mathbf{G}\mathbf{x} = \mathbf{x} + \mathbf{G}\mathbf{x}"),
    (r"Let $\mathbf{M}$ be a mask matrix: masking twice is the same as masking once. Let $\mathbf{x}$ be a vector.",
     r"\mathbf{M} \mathbf{M} \mathbf{x} = \mathbf{M} \mathbf{x}"),
    (r"Let $\mathbf{Q}$ be a matrix such that $\mathbf{Q}$ squared equals $\mathbf{Q}$, and $\mathbf{x}$ a vector.",
     r"\mathbf{Q} \mathbf{Q} \mathbf{x} = \mathbf{Q} \mathbf{x}"),
    (r"Let $\mathbf{P}$ be the matrix that swaps the two halves of a vector $\mathbf{x}$.",
     r"\mathbf{P} \mathbf{P} \mathbf{P} \mathbf{x} = \mathbf{P} \mathbf{x}"),
    (r"Let $\mathbf{A}$ be a matrix and $\mathbf{B}$ the matrix that undoes it, and $\mathbf{x}$ a vector.",
     r"\mathbf{A} \mathbf{B} \mathbf{A} \mathbf{B} \mathbf{x} = \mathbf{A} \mathbf{B} \mathbf{x}"),
    (r"Let $\mathbf{J}$ be the matrix that reverses the order of a vector $\mathbf{x}$.",
     r"\mathbf{J} \mathbf{J} \mathbf{J} \mathbf{x} = \mathbf{J} \mathbf{x}"),
    (r"Let $\mathbf{A}$ be a matrix whose square $\mathbf{A}^2$ vanishes, and $\mathbf{x}$ a vector.",
     r"\mathbf{A} \mathbf{A} \mathbf{x} + \mathbf{A} \mathbf{x} = \mathbf{A} \mathbf{x}"),
    (r"Let $\mathbf{A}$ be a matrix with $\mathbf{A}^3 \mathbf{x} - \mathbf{x}$ vanishing for every vector "
     r"$\mathbf{x}$ (a cyclic shift of three items).",
     r"\mathbf{A} \mathbf{A} \mathbf{A} \mathbf{A} \mathbf{x} = \mathbf{A} \mathbf{x}"),
    (r"Let $\mathbf{W}$ be the $3 \times 3$ matrix of all $\tfrac13$'s (the averaging matrix), and $\mathbf{x}$ a "
     r"vector.", r"\mathbf{W} \mathbf{W} \mathbf{x} = \mathbf{W} \mathbf{x}"),
    (r"Let $\mathbf{A}$ be a square matrix and $\mathbf{B}$ be $\mathbf{A}$.",
     r"\mathbf{B} \mathbf{B} \mathbf{x} = \mathbf{A} \mathbf{A} \mathbf{x}"),
])
def test_a_true_line_whose_matrices_the_text_describes_beyond_a_declaration_is_never_refuted(tmp_path, prose, line):
    assert "scalar_instance" not in written(prose, line)
    assert Verdict.REFUTED not in verdicts(tmp_path, prose, line)


def test_another_display_writing_the_steps_matrix_writes_no_instance(tmp_path):
    prose = "Let $\\mathbf{A}$ be a square matrix and $\\mathbf{x}$ a vector.\n\n" \
            "$$\\mathbf{A} = \\begin{pmatrix} 0 & 1 \\\\ 1 & 0 \\end{pmatrix}$$"
    line = r"\mathbf{A} \mathbf{A} \mathbf{A} \mathbf{x} = \mathbf{A} \mathbf{x}"
    assert "scalar_instance" not in written(prose, line)
    assert Verdict.REFUTED not in verdicts(tmp_path, prose, line)


@pytest.mark.parametrize("prose", [DIAGONAL, SQUARE, r"Let $\mathbf{A}$ be a square matrix and $\mathbf{x}$ a vector.",
                                   r"Let $\mathbf{A} \in \mathbb{R}^{n \times n}$ and $\mathbf{x} \in \mathbb{R}^n$."])
def test_near_miss_a_plain_declaration_still_lets_a_sign_flipped_step_be_refuted(tmp_path, prose):
    flipped = r"\mathbf{z}_t = \mathbf{z}_{t-1} - \boldsymbol{\Lambda} \mathbf{z}_{t-1} = " \
              r"(\mathbf{I} + \boldsymbol{\Lambda}) \mathbf{z}_{t-1}"
    if "Lambda" not in prose:
        flipped = r"\mathbf{A} \mathbf{A} \mathbf{A} \mathbf{x} = \mathbf{A} \mathbf{x}"
    assert verdicts(tmp_path, prose, flipped) == [Verdict.REFUTED]


@pytest.mark.parametrize("more, refuted", [
    ("The matrix A is a Householder reflector.", False),
    ("Here A squared is the identity.", False),
    ("We now compute.", True),
])
def test_a_sentence_naming_the_matrix_in_words_alone_decides_like_one_in_maths(tmp_path, more, refuted):
    prose = r"Let $\mathbf{A}$ be a square matrix and $\mathbf{x}$ a vector. " + more
    line = r"\mathbf{A} \mathbf{A} \mathbf{A} \mathbf{x} = \mathbf{A} \mathbf{x}"
    assert (verdicts(tmp_path, prose, line) == [Verdict.REFUTED]) is refuted
