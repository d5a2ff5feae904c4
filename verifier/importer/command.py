"""`python -m verifier import FILE.tex|.md|.txt [--label eq:…] [--out derivations/x.py] [--meanings M.json]`.

Prints every reading rule it applied ("read \\log n + … as log(n) + …") and every chain it could not
read (its line, and both readings of an ambiguity), then writes the derivation file (to --out, or to
standard output).  Exit 0 when every chain was imported, 1 when some were not (the file is still
written, with the others), 2 on a usage error or when nothing could be imported.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "import derivation chains from LaTeX (.tex, .md, .txt) as a derivation file"


def _arguments(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    p.add_argument("file", type=Path, metavar="FILE", help="a .tex, .md or .txt file with display math")
    p.add_argument("--label", metavar="LABEL", help=r"import only the display with this \label (e.g. eq:entropy)")
    p.add_argument("--out", type=Path, metavar="PATH", help="write the derivation file here (default: standard output)")
    p.add_argument("--meanings", type=Path, metavar="JSON",
                   help="meanings of the ≈ steps and wrt= of the ∝ steps, per display: "
                        "{\"eq. (3)\": {\"meaning\": \"tends(lam, 0)\"}, \"eq. (6)\": {\"wrt\": \"n\"}} "
                        "(see verifier/importer/meanings.py)")
    p.add_argument("--parser", choices=("latex2sympy2_extended", "sympy-lark"), default="latex2sympy2_extended",
                   help="the LaTeX parser under the rules (default latex2sympy2_extended, the most accurate "
                        "on tests/fixtures/latex: see bench/bench_latex_import.py)")
    return p


def add_import_parser(subparsers) -> argparse.ArgumentParser:
    """The hook verifier/cli.py calls: `import` as a subcommand of python -m verifier."""
    return _arguments(subparsers.add_parser("import", help=HELP, description=HELP))


def main(argv=None) -> int:
    args = _arguments(argparse.ArgumentParser(prog="python -m verifier import", description=HELP)).parse_args(argv)
    return run(args)


def run(args) -> int:
    from .document import import_file
    from .meanings import MeaningsError, load
    from .reading import LarkBackend, Latex2SympyBackend
    from .writer import write_what_can_be_written
    if not args.file.is_file():
        print(f"error: {args.file}: no such file", file=sys.stderr)
        return 2
    given = {}
    if args.meanings is not None:
        try:
            given = load(args.meanings)
        except MeaningsError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    backend = LarkBackend() if args.parser == "sympy-lark" else Latex2SympyBackend()
    doc = import_file(args.file, label=args.label, backend=backend)
    for rule in doc.rules:
        print(f"rule: {rule}", file=sys.stderr)
    text, unwritten = None, ""
    if doc.chains:
        try:
            text = write_what_can_be_written(doc, given)
        except MeaningsError as exc:
            print(f"error: {args.meanings}: {exc}", file=sys.stderr)
            return 2
        except Exception as exc:
            unwritten = f"error: {args.file}: the derivation could not be written: {exc}"
    for failure in doc.failures:
        print(f"error: {args.file}: {failure}", file=sys.stderr)
    if not doc.chains:
        print(f"error: {args.file}: no chain of relations could be imported", file=sys.stderr)
        return 2
    if unwritten:
        print(unwritten, file=sys.stderr)
        return 2
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
        steps = sum(len(c.chain.relations) - c.start for c in doc.chains)
        print(f"imported: {len(doc.chains)} chain(s), {steps} step(s) -> {args.out}; confirm its declarations, "
              f"then `python -m verifier check {args.out}`", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 1 if doc.failures else 0


TEXT_SUFFIXES = (".tex", ".md", ".markdown", ".txt", ".ltx")


def import_for_check(path: Path, out_dir: Path) -> tuple[Path | None, str]:
    """`python -m verifier check PAPER.tex`: the text imported into a derivation file in out_dir, with a progress
    line per display on standard error; (the file, "") or (None, why nothing can be checked).

    A text whose displays only define names (H = …, p_i = …) holds no claim: nothing is checked, and the
    command says so rather than passing on an empty run."""
    import time
    from .document import import_file
    from .writer import write_what_can_be_written
    t0 = time.perf_counter()
    doc = import_file(path)
    text, unwritten = None, ""
    if doc.chains:
        try:
            text = write_what_can_be_written(doc)
        except Exception as exc:
            unwritten = f"{path}: the derivation could not be written: {exc}"
    by_line = sorted([(c.chain.line, f"import: {path.name}: {c.where}: {len(c.chain.relations) - c.start} step(s) "
                                     "to check") for c in doc.chains]
                     + [(d_line, f"import: {path.name}: {d.where}: defines {d.name} (used by the steps, not checked)")
                        for d_line, d in ((0, d) for d in doc.definitions)]
                     + [(doc.named_lines.get(k, 0), f"import: {path.name}: line {doc.named_lines.get(k, 0)}: names "
                                                    f"{_entry(k)} (used by the steps, not checked)")
                        for k in doc.named_entries]
                     + [(line, f"import: {path.name}: line {line}: states the law `{words}` (a declaration, proposed "
                                     "beside the steps that write its names, not checked)") for line, words in doc.laws]
                     + [(f.line, f"import: {path.name}: {f.where or 'line ' + str(f.line)}: not read: {f.message}"
                                 + (f" (readings: {' | '.join(f.readings)})" if f.readings else ""))
                        for f in doc.failures], key=lambda x: x[0])
    for _, line in by_line:
        print(line, file=sys.stderr)
    if not doc.chains:
        if doc.definitions or doc.named_entries:
            # `y = 2x` and an entry the text gives a value (`x_1 = 2x_0` after "Consider two entries $x_0$ and $x_1$")
            names = ", ".join(dict.fromkeys([d.name for d in doc.definitions] + [_entry(k) for k in doc.named_entries]))
            return None, (f"{path}: the text holds only definitions ({names}) and no claim to check: write the "
                          "claims as displays with a relation between two expressions")
        if doc.laws:
            return None, (f"{path}: the text states only laws ({'; '.join(w for _, w in doc.laws)}) and no claim to "
                          "check" + (f" that could be read ({len(doc.failures)} display(s) not read, listed above)"
                                     if doc.failures else ""))
        return None, f"{path}: no chain of relations could be imported" + (
            f" ({len(doc.failures)} display(s) not read, listed above)" if doc.failures else "")
    if unwritten:
        return None, unwritten
    stem = "".join(c if c.isalnum() else "_" for c in path.stem) or "text"
    out = out_dir / f"{'v_' if stem[0].isdigit() else ''}{stem}.py"
    out.write_text(text, encoding="utf-8")
    steps = sum(len(c.chain.relations) - c.start for c in doc.chains)
    print(f"import: {path.name}: {len(doc.chains)} chain(s), {steps} step(s) in {time.perf_counter() - t0:.1f} s; "
          f"the declarations are proposed, not confirmed (`python -m verifier import {path}` writes them to a "
          "file to confirm)", file=sys.stderr)
    return out, ""


def _entry(entry) -> str:
    """An entry the text names (x[1]) as written: x_1."""
    return f"{entry.base.label}_" + "".join(str(i) for i in entry.indices)


if __name__ == "__main__":
    raise SystemExit(main())
