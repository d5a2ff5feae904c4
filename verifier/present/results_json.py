"""The machine-readable results (--json): a stable, documented schema (docs/reference/json-results.md)."""
from __future__ import annotations

import dataclasses
import json
import os
from enum import Enum
from pathlib import Path

from ..verdicts import MutationSummary, RunResult
from .output_files import write_output
from .restated import run_passes

SCHEMA = "verifier-results/1"


def _plain(obj):
    if dataclasses.is_dataclass(obj):
        return {f.name: _plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    if isinstance(obj, Enum):
        return obj.value
    return obj


def to_plain(obj):
    """A record as JSON-ready builtins (dicts, lists, strings, numbers), the form every writer starts from."""
    return _plain(obj)


def unwritable(obj) -> str:
    """Why obj cannot be written as UTF-8 JSON (e.g. a lone surrogate in a reason), or "" when it can."""
    try:
        json.dumps(_plain(obj), ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"a text is not valid Unicode ({exc.reason}: {exc.object[exc.start:exc.end]!r})"
    except Exception as exc:
        return f"{exc.__class__.__name__}: {exc}"
    return ""


def _derivation_item(d) -> dict:
    item = _plain(d)
    item["counts"] = d.counts()
    # Restatements (both sides the same expression) are counted apart: they check nothing.
    item["restatements"] = [s.index for s in d.steps if s.restatement]
    for step, raw in zip(item["steps"], d.steps):
        step["label"] = raw.label
        step["worst_error"] = raw.numeric.worst_error if raw.numeric else None
    return item


def _unwritten_item(d, exc: Exception) -> dict:
    """One derivation the writer could not turn into JSON: its error, never the loss of the whole file."""
    name, file = str(getattr(d, "name", "?")), str(getattr(d, "file", "?"))
    message = f"{file}::{name}: its result cannot be written as JSON: {exc.__class__.__name__}: {exc}"
    return {"name": name, "file": file, "verdict": "error", "passed": False, "message": message,
            "steps": [], "experiments": [], "counts": {}, "restatements": []}


def to_dict(run: RunResult, strict: bool = False) -> dict:
    derivations = []
    for d in run.derivations:
        try:
            item = _derivation_item(d)
            json.dumps(item, ensure_ascii=False).encode("utf-8")
        except Exception as exc:     # one derivation's data never costs the others their results
            item = _unwritten_item(d, exc)
        derivations.append(item)
    return {
        "schema": SCHEMA,
        "passed": run_passes(run, strict),
        # --strict: a restatement (see each derivation's "restatements") fails the run instead of warning.
        "strict": bool(strict),
        "seed": run.seed,
        "dps": list(run.dps),
        "quick": run.quick,
        "require_proof": run.require_proof,
        "seconds": run.seconds,
        "versions": run.versions,
        "load_errors": list(run.load_errors),
        "derivations": derivations,
        # The claims register: each claim of the seed texts with the status computed from the verdicts above.
        "claims": [_plain(c) for c in run.claims],
        # Checking the checker (python -m verifier mutate): null when this run did not ask for it.
        "mutation": mutation_dict(getattr(run, "mutation", None)),
    }


def mutation_dict(summary: MutationSummary | None) -> dict | None:
    """The summary's fields, its score (killed / non-equivalent mutants, null when none was judged),
    how many survivors nobody explained, and for each survivor whether it is explained."""
    if summary is None:
        return None
    item = _plain(summary)
    item["score"] = summary.score
    item["unexplained"] = len(summary.unexplained)
    for out, survivor in zip(item["survivors"], summary.survivors):
        out["explained"] = survivor.explained
    return item


def write_json(run: RunResult, path, strict: bool = False, stdout=None) -> None:
    """PATH, or standard output for `-`; a device or pipe is written in place, a file replaced whole
    (see output_files)."""
    text = json.dumps(to_dict(run, strict), indent=2, ensure_ascii=False, default=str) + "\n"
    write_output(path, text.encode("utf-8", errors="replace"), stdout)


class JsonLines:
    """Each derivation's result as one JSON line, appended as soon as it is checked, so a long run that is
    killed can still be inspected (PATH.jsonl beside the final --json PATH).  Each line is flushed whole.

    The lines go to PATH.jsonl.partial while the run lasts and replace PATH.jsonl only when it ends
    (done()): an interrupted or killed run leaves the previous run's PATH.jsonl as it was, and its own
    lines so far in the .partial file."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.partial = partial_lines(self.path)
        self.partial.parent.mkdir(parents=True, exist_ok=True)
        self.partial.write_text("", encoding="utf-8")

    def __call__(self, result) -> None:
        try:
            line = json.dumps(_derivation_item(result), ensure_ascii=False)
            line.encode("utf-8")
        except Exception as exc:
            line = json.dumps(_unwritten_item(result, exc), ensure_ascii=False, default=str)
        with open(self.partial, "a", encoding="utf-8", errors="replace") as fh:
            fh.write(line + "\n")
            fh.flush()
            os.fsync(fh.fileno())

    def done(self) -> None:
        """The run is over: its lines become PATH.jsonl."""
        os.replace(self.partial, self.path)


def partial_lines(path: Path) -> Path:
    """Where a run's lines gather before they replace PATH.jsonl."""
    return Path(str(path) + ".partial")
