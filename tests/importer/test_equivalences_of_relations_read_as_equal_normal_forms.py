r"""`A ρ B \iff C σ D` is the claim that the two relations hold at the same points.  Each is moved to one side (g ρ 0,
> and ≥ turned into < and ≤ by the sign of g) and divided by its leading coefficient (its absolute value for an
inequality); the step is the equality of these normal forms.  For affine relations that equality is the
equivalence itself, so a true line is proved and a one-edit false twin refuted; for relations of higher degree,
or names the text restricts (a size, a positive letter, a condition), forms that differ may still agree, so the
step is unsettled: proved or unknown, never refuted.  Relations of two kinds (`<` beside `≤`, `=` beside `<`),
constants, entries and functions are refused by name.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import imported_verdicts
from verifier.importer.document import read_document
from verifier.importer.equivalences import relations_compared
from verifier.importer.reading import ReadError
from verifier.verdicts import Verdict

x, y = sp.symbols("x y")


@pytest.mark.parametrize("latex", [
    r"x >= 5 \iff x \geq 5",
    r"x \leq 5 \iff 5 \geq x",
    r"x < 1 \iff -x > -1",
    r"x != 3 \iff x \neq 3",
    # math-verify test_all:463
    r"2x+4y-3=0 \iff y=-\frac{1}{2}x+\frac{3}{4}",
    r"34x+45y-20z+100=0 \Leftrightarrow -34x-45y+20z-100=0",
])
def test_equivalent_affine_relations_are_proved(latex, tmp_path):
    assert imported_verdicts(tmp_path, latex, "equivalent.py") == [Verdict.PROVED]


@pytest.mark.parametrize("latex", [
    r"x > 5 \iff x < 5",                                     # the direction turned
    r"x < 1 \iff x > -1",                                    # a sign dropped
    r"x \leq 5 \iff 5 \geq 2x",                              # a factor 2 on one side
    r"2x+4y-3=0 \iff y=-\frac{1}{2}x+\frac{3}{5}",           # a digit
    r"5x - 7y + 11z + 4 = 0 \iff x + y - z + 2 = 0",
])
def test_one_edit_false_twins_of_an_equivalence_are_refuted(latex, tmp_path):
    assert imported_verdicts(tmp_path, latex, "twin.py") == [Verdict.REFUTED]


def test_the_direction_of_an_inequality_is_kept_by_dividing_by_the_absolute_leading_coefficient():
    eq = relations_compared([-2 * x, sp.Integer(-4), x, sp.Integer(2)], [">", "<"])
    assert (eq.lhs, eq.rhs, eq.settled) == (x - 2, x - 2, True)          # -2x > -4 is x < 2
    eq = relations_compared([-2 * x, sp.Integer(-4), x, sp.Integer(2)], [">", ">"])
    assert eq.lhs != eq.rhs                                               # -2x > -4 is not x > 2


@pytest.mark.parametrize("sides, relations, match", [
    ([x, sp.Integer(5), x, sp.Integer(5)], ["<", "<="], "two kinds"),
    ([x, sp.Integer(5), x, sp.Integer(5)], ["=", "<"], "two kinds"),
    ([sp.Integer(1), sp.Integer(2), sp.Integer(3), sp.Integer(4)], ["<", "<"], "numbers"),
    ([x, x, y, sp.Integer(1)], ["=", "="], "constants"),
    ([sp.sin(x), sp.Integer(0), x, sp.Integer(0)], ["=", "="], "functions"),
    ([sp.sqrt(x), sp.Integer(1), x, sp.Integer(1)], ["=", "="], "polynomials"),
    ([sp.IndexedBase("v")[sp.Symbol("i", integer=True)], sp.Integer(0), x, sp.Integer(0)], ["=", "="], "entries"),
])
def test_an_equivalence_the_normal_forms_cannot_decide_is_refused_by_name(sides, relations, match):
    with pytest.raises(ReadError, match=match):
        relations_compared(sides, relations)


def test_relations_of_higher_degree_are_unsettled_and_still_proved_when_proportional(tmp_path):
    # math-verify test_all:466: the same ellipse, its equation divided by 4
    doc = read_document(r"$$ x^2/4 + y^2/3 = 1 \iff x^2/16 + y^2/12 = 1/4 $$", "notes.md")
    assert [c.unsettled != "" for c in doc.chains] == [True]
    assert imported_verdicts(tmp_path, r"x^2/4 + y^2/3 = 1 \iff x^2/16 + y^2/12 = 1/4", "ellipse.py") == [Verdict.PROVED]
    # x² = 0 and x = 0 have the same solutions: normal forms that differ refute nothing
    assert imported_verdicts(tmp_path, r"x^2 = 0 \iff x = 0", "same_roots.py") != [Verdict.REFUTED]


@pytest.mark.parametrize("text", [
    r"$$ \lambda > 1 \iff \lambda > 2 $$",                                  # λ is declared positive
    "Throughout, $x > 0$.\n\n$$ x > -1 \\iff x > -2 $$",                     # true under the stated condition
    "$$ x > -1 \\iff x > -2 \\quad x > 0 $$",
    "$$ \\sum_{i=1}^n a_i = s $$\n\nand\n\n$$ n > 2 \\iff n > \\frac{5}{2} $$",  # n is a size: a whole number
    # a whole-number domain stated in words: k < 1 and 2k < 1 agree on the integers, not on the reals
    "For an integer $k$,\n\n$$ k < 1 \\iff 2k < 1 $$",
    "For every integer $m$,\n\n$$ m < 3 \\iff 2m < 5 $$",
    "$$ t < 2 \\iff 3t < 4 $$\n\nfor every natural number $t$.",
    "Here $n$ is a whole number.\n\n$$ n < 2 \\iff 2n < 3 $$",
    "For $k$ in ℤ,\n\n$$ k < 1 \\iff 2k < 1 $$",
])
def test_names_the_text_restricts_make_an_equivalence_unsettled(text):
    doc = read_document(text, "notes.md")
    eq = [c for c in doc.chains if "iff" in " ".join(c.chain.relation_latex)]
    assert eq and all(c.unsettled for c in eq), [(c.exprs, c.unsettled) for c in doc.chains]


def test_an_equivalence_of_a_strict_and_a_non_strict_relation_is_refused():
    doc = read_document(r"$$ x < 5 \iff x \le 5 $$", "notes.md")
    assert not doc.chains and any("two kinds" in f.message for f in doc.failures)


@pytest.mark.parametrize("text, verdict", [
    ("For a real number $k$,\n\n$$ k < 1 \\iff 2k < 1 $$", Verdict.REFUTED),       # no whole numbers named: refuted
    ("After the natural logarithm,\n\n$$ k < 1 \\iff 2k < 1 $$", Verdict.REFUTED),   # "natural" alone names none
    ("For an integer $k$,\n\n$$ k < 1 \\iff 2k < 2 $$", Verdict.PROVED),            # true on the reals: still proved
])
def test_an_equivalence_without_whole_numbers_in_the_text_is_decided_on_the_reals(text, verdict, tmp_path):
    from tests.engine import load_file, check_all, QUICK
    from verifier.importer.writer import write
    path = tmp_path / "reals.py"
    path.write_text(write(read_document(text, "notes.md")), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None and [s.verdict for r in check_all(found, QUICK) for s in r.steps] == [verdict]
