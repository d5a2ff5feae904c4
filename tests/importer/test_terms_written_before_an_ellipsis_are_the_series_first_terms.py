r"""`e^x = \sum_{n=0}^\infty \frac{x^n}{n!} = 1 + x + \frac{x^2}{2} + \frac{x^3}{3} + \cdots`: the terms written before
`+ \cdots` are the first terms of the series beside them, so they must equal the series' terms up to the highest power
of its variable written (a power series' coefficients are unique; the ellipsis stands for the terms of higher degree).
That is a claim of its own, checked as an identity: x³/3 against the series' x³/6 is refuted at a certified point, and
terms that are the series' own (in another order) are proved.  Only a series whose term is c(n)·v^{an+b} in one name v
gets the claim; any other (two powers, grouped terms, a number series, a term undefined at its first index) stays
refused by name, as does the side itself in every case."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.NUMERIC}


def first_terms_chains(doc):
    return [c for c in doc.chains if any("up to" in s for s in c.chain.sides)]


@pytest.mark.slow
@pytest.mark.parametrize("false", [
    r"e^x = \sum_{n=0}^\infty \frac{x^n}{n!} = 1 + x + \frac{x^2}{2} + \frac{x^3}{3} + \cdots",
    r"e^x = \sum_{n=0}^\infty \frac{x^n}{n!} = 1 + x + x^2 + \cdots",
    r"R = r_0 + \gamma r_1 + \gamma^2 r_2 + \cdots = \sum_{t=0}^\infty \gamma^{t+1} r_t",
    r"\sin x = \sum_{k=0}^\infty \frac{(-1)^k x^{2k+1}}{(2k+1)!} = x + \frac{x^3}{6} + \cdots",
    r"\frac{1}{1-x} = \sum_{k=0}^\infty x^k = 1 + x + 2 x^2 + \cdots",
])
def test_written_terms_that_are_not_the_series_first_terms_are_refuted(tmp_path, false):
    doc = read_document(f"$${false}$$\n", "notes.md")
    assert len(first_terms_chains(doc)) == 1
    assert any("are not the first terms of" in f.message for f in doc.failures)     # the side itself stays refused
    assert Verdict.REFUTED in document_verdicts(tmp_path, f"$${false}$$\n", "false.py")


@pytest.mark.slow
@pytest.mark.parametrize("true", [
    r"e^x = \sum_{n=0}^\infty \frac{x^n}{n!} = x + 1 + \frac{x^2}{2} + \frac{x^3}{6} + \cdots",
    r"\sin x = \sum_{k=0}^\infty \frac{(-1)^k x^{2k+1}}{(2k+1)!} = \frac{-x^3}{6} + x + \cdots",
    r"R = r_1 \gamma + r_0 + \gamma^2 r_2 + \cdots = \sum_{t=0}^\infty \gamma^t r_t",
])
def test_the_series_own_terms_in_another_order_are_never_refuted(tmp_path, true):
    doc = read_document(f"$${true}$$\n", "notes.md")
    assert len(first_terms_chains(doc)) == 1
    verdicts = document_verdicts(tmp_path, f"$${true}$$\n", "true.py")
    assert Verdict.REFUTED not in verdicts and Verdict.PROVED in verdicts


def test_terms_that_are_the_series_first_terms_in_order_read_as_the_series_with_no_claim_of_their_own():
    doc = read_document("$$e^x = \\sum_{n=0}^\\infty \\frac{x^n}{n!} = 1 + x + \\frac{x^2}{2} + \\cdots$$\n", "notes.md")
    assert not doc.failures and not first_terms_chains(doc)


@pytest.mark.parametrize("text", [
    r"\sum_{k=0}^\infty \frac{1}{2^k} = 1 + \frac{1}{2} + \frac{1}{3} + \cdots",              # numbers: no variable
    r"\sum_{n=0}^\infty (x^{2n} + x^{2n+1}) = 1 + x + x^2 + x^4 + \cdots",                    # grouped terms
    r"\sum_{n=0}^\infty x^n y^n = 1 + x y + 2 x^2 y^2 + \cdots",                              # two powers
    r"e^x = \sum_{n=0}^\infty \frac{x^n}{n} = 1 + x + \frac{x^2}{2} + \cdots",                # 1/0 at n = 0
    r"\sum_{n=0}^\infty x^{n-1} = 1 + x + \cdots",                                          # a negative power
])
def test_a_series_whose_terms_do_not_settle_the_first_terms_makes_no_claim(text):
    doc = read_document(f"$${text}$$\n", "notes.md")
    assert any(r"\cdots" in f.latex for f in doc.failures)
    assert not first_terms_chains(doc)
