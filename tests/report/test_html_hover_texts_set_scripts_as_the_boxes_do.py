"""A hover text in the HTML (a blueprint box's, a register link's) sets its scripts as the box and the heading do
(δ<sub>ab</sub>, n<sup>−1/2</sup>): a title attribute is plain text, where a script Unicode cannot write read
"δ_(ab)" and "n^(−1/2)".  The page keeps no plain-text hover text on a box or a register link; each box's text is
in its own graph, shown while the pointer or the focus is on the box (checked in Chromium).  Near misses: the
hover text is out of the reader's path until then, another box's text stays hidden, and the PDF's graph (dot's
tooltip) keeps the plain form."""
from __future__ import annotations

import dataclasses
import json
import re

import pytest

from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import graph, write_reports
from verifier.verdicts import ClaimResult

TITLE = "Var(q·k/√d) = (1/d) Σ_a Σ_b δ_{ab}^2 = 1 at the n^{−1/2} rate"


def _run():
    run = samples.sample_run()
    first = dataclasses.replace(run.derivations[0], title=TITLE)
    # the claim is read in two derivations: the register links the second one, with its title on hover
    claims = [dataclasses.replace(c, quote="the variance is " + TITLE,
                                  derivations=("max_entropy.py::jensen_log_partition", *c.derivations))
              if c.id == "000-eq2" else c for c in run.claims]
    assert any(isinstance(c, ClaimResult) and TITLE in c.quote for c in claims)
    return dataclasses.replace(run, derivations=[first, *run.derivations[1:]], claims=claims)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("hover")
    write_reports(_run(), out, formats=("html",))
    return out / "index.html"


def test_no_box_or_link_keeps_a_plain_text_hover_text(page):
    html = page.read_text(encoding="utf-8")
    tools.require("dot")
    assert not re.findall(r'<a xlink:href="[^"]*" xlink:title=', html)      # a box's link: its tip is markup
    titles = re.findall(r'\btitle="([^"]*)"', html)
    assert not [t for t in titles if "_" in t or "^" in t], titles


def test_a_boxs_hover_text_sets_its_scripts(page):
    tools.require("dot")
    html = page.read_text(encoding="utf-8")
    tips = re.findall(r'<p class="tip" data-tip-of="([^"]*)" hidden>(.*?)</p>', html, flags=re.S)
    boxes = set(re.findall(r'<a xlink:href="#[^"]*" data-tip="([^"]*)">', html))
    assert boxes and boxes <= {anchor for anchor, _ in tips}
    mine = [text for _, text in tips if text.startswith("result ") and "Var(" in text]
    assert mine and all("δ<sub>ab</sub>" in t and "<sup>−1/2</sup>" in t and "_" not in t for t in mine), mine
    assert all(f'[data-tip-of="{anchor}"] {{ display: block; }}' in html for anchor in boxes)
    links = re.findall(r'<a class="tipped" href="#[^"]*">[^<]*<span class="tip" hidden>(.*?)</span></a>', html, re.S)
    assert links and any("δ<sub>ab</sub>" in t for t in links), links
    # near miss: out of the reader's path until the pointer is on the box
    assert not [t for t in mine if t.split(" (")[0] in tools.reader_path_text(html)]


def test_near_miss_the_pdfs_graph_keeps_dots_plain_tooltip():
    node = graph.Node("n", "x", "proved", "d", tooltip="result 1: δ_(ab)", tip="result 1: δ_{ab}")
    assert 'tooltip="result 1: δ_(ab)"' in graph.dot_source([node], [])


_FOCUS = """<script>
window.addEventListener('load', function () {
  var shown = function (el) { return el ? getComputedStyle(el).display : 'missing'; };
  var box = document.querySelector('svg.depgraph a[data-tip]');
  var fig = box.closest('figure');
  var own = fig.querySelector('[data-tip-of="' + box.getAttribute('data-tip') + '"]');
  var other = Array.prototype.find.call(fig.querySelectorAll('p.tip'), function (p) { return p !== own; });
  var before = shown(own);
  box.focus();
  var link = document.querySelector('a.tipped');
  var out = {before: before, own: shown(own), other: shown(other), text: own ? own.textContent : ''};
  if (link) { out.linkBefore = shown(link.querySelector('.tip')); link.focus(); out.link = shown(link.querySelector('.tip')); }
  var pre = document.createElement('pre'); pre.id = 'hover-probe'; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>"""


@pytest.mark.slow
def test_chromium_shows_a_boxs_hover_text_while_it_has_the_focus(page, tmp_path):
    tools.require("dot")
    tools.chromium()
    probe = tmp_path / "probe.html"
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", _FOCUS + "</body>"), encoding="utf-8")
    done = tools.run(tools._chromium_cmd(tmp_path / "profile", "--virtual-time-budget=5000", "--dump-dom",
                                         probe.resolve().as_uri()), timeout=120)
    found = re.search(r'<pre id="hover-probe">(.*?)</pre>', done.stdout, re.S)
    assert found, done.stderr[-1500:]
    import html as _html
    seen = json.loads(_html.unescape(found.group(1)))
    assert seen["before"] == "none" and seen["own"] == "block" and seen["other"] == "none", seen
    assert seen.get("linkBefore", "none") == "none" and seen.get("link", "block") == "block", seen


def test_an_arrows_hover_text_is_a_sentence_naming_both_ends():
    nodes = [graph.Node("d:a", "a", "proved", "a", tooltip="result 25: Var(q·k/√d) = 1 (proved)"),
             graph.Node("c:b", "b", "hold", "b", tooltip="claim 002-scaled: the two derivations … (holds)", claim=True),
             graph.Node("d:c", "c", "proved", "c", tooltip="result 83: Gibbs' lemma (proved)")]
    source = graph.dot_source(nodes, [graph.Edge("d:a", "c:b"), graph.Edge("d:c", "d:a", "cites")])
    assert 'tooltip="result 25 addresses claim 002-scaled"' in source
    assert 'tooltip="result 25 cites result 83"' in source          # the arrow runs from what is relied on
    # near miss: a box with no short name leaves the arrow its relation alone
    bare = graph.dot_source([graph.Node("x", "x", "proved", "x"), nodes[1]], [graph.Edge("x", "c:b")])
    assert 'tooltip="addresses"' in bare
