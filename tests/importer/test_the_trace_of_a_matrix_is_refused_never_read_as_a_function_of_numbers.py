r"""`\operatorname{tr}(AB)`, `\mathrm{Tr}(X)`, `\text{tr}(…)`, `\tr`, `tr(…)`: the trace's argument is a matrix, whose
products do not commute. Read as an unknown function of numbers, `\mathrm{tr}(A_1 A_2 A_3) = \mathrm{tr}(A_2 A_1 A_3)`
(false for matrices) was proved; split into t·r beside bold matrices it was refused naming `t`. Each is refused naming
the trace; letters t and r written apart (`t r (x+1)`) stay a product."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


@pytest.mark.parametrize("latex", [
    r"\mathrm{tr}(A_1 A_2 A_3) = \mathrm{tr}(A_2 A_1 A_3)",       # false for matrices
    r"\mathrm{tr}(X^2 Y^2) = \mathrm{tr}((XY)^2)",                   # false for matrices
    r"\mathrm{tr}(A_1 A_2 A_3) = \mathrm{tr}(A_3 A_1 A_2)",       # true (cyclic): not read either
    r"\operatorname{tr}(\mathbf{A}\mathbf{B}) = \operatorname{tr}(\mathbf{B}\mathbf{A})",
    r"\text{tr}(AB) = \text{tr}(BA)",
    r"\mathrm{Tr}(\Sigma^{-1} S \Sigma) = \mathrm{Tr}(S)",
    r"tr(XY) = tr(YX)",
])
def test_a_trace_is_refused_naming_the_trace_and_never_proved(tmp_path, latex):
    doc = read_document(f"$${latex}$$\n", "notes.md")
    assert any("the trace of a matrix" in f.message for f in doc.failures)
    assert not doc.chains
    assert not any("`t`" in f.message for f in doc.failures)


def test_letters_t_and_r_written_apart_stay_a_product(tmp_path):
    assert document_verdicts(tmp_path, r"$$t r (x+1) = t r x + t r$$" + "\n", "true.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, r"$$t r (x+1) = t r x + r$$" + "\n", "false.py") == [Verdict.REFUTED]
