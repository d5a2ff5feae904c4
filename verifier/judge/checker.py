"""From a step to a verdict: symbolic strategies and numeric evidence, combined by fixed rules.

  proof and agreeing numbers     -> proved
  no proof, agreeing numbers     -> numeric
  numbers disagree at both dps   -> refuted (whatever SymPy said; a contradiction is flagged)
  anything else                  -> unknown
"""
from __future__ import annotations

import time

import mpmath
import sympy as sp

from ..evidence import numeric

from . import proof_cache
from .meanings import check_meanings
from ..settings import Settings
from ..authoring.chain import Derivation, Step
from ..prove.inequalities import FactGap, prove_inequality
from ..authoring.relations import Relation, compose
from ..prove.identities import prove_equal
from ..authoring.symbols import declared_like, domain_of
from ..verdicts import (Check, Counterexample, DerivationResult, ExperimentResult, NumericEvidence,
                       StepResult, Verdict, weakest)


def _evidence(cmp: numeric.Comparison, settings: Settings, note: str = "") -> NumericEvidence:
    return NumericEvidence(cmp.evaluated, tuple(settings.dps), numeric.fmt(cmp.worst, 3),
                           cmp.sizes, settings.seed, note or "; ".join(cmp.failures[:2]))


def _counterexample(cmp: numeric.Comparison) -> Counterexample:
    point, lhs, rhs = cmp.counterexample
    return Counterexample(point.describe(), {p: numeric.fmt(v, 20) for p, v in lhs.items()},
                          {p: numeric.fmt(v, 20) for p, v in rhs.items()})


def _combine(proof, cmp: numeric.Comparison, notes: list[str]):
    """The rules above, as (verdict, method, scope, message)."""
    if cmp.refuted:
        msg = "numbers disagree at both precisions"
        if proof:
            msg = f"SymPy claimed a proof ({proof.method}) that the numbers contradict: treat as a bug"
        return Verdict.REFUTED, "numeric counterexample at two precisions", "", msg
    if proof and cmp.agrees:
        return Verdict.PROVED, proof.method, proof.scope, ""
    if proof:
        return Verdict.UNKNOWN, proof.method, proof.scope, \
            "symbolic proof found but the numeric cross-check could not be completed: " + "; ".join(cmp.failures[:2])
    if cmp.agrees:
        return Verdict.NUMERIC, "high-precision sampling", "", "no symbolic strategy succeeded: " + "; ".join(notes[:3])
    return Verdict.UNKNOWN, "", "", "neither symbolic nor numeric check decided it: " + "; ".join((notes + cmp.failures)[:3])


# Once the numbers refute a step, SymPy only needs to be asked briefly: a quick "proof" would
# still expose an engine bug, and a long search cannot change the verdict.
REFUTED_LIMIT = 1.0


def _strategy_seconds(settings: Settings, cmp: numeric.Comparison) -> float:
    return min(settings.limit, REFUTED_LIMIT) if cmp.refuted else settings.limit


def judge_equality(lhs, rhs, settings: Settings, given=None):
    cmp = numeric.compare(lhs, rhs, "=", seed=settings.seed, dps=settings.dps, points=settings.points, fixed=given)
    limit = _strategy_seconds(settings, cmp)
    proof, notes = proof_cache.remembered("equal", lambda: prove_equal(lhs, rhs, limit), lhs, rhs, limit)
    verdict, method, scope, msg = _combine(proof, cmp, notes)
    return verdict, method, scope, _evidence(cmp, settings), (_counterexample(cmp) if cmp.refuted else None), msg


def judge_inequality(lhs, rhs, relation: Relation, settings: Settings, facts=(), given=None):
    cmp = numeric.compare(lhs, rhs, relation.value, seed=settings.seed, dps=settings.dps,
                          points=settings.points, fixed=given)
    limit = _strategy_seconds(settings, cmp)
    proof, notes, used = proof_cache.remembered(
        "inequality", lambda: prove_inequality(lhs, rhs, relation, facts, limit),
        lhs, rhs, relation.value, limit, *[part for f in facts for part in (f.name, f.gap, f.equality)])
    verdict, method, scope, msg = _combine(proof, cmp, notes)
    ce = _counterexample(cmp) if cmp.refuted else None
    ev = _evidence(cmp, settings, "worst value is the largest scaled violation (≤ 0 means it holds)")
    return verdict, method, scope, ev, ce, used


