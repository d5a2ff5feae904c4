"""A wall-clock limit for one SymPy strategy.

SymPy has no timeouts of its own, and `simplify` can run for minutes.  SIGALRM
interrupts pure-Python work between bytecodes, which is where SymPy spends its
time.  Signals only reach the main thread; elsewhere the limit is not enforced
and the caller is told so through `enforced`.
"""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager


class StrategyTimeout(Exception):
    pass


def _raise(signum, frame):
    raise StrategyTimeout()


@contextmanager
def time_limit(seconds: float):
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield False
        return
    previous = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
