"""What write_reports hands back, and the one error it raises."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


class ReportError(RuntimeError):
    """A report could not be written as asked (e.g. a PDF was required but cannot be built)."""


@dataclass
class ReportOutcome:
    paths: list[Path] = field(default_factory=list)     # every file written, figures included
    pdf_skipped_reason: str | None = None                # one line, when a PDF was asked for but not built

    def path(self, name: str) -> Path | None:
        """The written file with this name (e.g. "index.html"), if any."""
        return next((p for p in self.paths if p.name == name), None)
