"""A derivation's heading is never left at a page's foot with only its status line: no page break is allowed between
the status line and what follows it (its assumptions, its claim, its commentary or its chain), so the heading and
its status go with at least their first line.  Near miss: the commentary itself may still break between its lines."""
from __future__ import annotations

from tests.report import report_samples as samples
from verifier.present.report.latex import render_latex
from verifier.present.report.view import build_view

HEADING = r"\subsection*{\texorpdfstring{"


def _derivations() -> list[str]:
    tex = render_latex(build_view(samples.sample_run(), versions=[], commit="x", date="d"))
    return tex.split(HEADING)[1:]


def test_no_break_is_allowed_right_after_a_derivations_status_line():
    bodies = _derivations()
    assert bodies, "the sample run has derivations"
    for body in bodies:
        status_end = body.index(r"\par}") + len(r"\par}")        # the status paragraph closes the heading's block
        assert body[status_end:].startswith(r"\nopagebreak"), body[status_end:status_end + 40]


def test_near_miss_the_commentary_is_not_one_unbreakable_block():
    for body in _derivations():
        if "Commentary, not checked" in body:
            notes = body[body.index("Commentary, not checked"):body.index(r"\chainline") if r"\chainline" in body else None]
            assert r"\nopagebreak" not in notes.split(r"\par", 1)[0]
            return
    raise AssertionError("the sample run has a derivation with commentary")
