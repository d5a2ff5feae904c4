"""A derivation's notes are commentary the tool did not check, and every output says so.

The record carries it (notes_checked is False; the JSON has it beside the notes), and the HTML report labels the
notes "Commentary, not checked" apart from the steps, so a reader can tell a checked line from the author's word.
A derivation without notes gets no label.
"""
from __future__ import annotations

import dataclasses

from tests.report import report_samples as samples
from verifier.present.report import write_reports
from verifier.present.results_json import to_dict


def test_the_record_and_the_json_mark_notes_as_unchecked():
    run = samples.sample_run()
    with_notes = [d for d in run.derivations if d.notes]
    assert with_notes and all(d.notes_checked is False for d in with_notes)
    items = to_dict(run)["derivations"]
    assert all(item["notes_checked"] is False for item in items)


def test_the_html_report_labels_the_notes_as_commentary_once_per_derivation(tmp_path):
    run = samples.sample_run()
    write_reports(run, tmp_path, formats=("html",))
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    noted = [d for d in run.derivations if d.notes]
    assert 0 < html.count("Commentary, not checked:") <= len(noted)
    run = dataclasses.replace(run, derivations=[d for d in run.derivations if not d.notes])
    bare = tmp_path / "bare"
    write_reports(run, bare, formats=("html",))
    assert "Commentary, not checked:" not in (bare / "index.html").read_text(encoding="utf-8")
