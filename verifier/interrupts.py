"""What a CPU-time limit's signal may do when it lands in a finalizer: nothing visible.

The limits (`prove.timeouts`, `evidence.replay`) raise from a SIGPROF handler, which Python runs
between any two bytecodes, including inside a `__del__` or a gc callback.  An exception raised
there cannot propagate: Python hands it to `sys.unraisablehook`, and the limit's timer repeats so
the interrupted block is still stopped a moment later.  Two things must not follow from that:

- the limit's exception printed as "Exception ignored in ..." (it is not an error, just a signal
  that came at an awkward instant), or counted as a failure by a test runner's hook;
- the repeating signal landing again inside that hook while it formats some *other* exception, so
  that the hook itself fails (pytest then reports "Failed to process unraisable exception": the
  CI failure this module exists for).

So, once any limit has been armed, the unraisable hook is wrapped: a limit's own exception is dropped,
and while the previous hook runs, the handlers hold their fire (the timer repeats, so the limit
still ends the block once the hook returns).  No verdict depends on any of this; only the instant
at which an interrupted block stops.
"""
from __future__ import annotations

import sys


class LimitPassed(BaseException):
    """Base of every CPU-time limit's exception.  Not an Exception: library code cannot swallow it."""


_holding = 0        # >0 while the wrapped hook runs: handlers must not raise
_previous = None    # the hook found when the guard was installed


def holding_fire() -> bool:
    """True while a limit's handler must not raise (the unraisable hook is running)."""
    return _holding > 0


def _guarded_hook(unraisable) -> None:
    global _holding
    if isinstance(unraisable.exc_value, LimitPassed):
        return
    _holding += 1
    try:
        (_previous or sys.__unraisablehook__)(unraisable)
    finally:
        _holding -= 1


def install_finalizer_guard() -> None:
    """Wrap whatever `sys.unraisablehook` is current (a test runner's, or Python's own), once.

    Called before a limit arms its timer, never undone: installing and removing around each limit
    would itself run while an outer limit's signal may land.  Outside limits the wrapper only
    delegates."""
    global _previous
    if sys.unraisablehook is not _guarded_hook:
        _previous = sys.unraisablehook
        sys.unraisablehook = _guarded_hook
