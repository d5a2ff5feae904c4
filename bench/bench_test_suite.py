"""How long the project's own gates take: the README's test command and its quick tier, in one run.

  the README's test command   `python -m pytest -n auto`                     goal ≤ 15 min on 2 cores
  the quick tier              `python -m pytest -n auto -m "not slow"`        goal ≤ 3 min on 2 cores
  baseline                    `python -m pytest --collect-only -q` (importing every test module, no test run)

Both run in a fresh `git clone` of HEAD (uncommitted edits are not seen; nothing in the checkout is
touched), with this checkout's .venv.  Each figure is printed in minutes and as a ratio to the baseline
measured in the same run, beside the slowest tests pytest reports (--durations), so a regression names
its cause.  The machine's load is printed too: a loaded machine makes every figure longer, never a
verdict different.
Run: python bench/bench_test_suite.py [--quick-only] [--here]   (--here: this working tree, not a clone)
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOALS = {"full": 15 * 60.0, "quick": 3 * 60.0}
COMMANDS = {
    "full": ["-m", "pytest", "-n", "auto", "-p", "no:cacheprovider", "--durations=15", "-rfE"],
    "quick": ["-m", "pytest", "-n", "auto", "-p", "no:cacheprovider", "--durations=15", "-rfE", "-m", "not slow"],
}


def run(args: list[str], cwd: Path) -> tuple[float, str, int]:
    python = ROOT / ".venv" / "bin" / "python"
    t0 = time.perf_counter()
    done = subprocess.run([str(python if python.exists() else sys.executable), *args], cwd=cwd,
                          capture_output=True, text=True, errors="replace", stdin=subprocess.DEVNULL,
                          env=dict(os.environ, PYTHONPATH=str(cwd)))
    return time.perf_counter() - t0, done.stdout + done.stderr, done.returncode


def closing_line(output: str) -> str:
    lines = [line for line in output.splitlines() if re.search(r"\b(passed|failed|error)", line)]
    return lines[-1].strip("= ") if lines else "(no closing line)"


def failures(output: str) -> list[str]:
    """The tests that failed or errored, as pytest's short summary names them (-rfE)."""
    return [line.strip() for line in output.splitlines() if line.startswith(("FAILED ", "ERROR "))]


def slowest(output: str, count: int = 8) -> list[str]:
    start = output.find("slowest")
    if start < 0:
        return []
    return [line for line in output[start:].splitlines()[1:] if re.match(r"\s*\d+\.\d+s ", line)][:count]


def main(argv: list[str]) -> int:
    kinds = ["quick"] if "--quick-only" in argv else ["quick", "full"]
    with tempfile.TemporaryDirectory(prefix="bench-tests-") as tmp:
        if "--here" in argv:
            where = ROOT
        else:
            where = Path(tmp) / "clone"
            subprocess.run(["git", "clone", "-q", str(ROOT), str(where)], check=True)
        print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at start")
        base, out, code = run(["-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"], where)
        print(f"baseline (collect only): {base:.1f} s, {closing_line(out)}")
        failed = 0
        for kind in kinds:
            seconds, out, code = run(COMMANDS[kind], where)
            goal = GOALS[kind]
            verdict = "met" if seconds <= goal else "NOT met"
            print(f"{kind:>5}: {seconds / 60:.1f} min = {seconds / base:.0f}× the baseline; goal ≤ "
                  f"{goal / 60:.0f} min {verdict}; exit {code}; {closing_line(out)}")
            for line in failures(out):
                print(f"         {line}")
            for line in slowest(out):
                print(f"         {line.strip()}")
            failed += code != 0
        print(f"machine load at the end: {os.getloadavg()[0]:.1f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
