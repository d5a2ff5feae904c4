"""From a step to a verdict, and from the steps to a derivation's verdict and conclusion.

Each relation's judge (judge/relations.py) and each meaning of ≈
(judge/meanings.py) produces its verdict through the one `combine()`
(judge/combine.py).  This module adds what is about the step as a whole:
malformed input, cited facts (a fact lends its scope, never more), the time
limit of the step, restatements, and the expectation that a claim is refuted.
"""
from __future__ import annotations

import time

import sympy as sp

from ..authoring.chain import Derivation, Step
from ..authoring.expectations import random_variables_in
from ..authoring.relations import Relation
from ..authoring.symbols import Domain, display_name, domain_of, shown_number
from ..authoring.written import evaluated
from ..evidence import numeric
from ..authoring.bound_indices import readable_indices
from ..evidence.balls import NumericTimeout
from ..evidence.sampling import LARGE_SIZE, MAX_SEEDED_SIZE, size_schedule, validate_pins
from ..prove import UnknownStrategy
from ..interrupts import RanOutOfTime
from ..prove.timeouts import StrategyTimeout
from ..prove.expectations import law_formula
from ..prove.instances import instance_reason
from ..prove.sums import canonical, substitute
from ..settings import Settings, cpu_clock
from ..verdicts import (Check, DerivationResult, ExperimentResult, Formula, Name, SamplingRange, Said, StepResult,
                        Verdict, weakest)
from .. import timings
from .compose import conclude
from .context import CitedFact, StepContext
from .fingerprint import step_fingerprint
from .meanings import judge_approx
from .vacuous import vacuous_reason
from .relations import JUDGES
from .scoped import written_scope
from .stated import stated_relations, unread_conditions
from .unconfirmed import review as review_unconfirmed
from .witnesses import review as review_at_witnesses


class StepError(ValueError):
    """The step is malformed; the message says what to fix."""


def fact_gaps(step: Step, results: dict) -> tuple[CitedFact, ...]:
    """The cited facts as gaps (with the verdicts they lend), or StepError if one is unusable."""
    gaps = []
    for fact in step.by:
        if not isinstance(fact, Derivation):
            raise StepError(f"by= takes derivations (checked facts), not {type(fact).__name__}")
        res = results.get(id(fact))
        if res is None:
            raise StepError(f"cited fact {fact.name or fact.title!r} has not been checked (is it collected?)")
        rel = Relation(res.conclusion_relation) if res.conclusion_relation else None
        first, last = fact.start, fact.steps[-1].rhs if fact.steps else fact.start
        first, last = evaluated(first), evaluated(last)
        if step.at:     # the fact at an instance, once each value is shown admissible
            why = instance_reason(step.at)
            if why:
                raise StepError(f"cited fact {fact.name!r} at {', '.join(f'{k} = {v}' for k, v in step.at.items())}: "
                                f"{why}; the citation proves nothing there")
            first, last = substitute(first, step.at), substitute(last, step.at)
        if rel in (Relation.LE, Relation.LT):
            gaps.append(CitedFact(fact.name, last - first, False, res.verdict is Verdict.CASES, res.verdict, res.conclusion))
        elif rel in (Relation.GE, Relation.GT):
            gaps.append(CitedFact(fact.name, first - last, False, res.verdict is Verdict.CASES, res.verdict, res.conclusion))
        elif rel is Relation.EQ:
            gaps.append(CitedFact(fact.name, first - last, True, res.verdict is Verdict.CASES, res.verdict, res.conclusion))
        elif res.verdict is Verdict.UNKNOWN:
            # Nothing decided the fact (a limit hit, say): the step citing it is undecided too, not malformed.
            raise CitedFactUnknown(f"cited fact {fact.name!r} is unknown ({res.conclusion})")
        else:
            raise StepError(f"cited fact {fact.name!r} concludes no inequality or equality ({res.conclusion})")
    return tuple(gaps)


class CitedFactUnknown(Exception):
    """A cited fact came out unknown: the citing step is unknown (time may make a fact unknown, never an error)."""


def _validate(lhs, step: Step):
    if step.relation is Relation.PROPTO:
        if not step.wrt:
            raise StepError("∝ needs wrt= naming the variable(s) the ratio must not depend on (it was empty)")
        zero = [side for side, e in (("left", lhs), ("right", step.rhs)) if e.is_zero]
        if zero:
            # 0 = 0·rhs for any rhs: a proportionality with constant 0 says nothing about how anything scales.
            raise StepError(f"∝ with the {zero[0]} side identically 0 says nothing: lhs = c·rhs needs c ≠ 0")
        bad = [w for w in step.wrt if not isinstance(w, sp.Symbol)]
        if bad:
            raise StepError(f"wrt= takes declared symbols, not {bad[0]!r}")
    validate_pins(step.given)      # the evidence layer's rule for given= (declared keys, integer sizes)


