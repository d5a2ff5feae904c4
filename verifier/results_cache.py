"""Per-file results: an unchanged derivation file is not even imported again.

A file's entry is valid while everything its results depend on is unchanged:
  - the file's source and the source of every project file its import pulled in
    (recorded by the loader process, so a cited fact's file counts);
  - the engine: a hash of the verifier package's source;
  - the settings (seed, precisions, points, time limits, quick, require-proof)
    and the load/experiment time limit;
  - the versions of Python, SymPy, mpmath, NumPy and SciPy.
  - every file the import read (and every folder it listed), recorded while it
    loaded (run/reads.py) and keyed on its contents, so a derivation that reads a
    CSV at import is checked again when the CSV changes.  A file whose import
    reached what the cache cannot see (the network, a subprocess, code it made
    itself with exec/eval/compile) is never cached.
  - every environment variable the project's code read at import (by name, or all
    of them if it went through the whole environment), keyed on its value;
  - every path whose existence the project's code asked about (os.stat, os.lstat,
    os.access: os.path.exists, Path.is_file, glob ...), keyed on what it was: absent,
    a file, a folder, a link;
  - which file each of the project's imports found: every name that would have been
    found first had it existed (name/, name.py, ...), as a probe (run/reads.py);
  - the interpreter's PYTHONPATH (and kin), which decide where imports come from;
  - the working directory (relative to the project root): a relative path and the
    modules found through sys.path's working-directory entry depend on it.
Numeric evidence is deterministic given all that, so it is cached too.

Time limits (LIMIT_FIELDS and the load limit): with context_key(...,
limits_in_entry=True) and the run's limits_of() given to ResultsCache (as the
command line does), they are not part of the key but of the entry, which says
which limits it was computed under and whether any of its results hit one
(limited_by_time); otherwise (the pytest plugin) they are part of the key:
  - an entry in which nothing hit a limit is reused under limits at least as large
    (more time changes nothing that never ran out);
  - an entry in which something hit a limit (an unknown by timeout, or a proof a
    strategy did not finish) is reused only under limits no larger than its own,
    and checked again when a later run allows more.
Files that could not be loaded are never cached.

The command line and the pytest plugin open the cache the same way (for_run), so their runs share
entries: alternating `python -m verifier all` and `pytest --derivations` checks nothing again.

The cache travels with its project: entries are keyed by the file's path relative to its project root,
and an entry names the files it depends on (sources and reads) relative to that root too, so a cache
copied with the project to another folder (a CI runner restoring `.verifier-cache` into another
workspace) is still warm.  Only a file outside the root is named by its absolute path.  A dependency is
still compared by its content wherever the project now lives: any change to it checks the file again.
(A derivation that reads a file of its project through an absolute path written into its source would
read the old copy after a move; such a derivation is not portable anyway.)

Where: `.verifier-cache/results/` in the project root of the files being checked
(the nearest folder above them holding derivations/, pyproject.toml or .git; else
the folder of the first file), or wherever `--cache-dir` says.
"""
from __future__ import annotations

import hashlib
import os
import platform
import tempfile
from dataclasses import dataclass, field, fields
from pathlib import Path

from .run import safe_pickle

ENGINE_DIR = Path(__file__).resolve().parent
FORMAT = "verifier-results-cache/3"
# Settings fields that are time limits: kept in the entry, not the key (see module docstring).
LIMIT_FIELDS = ("limit", "step_limit", "numeric_limit")
_MARKERS = ("derivations", "pyproject.toml", ".git")    # what makes a folder a project root


def project_root(files: list[Path]) -> Path:
    """The project root of the first file: the nearest folder above it holding derivations/,
    pyproject.toml or .git, else the file's own folder."""
    start = Path(files[0]).resolve().parent if files else Path.cwd()
    for folder in (start, *start.parents):
        if any((folder / m).exists() for m in _MARKERS):
            return folder
    return start


def default_dir(files: list[Path]) -> Path:
    """`.verifier-cache` in the project root of the first file (see module docstring)."""
    return project_root(files) / ".verifier-cache"


def for_run(settings, load_limit: float, files: list[Path], cache_dir: Path | None = None) -> "ResultsCache":
    """The cache of a checking run, opened the same way by the command line and the pytest plugin so that
    both read and write the same entries: time limits live in the entry (limits_of), not in the key."""
    return ResultsCache(cache_dir or default_dir(files), context_key(settings, load_limit, limits_in_entry=True),
                        limits_of(settings, load_limit))


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


