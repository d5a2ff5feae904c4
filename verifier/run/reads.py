"""What a derivation file read while it loaded, so the results cache can key on it.

A derivation may read a CSV or a JSON file at import; its results depend on that
file as much as on its source.  While a file loads (its import and its
experiments, in the loader process and the processes it forks), an audit hook
(sys.addaudithook) records:
  - every file opened for reading, with its fingerprint taken as it is opened
    (results_cache.fingerprint: content hash, or "absent" for a file tried and
    missing), and every folder listed (os.listdir, os.scandir: its sorted names);
  - anything the cache cannot see, which makes the file uncacheable: the network
    (socket.*, urllib, http), other processes (subprocess, os.system, os.exec*,
    os.spawn*, posix_spawn), code the file makes itself (exec, eval or compile
    called from the project's own code; a normal import, or SymPy parsing a
    string, is not that), devices and /proc or /sys (they change on their own),
    and a file that changed while it was being read.
A module imported through its compiled bytecode (__pycache__/*.pyc) counts as a
read of its source, which the import never opens then.  Two things no audit event
reports are watched by wrapping them for the loader process: os.environ (what the
project's code reads of it, keyed on the value) and os.stat, os.lstat and os.access,
through which os.path.exists/lexists/isfile, Path.exists/is_file/is_symlink and glob
ask whether a path exists (keyed on what it was: absent, a file, a folder, a link).  Only a question the
project's own code asks counts, directly or through the standard library: the
verifier, SymPy and the other installed packages probe paths for their own ends.
Installed packages, the standard library and the verifier itself are not
recorded: their versions and the engine hash are already part of the cache key.

The hook is process-wide and cannot be removed, so outside recording it returns
at its first test.  Records go to an inherited file descriptor opened with
O_APPEND, so a forked experiment's reads are collected too.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..results_cache import (ALL_OF_THE_ENVIRONMENT, ENV, LINK_PROBE, PROBE, env_fingerprint, fingerprint, kind,
                             link_kept)

PACKAGE_DIR = Path(__file__).resolve().parents[1]

# Events that reach what no fingerprint can capture: the file is never cached.
_UNSEEN_PREFIXES = ("socket.", "urllib.", "http.client.", "ftplib.", "smtplib.", "poplib.", "imaplib.",
                    "nntplib.", "telnetlib.", "subprocess.", "os.exec", "os.spawn", "os.posix_spawn",
                    "webbrowser.", "pty.spawn")
_UNSEEN_EVENTS = {"os.system", "os.startfile", "os.popen"}
_CODE_EVENTS = {"exec", "compile"}
_LISTING_EVENTS = {"os.listdir", "os.scandir"}
_HARMLESS_DEVICES = {"/dev/null", "/dev/zero"}
_CHANGING = ("/proc/", "/sys/", "/dev/")
# Environment variables that decide which file an import finds (sys.path), whether or not the project reads them.
_IMPORT_PATH_VARIABLES = ("PYTHONPATH", "PYTHONSAFEPATH", "PYTHONNOUSERSITE", "PYTHONUSERBASE")


@dataclass
class Reads:
    """What one load read: {absolute path: fingerprint}, and why it cannot be cached ("" if it can)."""
    files: dict = field(default_factory=dict)
    unseen: str = ""


_STATE: dict = {"on": False, "fd": None, "busy": False, "skip": (), "seen": set(), "installed": False,
                "stdlib": "<none>"}


def _hook(event: str, args: tuple) -> None:
    state = _STATE
    if not state["on"] or state["busy"]:
        return
    state["busy"] = True
    try:
        _observe(event, args, state)
    except Exception:          # the recorder must never break the file it watches; say it could not see
        _write(["U", f"the cache could not record a {event} event"])
    finally:
        state["busy"] = False


def _observe(event: str, args: tuple, state: dict) -> None:
    if event == "open":
        path, mode, flags = (tuple(args) + (None, None, None))[:3]
        if isinstance(path, int) or path is None:
            return
        if isinstance(mode, str):
            reading = "r" in mode or "+" in mode
        else:
            reading = isinstance(flags, int) and (flags & os.O_ACCMODE) != os.O_WRONLY
        if reading:
            _record(path, state)
    elif event in _LISTING_EVENTS:
        path = args[0] if args else None
        if isinstance(path, int) or _import_machinery(sys._getframe(2).f_code.co_filename):
            return          # the import system looking for modules or package metadata: not the file's data
        _record("." if path is None else path, state)
    elif event == "sqlite3.connect":
        if args and isinstance(args[0], (str, bytes, os.PathLike)) and str(args[0]) not in (":memory:", ""):
            _record(args[0], state)
    elif event in _CODE_EVENTS:
        caller = sys._getframe(2).f_code.co_filename
        if _own_code(caller, state):
            _write(["U", f"it runs code it makes itself ({'exec/eval' if event == 'exec' else 'compile'} "
                         f"in {os.path.basename(caller)})"])
    elif event in _UNSEEN_EVENTS or event.startswith(_UNSEEN_PREFIXES):
        _write(["U", f"it reaches beyond its files ({event})"])


def _import_machinery(filename: str) -> bool:
    """importlib (frozen or not), importlib.metadata and pkg_resources list sys.path folders to find modules."""
    return filename.startswith("<frozen importlib") or any(
        part in filename for part in ("/importlib/", "/importlib_metadata/", "/pkg_resources/"))


def _own_code(filename: str, state: dict) -> bool:
    """Code of the project (not importlib, the standard library, installed packages or the verifier)."""
    if not filename or filename.startswith("<"):
        return False
    where = os.path.realpath(filename)
    return not where.startswith(state["skip"])


def _record(path, state: dict) -> None:
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    where = link_kept(path)          # a symlink is named by itself: what it points to may change
    if where in state["seen"]:
        return
    state["seen"].add(where)
    if where in _HARMLESS_DEVICES:
        return
    if where.startswith(_CHANGING) or os.path.realpath(where).startswith(_CHANGING):
        _write(["U", f"it reads {where}, which changes on its own"])
        return
    if where.endswith(".pyc") and "__pycache__" in where:
        # The import runs the bytecode and never opens the source: the source is what it depends on.
        import importlib.util
        try:
            where = importlib.util.source_from_cache(where)
        except (ValueError, NotImplementedError):
            return
        if where in state["seen"]:
            return
        state["seen"].add(where)
    if where.startswith(state["skip"]):
        return
    seen = fingerprint(where)
    if seen == "special":
        _write(["U", f"it reads {where}, which is not a regular file"])
        return
    _write(["R", where, seen])


def _asked_by_project(frame) -> bool:
    """Whether the nearest caller outside the standard library is the project's own code."""
    stdlib = _STATE["stdlib"]
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith("<frozen importlib"):
            return False
        if not (name.startswith("<frozen ") or (name.startswith(stdlib) and "-packages" not in name)):
            return _own_code(name, _STATE)
        frame = frame.f_back
    return False


