"""What a researcher sees first: the claims register on page 1, clean mathematics, a clickable dependency graph.

These run the real tools (latexmk, pdftotext, Chromium, Graphviz dot) on the sample run, whose text is
full of what the engine really writes: SymPy's printing, oo, exp(…), e^{−2g}, σ_t², ⫫.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import graph as graph_module
from verifier.present.report import write_reports

EPOCH = "1700000000"


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    tools.require("latexmk")
    tools.require("pdflatex")
    tools.require("dot")
    out = tmp_path_factory.mktemp("findings")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", EPOCH)
        outcome = write_reports(samples.sample_run(), out, require_pdf=True)
    assert outcome.pdf_skipped_reason is None
    return out


@pytest.fixture(scope="module")
def pdf_text(report) -> str:
    return tools.pdf_text(report / "derivations.pdf")


def _page(report: Path, number: int) -> str:
    # -raw: in the order it was typeset, so a table cell's lines stay together.
    done = tools.run([tools.require("pdftotext"), "-raw", "-enc", "UTF-8", "-f", str(number), "-l", str(number),
                      str(report / "derivations.pdf"), "-"])
    return re.sub(r"\s+", " ", done.stdout)


@pytest.mark.tex
def test_page_one_is_the_claims_register_with_a_truthful_title(report):
    page = _page(report, 1)
    assert "5 derivations checked; claims of the source texts: 1 proved to hold, 1 proved in a qualified form, 1 supported but not proved, 1 refuted, 1 not checked" in page
    for claim in samples.sample_claims():
        assert claim.id in page, f"claim {claim.id} is not on page 1"
    # Each claim shows how strong its support is: a claim proved only at concrete sizes says so on page 1.
    assert "supported only in a regime, not proved" in page and "STRENGTH checked at n = 1" in page
    for status in ("holds only under an added assumption", "refuted", "not checked"):
        assert status in page
    # (written for people: 3.2e-31 is set as 3.2 × 10⁻³¹)
    assert "3.2 × 10" in page and "0.9012" in page, "measured errors belong in the register"


@pytest.mark.tex
def test_pdf_text_has_no_sympy_ascii_nor_unrenderable_characters(pdf_text):
    assert "[U+" not in pdf_text, "a character was printed as its code point"
    assert re.findall(r"\boo\b", pdf_text) == [], "∞ printed as oo"
    for raw in ("Sum(", "exp(", "IndexedMax(", "**", "e^{"):
        assert raw not in pdf_text, f"raw {raw!r} in the PDF text"


@pytest.mark.tex
def test_independence_symbol_is_typeset_not_dropped(report):
    tex = (report / "derivations.tex").read_text(encoding="utf-8") if (report / "derivations.tex").exists() else ""
    html = (report / "index.html").read_text(encoding="utf-8")
    assert r"\perp\!\!\!\perp" in tex
    assert 'class="indep"' in html and "⫫" not in tools.visible_text(html)


@pytest.mark.tex
def test_html_dependency_graph_nodes_all_link_to_existing_anchors(report):
    html = (report / "index.html").read_text(encoding="utf-8")
    graphs = re.findall(r'<svg role="img" aria-label="dependency graph".*?</svg>', html, flags=re.S)
    assert graphs, "no dependency graph in the HTML"
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    links = [href for g in graphs for href in re.findall(r'xlink:href="#([^"]+)"', g)]
    nodes = sum(len(re.findall(r'class="node"', g)) for g in graphs)
    assert links and len(links) == nodes, "every node is a link"
    assert [href for href in links if href not in ids] == []


@pytest.mark.tex
def test_pdf_dependency_graph_is_a_figure_whose_nodes_are_links_to_existing_targets(report):
    tex = (report / "derivations.tex").read_text(encoding="utf-8")
    figures = re.findall(r"\\begin\{picture\}.*?\\end\{picture\}", tex, flags=re.S)
    assert figures and all("figures/graph-" in f for f in figures)
    targets = set(re.findall(r"\\hypertarget\{([^}]+)\}", tex)) | set(re.findall(r"\\label\{([^}]+)\}", tex))
    links = [a for f in figures for a in re.findall(r"\\hyperlink\{([^}]+)\}", f)]
    assert links and [a for a in links if a not in targets] == []
    for name in re.findall(r"figures/(graph-[^}]+\.pdf)", tex):
        assert (report / "figures" / name).read_bytes().startswith(b"%PDF")


@pytest.mark.tex
def test_tex_compiles_cleanly_with_the_graph_and_links(report, tmp_path):
    for item in report.iterdir():
        if item.suffix == ".tex" or item.name == "figures":
            target = tmp_path / item.name
            if item.is_dir():
                target.mkdir()
                for f in item.iterdir():
                    (target / f.name).write_bytes(f.read_bytes())
            else:
                target.write_bytes(item.read_bytes())
    log = tools.latexmk(tmp_path / "derivations.tex")
    assert tools.log_problems(log) == []


@pytest.mark.tex
def test_cited_facts_and_index_rows_link_both_ways_in_the_html(report):
    html = (report / "index.html").read_text(encoding="utf-8")
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    hrefs = set(re.findall(r'href="#([^"]+)"', html))
    assert hrefs - ids == set(), f"links to missing anchors: {sorted(hrefs - ids)[:5]}"
    assert any(h.startswith("idx-") for h in hrefs), "sections link back to the index"
    # A cited fact is named by its number, as the report numbers it, never by file::function.
    assert re.search(r'cites <a href="#d\d+-entropy-lower-bound">result \d+</a>', html)


@pytest.mark.tex
def test_page_at_phone_width_is_not_blank(report, tmp_path):
    png = tools.screenshot(report / "index.html", tmp_path / "phone.png", tmp_path, size=(390, 844))
    non_white, colours = tools.image_stats(png)
    assert non_white > 0.05, f"only {non_white:.1%} of the phone screen is not white"
    assert colours > 50


def test_without_graphviz_the_report_builds_and_says_how_to_get_the_graph(tmp_path, monkeypatch):
    monkeypatch.setattr(graph_module.shutil, "which", lambda tool: None)
    write_reports(samples.sample_run(), tmp_path, formats=("html", "latex"))
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    tex = (tmp_path / "derivations.tex").read_text(encoding="utf-8")
    assert "apt-get install graphviz" in html and "apt-get install graphviz" in tex
    assert 'aria-label="dependency graph"' not in html and "figures/graph-" not in tex


@pytest.mark.tex
def test_html_text_has_no_sympy_ascii_either(report):
    text = tools.visible_text((report / "index.html").read_text(encoding="utf-8"))
    assert re.findall(r"\boo\b", text) == []
    for raw in ("Sum(", "exp(", "IndexedMax(", "**", "e^{", "⫫"):
        assert raw not in text, f"raw {raw!r} visible in the HTML"


@pytest.mark.tex
def test_pdf_links_are_visible_and_every_section_is_linked_from_the_machine_records_list(report):
    tex = (report / "derivations.tex").read_text(encoding="utf-8")
    assert "colorlinks=true" in tex and "hidelinks" not in tex
    anchors = re.findall(r"\\label\{(d\d+-[^}]+)\}", tex)
    record = tex[tex.index(r"\section*{Machine record}"):]
    assert anchors and all(f"\\hyperlink{{{a}}}" in record for a in anchors)
