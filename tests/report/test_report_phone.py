"""The HTML report works on a phone and in a browser tab, measured in real headless Chromium.

At 390 px (a phone) and 1200 px (a tab) the page never scrolls sideways: wide mathematics scrolls inside
its own box.  Each derivation folds away under its heading, a reader can filter by verdict and by source
without any script, and the dependency graphs keep labels a person can read.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import write_reports

pytestmark = pytest.mark.tex

PHONE, TAB = 390, 1200


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("phone")
    write_reports(samples.sample_run(), out, formats=("html",))
    return out / "index.html"


@pytest.fixture(scope="module")
def phone(page, tmp_path_factory) -> dict:
    return tools.measure_layout(page, tmp_path_factory.mktemp("m390"), PHONE)


@pytest.mark.parametrize("width", [PHONE, TAB])
def test_page_never_scrolls_sideways(page, tmp_path, width):
    m = tools.measure_layout(page, tmp_path, width)
    assert m["viewport"] == width, "the frame did not give the page the width asked for"
    assert m["scrollWidth"] <= width, f"{m['scrollWidth']} px of content in {width}: {m['wide']}"


def test_wide_maths_scrolls_inside_its_own_box(phone):
    """The scroll-width test means something only if some formula is wider than the phone: it scrolls."""
    assert "expr" in phone["scrolling"], f"no formula box scrolls at {PHONE} px: {phone['scrolling']}"


def test_every_derivation_folds_and_starts_open(page, phone):
    html = page.read_text(encoding="utf-8")
    sections = re.findall(r'<section class="derivation[^"]*" id="([^"]+)"', html)
    assert len(sections) == 5
    assert phone["open"] == len(sections), "each derivation is a <details open> under its heading"
    assert html.count('<summary class="d-head">') == len(sections)
    assert "<script" not in html.lower()


def test_verdict_filter_shows_only_the_failing_derivations(page, tmp_path, phone):
    assert len(phone["derivations"]) == 5, "with no filter every derivation is shown"
    m = tools.measure_layout(page, tmp_path, PHONE, check="fv-fail")
    assert m["derivations"] == ["d3-broken-chain"]
    assert m["groups"] == ["g3-002-666090d9d1b0f4d9-txt"], "a source with nothing left to show is hidden"
    m = tools.measure_layout(page, tmp_path, PHONE, check="fv-refuted")
    assert sorted(m["derivations"]) == ["d5-constant-variance-is-not-attention"]


def test_source_filter_shows_only_that_source(page, tmp_path):
    m = tools.measure_layout(page, tmp_path, TAB, check="fs-g1-000-ca974c2c5f958f3e-txt")
    assert m["groups"] == ["g1-000-ca974c2c5f958f3e-txt"]
    assert m["derivations"] == ["d1-entropy-lower-bound"]


def test_graph_labels_stay_legible_on_a_phone(phone):
    """The graph keeps its own size and scrolls in its box rather than shrinking to the screen."""
    assert phone["graphLabelPx"] is not None, "the sample has a dependency graph"
    assert phone["graphLabelPx"] >= 10, f"graph labels {phone['graphLabelPx']} px high at {PHONE} px"


@pytest.mark.slow
def test_phone_screenshot_has_content(page, tmp_path):
    png = tools.screenshot(page, tmp_path / "phone.png", tmp_path, size=(PHONE, 3000))
    non_white, colours = tools.image_stats(png)
    assert non_white > 0.03 and colours > 100