def _twin(sym):
    """A fresh copy of a symbol with the same domain, to compare a ratio at two values of it."""
    return declared_like(sym, f"{sym}'")


def judge_propto(lhs, rhs, wrt, settings: Settings, given=None):
    """lhs ∝ rhs in wrt: the ratio lhs/rhs does not depend on any of wrt."""
    from ..prove.identities import Proof, prove_zero
    ratio = lhs / rhs
    names = ", ".join(map(str, wrt))
    proof, notes = None, []
    continuous = all(isinstance(w, sp.Symbol) and not w.is_integer for w in wrt)
    if continuous:
        # Each partial derivative must vanish on its own: their sum vanishing proves nothing (a − b).
        methods = [prove_zero(sp.diff(ratio, w), settings.limit) for w in wrt]
        notes = [n for _, ns in methods for n in ns]
        if all(m for m, _ in methods):
            proof = Proof(f"∂(lhs/rhs)/∂{names} = 0 by {', '.join(dict.fromkeys(m for m, _ in methods))}", "all values")
    if proof is None and not (sp.simplify(ratio).free_symbols & set(wrt)):
        proof = Proof(f"simplify: the ratio lhs/rhs is free of {names}", "all values")
    swapped = ratio.xreplace({w: _twin(w) for w in wrt})
    cmp = numeric.compare(ratio, swapped, "=", seed=settings.seed, dps=settings.dps, points=settings.points,
                          fixed=given)
    verdict, method, scope, msg = _combine(proof, cmp, notes)
    ce = _counterexample(cmp) if cmp.refuted else None
    if ce:
        ce.note = f"lhs/rhs changes when {names} changes (primed symbols are the second value)"
    return verdict, method, scope, _evidence(cmp, settings, f"lhs/rhs compared at two values of {names}"), ce, msg


def fact_gaps(step: Step, results: dict) -> tuple[list[FactGap], list[Check], str]:
    """The cited facts as gaps, the checks recording their verdicts, and an error if one is unusable."""
    gaps, checks = [], []
    for fact in step.by:
        if not isinstance(fact, Derivation):
            return [], [], f"by= takes derivations (checked facts), not {type(fact).__name__}"
        res = results.get(id(fact))
        if res is None:
            return [], [], f"cited fact {fact.name or fact.title!r} has not been checked (is it collected?)"
        rel = Relation(res.conclusion_relation) if res.conclusion_relation else None
        first, last = fact.start, fact.steps[-1].rhs if fact.steps else fact.start
        if rel in (Relation.LE, Relation.LT):
            gaps.append(FactGap(fact.name, last - first, False))
        elif rel in (Relation.GE, Relation.GT):
            gaps.append(FactGap(fact.name, first - last, False))
        elif rel is Relation.EQ:
            gaps.append(FactGap(fact.name, first - last, True))
        else:
            return [], [], f"cited fact {fact.name!r} concludes no inequality or equality"
        checks.append(Check(f"cites fact {fact.name}", res.verdict, "", "", res.conclusion))
    return gaps, checks, ""


def check_step(index: int, lhs, step: Step, derivation: Derivation, settings: Settings, results: dict) -> StepResult:
    t0 = time.perf_counter()
    rel = step.relation
    res = StepResult(index=index, relation=rel.value, lhs_latex=_latex(lhs), rhs_latex=_latex(step.rhs),
                     lhs_srepr=_srepr(lhs), rhs_srepr=_srepr(step.rhs), reason=step.reason,
                     source=step.source or derivation.source, verdict=Verdict.ERROR, passed=False,
                     expect_refuted=step.expect_refuted, assumptions=list(step.assumptions))
    try:
        if step.error or lhs is None:
            res.message = step.error or "the previous expression is malformed"
        else:
            _judge(res, lhs, step, settings, results)
    except numeric.SamplingError as exc:
        res.verdict, res.message = Verdict.ERROR, str(exc)
    except Exception as exc:  # an engine or SymPy failure must not stop the other steps
        res.verdict, res.message = Verdict.UNKNOWN, f"check crashed: {exc.__class__.__name__}: {exc}"
    if step.expect_refuted:
        res.passed = res.verdict is Verdict.REFUTED
        if not res.passed and res.verdict in (Verdict.PROVED, Verdict.NUMERIC):
            res.message = (f"expected a refutation, but the step came out {res.verdict.value}: "
                           "the claim documented as false holds") + (f"; {res.message}" if res.message else "")
    else:
        res.passed = res.verdict is Verdict.PROVED or (res.verdict is Verdict.NUMERIC and not settings.require_proof)
    res.seconds = time.perf_counter() - t0
    return res


