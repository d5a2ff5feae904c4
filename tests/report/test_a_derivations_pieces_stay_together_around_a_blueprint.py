"""A source's blueprint is a page of its own between two sources, never a float: a float page lands at the next
page break, which fell inside a derivation (its heading and commentary on one page, its chain after a full-page
blueprint; a step's table stranded after the blueprint with no heading).  A step's table also names whose it is,
"(result 5, step 1)", so that a table a page break separates from its step still says where it belongs.  Near
miss: a run without a blueprint gets no extra page break."""
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


def test_a_blueprint_is_a_page_of_its_own_before_its_sources_section():
    tex, _ = _tex(True)
    body = _body(tex)
    blueprint = body.index("graph-test")
    assert "\\begin{figure}" not in body
    before, after = body[:blueprint], body[blueprint:]
    assert before.rstrip().rfind("\\clearpage") > before.rfind("\\subsection")      # nothing of a derivation before
    assert after.index("\\clearpage") < after.index("\\section{")                    # its source starts after it
    assert after.index("\\section{") < after.index("\\subsection*")


def test_near_miss_without_a_blueprint_no_page_break_is_added():
    (plain, _), (drawn, _) = _tex(False), _tex(True)
    assert drawn.count("\\clearpage") - plain.count("\\clearpage") == 2          # one before, one after


def test_a_steps_table_names_its_result_and_step():
    tex, _ = _tex(False)
    assert "Measured error" in tex and "\\enspace(result 5, step 1)}" in tex