def _note(letter: str, name, frame) -> None:
    """Record an environment variable read ("E", its name) or a path probed ("P" following links, "L" not:
    the path as given) if the project's code asked (see _asked_by_project), with what it saw; never breaks
    the caller."""
    state = _STATE
    if not state["on"] or state["busy"]:
        return
    state["busy"] = True
    try:
        if not _asked_by_project(frame):
            return
        if letter in "PL":
            name = link_kept(os.fsdecode(os.fspath(name)))
            if name.startswith(state["skip"]):
                return
        if (letter, name) in state["seen"]:
            return
        state["seen"].add((letter, name))
        seen = env_fingerprint(name) if letter == "E" else kind(name, follow=letter == "P")
        if seen.startswith("unreadable"):
            _write(["U", f"it asks about {name}, which cannot be examined"])
        else:
            _write([letter, name, seen])
    except Exception:
        _write(["U", "the cache could not record what it asked of the environment or the file system"])
    finally:
        state["busy"] = False


def _watch_environment_and_probes() -> None:
    """Wrap os.environ, os.stat, os.lstat and os.access (once, in the loader process) so what the project
    asks of them is noted."""
    environ = os.environ

    class WatchedEnviron(type(environ)):
        def __getitem__(self, key):
            _note("E", str(key), sys._getframe(1))
            return super().__getitem__(key)

        def __iter__(self):
            _note("E", ALL_OF_THE_ENVIRONMENT, sys._getframe(1))
            return super().__iter__()

    os.environ = WatchedEnviron(environ._data, environ.encodekey, environ.decodekey,
                                environ.encodevalue, environ.decodevalue)
    real_stat = os.stat

    real_lstat = os.lstat

    def stat(path, *args, **kwargs):
        if _STATE["on"] and not _STATE["busy"] and not isinstance(path, int) and kwargs.get("dir_fd") is None:
            _note("P" if kwargs.get("follow_symlinks", True) else "L", path, sys._getframe(1))
        return real_stat(path, *args, **kwargs)

    def lstat(path, *args, **kwargs):
        if _STATE["on"] and not _STATE["busy"] and not isinstance(path, int) and kwargs.get("dir_fd") is None:
            _note("L", path, sys._getframe(1))
        return real_lstat(path, *args, **kwargs)

    os.stat, os.lstat = stat, lstat
    real_access = os.access

    def access(path, mode, *args, **kwargs):
        if _STATE["on"] and not _STATE["busy"] and not isinstance(path, int) and \
                kwargs.get("follow_symlinks", True) and kwargs.get("dir_fd") is None:
            _note("P", path, sys._getframe(1))
        return real_access(path, mode, *args, **kwargs)

    os.access = access


