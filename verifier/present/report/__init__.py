"""The published report of a verification run: index.html, derivations.tex and derivations.pdf.

    from verifier.report import write_reports
    outcome = write_reports(run, Path("reports"))
    outcome.paths               # every file written
    outcome.pdf_skipped_reason  # None, or one line on why there is no PDF

The report only reads the RunResult.  Each file is replaced atomically, so an
interrupted run leaves the previous report, never half of a new one.
"""
from __future__ import annotations

import dataclasses
import re
import subprocess
from pathlib import Path

from ...verdicts import RunResult
from . import blueprint, graph, html, latex, pdf, plots, provenance
from .atomic import write_atomic
from .outcome import ReportError, ReportOutcome
from .view import build_view

__all__ = ["write_reports", "ReportOutcome", "ReportError", "FORMATS"]

FORMATS = ("html", "latex", "pdf")
HTML_NAME = "index.html"
JOBNAME = "derivations"
_OUR_FIGURE = re.compile(r"^(plot|graph)-[a-z0-9-]+\.pdf$")


def write_reports(run: RunResult, out_dir: Path, formats=FORMATS, require_pdf: bool = False) -> ReportOutcome:
    """Write the requested formats of the report for `run` into `out_dir`.

    A PDF that cannot be built (no latexmk, or LaTeX fails) is reported in
    `pdf_skipped_reason`, or raised as ReportError when `require_pdf` is set.
    """
    formats = tuple(dict.fromkeys(formats))
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise ReportError(f"unknown report format(s) {', '.join(map(repr, unknown))}; choose from {', '.join(FORMATS)}")
    if require_pdf and "pdf" not in formats:
        formats += ("pdf",)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    outcome = ReportOutcome()

    epoch = provenance.report_epoch()
    view = build_view(run, versions=provenance.versions(run.versions), commit=provenance.git_commit(),
                      date=provenance.format_date(epoch), read_source=_read_source, repo_href=_repo_links())
    wants_tex = "latex" in formats or "pdf" in formats
    for plot in view.plots:
        plot.svg, plot.pdf = plots.render(plot.plot, plot.stem, svg="html" in formats, pdf=wants_tex)
    _draw_graphs(view, svg="html" in formats, pdf=wants_tex, epoch=epoch)

    if "html" in formats:
        outcome.paths.append(write_atomic(out_dir / HTML_NAME, html.render_html(view)))

    if not wants_tex:
        return outcome
    tex = latex.render_latex(view)
    figures = {f"{latex.FIGURES}/{p.stem}.pdf": p.pdf for p in view.plots}
    figures.update({f"{latex.FIGURES}/{g.graph_stem}.pdf": g.graph.pdf for g in view.groups if g.graph and g.graph.pdf})
    if "latex" in formats:
        outcome.paths.extend(_write_figures(out_dir, figures))
        outcome.paths.append(write_atomic(out_dir / f"{JOBNAME}.tex", tex))
    if "pdf" in formats:
        try:
            outcome.paths.append(pdf.build_pdf(tex, figures, out_dir, JOBNAME, epoch))
        except pdf.PdfUnavailable as exc:
            # A PDF from an earlier run would silently disagree with the new HTML and .tex.
            (out_dir / f"{JOBNAME}.pdf").unlink(missing_ok=True)
            if require_pdf:
                raise ReportError(f"the PDF report is required but was not built: {exc}") from None
            outcome.pdf_skipped_reason = str(exc)
    return outcome


def _draw_graphs(view, *, svg: bool, pdf: bool, epoch: int) -> None:
    """One dependency graph per seed text that has any dependency; without Graphviz, one line on how to get it."""
    wanted = [g for g in view.groups if g.graph_edges]
    if not wanted:
        return
    if not graph.available():
        view.graph_missing = graph.DOT_HINT
        return
    for group in wanted:
        try:
            group.graph = graph.render(group.graph_nodes, group.graph_edges, svg=svg, pdf=False, epoch=epoch)
            if pdf:     # the printed page gets the legible graph of the body (see blueprint.py)
                nodes, edges = blueprint.body_graph(group)
                paper = graph.render(nodes, edges, svg=False, pdf=True, epoch=epoch, stagger=False)
                group.graph = dataclasses.replace(paper, svg=group.graph.svg)
        except (OSError, subprocess.SubprocessError) as exc:
            view.graph_missing = f"the dependency graph could not be drawn ({exc}); {graph.DOT_HINT}"
            group.graph = None
    # The whole project's blueprint, for the HTML (the PDF has one per seed text, beside its derivations).
    if svg and len(wanted) > 1 and view.graph_edges:
        try:
            view.graph = graph.render(view.graph_nodes, view.graph_edges, svg=True, pdf=False, epoch=epoch)
        except (OSError, subprocess.SubprocessError):
            view.graph = None


def _find(file: str) -> Path | None:
    """A derivation's file, named relative to the working directory, a folder above it (a run from docs/),
    or the project."""
    path = Path(file)
    bases = [Path.cwd(), *list(Path.cwd().parents)[:4], provenance.PROJECT_DIR.parent]
    for candidate in ([path] if path.is_absolute() else [base / path for base in bases]):
        if candidate.is_file():
            return candidate
    return None


def _read_source(file: str) -> str | None:
    path = _find(file)
    try:
        return path.read_text(encoding="utf-8") if path is not None else None
    except (OSError, UnicodeDecodeError):
        return None


def _repo_links():
    """Links by commit into the repository, for files HEAD holds as they are; none without a remote."""
    repository, commit = provenance.repository_url(), provenance.git_full_commit()
    if not (repository and commit):
        return lambda file, line: ""
    committed: dict[str, str] = {}

    def href(file: str, line: int | None) -> str:
        if file not in committed:
            path = _find(file)
            committed[file] = provenance.committed_unchanged(path) if path is not None else ""
        return provenance.blob_url(repository, commit, committed[file], line) if committed[file] else ""
    return href


def _write_figures(out_dir: Path, figures: dict[str, bytes]) -> list[Path]:
    written = []
    if figures:
        (out_dir / latex.FIGURES).mkdir(exist_ok=True)
    for name, data in figures.items():
        written.append(write_atomic(out_dir / name, data))
    # Figures of plots that no longer exist would otherwise linger beside the new report.
    folder = out_dir / latex.FIGURES
    if folder.is_dir():
        keep = {p.name for p in written}
        for old in folder.iterdir():
            if _OUR_FIGURE.match(old.name) and old.name not in keep:
                old.unlink()
    return written
