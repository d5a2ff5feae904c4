"""What the templates show, computed once from a RunResult and shared by HTML and LaTeX.

The templates only lay out; every decision about wording, counting and
ordering lives here, so the two formats cannot drift apart.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...verdicts import (Counterexample, DerivationResult, ExperimentResult, NumericEvidence, Plot,
                        RunResult, StepResult, Table, Verdict)

# "expected" is a refuted verdict the author predicted; it passes, so it is counted apart from "refuted".
KINDS = ("proved", "numeric", "refuted", "expected", "unknown", "error")
KIND_LABELS = {"proved": "proved", "numeric": "numeric", "refuted": "refuted",
               "expected": "refuted, as expected", "unknown": "unknown", "error": "error"}

RELATION_LATEX = {"=": "=", "<=": r"\le", ">=": r"\ge", "<": "<", ">": ">", "~": r"\approx",
                  "propto": r"\propto"}

_NUMBER = re.compile(r"^\s*[-+−]?(\d[\d,_]*\.?\d*|\.\d+)([eE][-+−]?\d+)?\s*%?\s*$|^\s*[-+−]?(inf|nan|∞)\s*$|^\s*[—–-]?\s*$",
                     re.IGNORECASE)


def kind_of(verdict: Verdict | str, expect_refuted: bool = False) -> str:
    value = verdict.value if isinstance(verdict, Verdict) else str(verdict)
    if value == "refuted" and expect_refuted:
        return "expected"
    return value if value in KIND_LABELS else "unknown"


def relation_latex(relation: str | None) -> str:
    if relation in RELATION_LATEX:
        return RELATION_LATEX[relation]
    return r"\mathrel{?}"


def format_seconds(seconds: float) -> str:
    """Short and unbreakable: the no-break spaces keep "9.70 s" on one line in both formats."""
    seconds = max(0.0, float(seconds or 0.0))
    if seconds < 10:
        return f"{seconds:.2f}\u00a0s"
    if seconds < 60:
        return f"{seconds:.1f}\u00a0s"
    minutes, rest = divmod(int(round(seconds)), 60)
    return f"{minutes}\u00a0min {rest:02d}\u00a0s"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "item"


@dataclass
class TableView:
    caption: str
    columns: list[str]
    rows: list[list[str]]
    numeric: list[bool]          # per column: every cell is a number, so right-align it
    widths: list[int]            # per column: longest cell in characters

    @classmethod
    def of(cls, table: Table) -> "TableView":
        columns = [str(c) for c in table.columns]
        width = max([len(columns)] + [len(r) for r in table.rows]) if (columns or table.rows) else 0
        columns += [""] * (width - len(columns))
        rows = [[str(c) for c in r] + [""] * (width - len(r)) for r in table.rows]
        numeric = [bool(rows) and any(r[k].strip() for r in rows) and all(_NUMBER.match(r[k]) for r in rows)
                   for k in range(width)]
        widths = [max([len(columns[k])] + [len(r[k]) for r in rows]) for k in range(width)]
        return cls(str(table.caption or ""), columns, rows, numeric, widths)


@dataclass
class CheckView:
    name: str
    kind: str
    label: str
    method: str
    scope: str
    detail: str


@dataclass
class CounterexampleView:
    point: list[tuple[str, str]]
    table: TableView
    note: str

    @classmethod
    def of(cls, cx: Counterexample) -> "CounterexampleView":
        precisions = sorted(set(cx.lhs) | set(cx.rhs), key=lambda p: (str(type(p)), p))
        rows = [[f"{p} digits", str(cx.lhs.get(p, "—")), str(cx.rhs.get(p, "—"))] for p in precisions]
        table = TableView.of(Table("", ["precision", "left-hand side", "right-hand side"], rows))
        table.numeric = [False, False, False]  # long values read better left-aligned when they wrap
        return cls([(str(k), str(v)) for k, v in cx.point.items()], table, cx.note or "")


def numeric_summary(ev: NumericEvidence | None) -> str:
    if ev is None:
        return ""
    parts = []
    low, high = (tuple(ev.precisions) + (None, None))[:2]
    digits = f"{low} and {high} digits" if high is not None else f"{low} digits"
    if ev.worst_error is not None:
        parts.append(f"worst error {ev.worst_error} at {digits}")
    else:
        parts.append(f"compared at {digits}")
    parts.append(f"{ev.points} point{'s' if ev.points != 1 else ''} per precision")
    if ev.sizes:
        parts.append("sizes " + ", ".join(str(s) for s in ev.sizes))
    parts.append(f"seed {ev.seed}")
    if ev.note:
        parts.append(ev.note)
    return " · ".join(parts)


@dataclass
class StepView:
    number: int
    anchor: str
    relation: str
    relation_latex: str
    lhs_latex: str
    rhs_latex: str
    kind: str
    label: str
    passed: bool
    reason: str
    source: str
    method: str
    scope: str
    numeric: str
    assumptions: list[str]
    checks: list[CheckView]
    tables: list[TableView]
    counterexample: CounterexampleView | None
    message: str
    seconds: str

    @property
    def has_details(self) -> bool:
        return bool(self.checks or self.tables or self.counterexample or self.message)

    @classmethod
    def of(cls, step: StepResult, anchor: str) -> "StepView":
        kind = kind_of(step.verdict, step.expect_refuted)
        checks = [CheckView(c.name, kind_of(c.verdict), KIND_LABELS[kind_of(c.verdict)], c.method, c.scope,
                            c.detail) for c in step.checks]
        return cls(
            number=step.index, anchor=anchor, relation=step.relation,
            relation_latex=relation_latex(step.relation), lhs_latex=step.lhs_latex or "",
            rhs_latex=step.rhs_latex or "", kind=kind, label=KIND_LABELS[kind], passed=step.passed,
            reason=step.reason or "", source=step.source or "", method=step.method or "",
            scope=step.scope or "", numeric=numeric_summary(step.numeric),
            assumptions=[str(a) for a in step.assumptions], checks=checks,
            tables=[TableView.of(t) for t in step.tables],
            counterexample=CounterexampleView.of(step.counterexample) if step.counterexample else None,
            message=step.message or "", seconds=format_seconds(step.seconds))


@dataclass
class PlotView:
    plot: Plot
    title: str
    stem: str                    # file name (without extension) of its figure next to the .tex
    svg: str = ""                # filled in by the plot renderer
    pdf: bytes = b""


@dataclass
class ExperimentView:
    anchor: str
    name: str
    title: str
    kind: str
    label: str
    passed: bool
    claim: str
    finding: str
    tables: list[TableView]
    plots: list[PlotView]
    seed: int
    seconds: str

    @classmethod
    def of(cls, exp: ExperimentResult, anchor: str) -> "ExperimentView":
        kind = kind_of(exp.verdict, exp.expect_refuted)
        plots = [PlotView(p, p.title or "", f"plot-{anchor}-{k}") for k, p in enumerate(exp.plots, 1)]
        return cls(anchor, exp.name, exp.title, kind, KIND_LABELS[kind], exp.passed, exp.claim or "",
                   exp.finding or "", [TableView.of(t) for t in exp.tables], plots, exp.seed,
                   format_seconds(exp.seconds))


@dataclass
class DerivationView:
    anchor: str
    name: str
    title: str
    source: str
    file: str
    kind: str
    label: str
    passed: bool
    counts: dict[str, int]
    conclusion: str
    conclusion_latex: str
    assumptions: list[str]
    notes: list[str]
    reconstruction: bool
    lhs_latex: str
    steps: list[StepView]
    experiments: list[ExperimentView]
    message: str
    seconds: str

    @classmethod
    def of(cls, d: DerivationResult, anchor: str) -> "DerivationView":
        steps = [StepView.of(s, f"{anchor}-s{k}") for k, s in enumerate(d.steps, 1)]
        experiments = [ExperimentView.of(e, f"{anchor}-e{k}") for k, e in enumerate(d.experiments, 1)]
        counts = {k: 0 for k in KINDS}
        for item in steps + experiments:
            counts[item.kind] += 1
        kind = kind_of(d.verdict)
        return cls(anchor, d.name, d.title or d.name, d.source or "", d.file or "", kind, KIND_LABELS[kind],
                   d.passed, counts, d.conclusion or "", d.conclusion_latex or "",
                   [str(a) for a in d.assumptions], [str(n) for n in d.notes], d.reconstruction,
                   steps[0].lhs_latex if steps else "", steps, experiments, d.message or "",
                   format_seconds(d.seconds))


@dataclass
class ReportView:
    derivations: list[DerivationView]
    totals: dict[str, int]
    passed: bool
    failed: int
    headline: str
    load_errors: list[str]
    seed: int
    dps: tuple
    quick: bool
    require_proof: bool
    versions: list[tuple[str, str]]
    commit: str
    date: str
    seconds: str
    plots: list[PlotView] = field(default_factory=list)


def build_view(run: RunResult, *, versions: list[tuple[str, str]], commit: str, date: str) -> ReportView:
    derivations, used = [], set()
    for k, d in enumerate(run.derivations, 1):
        anchor = f"d{k}-{_slug(d.name or d.title)}"[:60]
        while anchor in used:
            anchor += "x"
        used.add(anchor)
        derivations.append(DerivationView.of(d, anchor))
    totals = {k: sum(d.counts[k] for d in derivations) for k in KINDS}
    failed = sum(not d.passed for d in derivations)
    passed = run.passed
    n = len(derivations)
    if not n:
        headline = "No derivations were checked"
    elif failed:
        headline = f"{failed} of {n} derivation{'s' if n != 1 else ''} fail{'s' if failed == 1 else ''}"
    else:
        headline = f"All {n} derivations pass" if n > 1 else "The derivation passes"
    if run.load_errors:
        headline += f"; {len(run.load_errors)} file{'s' if len(run.load_errors) != 1 else ''} failed to load"
    plots = [p for d in derivations for e in d.experiments for p in e.plots]
    return ReportView(derivations, totals, passed, failed, headline, [str(e) for e in run.load_errors],
                      run.seed, tuple(run.dps), run.quick, run.require_proof, versions, commit, date,
                      format_seconds(run.seconds), plots)
