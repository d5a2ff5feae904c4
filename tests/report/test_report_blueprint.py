"""A blueprint-style graph, as leanblueprint draws one: claims and derivations by their titles, coloured by
verdict and claim status, arrows from by= citations and from derivations to the claims they support; one
per seed text in both formats, and the whole project's in the HTML; every node links to its section."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.report import report_samples as samples
from verifier.present.report import graph, write_reports
from verifier.present.report.view import build_view, graph_label


@pytest.fixture(scope="module")
def view():
    return build_view(samples.sample_run(), versions=[], commit="x", date="d")


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("blueprint")
    write_reports(samples.sample_run(), out, formats=("html", "latex"))
    return out


def test_nodes_are_titled_not_named(view):
    by_href = {n.href: n for g in view.groups for n in g.graph_nodes}
    entropy = next(d for d in view.derivations if d.name == "entropy_lower_bound")
    label = by_href[entropy.anchor].label.replace("\n", " ")
    assert label.startswith(f"{entropy.number}. Entropy lower bound")
    assert "entropy_lower_bound" not in label and "_" not in label.split(":")[0]
    claim = by_href["claim-000-eq2"]
    assert claim.claim and claim.label.split("\n")[0] == "000-eq2" and "H ≥ log n" in claim.label


def test_nodes_are_coloured_by_verdict_and_claim_status(view):
    source = graph.dot_source(view.graph_nodes, view.graph_edges)
    for node in view.graph_nodes:
        fill = graph.COLOURS[node.kind][0]
        line = next(l for l in source.splitlines() if l.strip().startswith(f'"{node.id}" ['))
        assert f'fillcolor="{fill}"' in line
    kinds = {n.kind for n in view.graph_nodes}
    assert {"hold", "refuted"} <= kinds, "claim statuses are colours of their own"
    assert {"numeric", "error"} <= kinds, "derivation verdicts too"


def test_edges_come_from_citations_and_claim_support(view):
    kinds = {(e.source.split(":")[0], e.target.split(":")[0], e.kind) for e in view.graph_edges}
    assert ("d", "c", "addresses") in kinds and ("d", "d", "cites") in kinds


def test_the_whole_project_graph_spans_every_seed(view):
    seeds_in_graph = {d.seed for d in view.derivations if f"d:{d.anchor}" in {n.id for n in view.graph_nodes}}
    assert len(seeds_in_graph) >= 2
    assert {f"c:{c.anchor}" for c in view.claims if c.derivations} <= {n.id for n in view.graph_nodes}
    assert not any(n.external for n in view.graph_nodes), "in the whole graph nothing is from elsewhere"


def test_html_has_the_whole_project_blueprint_with_working_links(page):
    html = (page / "index.html").read_text(encoding="utf-8")
    section = html[html.index('<section class="blueprint" id="blueprint"'):]
    section = section[:section.index("</section>")]
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    links = re.findall(r'xlink:href="#([^"]+)"', section)
    assert len(links) >= 5 and all(a in ids for a in links)
    assert 'class="graph-box"' in section, "the graph scrolls in its own box"


def test_labels_wrap_at_words_and_stop_after_their_lines():
    label = graph_label("12. The scale is not exactly proportional to log n unless the offset vanishes", 26, 2)
    lines = label.split("\n")
    assert len(lines) == 2 and all(len(l) <= 26 for l in lines) and lines[-1].endswith("…")
    assert graph.dot_source([graph.Node("a", 'x "y"\nz', "proved", "a")], []).count('label="x \\"y\\"\\nz"') == 1


def test_pdf_graph_is_set_at_a_legible_scale(page):
    """dot sets labels at 10 pt; the figure is never shrunk below 60 % of that (6 pt)."""
    tex = (page / "derivations.tex").read_text(encoding="utf-8")
    for picture in re.findall(r"\\begin\{picture\}\(([\d.]+),[\d.]+\).*?width=([\d.]+)bp", tex, flags=re.S):
        natural, shown = map(float, picture)
        assert shown / natural >= 0.6