def _is_restatement(lhs, rhs) -> bool:
    """Both sides the same expression after renaming bound indices: the step checks nothing."""
    try:
        return canonical(lhs) == canonical(rhs)
    except Exception:  # an unusual expression is simply not compared
        return False


def check_step(index: int, lhs, step: Step, derivation: Derivation, settings: Settings, results: dict) -> StepResult:
    t0 = time.perf_counter()
    timings.start_step()
    rel = step.relation
    # The step's fields, gathered as the check finds them; the record is built once from them at the end.
    res = dict(index=index, relation=rel.value, lhs_latex=_latex(lhs), rhs_latex=_latex(step.rhs),
               lhs_srepr=_srepr(lhs), rhs_srepr=_srepr(step.rhs), reason=step.reason,
               source=step.source or derivation.source, verdict=Verdict.ERROR, message="",
               expect_refuted=step.expect_refuted, assumptions=list(step.assumptions), checks=[], tables=[],
               survives=dict(step.survives), display_latex=getattr(step, "display", "") or "",
               lhs_display_latex=(getattr(derivation, "start_display", "") or "") if index == 1 else "",
               wrt=tuple(_latex(w) for w in step.wrt if isinstance(w, sp.Basic)))
    try:
        if step.error or lhs is None:
            raise StepError(step.error or "the previous expression is malformed")
        res["fingerprint"] = step_fingerprint(lhs, step)
        _judge(res, lhs, step, settings, results, derivation)
    except (StepError, numeric.SamplingError, UnknownStrategy) as exc:
        res.update(verdict=Verdict.ERROR, message=str(exc))
    except CitedFactUnknown as exc:
        res.update(verdict=Verdict.UNKNOWN, message=str(exc))
    except (StrategyTimeout, NumericTimeout) as exc:  # a limit no inner handler answered: unknown, never lost
        res.update(verdict=Verdict.UNKNOWN, message=f"timed out ({exc.__class__.__name__})")
    except Exception as exc:  # an engine or SymPy failure must not stop the other steps
        res.update(verdict=Verdict.UNKNOWN, message=f"check crashed: {exc.__class__.__name__}: {exc}")
    verdict = res["verdict"]
    if step.expect_refuted:
        passed = verdict is Verdict.REFUTED
        if not passed and verdict in (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC):
            res["message"] = (f"expected a refutation, but the step came out {verdict.value}: "
                              "the claim documented as false holds") + ("; " + res["message"] if res["message"] else "")
    else:
        passed = verdict is Verdict.PROVED or (
            verdict in (Verdict.NUMERIC, Verdict.CASES) and not settings.require_proof)
    seconds = time.perf_counter() - t0
    timings.end_step(res.get("fingerprint", ""), str(derivation.file), seconds)
    return StepResult(**res, passed=passed, seconds=seconds)


def _pins(given) -> Said | str:
    """A step's given= pins, "lambda = 131/100", each symbol and value a formula (a reader sets λ = 131/100);
    the plain words where a formula would spell them otherwise."""
    worded = ", ".join(f"{k} = {v}" for k, v in given.items())
    said = Said.joined(", ", [Said(*(Formula.of(x) if isinstance(x, sp.Basic) else str(x) for x in (k, " = ", v)))
                              for k, v in given.items()])
    return said if said == worded else worded