_ENGINE: dict = {}
# Code that only reads results (output, command line) cannot change them: editing it keeps the cache.
# The mutation command's bookkeeping (not its operators or scoring) only reads and files results too.
_READERS_ONLY = ("present/", "cli.py", "pytest_plugin.py", "__main__.py",
                 "mutate/command.py", "mutate/records.py", "mutate/summary.py", "mutate/__main__.py")


def engine_hash() -> str:
    """A hash of every source of the verifier that can change a result."""
    if "hash" not in _ENGINE:
        h = hashlib.sha256()
        for path in sorted(ENGINE_DIR.rglob("*.py")):
            name = path.relative_to(ENGINE_DIR).as_posix()
            if name.startswith(_READERS_ONLY):
                continue
            h.update(name.encode())
            h.update(path.read_bytes())
        _ENGINE["hash"] = h.hexdigest()
    return _ENGINE["hash"]


def library_versions() -> dict[str, str]:
    """Read from package metadata: importing SymPy just to ask its version would cost a warm run half its time."""
    from importlib import metadata
    out = {"python": platform.python_version()}
    for name in ("sympy", "mpmath", "numpy", "scipy"):
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "absent"
    return out


def context_key(settings, load_limit: float, limits_in_entry: bool = False) -> str:
    """Everything a result depends on but its files; with limits_in_entry, not its time limits either
    (then give the cache limits_of(settings, load_limit), which each entry records: see the module docstring).
    Without it the limits are part of the key: any other limit checks everything again."""
    parts = [FORMAT, engine_hash(), repr(sorted(library_versions().items()))]
    if limits_in_entry:
        parts.append("limits in the entry")
    else:
        parts.append(f"load_limit={load_limit!r}")
    parts += [f"{f.name}={getattr(settings, f.name)!r}" for f in fields(settings)
              if not (limits_in_entry and f.name in LIMIT_FIELDS)]
    return _sha("\n".join(parts).encode())


def limits_of(settings, load_limit: float) -> dict[str, float]:
    """The time limits a run allows, by name: what an entry records and a later run is compared against."""
    out = {name: float(getattr(settings, name)) for name in LIMIT_FIELDS if hasattr(settings, name)}
    out["load_limit"] = float(load_limit)
    return out


_LIMIT_WORDS = ("timed out", "time limit", "took longer than the limit")


def limited_by_time(results: list) -> bool:
    """Whether any of these results came out as it did because a time limit was hit.

    A record (derivation, step, check, experiment) says so with a truthy `hit_limit` attribute, or in
    its message, detail, finding or conclusion ("timed out after 5 s", "took longer than the limit").
    Over-reporting is safe (the entry is only reused less); missing one is not, so words count too."""
    def texts(record):
        for name in ("message", "detail", "finding", "conclusion"):
            value = getattr(record, name, "")
            if isinstance(value, str):
                yield value.lower()

    def hit(record) -> bool:
        if getattr(record, "hit_limit", False):
            return True
        return any(word in text for text in texts(record) for word in _LIMIT_WORDS)

    for r in results:
        if hit(r):
            return True
        for s in getattr(r, "steps", []):
            if hit(s) or any(hit(c) for c in getattr(s, "checks", [])):
                return True
        if any(hit(e) for e in getattr(r, "experiments", [])):
            return True
    return False


def reusable_under(recorded: dict, limited: bool, current: dict | None) -> bool:
    """Whether an entry computed under `recorded` limits answers a run allowing `current` ones."""
    if current is None or recorded == current:
        return True
    names = set(recorded) | set(current)
    if any(name not in recorded or name not in current for name in names):
        return False
    if limited:      # something ran out of time: only a run allowing no more may reuse it
        return all(current[k] <= recorded[k] for k in names)
    return all(current[k] >= recorded[k] for k in names)     # nothing ran out: more time changes nothing


def file_hash(path: str | Path) -> str | None:
    try:
        return _sha(Path(path).read_bytes())
    except OSError:
        return None


def fingerprint(path: str | Path) -> str:
    """What a read file or listed folder looked like: its content's hash, its sorted names, or its absence.

    The same function is used when a file is read during loading (run/reads.py) and when an entry is
    checked, so equal fingerprints mean the import would see the same thing."""
    import stat
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "absent"
    except OSError as exc:
        return f"unreadable:{exc.errno}"
    if stat.S_ISDIR(mode):
        try:
            return "folder:" + _sha("\0".join(sorted(os.listdir(path))).encode("utf-8", "surrogateescape"))
        except OSError as exc:
            return f"unreadable:{exc.errno}"
    if not stat.S_ISREG(mode):
        return "special"          # a device or pipe: reads.py never lets such a file be cached
    try:
        with open(path, "rb") as fh:
            return _sha(fh.read())
    except OSError as exc:
        return f"unreadable:{exc.errno}"


