"""`pytest --derivations` is a switch; the derivation paths are pytest's ordinary arguments, wherever they
stand.  A node ID before the switch selects its one step; a path after the switch checks that file and
not the project's test suite; no path checks derivations/ alone."""
from __future__ import annotations

import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.subprocess, pytest.mark.slow]

TWO = '''\
from verifier import calc, positive, log
x = positive("x")
chain = (calc(log(x * x), title="two steps")
         .eq(2 * log(x), "log of a product")
         .eq(log(x) + log(x), "twice is a sum"))
'''

OTHER = '''\
from verifier import calc, real
t = real("t")
square = calc((t + 1) ** 2, title="a square").eq(t ** 2 + 2 * t + 1, "expand")
'''

SUITE_TEST = '''\
def test_the_project_suite_ran():
    raise AssertionError("the project's own test suite ran")
'''


@pytest.fixture
def project(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "two.py").write_text(TWO)
    (tmp_path / "derivations" / "other.py").write_text(OTHER)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_suite.py").write_text(SUITE_TEST)
    return tmp_path


def pytest_run(*args, cwd):
    installed = any(ep.value == "verifier.pytest_plugin" for ep in metadata.entry_points(group="pytest11"))
    plugin = [] if installed else ["-p", "verifier.pytest_plugin"]
    done = subprocess.run([sys.executable, "-m", "pytest", *plugin, "-p", "no:cacheprovider", "-q", "-rA", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return done.returncode, done.stdout + done.stderr


def passed(out: str) -> set[str]:
    return {line.split(" ", 1)[1].strip() for line in out.splitlines() if line.startswith("PASSED ")}


def test_a_node_id_before_the_switch_runs_that_step_alone(project):
    code, out = pytest_run("derivations/two.py::chain::step 1", "--derivations", cwd=project)
    assert code == 0, out
    assert passed(out) == {"derivations/two.py::chain::step 1"}


def test_a_path_after_the_switch_checks_that_file_and_not_the_test_suite(project):
    code, out = pytest_run("--derivations", "derivations/two.py", cwd=project)
    assert code == 0, out
    assert passed(out) == {"derivations/two.py::chain::step 1", "derivations/two.py::chain::step 2"}
    assert "the project's own test suite ran" not in out


def test_the_switch_alone_checks_every_derivation_file_and_nothing_else(project):
    code, out = pytest_run("--derivations", cwd=project)
    assert code == 0, out
    assert passed(out) == {"derivations/two.py::chain::step 1", "derivations/two.py::chain::step 2",
                           "derivations/other.py::square::step 1"}


def test_near_miss_a_test_module_given_beside_a_derivation_file_stays_a_test_module(project):
    code, out = pytest_run("--derivations", "derivations/other.py", "tests/test_suite.py", cwd=project)
    assert code == 1
    assert "the project's own test suite ran" in out
    assert passed(out) == {"derivations/other.py::square::step 1"}
