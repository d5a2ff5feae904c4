"""Headroom under the limits: how close each project step comes to its limits in one cold run.

Every project step should finish its proof and its numbers in at most a third of its limits on a quiet
machine (verifier/settings.py: a symbolic strategy, the numbers of a step, the step as a whole), so a
loaded machine or a slower one still reaches the same verdicts.  One cold `all --no-report --no-cache`
of a fresh clone of HEAD (or of the working tree, --here) runs with VERIFIER_TIMINGS; from each step's
CPU seconds (the clock every limit counts, reaped children included) this prints the worst ratio of
time used to limit, and the step it belongs to:

  recorded strategy   the strategy recorded in the proof hints, replayed (one strategy, its own limit)
  search              a step searched through the strategies: the whole search, which bounds any one of
                      its strategies (each under its own limit) from above
  numbers             the numeric evidence of the step (balls, search, replays of refutations and agreeing
                      points)
  step                the step as a whole

The machine may be shared: the load average is printed with the figures.
Run: python bench/bench_headroom.py [--jobs N] [--here] [--top K]
     python bench/bench_headroom.py --timings FILE --results JSON   (read a run made with VERIFIER_TIMINGS)
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_cold import project  # noqa: E402  (a fresh clone, or a copy of the working tree)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from verifier.settings import DEFAULT_LIMIT, DEFAULT_NUMERIC_LIMIT, DEFAULT_STEP_LIMIT  # noqa: E402

GOAL = 1 / 3
# What is measured, and the limit it is held against (CPU seconds).  A search tries strategies one after
# another, each under the strategy limit: its total bounds any one of them from above, so a ratio over the
# goal there says to look closer, not that one strategy came close.
MEASURES = (("recorded strategy", DEFAULT_LIMIT), ("search", DEFAULT_LIMIT), ("numbers", DEFAULT_NUMERIC_LIMIT),
            ("step", DEFAULT_STEP_LIMIT))


def step_names(results: Path) -> dict:
    """fingerprint → 'file::derivation step k' (the first one, when a step occurs twice)."""
    out = {}
    for d in json.loads(results.read_text())["derivations"]:
        for s in d["steps"]:
            out.setdefault(s.get("fingerprint", ""), f"{Path(d['file']).name}::{d['name']} step {s['index']}")
    return out


def ratios(rows: list[dict]) -> dict:
    """{measure: [(ratio, seconds, fingerprint)]} from the CPU seconds of each step's timings line."""
    out = {name: [] for name, _ in MEASURES}
    for r in rows:
        cpu = r.get("cpu", {})
        for name, used in (("recorded strategy", cpu.get("replay", 0.0)), ("search", cpu.get("symbolic", 0.0)),
                           ("numbers", cpu.get("numbers", 0.0)), ("step", cpu.get("seconds", r["seconds"]))):
            out[name].append((used / dict(MEASURES)[name], used, r["fingerprint"]))
    return {k: sorted(v, reverse=True) for k, v in out.items()}


def report(rows: list[dict], names: dict, top: int = 3) -> None:
    limits = dict(MEASURES)
    table = ratios(rows)
    print(f"{len(rows)} steps timed; goal: every ratio ≤ {GOAL:.2f} (a third of the limit)")
    for name, ranked in table.items():
        if not ranked:
            continue
        over = sum(1 for q, _, _ in ranked if q > GOAL)
        print(f"  {name:17s} (limit {limits[name]:g} s CPU{', summed over strategies' if name == 'search' else ''}): "
              f"worst {ranked[0][0]:.2f}, "
              f"{over} step{'s' if over != 1 else ''} over {GOAL:.2f}")
        for q, used, fp in ranked[:top]:
            print(f"      {q:5.2f}  {used:6.2f} s  {names.get(fp, fp[:12])}")
    evalf = sum(r.get("cpu", {}).get("evalf", 0.0) for r in rows)
    fast = sum(r.get("cpu", {}).get("mpmath", 0.0) for r in rows)
    print(f"  CPU in replays: SymPy evalf {evalf:.1f} s, lambdify to mpmath {fast:.1f} s (summed over steps)")


def main(jobs: int | None, here: bool, top: int):
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        clone = project(here, tmp)
        env = dict(os.environ, PYTHONPATH=str(clone), VERIFIER_TIMINGS=str(tmp / "timings"))
        results = tmp / "results.json"
        cmd = [sys.executable, "-m", "verifier", "all", "--no-cache", "--no-report", "--json", str(results)]
        if jobs:
            cmd += ["--jobs", str(jobs)]
        load = os.getloadavg()[0]
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=clone, env=env, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        print(f"cold `all --no-report --no-cache` of a fresh {'copy of the working tree' if here else 'clone'}: "
              f"{wall:.1f} s wall, exit {proc.returncode}; load average {load:.1f} before, "
              f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")
        timings = tmp / "timings"
        rows = [json.loads(line) for line in timings.read_text().splitlines() if line.strip()] \
            if timings.exists() else []
        report(rows, step_names(results) if results.exists() else {}, top)


if __name__ == "__main__":
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else None
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 3
    if "--timings" in sys.argv:        # an existing VERIFIER_TIMINGS file and its --json results
        t = Path(sys.argv[sys.argv.index("--timings") + 1])
        j = Path(sys.argv[sys.argv.index("--results") + 1])
        report([json.loads(line) for line in t.read_text().splitlines() if line.strip()], step_names(j), top)
    else:
        main(jobs, here="--here" in sys.argv, top=top)
