"""What identifies a step as a claim, so that a measurement of it (mutation testing) can be found again.

Two steps have the same fingerprint when they make the same claim: the same
left and right sides (srepr), the same domain of every declared symbol in them
(srepr prints an index's name, not its range: i = 1…n and i = 0…n must differ),
the same relation, meanings of ≈, measure, wrt, pins, named strategies and cited
facts (each by its own steps' fingerprints, recursively).  The reason, the source
and the author's notes are prose, not the claim, and are left out: editing a note
keeps a measurement.
"""
from __future__ import annotations

import dataclasses
import hashlib

import sympy as sp

from ..authoring.chain import Derivation, Step
from .proof_cache import declared_domains


def _describe(part) -> str:
    if isinstance(part, sp.Basic):
        return sp.srepr(part) + "\0" + "\0".join(declared_domains(part))
    if dataclasses.is_dataclass(part) and not isinstance(part, type):
        inner = ",".join(f"{f.name}={_describe(getattr(part, f.name))}" for f in dataclasses.fields(part))
        return f"{type(part).__name__}({inner})"
    if isinstance(part, dict):
        return "{" + ",".join(sorted(f"{_describe(k)}:{_describe(v)}" for k, v in part.items())) + "}"
    if isinstance(part, (list, tuple)):
        return "[" + ",".join(_describe(p) for p in part) + "]"
    if isinstance(part, Derivation):
        return "fact:" + derivation_fingerprint(part)
    return repr(part)


def step_fingerprint(lhs, step: Step) -> str:
    """A hash of the claim lhs (relation) step.rhs, with everything its verdict depends on besides the engine."""
    h = hashlib.sha256(b"verifier-step/1")
    for part in (lhs, step.rhs, step.relation.value, step.meanings, step.measure, step.wrt, step.given,
                 step.how, step.by, step.expect_refuted):
        h.update(b"\0\0" + _describe(part).encode())
    return h.hexdigest()


_VISITING: set[int] = set()


def derivation_fingerprint(d: Derivation) -> str:
    if id(d) in _VISITING:          # facts citing each other in a ring: the ring is named, not followed
        return "cycle:" + d.qualified_name
    _VISITING.add(id(d))
    try:
        h = hashlib.sha256(b"verifier-derivation/1")
        lhs = d.start
        for step in d.steps:
            h.update(step_fingerprint(lhs, step).encode())
            lhs = step.rhs
        return h.hexdigest()
    finally:
        _VISITING.discard(id(d))
