r"""`\sum_i x_i p_i = (a-2)p + a(1-2p) + (a+2)p = a` after "X takes the value $a-2$ with probability $p$, …": the
entries p_i under the sum over i are the probabilities of the law, the bare p the number the words write.  Where a
chain writes a letter with a subscript only under a sum over that index and bare in its arithmetic, the prose writes
it only bare, and nothing ties the two (no sentence writes p_i or calls $p$ a vector or a distribution, no other
display writes its entries), the entries are read as a vector of their own name, printed as a rule: the steps that
write the entries are never refuted (the words give their values), the steps between the bare letter's formulas are
checked as written.  Anything less settled is refused, one name for two objects, as before.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document

LAW = (r"Let $X$ take the value $a-2$ with probability $p$, $a+2$ with probability $p$ and $a$ with probability "
       r"$1-2p$. For any $a$ and $p$ the mean is" "\n\n")


def _note(display: str, words: str = LAW) -> str:
    return f"{words}$$\n{display}\n$$\n"


def test_summed_entries_and_the_bare_number_of_the_words_are_read_as_two_names(tmp_path):
    doc = read_document(_note(r"\mu_X = E[X] = \sum_i x_i p_i = (a-2)p + a(1-2p) + (a+2)p = a."), "notes.md")
    assert len(doc.chains) == 1 and not any("one name for two objects" in f.message for f in doc.failures)
    assert any("p_entries" in r and "bare `p`" in r for r in doc.rules)
    verdicts = document_verdicts(tmp_path, _note(r"\mu_X = E[X] = \sum_i x_i p_i = (a-2)p + a(1-2p) + (a+2)p = a."),
                                 "mean.py")
    assert "refuted" not in verdicts and verdicts[-1] == "proved"


def test_a_step_between_the_bare_numbers_formulas_that_drops_a_factor_is_refuted(tmp_path):
    verdicts = document_verdicts(tmp_path, _note(r"\mu_X = E[X] = \sum_i x_i p_i = (a-2)p + a(1-p) + (a+2)p = a."),
                                 "twin.py")
    assert verdicts[-1] == "refuted" and verdicts.count("refuted") == 1


@pytest.mark.parametrize("display", [r"\sum_i x_i p_i = (a-2)p + a(1-2p) + (a+2)p",
                                     r"\sum_i x_i p_i = 2p + a"])
def test_a_step_that_writes_the_entries_is_never_refuted_whatever_it_says(tmp_path, display):
    """Without an expectation in the chain the entries are still the law's probabilities, which the file does not
    know: a true line (the first) and a false one (the second) are both left unrefuted."""
    verdicts = document_verdicts(tmp_path, _note(display), "entries.py")
    assert verdicts and "refuted" not in verdicts


@pytest.mark.parametrize("words", [
    r"The probabilities $p_i$ add up to one; take $p$ and $a$." "\n\n",                 # p_i in the words
    r"Let $p$ be the distribution of $X$ and $a$ a number." "\n\n",                     # bare p called a law
    r"Write $p$ for the probabilities of the values of $X$, and take $a$." "\n\n",      # bare p called the list
    r"Let $a$ be a number." "\n\n",                                                     # p never written in words
    r"Define $p = \sum_i p_i$ and take $a$." "\n\n",                                    # a sentence ties the two
])
def test_near_miss_a_letter_the_words_tie_to_its_entries_or_never_write_stays_refused(words):
    doc = read_document(_note(r"\sum_i x_i p_i = (a-2)p + a(1-2p) + (a+2)p", words), "notes.md")
    assert not doc.chains and any("one name for two objects" in f.message for f in doc.failures)
    assert not any("p_entries" in r for r in doc.rules)


@pytest.mark.parametrize("display", [r"p_1 x_1 + \sum_i x_i p_i = (a-2)p + a",     # an entry outside the sum
                                     r"\sum_i x_{i} p_{i+1} = a p"])                 # an entry at another index
def test_near_miss_an_entry_written_outside_a_sum_over_its_index_stays_refused(display):
    doc = read_document(_note(display), "notes.md")
    assert not doc.chains and any("one name for two objects" in f.message for f in doc.failures)


def test_near_miss_entries_another_display_writes_keep_the_letter_one_name():
    text = _note(r"\sum_i x_i p_i = (a-2)p + a(1-2p) + (a+2)p") + "\nand\n\n$$\n\\sum_i p_i = 1\n$$\n"
    doc = read_document(text, "notes.md")
    assert any("one name for two objects" in f.message for f in doc.failures)
    assert not any("p_entries" in r for r in doc.rules)
