"""The math as a CI gate: JUnit XML, the pytest plugin, the workflow file and the terminal output."""
import io
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

import pytest

from tests.command_line import in_process
from verifier.present.terminal import Terminal
from verifier.verdicts import DerivationResult, RunResult, StepResult, Verdict

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args, cwd=ROOT):
    return in_process.run_cli(*args, cwd=cwd)      # the command line in this process: its exit code, output, files


def test_junit_has_a_suite_per_derivation_a_case_per_step_and_the_counterexample_of_a_refuted_one(tmp_path):
    path = tmp_path / "junit.xml"
    code, _, _ = run_cli("check", str(FIXTURES / "good_and_bad.py"), "--no-report", "--junit", str(path),
                         "--cache-dir", str(tmp_path / "cache"))
    assert code == 1
    root = ET.parse(path).getroot()
    suites = {s.get("name"): s for s in root.iter("testsuite")}
    assert set(suites) == {"tests/fixtures/good_and_bad.py::right", "tests/fixtures/good_and_bad.py::missing_one_over_n"}
    [ok] = suites["tests/fixtures/good_and_bad.py::right"].iter("testcase")
    assert ok.get("name") == "step 1 (=)" and ok.find("failure") is None and ok.find("error") is None
    [bad] = suites["tests/fixtures/good_and_bad.py::missing_one_over_n"].iter("testcase")
    failure = bad.find("failure")
    assert failure.get("type") == "refuted"
    assert "counterexample at" in failure.get("message") and "lambda = " in failure.get("message")
    assert "50 digits: lhs = " in failure.get("message")
    assert root.get("tests") == "2" and root.get("failures") == "1" and root.get("errors") == "0"


def test_junit_records_an_unloadable_file_as_an_error_case(tmp_path):
    path = tmp_path / "junit.xml"
    code, _, _ = run_cli("check", str(FIXTURES / "broken_import.py"), str(FIXTURES / "only_right.py"),
                         "--no-report", "--junit", str(path), "--cache-dir", str(tmp_path / "cache"))
    assert code == 2
    root = ET.parse(path).getroot()
    [loading] = [s for s in root.iter("testsuite") if s.get("name") == "loading"]
    [case] = loading.iter("testcase")
    assert "NameError" in case.find("error").get("message")
    assert root.get("errors") == "1"


def test_a_missing_file_alone_is_one_line_and_exit_two_not_an_empty_table(tmp_path):
    junit = tmp_path / "junit.xml"
    code, out, err = run_cli("check", str(tmp_path / "nowhere.py"), "--no-report", "--cache-dir", str(tmp_path),
                             "--junit", str(junit))
    assert code == 2
    assert err.strip().count("\n") == 0 and "nowhere.py: cannot be loaded: no such file" in err
    assert out == ""
    [case] = ET.parse(junit).getroot().iter("testcase")
    assert "no such file" in case.find("error").get("message")


def _result(passed=True):
    step = StepResult(index=1, relation="=", lhs_latex="a", rhs_latex="b", lhs_srepr="", rhs_srepr="", reason="r",
                      source="", verdict=Verdict.PROVED if passed else Verdict.REFUTED, passed=passed)
    return DerivationResult(name="d", title="t", source="", file="f.py", verdict=step.verdict, passed=passed,
                            conclusion="a = b", steps=[step])


def _render(monkeypatch, tty, no_color):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
        monkeypatch.setenv("TERM", "xterm")
    stream = io.StringIO()
    term = Terminal(stream, tty=tty)
    term.expect(2)
    term.result(_result(True))
    term.result(_result(False))
    term.finish()
    term.summary(RunResult([_result(True), _result(False)], 0, (50, 100), False, False))
    return stream.getvalue()


def test_a_tty_gets_a_progress_bar_and_colour(monkeypatch):
    text = _render(monkeypatch, tty=True, no_color=False)
    assert "2/2 derivations" in text and "\r" in text and "\x1b[" in text


def test_no_color_means_not_a_single_ansi_escape_even_on_a_tty(monkeypatch):
    text = _render(monkeypatch, tty=True, no_color=True)
    assert "\x1b" not in text
    assert "2/2 derivations" in text          # the bar is still drawn, in plain characters


def test_plain_lines_when_stdout_is_not_a_terminal(monkeypatch):
    text = _render(monkeypatch, tty=False, no_color=False)
    assert "\x1b" not in text and "\r" not in text
    assert "✓ d" in text and "✗ d" in text and "1/2 derivations pass" in text


