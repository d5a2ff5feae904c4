"""What every test of the suite shares: one folder per run, in which the project is checked once.

The suite runs in parallel (`python -m pytest -n auto`).  The run's first process (the only one without
xdist, the controller with it) makes a temporary folder and names it in the environment before any worker
starts, so every worker reads the project's results from the same place (tests/engine.py:
project_results); the folder goes when that process ends.  Markers (slow, subprocess, tex) are declared in
pyproject.toml; tests/README.md says where each behaviour is specified.
"""
from __future__ import annotations

import os
import shutil
import tempfile

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

