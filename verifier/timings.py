"""Where a step's time goes (symbolic search, replay of a recorded strategy, numbers), for bench/ only.

Off unless the environment names a file in VERIFIER_TIMINGS: each checked step then appends one
JSON line {"fingerprint", "file", "seconds", "symbolic", "replay", "numbers", "evalf", "mpmath", "cpu"}
(wall seconds, in the process that checked it; a step's numbers may run in a child, whose time is then
not split).  "evalf" is the part of "numbers" spent in SymPy evalf replays (refutations confirmed,
agreeing points cross-checked where the mpmath replay could not confirm them) and "mpmath" the part
spent cross-checking agreeing points with the step's lambdify to mpmath, so the bench can say what the
balls and the search cost apart from them.  "cpu" holds the same kinds, and "seconds" for the whole step,
in CPU seconds (reaped children included), the clock every limit counts: the bench reads the headroom
under the limits from it.  A top-level module because both the evidence and the judge layers time their
work with it.  Nothing here can change a result: it only reads the clocks.
"""
from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager

ENV = "VERIFIER_TIMINGS"
KINDS = ("symbolic", "replay", "numbers", "evalf", "mpmath")
_SPENT: dict = {}
_CPU: dict = {}


def enabled() -> bool:
    return bool(os.environ.get(ENV))


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


@contextmanager
def spent(kind: str):
    """Adds the wall and CPU time of the block to kind (blocks of one kind must not nest; "evalf" and
    "mpmath" nest in "numbers")."""
    if not enabled():
        yield
        return
    t0, c0 = time.perf_counter(), _cpu()
    try:
        yield
    finally:
        _SPENT[kind] = _SPENT.get(kind, 0.0) + time.perf_counter() - t0
        _CPU[kind] = _CPU.get(kind, 0.0) + _cpu() - c0


def start_step() -> None:
    _SPENT.clear()
    _CPU.clear()
    _CPU["started"] = _cpu()


def end_step(fingerprint: str, file: str, seconds: float) -> None:
    """One line for the step just checked; a file that cannot be written is simply not written."""
    target = os.environ.get(ENV)
    if not target:
        return
    line = {"fingerprint": fingerprint, "file": file, "seconds": round(seconds, 6)}
    line.update({k: round(_SPENT.get(k, 0.0), 6) for k in KINDS})
    cpu = {k: round(_CPU.get(k, 0.0), 6) for k in KINDS}
    if "started" in _CPU:
        cpu["seconds"] = round(_cpu() - _CPU["started"], 6)
    line["cpu"] = cpu
    try:
        fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        with os.fdopen(fd, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(line) + "\n")
    except OSError:
        pass
    _SPENT.clear()
    _CPU.clear()
