"""What the templates show, computed once from a RunResult and shared by HTML and LaTeX.

The templates only lay out; every decision about wording, counting, ordering,
grouping and linking lives here, so the two formats cannot drift apart.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath

from ...verdicts import (ClaimStatus, ComplexBall, Counterexample, CrossCheck, DerivationResult, ExperimentResult, MeasuredTrend,
                         Formula, Number, NumericEvidence, Plot, PointValue, RunResult, Said, StepResult, Table,
                         Verdict)
from ...authoring.seed_texts import SourceText, source_text
from . import files, sources
from .files import SourceFile
from .mutation import MutationView, build as build_mutation
from .display import SIZE_LETTERS, greek_letters, minus_signs, sampling_range, short_decimals
from . import numbers
from .numbers import for_people
from ..instances import instance_point, law_words
from .badges import (BOUND_ONLY_LABEL, CLAIM_LEGEND, KIND_HEADS, KIND_LABELS, KINDS, LEGEND, MARK_LEGEND, NUMERIC_WORDS,
                     RECONSTRUCTION, claim_group, refutes_label, step_kind, step_label)
from .graph import Edge, Figure, Node
from .prose import plain, tidy_latex
from . import blueprint

RELATION_LATEX = {"=": "=", "<=": r"\le", ">=": r"\ge", "<": "<", ">": ">", "~": r"\approx",
                  "propto": r"\propto"}

CITES = "cites fact "
# How many significant digits of a decimal bound a step shows (30-digit certified bounds read in full).
BOUND_DIGITS = 32
# The HTML's verdict filter: a few groups a reader asks for, not every badge.
FILTERS = (("proved", "proved"), ("numeric", "numbers or sizes only"), ("refuted", "refuted"),
           ("unknown", "unknown or error"))
FILTER_OF_KIND = {"proved": "proved", "restated": "proved", "numeric": "numeric", "cases": "numeric",
                  "refuted": "refuted", "expected": "refuted", "unknown": "unknown", "error": "unknown"}


def kind_of(verdict: Verdict | str, expect_refuted: bool = False) -> str:
    return step_kind(verdict, expect_refuted=expect_refuted)


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


def qualified_name(file: str, name: str) -> str:
    """file::name, as derivations are cited across files ("max_likelihood.py::mle_gradient")."""
    return f"{PurePosixPath(file).name}::{name}" if file else name


def _is_number(value) -> bool:
    """A table cell the record holds as a number (Table.values), never text read back as one."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


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
        values = [list(r) + [None] * (width - len(r)) for r in table.values]
        numeric = [bool(values) and any(_is_number(r[k]) for r in values)
                   and all(r[k] is None or _is_number(r[k]) for r in values) for k in range(width)]
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
    cites: str = ""              # qualified name of the cited fact, for "cites fact …" checks
    cites_anchor: str = ""       # its section, when it is in this report
    shown: str = ""              # what the running text says of it: what was measured and found, else the detail
    statement: str = ""          # a cited fact's conclusion as LaTeX, when its section is in this report


def _refuting_trend(step: StepResult) -> MeasuredTrend | None:
    """The trend of the step's refuted limit or series check: what its counterexample's values measure."""
    for c in step.checks:
        if c.verdict is Verdict.REFUTED and getattr(c, "trend", None) is not None:
            return c.trend
    return None


def _said_once(certificate: list[tuple[str, str]], coarse: bool = False) -> list[tuple[str, str]]:
    """A certificate that reads the same at every precision (a limit's certificate is prose, not digits) is said
    once, with its precisions: "(50 and 100 digits)".  A ball far wider than those digits resolve (`coarse`)
    came from inputs or an evaluation of lower precision: it is said as what it is, a rigorous interval
    bound, not as a 100-digit result."""
    if len(certificate) > 1 and len({text for _, text in certificate}) == 1:
        digits = " and ".join(p.removesuffix(" digits") for p, _ in certificate)
        if coarse:
            low = certificate[0][0].removesuffix(" digits")
            return [(f"a rigorous interval bound, coarser than {low} digits resolve: the runs at {digits} digits "
                     "gave this same ball", certificate[0][1])]
        return [(f"{digits} digits", certificate[0][1])]
    return certificate


COARSE_DIGITS = 30     # a certificate ball wider than 10⁻³⁰ at 50 digits was not computed to those digits


def _coarse(cx: Counterexample, precisions) -> bool:
    """Whether every certificate ball of cx is wider than 10^-COARSE_DIGITS (a double-precision radius,
    10⁻¹⁷, at 50 and 100 digits)."""
    balls = [(cx.gap or {}).get(p) for p in precisions]
    if not balls or any(b is None for b in balls):
        return False
    try:
        radii = [max(float(b.real.radius), float(b.imaginary.radius)) if isinstance(b, ComplexBall)
                 else float(b.radius) for b in balls]
    except (TypeError, ValueError):
        return False
    return all(r > 10.0 ** -COARSE_DIGITS for r in radii)


def gap_words(cx: Counterexample, p: int) -> str:
    """The certificate at one precision for the running text, from its values: "lhs − rhs ≈ -6.45 (radius
    < 10⁻⁵⁰), so lhs − rhs ≠ 0"; a certificate that is not a ball (an exact difference, a side with no
    value, a limit's measured tail) as the engine said it, its numbers and formulas set from their values
    (Said) and its words never read."""
    ball = (cx.gap or {}).get(p)
    if ball is not None:
        return f"{cx.quantity} ≈ {minus_signs(numbers.ball_words(ball))}, so {cx.quantity} {cx.excludes}"
    said = (cx.certified or {}).get(p) or (cx.certificate or {}).get(p, "")
    return said if isinstance(said, Said) else Said(str(said))


def hypothesis_words(assumption) -> str:
    """A hypothesis line with the symbol names its author declared spelled out (varepsilon, sigma) as their
    letters.  The engine's parts of it are values, set as they are: a step's given= pins ("checked at
    λ = 131/100 only") and a declared law (N(0, σ²)) are formulas, never read out of the words."""
    if isinstance(assumption, Said):
        return Said(*(minus_signs(greek_letters(p)) if type(p) is str else p for p in assumption.parts))
    return minus_signs(greek_letters(str(assumption)))


def point_words(value: PointValue) -> str:
    """One coordinate of a counterexample, from its value, to six significant digits: "0.732159", a vector
    as "(0.0676483, 0.570395)" (its first six entries, "…" when it has more; how many it has is said by its
    name, vector_name)."""
    if value.length is None and not value.entries:
        return numbers.short(value.value)
    shown = [numbers.short(e, numbers.DIGITS, zeros=False) for e in value.entries]
    more = ", …" if (value.length or 0) > len(value.entries) else ""
    return f"({', '.join(shown)}{more})"


def vector_name(latex: str, value: PointValue) -> str:
    """The LaTeX a vector's values are shown under: its name, "s", when every entry is shown and the name is a
    plain letter; otherwise its entries by name, so that a reader knows which numbers these are.  A numbered
    name (k_{1}: the vector of k_{1,t} over t) is "(k_{1,1}, k_{1,2})", never "k_1", which a text writes for
    the first key; a vector shown in part, "(s_{1}, \\ldots, s_{40})", which also says how many entries it has."""
    if value.length is None and not value.entries:
        return latex
    length = value.length if value.length is not None else len(value.entries)
    base, mark, sub = latex.partition("_")
    numbered = bool(mark) and sub.startswith("{") and sub.endswith("}") and sub[1:-1].isdigit() and base
    if not numbered and length <= len(value.entries):
        return latex
    entry = (lambda k: f"{base}_{{{sub[1:-1]},{k}}}") if numbered else (lambda k: f"{latex}_{{{k}}}")
    if length == 1:
        return entry(1)
    if length == 2:
        return f"({entry(1)}, {entry(2)})"
    return f"({entry(1)}, \\ldots, {entry(length)})"


