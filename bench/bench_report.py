"""How long the report takes after verification, as ratios to a baseline measured in the same run.

    python bench/bench_report.py [--derivations 10] [--steps 6] [--plots 2]
    python bench/bench_report.py --json reports/results.json   # a saved real run instead of a synthetic one

The baseline is serialising the same RunResult to JSON (dataclasses.asdict +
json.dumps), so the ratios mean the same on a fast and a slow machine.  The
first report in a process pays for importing jinja2, matplotlib and
latex2mathml, so "cold" is what a CLI run costs and "warm" what a second
report in the same process costs.  Targets (2-core machine): HTML + LaTeX
≤ 2 s, PDF ≤ 5 s for the synthetic run.  With --json it also reports the PDF's
page count (the project run must stay within 60 pages).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import report_samples  # noqa: E402  (a synthetic run: entropy chains, ≈ checks, tables, plots)
from verifier.present.report import write_reports  # noqa: E402
from verifier.present.report.pdf import missing_tools  # noqa: E402


def timed(fn, repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--derivations", type=int, default=10)
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--plots", type=int, default=2)
    ap.add_argument("--json", help="render this saved run (python -m verifier all --json PATH) instead")
    args = ap.parse_args()
    if args.json:
        run = report_samples.run_from_json(args.json)
    else:
        run = report_samples.large_run(args.derivations, args.steps, args.plots)
        run.claims = report_samples.sample_claims()

    baseline = timed(lambda: json.dumps(dataclasses.asdict(run), default=str), repeat=5)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        cold = timed(lambda: write_reports(run, out / "cold", formats=("html", "latex")))
        warm = timed(lambda: write_reports(run, out / "warm", formats=("html", "latex")), repeat=3)
        html = timed(lambda: write_reports(run, out / "html", formats=("html",)), repeat=3)
        pdf = None if missing_tools() else timed(lambda: write_reports(run, out / "pdf", formats=("pdf",),
                                                                       require_pdf=True))
        pages = _pages(out / "pdf" / "derivations.pdf") if pdf is not None else None

    if args.json:
        print(f"run: {args.json}, {len(run.derivations)} derivations, {len(run.claims)} claims")
    else:
        print(f"run: {args.derivations} derivations × {args.steps} steps, {args.plots} plots")
    print(f"baseline (asdict + json.dumps): {baseline * 1000:.1f} ms")
    print(f"html+latex, cold: {cold:.2f}s ({cold / baseline:.0f}x baseline)  target ≤ 2 s")
    print(f"html+latex, warm: {warm:.2f}s ({warm / baseline:.0f}x baseline)")
    print(f"html only, warm:  {html:.2f}s ({html / baseline:.0f}x baseline)")
    if pdf is None:
        print(f"pdf: not measured ({' and '.join(missing_tools())} not found)")
    else:
        print(f"pdf: {pdf:.2f}s ({pdf / baseline:.0f}x baseline)  target ≤ 5 s; {pages} pages")
    return 0


def _pages(pdf: Path) -> str:
    import re
    import subprocess

    try:
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, timeout=60).stdout
    except OSError:
        return "? (no pdfinfo)"
    m = re.search(r"^Pages:\s+(\d+)", info, re.M)
    return m.group(1) if m else "?"


if __name__ == "__main__":
    raise SystemExit(main())
