"""A derivation's heading in the HTML says its number, title and verdict; where the program holds it
(file::function) and how long it ran are machine detail, one click away in a details element under it."""
from __future__ import annotations

import re

from tests.report import report_samples as samples
from verifier.present.report import write_reports


def test_headings_hold_no_code_location_and_the_details_under_them_do(tmp_path):
    write_reports(samples.sample_run(), tmp_path, formats=("html",))
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    heads = re.findall(r'<summary class="d-head">(.*?)</summary>', html, flags=re.S)
    assert heads
    for head in heads:
        assert "qname" not in head and "::" not in head and not re.search(r"\d s</span>", head)
    machine = re.findall(r'<details class="d-machine">(.*?)</details>', html, flags=re.S)
    # the derivation as a reader finds it (function in file), the program's file::function kept for tools
    assert len(machine) == len(heads) and all(re.search(r'data-qualified="[^"]+::[^"]+"', m) for m in machine)
    assert all(re.search(r"<code>\w+</code> in <code>[\w/]+\.py</code>", m) for m in machine)