@dataclass
class CounterexampleView:
    point: list[tuple[str, str]]         # values to six digits (numbers.py); the full ones below
    table: TableView
    note: str
    certificate: list[tuple[str, str]]   # (precision, the gap's ball in words, shortened for the running text)
    full_point: list[tuple[str, str]] = field(default_factory=list)
    full_table: TableView | None = None
    full_certificate: list[tuple[str, str]] = field(default_factory=list)   # every digit, as the engine wrote it
    # Every digit for a reader (the HTML): the gap's ball from its record, "lhs − rhs ∈ −0.248… ± 9.47 × 10⁻⁵²";
    # the engine's text where the certificate is not a ball.
    full_gap: list[tuple[str, str]] = field(default_factory=list)
    anchor: str = ""                     # where the full certificate is (the PDF's appendix)
    symbols: dict = field(default_factory=dict)   # name -> its LaTeX (σ for sigma); a name not here is set as code
    replayed: str = ""                   # the second evaluation (SymPy evalf) in words, "" when not replayed
    sides: tuple[str, str] = ("", "")    # the two compared values at the highest precision, to three digits
    # What the two values are, as the engine compared them: the two sides of the line ("left side", "right
    # side"); for ∝, the ratio lhs/rhs at the point and at the primed values; for a limit or a series, the
    # measured quantity along the approach and what the claim needs of it ("" when there is no second value).
    labels: tuple[str, str] = ("left side", "right side")
    # The variable a limit approaches, in words: (its name, "approaches its limit point from +, at distances
    # 0.1 … 10⁻¹⁰"); its values are distances from the limit point, not values of the variable.
    approach: list[tuple[str, str]] = field(default_factory=list)
    # What "lhs" and "rhs" mean in the engine's own record of every digit, where they are not the step's sides.
    compared: str = ""
    # Every digit for a reader (the HTML, behind a click): the point and the two values, each from its value,
    # with a minus sign and powers of ten ("−4.8002143809454492707 × 10⁻⁵"), nothing rounded; full_point and
    # full_table keep the engine's form for the machine record.
    digits_point: list[tuple[str, str]] = field(default_factory=list)
    # The point for the machine record (the PDF), in the engine's form, each drawn double as its exact decimal:
    # the number the balls were certified at, every digit.
    exact_point: list[tuple[str, str]] = field(default_factory=list)
    digits_table: TableView | None = None
    balls: bool = False                  # whether the certificate is a ball at some precision (not a trend's values)

    @property
    def shortened(self) -> bool:
        return (self.full_certificate != self.certificate or self.full_point != self.point
                or (self.full_table is not None and self.full_table.rows != self.table.rows))

    @classmethod
    def of(cls, cx: Counterexample, relation: str = "", trend: MeasuredTrend | None = None) -> "CounterexampleView":
        """`relation` is the step's; `trend` what its refuted limit or series check measured along the approach
        (the counterexample's values are that quantity, at distances from the limit point)."""
        values = cx.values or {}
        # The variable a limit follows is in the point only as the approach it took (the record's `values`
        # leave it out): "approach from +: 0.1 … 1e-10", distances from the limit point.
        approached = [k for k in cx.point if k not in values and str(cx.point[k]).startswith("approach from ")] \
            if trend is not None else []
        if relation == "propto":
            labels = ("lhs/rhs at the point", "lhs/rhs at the primed values")
            cx = replace(cx, quantity=_PROPTO_GAP if cx.quantity == "lhs − rhs" else cx.quantity)
        elif approached:
            towards_infinity = any(str(cx.point[k]).startswith(_FROM_INFINITY) for k in approached)
            labels = (("|lhs − rhs|" if trend.order else str(trend.quantity))
                      + (" at those values" if towards_infinity else " at those distances"), "")
        else:
            labels = ("left side", "right side")
        precisions = sorted(set(cx.lhs) | set(cx.rhs), key=lambda p: (str(type(p)), p))
        rows = [[f"{p} digits", str(cx.lhs.get(p, "—")), str(cx.rhs.get(p, "—"))] for p in precisions]
        columns = ["precision", labels[0], labels[1] or "claimed"]
        full_table = TableView.of(Table("", columns, rows))
        full_table.numeric = [False, False, False]  # long values read better left-aligned when they wrap
        short = [[numbers.numerals(c) for c in r] for r in rows]
        if len(short) > 1 and all(r[1:] == short[0][1:] for r in short):
            # Both precisions say the same six digits: one row says it (every digit stays in full_table).
            short = [[" and ".join(str(p) for p in precisions) + " digits"] + short[0][1:]]
        table = TableView.of(Table("", columns, short))
        table.numeric = [False, False, False]
        order = sorted((cx.certificate or {}), key=lambda p: (str(type(p)), p))
        # the engine's words kept as its parts (a formula stays a formula), read as text where text is wanted
        full_certificate = _said_once([(f"{p} digits", cx.certificate[p] if isinstance(cx.certificate[p], Said)
                                        else str(cx.certificate[p])) for p in order])
        gaps = cx.gap or {}
        full_gap = _said_once([(f"{p} digits", f"{cx.quantity} ∈ {numbers.ball_digits(gaps[p])}" if p in gaps
                                else str(cx.certificate[p])) for p in order])
        full_point = [(str(k), str(v)) for k, v in cx.point.items()]
        digits_point = [(k, numbers.point_digits(values[k]) if k in values else v) for k, v in full_point]
        # The machine record's point: each drawn coordinate as the exact number the balls were certified at.
        exact_point = [(k, numbers.point_exact(values[k]) if k in values else v) for k, v in full_point]
        digits_table = TableView.of(Table("", columns, [r[:1] + [numbers.every_digit(c) for c in r[1:]] for r in rows]))
        digits_table.numeric = [False, False, False]
        # The replay says in words what the second evaluation found; the point it names is the one above.
        replayed = cx.replay or ""
        note = cx.note if cx.note and not (replayed and cx.note.endswith(replayed)) else ""
        top = precisions[-1] if precisions else None
        sides = (numbers.numerals(cx.lhs.get(top, ""), 3), numbers.numerals(cx.rhs.get(top, ""), 3)) if top else ("", "")
        point = [(k, minus_signs(point_words(values[k]) if k in values else for_people(v))) for k, v in full_point
                 if k not in approached]
        # A vector is named by its entries where its letter alone would mislead (k_1 for the k_{1,t} over t) or
        # where only its first entries are shown: the point's name says which, the full point keeps the letter.
        symbols = dict(cx.symbols or {})
        for at, (k, words) in enumerate(point):
            named = vector_name(symbols.get(k) or _symbol_latex(k), values[k]) if k in values else ""
            if named and named != (symbols.get(k) or _symbol_latex(k)):
                symbols[f"{k} entries"] = named
                point[at] = (f"{k} entries", words)
        # every digit of the same point is named the same way: (k_{1,1}, k_{1,2}) = (…), never k_1 = (…)
        digits_point = [(f"{k} entries" if f"{k} entries" in symbols else k, v) for k, v in digits_point]
        # a point that is concrete matrices and vectors (each a multiple of I or of one unit vector u): named so
        point, symbols, matrices = instance_point(cx, point, symbols)
        note = Said(matrices, "; ", note) if matrices and note else matrices or note
        # a point found at one concrete law of the text's random variables: the law is said beside it
        law = f"at the law {law_words(cx)}" if cx.law is not None else ""
        note = Said(law, "; ", note) if law and note else law or note
        approach = [(k, _approach_words(str(cx.point[k]))) for k in approached]
        if approached:
            sides = (sides[0], "")
        sides = tuple(minus_signs(x) for x in sides)     # −0.0546, a minus sign, not a hyphen
        return cls(point, table, for_people(note),
                   _said_once([(f"{p} digits", gap_words(cx, p)) for p in order], _coarse(cx, order)),
                   full_point, full_table,
                   full_certificate, full_gap=full_gap, symbols=symbols, sides=sides,
                   # for ∝ the replay's "lhs" and "rhs" are the two ratios: said beside it
                   replayed=Said(for_people(replayed), f" ({_PROPTO_SIDES})") if replayed and relation == "propto"
                   else for_people(replayed),
                   labels=labels, approach=approach, digits_point=digits_point, exact_point=exact_point,
                   digits_table=digits_table,
                   balls=bool(gaps),
                   compared=_PROPTO_SIDES if relation == "propto" else
                   (_TREND_SIDES if approached else ""))


# What the certificate of a ∝ counterexample encloses: the engine compares lhs/rhs at the point with lhs/rhs at
# the primed values as the two sides of an equation, so its "lhs − rhs" is that difference of ratios.
_PROPTO_GAP = "lhs/rhs − (lhs/rhs at the primed values)"


_FROM_INFINITY = ("approach from ∞", "approach from -∞", "approach from −∞")


_PROPTO_SIDES = "here lhs and rhs are lhs/rhs at the point and at the primed values"
_TREND_SIDES = ("the approach's numbers are distances from the limit point, or values of the variable towards ±∞; "
                "the values are the measured quantity there, not the step's sides")


def _approach_words(said: str) -> str:
    """The approach a limit's counterexample followed ("approach from +: 0.1 … 1e-10", as the engine records it)
    in words that say what its numbers are: distances from a finite limit point, values towards ±∞."""
    head, sep, distances = said.partition(": ")
    side = head.removeprefix("approach from ").strip()
    if not sep or side == head.strip():
        return said             # not an approach's record: the engine's words, as they are
    first, _, last = distances.partition(" … ")
    span = f"{numbers.numerals(first.strip())} … {numbers.numerals(last.strip())}" if last \
        else numbers.numerals(distances)
    if side.endswith("∞"):
        return f"→ {side}, at {span}"
    where = {"+": "above", "-": "below", "−": "below"}.get(side, f"the {side} side")
    return f"→ its limit point from {where}, at distances {span} from it"


