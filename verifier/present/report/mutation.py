"""What the report says of `RunResult.mutation`: how well the checker rejects edits of the steps.

A reader deciding whether to trust "proved" needs three things: the score (how
many edits, one edit away from a checked step, were rejected), how much
of the run was measured, and every edit that got through with the reason it is
harmless, or a plain mark that nobody has said why.  Computed once here and laid
out by both templates (partials mutation.html.j2 and mutation.tex.j2).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...verdicts import MutationSummary, SurvivingMutant
from .badges import KIND_LABELS, step_kind
from .prose import sympy_latex

ANCHOR = "mutation"
WHAT_A_MUTANT_IS = ("A mutant is a checked step edited one way: an index renamed, a summation range shifted, "
                    "a sign flipped, a factor dropped or a constant perturbed. Each mutant is checked like the "
                    "original; it is rejected (killed) when it comes out refuted, unknown or an error.")
WHAT_A_SURVIVOR_IS = ("A mutant that still passes is either a true claim (slack in an inequality, a constant "
                      "factor under ∝, an equivalent form) or a weakness of the checker; the author's "
                      "explanation and an automatic second look say which.")
# A mutant longer than this (in SymPy's printing) is shown as wrapped text: a formula cannot wrap in HTML.
MATH_CHARS = 160


def percent(score: float) -> str:
    """Rounded down to 0.1%: a score never reads better than it is (575 of 576 is 99.8%, not 100.0%)."""
    return f"{math.floor(score * 1000) / 10:.1f}%"


@dataclass
class StepRef:
    """A step named by the mutation run ("stem::derivation::3"), with its place in this report."""
    text: str                    # how the report names it: "derivation, step 3", or the raw text
    anchor: str                  # the step's anchor ("" when it is not in this report)
    derivation: object | None = None   # its DerivationView
    number: int | None = None


@dataclass
class SurvivorView:
    where: StepRef
    anchor: str                  # this row's own anchor (step rows link here)
    kind: str                    # index, range, sign, factor, constant
    edit: str
    relation_latex: str
    mutant_latex: str            # "" when it cannot be typeset: then mutant_text is shown as code
    mutant_text: str
    verdict_kind: str
    verdict_label: str
    explanation: str
    second_look: str
    engine_miss: bool            # the second look found the mutant false

    @property
    def explained(self) -> bool:
        return bool(self.explanation)

    @property
    def needs_reading(self) -> bool:
        """An engine miss, or a survivor nobody has explained: listed one by one and whole, before the rest."""
        return self.engine_miss or not self.explained

    @property
    def second_look_tag(self) -> str:
        """The second look's conclusion in a word or two ("slack", "true", "probably true", "equivalent",
        "≈ survives"): what the compact list of explained survivors shows of it."""
        text = self.second_look.strip()
        return text.split(":", 1)[0].strip() if ":" in text[:40] else text

    @property
    def mutant_terms(self) -> list[tuple[str, str]]:
        """(operator, formula) per term (see `terms`): the first carries the relation, the others the
        + or − that joins them, shown as text so that a line may break before it."""
        out = []
        for k, part in enumerate(terms(self.mutant_latex)):
            if k == 0:
                out.append(("", f"{self.relation_latex} {part}"))
            else:
                out.append(("+" if part[0] == "+" else "−", part[1:].strip()))
        return out

    @property
    def kind_tag(self) -> str:
        """The kind, unless the edit already says it ("constant 2 → …", "factor λ dropped")."""
        return "" if self.edit.lower().startswith(self.kind.lower()) else self.kind


@dataclass
class SurvivorGroup:
    title: str
    qualified: str
    anchor: str                  # the derivation's section ("" when not in this report)
    survivors: list[SurvivorView]


@dataclass
class StepList:
    """Steps of one derivation, listed compactly: "entropy_lower_bound: steps 2, 3"."""
    name: str
    anchor: str
    steps: list[tuple[str, str]]  # (label, anchor)

    @property
    def count(self) -> int:
        return max(1, len(self.steps))


@dataclass
class MutationView:
    anchor: str
    measured: int
    steps: int
    command: str
    score: str                   # "97.2%", or "" when nothing was judged
    sentence: str                # the score sentence up to its warning
    warning: str                 # ", 3 not explained", or ""
    summary: str                 # one line for page 1
    summary_warning: bool
    equivalent: str              # a sentence on edits shown equal to the original, or ""
    groups: list[SurvivorGroup] = field(default_factory=list)
    unmeasured: list[StepList] = field(default_factory=list)
    older_engine: list[StepList] = field(default_factory=list)
    skipped: list[tuple[StepRef, str]] = field(default_factory=list)     # (step, why)
    unused_notes: list[tuple[StepRef, str]] = field(default_factory=list)  # (step, note key)
    explain: tuple[str, str] = (WHAT_A_MUTANT_IS, WHAT_A_SURVIVOR_IS)

    engines: list[tuple[str, int]] = field(default_factory=list)   # (engine version, steps), most steps first
    engine: str = ""             # this run's engine version
    measured_between: list[str] = field(default_factory=list)

    @property
    def not_measured(self) -> bool:
        return self.measured == 0

    def _survivors(self, reading: bool) -> list[SurvivorGroup]:
        out = []
        for g in self.groups:
            rows = [s for s in g.survivors if s.needs_reading == reading]
            if rows:
                out.append(SurvivorGroup(g.title, g.qualified, g.anchor, rows))
        return out

    @property
    def to_read(self) -> list[SurvivorGroup]:
        """The survivors that need reading (engine misses and unexplained ones), each in full."""
        return self._survivors(True)

    @property
    def explained_groups(self) -> list[SurvivorGroup]:
        """The survivors their authors explained (and the second look did not find false): the PDF lists
        them compactly, one line of edit and reason each; their mutants are in the HTML report and the JSON."""
        return self._survivors(False)

    @property
    def explained_count(self) -> int:
        return sum(len(g.survivors) for g in self.explained_groups)

    @property
    def engine_misses(self) -> int:
        return sum(s.engine_miss for g in self.groups for s in g.survivors)

    @property
    def second_looks(self) -> str:
        """What the second look concluded of the explained survivors, counted: "26 slack, 9 ≈ survives, …"."""
        counts: dict[str, int] = {}
        for g in self.explained_groups:
            for s in g.survivors:
                tag = s.second_look_tag or "none"
                counts[tag] = counts.get(tag, 0) + 1
        return ", ".join(f"{n} {tag}" for tag, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    @property
    def engine_text(self) -> str:
        """Which engine version made the records ("engine c1dd94c7, measured 2026-11-30 to 2026-12-01"), and
        whether it is this run's: a record of another version stands until `mutate` measures the step again."""
        if not self.engines:
            return ""
        names = [f"engine {e[:8]} ({n} step{'s' if n != 1 else ''})" if len(self.engines) > 1 else f"engine {e[:8]}"
                 for e, n in self.engines]
        text = "Measured by " + ", ".join(names)
        if len(self.measured_between) == 2:
            first, last = (t[:10] for t in self.measured_between)
            text += f", on {first}" if first == last else f", between {first} and {last}"
        if self.engine and any(e != self.engine for e, _ in self.engines):
            text += f"; this report's engine is {self.engine[:8]}"
        return text + "."

    @property
    def coverage(self) -> str:
        if self.measured >= self.steps:
            text = f"All {self.steps} steps that can be mutated were measured"
        else:
            text = f"{self.measured} of {self.steps} steps that can be mutated were measured"
        older = sum(item.count for item in self.older_engine)
        if older:
            text += (f"; the record{'s' if older != 1 else ''} of {older} step{'s' if older != 1 else ''} "
                     f"{'were' if older != 1 else 'was'} made by an older version of the engine")
        return text + "."

    @property
    def unexplained(self) -> int:
        return sum(not s.explained for g in self.groups for s in g.survivors)


