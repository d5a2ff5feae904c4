"""Runs that cost what changed: an unchanged file is answered from the cache without being imported,
an edited file (or a file whose imported sources changed) is checked again, and nothing else."""

import pytest
import json
from pathlib import Path

from verifier.results_cache import ResultsCache, context_key, default_dir
from verifier.run.pipeline import check_files
from verifier.settings import Settings

from tests.command_line import in_process
from tests.command_line.logged_project import ALONE, BASE, USES

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
QUICK = Settings(quick=True)


def project(tmp_path):
    d = tmp_path / "derivations"
    d.mkdir()
    (d / "__init__.py").write_text("")
    (d / "base.py").write_text(BASE)
    (d / "uses.py").write_text(USES)
    (d / "alone.py").write_text(ALONE)
    return [d / "base.py", d / "uses.py", d / "alone.py"]


def imports(tmp_path) -> list[str]:
    log = tmp_path / "imports.log"
    return log.read_text().split() if log.exists() else []


def check(tmp_path, files, settings=QUICK, cache=True):
    c = ResultsCache(tmp_path / ".verifier-cache", context_key(settings, 60.0)) if cache else None
    return check_files(files, tmp_path, settings, cache=c)


def test_an_unchanged_file_is_not_imported_again_and_its_results_come_back_equal(tmp_path):
    files = project(tmp_path)
    first = check(tmp_path, files)
    assert all(not o.cached and not o.error for o in first)
    seen = len(imports(tmp_path))
    second = check(tmp_path, files)
    assert all(o.cached for o in second)
    assert len(imports(tmp_path)) == seen
    for a, b in zip(first, second):
        assert [(r.name, r.verdict, [s.verdict for s in r.steps]) for r in a.results] == \
               [(r.name, r.verdict, [s.verdict for s in r.steps]) for r in b.results]


@pytest.mark.slow
def test_editing_one_step_rechecks_exactly_that_file(tmp_path):
    files = project(tmp_path)
    check(tmp_path, files)
    alone = tmp_path / "derivations" / "alone.py"
    alone.write_text(ALONE.replace('"expand")', '"expand")\nwrong = calc(t, title="off by one").eq(t + 1, "no")'))
    (tmp_path / "imports.log").unlink()
    outcomes = check(tmp_path, files)
    assert [o.cached for o in outcomes] == [True, True, False]
    assert imports(tmp_path) == ["alone"]
    assert {r.name for r in outcomes[2].results} == {"square", "wrong"}


@pytest.mark.slow
def test_editing_an_imported_file_rechecks_the_files_that_import_it(tmp_path):
    files = project(tmp_path)
    check(tmp_path, files)
    base = tmp_path / "derivations" / "base.py"
    base.write_text(BASE.replace('"adds one"', '"adds one, again"'))
    outcomes = check(tmp_path, files)
    assert [o.cached for o in outcomes] == [False, False, True]


@pytest.mark.slow
def test_other_settings_or_no_cache_check_everything_again(tmp_path):
    files = project(tmp_path)
    check(tmp_path, files)
    assert all(not o.cached for o in check(tmp_path, files, Settings(quick=True, seed=1)))
    assert all(not o.cached for o in check(tmp_path, files, Settings(quick=True, limit=2.0)))
    assert all(not o.cached for o in check(tmp_path, files, cache=False))


def test_a_file_that_cannot_be_loaded_is_never_cached(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('not today')\n")
    [first] = check(tmp_path, [broken])
    [second] = check(tmp_path, [broken])
    assert first.error and second.error and not second.cached


def test_the_cache_lives_in_the_project_root_of_the_files_checked(tmp_path):
    (tmp_path / "proj").mkdir()
    files = project(tmp_path / "proj")
    assert default_dir(files) == tmp_path / "proj" / ".verifier-cache"
    lone = tmp_path / "elsewhere" / "mine.py"
    lone.parent.mkdir()
    lone.write_text(ALONE)
    assert default_dir([lone]) == tmp_path / "elsewhere" / ".verifier-cache"


def run_cli(*args, cwd=ROOT):
    return in_process.run_cli(*args, cwd=cwd)      # the command line in this process: its exit code, output, files


def _without_seconds(x):
    if isinstance(x, dict):
        return {k: _without_seconds(v) for k, v in x.items() if k != "seconds"}
    if isinstance(x, list):
        return [_without_seconds(v) for v in x]
    return x


@pytest.mark.slow
def test_parallel_jobs_give_results_identical_to_a_serial_run(tmp_path):
    files = [str(FIXTURES / "good_and_bad.py"), str(FIXTURES / "only_right.py"), str(FIXTURES / "malformed_step.py")]
    outs = []
    for jobs in (1, 2):
        path = tmp_path / f"jobs{jobs}.json"
        run_cli("check", *files, "--no-report", "--no-cache", "--jobs", str(jobs), "--json", str(path))
        outs.append(_without_seconds(json.loads(path.read_text())))
    assert outs[0] == outs[1]


@pytest.mark.slow
def test_the_report_is_not_rebuilt_when_no_result_changed(tmp_path):
    out = tmp_path / "reports"
    args = ["check", str(FIXTURES / "only_right.py"), "--format", "html", "--out", str(out),
            "--cache-dir", str(tmp_path / "cache")]
    assert run_cli(*args)[0] == 0
    page = out / "index.html"
    first = page.stat().st_mtime_ns
    code, stdout, _ = run_cli(*args)
    assert code == 0 and "no result changed" in stdout
    assert page.stat().st_mtime_ns == first
    code, stdout, _ = run_cli(*args, "--seed", "4")          # a different result: written again
    assert code == 0 and page.stat().st_mtime_ns != first


def test_a_file_reached_by_another_path_is_still_reported_from_the_cache(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "good_and_bad.py").write_text((FIXTURES / "good_and_bad.py").read_text())
    cache = ["--no-report", "--cache-dir", str(tmp_path / "cache")]
    first = run_cli("check", str(work / "good_and_bad.py"), *cache, cwd=work)
    second = run_cli("check", "good_and_bad.py", *cache, cwd=work)
    assert first[0] == second[0] == 1
    assert "1/2 derivations pass" in first[1] and "1/2 derivations pass" in second[1]


@pytest.mark.slow
def test_verifier_all_computes_the_claims_register_and_a_warm_run_imports_nothing(tmp_path):
    project(tmp_path)
    (tmp_path / "derivations" / "_claims.py").write_text(
        "from pathlib import Path\nfrom verifier import claim\nfrom derivations.alone import square\n"
        "with open(Path(__file__).parent.parent / 'imports.log', 'a') as log:\n    log.write('claims\\n')\n"
        "squares = claim('sq', 'a note', '(t + 1)² = t² + 2t + 1', holds=[square])\n")
    args = ["all", "--no-report", "--quick", "--json", str(tmp_path / "r.json")]
    assert run_cli(*args, cwd=tmp_path)[0] == 0
    [c] = json.loads((tmp_path / "r.json").read_text())["claims"]
    assert c["id"] == "sq" and c["status"] == "holds" and c["derivations"] == ["derivations/alone.py::square"]
    (tmp_path / "imports.log").unlink()
    assert run_cli(*args, cwd=tmp_path)[0] == 0
    assert not (tmp_path / "imports.log").exists()
    assert json.loads((tmp_path / "r.json").read_text())["claims"][0]["status"] == "holds"