def _judge(res: StepResult, lhs, step: Step, settings: Settings, results: dict):
    rhs, rel = step.rhs, step.relation
    given = step.given or None
    if step.given:
        res.assumptions.append("checked at " + ", ".join(f"{k} = {v}" for k, v in step.given.items()))
    gaps, fact_checks, err = fact_gaps(step, results)
    if err:
        res.verdict, res.message = Verdict.ERROR, err
        return
    res.checks += fact_checks
    if rel is Relation.EQ:
        v, method, scope, ev, ce, msg = judge_equality(lhs, rhs, settings, given)
    elif rel is Relation.PROPTO:
        v, method, scope, ev, ce, msg = judge_propto(lhs, rhs, step.wrt, settings, given)
    elif rel is Relation.APPROX:
        checks, ce, tables = check_meanings(lhs, rhs, step, settings, gaps)
        res.checks += checks
        res.tables += tables
        v = weakest(c.verdict for c in checks)
        if any(c.verdict is Verdict.REFUTED for c in checks):
            v = Verdict.REFUTED
        method = "; ".join(f"{c.name.split(':')[0]}: {c.method or c.verdict.value}" for c in checks)
        scope = "; ".join(c.scope for c in checks if c.scope)
        ev, msg = None, ""
    else:
        v, method, scope, ev, ce, used = judge_inequality(lhs, rhs, rel, settings, gaps, given)
        msg = ""
    if fact_checks and v is Verdict.PROVED:
        # A proof from a fact is only as strong as the fact.
        v = weakest([v] + [c.verdict for c in fact_checks])
        if v is not Verdict.PROVED:
            msg = "proved from a cited fact that is itself only " + v.value
            if v in (Verdict.REFUTED, Verdict.ERROR):
                v = Verdict.UNKNOWN
    res.verdict, res.method, res.scope, res.numeric, res.counterexample = v, method, scope, ev, ce
    res.message = res.message or msg


def _latex(e) -> str:
    if e is None:
        return r"\text{(malformed)}"
    return sp.latex(e)


def _srepr(e) -> str:
    return "" if e is None else sp.srepr(e)


def check_derivation(d: Derivation, settings: Settings, results: dict) -> DerivationResult:
    t0 = time.perf_counter()
    out = DerivationResult(name=d.name, title=d.title, source=d.source, file=d.file, verdict=Verdict.ERROR,
                           passed=False, conclusion="", assumptions=list(d.assumptions) + _domain_notes(d),
                           notes=list(d.notes), reconstruction=d.reconstruction)
    lhs = d.start
    if d.start_error:
        out.message = f"start: {d.start_error}"
    for k, step in enumerate(d.steps, start=1):
        out.steps.append(check_step(k, lhs, step, d, settings, results))
        lhs = step.rhs
    for exp in d.experiments:
        out.experiments.append(run_experiment(exp, settings))
    _conclude(out, d)
    effective = []
    for s in out.steps:
        effective.append(Verdict.PROVED if (s.expect_refuted and s.passed) else
                         (Verdict.REFUTED if s.expect_refuted else s.verdict))
    for e in out.experiments:
        effective.append(Verdict.NUMERIC if e.passed else Verdict.REFUTED)
    if d.start_error:
        effective.append(Verdict.ERROR)
    out.verdict = weakest(effective) if effective else Verdict.ERROR
    if not effective:
        out.message = out.message or "the derivation has no steps"
    out.passed = bool(effective) and not d.start_error and all(s.passed for s in out.steps) \
        and all(e.passed for e in out.experiments)
    out.seconds = time.perf_counter() - t0
    return out


def _domain_notes(d: Derivation) -> list[str]:
    syms = set()
    for e in d.expressions:
        if e is not None:
            bases = e.atoms(sp.IndexedBase)
            labels = {b.label for b in bases}
            syms |= {s for s in e.free_symbols if isinstance(s, sp.Symbol) and s not in labels} | bases
    out = []
    for s in sorted(syms, key=str):
        dom = domain_of(s)
        if dom is not None and dom.kind != "index":
            out.append(dom.describe(str(s)))
    return out