def terms(latex: str) -> list[str]:
    """The formula cut before each top-level + and −, so that HTML can wrap it between terms.

    MathML cannot break a line inside a formula; a row of formulas, one per term, can wrap between
    them.  Nothing inside braces or a \\left…\\right pair is cut."""
    pieces, start, depth, k = [], 0, 0, 0
    while k < len(latex):
        if latex.startswith("\\left", k) and not latex[k + 5:k + 6].isalpha():
            depth, k = depth + 1, k + 5
            continue
        if latex.startswith("\\right", k) and not latex[k + 6:k + 7].isalpha():
            depth, k = depth - 1, k + 6
            continue
        ch = latex[k]
        if ch == "\\":
            k += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch in "+-" and depth == 0 and latex[start:k].strip() and latex[k - 1:k] == " ":
            pieces.append(latex[start:k].strip())
            start = k
        k += 1
    pieces.append(latex[start:].strip())
    return [p for p in pieces if p]


def locate(where: str, index) -> StepRef:
    """The step `where` names ("stem::name::3", "file.py::name::step 3"), found in the report's index."""
    head, _, tail = str(where).strip().rpartition("::")
    tail = tail.strip()
    tail = tail[4:].strip() if tail[:4].lower() == "step" else tail
    if not head or not (tail.isascii() and tail.isdigit()):
        return StepRef(str(where), "")
    number = int(tail)
    derivation = index.find(head)
    if derivation is None:
        return StepRef(f"{head}, step {number}", "", None, number)
    anchor = next((s.anchor for s in derivation.steps if s.number == number), derivation.anchor)
    return StepRef(f"{derivation.name}, step {number}", anchor, derivation, number)


def _survivor(s: SurvivingMutant, ref: StepRef, row: str, relation_latex) -> SurvivorView:
    text = str(s.mutant or "")
    latex = sympy_latex(text) if 0 < len(text) <= MATH_CHARS else None
    kind = step_kind(s.verdict)
    label = "checked at sizes only" if kind == "cases" else KIND_LABELS[kind]
    return SurvivorView(ref, row, s.kind, s.mutation, relation_latex(s.relation), latex or "", text, kind, label,
                        (s.explanation or "").strip(), s.second_look or "",
                        (s.second_look or "").lstrip().upper().startswith("ENGINE MISS"))


