"""The HTML report renders in a real browser, shows maths rather than LaTeX, and never touches the network."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import write_reports

LATEX_LEAKS = [r"\frac", r"\sum", r"\left", r"\right", r"\log", r"\lambda", r"\ge", r"\le", r"\approx",
               r"\propto", r"\bar", r"\max", r"\mathrm", r"\operatorname", r"\begin"]
EXTERNAL = re.compile(r"""(?:\b(?:src|href|srcset|poster|data|action)\s*=\s*["']?\s*(?:https?:)?//)"""
                      r"""|(?:url\(\s*["']?\s*(?:https?:)?//)|@import""", re.I)


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("html")
    write_reports(samples.sample_run(), out, formats=("html",))
    return out / "index.html"


@pytest.fixture(scope="module")
def rendered(page, tmp_path_factory) -> tuple[str, list[dict]]:
    return tools.dump_dom_with_net_log(page, tmp_path_factory.mktemp("chromium"))


def test_html_is_one_file_that_references_nothing_outside_itself(page):
    html = page.read_text(encoding="utf-8")
    # A link to the derivation in its repository (when the checkout has a remote) is read, never fetched.
    html = re.sub(r'<a class="repo-link" href="https://[^"]*"', "<a", html)
    assert EXTERNAL.findall(html) == []
    assert "<script" not in html.lower()
    assert sorted(p.name for p in page.parent.iterdir()) == ["index.html"]


@pytest.mark.tex
@pytest.mark.slow
def test_chromium_screenshot_is_not_blank(page, tmp_path):
    png = tools.screenshot(page, tmp_path / "page.png", tmp_path)
    non_white, colours = tools.image_stats(png)
    assert non_white > 0.03, f"only {non_white:.1%} of the page is not white"
    assert colours > 200, f"only {colours} distinct colours: badges, plots and text should give many"


@pytest.mark.tex
def test_page_is_readable_at_phone_width(page, tmp_path):
    png = tools.screenshot(page, tmp_path / "phone.png", tmp_path, size=(390, 1600))
    non_white, _ = tools.image_stats(png)
    assert non_white > 0.03


@pytest.mark.tex
def test_no_raw_latex_is_visible_in_the_rendered_page(rendered):
    text = tools.visible_text(rendered[0])
    leaks = [cmd for cmd in LATEX_LEAKS if re.search(re.escape(cmd) + r"(?![a-zA-Z])", text)]
    assert leaks == [], f"raw LaTeX visible: {leaks}"


@pytest.mark.tex
def test_maths_is_mathml_with_its_latex_source_kept_as_annotation(rendered):
    dom = rendered[0]
    assert dom.count("<math") >= 20
    assert 'encoding="application/x-tex"' in dom
    assert 'class="tex-source"' not in dom, "a formula fell back to source code"


@pytest.mark.tex
def test_page_makes_no_network_request(rendered):
    assert rendered[1] == []


@pytest.mark.tex
def test_network_check_catches_an_external_resource(tmp_path):
    leaky = tmp_path / "leaky.html"
    leaky.write_text('<!doctype html><html><body><p>x</p><img src="https://example.com/x.png"></body></html>',
                     encoding="utf-8")
    assert EXTERNAL.findall(leaky.read_text(encoding="utf-8"))
    _, requests = tools.dump_dom_with_net_log(leaky, tmp_path)
    assert any(r["url"].startswith("https://example.com/") for r in requests)


def _squash(text: str) -> str:
    """Without spaces and script marks: s_max set as s<sub>max</sub> is read as "smax"."""
    return re.sub(r"[\s_^{}]", "", text)


@pytest.mark.tex
def test_text_with_specials_and_unicode_is_shown_literally(rendered):
    text = tools.visible_text(rendered[0])
    # Compared without spaces: an identifier such as under_scores is set as code, and tags become spaces.
    bare = re.sub(r"\s", "", text)
    for expected in ("costs $3 & #5, under_scores, 100% ~ ok", "a \\backslash and {braces} and ^caret",
                     "Text with specials: 100% & #1 $5 _x ^y ~z {a} \\b <c> |d|."):
        assert re.sub(r"\s", "", expected) in bare, f"{expected!r} not shown as written"
    for title in (samples.TITLE_ENTROPY, samples.TITLE_TRICKY, samples.TITLE_BROKEN):
        assert _squash(title) in _squash(text), f"{title!r} not shown"


@pytest.mark.tex
def test_index_counts_expected_refutation_apart_and_marks_only_a_failure(rendered):
    """A row of the index says what its steps are; a pass mark on every row would be a test report's column.
    The near miss: the derivation that fails says so in its row."""
    dom = rendered[0]
    row = dom[dom.index(">Specials &amp; unicode"):]
    row = row[:row.index("</tr>")]
    assert "3 proved, 2 numeric, 1 refuted as expected" in row
    assert "pass" not in tools.visible_text(row) and "✗ fail" not in row
    broken = dom[dom.index(">" + samples.TITLE_BROKEN.replace("→", "→")):]
    assert "✗ fail" in broken[:broken.index("</tr>")]


@pytest.mark.tex
def test_every_verdict_has_its_badge(rendered):
    dom = rendered[0]
    for kind, label in (("proved", "proved"), ("numeric", "numeric"), ("refuted", "refuted"),
                        ("expected", "refuted, as expected"), ("unknown", "unknown"), ("error", "error"),
                        ("cases", "checked at n = 1…6 only"), ("restated", "restatement: checks nothing")):
        assert f'<span class="badge v-{kind}">{label}</span>' in dom


def test_plot_is_inlined_as_svg(page):
    html = page.read_text(encoding="utf-8")
    assert '<svg role="img" aria-label="Entropy against temperature" class="plot"' in html
    assert "<?xml" not in html and "<!DOCTYPE svg" not in html


def test_same_run_and_source_date_epoch_give_the_same_html(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    write_reports(samples.sample_run(), tmp_path / "a", formats=("html",))
    write_reports(samples.sample_run(), tmp_path / "b", formats=("html", "latex"))
    assert (tmp_path / "a" / "index.html").read_bytes() == (tmp_path / "b" / "index.html").read_bytes()


def test_html_shows_six_digits_and_keeps_every_digit_behind_a_click(page):
    html = page.read_text(encoding="utf-8")
    visible, _, _ = html.partition('<details class="full-numbers">')
    body = re.sub(r"<details class=\"full-numbers\">.*?</details>", "", html, flags=re.S)
    assert "0.10965000000000000000000000000000000000000000000000000000000" not in body
    assert '<details class="full-numbers">' in html
    assert "0.10965000000000000000000000000000000000000000000000000000000" in html


@pytest.mark.tex
def test_a_restatement_says_so_once_in_its_badge_without_a_second_warning(rendered):
    """The badge "restatement: checks nothing" already says what the warning would; a step whose sides merely print
    alike but whose kind is not restated (the near miss) would keep it — here none, so the words appear once."""
    dom = rendered[0]
    assert '<span class="badge v-restated">restatement: checks nothing</span>' in dom
    assert "⚠ both sides are one and the same value as checked" not in dom
