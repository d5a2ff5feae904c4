"""Signals that stop work: a limit's signal landing in a finalizer, and a stopped run's children.

1. What a CPU-time limit's signal may do when it lands in a finalizer: nothing visible.

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

2. A stopped run stops, children included.  Every process forked from a main thread once this module is
imported is bound to its parent's life (PR_SET_PDEATHSIG with SIGKILL on Linux, set by an at-fork hook;
where there is no prctl, `watch_parent_where_unbound` starts a thread that exits with the parent).  The
children a process starts are tracked (`track`), and while `stopping_children()` is active SIGTERM and
SIGINT kill them all, each with its process group when it leads one, then end the process at once.
`cap_cpu` asks the kernel to bound a process's CPU time, which holds in C code and when no parent
watches any more.
"""
from __future__ import annotations

import ctypes
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager


class LimitPassed(BaseException):
    """Base of every CPU-time limit's exception.  Not an Exception: library code cannot swallow it."""


class RanOutOfTime(Exception):
    """Work done in another process was stopped at its time limit, and this process is told so as data.

    What the judge reads it as: unknown, never an error and never a verdict, since more time could have
    given one.  (An Exception, not a LimitPassed: no limit of this process has passed.)"""


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


# ----------------------------------------------------------------------------- a stopped run stops


_PR_SET_PDEATHSIG = 1
_FORK: dict = {"parent": None, "bound": False}
# Children started by this process and still running: pid -> whether it leads a process group of its own.
_LIVE: dict[int, bool] = {}


def _prctl():
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _prctl()


def _before_fork() -> None:
    _FORK["parent"] = os.getpid()
    _FORK["bound"] = threading.current_thread() is threading.main_thread()


def _after_fork_in_child() -> None:
    """In every child forked here: forget the parent's children, and die with the parent.

    Only for a fork from the main thread: PR_SET_PDEATHSIG fires when the forking *thread* ends."""
    _LIVE.clear()
    if not _FORK["bound"] or _PRCTL is None:
        return
    if _PRCTL(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0 and os.getppid() != _FORK["parent"]:
        os._exit(1)     # the parent died before the binding took effect


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_child=_after_fork_in_child)


def watch_parent_where_unbound(parent: int) -> None:
    """Where the kernel cannot bind a child to its parent: a thread that exits as soon as the parent has gone."""
    if _PRCTL is not None:
        return

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)
    threading.Thread(target=watch, name="verifier-parent-watch", daemon=True).start()


def track(pid: int, own_group: bool) -> None:
    """Count pid among the children `stopping_children()` kills; forget it with `untrack` once reaped."""
    _LIVE[pid] = own_group


def untrack(pid: int) -> None:
    _LIVE.pop(pid, None)


def kill_children() -> None:
    """SIGKILL every child this process started and still counts (with its group when it leads one), and
    every multiprocessing child (e.g. the checking workers)."""
    for pid, own_group in list(_LIVE.items()):
        for kill in ((os.killpg, os.kill) if own_group else (os.kill,)):
            try:        # the process itself too: it may not have made its own group yet
                kill(pid, signal.SIGKILL)
            except OSError:
                pass
    for proc in multiprocessing.active_children():
        try:
            os.kill(proc.pid, signal.SIGKILL)
        except (OSError, TypeError):
            pass


_LAST_WORDS: dict[int, str] = {}    # pid -> the one line that process says on standard error when stopped


def say_when_stopped(line: str) -> None:
    """The line this process (not its children) writes to standard error when a signal stops it."""
    _LAST_WORDS[os.getpid()] = line


def _stop(signum, frame):
    kill_children()
    line = _LAST_WORDS.get(os.getpid())
    if line:
        try:
            os.write(2, (line + "\n").encode("utf-8", "replace"))
        except OSError:
            pass
    os._exit(128 + signum)


@contextmanager
def stopping_children():
    """While active, SIGTERM and SIGINT kill every child and end this process at once (128 + signal).

    Only in the main thread (elsewhere Python cannot install a handler; the block then runs unchanged).
    A child forked inside the block inherits the handlers, so it too kills its own children when the
    whole process group is signalled (as `timeout` and Ctrl-C do)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    for sig in previous:
        signal.signal(sig, _stop)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)


def cap_cpu(seconds: float, pid: int = 0) -> None:
    """The kernel's cap on a process's CPU time: `seconds` of CPU in all, then SIGXCPU, which ends it.

    pid 0 is this process, which also gives up core dumps (a process ended by SIGXCPU would leave one).
    Only the soft limit is set, never above the hard one: an unprivileged process cannot raise a hard
    limit again, and a parent extends its child's allowance through this soft limit."""
    try:
        import resource
        if not pid:
            resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))
        soft = max(1, math.ceil(seconds))
        _, hard = resource.prlimit(pid, resource.RLIMIT_CPU) if pid else resource.getrlimit(resource.RLIMIT_CPU)
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        if pid:
            resource.prlimit(pid, resource.RLIMIT_CPU, (soft, hard))
        else:
            resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    except (ImportError, OSError, ValueError, AttributeError):
        pass
