"""An author's star after a one-letter name (c*², λ(1 − c*²) = c*, u*) marks the name, c^*: the PDF and the HTML
set it as a superscript star, never as a product's centred dot; a star between two factors stays a product."""
from __future__ import annotations

from verifier.present.report.html import prose_html
from verifier.present.report.latex import prose
from verifier.present.report.prose import plain, segments

TITLE = "g(λ) = ½ log((1 + √(1 + 4λ²))/2), stated as e^{−2g} = 1 − c*² = 2/(1 + √(1 + 4λ²))"
SADDLE = "the saddle equation λ(1 − c*²) = c*"


def test_a_starred_name_squared_is_a_superscript_star_and_two():
    for text in (TITLE, SADDLE):
        assert ("sup", "*2") in segments(text)
        assert "·²" not in prose(text) and "·²" not in prose_html(text)
        assert r"c\textsuperscript{*2}" in prose(text)
        assert "c<sup>*2</sup>" in prose_html(text)


def test_a_starred_name_alone_is_a_superscript_star():
    assert segments(SADDLE)[-1] == ("sup", "*")
    assert segments("the minimiser u* = 0.2")[1] == ("sup", "*")
    assert segments("f(u*) = −C")[1] == ("sup", "*")


def test_a_bookmark_keeps_the_star_as_the_author_wrote_it():
    assert plain(SADDLE) == "the saddle equation λ(1 − c*²) = c*"
    assert "c·²" not in plain(TITLE)


def test_a_star_between_factors_is_still_a_product():
    assert segments("x * y") == (("text", "x·y"),)
    assert segments("at α*e² the value")[0][1].startswith("at α·e²")
    assert all(kind != "sup" for kind, _ in segments("2*x and α*e²"))


F_TITLE = "In u = 1 − α + α e^Δ: f = log u − u*(1 − 1/u), u* = Δ/(1 − e^{−Δ})"
C_AT_ONE = "c*(1) = (√5 − 1)/2 = 1/φ and 1 − 1/φ² = 1/φ"


def test_a_starred_name_before_a_bracket_of_the_authors_signs_is_the_marked_name():
    for text in (F_TITLE, "f = log u − u*(1 − 1/u) at u = u* e^y"):
        assert "u·(" not in prose_html(text) and r"u\ensuremath{\cdot}(" not in prose(text)
        assert "u<sup>*</sup>(1 − 1/u)" in prose_html(text)
        assert r"u\textsuperscript{*}(1" in prose(text)
        assert "u*(1 − 1/u)" in plain(text)


def test_a_starred_name_applied_to_a_lone_atom_is_the_marked_name_not_the_name_alone():
    assert segments(C_AT_ONE)[:3] == (("text", "c"), ("sup", "*"), ("text", "(1) = (√5 − 1)/2 = 1/φ and 1 − 1/φ² = 1/φ"))
    assert plain(C_AT_ONE).startswith("c*(1) = ")
    assert "c<sup>*</sup>(1)" in prose_html(C_AT_ONE)


def test_a_star_before_a_bracket_sympy_or_python_prints_stays_a_product():
    assert segments("x*(y + 1)") == (("math", r"x \left(y + 1\right)"),)
    mixed = "(√(4λ²+1) − 1)**2/(4*λ**2) and x*(√2 − 1)"
    assert "x·(√2 − 1)" in plain(mixed) and ("sup", "*") not in segments(mixed)