def _judge(res: dict, lhs, step: Step, settings: Settings, results: dict, derivation: Derivation | None = None):
    """Fill in `res`, the fields of the step's result, as the check finds them."""
    _validate(lhs, step)
    facts = fact_gaps(step, results)
    ctx = StepContext(settings=settings, given=dict(step.given), facts=facts, how=tuple(step.how),
                      wrt=tuple(step.wrt), assumed=stated_relations(step.assumptions, lhs, step.rhs),
                      deadline=cpu_clock() + settings.step_limit, fingerprint=res["fingerprint"])
    if step.given:
        res["assumptions"].append(Said("checked at ", _pins(step.given), " only"))
    res["restatement"] = _is_restatement(lhs, step.rhs)     # on the lines as written
    res["vacuous"] = vacuous_reason(lhs, step.rhs, step, derivation, results)
    written = (lhs, step.rhs)
    lhs, rhs = evaluated(lhs), evaluated(step.rhs)       # as_written lines: their value is what is checked
    def judged(ctx, sides=None):
        a, b = sides if sides is not None else (lhs, rhs)
        if step.relation is Relation.APPROX:
            return judge_approx(a, b, step, ctx)
        return JUDGES[step.relation](a, b, step.relation, ctx)
    out = written_scope(judged(ctx), *written, ctx)     # where a line as written has no value
    res["checks"] += [Check(Said("cites fact ", Name(f.name)), f.verdict, "", "", f.conclusion) for f in facts]
    res["checks"] += out.checks
    res["tables"] += out.tables
    verdict, message = out.verdict, out.message
    used = [f for f in facts if f.name in out.facts_used or " + ".join(x.name for x in facts) in out.facts_used]
    if verdict in (Verdict.PROVED, Verdict.CASES) and used:
        # A proof from a fact is only as strong as the fact: it lends its scope, never more.
        lent = weakest([verdict] + [f.verdict for f in used])
        if lent is not verdict:
            # Lent down to cases or numeric after a strategy ran out of time: more time could have proved the
            # step outright, so time decided between proved and numeric; only unknown is independent of it.
            lendable = lent in (Verdict.CASES, Verdict.NUMERIC) and not out.timed_out
            verdict = lent if lendable else Verdict.UNKNOWN
            message = f"proved from a cited fact that is itself only {lent.value}" + (
                "" if lendable or lent not in (Verdict.CASES, Verdict.NUMERIC) else
                "; a symbolic strategy ran out of its time limit first, so the step is unknown")
    if step.given:
        out.scope = (out.scope + "; " if out.scope else "") + Said("numbers at ", _pins(step.given), " only")
    res.update(verdict=verdict, method=out.method, scope=out.scope, sizes_only=out.sizes_only, numeric=out.evidence,
               counterexample=out.counterexample, strategy=out.strategy, message=message)
    # a step read from a text whose conditions nobody confirmed: refuted only inside them (judge/unconfirmed.py)
    res.update(review_unconfirmed(res, lhs, rhs, step, ctx, judged))
    # a step about functions the text introduces as arbitrary: refuted at witnesses with their properties
    res.update(review_at_witnesses(res, lhs, rhs, step, ctx, judged))
    unread = unread_conditions(step.assumptions, *written)
    if res["verdict"] is Verdict.REFUTED and unread:
        # the author excluded points the numbers could not: the counterexample may be one of them
        res.update(verdict=Verdict.UNKNOWN, counterexample=None,
                   message=(f"not refuted: the condition {unread[0]!r} (assume=) is not read as relations over the "
                            "step's symbols, so the numbers could not keep to it and the counterexample may lie where "
                            "it excludes; write it as relations such as 'x > 0', '0 < x < 1' or 'x ∈ (-1, 1)'"
                            + ("; " + res["message"] if res["message"] else "")))
    if res["restatement"] and verdict is Verdict.PROVED:
        res["message"] = ("restatement: both sides are the same expression, so this step checks nothing; "
                          "write the right side by hand (if SymPy evaluated the line you wrote into the other side, "
                          "keep it with as_written(lambda: …))") + ("; " + message if message else "")
    elif res["vacuous"] and verdict in (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC):
        res["message"] = (Said("vacuous: ", res["vacuous"], "; this step checks nothing and supports no claim")
                          + ("; " + message if message else ""))


def _latex(e) -> str:
    if e is None:
        return r"\text{(malformed)}"
    return sp.latex(readable_indices(e))     # a bound index named as a reader names it; the value is the same


def _srepr(e) -> str:
    return "" if e is None else sp.srepr(e)


def check_derivation(d: Derivation, settings: Settings, results: dict) -> DerivationResult:
    t0 = time.perf_counter()
    domains = _domain_notes(d, settings.seed)
    assumptions = list(d.assumptions) + [said for said, _ in domains]
    hypotheses = list(d.assumptions) + [said for said, drawn in domains if drawn is None]
    message = f"start: {d.start_error}" if d.start_error else ""
    steps, lhs = [], d.start
    for k, step in enumerate(d.steps, start=1):
        steps.append(_guarded(lambda: check_step(k, lhs, step, d, settings, results), k, step))
        lhs = step.rhs
    experiments = [run_experiment(exp, settings) for exp in d.experiments]
    concluded = conclude(steps, d)
    effective = [_effective(s) for s in steps]
    # An experiment is evidence, never proof: it can only weaken a derivation's verdict.
    effective += [Verdict.NUMERIC if e.passed else (Verdict.ERROR if e.verdict is Verdict.ERROR else Verdict.REFUTED)
                  for e in experiments]
    if d.start_error:
        effective.append(Verdict.ERROR)
    if not d.steps:
        message = message or "the derivation has no steps: state at least one checked step"
        effective.append(Verdict.ERROR)
    passed = bool(d.steps) and not d.start_error and all(s.passed for s in steps) \
        and all(e.passed for e in experiments) \
        and not (settings.require_proof and any(s.verdict is not Verdict.PROVED and not s.expect_refuted
                                                for s in steps))
    return DerivationResult(name=d.name, title=d.title, source=d.source, file=d.file, verdict=weakest(effective),
                            passed=passed, assumptions=assumptions, hypotheses=hypotheses,
                            sampling=[drawn for _, drawn in domains if drawn is not None], notes=list(d.notes),
                            reconstruction=d.reconstruction, steps=steps, experiments=experiments, message=message,
                            seconds=time.perf_counter() - t0, **concluded)


