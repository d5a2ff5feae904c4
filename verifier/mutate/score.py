"""Mutation testing of the checker: mutate every step of a derivation, check each mutant, score the kills.

A checker that proves everything would pass every project derivation; what
shows it discriminates is that a step edited into a false claim is no longer
passed.  For each step (claims documented as false are skipped: they are false
already) the mutants of its right side (mutations.py) are checked by the engine
exactly as a one-step derivation with the same left side, relation, meanings,
cited facts and pins.  A mutant is

  killed      when the engine says refuted, unknown or error;
  survived    when it says proved, cases or numeric;
  equivalent  when exact simplification shows it equals the original right side
              (those cannot be killed and are left out of the score).

A step whose original right side does not pass under the (quick) mutation
settings tells nothing about its mutants and is listed apart.  Every survivor
gets a second look that says why it may be harmless: the mutant equals the
original at many points (an equivalence simplify missed), or it is a weaker
inequality that the original implies (slack).  What is left is reported as a
possible weakness of the engine.
"""
from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass, field

import sympy as sp

from ..authoring.chain import Derivation, calc
from ..authoring.relations import Relation
from ..judge.checker import check_derivation, dependency_order
from ..judge.schedule import resilient_map
from ..judge.fingerprint import step_fingerprint
from ..prove.sums import canonical
from ..prove.timeouts import StrategyTimeout, time_limit
from ..settings import Settings
from ..verdicts import Verdict
from .mutations import KINDS, Mutant, mutate
from .records import Record, RecordStore, now

SURVIVING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
SCHEMA = "verifier-mutation/1"


@dataclass
class Target:
    """One step to mutate: where it is and what a one-step derivation of it needs."""
    where: str                 # file::derivation::step
    lhs: sp.Expr
    step: object               # the authoring Step
    context: tuple = ()        # the derivation's other expressions (indices a free index may be confused with)
    fingerprint: str = ""      # what the step claims (judge/fingerprint.py): the key of its record


@dataclass
class MutantResult:
    where: str
    kind: str
    mutation: str
    mutant: str
    relation: str
    status: str                # "killed", "survived", "equivalent"
    verdict: str = ""          # the engine's verdict on the mutant ("" when equivalent: not checked)
    method: str = ""
    explanation: str = ""      # for a survivor: why it may be harmless, or that it may be an engine weakness
    seconds: float = 0.0
    target: int = dataclasses.field(default=-1, repr=False)   # index of its step in this run (not recorded)


@dataclass
class MutationRun:
    seed: int
    per_kind: int
    settings: dict
    results: list[MutantResult] = field(default_factory=list)
    skipped: list[dict] = field(default_factory=list)     # steps whose original does not pass (or is malformed)
    steps: int = 0                                        # steps whose mutants were checked
    seconds: float = 0.0
    reused: int = 0                                       # steps answered from their record, not measured again

    def count(self, status: str) -> int:
        return sum(r.status == status for r in self.results)

    @property
    def score(self) -> float | None:
        judged = len(self.results) - self.count("equivalent")
        return self.count("killed") / judged if judged else None

    @property
    def survivors(self) -> list[MutantResult]:
        return [r for r in self.results if r.status == "survived"]

    def to_dict(self) -> dict:
        by_kind = {}
        for kind in KINDS:
            mine = [r for r in self.results if r.kind == kind]
            by_kind[kind] = {s: sum(r.status == s for r in mine) for s in ("killed", "survived", "equivalent")}
        return {"schema": SCHEMA, "seed": self.seed, "per_kind": self.per_kind, "settings": self.settings,
                "seconds": self.seconds, "steps": self.steps, "reused_steps": self.reused,
                "mutants": len(self.results),
                "killed": self.count("killed"), "survived": self.count("survived"),
                "equivalent": self.count("equivalent"), "score": self.score, "by_kind": by_kind,
                "survivors": [_as_record(r) for r in self.survivors],
                "skipped_steps": self.skipped,
                "results": [_as_record(r) for r in self.results]}


# --- what to mutate ------------------------------------------------------------------------