class unrecorded:
    """A block whose reads are the verifier's own, not the derivation's: a limit watching a child's CPU time
    in /proc/<pid>/stat (run/process.py) is not data the file's results depend on."""

    def __enter__(self):
        self.was = _STATE["busy"]
        _STATE["busy"] = True

    def __exit__(self, *exc):
        _STATE["busy"] = self.was
        return False


def _write(record: list) -> None:
    fd = _STATE["fd"]
    if fd is not None:
        os.write(fd, (json.dumps(record) + "\n").encode("utf-8", "surrogateescape"))


def _skipped_prefixes() -> tuple[str, ...]:
    import site
    places = {sys.prefix, sys.base_prefix, sys.exec_prefix, str(PACKAGE_DIR)}
    try:
        places |= set(site.getsitepackages()) | {site.getusersitepackages()}
    except Exception:
        pass
    return tuple(os.path.join(os.path.realpath(p), "") for p in places if p)


def start() -> None:
    """Record from now on, in this process and the ones it forks (call in the loader process only)."""
    if not _STATE["installed"]:
        sys.addaudithook(_hook)
        _watch_environment_and_probes()
        _STATE["installed"] = True
    handle = tempfile.TemporaryFile()           # opened before recording starts: not itself a read
    fd = os.dup(handle.fileno())
    handle.close()
    import fcntl
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_APPEND)   # forks append, never overwrite
    _STATE.update(fd=fd, seen=set(), skip=_skipped_prefixes(), busy=False,
                  stdlib=os.path.join(os.path.dirname(os.path.realpath(os.__file__)), ""))
    _STATE["on"] = True
    for name in _IMPORT_PATH_VARIABLES:     # read by the interpreter as it started: where imports come from
        _write(["E", name, env_fingerprint(name)])


def stop() -> Reads:
    """Stop recording and return what was read (by this process and its forks) since start()."""
    _STATE["on"] = False
    fd = _STATE["fd"]
    _STATE["fd"] = None
    out = Reads()
    if fd is None:
        return out
    chunks = []
    os.lseek(fd, 0, os.SEEK_SET)
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(fd)
    reasons = []
    for line in b"".join(chunks).decode("utf-8", "surrogateescape").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            reasons.append("the cache's own record was damaged")
            continue
        if record[0] == "U":
            reasons.append(record[1])
        elif record[0] in ("E", "P", "L"):
            _, name, seen = record
            out.files[{"E": ENV, "P": PROBE, "L": LINK_PROBE}[record[0]] + name] = seen
        elif record[0] == "R":
            _, path, seen = record
            if out.files.get(path, seen) != seen:
                reasons.append(f"{path} changed while it was being read")
            out.files.setdefault(path, seen)
            if seen.startswith("unreadable"):
                reasons.append(f"{path} could not be read")
    try:
        out.files.update(_import_candidates())
    except Exception as exc:
        reasons.append(f"the cache could not see which files its imports might find ({exc.__class__.__name__})")
    out.unseen = "; ".join(dict.fromkeys(reasons))
    return out


def _import_candidates() -> dict:
    """For each of the project's own modules, what each folder its import searched held under that name up to
    the folder it was found in (name/, name.py, name.pyc, name.*.so), as PROBE reads: a package or module
    added there would be imported instead, which none of the files read shows."""
    import importlib.machinery
    names = [""] + importlib.machinery.all_suffixes()
    out = {}
    resolved: dict[str, str] = {}     # each folder resolved once: every module's candidates share a few folders
    for module_name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if not isinstance(where, str) or where.startswith(_STATE["skip"]) or not _own_code(where, _STATE):
            continue
        parent, _, leaf = module_name.rpartition(".")
        search = sys.path if not parent else list(getattr(sys.modules.get(parent), "__path__", None) or [])
        home = os.path.dirname(os.path.abspath(where))
        if os.path.basename(where).startswith("__init__."):
            home = os.path.dirname(home)
        for folder in search:
            if not isinstance(folder, str):
                continue
            folder = os.path.abspath(folder or ".")
            if not folder.startswith(_STATE["skip"]):
                for suffix in names:
                    candidate = link_kept(os.path.join(folder, leaf + suffix), resolved)
                    out[PROBE + candidate] = kind(candidate)
            if _resolved(folder, resolved) == _resolved(home, resolved):
                break
    return out


def _resolved(folder: str, resolved: dict) -> str:
    """os.path.realpath(folder), asked of the file system once per folder in one _import_candidates call."""
    if folder not in resolved:
        resolved[folder] = os.path.realpath(folder)
    return resolved[folder]
