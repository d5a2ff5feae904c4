r"""A subscript set in a text font (`n_\textrm{in}`, `n_\text{out}`, `n_\mathrm{x}`) is part of one name, read as the
name with that word (n_in, n_out, n_x), never a side comment that cuts the side short (`\textrm{in}` after a
subscript is no connective word opening a note, as `x = 1 \text{ if } y > 0` is).  Two different names stay two:
`n_\textrm{in}` beside `n_\textrm{out}` are n_in and n_out, and the plain subscript `n_x` stays the entry x of n,
apart from the label n_\mathrm{x}.
"""
from __future__ import annotations

import sympy as sp

from verifier.importer.document import read_document


def chains(text: str) -> list:
    return [c.exprs for c in read_document(text, "notes.md").chains]


def failures(text: str) -> list:
    return [str(f) for f in read_document(text, "notes.md").failures]


def test_a_text_font_subscript_whose_word_is_a_connective_is_part_of_the_name():
    text = r"$$n_\textrm{in} \sigma^2 \gamma^2 = \gamma^2 \sigma^2 n_\textrm{in}$$"
    assert not failures(text)
    (sides,) = chains(text)
    n_in = sp.Symbol("n_in")
    assert all(n_in in side.free_symbols for side in sides), sides


def test_text_font_subscripts_in_every_upright_font_are_names_of_their_own_words():
    text = r"$$n_\textrm{in} + n_\text{out} + n_\mathrm{x} = n_\mathrm{x} + n_\textrm{out} + n_\textrm{in}$$"
    (sides,) = chains(text)
    assert {s.name for s in sides[0].free_symbols} == {"n_in", "n_out", "n_x"}


def test_a_label_and_an_entry_at_the_same_letter_are_two_names():
    (sides,) = chains(r"$$n_\mathrm{x} + n_x = n_x + n_\mathrm{x}$$")
    atoms = sides[0].atoms(sp.Symbol, sp.Indexed)
    assert sp.Symbol("n_x") in atoms
    assert any(isinstance(a, sp.Indexed) and a.base.label.name == "n" for a in atoms), atoms


def test_a_text_box_opening_with_a_connective_after_a_side_is_still_a_comment():
    (sides,) = chains(r"$$a + b = b + a \quad \text{ in } \mathbb{R}$$")
    assert len(sides) == 2 and sides[0] == sides[1]
    (sides,) = chains(r"$$x^2 = x \cdot x \text{ for } x > 0$$")
    assert len(sides) == 2
