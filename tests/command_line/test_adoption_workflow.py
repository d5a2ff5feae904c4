"""The CI template (examples/ci/verify-math.yml) works in a user's repository.

A throwaway repository outside this one (derivations/x.py doing `from verifier import …`, nothing else)
gets a fresh virtual environment; the template's `run:` steps are executed in it in order, as GitHub
runs them (bash -eo pipefail), except the `uses:` actions and the TeX install (apt, as root).  The
package install is the template's own command with VERIFIER_PACKAGE set to the wheel built from this
checkout, offline: the wheel's dependencies are lent from this venv.  Then `check`, `all` and
`pytest --derivations` run there with the installed package, and the JUnit file passes junit-10.xsd.
The template itself validates against the GitHub workflow schema (SchemaStore, vendored).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "examples" / "ci" / "verify-math.yml"
SCHEMAS = Path(__file__).resolve().parents[1] / "fixtures" / "schemas"

USER_FILE = '''\
from verifier import calc, positive, log

x = positive("x")

log_of_a_cube = (
    calc(log(x ** 3), title="log of a cube")
    .eq(3 * log(x), "log of a power")
)
'''


def _workflow() -> dict:
    return yaml.safe_load(TEMPLATE.read_text())


def _steps() -> list[dict]:
    [job] = _workflow()["jobs"].values()
    return job["steps"]


@pytest.mark.parametrize("path", [TEMPLATE, ROOT / ".github" / "workflows" / "ci.yml"], ids=["template", "own"])
def test_the_workflows_validate_against_the_github_workflow_schema(path):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((SCHEMAS / "github-workflow.json").read_text())
    workflow = yaml.safe_load(path.read_text())
    if True in workflow:                    # YAML 1.1 reads a bare `on` as true; GitHub reads it as "on"
        workflow["on"] = workflow.pop(True)
    jsonschema.validate(workflow, schema)


def test_the_template_needs_nothing_of_this_repository():
    text = TEMPLATE.read_text()
    runs = "\n".join(s.get("run", "") for s in _steps())
    assert "install.sh" not in text and "chromium" not in text and "poppler" not in text
    assert 'pip install "$VERIFIER_PACKAGE"' in runs
    assert "attention-math-verifier" in _workflow()["env"]["VERIFIER_PACKAGE"]
    assert "${{" not in runs                       # the shell steps run as written, here and on GitHub
    caches = [s["with"] for s in _steps() if s.get("uses", "").startswith("actions/cache")]
    assert any(c["path"] == "~/.cache/pip" for c in caches)
    [results] = [c for c in caches if c["path"] == ".verifier-cache"]
    assert "hashFiles('derivations/**')" in results["key"] and "steps.install.outputs.version" in results["key"]
    assert "verifier/**" not in results["key"]      # a user's repository has no verifier/ folder
    tex = [s for s in _steps() if "apt-get" in s.get("run", "")]
    assert len(tex) == 1 and "texlive" in tex[0]["run"] and tex[0]["if"] == "env.VERIFIER_PDF == 'true'"
    upload = next(s for s in _steps() if s.get("uses", "").startswith("actions/upload-artifact"))
    assert upload["if"] == "always()" and upload["with"]["path"] == "reports/"


def _lend_dependencies(venv: Path) -> None:
    """Put this venv's packages (all but the verifier itself) on the fresh venv's path, so installing the
    wheel resolves every dependency offline."""
    lent = venv.parent / "lent-site-packages"
    lent.mkdir()
    site = Path(sysconfig.get_paths()["purelib"])
    for entry in site.iterdir():
        name = entry.name.lower()
        if name.startswith(("attention_math_verifier", "__editable__", "verifier", "_verifier", "pip")) \
                or name.endswith(".pth"):
            continue
        (lent / entry.name).symlink_to(entry)
    fresh_site = next((venv / "lib").glob("python*/site-packages"))
    (fresh_site / "lent.pth").write_text(str(lent) + "\n")


def _committed_tree(dest: Path) -> None:
    """HEAD's files: what a clone (and so the sdist and wheel built in CI) holds, without the half-done edits
    of a working tree."""
    archive = subprocess.run(["git", "archive", "--format=tar", "HEAD"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel of this checkout's last commit, built offline with the installed setuptools."""
    src = tmp_path_factory.mktemp("src")
    _committed_tree(src)
    out = tmp_path_factory.mktemp("dist")
    code = f"from setuptools import build_meta as b; print(b.build_wheel({str(out)!r}))"
    done = subprocess.run([sys.executable, "-c", code], cwd=src, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    [built] = out.glob("attention_math_verifier-*.whl")
    return built


@pytest.mark.slow
@pytest.mark.subprocess
def test_a_user_repository_runs_the_templates_steps_with_the_installed_wheel(tmp_path, wheel):
    repo = tmp_path / "user-repo"
    (repo / "derivations").mkdir(parents=True)
    (repo / "derivations" / "x.py").write_text(USER_FILE)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    _lend_dependencies(venv)
    github_output, github_env = tmp_path / "github_output", tmp_path / "github_env"
    github_output.write_text("")
    github_env.write_text("")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(_workflow()["env"])
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(venv),
               VERIFIER_PACKAGE=str(wheel),        # the template's `pip install "$VERIFIER_PACKAGE"`, offline
               VERIFIER_PDF="false", PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
               GITHUB_OUTPUT=str(github_output), GITHUB_ENV=str(github_env), CI="true")
    ran = []
    for step in _steps():
        if "run" not in step:
            continue                              # actions (checkout, setup-python, cache, upload)
        if step.get("if") == "env.VERIFIER_PDF == 'true'":
            continue                              # apt-get as root: not in a test
        script = step["run"]
        if step.get("id") == "install":           # pip's own upgrade needs the index; the rest runs as written
            script = script.replace("python -m pip install --upgrade pip\n", "")
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=repo,
                              env=env, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, (step.get("name"), done.stdout[-3000:], done.stderr[-3000:])
        ran.append(step.get("name"))
    assert ran == ["Install the verifier", "Check every derivation"]
    # The verifier came from the wheel, not from this checkout.
    where = subprocess.run([str(venv / "bin" / "python"), "-c", "import verifier; print(verifier.__file__)"],
                           cwd=repo, env=env, capture_output=True, text=True, check=True).stdout
    assert str(venv) in where and str(ROOT) not in where
    version = re.search(r"^version=(\S+)$", github_output.read_text(), re.M)
    import tomllib
    assert version and version.group(1) == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    # What the template uploads.
    junit = repo / "reports" / "junit.xml"
    results = json.loads((repo / "reports" / "results.json").read_text())
    assert results["passed"] is True and (repo / "reports" / "index.html").is_file()
    assert (repo / ".verifier-cache").is_dir()    # what the cache step keeps
    from tests.command_line.test_adoption import _assert_valid_junit10
    _assert_valid_junit10(junit)
    [case] = ET.parse(junit).getroot().iter("testcase")
    assert case.get("classname") == "derivations.x.log_of_a_cube"
    # check, from a subdirectory, and pytest --derivations, with the installed package and its plugin.
    (repo / "notes").mkdir()
    done = subprocess.run(["verifier", "check", "../derivations/x.py", "--no-report"], cwd=repo / "notes",
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "1/1 derivations pass" in done.stdout, done.stderr
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "pytest", "-p", "no:cacheprovider", "--derivations",
                           "derivations/x.py::log_of_a_cube::step 1", "-q"], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout[-3000:] + done.stderr[-3000:]


