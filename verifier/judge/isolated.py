"""Numeric work that a signal cannot stop, run where it can be stopped: a forked child with a CPU limit.

A time limit is a signal, and Python runs a signal handler only between bytecodes; mpmath quadrature
deep in a big-integer `exp`, or a FLINT call, can run for minutes without reaching one (e.g. a polar
double integral ran 380–466 s while reporting "timed out after 10 s").  Such evaluations (integrals, and
functions evaluated by mpmath instead of FLINT) run in a forked child: its CPU time is capped by the
kernel (RLIMIT_CPU, which kills it in C code too), and the parent stops waiting after a generous wall
time (a child that sleeps uses no CPU).  A child stopped either way, or killed by a crash in a C library,
answers "timed out": the step is unknown, never decided by an unfinished computation.  The child's CPU
time is counted by the step's clock once it is reaped (settings.cpu_clock counts reaped children).
"""
from __future__ import annotations

import math
import os
import pickle
import select
import signal
import time

import sympy as sp

from .. import functions
from ..interrupts import track, untrack

# Which functions run in a child is the table's (functions.needs_isolation: marked `isolate`, no certified ball
# method for the call, or a function the table does not know: hyper, meijerg, elliptic_f, …).  These nodes too:
_SLOW = (sp.Integral, sp.Derivative, sp.Limit)

# A child that uses no CPU (waiting on something) is still stopped: after this many times its CPU limit.
WALL_FACTOR = 10.0
WALL_MARGIN = 30.0


class Stopped(Exception):
    """The child was stopped at its limit, or died before answering."""


def needed(*exprs) -> bool:
    """Whether evaluating these expressions may get stuck where a signal cannot reach it."""
    from ..evidence.balls import MPMATH_FALLBACK
    for e in exprs:
        if not isinstance(e, sp.Basic):
            continue
        for node in sp.preorder_traversal(e):
            if isinstance(node, _SLOW) or functions.needs_isolation(node) or type(node).__name__ in MPMATH_FALLBACK:
                return True
    return False


def run(fn, cpu_seconds: float):
    """fn() in a forked child whose CPU time is capped at about cpu_seconds; its (picklable) value.

    Raises Stopped when the child hit the limit, was killed, or died; an exception fn raised is raised
    again here (as Stopped with its description when it cannot be pickled)."""
    soft = max(1, math.ceil(cpu_seconds) + 1)      # RLIMIT_CPU counts whole seconds; the child's own
    read_end, write_end = os.pipe()               # deadlines (checked between bytecodes) usually come first
    pid = os.fork()
    if pid == 0:                                   # the child
        try:
            os.close(read_end)
            import resource
            resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 1))
            try:
                payload = pickle.dumps((True, fn()))
            except BaseException as exc:  # everything, timeouts included: raised again in the parent
                try:
                    payload = pickle.dumps((False, exc))
                except Exception:
                    payload = pickle.dumps((False, Stopped(f"{exc.__class__.__name__}: {str(exc)[:200]}")))
            with os.fdopen(write_end, "wb") as out:
                out.write(payload)
        finally:
            os._exit(0)
    track(pid, False)
    os.close(write_end)
    chunks, stopped = [], ""
    wall_end = time.monotonic() + WALL_FACTOR * soft + WALL_MARGIN
    try:
        while True:
            left = wall_end - time.monotonic()
            if left <= 0:
                stopped = f"stopped after {WALL_FACTOR * soft + WALL_MARGIN:g} s of wall time"
                break
            ready, _, _ = select.select([read_end], [], [], left)
            if not ready:
                continue
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_end)
        if stopped:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        _, status = os.waitpid(pid, 0)
        untrack(pid)
    if stopped:
        raise Stopped(stopped)
    if not chunks:
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else f"signal {sig}"
            if sig in (signal.SIGXCPU, signal.SIGKILL):
                raise Stopped(f"stopped at its CPU limit of {soft} s (stuck where a signal cannot reach)")
            raise Stopped(f"its process was killed by {name}")
        raise Stopped("its process exited before answering")
    ok, value = pickle.loads(b"".join(chunks))
    if not ok:
        raise value
    return value
