"""Whole-engine speed: checking every project derivation, cold and warm, serial and parallel.

Each figure is printed as a ratio against the baseline measured in the same run:
loading (importing) every derivation file, which every run pays anyway.
Run: python bench/bench_engine.py [--quick]   (a few minutes on 2 cores)
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from verifier import loader
from verifier.judge import proof_cache  # noqa: E402
from verifier.judge.checker import check_all  # noqa: E402
from verifier.settings import Settings  # noqa: E402


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def main(quick: bool):
    settings = Settings(quick=quick)
    baseline, (derivations, errors) = timed(lambda: loader.load(loader.project_files()))
    assert not errors, errors
    print(f"{len(derivations)} derivations, quick={quick}")
    print(f"  baseline, load every file:       {baseline:7.2f} s   (1.0x)")
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "proofs.sqlite"
        for label, jobs, warm in (("cold, 1 process", 1, False), (f"cold, {os.cpu_count()} processes", os.cpu_count(), False),
                                  (f"warm cache, {os.cpu_count()} processes", os.cpu_count(), True)):
            if not warm:
                cache.unlink(missing_ok=True)
            proof_cache.enable(cache)
            seconds, results = timed(lambda: check_all(derivations, settings, jobs=jobs))
            assert all(r.passed for r in results)
            print(f"  {label:<32} {seconds:7.2f} s   ({seconds / baseline:.1f}x baseline)")
    proof_cache.enable(None)


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
