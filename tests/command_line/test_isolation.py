"""A derivation file cannot hijack the run: each is loaded in its own process and comes back as data.

Every attack here is a small fixture file; each must end as that file's load error (one line naming
the file), that step's error or that experiment's error — never as a pass, a silent exit or a hang —
while the other files are still checked.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from verifier.judge.checker import check_all
from verifier.loader import load, load_file
from verifier.run.pipeline import check_files
from verifier.settings import Settings
from verifier.verdicts import Verdict

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ROOT = Path(__file__).resolve().parents[2]
QUICK = Settings(quick=True)


def fixture(name):
    return FIXTURES / name


def run_cli(*args, cwd=ROOT, env=None):
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.run([sys.executable, "-m", "verifier", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=600, env=env)
    return proc.returncode, proc.stdout, proc.stderr


def test_exit_interrupt_and_os_exit_at_import_are_each_a_one_line_load_error_and_the_rest_is_checked():
    files = ["exits_at_import.py", "interrupts_at_import.py", "os_exit_at_import.py", "only_right.py"]
    derivations, errors = load([fixture(f) for f in files], ROOT, jobs=2)
    by_file = {Path(e.file).name: str(e) for e in errors}
    assert set(by_file) == {"exits_at_import.py", "interrupts_at_import.py", "os_exit_at_import.py"}
    assert "SystemExit: 0 (line 8)" in by_file["exits_at_import.py"]
    assert "KeyboardInterrupt" in by_file["interrupts_at_import.py"]
    assert "exit code 0" in by_file["os_exit_at_import.py"]
    assert all("\n" not in message for message in by_file.values())
    assert [d.name for d in derivations] == ["square"]


@pytest.mark.slow
def test_a_file_that_never_finishes_importing_is_stopped_at_the_time_limit():
    derivations, errors = load([fixture("hangs_at_import.py"), fixture("only_right.py")], ROOT, limit=2)
    [error] = errors
    assert error.file.endswith("hangs_at_import.py") and "longer than the limit of 2 s" in error.message
    assert [d.name for d in derivations] == ["square"]


@pytest.mark.subprocess
def test_the_command_line_exits_two_on_a_file_that_attacks_the_run_and_still_reports_the_others():
    code, out, err = run_cli("check", str(fixture("exits_at_import.py")), str(fixture("only_right.py")),
                             "--no-report", "--no-cache")
    assert code == 2
    assert "exits_at_import.py: cannot be loaded: SystemExit" in err
    assert "1/1 derivations pass" in out


@pytest.mark.subprocess
def test_monkeypatching_the_checker_at_import_changes_no_verdict():
    derivations, errors = load_file(fixture("patches_checker.py"), ROOT)
    assert errors is None
    [result] = check_all(derivations, QUICK)
    [step] = result.steps
    assert step.verdict is Verdict.REFUTED and not result.passed
    code, out, _ = run_cli("check", str(fixture("patches_checker.py")), "--no-report", "--no-cache")
    assert code == 1 and "refuted" in out


def test_code_hidden_in_a_steps_data_is_refused_not_run(tmp_path):
    marker = tmp_path / "payload-ran"
    os.environ["VERIFIER_TEST_MARKER"] = str(marker)
    try:
        derivations, error = load_file(fixture("pickle_payload.py"), ROOT)
    finally:
        del os.environ["VERIFIER_TEST_MARKER"]
    assert error is None
    by_name = {d.name: d for d in derivations}
    smuggled = by_name["smuggles"].steps[0]
    assert "cannot be rendered or serialised" in smuggled.error and "builtins.exec" in smuggled.error
    assert not marker.exists()
    results = {r.name: r for r in check_all(derivations, QUICK)}
    assert results["smuggles"].steps[0].verdict is Verdict.ERROR
    assert results["honest"].steps[0].verdict is Verdict.PROVED


def test_a_step_that_cannot_be_rendered_is_that_steps_error_and_other_derivations_are_checked():
    derivations, error = load_file(fixture("latex_raises.py"), ROOT)
    assert error is None
    results = {r.name: r for r in check_all(derivations, QUICK)}
    bad = results["unprintable"].steps[0]
    assert bad.verdict is Verdict.ERROR and "cannot be rendered or serialised" in bad.message
    assert results["printable"].steps[0].verdict is Verdict.PROVED


@pytest.mark.slow
def test_experiments_that_exit_or_answer_with_a_truthy_value_are_errors_one_that_hangs_is_unknown_and_a_bool_counts():
    [outcome] = check_files([fixture("bad_experiments.py")], ROOT, QUICK, load_limit=3)
    assert not outcome.error
    [result] = outcome.results
    by_title = {e.title: e for e in result.experiments}
    for title, why in (("exits", "SystemExit"), ("truthy", "holds must be True or False")):
        assert by_title[title].verdict is Verdict.ERROR, title
        assert why in by_title[title].finding, (title, by_title[title].finding)
    # Stopped at its time limit: more time could decide it, so unknown (time never makes an error or a verdict).
    assert by_title["hangs"].verdict is Verdict.UNKNOWN and not by_title["hangs"].passed
    assert "ran out of its time limit" in by_title["hangs"].finding, by_title["hangs"].finding
    assert by_title["honest"].verdict is Verdict.NUMERIC and by_title["honest"].passed
    assert result.steps[0].verdict is Verdict.PROVED
    assert not result.passed


def test_an_experiment_is_rerun_in_its_own_process_for_settings_the_loader_did_not_run():
    derivations, _ = load_file(fixture("seeded_experiments.py"), ROOT)
    [result] = check_all(derivations, Settings(quick=True, seed=5))
    by_title = {e.title: e for e in result.experiments}
    assert by_title["honest"].finding == "seed 5 is fine"
    assert by_title["truthy"].verdict is Verdict.ERROR


@pytest.mark.slow
@pytest.mark.subprocess
def test_experiments_that_exit_do_not_stop_a_parallel_run():
    code, out, _ = run_cli("check", str(fixture("bad_experiments.py")), str(fixture("only_right.py")),
                           "--no-report", "--no-cache", "--jobs", "2", "--quick", "--load-limit", "3")
    assert code == 1
    assert "✓ square" in out and "experiment 'exits'" in out


def test_a_derivation_with_no_steps_is_an_error_even_with_a_passing_experiment():
    derivations, _ = load_file(fixture("no_steps.py"), ROOT)
    [result] = check_all(derivations, Settings(quick=True, require_proof=True))
    assert result.verdict is Verdict.ERROR and not result.passed


def test_cited_facts_are_tied_to_the_checked_copy_of_their_own_file(tmp_path):
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "__init__.py").write_text("")
    (tmp_path / "derivations" / "base.py").write_text(
        "from verifier import calc, positive\nx = positive('x')\n"
        "fact = calc(x + 1, title='bigger').ge(x, 'adds one')\n")
    (tmp_path / "derivations" / "uses.py").write_text(
        "from verifier import calc, positive\nfrom derivations.base import fact, x\n"
        "use = calc(x + 2, title='uses').ge(x + 1, 'adds one', by=[fact])\n")
    derivations, errors = load([tmp_path / "derivations" / "base.py", tmp_path / "derivations" / "uses.py"],
                               tmp_path)
    assert not errors
    by_name = {d.name: d for d in derivations}
    assert by_name["use"].steps[0].by[0] is by_name["fact"]
    assert by_name["fact"].file == "derivations/base.py"
    results = {r.name: r for r in check_all(derivations, QUICK)}
    assert any("fact" in c.name for c in results["use"].steps[0].checks)


def test_the_claims_register_is_loaded_apart_and_names_its_derivations_by_key(tmp_path):
    from verifier.loader import project_claims
    d = tmp_path / "derivations"
    d.mkdir()
    (d / "__init__.py").write_text("")
    (d / "a.py").write_text("from verifier import calc, real\nx = real('x')\n"
                            "sq = calc((x + 1)**2, title='sq').eq(x**2 + 2*x + 1, 'expand')\n")
    (d / "_claims.py").write_text("from verifier.authoring.claims import claim\nfrom derivations.a import sq\n"
                                  "import verifier.judge.checker as checker\nchecker.check_all = None\n"
                                  "c1 = claim('c1', 'src', 'q', holds=[sq])\n")
    (d / "b.py").write_text("import sys\nsys.exit(0)\n")
    claims, errors = project_claims(tmp_path)
    assert [(c.id, c.references()) for c in claims] == [("c1", {"holds": ["derivations/a.py::sq"]})]
    assert [(e.file, e.message) for e in errors] == [("derivations/b.py", "SystemExit: 0 (line 2)")]
    import verifier.judge.checker as checker
    assert callable(checker.check_all)


class _Forged:
    """Builds a pickle that names only allowed classes but abuses them."""

    def __init__(self, reduced):
        self.reduced = reduced

    def __reduce__(self):
        return self.reduced


def test_a_forged_pickle_cannot_parse_code_or_overwrite_a_shared_sympy_object():
    import pickle

    import pytest
    import sympy as sp

    from verifier.run import safe_pickle
    x = sp.Symbol("x")
    parses = pickle.dumps(_Forged((sp.Sum, ("__import__('os').getpid()", (x, 1, 2)))), protocol=5)
    overwrites_zero = pickle.dumps(_Forged((sp.Integer, (0,), {"_mhash": 12345})), protocol=5)
    overwrites_x = pickle.dumps(_Forged((sp.Symbol, ("x",), {"_assumptions": {"positive": True}})), protocol=5)
    calls_code = pickle.dumps(_Forged((exec, ("import os",))), protocol=5)
    from verifier.authoring.relations import Relation
    overwrites_le = pickle.dumps(_Forged((Relation, ("<=",), {"_value_": "="})), protocol=5)
    for data in (parses, overwrites_zero, overwrites_x, calls_code, overwrites_le):
        with pytest.raises(safe_pickle.UnsafePickle):
            safe_pickle.loads(data)
    assert sp.S.Zero._mhash != 12345 and sp.Symbol("x").is_positive is None and Relation.LE.value == "<="
    assert safe_pickle.loads(safe_pickle.dumps(sp.Sum(x, (x, 1, 2)))) == sp.Sum(x, (x, 1, 2))


def test_a_load_error_with_a_message_of_several_lines_is_still_one_line():
    _, error = load_file(fixture("multiline_error.py"), ROOT)
    assert str(error).endswith("ValueError: first line second line third line (line 2)")
    assert "\n" not in str(error)


@pytest.mark.slow
@pytest.mark.subprocess
def test_a_step_whose_check_kills_the_process_is_that_derivations_error_and_the_run_goes_on():
    # A C library can end the process (SymPy's FLINT polynomials raise SIGFPE on some builds); the hook on
    # PYTHONPATH sends that signal when "crash" is checked.  Checked in worker processes, only that derivation
    # is lost, at either --jobs, and nothing hangs.
    hook = str(FIXTURES / "crash_hook")
    for jobs in ("1", "2"):
        code, out, err = run_cli("check", str(fixture("crashes_the_checker.py")), "--no-report", "--no-cache",
                                 "--jobs", jobs, env={"PYTHONPATH": f"{hook}{os.pathsep}{ROOT}"})
        assert code == 1, (jobs, out, err)
        assert "crash: step 1 (<=): error: not checked: its checker process died" in out
        assert "✓ fine" in out


def test_a_file_is_loaded_as_written_even_after_this_process_changed_its_imported_objects():
    # The load child is forked from this process: if it reused the modules imported here, it would collect
    # objects a test had renamed (check_one names an unnamed derivation 'under_test'), so two derivations of
    # one file shared a name in the full suite.
    import derivations.noise_robustness as nr
    renamed = [nr.factoring_gaussian_noise, nr.factoring_uniform_noise]
    saved = [d.name for d in renamed]
    try:
        for d in renamed:
            d.name = "under_test"
        found, error = load_file(ROOT / "derivations" / "noise_robustness.py", ROOT)
        assert error is None, str(error)
        names = [d.name for d in found]
        assert "under_test" not in names and len(names) == len(set(names))
        assert {"factoring_gaussian_noise", "factoring_uniform_noise"} <= set(names)
    finally:
        for d, name in zip(renamed, saved):
            d.name = name
