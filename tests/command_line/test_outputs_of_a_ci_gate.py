"""The outputs of a CI gate (--json, --junit, the report) as a user wiring the verifier into CI meets them:

- a /dev/ path (or any path that is not a regular file) is written straight to what it names: standard
  output redirected to a log with `>>` is appended to, never renamed over, and no file appears beside it;
- an interrupted run (Ctrl-C, SIGTERM) leaves the previous outputs as they were and says so in one line;
- a destination that cannot be written is said at once, before the run, in one line naming the user's path.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from verifier.present import output_files

ROOT = Path(__file__).resolve().parents[2]

FAST = '''\
from verifier import calc, positive, log
x = positive("x")
honest = calc(log(x * x), title="log of a square").eq(2 * log(x), "log of a product")
'''

SLOW = '''\
import time
from pathlib import Path
from verifier import calc, positive
(Path(__file__).parent.parent / "started").write_text("")
time.sleep(300)
x = positive("x")
later = calc(x + 1, title="bigger").ge(x, "adds one")
'''


def env():
    return dict(os.environ, PYTHONPATH=str(ROOT))


def command(*args):
    return [sys.executable, "-m", "verifier", *args]


@pytest.fixture
def project(tmp_path):
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "fast.py").write_text(FAST)
    return tmp_path


@pytest.mark.subprocess
@pytest.mark.parametrize("option", ["--json", "--junit"])
def test_dev_stdout_redirected_to_a_log_appends_to_it_and_leaves_nothing_beside_it(project, option):
    log = project / "gate.log"
    log.write_text("an earlier line\n")
    inode = os.stat(log).st_ino
    beside = Path("/dev/stdout.jsonl")
    existed = beside.exists()
    with open(log, "ab") as out:
        done = subprocess.run(command("all", "--no-report", "--no-cache", "--jobs", "1", option, "/dev/stdout"),
                              cwd=project, stdout=out, stderr=subprocess.PIPE, text=True, timeout=600, env=env())
    assert done.returncode == 0, done.stderr
    assert os.stat(log).st_ino == inode, "the log was replaced by a renamed file"
    text = log.read_text()
    assert text.startswith("an earlier line\n")
    written = text[len("an earlier line\n"):]
    if option == "--json":
        assert json.loads(written)["derivations"][0]["name"] == "honest"
    else:
        assert ET.fromstring(written.encode()).get("tests") == "1"
    assert beside.exists() == existed
    assert sorted(p.name for p in project.iterdir()) == ["derivations", "gate.log", "pyproject.toml"]


def test_a_descriptor_path_is_written_through_the_open_descriptor(tmp_path):
    log = tmp_path / "log"
    log.write_text("kept\n")
    fd = os.open(log, os.O_WRONLY | os.O_APPEND)
    try:
        output_files.write_output(f"/dev/fd/{fd}", b"appended\n")
    finally:
        os.close(fd)
    assert log.read_text() == "kept\nappended\n"
    assert output_files.in_place(f"/dev/fd/{fd}") and output_files.sidecar("/dev/stderr") is None


def test_near_miss_a_regular_file_is_still_replaced_whole_with_its_lines_beside_it(tmp_path):
    target = tmp_path / "r.json"
    target.write_text("old, and longer than what replaces it\n")
    output_files.write_output(target, b"new\n")
    assert target.read_text() == "new\n"
    assert not output_files.in_place(target) and output_files.sidecar(target) == tmp_path / "r.jsonl"


def _interrupted(project: Path, sig: int):
    (project / "derivations" / "slow.py").write_text(SLOW)
    (project / "r.json").write_text('{"previous": true}\n')
    (project / "r.jsonl").write_text('{"previous": "line"}\n')
    (project / "j.xml").write_text("<previous/>\n")
    proc = subprocess.Popen(command("all", "--no-report", "--no-cache", "--jobs", "1", "--json", "r.json",
                                    "--junit", "j.xml"),
                            cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(),
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        while not (project / "started").exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert (project / "started").exists(), "the run never got to loading the slow file"
        os.killpg(proc.pid, sig)        # as Ctrl-C and `timeout` do: the whole process group
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return proc.returncode, out, err


@pytest.mark.subprocess
@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interrupted_run_keeps_the_previous_outputs_and_says_so_in_one_line(project, sig):
    code, out, err = _interrupted(project, sig)
    assert code == 128 + sig
    assert (project / "r.json").read_text() == '{"previous": true}\n'
    assert (project / "r.jsonl").read_text() == '{"previous": "line"}\n'
    assert (project / "j.xml").read_text() == "<previous/>\n"
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("interrupted:"), err
    assert "Traceback" not in out + err


def test_a_writable_file_in_a_folder_that_is_not_is_a_problem_named_by_its_folder(tmp_path, monkeypatch):
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "r.json").write_text("{}")
    real = os.access

    def access(path, mode, **kw):
        if Path(path) == folder and mode & os.W_OK:
            return False
        return real(path, mode, **kw)
    monkeypatch.setattr(os, "access", access)
    why = output_files.problem(folder / "r.json")
    assert why and str(folder) in why
    assert output_files.problem(tmp_path / "r.json") == ""


@pytest.mark.subprocess
@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder")
def test_an_unwritable_folder_fails_before_the_run_in_one_line_naming_the_users_path(project):
    (project / "derivations" / "slow.py").write_text(SLOW)
    locked = project / "locked"
    locked.mkdir()
    (locked / "r.json").write_text("{}")
    locked.chmod(0o555)
    try:
        done = subprocess.run(command("all", "--no-report", "--json", "locked/r.json"), cwd=project,
                              capture_output=True, text=True, timeout=120, env=env())
    finally:
        locked.chmod(0o755)
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "locked/r.json" in lines[0] and ".tmp" not in lines[0]
    assert not (project / "started").exists(), "the run started before the output was checked"
