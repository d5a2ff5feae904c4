"""Proof hints: which strategy proved each step, kept in a small lock file beside the derivations.

A cold run (an empty cache, a fresh clone, CI) would otherwise search every step
through every strategy for its relation, cheapest first, and most of that time goes
to the strategies that do not prove it.  The lock file names, per step fingerprint
(judge/fingerprint.py: the claim, its domains, meanings, pins, named strategies and
cited facts), the strategy that proved the step:

    {"format": "verifier-proof-hints/1",
     "hints": {"<fingerprint>": {"file": "derivations/x.py", "strategy": "expand"}, ...}}

sorted, one entry a line, so its diffs are as small as the edits that caused them.

A hint is never trusted: the recorded strategy is run on the step as the search
would run it (same expressions, limit, cited facts, definedness check), and only its
proof counts.  If it does not prove the step, the full search runs as without a hint
(a stale hint costs one strategy's time, never a verdict).  An edited step has
another fingerprint, so it misses its hint and is searched.

Why the verdict is the full search's: the search tries strategies in a fixed order and the first
proof wins, so a step recorded as proved by W was not proved (nor contradicted) by any strategy
before W.  Replaying W alone gives W's proof, as the search would, on the same engine.  Only
verdicts that were proved or proved at concrete sizes are recorded, and those only when no
strategy ran out of time (combine() makes a concrete-size proof after a timeout unknown, so a
recorded "cases" had none).  After an engine change the replayed strategy must still prove the
step; a proof by it is a proof, and a run without hints (--no-hints) searches in full.

The file is read before a run and written after it, from the run's results (cached ones too):
entries for the files the run checked are replaced by what it proved now; entries for other
files are kept while those files exist.  A file that cannot be read is one line and ignored.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

FILE = "proof-hints.json"
FORMAT = "verifier-proof-hints/1"
# The relations whose judges ask the prove layer's search (≈ is judged by its meanings).
HINTED = ("=", "<=", ">=", "<", ">", "propto")
RECORDED_VERDICTS = ("proved", "cases")

_STATE: dict = {"hints": {}}


def enable(hints: dict | None) -> None:
    """Replay these {fingerprint: strategy} hints in this process (and the workers it forks); None: none."""
    _STATE["hints"] = dict(hints or {})


def hinted(fingerprint: str, relation: str) -> str | None:
    """The strategy recorded for this step, if it is a registered strategy for its relation."""
    if not fingerprint:
        return None
    name = _STATE["hints"].get(fingerprint)
    if not name:
        return None
    from ..prove.registry import strategies
    return name if name in {s.name for s in strategies(relation)} else None


def read(path: Path) -> tuple[dict, str]:
    """(the file's entries {fingerprint: {"file", "strategy"}}, a one-line warning or "").

    A missing file is no entries and no warning; an unreadable or malformed one is no entries and one
    line.  Reading imports nothing heavy: a fully cached run never loads the engine."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, ""
    except (OSError, UnicodeDecodeError) as exc:
        return {}, f"proof hints: {path} cannot be read ({getattr(exc, 'strerror', None) or exc}); ignored"
    try:
        data = json.loads(text)
        entries = data.get("hints") if isinstance(data, dict) and data.get("format") == FORMAT else None
        if not isinstance(entries, dict):
            raise ValueError(f"not a {FORMAT} file")
    except ValueError as exc:
        return {}, (f"proof hints: {path} is not a proof-hint file ({exc}); ignored, every step is searched in "
                    "full (`all` writes it anew)")
    good = {str(fp): {"file": e["file"], "strategy": e["strategy"]} for fp, e in entries.items()
            if isinstance(e, dict) and isinstance(e.get("strategy"), str) and isinstance(e.get("file"), str)}
    if len(good) < len(entries):
        return good, (f"proof hints: {path}: {len(entries) - len(good)} malformed entries ignored "
                      "(each needs a file and a strategy)")
    return good, ""


def replayable(entries: dict) -> tuple[dict, str]:
    """({fingerprint: strategy} of the entries naming a registered strategy, a one-line warning or "")."""
    from ..prove.registry import strategies
    known = {s.name for s in strategies()}
    replay = {fp: e["strategy"] for fp, e in entries.items() if e.get("strategy") in known}
    unknown = sorted({str(e.get("strategy")) for e in entries.values()} - known)
    if not unknown:
        return replay, ""
    return replay, (f"proof hints: {len(entries) - len(replay)} entries name no registered strategy "
                    f"({', '.join(map(repr, unknown))}); those steps are searched in full")


def location(root: Path) -> Path:
    """Where a project keeps its proof hints: beside its derivations (derivations/proof-hints.json)."""
    folder = Path(root) / "derivations"
    return (folder if folder.is_dir() else Path(root)) / FILE


def recorded(results, checked: set[str], previous: dict, exists=None) -> dict:
    """The file's entries after a run: previous entries of files this run did not check (while the file
    exists, by exists(shown name)), and one entry per step the run proved (or proved at concrete sizes)
    with a named strategy.  `checked` holds the shown names of the files the run checked."""
    out = {fp: dict(e) for fp, e in previous.items()
           if e.get("file") not in checked and (exists is None or exists(e.get("file")))}
    for r in results:
        if r.file not in checked:
            continue
        for s in r.steps:
            verdict = getattr(s.verdict, "value", s.verdict)
            if s.fingerprint and s.strategy and verdict in RECORDED_VERDICTS and s.relation in HINTED:
                out[s.fingerprint] = {"file": r.file, "strategy": s.strategy}
    return out


def render(entries: dict) -> str:
    body = ",\n".join(f"  {json.dumps(fp)}: {json.dumps(entries[fp], sort_keys=True, ensure_ascii=False)}"
                      for fp in sorted(entries))
    return '{\n "format": "%s",\n "hints": {\n%s\n }\n}\n' % (FORMAT, body) if entries else \
        '{\n "format": "%s",\n "hints": {}\n}\n' % FORMAT


def write(path: Path, entries: dict) -> bool:
    """Write the entries (sorted) if they differ from the file's; True when the file changed."""
    path = Path(path)
    text = render(entries)
    if path.is_symlink() or (path.exists() and not path.is_file()):
        return False             # never rename over a link or a device: the lock is a plain file or nothing
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except OSError:
        pass
    fd, tmp = tempfile.mkstemp(prefix=".proof-hints.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return True
