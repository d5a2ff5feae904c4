"""The `mutate` command: load derivations, run the mutants, print the score and the survivors, write JSON.

Exit codes: 0 when every surviving mutant is explained by its step's notes
(`survives=`); 1 when some survivor is not (each is listed with the run's own
second look at why it may be harmless); 2 on a usage error or when a derivation
file cannot be loaded.

Each step's result is recorded (verifier/mutate/records.py), so a second run
measures only the steps that changed, and `python -m verifier all` reports the
score without running anything.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ..settings import DEFAULT_POINTS, MIN_POINTS, Settings
from .mutations import KINDS


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m verifier mutate",
                                description="Mutate every step of the derivations (index, range, sign, factor, "
                                            "constant) and report how many false mutants the checker kills.")
    p.add_argument("files", nargs="*", metavar="FILE_OR_NAME",
                   help="derivation files or project derivation names (default: every project derivation)")
    p.add_argument("--seed", type=int, default=0, help="seed for choosing mutants and for the numbers (default 0)")
    p.add_argument("--max-per-step", type=int, default=3, metavar="N",
                   help="at most N mutants of each kind per step (default 3)")
    p.add_argument("--max-mutants", type=int, default=None, metavar="N",
                   help="check a seeded sample of at most N mutants in all (default: every one chosen)")
    p.add_argument("--kinds", default=",".join(KINDS), help=f"mutation kinds, comma-separated ({','.join(KINDS)})")
    p.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1), help="worker processes")
    p.add_argument("--limit", type=float, default=1.0, help="seconds per symbolic strategy (default 1)")
    p.add_argument("--step-limit", type=float, default=8.0, help="seconds per mutant step in all (default 8)")
    p.add_argument("--points", type=int, default=DEFAULT_POINTS,
                   help=f"sampled points per numeric check (default {DEFAULT_POINTS}, as in a check; minimum {MIN_POINTS})")
    p.add_argument("--json", type=Path, metavar="PATH", help="write the score, survivors and every mutant here")
    p.add_argument("--fresh", action="store_true", help="measure every step again, even those with a record")
    p.add_argument("--cache-dir", type=Path, metavar="DIR",
                   help="where the records live (default: derivations/mutation-records/ for the project's "
                        "derivations, committed with them; .verifier-cache/ in the files' project root for others)")
    return p


def mutation_settings(args) -> Settings:
    return Settings(seed=args.seed, quick=True, limit=args.limit, step_limit=args.step_limit,
                    numeric_limit=min(4.0, args.step_limit), points=args.points)


def record_store(args, files):
    """The records for these options: `all` reads the store of the default options.

    Without --cache-dir, a run whose files all lie in the project's derivations/ folder keeps its
    records in the committed derivations/mutation-records/ (they travel with the repository);
    any other run keeps them in the results cache folder."""
    from ..results_cache import default_dir
    from .records import RecordStore, settings_key
    from .score import describe
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    key = settings_key(describe(mutation_settings(args)), args.seed, args.max_per_step, kinds)
    if args.cache_dir:
        return RecordStore(args.cache_dir, key)
    root = project_of(files)
    if root is not None:
        return RecordStore.of_project(root, key)
    return RecordStore(default_dir([Path(f) for f in files]), key)


def project_of(files) -> Path | None:
    """The project root whose derivations/ folder holds every one of the files (None if they have none)."""
    from ..loader import project_root
    paths = [Path(f).resolve() for f in files]
    if not paths:
        return None
    root = project_root(paths[0].parent)
    folder = root / "derivations"
    # a derivation file in derivations/ or one folder below it (derivations/texts/), as the loader collects them
    if folder.is_dir() and all(folder in (p.parent, p.parent.parent) for p in paths):
        return root
    return None


def default_store(files, cache_dir: Path | None = None):
    """The records `all` reports, those of the default options, and those options in words."""
    from .score import describe
    args = parser().parse_args([] if cache_dir is None else ["--cache-dir", str(cache_dir)])
    options = dict(describe(mutation_settings(args)), seed=args.seed, per_kind=args.max_per_step,
                   kinds=args.kinds.split(","))
    return record_store(args, files), options


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    bad = [k for k in kinds if k not in KINDS]
    if bad or args.points < MIN_POINTS or args.max_per_step < 1:
        print(f"error: unknown kind(s) {', '.join(bad)}" if bad else
              f"error: --points must be at least {MIN_POINTS} and --max-per-step at least 1", file=sys.stderr)
        return 2
    from .. import loader
    from .score import run
    if args.files:
        derivations, errors = loader.resolve(args.files, jobs=max(1, args.jobs))
    else:
        derivations, errors = loader.load(loader.project_files(), jobs=max(1, args.jobs))
    for e in errors:
        print(f"error: {e}", file=sys.stderr)
    if not derivations:
        print("error: no derivations to mutate", file=sys.stderr)
        return 2
    from ..results_cache import engine_hash
    settings = mutation_settings(args)
    root = loader.project_root()      # derivations name their files relative to it (run/load.py: shown_path)
    files = sorted({root / d.file for d in derivations if d.file}) or [Path.cwd() / "x.py"]
    store = record_store(args, files)
    result = run(derivations, seed=args.seed, per_kind=args.max_per_step, jobs=max(1, args.jobs),
                 settings=settings, max_mutants=args.max_mutants, kinds=kinds, on_result=_progress,
                 store=store, engine=engine_hash(), fresh=args.fresh)
    notes = {f"{d.qualified_name}::{k}": step.survives for d in derivations for k, step in enumerate(d.steps, 1)}
    unexplained = print_summary(result, notes)
    if store.project is not None and not errors and args.max_mutants is None and \
            set(files) >= {p.resolve() for p in loader.project_files(store.project)}:
        from .score import targets
        gone = store.prune(t.fingerprint for t in targets(derivations)[0])
        if gone:
            print(f"removed {len(gone)} record(s) of steps that no longer exist from {store.folder}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        tmp = args.json.with_name(f".{args.json.name}.tmp")
        tmp.write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False), encoding="utf-8")
        tmp.replace(args.json)
        print(f"results: {args.json}")
    if errors:
        return 2
    return 0 if not unexplained else 1


def _progress(r) -> None:
    mark = {"killed": ".", "survived": "S", "equivalent": "="}[r.status]
    print(mark, end="", flush=True)


def print_summary(result, notes: dict | None = None) -> int:
    """Print the survivors (unexplained ones in full) and the score; return how many are unexplained."""
    from .summary import explanation_for
    notes = notes or {}
    print()
    for s in result.skipped:
        print(f"not mutated: {s['where']}: {s['why']}")
    unexplained = 0
    for r in result.survivors:
        note = explanation_for(notes.get(r.where, {}), r.kind, r.mutation)
        if note:
            print(f"survived, explained: {r.where} [{r.kind}] {r.mutation}: {note}")
            continue
        unexplained += 1
        print(f"\nSURVIVED {r.where} ({r.relation}) [{r.kind}] {r.mutation}: {r.verdict}")
        print(f"    mutant: {r.mutant}")
        print(f"    why:    {r.explanation}")
        print(f"    if harmless, say why on the step: survives={{{r.kind!r}: '…'}} "
              f"or survives={{{r.mutation!r}: '…'}}")
    eq, killed, total = result.count("equivalent"), result.count("killed"), len(result.results)
    score = result.score
    shown = "n/a (no mutant to judge)" if score is None else f"{100 * score:.1f}%"
    print(f"\nmutation score {shown}: {killed} killed / ({total} mutants − {eq} equivalent) "
          f"over {result.steps} steps, {len(result.survivors)} survived, in {result.seconds:.0f} s "
          f"(seed {result.seed}, ≤ {result.per_kind} per kind per step; {result.reused} steps from their records); "
          f"{unexplained} survivor(s) not explained")
    return unexplained
