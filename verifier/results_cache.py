"""Per-file results: an unchanged derivation file is not even imported again.

A file's entry is valid while everything its results depend on is unchanged:
  - the file's source and the source of every project file its import pulled in
    (recorded by the loader process, so a cited fact's file counts);
  - the engine: a hash of the verifier package's source;
  - the settings (seed, precisions, points, time limits, quick, require-proof)
    and the load/experiment time limit;
  - the versions of Python, SymPy, mpmath, NumPy and SciPy.
Numeric evidence is deterministic given all that, so it is cached too.  A step
that hit a time limit is cached as it came out (unknown for that limit): the
limit is part of the key, so a longer limit checks it again.  Files that could
not be loaded are never cached.

Where: `.verifier-cache/results/` in the project root of the files being checked
(the nearest folder above them holding derivations/, pyproject.toml or .git; else
the folder of the first file), or wherever `--cache-dir` says.
"""
from __future__ import annotations

import hashlib
import os
import platform
import tempfile
from dataclasses import dataclass, fields
from pathlib import Path

from .run import safe_pickle

ENGINE_DIR = Path(__file__).resolve().parent
FORMAT = "verifier-results-cache/1"
_MARKERS = ("derivations", "pyproject.toml", ".git")    # what makes a folder a project root


def default_dir(files: list[Path]) -> Path:
    """`.verifier-cache` in the project root of the first file (see module docstring)."""
    start = Path(files[0]).resolve().parent if files else Path.cwd()
    for folder in (start, *start.parents):
        if any((folder / m).exists() for m in _MARKERS):
            return folder / ".verifier-cache"
    return start / ".verifier-cache"


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


def context_key(settings, load_limit: float) -> str:
    parts = [FORMAT, engine_hash(), repr(sorted(library_versions().items())), f"load_limit={load_limit!r}"]
    parts += [f"{f.name}={getattr(settings, f.name)!r}" for f in fields(settings)]
    return _sha("\n".join(parts).encode())


def file_hash(path: str | Path) -> str | None:
    try:
        return _sha(Path(path).read_bytes())
    except OSError:
        return None


@dataclass
class Entry:
    context: str
    deps: dict            # absolute path -> sha256 of its source
    results: list         # DerivationResult, in the file's order


def manifest_key() -> str:
    """What a file's list of derivations depends on besides its sources: the engine and the libraries."""
    return _sha("\n".join([FORMAT, "manifest", engine_hash(), repr(sorted(library_versions().items()))]).encode())


def _claims_context(files: list[Path]) -> str:
    """Which files the register was read from is part of its key: a new file may declare claims."""
    names = "\n".join(sorted(str(Path(f).resolve()) for f in files))
    return _sha(f"{manifest_key()}\nclaims\n{names}".encode())


class ResultsCache:
    """Results per file (get/put) and the derivations a file defines (get_manifest/put_manifest)."""

    def __init__(self, folder: Path, context: str):
        self.folder = Path(folder) / "results"
        self.context = context

    def _entry_path(self, path: Path, kind: str = "results") -> Path:
        return self.folder / (_sha(str(Path(path).resolve()).encode())[:32] + f".{kind}.pickle")

    def get(self, path: Path) -> list | None:
        """The cached results of a file, or None if anything they depend on changed."""
        return self._get(path, "results", self.context)

    def put(self, path: Path, deps: list[str], results: list, hashes: dict | None = None) -> None:
        self._put(path, deps, results, hashes, "results", self.context)

    def get_manifest(self, path: Path) -> list | None:
        return self._get(path, "manifest", manifest_key())

    def put_manifest(self, path: Path, deps: list[str], summaries: list, hashes: dict | None = None) -> None:
        self._put(path, deps, summaries, hashes, "manifest", manifest_key())

    def get_claims(self, folder: Path, files: list[Path]) -> list | None:
        """The claims register of a project's files: [claims, errors], while none of its sources changed."""
        return self._get(folder, "claims", _claims_context(files), own_source=False)

    def put_claims(self, folder: Path, files: list[Path], deps: list[str], found: list,
                   hashes: dict | None = None) -> None:
        self._put(folder, deps, found, hashes, "claims", _claims_context(files))

    def _get(self, path: Path, kind: str, context: str, own_source: bool = True) -> list | None:
        try:
            entry = safe_pickle.loads(self._entry_path(path, kind).read_bytes())
        except Exception:
            return None
        if not isinstance(entry, Entry) or entry.context != context:
            return None
        if own_source and str(Path(path).resolve()) not in entry.deps:
            return None
        if any(file_hash(dep) != sha for dep, sha in entry.deps.items()):
            return None
        return entry.results

    def _put(self, path: Path, deps: list[str], results: list, hashes: dict | None, kind: str, context: str) -> None:
        """Store; `hashes` are the sources' hashes taken before loading, so an edit during the run is seen."""
        hashes = hashes or {}
        recorded = {dep: hashes.get(dep) or file_hash(dep) for dep in deps}
        if any(sha is None for sha in recorded.values()):
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self._entry_path(path, kind)
        fd, tmp = tempfile.mkstemp(prefix=".entry.", dir=self.folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(safe_pickle.dumps(Entry(context, recorded, list(results))))
        os.replace(tmp, target)