def targets(derivations: list[Derivation]) -> tuple[list[Target], list[dict]]:
    out, skipped = [], []
    for d in derivations:
        lhs = d.start
        context = tuple(e for e in d.expressions if e is not None)
        for k, step in enumerate(d.steps, start=1):
            where = f"{d.qualified_name}::{k}"
            if step.expect_refuted:
                pass                                # documented as false: a mutant of it says nothing
            elif step.error or lhs is None or step.rhs is None:
                skipped.append({"where": where, "why": "malformed step"})
            else:
                out.append(Target(where, lhs, step, context, step_fingerprint(lhs, step)))
            lhs = step.rhs
    return out, skipped


def one_step(target: Target, rhs: sp.Expr) -> Derivation:
    """The step as a derivation of its own, with rhs in place of its right side."""
    d = calc(target.lhs, title=f"mutant of {target.where}")
    d.name = target.where
    d.steps.append(dataclasses.replace(target.step, rhs=rhs, expect_refuted=False))
    return d


# --- checking, in worker processes ------------------------------------------------------------

def equivalent(mutant: sp.Expr, original: sp.Expr, seconds: float = 2.0) -> bool:
    """Exact simplification shows mutant = original (bound indices renamed, sums done where they can be)."""
    try:
        if canonical(mutant) == canonical(original):
            return True
        with time_limit(seconds):
            if canonical(mutant.doit()) == canonical(original.doit()):
                return True
            return sp.simplify(mutant - original) == 0
    except (StrategyTimeout, Exception):
        return False


_STATE: dict = {}


def _check(target: Target, rhs: sp.Expr, settings: Settings, facts: dict):
    d = one_step(target, rhs)
    results = dict(facts)
    for fact in dependency_order([d]):
        if id(fact) not in results:
            results[id(fact)] = check_derivation(fact, settings, results)
    return results[id(d)].steps[0]


def _baseline(k: int):
    target = _STATE["targets"][k]
    try:
        step = _check(target, target.step.rhs, _STATE["settings"], _STATE["facts"])
    except Exception as exc:              # one step the engine cannot take must not stop the run
        return k, Verdict.ERROR, f"check crashed: {exc.__class__.__name__}: {exc}"
    return k, step.verdict, step.message


def _one_mutant(task: tuple[int, Mutant]) -> MutantResult:
    k, m = task
    target = _STATE["targets"][k]
    rel = target.step.relation
    out = MutantResult(target.where, m.kind, m.description, str(m.expr), rel.value, "equivalent", target=k)
    t0 = time.perf_counter()
    if not equivalent(m.expr, target.step.rhs):
        try:
            step = _check(target, m.expr, _STATE["settings"], _STATE["facts"])
            out.verdict, out.method = step.verdict.value, step.method
            out.status = "survived" if step.verdict in SURVIVING else "killed"
        except Exception as exc:          # a crash is the engine rejecting the step, but say so
            out.verdict, out.status = Verdict.ERROR.value, "killed"
            out.method = f"crashed: {exc.__class__.__name__}: {exc}"
        if out.status == "survived":
            out.explanation = explain(target, m.expr, _STATE["settings"])
    out.seconds = time.perf_counter() - t0
    return out


PROBE_POINTS = 48


