"""The whole project's HTML, read as a reader reads it (everything but the machine records, with every
disclosure under a step opened), holds no leftover of the program: no file::function, no SymPy call, no Python
repr or exception class, no strategy or tool name, no bare oo, no "point(s)"; its blueprint boxes print no
raw TeX-style script (p_i, e^x, a backslash), and no box's hover text names a file or a function.

The report is built from the project's results as the test run shares them (tests.engine.project_results);
nothing is checked again here.
"""
from __future__ import annotations

import html as _html
import re

import pytest

from tests.engine import ROOT, project_results
from verifier import verdicts
from verifier.present.report import write_reports

pytestmark = pytest.mark.slow

LEFTOVERS = ("::", "Sum(", "Max(", "Eq(", "__", "Error", " oo", "{'", "NotImplemented", "sympy", "SymPy", "lambdify",
             "strategy", "point(s)")


def _project_run() -> verdicts.RunResult:
    from verifier import loader
    from verifier.cli import add_claims, parser, versions
    from verifier.settings import Settings
    settings = Settings()       # the settings of the run's one check of the project (tests/engine.py)
    results = [r for found in project_results().values() for r in found]
    run = verdicts.RunResult(loader.reading_order(results), settings.seed, tuple(settings.dps), settings.quick,
                             False, versions=versions())
    return add_claims(run, ROOT, parser().parse_args(["all", "--no-cache"]), loader.project_files(ROOT))


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("whole_html")
    write_reports(_project_run(), out, formats=("html",))
    return (out / "index.html").read_text(encoding="utf-8")


def _reader(page: str) -> str:
    """The page without its machine records, the embedded derivation files, MathML's TeX annotations, styles
    and scripts (what a reader reads, every disclosure under a step included)."""
    page = page[:page.find('id="machine-record"')]
    for pattern in (r'<details class="(?:d-machine|e-machine|machine-form)">.*?</details>',
                    r'<section class="source-files".*?</section>', r"<annotation\b.*?</annotation>",
                    r"<(style|script)\b.*?</\1>"):
        page = re.sub(pattern, " ", page, flags=re.S)
    return page


def _text(markup: str) -> str:
    return _html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("leftover", LEFTOVERS)
def test_no_program_leftover_reaches_the_reader(page, leftover):
    text = _text(_reader(page))
    at = [text[max(0, k - 60):k + 60] for k in (m.start() for m in re.finditer(re.escape(leftover), text))]
    assert not at, at[:3]


def test_blueprint_boxes_print_no_raw_script(page):
    graphs = re.findall(r'<svg[^>]*class="depgraph".*?</svg>', _reader(page), flags=re.S)
    assert graphs, "the project's HTML has its blueprints"
    boxes = [_html.unescape(t) for g in graphs for t in re.findall(r"<tspan[^>]*>([^<]*)</tspan>|<text[^>]*>([^<]*)</text>", g)
             for t in t if t]
    assert boxes and not [b for b in boxes if re.search(r"[_^\\]", b)]


def test_no_box_names_a_file_or_a_function_on_hover(page):
    tips = [_text(t) for t in re.findall(r'<p class="tip" data-tip-of="[^"]*" hidden>(.*?)</p>', _reader(page), re.S)]
    assert tips and not [t for t in tips if "::" in t or ".py" in t]
    assert any(t.startswith("result ") for t in tips)
    # a hover text sets its scripts: none is left as plain text (δ_(ab), n^(−1/2)) in a title attribute
    titles = [_html.unescape(t) for t in re.findall(r'\btitle="([^"]*)"', _reader(page))]
    assert not [t for t in titles if re.search(r"[_^]", t)], titles[:5]
