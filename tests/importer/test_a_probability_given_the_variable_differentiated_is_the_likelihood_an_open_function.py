r"""`\frac{d}{d\theta} P(X \mid \theta)`: a probability given the parameter θ (θ written after the bar), differentiated
in θ, is the likelihood, a function of θ the text states in words.  It is read as a function with no body applied to
θ, so a step that writes it is proved only for every function and refuted never.  A number set equal to it
(`0 = \frac{d}{d\theta} P(X \mid \theta)`, the condition that picks the maximising θ) leaves the chain unsettled,
and the steps after the derivative is written out (`\frac{d}{d\theta} \theta^9(1-\theta)^4 = 9\theta^8(1-\theta)^4 -
…`) compute it as a function of θ, so they are checked as written.

Near misses both ways: the true chain is never refuted and its computed steps are proved; a false coefficient in a
computed step is refuted; a probability whose condition does not write θ (`P(X \mid \mu)`), or writes it only before
the bar, stays refused; a step relating the open function to a formula is never proved nor refuted.
"""
from __future__ import annotations

import pytest
import sympy as sp
from sympy.core.function import AppliedUndef

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

CHAIN = ("$$\n\\begin{aligned}\n0 & = \\frac{d}{d\\theta} P(X \\mid \\theta) \\\\\n"
         "& = \\frac{d}{d\\theta} \\theta^9(1-\\theta)^4 \\\\\n"
         "& = 9\\theta^8(1-\\theta)^4 - 4\\theta^9(1-\\theta)^3 \\\\\n"
         "& = \\theta^8(1-\\theta)^3(9-{c}\\theta).\n\\end{aligned}\n$$\n")


def chain(coefficient: str) -> str:
    return "We look for the maximum of the likelihood.\n\n" + CHAIN.replace("{c}", coefficient)


def test_the_derivative_of_a_probability_given_theta_is_that_of_an_open_function_of_theta():
    reading = read_side(r"\frac{d}{d\theta} P(X \mid \theta)")
    derivative = reading.expr
    assert isinstance(derivative, sp.Derivative) and isinstance(derivative.expr, AppliedUndef)
    assert derivative.expr.args == (sp.Symbol("theta"),)
    assert any("the likelihood" in r and "refuted never" in r for r in reading.rules), reading.rules


def test_the_true_chain_is_read_in_full_never_refuted_and_its_computed_steps_proved(tmp_path):
    doc = read_document(chain("13"), "notes.md")
    assert not doc.failures and len(doc.chains) == 1
    assert any("checked as written" in r and "derivative written out" in r for r in doc.rules), doc.rules
    got = document_verdicts(tmp_path, chain("13"), "likelihood.py")
    assert got == [Verdict.UNKNOWN, Verdict.UNKNOWN, Verdict.PROVED, Verdict.PROVED]


def test_near_miss_a_false_coefficient_in_a_computed_step_is_refuted(tmp_path):
    got = document_verdicts(tmp_path, chain("12"), "likelihood_12.py")
    assert got[:2] == [Verdict.UNKNOWN, Verdict.UNKNOWN] and got[3] == Verdict.REFUTED


def test_near_miss_a_step_between_the_open_function_and_a_formula_is_never_decided(tmp_path):
    for rhs in ("9\\theta^8", "0"):
        text = f"$$\\frac{{d}}{{d\\theta}} P(X \\mid \\theta) = {rhs}$$\n"
        got = document_verdicts(tmp_path, text, "open.py")
        assert got == [Verdict.UNKNOWN], (text, got)


@pytest.mark.parametrize("latex", [r"\frac{d}{d\theta} P(X \mid \mu)", r"\frac{d}{d\theta} P(\theta \mid X)",
                                   r"\frac{d}{d\theta} E[X]"])
def test_near_miss_a_quantity_whose_condition_does_not_write_the_variable_stays_refused(latex):
    with pytest.raises(ReadError):
        read_side(latex)
