r"""A step that writes E[…], Var(…) or Cov(…, …) (each read as a name of its own: its value is a law's) is refuted
only at one concrete law that everything the text says about its random variables allows: a point mass, independent
two-point laws, or one two-point variable standing for all of them when the text never speaks of independence and the
step writes their covariance.  The law is named in the refutation.  A true line (linearity, the definitions of Var
and Cov, independence where the text states it, E[X^2] >= E[X]^2) is never refuted; a false one is refuted at such a
law; a false one stays unknown when the text says something of its variables that no law proposed honours (a stated
variance, a density, a display stating Var(X) = 1) or when the reading is not settled (E_{x \sim P}, E[X | Y]).
A mean and a variance the prose states in so many words ("with mean $\mu$ and variance $\sigma^2$", "zero mean and
unit variance") are honoured: both laws proposed have them, and a value they do not fix stays a hypothesis.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.verdicts import Verdict

INDEPENDENT = "Let $X$ and $Y$ be independent random variables.\n\n"
RANDOM = "Let $X$ and $Y$ be random variables.\n\n"


def verdicts(folder: Path, text: str) -> list:
    from tests.engine import document_verdicts
    return document_verdicts(folder, text, "notes.py")


def laws_of(text: str) -> dict:
    doc = read_document(text, "notes.md")
    return {k: [law[0] for law in found] for c in doc.chains for k, found in c.at_laws.items()}


# ---- true lines: never refuted -------------------------------------------------------------------------------

TRUE_LINES = [
    r"$$E[aX + b] = aE[X] + b$$",
    r"$$\textrm{Var}[X] = E\left[(X - E[X])^2\right] = E[X^2] - E[X]^2$$",
    r"$$\textrm{Var}(X + Y) = \textrm{Var}(X) + \textrm{Var}(Y) + 2\textrm{Cov}(X, Y)$$",
    r"$$\textrm{Var}(aX + b) = a^2 \textrm{Var}(X)$$",
    r"$$\textrm{Cov}(X, Y) = E[XY] - E[X]E[Y]$$",
    r"$$E[X^2] \ge E[X]^2$$",
    INDEPENDENT + r"$$\textrm{Var}(X + Y) = \textrm{Var}(X) + \textrm{Var}(Y)$$",
    INDEPENDENT + r"$$E[XY] = E[X]E[Y]$$",
    # the bias-variance decomposition: θ may be the parameter, a constant, so E[θ̂θ] = E[θ̂]E[θ] holds at every law
    # proposed (each name that is no capital letter is a point mass)
    r"""$$
\begin{aligned}
\textrm{MSE} (\hat{\theta}_n, \theta) &= E[(\hat{\theta}_n - \theta)^2] \\
 &= E[(\hat{\theta}_n)^2] + E[\theta^2] - 2E[\hat{\theta}_n\theta] \\
 &= \textrm{Var} [\hat{\theta}_n] + E[\hat{\theta}_n]^2 + \textrm{Var} [\theta] + E[\theta]^2 - 2E[\hat{\theta}_n]E[\theta] \\
 &= (E[\hat{\theta}_n] - E[\theta])^2 + \textrm{Var} [\hat{\theta}_n] + \textrm{Var} [\theta]
