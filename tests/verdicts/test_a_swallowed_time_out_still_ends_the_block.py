"""A limit that passed inside its block ends the block as "ran out of time", even when something swallowed its signal.

The limit's exception is a BaseException, so `except Exception` cannot swallow it, but a bare `except:` can (mpmath
has a few: an interval comparison falls back to NotImplemented, a conversion to another route), and an exception
raised in a finalizer is dropped.  The block may then return a value computed across the interruption, or raise
some other error; either way the limit passed, and the caller must read it as a time-out (unknown), never as a
value or as a failed route.  A block that ends within its limit is untouched.
"""
from __future__ import annotations

import time

import pytest

from verifier.prove.timeouts import StrategyTimeout, time_limit


def _spin(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def _swallowing(seconds: float) -> str:
    """Spins past the limit inside a bare `except:`, as library code may, then returns a fallback."""
    try:
        _spin(seconds)
    except:  # noqa: E722 - the swallowing this test is about
        return "fallback after the interruption"
    return "finished"


def test_a_block_that_swallows_the_limit_and_returns_ran_out_of_time():
    with pytest.raises(StrategyTimeout):
        with time_limit(0.05):
            _swallowing(1.0)


def test_a_block_that_turns_the_limit_into_another_error_ran_out_of_time():
    with pytest.raises(StrategyTimeout):
        with time_limit(0.05):
            if _swallowing(1.0) != "finished":
                raise ValueError("the fallback value did not fit")


def test_a_block_that_ends_within_its_limit_keeps_its_value_and_its_own_errors():
    with time_limit(5.0):
        value = _swallowing(0.01)
    assert value == "finished"
    with pytest.raises(ValueError):
        with time_limit(5.0):
            raise ValueError("an ordinary failure")


def test_an_inner_block_that_swallows_its_limit_does_not_end_the_outer_one():
    with time_limit(5.0):
        with pytest.raises(StrategyTimeout):
            with time_limit(0.05):
                _swallowing(1.0)
        _spin(0.05)
        done = True
    assert done
