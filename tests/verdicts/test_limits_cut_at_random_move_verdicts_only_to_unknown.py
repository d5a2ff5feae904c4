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
The soundness-critical test files (SOUNDNESS_TEST_FILES: near misses of every strategy, limits, numbers,
search) run the same way under a further seed, through pytest with a plugin that writes down every step
verdict the tests reach (tests/verdicts/verdict_recording.py); what the tests assert is not read, only
whether a verdict moved.  The suite runs one seed per set (fault_runs.SEEDS, SOUNDNESS_SEEDS), each cutting
a hundred or more limits at rate 0.3; bench/bench_faults.py runs seeds 1–5 on both sets.  Five runs of about
a minute each on a quiet 2-core machine.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

from tests.engine import once_per_run
from tests.verdicts.fault_runs import (FALSE_TWINS, RATE, SEEDS, SOUNDNESS_SEEDS, make_project, project_verdicts,
                                       recorded_test_verdicts)


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return make_project(tmp_path_factory.mktemp("project"))


@pytest.fixture(scope="module")
def quiet(project):
    return once_per_run("fault-set-quiet", lambda: project_verdicts(project, None))


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
    faulty = project_verdicts(project, f"{seed}:{RATE}")
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
        loaded = project_verdicts(project, None)
    finally:
        for p in busy:
            p.kill()
            p.wait()
    assert loaded.keys() == quiet.keys()
    moved = {key: (quiet[key], loaded[key]) for key in quiet
             if loaded[key] != quiet[key] and loaded[key] != "unknown"}
    assert not moved, f"under load, verdicts moved other than to unknown: {moved}"


@pytest.fixture(scope="module")
def quiet_tests(tmp_path_factory):
    folder = tmp_path_factory.mktemp("soundness-tests")
    verdicts = once_per_run("soundness-tests-quiet", lambda: recorded_test_verdicts(folder, None))
    assert len(verdicts) > 100, f"the soundness test files checked only {len(verdicts)} steps"
    return folder, verdicts


@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize("seed", SOUNDNESS_SEEDS)
def test_the_soundness_tests_verdicts_move_only_to_unknown_when_limits_are_cut(quiet_tests, seed):
    folder, quiet = quiet_tests
    faulty = recorded_test_verdicts(folder, f"{seed}:{RATE}")
    both = quiet.keys() & faulty.keys()
    assert len(both) >= 0.9 * len(quiet), f"seed {seed}: only {len(both)} of {len(quiet)} steps checked again"
    moved = {key: (quiet[key], faulty[key]) for key in both if faulty[key] not in (quiet[key], "unknown")}
    assert not moved, f"seed {seed}: verdicts moved other than to unknown: {moved}"
