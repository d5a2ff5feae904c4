"""Small helpers the tests share: check derivations and look at their steps."""
from __future__ import annotations

import os
from pathlib import Path

from verifier.judge.checker import check_all
from verifier.settings import FAULTS_ENV, Settings
from verifier.loader import load_file

ROOT = Path(__file__).resolve().parents[1]
QUICK = Settings(quick=True)


def check(*derivations, **settings):
    """Check derivations with default settings (seed 0, 50/100 digits) unless overridden."""
    for k, d in enumerate(derivations):
        d.name = d.name or f"d{k}"
    return check_all(list(derivations), Settings(**settings))


def only_step(derivation, **settings):
    [result] = check(derivation, **settings)
    [step] = result.steps
    return step


def check_one(derivation, settings: Settings = QUICK):
    derivation.name = derivation.name or "under_test"
    [result] = check_all([derivation], settings)
    return result


def at_equal_thirds(expr):
    """expr in real balls at 50 digits with every symbol 1/3: a difference of two of them is a ball around 0."""
    import sympy as sp
    from flint import arb, fmpq
    from verifier.evidence import balls
    args = sorted(expr.free_symbols, key=sp.default_sort_key)
    with balls.precision(50):
        return balls.compile_ball(expr, args)([arb(fmpq(1, 3))] * len(args), "real")


def load_project_files(*names: str) -> dict:
    """{file name: [derivations]} for files under derivations/ ("texts/x.py" one folder down), failing loudly
    if one cannot load."""
    out = {}
    for name in names:
        found, error = load_file(ROOT / "derivations" / name, ROOT)
        assert error is None, str(error)
        out[name] = found
    return out


def check_project_files(*names: str) -> dict:
    """{derivation name: result} for every derivation in the named files, read from project_results()."""
    checked = project_results()
    missing = [name for name in names if name not in checked]
    assert not missing, f"not project files: {missing} (derivations/ has {sorted(checked)})"
    every = [r for name in names for r in checked[name]]
    results = {r.name: r for r in every}
    assert len(results) == len(every), ("two derivations share a name: "
                                        f"{sorted(r.name for r in every)}")
    return results


# The project is checked once per test run, as `python -m verifier all` checks it (default settings, the
# committed proof hints, a results cache), whichever worker asks first; the others read its results.
# tests/conftest.py names a folder shared by the run's workers in this variable.
SHARED_FOLDER = "VERIFIER_TESTS_SHARED"
_PROJECT: dict = {}
_FAULTS_AT_START = os.environ.get(FAULTS_ENV, "")     # a test that sets fault injection later does not fault it


