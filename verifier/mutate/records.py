"""Mutation measurements kept per step, so `all` can report them and `mutate` measures only what changed.

A full mutation run takes minutes; the claims it measured rarely change.  Each
measured step gets one JSON file, named by the step's fingerprint (what the step
claims: judge/fingerprint.py) and a key of the mutation settings, holding the
engine version that measured it and every mutant's result.  A record of another
engine version is still read, and reported as such; `mutate` measures it again.

Where: `mutation/` in the results cache folder (`.verifier-cache/` in the project
root, or --cache-dir).  Runs that check a seeded sample (--max-mutants) are not
recorded: a record stands for all of a step's chosen mutants.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

FORMAT = "verifier-mutation-record/1"


@dataclass
class Record:
    fingerprint: str
    where: str
    engine: str
    measured_at: str
    passing: bool                  # the original step passed under the mutation settings (else: no mutants)
    why_not: str = ""              # why the original did not pass, when it did not
    results: list[dict] = field(default_factory=list)   # MutantResult fields, one dict per mutant


def settings_key(settings: dict, seed: int, per_kind: int, kinds) -> str:
    text = json.dumps({"settings": settings, "seed": seed, "per_kind": per_kind, "kinds": list(kinds)},
                      sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class RecordStore:
    def __init__(self, folder: Path, key: str):
        self.folder = Path(folder) / "mutation"
        self.key = key

    def _path(self, fingerprint: str) -> Path:
        return self.folder / f"{fingerprint[:40]}-{self.key}.json"

    def get(self, fingerprint: str) -> Record | None:
        try:
            data = json.loads(self._path(fingerprint).read_text(encoding="utf-8"))
            if data.pop("format") != FORMAT or data["fingerprint"] != fingerprint:
                return None
            return Record(**data)
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, record: Record) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".record.", dir=self.folder)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"format": FORMAT, **asdict(record)}, fh, ensure_ascii=False, indent=1)
        os.replace(tmp, self._path(record.fingerprint))


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
