"""From derivation files to results: cached files answered from the cache, the rest loaded apart and checked.

This is what `python -m verifier all|check|list` and the pytest plugin share.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from ..interrupts import stopping_children
from ..settings import DEFAULT_LOAD_LIMIT, Settings
from .load import ExperimentPlan, load_files, relink, shown_path


@dataclass
class FileOutcome:
    path: Path
    shown: str
    results: list = field(default_factory=list)     # DerivationResult, in the file's order
    error: str = ""                                  # one line when the file could not be loaded
    cached: bool = False
    uncacheable: str = ""                            # why its results were not cached (run/reads.py), if so


@dataclass
class Summary:
    """What `list` and test collection need of a derivation, without checking it."""
    name: str
    file: str
    title: str
    source: str
    steps: int
    experiments: int = 0


def check_files(paths: list[Path], root: Path, settings: Settings, *, jobs: int = 1,
                load_limit: float = DEFAULT_LOAD_LIMIT, cache=None, on_result=None, on_total=None,
                proof_cache: Path | None = None, proof_hints: dict | None = None) -> list[FileOutcome]:
    """Check every derivation of every file; `cache` is a ResultsCache or None (check everything).

    on_result(r) sees each result as it is ready (cached ones first), on_total(n) the number to expect;
    proof_cache is the SQLite file of remembered symbolic outcomes (None: prove everything again);
    proof_hints the entries of the proof-hint lock (judge/proof_hints.py; None: search every step in full).
    SIGTERM or SIGINT meanwhile kills every process the check started and ends this one at once, writing
    nothing (interrupts.stopping_children).
    """
    with stopping_children():
        return _check_files(paths, root, settings, jobs=jobs, load_limit=load_limit, cache=cache,
                            on_result=on_result, on_total=on_total, proof_cache=proof_cache, proof_hints=proof_hints)


def _check_files(paths, root, settings, *, jobs, load_limit, cache, on_result, on_total, proof_cache, proof_hints):
    from ..results_cache import file_hash
    outcomes = [FileOutcome(Path(p), shown_path(Path(p), root)) for p in paths]
    shown = _shown_safely(on_result)
    todo = []
    for out in outcomes:
        cached = cache.get(out.path) if cache is not None else None
        if cached is not None:
            # named as this run names it (the project root may differ)
            out.results, out.cached = [dataclasses.replace(r, file=out.shown) for r in cached], True
            for r in out.results:
                shown(r)
        else:
            todo.append(out)
    if not todo:
        if on_total:
            on_total(sum(len(o.results) for o in outcomes))
        return outcomes
    before = {str(o.path.resolve()): file_hash(o.path) for o in todo}
    loaded = load_files([o.path for o in todo], root, limit=load_limit, jobs=jobs,
                        experiments=ExperimentPlan(settings.seed, settings.quick, load_limit))
    derivations, owner = [], []
    for out, got in zip(todo, loaded):
        out.error = got.error
        derivations += got.derivations
        owner += [out] * len(got.derivations)
    relink(derivations)
    if on_total:
        on_total(sum(len(o.results) for o in outcomes) + len(derivations))
    # Only now: a fully cached run never imports the engine.
    from ..judge import proof_cache as proofs
    from ..judge import proof_hints as hints
    from ..judge.checker import check_all
    proofs.enable(proof_cache)
    replay, warning = hints.replayable(proof_hints or {})
    if warning:
        import sys
        print(warning, file=sys.stderr)
    hints.enable(replay)
    # Checked in worker processes: a crash below Python in one derivation must not end the run.
    results = check_all(derivations, settings, on_result=shown, jobs=jobs, isolate=True) if derivations else []
    for out, d, r in zip(owner, derivations, results):
        out.results.append(_consistent(_with_experiment_time(writable(r), d, settings)))
    for out, got in zip(todo, loaded):
        out.uncacheable = "" if got.error else got.unseen
    if cache is not None:
        for out, got in zip(todo, loaded):
            if not got.error and not got.unseen:
                cache.put(out.path, got.deps, out.results, before, got.reads)
                listed = [Summary(r.name, r.file, r.title, r.source, len(r.steps), len(r.experiments))
                          for r in out.results]
                cache.put_manifest(out.path, got.deps, listed, before, got.reads)
    return outcomes


def _shown_safely(on_result):
    """on_result for each result, made writable first; a failure to show one result is that result's line
    on standard error, never the end of the run (the others, the JSON and the report still come)."""
    import sys

    def shown(r):
        r = writable(r)
        if on_result is None:
            return
        try:
            on_result(r)
        except Exception as exc:
            where = f"{getattr(r, 'file', '?')}::{getattr(r, 'name', '?')}"
            print(f"error: {where}: its result could not be shown: {exc.__class__.__name__}: {exc}",
                  file=sys.stderr)
    return shown


def writable(r):
    """The result (a new record when anything changes), with every text every writer (terminal, JSON, JUnit,
    report) can write.

    A text that cannot be (a lone surrogate in a reason, an object where a string belongs) is repaired
    for writing and makes its step, or else its derivation, an error whose message names the file,
    the derivation and the step: one derivation's data never cost the run or the other results."""
    from ..present.results_json import unwritable
    from ..verdicts import Verdict
    where = f"{r.file}::{r.name}"
    steps, experiments = [], []
    for s in r.steps:
        problem = unwritable(s)
        if problem:
            s = _repair(s)
            s = dataclasses.replace(s, verdict=Verdict.ERROR, passed=False, message=_repair_text(
                f"{where}: step {s.index}: cannot be written: {problem}" + (f"; {s.message}" if s.message else "")))
        steps.append(s)
    for e in r.experiments:
        problem = unwritable(e)
        if problem:
            e = dataclasses.replace(_repair(e), verdict=Verdict.ERROR, passed=False, finding=_repair_text(
                f"{where}: experiment {e.title!r}: cannot be written: {problem}"))
        experiments.append(e)
    broken = any(a is not b for a, b in zip(steps + experiments, [*r.steps, *r.experiments]))
    if broken:
        r = dataclasses.replace(r, steps=steps, experiments=experiments)
    problem = unwritable(r)
    if problem:
        broken = True
        r = dataclasses.replace(_repair(r), message=_repair_text(f"{where}: cannot be written: {problem}"))
    if broken:
        r = dataclasses.replace(r, verdict=Verdict.ERROR, passed=False)
    return r


