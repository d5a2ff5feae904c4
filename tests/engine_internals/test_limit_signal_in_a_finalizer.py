"""A CPU-time limit's signal that lands in a finalizer is invisible: it is neither printed nor
reported by a test runner's hook, and it never breaks that hook while it handles something else.

The CI failure this guards against: SIGPROF repeated while pytest's unraisable hook was formatting
a StrategyTimeout raised in a `__del__`; the hook itself then failed and pytest failed the test."""
from __future__ import annotations

import gc
import sys
import types

import pytest

from verifier import interrupts
from verifier.evidence.replay import ReplayTimeout
from verifier.prove import timeouts
from verifier.prove.timeouts import StrategyTimeout, time_limit


def _unraisable(exc: BaseException):
    return types.SimpleNamespace(exc_type=type(exc), exc_value=exc, exc_traceback=None,
                                 err_msg=None, object=None)


@pytest.fixture
def recorded(monkeypatch):
    """The hook the guard wraps, recording what reaches it."""
    seen = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: seen.append(u.exc_value))
    with time_limit(60):            # installs the guard around the recording hook
        pass
    yield seen


@pytest.mark.parametrize("limit", [StrategyTimeout, ReplayTimeout])
def test_a_limits_own_exception_from_a_finalizer_is_dropped(recorded, limit):
    sys.unraisablehook(_unraisable(limit()))
    assert recorded == []


def test_any_other_exception_from_a_finalizer_still_reaches_the_previous_hook(recorded):
    error = ValueError("a real bug in a __del__")
    sys.unraisablehook(_unraisable(error))
    assert recorded == [error]


def test_the_limits_signal_holds_fire_while_the_previous_hook_runs(monkeypatch):
    """The signal landing inside the runner's hook must not raise there (the timer repeats)."""
    fired = []

    def runner_hook(_unraisable):
        timeouts._raise(0, None)        # the signal arriving while the hook formats the exception
        fired.append("returned normally")

    monkeypatch.setattr(sys, "unraisablehook", runner_hook)
    with time_limit(60):
        sys.unraisablehook(_unraisable(ValueError("x")))
    assert fired == ["returned normally"]
    assert not interrupts.holding_fire()


def test_outside_the_runners_hook_the_signal_still_raises():
    with pytest.raises(StrategyTimeout):
        with time_limit(60):
            timeouts._raise(0, None)


@pytest.mark.slow
def test_a_limit_passing_inside_a_del_still_ends_the_block_and_reports_nothing(recorded):
    """End to end: finalizers busy when the limit passes; the block still stops, nothing reported."""
    class Busy:
        def __del__(self):
            x = 0
            for i in range(20000):
                x += i

    def own_work():
        x = 0
        for i in range(200000):
            x += i

    with pytest.raises(StrategyTimeout):
        with time_limit(0.05):
            while True:
                a = [Busy() for _ in range(50)]
                a.append(a)           # a cycle, so gc runs the finalizers
                del a
                gc.collect()
                # The block's own work between collections: a signal that lands in a finalizer is dropped,
                # and only a later one, outside, ends the block. A block that spent all its time in
                # finalizers would never end (every signal is handled in the next __del__'s bytecode):
                # without this line the test can loop for many minutes.
                own_work()
    assert [e for e in recorded if not isinstance(e, interrupts.LimitPassed)] == []