def _effective(s: StepResult) -> Verdict:
    """What a step contributes to its derivation's verdict.

    An expected refutation that happened counts as established; one contradicted by a passing verdict
    counts against the derivation (the documented false claim holds).  One that stayed unknown or is an
    error stays so: a timeout must never turn a derivation "refuted" (principle 7)."""
    if not s.expect_refuted:
        return s.verdict
    if s.passed:
        return Verdict.PROVED
    return Verdict.REFUTED if s.verdict in (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC) else s.verdict


def crashed_result(d: Derivation, why: str) -> DerivationResult:
    """The result of a derivation whose check ended its process: every step an error that says so."""
    message = f"not checked: {why}"
    steps = [StepResult(index=k, relation=step.relation.value, lhs_latex=r"\text{(not checked)}",
                        rhs_latex=r"\text{(not checked)}", lhs_srepr="", rhs_srepr="", reason=str(step.reason),
                        source=str(step.source), verdict=Verdict.ERROR, passed=False,
                        expect_refuted=step.expect_refuted, message=message)
             for k, step in enumerate(d.steps, start=1)]
    return DerivationResult(name=d.name, title=d.title, source=d.source, file=d.file, verdict=Verdict.ERROR,
                            passed=False, conclusion=f"none: {message}", assumptions=list(d.assumptions),
                            hypotheses=list(d.assumptions), notes=list(d.notes), reconstruction=d.reconstruction, steps=steps, message=message)


def _guarded(check, k: int, step: Step) -> StepResult:
    """An error while rendering or serialising one step is that step's error, not the derivation's."""
    try:
        return check()
    except Exception as exc:
        return StepResult(index=k, relation=step.relation.value, lhs_latex=r"\text{(unprintable)}",
                          rhs_latex=r"\text{(unprintable)}", lhs_srepr="", rhs_srepr="", reason=str(step.reason),
                          source=str(step.source), verdict=Verdict.ERROR, passed=False,
                          expect_refuted=step.expect_refuted,
                          message=f"the step could not be printed or checked: {exc.__class__.__name__}: {exc}")


def _domain_notes(d: Derivation, seed: int = 0) -> list[tuple[str, SamplingRange | None]]:
    """The domains of the derivation's symbols, in words, each with its sampling range as values (None for a
    domain that is a hypothesis of its claim)."""
    syms = set()
    for e in d.expressions:
        if e is not None:
            bases = e.atoms(sp.IndexedBase)
            labels = {b.label for b in bases}
            syms |= {s for s in e.free_symbols if isinstance(s, sp.Symbol) and s not in labels} | bases
            syms |= random_variables_in(e)      # bound by their expectations, but their declared laws are premises
    out = []
    for s in sorted(syms, key=str):
        dom = domain_of(s)
        if dom is not None and dom.kind != "index":
            words, drawn = _law_as_formula(dom.describe(display_name(s)), dom), _sampling_range(dom, display_name(s), seed)
            declared = _declared_conditions(s, dom, display_name(s))
            if declared and drawn is None:      # a hypothesis: the declared conditions are part of it
                more = "".join(f", {c}" for c in declared)
                words = Said(*words.parts, more) if isinstance(words, Said) else f"{words}{more}"
            out.append((words, drawn))
            if declared and drawn is not None:  # a sampling range: the declared conditions are hypotheses apart
                out += [(c, None) for c in declared]
    return out


