"""Mutation measurements kept per step, so `all` can report them and `mutate` measures only what changed.

A full mutation run takes minutes; the claims it measured rarely change.  Each
measured step gets one JSON file, named by the step's fingerprint (what the step
claims: judge/fingerprint.py) and a key of the mutation settings, holding the
engine version that measured it and every mutant's result.  A record of another
engine version is still read, and reported as such; `mutate` measures it again.

Where: the project's records are committed with it, in `derivations/mutation-records/`
(PROJECT_FOLDER), so a fresh clone and CI report the measured score; they are used
when every file of the run lies in the project's derivations/ folder and no
--cache-dir is given.  Any other run keeps its records in `mutation/` in the
results cache folder (`.verifier-cache/` in the project root, or --cache-dir).
Runs that check a seeded sample (--max-mutants) are not recorded: a record stands
for all of a step's chosen mutants.

A committed folder must not churn: a record is written as sorted JSON with its
mutants in a fixed order, and not written at all when it holds what the file
already holds (only its measurement time would differ); a run over the whole
project removes the records of its options that no current step claims.
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
PROJECT_FOLDER = Path("derivations") / "mutation-records"


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
    """Records of one set of mutation options (`key`): in `<folder>/mutation/`, or, for
    RecordStore.of_project(root, key), in the project's committed `derivations/mutation-records/`."""

    def __init__(self, folder: Path, key: str):
        self.folder = Path(folder) / "mutation"
        self.key = key
        self.project: Path | None = None       # the project root, for the committed records

    @classmethod
    def of_project(cls, root: Path, key: str) -> "RecordStore":
        store = cls(root, key)
        store.folder = Path(root) / PROJECT_FOLDER
        store.project = Path(root)
        return store

    def _path(self, fingerprint: str) -> Path:
        return self.folder / f"{fingerprint[:40]}-{self.key}.json"

    @staticmethod
    def _text(record: Record, timeless: bool = False) -> str:
        """The file's text: sorted keys, the mutants in a fixed order, each without the step's `where`
        (the record's own; a reader puts it back), times to 10 ms; `timeless` leaves the times out."""
        data = {"format": FORMAT, **asdict(record)}
        results = []
        for r in data["results"]:
            r = {k: v for k, v in r.items() if k != "where"}
            if "seconds" in r:
                r["seconds"] = 0.0 if timeless else round(float(r["seconds"]), 2)
            results.append(r)
        data["results"] = sorted(results, key=lambda r: json.dumps(r, sort_keys=True, default=str))
        if timeless:
            data["measured_at"] = ""
        return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True, default=str) + "\n"

    def get(self, fingerprint: str) -> Record | None:
        try:
            data = json.loads(self._path(fingerprint).read_text(encoding="utf-8"))
            if data.pop("format") != FORMAT or data["fingerprint"] != fingerprint:
                return None
            return Record(**data)
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, record: Record) -> None:
        old = self.get(record.fingerprint)
        if old is not None and self._text(old, timeless=True) == self._text(record, timeless=True):
            return                          # the same measurement again: the file (and its times) stays as it is
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".record.", dir=self.folder)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(self._text(record))
        os.chmod(tmp, 0o644)                # committed files: as readable as the rest of the checkout
        os.replace(tmp, self._path(record.fingerprint))

    def prune(self, fingerprints) -> list[Path]:
        """Remove this store's records (of its key) for any step not among `fingerprints`; the removed paths."""
        keep = {self._path(f) for f in fingerprints}
        removed = []
        for path in sorted(self.folder.glob(f"*-{self.key}.json")):
            if path not in keep:
                path.unlink()
                removed.append(path)
        return removed


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