@pytest.mark.subprocess
def test_the_templates_git_url_placeholder_stops_the_install_with_one_line_naming_what_to_set(tmp_path):
    """No remote is known to this repository, so the template's git URL says OWNER/REPO: a user who copies
    it unedited gets one line saying what to substitute, before pip reaches the network."""
    package = _workflow()["env"]["VERIFIER_PACKAGE"]
    assert package.startswith("attention-math-verifier @ git+https://github.com/OWNER/REPO@")
    assert "OWNER/REPO is a placeholder" in TEMPLATE.read_text()
    [install] = [s for s in _steps() if s.get("id") == "install"]
    env = dict(os.environ, VERIFIER_PACKAGE=package, PIP_NO_INDEX="1", GITHUB_OUTPUT=str(tmp_path / "out"))
    done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", install["run"]], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout.count("\n") == 1
    assert "VERIFIER_PACKAGE" in done.stdout and "placeholder OWNER/REPO" in done.stdout
    # Near miss: a URL with the placeholder substituted passes the guard (run alone: pip would go to the network).
    guard = install["run"].split("python -m pip")[0]
    assert "esac" in guard
    env["VERIFIER_PACKAGE"] = package.replace("OWNER/REPO", "someone/verifier")
    done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", guard], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == ""


def test_the_schema_check_is_real_a_typo_in_a_step_is_rejected():
    """Near miss: the same template with one misspelt key must fail the schema."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((SCHEMAS / "github-workflow.json").read_text())
    workflow = _workflow()
    workflow["on"] = workflow.pop(True, workflow.get("on"))
    [job] = workflow["jobs"].values()
    job["steps"][0]["uses_"] = job["steps"][0].pop("uses")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(workflow, schema)
