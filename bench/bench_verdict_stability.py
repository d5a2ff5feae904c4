"""Time and load cannot change a verdict, except to unknown: three runs of the whole project, compared.

  quiet     `verifier all --no-cache --no-report --jobs 1`
  loaded    the same with `--jobs 2` while two busy-loop processes compete for the cores
  faults    `--jobs 1` with VERIFIER_FAULTS=seed:rate: limits cut at random, seeded instants

and prints every step whose verdict differs from the quiet run's.  The loaded run must differ nowhere; the
faulty run only to unknown.  Each run's wall and CPU time is printed against the quiet run's (a ratio
measured in the same run, so the machine's other work cancels out as far as it can).

Everything runs on a copy of derivations/ (and examples/, with --gallery) in a temporary project, so the
checkout, its cache and its reports are never touched.
Run: python bench/bench_verdict_stability.py [--faults 1:0.2] [--busy 2] [--gallery]   (minutes on 2 cores)
Exit status: 0 when no verdict moved (other than to unknown under faults), 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _busy():
    while True:
        pass


def run(project: Path, name: str, jobs: int, env_extra: dict | None = None, targets=()) -> tuple[dict, float, float]:
    """({(file::derivation, step): verdict}, wall seconds, CPU seconds of the run and its children)."""
    out = project / f"{name}.json"
    env = {k: v for k, v in os.environ.items() if k != "VERIFIER_FAULTS"}
    env.update(PYTHONPATH=str(ROOT), **(env_extra or {}))
    cmd = [sys.executable, "-m", "verifier", "all" if not targets else "check", *targets,
           "--no-cache", "--no-report", "--jobs", str(jobs), "--json", str(out)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=project, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if not out.exists():
        print(f"{name}: no results (exit {proc.returncode})\n{proc.stderr[-2000:]}")
        return {}, seconds, cpu
    data = json.loads(out.read_text())
    verdicts = {}
    for d in data["derivations"]:
        for s in d["steps"]:
            verdicts[(f"{d['file']}::{d['name']}", s["index"])] = s["verdict"]
        for e in d.get("experiments", []):
            verdicts[(f"{d['file']}::{d['name']}", f"experiment {e['name']}")] = e["verdict"]
    return verdicts, seconds, cpu


def differences(quiet: dict, other: dict, unknown_allowed: bool) -> list[str]:
    out = []
    for key in sorted(set(quiet) | set(other), key=str):
        a, b = quiet.get(key, "missing"), other.get(key, "missing")
        if a != b and not (unknown_allowed and b == "unknown"):
            out.append(f"  {key[0]} step {key[1]}: {a} → {b}")
    return out


def moved_to_unknown(quiet: dict, other: dict) -> int:
    return sum(1 for k, v in other.items() if v == "unknown" and quiet.get(k) not in (None, "unknown"))


def main(faults: str, busy: int, gallery: bool) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        shutil.copytree(ROOT / "derivations", project / "derivations", ignore=shutil.ignore_patterns("__pycache__"))
        targets = ()
        if gallery:
            shutil.copytree(ROOT / "examples", project / "examples", ignore=shutil.ignore_patterns("__pycache__", "ci"))
            targets = tuple(str(p.relative_to(project)) for p in sorted((project / "derivations").glob("*.py"))
                            if p.name != "__init__.py") + \
                tuple(str(p.relative_to(project)) for p in sorted((project / "examples").glob("*.py")))

        quiet, q_wall, q_cpu = run(project, "quiet", 1, targets=targets)
        print(f"quiet   --jobs 1                       {q_wall:7.1f} s wall  {q_cpu:7.1f} s CPU   "
              f"{len(quiet)} verdicts")

        hogs = [multiprocessing.Process(target=_busy, daemon=True) for _ in range(busy)]
        for h in hogs:
            h.start()
        try:
            loaded, l_wall, l_cpu = run(project, "loaded", 2, targets=targets)
        finally:
            for h in hogs:
                h.kill()
                h.join()
        print(f"loaded  --jobs 2, {busy} busy loops          {l_wall:7.1f} s wall  {l_cpu:7.1f} s CPU   "
              f"({l_wall / q_wall:.2f}× quiet wall, {l_cpu / max(q_cpu, 1e-9):.2f}× CPU)")

        faulty, f_wall, f_cpu = run(project, "faults", 1, {"VERIFIER_FAULTS": faults}, targets=targets)
        print(f"faults  VERIFIER_FAULTS={faults:<10}      {f_wall:7.1f} s wall  {f_cpu:7.1f} s CPU   "
              f"({f_wall / q_wall:.2f}× quiet wall); {moved_to_unknown(quiet, faulty)} verdicts became unknown")

    bad = 0
    for name, other, allowed in (("loaded", loaded, False), ("faults", faulty, True)):
        diff = differences(quiet, other, allowed)
        bad += len(diff)
        print(f"\n{name}: {len(diff)} verdict(s) differ from the quiet run's"
              + (" other than to unknown" if allowed else "") + (":" if diff else ""))
        print("\n".join(diff))
    return 1 if bad or not quiet else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--faults", default="1:0.2", help="seed:rate for VERIFIER_FAULTS (default 1:0.2)")
    parser.add_argument("--busy", type=int, default=2, help="busy-loop processes during the loaded run")
    parser.add_argument("--gallery", action="store_true", help="check examples/ (the gallery) too")
    args = parser.parse_args()
    sys.exit(main(args.faults, args.busy, args.gallery))
