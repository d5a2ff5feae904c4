r"""`\rho(X, Y) = \frac{4p-2}{1\cdot 2} = 2p-1`: a first side that is a name applied to a list of names, whose reading
(a function or a product) is not settled, names what the chain computes.  The chain starts at its first right side,
and its steps are checked among themselves: they hold or fail whatever the first side means.  Before, the unreadable
first side dropped every step on its row (a real textbook's correlation example imported nothing).

Near misses: a true chain is proved and its one-edit twin refuted; a first side that applies a name to an
expression (`a(b + c)`) keeps its reading as a product; a named first side followed by an unreadable side imports
nothing and says why; a side in the middle that is not read still cuts the chain.
"""
from __future__ import annotations

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


def test_the_chain_after_a_named_first_side_is_checked_both_ways(tmp_path):
    true = "$$\\rho(X, Y) = \\frac{4p-2}{1\\cdot 2} = 2p-1.$$\n"
    twin = "$$\\rho(X, Y) = \\frac{4p-2}{1\\cdot 2} = 2p-2.$$\n"
    assert document_verdicts(tmp_path, true, "t.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, twin, "f.py") == [Verdict.REFUTED]


def test_a_named_first_side_is_a_rule_not_a_failure():
    for head in ("a(\\mathbf{q}, \\mathbf{k}_i)", "\\rho(X, Y)"):
        doc = read_document(f"$${head} = r_0 + r_1 = r_1 + r_0$$\n", "n.md")
        assert not doc.failures and len(doc.chains) == 1 and doc.chains[0].named_by_head, (head, doc.failures)
        assert any("naming what its first right side computes" in r for r in doc.rules)
    # a capital before one name or a string in quotes is read as a function with no body (it has no values: never
    # refuted), so the chain keeps its first step
    for head in ("R(\\tau)", "I(\\textrm{\"0010\"})"):
        doc = read_document(f"$${head} = r_0 + r_1 = r_1 + r_0$$\n", "n.md")
        assert not doc.failures and len(doc.chains) == 1, (head, doc.failures)
        assert any("carries both readings" in r for r in doc.rules)


def test_near_miss_a_name_before_an_expression_is_still_a_product(tmp_path):
    doc = read_document("$$a(b + c) = ab + ac$$\n", "n.md")
    assert len(doc.chains) == 1 and not doc.chains[0].named_by_head
    assert document_verdicts(tmp_path, "$$a(b + c) = ab + bc$$\n", "p.py") == [Verdict.REFUTED]


def test_near_miss_what_is_not_read_after_the_first_side_still_refuses():
    doc = read_document("$$\\rho(X, Y) = \\frac{a}{\\top} = 2p - 1$$\n", "n.md")
    assert not doc.chains and doc.failures
    middle = read_document("$$x + 1 = \\rho(X, Y) = 1 + x$$\n", "n.md")
    assert not middle.chains and middle.failures


def test_a_first_side_read_as_a_product_and_set_aside_as_a_name_is_counted_as_read(tmp_path):
    # `m(x) = E[f(x)] = …`: m·(x) is read, then set aside as naming what the chain computes (not dropped unsaid)
    doc = read_document("$$m(x) = x + x = 2x = x \\cdot 2$$\n", "n.md")
    assert len(doc.chains) == 1 and doc.chains[0].named_by_head and doc.chains[0].chain.sides[0] == "x + x", doc.rules
    assert document_verdicts(tmp_path, "$$m(x) = x + x = 2x = x \\cdot 3$$\n", "m.py") == [Verdict.PROVED,
                                                                                            Verdict.REFUTED]


def test_near_miss_a_first_side_applied_to_an_expression_is_no_name_for_the_chain():
    doc = read_document("$$m(x + 1) = mx + m = m + mx$$\n", "n.md")
    assert doc.chains and not any(c.named_by_head for c in doc.chains), doc.rules