@dataclass(frozen=True)
class NumericDefaults:
    """What most steps' numeric evidence shares; stated once, and a step mentions only how it differs."""
    points: int | None = None
    precisions: tuple = ()
    sizes: tuple = ()
    seed: int | None = None
    note: str = ""               # a remark most inequality steps carry, e.g. how to read the worst value
    worst: str = ""              # the worst error most steps show (for people: "< 10⁻⁵⁰")
    cross: str = ""              # the cross-check most steps had, in words
    # the derivations' SAMPLED lines list every size drawn (SamplingRange.schedule), and a step's sizes are said
    # against its derivation's list; False for older records, whose steps are said against `sizes`
    sampled_lines: bool = False

    def describe(self) -> str:
        if self.points is None:
            return ""
        low, high = (tuple(self.precisions) + (None, None))[:2]
        digits = f"{low} and {high} digits" if high is not None else f"{low} digits"
        parts = [f"{self.points} seeded point{'' if self.points == 1 else 's'} at {digits}"]
        if self.sizes and self.sampled_lines:   # each derivation's SAMPLED line lists them: one list, said there
            parts.append("each size at the sizes its derivation's SAMPLED line lists")
        elif self.sizes:
            parts.append("vector sizes " + ", ".join(str(s) for s in self.sizes))
        parts.append(f"seed {self.seed}")
        if self.worst:
            parts.append(f"worst error {self.worst}")
        sentences = [", ".join(parts)]
        if self.cross:
            sentences.append(self.cross.replace("cross-checked at", "each step's agreement is cross-checked at", 1)
                             .replace(" (multiple-precision floating point)", " in multiple-precision floating point")
                             .replace(" (adaptive precision)", " in adaptive precision"))
        # (the engine's remark on reading an inequality's worst value is not repeated: a step that holds says its
        # least margin, and the legend says what that is)
        return "; ".join(sentences)


