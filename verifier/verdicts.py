"""What a check concludes: verdicts and the result records every layer shares.

These records are the contract between the engine (which builds them), the JSON
writer and the report (which only read them).  They hold plain strings and
numbers, never live SymPy objects, so a result can be serialised or rendered
without re-running anything.  Each is frozen and built once from values computed
first; a later stage that adds to a result makes a new record
(`dataclasses.replace`), so no reader sees one half filled in.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass, field, fields
from enum import Enum


class Verdict(str, Enum):
    PROVED = "proved"      # a symbolic strategy established it, within `scope` (never only at concrete sizes)
    CASES = "cases"        # established symbolically only at concrete sizes (e.g. n = 1…6): not a proof for all n
    NUMERIC = "numeric"    # only high-precision numbers agree
    REFUTED = "refuted"    # a concrete counterexample, confirmed at two precisions
    UNKNOWN = "unknown"    # nothing decided it
    ERROR = "error"        # the step itself is malformed

    def __str__(self) -> str:
        return self.value


class FrozenMap(dict):
    """A mapping held by a result record: read like a dict (and written to JSON as one), never changed.

    Every way of changing it raises TypeError, so a record's point, certificate or coverage is the one
    the engine built.  It pickles as its items (the results cache and the worker processes send records)
    and hashes as them, so a record whose values are all immutable is hashable."""
    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError("a result record's mapping cannot change once built; build a new record "
                        "(dataclasses.replace) instead")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self):
        return (type(self), (dict(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __hash__(self):
        return hash(frozenset(self.items()))

    def __repr__(self):
        return f"FrozenMap({dict.__repr__(self)})"


@dataclass(frozen=True)
class Number:
    """A number the engine says in words, as the engine computed it: decimal text with every digit
    ("0.73215896264627223", "17", "2.5e-127") or an exact fraction ("1/3").  A reader rounds it; the
    words (str) and the JSON keep every digit."""
    digits: str

    def __str__(self) -> str:
        return self.digits


@dataclass(frozen=True)
class Formula:
    """A formula the engine says in words: as SymPy prints it (`text`, the words' spelling) and as LaTeX
    (`latex`, what a reader sees).  Both are made by the engine from the expression, once."""
    text: str
    latex: str

    def __str__(self) -> str:
        return self.text

    @classmethod
    def power(cls, base, exponent) -> "Formula":
        """base^exponent as the words write it ("h^2", "10^-8") and as LaTeX (h^{2}, 10^{-8})."""
        return cls(f"{base}^{exponent}", f"{base}^{{{exponent}}}")

    @classmethod
    def of(cls, expr) -> "Formula":
        """An expression (or anything SymPy can print) as its text and its LaTeX."""
        import sympy as sp
        try:
            return cls(sp.sstr(expr), sp.latex(expr))
        except Exception:      # an object SymPy cannot print as LaTeX is said in its words alone
            return cls(str(expr), "")


@dataclass(frozen=True)
class Name:
    """A name the engine quotes in its words as it is written in the program: a cited fact, a strategy, an
    exception's class.  A reader shows it as a name (or a link to what it names), never reads it as
    mathematics."""
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Aside:
    """Words within the engine's words about how the machine reached a result rather than what it shows
    (a proof's reparametrisation of the declared ranges): the words (str), the JSON and the checker's notes
    keep them; a reader's text leaves them out, the HTML keeps them one click away."""
    said: "Said"

    def __post_init__(self):
        if not isinstance(self.said, Said):
            object.__setattr__(self, "said", Said(self.said))

    def __str__(self) -> str:
        return str(self.said)


class Said(str):
    """Words the engine says, with the numbers and formulas in them held as values.

    It is the very string the engine always said (str(said), the JSON, the terminal and every comparison see
    exactly those words), and it keeps its parts: plain text, Number and Formula, in order.  A reader sets
    the parts (numbers rounded, formulas as mathematics, names as names) without reading anything back from
    the words: the plain text between them is words only.
    Immutable, like the str it is; joining it with text with + keeps the parts."""

    parts: tuple

    def __new__(cls, *parts):
        flat: list = []
        for part in parts:
            if isinstance(part, Said):
                flat.extend(part.parts)
            elif isinstance(part, (Number, Formula, Name)):
                flat.append(part)
            elif isinstance(part, Aside):
                if str(part):
                    flat.append(part)
            elif part is None or part == "":
                continue
            else:
                flat.append(str(part))
        merged: list = []
        for part in flat:      # adjacent text is one part: a reader sees the same words either way
            if merged and type(part) is str and type(merged[-1]) is str:
                merged[-1] += part
            else:
                merged.append(part)
        self = super().__new__(cls, "".join(str(p) for p in merged))
        object.__setattr__(self, "parts", tuple(merged))
        return self

    def __setattr__(self, name, value):
        raise AttributeError("the engine's words cannot change once said; say new ones")

    __delattr__ = __setattr__

    def __reduce__(self):
        return (Said, self.parts)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __add__(self, other):
        if isinstance(other, str):
            return Said(self, other)
        return NotImplemented

    def __radd__(self, other):
        if isinstance(other, str):
            return Said(other, self)
        return NotImplemented

    def __repr__(self) -> str:
        return f"Said{self.parts!r}"

    def replaced(self, old: str, new: str) -> str:
        """str.replace within each part (a formula's spelling too, its LaTeX as it is); the plain replaced
        string when the words it changes run across parts."""
        def within(part):
            if isinstance(part, Formula):
                return Formula(part.text.replace(old, new), part.latex)
            return part.replace(old, new) if type(part) is str else part
        out = Said(*(within(p) for p in self.parts))
        whole = str.replace(self, old, new)
        return out if out == whole else whole

    @staticmethod
    def joined(separator: str, items) -> "Said":
        """separator.join(items), keeping the parts of the items that are Said."""
        out: list = []
        for k, item in enumerate(items):
            if k:
                out.append(separator)
            out.append(item)
        return Said(*out)


def said_to_json(value):
    """A JSON-ready copy of value in which each Said keeps its parts ({"said": [text, {"number": digits},
    {"formula": [text, latex]}, {"name": text}, …]}), for a store that writes JSON; said_from_json reads it back."""
    if isinstance(value, Said):
        return {"said": [p if type(p) is str else {"number": p.digits} if isinstance(p, Number)
                         else {"name": p.text} if isinstance(p, Name)
                         else {"aside": said_to_json(p.said)} if isinstance(p, Aside)
                         else {"formula": [p.text, p.latex]} for p in value.parts]}
    if isinstance(value, (list, tuple)):
        return [said_to_json(v) for v in value]
    if isinstance(value, dict):
        return {k: said_to_json(v) for k, v in value.items()}
    return value


def said_from_json(value):
    """What said_to_json wrote, with each Said rebuilt; anything else as it was."""
    if isinstance(value, dict) and set(value) == {"said"} and isinstance(value["said"], list):
        return Said(*(p if isinstance(p, str) else Number(p["number"]) if "number" in p
                      else Name(p["name"]) if "name" in p
                      else Aside(said_from_json(p["aside"])) if "aside" in p
                      else Formula(*p["formula"]) for p in value["said"]))
    if isinstance(value, list):
        return [said_from_json(v) for v in value]
    if isinstance(value, dict):
        return {k: said_from_json(v) for k, v in value.items()}
    return value


def _frozen(value):
    """A list or tuple as a tuple and a dict as a FrozenMap, their items too: a frozen record holds no
    sequence or mapping that can change after it is built."""
    if isinstance(value, (list, tuple)) and type(value) in (list, tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict) and not isinstance(value, FrozenMap):
        return FrozenMap({k: _frozen(v) for k, v in value.items()})
    return value



class _Record:
    """A result built once: every list given to it is kept as a tuple (a table's rows as tuples of cells)
    and every dict as a FrozenMap, their items too."""

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, (list, tuple, dict)):
                frozen = _frozen(value)
                if frozen is not value:
                    object.__setattr__(self, f.name, frozen)


# Weakest first: a derivation is only as strong as its weakest step.
STRENGTH = [Verdict.ERROR, Verdict.REFUTED, Verdict.UNKNOWN, Verdict.NUMERIC, Verdict.CASES, Verdict.PROVED]


def weakest(verdicts) -> Verdict:
    verdicts = list(verdicts)
    if not verdicts:
        return Verdict.UNKNOWN
    return min(verdicts, key=STRENGTH.index)


@dataclass(frozen=True)
class Ball:
    """A real ball as the engine certified it, every digit: the value lies in [midpoint − radius,
    midpoint + radius].  Decimal text, so nothing is lost between the engine and a reader."""
    midpoint: str
    radius: str


@dataclass(frozen=True)
class ComplexBall:
    """A complex ball as the engine certified it: its real and imaginary parts, each a real ball."""
    real: Ball
    imaginary: Ball


@dataclass(frozen=True)
class CrossCheck(_Record):
    """The second, independent evaluation of a step's agreeing points (the step as written, by SymPy's
    lambdify to mpmath or its evalf), as values: how many points agreed there, with which evaluator, and
    how many could not be replayed and why."""
    replayed: int = 0                                   # agreeing points replayed, each confirmed
    by: tuple[str, ...] = ()                            # "mpmath", "evalf": the evaluators that confirmed them
    missed: tuple[tuple[int, str], ...] = ()            # (points not replayed, why)
    uncertified: tuple[str, ...] = ()                   # functions evaluated without certification, when no
                                                        # agreeing point was replayed at all


@dataclass(frozen=True)
class NumericEvidence(_Record):
    points: int                 # evaluation points per precision
    precisions: tuple[int, int]  # decimal digits
    worst_error: str | None      # worst |lhs - rhs| / max(1, |lhs|, |rhs|), or worst violation
    sizes: tuple[int, ...] = ()  # concrete vector lengths used
    seed: int = 0
    note: str = ""               # everything the numbers said, in the engine's words, every point and digit
    # The same as values, for a reader: below, and `remark`, the relation's own note (how to read an
    # inequality's worst value) or what left the numbers inconclusive, without the cross-check, the
    # coverage and the skipped points.
    remark: str = ""
    # Which kinds of points were visited ({"structure": k, "corner": c, "random": m, "optimised": j}) and the
    # smallest slack among the agreeing ones (largest |lhs − rhs| for =), as text; empty when not recorded.
    coverage: FrozenMap[str, int] = field(default_factory=FrozenMap)
    smallest_slack: str = ""
    cross_check: CrossCheck | None = None   # None: no agreeing point was cross-checked
    skipped: int = 0             # points that were no evidence (neither side has a value, outside a domain)
    # Where the balls and SymPy's evalf disagree (an engine error): lhs − rhs as the balls certified it at that
    # point, every digit; the words say only that the balls found the relation failing.  None otherwise.
    engine_gap: Ball | ComplexBall | None = None


@dataclass(frozen=True)
class PointValue(_Record):
    """One symbol's value at a counterexample's point, as the engine drew it: a number as decimal text
    (every digit drawn: "0.73215896264627223", "17"), or a vector's first entries and its length."""
    value: str = ""                  # a scalar
    entries: tuple[str, ...] = ()    # a vector: its first entries (at most six), every digit
    length: int | None = None        # a vector: how many entries it has


@dataclass(frozen=True)
class InstanceObject:
    """One matrix or vector of the concrete instance a counterexample was found at (a step read as products that do
    not commute, looked at again where each square matrix is a multiple of the identity and each vector a multiple of
    one unit vector): the scalar's name in the point, the matrix's or vector's LaTeX as the text writes it, and its
    kind: "matrix" (the scalar times the identity I) or "vector" (the scalar times the unit vector u)."""
    symbol: str
    latex: str
    kind: str


@dataclass(frozen=True)
class LawAt:
    """The law of a text's random variables a counterexample was found at (a step whose quantities are a law's,
    E[X^2] or Var(X), looked at again at one law every declaration of the text allows): the law in words ("X = 2 with
    probability 1") and the value each quantity the step writes takes there, as (quantity, value) pairs of text."""
    words: str
    values: tuple = ()


@dataclass(frozen=True)
class Counterexample(_Record):
    point: FrozenMap[str, str]        # symbol -> value (vectors abbreviated)
    lhs: FrozenMap[int, str]          # precision -> value
    rhs: FrozenMap[int, str]
    note: str = ""
    # The certificate: at each precision, the ball (midpoint ± radius, full precision) of the gap
    # lhs − rhs (or of the violated inequality's gap), which excludes 0. Empty only for trends.
    certificate: FrozenMap[int, str] = field(default_factory=FrozenMap)
    # How each symbol of the point is written in mathematics (its LaTeX: σ for `sigma`, λ for `lam` declared
    # with display="λ"), so a report sets "σ = 0.5" rather than a program's name; None in older records.
    symbols: FrozenMap[str, str] | None = None
    # The same certificate as values: at each precision, the quantity the ball encloses ("lhs − rhs",
    # "rhs − lhs"), its ball and what it shows ("≠ 0", "> 0", "≥ 0"); empty where the certificate is
    # not a ball (a side with no value, an exact computation, a limit's trend).
    quantity: str = ""
    gap: FrozenMap[int, Ball | ComplexBall] = field(default_factory=FrozenMap)
    excludes: str = ""
    # The second evaluation of the point (SymPy evalf): its value of the quantity at each precision, or
    # what it found in words when that is not a number (a side with no value); empty when not replayed.
    replayed_gap: FrozenMap[int, str] = field(default_factory=FrozenMap)
    replay: str = ""             # that replay in the engine's words, without the point
    # What the certified evaluation alone says at each precision: the certificate without the replay.
    certified: FrozenMap[int, str] = field(default_factory=FrozenMap)
    # The point as values (symbol -> PointValue), for a reader; a symbol not here (the variable a limit
    # approaches, "approach from +: 0.1 … 1e-10") is said only in `point`.
    values: FrozenMap[str, PointValue] = field(default_factory=FrozenMap)
    # Where the point is a concrete instance of matrices and vectors (each square matrix c·I, each vector a·u, u one
    # unit vector, at every size): what each scalar of the point stands for; empty for any other counterexample.
    instance: tuple[InstanceObject, ...] = ()
    # Where the step's quantities are a law's and the point was found at one concrete law: that law and the values it
    # gives them; None for any other counterexample.
    law: LawAt | None = None


def cell_value(cell) -> float | int | str | None:
    """A table cell as a value: a number as a number (an int stays an int; NumPy's scalars too), a cell that
    is a decimal number written as text ("0.125", "1e-5", "−3", "inf") as that number, an empty cell or a
    dash as None, any other text as itself."""
    if cell is None or isinstance(cell, bool):
        return None if cell is None else str(cell)
    if isinstance(cell, numbers.Integral):
        return int(cell)
    if isinstance(cell, numbers.Real):
        return float(cell)
    text = str(cell).strip()
    if text in ("", "-", "—", "–"):
        return None
    try:
        return float(text.replace("−", "-").replace("∞", "inf"))
    except ValueError:
        return str(cell)


@dataclass(frozen=True)
class Table(_Record):
    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    # The same cells as values (cell_value): numbers as numbers, so a reader aligns and sets them without
    # reading them back from text.  Filled from `rows` when not given.
    values: tuple[tuple[float | int | str | None, ...], ...] = ()

    def __post_init__(self):
        if not self.values and self.rows:
            object.__setattr__(self, "values", [[cell_value(c) for c in row] for row in self.rows])
        super().__post_init__()


@dataclass(frozen=True)
class Plot(_Record):
    """A line plot described as data; the report decides how to draw it."""
    title: str
    xlabel: str
    ylabel: str
    series: FrozenMap[str, tuple[tuple[float, ...], tuple[float, ...]]]
    logx: bool = False
    logy: bool = False

    def __post_init__(self):
        object.__setattr__(self, "series", {name: tuple(tuple(xs) for xs in pair) for name, pair in self.series.items()})
        super().__post_init__()


@dataclass(frozen=True)
class MeasuredTrend(_Record):
    """What a limit's or a series' check measured along its approach, as values; the check's `measured`
    says the same in the engine's words."""
    quantity: str                # what was measured: "|lhs − rhs|", "|lhs/rhs − 1|", "|lhs − rhs|/h^2"
    variable: str                # the variable followed ("n", "lambda"; "h", the distance, for a series' order)
    at: tuple[str, ...]          # its value at each point, as written ("10", "1e+06", "-0.1"; "10^-8" for h)
    values: tuple[str, ...]      # the measured quantity there, decimal text to six significant digits
    order: bool = False          # a series' order: the ratio at h = 10^-1 … 10^-40, to stay bounded
    # the other variables' values where it was followed (symbol -> PointValue, every digit drawn), so that a
    # reader can recompute it; empty where the approach has no other variable or the point was not kept
    point: FrozenMap = field(default_factory=FrozenMap)
    real: bool = False           # the variable followed as a real number (off the integers), not as a size
    digits: int = 0              # the precision the values were computed at (0: not recorded)
    # How each variable it names (the one followed and those of `point`) is written in mathematics (its LaTeX:
    # κ for `kappa_1` declared with display="κ"), so a report sets "κ = 0.844422" rather than a program's name;
    # None in older records.
    symbols: FrozenMap[str, str] | None = None
    # A series' order at a finite point: the side its distances h were taken on ("+": the variable is the point
    # plus h, "-": the point minus h); "" towards ±∞, for a limit's trend, or in older records.
    side: str = ""


@dataclass(frozen=True)
class Check(_Record):
    """One sub-check of a step, e.g. one stated meaning of an approximation."""
    name: str
    verdict: Verdict
    method: str = ""
    scope: str = ""
    detail: str = ""             # everything the check said, in the engine's words
    # For a reader, apart from the strategies' notes in `detail`: what was measured (the trend along an
    # approach, |lhs − rhs|/h^k at each h) and what that shows when it contradicts the claim.
    measured: str = ""
    finding: str = ""
    trend: MeasuredTrend | None = None   # `measured` as values; None where nothing was measured along an approach
    # k when the check holds only for n = 1…k (its scope says "n = 1…k only"), set by the strategy that
    # established it (prove.Proof.sizes_only); None otherwise.
    sizes_only: int | None = None
    # For an approximation read as a one-sided bound: the relation checked, "<=" or ">="; "" for any other check.
    bound: str = ""


@dataclass(frozen=True)
class StepResult(_Record):
    index: int
    relation: str                # "=", "<=", ">=", "<", ">", "~", "propto"
    lhs_latex: str
    rhs_latex: str
    lhs_srepr: str
    rhs_srepr: str
    reason: str
    source: str
    verdict: Verdict
    passed: bool
    expect_refuted: bool = False
    method: str = ""
    scope: str = ""
    numeric: NumericEvidence | None = None
    counterexample: Counterexample | None = None
    checks: tuple[Check, ...] = ()
    tables: tuple[Table, ...] = ()
    assumptions: tuple[str, ...] = ()
    message: str = ""
    seconds: float = 0.0
    restatement: bool = False    # both sides are the same expression after renaming: checks nothing
    # Why the step checks nothing although it passes (judge/vacuous.py): a restatement, both sides the same value
    # once built, its conclusion its own assumption or pins, or a cited fact that checks nothing.  Such a step
    # supports no claim.  Empty when the check does real work.
    vacuous: str = ""
    strategy: str = ""           # the registered strategy that succeeded, if a symbolic one did
    # What identifies the step for mutation testing (its expressions, their domains, relation, meanings,
    # pins and cited facts), and the author's notes on mutants of it that survive (`survives=`).
    fingerprint: str = ""
    survives: FrozenMap[str, str] = field(default_factory=FrozenMap)
    display_latex: str = ""      # the author's display form of the right side (display=); shown, never checked
    wrt: tuple = ()              # for ∝: the variables (LaTeX) the ratio is claimed not to depend on
    lhs_display_latex: str = ""  # the author's display form of the start (calc(..., display=)), on step 1 only
    # k when the step holds only for n = 1…k (its scope says "n = 1…k only"), as the strategy that established
    # it set it; None otherwise.
    sizes_only: int | None = None

    @property
    def label(self) -> str:
        if self.expect_refuted and self.verdict is Verdict.REFUTED:
            return "refuted, as expected"
        return self.verdict.value


@dataclass(frozen=True)
class ExperimentResult(_Record):
    name: str
    title: str
    verdict: Verdict             # numeric (supports the claim) or refuted (data contradict it)
    claim: str
    finding: str
    tables: tuple[Table, ...] = ()
    plots: tuple[Plot, ...] = ()
    seed: int = 0
    seconds: float = 0.0
    passed: bool = True
    expect_refuted: bool = False


@dataclass(frozen=True)
class SamplingRange(_Record):
    """Where the numbers draw one symbol, as values: not a hypothesis of the claim (no proof may use it),
    only where the evidence comes from.  The report words it; the derivation's `assumptions` say it in
    the engine's words too."""
    symbol: str                  # as the derivation names it in text (its display name: λ for lam)
    kind: str                    # "real", "vector" (each entry), "complex" (both parts), "size", "law"
    low: str = ""                # the declared ends, as written (0.05, -1/2, pi); empty for a size or a law
    high: str = ""
    log_uniform: bool = False    # drawn log-uniformly (a positive scale)
    index: tuple[str, ...] = ()  # a vector's entries: (first index, last index), e.g. ("1", "n")
    facts: tuple[str, ...] = ()  # a vector's declared facts ("sorted", "nonzero"), hypotheses of every claim
    least: int = 0               # a size: the least value it takes (n ≥ least)
    sizes: tuple[int, ...] = ()  # a size: its declared sizes
    only: bool = False           # a size drawn at its declared sizes only
    seeded_up_to: int = 0        # a size: otherwise also at least, least + 1, seeded sizes up to this ...
    large: int = 0               # ... and this large size
    law: str = ""                # the law the symbol (each entry of a vector) is drawn from, e.g. Normal(0, 1)
    positive: bool = False       # that law's support is (0, ∞) rather than ℝ
    # a size: every size the numbers draw it at, in the order drawn (the seeded ones included, as the run's seed
    # chose them: 2, 3, 18, 256, 32, 17, 39); a claim cheap to evaluate far out is also drawn at a few seeded
    # sizes above `large`, which its step's evidence names.  Empty in older records.
    schedule: tuple[int, ...] = ()


@dataclass(frozen=True)
class DerivationResult(_Record):
    name: str
    title: str
    source: str
    file: str
    verdict: Verdict
    passed: bool
    conclusion: str              # e.g. "H ≥ log n − λ(s_max − s̄)", or why there is none
    conclusion_latex: str = ""
    conclusion_relation: str | None = None
    assumptions: tuple[str, ...] = ()
    # The assumptions apart: the hypotheses of the claim (the author's, confined ranges, declared laws and
    # facts), and the sampling ranges of its symbols as values.  `assumptions` says both, in that order.
    hypotheses: tuple[str, ...] = ()
    sampling: tuple[SamplingRange, ...] = ()
    notes: tuple[str, ...] = ()
    # The notes are commentary: the tool checks nothing a note says.  Mathematics in a note (a rate, an
    # inequality, a limit) is checked only where a step states it, and every output shows the notes as
    # commentary, apart from the steps.
    notes_checked: bool = False
    reconstruction: bool = False
    steps: tuple[StepResult, ...] = ()
    experiments: tuple[ExperimentResult, ...] = ()
    message: str = ""
    seconds: float = 0.0

    def counts(self) -> dict[str, int]:
        out = {v.value: 0 for v in Verdict}
        for s in self.steps:
            out[s.verdict.value] += 1
        for e in self.experiments:
            out[e.verdict.value] += 1
        return out


class ClaimStatus(str, Enum):
    """What the checks say of one claim of a source text; computed from verdicts, never typed by hand."""
    HOLDS = "holds"
    AS_BOUND = "holds only as a bound"
    UNDER_ASSUMPTION = "holds only under an added assumption"
    IN_REGIME = "holds only in a regime"
    # The same four, when the weakest supporting step is not a proof for all values (numbers, or
    # concrete sizes only): the author names the support, the evidence decides the word.
    SUPPORTED = "supported, not proved"
    AS_BOUND_SUPPORTED = "supported only as a bound, not proved"
    UNDER_SUPPORTED = "supported only under an added assumption, not proved"
    IN_REGIME_SUPPORTED = "supported only in a regime, not proved"
    CONTRADICTED = "contradicted by data"
    REFUTED = "refuted"
    NOT_CHECKED = "not checked"
    # The text's words admit more than one reading and the readings come out differently: each reading's
    # derivations are named, and none decides the claim (neither refuted nor holds).
    UNSETTLED = "reading not settled"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class ClaimResult(_Record):
    """One claim of a source text and what the derivations addressing it concluded."""
    id: str                      # e.g. "000-eq2"
    source: str                  # seed file and location, e.g. "000_….txt, eq. (2)"
    quote: str                   # a short quote of the claim
    status: ClaimStatus
    qualifier: str = ""          # the named assumption or regime, or why it is not checked
    derivations: tuple[str, ...] = ()   # names (file::name) of what addresses it
    measured_error: str = ""     # where one was measured, in words
    measured_at: tuple[tuple[str, int, str], ...] = ()  # the same as (derivation, step, caption)
    failed: tuple[tuple[str, str], ...] = ()   # (derivation, what it lacks) when a check failed
    detail: str = ""             # how the status was computed
    strength: str = ""           # the weakest support: "proved (generic n)", "proved at n = 1…6 only", "numeric", …
    written: str = ""            # the text as written: the display's LaTeX, or a quoted sentence
    premises: str = ""           # the text's own premises, under which alone a refutation counts
    line: str = ""               # the text's line imported as written (file::name) whose verdict is the status
    refused: str = ""            # why the display is not imported, when it is not
    weakest_link: str = ""       # the cited link whose verdict limits the status (file::name step k: verdict)
    weakest: tuple = ()          # the same as (file::name, k, verdict in words), for the report
    beyond: tuple[str, ...] = ()   # results under premises the text excludes; never the status


@dataclass(frozen=True)
class SurvivingMutant(_Record):
    """A false-looking edit of a step that the engine still passed (python -m verifier mutate)."""
    where: str                   # file::derivation::step
    kind: str                    # index, range, sign, factor, constant
    mutation: str                # what was edited, e.g. "right side negated"
    mutant: str                  # the mutated right side, as text
    relation: str
    verdict: str                 # what the engine said of the mutant: proved, cases or numeric
    second_look: str             # the mutation run's own reading: slack, equivalent, ENGINE MISS, ...
    explanation: str = ""        # the author's note on the step (survives=), "" when there is none

    @property
    def explained(self) -> bool:
        return bool(self.explanation)


@dataclass(frozen=True)
class MutationSummary(_Record):
    """How well the checker tells the project's steps from false ones one edit away.

    Measured by `python -m verifier mutate` (minutes), recorded per step, and read back
    by `all`; `measured` counts the steps with a record of exactly this claim, whichever engine version
    made it (those of another version are also listed in `older_engine`, and count in the score)."""
    steps: int                   # steps that could be mutated (not documented as false, not malformed)
    measured: int                # of those, steps with a record of exactly this claim (any engine version)
    mutants: int = 0
    killed: int = 0
    survived: int = 0
    equivalent: int = 0
    survivors: tuple[SurvivingMutant, ...] = ()
    unmeasured: tuple[str, ...] = ()      # where: no record for the step as it is now
    older_engine: tuple[str, ...] = ()    # where: a record, but from another engine version
    unused_notes: tuple[str, ...] = ()    # "where: key" of survives= notes no survivor needs
    skipped: tuple[str, ...] = ()         # "where: why" for steps whose original did not pass
    settings: FrozenMap = field(default_factory=FrozenMap)
    command: str = "python -m verifier mutate"
    engine: str = ""                                          # the engine version of this run (its hash)
    engines: FrozenMap[str, int] = field(default_factory=FrozenMap)    # engine version → steps whose record it made
    measured_between: tuple[str, ...] = ()  # [first, last] time a read record was measured

    @property
    def score(self) -> float | None:
        judged = self.mutants - self.equivalent
        return self.killed / judged if judged else None

    @property
    def unexplained(self) -> list[SurvivingMutant]:
        return [s for s in self.survivors if not s.explained]


@dataclass(frozen=True)
class RunResult(_Record):
    derivations: tuple[DerivationResult, ...]
    seed: int
    dps: tuple[int, int]
    quick: bool
    require_proof: bool
    load_errors: tuple[str, ...] = ()
    versions: FrozenMap[str, str] = field(default_factory=FrozenMap)
    seconds: float = 0.0
    claims: tuple[ClaimResult, ...] = ()
    mutation: MutationSummary | None = None     # None: not asked for (e.g. `check` of single files)

    @property
    def passed(self) -> bool:
        return not self.load_errors and all(d.passed for d in self.derivations)