def test_the_workflow_file_is_valid_yaml_that_installs_runs_the_gate_and_uploads_the_report():
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load((ROOT / "examples" / "ci" / "verify-math.yml").read_text())
    triggers = workflow.get("on", workflow.get(True))        # YAML 1.1 reads a bare `on` as true
    assert "push" in triggers
    [job] = workflow["jobs"].values()
    runs = " ".join(step.get("run", "") for step in job["steps"])
    uses = [step.get("uses", "") for step in job["steps"]]
    # A user's repository has no install.sh: the template installs the package.
    assert 'pip install "$VERIFIER_PACKAGE"' in runs and "verifier all --junit" in runs
    assert any(u.startswith("actions/upload-artifact") for u in uses)
    upload = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/upload-artifact"))
    assert upload["with"]["path"].startswith("reports") and upload.get("if") == "always()"


def _plugin_args() -> list[str]:
    """Load the plugin by name unless the installed entry point already does."""
    installed = any(ep.value == "verifier.pytest_plugin" for ep in metadata.entry_points(group="pytest11"))
    return [] if installed else ["-p", "verifier.pytest_plugin"]


def run_pytest(*args, cwd):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "pytest", *_plugin_args(), "-p", "no:cacheprovider", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=600, env=env)
    return proc.returncode, proc.stdout + proc.stderr


@pytest.mark.subprocess
def test_pytest_collects_one_item_per_step_named_file_derivation_step(tmp_path):
    (tmp_path / "good_and_bad.py").write_text((FIXTURES / "good_and_bad.py").read_text())
    code, out = run_pytest("--derivations", "good_and_bad.py", "--collect-only", "-q", cwd=tmp_path)
    assert code == 0, out
    assert "good_and_bad.py::right::step 1" in out and "good_and_bad.py::missing_one_over_n::step 1" in out


@pytest.mark.slow
@pytest.mark.subprocess
def test_pytest_runs_the_steps_a_refuted_one_fails_with_its_counterexample_and_k_selects(tmp_path):
    (tmp_path / "good_and_bad.py").write_text((FIXTURES / "good_and_bad.py").read_text())
    report = tmp_path / "pytest.xml"
    code, out = run_pytest("--derivations", "good_and_bad.py", f"--junitxml={report}", cwd=tmp_path)
    assert code == 1
    cases = list(ET.parse(report).getroot().iter("testcase"))
    assert len(cases) == 2 and {c.get("name") for c in cases} == {"step 1"}
    failed = [c for c in cases if c.find("failure") is not None]
    assert len(failed) == 1 and "counterexample at" in failed[0].find("failure").text
    code, out = run_pytest("--derivations", "good_and_bad.py", "-k", "right", cwd=tmp_path)
    assert code == 0 and "1 passed" in out


@pytest.mark.subprocess
def test_without_the_option_the_plugin_collects_nothing(tmp_path):
    (tmp_path / "good_and_bad.py").write_text((FIXTURES / "good_and_bad.py").read_text())
    code, out = run_pytest("good_and_bad.py", "--collect-only", "-q", cwd=tmp_path)
    assert "step 1" not in out and code == 5       # pytest: no tests collected


def test_a_derivation_displays_in_jupyter_as_its_chain_with_verdicts_checked_once_until_it_changes(monkeypatch):
    import verifier.judge.checker as checker
    from verifier import calc, real
    from verifier.present import notebook
    calls, check_all = [], checker.check_all
    monkeypatch.setattr(checker, "check_all", lambda *a, **k: calls.append(1) or check_all(*a, **k))
    x = real("x")
    d = calc((x + 1) ** 2, title="a <square>").eq(x ** 2 + 2 * x + 1, "expand & compare")
    html = notebook.derivation_html(d)
    assert notebook.derivation_html(d) == html and len(calls) == 1
    assert "✓ proved" in html and "a &lt;square&gt;" in html and "expand &amp; compare" in html
    assert "$" + "x^{2} + 2 x + 1" + "$" in html
    d.eq(x ** 2 + 2 * x + 2, "off by one")
    html = notebook.derivation_html(d)
    assert len(calls) == 2 and "✗ refuted" in html and "counterexample at" in html


@pytest.mark.slow
@pytest.mark.subprocess
def test_pytest_xdist_spreads_the_steps_over_workers_with_the_same_outcome(tmp_path):
    pytest.importorskip("xdist")
    (tmp_path / "good_and_bad.py").write_text((FIXTURES / "good_and_bad.py").read_text())
    code, out = run_pytest("--derivations", "good_and_bad.py", "-n", "2", cwd=tmp_path)
    assert code == 1 and "1 failed, 1 passed" in out
    assert "FAILED good_and_bad.py::missing_one_over_n::step 1" in out
