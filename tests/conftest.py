"""What every test of the suite shares: one folder per run, in which the project is checked once.

The suite runs in parallel (`python -m pytest -n auto`).  The run's first process (the only one without
xdist, the controller with it) makes a temporary folder and names it in the environment before any worker
starts, so every worker reads the project's results from the same place (tests/engine.py:
project_results); the folder goes when that process ends.  Each test runs inside one call with a large frame
(below: CPython's frame chunks).  Markers (slow, subprocess, tex) are declared in
pyproject.toml; tests/README.md says where each behaviour is specified.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import types

import pytest
from _pytest import runner

from tests.engine import SHARED_FOLDER

_MADE: list[str] = []


def pytest_configure(config):
    if not os.environ.get(SHARED_FOLDER):
        folder = tempfile.mkdtemp(prefix="verifier-tests-")
        os.environ[SHARED_FOLDER] = folder
        _MADE.append(folder)


def pytest_collection_modifyitems(config, items):
    """Tests marked slow run first (in their collected order), so that a parallel run ends on quick tests and its
    workers finish together instead of one waiting for the other's last long test."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_unconfigure(config):
    for folder in _MADE:
        shutil.rmtree(folder, ignore_errors=True)
        if os.environ.get(SHARED_FOLDER) == folder:
            del os.environ[SHARED_FOLDER]
    _MADE.clear()


# CPython 3.11 keeps the frames of running Python functions in chunks of 16 KiB that it maps when the call stack
# grows past a chunk's end and unmaps when it shrinks back: SymPy's recursion, going up and down across such an
# edge, cost a map, an unmap and freshly zeroed pages tens of thousands of times per second of checking (most of
# the suite's system time: 5.7 of 36 CPU-s for tests/integrals_and_expectations' quick tier, 0.7 without).  Each
# test runs inside one call whose frame is large (70 000 unused local slots, 560 KiB): the chunk holding it has
# room for thousands more frames, so the test's stack stays in that one chunk.  What the test runs is unchanged,
# and the processes it forks start from the same stack.
def _call(run):
    return run()


_PADDING = tuple(f"_slot{i}" for i in range(70_000))
try:
    _call_in_a_roomy_chunk = types.FunctionType(
        _call.__code__.replace(co_varnames=_call.__code__.co_varnames + _PADDING,
                               co_nlocals=_call.__code__.co_nlocals + len(_PADDING)),
        _call.__globals__, "_call_in_a_roomy_chunk")
except (TypeError, ValueError):      # an interpreter whose code objects take no such slots: a plain call
    _call_in_a_roomy_chunk = _call


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """pytest's own protocol for one test (setup, call, teardown and their reports), run in a roomy chunk."""
    return _call_in_a_roomy_chunk(lambda: runner.pytest_runtest_protocol(item, nextitem))
