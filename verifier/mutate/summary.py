"""The mutation score of a run's steps, read back from their records, with the authors' notes on survivors.

A survivor is explained when its step says why in `survives=`: a note under the
mutation's description covers that mutant, a note under its kind covers every
mutant of that kind on the step.  A note that no survivor needs is listed too, so
notes do not outlive what they explain.
"""
from __future__ import annotations

from pathlib import Path

from ..verdicts import DerivationResult, MutationSummary, SurvivingMutant
from .records import RecordStore


def note_key(notes: dict[str, str], kind: str, mutation: str) -> str:
    """The key of the note that explains this mutant ("" when none does): its own description first."""
    return mutation if mutation in notes else (kind if kind in notes else "")


def explanation_for(notes: dict[str, str], kind: str, mutation: str) -> str:
    key = note_key(notes, kind, mutation)
    return notes[key] if key else ""


def where_of(d: DerivationResult, index: int) -> str:
    stem = Path(d.file).stem if d.file else ""
    return f"{stem}::{d.name}::{index}" if stem else f"{d.name}::{index}"


def summarize(derivations: list[DerivationResult], store: RecordStore, engine: str,
              settings: dict | None = None) -> MutationSummary:
    # The counts and lists, gathered step by step; the summary is built once from them.
    out = dict(steps=0, measured=0, mutants=0, killed=0, survived=0, equivalent=0, survivors=[], unmeasured=[],
               older_engine=[], unused_notes=[], skipped=[], engines={})
    times = []
    for d in derivations:
        for step in d.steps:
            if step.expect_refuted or not step.fingerprint:
                continue                      # documented as false, or malformed: never mutated
            out["steps"] += 1
            where = where_of(d, step.index)
            rec = store.get(step.fingerprint)
            if rec is None:
                out["unmeasured"].append(where)
                continue
            out["measured"] += 1
            out["engines"][rec.engine] = out["engines"].get(rec.engine, 0) + 1
            times += [rec.measured_at] if rec.measured_at else []
            if rec.engine != engine:
                out["older_engine"].append(where)
            if not rec.passing:
                out["skipped"].append(f"{where}: {rec.why_not}")
            needed = set()
            for r in rec.results:
                out["mutants"] += 1
                status = r.get("status")
                if status == "killed":
                    out["killed"] += 1
                elif status == "equivalent":
                    out["equivalent"] += 1
                elif status == "survived":
                    out["survived"] += 1
                    note = explanation_for(step.survives, r["kind"], r["mutation"])
                    needed.add(note_key(step.survives, r["kind"], r["mutation"]))
                    out["survivors"].append(SurvivingMutant(
                        where=where, kind=r["kind"], mutation=r["mutation"], mutant=r["mutant"],
                        relation=r["relation"], verdict=r["verdict"], second_look=r.get("explanation", ""),
                        explanation=note))
            out["unused_notes"] += [f"{where}: {key}" for key in step.survives if key not in needed]
    return MutationSummary(**out, settings=dict(settings or {}), engine=engine,
                           measured_between=[min(times), max(times)] if times else [])
