"""A source's blueprint stands between two sources, never a float: a float page lands at the next page break, which
fell inside a derivation (its heading and commentary on one page, its chain after a full-page blueprint; a step's
table stranded after the blueprint with no heading).  It asks for its room and goes to the next page without it.
A step's table also names whose it is, "(result 5, step 1)", so that a table a page break separates from its step
still says where it belongs.  Near miss: a run without a blueprint asks for no room.  A derivation's chain starts on the page of the commentary above
it: a page break goes before or inside the commentary, never between it and the chain."""
from __future__ import annotations

from types import SimpleNamespace

from tests.report import report_samples as samples
from verifier.present.report.latex import render_latex
from verifier.present.report.view import build_view


def _tex(with_graph: bool) -> tuple[str, str]:
    view = build_view(samples.sample_run(), versions=[], commit="x", date="d")
    group = next(g for g in view.groups if g.main)
    if with_graph:
        group.graph = SimpleNamespace(width=400.0, height=600.0, boxes=[])
        group.graph_stem = "graph-test"
    return render_latex(view), group.title


def _body(tex: str) -> str:
    return tex[tex.index("What the badges mean"):tex.index("Machine record")]


def test_a_blueprint_stands_before_its_sources_section_and_asks_for_its_room():
    tex, _ = _tex(True)
    body = _body(tex)
    blueprint = body.index("graph-test")
    assert "\\begin{figure}" not in body
    before, after = body[:blueprint], body[blueprint:]
    room = before.rfind("\\needspace{")
    assert room > before.rfind("\\subsection") and before[room:].startswith("\\needspace{648bp}")   # 600 + caption
    assert after.index("\\section{") < after.index("\\subsection*")       # its source starts after it


def test_near_miss_without_a_blueprint_no_room_is_asked_for():
    (plain, _), (drawn, _) = _tex(False), _tex(True)
    assert drawn.count("\\needspace{") - plain.count("\\needspace{") == 1
    assert drawn.count("\\clearpage") == plain.count("\\clearpage")


def test_a_steps_table_names_its_result_and_step():
    tex, _ = _tex(False)
    assert "Measured error" in tex and "\\enspace(result 5, step 1)}" in tex


def _chain_start(notes: list[str]) -> str:
    import dataclasses
    d = dataclasses.replace(samples.entropy_derivation(), notes=notes, hypotheses=[])
    run = dataclasses.replace(samples.sample_run(), derivations=[d])
    tex = render_latex(build_view(run, versions=[], commit="x", date="d"))
    body = tex[tex.index("\\subsection*{\\texorpdfstring{1."):]
    return body[:body.index("\\chainline{}{}")].rstrip().rsplit("\n", 1)[-1]


def test_a_chain_starts_on_the_page_of_the_commentary_above_it():
    assert _chain_start(["A commentary."]) == "\\par\\nopagebreak"
    assert _chain_start([]).startswith("\\needspace{4")          # near miss: nothing above to keep it with
