r"""Three constructs with two readings, refused by naming both:

* `u \times v` between names in a text about vectors (vectors, a cross product, R^3): the cross product, or a product
  of numbers (read as numbers, `u \times v = -(v \times u)` was refuted);
* `\bar{z}` beside a bare z in a text about complex numbers: the conjugate of z, or a second real name (read as a
  name, `z\bar{z} = |z|^2` was refuted);
* `\frac{d}{dx} x^2 + 1`, a derivative before an unbracketed factor followed by a sign: the derivative of x² plus 1,
  or of the whole sum.

Near misses stay read and checked both ways: `\times` between numbers or in a text that speaks of no vectors,
`\bar{s}` beside s_i as a mean where the text speaks of no complex numbers, and a derivative of a bracketed body or
of one factor that ends the side.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import QUICK
from verifier.importer.document import read_document
from verifier.importer.reading import read_side
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict


def verdicts(tmp_path, text: str) -> list:
    written = write(read_document(text, "notes.md"))
    path = tmp_path / "imported.py"
    path.write_text(written, encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, f"{error}\n{written}"
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps]


def refused_with(text: str, *words: str) -> bool:
    doc = read_document(text, "notes.md")
    return not doc.chains and bool(doc.failures) and all(
        any(w in r for f in doc.failures for r in f.readings) for w in words)


@pytest.mark.parametrize("display", [r"u \times v = -(v \times u)", r"u \times v = v \times u", r"u \times u = 0"])
def test_times_between_names_in_a_text_about_vectors_is_refused(display):
    for prose in ("For vectors $u$ and $v$ in $\\mathbb{R}^3$,", "The cross product of $u$ and $v$:"):
        assert refused_with(f"{prose}\n\n$${display}$$\n", "cross product", "product of the numbers"), display


def test_near_miss_times_between_names_in_a_text_without_vectors_is_a_product_both_ways(tmp_path):
    assert verdicts(tmp_path, "For real $u$ and $v$,\n\n$$u \\times v = v \\times u$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, "For real $u$ and $v$,\n\n$$u \\times v = -(v \\times u)$$\n") == [Verdict.REFUTED]
    assert verdicts(tmp_path, "For vectors in the plane,\n\n$$2 \\times 3 = 6$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, "For vectors in the plane,\n\n$$2 \\times 3 = 5$$\n") == [Verdict.REFUTED]


@pytest.mark.parametrize("display", [r"z\bar{z} = |z|^2", r"z\bar{z} = z^2", r"z + \bar z = 2\Re z"])
def test_a_bar_beside_the_bare_name_in_a_text_about_complex_numbers_is_refused(display):
    for prose in ("For a complex number $z$,", "For $z \\in \\mathbb{C}$,"):
        assert refused_with(f"{prose}\n\n$${display}$$\n", "conjugate", "real name"), display


def test_near_miss_a_bar_as_a_mean_in_a_text_without_complex_numbers_is_read_both_ways(tmp_path):
    text = "The mean $\\bar s$ of the scores $s_i$.\n\n$$\\bar{s} - \\bar{s} + s_1 = s_1$$\n"
    assert verdicts(tmp_path, text) == [Verdict.PROVED]
    assert verdicts(tmp_path, text.replace("= s_1", "= 2 s_1")) == [Verdict.REFUTED]
    assert read_side(r"\lambda(s_{max} - \bar s)").expr.has(sp.Symbol("lambda"))


@pytest.mark.parametrize("display", [r"\frac{d}{dx} x^2 + 1 = 2x", r"\frac{d}{dx} x^2 + 1 = 2x + 1",
                                     r"\frac{d}{dx} x^3 - x = 3x^2 - 1"])
def test_a_derivative_before_an_unbracketed_sum_is_refused_naming_both_reaches(display):
    assert refused_with(f"$${display}$$\n", "d/dx (x^")


@pytest.mark.parametrize("display, verdict", [
    (r"\frac{d}{dx}(x^2 + 1) = 2x", Verdict.PROVED), (r"\frac{d}{dx}(x^2 + 1) = 2x + 1", Verdict.REFUTED),
    (r"\frac{d}{dx}(x^2) + 1 = 2x + 1", Verdict.PROVED), (r"\frac{d}{dx}(x^2) + 1 = 2x", Verdict.REFUTED),
    (r"1 + \frac{d}{dx} x^2 = 2x + 1", Verdict.PROVED), (r"1 + \frac{d}{dx} x^2 = 2x", Verdict.REFUTED),
])
def test_near_miss_a_derivative_whose_reach_is_settled_is_checked_both_ways(tmp_path, display, verdict):
    assert verdicts(tmp_path, f"$${display}$$\n") == [verdict]
