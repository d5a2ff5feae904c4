"""`at_law(words, {E_w: 0})` with E_w a vector of a law's quantities (E[w_{ij}] for each j) gives every entry the
value: the law gives every entry of the family one law.  A step left unsettled is refuted there only with every
entry replaced: a law of vectors of quantities that leaves an entry of a vector free decides nothing (that entry
may be a quantity of the law under another name).  A deviation the law takes positive (`positive=[s]`) is looked
at only where it is.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import only_step
from verifier import at_law, calc, index, real, size, vector, Σ
from verifier.verdicts import Verdict

n = size("n")
j, k = index("j k", n)
E_w = vector("E_w", n)
E_v = vector("E_v", n)
s = real("s")
UNSETTLED = "E[w_j]: a quantity of a law for each value of j"


def test_a_false_step_is_refuted_with_every_entry_at_the_laws_value():
    law = at_law("w_j = -1 or 1, each with probability 1/2, at every entry", {E_w: 0})
    d = calc(Σ(E_w[j], j), title="a sum of means").eq(1, "the sum of the means", unconfirmed=True, unsettled=UNSETTLED, at_laws=[law])
    step = only_step(d)
    assert step.verdict is Verdict.REFUTED
    assert step.counterexample.law is not None


def test_a_true_step_at_the_law_is_never_refuted():
    law = at_law("w_j = -1 or 1, each with probability 1/2, at every entry", {E_w: 0})
    d = calc(Σ(E_w[j], j), title="a sum of means").eq(0, "the sum of the means", unconfirmed=True, unsettled=UNSETTLED, at_laws=[law])
    assert only_step(d).verdict is not Verdict.REFUTED


def test_a_law_of_vectors_of_quantities_that_leaves_an_entry_free_decides_nothing():
    # the law gives E_v, the step writes E_w: its entries stay free, and free entries refute nothing
    law = at_law("v_j = -1 or 1, each with probability 1/2, at every entry", {E_v: 0})
    d = calc(Σ(E_w[j], j), title="a sum of means").eq(1, "the sum of the means", unconfirmed=True, unsettled=UNSETTLED, at_laws=[law])
    assert only_step(d).verdict is not Verdict.REFUTED


@pytest.mark.parametrize("positive, refuted", [((), True), ((s,), False)])
def test_a_deviation_the_law_takes_positive_is_looked_at_only_where_it_is(positive, refuted):
    # E[w^2] = s^2 is s|s| wherever s > 0: the line is false only at a negative s, which a deviation never is
    law = at_law("w_j = -s or s, each with probability 1/2, at every entry", {E_w: s ** 2}, positive=list(positive))
    d = calc(E_w[k], title="a mean square").eq(s * sp.Abs(s), "a mean square", unconfirmed=True, unsettled=UNSETTLED,
                                              at_laws=[law])
    assert (only_step(d).verdict is Verdict.REFUTED) is refuted
