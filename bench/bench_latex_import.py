r"""How the LaTeX import does on real documents it has never seen: the public corpus of bench/latex_corpus/.

    python bench/bench_latex_import.py            # the whole corpus, the peer pairs and the fixtures (~3-5 min)
    python bench/bench_latex_import.py --only d2l/integral-calculus:313 --verbose
    python bench/bench_latex_import.py --list-misreadings       # every misreading, with its exact LaTeX

Each chain of bench/latex_corpus/*.toml (a display exactly as its source writes it, with the prose around it
when that states assumptions) is imported and checked in this one process, through the importer's Python API
(verifier.importer.document.read_document and writer.write, what `python -m verifier import` runs) and the
checker's (verifier.loader.load_file and verifier.judge.checker.check_all, at the quick settings the test suite
uses).  Printed:

- chains imported in full / in part / refused, and displays that vanished with no message;
- chains imported with another meaning: a true line refuted, or an imported side whose round trip differs
  (printed back to LaTeX with SymPy's printer, read again by latex2sympy2_extended and compared by
  simplification, then by numbers);
- the constructs the refusals name, by count;
- false twins (one careless edit) refuted (caught), accepted as proved or numeric (a failure), or neither;
- true lines refuted (a failure); seconds per display;
- beside them, how many chains latex2sympy2_extended and SymPy's Lark parser read at all, raw;
- the peers' answer pairs of bench/latex_corpus/peer_pairs.toml (gold = answer, or gold \iff answer for two
  relations): answered correctly, wrongly, or not answered; latex2sympy2_extended alone on the same pairs;
- the fixture chains of tests/fixtures/latex/chains.py read by each parser, raw and under the import's rules.
"""
from __future__ import annotations

import argparse
import random
import re
import signal
import sys
import tempfile
import time
import tomllib
import warnings
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "bench" / "latex_corpus"
sys.path.insert(0, str(ROOT))

PASSING = {"proved", "numeric", "cases"}


# ---- the corpus --------------------------------------------------------------------------------------------

@dataclass
class Entry:
    id: str
    file: str                   # the corpus file it is in
    origin: str                 # repository, path and line
    licence: str
    latex: str
    context: str = ""
    twins: list[dict] = field(default_factory=list)


def load_chains(folder: Path = CORPUS) -> list[Entry]:
    out = []
    for path in sorted(folder.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        source = data.get("source", {})
        for c in data.get("chain", []):
            origin = f"{source.get('repository', '')} {c['path']}:{c['line']} @{source.get('commit', '')[:12]}"
            shown = _as_display if c.get("display") else (lambda latex: latex)
            out.append(Entry(c["id"], path.name, origin, source.get("licence", ""), shown(c["latex"]),
                             c.get("context", ""), [dict(t, latex=shown(t["latex"])) for t in c.get("twin", [])]))
    return out


def _as_display(latex: str) -> str:
    """A display that the stored copy of its source writes between single dollars (`display = true`)."""
    s = latex.strip()
    return f"${s}$" if s.startswith("$") and not s.startswith("$$") else latex


def load_pairs(folder: Path = CORPUS) -> list[dict]:
    path = folder / "peer_pairs.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")).get("pair", []) if path.exists() else []


def pair_display(pair: dict) -> str:
    joint = r"\iff" if pair["kind"] == "relation" else "="
    return f"$$ {pair['gold_math']} {joint} {pair['answer_math']} $$"


# ---- one document: import, round trip, check -------------------------------------------------------------

class Timeout(Exception):
    pass


@contextmanager
def time_limit(seconds: float):
    def stop(signum, frame):
        raise Timeout
    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Outcome:
    status: str = "refused"          # full | part | refused | vanished | crashed
    steps: int = 0                   # relations in the display
    imported: int = 0                # steps imported (definitions included)
    failures: list[str] = field(default_factory=list)        # the import's messages about the display
    verdicts: list[tuple[str, str]] = field(default_factory=list)   # (step as LaTeX, verdict) of the display
    roundtrip: list[tuple[str, str, str]] = field(default_factory=list)  # (side LaTeX, printed, "differs"|…)
    load_error: str = ""
    seconds: float = 0.0
    raw: dict = field(default_factory=dict)      # sides of the display read by each raw parser

    @property
    def refuted(self) -> list[str]:
        return [s for s, v in self.verdicts if v == "refuted"]

    @property
    def all_pass(self) -> bool:
        return bool(self.verdicts) and all(v in PASSING for _, v in self.verdicts)


