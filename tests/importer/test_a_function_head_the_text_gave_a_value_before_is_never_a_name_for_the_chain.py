r"""`k(x, y) = e^{-(y - x)^2} + 1 = 1 + e^{-(y - x)^2}` alone names what its first right side computes (the head's
reading, a function or a product, is not settled), and the chain starts there.  After the text gave `k(x, y)` a value
(`$$k(x, y) = e^{-(x - y)^2}$$`) the first step is a claim about that value: it is never skipped unchecked while the
rest passes (the display is refused naming the earlier line).
"""
from __future__ import annotations

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
