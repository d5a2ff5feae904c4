"""The HTML's first paragraph says how the checks ran is *in* the machine record at the end, as the PDF's does
("is the machine record" reads as a definition).  Near miss: the link to the machine record stays."""
from __future__ import annotations

import re

from tests.report import report_samples as samples
from verifier.present.report.html import render_html
from verifier.present.report.view import build_view


def test_the_intro_says_the_run_is_in_the_machine_record():
    html = "".join(render_html(build_view(samples.sample_run(), versions=[], commit="x", date="d")))
    intro = re.sub(r"<[^>]+>", "", html[html.index('class="lede intro"'):].split("</p>", 1)[0])
    assert "How the checks ran is in the machine record at the end" in intro
    assert 'href="#machine-record"' in html