@dataclass
class Entry:
    context: str
    deps: dict            # path (relative to the project root, see portable()) -> sha256 of its source
    results: list         # DerivationResult, in the file's order
    reads: dict = field(default_factory=dict)     # path (as deps) -> fingerprint() of what the import read
    limits: dict = field(default_factory=dict)    # limits_of() the run that computed it ({}: not recorded)
    limited: bool = False                         # some result hit a time limit (limited_by_time)


# How an entry names what is not a file's content (see read_now): an environment variable, a probed path,
# the working directory.  Recorded file paths are absolute, so none of them starts like these.
ENV, PROBE, LINK_PROBE, CWD = "env:", "exists:", "lexists:", "cwd:"
ALL_OF_THE_ENVIRONMENT = "*"


def env_fingerprint(name: str) -> str:
    """What an environment variable was (or, for ALL_OF_THE_ENVIRONMENT, the whole environment)."""
    if name == ALL_OF_THE_ENVIRONMENT:
        return _sha(repr(sorted(os.environ.items())).encode("utf-8", "surrogateescape"))
    value = os.environ.get(name)
    return "unset" if value is None else _sha(value.encode("utf-8", "surrogateescape"))


def kind(path: str | Path, follow: bool = True) -> str:
    """What a probe of a path saw: absent, file, folder, link (not following links: os.lstat) or other."""
    import stat
    try:
        mode = (os.stat(path) if follow else os.lstat(path)).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "absent"
    except OSError as exc:
        return f"unreadable:{exc.errno}"
    return ("folder" if stat.S_ISDIR(mode) else "file" if stat.S_ISREG(mode) else
            "link" if stat.S_ISLNK(mode) else "other")


def working_directory(root: Path) -> str | None:
    try:
        return portable(os.getcwd(), root)
    except OSError:
        return None


def portable_read(name: str, root: Path) -> str:
    """How an entry names a recorded read (as portable() names files)."""
    if name.startswith((ENV, CWD)):
        return name
    for probe in (PROBE, LINK_PROBE):
        if name.startswith(probe):
            return probe + portable(name[len(probe):], root, keep_link=True)
    return portable(name, root, keep_link=True)


def _above_the_project(name: str, seen: str, root: Path) -> bool:
    """A probe of the project root or a folder above it (Path.resolve() asks about each): wherever the
    project lives they exist, so the answer says nothing about it, and a copy elsewhere stays warm."""
    for probe in (PROBE, LINK_PROBE):
        if name.startswith(probe) and seen in ("folder", "link"):
            where = Path(link_kept(name[len(probe):]))
            return where == root or where in root.parents
    return False


def read_now(name: str, root: Path) -> str | None:
    """What a recorded read would see now, in a project rooted at `root`."""
    if name.startswith(ENV):
        return env_fingerprint(name[len(ENV):])
    if name.startswith(CWD):
        return working_directory(root)
    if name.startswith(PROBE):
        return kind(located(name[len(PROBE):], root))
    if name.startswith(LINK_PROBE):
        return kind(located(name[len(LINK_PROBE):], root), follow=False)
    return fingerprint(located(name, root))


def manifest_key() -> str:
    """What a file's list of derivations depends on besides its sources: the engine and the libraries."""
    return _sha("\n".join([FORMAT, "manifest", engine_hash(), repr(sorted(library_versions().items()))]).encode())


def link_kept(path: str | Path, resolved: dict | None = None) -> str:
    """The absolute path with its folders resolved but not the file itself: a file read through a symlink
    is named by the link, so pointing the link elsewhere is seen through what it points to then.

    resolved: {folder: its real path} kept by a caller naming many files in a few folders at one moment, so each
    folder is resolved once (the same answer, without asking the file system about every part again)."""
    absolute = os.path.abspath(os.fspath(path))
    folder = os.path.dirname(absolute)
    if resolved is None:
        return os.path.join(os.path.realpath(folder), os.path.basename(absolute))
    if folder not in resolved:
        resolved[folder] = os.path.realpath(folder)
    return os.path.join(resolved[folder], os.path.basename(absolute))


def portable(path: str | Path, root: Path, keep_link: bool = False) -> str:
    """How an entry names a file: its path relative to `root` (a resolved project root) in / form, or
    its absolute path when it lies outside the root.  Resolved, symlinks and all, unless keep_link
    (a read: see link_kept)."""
    absolute = Path(link_kept(path) if keep_link else os.path.realpath(path))
    try:
        return absolute.relative_to(root).as_posix()
    except ValueError:
        return str(absolute)


