"""A derivation's heading never ends a page: it asks for room for its status line and the first lines under it
(HEADING_LINES), or it starts the next page; between the status line and the chain's start no break is allowed
(a break there left the heading and its status alone at a page's foot, the chain on the next page)."""
from __future__ import annotations

import re

from tests.report import report_samples as samples
from verifier.present.report.latex import HEADING_LINES, render_latex
from verifier.present.report.view import build_view

HEADING = r"\subsection*{\texorpdfstring{"


def _tex() -> str:
    return render_latex(build_view(samples.sample_run(), versions=[], commit="x", date="d"))


def _derivations(tex: str) -> list[str]:
    pieces = tex.split(HEADING)
    return pieces[1:]


def test_every_derivation_heading_asks_for_room_for_the_lines_under_it():
    tex = _tex()
    before = [tex[:m.start()].rstrip()[-60:] for m in re.finditer(re.escape(HEADING), tex)]
    assert before, "the sample run has derivations"
    assert 4 <= HEADING_LINES <= 12                 # the heading, its status line and a few lines, not a page
    for tail in before:
        assert tail.endswith(rf"\needspace{{{HEADING_LINES}\baselineskip}}"), tail


def test_no_break_is_allowed_between_the_status_line_and_the_chain():
    seen_facts = False
    for body in _derivations(_tex()):
        seen_facts |= r"\fact{" in body.split(r"\chainline", 1)[0]
        if r"\chainline" not in body:
            continue
        head = body[:body.index(r"\chainline")]
        # the commentary may break inside its paragraphs; the status line itself is glued to what follows
        status_end = head.index(r"\par}") + len(r"\par}")
        assert head[status_end:].startswith(r"\nopagebreak"), head[status_end:status_end + 40]
        assert r"\needspace" not in head and r"\needline" not in head, head
        facts = [line for line in head.splitlines() if line.startswith(r"\fact{")]
        assert all(line.endswith(r"}\nopagebreak") for line in facts), facts     # assumptions, the claim
        assert head.rstrip().endswith(r"\par\nopagebreak"), head[-80:]
    assert seen_facts, "the sample run has a derivation with assumptions or a claim line"
