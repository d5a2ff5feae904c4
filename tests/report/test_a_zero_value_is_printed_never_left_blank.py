"""A value of zero (the random seed 0, a count of 0) is printed as 0 in the PDF, never as an empty field: the
Reproducibility block read "Seed" with nothing after it."""
from __future__ import annotations

from verifier.present.report.latex import prose
from verifier.present.report.prose import reader_words


def test_zero_reads_0_in_the_pdfs_text():
    assert str(prose(0)) == "0" and str(prose(0.0)) == "0.0"


def test_near_miss_nothing_stays_nothing_and_other_numbers_are_unchanged():
    assert reader_words(None) == "" and str(prose(None)) == ""
    assert str(prose(7)) == "7" and reader_words("") == ""


def test_zero_reads_0_in_the_htmls_text():
    from verifier.present.report.html import machine_html, prose_html
    assert "0" in prose_html(0) and machine_html(0) == "0"
