r"""A text that states the marginal laws of its variables ("$w_0, w_1 \sim \mathcal{N}(0,1)$") and not their joint law
means one coupling of them, which the words leave open: a step that holds for some coupling is never refuted.  Nor is
one false only where a mixed moment leaves its certified range (E[w_0 w_1] > 1 for two standard normals), nor one the
text keeps from being read as a law's identity: a law whose second parameter may be a deviation or a variance
(N(0, 4)), a condition on the variables, another random name, another display writing the variables, a display the
words before it suppose.  Its counterpart, a step false at every joint law refuted, is specified in
test_a_step_false_at_every_joint_law_of_stated_marginals_is_refuted.py.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from verifier.importer.document import read_document
from verifier.verdicts import Verdict

GP = (r"Suppose $f(x) = w_0 + w_1 x$, and $w_0, w_1 \sim \mathcal{N}(0,1)$, with $w_0, w_1, x$ all in one dimension. "
      r"We can equivalently write this function as the inner product $f(x) = (w_0, w_1)(1, x)^{\top}$. In "
      r":eqref:`eq_gp-function` above, $w = (w_0, w_1)^{\top}$ and $\phi(x) = (1,x)^{\top}$." "\n\n")
KERNEL = (r"$$k(x,x') = \textrm{Cov}(f(x),f(x')) = E[f(x)f(x')]-E[f(x)]E[f(x')] = "
          r"E[w_0^2 + w_0w_1x' + w_1w_0x + w_1^2xx'] = %s.$$")
STATED = "Suppose $w_0, w_1 \\sim \\mathcal{N}(0,1)$.\n\n"


def verdicts(folder: Path, text: str) -> list:
    from tests.engine import document_verdicts
    return document_verdicts(folder, text, "notes.py")


def instances(text: str) -> list:
    return [found for c in read_document(text, "notes.md").chains for found in c.at_laws.values()]


TRUE_FOR_A_COUPLING = [
    # the kernel of a linear model: 1 + xx' for independent weights (1 + E[w_0 w_1](x + x') + xx' in general)
    GP + KERNEL % "1 + xx'",
    GP + r"$$m(x) = E[f(x)] = E[w_0 + w_1x] = E[w_0] + E[w_1]x = 0+0 = 0.$$",
    # true for w_0 = w_1, false for independent weights
    STATED + r"$$E[w_0 w_1] = 1$$",
    STATED + r"$$\textrm{Var}(w_0 + w_1) = 4$$",
    STATED + r"$$\textrm{Cov}(w_0, w_1) = -\frac{1}{2}$$",
    # true for independent weights, false for w_0 = w_1
    STATED + r"$$E[w_0 w_1] = 0$$",
    STATED + r"$$\textrm{Var}(w_0 + w_1) = 2$$",
    # a coefficient of E[w_0 w_1] that vanishes (x = 0) where the line holds: no point decides it for every law
    STATED + r"$$E[(w_0 + w_1 x)^2] = 1 + x^2$$",
]


@pytest.mark.parametrize("text", TRUE_FOR_A_COUPLING)
def test_a_step_true_for_some_coupling_is_never_refuted(tmp_path, text):
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


def test_a_step_a_mixed_moment_decides_gets_no_instance():
    assert not instances(STATED + r"$$E[w_0 w_1] = 1$$")
    assert not instances(STATED + r"$$\textrm{Var}(w_0 + w_1) = 4$$")


FALSE_ONLY_OUTSIDE_THE_RANGE = [
    # |E[w_0 w_1]| <= 1 for every coupling of two standard normals: each line fails only at a mixed moment above 1
    STATED + r"$$E[w_0 w_1] \le 1$$",
    STATED + r"$$E[(w_0 + w_1)^2] \le 4$$",
    STATED + r"$$\textrm{Var}(w_0 - w_1) \ge 0$$",
]


@pytest.mark.parametrize("text", FALSE_ONLY_OUTSIDE_THE_RANGE)
def test_a_step_false_only_at_an_impossible_mixed_moment_is_never_refuted(tmp_path, text):
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


# the kernel's false twin, and a mean of squares no coupling of two standard normals gives: refuted as they stand
# (test_a_step_false_at_every_joint_law_of_stated_marginals_is_refuted.py), left alone where the text says more
FALSE_TWIN = KERNEL % "1 + 2xx'"
SQUARES = r"$$E[w_0^2 + w_1^2] = 16$$"
KEPT = [
    # N(0, 4): 4 may be the variance or the deviation (then E[w_0^2 + w_1^2] = 32 or 8, never decided)
    "Suppose $w_0, w_1 \\sim \\mathcal{N}(0,4)$.\n\n" + SQUARES,
    # a condition on the variables: their law is no longer the stated marginal
    "Suppose $w_0, w_1 \\sim \\mathcal{N}(0,1)$, conditioned on $w_0 > 0$.\n\n" + r"$$E[w_0^2 + w_1^2] = 1$$",
    # another random name: x may be random too, and E[w_1^2 x x'] is then no x x'
    GP + "Here $x$ is random.\n\n" + FALSE_TWIN,
    # another display writing the variables may say what they are
    STATED + r"$$w_1 = 3 w_0$$" + "\n\nThen\n\n" + r"$$E[w_0^2 + w_1^2] = 10$$",
    # a display the words before it suppose: a hypothesis, not a claim
    "Let $w_0, w_1 \\sim \\mathcal{N}(0,1)$ and suppose that\n\n" + r"$$E[w_0^2 + w_1^2] = 3$$",
    # y is written only inside the expectation: it may be a random variable of its own, with w_0 y of any mean
    STATED + r"$$E[w_0 y] = 1$$",
    # the law of another letter: w_0 and w_1 have none stated
    "Suppose $v_0, v_1 \\sim \\mathcal{N}(0,1)$.\n\n" + r"$$E[w_0^2 + w_1^2] = 3$$",
]


@pytest.mark.parametrize("text", KEPT)
def test_a_text_saying_more_than_the_marginals_keeps_the_step_from_being_refuted(tmp_path, text):
    found = verdicts(tmp_path, text)
    assert found and found[-1] is not Verdict.REFUTED, found     # the step about the law (a display before is another)


def test_the_same_steps_are_refuted_when_the_text_states_only_the_marginals(tmp_path):
    assert Verdict.REFUTED in verdicts(tmp_path, GP + FALSE_TWIN)
    assert Verdict.REFUTED in verdicts(tmp_path, STATED + r"$$E[w_0^2 + w_1^2] = 10$$")


OFF_BY_ONE = r"$$E[(w_0 + x w_1)^2] = 2 + x^2$$"


def test_a_name_the_text_restricts_is_never_solved_for():
    # x = 0 drops E[w_0 w_1] out of the line: a point every joint law decides, unless the text keeps x from it
    assert instances(STATED + OFF_BY_ONE)
    assert not instances("Suppose $w_0, w_1 \\sim \\mathcal{N}(0,1)$ and $x > 0$.\n\n" + OFF_BY_ONE)
    assert not instances("Let $x > 0$.\n\n" + STATED + OFF_BY_ONE)
    # words beside the law that may restrict x: the law carries its sentence, so they would not keep x = 0 out
    assert not instances("Suppose $w_0, w_1 \\sim \\mathcal{N}(0,1)$, with $x$ nonzero.\n\n" + OFF_BY_ONE)
    assert not instances("Suppose $w_0, w_1 \\sim \\mathcal{N}(0,1)$, with $x$ distinct from the origin.\n\n"
                         + OFF_BY_ONE)
    # λ is declared positive: 0 is no value of it
    assert not instances(STATED + r"$$E[(w_0 + \lambda w_1)^2] = 2 + \lambda^2$$")


# the kernel of two inputs x and z on the diagonal z = x: 1 + 2ρx + x², true for E[w_0 w_1] = 1/2; at x = -z, where
# the mixed moment drops out, it would fail, but the text keeps z = x
DIAGONAL = r"$$E[(w_0 + x w_1)(w_0 + z w_1)] = 1 + x z + x$$"
SAID_ELSEWHERE = [
    # the diagonal stated in a sentence far from the law and the display
    "We only need the diagonal, $z = x$.\n\n" + STATED + DIAGONAL,
    # … or in a display of its own, which writes no variable of the law
    STATED + "We only need the diagonal\n\n$$z = x.$$\n\nThen\n\n" + DIAGONAL,
    # … or in words with no sign
    STATED + "We set $z$ to $x$ throughout.\n\n" + DIAGONAL,
    # a name another sentence writes as a formula of the others: with y = x^2 + 1, x + y never vanishes, and the line
    # holds for E[w_0 w_1] = 1/2
    STATED + "We write $y$ for $x^2 + 1$.\n\n"
    + r"$$E[(w_0 + x w_1)(w_0 + y w_1)] = 1 + x y + \frac{1}{2}(x^2 + x + 1)$$",
    # a value given paragraphs before: the marginals alone fix the line, but as a formula in x, true at x = 1
    "In what follows $x = 1$.\n\n" + STATED + r"$$E[w_0^2 + x^2 w_1^2] = 2x$$",
]


@pytest.mark.parametrize("text", SAID_ELSEWHERE)
def test_a_name_the_text_says_something_of_outside_the_chain_is_never_solved_for(tmp_path, text):
    assert not instances(text)
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


def test_a_name_written_only_as_a_functions_argument_is_still_solved_for(tmp_path):
    # the same lines where the text says nothing of z or x but writes them as arguments (f(x) = …, the kernel k(x, z))
    # fail at every joint law, and are refuted
    said = "Suppose $f(x) = w_0 + w_1 x$ and $w_0, w_1 \\sim \\mathcal{N}(0,1)$. We write the kernel as $k(x, z)$.\n\n"
    assert Verdict.REFUTED in verdicts(tmp_path, said + DIAGONAL)
    assert Verdict.REFUTED in verdicts(tmp_path, STATED + r"$$E[w_0^2 + x^2 w_1^2] = 2x$$")


# each line is true of the variables the words make of the weights after the law is stated, false of the weights as
# the law states them
CHANGED_IN_WORDS = [
    STATED + "For the second model we rescale $w_0$ and $w_1$ by two.\n\n" + r"$$E[w_0^2 + w_1^2] = 8$$",
    STATED + "Then we shift $w_0$ up by one.\n\n" + r"$$E[w_0^2] = 2$$",
    STATED + "From now on $w_0$ and $w_1$ denote the squares of the old weights.\n\n" + r"$$E[w_0] = 1$$",
    STATED + "Here $w_1$ is the sum of $w_0$ and an independent copy.\n\n" + r"$$E[w_1^2] = 2$$",
    # … or in a sentence that writes no variable
    STATED + "All weights below are multiplied by two.\n\n" + r"$$E[w_0^2 + w_1^2] = 8$$",
]


@pytest.mark.parametrize("text", CHANGED_IN_WORDS)
def test_words_that_make_the_variables_something_else_keep_the_step_from_being_refuted(tmp_path, text):
    assert not instances(text)
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


def test_words_that_only_say_the_variables_are_scalars_keep_the_law(tmp_path):
    # the same false line, where the words beside the law only say the weights are scalars of a linear model
    said = "Suppose $w_0, w_1 \\sim \\mathcal{N}(0,1)$, with $w_0, w_1$ the weights of a linear model.\n\n"
    assert Verdict.REFUTED in verdicts(tmp_path, said + r"$$E[w_0^2 + w_1^2] = 8$$")


NAMED_BY_THE_TEXT = [
    # ρ is the mixed moment: the line holds for independent weights (ρ = 0), and is no claim for every constant ρ
    STATED + r"Let $\rho = E[w_0 w_1]$." "\n\n" + r"$$E[(w_0 + x w_1)^2] = 1 + x^2 + 2\rho$$",
    STATED + r"Write $c = \textrm{Cov}(w_0, w_1)$." "\n\n" + r"$$E[(w_0 + x w_1)^2] = 1 + x^2 + 2c$$",
    # the law's mean is given a value, in the law's sentence, in another or in a display of its own
    r"Suppose $w_0, w_1 \sim \mathcal{N}(\mu, 1)$ with $\mu = 2$." "\n\n" + r"$$E[w_0^2] = \frac{5}{2}\mu$$",
    r"Suppose $w_0, w_1 \sim \mathcal{N}(\mu, 1)$. Here $\mu = 2$." "\n\n" + r"$$E[w_0^2] = \frac{5}{2}\mu$$",
    r"Suppose $w_0, w_1 \sim \mathcal{N}(\mu, 1)$, where" "\n\n$$\\mu = 2.$$\n\nThen\n\n" + r"$$E[w_0^2] = 5$$",
]


@pytest.mark.parametrize("text", NAMED_BY_THE_TEXT)
def test_a_name_the_text_gives_a_meaning_or_a_value_is_no_free_constant(tmp_path, text):
    assert not instances(text)
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


def test_a_law_whose_parameter_the_step_does_not_write_gives_it_no_value(tmp_path):
    # E[w_0^2] = μ^2 + 1 is a formula in a name the step does not write: no instance, and the document still imports
    text = r"Suppose $w_0, w_1 \sim \mathcal{N}(\mu, 1)$." "\n\n" + r"$$E[w_0^2] = 5$$"
    assert not instances(text)
    assert verdicts(tmp_path, text)
    # the same law where the step writes μ: a false line is refuted at every μ
    assert Verdict.REFUTED in verdicts(tmp_path, r"Suppose $w_0, w_1 \sim \mathcal{N}(\mu, 1)$." "\n\n"
                                       + r"$$E[w_0^2] = \mu^2$$")


SAID_BESIDE_THE_CHAIN = [
    # a note in the chain's own display names the mixed moment, or gives x its value
    STATED + r"$$E[(w_0 + x w_1)^2] = 1 + x^2 + 2\rho \quad (\rho = E[w_0 w_1])$$",
    STATED + r"$$E[w_0^2 + x^2 w_1^2] = 2x, \qquad x = 1$$",
    # a row of the same display the chain does not read puts the kernel on its diagonal
    STATED + "\\begin{align}\nz &= x \\\\\n" + r"E[(w_0 + x w_1)(w_0 + z w_1)] &= 1 + x z + x" + "\n\\end{align}",
]


@pytest.mark.parametrize("text", SAID_BESIDE_THE_CHAIN)
def test_what_the_chains_own_display_says_beside_it_keeps_a_name_from_being_solved_for(tmp_path, text):
    assert not instances(text)
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


def test_a_definition_the_chain_leaves_out_of_its_display_binds_only_its_arguments(tmp_path):
    # k(x, z) = … opens the display and is no side of the chain: x and z stay free, and the false line is refuted
    assert Verdict.REFUTED in verdicts(tmp_path, STATED + r"$$k(x, z) = E[(w_0 + x w_1)(w_0 + z w_1)] = 1 + x z + x$$")


# each line is true where the text's notation or words make N(0, s^2) or w_0 something else than a scalar of variance
# s^2, false where they are
OTHER_NOTATION = [
    "We write $\\mathcal{N}(m, p)$ with $p$ the precision. Suppose $w_0, w_1 \\sim \\mathcal{N}(0, s^2)$.\n\n"
    + r"$$E[w_0^2] = \frac{1}{s^2}$$",
    "In this chapter the second argument of $\\mathcal{N}$ is the spread. Suppose $w_0, w_1 \\sim "
    "\\mathcal{N}(0, s^2)$.\n\n" + r"$$E[w_0^2] = s^4$$",
    # vectors of d entries: E[w_0^2] reads E[‖w_0‖^2] = d
    "Suppose $w_0, w_1 \\sim \\mathcal{N}(0,1)$ in $d$ dimensions.\n\n" + r"$$E[w_0^2] = d$$",
]


@pytest.mark.parametrize("text", OTHER_NOTATION)
def test_a_law_written_in_another_notation_or_of_vectors_is_not_read_as_scalar_normals(tmp_path, text):
    assert not instances(text)
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


def test_a_law_of_scalars_in_one_dimension_is_read(tmp_path):
    said = "Suppose $w_0, w_1 \\sim \\mathcal{N}(0, s^2)$, with $w_0, w_1$ all in one dimension.\n\n"
    assert Verdict.REFUTED in verdicts(tmp_path, said + r"$$E[w_0^2] = s^4$$")


def test_a_function_set_to_a_constant_says_its_argument_is_a_root(tmp_path):
    # p(x) = 0 binds no x: the line holds at the root x = 1 the text looks at, and x is never solved for
    text = STATED + "We look at the root of $p(x) = x - 1$, where $p(x) = 0$.\n\n" + r"$$E[w_0^2 + x^2 w_1^2] = 2x$$"
    assert not instances(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)
    # a function whose value writes its argument defines it, and binds x: the false line is refuted
    said = "Suppose $f(x) = w_0 + w_1 x$, and $w_0, w_1 \\sim \\mathcal{N}(0,1)$.\n\n"
    assert Verdict.REFUTED in verdicts(tmp_path, said + r"$$E[f(x)^2] = 2 + x^2$$")


def test_a_display_set_inside_a_sentence_is_another_display_writing_the_variables(tmp_path):
    # $$w_1 = 2 w_0$$ read as part of the sentence says what w_1 is: E[w_0^2 + w_1^2] = 5 holds for it
    text = STATED + "In what follows $$w_1 = 2 w_0$$ holds.\n\n" + r"$$E[w_0^2 + w_1^2] = 5$$"
    assert not instances(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)[-1:]
    # the same sentence giving another name its value leaves the law of w_0, w_1 as stated: the false line is refuted
    other = STATED + "In what follows $$v = 2 u$$ holds.\n\n" + r"$$E[w_0^2 + w_1^2] = 5$$"
    assert Verdict.REFUTED in verdicts(tmp_path, other)
