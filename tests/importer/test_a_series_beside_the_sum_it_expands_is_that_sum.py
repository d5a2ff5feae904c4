r"""`e^x = \sum_{n=0}^\infty \frac{x^n}{n!} = 1 + x + \frac{x^2}{2} + \frac{x^3}{6} + \cdots`: a whole side written as
terms and a closing `+ \cdots` is the infinite sum the same chain writes beside it when the written terms are that
sum's first terms, in order (the rule is printed). When they are not, the text does not say which terms follow: the
series is refused naming the sum (what its written terms must equal is a claim of its own:
test_terms_written_before_an_ellipsis_are_the_series_first_terms.py). A series with no such sum beside it, a series with a minus, or one
inside a larger expression is refused as before."""
from __future__ import annotations

import pytest
from sympy import Sum

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.NUMERIC}


@pytest.mark.parametrize("true, false", [
    (r"\sum_{t=0}^\infty \gamma^t r_t = r_0 + \gamma r_1 + \gamma^2 r_2 + \cdots",
     r"\sum_{t=0}^\infty \gamma^{t+1} r_t = r_0 + \gamma r_1 + \gamma^2 r_2 + \cdots"),
    (r"\sum_{k=0}^\infty \frac{1}{2^k} = 1 + \frac{1}{2} + \frac{1}{4} + \cdots",
     r"\sum_{k=0}^\infty \frac{1}{2^k} = 1 + \frac{1}{2} + \frac{1}{3} + \cdots"),
    (r"\sum_{n=0}^\infty \frac{x^n}{n!} = 1 + x + \frac{x^2}{2} + \frac{x^3}{6} + \cdots",
     r"\sum_{n=0}^\infty \frac{x^n}{n!} = 1 + x + \frac{x^2}{2} + \frac{x^3}{3} + \cdots"),
])
def test_a_series_whose_terms_are_the_sums_first_terms_is_that_sum_and_its_twin_is_refused_by_name(tmp_path, true,
                                                                                                     false):
    doc = read_document(f"$${true}$$\n", "notes.md")
    assert not doc.failures and doc.chains
    assert any("the series the chain writes beside it" in r for r in doc.rules)
    assert set(document_verdicts(tmp_path, f"$${true}$$\n", "true.py")) <= PASSING
    twin = read_document(f"$${false}$$\n", "notes.md")
    assert any("are not the first terms of" in f.message and f.readings for f in twin.failures)
    assert not any(c.exprs[0].has(Sum) or c.exprs[-1].has(Sum) for c in twin.chains)


@pytest.mark.parametrize("text", [
    r"\frac{1}{1-x} = 1 + x + x^2 + \cdots",                                             # no sum beside it
    r"\sum_{k=0}^\infty \frac{(-1)^k}{k+1} = 1 - \frac{1}{2} + \frac{1}{3} - \cdots",   # a minus
    r"\sum_{k=0}^\infty \frac{2}{2^k} = 2 (1 + \frac{1}{2} + \frac{1}{4} + \cdots)",    # inside a product
    r"\sum_{k=0}^\infty \frac{1}{2^k} = 1 + \cdots",                                     # one term written
])
def test_a_series_the_chain_does_not_settle_is_refused(text):
    doc = read_document(f"$${text}$$\n", "notes.md")
    assert any(r"\cdots" in f.latex for f in doc.failures)
    assert not any("the series the chain writes beside it" in r for r in doc.rules)
