"""Loading each derivation file in its own process and handing its derivations back as data.

A derivation file is code, and the checker must not run it: a file could
monkeypatch the checker, exit the run with status 0, or hang it.  So each file
is imported in a child process under a time limit; the child sends back the
derivations it defines, pickled, and the parent rebuilds them accepting SymPy
expressions and the verifier's own records only (safe_pickle).  Whatever goes
wrong in the child is one line naming the file, and the other files are still
checked.

Experiments are Python callables and cannot travel: the child runs each one in
a process of its own (a fork of the child, so the file is not imported again)
and sends back its outcome as data.  Cited facts (`by=`) travel with the
derivation that cites them and are tied back to the parent's own copy by
(file, name) in relink().
"""
from __future__ import annotations

import importlib
import importlib.util
import struct
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from ..settings import DEFAULT_LOAD_LIMIT
from . import process, reads, safe_pickle
from .modules import module_for

PACKAGE_DIR = Path(__file__).resolve().parents[1]


@dataclass
class Loaded:
    """What a loader process found in one file."""
    path: str                        # as given
    shown: str                       # relative to the project root, for messages
    derivations: list = field(default_factory=list)
    error: str = ""                  # one line; empty when the file loaded
    deps: list[str] = field(default_factory=list)   # absolute paths of the project sources it imported
    reads: dict = field(default_factory=dict)        # every other file it read: absolute path -> fingerprint
    unseen: str = ""                                 # why its results cannot be cached ("" when they can)


@dataclass(frozen=True)
class ExperimentPlan:
    """Run every experiment while loading, with these settings, each under its own time limit."""
    seed: int
    quick: bool
    limit: float = DEFAULT_LOAD_LIMIT


def shown_path(path: Path, root: Path) -> str:
    """How a file is named in results: relative to the project root, else its absolute path
    (never the path as typed: the same file must carry one name whichever way it was reached)."""
    try:
        return str(Path(path).resolve().relative_to(Path(root).resolve()))
    except ValueError:
        return str(Path(path).resolve())


def load_files(paths: list[Path], root: Path, *, limit: float = DEFAULT_LOAD_LIMIT, jobs: int = 1,
               experiments: ExperimentPlan | None = None) -> list[Loaded]:
    """Load each file in its own process (at most `jobs` at a time); one Loaded per path, in order."""
    root = Path(root).resolve()
    out: list[Loaded | None] = []
    tasks, slots = [], []
    for path in paths:
        path = Path(path)
        shown = shown_path(path, root)
        if not path.is_file():
            out.append(Loaded(str(path), shown, error="no such file"))
            continue
        slots.append(len(out))
        out.append(None)
        tasks.append((_child, (str(path.resolve()), str(root), shown, experiments), limit))

    def on_message(k, child, message):
        if message[:1] == process.PROGRESS and experiments is not None:
            # Imported: from now on each experiment has its own limit, enforced inside the child.
            (count,) = struct.unpack("!I", message[1:5])
            child.extend(limit + count * (experiments.limit + 5))

    children = process.run_all(tasks, jobs, on_message)
    for slot, child, (_, (path, _, shown, _), _) in zip(slots, children, tasks):
        data, failure = child.answer()
        if data is None:
            out[slot] = Loaded(path, shown, error=one_line(failure))
            continue
        try:
            out[slot] = safe_pickle.loads(data)
        except Exception as exc:
            out[slot] = Loaded(path, shown, error=f"sent back something that is not a derivation: {exc}")
    return out


# ---------------------------------------------------------------- in the child process

def _child(writer, path: str, root: str, shown: str, experiments: ExperimentPlan | None):
    path_, root_ = Path(path), Path(root)
    reads.start()        # what the import and the experiments read, for the results cache
    try:
        module = module_for(path_, root_)
    except BaseException as exc:  # SystemExit, KeyboardInterrupt: all the file's failure to load
        writer.send_bytes(process.ERROR + describe(exc, path_).encode("utf-8", "replace"))
        return
    from ..authoring.chain import Derivation
    found = collect(module, path_, shown, Derivation)
    if not found:
        writer.send_bytes(process.ERROR + b"defines no derivation: assign one at module level, "
                                          b"e.g. `my_claim = calc(expr, title=...).eq(...)`")
        return
    origin = {id(d): str(path_) for d in found}
    facts = _name_facts(found, root_, Derivation, origin)
    writer.send_bytes(process.PROGRESS + struct.pack("!I", sum(len(d.experiments) for d in found + facts)))
    pending = []
    for d in found + facts:
        pending += _make_portable(d, experiments, root_, origin[id(d)])
    if experiments is not None and pending:
        from .experiments import run_all_here
        outcomes = run_all_here([run for run, _ in pending], experiments.seed, experiments.quick, experiments.limit)
        for (_, isolated), outcome in zip(pending, outcomes):
            isolated.outcomes[(experiments.seed, experiments.quick)] = outcome
    seen = reads.stop()
    writer.send_bytes(process.DATA + safe_pickle.dumps(Loaded(path, shown, found, "", _deps(path_, root_),
                                                              seen.files, seen.unseen)))


