"""A stopped run stops: its children go with it, wherever they are, and nothing it wrote before changes.

Specifications:
  - SIGTERM to `python -m verifier check` while a file loops at import, or while a step's numbers run in
    their killable child, ends the run within 10 s with status 143, leaves no process of it behind, and
    leaves the previous results file as it was;
  - a run killed outright (SIGKILL, no handler runs) leaves no process behind either: every child dies
    with its parent;
  - a child's CPU time is also capped by the kernel, a margin above the parent's own limit;
  - a child stopped by the wall-time bound while it used little CPU is told so (the machine may be
    loaded), never given a verdict.

Processes of a run are found by a marker in their environment (children inherit it), read from /proc.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MARK = "VERIFIER_TEST_RUN_MARK"

LOOPS_AT_IMPORT = '''
from verifier import calc, real
x = real("x")
doubled = calc(x + x, title="loops at import").eq(2 * x, "x + x = 2x")
while True:
    pass
'''

SLOW_NUMBERS = '''
import sympy as sp
from verifier import calc, positive
a = positive("a")
x = positive("x")
slow = calc(sp.Integral(sp.sin(a * x ** 3) * sp.exp(-x / 100) / (x + a), (x, 0, sp.oo)),
            title="an oscillating integral whose numbers are slow").eq(a, "not so")
'''

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds processes through /proc")


def _marked(token: str) -> dict[int, int]:
    """pid -> parent pid of every live process whose environment carries the marker."""
    found = {}
    needle = f"{MARK}={token}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if needle not in f.read().split(b"\0"):
                    continue
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != b"Z":
            found[int(entry)] = int(fields[1])
    return found


def _depth(pid: int, processes: dict[int, int]) -> int:
    """How many marked ancestors pid has: 0 for the run itself, 1 for its children, …"""
    depth = 0
    while processes.get(pid) in processes:
        pid, depth = processes[pid], depth + 1
    return depth


def _start(tmp_path: Path, source: str, token: str):
    path = tmp_path / "derivation_file.py"
    path.write_text(source)
    results = tmp_path / "results.json"
    results.write_text('{"previous": "results"}')
    env = {**os.environ, MARK: token, "PYTHONPATH": str(ROOT)}
    env.pop("VERIFIER_FAULTS", None)
    proc = subprocess.Popen([sys.executable, "-m", "verifier", "check", str(path), "--jobs", "1", "--no-cache",
                             "--no-report", "--json", str(results)],
                            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, results


def _wait_for(token: str, depth: int, proc, seconds: float = 120) -> None:
    """Until a marked process `depth` generations below the run exists (the work the test interrupts)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        assert proc.poll() is None, "the run ended before the work to interrupt began"
        marked = _marked(token)
        if any(_depth(pid, marked) >= depth for pid in marked):
            return
        time.sleep(0.2)
    pytest.fail(f"no process {depth} generations below the run appeared within {seconds} s")


def _stopped(proc, token: str, sig: int) -> tuple[int, float]:
    started = time.monotonic()
    proc.send_signal(sig)
    try:
        code = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        for pid in _marked(token):
            os.kill(pid, signal.SIGKILL)
        pytest.fail(f"the run did not stop within 30 s of {signal.Signals(sig).name}")
    waited = time.monotonic() - started
    end = time.monotonic() + 10 - waited
    while _marked(token) and time.monotonic() < end:
        time.sleep(0.1)
    left = _marked(token)
    for pid in left:                      # never leave them running, whatever the assertion says
        os.kill(pid, signal.SIGKILL)
    assert not left, f"processes left behind after {signal.Signals(sig).name}: {sorted(left)}"
    return code, time.monotonic() - started


@pytest.mark.subprocess
@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_run_stopped_while_a_file_loops_at_import_ends_and_leaves_nothing_behind(tmp_path, sig):
    token = uuid.uuid4().hex
    proc, results = _start(tmp_path, LOOPS_AT_IMPORT, token)
    _wait_for(token, 1, proc)             # the loader's child, looping
    time.sleep(1.0)
    code, seconds = _stopped(proc, token, sig)
    assert seconds < 10
    assert code == (128 + signal.SIGTERM if sig == signal.SIGTERM else -signal.SIGKILL)
    assert results.read_text() == '{"previous": "results"}'


@pytest.mark.subprocess
@pytest.mark.slow
def test_a_run_stopped_while_a_steps_numbers_run_ends_and_leaves_nothing_behind(tmp_path):
    token = uuid.uuid4().hex
    proc, results = _start(tmp_path, SLOW_NUMBERS, token)
    _wait_for(token, 2, proc)             # the checking worker's child evaluating the integral
    code, seconds = _stopped(proc, token, signal.SIGTERM)
    assert seconds < 10
    assert code == 128 + signal.SIGTERM
    assert results.read_text() == '{"previous": "results"}'


# ----------------------------------------------------------------------------- the child's own bounds

def _spin(writer):
    while True:
        pass


def _sleep(writer):
    time.sleep(60)


def _cpu_limit_of(pid: int) -> str:
    with open(f"/proc/{pid}/limits") as f:
        return next(line for line in f if line.startswith("Max cpu time")).split()[3]


def test_a_childs_cpu_time_is_capped_by_the_kernel_above_its_own_limit():
    from verifier.run import process
    child = process.Child(_spin, (), 2.0)
    try:
        deadline = time.monotonic() + 10
        while _cpu_limit_of(child.process.pid) == "unlimited" and time.monotonic() < deadline:
            time.sleep(0.05)
        capped = int(_cpu_limit_of(child.process.pid))
        assert 2.0 < capped <= process.kernel_cap(2.0) + 1
        child.extend(30.0)                # a longer allowance raises the kernel's cap with it
        assert int(_cpu_limit_of(child.process.pid)) >= 30
    finally:
        child.expire()
    assert child.process.exitcode is not None     # stopped at once, even had it not made its own group yet


def test_a_child_stopped_before_it_made_its_own_group_is_stopped_all_the_same():
    from verifier.run import process
    started = time.monotonic()
    child = process.Child(_spin, (), 2.0)
    child.expire()                        # at once: the child may not have called setsid yet
    assert child.process.exitcode is not None and time.monotonic() - started < 4


def test_a_child_stopped_by_the_wall_clock_is_told_the_machine_may_be_loaded(monkeypatch):
    from verifier.run import process
    monkeypatch.setattr(process, "WALL_FACTOR", 1.0)
    monkeypatch.setattr(process, "WALL_MARGIN", 0.5)
    data, why = process.run_one(_sleep, (), 0.5)
    assert data is None
    assert "wall time" in why and "machine may be loaded" in why and "no verdict" in why
