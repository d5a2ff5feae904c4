r"""A function the words introduce as arbitrary ("Let $f$ be a differentiable function") is refuted at a witness (exp,
sin, t²) only when nothing else the text says may restrict it or give it a body: a sentence that does not write the
function but refers back to it or writes no formula and restricts it ("the function only takes positive values",
"It is also bounded"), or a sentence that writes it and gives it a value or an example ("$f$ is $\sigma$", "say
$\tanh$", "we use the sigmoid"), makes a line true of that function a claim the witnesses say nothing about.

Near misses both ways: the true line √(f²) = f of a positive f, and the true derivative of the sigmoid f' = f(1 − f),
are never refuted; the same false lines about a function nothing else restricts are refuted at a witness, and a
property stated of another named quantity ("The rate $\lambda$ is positive") does not hold the rule off.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.arbitrary_functions import introduced
from verifier.verdicts import Verdict

ABS = "\n\n$$\\sqrt{f(x)^2} = f(x)$$\n"
SIGMOID = "\n\n$$\\frac{d}{dx} f(x) = f(x) \\left(1 - f(x)\\right)$$\n"
INTRO = "Let $f$ be a differentiable function."


@pytest.mark.parametrize("restriction", [
    "Throughout this section we also assume that the function only takes positive values.",
    "From now on the function is strictly positive.",
    "It is also bounded away from zero.",
    "We suppose, moreover, that $f$ is differentiable everywhere and that it is positive.",
])
def test_a_line_true_of_a_function_a_later_sentence_restricts_is_never_refuted(tmp_path, restriction):
    text = INTRO + "\n\n" + restriction + "\n\nWe use the identity below repeatedly." + ABS
    assert introduced(text, "f") is None
    got = document_verdicts(tmp_path, text, "imported.py")
    assert got and Verdict.REFUTED not in got, got


@pytest.mark.parametrize("identified", [
    "Here, $f$ is $\\sigma$.",
    "Now let $f$ be $\\sigma$.",
    "Now take $\\sigma$ for $f$.",
    "We write $f$ for it; say the sigmoid.",
])
def test_a_line_true_of_the_function_a_sentence_gives_the_arbitrary_one_is_never_refuted(tmp_path, identified):
    text = ("For any differentiable function $f$, the chain rule holds.\n\n" + identified
            + "\n\nWe now compute." + SIGMOID)
    assert introduced(text, "f") is None
    got = document_verdicts(tmp_path, text, "imported.py")
    assert Verdict.REFUTED not in got, got


@pytest.mark.parametrize("words", [
    "Let $f$ be any differentiable function, say $\\tanh$.",
    "Let $f$ be any differentiable function (e.g. $\\tanh$).",
    "Let $f$ be any differentiable function: the sigmoid.",
    "Let $f$ be a differentiable function; we use the sigmoid.",
    "Let $f$ be a differentiable function, and suppose it is positive.",
    "Let $f$ and $g$ be differentiable functions, both of them bounded.",
    "Let $f$ be a differentiable function. In the example below, we choose $\\exp$.",
    "Take a differentiable function $f$. Its graph is a parabola.",
    "Let $f$ and $g$ be differentiable functions. Assume they agree at $0$.",
    "Let $f$ be a differentiable function. The function is a parabola.",
])
def test_an_example_or_a_name_beside_the_introduction_is_not_read_as_any_function(words):
    assert introduced(words, "f") is None


def test_near_miss_the_false_line_about_a_function_nothing_restricts_is_refuted(tmp_path):
    text = INTRO + "\n\nWe use the identity below repeatedly." + ABS
    assert introduced(text, "f") is not None
    assert document_verdicts(tmp_path, text, "imported.py") == [Verdict.REFUTED]


def test_near_miss_an_idiom_with_it_keeps_the_function_arbitrary():
    assert introduced(INTRO + " It follows that the rule holds.", "f") is not None


def test_near_miss_a_property_of_another_named_quantity_keeps_the_function_arbitrary(tmp_path):
    text = INTRO + " The rate $\\lambda$ is positive.\n\nWe use the identity below repeatedly." + ABS
    assert introduced(text, "f") is not None
    assert document_verdicts(tmp_path, text, "imported.py") == [Verdict.REFUTED]


DOUBLING = "\n\nThen\n\n$$\\frac{d}{dx} f(x) = 2 f(x)$$\n"


@pytest.mark.parametrize("body", [
    "$$\\begin{aligned} f(x) &= e^{2x}. \\end{aligned}$$",
    "$$f(x) \\, = \\, e^{2x}.$$",
    "$$y = f(x) = e^{2x}.$$",
    "$$f \\colon x \\mapsto e^{2x}.$$",
])
def test_a_body_a_display_gives_in_any_layout_makes_the_function_no_arbitrary_one(tmp_path, body):
    # f' = 2f holds for the function the display defines, and fails at the witness exp
    text = INTRO + "\n\nIn this section we fix\n\n" + body + DOUBLING
    assert introduced(text, "f") is None
    got = document_verdicts(tmp_path, text, "imported.py")
    assert Verdict.REFUTED not in got, got


def test_near_miss_a_side_that_only_writes_the_function_applied_gives_it_no_body(tmp_path):
    # `= f(x) \frac{d}{dx} g(x)`: f(x) followed by more of its side is no value given to f
    text = "For any differentiable function $f$, we use that\n\n$$\\sqrt{f(x)^2} = f(x) \\cdot 1$$\n"
    assert introduced(text, "f") is not None
    assert document_verdicts(tmp_path, text, "imported.py") == [Verdict.REFUTED]


def test_a_function_code_defines_after_the_display_is_no_arbitrary_function(tmp_path):
    # the text's f is the one the code defines, in the displays before it too: 6x - 4 is its derivative
    text = ("For working with compositions of any differentiable functions $f$ and $g$, the rules hold.\n\n"
            "The derivative of what we define below is\n\n$$\\frac{d}{dx} f(x) = 6x - 4$$\n\n"
            "```python\ndef f(x):\n    return 3 * x ** 2 - 4 * x\n```\n")
    assert introduced(text, "f") is None and introduced(text.replace("def f(x)", "def h(x)"), "f") is not None
    got = document_verdicts(tmp_path, text, "imported.py")
    assert Verdict.REFUTED not in got, got


@pytest.mark.parametrize("restriction", [
    "$$f: \\mathbb{R} \\to (0, \\infty).$$",
    "$$f(x) > 0 \\quad \\text{for all } x.$$",
])
def test_a_range_a_display_after_the_line_gives_the_function_keeps_the_line_from_its_witnesses(tmp_path, restriction):
    # √(f²) = f holds for a positive f: the display after it says f is positive
    text = INTRO + "\n\nWe use the identity\n\n$$\\sqrt{f(x)^2} = f(x),$$\n\nwhich holds since\n\n" + restriction + "\n"
    assert introduced(text, "f") is None
    got = document_verdicts(tmp_path, text, "imported.py")
    assert Verdict.REFUTED not in got, got


@pytest.mark.parametrize("words", ["which holds since", "Recall"])
def test_a_hypothesis_display_after_the_line_keeps_the_line_from_its_witnesses(tmp_path, words):
    # |f(x + h) - f(x)| ≤ |h| holds for the 1-Lipschitz f the display after it states, and fails at exp
    claim = "$$\\left|f(x + h) - f(x)\\right| \\leq |h|,$$"
    text = (INTRO + "\n\nWe use the estimate\n\n" + claim + "\n\n" + words + "\n\n"
            "$$\\left|f(x) - f(y)\\right| \\leq |x - y|.$$\n")
    assert introduced(text, "f") is None
    got = document_verdicts(tmp_path, text, "imported.py")
    assert Verdict.REFUTED not in got, got
    # near miss: the same estimate with no hypothesis about f is refuted at a witness
    alone = INTRO + "\n\nWe use the estimate\n\n" + claim + "\n"
    assert introduced(alone, "f") is not None
    assert document_verdicts(tmp_path, alone, "alone.py") == [Verdict.REFUTED]