def one_line(text: str) -> str:
    """A load error is one line, whatever the exception's message looked like."""
    return " ".join(part.strip() for part in str(text).splitlines() if part.strip())


def describe(exc: BaseException, path: Path) -> str:
    if isinstance(exc, SyntaxError):
        elsewhere = exc.filename and Path(exc.filename).resolve() != path.resolve()
        return f"SyntaxError: {exc.msg} ({exc.filename + ', ' if elsewhere else ''}line {exc.lineno})"
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename).resolve() == path.resolve()]
    where = f" (line {frames[-1].lineno})" if frames else ""
    return f"{exc.__class__.__name__}: {exc}{where}"


def collect(module, path: Path, shown: str, Derivation) -> list:
    found, seen = [], set()
    for var, value in vars(module).items():
        if isinstance(value, Derivation) and id(value) not in seen and \
                Path(value.file or path).resolve() == path.resolve():
            seen.add(id(value))
            value.name = value.name or var
            value.file = shown
            found.append(value)
    return found


def _name_facts(found: list, root: Path, Derivation, origin: dict) -> list:
    """Every cited fact not defined in this file, named by its variable and filed relative to the root."""
    facts, seen = [], {id(d) for d in found}
    stack = list(found)
    while stack:
        d = stack.pop()
        for step in d.steps:
            for fact in step.by:
                if isinstance(fact, Derivation) and id(fact) not in seen:
                    seen.add(id(fact))
                    fact.name = fact.name or _variable_name(fact) or fact.title
                    origin[id(fact)] = str(Path(fact.file).resolve()) if fact.file else ""
                    fact.file = shown_path(Path(fact.file), root) if fact.file else ""
                    facts.append(fact)
                    stack.append(fact)
    return facts


def _variable_name(obj) -> str:
    import os
    if not obj.file:
        return ""
    home = os.path.realpath(obj.file)
    name = os.path.basename(home)
    for module in list(sys.modules.values()):
        where = getattr(module, "__file__", None)
        if where and os.path.basename(where) == name and os.path.realpath(where) == home:
            for var, value in vars(module).items():
                if value is obj:
                    return var
    return ""


def _make_portable(d, plan: ExperimentPlan | None, root: Path, source_file: str) -> list:
    """Text fields as text, each expression serialisable as data (else that step's error), runs as data.

    Returns (the experiment's own run, the IsolatedRun standing in for it) pairs, to be run here."""
    from .experiments import IsolatedRun
    d.title, d.source = str(d.title), str(d.source)
    d.notes, d.assumptions = [str(x) for x in d.notes], [str(x) for x in d.assumptions]
    whole_ok = not _unportable(_without_facts(d))
    if d.start is not None and not whole_ok:
        problem = _unportable(d.start)
        if problem:
            d.start, d.start_error = None, f"cannot be rendered or serialised: {problem}"
    if not d.steps:
        d.start_error = d.start_error or ("the derivation has no steps: a chain needs at least one step "
                                          "(experiments alone are evidence, never a derivation)")
    for step in d.steps:
        step.reason, step.source = str(step.reason), str(step.source)
        step.assumptions = [str(x) for x in step.assumptions]
        if whole_ok:
            continue
        by, step.by = step.by, []
        problem = _unportable(step)
        step.by = by
        if problem:
            step.error = f"cannot be rendered or serialised: {problem}"
            step.rhs, step.meanings, step.measure, step.given, step.wrt, step.by = None, [], None, {}, (), []
    pending = []
    for k, exp in enumerate(d.experiments):
        run = IsolatedRun(source_file, str(root), d.name, k, plan.limit if plan else DEFAULT_LOAD_LIMIT)
        pending.append((exp.run, run))
        exp.run = run
        exp.title, exp.claim = str(exp.title), str(exp.claim)
    return pending


def _without_facts(d):
    """A shallow copy of d whose steps cite nothing: cited facts are checked as derivations of their own."""
    import copy
    twin = copy.copy(d)
    twin.steps = [copy.copy(step) for step in d.steps]
    for step in twin.steps:
        step.by = []
    twin.experiments = []
    return twin


