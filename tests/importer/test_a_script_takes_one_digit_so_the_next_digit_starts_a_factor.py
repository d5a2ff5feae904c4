r"""In TeX a sub- or superscript without braces takes one token: `\int_0^1 3x^2\,dx` has upper limit 1 and integrand
3x², `\sum_{k=1}^3 2k` sums 2k up to 3.  They were refused as "digits separated by a space" (13, 32); digits
separated by a space elsewhere (`2 5`, `x^2 000`: a number after the space with nothing after it) are still refused
naming both readings.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


def test_a_one_digit_script_ends_before_the_space():
    x = sp.Symbol("x")
    assert read_side(r"\int_0^1 3x^2\,dx").expr == sp.Integral(3 * x ** 2, (x, 0, 1))
    summed = read_side(r"\sum_{k=1}^3 2k").expr
    assert isinstance(summed, sp.Sum) and summed.limits[0][1:] == (1, 3) and summed.function.as_coeff_Mul()[0] == 2


@pytest.mark.parametrize("true, twin", [(r"$$\int_0^1 3x^2\,dx = 1$$", r"$$\int_0^1 3x^2\,dx = 3$$"),
                                        (r"$$\int_0^2 2x\,dx = 4$$", r"$$\int_0^2 2x\,dx = 2$$")])
def test_true_lines_proved_and_twins_refuted(tmp_path, true, twin):
    assert set(document_verdicts(tmp_path, true, "t.py")) <= PASSING
    assert document_verdicts(tmp_path, twin, "f.py") == [Verdict.REFUTED]


def test_digits_separated_by_a_space_outside_a_script_stay_refused():
    with pytest.raises(ReadError) as caught:
        read_side("2 5 + x")
    with pytest.raises(ReadError):
        read_side("x^2 000")
    assert len(caught.value.readings) == 2
