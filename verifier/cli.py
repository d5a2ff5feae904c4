"""python -m verifier: check derivations, print what holds, write JSON and the report.

Exit codes: 0 every step proved or numeric (proved only, with --require-proof);
1 something refuted, unknown or malformed; 2 a usage error or an unloadable file.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

from .verdicts import RunResult, Verdict

BADGE = {Verdict.PROVED: "proved", Verdict.NUMERIC: "numeric", Verdict.REFUTED: "REFUTED",
         Verdict.UNKNOWN: "UNKNOWN", Verdict.ERROR: "ERROR"}


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


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m verifier",
                                description="Check attention-math derivations step by step, symbolically and numerically.")
    sub = p.add_subparsers(dest="command", required=True, metavar="{all,list,check}")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--seed", type=int, default=0, help="seed for every sampled point and Monte Carlo run (default 0)")
    common.add_argument("--dps", type=_dps, default=(50, 100), help="the two precisions in digits (default 50,100)")
    common.add_argument("--points", type=int, default=12, help="sampled points per numeric check (default 12, minimum 8)")
    common.add_argument("--limit", type=float, default=5.0, help="seconds per symbolic strategy (default 5)")
    common.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1),
                        help="worker processes, one derivation file each at a time (default: cores, at most 4)")
    common.add_argument("--no-cache", action="store_true",
                        help="re-prove everything instead of reusing symbolic outcomes from .verifier-cache/")
    common.add_argument("--require-proof", action="store_true", help="fail unless every step is proved")
    common.add_argument("--quick", action="store_true", help="small experiment sizes (for tests)")
    common.add_argument("--json", type=Path, metavar="PATH", help="write machine-readable results here")
    common.add_argument("--out", type=Path, default=None, help="report directory (default reports/)")
    common.add_argument("--format", default="html,latex,pdf", help="report formats, comma-separated (html,latex,pdf)")
    common.add_argument("--pdf", action="store_true", help="fail if the PDF cannot be built")
    common.add_argument("--no-report", action="store_true", help="check only; write no report")
    sub.add_parser("all", parents=[common], help="check every derivation under derivations/")
    sub.add_parser("list", help="list the derivations")
    chk = sub.add_parser("check", parents=[common], help="check files or named derivations")
    chk.add_argument("targets", nargs="+", metavar="FILE_OR_NAME")
    return p


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    from . import loader
    if args.command == "list":
        derivations, errors = loader.load(loader.project_files())
        for d in loader.reading_order(derivations):
            print(f"{d.name:<40} {d.file:<32} {d.title}")
        for e in errors:
            print(f"error: {e}", file=sys.stderr)
        return 2 if errors else 0
    if args.points < 8:
        print("error: --points must be at least 8", file=sys.stderr)
        return 2
    formats = [f.strip() for f in args.format.split(",") if f.strip()]
    bad = [f for f in formats if f not in ("html", "latex", "pdf")]
    if bad:
        print(f"error: unknown --format {', '.join(bad)}; choose from html, latex, pdf", file=sys.stderr)
        return 2
    if args.command == "all":
        derivations, errors = loader.load(loader.project_files())
        derivations = loader.reading_order(derivations)
    else:
        derivations, errors = loader.resolve(args.targets)
    for e in errors:
        print(f"error: {e}", file=sys.stderr)
    if not derivations and not errors:
        # A gate that checked nothing must not pass.
        print(f"error: no derivations found under {loader.project_root() / 'derivations'}", file=sys.stderr)
        return 2
    run = run_checks(derivations, args, [str(e) for e in errors])
    print_summary(run)
    if args.json:
        from .present.results_json import write_json
        write_json(run, args.json)
        print(f"results: {args.json}")
    report_failed = False
    if not args.no_report and run.derivations:
        report_failed = write_report(run, args, formats)
    if errors:
        return 2
    return 0 if run.passed and not report_failed else 1


def versions() -> dict[str, str]:
    import mpmath
    import sympy
    return {"python": platform.python_version(), "sympy": sympy.__version__, "mpmath": mpmath.__version__}


def run_checks(derivations, args, load_errors) -> RunResult:
    from .judge import proof_cache
    from .judge.checker import check_all
    from .settings import Settings
    from .loader import project_root
    proof_cache.enable(None if args.no_cache else project_root() / ".verifier-cache" / "proofs.sqlite")
    settings = Settings(seed=args.seed, dps=tuple(args.dps), points=args.points, limit=args.limit,
                        quick=args.quick, require_proof=args.require_proof)
    t0 = time.perf_counter()
    results = check_all(derivations, settings, on_result=print_progress, jobs=max(1, args.jobs))
    return RunResult(results, args.seed, tuple(args.dps), args.quick, args.require_proof,
                     load_errors, versions(), time.perf_counter() - t0)


def print_progress(r) -> None:
    mark = "✓" if r.passed else "✗"
    counts = ", ".join(f"{v} {k}" for k, v in r.counts().items() if v)
    print(f"{mark} {r.name:<38} {counts:<40} {r.seconds:6.1f} s", flush=True)


def print_summary(run: RunResult) -> None:
    failures = [(d, s) for d in run.derivations for s in d.steps if not s.passed]
    exp_failures = [(d, e) for d in run.derivations for e in d.experiments if not e.passed]
    for d, s in failures:
        if s.verdict is Verdict.ERROR:
            # A malformed step is one line: where it is and what to fix.
            print(f"\n✗ {d.file}: {d.name}: step {s.index} ({s.relation}): error: {s.message}")
            continue
        print(f"\n✗ {d.file}: {d.name}: step {s.index} ({s.relation}): {s.label}")
        print(f"    reason:  {s.reason}")
        print(f"    claim:   {s.lhs_latex}  {s.relation}  {s.rhs_latex}")
        if s.message:
            print(f"    why:     {s.message}")
        for c in s.checks:
            print(f"    check:   {c.name}: {c.verdict.value} {c.detail}")
        if s.counterexample:
            ce = s.counterexample
            print("    at:      " + ", ".join(f"{k} = {v}" for k, v in ce.point.items()))
            for p in sorted(ce.lhs):
                print(f"    {p} digits: lhs = {ce.lhs[p]}, rhs = {ce.rhs[p]}")
            if ce.note:
                print(f"    note:    {ce.note}")
    for d, e in exp_failures:
        print(f"\n✗ {d.file}: {d.name}: experiment {e.title!r}: {e.verdict.value}")
        print(f"    claim:   {e.claim}")
        print(f"    finding: {e.finding}")
    print("\nderivation                              proved numeric refuted unknown error  conclusion")
    for d in run.derivations:
        c = d.counts()
        concl = d.conclusion if len(d.conclusion) < 70 else d.conclusion[:67] + "…"
        print(f"{'✓' if d.passed else '✗'} {d.name:<37} {c['proved']:>6} {c['numeric']:>7} {c['refuted']:>7} "
              f"{c['unknown']:>7} {c['error']:>5}  {concl}")
    total = len(run.derivations)
    ok = sum(d.passed for d in run.derivations)
    print(f"\n{ok}/{total} derivations pass in {run.seconds:.1f} s (seed {run.seed}, {run.dps[0]} and {run.dps[1]} digits)"
          + (", proofs required" if run.require_proof else ""))
    for e in run.load_errors:
        print(f"not checked: {e}")


def write_report(run: RunResult, args, formats) -> bool:
    """True if the report was required and could not be written."""
    try:
        from .present.report import ReportError, write_reports
    except ImportError as exc:
        print(f"report: not written ({exc})")
        return bool(args.pdf)
    out = args.out or (Path.cwd() / "reports")
    try:
        outcome = write_reports(run, out, formats=formats, require_pdf=args.pdf)
    except ReportError as exc:
        print(f"error: report: {exc}", file=sys.stderr)
        return True
    for path in outcome.paths:
        print(f"report: {path}")
    if outcome.pdf_skipped_reason:
        print(f"report: no PDF: {outcome.pdf_skipped_reason}")
    return False
