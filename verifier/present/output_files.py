"""Writing an output the user named (--json PATH, --junit PATH) without surprising them.

- `-` is standard output.
- A path that exists and is not a regular file (/dev/stdout, a FIFO, a character device) is written in
  place: renaming a finished temporary file over it would replace the device or pipe with a file.
- A symbolic link is followed: the file it points to is replaced, the link stays.
- A regular file (or a new one) is written to a temporary file beside it and renamed into place, so a
  reader never sees half of it, with the permissions any file the user creates gets (0644 under the
  usual umask), like the reports.
"""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

STDOUT = "-"


def is_stdout(path) -> bool:
    return str(path) == STDOUT


def is_special(path) -> bool:
    """True for an existing path that is not a regular file (after following links)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode)


def problem(path) -> str:
    """Why `path` cannot be written, or "" when it looks writable (checked before a long run starts)."""
    if is_stdout(path):
        return ""
    p = Path(path)
    if p.exists():
        if p.is_dir():
            return "is a directory"
        return "" if os.access(p, os.W_OK) else "permission denied"
    try:                                  # the writer creates missing folders: so does the check
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"{exc.strerror or exc} ({exc.filename or p.parent})"
    return "" if os.access(p.parent, os.W_OK | os.X_OK) else f"{p.parent}: permission denied"


def is_standard_output(path) -> bool:
    """`-`, or a path that is this process's standard output (/dev/stdout, /proc/self/fd/1, …)."""
    if is_stdout(path):
        return True
    try:
        here, there = os.fstat(1), os.stat(path)
    except (OSError, ValueError):
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def write_output(path, data: bytes, stdout=None) -> None:
    """Write `data` to `path` as described in the module docstring."""
    if is_stdout(path):
        stream = stdout if stdout is not None else sys.stdout
        stream.flush()
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            buffer.write(data)
            buffer.flush()
        else:
            stream.write(data.decode("utf-8", errors="replace"))
            stream.flush()
        return
    path = Path(path)
    if is_special(path):
        with open(path, "wb") as fh:
            fh.write(data)
        return
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    from .report.atomic import write_atomic   # late: the report package is not needed for a run without one
    write_atomic(path, data)


def sidecar(path) -> Path | None:
    """Where the line-per-derivation log of --json PATH goes (r.json → r.jsonl), or None when PATH is
    standard output or not a regular file (there is no file to put one beside)."""
    if is_stdout(path) or is_special(path):
        return None
    text = str(path)
    return Path(text + "l") if text.endswith(".json") else Path(text + ".jsonl")
