r"""`\sum_j \mid f_j - (y_i)_j \mid` and `\Vert f - y_i \Vert_1` (CS231n's L1 loss, f and y_i vectors written without
bold): two `\mid` that pair as the bars of an absolute value are that absolute value, by the rule `|` pairs by;
`(y_i)_j` is entry j of the vector y_i (one vector of its own where the chain fixes i); a 1-, 2- or ∞-norm of plain
letters whose entries the chain writes beside it is that norm over their entries.  Each rule is printed.

Near misses both ways: the true L1 loss is proved and its false twin (a sign) refuted; a single `\mid` (a
conditioning `P(A \mid B)`, a divisor) is never a bar; `|` and `\mid` in one side are not paired with each other; a
letter the chain also writes bare (a scalar f) keeps its norm refused; `(x_n)_n` (a sequence) stays refused; a row
the chain sums over stays an entry of two indices.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import Context, ReadError, read_side
from verifier.verdicts import Verdict

L1 = "$$\nL_i = \\Vert f - y_i \\Vert_1 = \\sum_j \\mid f_j {} (y_i)_j \\mid\n$$\n"


def verdicts(tmp_path, text: str) -> list[Verdict]:
    return document_verdicts(tmp_path, text, "imported.py")


def test_two_mid_bars_that_pair_are_an_absolute_value():
    x, y = sp.symbols("x y")
    assert read_side(r"\mid x \mid + \mid y \mid").expr == sp.Abs(x) + sp.Abs(y)


@pytest.mark.parametrize("latex", [r"a \mid b", r"\mid x - y", r"|x| + \mid y \mid"])
def test_near_miss_a_single_mid_or_a_mid_beside_bars_is_never_paired(latex):
    with pytest.raises(ReadError):
        read_side(latex)


def test_near_miss_a_conditioning_mid_stays_a_conditioning():
    reading = read_side(r"P(A \mid B) + P(C \mid D)")
    assert not reading.expr.atoms(sp.Abs)
    assert all("\\mid" in s.name for s in reading.expr.free_symbols)


def test_the_l1_loss_of_plain_vectors_is_proved_and_its_false_twin_refuted(tmp_path):
    doc = read_document(L1.replace("{}", "-"), "notes.md")
    assert not doc.failures and any("1-norm of the vectors" in r for r in doc.rules), doc.failures
    assert any("entry j of the vector y_i" in r for r in doc.rules), doc.rules
    assert verdicts(tmp_path, L1.replace("{}", "-")) == [Verdict.PROVED]
    assert verdicts(tmp_path, L1.replace("{}", "+")) == [Verdict.REFUTED]


def test_a_two_norm_of_a_plain_vector_is_read_over_its_entries_both_ways(tmp_path):
    text = "$$\\Vert x \\Vert_2 = \\sqrt{{\\sum_j x_j^{}}}$$\n"
    assert verdicts(tmp_path, text.format(2)) == [Verdict.PROVED]
    assert verdicts(tmp_path, text.format(3)) == [Verdict.REFUTED]


def test_near_miss_a_letter_the_chain_writes_bare_keeps_its_norm_refused():
    doc = read_document("$$\\Vert f \\Vert_1 + f = \\sum_j \\mid f_j \\mid + f$$\n", "notes.md")
    assert not doc.chains and any("norm" in f.message for f in doc.failures)


def test_near_miss_a_sequence_in_parentheses_is_not_an_entry_of_an_entry():
    with pytest.raises(ReadError):
        read_side(r"(x_n)_n")


def test_near_miss_a_row_the_chain_sums_over_is_an_entry_of_two_indices():
    reading = read_side(r"\sum_i (y_i)_j", context=Context(chain_sides=(r"\sum_i (y_i)_j", r"\sum_i y_{ij}")))
    (entry,) = reading.expr.atoms(sp.Indexed)
    assert entry.base.label.name == "y" and len(entry.indices) == 2


@pytest.mark.parametrize("text", ["For a point $x$ of the plane,\n\n$$\\|x\\|_1 = |x_1| + |x_2|$$\n",
                                  "$$\\|x\\|_1 = |x_1| + |x_2|$$\n"])
def test_near_miss_entries_written_only_at_numbers_leave_the_length_open_and_the_norm_unread(text):
    # x_1 and x_2 alone: x in the plane (the line is true) or longer (then false); the chain does not settle it
    doc = read_document(text, "notes.md")
    assert not doc.chains and any("norm" in f.message for f in doc.failures), doc.failures