def explain(target: Target, mutant: sp.Expr, settings: Settings) -> str:
    """Why a mutant survived, from a second look: numbers at more points with another seed, and for ∝ an
    exact argument.  Evidence for the report, never a verdict."""
    from ..evidence.numeric import compare
    lhs, original, given, rel = target.lhs, target.step.rhs, dict(target.step.given), target.step.relation
    probe = dict(seed=settings.seed + 1, dps=settings.dps, points=PROBE_POINTS, fixed=given or None,
                 time_limit=15.0)
    where = f"{PROBE_POINTS} points with seed {settings.seed + 1}"
    try:
        if rel is Relation.PROPTO:
            with time_limit(5.0):
                ratio = sp.simplify(original / mutant)
            if not ratio.free_symbols & set(target.step.wrt):
                return (f"true: mutant = original × ({ratio}), a factor free of {', '.join(map(str, target.step.wrt))}, "
                        "and ∝ holds up to such factors")
            return "∝ not explained: the mutant changes the dependence on wrt, yet was not refuted: check by hand"
        if compare(mutant, original, "=", **probe).agrees:
            return f"equivalent: equal to the original right side at {where} (exact simplification missed it)"
        if rel is Relation.APPROX:
            return ("≈ survives: the mutant differs from the original, but may still satisfy every stated meaning "
                    "(e.g. the edit is in a term that vanishes at the point): check by hand")
        claim = compare(lhs, mutant, rel.value, **probe)
        if claim.refuted:
            return (f"ENGINE MISS: the mutated step is false (refuted at {where}) but came out passing at the "
                    f"run's {settings.points} points")
        implied = {Relation.LE: "<=", Relation.LT: "<=", Relation.GE: ">=", Relation.GT: ">="}.get(rel)
        if implied and compare(original, mutant, implied, **probe).agrees:
            return (f"slack: original {implied} mutant at {where}, so the mutant is a weaker claim that the "
                    "original implies (true)")
        touch = false_at_a_landmark(lhs, mutant, rel.value, probe)
        if touch:
            return (f"ENGINE MISS: the mutated step is false at {touch}, a point the sampling does not visit "
                    "(typically where the original bound is tight)")
        if claim.agrees:
            return (f"probably true: a different claim that still holds at {where} and at the landmarks "
                    "0, ±1 and the domain's ends of each scalar (not implied by the original; check by hand)")
        return "not explained: the probe was inconclusive (" + "; ".join(claim.failures[:2]) + ")"
    except (StrategyTimeout, Exception) as exc:
        return f"not explained: the probe failed ({exc.__class__.__name__}: {exc})"


def false_at_a_landmark(lhs, mutant, relation: str, probe: dict) -> str:
    """'x = v' if pinning one scalar at a landmark (0, ±1, an end of its domain) refutes the claim, else ''.

    A bound that is tight at one point (e^t ≥ 1 + t at t = 0) stays true at every random point when a
    constant moves it by 10⁻⁶; the violation lives only near that point, and landmarks are where such
    points usually are."""
    from ..authoring.symbols import domain_of
    from ..evidence.numeric import compare
    scalars = sorted((s for s in (lhs.free_symbols | mutant.free_symbols)
                      if getattr(domain_of(s), "kind", None) == "real"), key=str)
    for sym in scalars:
        d = domain_of(sym)
        for value in dict.fromkeys([0, 1, -1, d.low, d.high]):
            if value is None or (d.low is not None and not d.low <= value <= d.high) or \
                    (value <= 0 and sym.is_positive) or (value < 0 and sym.is_nonnegative):
                continue
            pins = dict(probe.get("fixed") or {})
            pins[sym] = sp.nsimplify(value)
            if compare(lhs, mutant, relation, **dict(probe, fixed=pins, points=8)).refuted:
                return f"{sym} = {sp.nsimplify(value)}"
    return ""


def _pool_map(fn, items, jobs: int, on_crash):
    """fn over items in forked workers whose death never hangs the run, even for one job.

    A mutant may crash its checker below Python (SymPy with FLINT has ended a process with SIGFPE):
    in this process that would end the whole measurement, in a worker it is one mutant killed."""
    yield from resilient_map(fn, items, max(1, jobs), on_crash)


def _baseline_crashed(k: int, why: str):
    return k, Verdict.ERROR, f"check crashed: {why}"


def _mutant_crashed(task, why: str) -> MutantResult:
    k, m = task
    target = _STATE["targets"][k]
    # A crash is the engine failing to pass the mutant: killed, and said so.
    return MutantResult(target.where, m.kind, m.description, str(m.expr), target.step.relation.value, "killed",
                        Verdict.ERROR.value, f"crashed: {why}", target=k)


# --- the run ------------------------------------------------------------------------------

