"""A CPU-time limit for one SymPy strategy, and what an interrupted computation must leave behind: nothing.

SymPy has no timeouts of its own, and `simplify` can run for minutes.  SIGPROF
interrupts pure-Python work between bytecodes, which is where SymPy spends its
time.  Signals only reach the main thread; elsewhere the limit is not enforced
and the caller is told so through `enforced`.

The limit counts the process's CPU time (ITIMER_PROF), not the wall clock, so a
machine loaded by other work gives the same answers, only later.  A child
process's CPU time is its own: work handed to a child is limited there (see
`settings.cpu_clock` for a clock that counts reaped children too).

`StrategyTimeout` derives from BaseException, so no `except Exception` in SymPy,
mpmath or this project can swallow it half way and return a half-computed value.
After an interrupted computation SymPy's cache is cleared and FLINT's and
mpmath's precisions are restored, so the next computation starts from the state a
fresh process would have.

Limits nest: a strategy under a 5 s limit may call helpers with their own limits.
The process has one interval timer, so an inner limit never extends the outer
one, and when the inner block ends the outer timer is re-armed with what is left
of it.

Fault injection (for tests and `bench/bench_verdict_stability.py`): with
VERIFIER_FAULTS=seed:rate in the environment, each limit (and each numeric
deadline, see `settings.faulted`) is, with probability rate, cut to a seeded random
fraction of itself, so computations are interrupted at random instants.  A
verdict may then only change to unknown.
"""
from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager

from ..interrupts import LimitPassed, holding_fire, install_finalizer_guard
from ..settings import cpu_clock, faulted, faults  # noqa: F401  (re-exported: the prove layer's callers use them)

_MIN_REARM = 1e-3     # an outer limit that has already passed fires almost at once
# Once a limit has passed, the signal repeats at this interval until the block ends: a StrategyTimeout raised
# where Python ignores exceptions (a gc callback, a __del__) would otherwise leave the block with no limit.
_REPEAT = 0.05


class StrategyTimeout(LimitPassed):
    """A time limit passed.  Not an Exception: `except Exception` cannot swallow it (a bare `except:` can, see
    `time_limit`)."""


class _Limit:
    """One active limit; `fired` once its exception was raised inside its block (a held signal is not)."""
    __slots__ = ("fired",)

    def __init__(self):
        self.fired = False


# The limits active in this process, innermost last; the handler raises only while one is.
_ACTIVE: list = []


def _raise(signum, frame):
    if _ACTIVE and not holding_fire():
        _ACTIVE[-1].fired = True
        raise StrategyTimeout()


# ----------------------------------------------------------------------------- recovery

def recover(flint_prec: int | None = None, mp_prec: int | None = None) -> None:
    """Forget everything an interrupted computation may have left half-built.

    SymPy's cache may hold values computed by code whose callees were cut short, FLINT's and mpmath's
    working precisions may be those of the interrupted block.  Compiled ball functions and memos are
    dropped by their owners (they only store completed work)."""
    from sympy.core.cache import clear_cache
    clear_cache()
    try:
        import flint
        if flint_prec is not None:
            flint.ctx.prec = flint_prec
    except ImportError:  # pragma: no cover - flint is a dependency
        pass
    if mp_prec is not None:
        import mpmath
        mpmath.mp.prec = mp_prec


def _precisions():
    import flint
    import mpmath
    return flint.ctx.prec, mpmath.mp.prec


@contextmanager
def time_limit(seconds: float):
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield False
        return
    if signal.getsignal(signal.SIGPROF) is not _raise:
        signal.signal(signal.SIGPROF, _raise)     # left installed: a late signal never meets SIG_DFL (which kills)
    install_finalizer_guard()
    outer_left, _ = signal.getitimer(signal.ITIMER_PROF)
    started = time.process_time()
    precisions = _precisions()
    armed = min(seconds, outer_left) if outer_left > 0 else seconds
    token = _Limit()
    _ACTIVE.append(token)
    signal.setitimer(signal.ITIMER_PROF, faulted(armed), _REPEAT)
    interrupted = False
    try:
        yield True
    except (StrategyTimeout, GeneratorExit):
        interrupted = True
        raise
    except BaseException:
        # The limit's exception, swallowed by a bare `except:` (mpmath has some) and turned into another error
        # (or into a fallback value that then failed): the block ran out of time, whatever it raised.
        if token.fired:
            interrupted = True
            raise StrategyTimeout() from None
        raise
    else:
        # The limit passed inside the block, and the block still returned: something swallowed the exception
        # (or it landed in a finalizer) and carried on with whatever it had.  A value computed across an
        # interruption is not one a quiet run would have computed: the block ran out of time.
        if token.fired:
            interrupted = True
            raise StrategyTimeout()
    finally:
        # The signal may land while this block runs: catch it here and finish the clean-up regardless.
        while True:
            try:
                signal.setitimer(signal.ITIMER_PROF, 0)
                if token in _ACTIVE:
                    _ACTIVE.remove(token)
                if interrupted:
                    recover(*precisions)
                if outer_left > 0:
                    signal.setitimer(signal.ITIMER_PROF,
                                     max(outer_left - (time.process_time() - started), _MIN_REARM), _REPEAT)
                break
            except StrategyTimeout:
                interrupted = True