def located(name: str, root: Path) -> Path:
    """The file an entry's name means in a project now rooted at `root` (the inverse of portable)."""
    return Path(name) if Path(name).is_absolute() else root / name


def _claims_context(files: list[Path]) -> str:
    """Which files the register was read from is part of its key: a new file may declare claims."""
    root = project_root(list(files)) if files else Path.cwd()
    names = "\n".join(sorted(portable(f, root) for f in files))
    return _sha(f"{manifest_key()}\nclaims\n{names}".encode())


class ResultsCache:
    """Results per file (get/put) and the derivations a file defines (get_manifest/put_manifest)."""

    def __init__(self, folder: Path, context: str, limits: dict | None = None):
        self.folder = Path(folder) / "results"
        self.context = context
        self.limits = limits      # the time limits of this run (limits_of); None: any entry's limits will do
        self._roots: dict = {}    # folder of a file -> its project root

    def _root(self, path: Path) -> Path:
        """The project root an entry about `path` is relative to (project_root, remembered per folder)."""
        folder = Path(os.path.realpath(path)).parent
        if folder not in self._roots:
            self._roots[folder] = project_root([path])
        return self._roots[folder]

    def _entry_path(self, path: Path, kind: str = "results") -> Path:
        return self.folder / (_sha(portable(path, self._root(path)).encode())[:32] + f".{kind}.pickle")

    def get(self, path: Path) -> list | None:
        """The cached results of a file, or None if anything they depend on changed."""
        return self._get(path, "results", self.context, limits=self.limits)

    def put(self, path: Path, deps: list[str], results: list, hashes: dict | None = None,
            reads: dict | None = None) -> None:
        """Store a file's results; `reads` maps every file its import read to its fingerprint() then."""
        self._put(path, deps, results, hashes, "results", self.context, reads,
                  limits=self.limits or {}, limited=limited_by_time(results))

    def get_manifest(self, path: Path) -> list | None:
        return self._get(path, "manifest", manifest_key())

    def put_manifest(self, path: Path, deps: list[str], summaries: list, hashes: dict | None = None,
                     reads: dict | None = None) -> None:
        self._put(path, deps, summaries, hashes, "manifest", manifest_key(), reads)

    def get_claims(self, folder: Path, files: list[Path]) -> list | None:
        """The claims register of a project's files: [claims, errors], while none of its sources changed."""
        return self._get(folder, "claims", _claims_context(files), own_source=False)

    def put_claims(self, folder: Path, files: list[Path], deps: list[str], found: list,
                   hashes: dict | None = None, reads: dict | None = None) -> None:
        self._put(folder, deps, found, hashes, "claims", _claims_context(files), reads)

    def _get(self, path: Path, kind: str, context: str, own_source: bool = True,
             limits: dict | None = None) -> list | None:
        try:
            entry = safe_pickle.loads(self._entry_path(path, kind).read_bytes())
        except Exception:
            return None
        if not isinstance(entry, Entry) or entry.context != context:
            return None
        root = self._root(path)
        if own_source and portable(path, root) not in entry.deps:
            return None
        if not reusable_under(entry.limits, entry.limited, limits):
            return None
        if any(file_hash(located(dep, root)) != sha for dep, sha in entry.deps.items()):
            return None
        if CWD not in entry.reads:
            return None
        if any(read_now(read, root) != seen for read, seen in entry.reads.items()):
            return None
        return entry.results

    def _put(self, path: Path, deps: list[str], results: list, hashes: dict | None, kind: str, context: str,
             reads: dict | None = None, limits: dict | None = None, limited: bool = False) -> None:
        """Store; `hashes` are the sources' hashes taken before loading, so an edit during the run is seen;
        `reads` are the fingerprints the loader took as the import read each file."""
        hashes = hashes or {}
        recorded = {dep: hashes.get(dep) or file_hash(dep) for dep in deps}
        if any(sha is None for sha in recorded.values()):
            return
        root = self._root(path)
        recorded = {portable(dep, root): sha for dep, sha in recorded.items()}
        reads = {portable_read(read, root): seen for read, seen in (reads or {}).items()
                 if not _above_the_project(read, seen, root)}
        reads[CWD] = working_directory(root)        # what a relative path or sys.path's '' meant
        if reads[CWD] is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self._entry_path(path, kind)
        fd, tmp = tempfile.mkstemp(prefix=".entry.", dir=self.folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(safe_pickle.dumps(Entry(context, recorded, list(results), dict(reads or {}),
                                             dict(limits or {}), bool(limited))))
        os.replace(tmp, target)