def _step_lists(wheres: list[str], index) -> list[StepList]:
    lists: dict[str, StepList] = {}
    for where in wheres:
        ref = locate(where, index)
        if ref.derivation is None:
            lists.setdefault(ref.text, StepList(ref.text, "", []))
            continue
        d = ref.derivation
        item = lists.setdefault(d.qualified, StepList(d.name, d.anchor, []))
        item.steps.append((str(ref.number), ref.anchor))
    return list(lists.values())


def _split(item: str) -> tuple[str, str]:
    """"where: text" as (where, text); where never contains ": " (it is joined by "::")."""
    where, sep, text = str(item).partition(": ")
    return (where, text) if sep else (where, "")


def _sentences(m: MutationSummary, unexplained: int) -> tuple[str, str, str, bool]:
    judged = m.mutants - m.equivalent
    steps = f"{m.measured} step{'s' if m.measured != 1 else ''}"
    if m.score is None:
        sentence = f"No mutant of the {steps} measured could be judged"
        return sentence, "", "Checking the checker: no mutant could be judged", False
    score = percent(m.score)
    # A score recorded by an earlier version of the engine is not this checker's: said next to the figure.
    older = len(m.older_engine)
    if older:
        score += (" (measured by an earlier version of the engine, not this one)" if older >= m.measured else
                  f" ({older} of its {m.measured} steps measured by an earlier version of the engine)")
    sentence = (f"Mutation score {score}: {m.killed} of {judged} edit{'s' if judged != 1 else ''} of "
                f"{steps} {'were' if m.killed != 1 else 'was'} rejected")
    if not m.survived:
        sentence += "; none survived"
        warning = ""
    elif unexplained:
        sentence += f"; {m.survived} survived"
        warning = f", {unexplained} not explained"
    else:
        sentence += f"; {m.survived} survived, {'each' if m.survived != 1 else 'it is'} explained below"
        warning = ""
    survivors = (f"{m.survived} survivor{'s' if m.survived != 1 else ''}, "
                 + (f"{unexplained} not explained" if unexplained else
                    "all explained" if m.survived != 1 else "explained")) if m.survived else "no survivor"
    summary = f"Checking the checker: mutation score {score} ({m.killed} of {judged} edits rejected; {survivors})"
    if m.measured < m.steps:
        summary += f"; {m.measured} of {m.steps} steps measured"
    return sentence, warning, summary, bool(unexplained or m.measured < m.steps or older)


def build(summary: MutationSummary | None, index, derivations, relation_latex) -> MutationView | None:
    """The section's view, and on each step with survivors a count and a link (StepView.survivors*).

    `index` finds a derivation's view by any name it is cited with, `relation_latex` sets a relation:
    both belong to view.py, which imports this module."""
    if summary is None:
        return None
    m = summary
    command = m.command or "python -m verifier mutate"
    if m.measured == 0:
        return MutationView(ANCHOR, 0, m.steps, command, "", "", "",
                            "Checking the checker: mutation testing was not measured in this run", True, "",
                            unmeasured=[], older_engine=_step_lists(m.older_engine, index))
    groups: dict[str, SurvivorGroup] = {}
    order = {d.anchor: d.number for d in derivations}   # the order the report presents them
    for k, s in enumerate(m.survivors, 1):
        ref = locate(s.where, index)
        d = ref.derivation
        key = d.qualified if d is not None else ref.text.rsplit(", step", 1)[0]
        group = groups.setdefault(key, SurvivorGroup(d.title if d else "not in this report", key,
                                                     d.anchor if d else "", []))
        row = f"{ANCHOR}-{k}"
        group.survivors.append(_survivor(s, ref, row, relation_latex))
        if d is not None and ref.number is not None:
            step = next((st for st in d.steps if st.number == ref.number), None)
            if step is not None:
                step.survivors += 1
                step.survivors_anchor = step.survivors_anchor or row
                step.survivors_unexplained += 0 if s.explanation else 1
    ordered = sorted(groups.values(), key=lambda g: (order.get(g.anchor, 10**9), g.qualified))
    for g in ordered:
        g.survivors.sort(key=lambda v: (v.where.number or 0))
    unexplained = sum(not s.explanation for s in m.survivors)
    sentence, warning, line, warn = _sentences(m, unexplained)
    equivalent = (f"{m.equivalent} further edit{'s' if m.equivalent != 1 else ''} "
                  f"{'were' if m.equivalent != 1 else 'was'} shown equal to the original by exact simplification "
                  f"and {'are' if m.equivalent != 1 else 'is'} not counted.") if m.equivalent else ""
    skipped = [(locate(w, index), why) for w, why in map(_split, m.skipped)]
    unused = [(locate(w, index), key) for w, key in map(_split, m.unused_notes)]
    return MutationView(ANCHOR, m.measured, m.steps, command, percent(m.score) if m.score is not None else "",
                        sentence, warning, line, warn, equivalent, ordered,
                        _step_lists(m.unmeasured, index), _step_lists(m.older_engine, index), skipped, unused,
                        engines=sorted((m.engines or {}).items(), key=lambda kv: (-kv[1], kv[0])),
                        engine=m.engine or "", measured_between=list(m.measured_between or []))
