r"""An equation between matrices (`pmatrix`, `bmatrix`, or `matrix`/`array` inside `\left[ … \right]`), with sides made of
matrices joined by + and − and written side by side (the matrix product), is read as one step per entry: two
matrices are equal when every entry is.  A true equation is proved and a one-edit false twin refuted.  Sides of two
shapes, and products whose shapes do not fit, are refused by name.  A scalar factor before the matrices of a term
(`\frac{t}{6}\begin{pmatrix}…`) multiplies each entry, checked both ways; a display with anything else beside the
matrices (a scalar after a matrix or alone in a term, a name, a bare `matrix` that may be any grid, `vmatrix`)
stays refused as a grid; `\det` of a grid of numbers is a number (its own module).
"""
from __future__ import annotations

import pytest

from tests.engine import imported_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

I2 = r"\begin{pmatrix}1 & 0 \\ 0 & 1\end{pmatrix}"


@pytest.mark.parametrize("latex", [
    # math-verify test_all:494, :506, :512; latex2sympy2_extended GOOD_PAIRS[180]
    r"\begin{pmatrix}1 & 2 \\3 & 4\end{pmatrix} = \left[\begin{array}{cc}1 & 2 \\3 & 4\end{array}\right]",
    r"\begin{pmatrix}6 & 8 \\ 10 & 12\end{pmatrix} = \begin{pmatrix}1 & 2 \\ 3 & 4\end{pmatrix} + \begin{pmatrix}5 & 6 \\ 7 & 8\end{pmatrix}",
    I2 + " = " + I2 + " " + I2,
    r"\begin{pmatrix}1&2\\3&4\end{pmatrix} = \left[\begin{matrix}1 & 2\\3 & 4\end{matrix}\right]",
    r"\begin{pmatrix}a & b \\ c & g\end{pmatrix}\begin{pmatrix}x \\ y\end{pmatrix} = \begin{pmatrix}ax + by \\ cx + gy\end{pmatrix}",
    r"\begin{bmatrix}1 & 1 \\ 0 & 1\end{bmatrix}\begin{bmatrix}1 & 1 \\ 0 & 1\end{bmatrix} = \begin{bmatrix}1 & 2 \\ 0 & 1\end{bmatrix}",
    # `\\[1ex]`, `\\[4pt]` space the rows: the spacing belongs to no cell
    r"\begin{pmatrix} 0 & -1 \\[1ex] 1 & 0 \end{pmatrix} \begin{pmatrix} x \\[1ex] y \end{pmatrix} = \begin{pmatrix} -y \\[1ex] x \end{pmatrix}",
    r"\begin{pmatrix} x & 1 \\[4pt] 1 & x \end{pmatrix}\begin{pmatrix} 1 \\ 1 \end{pmatrix} = \begin{pmatrix} x+1 \\ x+1 \end{pmatrix}",
])
def test_a_true_matrix_equation_is_proved_entry_by_entry(latex, tmp_path):
    verdicts = imported_verdicts(tmp_path, latex, "true.py")
    assert verdicts and set(verdicts) == {Verdict.PROVED}, verdicts


@pytest.mark.parametrize("latex", [
    r"\begin{pmatrix}1 & 2 \\ 3 & 4\end{pmatrix} = \begin{pmatrix}1 & 2 \\ 3 & 5\end{pmatrix}",          # a digit
    r"\begin{pmatrix}6 & 8 \\ 10 & 12\end{pmatrix} = \begin{pmatrix}1 & 2 \\ 3 & 4\end{pmatrix} - \begin{pmatrix}5 & 6 \\ 7 & 8\end{pmatrix}",
    r"\begin{bmatrix}1 & 1 \\ 0 & 1\end{bmatrix}\begin{bmatrix}1 & 1 \\ 0 & 1\end{bmatrix} = \begin{bmatrix}1 & 1 \\ 0 & 1\end{bmatrix}",
    r"\begin{pmatrix}a & b \\ c & g\end{pmatrix}\begin{pmatrix}x \\ y\end{pmatrix} = \begin{pmatrix}ax + by \\ cx - gy\end{pmatrix}",
    r"\begin{pmatrix} 0 & -1 \\[1ex] 1 & 0 \end{pmatrix} \begin{pmatrix} x \\[1ex] y \end{pmatrix} = \begin{pmatrix} y \\[1ex] x \end{pmatrix}",
    r"\begin{bmatrix} 1 & 2 \\[0pt] 3 & 4 \end{bmatrix} + \begin{bmatrix} 1 & 0 \\[0pt] 0 & 1 \end{bmatrix} = \begin{bmatrix} 2 & 2 \\[0pt] 3 & 4 \end{bmatrix}",
])
def test_a_one_edit_false_twin_of_a_matrix_equation_is_refuted(latex, tmp_path):
    verdicts = imported_verdicts(tmp_path, latex, "twin.py")
    assert Verdict.REFUTED in verdicts and not set(verdicts) - {Verdict.PROVED, Verdict.REFUTED}, verdicts


