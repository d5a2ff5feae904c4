r"""`g^2(x)` where the text writes g applied (`g(x)`) and never bare is the square of g's value, (g(x))², as
`\sin^2 x` is: d2l's quotient rule `\frac{d}{dx} \frac{f(x)}{g(x)} = \frac{g(x) f'(x) - f(x) g'(x)}{g^2(x)}` was
refused as a whole (g counted as written bare), so its four rules of differentiation were never read.  The rule is
printed; a function with no body gives the numbers nothing to evaluate, so no such line is refuted.

Near misses both ways: an inverse `f^{-1}(x)`, a letter the text writes bare (`p^2(1-p)` beside `p`), a letter that
is no function letter (`x^2(1-x)`, a product) and a function the text defines (where g∘g and g² differ) keep their
old readings; a false twin about a power of a defined function is still refuted.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

x = sp.Symbol("x")
f, g = sp.Function("f"), sp.Function("g")
QUOTIENT = (r"$$\frac{d}{dx} [f(x) + g(x)] = \frac{d}{dx} f(x) + \frac{d}{dx} g(x)$$" "\n\n"
            r"$$\frac{d}{dx} \frac{f(x)}{g(x)} = \frac{g(x) \frac{d}{dx} f(x) {} f(x) \frac{d}{dx} g(x)}{g^2(x)}$$" "\n")


def verdicts(tmp_path, text: str) -> list[Verdict]:
    return document_verdicts(tmp_path, text, "imported.py")


@pytest.mark.parametrize("latex, value", [(r"\frac{g(x)}{g^2(x)}", 1 / g(x)),
                                          (r"f(x) + f^{2}(x)", f(x) + f(x) ** 2),
                                          (r"g(x) g^3(x)", g(x) ** 4)])
def test_a_power_before_the_parenthesis_of_a_function_written_applied_is_the_power_of_its_value(latex, value):
    reading = read_side(latex)
    assert reading.expr == value
    assert any("never" in r and "composed with itself" in r for r in reading.rules), reading.rules


def test_the_rules_of_differentiation_are_imported_in_full_and_never_refuted(tmp_path):
    text = QUOTIENT.replace("{}", "-")
    doc = read_document(text, "notes.md")
    assert not doc.failures and [len(c.chain.sides) for c in doc.chains] == [2, 2]
    assert Verdict.REFUTED not in verdicts(tmp_path, text)
    # the false twin (a sign) is not refuted either: nothing evaluates a function with no body
    assert Verdict.PROVED not in verdicts(tmp_path, QUOTIENT.replace("{}", "+"))[1:]


@pytest.mark.parametrize("latex", [r"f(x) f^{-1}(x)", r"p(x) + p^2(1-p)", r"g^2(x) + g"])
def test_near_miss_an_inverse_or_a_letter_written_bare_is_not_the_power_of_a_value(latex):
    try:
        reading = read_side(latex)
    except ReadError:
        return
    assert not any("composed with itself" in r for r in reading.rules), reading.rules


def test_near_miss_a_letter_that_is_no_function_before_a_power_and_a_parenthesis_is_a_product():
    assert read_side(r"x^2(1-x)").expr == x ** 2 * (1 - x)


def test_near_miss_a_function_the_text_defines_is_not_squared_by_this_rule_and_its_twin_is_refuted(tmp_path):
    text = "Let\n\n$$f(x) = x + 1.$$\n\n$$f(x)^2 = x^2 + 2x + {}$$\n"
    doc = read_document(text.replace("{}", "1") + "\n$$f^2(x) = x^2 + 2x + 1$$\n", "notes.md")
    assert not any("composed with itself" in r for r in doc.rules)
    assert verdicts(tmp_path, text.replace("{}", "1"))[-1] is Verdict.PROVED
    assert verdicts(tmp_path, text.replace("{}", "2"))[-1] is Verdict.REFUTED
