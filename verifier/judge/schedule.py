"""Scheduling: cited facts before the steps that cite them, groups of derivations sharing no cited fact in
parallel worker processes (not whole files: one large file must not set the wall time)."""
from __future__ import annotations

import os

from ..authoring.chain import Derivation
from ..frames import roomy_call
from ..settings import Settings
from ..verdicts import DerivationResult
from .steps import check_derivation, crashed_result


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


def check_all(derivations: list[Derivation], settings: Settings, on_result=None, jobs: int = 1,
              isolate: bool = False) -> list[DerivationResult]:
    """Check derivations (cited facts first); with jobs > 1 or isolate, one citation group per worker process
    at a time (citation_groups).

    In worker processes a worker that dies (SymPy's FLINT polynomials can end a process with SIGFPE on an
    exponent like 1000001/1000000) costs only the derivation that killed it (see resilient_map), while
    in this process it would end the run; the command line always isolates."""
    if derivations and (isolate or (jobs > 1 and len(derivations) > 1)):
        return _check_in_parallel(derivations, settings, on_result, max(1, jobs))
    return _check_serially(derivations, settings, on_result)


def _check_serially(derivations, settings, on_result=None):
    results: dict[int, DerivationResult] = {}
    wanted = {id(d) for d in derivations}
    for d in dependency_order(derivations):
        try:
            results[id(d)] = check_derivation(d, settings, results)
        except Exception as exc:   # e.g. describing a declaration: this derivation's error, not the run's end
            text = " ".join(f"{exc.__class__.__name__}: {exc}".split())
            results[id(d)] = crashed_result(d, f"{d.file}::{d.name}: checking it raised {text}")
        if on_result and id(d) in wanted:
            on_result(results[id(d)])
    return [results[id(d)] for d in derivations]


def resilient_map(fn, items, jobs: int, on_crash):
    """fn over items in `jobs` forked workers, results as they come; a worker that dies never hangs the run.

    multiprocessing.Pool waits forever for the task a dead worker held.  The executor reports a broken
    pool instead, and a shared array says which items had started: those are run again one per fresh
    worker, so the one that kills its worker is named and answered by on_crash(item, why) (which may
    itself call resilient_map on smaller items); the items not yet started go on in a new pool."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool
    context = multiprocessing.get_context("fork")
    left, suspects = list(items), []
    while len(left) > 1:
        started = context.Array("b", len(left), lock=False)   # shared with the workers, which fork after it
        _TRACKED.update(fn=fn, started=started)
        with ProcessPoolExecutor(max(1, jobs), mp_context=context) as pool:
            futures = {pool.submit(_tracked, k, item): k for k, item in enumerate(left)}
            finished = set()
            try:
                for f in as_completed(futures):
                    result = f.result()
                    finished.add(futures[f])
                    yield result
                left = []
            except BrokenProcessPool:
                suspects += [item for k, item in enumerate(left) if k not in finished and started[k] == 1]
                left = [item for k, item in enumerate(left) if k not in finished and started[k] != 1]
    for item in suspects + left:
        with ProcessPoolExecutor(1, mp_context=context) as alone:
            try:
                result = alone.submit(_capped, fn, item).result()
            except BrokenProcessPool:
                result = on_crash(item, "its checker process died (a crash below Python, e.g. in a C library)")
        yield result


_TRACKED: dict = {}


def memory_cap() -> int:
    """Bytes of address space a checker worker may use: half the machine's memory, at least MIN_MEMORY_CAP.

    One derivation that makes SymPy build an enormous expression (a vector where the text meant a name, under
    a log) once took 20 GB; capped, it ends in a MemoryError (that step is unknown) or its worker dies (that
    derivation is an error), and the machine and the other derivations go on."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 0
    return max(MIN_MEMORY_CAP, total // 2)


MIN_MEMORY_CAP = 6 * 2 ** 30


def _cap_memory() -> None:
    """RLIMIT_AS of this worker, once (only the soft limit, never above the hard one)."""
    if _TRACKED.get("capped") == os.getpid():
        return
    _TRACKED["capped"] = os.getpid()
    cap = memory_cap()
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if cap and (soft == resource.RLIM_INFINITY or soft > cap):
            resource.setrlimit(resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))
    except (ImportError, OSError, ValueError):
        pass


def _capped(fn, item):
    _cap_memory()
    return roomy_call(fn, item)


def _tracked(k: int, item):
    """fn(item) in a worker, marking item k started (1) and done (2) where the parent can read it."""
    _cap_memory()
    started = _TRACKED["started"]
    started[k] = 1
    result = roomy_call(_TRACKED["fn"], item)
    started[k] = 2
    return result


# Workers inherit the loaded derivations through fork; only indices and plain results cross processes.
_WORKER_STATE: dict = {}


def _check_group(indices: list[int]):
    derivations, settings = _WORKER_STATE["derivations"], _WORKER_STATE["settings"]
    group = [derivations[k] for k in indices]
    return list(zip(indices, _check_serially(group, settings)))


def _group_crashed(indices: list[int], why: str):
    """A group's worker died: check its derivations one at a time, so only the one that kills its worker is lost."""
    if len(indices) == 1:
        d = _WORKER_STATE["derivations"][indices[0]]
        return [(indices[0], crashed_result(d, why))]
    out = []
    for k in indices:                     # one fresh worker each (a group of one is answered by crashed_result)
        for pairs in resilient_map(_check_group, [[k]], 1, _group_crashed):
            out += pairs
    return out


def citation_groups(derivations: list[Derivation]) -> list[list[int]]:
    """The derivations (by index) in groups that share no cited fact: each derivation with every fact it
    cites and every derivation citing the same facts, whatever file they are in.

    A group is checked in one worker, so a fact is checked once and its citers see its verdict; groups
    smaller than files spread one large file over the workers (its wall time is no longer one worker's)."""
    parent = list(range(len(derivations)))
    index = {id(d): k for k, d in enumerate(derivations)}

    def root(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    def cited(d, seen):
        for step in d.steps:
            for fact in step.by:
                if isinstance(fact, Derivation) and id(fact) not in seen:
                    seen.add(id(fact))
                    yield fact
                    yield from cited(fact, seen)

    joined_by: dict[int, int] = {}        # a fact outside the list joins the derivations citing it
    for k, d in enumerate(derivations):
        for fact in cited(d, {id(d)}):
            other = index.get(id(fact), joined_by.setdefault(id(fact), k))
            parent[root(other)] = root(k)
    groups: dict[int, list[int]] = {}
    for k in range(len(derivations)):
        groups.setdefault(root(k), []).append(k)
    return list(groups.values())


def _check_in_parallel(derivations, settings, on_result, jobs):
    # Largest groups first (by steps), so the long ones do not start last.
    ordered = sorted(citation_groups(derivations), key=lambda g: -sum(len(derivations[k].steps) for k in g))
    _WORKER_STATE.update(derivations=derivations, settings=settings)
    results: dict[int, DerivationResult] = {}
    try:
        for pairs in resilient_map(_check_group, ordered, min(jobs, len(ordered)), _group_crashed):
            for k, r in pairs:
                results[k] = r
                if on_result:
                    on_result(r)
    finally:
        _WORKER_STATE.clear()
    return [results[k] for k in range(len(derivations))]