\end{aligned}
$$""",
    # b is written nowhere bare: a constant (a point mass), never a random variable independent of X
    r"$$\textrm{Var}(X + b) = \textrm{Var}(X)$$",
    # a law the text names: its variance is a value the text gives, never an identity refuted at another law
    "Let $X$ be a Bernoulli random variable with parameter $p$.\n\n" + r"$$\textrm{Var}(X) = p(1 - p)$$",
    "Let $X$ be a Bernoulli random variable with parameter $p$.\n\n" + r"$$E[X^2] - E[X]^2 = p(1 - p)$$",
    # the twin of a line false for dependent variables holds for independent ones: the text states independence
    INDEPENDENT + r"$$\textrm{Var}(X + Y) = \textrm{Var}(X) + \textrm{Var}(Y) + \textrm{Cov}(X, Y)$$",
]


@pytest.mark.parametrize("text", TRUE_LINES)
def test_a_true_line_about_every_law_is_never_refuted(tmp_path, text):
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


def test_a_true_line_about_every_law_gets_laws_to_be_looked_at_again():
    assert laws_of(TRUE_LINES[1])      # the definitions of Var are checked at the laws, and hold there


# ---- false lines: refuted at a law the text allows -------------------------------------------------------------

FALSE_LINES = [
    r"$$\textrm{Var}[X] = E\left[(X - E[X])^2\right] = E[X^2] - 2E[X]^2$$",
    r"$$E[aX + b] = aE[X] - b$$",
    r"$$E[X^2] = E[X]^2$$",
    r"$$E[XY] = E[X]E[Y] + E[X^2] - E[X]^2$$",
    r"$$\textrm{bias}(\hat{\theta}_n) = E(\hat{\theta}_n - \theta) = E(\hat{\theta}_n) + \theta.$$",
    # dependent variables are allowed: the text never speaks of independence, and the line writes their covariance
    r"$$\textrm{Var}(X + Y) = \textrm{Var}(X) + \textrm{Var}(Y) + \textrm{Cov}(X, Y)$$",
    RANDOM + r"$$\textrm{Var}(X + Y) = \textrm{Var}(X) + \textrm{Var}(Y) + \textrm{Cov}(X, Y)$$",
    "Let $X$ be a random variable.\n\n" + r"$$\textrm{Var}[X] = E[X^2] - 2E[X]^2$$",
]


@pytest.mark.parametrize("text", FALSE_LINES)
def test_a_false_line_about_every_law_is_refuted_at_a_law_the_text_allows(tmp_path, text):
    found = verdicts(tmp_path, text)
    assert Verdict.REFUTED in found, found
    assert not {Verdict.PROVED, Verdict.NUMERIC} & set(found[-1:]), found


def test_the_refutation_names_the_law(tmp_path):
    from tests.engine import QUICK, check_all, load_file
    doc = read_document(FALSE_LINES[2], "notes.md")
    path = tmp_path / "notes.py"
    path.write_text(write(doc), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, error
    steps = [s for r in check_all(found, QUICK) for s in r.steps]
    assert steps[0].verdict is Verdict.REFUTED
    assert "refuted at a law every declaration of the text allows (X = -1 with probability 1/3 and 2 with " \
           "probability 2/3)" in str(steps[0].message), steps[0].message
    law = steps[0].counterexample.law
    assert law.words == "X = -1 with probability 1/3 and 2 with probability 2/3"
    assert dict(law.values) == {"E[X^2]": "3", "E[X]": "1"}
    from verifier.present.instances import law_words
    assert law_words(steps[0].counterexample) == ("X = -1 with probability 1/3 and 2 with probability 2/3, "
                                                  "where E[X] = 1, E[X^2] = 3")


def test_a_dependent_law_is_proposed_only_where_the_text_never_speaks_of_independence():
    line = FALSE_LINES[-2]
    assert any("(one variable)" in w for ws in laws_of(line).values() for w in ws)
    assert not any("(one variable)" in w for ws in laws_of(INDEPENDENT + line).values() for w in ws)
    assert all(", independently" in w for ws in laws_of(INDEPENDENT + line).values() for w in ws[1:])
    # no covariance written: the variables are taken independent (a text may leave independence unsaid)
    assert not any("(one variable)" in w for ws in laws_of(r"$$E[XY] = E[X]E[Y]$$").values() for w in ws)


# ---- false lines the text keeps from being refuted ---------------------------------------------------------------

KEPT = [
    # a variance the prose states in words not read here: no law proposed is known to honour it
    "Let $X$ be a random variable with a finite variance.\n\n" + r"$$E[X^2] = E[X]^2 + 2$$",
    # a word about the law that no law proposed is known to satisfy
    "Let $X$ be a symmetric random variable.\n\n" + r"$$E[X^3] = 2E[X]^3$$",
    # a law the text names (no law proposed is a Bernoulli law): the false variance stays unknown
    "Let $X$ be a Bernoulli random variable with parameter $p$.\n\n" + r"$$E[X^2] - E[X]^2 = p(1 + p)$$",
    # a continuous law with a density: a two-point law is not one
    "Let $X$ be a continuous random variable with a density.\n\n" + r"$$\textrm{Var}[X] = E[X^2] + E[X]^2$$",
    # a display that states a hypothesis about X: every law proposed must satisfy it, and none does
    r"$$\textrm{Var}(X) = 1$$" + "\n\nThen\n\n" + r"$$E[X^2] = E[X]^2 + 2$$",
    # a value the text gives its law is no identity of every law; nor is a display the words before it suppose
    r"$$\textrm{Var}(X) = 2$$",
    "Suppose that\n\n" + r"$$E[X^2] = 2E[X]^2$$",
    # readings not settled: an expectation over a law named in a subscript, a conditional expectation
    r"$$\textrm{Var}_{x \sim P}[f(x)] = E_{x \sim P}[f^2(x)] + E_{x \sim P}[f(x)]^2.$$",
    r"$$E[X \mid Y] = E[X] + 1$$",
    # a constant named as a mean may be the law's own
    r"$$E[X - \mu] = 1$$",
    # a name beside the quantities that none of them writes (σ_X may be the deviation of X)
    r"$$\textrm{Var}(X) = \sigma_X^3$$",
]


@pytest.mark.parametrize("text", KEPT)
def test_no_law_is_proposed_where_the_text_says_what_no_law_proposed_honours(text):
    assert not laws_of(text)


def test_a_display_that_states_a_hypothesis_is_honoured_when_a_law_satisfies_it():
    # Var(X) = 2 holds at the two-point law proposed (-1 w.p. 1/3, 2 w.p. 2/3): that law is kept, the point mass not
    found = laws_of(r"$$\textrm{Var}(X) = 2$$" + "\n\nThen\n\n" + r"$$E[X^2] = E[X]^2 + 3E[X]$$")
    assert found and all("with probability 1/3" in w for ws in found.values() for w in ws), found


@pytest.mark.parametrize("text", KEPT[:3])
def test_a_false_line_the_text_keeps_from_a_law_is_not_refuted(tmp_path, text):
    found = verdicts(tmp_path, text)
    assert Verdict.REFUTED not in found[-1:], found


# ---- a stated mean and variance: honoured by every law proposed ---------------------------------------------------

MOMENTS = "Let $X$ be a random variable with mean $\\mu$ and variance $\\sigma^2$.\n\n"
STANDARD = "Let $X$ have zero mean and unit variance.\n\n"


@pytest.mark.parametrize("text", [
    MOMENTS + r"$$E[X^2] = \mu^2 + \sigma^2$$",
    MOMENTS + r"$$E[X^2] - E[X]^2 = \sigma^2$$",
    STANDARD + r"$$E[X^2] = 1$$",
    STANDARD + r"$$E[(2X + 1)^2] = 5$$",
])
def test_a_line_the_stated_mean_and_variance_make_true_is_never_refuted(tmp_path, text):
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("text", [
    MOMENTS + r"$$E[X^2] = \mu^2 - \sigma^2$$",
    STANDARD + r"$$E[X^2] = 2$$",
    STANDARD + r"$$E[(2X + 1)^2] = 3$$",
    "Let $X$ be a random variable with variance $1$.\n\n" + r"$$E[X^2] = E[X]^2 + 2$$",
])
def test_a_line_the_stated_mean_and_variance_make_false_is_refuted(tmp_path, text):
    assert verdicts(tmp_path, text)[-1] is Verdict.REFUTED


@pytest.mark.parametrize("text", [
    # the mean is left open: E[X] = 3 may be a hypothesis of its own
    "Let $X$ be a random variable with variance $\\sigma^2$.\n\n" + r"$$E[X] = 3$$",
    # the third moment is left open
    MOMENTS + r"$$E[X^3] = \mu^3$$",
    # the step gives the stated mean a value (μ = 5 may be a hypothesis), or another display does
    "Let $X$ be a random variable with mean $\\mu$.\n\n" + r"$$E[X] = 5$$",
    "Let $X$ be a random variable with mean $\\mu$.\n\nHere\n\n" + r"$$\mu = 5$$" + "\n\nso\n\n"
    + r"$$E[X^2] = E[X]^2 + 1$$",
    # a moment said in words not read here
    "Let $X$ be a random variable with a finite mean.\n\n" + r"$$E[X^2] = 2E[X]^2$$",
])
def test_a_value_the_stated_moments_do_not_fix_gets_no_law(text):
    assert not laws_of(text)


def test_both_laws_proposed_have_the_stated_mean_and_variance():
    found = laws_of(MOMENTS + r"$$E[X^2] = \mu^2 + \sigma^2$$")[0]
    assert found == ["X = mu - sigma with probability 1/2 and mu + sigma with probability 1/2",
                     "X = mu - 2*sigma with probability 1/5 and mu + sigma/2 with probability 4/5"]


# ---- the judge: a law is evidence against a step, never for it ---------------------------------------------------

def _derivation(tmp_path, step_options: str) -> list:
    from tests.engine import QUICK, check_all, load_file
    path = tmp_path / "d.py"
    path.write_text(
        "from sympy import Eq\nfrom verifier import at_law, calc, real\n"
        "V = real('V')\nE2 = real('E2')\nE1 = real('E1')\na = real('a')\n"
        f"d = calc(V, title='t').eq(E2 - E1**2 + a, 'r', unsettled='quantities of a law'{step_options})\n",
        encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, error
    return [s for r in check_all(found, QUICK) for s in r.steps]


def test_an_unsettled_step_with_no_law_is_never_refuted(tmp_path):
    assert _derivation(tmp_path, ", unconfirmed=True")[0].verdict is Verdict.UNKNOWN


def test_an_unsettled_step_is_refuted_at_a_law_where_it_fails(tmp_path):
    step = _derivation(tmp_path, ", unconfirmed=True, at_laws=[at_law('X = 2 w.p. 1', {V: 0, E2: 4, E1: 2})]")[0]
    assert step.verdict is Verdict.REFUTED and "X = 2 w.p. 1" in str(step.message)


def test_a_law_agreeing_with_the_step_proves_nothing(tmp_path):
    # at the law the step reads 0 = a: true at a = 0 only, refuted elsewhere; with a = 0 required, it stays unknown
    step = _derivation(tmp_path, ", unconfirmed=[(Eq(a, 0), 'a = 0')], "
                                 "at_laws=[at_law('X = 2 w.p. 1', {V: 0, E2: 4, E1: 2})]")[0]
    assert step.verdict is Verdict.UNKNOWN, (step.verdict, step.message)


def test_a_condition_the_text_states_unread_keeps_a_law_from_refuting(tmp_path):
    step = _derivation(tmp_path, ", unconfirmed=['a is small'], at_laws=[at_law('X = 2 w.p. 1', {V: 0, E2: 4, E1: 2})]")[0]
    assert step.verdict is Verdict.UNKNOWN, (step.verdict, step.message)


# ---- a name the text defines, a law described in words anywhere: no law proposed ----------------------------------

DESCRIBED = [
    # a name defined by inline maths that is not a bare name: Y is 2X, X + 1 or X itself, no variable of its own
    "Let $X$ be a random variable and let $Y$ be $2X$.\n\n" + r"$$\mathrm{Var}(Y) = 4\,\mathrm{Var}(X)$$",
    "Let $X$ be a random variable, and let $Y$ be $X + 1$.\n\n" + r"$$E[Y] = E[X] + 1$$",
    "Let $X$ be a random variable and $Y$ be $X$ also.\n\n" + r"$$\mathrm{Var}(X + Y) = 4\,\mathrm{Var}(X)$$",
    # the values of the law in a sentence with no inline maths
    "Let $X$ be a random variable. It takes only the values 0 and 1.\n\n" + r"$$E[X^2] = E[X]$$",
    "Let $X$ be a random variable; it is Bernoulli distributed.\n\n" + r"$$\mathrm{Var}(X) = E[X] - E[X]^2$$",
    # … in a note inside the display, in a heading, in a sentence about every random variable of the text
    "Let $X$ be a random variable.\n\n"
    + r"$$E[X^2] = E[X] \quad \text{since } X \text{ only takes the values 0 and 1}$$",
    "## Indicator variables (values 0 or 1)\n\nLet $X$ be a random variable.\n\n" + r"$$E[X^2] = E[X]$$",
    "Throughout, every random variable is a coin flip with values 0 or 1.\n\n" + INDEPENDENT
    + r"$$E[X^2 Y] = E[X] E[Y]$$",
]


@pytest.mark.parametrize("text", DESCRIBED)
def test_a_true_line_about_a_name_the_text_defines_or_a_law_it_describes_is_never_refuted(tmp_path, text):
    assert not laws_of(text)
    found = verdicts(tmp_path, text)
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("text", [
    # the same sentences with nothing said of the law: a false line is still refuted
    INDEPENDENT + r"$$\textrm{Var}(X + Y) = \textrm{Var}(X) + 2\textrm{Var}(Y)$$",
    "Let $X_1, \\dots, X_n$ be random variables.\n\n" + r"$$E[X^2] = E[X]$$",
    "Let $X$ be a random variable and let $Y$ be a random variable.\n\n" + r"$$E[X^2 Y] = E[X]E[Y]$$",
])
def test_a_false_line_beside_names_only_is_still_refuted_at_a_law(tmp_path, text):
    assert verdicts(tmp_path, text)[-1] is Verdict.REFUTED