@pytest.mark.parametrize("latex, match", [
    (r"\begin{pmatrix}1&2\end{pmatrix} = \begin{pmatrix}1\\2\end{pmatrix}", "shapes"),
    (r"\begin{pmatrix}1&2\end{pmatrix}\begin{pmatrix}1&2\end{pmatrix} = \begin{pmatrix}5\end{pmatrix}", "do not fit"),
    (r"\begin{pmatrix}1&2\\3&4\end{pmatrix} 2 = \begin{pmatrix}2&4\\6&8\end{pmatrix}", "grid"),     # a scalar after
    (r"\begin{bmatrix}1\\2\\3\end{bmatrix} + 1 = \begin{bmatrix}2\\3\\4\end{bmatrix}", "grid"),    # a number alone
    (r"2t - 1\begin{bmatrix}1\\2\\3\end{bmatrix} = \begin{bmatrix}1\\2\\3\end{bmatrix}", "grid"),  # 2t − (1·…)?
    (r"\det\begin{bmatrix}1&2\\3&4\end{bmatrix} = \begin{bmatrix}1\end{bmatrix}", "grid"),   # a number set to a grid
    (r"A = \begin{pmatrix}1&2\\3&4\end{pmatrix}", "grid"),
    (r"\begin{matrix}1&2\\3&4\end{matrix} = \begin{matrix}1&2\\3&4\end{matrix}", "grid"),
    (r"\begin{vmatrix}1&2\\3&4\end{vmatrix} = -2", "grid"),
    (r"\begin{pmatrix}1&2\\3&4\end{pmatrix} \le \begin{pmatrix}1&2\\3&5\end{pmatrix}", "grid"),
])
def test_a_display_with_matrices_that_is_no_plain_matrix_equation_is_refused_by_name(latex, match):
    doc = read_document(f"$$ {latex} $$", "notes.md")
    assert not doc.chains and any(match in f.message for f in doc.failures), [str(f) for f in doc.failures]


@pytest.mark.parametrize("latex", [
    r"\left(\begin{array}{c} 5 \\ 2 \end{array}\right) = \left(\begin{array}{c} 5 \\ 3 \end{array}\right)",  # C(5,2) = C(5,3)
    r"\begin{pmatrix} n \\ k \end{pmatrix} = \begin{pmatrix} n-1 \\ k-1 \end{pmatrix} + \begin{pmatrix} n-1 \\ k \end{pmatrix}",
    r"\begin{pmatrix} 4 \\ 2 \end{pmatrix} = \begin{pmatrix} 2 \\ 1 \end{pmatrix} + \begin{pmatrix} 2 \\ 1 \end{pmatrix}",
    r"\begin{pmatrix} 4 \\ 2 \end{pmatrix} = \begin{pmatrix} 4 \\ 2 \end{pmatrix}",
])
def test_a_column_of_two_in_round_brackets_without_a_matrix_product_is_refused_naming_a_binomial(latex):
    """The older notation of a binomial coefficient is a column of two in round brackets: Pascal's rule and the
    symmetry C(5,2) = C(5,3) are true of binomials and false of vectors, so neither reading is taken."""
    doc = read_document(f"$$ {latex} $$", "notes.md")
    assert not doc.chains, [c.sides for c in doc.chains]
    assert any("binomial" in " ".join(f.readings) for f in doc.failures), [str(f) for f in doc.failures]


@pytest.mark.parametrize("latex, verdict", [
    # a matrix product settles the column as a vector; square brackets are no binomial notation
    (r"\begin{pmatrix} 1 & 1 \\ 0 & 1 \end{pmatrix}\begin{pmatrix} 5 \\ 2 \end{pmatrix} = \begin{pmatrix} 7 \\ 2 \end{pmatrix}", Verdict.PROVED),
    (r"\begin{pmatrix} 1 & 1 \\ 0 & 1 \end{pmatrix}\begin{pmatrix} 5 \\ 2 \end{pmatrix} = \begin{pmatrix} 7 \\ 3 \end{pmatrix}", Verdict.REFUTED),
    (r"\begin{bmatrix} 1 \\ 3 \end{bmatrix} + \begin{bmatrix} 1 \\ 4 \end{bmatrix} = \begin{bmatrix} 2 \\ 7 \end{bmatrix}", Verdict.PROVED),
    (r"\begin{bmatrix} 1 \\ 3 \end{bmatrix} + \begin{bmatrix} 1 \\ 4 \end{bmatrix} = \begin{bmatrix} 2 \\ 8 \end{bmatrix}", Verdict.REFUTED),
])
def test_a_column_of_two_beside_a_matrix_product_or_in_square_brackets_is_a_vector(latex, verdict, tmp_path):
    verdicts = imported_verdicts(tmp_path, latex, "column.py")
    assert verdict in verdicts and not set(verdicts) - {Verdict.PROVED, verdict}, verdicts


