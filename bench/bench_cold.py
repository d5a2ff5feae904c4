"""Cold and warm runs of a fresh clone, with and without the committed proof hints, and where cold time goes.

  cold `all --no-report` with derivations/proof-hints.json   vs  bare `import sympy`   goal ≤ 40×
  cold `all --no-report --no-hints` (every step searched)    vs  bare `import sympy`   goal ≤ 150×
  warm `all` (nothing changed, report included)              vs  bare `import sympy`   goal ≤ 3×
  where the cold time goes: loading, symbolic search, replay of recorded strategies, numbers (and within
  them the SymPy evalf replays and the mpmath replays of agreeing points), experiments, report (seconds
  summed over the worker processes, from VERIFIER_TIMINGS and the JSON)
  verdicts with and without hints: every step's verdict and strategy compared

Everything runs in a fresh `git clone` of this repository's HEAD (its engine, derivations and committed
hints; uncommitted edits are not seen), so the checkout, its cache and its reports are never touched.
Run: python bench/bench_cold.py [--jobs N] [--here]   (--here: a copy of the working tree instead; minutes)
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
KINDS = ("symbolic", "replay", "numbers", "evalf", "mpmath")


CPU: dict[str, float] = {}      # CPU seconds (user + system, all processes) of the last command timed


def timed(cmd: list[str], cwd: Path, env: dict, repeat: int = 1) -> tuple[float, subprocess.CompletedProcess]:
    """Median wall seconds; the median CPU seconds go to CPU["last"] (the machine may be shared)."""
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


def cpu(base: float) -> str:
    return f"[CPU {CPU['last']:.1f} s, {CPU['last'] / base:.1f}× import sympy's CPU]"


def steps_of(results: Path) -> dict:
    out = {}
    for d in json.loads(results.read_text())["derivations"]:
        for s in d["steps"]:
            out[(d["file"], d["name"], s["index"])] = (s["verdict"], s.get("strategy", ""), s.get("method", ""))
    return out


def experiment_seconds(results: Path) -> float:
    return sum(e.get("seconds", 0.0) for d in json.loads(results.read_text())["derivations"]
               for e in d.get("experiments", []))


def spent(timings: Path) -> dict:
    rows = [json.loads(line) for line in timings.read_text().splitlines() if line.strip()] \
        if timings.exists() else []
    out = {k: sum(r.get(k, 0.0) for r in rows) for k in KINDS}
    out["steps"] = sum(r["seconds"] for r in rows)
    out["cpu"] = {k: sum(r.get("cpu", {}).get(k, 0.0) for r in rows) for k in KINDS + ("seconds",)}
    return out


def project(here: bool, tmp: Path) -> Path:
    target = tmp / "clone"
    if here:
        shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(
            ".git", ".venv", ".verifier-cache", "reports", "__pycache__", "*.egg-info", ".pytest_cache"))
    else:
        subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(target)], check=True)
    return target


def main(jobs: int | None, here: bool):
    extra = ["--jobs", str(jobs)] if jobs else []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        clone = project(here, tmp)
        env = dict(os.environ, PYTHONPATH=str(clone))
        env.pop("NO_COLOR", None)
        env.pop("VERIFIER_TIMINGS", None)
        py = [sys.executable, "-m", "verifier"]
        lock = clone / "derivations" / "proof-hints.json"
        committed = lock.read_text() if lock.exists() else ""
        entries = len(json.loads(committed)["hints"]) if committed else 0
        print(f"fresh {'copy of the working tree' if here else 'clone of HEAD'}: {entries} proof hints committed; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (a quiet machine is near 0)")

        sympy_import, _ = timed([sys.executable, "-c", "import sympy"], clone, env, repeat=3)
        base = CPU["last"]
        print(f"baseline: bare `python -c 'import sympy'`              {sympy_import:7.2f} s   [CPU {base:.2f} s]")

        hinted_json, full_json = tmp / "hinted.json", tmp / "full.json"
        hinted_t, full_t = tmp / "hinted.timings", tmp / "full.timings"
        cache = ["--cache-dir", str(tmp / "cache")]
        # Cold with hints: an empty cache (it fills it, for the warm figures below).
        cold, proc = timed(py + ["all", *cache, "--no-report", "--json", str(hinted_json), *extra], clone,
                           dict(env, VERIFIER_TIMINGS=str(hinted_t)))
        print(f"cold `all --no-report`, committed hints                {cold:7.2f} s   "
              f"{cold / sympy_import:6.1f}× import sympy (goal ≤ 40×; exit {proc.returncode}) {cpu(base)}")
        after_hinted = lock.read_text() if lock.exists() else ""
        full, proc = timed(py + ["all", "--no-cache", "--no-report", "--no-hints", "--json", str(full_json),
                                 *extra], clone, dict(env, VERIFIER_TIMINGS=str(full_t)))
        print(f"cold `all --no-report --no-hints`, full search         {full:7.2f} s   "
              f"{full / sympy_import:6.1f}× import sympy (goal ≤ 150×; exit {proc.returncode}) {cpu(base)}")

        warm_plain, _ = timed(py + ["all", *cache, "--no-report", *extra], clone, env, repeat=3)
        report_run, _ = timed(py + ["all", *cache, "--format", "html,latex", *extra], clone, env)
        warm, proc = timed(py + ["all", *cache, "--format", "html,latex", *extra], clone, env, repeat=3)
        print(f"warm `all`, nothing changed, with report               {warm:7.2f} s   "
              f"{warm / sympy_import:6.1f}× import sympy (goal ≤ 3×; exit {proc.returncode}) {cpu(base)}")

        loading, _ = timed(py + ["list", "--no-cache"], clone, env)
        print("\nwhere the cold time goes (seconds; the checks are summed over the worker processes):")
        for name, figure, (h, f) in (("with hints", cold, (hinted_json, hinted_t)),
                                     ("full search", full, (full_json, full_t))):
            s = spent(f)
            print(f"  {name:12s} wall {figure:6.1f}: loading ≈ {loading:5.1f} (`list --no-cache`), "
                  f"symbolic search {s['symbolic']:6.1f}, replay {s['replay']:6.1f}, numbers {s['numbers']:6.1f} "
                  f"(of which SymPy evalf replays {s['evalf']:5.1f}, mpmath replays of agreeing points "
                  f"{s['mpmath']:5.1f}), "
                  f"other step work {s['steps'] - s['symbolic'] - s['replay'] - s['numbers']:5.1f}, "
                  f"experiments {experiment_seconds(h):5.1f}")
            c = s["cpu"]
            print(f"  {'':12s} CPU seconds of the steps {c['seconds']:6.1f}: symbolic search {c['symbolic']:6.1f}, "
                  f"replay {c['replay']:6.1f}, numbers {c['numbers']:6.1f} (SymPy evalf replays {c['evalf']:5.1f}, "
                  f"mpmath replays {c['mpmath']:5.1f})")
        # The numbers are what the issue keeps unchanged, so they bound any cold run from below.
        floor = spent(hinted_t)["numbers"] / (jobs or os.cpu_count() or 1)
        print(f"  the numeric evidence alone needs ≥ {floor:5.1f} s of wall on {jobs or os.cpu_count()} workers: "
              f"{floor / sympy_import:6.1f}× import sympy before any symbolic work")
        print(f"  report (html, latex) ≈ {max(0.0, report_run - warm_plain):5.1f} "
              f"(first run writing it − a warm run without it)")

        from bench_headroom import report as headroom, step_names     # the same hinted cold run's CPU seconds
        print("\nheadroom under the limits in the cold run with hints (bench/bench_headroom.py):")
        headroom([json.loads(line) for line in hinted_t.read_text().splitlines() if line.strip()]
                 if hinted_t.exists() else [], step_names(hinted_json))

        a, b = steps_of(hinted_json), steps_of(full_json)
        differ = [k for k in sorted(set(a) | set(b)) if a.get(k, ("",) * 3)[:2] != b.get(k, ("",) * 3)[:2]]
        methods = [k for k in sorted(set(a) & set(b)) if a[k][2] != b[k][2]]
        print(f"\nverdicts with and without hints: {len(a)} steps, {len(differ)} differ in verdict or strategy"
              + (f", {len(methods)} in the method's wording" if methods else ""))
        for k in differ[:20]:
            print(f"  {k[0]}::{k[1]} step {k[2]}: with hints {a.get(k)}, full search {b.get(k)}")
        print(f"the hinted cold run left the lock {'unchanged' if after_hinted == committed else 'CHANGED: '}"
              + ("" if after_hinted == committed else "the committed hints were stale (run `verifier all` and "
                 "commit derivations/proof-hints.json)"))

if __name__ == "__main__":
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else None
    main(jobs, here="--here" in sys.argv)