def project_copy() -> Path:
    """A copy of the project (derivations/ and pyproject.toml) in the run's shared folder, checked cold once by
    `python -m verifier all --no-report` into its own results cache: a test that wants the project's report or
    another run of the command line copies this folder (its `.verifier-cache/` travels with it) and gets a warm
    run.  Made once per test run, whichever worker asks first; the others wait for it."""
    import fcntl
    import shutil
    import subprocess
    import sys
    folder = run_folder()      # outside the suite's conftest (a test file run by another runner): a folder of its own
    copy = Path(folder) / "project"
    with open(Path(folder) / "project.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)      # one worker checks, the others wait for its results
        done = Path(folder) / "project.done"
        if not done.exists():
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(ROOT / "derivations", copy / "derivations", ignore=shutil.ignore_patterns("__pycache__"))
            shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
            run = subprocess.run([sys.executable, "-m", "verifier", "all", "--no-report", "--jobs", "2"],
                                 cwd=copy, env=_command_line_environment(), capture_output=True,
                                 text=True, errors="replace", timeout=3600, stdin=subprocess.DEVNULL)
            (Path(folder) / "project.log").write_text(run.stdout + run.stderr, encoding="utf-8")
            assert run.returncode in (0, 1), f"checking the project failed (exit code {run.returncode}):\n" \
                                              + run.stdout[-3000:] + run.stderr[-3000:]
            done.write_text(str(run.returncode))
    return copy


def whole_project_report() -> Path:
    """The reports folder of `python -m verifier all --pdf` run in a copy of project_copy() (its results cache along,
    so that run only builds the report), as a developer's first `all` makes it: the committed proof hints and
    mutation records, default settings.  Built once per test run, whichever worker asks first
    (tests/report/test_whole_project_report.py and test_report_reads_as_a_papers_appendix.py read the same PDF);
    tests only read it."""
    return once_per_run("whole-project-report", _build_whole_project_report)


def _build_whole_project_report() -> Path:
    import shutil
    import subprocess
    import sys
    work = run_folder() / "whole-project-report"
    shutil.rmtree(work, ignore_errors=True)
    # The copy's own .verifier-cache/ travels with it.  No --cache-dir: with one, `all` reads mutation records from
    # that folder, not the committed ones, and the report had no "Checking the checker" section at all (58 pages,
    # where a developer's report had 61).
    shutil.copytree(project_copy(), work)
    out = work / "reports"
    done = subprocess.run([sys.executable, "-m", "verifier", "all", "--pdf", "--out", str(out),
                           "--json", str(work / "results.json"), "--jobs", "2"],
                          cwd=work, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
                          errors="replace", timeout=3600, stdin=subprocess.DEVNULL)
    assert (out / "derivations.pdf").is_file(), done.stdout[-3000:] + done.stderr[-3000:]
    return out


def _command_line_environment() -> dict:
    """The environment the project's one run is made in: this process's, with the project's fault injection as
    the run started (a run of the suite under fault injection checks the project under it too) and the checkout
    on PYTHONPATH (the copy has no verifier package of its own)."""
    env = {k: v for k, v in os.environ.items() if k != FAULTS_ENV}
    if _FAULTS_AT_START:
        env[FAULTS_ENV] = _FAULTS_AT_START
    return dict(env, PYTHONPATH=str(ROOT))


def run_folder() -> Path:
    """The folder the run's workers share (tests/conftest.py names it), or this process's own outside the suite:
    what once_per_run computes may be files written here, read by every worker and changed by none."""
    import tempfile
    folder = os.environ.get(SHARED_FOLDER)
    if not folder:
        if "folder" not in _PROJECT:
            _PROJECT["folder"] = tempfile.mkdtemp(prefix="verifier-project-")
        folder = _PROJECT["folder"]
    return Path(folder)


def once_per_run(name: str, compute):
    """compute() once per test run, whichever worker asks first, and its value (pickled in the run's shared
    folder) to every worker that asks later: an expensive baseline several tests compare with is made once,
    however the parallel run spreads those tests over its workers."""
    import fcntl
    import pickle
    folder = run_folder()
    stored = Path(folder) / f"{name}.pickle"
    with open(Path(folder) / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not stored.exists():
            stored.write_bytes(pickle.dumps(compute()))
    return pickle.loads(stored.read_bytes())


def project_register() -> tuple:
    """(claims, load errors) of the project's claims register as verifier.loader.project_claims reads it (every
    project file loaded in a process of its own: seconds), read once per run, whichever worker asks first; each
    call returns fresh copies."""
    from verifier.loader import project_claims
    return once_per_run("project-register", lambda: project_claims(ROOT))


def project_results() -> dict:
    """{file name: [results]} for every file under derivations/ ("texts/x.py" one folder down), as the run's one
    cold `python -m verifier all` of the project found them (project_copy), read back from its results cache.

    Each call returns fresh copies: a test that changes a result cannot change what another test reads."""
    import pickle
    if "results" not in _PROJECT:
        _PROJECT["results"] = _read_project(project_copy())
    return pickle.loads(_PROJECT["results"])


def _read_project(copy: Path) -> bytes:
    """The copy's results, read from its results cache the way the command line reads them, pickled; read in a
    forked child, so that a file the cache could not keep (checked again there) leaves no module, symbol or
    switch behind in the test process."""
    import multiprocessing
    import pickle
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_read_project_into, args=(copy, send))
    child.start()
    send.close()
    try:
        data = receive.recv_bytes()
    except EOFError:
        data = b""
    child.join()
    assert data and child.exitcode == 0, f"reading the project's results failed (exit code {child.exitcode})"
    pickle.loads(data)          # it must read back before anyone relies on it
    return data


def _read_project_into(copy: Path, send) -> None:
    import pickle
    from verifier.loader import project_files
    from verifier.results_cache import for_run
    from verifier.run.pipeline import check_files
    from verifier.settings import DEFAULT_LOAD_LIMIT
    # Where and how the command line ran: the working directory and the environment (PYTHONPATH and kin) are part
    # of what an entry depends on, so a test process without the run's PYTHONPATH would check everything again.
    environment = _command_line_environment()
    os.chdir(copy)
    os.environ.clear()
    os.environ.update(environment)
    paths = project_files(copy)
    settings = Settings(faults=_FAULTS_AT_START)       # as the command line's run was made
    outcomes = check_files(paths, copy, settings, jobs=2, cache=for_run(settings, DEFAULT_LOAD_LIMIT, paths))
    by_file = {}
    for out in outcomes:
        assert not out.error, f"{out.shown}: {out.error}"
        by_file[out.path.relative_to(copy / "derivations").as_posix()] = out.results
    send.send_bytes(pickle.dumps(by_file))
    send.close()


def verdicts(result):
    return [s.verdict for s in result.steps]


def imported_verdicts(folder: Path, latex: str, name: str) -> list:
    """The verdicts of one display imported as `$$ latex $$` from a Markdown note, written to folder/name, loaded
    and checked at quick settings (the import, the written file and the checker, as `python -m verifier import`
    and `check` run them)."""
    from verifier.importer.document import read_document
    doc = read_document(f"$$ {latex} $$", "notes.md")
    assert doc.chains, [str(f) for f in doc.failures]
    return document_verdicts(folder, f"$$ {latex} $$", name)


def document_verdicts(folder: Path, text: str, name: str) -> list:
    """The verdicts of a whole note (prose and displays) imported, written to folder/name, loaded and checked at
    quick settings, as `python -m verifier import` and `check` run them."""
    from verifier.importer.document import read_document
    from verifier.importer.writer import write
    doc = read_document(text, "notes.md")
    path = Path(folder) / name
    path.write_text(write(doc), encoding="utf-8")
    found, error = load_file(path, Path(folder))
    assert error is None, error
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps]
