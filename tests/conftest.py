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

import pytest
from _pytest import runner

from tests.engine import SHARED_FOLDER
from verifier.frames import roomy_call

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


# Each test runs inside one call with a large frame (verifier/frames.py: CPython's frame chunks kept from
# thrashing, most of the suite's system time); what the test runs is unchanged.
@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """pytest's own protocol for one test (setup, call, teardown and their reports), run in a roomy chunk."""
    return roomy_call(runner.pytest_runtest_protocol, item, nextitem)
