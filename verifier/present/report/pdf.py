"""Build the PDF with latexmk, in a scratch directory, and move it into place only when it succeeded."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from .atomic import write_atomic
from .outcome import ReportError

INSTALL_HINT = ("install TeX Live (Debian/Ubuntu: apt-get install texlive-latex-base texlive-latex-recommended "
                "latexmk lmodern; macOS: brew install --cask mactex-no-gui; Fedora: dnf install latexmk "
                "texlive-scheme-medium) to get the PDF")
TIMEOUT_SECONDS = 300


class PdfUnavailable(ReportError):
    """The PDF cannot be built here; str(self) is one line saying why and what to do."""


def missing_tools() -> list[str]:
    return [tool for tool in ("latexmk", "pdflatex") if shutil.which(tool) is None]


def first_error(log: str) -> str:
    """The first TeX error in a log, with its file:line when -file-line-error gave one."""
    for line in log.splitlines():
        if line.startswith("! ") or re.match(r"^[^:\s]+\.tex:\d+: ", line):
            return line.strip()
    return "no error message in the log"


def build_pdf(tex: str, figures: dict[str, bytes], out_dir: Path, jobname: str, epoch: int) -> Path:
    """Compile `tex` (with `figures`, relative names -> bytes) to out_dir/jobname.pdf.

    Dates inside the PDF come from `epoch` (SOURCE_DATE_EPOCH with
    FORCE_SOURCE_DATE=1), so the same input gives a byte-identical file.
    On failure the previous PDF is left alone and the LaTeX log is kept as
    out_dir/jobname.log for diagnosis.
    """
    missing = missing_tools()
    if missing:
        raise PdfUnavailable(f"{' and '.join(missing)} not found: {INSTALL_HINT}")
    out_dir = Path(out_dir)
    build = Path(tempfile.mkdtemp(prefix=f".{jobname}-build-", dir=out_dir))
    try:
        (build / f"{jobname}.tex").write_text(tex, encoding="utf-8")
        for name, data in figures.items():
            target = build / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(epoch), FORCE_SOURCE_DATE="1",
                   max_print_line="10000")  # unwrapped log lines, so errors can be found by pattern
        cmd = ["latexmk", "-norc", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "-file-line-error",
               "-silent", f"{jobname}.tex"]
        try:
            done = subprocess.run(cmd, cwd=build, env=env, capture_output=True, text=True, errors="replace",
                                  timeout=TIMEOUT_SECONDS, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise PdfUnavailable(f"latexmk did not finish within {TIMEOUT_SECONDS} s") from None
        pdf = build / f"{jobname}.pdf"
        log_path = build / f"{jobname}.log"
        log = log_path.read_text(encoding="utf-8", errors="replace") if log_path.exists() else done.stdout
        if done.returncode != 0 or not pdf.exists():
            kept = write_atomic(out_dir / f"{jobname}.log", log)
            raise PdfUnavailable(f"latexmk failed (exit {done.returncode}): {first_error(log)}; full log in {kept}")
        target = out_dir / f"{jobname}.pdf"
        os.replace(pdf, target)
        stale_log = out_dir / f"{jobname}.log"
        if stale_log.exists():
            stale_log.unlink()
        return target
    finally:
        shutil.rmtree(build, ignore_errors=True)
