r"""Two numbers side by side, the second in brackets (`2(3)`, `(2)(3)`, `(-7.13)(1.5)`, `2\boxed{3}`), are their product,
as in all of mathematics; latex2sympy2_extended reads them as a sum (2(3) = 5), so the reader writes the product
out with `\cdot` and says so.  A mixed number is written `2\frac{1}{2}` (its own rule, refused naming both), and
digits separated by a spacing command (`2\;3`) stay refused.  A true line is proved and its one-edit false twin
refuted.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import imported_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict


@pytest.mark.parametrize("latex, value", [
    (r"2(3)", 6), (r"(2)(3)", 6), (r"-2(3)", -6), (r"2\left(3\right)", 6), (r"2[3]", 6), (r"2\boxed{3}", 6),
    (r"\boxed{2}\boxed{3}", 6), (r"10(10)", 100), (r"(2)(3)(4)", 24),
    (r"(-7.13)(1.5)", sp.Rational(-713, 100) * sp.Rational(3, 2)),     # latex2sympy2_extended GOOD_PAIRS[4]
])
def test_two_numbers_side_by_side_are_their_product(latex, value):
    reading = read_side(latex)
    assert sp.simplify(reading.expr - value) == 0 and any("product" in r for r in reading.rules)


@pytest.mark.parametrize("latex", [r"2\frac{1}{2}", r"2\;3", r"2 \quad (3)", r"2\hspace{1em}(3)"])   # (3) a tag?
def test_a_mixed_number_and_digits_spaced_by_a_command_stay_refused(latex):
    with pytest.raises(ReadError):
        read_side(latex)


def test_a_true_product_of_numbers_is_proved_and_its_twin_refuted(tmp_path):
    assert imported_verdicts(tmp_path, r"(-7.13)(1.5) = -10.695", "true.py") == [Verdict.PROVED]
    assert imported_verdicts(tmp_path, r"2(3) = 5", "twin.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("latex, value", [
    (r"2\binom{4}{2}", 12), (r"3\binom{5}{2}", 30), (r"2{4 \choose 2}", 12),
    (r"\binom{4}{2}\binom{3}{1}", 18), (r"\binom{4}{2}(2)", 12), (r"(2)\binom{4}{2}", 12), (r"\binom{4}{2}2", 12),
    (r"\binom{4}{2}\frac{1}{2}", 3), (r"\binom{2}{1}\binom{3}{1}\binom{4}{1}", 24),
])
def test_a_number_or_a_binomial_beside_a_binomial_is_their_product(latex, value):
    r"""latex2sympy2_extended reads `2\binom{4}{2}` as the sum 2 + 6; juxtaposed with a binomial, it is a product."""
    reading = read_side(latex)
    assert sp.simplify(reading.expr - value) == 0 and any("product" in r and "binomial" in r for r in reading.rules)


@pytest.mark.parametrize("latex, verdict", [
    (r"2\binom{4}{2} = 12", Verdict.PROVED), (r"2\binom{4}{2} = 8", Verdict.REFUTED),
    (r"\binom{4}{2}\binom{3}{1} = 18", Verdict.PROVED), (r"\binom{4}{2}\binom{3}{1} = 9", Verdict.REFUTED),
    (r"3\binom{5}{2} = 30", Verdict.PROVED), (r"3\binom{5}{2} = 13", Verdict.REFUTED),
    (r"\binom{4}{2}(2) = 12", Verdict.PROVED), (r"\binom{4}{2}(2) = 8", Verdict.REFUTED),
])
def test_a_binomial_beside_a_number_is_proved_as_a_product_and_its_sum_twin_refuted(latex, verdict, tmp_path):
    assert imported_verdicts(tmp_path, latex, "binomial.py") == [verdict]


@pytest.mark.parametrize("latex", [r"2~(3)", r"5 ~ (2)", r"5 \ (2)", r"5\,(2)", r"\binom{4}{2}~(2)", r"x ~ (2)",
                                   r"2 + 3 \; (1)", r"2~3"])
def test_a_space_written_before_a_bracketed_number_is_refused_naming_a_tag(latex):
    r"""`2 + 3 = 5 ~ (2)`: an equation numbered by hand as often as a product (a tie is a space, as `\quad` is)."""
    with pytest.raises(ReadError) as refused:
        read_side(latex)
    assert refused.value.readings, refused.value


@pytest.mark.parametrize("latex", [r"2 + 3 = 5 ~ (2)", r"3 \cdot 4 = 6 \ (2)", r"2~(3) = 6"])
def test_a_display_numbered_by_hand_is_refused_never_refuted_nor_accepted(latex):
    doc = read_document(f"$$ {latex} $$", "notes.md")
    assert not doc.chains and doc.failures, [c.sides for c in doc.chains]


@pytest.mark.parametrize("latex, verdict", [(r"2 (3) = 6", Verdict.PROVED), (r"2 (3) = 5", Verdict.REFUTED)])
def test_a_number_before_a_bracketed_number_after_a_plain_space_is_their_product(latex, verdict, tmp_path):
    assert imported_verdicts(tmp_path, latex, "product.py") == [verdict]