@pytest.mark.parametrize("text, verdict", [
    ("Adding the two vectors,\n\n$$ \\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix} + \\begin{pmatrix} 3 \\\\ 4 \\end{pmatrix} = "
     "\\begin{pmatrix} 4 \\\\ 6 \\end{pmatrix} $$", Verdict.PROVED),
    ("Adding the two vectors,\n\n$$ \\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix} + \\begin{pmatrix} 3 \\\\ 4 \\end{pmatrix} = "
     "\\begin{pmatrix} 4 \\\\ 7 \\end{pmatrix} $$", Verdict.REFUTED),
])
def test_columns_the_text_calls_vectors_are_read_as_vectors(text, verdict, tmp_path):
    from tests.engine import QUICK, check_all, load_file
    from verifier.importer.writer import write
    path = tmp_path / "vectors.py"
    path.write_text(write(read_document(text, "notes.md")), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    verdicts = [s.verdict for r in check_all(found, QUICK) for s in r.steps]
    assert error is None and verdict in verdicts and not set(verdicts) - {Verdict.PROVED, verdict}, verdicts


@pytest.mark.parametrize("text", [
    "Pascal's rule for the vectors of the text:\n\n$$ \\begin{pmatrix} 4 \\\\ 2 \\end{pmatrix} = "
    "\\begin{pmatrix} 3 \\\\ 1 \\end{pmatrix} + \\begin{pmatrix} 3 \\\\ 2 \\end{pmatrix} $$",
    "The number of ways to choose two of four:\n\n$$ \\begin{pmatrix} 4 \\\\ 2 \\end{pmatrix} = "
    "\\begin{pmatrix} 6 \\\\ 0 \\end{pmatrix} $$",
])
def test_columns_in_a_text_about_binomials_stay_refused_even_beside_the_word_vector(text):
    doc = read_document(text, "notes.md")
    assert not doc.chains and any("binomial" in " ".join(f.readings) for f in doc.failures), \
        [str(f) for f in doc.failures]


@pytest.mark.parametrize("true, twin", [
    # math-verify test_all:227
    (r"\begin{pmatrix} x \\ y \\ z \end{pmatrix} = \begin{pmatrix} t/2 \\ t/3 \\ -t \end{pmatrix} = "
     r"\frac{t}{6} \begin{pmatrix} 3 \\ 2 \\ -6 \end{pmatrix}",
     r"\begin{pmatrix} t/2 \\ t/3 \\ -t \end{pmatrix} = \frac{t}{3} \begin{pmatrix} 3 \\ 2 \\ -6 \end{pmatrix}"),
    (r"2\begin{pmatrix}1&2\\3&4\end{pmatrix} = \begin{pmatrix}2&4\\6&8\end{pmatrix}",
     r"2\begin{pmatrix}1&2\\3&4\end{pmatrix} = \begin{pmatrix}2&4\\6&9\end{pmatrix}"),
    (r"e^{-x}\begin{bmatrix}1 \\ x \\ 2\end{bmatrix} - \begin{bmatrix}0 \\ 0 \\ e^{-x}\end{bmatrix} = "
     r"\begin{bmatrix}e^{-x} \\ xe^{-x} \\ e^{-x}\end{bmatrix}",
     r"e^{-x}\begin{bmatrix}1 \\ x \\ 2\end{bmatrix} - \begin{bmatrix}0 \\ 0 \\ e^{-x}\end{bmatrix} = "
     r"\begin{bmatrix}e^{-x} \\ xe^{-x} \\ 2e^{-x}\end{bmatrix}"),
])
def test_a_scalar_before_a_matrix_multiplies_each_entry_checked_both_ways(true, twin, tmp_path):
    assert set(imported_verdicts(tmp_path, true, "true.py")) - {Verdict.UNKNOWN} == {Verdict.PROVED}
    assert Verdict.REFUTED in imported_verdicts(tmp_path, twin, "twin.py")


def test_a_column_of_lone_new_names_on_the_left_defines_them_and_is_never_refuted(tmp_path):
    """`(x, y, z) = (t/2, t/3, -t)` gives x, y, z their values (a solution, a parametrisation): read as claims in
    free x and t, each entry was refuted."""
    column = r"\begin{pmatrix} x \\ y \\ z \end{pmatrix} = \begin{pmatrix} t/2 \\ t/3 \\ -t \end{pmatrix}"
    doc = read_document(f"$${column}$$\n", "n.md")
    assert [d.name for d in doc.definitions] == ["x", "y", "z"] and not doc.chains and not doc.failures
    # near miss: a left side that is no lone name stays a claim, checked both ways
    assert set(imported_verdicts(tmp_path, r"\begin{bmatrix} 2t \\ t \end{bmatrix} = \begin{bmatrix} t + t \\ t \end{bmatrix}",
                                 "c.py")) == {Verdict.PROVED}
    assert Verdict.REFUTED in imported_verdicts(tmp_path, r"\begin{bmatrix} 2t \\ t \end{bmatrix} = "
                                                          r"\begin{bmatrix} t + 2 \\ t \end{bmatrix}", "d.py")
