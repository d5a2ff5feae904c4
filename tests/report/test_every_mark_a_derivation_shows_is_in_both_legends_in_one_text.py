"""Every mark a derivation's status line shows is in the legend ("What the badges mean") of the PDF and of the
HTML, read from the one table the badges come from: the "reconstruction" tag and the "proved only as lhs ≥ rhs"
badge included.  What a step's worst error and least margin are is one text in both legends."""
from __future__ import annotations

import html as html_module
import re

from tests.report import report_samples as samples
from verifier.present.report.badges import BOUND_ONLY_LABEL, MARK_LEGEND, NUMERIC_WORDS, RECONSTRUCTION
from verifier.present.report.html import render_html
from verifier.present.report.latex import render_latex
from verifier.present.report.view import build_view


def _view():
    return build_view(samples.sample_run(), versions=[], commit="x", date="d")


def _pdf_legend() -> str:
    tex = render_latex(_view())
    start = tex.index(r"\subsection*{What the badges mean}")
    return tex[start:tex.index(r"\subsection", start + 20) if r"\subsection" in tex[start + 20:] else None]


def _html_legend() -> str:
    page = "".join(render_html(_view()))
    start = page.index('id="legend"')
    return page[start:page.index("</section>", start)]


def test_the_marks_come_from_the_table_the_badges_read():
    labels = [label for _, label, _ in MARK_LEGEND]
    assert RECONSTRUCTION in labels and BOUND_ONLY_LABEL.format("≥") in labels


def test_the_pdf_legend_says_what_reconstruction_and_a_one_sided_proof_mean():
    legend = _pdf_legend()
    assert r"\fbox{\footnotesize\sffamily reconstruction}" in legend
    assert "proved only as lhs" in legend
    assert "the worst violation" not in legend


def test_the_html_legend_says_what_reconstruction_and_a_one_sided_proof_mean():
    legend = html_module.unescape(re.sub(r"<[^>]+>", "", _html_legend()))
    assert "reconstruction" in legend and "proved only as lhs ≥ rhs" in legend
    assert "the worst violation" not in legend


def test_the_numeric_words_are_one_text_in_both_legends():
    assert "least margin" in NUMERIC_WORDS and "largest violation" in NUMERIC_WORDS
    pdf, page = _pdf_legend(), html_module.unescape(_html_legend())
    # The sample run's steps share their numeric evidence, so both legends say it.
    assert "least margin, how far it holds at its worst sampled point" in pdf
    assert NUMERIC_WORDS in page