def _declared_conditions(s, dom, name: str) -> list[str]:
    """The sign conditions declared on a real symbol (interval("e", -3, 3, nonzero=True)) that its range
    [low, high] does not already say, in words ("e ≠ 0"): a hypothesis shown without them would not imply a
    step that uses them."""
    if type(dom) is not Domain or dom.kind != "real" or not isinstance(s, sp.Symbol):
        return []
    try:
        low, high = sp.sympify(dom.low), sp.sympify(dom.high)
        above = bool(low > 0) or (bool(low == 0) and dom.open_low)     # every value of the range is > 0
        below = bool(high < 0) or (bool(high == 0) and dom.open_high)
        declared = s.assumptions0
        if declared.get("positive") and not above:
            return [f"{name} > 0"]
        if declared.get("negative") and not below:
            return [f"{name} < 0"]
        out = []
        if declared.get("nonnegative") and not bool(low >= 0):
            out.append(f"{name} ≥ 0")
        if declared.get("nonpositive") and not bool(high <= 0):
            out.append(f"{name} ≤ 0")
        if declared.get("nonzero") and not (above or below):
            out.append(f"{name} ≠ 0")
        return out
    except Exception:       # a range that cannot be compared: the words as the domain gives them
        return []


def _law_as_formula(words: str, dom) -> str:
    """A domain's words with the law in them held as a formula (prove.expectations.law_formula), so a reader
    sets it as the texts write it, N(0, σ²); the same words."""
    law = getattr(dom, "distribution", None) or getattr(dom, "law", None)
    try:
        named, formula = law.describe(), law_formula(law)
    except Exception:       # no law, or one that cannot be printed: the words as they are
        return words
    if not isinstance(formula, Formula) or named not in words:
        return words
    parts = words.parts if isinstance(words, Said) else (words,)
    out, done = [], False
    for part in parts:          # the law in the words' plain text; their other parts (the names) kept
        if not done and type(part) is str and named in part:
            head, _, tail = part.partition(named)
            out += [head, formula, tail]
            done = True
        else:
            out.append(part)
    return Said(*out) if done else words


def _sampling_range(dom, name: str, seed: int = 0) -> SamplingRange | None:
    """A domain that only says where the numbers draw the symbol, as values; None for a hypothesis of the
    claim (a confined range, an integer range, a choice) or a domain that cannot be read."""
    if type(dom) is not Domain:
        return None     # a random variable's declared law (RandomDomain) is a premise of the claim
    try:
        low, high = shown_number(dom.low), shown_number(dom.high)
        index = (str(dom.start), str(dom.size)) if dom.kind == "vector" else ()
        if dom.law is not None:
            return SamplingRange(name, "law", index=index, law=dom.law.describe(),
                                 positive=dom.law.support == "positive")
        if dom.kind == "size":
            return SamplingRange(name, "size", least=int(dom.low or 1), sizes=tuple(int(k) for k in dom.sizes),
                                 only=bool(dom.only), seeded_up_to=MAX_SEEDED_SIZE, large=LARGE_SIZE,
                                 schedule=tuple(size_schedule(dom, seed)))
        if dom.confined or dom.kind not in ("real", "vector", "complex"):
            return None
        return SamplingRange(name, dom.kind, low, high, log_uniform=bool(dom.log),
                             index=index, facts=tuple(str(f) for f in dom.facts) if dom.kind == "vector" else ())
    except Exception:
        return None


def run_experiment(exp, settings: Settings) -> ExperimentResult:
    t0 = time.perf_counter()
    # Not passed until the experiment has run and decided: a crash or a non-bool `holds` fails.
    found = dict(verdict=Verdict.ERROR, finding="", passed=False)
    try:
        outcome = exp.run(settings.seed, settings.quick)
        holds = getattr(outcome, "holds", None)
        if not isinstance(holds, bool):
            # A truthy string or a numpy bool is not a decision the report can stand on.
            found["finding"] = f"experiment error: holds must be True or False, not {holds!r}"
        else:
            found["verdict"] = Verdict.NUMERIC if holds else Verdict.REFUTED
            found.update(finding=outcome.finding, tables=list(outcome.tables), plots=list(outcome.plots))
            found["passed"] = holds != exp.expect_refuted
    except RanOutOfTime as exc:  # stopped at its limit: more time could decide it, so unknown, never an error
        found.update(verdict=Verdict.UNKNOWN, finding=f"unknown: {exc}")
    except Exception as exc:  # one broken experiment must not stop the rest of the report
        found["finding"] = f"experiment crashed: {exc.__class__.__name__}: {exc}"
    return ExperimentResult(name=exp.name or exp.title, title=exp.title, claim=exp.claim, seed=settings.seed,
                            expect_refuted=exp.expect_refuted, seconds=time.perf_counter() - t0, **found)

