"""`verifier check FILE` updates that file's part of the project's report: the other files keep their
place, from their stored results while those still answer for their sources; a file whose sources changed
since is named as not checked, never shown with its old verdicts.  The JSON stays the checked file's."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.subprocess, pytest.mark.slow]

FIRST = '''\
from verifier import calc, real
t = real("t")
first_square = calc((t + 1) ** 2, title="the first file's square").eq(t ** 2 + 2 * t + 1, "expand")
'''
ADDED = '''
first_cube = calc((t + 1) ** 3, title="the first file's added cube").eq(t ** 3 + 3 * t ** 2 + 3 * t + 1, "expand")
'''
SECOND = '''\
from verifier import calc, positive, log
x = positive("x")
second_log = calc(log(x * x), title="the second file's logarithm").eq(2 * log(x), "log of a product")
'''


def run(project: Path, *args):
    done = subprocess.run([sys.executable, "-m", "verifier", *args, "--format", "html", "--jobs", "1"],
                          cwd=project, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return done


@pytest.fixture
def project(tmp_path):
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "first.py").write_text(FIRST)
    (tmp_path / "derivations" / "second.py").write_text(SECOND)
    done = run(tmp_path, "all")
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "reports" / "index.html").read_text()
    assert "the first file&#39;s square" in page or "the first file's square" in page
    return tmp_path


def shows(page: str, text: str) -> bool:
    return text in page or text.replace("'", "&#39;") in page or text.replace("'", "&#x27;") in page


def test_check_of_one_file_keeps_the_other_files_in_the_report(project):
    (project / "derivations" / "first.py").write_text(FIRST + ADDED)
    done = run(project, "check", "derivations/first.py", "--json", "r.json")
    assert done.returncode == 0, done.stderr
    page = (project / "reports" / "index.html").read_text()
    assert shows(page, "the first file's added cube")
    assert shows(page, "the second file's logarithm"), done.stdout + done.stderr
    assert "second.py: not checked" not in page
    assert [d["name"] for d in json.loads((project / "r.json").read_text())["derivations"]] == \
           ["first_square", "first_cube"]


def test_near_miss_a_file_changed_since_its_results_is_named_as_not_checked(project):
    (project / "derivations" / "second.py").write_text(SECOND.replace('"log of a product"', '"a product"'))
    done = run(project, "check", "derivations/first.py")
    assert done.returncode == 0, done.stderr
    page = (project / "reports" / "index.html").read_text()
    assert shows(page, "the first file's square")
    assert not shows(page, "the second file's logarithm")
    assert "derivations/second.py: not checked" in page
