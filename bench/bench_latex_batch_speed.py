r"""Batch speed of the LaTeX import: 100 one-formula files imported and checked, against latex2sympy2_extended alone.

    python bench/bench_latex_batch_speed.py            # the first 100 peer pairs as 100 files (~1-3 min)
    python bench/bench_latex_batch_speed.py --count 20

The criterion: importing and checking a batch of 100 one-formula files takes at most 10 times what parsing the
same formulas takes in latex2sympy2_extended alone, measured in one run.  The formulas are the answer pairs of
bench/latex_corpus/peer_pairs.toml, each written as one display `$$ gold = answer $$` (or `gold \iff answer` for
two relations) in a file of its own.  In this one process, for each file: read it with the importer's Python API
(verifier.importer.document.read_document, writer.write, what `python -m verifier import` runs), load the written
file and check it (verifier.loader.load_file, verifier.judge.checker.check_all at the test suite's quick
settings), as `python -m verifier import` and `check` do; then each formula's sides parsed by latex2sympy2_extended.
Printed: the seconds of each, their ratio, and how many files imported a chain.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_latex_import import load_pairs, pair_display  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=100)
    args = ap.parse_args()
    pairs = load_pairs()[:args.count]
    from latex2sympy2_extended import latex2sympy
    from tests.engine import QUICK
    from verifier.importer.document import read_document
    from verifier.importer.writer import write
    from verifier.judge.checker import check_all
    from verifier.loader import load_file

    latex2sympy("x + 1")                          # both warmed up first: imports and parser tables are not timed
    read_document("$$ x + x = 2x $$", "warm.md")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sources = []
        for k, pair in enumerate(pairs):
            path = folder / f"formula_{k:03d}.md"
            path.write_text(pair_display(pair) + "\n", encoding="utf-8")
            sources.append(path)
        imported = 0
        t0 = time.perf_counter()
        for k, path in enumerate(sources):
            doc = read_document(path.read_text(encoding="utf-8"), str(path))
            if not doc.chains:
                continue
            imported += 1
            written = folder / f"formula_{k:03d}.py"
            written.write_text(write(doc), encoding="utf-8")
            found, error = load_file(written, folder)
            if error is None:
                check_all(found, QUICK)
        ours = time.perf_counter() - t0

    t0 = time.perf_counter()
    parsed = 0
    for pair in pairs:
        for side in (pair["gold_math"], pair["answer_math"]):
            try:
                latex2sympy(side)
                parsed += 1
            except Exception:
                pass
    alone = time.perf_counter() - t0
    print(f"{len(pairs)} one-formula files: import + check {ours:.1f} s ({imported} imported a chain); "
          f"latex2sympy2_extended alone on the same {2 * len(pairs)} sides {alone:.2f} s ({parsed} read)")
    print(f"ratio {ours / alone:.1f} (criterion: at most 10)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
