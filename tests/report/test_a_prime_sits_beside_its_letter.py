"""A primed symbol (n′, m′₂, f′) is set as its letter with the prime beside it on the line, as print sets it: as a
MathML superscript (the converter's <msup><mi>n</mi><mi>′</mi></msup>) the already raised prime is raised and
shrunk again by the browser and reads "n ′".  Near misses: a power (x²) stays a superscript, and a subscript
after a prime is kept."""
from __future__ import annotations

from verifier.present.report.mathml import to_mathml

PRIMED = '<mrow><mi>n</mi><mo lspace="0" rspace="0">′</mo></mrow>'


def _body(latex: str) -> str:
    return to_mathml(latex, False).split("<semantics>")[1].split("<annotation")[0]


def test_a_primed_letter_keeps_its_prime_on_the_line():
    assert PRIMED in _body("n'") and "msup" not in _body("n'")
    assert PRIMED in _body("n^{\\prime}")
    assert '<mo lspace="0" rspace="0">″</mo>' in _body("n''")
    assert "msup" not in _body("n' = 256")


def test_a_subscript_after_a_prime_is_kept():
    body = _body("m'_{2}")
    assert body.startswith("<mrow><mrow><msub><mrow><mi>m</mi><mo") and "<mn>2</mn>" in body and "msubsup" not in body


def test_near_miss_a_power_stays_a_superscript():
    assert "<msup><mi>x</mi><mrow><mn>2</mn></mrow></msup>" in _body("x^{2}")
    assert "msup" in _body("x^{2'}")         # not a prime alone
