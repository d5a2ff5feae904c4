"""Time may only make a verdict unknown: with limits cut at random instants, or with two busy processes on the
machine, every verdict equals the quiet one or is unknown.

VERIFIER_FAULTS=seed:rate (settings.faulted) cuts each CPU-time limit, with probability rate, to a seeded
random fraction of itself: strategy limits inside SymPy, the numbers' deadline, the evalf replay's limit,
the limit of a forked numeric child.  A time-out raised at such an instant must reach the verdict as "ran
out of time" (so the judge makes it unknown), never pass as a failed route whose absence leaves a weaker
but definite verdict (proved → numeric, unknown → numeric, refuted → numeric).

What runs, through `python -m verifier check` in a copy of the project (so proof hints and caches of the
checkout are never touched), once quietly and once per seed:
  - PROJECT_FILES, a part of derivations/ chosen for coverage per second (each checks in well under 30 s,
    where mean_field, temperature_bound or noise_robustness take minutes): sums and softmax identities
    with a refuted twin (softmax_basics), limits in a size and a temperature with proved, numeric and
    refuted steps and experiments (entropy_scale), inequalities with cited facts (entropy_bounds), and
    limits in a scale read numerically next to refuted ones (laplace_scale);
  - near_misses.py below: true claims beside false twins one small edit away, across the relations the
    judge reads (=, ≤, a limit in n, an integral evaluated in a killable child, a slowly converging
    product).  These are where a lost time-out is worst: a false twin must stay refuted or unknown.
Three seeds at rate 0.3 cut a few hundred limits in all.  Four runs of about a minute each on a quiet
2-core machine (7 minutes in all with the cores shared by other work, load average 11).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT_FILES = ("softmax_basics.py", "entropy_scale.py", "entropy_bounds.py", "laplace_scale.py")
SEEDS = (1, 2, 3)
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
FALSE_TWINS = {"square_off", "log_below_off", "e_limit_off", "gauss_off", "product_off"}


def _verdicts(project: Path, faults: str | None) -> dict:
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


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    project = tmp_path_factory.mktemp("project")
    shutil.copytree(ROOT / "derivations", project / "derivations",
                    ignore=shutil.ignore_patterns("__pycache__", "mutation-records"))
    (project / "derivations" / "near_misses.py").write_text(NEAR_MISSES)
    return project


@pytest.fixture(scope="module")
def quiet(project):
    return _verdicts(project, None)


@pytest.mark.slow
@pytest.mark.subprocess
def test_the_quiet_run_refutes_no_true_claim_and_passes_no_false_twin(quiet):
    near = {key[0].split("::")[1]: v for key, v in quiet.items() if key[0].startswith("derivations/near_misses.py")}
    assert len(near) == 10, near
    for name, verdict in near.items():
        if name in FALSE_TWINS:
            assert verdict in ("refuted", "unknown"), (name, verdict)
        else:
            assert verdict != "refuted", (name, verdict)


@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize("seed", SEEDS)
def test_limits_cut_at_random_instants_move_verdicts_only_to_unknown(project, quiet, seed):
    faulty = _verdicts(project, f"{seed}:{RATE}")
    assert faulty.keys() == quiet.keys()
    moved = {key: (quiet[key], faulty[key]) for key in quiet
             if faulty[key] != quiet[key] and faulty[key] != "unknown"}
    assert not moved, f"seed {seed}: verdicts moved other than to unknown: {moved}"


@pytest.mark.slow
@pytest.mark.subprocess
def test_two_busy_processes_on_the_machine_move_verdicts_only_to_unknown(project, quiet):
    """Limits count CPU time, not the wall clock, so load alone changes nothing; where a wall bound is reached
    anyway (a loaded machine's loading bound), the verdict may only become unknown."""
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        loaded = _verdicts(project, None)
    finally:
        for p in busy:
            p.kill()
            p.wait()
    assert loaded.keys() == quiet.keys()
    moved = {key: (quiet[key], loaded[key]) for key in quiet
             if loaded[key] != quiet[key] and loaded[key] != "unknown"}
    assert not moved, f"under load, verdicts moved other than to unknown: {moved}"