def _repair_text(text) -> str:
    try:
        text = text if isinstance(text, str) else str(text)
    except Exception as exc:
        return f"(unprintable {type(text).__name__}: {exc.__class__.__name__})"
    return text.encode("utf-8", "replace").decode("utf-8")


def _repair(obj):
    """Every string of a record made UTF-8 (surrogates replaced), every non-data value made a string;
    a record comes back as a new one."""
    from enum import Enum
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        repaired = {}
        for f in dataclasses.fields(obj):
            if f.init:
                try:
                    repaired[f.name] = _repair(getattr(obj, f.name))
                except Exception:
                    pass
        try:
            return dataclasses.replace(obj, **repaired)
        except Exception:
            return obj
    if isinstance(obj, Enum) or obj is None or isinstance(obj, (bool, int, float)):
        return obj
    if isinstance(obj, str):
        return _repair_text(obj)
    if isinstance(obj, list):
        return [_repair(v) for v in obj]
    if isinstance(obj, tuple):
        return tuple(_repair(v) for v in obj)
    if isinstance(obj, dict):
        return {_repair_text(k) if not isinstance(k, (int, float)) else k: _repair(v) for k, v in obj.items()}
    return _repair_text(obj)


def _with_experiment_time(r, d, settings):
    """Experiments ran while their file was loaded; their own time, not the hand-over, is what they cost."""
    total, experiments, timed = r.seconds, list(r.experiments), False
    for k, (result, exp) in enumerate(zip(r.experiments, d.experiments)):
        outcome = getattr(exp.run, "outcomes", {}).get((settings.seed, settings.quick))
        seconds = getattr(outcome, "seconds", None)
        if isinstance(seconds, float):
            total += seconds - result.seconds
            experiments[k], timed = dataclasses.replace(result, seconds=seconds), True
    return dataclasses.replace(r, seconds=total, experiments=experiments) if timed else r


def _consistent(r):
    """A record whose verdict is error never passes, whatever produced it (a safety net, not a rule)."""
    from ..verdicts import Verdict
    broken = [e for e in r.experiments if e.verdict is Verdict.ERROR]
    if broken or any(s.verdict is Verdict.ERROR and s.passed for s in r.steps):
        experiments = [dataclasses.replace(e, passed=False) if e.verdict is Verdict.ERROR else e
                       for e in r.experiments]
        steps = [dataclasses.replace(s, passed=False) if s.passed and s.verdict is Verdict.ERROR else s
                 for s in r.steps]
        return dataclasses.replace(r, experiments=experiments, steps=steps, passed=False)
    return r


def summaries(paths: list[Path], root: Path, *, jobs: int = 1, load_limit: float = DEFAULT_LOAD_LIMIT,
              cache=None) -> tuple[list[Summary], list[tuple[str, str]]]:
    """Names, titles and step counts of the derivations in the files, from the cache where it is valid."""
    with stopping_children():
        return _summaries(paths, root, jobs=jobs, load_limit=load_limit, cache=cache)


def _summaries(paths, root, *, jobs, load_limit, cache):
    from ..results_cache import file_hash
    found: list[Summary] = []
    errors: list[tuple[str, str]] = []
    todo = []
    for p in paths:
        known = cache.get_manifest(p) if cache is not None else None
        if known is None:
            todo.append(Path(p))
        else:
            for s in known:
                s.file = shown_path(Path(p), root)
            found += known
    if todo:
        before = {str(p.resolve()): file_hash(p) for p in todo}
        for p, got in zip(todo, load_files(todo, root, limit=load_limit, jobs=jobs)):
            if got.error:
                errors.append((got.shown, got.error))
                continue
            mine = [Summary(d.name, d.file, d.title, d.source, len(d.steps), len(d.experiments)) for d in got.derivations]
            found += mine
            if cache is not None and not got.unseen:
                cache.put_manifest(p, got.deps, mine, before, got.reads)
    order = {str(Path(p).resolve()): k for k, p in enumerate(paths)}
    found.sort(key=lambda s: order.get(str((Path(root) / s.file).resolve()), len(order)))
    return found, errors
