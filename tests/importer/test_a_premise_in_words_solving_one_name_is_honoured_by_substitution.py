r"""A premise the text states in its words, an equation solving one name (`The fact that $\mathbf{b}_1 =
-2\cdot\mathbf{b}_2$ means …`), is what the steps near it are judged under: the name is replaced by its value in each
step that writes it, printed as a rule, so a counterexample satisfies the premise and the false twin is refuted, the
true line passes.  Near misses (the premise stays words, the false step held off, never refuted): an inequality, a
premise about a name the chain does not write, a premise posed as a hypothesis or a question, two premises solving the
same name differently, a value that is a number, and a name a step binds."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.conditions import EVERY_TABLE_AS_WORDS
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PROSE = ("like $a_1\\mathbf{b}_1 + a_2\\mathbf{b}_2$.\nWe call this a *linear combination*.\n"
         "The fact that $\\mathbf{b}_1 = -2\\cdot\\mathbf{b}_2$\nmeans that we can write any linear combination of "
         "those two columns\nentirely in terms of say $\\mathbf{b}_2$ since\n\n")
TRUE = ("$$\na_1\\mathbf{b}_1 + a_2\\mathbf{b}_2 = -2a_1\\mathbf{b}_2 + a_2\\mathbf{b}_2 = "
        "(a_2-2a_1)\\mathbf{b}_2.\n$$\n")
TWIN = TRUE.replace("(a_2-2a_1)", "(a_2+2a_1)")


def chain(text: str):
    doc = read_document(text, "notes.md")
    assert len(doc.chains) == 1, [c.exprs for c in doc.chains]
    return doc, doc.chains[0]


def substituted(text: str) -> bool:
    """Whether the chain's steps no longer write b_1 (the premise was honoured) and the words left its conditions as a
    premise (the sentence may stay as words on entries with two indices, for its "columns": steps here write none)."""
    doc, c = chain(text)
    b1 = [i for e in c.exprs for i in e.atoms(sp.Indexed) if i.base.label.name == "b" and i.indices == (1,)]
    return not b1 and not any("b}_1 =" in k.words for k in c.conditions if k.every_name != EVERY_TABLE_AS_WORDS)


def test_a_premise_solving_an_entry_is_substituted_in_each_step_and_printed():
    doc, c = chain(PROSE + TWIN)
    assert substituted(PROSE + TWIN)
    assert any("premise" in r and "b[1] is replaced by -2*b[2]" in r for r in doc.rules), doc.rules


@pytest.mark.slow
def test_the_false_twin_is_refuted_where_the_premise_holds_and_the_true_line_passes(tmp_path):
    assert Verdict.REFUTED in document_verdicts(tmp_path, PROSE + TWIN, "twin.py")
    true = document_verdicts(tmp_path, PROSE + TRUE, "true.py")
    assert true and all(v in (Verdict.PROVED, Verdict.NUMERIC) for v in true), true


def test_a_premise_on_a_plain_name_is_substituted_too():
    text = "The fact that $y = 3x$ means that\n\n$$\nx + y = 4x\n$$\n"
    doc, c = chain(text)
    assert not any(e.has(sp.Symbol("y", real=True)) or "y" in {s.name for s in e.free_symbols} for e in c.exprs), \
        c.exprs


def test_near_miss_an_inequality_is_no_premise_solving_a_name():
    assert not substituted(PROSE.replace("= -2\\cdot", "< -2\\cdot") + TWIN)


def test_near_miss_a_premise_posed_as_a_hypothesis_or_a_question_is_not_honoured():
    for words in ("Suppose that $\\mathbf{b}_1 = -2\\cdot\\mathbf{b}_2$; we reach a contradiction, since",
                  "Is it true that $\\mathbf{b}_1 = -2\\cdot\\mathbf{b}_2$? If so,",
                  "If $\\mathbf{b}_1 = -2\\cdot\\mathbf{b}_2$ then"):
        text = PROSE.replace("The fact that $\\mathbf{b}_1 = -2\\cdot\\mathbf{b}_2$", words) + TWIN
        assert not substituted(text), words


def test_near_miss_two_premises_solving_the_same_name_differently_are_refused():
    text = PROSE.replace("since", "since, and the fact that $\\mathbf{b}_1 = 3\\mathbf{b}_2$ holds too,") + TWIN
    assert not substituted(text)


def test_near_miss_a_premise_about_a_name_the_chain_does_not_write_leaves_the_chain_as_written():
    text = "The fact that $c_1 = -2 c_2$ means that\n\n$$\na_1 b_1 + a_2 b_2 = a_2 b_2 + a_1 b_1\n$$\n"
    doc, c = chain(text)
    assert not any("premise" in r for r in doc.rules), doc.rules


def test_near_miss_a_number_or_a_bound_name_is_never_substituted():
    for text in ("The fact that $x = 3$ means that\n\n$$\nx + 1 = 4\n$$\n",
                 "The fact that $x = 2y$ means that\n\n$$\n\\int_0^1 x\\, dx = \\frac{1}{2}\n$$\n"):
        doc = read_document(text, "notes.md")
        assert not any("premise" in r for r in doc.rules), (text, doc.rules)


def test_the_same_premise_written_twice_is_honoured_once_and_leaves_no_words():
    text = PROSE.replace("since", "since, and the fact that $\\mathbf{b}_1 = -2\\mathbf{b}_2$ holds too,") + TWIN
    assert substituted(text)


def test_near_miss_a_premise_given_a_range_or_a_hypothesis_in_its_sentence_is_not_honoured():
    for words in ("The fact that $\\mathbf{b}_1 = -2\\cdot\\mathbf{b}_2$ for $a_1 > 0$",
                  "The fact that $\\mathbf{b}_1 = -2\\cdot\\mathbf{b}_2$ with the columns nonzero"):
        text = PROSE.replace("The fact that $\\mathbf{b}_1 = -2\\cdot\\mathbf{b}_2$", words) + TWIN
        assert not substituted(text), words


def premised(text: str) -> bool:
    return any("premise" in r for r in read_document(text, "notes.md").rules)


def test_near_miss_a_value_writing_a_name_a_step_binds_is_never_substituted_there():
    """Substituted, y = 3k would be captured by the sum over k, y = 2x by the partial derivative in x: the true
    lines would be refuted.  The same premise beside a step binding no name of its value is honoured."""
    for text in ("The fact that $y = 3k$ means that\n\n$$\n\\sum_{k=1}^{2} y = 2y\n$$\n",
                 "The fact that $y = 2t$ means that\n\n$$\n\\int_0^1 y \\, dt = y\n$$\n",
                 "The fact that $y = 2x$ means that\n\n$$\n\\frac{\\partial}{\\partial x} (x y) = y\n$$\n"):
        assert not premised(text), text
    assert premised("The fact that $y = 3k$ means that\n\n$$\n\\sum_{i=1}^{2} y = 2y + 0 k\n$$\n")


def test_near_miss_a_premise_the_words_deny_or_give_as_an_example_is_not_honoured():
    display = "\n\n$$\nx + y = 4x\n$$\n"
    for words in ("We cannot have $y = 3x$ here, so", "Note $y = 3x$ fails, so",
                  "Consider the special case $y = 3x$. In general, however,",
                  "In the example above we had $y = 3x$. Now take arbitrary numbers:",
                  "It doesn't follow that $y = 3x$, so"):
        assert not premised(words + display), words
    assert premised("The fact that $y = 3x$ means that" + display)
