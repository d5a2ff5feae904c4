"""A negative number in an author's words (an experiment's finding, a table cell, an exponent) reads with a minus
sign, as the rest of the report writes it: "between −0.503 and −0.417", "−0.000710472", "10⁻⁵⁰".  Near misses:
a hyphen inside a word ("well-known", "2-step") stays a hyphen, and a code name keeps its characters."""
from __future__ import annotations

from verifier.present.report.html import prose_html
from verifier.present.report.prose import segments


def _text(words: str) -> str:
    return "".join(value for _, value in segments(words))


def test_negative_numbers_in_findings_and_cells_read_with_a_minus():
    assert _text("between -0.503 and -0.417") == "between −0.503 and −0.417"
    assert _text("-0.000710472") == "−0.000710472"
    assert _text("σ = 0.1: -0.513 (median: -0.516, spread 0.02)") == "σ = 0.1: −0.513 (median: −0.516, spread 0.02)"


def test_a_negative_exponent_reads_with_a_minus():
    assert ("sup", "−50") in segments("differences below 10^-50 are counted as 50 digits")
    assert "-50" not in prose_html("differences below 10^-50 are counted")


def test_a_hyphen_in_a_word_stays_a_hyphen():
    assert _text("a well-known 2-step argument") == "a well-known 2-step argument"
