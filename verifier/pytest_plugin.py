"""pytest --derivations [PATHS]: derivation files as test items, one per step.

Registered through the `pytest11` entry point, and off unless asked for:
without --derivations it adds one option and nothing else.  Each step is an
item named `file.py::derivation::step N` (each experiment `…::experiment N`),
so -k, -x, --lf and pytest-xdist work as usual.  Files are loaded apart
(verifier/run/) and checked a whole file at a time, through the same per-file
results cache as the command line, so an unchanged file is answered at once.

    pytest --derivations                   # every file under <rootdir>/derivations/ (not the test suite)
    pytest --derivations path/to/file.py   # these files (or folders of them)
    pytest --derivations "path/to/file.py::name::step 3"    # one step (node IDs select as usual)
    pytest "path/to/file.py::name::step 3" --derivations    # the same: the option takes no value

--derivations is a switch: the paths are pytest's ordinary arguments, wherever they stand on the
command line.  Each one is a derivation file or a folder of them, except a file matching pytest's
python_files patterns (test_*.py), which stays an ordinary test module.  With no path, the files under
<rootdir>/derivations/ are checked, and nothing else.

A restatement (a step whose two sides are the same expression) passes with a
RestatementWarning in pytest's warnings summary; --derivations-strict fails it.
"""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest


class RestatementWarning(UserWarning):
    """A step that passes only because its two sides are the same expression: it checks nothing."""


def pytest_addoption(parser):
    group = parser.getgroup("verifier", "checking derivations (verifier)")
    group.addoption("--derivations", action="store_true", default=False,
                    help="collect the derivation files given as paths (default: <rootdir>/derivations/) as "
                         "tests, one per step")
    group.addoption("--derivations-require-proof", action="store_true",
                    help="a step passes only when proved (not merely numeric)")
    group.addoption("--derivations-quick", action="store_true", help="small experiment sizes")
    group.addoption("--derivations-no-cache", action="store_true", help="check everything again")
    group.addoption("--derivations-strict", action="store_true",
                    help="fail a restatement (a step whose two sides are the same expression) instead of warning")


def _wanted(config) -> tuple[list[Path], list[str]] | None:
    """The derivation files or folders asked for, and the arguments pytest collects: a path may carry a
    node ID (`file.py::name::step 3`), which selects as pytest's own node IDs do."""
    config._verifier_selected = {}
    if not config.getoption("derivations", False):
        return None
    given = list(config.args) if config.args_source is pytest.Config.ArgsSource.ARGS else []
    if not given:
        folder = (_root(config) / "derivations").resolve()
        return [folder], [str(folder)]
    here = Path(config.invocation_params.dir)
    files, args = [], []
    for arg in given:
        file, sep, rest = str(arg).partition("::")
        resolved = (here / file).resolve()
        args.append(arg)
        if resolved.suffix == ".py" and _matches_python_files(config, resolved):
            continue          # a test module among the paths is pytest's own
        files.append(resolved)
        config._verifier_selected.setdefault(resolved, []).append(tuple(rest.split("::")) if sep else ())
    return files, args


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """A step asked for by node ID is the only one of its file that runs, even when pytest also collects
    the whole file through another argument (the working directory, a folder)."""
    selected = getattr(config, "_verifier_selected", None)
    if not selected:
        return
    keep, dropped = [], []
    for item in items:
        if not isinstance(item, (StepItem, LoadErrorItem)):
            keep.append(item)
            continue
        path = Path(item.path).resolve()
        whole = any(() in ids for w, ids in selected.items() if w == path or w in path.parents)
        ids = selected.get(path)
        names = tuple(n.name for n in item.listchain() if isinstance(n, (DerivationNode, StepItem, LoadErrorItem)))
        if whole or ids is None or any(names[:len(i)] == i for i in ids):
            keep.append(item)
        else:
            dropped.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def pytest_configure(config):
    wanted = _wanted(config)
    if wanted is None:
        return
    config._verifier_paths, args = wanted
    config._verifier_outcomes = {}
    # Exactly the paths given (or derivations/ alone): never the testpaths or the working directory besides.
    config.args = list(dict.fromkeys(args))


def _is_derivation_file(config, file_path: Path) -> bool:
    wanted = getattr(config, "_verifier_paths", None)
    if not wanted or file_path.suffix != ".py" or file_path.name.startswith("_"):
        return False
    if _matches_python_files(config, file_path):
        return False          # test_*.py under a folder of derivations is a test module
    path = file_path.resolve()
    return any(path == w or w in path.parents for w in wanted)


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path, parent):
    # A derivation file named on the command line must not be imported by pytest as a test module.
    if _is_derivation_file(parent.config, Path(module_path)):
        return DerivationFile.from_parent(parent, path=Path(module_path))
    return None


def pytest_collect_file(file_path, parent):
    if not _is_derivation_file(parent.config, Path(file_path)):
        return None
    if parent.session.isinitpath(file_path) or _matches_python_files(parent.config, Path(file_path)):
        return None      # pytest's own Python collector asks pytest_pycollect_makemodule above
    return DerivationFile.from_parent(parent, path=Path(file_path))