def _unportable(obj) -> str:
    """Why obj cannot be sent to the checker (rebuilt from data classes only), or '' if it can.

    Rendering is not tried here: the checker turns a step whose LaTeX printer raises into that
    step's error itself, and trying every step twice would double the cost of loading."""
    try:
        safe_pickle.loads(safe_pickle.dumps(obj))
    except Exception as exc:
        return f"{exc.__class__.__name__}: {exc}"
    return ""


def _deps(path: Path, root: Path) -> list[str]:
    """The source files this file's import pulled in from the project (not the verifier, not installed packages).

    Plain string prefixes, not Path.resolve(): sys.modules holds thousands of SymPy modules."""
    import os
    excluded = tuple(os.path.join(os.path.realpath(p), "") for p in {sys.prefix, sys.base_prefix, str(PACKAGE_DIR)})
    homes = tuple(os.path.join(os.path.realpath(p), "") for p in {str(root), str(path.parent)})
    out = {os.path.realpath(path)}
    for module in list(sys.modules.values()):
        where = getattr(module, "__file__", None)
        if not where or not where.endswith(".py") or not where.startswith(homes) or where.startswith(excluded):
            continue
        out.add(os.path.realpath(where))
    return sorted(out)


# ---------------------------------------------------------------- back in the parent

def relink(derivations: list) -> list:
    """Make every cited fact the very object checked under its (file, name), so verdicts flow by identity."""
    from ..authoring.chain import Derivation
    canonical: dict[tuple[str, str], object] = {}
    for d in derivations:
        canonical.setdefault((d.file, d.name), d)
    stack, seen = list(derivations), set()
    while stack:
        d = stack.pop()
        if id(d) in seen:
            continue
        seen.add(id(d))
        for step in d.steps:
            linked = []
            for fact in step.by:
                if isinstance(fact, Derivation):
                    fact = canonical.setdefault((fact.file, fact.name), fact)
                    stack.append(fact)
                linked.append(fact)
            step.by = linked
    return derivations


# ---------------------------------------------------------------- the claims register, loaded apart too

def load_claims(paths: list[Path], root: Path, *, limit: float = DEFAULT_LOAD_LIMIT,
                cache=None) -> tuple[list, list[tuple[str, str]]]:
    """Every Claim declared at module level in the files, in order, and (file, one-line error) pairs.

    One child loads all the files, so a claim imported into several modules is still one claim.
    Its derivations travel as their "file::name" keys, resolved in the child where they are named.
    With a ResultsCache, an unchanged register is read from it without importing anything.
    """
    from ..results_cache import file_hash
    root = Path(root).resolve()
    folder = root / "derivations"
    if cache is not None:
        known = cache.get_claims(folder, paths)
        if known is not None:
            return known[0], known[1]
    before = {str(Path(p).resolve()): file_hash(p) for p in paths}
    data, failure = process.run_one(_claims_child, ([str(Path(p)) for p in paths], str(root)),
                                    limit * max(1, len(paths)))
    if data is None:
        return [], [("derivations", one_line(failure))]
    try:
        claims, errors, deps, read, unseen = safe_pickle.loads(data)
    except Exception as exc:
        return [], [("derivations", f"sent back something that is not a claim: {exc}")]
    if cache is not None and not errors and not unseen:
        cache.put_claims(folder, paths, deps, [claims, errors], before, read)
    return claims, errors


def _claims_child(writer, paths: list[str], root: str):
    from ..authoring.claims import Claim, derivation_key
    from ..authoring.chain import Derivation
    claims, errors, seen = [], [], {}
    reads.start()
    for path in map(Path, paths):
        shown = shown_path(path, Path(root))
        try:
            module = module_for(path, Path(root))
        except BaseException as exc:
            errors.append((shown, describe(exc, path)))
            continue
        for var, value in vars(module).items():
            if isinstance(value, Derivation) and not value.name and \
                    Path(value.file or "/").resolve() == path.resolve():
                value.name = var        # as the loader names it, so keys match the checked derivations
        for value in vars(module).values():
            if isinstance(value, Claim) and id(value) not in {id(c) for c in claims}:
                if value.id in seen:
                    errors.append((shown, f"claim id {value.id!r} is declared twice"))
                    continue
                seen[value.id] = value
                claims.append(value)
    portable = []
    for c in claims:
        c.evidence = {k: [derivation_key(d) for d in ds] for k, ds in c.evidence.items()}
        portable.append(c)
    read = reads.stop()
    deps = sorted({dep for path in map(Path, paths) for dep in _deps(path, Path(root))})
    writer.send_bytes(process.DATA + safe_pickle.dumps((portable, errors, deps, read.files, read.unseen)))
