"""The LaTeX report compiles cleanly, and the PDF built from it is complete and reproducible."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from tests.engine import once_per_run, run_folder
from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import ReportError, write_reports
from verifier.present.report import pdf as pdf_module
from verifier.present.report import provenance
from verifier.present.report.escape import tex_escape

EPOCH = "1700000000"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


def _squash(text: str) -> str:
    """Text without spaces and script marks: s_max typeset as s with subscript max reads "smax" in the PDF."""
    return re.sub(r"[\s_^{}]", "", unicodedata.normalize("NFKC", text))


@pytest.fixture(scope="module")
def latex_dir(tmp_path_factory) -> Path:
    """The sample run written as .tex (and figures), then compiled in place by latexmk."""
    out = tmp_path_factory.mktemp("latex")
    write_reports(samples.sample_run(), out, formats=("latex",))
    return out


@pytest.fixture(scope="module")
def latex_log(latex_dir) -> str:
    return tools.latexmk(latex_dir / "derivations.tex")


@pytest.fixture(scope="module")
def built_pdf() -> Path:
    """The sample run's reports, PDF included, built once per test run in the run's shared folder (whichever
    worker asks first; tests/engine.py: once_per_run); the tests only read them."""
    tools.require("latexmk")
    tools.require("pdflatex")
    return once_per_run("report-latex-built-pdf", _build_pdf)


def _build_pdf() -> Path:
    out = run_folder() / "report-latex-built-pdf"
    out.mkdir()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", EPOCH)
        # The commit is printed in the PDF; others may commit while the suite runs.
        mp.setattr(provenance, "git_commit", lambda: "abc1234")
        outcome = write_reports(samples.sample_run(), out, require_pdf=True)
    assert outcome.pdf_skipped_reason is None
    return out / "derivations.pdf"


@pytest.mark.tex
def test_tex_compiles_with_latexmk_without_errors_or_undefined_references(latex_log):
    assert tools.log_problems(latex_log) == []


@pytest.mark.tex
def test_long_maths_and_tables_do_not_run_into_the_margin(latex_log):
    assert tools.overfull_boxes(latex_log, tolerance_pt=3.0) == []


def test_plots_are_written_as_pdf_figures_beside_the_tex_and_included(latex_dir):
    figures = sorted((latex_dir / "figures").glob("plot-*.pdf"))
    assert len(figures) == 1 and figures[0].read_bytes().startswith(b"%PDF")
    # In a minipage of its own: beside the experiment's table, or centred below it (latex.beside).
    assert f"\\includegraphics[width=\\linewidth]{{figures/{figures[0].name}}}" in \
        (latex_dir / "derivations.tex").read_text(encoding="utf-8")


@pytest.mark.tex
def test_pdf_has_pages_and_contains_every_derivation_title(built_pdf):
    assert tools.pdf_pages(built_pdf) >= 1
    text = _squash(tools.pdf_text(built_pdf))
    for title in (samples.TITLE_ENTROPY, samples.TITLE_TRICKY, samples.TITLE_BROKEN, samples.TITLE_SIZES,
                  samples.TITLE_REFUTER):
        assert _squash(title) in text, f"title {title!r} not found in the PDF text"


@pytest.mark.tex
def test_pdf_shows_verdicts_reasons_counterexample_and_reproducibility_footer(built_pdf):
    text = _norm(tools.pdf_text(built_pdf))
    for expected in ("refuted, as expected", "numeric", "proved", "unknown", "error", "Counterexample",
                     "0.10965000", "worst error 3.2 × 10", "24 seeded points at 30 and 60 digits", "Reproducibility", "Python",
                     "SymPy", "mpmath", "30 and 60 decimal digits", "2023-11-14 22:13 UTC",
                     "costs $3 & #5, under_scores, 100% ~ ok", "Measured error"):
        assert _norm(expected).lower() in text.lower(), f"{expected!r} missing from the PDF"


@pytest.mark.tex
@pytest.mark.slow
def test_two_pdf_builds_with_the_same_source_date_epoch_are_byte_identical(built_pdf, tmp_path, monkeypatch):
    """Also when the other formats differ: built_pdf was written together with HTML and LaTeX."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    monkeypatch.setattr(provenance, "git_commit", lambda: "abc1234")
    write_reports(samples.sample_run(), tmp_path, formats=("pdf",), require_pdf=True)
    assert (tmp_path / "derivations.pdf").read_bytes() == built_pdf.read_bytes()


@pytest.mark.tex
def test_pdf_build_leaves_no_scratch_files_behind(built_pdf):
    leftovers = [p.name for p in built_pdf.parent.iterdir() if p.name.startswith(".")]
    assert leftovers == []


