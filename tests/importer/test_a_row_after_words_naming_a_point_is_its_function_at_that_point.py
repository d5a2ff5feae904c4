r"""`f(x, y) = \log(3) \textrm{ with gradient } \nabla f(x, y) = \left[\frac{1}{3}, \frac{2}{3}\right]` after the words
"If we look at a point like $(0, \log(2))$, we see that", the display just before defining f(x, y): the row is f at
that point (its entries in the order of f's parameters) as the display before defines it, and the gradient beside it
is the column of f's partial derivatives taken at that point.  A true row is proved, a twin with the entries swapped
or another value refuted.  Near misses, never read at the point (the row stays unread or unknown, never refuted): no
words naming a point, words that pose one ("Suppose we look at"), a point with another number of entries, a row at
other names than f's parameters, a value that writes a parameter, an f defined otherwise too or not in the display
just before."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

ROW = (r"f(x, y) = \log(e^x + e^y) \textrm{ with gradient } \nabla f (x, y) = "
       r"\left[\frac{e^x}{e^x+e^y}, \frac{e^y}{e^x+e^y}\right].")
AT = r"f(x, y) = \log(3) \textrm{ with gradient } \nabla f (x, y) = \left[\frac{1}{3}, \frac{2}{3}\right]."
SWAPPED = AT.replace(r"\frac{1}{3}, \frac{2}{3}", r"\frac{2}{3}, \frac{1}{3}")
WORDS = r"If we look at a point like $(0, \log(2))$, we see that"


def text(words: str = WORDS, row: str = AT, definition: str = ROW) -> str:
    return f"Suppose that we are working with the function\n\n$$\n{definition}\n$$\n\n{words}\n\n$$\n{row}\n$$\n"


def at_the_point(doc) -> list:
    """The chains read at the point: a partial derivative taken there, or f's value there."""
    return [c for c in doc.chains if c.exprs[0].atoms(sp.Subs) or c.exprs[0] == sp.log(3)]


def test_the_row_and_its_gradient_are_read_at_the_point_the_words_name_in_the_order_of_the_parameters():
    doc = read_document(text(), "notes.md")
    steps = at_the_point(doc)
    assert len(steps) == 3, [c.exprs for c in doc.chains]
    partials = [c for c in steps if c.exprs[0].atoms(sp.Subs)]
    assert [sp.nsimplify(c.exprs[0].doit()) for c in partials] == [sp.Rational(1, 3), sp.Rational(2, 3)], \
        [c.exprs for c in partials]
    assert any("the point the words before the display name" in r for r in doc.rules), doc.rules


@pytest.mark.slow
def test_a_true_row_at_the_named_point_is_proved(tmp_path):
    verdicts = document_verdicts(tmp_path, text(), "true.py")
    assert Verdict.REFUTED not in verdicts and verdicts.count(Verdict.PROVED) >= 5, verdicts


@pytest.mark.slow
def test_near_miss_the_gradient_at_the_point_with_its_entries_swapped_is_refuted(tmp_path):
    verdicts = document_verdicts(tmp_path, text(row=SWAPPED), "twin.py")
    assert verdicts.count(Verdict.REFUTED) == 2, verdicts


@pytest.mark.slow
def test_near_miss_another_value_of_the_function_at_the_point_is_refuted(tmp_path):
    verdicts = document_verdicts(tmp_path, text(row=AT.replace(r"\log(3)", r"\log(4)")), "value.py")
    assert verdicts.count(Verdict.REFUTED) == 1, verdicts


@pytest.mark.parametrize("words", [
    "We see that",                                                         # no point named
    r"Suppose we look at a point like $(0, \log(2))$, we see that",        # words that pose it
    r"If we look at a point like $(0, \log(2), 1)$, we see that",          # another number of entries
    r"If we look at a point like $(0, \log(2))$ where $y > 0$, we see that",   # more words about it
])
def test_near_miss_words_that_name_no_point_of_f_leave_the_row_unread_at_any_point(words):
    doc = read_document(text(words=words), "notes.md")
    assert at_the_point(doc) == [], [c.exprs for c in doc.chains]


@pytest.mark.parametrize("row, definition", [
    (AT.replace("f(x, y) = ", "f(a, b) = "), ROW),                        # the row at other names
    (AT.replace(r"\log(3)", r"\log(3) + x"), ROW),                        # a value writing a parameter
    (AT, ROW.replace("f(x, y) = ", "f(y, x) = ").replace("f (x, y)", "f (y, x)")),   # parameters in another order
])
def test_near_miss_a_row_not_written_at_exactly_fs_parameters_is_not_read_at_the_point(row, definition):
    doc = read_document(text(row=row, definition=definition), "notes.md")
    assert not [c for c in doc.chains if c.exprs[0].atoms(sp.Subs)], [c.exprs for c in doc.chains]


def test_near_miss_an_f_not_defined_in_the_display_just_before_is_not_read_at_the_point():
    far = (f"Suppose that we are working with the function\n\n$$\n{ROW}\n$$\n\nThen\n\n$$\ng(t) = t^2\n$$\n\n"
           f"{WORDS}\n\n$$\n{AT}\n$$\n")
    doc = read_document(far, "notes.md")
    assert not [c for c in doc.chains if c.exprs[0].atoms(sp.Subs)], [c.exprs for c in doc.chains]


def test_near_miss_an_f_the_text_also_defines_otherwise_is_not_read_at_the_point():
    twice = f"Let $f(x, y) = x y$.\n\n" + text()
    doc = read_document(twice, "notes.md")
    assert not [c for c in doc.chains if c.exprs[0].atoms(sp.Subs)], [c.exprs for c in doc.chains]


@pytest.mark.parametrize("words", [
    r"If we look at a point like $(x, y) = (0, \log(2))$, we see that",      # coordinates named in the words
    r"If we look at a point like $(y, x) = (\log(2), 0)$, we see that",      # named in another order
])
def test_near_miss_a_point_whose_coordinates_the_words_name_is_not_read_as_entries_in_order(words):
    doc = read_document(text(words=words), "notes.md")
    assert at_the_point(doc) == [], [c.exprs for c in doc.chains]


def test_near_miss_a_point_where_f_has_no_value_leaves_a_false_row_unrefuted(tmp_path):
    # sin(x)/x has no value at x = 0: the row is not read there, so neither a true nor a false value is judged
    sinc = text(words=r"At the point $(0, 1)$, we have", row=r"f(x, y) = 3", definition=r"f(x, y) = \frac{\sin(x)}{x} + y")
    doc = read_document(sinc, "notes.md")
    assert not [c for c in doc.chains if c.exprs[0] == 3 or c.exprs[-1] == 3], [c.exprs for c in doc.chains]
    assert any("no value" in f.message for f in doc.failures), doc.failures
