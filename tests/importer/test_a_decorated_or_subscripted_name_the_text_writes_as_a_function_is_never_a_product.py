r"""A decorated or subscripted name the text writes applied to a name (`$\dot{x}(t) = 3t^2$`, `$F_X(x)$`, `$V_\pi(s)$`,
`$y_{\text{pred}}(t)$`, `$\bar{x}(t)$`, `$R_{\mathrm{emp}}(w)$`) is a function: before any parenthesis in a display it
is refused naming both readings (the function there, the product), whatever the parenthesis holds.  Read as a product,
`\dot{x}(2t) = 4\dot{x}(t)` (true: 12t² both sides) was refuted and `F_X(x + 1) = F_X x + F_X` proved.  (A parenthesis
holding one number or one name is refused for every such name, the text's or not; a function letter with a
subscript, `f_1(x)`, `p_\theta(x)`, is read by the reader as that function applied.)

Near misses stay read: a decorated or subscripted name the text never writes as a function is a factor before a
parenthesis (`\bar{x}(1 - \bar{x})`, `w_i(x_i - \mu)`, `x_1(2 + x_2)`), and a plain letter the text defines is
applied through its body (`f(x) = x^2`, so `f(3) = 9`): each is checked both ways.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.noncommuting import applied
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


@pytest.mark.parametrize("prose, true, twin", [
    ("Position $x(t) = t^3$ has velocity $\\dot{x}(t) = 3t^2$.", "\\dot{x}(2t) = 4\\dot{x}(t)",
     "\\dot{x}(2t) = 2\\dot{x}(t)"),
    ("The CDF of $X$ is $F_X(x) = x^2$ on $[0, 1]$.", "F_X(x + 1) = F_X(x) + 2x + 1", "F_X(x + 1) = F_X x + F_X"),
    ("The value of policy $\\pi$ is $V_\\pi(s) = s^2$.", "V_\\pi(s + 1) = V_\\pi(s) + 2s + 1",
     "V_\\pi(s + 1) = V_\\pi s + V_\\pi"),
    ("The predicted value is $y_{\\text{pred}}(t) = t^2$.", "y_{\\text{pred}}(2t) = 4y_{\\text{pred}}(t)",
     "y_{\\text{pred}}(2t) = 2y_{\\text{pred}}(t)"),
    ("The running mean $\\bar{x}(t)$ changes with time.", "\\bar{x}(1 - t) = \\bar{x}(1 - t)",
     "\\bar{x}(1 - t) = \\bar{x} - \\bar{x}t"),
    ("The empirical risk is $R_{\\mathrm{emp}}(w) = w^2$.", "R_{\\mathrm{emp}}(2w) = 4R_{\\mathrm{emp}}(w)",
     "R_{\\mathrm{emp}}(2w) = 2w R_{\\mathrm{emp}}"),
])
def test_a_decorated_function_of_the_text_before_a_parenthesis_is_refused_in_the_true_line_and_its_twin(
        tmp_path, prose, true, twin):
    for name, latex in (("true.py", true), ("twin.py", twin)):
        text = f"{prose}\n\n$${latex}$$\n"
        doc = read_document(text, "notes.md")
        assert doc.failures and all(len(f.readings) == 2 for f in doc.failures), doc.failures
        assert any("function" in r for f in doc.failures for r in f.readings), doc.failures
        assert any("product" in r for f in doc.failures for r in f.readings), doc.failures
        verdicts = document_verdicts(tmp_path, text, name) if doc.chains else []
        assert Verdict.REFUTED not in verdicts and not set(verdicts) & PASSING, verdicts


def test_the_functions_the_text_writes_are_its_decorated_or_subscripted_names_applied_to_names():
    assert applied("velocity $\\dot{x}(t) = 3t^2$, CDF $F_X(x)$, value $V_\\pi(s, a)$") == {
        "\\dot{x}", "F_{X}", "V_{\\pi}"}
    # applied to a number or a sum, or a plain letter: not what this rule collects (other rules read those)
    assert applied("$\\dot{x}(2) = 12$ and $w_i(x_i - \\mu)$ and $f(x) = x^2$") == frozenset()


def test_near_miss_factors_and_defined_functions_are_read_and_checked_both_ways(tmp_path):
    assert set(document_verdicts(tmp_path, "$$\\bar{x}(1 - \\bar{x}) = \\bar{x} - \\bar{x}^2$$", "a.py")) <= PASSING
    assert document_verdicts(tmp_path, "$$\\bar{x}(1 - \\bar{x}) = \\bar{x} + \\bar{x}^2$$", "b.py") == [
        Verdict.REFUTED]
    weights = "The weights $w_i$ are positive.\n\n"
    assert set(document_verdicts(tmp_path, weights + "$$w_i(x_i - \\mu) = w_i x_i - w_i \\mu$$", "c.py")) <= PASSING
    assert not set(document_verdicts(tmp_path, weights + "$$w_i(x_i - \\mu) = w_i x_i + w_i \\mu$$", "d.py")) & PASSING
    defined = "Consider the function $f(x) = x^2$.\n\n"
    assert set(document_verdicts(tmp_path, defined + "$$f(3) = 9$$", "e.py")) <= PASSING
    assert document_verdicts(tmp_path, defined + "$$f(3) = 6$$", "f.py") == [Verdict.REFUTED]
    doc = read_document("$$x_1(2 + x_2) = 2x_1 + x_1 x_2$$", "notes.md")
    assert doc.chains and not doc.failures
    assert set(document_verdicts(tmp_path, "$$x_1(2 + x_2) = 2x_1 + x_1 x_2$$", "g.py")) <= PASSING
    assert document_verdicts(tmp_path, "$$x_1(2 + x_2) = 2x_1 + x_2$$", "h.py") == [Verdict.REFUTED]
