"""A wall-clock limit for one SymPy strategy.

SymPy has no timeouts of its own, and `simplify` can run for minutes.  SIGALRM
interrupts pure-Python work between bytecodes, which is where SymPy spends its
time.  Signals only reach the main thread; elsewhere the limit is not enforced
and the caller is told so through `enforced`.

Limits nest: a strategy under a 5 s limit may call helpers with their own limits.
The process has one interval timer, so an inner limit never extends the outer
one, and when the inner block ends the outer timer is re-armed with what is left
of it (before, leaving an inner block switched the outer limit off).
"""
from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager

_MIN_REARM = 1e-3     # an outer limit that has already passed fires almost at once


class StrategyTimeout(Exception):
    pass


def _raise(signum, frame):
    raise StrategyTimeout()


@contextmanager
def time_limit(seconds: float):
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield False
        return
    outer_left, _ = signal.getitimer(signal.ITIMER_REAL)
    started = time.monotonic()
    previous = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, min(seconds, outer_left) if outer_left > 0 else seconds)
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer_left > 0:
            signal.setitimer(signal.ITIMER_REAL, max(outer_left - (time.monotonic() - started), _MIN_REARM))
