"""A derivation's heading asks for room for its status line and the first lines under it (HEADING_LINES), or it
starts the next page: a heading with its status and a line or two stood at a page's foot with its chain on the
next (results 4, 15, 21, 52 of the whole project's report).  Near misses: the room asked for is a few lines, not a
page (the whole project's report stays within its page budget), and the status line is still glued to what
follows it."""
from __future__ import annotations

import re

from tests.report import report_samples as samples
from verifier.present.report.latex import HEADING_LINES, render_latex
from verifier.present.report.view import build_view

HEADING = r"\subsection*{\texorpdfstring{"


def _tex() -> str:
    return render_latex(build_view(samples.sample_run(), versions=[], commit="x", date="d"))


def test_every_derivation_heading_asks_for_room_for_its_first_lines():
    tex = _tex()
    before = [tex[:m.start()].rstrip()[-40:] for m in re.finditer(re.escape(HEADING), tex)]
    assert before, "the sample run has derivations"
    assert all(tail.endswith(rf"\needspace{{{HEADING_LINES}\baselineskip}}") for tail in before), before


def test_near_miss_the_room_is_a_few_lines_and_the_status_line_stays_glued():
    assert 6 <= HEADING_LINES <= 12
    for body in _tex().split(HEADING)[1:]:
        status_end = body.index(r"\par}") + len(r"\par}")
        assert body[status_end:].startswith(r"\nopagebreak")
