"""Scheduling: cited facts before the steps that cite them, files in parallel worker processes."""
from __future__ import annotations

from ..authoring.chain import Derivation
from ..settings import Settings
from ..verdicts import DerivationResult
from .steps import check_derivation


def dependency_order(derivations: list[Derivation]) -> list[Derivation]:
    """Cited facts first, so a step citing one can use its verdict."""
    ordered, seen = [], set()

    def visit(d, stack=()):
        if id(d) in seen or id(d) in stack:
            return
        for step in d.steps:
            for fact in step.by:
                if isinstance(fact, Derivation):
                    visit(fact, stack + (id(d),))
        seen.add(id(d))
        ordered.append(d)

    for d in derivations:
        visit(d)
    return ordered


def check_all(derivations: list[Derivation], settings: Settings, on_result=None, jobs: int = 1) -> list[DerivationResult]:
    """Check derivations (cited facts first); with jobs > 1, one file per worker process at a time."""
    if jobs > 1 and len({d.file for d in derivations}) > 1:
        return _check_in_parallel(derivations, settings, on_result, jobs)
    return _check_serially(derivations, settings, on_result)


def _check_serially(derivations, settings, on_result=None):
    results: dict[int, DerivationResult] = {}
    wanted = {id(d) for d in derivations}
    for d in dependency_order(derivations):
        results[id(d)] = check_derivation(d, settings, results)
        if on_result and id(d) in wanted:
            on_result(results[id(d)])
    return [results[id(d)] for d in derivations]


# Workers inherit the loaded derivations through fork; only indices and plain results cross processes.
_WORKER_STATE: dict = {}


def _check_group(indices: list[int]):
    derivations, settings = _WORKER_STATE["derivations"], _WORKER_STATE["settings"]
    group = [derivations[k] for k in indices]
    return list(zip(indices, _check_serially(group, settings)))


def _check_in_parallel(derivations, settings, on_result, jobs):
    import multiprocessing
    groups: dict[str, list[int]] = {}
    for k, d in enumerate(derivations):
        groups.setdefault(d.file, []).append(k)
    # Largest files first, so the long ones do not start last.
    ordered = sorted(groups.values(), key=lambda g: -sum(len(derivations[k].steps) for k in g))
    _WORKER_STATE.update(derivations=derivations, settings=settings)
    results: dict[int, DerivationResult] = {}
    try:
        with multiprocessing.get_context("fork").Pool(min(jobs, len(ordered))) as pool:
            for pairs in pool.imap_unordered(_check_group, ordered):
                for k, r in pairs:
                    results[k] = r
                    if on_result:
                        on_result(r)
    finally:
        _WORKER_STATE.clear()
    return [results[k] for k in range(len(derivations))]
