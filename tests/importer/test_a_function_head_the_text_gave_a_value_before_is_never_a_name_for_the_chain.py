r"""`k(x, y) = e^{-(y - x)^2} + 1 = 1 + e^{-(y - x)^2}` alone names what its first right side computes (the head's
reading, a function or a product, is not settled), and the chain starts there.  After the text gave `k(x, y)` a value
(`$$k(x, y) = e^{-(x - y)^2}$$`) the first step is a claim about that value: it is never skipped unchecked while the
rest passes (the display is refused naming the earlier line).  A function is one function at any names: after
`$$k(a, b) = \exp(-(a - b)^2)$$`, or the text's words "the kernel $k(a,b) = e^{-(a-b)^2}$", a later `k(x, y) = … = …`
is a claim about its value at (x, y), never skipped; `k(x)` of one argument is another head.
"""
from __future__ import annotations

import pytest

from verifier.importer.document import read_document

DEFINITION = "Define the kernel\n\n$$k(x, y) = e^{-(x - y)^2}$$\n\nIt is symmetric:\n\n"
CHAIN = "$$k(x, y) = e^{-(y - x)^2} + 1 = 1 + e^{-(y - x)^2}$$\n"


def test_a_head_given_a_value_before_makes_the_first_step_a_claim_never_skipped():
    doc = read_document(DEFINITION + CHAIN, "notes.md")
    assert not doc.chains, [(c.chain.line, c.exprs) for c in doc.chains]
    assert any("given a value at line 3" in f.message for f in doc.failures), [str(f) for f in doc.failures]


def test_near_miss_a_head_written_first_here_still_names_the_chain():
    doc = read_document("It is symmetric:\n\n" + CHAIN, "notes.md")
    assert len(doc.chains) == 1 and len(doc.chains[0].exprs) == 2, [c.exprs for c in doc.chains]
    assert not any("given a value" in f.message for f in doc.failures)


@pytest.mark.parametrize("given", [
    "Define the kernel\n\n$$k(a, b) = \\exp(-(a - b)^2)$$\n\nIt is symmetric:\n\n",
    "Define the kernel\n\n$$k(a, b) = \\exp(-\\|a - b\\|^2)$$\n\nIt is symmetric:\n\n",
    "Take the kernel $k(a,b) = e^{-(a-b)^2}$. It is symmetric:\n\n",
])
def test_a_head_given_a_value_at_other_names_makes_the_first_step_a_claim_never_skipped(given):
    doc = read_document(given + CHAIN, "notes.md")
    assert not doc.chains, [(c.chain.line, c.exprs) for c in doc.chains]
    assert any("is given a value at line" in f.message for f in doc.failures), [str(f) for f in doc.failures]


def test_near_miss_the_true_value_at_other_names_is_refused_never_refuted():
    given = "Define the kernel\n\n$$k(a, b) = \\exp(-(a - b)^2)$$\n\nAt $x$ and $y$:\n\n"
    doc = read_document(given + "$$k(x, y) = \\exp(-(x-y)^2) = \\exp(-(y-x)^2)$$\n", "notes.md")
    assert not doc.chains, [c.exprs for c in doc.chains]
    assert any("given a value at line 3" in f.message for f in doc.failures), [str(f) for f in doc.failures]


def test_near_miss_a_head_of_another_number_of_arguments_still_names_the_chain():
    given = "Define the kernel\n\n$$k(a, b) = \\exp(-(a - b)^2)$$\n\nThe feature map is symmetric:\n\n"
    doc = read_document(given + "$$k(x) = e^{-x^2} + 1 = 1 + e^{-x^2}$$\n", "notes.md")
    assert len(doc.chains) == 1 and len(doc.chains[0].exprs) == 2, [c.exprs for c in doc.chains]
