"""What a reader needs to reproduce a report: tool versions, commit, date."""
from __future__ import annotations

import datetime as _dt
import os
import platform
import subprocess
import time
from importlib import metadata
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parents[2]


def report_epoch() -> int:
    """SOURCE_DATE_EPOCH when set, so that rebuilding a report reproduces it byte for byte."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if raw:
        try:
            return int(raw)
        except ValueError:
            pass
    return int(time.time())


def format_date(epoch: int) -> str:
    return _dt.datetime.fromtimestamp(epoch, _dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def versions(recorded: dict[str, str]) -> list[tuple[str, str]]:
    """Python, SymPy and mpmath first (filled in when the run did not record them), then the rest."""
    found = {k.lower(): (k, v) for k, v in (recorded or {}).items()}
    out = []
    for key, label in (("python", "Python"), ("sympy", "SymPy"), ("mpmath", "mpmath")):
        if key in found:
            out.append((label, str(found.pop(key)[1])))
        elif key == "python":
            out.append((label, platform.python_version()))
        else:
            try:
                out.append((label, metadata.version(key)))
            except metadata.PackageNotFoundError:
                out.append((label, "not installed"))
    out.extend((name, str(value)) for name, value in sorted(found.values()))
    return out


def git_commit(project_dir: Path = PROJECT_DIR) -> str:
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=project_dir, capture_output=True,
                              text=True, timeout=10, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    commit = done.stdout.strip()
    return commit if done.returncode == 0 and commit else "unknown"