def _matches_python_files(config, path: Path) -> bool:
    from fnmatch import fnmatch
    return any(fnmatch(path.name, pattern) for pattern in config.getini("python_files"))


def _root(config) -> Path:
    root = Path(config.rootpath)
    if (root / "derivations").is_dir():
        return root
    from .loader import project_root
    return project_root(Path(config.invocation_params.dir))


def _cache(config, path: Path, settings):
    if config.getoption("derivations_no_cache"):
        return None
    from .results_cache import for_run
    from .settings import DEFAULT_LOAD_LIMIT
    return for_run(settings, DEFAULT_LOAD_LIMIT, [path])     # the entries `python -m verifier` uses


def _hints(config) -> dict:
    """The project's proof hints (derivations/proof-hints.json), read once and never written by pytest:
    the recorded strategy of each step is tried first, and only its proof counts (judge/proof_hints.py)."""
    if not hasattr(config, "_verifier_hints"):
        import sys
        from .judge import proof_hints
        entries, warning = proof_hints.read(proof_hints.location(_root(config)))
        if warning:
            print(warning, file=sys.stderr)
        config._verifier_hints = entries
    return config._verifier_hints


def _settings(config):
    from .settings import Settings
    return Settings(quick=config.getoption("derivations_quick"),
                    require_proof=config.getoption("derivations_require_proof"))


class DerivationFile(pytest.File):
    def collect(self):
        from .run.pipeline import summaries
        config = self.config
        found, errors = summaries([self.path], _root(config), cache=_cache(config, self.path, _settings(config)))
        for _, message in errors:
            yield LoadErrorItem.from_parent(self, name="load", message=message)
        for s in found:
            yield DerivationNode.from_parent(self, name=s.name, summary=s)

    def outcome(self):
        """The checked file (checked once per process, on the first item that asks)."""
        outcomes = self.config._verifier_outcomes
        key = str(self.path)
        if key not in outcomes:
            from .run.pipeline import check_files
            settings = _settings(self.config)
            cache = _cache(self.config, self.path, settings)
            proofs = cache.folder.parent / "proofs.sqlite" if cache is not None else None
            [outcomes[key]] = check_files([self.path], _root(self.config), settings, cache=cache, proof_cache=proofs,
                                          proof_hints=_hints(self.config))
        return outcomes[key]


class DerivationNode(pytest.Collector):
    def __init__(self, *, summary, **kwargs):
        super().__init__(**kwargs)
        self.summary = summary

    def collect(self):
        if self.summary.steps == 0:
            yield StepItem.from_parent(self, name="derivation", index=0)
        for k in range(1, self.summary.steps + 1):
            yield StepItem.from_parent(self, name=f"step {k}", index=k)
        for k in range(1, getattr(self.summary, "experiments", 0) + 1):
            yield StepItem.from_parent(self, name=f"experiment {k}", index=-k)


class StepFailed(Exception):
    pass


class StepItem(pytest.Item):
    def __init__(self, *, index: int, **kwargs):
        super().__init__(**kwargs)
        self.index = index

    def runtest(self):
        outcome = self.parent.parent.outcome()
        if outcome.error:
            raise StepFailed(f"{outcome.shown}: cannot be loaded: {outcome.error}")
        result = next((r for r in outcome.results if r.name == self.parent.name), None)
        if result is None:
            raise StepFailed(f"{self.parent.name} was not checked")
        if self.index == 0:
            if not result.passed:
                raise StepFailed(f"{result.verdict.value}: {result.message}")
            return
        if self.index < 0:
            e = result.experiments[-self.index - 1]
            if not e.passed:
                raise StepFailed(f"experiment {e.title!r}: {e.verdict.value}: {e.finding}")
            return
        s = result.steps[self.index - 1]
        if not s.passed:
            raise StepFailed(describe_step(s))
        from .present.restated import WARNING, is_restated
        if is_restated(s):
            where = f"{outcome.shown}::{self.parent.name}::{self.name}"
            if self.config.getoption("derivations_strict"):
                raise StepFailed(f"{where}: {WARNING.replace('; fails under --strict', '')}\n" + describe_step(s))
            warnings.warn(RestatementWarning(f"{where}: {WARNING.replace('--strict', '--derivations-strict')}"))

    def repr_failure(self, excinfo):
        if excinfo.errisinstance(StepFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"{self.parent.name}::{self.name}"


class LoadErrorItem(pytest.Item):
    def __init__(self, *, message: str, **kwargs):
        super().__init__(**kwargs)
        self.message = message

    def runtest(self):
        raise StepFailed(f"cannot be loaded: {self.message}")

    def repr_failure(self, excinfo):
        return str(excinfo.value)

    def reportinfo(self):
        return self.path, None, "load"


def describe_step(s) -> str:
    from .present.junit import counterexample_text
    lines = [f"step {s.index} ({s.relation}): {s.label}", f"reason: {s.reason}",
             f"claim:  {s.lhs_latex}  {s.relation}  {s.rhs_latex}"]
    if s.message:
        lines.append(f"why:    {s.message}")
    if s.counterexample:
        lines.append(counterexample_text(s.counterexample))
    return "\n".join(lines)
