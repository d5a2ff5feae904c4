r"""A function the text's words introduce as arbitrary ("any differentiable functions $f$ and $g$", "convexity of $f$",
"$h$ is a parametrized function") is any function with the properties they state: a line about it is refuted at a
witness with every one of those properties (exp, sin, t ↦ t², … from the one table in verifier/functions.py), the
witness named in the result, and never proved by one (a proof for every function whose numbers could not evaluate
it is cross-checked at the witnesses instead).

Near misses both ways: the true product and quotient rules are never refuted; the quotient rule with + is refuted at
f = exp, g = sin; a line true for every convex function (the midpoint inequality) is never refuted though sin breaks
it; a function the words name as one object ("Let $f$ be the loss function"), one given a property no witness is
known to have (monotone, Lipschitz, bounded), one given a body anywhere in the text, or one the words never introduce
keeps today's reading: never refuted.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine import document_verdicts
from verifier.functions import WITNESSES, witnesses_with
from verifier.importer.arbitrary_functions import introduced
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from tests.engine import QUICK
from verifier.verdicts import Verdict

RULES = "for working with compositions of any differentiable functions $f$ and $g$, and constant $C$.\n\n"
PRODUCT = r"$$\frac{d}{dx} [f(x) g(x)] = f(x) \frac{d}{dx} g(x) + g(x) \frac{d}{dx} f(x)$$" + "\n"
QUOTIENT = r"$$\frac{d}{dx} \frac{f(x)}{g(x)} = \frac{g(x) \frac{d}{dx} f(x) - f(x) \frac{d}{dx} g(x)}{g^2(x)}$$" + "\n"
QUOTIENT_PLUS = QUOTIENT.replace(r"f(x) - f(x)", r"f(x) + f(x)")
CONVEX = "To see that convexity of $f$ implies $f'' \\geq 0$ we use the fact that\n\n"
MIDPOINT = (r"$$\frac{1}{2} f(x + \epsilon) + \frac{1}{2} f(x - \epsilon) \geq f\left(\frac{x + \epsilon}{2} + "
            r"\frac{x - \epsilon}{2}\right)$$" + "\n")
MIDPOINT_SHIFTED = MIDPOINT.replace(r"\frac{x - \epsilon}{2}\right)", r"\frac{x + \epsilon}{2}\right)")


def results(tmp_path: Path, text: str) -> list:
    doc = read_document(text, "notes.md")
    path = tmp_path / "imported.py"
    path.write_text(write(doc), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, error
    return [s for r in check_all(found, QUICK) for s in r.steps]


def test_every_witness_has_the_properties_the_table_gives_it_and_an_unknown_property_has_none():
    assert [w.name for w in witnesses_with({"convex"})] == ["exp", "t ↦ t²"]
    assert all("concave" in w.properties for w in witnesses_with({"concave"}))
    assert witnesses_with({"monotone"}) == () and witnesses_with({"differentiable", "Lipschitz"}) == ()
    assert len(witnesses_with(())) == len(WITNESSES)


def test_the_quotient_rule_with_a_plus_is_refuted_at_named_witnesses(tmp_path):
    steps = results(tmp_path, RULES + QUOTIENT_PLUS)
    assert [s.verdict for s in steps] == [Verdict.REFUTED]
    assert "f = exp" in steps[0].message and "g = sin" in steps[0].message, steps[0].message
    assert steps[0].counterexample is not None and "for f = exp, g = sin" in steps[0].counterexample.note


@pytest.mark.slow
def test_the_true_product_and_quotient_rules_are_never_refuted(tmp_path):
    for display in (PRODUCT, QUOTIENT):
        got = document_verdicts(tmp_path, RULES + display, "imported.py")
        assert got and Verdict.REFUTED not in got, (display, got)


def test_a_rule_proved_for_every_function_is_proved_once_the_numbers_agree_at_the_witnesses(tmp_path):
    steps = results(tmp_path, RULES + PRODUCT)
    assert [s.verdict for s in steps] == [Verdict.PROVED]
    assert "the numbers agree at the witnesses f = exp, g = sin" in steps[0].message, steps[0].message


def test_near_miss_a_rule_about_functions_the_words_never_introduce_is_not_proved_by_witnesses(tmp_path):
    # no words introduce f and g: the numbers have nothing to evaluate, so the proof stays unchecked, as before
    steps = results(tmp_path, PRODUCT)
    assert [s.verdict for s in steps] == [Verdict.UNKNOWN]
    assert "witness" not in steps[0].message


def test_the_rule_that_settles_the_reading_is_printed_in_the_written_file():
    written = write(read_document(RULES + QUOTIENT_PLUS, "notes.md"))
    assert "read f as any function with the properties the text states of it (arbitrary, differentiable" in written
    assert "at_functions=arbitrary_functions(" in written


def test_a_line_false_for_a_convex_function_is_refuted_at_a_convex_witness(tmp_path):
    steps = results(tmp_path, CONVEX + MIDPOINT_SHIFTED)
    assert [s.verdict for s in steps] == [Verdict.REFUTED]
    assert "f = exp" in steps[0].message or "f = t ↦ t²" in steps[0].message, steps[0].message


@pytest.mark.slow
def test_near_miss_the_midpoint_inequality_true_for_every_convex_function_is_never_refuted(tmp_path):
    # false for sin (at x = π/2), true for every convex f: sin is no witness of a convex function
    assert "convex" in introduced(CONVEX + MIDPOINT, "f").properties
    got = document_verdicts(tmp_path, CONVEX + MIDPOINT, "imported.py")
    assert got and Verdict.REFUTED not in got, got
    # the same line about any differentiable f is false (at f = sin): refuted there
    anyf = "for any differentiable function $f$ we have\n\n"
    assert document_verdicts(tmp_path, anyf + MIDPOINT, "imported.py") == [Verdict.REFUTED]


def test_a_parametrized_function_is_any_function(tmp_path):
    text = ("where ($h$ is a parametrized function), it follows that\n\n"
            r"$$\frac{1/(1 + \exp(-h(x_i)))}{\exp(-h(x_i))/(1 + \exp(-h(x_i)))} = \exp(-h(x_i))$$" + "\n")
    assert document_verdicts(tmp_path, text, "imported.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("words", [
    "Let $f$ be the loss function and $g$ a differentiable function.",
    "Here $f$ is the density of $X$, and $g$ is differentiable.",
    "We call the network's output $f$; $g$ is differentiable.",
])
def test_near_miss_a_function_named_as_one_object_is_never_refuted(tmp_path, words):
    assert introduced(words, "f") is None
    got = document_verdicts(tmp_path, words + "\n\n" + QUOTIENT_PLUS, "imported.py")
    assert got and Verdict.REFUTED not in got, got


@pytest.mark.parametrize("words", [
    "for any monotone functions $f$ and $g$,",
    "for any differentiable functions $f$ and $g$; here $f$ is Lipschitz and $g$ is bounded.",
    "Suppose that functions $f$ and $g$ are differentiable with bounded derivatives.",
    "for any differentiable functions $f$ and $g$ with $g(x) > 0$,",
])
def test_near_miss_a_property_no_witness_is_known_to_have_keeps_the_line_unknown(tmp_path, words):
    assert introduced(words, "g") is None
    got = document_verdicts(tmp_path, words + "\n\n" + QUOTIENT_PLUS, "imported.py")
    assert got and Verdict.REFUTED not in got, got


def test_near_miss_a_function_given_a_body_later_in_the_text_is_not_arbitrary(tmp_path):
    text = RULES + QUOTIENT_PLUS + "\nFor example, take\n\n$$g(x) = 1$$\n"
    assert introduced(text, "g") is None and introduced(text, "f") is not None
    assert introduced("Let $f$ be a convex function. Let $f(x) = x^2$.", "f") is None
    assert Verdict.REFUTED not in [s.verdict for s in results(tmp_path, text)][:1]


def test_near_miss_a_function_the_words_never_introduce_is_never_refuted(tmp_path):
    assert introduced(QUOTIENT_PLUS, "f") is None
    got = document_verdicts(tmp_path, QUOTIENT_PLUS, "imported.py")
    assert got and Verdict.REFUTED not in got, got


@pytest.mark.parametrize("words", [
    "There exists a differentiable function $f$ with",          # one function, not any
    "for some convex function $f$ we have",
    "the derivative of $f$ is convex.",                          # a property of f', not of f
    "the value of $f$ is 3.",
    "Here $f$ is $2x$.",                                         # a formula about f
    "Without convexity of $f$, we have",                         # the property denied
    "Let $f$ be a convex function such that",                    # more said than the property
    "Let $f$ be a strictly monotone function.",
])
def test_near_miss_words_that_do_not_say_any_function_with_known_properties_introduce_none(words):
    assert introduced(words, "f") is None


def test_the_introductions_the_prose_states_are_read_with_their_properties():
    suppose = introduced("Suppose that functions $f$ and $g$ are differentiable and $C$ is a constant, then we have:",
                         "g")
    assert suppose is not None and suppose.properties == ("differentiable",)
    assert introduced("Let $f$ be a convex function.", "f").properties == ("convex",)
    # a definition of another quantity from the function's values, a probability for every value: satisfied by all
    shift = introduced(r"where $P(z=1 \mid \mathbf{x})=\frac{1}{1+\exp(-h(\mathbf{x}))}$ ($h$ is a parametrized "
                       "function)", "h")
    assert shift is not None and shift.satisfied
    # a probability that is the function's value itself holds only for functions between 0 and 1: not satisfied
    assert introduced(r"where $P(z=1 \mid \mathbf{x})=h(\mathbf{x})$ ($h$ is a parametrized function)", "h") is None
