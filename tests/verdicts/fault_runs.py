"""Runs of the project and of test files with limits cut at random instants (VERIFIER_FAULTS=seed:rate), and
the verdicts each run reaches: what the fault-injection tests compare with a quiet run, and what
bench/bench_faults.py runs over every seed."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.engine import SHARED_FOLDER
from tests.verdicts.verdict_recording import RECORD_ENV, read_verdicts

ROOT = Path(__file__).resolve().parents[2]
PROJECT_FILES = ("softmax_basics.py", "entropy_scale.py", "entropy_bounds.py", "laplace_scale.py")
SEEDS = (1,)                 # the suite's seed on the project set; bench/bench_faults.py runs seeds 1–5 on both sets
RATE = 0.3

NEAR_MISSES = '''
"""True claims beside false twins one small edit away."""
import sympy as sp

from verifier import Limit, Rational, calc, index, oo, positive, real, size

x = real("x")
t = positive("t")
n = size("n")
k = index("k", n)

square = calc((x + 1) ** 2, title="a square expanded").eq(x ** 2 + 2 * x + 1, "binomial")
square_off = calc((x + 1) ** 2, title="a square expanded, off by 10^-30").eq(
    x ** 2 + 2 * x + 1 + Rational(1, 10 ** 30), "binomial, with a tiny extra")
log_below = calc(sp.log(1 + t), title="log(1 + t) <= t").le(t, "concavity")
log_below_off = calc(sp.log(1 + t), title="log(1 + t) <= t - t^3/100").le(t - t ** 3 / 100, "too tight")
e_limit = calc((1 + 1 / n) ** n, title="(1 + 1/n)^n -> e").approx(sp.E, "compound interest", meaning=Limit(n, oo))
e_limit_off = calc((1 + 1 / n) ** n, title="(1 + 1/n)^n -> e + 1/1000").approx(
    sp.E + Rational(1, 1000), "off by 10^-3", meaning=Limit(n, oo))
gauss = calc(sp.Integral(sp.exp(-t ** 2), (t, 0, oo)), title="half a Gaussian").eq(sp.sqrt(sp.pi) / 2, "Euler-Poisson")
gauss_off = calc(sp.Integral(sp.exp(-t ** 2), (t, 0, oo)), title="half a Gaussian, off by 10^-20").eq(
    sp.sqrt(sp.pi) / 2 + Rational(1, 10 ** 20), "off")
product = calc(sp.Product(1 + 1 / k ** 2, (k, 1, n)), title="prod (1 + 1/k^2) -> sinh(pi)/pi").approx(
    sp.sinh(sp.pi) / sp.pi, "Euler's product for sin", meaning=Limit(n, oo))
product_off = calc(sp.Product(1 + 1 / k ** 2, (k, 1, n)), title="prod (1 + 1/k^2) -> sinh(pi)/pi + 1/1000").approx(
    sp.sinh(sp.pi) / sp.pi + Rational(1, 1000), "off by 10^-3", meaning=Limit(n, oo))
'''
SOUNDNESS_TEST_FILES = (          # test files whose near misses go through the judge (check_step)
    "tests/verdicts/test_fast_replay_and_trend_resolution_near_misses.py",
    "tests/verdicts/test_verdicts.py",
    "tests/verdicts/test_expected_refutations_and_empty_ranges.py",
    "tests/verdicts/test_catching_wrong_math.py",
    "tests/approximations/test_approximation_near_misses.py",
    "tests/approximations/test_approximation_meanings.py",
    "tests/relations/test_inequality_strategies.py",
    "tests/relations/test_monotone_both_sides.py",
    "tests/relations/test_lemma_instances.py",
    "tests/relations/test_undefined_points_block_proofs.py",
    "tests/limits/test_limits_and_series.py",
    "tests/limits/test_fast_falling_tails_and_spikes.py",
    "tests/limits/test_sides_of_a_limit_and_stated_assumptions.py",
    "tests/numbers_and_certificates/test_replayed_refutations.py",
    "tests/sampling_and_search/test_points_where_strict_claims_fail.py",
    "tests/sampling_and_search/test_stated_assumptions.py",
    "tests/sampling_and_search/test_search_starts_cover_sizes.py",
)
SOUNDNESS_SEEDS = (4,)       # the suite's seed on the soundness test files
FALSE_TWINS = {"square_off", "log_below_off", "e_limit_off", "gauss_off", "product_off"}


def project_verdicts(project: Path, faults: str | None) -> dict:
    """{(file::derivation, step or experiment): verdict} of one run."""
    out = project / f"results-{faults or 'quiet'}.json".replace(":", "_")
    env = {k: v for k, v in os.environ.items() if k != "VERIFIER_FAULTS"}
    env["PYTHONPATH"] = str(ROOT)
    if faults:
        env["VERIFIER_FAULTS"] = faults
    files = [f"derivations/{name}" for name in PROJECT_FILES] + ["derivations/near_misses.py"]
    proc = subprocess.run([sys.executable, "-m", "verifier", "check", *files, "--no-cache", "--no-report",
                           "--quick", "--jobs", "1", "--limit", "2", "--json", str(out)],
                          cwd=project, env=env, capture_output=True, text=True, timeout=1200)
    assert out.exists(), f"no results (exit {proc.returncode}): {proc.stderr[-2000:]}"
    data = json.loads(out.read_text())
    verdicts = {}
    for d in data["derivations"]:
        for s in d["steps"]:
            verdicts[(f"{d['file']}::{d['name']}", s["index"])] = s["verdict"]
        for e in d.get("experiments", []):
            verdicts[(f"{d['file']}::{d['name']}", f"experiment {e['name']}")] = e["verdict"]
    return verdicts


def recorded_test_verdicts(folder: Path, faults: str | None) -> dict:
    """{(test, derivation, step, occurrence): verdict} of one pytest run of SOUNDNESS_TEST_FILES."""
    record = folder / f"verdicts-{faults or 'quiet'}.jsonl".replace(":", "_")
    record.unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items()
           if k not in ("VERIFIER_FAULTS", SHARED_FOLDER, "PYTEST_ADDOPTS") and not k.startswith("PYTEST_XDIST")}
    env.update(PYTHONPATH=str(ROOT), **{RECORD_ENV: str(record)})
    if faults:
        env["VERIFIER_FAULTS"] = faults
    subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.verdicts.verdict_recording", "-p", "no:cacheprovider",
                    "-q", "-m", "not slow and not subprocess",
                    "--basetemp", str(folder / f"tmp-{(faults or 'quiet').replace(':', '_')}"), *SOUNDNESS_TEST_FILES],
                   cwd=ROOT, env=env, capture_output=True, text=True, timeout=2400)
    return read_verdicts(record)


def make_project(folder: Path) -> Path:
    """A copy of derivations/ with the near misses beside it, so proof hints and caches of the checkout are never touched."""
    shutil.copytree(ROOT / "derivations", folder / "derivations",
                    ignore=shutil.ignore_patterns("__pycache__", "mutation-records"))
    (folder / "derivations" / "near_misses.py").write_text(NEAR_MISSES)
    return folder
