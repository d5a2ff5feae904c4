r"""A vector the text gives by its entries (`\mathbf{v} = (1, 2)`) and later introduces again in words as a general
vector ("for a unit vector $\mathbf{v}$", "for perpendicular unit vectors $\mathbf{v}$ and $\mathbf{w}$") is that
general vector in the displays after those words: read with the old entries, `\|\mathbf{v}\| = 1` became √5 = 1 and
was refuted.  The displays before the words still read the entries (their twin refuted), and words that only describe
the given vector ("The vector $\mathbf{v}$ is length $r$") keep its entries."""
from __future__ import annotations

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

GIVEN = ("Consider the two vectors\n\n$$\n\\mathbf{v} = (1, 2) \\; \\textrm{and} \\; \\mathbf{w} = (3, 1).\n$$\n\n"
         "Their dot product is\n\n$$\n\\mathbf{v}\\cdot\\mathbf{w} = {}.\n$$\n\n")
AGAIN = ("Now normalise: for a unit vector $\\mathbf{v}$ we have\n\n$$\n\\|\\mathbf{v}\\| = 1,\n$$\n\n"
         "and for perpendicular unit vectors $\\mathbf{v}$ and $\\mathbf{w}$,\n\n$$\n\\mathbf{v}\\cdot\\mathbf{w} = 0.\n$$\n")


def test_lines_after_words_introducing_the_vector_again_are_never_read_with_its_entries(tmp_path):
    found = document_verdicts(tmp_path, GIVEN.replace("{}", "5") + AGAIN, "again.py")
    assert found and Verdict.REFUTED not in found, found


def test_near_miss_the_line_before_those_words_still_reads_the_entries_and_its_twin_is_refuted(tmp_path):
    found = document_verdicts(tmp_path, GIVEN.replace("{}", "6") + AGAIN, "twin.py")
    assert found[0] == Verdict.REFUTED, found


def test_near_miss_words_that_describe_the_given_vector_keep_its_entries():
    text = GIVEN.replace("Their dot product is", "The vector $\\mathbf{v}$ is longer than $\\mathbf{w}$, and their "
                         "dot product is").replace("{}", "5")
    doc = read_document(text, "notes.md")
    assert any("dot product of the vectors the text gives" in r for r in doc.rules), doc.rules


def test_near_miss_words_introducing_the_vector_before_the_display_that_gives_it_keep_its_entries():
    text = GIVEN.replace("Consider the two vectors", "Let $\\mathbf{v}$ and $\\mathbf{w}$ be the two vectors").replace(
        "{}", "5")
    doc = read_document(text, "notes.md")
    assert any("dot product of the vectors the text gives" in r for r in doc.rules), doc.rules
