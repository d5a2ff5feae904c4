"""Adopting the verifier in another repository: the things an outside user meets first.

The distribution's name and metadata, --version, where outputs go (stdout, devices, pipes, unwritable
paths, permissions), the project root found from a subdirectory, `check DIR`, pytest node IDs that select
one step, JUnit valid for Jenkins' junit-10.xsd, restatements shown as warnings everywhere (and failing
under --strict), the report's provenance, and the sdist's contents.
"""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

import pytest

from tests.command_line import in_process

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = Path(__file__).resolve().parents[1] / "fixtures" / "schemas"

PROJECT_FILE = '''\
from verifier import calc, positive, log

x = positive("x")

honest = (
    calc(log(x * x), title="log of a square")
    .eq(2 * log(x), "log of a product")
)

restated = (
    calc(log(x * x * x), title="a chain with a restatement")
    .eq(3 * log(x), "log of a product")
    .eq(3 * log(x), "nothing new: the same expression again")
)
'''

WRONG_FILE = '''\
from verifier import calc, positive, log

x = positive("x")

off_by_one = (
    calc(log(x * x), title="a wrong factor")
    .eq(3 * log(x), "log of a product, miscounted")
)
'''


def run(*args, cwd, env=None):
    proc = subprocess.run([sys.executable, "-m", "verifier", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=600, env=dict(os.environ, PYTHONPATH=str(ROOT), **(env or {})))
    return proc.returncode, proc.stdout, proc.stderr


def cli(*args, cwd):
    """The command line in this process, for properties of its exit code, output and files (not of the process)."""
    return in_process.run_cli(*args, cwd=cwd)


@pytest.fixture
def project(tmp_path):
    """A user's repository: pyproject.toml, derivations/ with one file, and a subdirectory."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "someone-elses"\nversion = "1"\n')
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "x.py").write_text(PROJECT_FILE)
    (tmp_path / "docs" / "deep").mkdir(parents=True)
    return tmp_path


# --- the distribution -------------------------------------------------------------------------------

def test_the_distribution_has_its_own_name_a_license_and_an_accurate_description():
    dist = metadata.distribution("attention-math-verifier")
    meta = dist.metadata
    assert meta["Name"] == "attention-math-verifier"
    assert meta.get("License-Expression") == "MIT" or meta.get("License") == "MIT"
    assert "FLINT" in meta["Summary"] and "mpmath only where" in meta["Summary"]
    assert any(ep.group == "console_scripts" and ep.name == "verifier" for ep in dist.entry_points)
    assert any(ep.group == "pytest11" and ep.value == "verifier.pytest_plugin" for ep in dist.entry_points)
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert "the verifier authors" in (ROOT / "LICENSE").read_text()


@pytest.mark.subprocess
def test_version_is_the_distributions_and_help_names_the_command_as_called(tmp_path):
    code, out, _ = run("--version", cwd=tmp_path)
    assert code == 0 and metadata.version("attention-math-verifier") in out
    script = Path(sys.executable).parent / "verifier"
    if not script.exists():
        pytest.skip("the console script is not installed beside this Python")
    done = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.stdout.startswith("usage: verifier ") and "python -m verifier" not in done.stdout.splitlines()[0]
    _, out, _ = run("--help", cwd=tmp_path)
    assert out.startswith("usage: python -m verifier ")


@pytest.mark.subprocess
def test_the_sdist_carries_what_its_tests_need(tmp_path):
    """Built from the last commit (what a clone holds), offline, with the installed setuptools."""
    src = tmp_path / "src"
    src.mkdir()
    archive = subprocess.run(["git", "archive", "--format=tar", "HEAD"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    out = tmp_path / "dist"
    code = ("import sys; from setuptools import build_meta as b; "
            f"print(b.build_sdist({str(out)!r}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=src, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    [sdist] = out.glob("attention_math_verifier-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for needed in ("LICENSE", "README.md", "pyproject.toml", "derivations/softmax_basics.py",
                   "examples/log_sum_exp_bounds.py", "examples/ci/verify-math.yml", "tests/engine.py",
                   "tests/fixtures/good_and_bad.py", "tests/fixtures/schemas/junit-10.xsd",
                   "verifier/present/report/templates"):
        assert any(n == needed or n.startswith(needed + "/") for n in names), needed
    assert not any("__pycache__" in n or ".verifier-cache" in n for n in names)


# --- outputs ----------------------------------------------------------------------------------------

@pytest.mark.subprocess
def test_json_dash_is_standard_output_and_the_human_lines_go_to_stderr(project):
    code, out, err = run("all", "--no-report", "--json", "-", cwd=project)
    assert code == 0, err
    data = json.loads(out)                       # stdout is the JSON alone
    assert data["schema"] == "verifier-results/1" and data["passed"] is True
    assert "derivations pass" in err
    assert not (project / "-").exists() and not (project / "-.jsonl").exists()


@pytest.mark.subprocess
def test_junit_dash_is_standard_output(project):
    code, out, err = run("all", "--no-report", "--junit", "-", cwd=project)
    assert code == 0, err
    assert ET.fromstring(out).tag == "testsuites"
    assert not (project / "-").exists()


@pytest.mark.subprocess
def test_a_fifo_is_written_in_place_never_replaced_by_a_file(project):
    fifo = project / "results.fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    code, _, err = run("all", "--no-report", "--json", str(fifo), cwd=project)
    got, _ = reader.communicate(timeout=120)
    assert code == 0, err
    assert json.loads(got)["passed"] is True
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)             # still the pipe
    assert not (project / "results.fifo.jsonl").exists()     # no log beside a pipe


def test_a_symlink_is_followed_and_stays_a_link(project):
    target = project / "out" / "real.json"
    target.parent.mkdir()
    target.write_text("{}")
    link = project / "link.json"
    link.symlink_to(target)
    code, _, err = cli("all", "--no-report", "--json", str(link), cwd=project)
    assert code == 0, err
    assert link.is_symlink() and json.loads(target.read_text())["passed"] is True


def test_an_unwritable_output_is_one_line_and_exit_two_before_anything_is_checked(project):
    blocker = project / "a_file"
    blocker.write_text("")
    for option in ("--json", "--junit"):
        code, out, err = cli("all", "--no-report", option, str(blocker / "r.json"), cwd=project)
        assert code == 2
        assert err.strip().count("\n") == 0 and "cannot be written" in err and "Traceback" not in err
        assert "derivations pass" not in out


def test_results_files_are_as_readable_as_the_reports(project):
    code, _, err = cli("all", "--no-report", "--json", "r/results.json", "--junit", "r/junit.xml", cwd=project)
    assert code == 0, err
    for name in ("results.json", "results.jsonl", "junit.xml"):
        mode = stat.S_IMODE(os.stat(project / "r" / name).st_mode)
        assert mode & 0o044 == 0o044, (name, oct(mode))       # group and others may read (0644 under umask 022)


# --- the project root, folders ------------------------------------------------------------------------

@pytest.mark.slow
def test_a_subdirectory_finds_the_project_like_pytest_and_git_do(project):
    deep = project / "docs" / "deep"
    code, out, err = cli("list", cwd=deep)
    assert code == 0, err
    assert "honest" in out and "restated" in out and "derivations/x.py" in out
    code, out, err = cli("all", "--no-report", "--json", "r.json", cwd=deep)
    assert code == 0, err
    assert "2/2 derivations pass" in out
    assert (project / ".verifier-cache").is_dir()          # the cache lives in the project root


def test_list_without_any_derivations_says_so_and_fails(tmp_path):
    code, out, err = cli("list", cwd=tmp_path)
    assert code == 2 and out == "" and "no derivations found" in err


@pytest.mark.slow
def test_check_a_folder_checks_the_files_in_it_and_an_empty_folder_is_an_error(project):
    (project / "derivations" / "wrong.py").write_text(WRONG_FILE)
    (project / "derivations" / "_helper.py").write_text("raise SystemExit('a helper is not a derivation file')\n")
    code, out, err = cli("check", "derivations", "--no-report", cwd=project)
    assert code == 1, err                                   # wrong.py is refuted; _helper.py is not loaded
    assert "off_by_one" in out and "honest" in out and "_helper" not in out + err
    (project / "empty").mkdir()
    code, _, err = cli("check", "empty", "--no-report", cwd=project)
    assert code == 2 and "no derivation files" in err


# --- pytest -------------------------------------------------------------------------------------------

def _pytest(*args, cwd):
    installed = any(ep.value == "verifier.pytest_plugin" for ep in metadata.entry_points(group="pytest11"))
    plugin = [] if installed else ["-p", "verifier.pytest_plugin"]
    proc = subprocess.run([sys.executable, "-m", "pytest", *plugin, "-p", "no:cacheprovider", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return proc.returncode, proc.stdout + proc.stderr


@pytest.mark.slow
@pytest.mark.subprocess
def test_a_node_id_selects_one_step_and_k_still_selects(project):
    code, out = _pytest("--derivations", "derivations/x.py::restated::step 1", "-v", cwd=project)
    assert code == 0, out
    assert "x.py::restated::step 1 PASSED" in out
    assert "1 passed" in out and "step 2" not in out.split("short test summary")[0].split("warnings summary")[0]
    code, out = _pytest("--derivations", "-k", "honest", "-q", cwd=project)
    assert code == 0 and "1 passed" in out and "2 deselected" in out, out


@pytest.mark.slow
@pytest.mark.subprocess
def test_pytest_warns_on_a_restatement_and_fails_it_under_strict(project):
    code, out = _pytest("--derivations", "derivations/x.py::restated", "-q", cwd=project)
    assert code == 0, out
    assert "RestatementWarning" in out and "restated::step 2" in out
    assert "restated::step 1: restatement" not in out            # a real step is not flagged
    code, out = _pytest("--derivations", "derivations/x.py::restated", "--derivations-strict", "-q", cwd=project)
    assert code == 1 and "1 failed, 1 passed" in out, out


# --- JUnit --------------------------------------------------------------------------------------------

def _assert_valid_junit10(path: Path) -> None:
    """Against the vendored junit-10.xsd; by hand (its attributes and elements) where xmlschema is absent."""
    try:
        import xmlschema
    except ImportError:
        xmlschema = None
    if xmlschema is not None:
        xmlschema.XMLSchema(str(SCHEMAS / "junit-10.xsd")).validate(str(path))
    _hand_check_junit10(path)


def _hand_check_junit10(path: Path) -> None:
    """The attributes junit-10.xsd allows on each element."""
    root = ET.parse(path).getroot()
    allowed = {"testsuites": {"name", "time", "tests", "failures", "errors"},
               "testsuite": {"name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp",
                             "hostname", "id", "package", "file", "log", "url", "version"},
               "testcase": {"name", "time", "classname", "group"},
               "property": {"name", "value"}}
    for el in root.iter():
        if el.tag in allowed:
            assert set(el.attrib) <= allowed[el.tag], (el.tag, el.attrib)


@pytest.mark.slow
def test_junit_is_valid_junit_10_with_root_relative_classnames_and_restatements_as_warnings(project, tmp_path):
    (project / "derivations" / "wrong.py").write_text(WRONG_FILE)
    outside = tmp_path / "elsewhere" / "errs"          # a file of no project: named by its stem
    outside.mkdir(parents=True)
    (outside / "good.py").write_text(PROJECT_FILE)
    junit = project / "junit.xml"
    code, _, err = cli("check", "derivations", str(outside / "good.py"), "--no-report", "--junit", str(junit),
                       cwd=project)
    assert code == 1, err
    _assert_valid_junit10(junit)
    root = ET.parse(junit).getroot()
    classnames = {c.get("classname") for c in root.iter("testcase")}
    assert {"derivations.x.honest", "derivations.x.restated", "derivations.wrong.off_by_one"} <= classnames
    assert all(not c.startswith(".") and "tmp" not in c for c in classnames), classnames
    cases = {(c.get("classname"), c.get("name")): c for c in root.iter("testcase")}
    warned = cases[("derivations.x.restated", "step 2 (=)")]
    assert warned.find("failure") is None and warned.find("system-out").text.startswith("warning: restatement")
    honest = cases[("derivations.x.restated", "step 1 (=)")]
    assert not honest.find("system-out").text.startswith("warning")
    suite = next(s for s in root.iter("testsuite") if s.get("name") == "derivations/x.py::restated")
    assert [p.get("name") for p in suite.iter("property")] == ["warning"]
    try:
        import junitparser
    except ImportError:
        return
    xml = junitparser.JUnitXml.fromfile(str(junit))
    assert sum(s.tests for s in xml) == int(root.get("tests")) and sum(s.failures for s in xml) == 1


@pytest.mark.slow
def test_strict_fails_a_restatement_in_the_exit_code_the_terminal_json_and_junit(project):
    code, out, err = cli("all", "--no-report", "--json", "r.json", "--junit", "j.xml", cwd=project)
    assert code == 0, err
    assert "! restated" in out and "warning: restatement" in out and "1 restated" in out
    assert json.loads((project / "r.json").read_text())["passed"] is True
    code, out, err = cli("all", "--no-report", "--strict", "--json", "r.json", "--junit", "j.xml", cwd=project)
    assert code == 1
    assert "✗ restated" in out and "1/2 derivations pass" in out
    data = json.loads((project / "r.json").read_text())
    assert data["passed"] is False and data["strict"] is True
    failure = [c.find("failure") for c in ET.parse(project / "j.xml").getroot().iter("testcase")
               if c.find("failure") is not None]
    assert [f.get("type") for f in failure] == ["restatement"]
    _assert_valid_junit10(project / "j.xml")


def test_a_step_that_only_looks_alike_is_not_a_restatement(project):
    """Near miss: log(x³) = 3 log x is a real step (SymPy has to expand the log); only 3 log x = 3 log x is."""
    code, out, _ = cli("check", "derivations/x.py", "--no-report", "--strict", cwd=project)
    lines = [l for l in out.splitlines() if "restatement" in l and ": step " in l]
    assert len(lines) == 1 and "step 2" in lines[0]


# --- small things -------------------------------------------------------------------------------------

@pytest.mark.subprocess
def test_a_load_error_is_said_once(project):
    (project / "derivations" / "broken.py").write_text("import no_such_module_anywhere\n")
    code, out, err = run("all", "--no-report", cwd=project)
    assert code == 2
    assert (out + err).count("No module named 'no_such_module_anywhere'") == 1


def test_the_report_names_the_commit_of_the_checked_repository_and_the_flint_version(project):
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run(git + ["add", "-A"], cwd=project, check=True)
    subprocess.run(git + ["commit", "-q", "-m", "derivations"], cwd=project, check=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=project, capture_output=True,
                            text=True).stdout.strip()
    code, _, err = cli("all", "--format", "html", "--json", "r.json", cwd=project / "docs")
    assert code == 0, err
    page = (project / "docs" / "reports" / "index.html").read_text()
    assert commit in page and "Commit unknown" not in page
    assert "python-flint" in page
    assert json.loads((project / "docs" / "r.json").read_text())["versions"]["python-flint"] == \
        metadata.version("python-flint")


def test_one_seeded_point_is_singular():
    from verifier.present.report.view import NumericDefaults
    assert "1 seeded point at" in NumericDefaults(points=1, precisions=(50, 100), seed=0).describe()
    assert "12 seeded points at" in NumericDefaults(points=12, precisions=(50, 100), seed=0).describe()


def test_displaying_a_derivation_in_jupyter_leaves_its_repr_alone():
    from verifier import calc, positive, log
    x = positive("x")
    d = calc(log(x * x), title="log of a square").eq(2 * log(x), "log of a product")
    before = repr(d)
    html = d._repr_html_()
    assert "proved" in html
    assert repr(d) == before and d.name == ""


def test_the_junit_check_is_real_a_file_attribute_on_a_testcase_is_rejected(tmp_path):
    """Near miss: a writer that puts file= on every testcase fails junit-10.xsd, so the schema check is real."""
    xmlschema = pytest.importorskip("xmlschema")
    bad = tmp_path / "bad.xml"
    bad.write_text('<testsuites><testsuite name="s" tests="1" failures="0" errors="0">'
                   '<testcase name="step 1 (=)" classname="derivations.x.d" file="derivations/x.py"/>'
                   '</testsuite></testsuites>')
    with pytest.raises(xmlschema.XMLSchemaValidationError):
        xmlschema.XMLSchema(str(SCHEMAS / "junit-10.xsd")).validate(str(bad))
    with pytest.raises(AssertionError):
        _hand_check_junit10(bad)


def test_jupyter_shows_a_restatement_as_one_not_as_a_proof():
    from verifier import calc, positive, log
    x = positive("x")
    d = calc(log(x ** 3), title="t").eq(3 * log(x), "log of a power").eq(3 * log(x), "the same again")
    html = d._repr_html_()
    assert html.count("restated: checks nothing") == 1          # step 2 only; step 1 is a real proof
