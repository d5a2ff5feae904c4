"""python -m verifier: check derivations, print what holds, write JSON, JUnit and the report.

Exit codes: 0 every step proved or numeric (proved only, with --require-proof);
1 something refuted, unknown or malformed (or, with --strict, a restatement); 2 a usage error, an
unloadable file or an output that cannot be written.

The project is found the way pytest and git find theirs: the nearest folder at or above the working
directory holding pyproject.toml or derivations/ (verifier/loader.py), so any subdirectory works.
`--json -` and `--junit -` write to standard output (the human-readable lines then go to stderr); a /dev/
path is written straight to what it names (present/output_files.py).  Every output's destination is
checked before the run; an interrupted run (Ctrl-C, SIGTERM) replaces none of them and says so in one line.
`check` writes only its files' results to --json and --junit, and updates their part of the project's report.

Each derivation file is loaded in its own process (verifier/run/), and a file
whose sources, settings and engine are unchanged is answered from the results
cache (verifier/results_cache.py) without being imported at all.
"""
from __future__ import annotations

import argparse
import contextlib
import dataclasses
import hashlib
import json
import os
import sys
import time
from pathlib import Path

from .settings import (DEFAULT_DPS, DEFAULT_LIMIT, DEFAULT_LOAD_LIMIT, DEFAULT_POINTS, DEFAULT_SEED, MAX_JOBS,
                       MIN_POINTS, Settings)
from .verdicts import RunResult


def _dps(text: str) -> tuple[int, int]:
    try:
        parts = [int(p) for p in text.replace(" ", ",").split(",") if p]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--dps takes two precisions like 50,100, not {text!r}")
    if len(parts) == 1:
        parts = [parts[0], 2 * parts[0]]
    if len(parts) != 2 or not (15 <= parts[0] < parts[1]):
        raise argparse.ArgumentTypeError(f"--dps takes two increasing precisions ≥ 15 like 50,100, not {text!r}")
    return parts[0], parts[1]


DISTRIBUTION = "attention-math-verifier"     # the name on the package index; the import package is `verifier`


def version() -> str:
    """The installed distribution's version; from a source tree that is not installed, its pyproject.toml."""
    from importlib import metadata
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pass
    try:
        import tomllib
        project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())["project"]
        if project.get("name") == DISTRIBUTION:
            return f"{project['version']} (source tree, not installed)"
    except (OSError, KeyError, ValueError):
        pass
    return "unknown"


