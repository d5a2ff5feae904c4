r"""`3 \frac{d}{dx} x^2 - 4 \frac{d}{dx} x` (d2l-en, calculus.md): when the term after the sign takes its own
derivative by the same variable, each derivative reaches over its own term (a reach over the sign would put one
derivative inside another).  `\frac{d}{dx} x^2 + 1` stays refused naming both reaches, as does a next term without
a derivative by the same variable.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}
CHAIN = r"$$\frac{d}{dx} [3 x^2 - 4x] = 3 \frac{d}{dx} x^2 - 4 \frac{d}{dx} x = 6x - 4.$$"


def test_each_derivative_reaches_over_its_own_term():
    x = sp.Symbol("x")
    assert read_side(r"3 \frac{d}{dx} x^2 - 4 \frac{d}{dx} x").expr.doit() == 6 * x - 4
    assert read_side(r"x^3\frac{d}{dx} x^2 + x^2 \frac{d}{dx} x^3").expr.doit() == 5 * x ** 4


def test_the_true_chain_is_proved_and_its_one_edit_twins_refuted(tmp_path):
    assert set(document_verdicts(tmp_path, CHAIN, "true.py")) <= PASSING
    assert Verdict.REFUTED in document_verdicts(tmp_path, CHAIN.replace("6x - 4", "6x - 3"), "twin1.py")
    twin = CHAIN.replace(r"4 \frac{d}{dx} x =", r"4 \frac{d}{dx} x^2 =")
    assert Verdict.REFUTED in document_verdicts(tmp_path, twin, "twin2.py")


@pytest.mark.parametrize("latex", [r"\frac{d}{dx} x^2 + 1", r"\frac{d}{dx} x^2 + 1 - \frac{d}{dx} x",
                                   r"\frac{d}{dx} x^2 + \frac{d}{dy} y"])
def test_a_reach_the_next_term_does_not_settle_is_refused_naming_both(latex):
    with pytest.raises(ReadError, match="reaches over") as caught:
        read_side(latex)
    assert len(caught.value.readings) == 2
