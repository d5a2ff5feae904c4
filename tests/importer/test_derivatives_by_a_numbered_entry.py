r"""`\frac{d}{dx_1} \left(\sum_i x_i\right)^2` is the derivative by the entry x_1 of the vector x (SymPy's derivative
by an Indexed), of the delimited group after the operator; the group must write entries of x and not the bare name.
Near misses: a reach over juxtaposed factors, an entry with a letter subscript (`x_i`, which a sum inside may also
bind), and a group that writes no entry of x are refused.  A true line is not refuted; its one-edit twin is.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import sympy as sp

from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

x = sp.IndexedBase("x")
i, n = sp.Symbol("i", integer=True), sp.Symbol("n")
TRUE = r"$$ \frac{d}{dx_1} \left(\sum_i x_i \right)^{2}= 2\left(\sum_i x_i \right). $$"
TWIN = r"$$ \frac{d}{dx_1} \left(\sum_i x_i \right)^{2}= \left(\sum_i x_i \right). $$"


@pytest.mark.parametrize("latex, value", [
    (r"\frac{d}{dx_1} (x_1 x_2)", x[2]),
    (r"\frac{\partial}{\partial x_2} (x_1 x_2 + x_2^2)", x[1] + 2 * x[2]),
])
def test_the_derivative_by_an_entry_is_read(latex, value):
    got = read_side(latex).expr
    assert isinstance(got, sp.Derivative) and sp.simplify(got.doit() - value) == 0


@pytest.mark.parametrize("latex, match", [
    (r"\frac{d}{dx_1} x_1 x_2", "reaches"),
    (r"\frac{d}{dx_i} (x_i^2)", "numbered entry"),
    (r"\frac{d}{dx_1} (y^2)", "does not write entries"),
    (r"\frac{d}{dx_1} (x_1 + x)", "does not write entries"),
])
def test_a_derivative_by_an_entry_not_settled_is_refused(latex, match):
    with pytest.raises(ReadError, match=match):
        read_side(latex)


@pytest.mark.slow
def test_the_true_line_is_not_refuted_and_its_twin_is(tmp_path: Path):
    from tests.engine import document_verdicts

    def verdicts(text: str, name: str) -> list:
        return document_verdicts(tmp_path, text, name)

    true = verdicts(TRUE, "true.py")
    assert true and Verdict.REFUTED not in true, true
    assert verdicts(TWIN, "twin.py") == [Verdict.REFUTED]
