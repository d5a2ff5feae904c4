"""A zero written with an exponent ("0.00e+00", an experiment's cell beside "-1.11e-16") reads 0 in the running
text and the HTML, one form for one column, never "0.00e+00" beside "−1.11 × 10⁻¹⁶".  Near misses: a small value
keeps its size, and a zero an author wrote in plain decimals ("0.000", "0.0") is left as written."""
from __future__ import annotations

from verifier.present.report import numbers
from verifier.present.report.html import prose_html


def test_a_zero_with_an_exponent_reads_0():
    assert numbers.short("0.00e+00") == "0" and numbers.short("-0.00e+00") == "0"
    assert numbers.for_people("local − vertex: 0.00e+00") == "local − vertex: 0"
    assert prose_html("0.00e+00") == "0"


def test_near_miss_a_small_value_and_a_plain_zero_keep_their_form():
    assert prose_html("-1.11e-16") == "−1.11 × 10⁻¹⁶"
    assert numbers.short("0.000") == "0.000" and numbers.short("0.0") == "0.0"
