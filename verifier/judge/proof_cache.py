"""A persistent memo of symbolic outcomes, so an unchanged derivation is not re-proved on every run.

Only the symbolic half is remembered; the numeric cross-check always runs.  A
key covers everything the outcome depends on: the exact expressions (srepr),
the relation, the cited facts, the time limit, the SymPy version and a hash of
the engine's own source, so editing the engine or upgrading SymPy starts afresh.
An outcome that ran into a time limit is not stored: on a less loaded machine
it might succeed.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

import sympy as sp

from ..prove.identities import Proof

_ENGINE_DIR = Path(__file__).resolve().parents[1]   # the whole verifier package
_STATE: dict = {"path": None, "fingerprint": None, "connection": None}


def _fingerprint() -> str:
    if _STATE["fingerprint"] is None:
        h = hashlib.sha256(sp.__version__.encode())
        for path in sorted(_ENGINE_DIR.rglob("*.py")):
            h.update(str(path.relative_to(_ENGINE_DIR)).encode())
            h.update(path.read_bytes())
        _STATE["fingerprint"] = h.hexdigest()
    return _STATE["fingerprint"]


def enable(path: Path | None) -> None:
    """Use the cache at path (a SQLite file); None disables it."""
    close()
    _STATE["path"] = Path(path) if path else None


def close() -> None:
    if _STATE["connection"] is not None:
        _STATE["connection"].close()
    _STATE["connection"] = None


def _db():
    if _STATE["path"] is None:
        return None
    # One connection per process: workers are forked, and SQLite connections must not cross a fork.
    pid = os.getpid()
    if _STATE["connection"] is None or _STATE.get("pid") != pid:
        _STATE["path"].parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(_STATE["path"], timeout=30)
        con.execute("CREATE TABLE IF NOT EXISTS outcomes (key TEXT PRIMARY KEY, value TEXT)")
        _STATE["connection"], _STATE["pid"] = con, pid
    return _STATE["connection"]


def _key(kind: str, *parts) -> str:
    h = hashlib.sha256(_fingerprint().encode())
    h.update(kind.encode())
    for p in parts:
        h.update(b"\0" + (sp.srepr(p) if isinstance(p, sp.Basic) else repr(p)).encode())
    return h.hexdigest()


def _timed_out(notes) -> bool:
    return any("timed out" in n or "ran out of time" in n for n in notes)


def remembered(kind: str, compute, *parts):
    """compute() or its stored outcome; outcomes are (Proof | None, notes, *extra)."""
    def encode(outcome):
        proof, notes, *extra = outcome
        if _timed_out(notes):
            return None
        return {"proof": [proof.method, proof.scope] if proof else None, "notes": notes, "extra": extra}

    def decode(data):
        proof = Proof(*data["proof"]) if data["proof"] else None
        return (proof, data["notes"] + ["symbolic outcome from the proof cache"], *data["extra"])

    return remembered_value(kind, compute, encode, decode, *parts)


def remembered_value(kind: str, compute, encode, decode, *parts):
    """compute() or its stored outcome: encode(outcome) gives JSON, or None for "do not store"."""
    db = _db()
    if db is None:
        return compute()
    key = _key(kind, *parts)
    row = db.execute("SELECT value FROM outcomes WHERE key = ?", (key,)).fetchone()
    if row is not None:
        return decode(json.loads(row[0]))
    outcome = compute()
    stored = encode(outcome)
    if stored is not None:
        with db:
            db.execute("INSERT OR REPLACE INTO outcomes VALUES (?, ?)", (key, json.dumps(stored)))
    return outcome
