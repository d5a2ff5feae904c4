r"""A step among a law's parameters whose truth turns on their signs (`-\log(\theta^{n_H}(1-\theta)^{n_T}) =
-(n_H\log\theta + n_T\log(1-\theta))`, beside the likelihood P(X | θ)) is judged inside the ranges the text's words
state ("a single parameter $\theta$ representing the probability": 0 ≤ θ ≤ 1), which a counterexample satisfies:
the false twin with log(1 + θ) is refuted there, the true line never.  Without a stated range, or with one that leaves
a sign open, the step stays unsettled.  What made the twin pass besides: the probability word was given to every math
of its sentence (n_H, n_T read as probabilities in [0, 1], so no counterexample satisfied the conditions), the display
P(X | θ) = θ^{n_H}(1-θ)^{n_T} before it (which only gives P, a name the step does not write, its value) held the step
off as words, and the copy of θ's range on the other glyph ϑ, reached through that display, became words too."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.conditions import conditions_in
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.verdicts import Verdict

# d2l-en, maximum-likelihood.md (the concrete example, then the negative log-likelihood), verbatim
SAID = ("Let's see how this works in a concrete example.  Suppose that we have a single parameter $\\theta$ representing "
        "the probability that a coin flip is heads.  Then the probability of getting a tails is $1-\\theta$, and so if "
        "our observed data $X$ is a sequence with $n_H$ heads and $n_T$ tails, we can use the fact that independent "
        "probabilities multiply to see that \n\n$$\nP(X \\mid \\theta) = \\theta^{n_H}(1-\\theta)^{n_T}.\n$$\n\n"
        "To illustrate this, consider the coin flipping problem from before, and pretend that we do not know the closed "
        "form solution.  We may compute that\n\n")
TRUE = ("$$\n-\\log(P(X \\mid \\boldsymbol{\\theta})) = -\\log(\\theta^{n_H}(1-\\theta)^{n_T}) = "
        "-(n_H\\log(\\theta) + n_T\\log(1-\\theta)).\n$$")
TWIN = TRUE.replace("n_T\\log(1-\\theta)", "n_T\\log(1+\\theta)")
NO_RANGE = SAID.replace("representing the probability that a coin flip is heads", "for the coin")


def settled_steps(text: str) -> frozenset:
    """The steps of the last chain decided though it writes a quantity of a law, counted from its first right side."""
    doc = read_document(text, "notes.md")
    c = doc.chains[-1]
    assert c.unsettled, c.exprs
    return frozenset(k - c.start for k in c.settled_steps)


def test_the_step_in_the_stated_range_is_settled_and_the_step_writing_the_law_is_not():
    assert settled_steps(SAID + TWIN) == {1}


def test_near_miss_without_a_stated_range_the_step_stays_unsettled():
    assert settled_steps(NO_RANGE + TWIN) == frozenset()


def test_near_miss_a_range_that_leaves_a_sign_open_keeps_the_step_unsettled():
    """θ ≥ 0 alone leaves 1 - θ of either sign: log(1 - θ) may have no value, or another one, where the law's range
    would give it one."""
    open_sign = NO_RANGE.replace("for the coin", "with $\\theta \\geq 0$")
    assert settled_steps(open_sign + TWIN) == frozenset()


@pytest.mark.parametrize("words", ["which may be the probability that a coin flip is heads",
                                   "if it is the probability that a coin flip is heads"])
def test_near_miss_a_range_given_as_a_possibility_or_a_case_keeps_the_step_unsettled(words):
    text = SAID.replace("representing the probability that a coin flip is heads", words)
    assert settled_steps(text + TWIN) == frozenset()


@pytest.mark.slow
def test_the_twin_is_refuted_inside_the_stated_range_and_the_true_line_never(tmp_path):
    assert Verdict.REFUTED in document_verdicts(tmp_path, SAID + TWIN, "twin.py")
    assert Verdict.REFUTED not in document_verdicts(tmp_path, SAID + TRUE, "true.py")


@pytest.mark.slow
def test_near_miss_the_twin_is_not_refuted_where_the_text_states_no_range(tmp_path):
    assert Verdict.REFUTED not in document_verdicts(tmp_path, NO_RANGE + TWIN, "twin.py")


def test_the_probability_word_bounds_the_maths_of_its_own_clause_only():
    [_, tails] = [c for c in conditions_in(SAID.split("$$")[0]) if "theta" in c.names and c.relation is not None][:2]
    assert "tails is $1-\\theta$" in tails.words
    assert {s.name for s in tails.relation.free_symbols} == {"theta"}, tails.relation      # not n_H, n_T, X
    theta = next(iter(tails.relation.free_symbols))
    assert tails.relation.subs(theta, sp.Rational(1, 2)) is sp.true and tails.relation.subs(theta, 2) is sp.false


@pytest.mark.parametrize("words, names", [
    ("Let $p$ be, as before, a probability.", {"p"}),
    ("Let $p$ and $q$ be probabilities.", {"p", "q"}),
    ("Here $p$ is a probability and $x$ its weight.", {"p", "x"}),
])
def test_near_miss_a_probability_word_without_maths_in_its_clause_still_bounds_the_sentence(words, names):
    [cond] = [c for c in conditions_in(words) if c.relation is not None]
    assert {s.name for s in cond.relation.free_symbols} == names, cond.relation


def test_a_display_giving_only_an_unwritten_name_its_value_does_not_hold_the_step_off():
    written = write(read_document(SAID + TWIN, "notes.md"))
    step = next(line for line in written.splitlines() if "log(1 + theta)" in line)
    assert "(the display at line" not in step and "unconfirmed=[" in step, step
    assert "vartheta" not in step, step


def test_near_miss_the_display_still_holds_the_step_off_where_the_text_bounds_its_name():
    bounded = SAID.replace("To illustrate this", "Here $P(X \\mid \\theta)$ is at most $1$.  To illustrate this")
    written = write(read_document(bounded + TWIN, "notes.md"))
    step = next(line for line in written.splitlines() if "log(1 + theta)" in line)
    assert "(the display at line" in step, step
