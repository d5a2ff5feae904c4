"""Writing an output the user named (--json PATH, --junit PATH) without surprising them.

- `-` is standard output.
- A path written in place, straight to what it names, with no temporary file, no rename and no file
  beside it: a path under /dev/ or /proc/ (/dev/stdout, /dev/stderr, /dev/fd/N), a path that is this
  process's standard output, and an existing path that is not a regular file (a FIFO, a character
  device).  Renaming over /dev/stdout would follow the link to the file standard output was redirected
  to and replace it (a log appended with `>>` would lose its earlier lines).  A descriptor's name
  (/dev/stdout, /dev/fd/N, /proc/self/fd/N) is written through that open descriptor, so a file the
  shell opened for appending is appended to; any other such path is opened for appending (a device or
  pipe does not care, a file is not truncated).
- A symbolic link elsewhere is followed: the file it points to is replaced, the link stays.
- A regular file (or a new one) is written to a temporary file beside it and renamed into place, so a
  reader never sees half of it, with the permissions any file the user creates gets (0644 under the
  usual umask), like the reports.  That needs the folder to be writable, which problem() checks before
  the run starts.
"""
from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path

STDOUT = "-"
_IN_PLACE_PREFIXES = ("/dev/", "/proc/")
_DESCRIPTOR = re.compile(r"^/(?:dev/fd|proc/self/fd|proc/\d+/fd)/(\d+)$")
_NAMED_DESCRIPTORS = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}


def is_stdout(path) -> bool:
    return str(path) == STDOUT


def is_special(path) -> bool:
    """True for an existing path that is not a regular file (after following links)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode)


def _absolute(path) -> str:
    return os.path.abspath(os.fspath(path))


def in_place(path) -> bool:
    """Whether `path` is written straight to what it names (see the module docstring)."""
    if is_stdout(path):
        return True
    text = _absolute(path)
    return text.startswith(_IN_PLACE_PREFIXES) or is_special(path) or is_standard_output(path)


def _descriptor(path) -> int | None:
    """The open file descriptor a path names (/dev/stdout → 1, /dev/fd/3 → 3), or None."""
    text = _absolute(path)
    if text in _NAMED_DESCRIPTORS:
        return _NAMED_DESCRIPTORS[text]
    found = _DESCRIPTOR.match(text)
    if found and (not text.startswith("/proc/") or text.startswith(("/proc/self/", f"/proc/{os.getpid()}/"))):
        return int(found.group(1))
    return None


def problem(path) -> str:
    """Why `path` cannot be written, or "" when it can (checked before a long run starts).

    A file replaced whole needs its folder writable (the temporary file and the rename happen there),
    even when the file itself is writable."""
    if is_stdout(path):
        return ""
    p = Path(path)
    if in_place(p):
        if _descriptor(p) is not None and not p.exists():
            return "no such open file descriptor"
        if p.exists() or _descriptor(p) is not None:
            return "" if os.access(p, os.W_OK) else "permission denied"
        return "no such device"
    if p.is_dir():
        return "is a directory"
    if p.is_symlink():
        p = Path(os.path.realpath(p))
    if p.exists() and not os.access(p, os.W_OK):
        return "permission denied"
    try:                                  # the writer creates missing folders: so does the check
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"{exc.strerror or exc} ({exc.filename or p.parent})"
    if not os.access(p.parent, os.W_OK | os.X_OK):
        return f"its folder {p.parent} is not writable (the file is replaced whole, through a file beside it)"
    return ""


def is_standard_output(path) -> bool:
    """`-`, or a path that is this process's standard output (/dev/stdout, /proc/self/fd/1, …)."""
    if is_stdout(path):
        return True
    try:
        here, there = os.fstat(1), os.stat(path)
    except (OSError, ValueError):
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _to_stream(stream, data: bytes) -> None:
    stream.flush()
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        buffer.write(data)
        buffer.flush()
    else:
        stream.write(data.decode("utf-8", errors="replace"))
        stream.flush()


def _to_descriptor(fd: int, data: bytes) -> None:
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None and stream.fileno() == fd:
                stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def write_output(path, data: bytes, stdout=None) -> None:
    """Write `data` to `path` as described in the module docstring."""
    if is_stdout(path) or (stdout is not None and is_standard_output(path)):
        _to_stream(stdout if stdout is not None else sys.stdout, data)
        return
    if in_place(path):
        fd = _descriptor(path)
        if fd is not None:
            _to_descriptor(fd, data)
            return
        with open(path, "ab") as fh:
            fh.write(data)
        return
    path = Path(path)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    from .report.atomic import write_atomic   # late: the report package is not needed for a run without one
    write_atomic(path, data)


def sidecar(path) -> Path | None:
    """Where the line-per-derivation log of --json PATH goes (r.json → r.jsonl), or None when PATH is
    written in place (standard output, a device, a pipe: there is no file to put one beside)."""
    if in_place(path):
        return None
    text = str(path)
    return Path(text + "l") if text.endswith(".json") else Path(text + ".jsonl")
