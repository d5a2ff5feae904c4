r"""`\sum_{j=1}^{n} E[w_{ij} x_j]` is the sum of one quantity for each j (the entries of a family of quantities),
never one number.  Where the words state a law for every entry of the families it writes ("The weights $w_{ij}$ are
all drawn independently from the same distribution ... zero mean and variance $\sigma^2$ ... the inputs $x_j$ also
have zero mean and variance $\gamma^2$ and ... are independent of $w_{ij}$ and independent of each other"), a step is
refuted at one law with everything the words say: every entry of a family one two-point law with the stated mean and
variance, the entries and the families independent, the deviations positive.  A true line is never refuted; a
quantity of two families the words never say are independent is never factored at such a law (no law, unknown); a
stated mean μ ≠ 0 gives its own value; words the laws cannot honour (bounded, Gaussian, positive) leave every step
without laws.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import sympy as sp

from verifier.importer.document import read_document
from verifier.verdicts import Verdict

LAYER = r"""With $n_\textrm{in}$ inputs $x_j$
and their associated weights $w_{ij}$ for this layer,
an output is given by

$$o_{i} = \sum_{j=1}^{n_\textrm{in}} w_{ij} x_j.$$

The weights $w_{ij}$ are all drawn
independently from the same distribution.
Furthermore, let's assume that this distribution
has zero mean and variance $\sigma^2$.
Note that this does not mean that the distribution has to be Gaussian,
just that the mean and variance need to exist.
For now, let's assume that the inputs to the layer $x_j$
also have zero mean and variance $\gamma^2$
and that they are independent of $w_{ij}$ and independent of each other.
In this case, we can compute the mean of $o_i$:

"""
# the same words with nothing said of how the inputs and the weights depend on each other
NOT_INDEPENDENT = LAYER.replace("\nand that they are independent of $w_{ij}$ and independent of each other.", ".")
MEAN = r"""$$
\begin{aligned}
    E[o_i] & = \sum_{j=1}^{n_\textrm{in}} E[w_{ij} x_j] \\&= \sum_{j=1}^{n_\textrm{in}} E[w_{ij}] E[x_j] \\&= %s, \end{aligned}$$"""
VARIANCE = r"""$$
\begin{aligned}
    \textrm{Var}[o_i] & = E[o_i^2] - (E[o_i])^2 \\
        & = \sum_{j=1}^{n_\textrm{in}} E[w^2_{ij} x^2_j] - 0 \\
        & = \sum_{j=1}^{n_\textrm{in}} E[w^2_{ij}] E[x^2_j] \\
        & = %s.
