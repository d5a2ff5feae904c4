r"""A step that gives a quantity of two random variables a value (`E[XY] = 1`) is decided only where what the text
states fixes it: the laws proposed are independent, so where the words never say the variables are independent
their agreement (E[XY] = 0 at zero means) says nothing of the text's law (X = Y gives E[XY] = 1), and the step is
left without laws; where the words say so, the stated means fix E[XY] = E[X]E[Y] and a false value is refuted.
"""
from __future__ import annotations

from pathlib import Path

from verifier.importer.document import read_document
from verifier.verdicts import Verdict

MOMENTS = "Let $X$ and $Y$ have zero mean and unit variance.\n\n"


def verdicts(folder: Path, text: str) -> list:
    from tests.engine import document_verdicts
    return document_verdicts(folder, text, "notes.py")


def laws_of(text: str) -> dict:
    return {k: found for c in read_document(text, "notes.md").chains for k, found in c.at_laws.items()}


def test_a_value_of_a_joint_quantity_without_independence_is_never_refuted(tmp_path):
    text = "Let $X$ and $Y$ be random variables with zero mean and unit variance.\n\n$$E[XY] = 1$$"
    assert not laws_of(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


def test_a_false_value_of_a_joint_quantity_of_independent_variables_is_refuted(tmp_path):
    text = "Let $X$ and $Y$ be independent random variables.\n\n" + MOMENTS + "$$E[XY] = 1$$"
    assert laws_of(text)
    assert Verdict.REFUTED in verdicts(tmp_path, text)


def test_a_value_of_one_variable_needs_no_word_of_independence(tmp_path):
    text = "Let $X$ and $Y$ be random variables with zero mean and unit variance.\n\n$$E[X^2] = 2$$"
    assert Verdict.REFUTED in verdicts(tmp_path, text)
