"""In a chain that writes a quantity of a law (`E[X^2]`, `\\textrm{Var}[X]`, `p(x \\mid \\mu, \\sigma)`), the steps that
relate only the law's parameters (algebra between formulas in a, p or x, μ, σ) are checked as written: a true one is
proved, a false one refuted.  A step that writes a quantity of the law, a name standing for one (`\\sigma_X^2`, a lone
`v` beside `\\textrm{Var}[X]`), a random variable or a name written with one (`\\mu_X`), a mean's or deviation's letter
the chain does not take as a parameter, or the values and probabilities a sum beside a quantity runs over, is
never refuted."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.conditions import conditions_in
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

DENSITY = ("$$\np(x \\mid \\mu, \\sigma) = \\frac{1}{\\sqrt{2\\pi\\sigma^2}} \\exp\\left(-\\frac{(x-\\mu)^2}{2\\sigma^2}\\right)"
           " = \\frac{1}{\\sqrt{2\\pi\\sigma^2}} \\exp\\left(-\\frac{x^2}{2\\sigma^2} + \\frac{x\\mu}{{}\\sigma^2} - "
           "\\frac{\\mu^2}{2\\sigma^2}\\right)\n$$\n")
LAW = ("Let $X$ be the random variable which takes the value $a-2$ with probability $p$, $a+2$ with probability $p$ "
       "and $a$ with probability $1-2p$.  Then\n\n")


def test_algebra_between_formulas_of_a_density_is_proved_and_its_false_twin_refuted(tmp_path):
    true = document_verdicts(tmp_path, DENSITY.replace("{}", ""), "t.py")
    assert true[-1] is Verdict.PROVED and Verdict.REFUTED not in true, true
    assert document_verdicts(tmp_path, DENSITY.replace("{}", "2"), "f.py")[-1] is Verdict.REFUTED


def test_the_last_step_among_the_parameters_of_a_variance_is_checked_both_ways(tmp_path):
    chain = "$$\n\\sigma_X^2 = \\textrm{Var}[X] = E\\left[X^2\\right] - \\mu_X^2 = a^2 + 8p - a^2 = {}p.\n$$\n"
    true = document_verdicts(tmp_path, LAW + chain.replace("{}", "8"), "t.py")
    assert Verdict.REFUTED not in true, true
    assert document_verdicts(tmp_path, LAW + chain.replace("{}", "4"), "f.py")[-1] is Verdict.REFUTED


@pytest.mark.parametrize("chain", [
    # a mean's or deviation's letter, a name written with the random variable, a lone name beside a quantity
    "$$\n\\textrm{Var}[X] = \\sigma^2 = 8p\n$$\n",
    "$$\nE\\left[X^2\\right] = \\sigma_X^2 + \\mu_X^2 = 8p + a^2\n$$\n",
    "$$\n\\textrm{Var}[X] = v = 8p\n$$\n",
    # the values and probabilities of a sum beside the quantity
    "$$\nE[X] = \\sum_{i=1}^{n} x_i q_i = a\n$$\n",
    # algebra of the law's own quantities: E[X] may be 0
    "$$\n\\textrm{Var}[X] = E[X^2] - E[X]^2 = E[X^2] - 2E[X]^2\n$$\n",
])
def test_near_miss_a_step_that_writes_what_the_law_fixes_is_never_refuted(tmp_path, chain):
    found = document_verdicts(tmp_path, LAW + chain, "n.py")
    assert found and Verdict.REFUTED not in found, found
    chains = read_document(LAW + chain, "n.md").chains
    assert chains and all(c.unsettled and len(c.exprs) - 2 not in c.settled_steps for c in chains)


def test_the_values_a_variable_takes_with_a_probability_are_no_probabilities():
    found = conditions_in(LAW)
    relation = next(c.relation for c in found if c.relation is not None)
    names = {s.name for s in relation.free_symbols}
    assert names == {"p"}, relation
    # a probability named before the values is still one
    found = conditions_in("Let $q$ be a probability and let $X$ take the value $1$ with probability $p$.")
    assert any(c.relation is None or "q" in {s.name for s in c.relation.free_symbols} for c in found), found