def prog_name() -> str:
    """How the user called us: `verifier` (the console script) or `python -m verifier`."""
    called = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    return "python -m verifier" if called in ("__main__.py", "-m", "") else "verifier"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog_name(),
                                description="Check attention-math derivations step by step, symbolically and numerically.")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()} ({DISTRIBUTION})")
    sub = p.add_subparsers(dest="command", required=True, metavar="{all,list,check,mutate}")
    caching = argparse.ArgumentParser(add_help=False)
    caching.add_argument("--no-cache", action="store_true",
                         help="check everything again: no cached results, no remembered proofs")
    caching.add_argument("--cache-dir", type=Path, metavar="DIR",
                         help="where cached results live (default: .verifier-cache/ in the files' project root)")
    caching.add_argument("--load-limit", type=float, default=DEFAULT_LOAD_LIMIT, metavar="S",
                         help=f"seconds to load one derivation file, and for each experiment "
                              f"(default {DEFAULT_LOAD_LIMIT:g})")
    common = argparse.ArgumentParser(add_help=False, parents=[caching])
    common.add_argument("--no-hints", action="store_true",
                        help="search every step through every strategy, ignoring the proof hints recorded in "
                             "derivations/proof-hints.json (the run still records what it proved there)")
    common.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"seed for every sampled point and Monte Carlo run (default {DEFAULT_SEED})")
    common.add_argument("--dps", type=_dps, default=DEFAULT_DPS,
                        help=f"the two precisions in digits (default {DEFAULT_DPS[0]},{DEFAULT_DPS[1]})")
    common.add_argument("--points", type=int, default=DEFAULT_POINTS,
                        help=f"sampled points per numeric check (default {DEFAULT_POINTS}, minimum {MIN_POINTS})")
    common.add_argument("--limit", type=float, default=DEFAULT_LIMIT,
                        help=f"seconds per symbolic strategy (default {DEFAULT_LIMIT:g})")
    common.add_argument("--jobs", type=int, default=min(MAX_JOBS, os.cpu_count() or 1),
                        help=f"worker processes, one derivation file each at a time (default: cores, at most {MAX_JOBS})")
    common.add_argument("--require-proof", action="store_true", help="fail unless every step is proved")
    common.add_argument("--strict", action="store_true",
                        help="fail on a restatement (a step whose two sides are the same expression), "
                             "which otherwise passes with a warning")
    common.add_argument("--quick", action="store_true", help="small experiment sizes (for tests)")
    common.add_argument("--json", type=Path, metavar="PATH",
                        help="write machine-readable results here (- for standard output)")
    common.add_argument("--junit", type=Path, metavar="PATH",
                        help="write JUnit XML here: one test case per step (- for standard output)")
    common.add_argument("--out", type=Path, default=None, help="report directory (default reports/)")
    common.add_argument("--format", default="html,latex,pdf", help="report formats, comma-separated (html,latex,pdf)")
    common.add_argument("--pdf", action="store_true", help="fail if the PDF cannot be built")
    common.add_argument("--no-report", action="store_true", help="check only; write no report")
    every = sub.add_parser("all", parents=[common], help="check every derivation under derivations/")
    every.add_argument("--mutate", action="store_true",
                       help="first measure the mutation score of every step without a current record "
                            "(python -m verifier mutate; minutes), then report it")
    sub.add_parser("list", parents=[caching], help="list the derivations")
    sub.add_parser("mutate", add_help=False, help="mutation score of the checker (python -m verifier mutate --help)")
    chk = sub.add_parser("check", parents=[common], help="check files, folders of them, or named derivations")
    chk.add_argument("targets", nargs="+", metavar="FILE_DIR_OR_NAME")
    from .importer.command import add_import_parser
    add_import_parser(sub)      # python -m verifier import FILE.tex: verifier/importer/command.py
    return p


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["mutate"]:    # mutation testing has its own options: verifier/mutate/command.py
        from .mutate.command import main as mutate
        return mutate(argv[1:])
    args = parser().parse_args(argv)
    if args.command == "import":
        from .importer.command import run as import_latex
        return import_latex(args)
    if args.command == "list":
        return list_derivations(args)
    # An output on standard output gets it to itself: the human-readable lines go to stderr instead.
    from .present.output_files import is_standard_output, problem
    on_stdout = [k for k in ("json", "junit") if getattr(args, k, None) is not None
                 and is_standard_output(getattr(args, k))]
    to_stdout = bool(on_stdout)
    if len(on_stdout) == 2:
        print("error: --json and --junit cannot both be standard output", file=sys.stderr)
        return 2
    for option in ("json", "junit"):
        target = getattr(args, option, None)
        if target is not None:
            why = problem(target)
            if why:          # said before a long run, not after it
                print(f"error: --{option} {target}: cannot be written: {why}", file=sys.stderr)
                return 2
    if not args.no_report:
        why = _folder_problem(args.out or (Path.cwd() / "reports"))
        if why:
            print(f"error: --out {args.out or 'reports'}: the report cannot be written: {why}", file=sys.stderr)
            return 2
    from .interrupts import say_when_stopped
    say_when_stopped(f"interrupted: nothing written, the previous results and report are as they were{_partial(args)}")
    with _interruptible() as stopped:
        try:
            if not to_stdout:
                return _check(args, sys.stdout)
            real_stdout = sys.stdout
            with contextlib.redirect_stdout(sys.stderr):
                return _check(args, real_stdout)
        except (KeyboardInterrupt, _Terminated):
            print(f"interrupted: nothing written, the previous results and report are as they were{_partial(args)}",
                  file=sys.stderr)
            return 143 if stopped else 130


class _Terminated(BaseException):
    """SIGTERM, raised in the main process so that the run stops the way Ctrl-C stops it."""


@contextlib.contextmanager
def _interruptible():
    """While a check runs, SIGTERM stops it like Ctrl-C: one line, no traceback, no output replaced.
    Yields a list that holds the signal once it came (a forked child gives it back to its default)."""
    import signal
    came: list = []
    main_pid = os.getpid()

    def on_term(signum, frame):
        if os.getpid() != main_pid:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        came.append(signum)
        raise _Terminated()
    try:
        previous = signal.signal(signal.SIGTERM, on_term)
    except ValueError:          # not the main thread: leave the signal alone
        yield came
        return
    try:
        yield came
    finally:
        signal.signal(signal.SIGTERM, previous)


