"""A persistent memo of symbolic outcomes, so an unchanged derivation is not re-proved on every run.

Only the symbolic half is remembered; the numeric cross-check always runs.  A
key covers everything the outcome depends on: the exact expressions (srepr),
the domain of every declared symbol in them (srepr prints a symbol's name and
assumptions, not the range of an index or the bounds of a vector, and a proof for
i = 1…n says nothing about i = 0…n), the relation, the cited facts, the time limit,
the SymPy version and a hash of the engine's own source, so editing the engine or
upgrading SymPy starts afresh.  An outcome that ran into a time limit is not stored
unless the caller asks (then it is stored, flagged, as "unknown within that limit", and the
limit is in the key, so a later run that allows more computes it again).  Limits count CPU time, so the
same limit means the same work on a quiet or a loaded machine.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

import sympy as sp

from ..authoring.symbols import Declared, domain_key
from ..prove.outcome import Proof, ProofOutcome
from ..settings import faults
from ..verdicts import said_from_json, said_to_json

_ENGINE_DIR = Path(__file__).resolve().parents[1]   # the whole verifier package
_STATE: dict = {"path": None, "fingerprint": None, "connection": None}
FROM_CACHE = "symbolic outcome from the proof cache"


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


def declared_domains(expr: sp.Basic) -> list[str]:
    """Every declared symbol in expr (and the sizes their ranges mention) with its domain and assumptions."""
    seen: set[str] = set()
    todo = list(expr.atoms(Declared))
    while todo:
        sym = todo.pop()
        entry = f"{sym.name}|{domain_key(sym.domain)}|{sorted(sym.assumptions0.items())}"
        if entry not in seen:
            seen.add(entry)
            if isinstance(sym.domain.size, sp.Basic):
                todo += list(sym.domain.size.atoms(Declared))
    return sorted(seen)


def _describe(part) -> str:
    if isinstance(part, sp.Basic):
        return sp.srepr(part) + "\0" + "\0".join(declared_domains(part))
    return repr(part)


def _key(kind: str, *parts) -> str:
    h = hashlib.sha256(_fingerprint().encode())
    h.update(kind.encode())
    for p in parts:
        h.update(b"\0\0" + _describe(p).encode())
    return h.hexdigest()


def remembered(kind: str, compute, *parts, keep_timeouts: bool = False) -> ProofOutcome:
    """compute() (a ProofOutcome) or its stored copy.

    An outcome that timed out without a proof is stored only with keep_timeouts, and is
    then read back still flagged timed_out: unknown within that limit (the limit is part of the key).
    """
    def encode(outcome: ProofOutcome):
        if not isinstance(outcome, ProofOutcome):
            raise TypeError(f"the proof cache stores ProofOutcome records, not {type(outcome).__name__}")
        if outcome.timed_out and outcome.proof is None and not keep_timeouts:
            return None
        proof = outcome.proof
        return {"proof": [proof.method, proof.scope, proof.concrete_only, proof.sizes_only] if proof else None,
                "notes": outcome.notes, "facts_used": outcome.facts_used,
                "timed_out": outcome.timed_out, "strategy": outcome.strategy}

    def decode(data) -> ProofOutcome:
        proof = Proof(*data["proof"]) if data["proof"] else None
        return ProofOutcome(proof, data["notes"] + [FROM_CACHE], data["facts_used"], data["timed_out"],
                            data["strategy"])

    return remembered_value(kind, compute, encode, decode, *parts)


def remembered_value(kind: str, compute, encode, decode, *parts):
    """compute() or its stored outcome: encode(outcome) gives JSON, or None for "do not store"."""
    db = _db()
    if db is None:
        return compute()
    key = _key(kind, *parts)
    row = db.execute("SELECT value FROM outcomes WHERE key = ?", (key,)).fetchone()
    if row is not None:
        return decode(said_from_json(json.loads(row[0])))
    outcome = compute()
    # Under fault injection a limit was cut at random: nothing computed then is stored (a cut limit is
    # not the limit in the key).
    stored = encode(outcome) if faults() is None else None
    if stored is not None:
        with db:
            db.execute("INSERT OR REPLACE INTO outcomes VALUES (?, ?)", (key, json.dumps(said_to_json(stored))))
    return outcome
