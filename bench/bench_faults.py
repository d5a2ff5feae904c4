"""Limits cut at random instants move verdicts only to unknown: every seed, on both sets the tests use.

The fault-injection tests (tests/verdicts/test_limits_cut_at_random_move_verdicts_only_to_unknown.py) run
seed 1 on a part of the project with near misses beside it, and seed 4 on the soundness-critical test files
(one run each keeps the suite short); this runs every seed given on both, and prints per seed how many verdicts were compared, how many
became unknown and how many moved anywhere else (which must be 0).

Run: python bench/bench_faults.py [--seeds 1,2,3,4,5] [--rate 0.3]   (about a minute per run on 2 cores)
Exit status: 0 when no verdict moved other than to unknown, 1 otherwise.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.verdicts.fault_runs import RATE, make_project, project_verdicts, recorded_test_verdicts  # noqa: E402


def compare(quiet: dict, faulty: dict) -> tuple[int, int, dict]:
    both = quiet.keys() & faulty.keys()
    unknown = sum(1 for k in both if faulty[k] != quiet[k] and faulty[k] == "unknown")
    moved = {k: (quiet[k], faulty[k]) for k in both if faulty[k] not in (quiet[k], "unknown")}
    return len(both), unknown, moved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1,2,3,4,5")
    parser.add_argument("--rate", type=float, default=RATE)
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    bad = 0
    with tempfile.TemporaryDirectory(prefix="bench-faults-") as tmp:
        tmp = Path(tmp)
        project = make_project(tmp / "project")
        quiet_project = project_verdicts(project, None)
        quiet_tests = recorded_test_verdicts(tmp, None)
        print(f"quiet: {len(quiet_project)} project verdicts, {len(quiet_tests)} soundness-test verdicts")
        print(f"{'seed':>4}  {'set':<16} {'compared':>8} {'to unknown':>10} {'moved':>5}")
        for seed in seeds:
            faults = f"{seed}:{args.rate}"
            for name, quiet, faulty in (("project", quiet_project, project_verdicts(project, faults)),
                                        ("soundness tests", quiet_tests, recorded_test_verdicts(tmp, faults))):
                n, unknown, moved = compare(quiet, faulty)
                bad += len(moved)
                print(f"{seed:>4}  {name:<16} {n:>8} {unknown:>10} {len(moved):>5}")
                for key, (was, now) in sorted(moved.items(), key=str):
                    print(f"      moved: {key}: {was} → {now}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
