r"""A list of entries is a vector's Cartesian coordinates only where the text says nothing else of them: in polar
coordinates (`\mathbf{v} = (r, \theta)`, whose dot product is rs cos(θ − φ), not rs + θφ), relative to a basis the text
chooses, under a metric it names, or with complex entries (whose inner product conjugates), the entries are not
summed in products or squares, so the true `\mathbf{v}\cdot\mathbf{w} = rs\cos(\theta - \phi)` is never refuted.  A
text that only speaks of basis vectors in general still reads its Cartesian entries."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

GIVEN = ("Consider two vectors in the plane, {}:\n\n$$\n\\mathbf{{v}} = (r, \\theta) \\; \\textrm{{and}} \\; "
         "\\mathbf{{w}} = (s, \\phi).\n$$\n\n")
TRUE = "Their dot product is\n\n$$\n\\mathbf{v}\\cdot\\mathbf{w} = rs\\cos(\\theta - \\phi).\n$$\n"


@pytest.mark.parametrize("words", [
    "written in polar coordinates",
    "given by (length, angle)",
    "relative to the rotated basis",
    "with the metric tensor of the plane",
])
def test_entries_in_other_coordinates_are_never_summed_as_cartesian(words):
    doc = read_document(GIVEN.format(words) + TRUE, "notes.md")
    assert not any("dot product of the vectors the text gives" in r for r in doc.rules), doc.rules
    # the true line is refused by name (a vector's products), never read as rs + θφ and refuted
    assert not [c for c in doc.chains if r"\mathbf{v}\cdot" in " ".join(c.chain.sides)]
    assert any(r"\mathbf{v}" in f.message for f in doc.failures), [str(f) for f in doc.failures]


def test_complex_entries_are_never_summed_as_real_squares():
    text = ("Consider the complex vector\n\n$$\n\\mathbf{v} = (1, i) \\; \\textrm{and} \\; \\mathbf{w} = (1, 1).\n$$\n\n"
            "$$\n\\|\\mathbf{v}\\|^2 = 2.\n$$\n")
    doc = read_document(text, "notes.md")
    assert not any("the text gives by entries" in r for r in doc.rules), doc.rules


def test_near_miss_cartesian_entries_beside_words_about_basis_vectors_are_still_read(tmp_path):
    text = ("These vectors are an example of a *basis*, and any vector is a sum of the basis vectors.\n\n"
            + GIVEN.format("written by their coordinates").replace("(r, \\theta)", "(r, 0)")
            .replace("(s, \\phi)", "(s\\cos(\\theta), s \\sin(\\theta))")
            + "$$\n\\mathbf{v}\\cdot\\mathbf{w} = rs\\sin(\\theta).\n$$\n")
    doc = read_document(text, "notes.md")
    assert any("dot product of the vectors the text gives" in r for r in doc.rules), doc.rules
    assert document_verdicts(tmp_path, text, "cartesian.py") == [Verdict.REFUTED]


def test_near_miss_entries_in_the_standard_basis_are_still_read():
    text = ("Consider two specific vectors in the standard basis:\n\n$$\n\\mathbf{v} = (r,0) \\; \\textrm{and} \\; "
            "\\mathbf{w} = (s\\cos(\\theta), s \\sin(\\theta)).\n$$\n\n$$\n\\mathbf{v}\\cdot\\mathbf{w} = rs\\cos(\\theta)."
            "\n$$\n")
    doc = read_document(text, "notes.md")
    assert any("dot product of the vectors the text gives" in r for r in doc.rules), doc.rules
