"""Whole-engine speed, each figure against a baseline measured in the same run.

  warm `verifier all` (nothing changed, report included)   vs  bare `python -c "import sympy"`   goal ≤ 3×
  cold `verifier all --no-cache --no-report`                 in seconds                          goal ≤ 10 s
  one edited file, then `verifier all`                       vs  that file's own cold check      goal ≤ 2×
  `verifier list` (warm)                                     vs  bare `import sympy`             goal ≤ 3×
  the naive per-step check simplify(lhs − rhs) == 0          steps it misses, and its time, beside ours

Everything runs on a copy of derivations/ in a temporary project, so the checkout, its cache and its
reports are never touched.  Run: python bench/bench_engine.py [--quick] [--jobs N]   (a few minutes on 2 cores)
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
EDITED = "softmax_basics.py"     # a file no other derivation file imports
NAIVE_LIMIT = 5.0                # seconds of simplify per step, as our own per-strategy limit


CPU: dict[str, float] = {}     # CPU seconds (user + system, all processes) of the last command timed


def wall(cmd: list[str], cwd: Path, repeat: int = 1) -> tuple[float, subprocess.CompletedProcess]:
    """Median wall-clock seconds of the command; its CPU seconds go to CPU["last"] (the machine may be shared)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("NO_COLOR", None)
    times, cpus, proc = [], [], None
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    CPU["last"] = statistics.median(cpus)
    return statistics.median(times), proc


def cpu() -> str:
    return f"[CPU {CPU['last']:.1f} s]"


def verifier(*args) -> list[str]:
    return [sys.executable, "-m", "verifier", *args]


def naive_check(results_json: Path) -> tuple:
    """(= steps, naive confirms, naive misses among the ones we pass, naive confirms that we refute,
    naive seconds, our seconds on the same steps)."""
    import sympy as sp

    from verifier import loader
    from verifier.prove.timeouts import StrategyTimeout, time_limit
    ours = {}
    for d in json.loads(results_json.read_text())["derivations"]:
        for s in d["steps"]:
            ours[(d["name"], s["index"])] = s
    ours_seconds = sum(s["seconds"] for s in ours.values() if s["relation"] == "=")
    derivations, _ = loader.load(loader.project_files(ROOT), ROOT)
    steps = eq = confirms = misses = false_confirms = 0
    t0 = time.perf_counter()
    for d in derivations:
        lhs = d.start
        for k, step in enumerate(d.steps, start=1):
            rel, rhs = step.relation.value, step.rhs
            if rel == "=" and lhs is not None and rhs is not None:
                eq += 1
                try:
                    with time_limit(NAIVE_LIMIT):
                        ok = sp.simplify(lhs - rhs) == 0
                except StrategyTimeout:
                    ok = False
                except Exception:
                    ok = False
                mine = ours.get((d.name, k), {})
                confirms += ok
                misses += (not ok) and mine.get("passed", False) and not mine.get("expect_refuted")
                false_confirms += ok and mine.get("verdict") == "refuted"
            steps += 1
            lhs = rhs
    return eq, confirms, misses, false_confirms, time.perf_counter() - t0, ours_seconds


def main(quick: bool, jobs: int | None):
    extra = (["--quick"] if quick else []) + (["--jobs", str(jobs)] if jobs else [])
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        shutil.copytree(ROOT / "derivations", project / "derivations",
                        ignore=shutil.ignore_patterns("__pycache__"))
        cache = ["--cache-dir", str(project / ".verifier-cache")]
        report = ["--out", str(project / "reports")]
        results = project / "results.json"

        sympy_import, _ = wall([sys.executable, "-c", "import sympy"], project, repeat=3)
        print(f"baseline: bare `python -c 'import sympy'`            {sympy_import:7.2f} s   {cpu()}")

        # Cold = an empty cache: nothing is reused, as with --no-cache, and the run fills the cache for the next figures.
        cold, proc = wall(verifier("all", *cache, "--no-report", "--json", str(results), *extra), project)
        print(f"cold `verifier all`, empty cache, no report          {cold:7.2f} s   (goal ≤ 10 s; exit {proc.returncode}) {cpu()}")

        wall(verifier("all", *cache, *report, "--format", "html,latex", *extra), project)   # writes the report once
        warm, proc = wall(verifier("all", *cache, *report, "--format", "html,latex", *extra), project, repeat=3)
        print(f"warm `verifier all`, nothing changed, with report   {warm:7.2f} s   "
              f"{warm / sympy_import:5.1f}× import sympy (goal ≤ 3×; exit {proc.returncode}) {cpu()}")

        own, _ = wall(verifier("check", f"derivations/{EDITED}", "--no-cache", "--no-report", *extra), project)
        own_cpu = CPU["last"]
        edited = project / "derivations" / EDITED
        edited.write_text(edited.read_text() + "\n# an edit\n")
        after_edit, proc = wall(verifier("all", *cache, *report, "--format", "html,latex", *extra), project)
        print(f"edit {EDITED}, then `verifier all`         {after_edit:7.2f} s   "
              f"{after_edit / own:5.1f}× its own cold check of {own:.2f} s (goal ≤ 2×) {cpu()} vs [CPU {own_cpu:.1f} s]")

        wall(verifier("list", *cache), project)
        listing, proc = wall(verifier("list", *cache), project, repeat=3)
        print(f"`verifier list` (warm)                               {listing:7.2f} s   "
              f"{listing / sympy_import:5.1f}× import sympy (goal ≤ 3×; exit {proc.returncode}) {cpu()}")

        eq, confirms, misses, false_confirms, naive, ours = naive_check(results)
    print(f"naive simplify(lhs − rhs) == 0 on the {eq} '=' steps:  {naive:7.2f} s   "
          f"(ours on the same steps, symbolic and numeric: {ours:.2f} s); it confirms {confirms}, "
          f"misses {misses} that we pass, confirms {false_confirms} that we refute, "
          f"and checks none of the inequality, ≈ or ∝ steps")


if __name__ == "__main__":
    jobs = None
    if "--jobs" in sys.argv:
        jobs = int(sys.argv[sys.argv.index("--jobs") + 1])
    main(quick="--quick" in sys.argv, jobs=jobs)