def test_missing_latexmk_skips_the_pdf_with_a_one_line_reason_naming_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setattr(pdf_module.shutil, "which", lambda tool: None)
    (tmp_path / "derivations.pdf").write_bytes(b"%PDF stale, from an earlier run")
    outcome = write_reports(samples.sample_run(), tmp_path, formats=("latex", "pdf"))
    reason = outcome.pdf_skipped_reason
    assert reason and "\n" not in reason
    assert reason.startswith("latexmk and pdflatex not found")
    assert "apt-get install texlive-latex-base texlive-latex-recommended latexmk lmodern" in reason
    assert "brew install --cask mactex-no-gui" in reason
    assert (tmp_path / "derivations.tex").exists()
    assert not (tmp_path / "derivations.pdf").exists(), "a stale PDF would contradict the new report"


def test_required_pdf_without_latexmk_raises_report_error(tmp_path, monkeypatch):
    monkeypatch.setattr(pdf_module.shutil, "which", lambda tool: None)
    with pytest.raises(ReportError, match="latexmk"):
        write_reports(samples.sample_run(), tmp_path, formats=("html",), require_pdf=True)


@pytest.mark.tex
def test_failing_latex_keeps_the_log_and_explains_in_one_line(tmp_path, monkeypatch):
    tools.require("latexmk")
    from verifier.present.report import latex as latex_module

    monkeypatch.setattr(latex_module, "render_latex", lambda view: "\\documentclass{article}\\begin{document}"
                        "\\undefinedcommand\\end{document}\n")
    outcome = write_reports(samples.sample_run(), tmp_path, formats=("pdf",))
    assert outcome.pdf_skipped_reason.startswith("latexmk failed")
    assert "Undefined control sequence" in outcome.pdf_skipped_reason
    assert "\n" not in outcome.pdf_skipped_reason
    assert (tmp_path / "derivations.log").exists()
    with pytest.raises(ReportError, match="Undefined control sequence"):
        write_reports(samples.sample_run(), tmp_path, formats=("pdf",), require_pdf=True)


@pytest.mark.tex
def test_any_text_compiles_once_escaped(tmp_path):
    """Every printable character of Latin-1, Latin Extended-A, Greek, arrows and maths operators,
    plus TeX's specials in awkward combinations, survives pdflatex after tex_escape."""
    ranges = [(0x20, 0x7F), (0xA0, 0x180), (0x370, 0x400), (0x2000, 0x2070), (0x2070, 0x20A0),
              (0x2100, 0x2200), (0x2190, 0x2200), (0x2200, 0x2300), (0x1D400, 0x1D410), (0x2600, 0x2610)]
    chars = "".join(chr(c) for lo, hi in ranges for c in range(lo, hi) if unicodedata.category(chr(c))[0] != "C")
    awkward = ["\\", "\\\\[3pt]", "{", "}}{{", "$$", "$x$", "%", "#1", "##", "^^A", "~~", "_", "&&", "--", "---",
               "<<>>", "!`", "?`", ",,", "''", "``", "\\end{document}", "s̄ λ̂ x⃗", "x¹⁸ a₁₀", "\u0304 leading mark"]
    body = "\n\n".join(tex_escape(chars[k:k + 60], breakable=True) for k in range(0, len(chars), 60))
    body += "\n\n" + "\n\n".join(tex_escape(text) for text in awkward)
    tex = tmp_path / "escape.tex"
    tex.write_text("\\documentclass{article}\\usepackage[T1]{fontenc}\\usepackage{lmodern}"
                   "\\usepackage{amsmath,amssymb}\\begin{document}\n" + body + "\n\\end{document}\n", encoding="utf-8")
    log = tools.latexmk(tex)
    assert tools.log_problems(log) == []


@pytest.mark.tex
def test_running_text_shows_numbers_to_people_and_the_appendix_keeps_every_digit(built_pdf):
    text = _norm(tools.pdf_text(built_pdf))
    running, _, appendix = text.partition("Certificates in full")
    assert appendix, "a shortened certificate must have its full digits in an appendix"
    long_decimals = re.findall(r"\d+\.\d{13,}", running)
    assert not long_decimals, f"decimals longer than 12 digits in the running text: {long_decimals[:3]}"
    assert not re.search(r"\d{21,}", running), "a 21-digit integer in the running text"
    assert "0.10965000000000000000000000000000000000000000000000000000000" in _squash(appendix)


@pytest.mark.tex
def test_a_chain_reads_like_align_with_the_step_number_as_a_tag_never_before_the_relation(built_pdf):
    lines = tools.pdf_text(built_pdf).splitlines()
    numbered = [line for line in lines if re.match(r"^\s*\d+\s*[=≤≥<>≈∝]", line)]
    assert not numbered, f"a step number set before its relation reads as an equation: {numbered[:3]}"
    assert any(re.search(r"\(\d+\)\s*$", line) for line in lines), "step numbers are tags at the right margin"