\end{aligned}
$$"""


def verdicts(folder: Path, text: str) -> list:
    from tests.engine import document_verdicts
    return document_verdicts(folder, text, "notes.py")


def laws_of(text: str) -> dict:
    doc = read_document(text, "notes.md")
    return {k: found for c in doc.chains for k, found in c.at_laws.items()}


# ---- the reading: one quantity for each value of the index -------------------------------------------------------

def test_an_expectation_inside_a_sum_over_its_index_is_an_entry_of_a_family_never_one_number():
    doc = read_document(LAYER + MEAN % "0", "notes.md")
    (chain,) = doc.chains
    total = chain.exprs[1]
    assert isinstance(total, sp.Sum)
    (entry,) = total.function.atoms(sp.Indexed)
    assert entry.base.label.name == "E[w_{i j}x_j]" and entry.indices == (sp.Symbol("j", integer=True),)
    assert not doc.failures


def test_an_expectation_that_writes_an_index_no_sum_around_it_binds_is_still_refused():
    doc = read_document(LAYER + r"$$\sum_{j=1}^{n} w_{ij} = E[w_{ij}] n$$", "notes.md")
    assert any("an index or a size of the text" in str(f) for f in doc.failures), doc.failures


# ---- true lines: never refuted ----------------------------------------------------------------------------------

TRUE_LINES = [
    LAYER + MEAN % "0",
    LAYER + VARIANCE % r"n_\textrm{in} \sigma^2 \gamma^2",
    # a mean μ ≠ 0 the words state: n μ
    "The weights $w_{ij}$ are all drawn independently from the same distribution with mean $\\mu$ and variance "
    "$\\sigma^2$.\n\n" + r"$$\sum_{j=1}^{n} E[w_{ij}] = n \mu$$",
]


@pytest.mark.parametrize("text", TRUE_LINES)
def test_a_true_line_about_the_families_law_is_never_refuted(tmp_path, text):
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


def test_a_true_line_gets_laws_with_the_stated_moments_and_holds_there():
    found = laws_of(LAYER + VARIANCE % r"n_\textrm{in} \sigma^2 \gamma^2")
    values = {str(q.label): v for _, q_values, *_ in found[3] for q, v in q_values}
    assert values == {"E[w_{i j}^2]": sp.Symbol("sigma") ** 2, "E[x_j^2]": sp.Symbol("gamma") ** 2}
    # the deviations the step writes are positive in every law proposed
    assert all({s.name for s in law[3]} == {"gamma", "sigma"} for law in found[3])


def test_a_stated_mean_other_than_zero_is_the_value_of_every_entry():
    text = TRUE_LINES[2]
    (found,) = laws_of(text).values()
    assert all(dict((str(q.label), v) for q, v in law[1]) == {"E[w_{i j}]": sp.Symbol("mu")} for law in found)


# ---- false lines: refuted at a law the words allow --------------------------------------------------------------

FALSE_LINES = [
    LAYER + MEAN % "1",
    # the variance's square dropped
    LAYER + VARIANCE % r"n_\textrm{in} \sigma \gamma^2",
    "The weights $w_{ij}$ are all drawn independently from the same distribution with mean $\\mu$ and variance "
    "$\\sigma^2$.\n\n" + r"$$\sum_{j=1}^{n} E[w_{ij}] = \mu$$",
    "The weights $w_{ij}$ are all drawn independently from the same distribution with zero mean and variance "
    "$\\sigma^2$.\n\n" + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = n \sigma$$",
]


@pytest.mark.parametrize("text", FALSE_LINES)
def test_a_false_line_about_the_families_law_is_refuted_at_a_law_the_words_allow(tmp_path, text):
    found = verdicts(tmp_path, text)
    assert Verdict.REFUTED in found, found
    assert not {Verdict.PROVED, Verdict.NUMERIC} & set(found[-1:]), found


# a side with no quantity is checked only against a value the stated moments fix: with mean μ and variance σ² left
# open, E[w_{ij}] is μ and E[w_{ij}^2] is μ² + σ², never the numbers a law gives the names the step does not write
MEAN_MU = ("The weights $w_{ij}$ are all drawn independently from the same distribution with mean $\\mu$ and variance "
           "$\\sigma^2$.\n\n")
ZERO_MEAN = ("The weights $w_{ij}$ are all drawn independently from the same distribution with zero mean and variance "
             "$\\sigma^2$.\n\n")


@pytest.mark.parametrize("text", [MEAN_MU + r"$$\sum_{j=1}^{n} E[w_{ij}] = 0$$",
                                  MEAN_MU + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = n$$"])
def test_a_value_set_against_moments_the_words_leave_open_is_never_refuted(tmp_path, text):
    assert not laws_of(text)
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


def test_a_value_set_against_a_mean_the_words_state_is_refuted(tmp_path):
    found = verdicts(tmp_path, ZERO_MEAN + r"$$\sum_{j=1}^{n} E[w_{ij}] = 1$$")
    assert Verdict.REFUTED in found, found


def test_the_refutation_names_the_law_of_every_entry(tmp_path):
    from tests.engine import QUICK, check_all, load_file
    from verifier.importer.writer import write
    path = tmp_path / "notes.py"
    path.write_text(write(read_document(FALSE_LINES[1], "notes.md")), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, error
    refuted = [s for r in check_all(found, QUICK) for s in r.steps if s.verdict is Verdict.REFUTED]
    assert refuted, "the dropped square is refuted"
    law = refuted[0].counterexample.law
    assert "w_ij = -sigma with probability 1/2 and sigma with probability 1/2 at every entry" in law.words
    assert "every entry independent of every other" in law.words
    # the counterexample is inside every domain: the deviations positive, n_in a whole count
    point = dict(refuted[0].counterexample.point)
    assert float(point["sigma"]) > 0 and float(point["gamma"]) > 0, point
    assert int(point["n_in"]) >= 1, point


# ---- words the laws cannot honour: no law, never refuted -------------------------------------------------------

def test_a_quantity_of_two_families_the_words_never_say_are_independent_is_never_factored(tmp_path):
    # E[w_ij x_j] may be any covariance: no law gives it a value, so neither its factoring nor its value is decided
    laws = laws_of(NOT_INDEPENDENT + MEAN % "1")
    assert 0 not in laws and 1 not in laws, laws
    text = NOT_INDEPENDENT + r"$$\sum_{j=1}^{n} E[w_{ij} x_j] = 1$$"
    assert not laws_of(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


def test_a_step_that_writes_each_family_apart_is_decided_by_their_stated_means_alone(tmp_path):
    # Σ_j E[w_ij] E[x_j] is 0 whatever the joint law: the stated means fix it, with or without independence
    assert 2 in laws_of(NOT_INDEPENDENT + MEAN % "1")
    assert Verdict.REFUTED in verdicts(tmp_path, NOT_INDEPENDENT + MEAN % "1")


UNHONOURED = [
    # a restriction of the law no two-point law is known to have
    LAYER + "The weights $w_{ij}$ are bounded.\n\n" + MEAN % "1",
    LAYER.replace("Note that this does not mean that the distribution has to be Gaussian,\njust that the mean and "
                  "variance need to exist.", "The distribution is Gaussian.") + VARIANCE % r"n_\textrm{in} \sigma \gamma^2",
    LAYER + "The inputs $x_j$ are positive.\n\n" + MEAN % "1",
    # two entries of one family in one quantity (x_i x_j: i may be j)
    LAYER + r"$$\sum_{j=1}^{n} E[x_i x_j] = 1$$",
]


@pytest.mark.parametrize("text", UNHONOURED)
def test_words_the_laws_cannot_honour_leave_the_step_without_laws(tmp_path, text):
    laws = laws_of(text)
    steps_with_families = [k for c in read_document(text, "notes.md").chains for k in range(len(c.exprs) - 1)
                           if c.exprs[k + 1].atoms(sp.Indexed) or c.exprs[k].atoms(sp.Indexed)]
    assert not any(k in laws for k in steps_with_families), laws
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


# ---- a mean or a variance said of families the sentence does not name: no law ----------------------------------

WEIGHTS = ("The weights $w_{ij}$ are all drawn independently from the same distribution with zero mean and variance "
           "$\\sigma^2$.\n")
# each makes σ = 1, so Σ_j E[w_ij^2] = n is true under the text's premises
MOMENTS_OF_NO_NAMED_FAMILY = [
    WEIGHTS + "The weights have variance $1$.\n\n",
    WEIGHTS + "Here the weights have unit variance.\n\n",
    # "this distribution" with no family just drawn from one
    "The weights $w_{ij}$ have zero mean and variance $\\sigma^2$.\nThis distribution has variance $1$.\n\n",
]


@pytest.mark.parametrize("words", MOMENTS_OF_NO_NAMED_FAMILY)
def test_a_moment_said_of_no_named_family_leaves_every_step_without_laws(tmp_path, words):
    text = words + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = n$$"
    assert not laws_of(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


def test_a_moment_said_of_a_letter_with_no_index_is_never_given_to_the_family_beside_it(tmp_path):
    # σ² is the variance of x, not of the weights: Σ_j E[w_ij^2] = n σ^2 follows from nothing the words say
    text = ("The weights $w_{ij}$ are all drawn independently from the same distribution and the inputs $x$ have zero "
            "mean and variance $\\sigma^2$.\n\n" + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = n$$")
    assert not laws_of(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


def test_a_second_sentence_that_names_the_family_and_agrees_keeps_its_law(tmp_path):
    # the near miss: the moment said again of $w_{ij}$ by name is honoured, and the dropped square is still refuted
    text = WEIGHTS + "The weights $w_{ij}$ also have zero mean.\n\n" + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = n \sigma$$"
    assert laws_of(text)
    assert Verdict.REFUTED in verdicts(tmp_path, text)


# ---- "are i.i.d. with zero mean and variance σ²" is one sentence --------------------------------------------------

IID = "The weights $w_{ij}$ are i.i.d. with zero mean and variance $\\sigma^2$.\n\n"


def test_a_sentence_goes_on_after_iid_in_lower_case_and_its_moments_are_the_familys(tmp_path):
    assert Verdict.REFUTED in verdicts(tmp_path, IID + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = n \sigma$$")
    assert Verdict.REFUTED not in verdicts(tmp_path, IID + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = n \sigma^2$$")


def test_a_sentence_ends_at_iid_before_a_capital_and_the_next_ones_moments_are_not_the_weights(tmp_path):
    # σ² is the inputs' variance: the weights' second moment is left open, so no law decides Σ_j E[w_ij^2] = n σ^2
    text = ("The weights $w_{ij}$ are i.i.d. The inputs $x_j$ have zero mean and variance $\\sigma^2$.\n\n"
            + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = n \sigma^2$$")
    assert not laws_of(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


# ---- a sentence that speaks of the families by their role says something of their law -----------------------------

UNIT_WEIGHTS = ("The weights $w_{ij}$ are all drawn independently from the same distribution with zero mean and "
                "variance $1$.\n")
# true for a law symmetric about 0, false for the law m − 2h w.p. 1/5, m + h/2 w.p. 4/5
THIRD_MOMENT = r"$$\sum_{j=1}^{n} E[w_{ij}^3] = \sum_{j=1}^{n} E[w_{ij}] E[w_{ij}^2]$$"


@pytest.mark.parametrize("sentence", ["Each weight is a Rademacher variable.", "Each weight is $\\pm 1$ with equal chance.",
                                      "The variables are Rademacher.", "They are not skewed."])
def test_a_sentence_about_the_families_by_their_role_leaves_every_step_without_laws(tmp_path, sentence):
    text = UNIT_WEIGHTS + sentence + "\n\n" + THIRD_MOMENT
    assert not laws_of(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


def test_a_sentence_that_says_nothing_of_the_families_leaves_their_law(tmp_path):
    # the near miss: the words state only a mean and a variance, so the third moment is open and the step is refuted
    text = "In this section we study initialisation.\n" + UNIT_WEIGHTS + "\n" + THIRD_MOMENT
    assert laws_of(text)
    assert Verdict.REFUTED in verdicts(tmp_path, text)


# ---- what the chain's own display says beside it may be its condition --------------------------------------------

@pytest.mark.parametrize("note", [r"\quad \text{(Rademacher weights)}", r"\quad \text{for Rademacher } w_{ij}",
                                  r"\quad (w_{ij} = \pm 1)"])
def test_a_note_or_a_relation_beside_the_chain_in_its_display_leaves_it_without_laws(tmp_path, note):
    text = UNIT_WEIGHTS + "\n$$" + THIRD_MOMENT.strip("$") + note + "$$"
    assert not laws_of(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


def test_a_text_box_that_is_part_of_a_name_or_an_operator_is_no_note(tmp_path):
    # the near miss: n_\text{in} and \textrm{Var} say nothing of the law, and the dropped square is still refuted
    text = WEIGHTS + r"$$\sum_{j=1}^{n_\text{in}} \textrm{Var}[w_{ij}] = n_\text{in} \sigma$$"
    assert laws_of(text)
    assert Verdict.REFUTED in verdicts(tmp_path, text)


# ---- families one sentence draws from the same distribution have one law ------------------------------------------

TOGETHER = ("The weights $w_{ij}$ and the inputs $x_j$ are all drawn independently from the same distribution.\n")


@pytest.mark.parametrize("words, line", [
    ("The weights $w_{ij}$ have zero mean and variance $\\sigma^2$.\nThe inputs $x_j$ have zero mean and variance "
     "$\\gamma^2$.\n", r"\sum_{j=1}^{n} E[w_{ij}^2] = \sum_{j=1}^{n} E[x_j^2]"),
    ("The weights $w_{ij}$ have mean $\\mu$.\n", r"\sum_{j=1}^{n} E[w_{ij}] = \sum_{j=1}^{n} E[x_j]"),
])
def test_families_drawn_from_one_distribution_with_moments_stated_apart_get_no_laws(tmp_path, words, line):
    # the same distribution makes σ = γ (and the inputs' mean μ): laws with σ ≠ γ refuted these true lines
    text = TOGETHER + words + "\n$$" + line + "$$"
    assert not laws_of(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


def test_families_drawn_from_one_distribution_share_the_moments_said_of_it(tmp_path):
    # the near miss: "this distribution" gives both families σ², and a line false for every law is refuted
    text = (TOGETHER + "This distribution has zero mean and variance $\\sigma^2$.\n\n"
            + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = \sum_{j=1}^{n} E[x_j^2] + n$$")
    assert laws_of(text)
    assert Verdict.REFUTED in verdicts(tmp_path, text)


# ---- a display that writes a stated moment may fix it ---------------------------------------------------------------

@pytest.mark.parametrize("fixing", [r"$$\sigma = 1$$", r"$$n \sigma^2 = 1$$"])
def test_a_display_that_fixes_a_stated_moment_leaves_the_steps_without_laws_that_break_it(tmp_path, fixing):
    # with σ = 1 (or n σ² = 1) the line is true; a law with σ = 4 refuted it
    line = r"$$\sum_{j=1}^{n} E[w_{ij}^2] = n$$" if "n" not in fixing else r"$$\sum_{j=1}^{n} E[w_{ij}^2] = 1$$"
    text = WEIGHTS + "\n" + fixing + "\n\n" + line
    assert not laws_of(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


def test_a_display_that_writes_a_stated_moment_and_holds_at_the_law_keeps_it(tmp_path):
    # the near miss: σ² = σ σ holds at every law, and the dropped square is still refuted
    text = WEIGHTS + "\n" + r"$$\sigma^2 = \sigma \sigma$$" + "\n\n" + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = n \sigma$$"
    assert laws_of(text)
    assert Verdict.REFUTED in verdicts(tmp_path, text)


# ---- a sentence that sets one family equal to another ---------------------------------------------------------------

@pytest.mark.parametrize("equal", ["The inputs $x_j$ are given by $w_{ij}$.", "The inputs $x_j$ are the weights $w_{ij}$."])
def test_a_family_the_words_set_equal_to_another_gets_no_law(tmp_path, equal):
    # x_j = w_ij makes γ = σ, and the line true; laws with σ ≠ γ refuted it
    text = (WEIGHTS + equal + "\nThe inputs $x_j$ have zero mean and variance $\\gamma^2$.\n\n"
            + r"$$\sum_{j=1}^{n} E[w_{ij}^2] = \sum_{j=1}^{n} E[x_j^2]$$")
    assert not laws_of(text)
    assert Verdict.REFUTED not in verdicts(tmp_path, text)


def test_names_in_their_roles_before_a_display_given_by_keep_the_law(tmp_path):
    # the near miss: "an output is given by" ends the sentence (the display follows), and the twin is still refuted
    assert "is given by" in LAYER
    assert Verdict.REFUTED in verdicts(tmp_path, LAYER + VARIANCE % r"n_\textrm{in} \sigma \gamma^2")
