"""A source's blueprint is never a float: a float page lands at the next page break, which fell inside a derivation
(its heading and commentary on one page, its chain after a full-page blueprint; a step's table stranded after the
blueprint with no heading).  It is held and set at the first place before its section or between two of its
derivations where the page has room for it, and after the section at the latest.
A step's table also names whose it is, "(result 5, step 1)", so that a table a page break separates from its step
still says where it belongs.  Near miss: a run without a blueprint holds and offers nothing.  A derivation's chain starts on the page of the commentary above
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


def test_a_blueprint_waits_for_a_place_between_derivations_with_room_for_it():
    tex, _ = _tex(True)
    body = _body(tex)
    assert "\\begin{figure}" not in body
    held = body.index("\\gdef\\pendingblueprint{")
    assert "graph-test" in body[held:body.index("\\blueprintwhereitfits", held)]      # held, not set where it stands
    section = body[held:]
    first = section.index("\\section{")
    following = section.find("\\section", first + 1)
    section = section[:following] if following > 0 else section      # the held blueprint's own source
    # offered before the section, before each of its derivations, and set after them at the latest
    derivations = section.count("\\subsection*{\\texorpdfstring")
    assert section.count("\\blueprintwhereitfits{648bp}") == derivations + 1 >= 2
    assert section.index("\\blueprintnow{648bp}") > section.rindex("\\subsection*{\\texorpdfstring")
    # every offer after the first stands right before a derivation's heading, never inside a derivation
    # (past the heading's own request for room for its first lines)
    after = [section[m:].split("\n", 3)[1:3] for m in _all(section, "\\blueprintwhereitfits{648bp}")[1:]]
    assert after and all(room.startswith("\\needspace{") and line.startswith("\\subsection*{") for room, line in after)


def _all(text: str, what: str) -> list[int]:
    out, k = [], text.find(what)
    while k >= 0:
        out.append(k)
        k = text.find(what, k + 1)
    return out


def test_the_preamble_sets_a_held_blueprint_only_where_the_page_has_room():
    tex, _ = _tex(True)
    assert "\\ifdim\\dimexpr\\pagegoal-\\pagetotal\\relax>#1" in tex and "\\needspace{#1}\\pendingblueprint" in tex


def test_near_miss_without_a_blueprint_nothing_is_held_or_offered():
    plain, _ = _tex(False)
    body = _body(plain)
    assert "\\pendingblueprint{" not in body and "\\blueprintwhereitfits{" not in body
    assert "\\blueprintnow{" not in body


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
