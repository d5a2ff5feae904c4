r"""A function the text defines on a list, `\mathrm{LSE}(x_1, \dots, x_n) = \log(\exp(x_1) + \cdots + \exp(x_n))`,
applied to the list's bare letter times a factor, `\mathrm{LSE}(-tx)`, is its body at the entries -t·x_1, …, -t·x_n
(a scalar times the vector of the entries).  The true min-bound of the log-sum-exp is read in full and never
refuted, its one-edit twin never passed; the letter of another list (`-ty`) or a sum (`x + t`) stays refused.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

LSE = ("The LogSumExp (LSE) function is defined as the logarithm of the sum of the exponentials of the arguments:\n\n"
       "$\\mathrm{LSE}(x_1, \\dots, x_n) = \\log\\left( \\exp(x_1) + \\cdots + \\exp(x_n) \\right).$\n\n")
MIN_BOUND = (r"$$\min{\{x_1, \dots, x_n\}} - \frac{\log(n)}{t} \leq \frac 1 {-t} \mathrm{LSE}(-tx) "
             r"< \min{\{x_1, \dots, x_n\}}.$$")


def test_the_bare_letter_times_a_factor_is_each_entry_times_that_factor():
    doc = read_document(LSE + MIN_BOUND, "notes.md")
    assert not doc.failures and len(doc.chains) == 1, doc.failures
    value = doc.chains[0].exprs[1]
    assert str(value) == "-log(Sum(exp(-t*x[k]), (k, 1, n)))/t", value


@pytest.mark.slow
def test_the_true_min_bound_is_never_refuted(tmp_path):
    verdicts = document_verdicts(tmp_path, LSE + MIN_BOUND, "true.py")
    assert len(verdicts) == 2 and Verdict.REFUTED not in verdicts, verdicts


@pytest.mark.slow
def test_near_miss_its_twin_with_the_bound_moved_is_never_passed(tmp_path):
    twin = MIN_BOUND.replace(r"\leq \frac 1", r"\geq \frac 1")
    verdicts = document_verdicts(tmp_path, LSE + twin, "twin.py")
    assert verdicts[:1] and verdicts[0] not in (Verdict.PROVED, Verdict.NUMERIC), verdicts


@pytest.mark.parametrize("argument", ["-ty", "x + t", "-t x_1"])
def test_near_miss_another_letter_or_a_sum_or_an_entry_is_refused(argument):
    doc = read_document(LSE + f"$$\\mathrm{{LSE}}({argument}) \\le 0$$", "notes.md")
    assert not [c for c in doc.chains if c.chain.line > 3], doc.chains
    assert any("LSE" in f.message for f in doc.failures), doc.failures