def _partial(args) -> str:
    from .present.output_files import sidecar
    from .present.results_json import partial_lines
    beside = sidecar(args.json) if getattr(args, "json", None) else None
    return f" (this run's results so far: {partial_lines(beside)})" if beside is not None else ""


def _folder_problem(folder: Path) -> str:
    """Why the report folder cannot be written, or "" (checked before the run, like --json and --junit)."""
    folder = Path(folder)
    existing = next((f for f in (folder, *folder.parents) if f.exists()), None)
    if existing is None:
        return ""
    if not existing.is_dir():
        return f"{existing} is not a folder"
    if not os.access(existing, os.W_OK | os.X_OK):
        return f"{existing} is not writable"
    return ""


def _check(args, stdout) -> int:
    """`all` and `check`; `stdout` is where `--json -`/`--junit -` write."""
    from . import loader
    if args.points < MIN_POINTS:
        print(f"error: --points must be at least {MIN_POINTS}", file=sys.stderr)
        return 2
    formats = [f.strip() for f in args.format.split(",") if f.strip()]
    bad = [f for f in formats if f not in ("html", "latex", "pdf")]
    if bad:
        print(f"error: unknown --format {', '.join(bad)}; choose from html, latex, pdf", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    root = loader.project_root()
    if args.command == "all":
        files, keep, errors = loader.project_files(root), None, []
    else:
        files, keep, errors = targets_to_files(args.targets, root, args)
    run = run_checks(files, args, root, errors)
    checked = run.derivations
    if args.command == "all" and args.mutate:
        measure_mutants(files, args)
    if keep is not None:
        run = dataclasses.replace(run, derivations=[d for d in run.derivations if keep(d)])
    else:
        run = add_claims(dataclasses.replace(run, derivations=loader.reading_order(run.derivations)),
                         root, args, files)
    run = add_mutation_score(run, args, files)
    # The claims register loads the same files again: a file that cannot be loaded is one error, said once.
    run = dataclasses.replace(run, load_errors=list(dict.fromkeys(
        [*run.load_errors, *(str(e) for e in loader.duplicate_names(run.derivations))])))
    for e in run.load_errors:
        print(f"error: {e}", file=sys.stderr)
    if not run.derivations:
        if not run.load_errors:
            # A gate that checked nothing must not pass.
            print(f"error: no derivations found under {root / 'derivations'}", file=sys.stderr)
        if args.junit:       # CI still gets its test report: the load errors as errored cases
            from .present.junit import write_junit
            _output(f"junit {args.junit}", lambda: write_junit(run, args.junit, args.strict, stdout), announce=False)
        return 2       # a missing or unloadable file is its one line above, not an empty table
    run = dataclasses.replace(run, seconds=time.perf_counter() - t0)
    # Each output on its own: one that fails is one line, and the others are still written.
    failed = _output("the summary", lambda: _terminal(args).summary(run))
    if args.json:
        from .present.results_json import write_json
        failed = max(failed, _output(f"results {args.json}", lambda: write_json(run, args.json, args.strict, stdout)))
    if args.junit:
        from .present.junit import write_junit
        failed = max(failed, _output(f"junit {args.junit}", lambda: write_junit(run, args.junit, args.strict, stdout)))
    report_failed = False
    if not args.no_report:
        shown = run if args.command == "all" else project_report_run(run, checked, files, root, args)
        report_failed = write_report(shown, args, formats)
    if run.load_errors or failed == 2:
        return 2
    from .present.restated import run_passes
    return 0 if run_passes(run, args.strict) and not report_failed and not failed else 1


def _output(what: str, write, announce: bool = True) -> int:
    """Write one output; on failure say so in one line and go on with the rest.
    0 written; 2 its path cannot be written (like a usage error); 1 anything else went wrong."""
    try:
        write()
    except OSError as exc:
        where = exc.filename or what.split(" ", 1)[-1]
        print(f"error: {what.split(' ', 1)[0]}: {where}: cannot be written: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        print(f"error: {what} could not be written: {exc.__class__.__name__}: {exc}", file=sys.stderr)
        return 1
    if announce and what != "the summary" and what.split(" ", 1)[1] != "-":
        print(f"{what.split(' ', 1)[0]}: {what.split(' ', 1)[1]}")
    return 0


def project_report_run(run: RunResult, checked: list, files: list[Path], root: Path, args) -> RunResult:
    """What `check` puts in the report: the whole project, the checked files' part from this run and
    every other project file's part from its stored results (the results cache, which answers only for a
    file whose sources, reads and settings are unchanged).  A project file with no such results is named
    in the report as not checked, never shown with stale verdicts.  The exit code and --json/--junit stay
    this run's alone."""
    from . import loader
    mine = {Path(f).resolve() for f in files}
    project = loader.project_files(root)
    others = [f for f in project if Path(f).resolve() not in mine]
    cache = results_cache(args, project, settings_from(args))
    derivations, notes = list(checked), list(run.load_errors)
    for f in others:
        stored = cache.get(f) if cache is not None else None
        where = _shown(f, root)
        if stored is None:
            notes.append(f"{where}: not checked: no stored results for its current sources under these settings "
                         f"({prog_name()} all checks it)")
            continue
        derivations += [dataclasses.replace(r, file=where) for r in stored]
    ordered = loader.reading_order(derivations)
    notes += [str(e) for e in loader.duplicate_names(ordered)]
    merged = dataclasses.replace(run, derivations=ordered, load_errors=list(dict.fromkeys(notes)),
                                 claims=[], mutation=None)
    merged = add_mutation_score(add_claims(merged, root, args, project), args, project)
    return dataclasses.replace(merged, load_errors=list(dict.fromkeys(merged.load_errors)))


def add_claims(run: RunResult, root: Path, args, files: list[Path]) -> RunResult:
    """The run with the claims register of the project (derivations/*.py), each claim's status computed from
    the results."""
    from . import loader
    from .judge.claims import compute_claims
    claims, errors = loader.project_claims(root, cache=results_cache(args, files, None))
    return dataclasses.replace(run, claims=compute_claims(claims, run.derivations),
                               load_errors=[*run.load_errors, *(str(e) for e in errors)])


def measure_mutants(files: list[Path], args) -> None:
    """`all --mutate`: the mutation command over the project, which measures only steps without a record."""
    from .mutate.command import main as mutate
    extra = ["--cache-dir", str(args.cache_dir)] if args.cache_dir else []
    mutate([str(f) for f in files] + ["--jobs", str(max(1, args.jobs))] + extra)


def add_mutation_score(run: RunResult, args, files: list[Path]) -> RunResult:
    """The run with the mutation score as last measured for each step as it is now (records of
    `python -m verifier mutate`)."""
    from .mutate.command import default_store
    from .mutate.summary import summarize
    from .results_cache import engine_hash
    store, options = default_store(files, args.cache_dir)
    return dataclasses.replace(run, mutation=summarize(run.derivations, store, engine_hash(), options))


def _terminal(args=None):
    from .present.terminal import Terminal
    return Terminal(strict=bool(getattr(args, "strict", False)))


def settings_from(args) -> Settings:
    return Settings(seed=args.seed, dps=tuple(args.dps), points=args.points, limit=args.limit,
                    quick=args.quick, require_proof=args.require_proof)


def results_cache(args, files: list[Path], settings: Settings | None):
    if args.no_cache:
        return None
    from .results_cache import ResultsCache, context_key, default_dir, for_run
    if settings is None:        # listing and the claims register: no result of a check is read
        return ResultsCache(args.cache_dir or default_dir(files), context_key(Settings(), args.load_limit))
    return for_run(settings, args.load_limit, files, args.cache_dir)     # the entries pytest --derivations uses


def targets_to_files(targets: list[str], root: Path, args):
    """Files to check, which of their derivations to report (keep(d)), and one-line errors.

    A file target reports all of its derivations; a name or file stem of a project derivation
    reports just those, though their whole file is checked (results are cached per file).
    """
    from . import loader
    files, whole, names, errors = [], set(), set(), []
    by_name = None
    for target in targets:
        path = Path(target)
        if path.suffix.lower() in TEXT_SUFFIXES and path.is_file():
            # a paper: imported here and checked in the same run (verifier/importer/command.py)
            from .importer.command import import_for_check
            written, why = import_for_check(path, _imported_texts_dir())
            if written is None:
                errors.append(why)
                continue
            files.append(written)
            whole.add(_shown(written, root))
            args.no_report = True       # the project's report shows the project's files, not a text's import
            continue
        if path.is_dir():          # a folder: the derivation files in it, as `all` takes derivations/
            found = loader.folder_files(path)
            if not found:
                errors.append(f"{target}: cannot be loaded: no derivation files (*.py) in this folder")
            for f in found:
                files.append(f)
                whole.add(_shown(f, root))
            continue
        if path.suffix == ".py" or path.exists():
            files.append(path)
            whole.add(_shown(path, root))
            continue
        stem = root / "derivations" / f"{target}.py"
        if stem.is_file() and not target.startswith("_"):
            files.append(stem)
            names.add(target)
            continue
        if by_name is None:
            from .run.pipeline import summaries
            project = loader.project_files(root)
            found, _ = summaries(project, root, jobs=max(1, args.jobs), load_limit=args.load_limit,
                                 cache=results_cache(args, project, None))
            by_name = {}
            for s in found:
                by_name.setdefault(s.name, root / s.file)
        if target in by_name:
            files.append(by_name[target])
            names.add(target)
        else:
            errors.append(f"{target}: cannot be loaded: no derivation or file by that name "
                          "(see `python -m verifier list`)")

    def keep(d) -> bool:
        return d.file in whole or d.name in names or Path(d.file).stem in names
    return list(dict.fromkeys(files)), keep, errors


TEXT_SUFFIXES = (".tex", ".md", ".markdown", ".txt", ".ltx")


def _imported_texts_dir() -> Path:
    """A folder of this run's own for the derivation files imported from texts given to `check`."""
    import atexit
    import shutil
    import tempfile
    folder = Path(tempfile.mkdtemp(prefix="verifier-text-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def _shown(path: Path, root: Path) -> str:
    from .run.load import shown_path
    return shown_path(path, root)


def run_checks(files: list[Path], args, root: Path, errors: list[str]) -> RunResult:
    from .run.pipeline import check_files
    settings = settings_from(args)
    cache = results_cache(args, files, settings)
    proofs = None if args.no_cache else (args.cache_dir or _default_cache(files, root)) / "proofs.sqlite"
    term = _terminal(args)
    on_result = term.result
    from .present.output_files import sidecar
    beside = sidecar(args.json) if args.json else None
    if beside is not None:       # none for `-`, /dev/stdout or a pipe: no file to put it beside
        from .present.results_json import JsonLines
        try:
            lines = JsonLines(beside)
        except OSError as exc:
            print(f"error: --json {args.json}: {beside} cannot be written: {exc.strerror or exc}", file=sys.stderr)
            raise SystemExit(2)

        def on_result(r, _show=term.result):
            _show(r)
            lines(r)
    from .judge import proof_hints
    hints_file = proof_hints.location(root)
    hints, warning = proof_hints.read(hints_file)
    if warning:
        print(warning, file=sys.stderr)
    t0 = time.perf_counter()
    try:
        outcomes = check_files(files, root, settings, jobs=max(1, args.jobs), load_limit=args.load_limit,
                               cache=cache, on_result=on_result, proof_cache=proofs, on_total=term.expect,
                               proof_hints=None if args.no_hints else hints)
    finally:
        term.finish()
    if beside is not None:      # the run is over: its lines replace the previous run's
        try:
            lines.done()
        except OSError as exc:
            print(f"error: --json {args.json}: {beside} cannot be written: {exc.strerror or exc}", file=sys.stderr)
    if not warning or args.command == "all":     # a lock that could not be read is rewritten whole, by `all`
        record_hints(hints_file, hints, outcomes, root)
    derivations, load_errors = [], list(errors)
    for o in outcomes:
        derivations += o.results
        if o.error:
            load_errors.append(f"{o.shown}: cannot be loaded: {o.error}")
    uncached = [o for o in outcomes if o.uncacheable]
    if uncached and cache is not None:      # said once per run: these files are checked again every time
        print("results cache: not cached, checked again on every run: "
              + "; ".join(f"{o.shown} ({o.uncacheable})" for o in uncached), file=sys.stderr)
    return RunResult(derivations, args.seed, tuple(args.dps), args.quick, args.require_proof,
                     load_errors, versions(), time.perf_counter() - t0)


def record_hints(path: Path, previous: dict, outcomes, root: Path) -> None:
    """The proof-hint lock after this run: what it proved in the files it checked, the rest kept
    (judge/proof_hints.py).  Only files under the lock's folder are recorded; a file that could not be
    loaded keeps its entries; a lock that cannot be written is one line."""
    from .judge import proof_hints
    folder = path.parent.resolve()

    def ours(shown) -> bool:          # the lock covers the files under its folder, not a fixture checked by name
        try:
            return (root / shown).resolve().is_relative_to(folder)
        except (OSError, ValueError):
            return False
    checked = {o.shown for o in outcomes if not o.error and ours(o.shown)}
    results = [r for o in outcomes if not o.error for r in o.results]
    entries = proof_hints.recorded(results, checked, previous,
                                   exists=lambda shown: ours(shown) and (root / shown).is_file())
    if not entries and not path.exists():
        return
    try:
        proof_hints.write(path, entries)
    except OSError as exc:
        print(f"proof hints: {path} cannot be written ({exc.strerror or exc}); the run's verdicts stand",
              file=sys.stderr)


def _default_cache(files: list[Path], root: Path) -> Path:
    from .results_cache import default_dir
    return default_dir(files or [root / "derivations" / "x.py"])


def versions() -> dict[str, str]:
    """What the report and the JSON name: Python, SymPy, mpmath, FLINT (the balls) and the verifier itself."""
    from importlib import metadata
    from .results_cache import library_versions
    found = library_versions()
    out = {k: found[k] for k in ("python", "sympy", "mpmath")}
    try:
        out["python-flint"] = metadata.version("python-flint")
    except metadata.PackageNotFoundError:
        out["python-flint"] = "absent"
    out["verifier"] = version()
    return out


def list_derivations(args) -> int:
    from . import loader
    from .run.pipeline import summaries
    root = loader.project_root()
    files = loader.project_files(root)
    if not files:
        print(f"error: no derivations found under {root / 'derivations'} (the project root is the nearest "
              "folder at or above the working directory holding pyproject.toml or derivations/)", file=sys.stderr)
        return 2
    found, errors = summaries(files, root, jobs=min(MAX_JOBS, os.cpu_count() or 1), load_limit=args.load_limit,
                              cache=results_cache(args, files, None))
    for s in loader.reading_order(found):
        print(f"{s.name:<40} {s.file:<32} {s.title}")
    for file, message in errors:
        print(f"error: {file}: cannot be loaded: {message}", file=sys.stderr)
    dupes = loader.duplicate_names(found)
    for e in dupes:
        print(f"error: {e}", file=sys.stderr)
    return 2 if errors or dupes else 0


REPORT_STAMP = ".verifier-report.json"


def _results_fingerprint(run: RunResult, formats) -> str:
    """What the report shows, minus timings: equal fingerprints mean the report would come out the same."""
    from .present.results_json import to_dict

    def without_seconds(x):
        if isinstance(x, dict):
            return {k: without_seconds(v) for k, v in x.items() if k != "seconds"}
        if isinstance(x, list):
            return [without_seconds(v) for v in x]
        return x
    text = json.dumps([without_seconds(to_dict(run)), sorted(formats)], sort_keys=True, default=str)
    h = hashlib.sha256(text.encode())
    # The presentation's own code and templates too: after an upgrade of the report, the same results
    # must not leave the old report in place.
    present = Path(__file__).resolve().parent / "present"
    for path in sorted(present.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".j2", ".css"):
            h.update(path.relative_to(present).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def write_report(run: RunResult, args, formats) -> bool:
    """True if the report was required and could not be written."""
    out = args.out or (Path.cwd() / "reports")
    fingerprint = _results_fingerprint(run, formats + (["pdf"] if args.pdf else []))
    stamp = out / REPORT_STAMP
    try:
        previous = json.loads(stamp.read_text())
    except (OSError, ValueError):
        previous = {}
    if not args.no_cache and previous.get("fingerprint") == fingerprint and previous.get("paths") \
            and all(Path(p).exists() for p in previous["paths"]) and not (args.pdf and previous.get("pdf_skipped")):
        print(f"report: no result changed; kept {', '.join(previous['paths'])}")
        return False
    try:
        from .present.report import ReportError, write_reports
    except ImportError as exc:
        print(f"report: not written ({exc})")
        return bool(args.pdf)
    try:
        outcome = write_reports(run, out, formats=formats, require_pdf=args.pdf)
    except ReportError as exc:
        print(f"error: report: {exc}", file=sys.stderr)
        return True
    except Exception as exc:     # the JSON and JUnit are already written; the report's failure is one line
        print(f"error: report: could not be written: {exc.__class__.__name__}: {' '.join(str(exc).split())}",
              file=sys.stderr)
        return True
    for path in outcome.paths:
        print(f"report: {path}")
    if outcome.pdf_skipped_reason:
        print(f"report: no PDF: {outcome.pdf_skipped_reason}")
    try:
        stamp.write_text(json.dumps({"fingerprint": fingerprint, "paths": [str(p) for p in outcome.paths],
                                     "pdf_skipped": outcome.pdf_skipped_reason or ""}))
    except OSError:
        pass
    return False
