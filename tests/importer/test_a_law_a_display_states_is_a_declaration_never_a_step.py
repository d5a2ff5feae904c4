r"""`X \sim \mathrm{Bin}(n, p)` in a display states the law of X ("distributed as"): a declaration, listed in the
written file's header and proposed beside the steps that write X (unconfirmed=, as a condition of the prose is),
never a step.  Before, it was a step error "approximation without a stated meaning", or refused as an unknown
function `\mathcal{N}`.  Every way of writing a law counts: a law's name upright, in a text box or bare, a
calligraphic letter, a density or a policy, `\chi^2_k`, `\overset{\text{iid}}{\sim}`, a list of names on the left.

Near misses: `\sim` before anything that is not a law (Stirling's `n! \sim \sqrt{2\pi n}(n/e)^n`) keeps its
reading as an approximation with no meaning; `\mathcal{O}(n)` is no law; a step after a law that writes its names
is not refuted at a point the law may exclude, and a step about other names is checked both ways.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.approximations import is_law
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.verdicts import Verdict


@pytest.mark.parametrize("law", [
    r"X \sim \mathrm{Bin}(n,p) \; .", r"Z \sim \mathcal{N}(0,1)", r"X \sim \text{Poisson}(\lambda)",
    r"U \sim \mathrm{Unif}[0,1]", r"X_1, \dots, X_n \sim N(0,1)", r"x \sim p_\theta(x)", r"a \sim \pi(\cdot \mid s)",
    r"(X, Y) \sim P", r"Q \sim \chi^2_k", r"X_1, \ldots, X_n \overset{\text{iid}}{\sim} \mathcal{N}(\mu, \sigma^2)",
    r"X_i \stackrel{i.i.d.}{\sim} \mathrm{Bern}(p)", r"\epsilon \sim \mathcal{N}(0, I)",
])
def test_a_law_is_a_declaration_in_the_header_and_no_step(law):
    doc = read_document(f"Let\n\n$${law}$$\n", "n.md")
    assert not doc.chains and not doc.failures and len(doc.laws) == 1, (doc.chains, doc.failures)
    assert doc.laws[0][1] in write(doc) and "Laws the text gives" in write(doc)


def test_a_chain_that_ends_in_a_law_keeps_what_comes_before_it():
    doc = read_document("$$Y = X_1 + X_2 \\sim \\mathrm{Bin}(2n, p)$$\n", "n.md")
    assert [d.name for d in doc.definitions] == ["Y"] and len(doc.laws) == 1


def test_near_miss_what_is_no_law_keeps_its_reading():
    for not_law in (r"\sqrt{2\pi n}(n/e)^n", r"\mathcal{O}(n)", r"b_n", r"x^2", r"10^{-3}"):
        assert not is_law(not_law), not_law
    doc = read_document("$$n! \\sim \\sqrt{2\\pi n}(n/e)^n$$\n", "n.md")
    assert [c.chain.relations for c in doc.chains] == [["sim"]] and not doc.laws


def test_a_step_that_writes_a_name_with_a_law_is_never_refuted_where_the_law_may_exclude_it(tmp_path):
    # X ~ Bin(n, p) takes whole values: X^2 ≥ X holds for every value the law allows, not for X = 1/2
    text = "The count:\n\n$$X \\sim \\mathrm{Bin}(n, p)$$\n\nso\n\n$$X^2 \\ge X$$\n"
    assert Verdict.REFUTED not in document_verdicts(tmp_path, text, "w.py")
    doc = read_document(text, "n.md")
    assert any(c.words == "X \\sim \\mathrm{Bin}(n, p)" for c in doc.chains[0].conditions)


def test_near_miss_a_step_about_other_names_beside_a_law_is_checked_both_ways(tmp_path):
    text = "The count:\n\n$$X \\sim \\mathrm{Bin}(n, p)$$\n\nand\n\n$$LINE$$\n"
    assert document_verdicts(tmp_path, text.replace("LINE", "p(1 - p) = p - p^2"), "t.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, text.replace("LINE", "p(1 - p) = p - 2p^2"), "f.py") == [Verdict.REFUTED]
