"""Accuracy of each LaTeX parser on the real chains of tests/fixtures/latex/chains.py.

    python bench/bench_latex_import.py

For each parser, raw (the side handed over as written, with only \\log read as the natural log) and under
the import's rules (verifier/importer/reading.py): how many chains have every side read as the
hand-written form says, how many are refused (an error: acceptable), and how many are read WRONG
(a silent misreading: the worst outcome).  Chains the fixture marks as refused count as correct when
the parser refuses them.
"""
from __future__ import annotations

import sys
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
warnings.filterwarnings("ignore")

from tests.fixtures.latex.chains import CHAINS  # noqa: E402
from tests.importer.test_latex_import_fixtures import same  # noqa: E402
from verifier.importer.document import read_document  # noqa: E402
from verifier.importer.environments import find_blocks, chains  # noqa: E402
from verifier.importer.reading import LarkBackend, Latex2SympyBackend, read_raw  # noqa: E402


def raw_sides(latex, backend):
    out = []
    for block in find_blocks(latex):
        for chain in chains(block):
            out += [read_raw(side.replace(r"\log", r"\ln"), backend) for side in chain.sides]
    return out


def ruled_sides(latex, backend):
    doc = read_document(latex, "fixture.tex", backend=backend)
    if doc.failures:
        raise ValueError(str(doc.failures[0]))
    import sympy as sp
    sides = [e for c in doc.chains for e in c.exprs]
    if not doc.chains:
        for d in doc.definitions:
            sides = [sp.IndexedBase(d.name)[d.index] if d.index is not None else sp.Symbol(d.name), d.expr]
    return sides


def score(read, backend):
    right = refused = wrong = 0
    for entry in CHAINS:
        try:
            got = read(entry["latex"], backend)
        except Exception:
            got = None
        if got is None:
            if "error" in entry:
                right += 1
            else:
                refused += 1
            continue
        want = entry.get("sides")
        if want is not None and len(got) == len(want) and all(same(a, b) for a, b in zip(got, want)):
            right += 1
        else:
            wrong += 1
    return right, refused, wrong


def main() -> None:
    total = len(CHAINS)
    print(f"{total} chains ({sum('sides' in c for c in CHAINS)} to read, {sum('error' in c for c in CHAINS)} to refuse)")
    print(f"{'parser':<48} {'correct':>8} {'refused':>8} {'WRONG':>6}  accuracy")
    for backend in (Latex2SympyBackend(), LarkBackend()):
        for label, read in (("raw", raw_sides), ("with the import's rules", ruled_sides)):
            right, refused, wrong = score(read, backend)
            print(f"{backend.name + ', ' + label:<48} {right:>8} {refused:>8} {wrong:>6}  {right / total:.0%}")


if __name__ == "__main__":
    main()
