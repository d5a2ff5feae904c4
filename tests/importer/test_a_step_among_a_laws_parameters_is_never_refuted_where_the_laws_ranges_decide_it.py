"""A step among a law's parameters is checked as written only where the law's own ranges cannot decide it: the
probabilities of the values a variable takes sum to one, and an order (`np \\le n`, true for p in [0, 1]) or an
equation with an absolute value or a root of what may be negative (`\\sqrt{s^2} = s` for a scale s, `(b - a)` for a
uniform law from a to b) stays unsettled, never refuted at parameters the law excludes.  An equation between
polynomials in the parameters that is false is still refuted, and one false on the law's own range is never
accepted."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.verdicts import Verdict

BIN = "Let $X \\sim \\mathrm{Bin}(n, p)$. Then\n\n"
TRUE = [
    ("Let $X$ take the value $a$ with probability $p$ and the value $b$ with probability $q$. Then\n\n",
     "E[X] = ap + bq = ap + b(1 - p)"),
    (BIN, "\\mathrm{Var}(X) = np(1 - p) \\le \\frac{n}{4}"),
    (BIN, "E[X] = np \\le n"),
    (BIN, "\\mathrm{Var}(X) = np(1-p) \\le np"),
    ("Let $X$ be uniform on the interval from $a$ to $b$. Then\n\n",
     "\\sqrt{\\mathrm{Var}(X)} = \\sqrt{\\frac{(b-a)^2}{12}} = \\frac{b-a}{\\sqrt{12}}"),
    ("Let $X \\sim \\mathcal{N}(\\mu, s^2)$. Then\n\n", "\\sqrt{\\mathrm{Var}(X)} = \\sqrt{s^2} = s"),
]


@pytest.mark.parametrize("law, chain", TRUE)
def test_a_true_step_among_a_laws_parameters_is_never_refuted_where_the_law_excludes_the_point(tmp_path, law, chain):
    found = document_verdicts(tmp_path, f"{law}$${chain}$$\n", "notes.py")
    assert found and Verdict.REFUTED not in found, found


@pytest.mark.parametrize("chain", ["\\mathrm{Var}(X) = np(1 - p) = np - 2np^2", "E[X] = np = n^2 p"])
def test_near_miss_a_false_equation_between_polynomials_in_the_parameters_is_still_refuted(tmp_path, chain):
    assert document_verdicts(tmp_path, f"{BIN}$${chain}$$\n", "notes.py")[-1] is Verdict.REFUTED


def test_near_miss_a_step_false_where_the_probabilities_sum_to_one_is_never_accepted(tmp_path):
    law = "Let $X$ take the value $a$ with probability $p$ and the value $b$ with probability $q$. Then\n\n"
    found = document_verdicts(tmp_path, f"{law}$$E[X] = ap + bq = ap + b(2 - p)$$\n", "notes.py")
    assert found[-1] in (Verdict.REFUTED, Verdict.UNKNOWN), found
