r"""`(6)(5) \dotsm (1)`: whole numbers written as factors, each one more or one less than the one before, then an
ellipsis and a last factor the same step reaches, are the product of every whole number from the first to the last
(the rule is printed). A factor before the run stays a factor of its own (`2(5)(4) \cdots (1)`). Factors that step by
another amount, a last factor the step does not reach past the written ones, a name beside the run, or a list are
refused as before."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


@pytest.mark.parametrize("true, false", [
    (r"-\frac{(29 \cdot 8 + 27)(6)(5) \dotsm (1)}{40320} = -\frac{37}{8}",
     r"-\frac{(29 \cdot 8 + 27)(6)(5) \dotsm (1)}{40320} = -\frac{37}{9}"),
    (r"(2)(3) \cdots (6) = 720", r"(2)(3) \cdots (6) = 360"),
    (r"2(5)(4) \cdots (1) = 240", r"2(5)(4) \cdots (1) = 120"),
    (r"(5)(4) \cdots (1) + 1 = 121", r"(5)(4) \cdots (1) + 1 = 120"),
    (r"1 \times 2 \times \cdots \times 5 = 120", r"1 \times 2 \times \cdots \times 5 = 24"),
    (r"2 \cdot 3 \cdot \ldots \cdot 6 = 720", r"2 \cdot 3 \cdot \ldots \cdot 6 = 360"),
])
def test_a_run_of_consecutive_factors_is_their_product_and_its_twin_is_refuted(tmp_path, true, false):
    doc = read_document(f"$${true}$$\n", "notes.md")
    assert not doc.failures
    assert any("the product of the whole numbers from" in r for r in doc.rules)
    assert document_verdicts(tmp_path, f"$${true}$$\n", "true.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, f"$${false}$$\n", "false.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("latex", [
    r"(2)(4) \cdots (8) = 384",          # a step of 2
    r"(5)(4) \cdots (4) = 20",           # the last factor is not past the written ones
    r"x(5)(4) \cdots (1) = 120x",        # a name beside the run
    r"(5)(4) \cdots (1) x = 120x",
    r"(1, 2, \ldots, 5) = 120",          # a list
    r"1 2 \cdots 5 = 120",               # spaced digits: one number to TeX
])
def test_a_run_the_factors_do_not_settle_is_refused(latex):
    doc = read_document(f"$${latex}$$\n", "notes.md")
    assert doc.failures and not doc.chains
    assert not any("the product of the whole numbers from" in r for r in doc.rules)
