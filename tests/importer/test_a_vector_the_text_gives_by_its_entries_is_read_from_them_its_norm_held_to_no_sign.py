r"""A vector a text about vectors gives once by its entries (`\mathbf{v} = (r,0) \; \textrm{and} \; \mathbf{w} =
(s\cos(\theta), s \sin(\theta))`) is that vector: the display that gives it is a definition (no claim, nothing unread),
`\mathbf{v}\cdot\mathbf{w}` is the sum of the products of the entries as written and `\|\mathbf{v}\|` the square root of
the sum of their squares, each rule printed.  √(r²) is |r|, which a text writes as r where it takes r for a length
without saying r ≥ 0: a step that writes such a norm is refuted only where it is false at every value, so the true
`rs\cos(\theta) = \|\mathbf{v}\|\|\mathbf{w}\|\cos(\theta)` is never refuted at r < 0, while the twin `\mathbf{v}
\cdot\mathbf{w} = rs\sin(\theta)` and a norm false at every value are.

Near misses, left to the refusal of the bold letters (named): a text that never speaks of vectors (the list may be a
pair or an interval), a letter the text gives twice or also writes with a subscript (`v_1`, an entry the list does
not name: read apart, v_1 = r would be refuted), vectors of two lengths in one dot product; and a display that
gives a vector and also writes something else stays a display to read, never a definition."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

GIVEN = ("To start, let's consider two specific vectors:\n\n$$\n\\mathbf{v} = (r,0) \\; \\textrm{and} \\; "
         "\\mathbf{w} = (s\\cos(\\theta), s \\sin(\\theta)).\n$$\n\n")
TRUE = r"$$ \mathbf{v}\cdot\mathbf{w} = rs\cos(\theta) = \|\mathbf{v}\|\|\mathbf{w}\|\cos(\theta). $$" + "\n"
TWIN = TRUE.replace(r"rs\cos(\theta) =", r"rs\sin(\theta) =")


def test_the_giving_display_is_a_definition_and_the_chain_is_read_from_the_entries():
    doc = read_document(GIVEN + TRUE, "notes.md")
    assert not doc.failures, [str(f) for f in doc.failures]
    (chain,) = doc.chains
    assert str(chain.exprs[0]) == "r*s*cos(theta)" and "sqrt(r**2)" in str(chain.exprs[2])
    assert any("giving the vectors v = (r, 0) and w" in r for r in doc.rules), doc.rules
    assert any("dot product of the vectors the text gives" in r for r in doc.rules)
    assert any("norm of the vector the text gives by entries (v = (r, 0))" in r for r in doc.rules)


@pytest.mark.slow
def test_the_true_chain_is_proved_where_it_holds_for_every_sign_and_never_refuted(tmp_path):
    assert document_verdicts(tmp_path, GIVEN + TRUE, "true.py") == [Verdict.PROVED, Verdict.UNKNOWN]


@pytest.mark.slow
def test_near_miss_the_twin_with_sin_for_cos_is_refuted(tmp_path):
    assert document_verdicts(tmp_path, GIVEN + TWIN, "twin.py")[0] == Verdict.REFUTED


@pytest.mark.slow
def test_near_miss_a_norm_false_at_every_value_is_refuted(tmp_path):
    line = r"$$ \|\mathbf{v}\|^2 = r^2 + 1 $$" + "\n"
    assert document_verdicts(tmp_path, GIVEN + line, "twin.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("text", [
    # no word about vectors: (r, 0) may be a pair or an interval
    GIVEN.replace("two specific vectors", "two specific things") + TRUE,
    # v given twice
    GIVEN + "Later take $$\\mathbf{v} = (1, 2)$$\n\n" + TRUE,
    # two lengths in one dot product
    GIVEN.replace("(r,0)", "(r,0,1)") + TRUE,
    # entries written by subscript too, which the list does not name: v_1 = r would be refuted
    GIVEN + r"$$ \mathbf{v}\cdot\mathbf{w} = v_1 w_1 + v_2 w_2 $$" + "\n",
])
def test_near_miss_a_vector_not_settled_by_its_entries_stays_refused_by_name(text):
    doc = read_document(text, "notes.md")
    chains = [c for c in doc.chains if r"\mathbf{v}\cdot" in " ".join(c.chain.sides)]
    assert not chains and any(r"\mathbf{v}" in f.message or r"\mathbf{v}" in f.latex for f in doc.failures), \
        ([c.exprs for c in doc.chains], [str(f) for f in doc.failures])


def test_near_miss_a_display_giving_a_vector_beside_another_equation_is_not_a_definition():
    text = GIVEN.replace(r"s \sin(\theta)).", r"s \sin(\theta)), \; r = 2.") + TRUE
    doc = read_document(text, "notes.md")
    assert not any("giving the vectors" in r for r in doc.rules), doc.rules