_SEQ = [0]


def in_child(fn, seconds: float):
    """fn() in a forked child in its own process group, stopped with everything it started after `seconds` of
    its CPU time: a display can hang SymPy in C (a power of a number with a billion digits), which no alarm
    interrupts.  CPU time, not the wall clock, so a loaded machine gives the child as much work as a quiet one
    (a wall limit ended a true chain after a third of its work at load 6, and its twins were never looked at);
    a wall backstop of the project's own factor ends a child that waits without working.
    Returns ("ok", value), ("error", text) or ("timeout", "")."""
    import os
    import pickle
    import select
    from verifier.interrupts import cap_cpu
    from verifier.run.process import WALL_FACTOR, WALL_MARGIN
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:                      # the child
        os.close(r)
        try:
            os.setpgid(0, 0)
            cap_cpu(seconds)          # SIGXCPU ends the child at `seconds` of CPU
            data = pickle.dumps(("ok", fn()))
        except BaseException as exc:  # noqa: BLE001 - everything the child meets goes back to the parent
            data = pickle.dumps(("error", f"{type(exc).__name__}: {exc}"))
        with os.fdopen(w, "wb") as f:
            f.write(data)
        os._exit(0)
    os.close(w)
    chunks, deadline = [], time.monotonic() + WALL_FACTOR * seconds + WALL_MARGIN
    with os.fdopen(r, "rb") as f:
        while True:
            left = deadline - time.monotonic()
            ready = select.select([f], [], [], max(0.0, left))[0] if left > 0 else []
            if not ready:
                try:
                    os.killpg(pid, signal.SIGKILL)
                except OSError:
                    os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return "timeout", ""
            chunk = os.read(f.fileno(), 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if not chunks and os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU:
        return "timeout", ""
    try:
        return pickle.loads(b"".join(chunks))
    except Exception as exc:
        return "error", f"the child's answer could not be read: {exc}"


def _construct(message: str) -> str:
    """The construct a refusal names: the first `…` in its message, or its first words."""
    m = re.search(r"`([^`]{1,40})`", message)
    if m:
        name = m.group(1)
        name = re.sub(r"\\frac\{d[^}]*\}\{d[^}]*\}", r"\\frac{d…}{d…}", name)
        return name
    return re.split(r"[:;(]", message)[0].strip()[:60]


def run_document(text: str, display_line: int, workdir: Path, settings=None, check: bool = True,
                 roundtrip: bool = True, limit: float = 30.0, raw: bool = False) -> Outcome:
    """Import `text` (the display starts at `display_line`) and check what was imported from the display, in a
    child process killed after `limit` seconds; `raw` also reads each side of the display with the two parsers."""
    _SEQ[0] += 1
    seq = _SEQ[0]
    t0 = time.perf_counter()

    def work():
        _SEQ[0] = seq
        o = _run_document(text, display_line, workdir, settings, check, roundtrip, limit)
        if raw:
            sides = [s for b in _blocks_from(text, display_line) for s in b]
            o.raw = {"sides": len(sides),
                     "latex2sympy2_extended": [raw_parse(x, "latex2sympy2_extended") for x in sides],
                     "lark": [raw_parse(x, "lark") for x in sides]}
        return o
    kind, value = in_child(work, limit + 10)
    if kind == "ok":
        return value
    out = Outcome(status="crashed", failures=[f"{'timeout: the import or check never returned' if kind == 'timeout' else 'crash: ' + value} <<>>"])
    out.seconds = time.perf_counter() - t0
    return out


def _blocks_from(text: str, display_line: int) -> list[list[str]]:
    from verifier.importer.environments import chains as block_chains, find_blocks
    return [c.sides for b in find_blocks(text) for c in block_chains(b) if c.line >= display_line]


def _run_document(text: str, display_line: int, workdir: Path, settings, check: bool, roundtrip: bool,
                  limit: float) -> Outcome:
    from verifier.importer.document import read_document
    from verifier.importer.environments import chains as block_chains, find_blocks
    from verifier.importer.writer import write
    out = Outcome()
    t0 = time.perf_counter()
    try:
        with time_limit(limit):
            out.steps = sum(len(c.relations) for b in find_blocks(text) for c in block_chains(b)
                            if c.line >= display_line)
            doc = read_document(text, "corpus.md")
            ours = [c for c in doc.chains if c.chain.line >= display_line]
            out.failures = [f"{f.message}" + (f" [readings: {' | '.join(f.readings)}]" if f.readings else "")
                            + f" <<{f.latex}>>" for f in doc.failures if f.line >= display_line or f.line == 0]
            defs = [d for d in doc.definitions if _line_of(d.where, display_line)]
            laws = [w for line, w in doc.laws if line >= display_line]     # `X \sim \mathrm{Bin}(n, p)`: declared
            # a first side that only names what the chain computes (`\rho(X, Y) = …`) is read, as a definition is
            heads = sum(1 for c in ours if c.named_by_head)
            out.imported = sum((c.covers or len(c.chain.relations)) - c.start for c in ours) + len(defs) + len(laws) + heads
            if ours or defs or laws:
                out.status = "part" if out.failures or out.imported < out.steps else "full"
            elif not out.failures:      # nothing imported and nothing said: a display with a relation vanished
                shown = "\n".join(text.split("\n")[display_line - 1:])
                relation = re.search(r"=|<|>|\\(?:le|ge|leq|geq|approx|neq|ne)(?![a-zA-Z])", shown)
                out.status = "vanished" if out.steps or relation else "no chain"
            if roundtrip:
                for c in ours:
                    for side, expr in zip(c.chain.sides, c.exprs):
                        verdict, printed = round_trip(expr)
                        out.roundtrip.append((side, printed, verdict))
            if check and doc.chains:
                path = workdir / f"corpus_{_SEQ[0]:05d}.py"
                path.write_text(write(doc), encoding="utf-8")
                from verifier.judge.checker import check_all
                from verifier.loader import load_file
                found, error = load_file(path, workdir)
                if error is not None:
                    out.load_error = str(error)
                else:
                    names = {c.name for c in ours}
                    for r in check_all(found, settings):
                        if r.name in names:
                            out.verdicts += [(f"{s.lhs_latex} {s.relation} {s.rhs_latex}", str(s.verdict))
                                             for s in r.steps]
    except Timeout:
        out.failures.append("timeout <<>>")
        out.status = "crashed" if out.status == "refused" and not out.failures[:-1] else out.status
    except Exception as exc:       # a crash of the importer or the checker is a result of the bench too
        out.failures.append(f"crash: {type(exc).__name__}: {exc} <<>>")
        out.status = "crashed"
    out.seconds = time.perf_counter() - t0
    return out


def _line_of(where: str, display_line: int) -> bool:
    m = re.search(r"line (\d+)", where)
    return bool(m) and int(m.group(1)) >= display_line or not m


def round_trip(expr) -> tuple[str, str]:
    """Print `expr` to LaTeX, read it with latex2sympy2_extended, compare: same | differs | unread | undecided.

    Every name (a symbol, an entry p_i, an unknown function applied) stands for a placeholder v_{k} first:
    latex2sympy2_extended reads SymPy's printing of those (`{p}_{i}`, `f{\\left(x \\right)}`) otherwise, or not
    at all, and lower-cases some names; and the log is printed as \\ln, which it reads as the natural log (its
    \\log is base 10).  What is compared is the reading around the names: operations, powers, fractions, sums."""
    import sympy as sp
    from latex2sympy2_extended import latex2sympy
    from sympy.core.function import AppliedUndef
    if not isinstance(expr, sp.Basic):
        return "undecided", ""
    names, k = {}, 0
    directions = {x.args[3] for x in expr.atoms(sp.Limit)}     # a limit's '+-' is stored as a Symbol, not a name
    for kind in (sp.Indexed, AppliedUndef, sp.Symbol):
        for a in sorted(expr.xreplace(names).atoms(kind) - directions, key=sp.default_sort_key):
            names[a] = sp.Symbol(f"v_{{{k}}}")
            k += 1
    plain = expr.xreplace(names)
    try:
        printed = sp.latex(plain, ln_notation=True)
    except Exception:
        return "unread", ""
    try:
        with time_limit(5):
            back = latex2sympy(printed)
    except Exception:
        return "unread", printed
    if not isinstance(back, sp.Basic):
        return "undecided", printed
    by_name = {str(v).replace("{", "").replace("}", "").lower(): v for v in names.values()}
    back = back.xreplace({s: by_name[str(s).replace("{", "").replace("}", "").lower()]
                          for s in back.atoms(sp.Symbol) if str(s).replace("{", "").replace("}", "").lower() in by_name})
    try:
        with time_limit(8):
            return _same(plain, back), printed
    except Exception:
        return "undecided", printed


def _same(a, b) -> str:
    import sympy as sp
    if isinstance(b, (sp.Set, sp.logic.boolalg.Boolean)) and not isinstance(a, type(b)):
        return "undecided"
    if a == b:
        return "same"
    diff = a - b
    try:
        if sp.simplify(diff) == 0:
            return "same"
    except Exception:
        pass
    # numbers: every name gets a value; names that bound a sum get small whole numbers
    rng = random.Random(0)
    bounds = {s for x in diff.atoms(sp.Sum, sp.Product) for lim in x.limits for s in lim[1:] if isinstance(s, sp.Symbol)}
    worst = 0.0
    for _ in range(2):
        values = {s: sp.Integer(rng.randint(2, 4)) if s in bounds else sp.Rational(rng.randint(3, 17), 10)
                  for s in diff.free_symbols}
        v = complex(sp.N(diff.xreplace(values).doit(), 30))
        worst = max(worst, abs(v))
    return "same" if worst < 1e-12 else "differs"


# ---- raw parsers -----------------------------------------------------------------------------------------

def display_sides(latex: str) -> list[str]:
    from verifier.importer.environments import chains as block_chains, find_blocks
    return [s for b in find_blocks(latex) for c in block_chains(b) for s in c.sides]


def raw_parse(side: str, parser: str) -> bool:
    try:
        with time_limit(10):
            if parser == "latex2sympy2_extended":
                from latex2sympy2_extended import latex2sympy
                latex2sympy(side)
            else:
                from sympy.parsing.latex import parse_latex
                parse_latex(side, backend="lark")
        return True
    except Exception:
        return False


def raw_pair_answer(pair: dict) -> str:
    """latex2sympy2_extended alone: equal / not equal / none (a relation pair, or a parse or compare failure)."""
    if pair["kind"] != "expression":
        return "none"
    import sympy as sp
    from latex2sympy2_extended import latex2sympy
    try:
        with time_limit(10):
            a, b = latex2sympy(pair["gold_math"]), latex2sympy(pair["answer_math"])
            if isinstance(a, sp.MatrixBase) or isinstance(b, sp.MatrixBase):
                return "equal" if sp.Matrix(a).equals(sp.Matrix(b)) else "not equal"
            d = sp.simplify(a - b)
            if d == 0:
                return "equal"
            return "not equal" if d.is_number and abs(complex(sp.N(d))) > 1e-12 else "none"
    except Exception:
        return "none"


# ---- the run ---------------------------------------------------------------------------------------------

def document_of(entry: Entry, latex: str) -> tuple[str, int]:
    if entry.context.strip():
        text = entry.context.rstrip("\n") + "\n\n"
        return text + latex, text.count("\n") + 1
    return latex, 1


@dataclass
class Tally:
    rows: list = field(default_factory=list)
    refusals: Counter = field(default_factory=Counter)
    misreadings: list = field(default_factory=list)     # (kind, id, origin, latex, detail)


def run_corpus(entries: list[Entry], settings, workdir: Path, verbose: bool = False) -> dict:
    res = dict(chains=0, full=0, part=0, refused=0, vanished=0, crashed=0, no_chain=0, another_meaning=0,
               roundtrip_differs=0, true_refuted=0, twins=0, caught=0, accepted=0, missed=0,
               twin_not_imported=0, displays=0, seconds=0.0, l2s=0, lark=0, sides=0, l2s_sides=0, lark_sides=0)
    tally = Tally()
    for e in entries:
        res["chains"] += 1
        text, line = document_of(e, e.latex)
        o = run_document(text, line, workdir, settings, raw=True)
        res["displays"] += 1
        res["seconds"] += o.seconds
        key = {"full": "full", "part": "part", "refused": "refused", "vanished": "vanished",
               "crashed": "crashed", "no chain": "no_chain"}[o.status]
        res[key] += 1
        for f in o.failures:
            tally.refusals[_construct(f)] += 1
        differs = [(s, p) for s, p, v in o.roundtrip if v == "differs"]
        if differs:
            res["roundtrip_differs"] += 1
            for s, p in differs:
                tally.misreadings.append(("round trip differs", e.id, e.origin, s, f"printed back as {p}"))
        if o.refuted:
            res["true_refuted"] += 1
            for s in o.refuted:
                tally.misreadings.append(("true line refuted", e.id, e.origin, e.latex.strip(), s))
        if o.status == "vanished":
            tally.misreadings.append(("display vanished with no message", e.id, e.origin, e.latex.strip(), ""))
        if o.load_error:
            tally.misreadings.append(("written file does not load", e.id, e.origin, e.latex.strip(), o.load_error[:300]))
        if differs or o.refuted:
            res["another_meaning"] += 1
        ok_l2s, ok_lark = o.raw.get("latex2sympy2_extended", []), o.raw.get("lark", [])
        sides = ok_l2s
        res["sides"] += len(sides)
        res["l2s_sides"] += sum(ok_l2s)
        res["lark_sides"] += sum(ok_lark)
        res["l2s"] += bool(sides) and all(ok_l2s)
        res["lark"] += bool(sides) and all(ok_lark)
        twin_marks = []
        for t in e.twins:
            res["twins"] += 1
            ttext, tline = document_of(e, t["latex"])
            to = run_document(ttext, tline, workdir, settings, roundtrip=False)
            res["displays"] += 1
            res["seconds"] += to.seconds
            if set(to.refuted) - set(o.refuted):      # a step the true chain does not have refuted
                res["caught"] += 1
                twin_marks.append("caught")
            elif to.status == "full" and to.all_pass:
                res["accepted"] += 1
                twin_marks.append("ACCEPTED")
                tally.misreadings.append(("twin accepted", e.id, e.origin, t["latex"].strip(),
                                          f"edit: {t['edit']}; verdicts: {to.verdicts}"))
            else:
                res["missed"] += 1
                if not to.verdicts:
                    res["twin_not_imported"] += 1
                twin_marks.append("missed" if to.verdicts else "not imported")
        tally.rows.append((e.id, o.status, o.imported, o.steps, [v for _, v in o.verdicts], twin_marks, o.seconds))
        if verbose:
            print(f"{e.id:<44} {o.status:<8} {o.imported}/{o.steps} {[v for _, v in o.verdicts]} twins {twin_marks} "
                  f"{o.seconds:.1f}s", flush=True)
            for f in o.failures:
                print(f"      refused: {f[:220]}")
            for s, p in differs:
                print(f"      round trip differs: {s!r} -> {p!r}")
            if o.load_error:
                print(f"      load error: {o.load_error[:220]}")
    res["tally"] = tally
    return res


def pair_answer(pair: dict, workdir: Path, settings=None) -> tuple[str, Outcome]:
    """What import and check say of a peer pair: "equal" (every step proved or numeric), "not equal" (a step
    refuted) or "none"."""
    o = run_document(pair_display(pair), 1, workdir, settings, roundtrip=False)
    said = "not equal" if o.refuted else ("equal" if o.status == "full" and o.all_pass else "none")
    return said, o


def run_pairs(pairs: list[dict], settings, workdir: Path, verbose: bool = False) -> dict:
    res = dict(pairs=len(pairs), right=0, wrong=0, none=0, l2s_right=0, l2s_wrong=0, l2s_none=0, seconds=0.0)
    wrong, unanswered = [], Counter()
    for p in pairs:
        said, o = pair_answer(p, workdir, settings)
        res["seconds"] += o.seconds
        if said == "none":
            for f in o.failures or [f"{o.status}: {[v for _, v in o.verdicts]}"]:
                unanswered[_construct(f)] += 1
        if said == "none":
            res["none"] += 1
        elif said == p["expected"]:
            res["right"] += 1
        else:
            res["wrong"] += 1
            wrong.append((p["id"], pair_display(p), p["expected"], said, o.verdicts))
        kind, raw = in_child(lambda: raw_pair_answer(p), 40)
        raw = raw if kind == "ok" else "none"
        res["l2s_none" if raw == "none" else "l2s_right" if raw == p["expected"] else "l2s_wrong"] += 1
        if verbose:
            print(f"{p['id']:<52} expected {p['expected']:<9} import+check: {said:<9} ({o.status}; "
                  f"{[v for _, v in o.verdicts]}) latex2sympy2_extended: {raw}", flush=True)
            for f in o.failures[:2]:
                print(f"      refused: {f[:200]}")
    res["wrong_list"] = wrong
    res["unanswered"] = unanswered
    return res


def fixtures_table() -> None:
    """Each parser on the hand-read chains of tests/fixtures/latex/chains.py, raw and under the import's rules."""
    try:
        from tests.fixtures.latex.chains import CHAINS
        from tests.importer.test_latex_import_fixtures import same
        from verifier.importer.document import read_document
        from verifier.importer.reading import LarkBackend, Latex2SympyBackend, read_raw
    except Exception as exc:
        print(f"fixtures: not measured ({type(exc).__name__}: {exc})")
        return

    def raw_sides(latex, backend):
        return [read_raw(side.replace(r"\log", r"\ln"), backend) for side in display_sides(latex)]

    def ruled_sides(latex, backend):
        import sympy as sp
        doc = read_document(latex, "fixture.tex", backend=backend)
        if doc.failures:
            raise ValueError(str(doc.failures[0]))
        sides = [e for c in doc.chains for e in c.exprs]
        if not doc.chains:
            for d in doc.definitions:
                sides = [sp.IndexedBase(d.name)[d.index] if d.index is not None else sp.Symbol(d.name), d.expr]
        return sides

    total = len(CHAINS)
    print(f"\nFixture chains (tests/fixtures/latex/chains.py): {total}")
    print(f"  {'parser':<50} {'correct':>8} {'refused':>8} {'WRONG':>6}")
    for backend in (Latex2SympyBackend(), LarkBackend()):
        for label, read in (("raw", raw_sides), ("with the import's rules", ruled_sides)):
            right = refused = wrong = 0
            for entry in CHAINS:
                try:
                    got = read(entry["latex"], backend)
                except Exception:
                    got = None
                if got is None:
                    right, refused = (right + 1, refused) if "error" in entry else (right, refused + 1)
                    continue
                want = entry.get("sides")
                if want is not None and len(got) == len(want) and all(same(a, b) for a, b in zip(got, want)):
                    right += 1
                else:
                    wrong += 1
            print(f"  {backend.name + ', ' + label:<50} {right:>8} {refused:>8} {wrong:>6}")


def pct(a: int, b: int) -> str:
    return f"{a}/{b} ({a / b:.0%})" if b else f"{a}/0"


def misreadings_of(entry: Entry, workdir: Path, settings=None) -> list[str]:
    """What the import and check get wrong on one corpus chain: a true line refuted, a false twin accepted
    (every step proved or numeric), a written file that does not load.  Empty when nothing is wrong."""
    wrong = []
    text, line = document_of(entry, entry.latex)
    o = run_document(text, line, workdir, settings, roundtrip=False)
    wrong += [f"true line refuted: {s}" for s in o.refuted]
    if o.status == "crashed":     # out of time says nothing about meaning (load may cause it); a crash does
        timed_out = any(f.startswith(("timeout", "crash: Timeout")) for f in o.failures)
        return wrong if timed_out else wrong + [f"the import or check failed: {' '.join(o.failures)[:200]}"]
    if o.load_error:
        wrong.append(f"the written file does not load: {o.load_error[:200]}")
    for t in entry.twins:
        ttext, tline = document_of(entry, t["latex"])
        to = run_document(ttext, tline, workdir, settings, roundtrip=False)
        if not to.refuted and to.status == "full" and to.all_pass:
            wrong.append(f"false twin accepted ({t['edit']}): {to.verdicts}")
    return wrong


def main(argv=None) -> int:
    warnings.filterwarnings("ignore")
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", help="chains or pairs whose id contains this text")
    ap.add_argument("--verbose", action="store_true", help="one line per chain and pair")
    ap.add_argument("--list-misreadings", action="store_true", help="print every misreading with its exact LaTeX")
    ap.add_argument("--no-pairs", action="store_true")
    ap.add_argument("--no-fixtures", action="store_true")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    from tests.engine import QUICK
    entries = load_chains()
    pairs = load_pairs()
    if args.only:
        entries = [e for e in entries if args.only in e.id]
        pairs = [p for p in pairs if args.only in p["id"]]
    sources = Counter(e.file for e in entries)
    print(f"Corpus: {len(entries)} chains, {sum(len(e.twins) for e in entries)} false twins "
          f"({', '.join(f'{k}: {v}' for k, v in sorted(sources.items()))}); {len(pairs)} peer pairs")
    with tempfile.TemporaryDirectory(prefix="latex_corpus_") as tmp:
        workdir = Path(tmp)
        r = run_corpus(entries, QUICK, workdir, args.verbose)
        n = r["chains"]
        print(f"\nChains (import and check in one process, quick settings): {n}")
        print(f"  imported in full                          {pct(r['full'], n)}")
        print(f"  imported in part (some steps refused)     {pct(r['part'], n)}")
        print(f"  refused with a named construct            {pct(r['refused'], n)}")
        print(f"  vanished with no message                  {pct(r['vanished'], n)}")
        print(f"  crashed or timed out                      {pct(r['crashed'], n)}")
        print(f"  imported with another meaning             {pct(r['another_meaning'], n)}  "
              f"(a true line refuted: {r['true_refuted']}; a side whose round trip differs: {r['roundtrip_differs']})")
        print(f"  TRUE LINES REFUTED (failure)              {r['true_refuted']}")
        print(f"  false twins                               {r['twins']}")
        print(f"    caught (refuted)                        {pct(r['caught'], r['twins'])}")
        print(f"    ACCEPTED as proved/numeric (failure)    {r['accepted']}")
        print(f"    neither (unknown or not imported)       {r['missed']} ({r['twin_not_imported']} not imported)")
        print(f"  seconds per display (import + check)      {r['seconds'] / max(1, r['displays']):.2f} "
              f"over {r['displays']} displays")
        print(f"  raw latex2sympy2_extended reads           {pct(r['l2s'], n)} chains, {pct(r['l2s_sides'], r['sides'])} sides")
        print(f"  raw SymPy Lark parser reads               {pct(r['lark'], n)} chains, {pct(r['lark_sides'], r['sides'])} sides")
        print("\n  refusals by construct (every message about a corpus display):")
        for name, count in r["tally"].refusals.most_common(25):
            print(f"    {count:>4}  {name}")
        if args.list_misreadings or r["true_refuted"] or r["accepted"]:
            print("\n  misreadings and failures:")
            for kind, cid, origin, latex, detail in r["tally"].misreadings:
                if kind == "round trip differs" and not args.list_misreadings:
                    continue
                one = " ".join(latex.split())
                print(f"    [{kind}] {cid}: {one[:300]}\n        {detail[:300]}")
        if pairs and not args.no_pairs:
            pr = run_pairs(pairs, QUICK, workdir, args.verbose)
            m = pr["pairs"]
            print(f"\nPeer answer pairs (plain mathematics): {m}")
            print(f"  {'':<28} {'right':>7} {'WRONG':>7} {'none':>7}")
            print(f"  {'import + check':<28} {pr['right']:>7} {pr['wrong']:>7} {pr['none']:>7}   "
                  f"({pr['seconds'] / max(1, m):.2f} s per pair)")
            print(f"  {'latex2sympy2_extended alone':<28} {pr['l2s_right']:>7} {pr['l2s_wrong']:>7} {pr['l2s_none']:>7}")
            for pid, disp, exp, said, verdicts in pr["wrong_list"]:
                print(f"    WRONG {pid}: {disp}  expected {exp}, answered {said} {verdicts}")
            print("  not answered, by what the import says:")
            for name, count in pr["unanswered"].most_common(12):
                print(f"    {count:>4}  {name}")
    if not args.no_fixtures and not args.only:
        fixtures_table()
    print(f"\n{time.perf_counter() - t0:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