def numeric_defaults(run: RunResult) -> NumericDefaults:
    evidence = [s.numeric for d in run.derivations for s in d.steps if s.numeric is not None]
    if not evidence:
        return NumericDefaults()

    def common(values):
        return Counter(values).most_common(1)[0][0]

    # A remark (how to read an inequality's worst value) or a cross-check most steps share is said once, and
    # a step shows only how it differs.
    remarks = Counter(e.remark for e in evidence if e.remark)
    remark, times = remarks.most_common(1)[0] if remarks else ("", 0)
    crosses = Counter(cross_check_words(e.cross_check) for e in evidence if e.cross_check is not None)
    cross, c_times = crosses.most_common(1)[0] if crosses else ("", 0)
    worsts = Counter(numbers.short(str(e.worst_error)) for e in evidence if e.worst_error is not None)
    worst, w_times = worsts.most_common(1)[0] if worsts else ("", 0)
    return NumericDefaults(common(e.points for e in evidence), common(tuple(e.precisions) for e in evidence),
                           common(tuple(e.sizes) for e in evidence), common(e.seed for e in evidence),
                           remark if times >= max(3, len(evidence) // 10) else "",
                           worst if w_times >= max(3, len(evidence) // 3) else "",
                           cross if c_times >= max(3, len(evidence) // 3) else "",
                           any(getattr(r, "schedule", ()) for d in run.derivations for r in d.sampling))


# The second evaluation, said as what it computes: the machine's names (mpmath, evalf) are in the JSON.
_BY = {"mpmath": "multiple-precision floating point", "evalf": "adaptive precision"}


def cross_check_words(cc: CrossCheck | None) -> str:
    """The second evaluation of the agreeing points, from its values: "cross-checked at 2 agreeing points
    with SymPy's evalf"; points it could not replay are counted, with why."""
    if cc is None:
        return ""
    parts = []
    if cc.replayed:
        by = "; ".join(_BY.get(b, b) for b in cc.by)
        parts.append(f"cross-checked at {cc.replayed} agreeing point{'s' if cc.replayed != 1 else ''} by a second "
                     f"evaluation" + (f" ({by})" if by else ""))
    for count, why in cc.missed:
        parts.append(f"cross-check not replayed at {count} point{'s' if count != 1 else ''} ({why})")
    if cc.uncertified:
        parts.append(f"{', '.join(cc.uncertified)} {'is' if len(cc.uncertified) == 1 else 'are'} evaluated without "
                     "certification")
    return "; ".join(parts)


# Along a trend a value below 10⁻⁵⁰ reads "< 10⁻⁵⁰", as an error does: the trend is measured at 50 and at 100
# digits, and below what the 50-digit evaluation resolves its digits are round-off (1.23 × 10⁻⁹¹ where the
# true value is e^(−10¹⁰)), not data.  A value that came out exactly 0 reads the same: round-off gives 0 too.
TREND_TINY = numbers.TINY


def trend_value(value: str) -> str:
    """One value along a trend, to three significant digits; below the resolution (or 0) "< 10⁻⁵⁰"."""
    shown = numbers.short(value, 3, tiny=TREND_TINY, zeros=False)
    try:
        zero = float(str(value).strip()) == 0.0 and shown == str(value).strip()
    except ValueError:
        zero = False
    return "< " + numbers.power_of_ten(-TREND_TINY) if zero else shown


def trend_words(trend: MeasuredTrend) -> str:
    """What a limit's or a series' check measured, from its values, each to three significant digits:
    "|lhs − rhs| along the approach: n=10: 0.323, n=100: 0.129, …", "|lhs − rhs|/h^2 at h = 10^-1 … 10^-40:
    0.405, 3.63, …"."""
    values = [Number(trend_value(v)) for v in trend.values]
    if trend.order:
        # the side the distances were taken on, as a counterexample beside it says its own ("from above")
        side = {"+": " above the limit point", "-": " below the limit point"}.get(getattr(trend, "side", ""), "")
        where = (" at ", Formula(trend.variable, _symbol_latex(trend.variable)), " = ", trend.at[0], " … ",
                 trend.at[-1], side) if trend.at else ()
        # the ratio at 10⁻⁴⁰ rests on |lhs − rhs| near 10⁻⁸⁰: said with the digits it was computed at, which
        # resolve it (a certificate at 50 digits beside it says only "< 10⁻⁵⁰")
        digits = f" ({trend.digits} digits)" if getattr(trend, "digits", 0) else ""
        return Said(trend.quantity, *where, _followed_at(trend, ", with " if where else " at "), digits, ": ",
                    Said.joined(", ", values))
    variable = Formula(trend.variable, _trend_symbol(trend, trend.variable))
    # a length's points are whole numbers, said exactly (10⁴, 761 × 10¹⁰ + 2), never rounded to 7.61 × 10¹²
    return Said(trend.quantity, " along the approach", _followed_at(trend), ": ", Said.joined(", ", [
        Said(variable, " = ", Number(numbers.whole(at)), ": ", value) for at, value in zip(trend.at, values)]))


def _trend_symbol(trend: MeasuredTrend, name: str) -> str:
    """How mathematics writes a variable of a trend: as the record says the derivation writes it (κ for a
    kappa_1 declared with display="κ"), else from its name."""
    return (getattr(trend, "symbols", None) or {}).get(name) or _symbol_latex(name)


def _followed_at(trend: MeasuredTrend, lead: str = " at ") -> Said | str:
    """Where the trend was followed, so that a reader can recompute it: the other variables' values
    (" at s = (0.484, 1.45) [length 2], n = 2"), and a length taken as a real number said as such."""
    point = getattr(trend, "point", None) or {}
    said = [Said(Formula(name, vector_name(_trend_symbol(trend, name), value)), " = ", minus_signs(point_words(value)))
            for name, value in point.items()]
    # a length followed through the reals, or drawn as a real (n = 1272.57), is said once to be a real number
    reals = [trend.variable] if getattr(trend, "real", False) and trend.variable in SIZE_LETTERS else []
    reals += [name for name, value in point.items() if name in SIZE_LETTERS and not _whole(value.value)]
    if not said and not reals:
        return ""
    words = [lead, Said.joined(", ", said)] if said else []
    if reals:
        words += [", " if said else " (", Said.joined(" and ", [Formula(x, _trend_symbol(trend, x)) for x in reals]),
                  " taken as a real number" if len(reals) == 1 else " taken as real numbers", "" if said else ")"]
    return Said(*words)


def _whole(digits: str) -> bool:
    """Whether a value's decimal text is a whole number ("17", "3.0"); a vector's (no value) counts as whole."""
    if not digits:
        return True
    try:
        return float(digits).is_integer()
    except ValueError:
        return True


def _symbol_latex(name: str) -> str:
    """How mathematics writes a variable the engine names ("lambda": \\lambda, "n": n)."""
    import sympy as sp
    return sp.latex(sp.Symbol(name))


def _same_digits(shown: str, said: str) -> bool:
    """Whether `said` is the number `shown` (six significant digits) to at least shown's digits."""
    try:
        a, b = float(shown), float(said)
    except ValueError:
        return shown == said
    return a == b or abs(a - b) <= 1e-5 * max(abs(a), abs(b))


def worst_words(worst: str) -> str:
    """The worst value of the numbers in words: "worst error 3.2 × 10⁻³¹" (|lhs − rhs| of an equality, or an
    inequality's largest violation); an inequality whose largest violation is negative held at every sampled
    point with room to spare, "least margin 0.122" (a negative error reads as a sign slip)."""
    literal = numbers._decimal_literal(worst)
    if literal is not None and literal[0] == "-":
        return f"least margin {numbers.short(worst.strip()[1:])}"
    return f"worst error {numbers.short(worst)}"


def numeric_summary(ev: NumericEvidence | None, defaults: NumericDefaults = NumericDefaults(),
                    full: bool = False) -> str:
    """The numeric evidence of one step in words, from its values; `full` adds the engine's own words
    (every point replayed, how the points were chosen) for the HTML's click and the JSON's reader."""
    if ev is None:
        return ""
    parts = []
    low, high = (tuple(ev.precisions) + (None, None))[:2]
    digits = f"{low} and {high} digits" if high is not None else f"{low} digits"
    same_digits = tuple(ev.precisions) == tuple(defaults.precisions)
    if ev.worst_error is not None:
        worst = numbers.short(str(ev.worst_error))
        if full or worst != defaults.worst or not same_digits:
            parts.append(worst_words(str(ev.worst_error)) + ("" if same_digits else f" at {digits}"))
    else:
        parts.append("compared" + ("" if same_digits else f" at {digits}"))
    if ev.points != defaults.points and ev.points:       # a refutation counts no agreeing point: nothing to say
        parts.append(f"{ev.points} point{'s' if ev.points != 1 else ''} each")
    if ev.sizes and tuple(ev.sizes) != tuple(defaults.sizes):
        parts.append(sizes_words(ev.sizes, defaults.sizes))
    if ev.seed != defaults.seed:
        parts.append(f"seed {ev.seed}")
    if full:
        if ev.note:
            parts.append(ev.note)
        return Said.joined(", ", parts)
    if ev.remark and ev.remark != defaults.note:
        parts.append(for_people(ev.remark))
    if getattr(ev, "engine_gap", None) is not None:
        parts.append(f"the balls' lhs − rhs ≈ {numbers.ball_words(ev.engine_gap)}")
    cross = cross_check_words(ev.cross_check)
    if cross and cross != defaults.cross:
        parts.append(cross)
    if ev.skipped:
        parts.append(f"{ev.skipped} point{'s were' if ev.skipped != 1 else ' was'} no evidence (no value there)")
    return Said.joined(", ", parts)


def sizes_words(sizes, usual=()) -> str:
    """The sizes a step was checked at: "sizes 1, 2, 3, 4, 5, 17, 31, 38 and 256".  Sizes beyond the largest
    most steps use (256) are the seeded large ones the engine adds where the claim is cheap to evaluate there
    (up to 10⁷ for a closed form): said apart, so that 3286297 reads as chosen, not as a slip.  Only the
    words for the sizes: which ones were used is the engine's record."""
    def listed(xs):
        xs = [str(x) for x in xs]
        return ", ".join(xs[:-1]) + f" and {xs[-1]}" if len(xs) > 1 else "".join(xs)
    top = max(usual, default=None)
    small = [k for k in sizes if top is None or k <= top]
    large = [k for k in sizes if top is not None and k > top]
    if large and sorted(small) == sorted(usual):
        # the usual sizes (its SAMPLED line's) are not listed a second time: only the ones added
        return f"also at sizes {listed(large)}, where the claim is cheap to evaluate"
    if not large or not small:
        return "sizes " + listed(sizes)
    return f"sizes {listed(small)}, and, where the claim is cheap to evaluate, {listed(large)}"


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
    restatement: bool
    reason: str
    source: str
    method: str
    strategy: str
    scope: str
    numeric: str
    hypotheses: list[str]
    checks: list[CheckView]
    tables: list[TableView]
    counterexample: CounterexampleView | None
    message: str
    seconds: str
    survivors: int = 0               # mutants of this step that passed (see mutation.py)
    survivors_anchor: str = ""       # the first of them in the mutation section
    survivors_unexplained: int = 0
    numeric_full: str = ""           # the numeric evidence with the cross-check's every digit, when shortened
    lhs_machine: str = ""            # the judge's printing, when the display form above differs from it
    rhs_machine: str = ""
    bound_only: str = ""             # an ≈ checked only as a one-sided bound: the relation that was ("≥", "≤")

    @property
    def has_details(self) -> bool:
        return bool(self.checks or self.tables or self.counterexample or self.message)

    @property
    def assumptions(self) -> list[str]:
        return self.hypotheses

    @classmethod
    def of(cls, step: StepResult, anchor: str, derivation_source: str = "",
           defaults: NumericDefaults = NumericDefaults()) -> "StepView":
        # A step that checks nothing (judge/vacuous.py: the same expression, the same value once built, its own
        # assumption) is a restatement for a reader, whatever its verdict says of the two sides.
        restatement = bool(getattr(step, "restatement", False) or getattr(step, "vacuous", ""))
        kind = step_kind(step.verdict, expect_refuted=step.expect_refuted, restatement=restatement,
                         sizes=step.sizes_only)
        checks = []
        for c in step.checks:
            ck = step_kind(c.verdict, sizes=c.sizes_only)
            cites = c.name[len(CITES):].strip() if c.name.startswith(CITES) else ""
            measured = trend_words(c.trend) if getattr(c, "trend", None) is not None else getattr(c, "measured", "")
            said = [x for x in (measured, getattr(c, "finding", "")) if x]
            shown = (Said.joined("; ", said) if any(isinstance(x, Said) for x in said) else "; ".join(said)) or c.detail
            checks.append(CheckView(c.name, ck, step_label(ck, c.verdict, c.sizes_only), c.method, c.scope,
                                    c.detail, cites, shown=shown))
        source = step.source or ""
        if source and source == derivation_source:
            source = ""   # said once, in the derivation's header
        # The sides as the step was checked, never simplified again for display: a reader sees what was
        # checked (a re-simplified side can collapse onto the other and read "0 = 0").
        lhs_machine, rhs_machine = tidy_latex(step.lhs_latex or ""), tidy_latex(step.rhs_latex or "")
        # A long decimal in an inequality is a bound: cut to six digits, an upper bound 0.474474647…374 would read
        # "C < 0.474474…", below the value it bounds.  A bound keeps up to BOUND_DIGITS significant digits.
        digits = BOUND_DIGITS if step.relation in ("<", "<=", ">", ">=") else 6
        lhs, rhs = short_decimals(lhs_machine, digits), short_decimals(rhs_machine, digits)
        if getattr(step, "display_latex", ""):
            rhs = step.display_latex          # the author's line (display=); the checked form stays one click away
        if getattr(step, "lhs_display_latex", ""):
            lhs = step.lhs_display_latex      # the author's start (calc(..., display=)), likewise
        wrt = getattr(step, "wrt", ())        # ∝ in these variables only: λ ∝_d log n/d
        # An ≈ whose every own check is a one-sided bound was proved as that inequality, not as an approximation:
        # the badge says which (the line keeps the text's ≈).
        own = [c for c in step.checks if not c.name.startswith(CITES)]
        bounds = {getattr(c, "bound", "") for c in own}
        bound_only = {"<=": "≤", ">=": "≥"}.get(bounds.pop(), "") if step.relation == "~" and own \
            and len(bounds) == 1 else ""
        label = step_label(kind, step.verdict, step.sizes_only)
        if bound_only and kind == "proved":
            label = BOUND_ONLY_LABEL.format(bound_only)
        numeric = numeric_summary(step.numeric, defaults)
        full = numeric_summary(step.numeric, defaults, full=True)
        method, strategy, scope = step.method or "", getattr(step, "strategy", "") or "", step.scope or ""
        if restatement:
            # A step that checks nothing has no method, scope or worst error to show a reader: its badge says all
            # there is ("worst error 0.0" compared a value with itself).  The numbers stay one click away.
            numeric, method, strategy, scope = "", "", "", ""
        return cls(
            number=step.index, anchor=anchor, relation=step.relation,
            relation_latex=relation_latex(step.relation) + (f"_{{{', '.join(wrt)}}}" if step.relation == "propto"
                                                             and wrt else ""), lhs_latex=lhs, rhs_latex=rhs,
            lhs_machine=lhs_machine if lhs != lhs_machine else "", rhs_machine=rhs_machine if rhs != rhs_machine else "",
            kind=kind, label=label, bound_only=bound_only,
            passed=step.passed, restatement=restatement, reason=step.reason or "",
            source=sources.parse(source).short if source else "", method=method,
            strategy=strategy, scope=scope, numeric=numeric, numeric_full=full if full != numeric else "",
            hypotheses=[hypothesis_words(a) for a in step.assumptions], checks=checks,
            tables=[TableView.of(t) for t in step.tables],
            counterexample=CounterexampleView.of(step.counterexample, step.relation, _refuting_trend(step))
            if step.counterexample else None,
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
    number: int
    name: str
    qualified: str               # file::name
    title: str
    source: str                  # the location within its seed text (the seed's citation is in Sources)
    seed: str
    file: str
    file_href: str               # the derivation in its repository at the report's commit, or ""
    kind: str
    label: str
    passed: bool
    counts: dict[str, int]
    conclusion: str
    conclusion_latex: str
    show_conclusion: bool        # a one-step chain is its own conclusion; printing it twice is padding
    hypotheses: list[str]
    sampling: list[str]
    notes: list[str]
    shared_notes: list[tuple[int, str]]   # (number, anchor) of the seed's shared notes this one has
    reconstruction: bool
    lhs_latex: str
    steps: list[StepView]
    experiments: list[ExperimentView]
    message: str
    seconds: str
    source_ref: tuple[str, str] | None = None   # (label, anchor) of a location shared with others of its seed
    claims: list[tuple[str, str]] = field(default_factory=list)   # (claim id, anchor) it addresses
    cited_by: list[tuple[str, str]] = field(default_factory=list)  # (qualified name, anchor)
    touches: list[tuple[str, str]] = field(default_factory=list)   # claims resting on it, through by= too
    sampling_own: list[str] | None = None   # its sampling ranges that its source's shared ones do not say
    source_anchor: str = ""      # where its file's text, embedded in the HTML, defines it
    line: int | None = None      # that line
    main: bool = False           # the derivation a claim reads first: a proposition of the PDF's body
    sampled: dict = field(default_factory=dict)   # each of its sampling ranges (as worded) -> (symbol, kind)

    @property
    def assumptions(self) -> list[str]:
        return self.hypotheses + self.sampling

    @property
    def count_summary(self) -> str:
        return ", ".join(f"{self.counts[k]} {KIND_HEADS[k]}" for k in KINDS if self.counts[k]) or "no steps"

    @property
    def filter_kind(self) -> str:
        """The verdict filter of the HTML this derivation answers to (one of FILTERS' keys)."""
        return FILTER_OF_KIND.get(self.kind, "unknown")

    @classmethod
    def of(cls, d: DerivationResult, anchor: str, number: int, file_href: str = "",
           defaults: NumericDefaults = NumericDefaults()) -> "DerivationView":
        # A step's sizes are said against its derivation's SAMPLED line (every size drawn, as the run drew them):
        # one list, so that a step names only the sizes it adds or lacks, never a second list of the same ones.
        drawn = sorted({k for r in d.sampling if r.kind == "size" for k in (getattr(r, "schedule", ()) or ())})
        mine = replace(defaults, sizes=tuple(drawn)) if drawn else defaults
        steps = [StepView.of(s, f"{anchor}-s{k}", d.source or "", mine) for k, s in enumerate(d.steps, 1)]
        experiments = [ExperimentView.of(e, f"{anchor}-e{k}") for k, e in enumerate(d.experiments, 1)]
        counts = {k: 0 for k in KINDS}
        for item in steps + experiments:
            counts[item.kind] += 1
        kind, label = _derivation_badge(d, steps, experiments)
        # "none: the derivation states claims in order to refute them" is what the refutes badge says.
        refuter_says_it = kind == "expected" and (d.conclusion or "").startswith("none")
        citation = sources.parse(d.source or "")
        # The engine hands the hypotheses and the sampling ranges apart, the ranges as values; a record that
        # does not tell them apart (one read from older JSON) lists every assumption as a hypothesis.
        told_apart = bool(d.hypotheses or d.sampling)
        hypotheses = [hypothesis_words(a) for a in (d.hypotheses if told_apart else d.assumptions)]
        sampling = [sampling_range(r) for r in d.sampling]
        conclusion_latex = short_decimals(tidy_latex(d.conclusion_latex or ""))
        # A chain of one or two steps shows its conclusion in full right below; printing it twice is padding.
        one_step = len(steps) <= 2 and bool(conclusion_latex)
        # A chain whose steps compose to no single relation (a bound, then an approximation) has no claim row:
        # "none: …" is the engine's word for it, not a claim; the title and the steps say what is shown.
        no_claim = not conclusion_latex and (d.conclusion or "").startswith("none") and kind != "error"
        return cls(anchor, number, d.name, qualified_name(d.file, d.name), d.title or d.name,
                   citation.location if citation.seed else citation.short, citation.seed or sources.OTHER,
                   d.file or "", file_href, kind, label, d.passed, counts, d.conclusion or "", conclusion_latex,
                   not (one_step or refuter_says_it or no_claim), hypotheses, sampling, [str(n) for n in d.notes], [],
                   d.reconstruction, steps[0].lhs_latex if steps else "", steps, experiments, d.message or "",
                   format_seconds(d.seconds), sampled={sampling_range(r): (r.symbol, r.kind == "size")
                                                               for r in d.sampling})


def _derivation_badge(d: DerivationResult, steps: list[StepView], experiments: list[ExperimentView]) -> tuple[str, str]:
    expected = [s for s in steps if s.kind == "expected"] + [e for e in experiments if e.kind == "expected"]
    kind = step_kind(d.verdict)
    # Built to refute: no conclusion of its own ("none: …"), and its refutations are what it shows.
    refuter = not (d.conclusion or "").strip() or (d.conclusion or "").startswith("none")
    if expected and refuter and d.passed and kind not in ("error", "unknown", "refuted"):
        first = expected[0]
        return "expected", refutes_label(first.reason if isinstance(first, StepView) else first.claim)
    if kind == "proved":
        weaker = [s for s in steps if s.kind == "cases"]
        if weaker:
            return "cases", weaker[0].label
        bounded = [s for s in steps if s.bound_only and s.kind == "proved"]
        if bounded:       # an ≈ proved only as an inequality: the derivation is no stronger than that step
            return "proved", bounded[0].label
        if steps and all(s.kind == "restated" for s in steps):
            return "restated", KIND_LABELS["restated"]
    if kind == "cases":
        cases = [s for s in steps if s.kind == "cases"]
        return kind, cases[0].label if cases else step_label("cases", d.verdict)
    return kind, KIND_LABELS[kind]


@dataclass
class ClaimView:
    id: str
    anchor: str
    source: str
    seed: str
    quote: str
    status: str
    group: str                   # hold, qualified, supported, refuted, unchecked, unsettled: colour and headline count
    qualifier: str
    measured_error: str
    detail: str
    derivations: list[tuple[str, str]]   # (qualified name, anchor or "" when not in this report)
    measured: list[tuple[str, str]] = field(default_factory=list)   # (where, anchor of the step) or (text, "")
    strength: str = ""           # the weakest support, in words (judge/claims.py)
    written: str = ""            # the text as written: a display's LaTeX, or a sentence with its inline math
    written_display: str = ""    # the display's LaTeX, ready for a math renderer ("" when written is a sentence)
    written_parts: list[tuple[str, str]] = field(default_factory=list)   # a sentence as ("text" | "math", piece)
    written_rows: list[str] = field(default_factory=list)   # the display's rows, alignment marks dropped (HTML)
    premises: str = ""           # the text's own premises, under which alone a refutation counts
    refused: str = ""            # why the text's display is not imported, when it is not
    weakest: tuple[str, str, str] | None = None   # (title, anchor, "step k: verdict") of the link limiting the status

    main: tuple[str, str, int] | None = None            # (title, anchor, number) of the derivation to read first
    others: list[tuple[int, str, str]] = field(default_factory=list)   # (number, anchor, title) of the rest
    # Premises that consecutive claims of one text share are stated once, before the first of them
    # (shared_premises): `premises_head` is that statement on the first, with how many claims it covers
    # (`premises_count`), and `premises_shared` marks each claim whose row refers to it instead of repeating it.
    premises_head: str = ""
    premises_count: int = 0
    premises_shared: bool = False

    @property
    def short_derivations(self) -> list[tuple[str, str]]:
        """Names without their file: unique across the project, and the register has no room to spare."""
        return [(name.split("::")[-1], anchor) for name, anchor in self.derivations]


@dataclass
class GroupView:
    """The derivations citing one seed text, with what they share."""
    seed: str
    anchor: str
    citation: str
    derivations: list[DerivationView]
    shared_notes: list[tuple[int, str, str]]   # (number, anchor, text)
    claims: list[ClaimView]
    shared_sources: list[tuple[str, str, str]] = field(default_factory=list)   # (label, anchor, location)
    shared_sampling: list[str] = field(default_factory=list)   # ranges most of its derivations sample, said once
    graph_nodes: list[Node] = field(default_factory=list)
    graph_edges: list[Edge] = field(default_factory=list)
    graph: Figure | None = None
    graph_stem: str = ""
    text: SourceText | None = None   # the source text's title, author and date, when it is a known seed
    summary: str = ""            # what holds of its claims, in a sentence or two

    @property
    def main(self) -> list[DerivationView]:
        """The derivations some claim reads first: the propositions of the PDF's body."""
        return [d for d in self.derivations if d.main]

    @property
    def rest(self) -> list[DerivationView]:
        """The others (lemmas, other readings, refutations of unintended readings): the PDF's appendix."""
        return [d for d in self.derivations if not d.main]

    @property
    def title(self) -> str:
        if self.text is not None:
            return self.text.title
        return self.seed if self.seed != sources.OTHER else "Other sources"


# How a sentence says a status of one claim and of several ("eq. (2) holds as stated", "eq. (3) and eq. (4) are
# supported only in a regime, not proved"); the statuses' own words otherwise (ClaimStatus).
_STATUS_WORDS = {ClaimStatus.HOLDS: ("holds as stated", "hold as stated"),
                 ClaimStatus.AS_BOUND: ("holds only as a bound", "hold only as bounds"),
                 ClaimStatus.UNDER_ASSUMPTION: ("holds only under an added assumption",
                                                "hold only under added assumptions"),
                 ClaimStatus.IN_REGIME: ("holds only in a regime", "hold only in a regime"),
                 ClaimStatus.NOT_CHECKED: ("is not checked (the register says why)",
                                           "are not checked (the register says why)"),
                 ClaimStatus.UNSETTLED: ("has readings that come out differently", "have readings that come out "
                                                                                   "differently")}
# Strongest first, as the sentences run: what holds, then how it is weaker, then what is not decided.
_STATUS_ORDER = (ClaimStatus.HOLDS, ClaimStatus.AS_BOUND, ClaimStatus.UNDER_ASSUMPTION, ClaimStatus.IN_REGIME,
                 ClaimStatus.SUPPORTED, ClaimStatus.AS_BOUND_SUPPORTED, ClaimStatus.UNDER_SUPPORTED,
                 ClaimStatus.IN_REGIME_SUPPORTED, ClaimStatus.REFUTED, ClaimStatus.CONTRADICTED,
                 ClaimStatus.UNSETTLED, ClaimStatus.NOT_CHECKED)


def claim_label(claim: "ClaimView", limit: int = 48) -> str:
    """A claim as a sentence names it: its equation when it is one ("eq. (2)"), else its words, quoted."""
    where = str(claim.source or "")
    if where.startswith("eq. (") and where.endswith(")") and where.count("(") == 1:
        return where
    return f"“{_clip(claim.quote, limit)}”"


def claims_summary(claims: list["ClaimView"]) -> str:
    """What holds of a text's claims, in sentences made from their statuses: "Of its 12 claims, eq. (2) and
    “so we need λ ∝ 1/d” hold as stated; eq. (5) holds only as a bound; … eq. (1) is not checked (the register
    says why)."  Each claim is named by its equation or its words; the register gives each one's terms."""
    if not claims:
        return ""
    parts = []
    for status in _STATUS_ORDER:
        named = [claim_label(c) for c in claims if c.status == status.value]
        if not named:
            continue
        one, many = _STATUS_WORDS.get(status, (f"is {status.value}", f"are {status.value}"))
        listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
        parts.append(f"{listed} {one if len(named) == 1 else many}")
    known = {s.value for s in _STATUS_ORDER}
    other = [c for c in claims if c.status not in known]
    if other:
        parts.append(", ".join(f"{claim_label(c)}: {c.status}" for c in other))
    count = f"Of its {len(claims)} claim{'s' if len(claims) != 1 else ''}, " if len(claims) > 1 else ""
    text = "; ".join(parts)
    return count + (text[:1].upper() + text[1:] if not count else text) + "."


def _clip(text: str, limit: int) -> str:
    """The text's first words within `limit` characters: cut at the last clause's end (":", ";", ",") past a quarter
    of it when there is one, else at a space, and never inside a bracket, so no formula is cut in its middle."""
    text = " ".join(str(text or "").split())
    if len(text) <= limit:
        return text
    head = text[:limit]
    ends = [k for k in range(limit // 4, len(head) - 1) if head[k] in ":;," and head[k + 1] == " "]
    cut = head[:ends[-1]] if ends else head.rsplit(" ", 1)[0]
    while _open_bracket(cut) >= 0:
        cut = cut[:_open_bracket(cut)].rstrip(" =·−+*/")
        cut = cut.rsplit(" ", 1)[0] if cut and not cut.endswith(" ") and _open_bracket(cut) >= 0 else cut
    return (cut.rstrip(" =·−+*/:;,") or head.rsplit(" ", 1)[0]) + " …"


def _open_bracket(text: str) -> int:
    """Where the last bracket `text` leaves open starts, or −1 when every bracket is closed."""
    stack: list[int] = []
    for k, ch in enumerate(text):
        if ch in "([{":
            stack.append(k)
        elif ch in ")]}" and stack:
            stack.pop()
    return stack[-1] if stack else -1


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
    claims: list[ClaimView] = field(default_factory=list)
    claim_counts: dict[str, int] = field(default_factory=dict)
    groups: list[GroupView] = field(default_factory=list)
    legend: list[tuple[str, str, str]] = field(default_factory=lambda: list(LEGEND))
    claim_legend: list[tuple[str, str, str]] = field(default_factory=lambda: list(CLAIM_LEGEND))
    mark_legend: list[tuple[str, str, str]] = field(default_factory=lambda: list(MARK_LEGEND))
    numeric_words: str = NUMERIC_WORDS      # what a step's worst error and least margin are
    reconstruction_mark: str = RECONSTRUCTION
    kinds: tuple = KINDS
    kind_heads: dict = field(default_factory=lambda: dict(KIND_HEADS))
    graph_missing: str = ""      # one line on how to get the graph, when Graphviz is not installed
    numeric_defaults: str = ""   # the numeric evidence most steps share, said once
    mutation: MutationView | None = None   # None: mutation testing was not part of this run
    filters: tuple = FILTERS
    source_files: list[SourceFile] = field(default_factory=list)   # embedded in the HTML
    graph_nodes: list[Node] = field(default_factory=list)   # the whole project's blueprint (HTML only)
    graph_edges: list[Edge] = field(default_factory=list)
    graph: Figure | None = None

    @property
    def further(self) -> bool:
        """Whether some derivation is in the appendix rather than the body."""
        return any(not d.main for d in self.derivations)

    @property
    def number_of(self) -> dict[str, int]:
        """Each derivation's number by its anchor: the report names a derivation by its number, never by file."""
        return {d.anchor: d.number for d in self.derivations}

    @property
    def failing(self) -> list[DerivationView]:
        """The derivations that fail, in reading order, for page 1 (each knows the claims it addresses)."""
        return sorted((d for d in self.derivations if not d.passed), key=lambda d: d.number)


def _headline(n: int, failed: int, claim_counts: dict[str, int], has_claims: bool, load_errors: int) -> str:
    if not n:
        head = "No derivations were checked"
    else:
        head = f"{n} derivation{'s' if n != 1 else ''} checked"
        if has_claims:
            c = claim_counts
            head += (f"; claims of the source texts: {c['hold']} proved to hold, {c['qualified']} proved in a qualified form, "
                     f"{c['supported']} supported but not proved, {c['refuted']} refuted, "
                     f"{c['unchecked']} not checked")
            if c.get("unsettled"):
                refuted = c.get("unsettled, one reading refuted", 0)
                head += (f", {c['unsettled']} whose reading is not settled (the readings come out differently"
                         + (f"; {'it is' if c['unsettled'] == 1 else f'{refuted} ' + ('is' if refuted == 1 else 'are')} "
                            "refuted on one reading"
                            if refuted else "") + ")")
        if failed:
            head += f"; {failed} fail{'s' if failed == 1 else ''}"
        elif not has_claims:
            head += ", all pass"
    if load_errors:
        head += f"; {load_errors} file{'s' if load_errors != 1 else ''} failed to load"
    return head


def _lookup_keys(d: DerivationView) -> list[str]:
    path = PurePosixPath(d.file) if d.file else None
    keys = [d.name, d.qualified]
    if path:
        keys += [f"{d.file}::{d.name}", f"{path.stem}::{d.name}"]
    return keys


class _Index:
    """Find a derivation by any of the names it is cited with (name, file::name, stem::name)."""

    def __init__(self, derivations: list[DerivationView]):
        self.by_key: dict[str, list[DerivationView]] = {}
        for d in derivations:
            for key in dict.fromkeys(_lookup_keys(d)):
                self.by_key.setdefault(key, []).append(d)

    def find(self, name: str, near: DerivationView | None = None) -> DerivationView | None:
        found = self.by_key.get(name.strip(), [])
        if len(found) > 1 and near is not None:
            same_file = [d for d in found if d.file == near.file]
            found = same_file or found
        return found[0] if found else None


def build_view(run: RunResult, *, versions: list[tuple[str, str]], commit: str, date: str,
               read_source=lambda file: None, repo_href=lambda file, line: "") -> ReportView:
    """`read_source(file)` gives a derivation file's text (or None), `repo_href(file, line)` its address in
    the repository at the report's commit (or ""): the view itself reads no file."""
    derivations, used = [], set()
    defaults = numeric_defaults(run)
    for k, d in enumerate(run.derivations, 1):
        anchor = f"d{k}-{_slug(d.name or d.title)}"[:60]
        while anchor in used:
            anchor += "x"
        used.add(anchor)
        derivations.append(DerivationView.of(d, anchor, k, "", defaults))
    source_files = _embed_sources(derivations, read_source, repo_href)
    index = _Index(derivations)

    # Cited facts link to their derivations, and each fact knows who cites it.
    for d in derivations:
        for s in d.steps:
            for c in s.checks:
                if c.cites:
                    fact = index.find(c.cites, near=d)
                    if fact is not None:
                        c.cites, c.cites_anchor = fact.qualified, fact.anchor
                        c.statement = fact.conclusion_latex       # the fact as mathematics, not a program's printing
                        if (d.qualified, d.anchor) not in fact.cited_by:
                            fact.cited_by.append((d.qualified, d.anchor))

    claims = []
    run_claims = {c.id: c for c in getattr(run, "claims", None) or []}
    for c in getattr(run, "claims", None) or []:
        linked = []
        for name in c.derivations:
            target = index.find(name)
            linked.append((target.qualified, target.anchor) if target else (name, ""))
            if target is not None and (c.id, f"claim-{_slug(c.id)}") not in target.claims:
                target.claims.append((c.id, f"claim-{_slug(c.id)}"))
        where = sources.parse(c.source)
        # The seed is named by the claim's group and its id; beside the quote only the place in it.
        qualifier = c.qualifier
        failed = getattr(c, "failed", None) or []
        if failed:          # the derivations by their titles, as the report names them, never by file::function
            qualifier = "check failed: " + "; ".join(
                f"“{plain(found.title) if found else key}”: {what}"
                for key, what in failed for found in [index.find(str(key))])
        claims.append(ClaimView(c.id, f"claim-{_slug(c.id)}", where.location if where.seed else where.short,
                                sources.seed_key(c.source), c.quote, str(c.status), claim_group(c.status),
                                qualifier, c.measured_error, c.detail, linked,
                                strength=getattr(c, "strength", ""), premises=getattr(c, "premises", ""),
                                refused=getattr(c, "refused", ""), **_as_written(getattr(c, "written", "")),
                                weakest=_weakest(getattr(c, "weakest", ()), index)))
    shared_premises(claims)
    for c in claims:
        found = [d for name, anchor in c.derivations if anchor for d in derivations if d.anchor == anchor]
        if found:   # the register names derivations by title: the first one the claim lists is its main one
            c.main = (found[0].title, found[0].anchor, found[0].number)
            c.others = [(d.number, d.anchor, d.title) for d in found[1:]]
    by_anchor = {d.anchor: d for d in derivations}
    for d in derivations:   # the claims it addresses, and those of every derivation citing it, however far up
        seen, todo = {d.anchor}, [d]
        while todo:
            for _, anchor in todo.pop().cited_by:
                if anchor not in seen and anchor in by_anchor:
                    seen.add(anchor)
                    todo.append(by_anchor[anchor])
        d.touches = sorted({c for a in seen for c in by_anchor[a].claims})
    claim_counts = {g: sum(c.group == g for c in claims) for g in ("hold", "qualified", "supported", "refuted", "unchecked",
                                                                 "unsettled")}
    # An unsettled claim one of whose readings a derivation refutes: the headline says so beside the count.
    results = {f"{r.file}::{r.name}": r for r in run.derivations}
    claim_counts["unsettled, one reading refuted"] = sum(
        str(c.status) == str(ClaimStatus.UNSETTLED) and any(
            any(st.verdict is Verdict.REFUTED for st in results[k].steps) for k in c.derivations if k in results)
        for c in getattr(run, "claims", None) or [])

    totals = {k: sum(d.counts[k] for d in derivations) for k in KINDS}
    failed = sum(not d.passed for d in derivations)
    headline = _headline(len(derivations), failed, claim_counts, bool(claims), len(run.load_errors))
    plots = [p for d in derivations for e in d.experiments for p in e.plots]
    view = ReportView(derivations, totals, run.passed, failed, headline, [str(e) for e in run.load_errors],
                      run.seed, tuple(run.dps), run.quick, run.require_proof, versions, commit, date,
                      format_seconds(run.seconds), plots, claims, claim_counts)
    view.groups = _groups(run, derivations, claims, index)
    for c in claims:   # the groups number the derivations in reading order
        c.measured = (_measured_links(getattr(run_claims[c.id], "measured_at", []), index)
                      or ([(c.measured_error, "")] if c.measured_error else []))
        found = {d.anchor: d for d in derivations}
        if c.main:
            c.main = (c.main[0], c.main[1], found[c.main[1]].number)
            c.others = sorted((found[a].number, a, t) for _, a, t in c.others)
    view.numeric_defaults = defaults.describe()
    view.mutation = build_mutation(getattr(run, "mutation", None), index, derivations, relation_latex)
    view.source_files = source_files
    view.graph_nodes, view.graph_edges = _whole_graph(view, index)
    return view


def _as_written(written: str) -> dict:
    """A sentence with inline math stays prose; a display's LaTeX (rows and alignment marks included) is math."""
    if not written:
        return {}
    if "$" in written:       # the author's inline math between dollar signs, the words around it as prose
        pieces = written.replace("$$", "$").split("$")
        if len(pieces) % 2 == 0:            # an unpaired dollar: the sentence as it stands
            return {"written": written, "written_parts": [("text", written)]}
        return {"written": written, "written_parts": [("math" if k % 2 else "text", piece)
                                                      for k, piece in enumerate(pieces) if piece]}
    if is_sentence(written):  # a quoted sentence with no mathematics: words, set as text with their spaces
        return {"written": written, "written_parts": [("text", written)]}
    body = written.strip()
    rows = [row.replace("&", " ").strip() for row in body.split("\\\\")]
    if "\\\\" in body or "&" in body:
        body = "\\begin{aligned}" + body + "\\end{aligned}"
    return {"written": written, "written_display": body, "written_rows": [row for row in rows if row]}


TEX_MARKS = set("\\^_{}&")


def is_sentence(written: str) -> bool:
    """Whether a quote without dollar signs is prose (words and spaces) rather than a display's LaTeX: no TeX
    markup, and at least three words of letters ("A one-hot distribution has zero information content")."""
    words = [w for w in written.split() if sum(ch.isalpha() for ch in w) >= 2]
    return not (set(written) & TEX_MARKS) and len(words) >= 3


def shared_premises(claims: list[ClaimView]) -> None:
    """Each run of two or more claims of one text with the same premises states them once: the first claim
    carries them as its run's head (premises_head, premises_count), and every claim of the run with them refers
    to it (premises_shared); a claim with premises of its own keeps them in its row, and a claim with none (a
    display quoted as written) stands inside a run without breaking it.  The claims of one text that share
    premises are first brought together (in place, each set where its first claim stands, the text's order kept
    inside it; a claim with no premises goes with the claim before it), so a set is stated once even when a
    claim with other premises sat between."""
    keys: list[tuple] = []
    for k, c in enumerate(claims):
        if c.premises:
            keys.append((c.seed, c.premises))
        else:
            keys.append(keys[-1] if k and claims[k - 1].seed == c.seed else (c.seed, k))
    first: dict[tuple, int] = {}
    for k, key in enumerate(keys):
        first.setdefault(key, k)
    order = sorted(range(len(claims)), key=lambda k: (first[keys[k]], k))
    claims[:] = [claims[k] for k in order]
    k = 0
    while k < len(claims):
        c, end = claims[k], k + 1
        if c.premises:
            while end < len(claims) and claims[end].seed == c.seed and claims[end].premises in ("", c.premises):
                end += 1
            while end > k + 1 and not claims[end - 1].premises:     # the run ends with its last sharing claim
                end -= 1
        shared = [member for member in claims[k:end] if member.premises]
        if len(shared) >= 2:
            c.premises_head, c.premises_count = c.premises, len(shared)
            for member in shared:
                member.premises_shared = True
        k = end


def _weakest(weakest: tuple, index) -> tuple[str, str, str] | None:
    """The derivation by its title (as the report names it, never file::function), its anchor and the step."""
    if not weakest:
        return None
    key, step, word = weakest
    found = index.find(str(key))
    return (found.title if found else str(key).split("::")[-1], found.anchor if found else "", f"step {step}: {word}")


def _embed_sources(derivations: list[DerivationView], read_source, repo_href) -> list[SourceFile]:
    """Each derivation file once, cut where its derivations start; each derivation links to its line."""
    by_file: dict[str, list[DerivationView]] = {}
    for d in derivations:
        if d.file:
            by_file.setdefault(d.file, []).append(d)
    out = []
    for file, members in sorted(by_file.items()):
        text = read_source(file)
        if not text:
            continue
        found = files.definitions(text)
        for d in members:
            d.line = found.get(d.name, (None, None))[0]
        embedded = files.embed(file, text, [d.line for d in members if d.line], repo_href(file, None))
        for d in members:
            d.source_anchor = embedded.line_anchor(d.line) if d.line else embedded.anchor
            d.file_href = repo_href(file, d.line)
        out.append(embedded)
    return out


def _measured_links(measured: list, index: _Index) -> list[tuple[str, str]]:
    """(derivation, step, caption) as links to those steps, by number as the register reads (the caption is
    in the section)."""
    out = []
    for key, number, caption in measured or []:
        target = index.find(str(key))
        if target is None:
            out.append((f"{key} step {number}: {caption}", ""))
            continue
        anchor = next((st.anchor for st in target.steps if st.number == number), target.anchor)
        out.append((f"{target.number}, step {number}", anchor))
    return out


def _groups(run: RunResult, derivations: list[DerivationView], claims: list[ClaimView], index: _Index) -> list[GroupView]:
    order: dict[str, list[DerivationView]] = {}
    for d in derivations:
        order.setdefault(d.seed, []).append(d)
    for c in claims:
        order.setdefault(c.seed, [])
    citations: dict[str, str] = {}
    for d in run.derivations:
        cit = sources.parse(d.source or "")
        if cit.seed and cit.citation and cit.seed not in citations:
            citations[cit.seed] = cit.citation
    groups = []
    ordered = sorted(order.items(), key=lambda kv: (kv[0] == sources.OTHER, kv[0]))
    main = {c.main[1] for c in claims if c.main}
    number = 0
    # Numbered in the order the PDF presents them: the propositions a claim reads first, then the rest.
    for first in (True, False):
        for _, members in ordered:
            for d in members:
                if (d.anchor in main) == first:
                    number += 1
                    d.number, d.main = number, first
    for k, (seed, members) in enumerate(ordered, 1):
        members.sort(key=lambda d: d.number)
        anchor = f"g{k}-{_slug(seed)}"
        shared = sources.shared_notes([d.notes for d in members])
        numbered = [(m, f"{anchor}-note{m}", text) for m, text in enumerate(shared, 1)]
        for d in members:
            d.shared_notes = [(m, a) for m, a, text in numbered if text in d.notes]
            d.notes = [n for n in d.notes if n not in shared]
        # A location several derivations cite (often a cited paper's title) is listed once per seed.
        located = Counter(d.source for d in members if len(d.source) > 40)
        shared_sources = [(f"S{m}", f"{anchor}-src{m}", text)
                          for m, text in enumerate((t for t, k in located.items() if k >= 2), 1)]
        for d in members:
            ref = next(((label, a) for label, a, text in shared_sources if text == d.source), None)
            if ref is not None:
                d.source_ref, d.source = ref, ""
        # A sampling range several derivations share ("λ ∈ [0.05, 20] (log-uniform)") is said once per seed;
        # a derivation lists only its own.  A range is per symbol, so it says nothing where the symbol is absent.
        ranges = Counter(a for d in members for a in dict.fromkeys(d.sampling))
        shared_sampling = [a for a, k in ranges.items() if k >= 3]
        # One symbol drawn two ways (m a size in one derivation, a real in another) is never said both ways in
        # one line: each derivation says its own.
        drawn = {a: how for d in members for a, how in (d.sampled or {}).items()}
        ways: dict = {}
        for a in shared_sampling:
            symbol, integer = drawn.get(a, (a, False))
            ways.setdefault(symbol, set()).add(integer)
        shared_sampling = [a for a in shared_sampling if len(ways[drawn.get(a, (a, False))[0]]) == 1]
        # One default per symbol: where several derivations draw a symbol one way and several another (n ≥ 1 and
        # n ≥ 2, a ∈ [0.05, 3] and a ∈ [−4, 4]), the way most of them use is the source's, and the others say
        # their own beside their derivation.
        default: dict = {}
        for a in shared_sampling:
            symbol = drawn.get(a, (a, False))[0]
            if symbol not in default or ranges[a] > ranges[default[symbol]]:
                default[symbol] = a
        shared_sampling = [a for a in shared_sampling if default[drawn.get(a, (a, False))[0]] == a]
        for d in members:
            d.sampling_own = [a for a in d.sampling if a not in shared_sampling]
        group = GroupView(seed, anchor, citations.get(seed, ""), members, numbered,
                          [c for c in claims if c.seed == seed], shared_sources, shared_sampling=shared_sampling,
                          text=source_text(seed))
        group.summary = claims_summary(group.claims)
        group.graph_nodes, group.graph_edges = _graph(group, index)
        group.graph_stem = f"graph-{anchor}"
        groups.append(group)
    return groups


def graph_label(text: str, width: int = 24, lines: int = 3) -> str:
    """A title as a graph node says it: its scripts set as scripts, wrapped at words to `width`, at most
    `lines` lines (blueprint.graph_label)."""
    return blueprint.graph_label(text, width, lines)


def _graph(group: GroupView, index: _Index, whole: bool = False) -> tuple[list[Node], list[Edge]]:
    """A blueprint: the claims of this seed with their quotes, the derivations addressing them and the facts
    they cite with by=, each by its title and coloured by its verdict or the claim's status; an arrow runs
    from what is relied on to what relies on it."""
    nodes: dict[str, Node] = {}
    edges: list[Edge] = []

    def derivation_node(d: DerivationView, external: bool = False) -> str:
        key = f"d:{d.anchor}"
        if key not in nodes:
            # the hover text speaks to a reader: the result's number, title and verdict (file::name is the
            # machine record's)
            nodes[key] = Node(key, graph_label(f"{d.number}. {d.title}", width=28, lines=3), d.kind, d.anchor,
                              f"result {d.number}: {blueprint.tooltip(d.title)} ({d.label})", external=external,
                              tip=f"result {d.number}: {d.title} ({d.label})")
        return key

    for c in group.claims:
        key = f"c:{c.anchor}"
        nodes[key] = Node(key, c.id + "\n" + graph_label(c.quote, width=28, lines=2), c.group, c.anchor,
                          f"claim {c.id}: {blueprint.tooltip(c.quote)} ({c.status})", claim=True,
                          tip=f"claim {c.id}: {c.quote} ({c.status})")
        for name, anchor in c.derivations:
            target = next((d for d in index.by_key.get(name, []) if d.anchor == anchor), None) if anchor else None
            if target is not None:
                edges.append(Edge(derivation_node(target, external=not whole and target.seed != group.seed), key,
                                  "addresses"))
    for d in group.derivations:
        for s in d.steps:
            for c in s.checks:
                if c.cites_anchor:
                    fact = next(f for f in index.by_key.get(c.cites, []) if f.anchor == c.cites_anchor)
                    edge = Edge(derivation_node(fact, external=not whole and fact.seed != group.seed),
                                derivation_node(d), "cites")
                    if all((e.source, e.target) != (edge.source, edge.target) for e in edges):
                        edges.append(edge)
    return list(nodes.values()), edges


def _whole_graph(view: "ReportView", index: _Index) -> tuple[list[Node], list[Edge]]:
    """Every seed's blueprint in one: all claims, and every derivation that addresses one or is cited."""
    everything = GroupView("", "", "", view.derivations, [], view.claims)
    return _graph(everything, index, whole=True)