def _conclude(out: DerivationResult, d: Derivation):
    chain = [s for s in d.steps if not s.expect_refuted]
    if not d.steps:
        out.conclusion = "none: no steps"
        return
    if len(chain) != len(d.steps):
        out.conclusion = "none: the derivation states claims in order to refute them"
        return
    rel, why = compose([s.relation for s in chain])
    failing = [s for s in out.steps if not s.passed]
    if rel is None:
        out.conclusion = f"none: {why}"
        return
    last = chain[-1].rhs
    if failing:
        out.conclusion = f"none: step {failing[0].index} is {failing[0].verdict.value}"
        return
    if d.start is None or last is None:
        out.conclusion = "none: malformed expressions"
        return
    out.conclusion_relation = rel.value
    out.conclusion = f"{sp.sstr(d.start)} {rel.symbol} {sp.sstr(last)}" + (f" ({why})" if why else "")
    out.conclusion_latex = f"{sp.latex(d.start)} {rel.latex} {sp.latex(last)}"


def run_experiment(exp, settings: Settings) -> ExperimentResult:
    t0 = time.perf_counter()
    out = ExperimentResult(name=exp.name or exp.title, title=exp.title, verdict=Verdict.ERROR, claim=exp.claim,
                           finding="", seed=settings.seed, expect_refuted=exp.expect_refuted)
    try:
        outcome = exp.run(settings.seed, settings.quick)
        out.verdict = Verdict.NUMERIC if outcome.holds else Verdict.REFUTED
        out.finding, out.tables, out.plots = outcome.finding, list(outcome.tables), list(outcome.plots)
        out.passed = outcome.holds != exp.expect_refuted
    except Exception as exc:  # one broken experiment must not stop the rest of the report
        out.finding = f"experiment crashed: {exc.__class__.__name__}: {exc}"
        out.passed = False
    out.seconds = time.perf_counter() - t0
    return out


def dependency_order(derivations: list[Derivation]) -> list[Derivation]:
    """Cited facts first, so a step citing one can use its verdict."""
    ordered, seen = [], set()

    def visit(d, stack=()):
        if id(d) in seen or id(d) in stack:
            return
        for step in d.steps:
            for fact in step.by:
                if isinstance(fact, Derivation):
                    visit(fact, stack + (id(d),))
        seen.add(id(d))
        ordered.append(d)

    for d in derivations:
        visit(d)
    return ordered


def check_all(derivations: list[Derivation], settings: Settings, on_result=None, jobs: int = 1) -> list[DerivationResult]:
    """Check derivations (cited facts first); with jobs > 1, one file per worker process at a time."""
    if jobs > 1 and len({d.file for d in derivations}) > 1:
        return _check_in_parallel(derivations, settings, on_result, jobs)
    return _check_serially(derivations, settings, on_result)


def _check_serially(derivations, settings, on_result=None):
    results: dict[int, DerivationResult] = {}
    wanted = {id(d) for d in derivations}
    for d in dependency_order(derivations):
        mpmath.mp.dps = 15
        results[id(d)] = check_derivation(d, settings, results)
        if on_result and id(d) in wanted:
            on_result(results[id(d)])
    return [results[id(d)] for d in derivations]


# Workers inherit the loaded derivations through fork; only indices and plain results cross processes.
_WORKER_STATE: dict = {}


def _check_group(indices: list[int]):
    derivations, settings = _WORKER_STATE["derivations"], _WORKER_STATE["settings"]
    group = [derivations[k] for k in indices]
    return list(zip(indices, _check_serially(group, settings)))


def _check_in_parallel(derivations, settings, on_result, jobs):
    import multiprocessing
    groups: dict[str, list[int]] = {}
    for k, d in enumerate(derivations):
        groups.setdefault(d.file, []).append(k)
    # Largest files first, so the long ones do not start last.
    ordered = sorted(groups.values(), key=lambda g: -sum(len(derivations[k].steps) for k in g))
    _WORKER_STATE.update(derivations=derivations, settings=settings)
    results: dict[int, DerivationResult] = {}
    try:
        with multiprocessing.get_context("fork").Pool(min(jobs, len(ordered))) as pool:
            for pairs in pool.imap_unordered(_check_group, ordered):
                for k, r in pairs:
                    results[k] = r
                    if on_result:
                        on_result(r)
    finally:
        _WORKER_STATE.clear()
    return [results[k] for k in range(len(derivations))]
