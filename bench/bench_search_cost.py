"""What the counterexample search costs: structure points and the adversarial search, in one run.

For every =, ≤, ≥, <, > step of the project derivations (derivations/, and examples/ with --gallery) the
numeric comparison (evidence/compare.py, the same call the checker makes, with the default points,
precisions, pins and limit) is run twice in this process:
  today    the regular and corner points only (compare.STRUCTURE_POINTS and ADVERSARIAL_SEARCH off)
  search   with the structure points and the search (the default)
after one unmeasured warm-up run (so compiled balls and SymPy's caches favour neither), and the
CPU time of each is summed.  The ratio search / today is printed (target: at most 1.5), with the
steps that cost the most extra and every step whose outcome moved (agree / refuted / inconclusive).
≈ and ∝ steps are left out (their numbers go through trends and twins, not one comparison).

Run: python bench/bench_search_cost.py [--gallery] [--only NAME]   (minutes on a shared machine)
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.evidence import compare as compare_module   # noqa: E402
from verifier.loader import load_file                     # noqa: E402
from verifier.settings import Settings                    # noqa: E402

RELATIONS = {"=", "<=", ">=", "<", ">"}


def steps_of(folder: Path, only: str = ""):
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith("_") or (only and only not in path.name):
            continue
        found, error = load_file(path, ROOT)
        if error is not None:
            print(f"  {path.name}: not loaded ({str(error).splitlines()[0][:80]})")
            continue
        for d in found:
            lhs = d.start
            for k, s in enumerate(d.steps, 1):
                rel = getattr(s.relation, "value", str(s.relation))
                if rel in RELATIONS and s.rhs is not None and lhs is not None and not s.error:
                    yield f"{path.name}::{d.name}:{k}", lhs, s.rhs, rel, dict(s.given)
                lhs = s.rhs if s.rhs is not None else lhs


def outcome(cmp) -> str:
    return "refuted" if cmp.refuted else "agree" if cmp.agrees else "inconclusive"


def timed(lhs, rhs, rel, given, settings: Settings, structure: bool):
    compare_module.STRUCTURE_POINTS = structure
    compare_module.ADVERSARIAL_SEARCH = structure
    t0 = time.process_time()
    try:
        cmp = compare_module.compare(lhs, rhs, rel, seed=settings.seed, dps=settings.dps, points=settings.points,
                                     fixed=given or None, time_limit=settings.numeric_limit)
        result = outcome(cmp), cmp
    except Exception as exc:  # a step the numbers cannot take is reported, not fatal to the bench
        result = f"error ({exc.__class__.__name__})", None
    return time.process_time() - t0, result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gallery", action="store_true", help="also the examples/ gallery")
    ap.add_argument("--only", default="", help="only files whose name contains this")
    args = ap.parse_args()
    settings = Settings()
    folders = [ROOT / "derivations"] + ([ROOT / "examples"] if args.gallery else [])
    total = {False: 0.0, True: 0.0}
    extra, moved, count = [], [], 0
    optimised = structure_points = 0
    for folder in folders:
        for where, lhs, rhs, rel, given in steps_of(folder, args.only):
            count += 1
            timed(lhs, rhs, rel, given, settings, True)      # warm-up: compiled balls and SymPy's caches for both
            t_today, (was, _) = timed(lhs, rhs, rel, given, settings, False)
            t_search, (now, cmp) = timed(lhs, rhs, rel, given, settings, True)
            total[False] += t_today
            total[True] += t_search
            extra.append((t_search - t_today, where, t_today, t_search))
            if cmp is not None:
                optimised += cmp.coverage.get("optimised", 0)
                structure_points += cmp.coverage.get("structure", 0)
            if was != now:
                moved.append(f"{where}: {was} -> {now}")
    compare_module.STRUCTURE_POINTS = compare_module.ADVERSARIAL_SEARCH = True
    ratio = total[True] / total[False] if total[False] else float("nan")
    print(f"{count} steps (=, ≤, ≥, <, >) of {', '.join(f.name for f in folders)}")
    print(f"  numeric CPU time today (regular + corner points):      {total[False]:8.2f} s")
    print(f"  with structure points and the adversarial search:      {total[True]:8.2f} s")
    print(f"  ratio: {ratio:.2f}x (target ≤ 1.5x); {structure_points} structure points, "
          f"{optimised} optimised evaluations")
    print("  most extra time:")
    for d, where, a, b in sorted(extra, reverse=True)[:8]:
        print(f"    {d:+7.2f} s  {where}  ({a:.2f} -> {b:.2f})")
    print(f"  outcomes that moved: {len(moved)}")
    for line in moved:
        print(f"    {line}")
    return 0 if ratio <= 1.5 else 1


if __name__ == "__main__":
    sys.exit(main())
