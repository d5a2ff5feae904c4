"""Small helpers the tests share: check derivations and look at their steps."""
from __future__ import annotations

from pathlib import Path

from verifier.judge.checker import check_all
from verifier.settings import Settings
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


def check_project_files(*names: str, settings: Settings = QUICK) -> dict:
    """{derivation name: result} for every derivation in the named files, read from project_results()."""
    checked = project_results(settings)
    missing = [name for name in names if name not in checked]
    assert not missing, f"not project files: {missing} (derivations/ has {sorted(checked)})"
    every = [r for name in names for r in checked[name]]
    results = {r.name: r for r in every}
    assert len(results) == len(every), ("two derivations share a name: "
                                        f"{sorted(r.name for r in every)}")
    return results


# The project is checked once per test run and settings, whichever worker asks first; the others read its
# results.  tests/conftest.py names a folder shared by the run's workers in this variable.
SHARED_FOLDER = "VERIFIER_TESTS_SHARED"
_PROJECT: dict = {}


def project_results(settings: Settings = QUICK) -> dict:
    """{file name: [results]} for every file under derivations/, checked once (cold, all derivations
    together so that citations between files resolve) and shared by every test and worker of the run.

    Each call returns fresh copies: a test that changes a result cannot change what another test reads."""
    import fcntl
    import hashlib
    import os
    import pickle
    key = hashlib.sha256(repr(settings).encode()).hexdigest()[:16]
    if key not in _PROJECT:
        folder = os.environ.get(SHARED_FOLDER)
        if not folder:
            _PROJECT[key] = _check_project(settings)
        else:
            stored = Path(folder) / f"project-{key}.pickle"
            with open(Path(folder) / f"project-{key}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)      # one worker checks, the others wait for its results
                if not stored.exists():
                    data = _check_project(settings)
                    stored.with_suffix(".partial").write_bytes(data)
                    stored.with_suffix(".partial").replace(stored)
                _PROJECT[key] = stored.read_bytes()
    return pickle.loads(_PROJECT[key])


def _check_project(settings: Settings) -> bytes:
    """The project's results, pickled, computed in a forked child: loading and checking the project leaves no
    module, symbol or switch behind in the test process (a later test that loads a project file itself gets
    it as a fresh import would)."""
    import multiprocessing
    import pickle
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_check_project_into, args=(settings, send))
    child.start()
    send.close()
    try:
        data = receive.recv_bytes()
    except EOFError:
        data = b""
    child.join()
    assert data and child.exitcode == 0, f"checking the project failed (exit code {child.exitcode})"
    pickle.loads(data)          # it must read back before anyone relies on it
    return data


def _check_project_into(settings: Settings, send) -> None:
    import pickle
    from verifier.loader import project_files
    files = [p.relative_to(ROOT / "derivations").as_posix() for p in project_files(ROOT)]   # texts/x.py one folder down
    loaded = load_project_files(*files)
    every = [d for found in loaded.values() for d in found]
    results = check_all(every, settings, jobs=2)
    by_file: dict = {name: [] for name in files}
    owner = {id(d): name for name, found in loaded.items() for d in found}
    for d, r in zip(every, results):
        by_file[owner[id(d)]].append(r)
    send.send_bytes(pickle.dumps(by_file))
    send.close()


def verdicts(result):
    return [s.verdict for s in result.steps]


def imported_verdicts(folder: Path, latex: str, name: str) -> list:
    """The verdicts of one display imported as `$$ latex $$` from a Markdown note, written to folder/name, loaded
    and checked at quick settings (the import, the written file and the checker, as `python -m verifier import`
    and `check` run them)."""
    from verifier.importer.document import read_document
    from verifier.importer.writer import write
    doc = read_document(f"$$ {latex} $$", "notes.md")
    assert doc.chains, [str(f) for f in doc.failures]
    path = Path(folder) / name
    path.write_text(write(doc), encoding="utf-8")
    found, error = load_file(path, Path(folder))
    assert error is None, error
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps]
