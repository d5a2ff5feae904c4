"""An interrupted report never replaces a good one with half a file."""
from __future__ import annotations

import pytest

from tests.report import report_samples as samples
from verifier.present.report import html as html_module
from verifier.present.report import write_reports
from verifier.present.report.atomic import write_atomic


def test_failure_mid_write_keeps_the_previous_index_html_and_leaves_no_temp_file(tmp_path, monkeypatch):
    write_reports(samples.sample_run(), tmp_path, formats=("html",))
    before = (tmp_path / "index.html").read_bytes()

    def half_a_page(view):
        yield "<!doctype html><html><body><h1>partial"
        raise RuntimeError("renderer died mid-page")

    monkeypatch.setattr(html_module, "render_html", half_a_page)
    with pytest.raises(RuntimeError, match="mid-page"):
        write_reports(samples.sample_run(), tmp_path, formats=("html",))
    assert (tmp_path / "index.html").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html"]


def test_atomic_write_replaces_the_file_whole_and_keeps_normal_permissions(tmp_path):
    target = tmp_path / "report.txt"
    target.write_text("old")
    write_atomic(target, iter(["new ", b"content"]))
    assert target.read_text() == "new content"
    assert target.stat().st_mode & 0o044 == 0o044, "a report must be readable by others, as any new file"
    assert [p.name for p in tmp_path.iterdir()] == ["report.txt"]


def test_figures_of_plots_that_are_gone_are_removed_and_others_kept(tmp_path):
    figures = tmp_path / "figures"
    figures.mkdir()
    (figures / "plot-d9-old-e1-1.pdf").write_bytes(b"%PDF old")
    (figures / "my-notes.pdf").write_bytes(b"%PDF mine")
    write_reports(samples.sample_run(), tmp_path, formats=("latex",))
    names = sorted(p.name for p in figures.iterdir())
    assert "plot-d9-old-e1-1.pdf" not in names
    assert "my-notes.pdf" in names
    assert any(n.startswith("plot-d2-") for n in names)
