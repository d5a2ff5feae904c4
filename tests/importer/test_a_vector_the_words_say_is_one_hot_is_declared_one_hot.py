r"""A vector the text's words say is one-hot ("Since $\mathbf{y}$ is a one-hot vector of length $q$, …") is a premise
the steps are judged under: the written file declares it `vector("y", q, one_hot=True)`, prints the rule in its
header, and the words leave the steps' conditions, so the false twin (a sign flipped after Σ_j y_j = 1 was used) is
refuted at a one-hot point and the true line, false for a plain y, passes.  Near misses (the words stay, the steps are
never refuted under them): the statement posed ("if", "suppose", a question), denied, given as an example, with a
length no sum of the text runs up to, or beside words that say more (a sign) than one-hot."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.verdicts import Verdict

STATED = ("Since $\\mathbf{y}$ is a one-hot vector of length $q$,\nthe sum over all its coordinates $j$ vanishes for "
          "all but one term.\nUsing the definition of the softmax we obtain\n\n")
TRUE = ("$$\n\\sum_{j=1}^q y_j \\log \\sum_{k=1}^q \\exp(o_k) - \\sum_{j=1}^q y_j o_j = "
        "\\log \\sum_{k=1}^q \\exp(o_k) - \\sum_{j=1}^q y_j o_j.\n$$\n")
TWIN = TRUE.replace("= \\log \\sum_{k=1}^q \\exp(o_k) -", "= \\log \\sum_{k=1}^q \\exp(o_k) +")


def one_hot(text: str) -> bool:
    """Whether the import declares y one-hot and no condition of the chain keeps the words."""
    doc = read_document(text, "notes.md")
    [c] = doc.chains
    declared = 'vector("y", q, one_hot=True)' in write(doc)
    assert declared == ("y" in doc.one_hot)
    return declared and not any("one-hot" in k.words for k in c.conditions)


def test_the_stated_vector_is_declared_one_hot_and_the_rule_is_printed():
    doc = read_document(STATED + TWIN, "notes.md")
    assert one_hot(STATED + TWIN)
    written = write(doc)
    assert "y is declared one-hot" in written and "$\\mathbf{y}$ is a one-hot vector of length $q$" in written
    assert "unconfirmed=True" in written


@pytest.mark.slow
def test_the_false_twin_is_refuted_at_a_one_hot_point_and_the_true_line_passes(tmp_path):
    assert Verdict.REFUTED in document_verdicts(tmp_path, STATED + TWIN, "twin.py")
    true = document_verdicts(tmp_path, STATED + TRUE, "true.py")
    assert true and all(v in (Verdict.PROVED, Verdict.NUMERIC) for v in true), true


@pytest.mark.parametrize("words", [
    "If $\\mathbf{y}$ is a one-hot vector of length $q$, the sum over all its coordinates $j$ vanishes for all but "
    "one term.",
    "Suppose $\\mathbf{y}$ is a one-hot vector of length $q$.",
    "Why would $\\mathbf{y}$ is a one-hot vector of length $q$ matter here?",
    "For example, $\\mathbf{y}$ is a one-hot vector of length $q$ in the first case.",
    "Here $\\mathbf{y}$ is not a one-hot vector of length $q$.",
    "Since $\\mathbf{y}$ is a one-hot vector of length $n$, the sum vanishes for all but one term.",
])
def test_near_miss_a_statement_posed_denied_an_example_or_of_another_length_stays_words(words):
    text = STATED.replace(STATED.split("\nUsing")[0], words) + TWIN
    assert not one_hot(text), words
    [c] = read_document(text, "notes.md").chains
    assert any("one-hot" in k.words for k in c.conditions), [k.words for k in c.conditions]


def test_near_miss_words_beside_the_statement_that_say_more_stay_a_condition():
    text = STATED.replace("the sum over all its coordinates $j$ vanishes for all but one term",
                          "and the logits $o_k$ are positive") + TWIN
    doc = read_document(text, "notes.md")
    assert "y" in doc.one_hot
    [c] = doc.chains
    assert any("positive" in k.words for k in c.conditions), [k.words for k in c.conditions]


@pytest.mark.slow
def test_near_miss_the_twin_is_never_refuted_where_the_statement_is_posed(tmp_path):
    posed = STATED.replace("Since", "If") + TWIN
    assert Verdict.REFUTED not in document_verdicts(tmp_path, posed, "posed.py")
