"""A straight quote that opens a quoted phrase ('according to the above equation') is set in the PDF as an opening
quote (TeX's `), never as TeX's closing ’ on both sides.  Near misses: an apostrophe inside a word (the text's) and
a prime after a letter (n' = 256) stay as they are, and so does the closing quote."""
from __future__ import annotations

from verifier.present.report.escape import tex_escape


def test_an_opening_quote_is_tex_s_opening_quote():
    assert tex_escape("'according to the above equation'") == "`according to the above equation'"
    assert tex_escape("so 'H is invariant' is false").startswith("so `H is invariant'")
    assert tex_escape("('x')", breakable=True) == "(`x')"


def test_near_miss_an_apostrophe_a_prime_and_a_closing_quote_stay():
    assert tex_escape("the text's claim") == "the text's claim"
    assert tex_escape("n' = 256") == "n' = 256"
    assert tex_escape("a 'b' , c") == "a `b' , c"
