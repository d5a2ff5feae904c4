"""Experiments run in a process of their own, and come back as data.

An experiment is the author's Python code: it may call sys.exit, hang, or
return a `holds` that is merely truthy.  Each run happens in a child under a
time limit; `holds` must be a real boolean (True/False, or NumPy's bool), the
finding text, tables and plots are turned into plain strings and floats, and
anything else is that experiment's error — never a pass.
"""
from __future__ import annotations

import struct
import time
from dataclasses import dataclass, field

from ..interrupts import RanOutOfTime
from ..settings import DEFAULT_LOAD_LIMIT
from . import process, safe_pickle

# How the outcome of an experiment stopped at its time limit begins: the checker reads it as unknown.
TIMED_OUT = "the experiment ran out of its time limit: "


class ExperimentFailed(Exception):
    """The experiment did not produce a usable outcome; the message says why."""


class ExperimentTimedOut(ExperimentFailed, RanOutOfTime):
    """The experiment was stopped at its time limit: more time could have decided it."""


@dataclass
class IsolatedRun:
    """Stands in for an experiment's `run(seed, quick)` once its derivation has left the file's process."""
    path: str                  # the file that defines the derivation
    root: str
    derivation: str            # its name (the variable it is assigned to, or name=)
    index: int                 # which of its experiments
    limit: float = DEFAULT_LOAD_LIMIT
    outcomes: dict = field(default_factory=dict)   # (seed, quick) -> ExperimentOutcome, or why it failed (str)

    def __call__(self, seed: int, quick: bool):
        got = self.outcomes.get((seed, bool(quick)))
        if got is None:
            got = _rerun(self, seed, bool(quick))
            self.outcomes[(seed, bool(quick))] = got
        if isinstance(got, str):
            raise (ExperimentTimedOut if got.startswith(TIMED_OUT) else ExperimentFailed)(got)
        return got


def run_all_here(runs: list, seed: int, quick: bool, limit: float) -> list:
    """Run a file's experiments one after another in one forked child, each under its own time limit.

    One child for all of them keeps what they share (a file's cached simulation) computed once.
    An experiment that raises — SystemExit too — is its own error and the next one runs; one that ends
    the child is its own error, one stopped at its time limit is unknown (TIMED_OUT: more time could decide
    it), and the rest run on in a new child.
    """
    out: list = []
    while len(out) < len(runs):
        start = len(out)
        got: dict[int, object] = {}

        def on_message(_, child, message):
            if message[:1] == process.PROGRESS:
                (k,) = struct.unpack("!I", message[1:5])
                got[k] = _decode(message[5:], "") if message[5:6] != b"!" else message[6:].decode("utf-8", "replace")
                child.extend(limit)       # the next experiment gets the full limit
        [child] = process.run_all([(_run_many_child, (runs[start:], seed, quick), limit)], 1, on_message,
                                  own_group=False)
        _, failure = child.answer()
        for k in range(len(runs) - start):
            if k in got:
                out.append(got[k])
            else:               # the one running when the child stopped
                out.append((TIMED_OUT if child.timed_out else "the experiment failed: ") + failure)
                break
    return out


def _run_many_child(writer, runs, seed, quick):
    for k, run in enumerate(runs):
        try:
            t0 = time.perf_counter()
            outcome = plain_outcome(run(seed, quick))
            outcome.seconds = time.perf_counter() - t0     # the checker only sees the outcome handed over
            payload = safe_pickle.dumps(outcome)
        except BaseException as exc:   # SystemExit and KeyboardInterrupt are this experiment's error
            payload = b"!" + f"the experiment failed: {exc.__class__.__name__}: {exc}".encode("utf-8", "replace")
        writer.send_bytes(process.PROGRESS + struct.pack("!I", k) + payload)
    writer.send_bytes(process.DATA)


def _decode(data, failure):
    if data is None:
        return f"the experiment failed: {failure}"
    try:
        return safe_pickle.loads(data)
    except Exception as exc:
        return f"the experiment sent back something that is not an outcome: {exc}"


def plain_outcome(outcome):
    """The outcome as plain data; ValueError if `holds` is not a boolean or a table/plot is malformed."""
    from ..authoring.chain import ExperimentOutcome
    from ..verdicts import Plot, Table
    holds = getattr(outcome, "holds", None)
    if type(holds).__module__ == "numpy" and type(holds).__name__ in ("bool", "bool_"):
        holds = bool(holds)     # NumPy's boolean scalar is a boolean; a truthy string or number is not
    if not isinstance(holds, bool):
        raise ValueError(f"holds must be True or False, not {holds!r} ({type(holds).__name__}): "
                         "an experiment's verdict is never read from a truthy value")
    tables = []
    for t in getattr(outcome, "tables", None) or []:
        if not isinstance(t, Table):
            raise ValueError(f"tables must hold verifier.Table objects, not {type(t).__name__}")
        tables.append(Table(str(t.caption), [str(c) for c in t.columns], [[str(c) for c in row] for row in t.rows],
                            values=t.values))
    plots = []
    for p in getattr(outcome, "plots", None) or []:
        if not isinstance(p, Plot):
            raise ValueError(f"plots must hold verifier.Plot objects, not {type(p).__name__}")
        series = {str(label): ([float(x) for x in xs], [float(y) for y in ys]) for label, (xs, ys) in p.series.items()}
        plots.append(Plot(str(p.title), str(p.xlabel), str(p.ylabel), series, bool(p.logx), bool(p.logy)))
    return ExperimentOutcome(holds, str(getattr(outcome, "finding", "")), tables, plots)


# Outcomes of whole files run again in this process, by (path, root, seed, quick): the checker asks for a
# file's experiments one by one, and importing the file once for all of them is what makes that cheap.
_RERUN: dict = {}


def _rerun(run: IsolatedRun, seed: int, quick: bool):
    """Settings other than the ones the loader ran with: import the file again in a child and run all of its
    experiments there (each under its own limit, as when loading), then answer this one."""
    key = (run.path, run.root, seed, quick)
    if key not in _RERUN:
        data, failure = process.run_one(_rerun_child, (run.path, run.root, seed, quick, run.limit),
                                        run.limit * 50)
        got = None
        if data is not None:
            try:
                got = safe_pickle.loads(data)
            except Exception as exc:
                failure = f"sent back something that is not an outcome: {exc}"
        _RERUN[key] = got if isinstance(got, dict) else f"the experiment failed: {failure}"
    found = _RERUN[key]
    if isinstance(found, str):
        return found
    return found.get((run.derivation, run.index), f"the experiment failed: {run.path} no longer defines "
                                                  f"{run.derivation}'s experiment {run.index + 1}")


def _rerun_child(writer, path, root, seed, quick, limit):
    from pathlib import Path

    from ..authoring.chain import Derivation
    from .modules import module_for
    module = module_for(Path(path), Path(root))
    keys, runs = [], []
    here = Path(path).resolve()
    for var, value in vars(module).items():
        if isinstance(value, Derivation) and value.file and Path(value.file).resolve() == here:
            for k, exp in enumerate(value.experiments):
                keys.append((value.name or var, k))
                runs.append(exp.run)
    outcomes = run_all_here(runs, seed, quick, limit)
    writer.send_bytes(process.DATA + safe_pickle.dumps(dict(zip(keys, outcomes))))
