"""The dependency graph inlined in the HTML carries no internal id a browser shows on hover: dot titles every node
and edge with its id (<title>d:d56-eq-2</title>), which Chromium shows as a tooltip; the boxes' own hover marks stay."""
from __future__ import annotations

from verifier.present.report.graph import _inline_svg

DOT_SVG = """<?xml version="1.0"?><!DOCTYPE svg><svg width="10pt" height="10pt">
<g id="graph0" class="graph"><title>G</title>
<g id="node1" class="node"><title>d:d56&#45;eq&#45;2</title>
<a xlink:href="#d4-eq-2" xlink:title="H = log n">
<text x="1" y="2">H = log n</text></a></g>
<g id="edge1" class="edge"><title>d:d56&#45;eq&#45;2&#45;&gt;c:claim&#45;000&#45;eq1</title><path d="M0,0"/></g>
</g></svg>"""


def test_no_title_of_dot_reaches_the_page():
    svg = _inline_svg(DOT_SVG)
    assert "<title>" not in svg and "d56" not in svg and "claim&#45;000" not in svg


def test_near_miss_the_boxes_links_and_their_hover_marks_stay():
    svg = _inline_svg(DOT_SVG)
    assert 'xlink:href="#d4-eq-2"' in svg and 'data-tip="d4-eq-2"' in svg and "H = log n" in svg
