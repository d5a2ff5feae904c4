"""`\\operatorname{sgn}(x) = …` is a claim about the sign function, not a definition of a new function `sgn`.

A word applied to names on the left of an `=` (`\\mathrm{Attention}(Q, K, V) = …`) names a function the text
defines.  When the word is a function of mathematics (sgn, sign, erf, sinc, Ei) the line is a claim about it,
checked; when the reader cannot read the word (diag) the display is named as not read.  Never dropped in silence.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

TRUE = "$$(a+b)^2 = a^2 + 2ab + b^2$$\n\n"


def verdicts(tmp_path, text: str) -> list:
    return document_verdicts(tmp_path, text, "notes.py")


@pytest.mark.parametrize("display", [
    r"\operatorname{sgn}(x) = 2", r"\operatorname{sgn}(x) = x", r"\text{sgn}(x) = 2", r"\mathrm{sgn}(x) = 2",
    r"\operatorname{sign}(t) = t", r"\operatorname{erf}(x) = 2",
])
def test_a_false_line_about_a_known_function_is_checked_never_dropped(tmp_path, display):
    found = verdicts(tmp_path, TRUE + f"$${display}$$\n")
    assert len(found) == 2 and found[0] is Verdict.PROVED and found[1] in (Verdict.REFUTED, Verdict.UNKNOWN)


def test_the_true_sign_of_a_nonzero_number_is_never_refuted_and_its_twin_is(tmp_path):
    prose = "For $x \\neq 0$,\n\n"
    assert verdicts(tmp_path, prose + "$$\\operatorname{sign}(x) = \\frac{x}{|x|}$$\n") == [Verdict.UNKNOWN] or \
        verdicts(tmp_path, prose + "$$\\operatorname{sign}(x) = \\frac{x}{|x|}$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, prose + "$$\\operatorname{sign}(x) = \\frac{|x|}{x^2}$$\n") == [Verdict.REFUTED]


def test_a_known_function_the_reader_cannot_read_is_named_as_not_read():
    doc = read_document(TRUE + "$$\\operatorname{diag}(x) = x + 1$$\n", "notes.md")
    assert len(doc.chains) == 1 and any(f.line == 3 for f in doc.failures)


def test_a_function_the_text_names_by_a_new_word_is_still_a_definition():
    doc = read_document(TRUE + "$$\\mathrm{Attention}(Q, K, V) = \\mathrm{softmax}(Q K^\\top) V$$\n", "notes.md")
    assert len(doc.chains) == 1 and not doc.failures
    assert any("defining the function Attention" in r for r in doc.rules)


def test_a_false_line_about_a_known_function_is_never_substituted_into_the_next(tmp_path):
    text = TRUE + "$$\\operatorname{sgn}(x) = x^2$$\n\nso\n\n$$\\operatorname{sgn}(3) = 9$$\n"
    assert verdicts(tmp_path, text) == [Verdict.PROVED, Verdict.REFUTED, Verdict.REFUTED]
    twin = TRUE + "$$\\operatorname{sgn}(x) = x^2$$\n\nso\n\n$$\\operatorname{sgn}(3) = 1$$\n"
    assert verdicts(tmp_path, twin)[2] is not Verdict.REFUTED


def test_a_function_the_text_defines_by_a_letter_is_still_substituted(tmp_path):
    text = "$$f(x) = x^2$$\n\nso\n\n$$f(3) = 9$$\n"
    assert Verdict.REFUTED not in verdicts(tmp_path, text)