def run(derivations: list[Derivation], *, seed: int = 0, per_kind: int = 3, jobs: int = 1,
        settings: Settings | None = None, max_mutants: int | None = None, kinds=KINDS,
        on_result=None, store: RecordStore | None = None, engine: str = "", fresh: bool = False) -> MutationRun:
    """Mutate every step of the derivations and check each mutant (seeded, reproducible).

    With a store, a step whose record was made by this engine (`engine`) is answered from it,
    and every step measured in full is recorded as soon as its last mutant is checked."""
    settings = settings or Settings(seed=seed, quick=True, limit=1.0, step_limit=8.0, numeric_limit=4.0)
    t0 = time.perf_counter()
    out = MutationRun(seed, per_kind, describe(settings))
    found, out.skipped = targets(derivations)
    recording = store if max_mutants is None else None      # a sample is no record of a step
    reused = {}
    if store is not None and not fresh:
        for k, target in enumerate(found):
            rec = store.get(target.fingerprint)
            if rec is not None and rec.engine == engine:
                reused[k] = rec
    tasks = []
    for k, target in enumerate(found):
        rng = random.Random(f"{seed}:{target.where}")
        chosen = [(k, m) for m in mutate(target.step.rhs, rng, per_kind, target.lhs, target.context, kinds)]
        tasks += [] if k in reused else chosen
    if max_mutants is not None and len(tasks) > max_mutants:
        tasks = sorted(random.Random(f"{seed}:budget").sample(tasks, max_mutants), key=lambda t: t[0])
    for k, rec in reused.items():
        _replay(out, found[k], rec, on_result)
    wanted = sorted({k for k, _ in tasks} | ({k for k in range(len(found)) if k not in reused} if recording else set()))
    _STATE.update(targets=found, settings=settings, facts=_facts([found[k] for k in wanted], settings))
    try:
        passing = set()
        for k, verdict, message in _pool_map(_baseline, wanted, jobs, _baseline_crashed):
            if verdict in SURVIVING:
                passing.add(k)
            else:
                why = f"the original step is {verdict.value} under the mutation settings{': ' + message if message else ''}"
                out.skipped.append({"where": found[k].where, "why": why})
                if recording:
                    recording.put(Record(found[k].fingerprint, found[k].where, engine, now(), False, why))
        tasks = [t for t in tasks if t[0] in passing]
        out.steps = len(passing) + sum(r.passing for r in reused.values())
        pending = {k: sum(1 for t in tasks if t[0] == k) for k in passing}
        done: dict[int, list] = {k: [] for k in passing}
        if recording:
            for k in [k for k, count in pending.items() if count == 0]:
                recording.put(Record(found[k].fingerprint, found[k].where, engine, now(), True))
        for r in _pool_map(_one_mutant, tasks, jobs, _mutant_crashed):
            out.results.append(r)
            if on_result:
                on_result(r)
            k = r.target
            done[k].append(r)
            if recording and len(done[k]) == pending[k]:
                recording.put(Record(found[k].fingerprint, found[k].where, engine, now(), True,
                                     results=[_as_record(x) for x in done[k]]))
    finally:
        _STATE.clear()
    out.reused = len(reused)
    order = {t.where: k for k, t in enumerate(found)}
    out.results.sort(key=lambda r: (order[r.where], KINDS.index(r.kind), r.mutation, r.mutant))
    out.skipped.sort(key=lambda s: s["where"])
    out.seconds = time.perf_counter() - t0
    return out


def describe(settings: Settings) -> dict:
    """The settings a mutation result depends on (part of its record's key)."""
    return {"limit": settings.limit, "step_limit": settings.step_limit, "numeric_limit": settings.numeric_limit,
            "points": settings.points, "dps": list(settings.dps), "quick": settings.quick}


def _as_record(r: MutantResult) -> dict:
    data = dataclasses.asdict(r)
    data.pop("target", None)
    return data


def _replay(out: MutationRun, target: Target, rec: Record, on_result) -> None:
    if not rec.passing:
        out.skipped.append({"where": target.where, "why": rec.why_not})
        return
    for data in rec.results:
        r = MutantResult(**dict(data, where=target.where))
        out.results.append(r)
        if on_result:
            on_result(r)


def _facts(found: list[Target], settings: Settings) -> dict:
    """Check every cited fact once, before forking, so workers share the verdicts they lend."""
    results: dict = {}
    cited = [f for t in found for f in t.step.by if isinstance(f, Derivation)]
    for fact in dependency_order(cited):
        if id(fact) not in results:
            results[id(fact)] = check_derivation(fact, settings, results)
    return results
