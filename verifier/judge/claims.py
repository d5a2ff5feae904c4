"""A claim's status, computed from the verdicts of the derivations that address it; never typed by hand.

The rules, strictest reading first:
  * a supporting derivation (holds=, as_bound=, under=, regime=) counts only if it passed and every
    step and experiment of it supports (no documented refutation inside); its weakest verdict is
    reported, so a claim held up by numbers alone says "numeric only";
  * a refuting derivation counts only if one of its steps was expected to be refuted and was
    (a certified counterexample); a refutation that did not happen makes the derivation fail, and
    the claim is then not "refuted";
  * a contradicting derivation counts only if one of its experiments was expected to contradict
    the claim and did;
  * if any named derivation is missing or does not count, the claim is "not checked", and the
    qualifier says which derivation failed and how: never a status the evidence does not carry;
  * the word is earned by the weakest supporting step: "holds" (and "holds only as a bound / under
    an assumption / in a regime") only when every supporting step is proved for all values in its
    scope; a step checked only at concrete sizes, or only by numbers, makes the claim "supported,
    not proved" whatever keyword the author chose.  `strength` names that weakest support.
"""
from __future__ import annotations

from ..authoring.claims import (AGAINST, AS_BOUND, BEYOND, READINGS, CONTRADICTED_BY, INSTANCES, LINE, REFUTED_BY, REGIME,
                                SUPPORT, UNDER, Claim, derivation_key)
import re

from ..verdicts import ClaimResult, ClaimStatus, DerivationResult, Verdict, weakest

STATUS = {SUPPORT: ClaimStatus.HOLDS, AS_BOUND: ClaimStatus.AS_BOUND, UNDER: ClaimStatus.UNDER_ASSUMPTION,
          REGIME: ClaimStatus.IN_REGIME, REFUTED_BY: ClaimStatus.REFUTED, CONTRADICTED_BY: ClaimStatus.CONTRADICTED,
          INSTANCES: ClaimStatus.SUPPORTED}    # a general claim proved for instances is supported, never proved

# The keyword's status when the support is a proof, and when it is weaker.
SUPPORTED = {ClaimStatus.HOLDS: ClaimStatus.SUPPORTED, ClaimStatus.AS_BOUND: ClaimStatus.AS_BOUND_SUPPORTED,
             ClaimStatus.UNDER_ASSUMPTION: ClaimStatus.UNDER_SUPPORTED,
             ClaimStatus.IN_REGIME: ClaimStatus.IN_REGIME_SUPPORTED}
# Weakest first: the rank of a supporting derivation is its weakest step.
RANKS = ("numeric", "cases", "proved")

STRENGTH_WORDS = {Verdict.PROVED: "proved", Verdict.CASES: "checked at concrete sizes only (not a proof for all n)",
                  Verdict.NUMERIC: "numeric only"}


def result_key(r: DerivationResult) -> str:
    return f"{r.file}::{r.name}"


def compute_claims(claims: list[Claim], derivation_results: list[DerivationResult]) -> list[ClaimResult]:
    by_key = {result_key(r): r for r in derivation_results}
    return [claim_status(c, by_key) for c in claims]


def claim_status(c: Claim, by_key: dict[str, DerivationResult]) -> ClaimResult:
    return ClaimResult(**_claim_fields(c, by_key))


def _claim_fields(c: Claim, by_key: dict[str, DerivationResult]) -> dict:
    """The fields of the claim's result, computed before the record is built."""
    refs = c.references()
    # The text's own line decides; results beyond the text's premises are described and set apart.
    lines, beyond, readings = refs.pop(LINE, []), refs.pop(BEYOND, []), refs.pop(READINGS, [])
    names = lines + [k for keys in refs.values() for k in keys]
    out = dict(id=c.id, source=c.source, quote=c.quote, status=ClaimStatus.NOT_CHECKED,
               derivations=list(dict.fromkeys(names)), written=c.written, premises=c.premises, refused=c.refused,
               failed=[])
    out["line"] = ", ".join(lines)
    out["beyond"] = [f"{c.beyond_what}: {_beyond_finding(key, by_key.get(key))}" for key in beyond]
    if c.error:
        out["qualifier"] = f"malformed claim: {c.error}"
        out["detail"] = "the declaration is malformed, so nothing it names is counted"
        return out
    if c.not_checked:
        out["qualifier"] = c.not_checked
        out["detail"] = "no derivation addresses it"
        return out
    if c.readings:
        # The text's words admit readings that come out differently: each reading's derivations are named and
        # described, and none decides the claim, so it is neither refuted nor holds.
        out["status"] = ClaimStatus.UNSETTLED
        out["derivations"] = list(dict.fromkeys(readings))
        out["qualifier"] = c.readings
        out["detail"] = ("the reading of the text is not settled: derivations address each reading, and none "
                         "decides the claim; " + "; ".join(_beyond_finding(key, by_key.get(key)) for key in readings))
        return out
    findings, failures, ranks, links = [], [], [], []
    for key in lines:
        r = by_key.get(key)
        if r is None:
            failures.append(f"the text's line {key} is missing (not among the checked derivations)")
            continue
        refuted = [st for st in r.steps if st.verdict is Verdict.REFUTED]
        if refuted:
            # A certified counterexample to the text's own line, inside the premises its file declares.
            out["status"] = ClaimStatus.REFUTED
            out["strength"] = "certified counterexample to the text's line, under the text's premises"
            out["weakest_link"] = f"{key} step {refuted[0].index}: refuted"
            out["weakest"] = (key, refuted[0].index, "refuted")
            out["qualifier"] = f"the text's line is refuted at step {refuted[0].index}"
            out["detail"] = f"{key}: refuted at step {refuted[0].index} (certified counterexample)"
            return out
        ok, what = _counts(SUPPORT, r)
        (findings if ok else failures).append(f"{key} (the text's line): {what}")
        if not ok:
            out["failed"].append((key, what))
        if ok:
            ranks.append(_rank(r))
            links.append(_weakest_step(key, r))
    for kind, keys in refs.items():
        for key in keys:
            r = by_key.get(key)
            if r is None:
                failures.append(f"{key} is missing (not among the checked derivations)")
                continue
            ok, what = _counts(kind, r)
            (findings if ok else failures).append(f"{key}: {what}")
            if not ok:
                out["failed"].append((key, what))
            if ok and kind not in AGAINST:
                ranks.append(_rank(r))
                links.append(_weakest_step(key, r))
    if failures:
        out["qualifier"] = "check failed: " + "; ".join(failures)
        out["detail"] = "; ".join(findings + failures)
        return out
    kind = c.kind
    out["status"] = STATUS[kind]
    if kind == CONTRADICTED_BY and REFUTED_BY in refs:
        out["status"] = ClaimStatus.REFUTED
    out["qualifier"] = c.qualifier if kind in (UNDER, REGIME, AS_BOUND, INSTANCES) else ""
    if ranks:
        weakest_rank = min(ranks, key=RANKS.index)
        out["strength"] = _strength_text(weakest_rank, [by_key[k] for k in lines] +
                                         [by_key[k] for kk, keys in refs.items() if kk not in AGAINST for k in keys])
        _, out["weakest_link"], out["weakest"] = min(links, key=lambda link: RANKS.index(link[0]))
        if kind == INSTANCES:
            out["strength"] = "for instances only: " + out["strength"]
            if weakest_rank == "proved":
                # every step is proved: what limits the claim is that only instances were checked, which the
                # strength says, not a step (a "weakest link … proved" would point at no weakness)
                out["weakest_link"], out["weakest"] = "", ()
        if weakest_rank != "proved":
            out["status"] = SUPPORTED.get(out["status"], out["status"])
    elif out["status"] in (ClaimStatus.REFUTED, ClaimStatus.CONTRADICTED):
        out["strength"] = "certified counterexample" if out["status"] is ClaimStatus.REFUTED else "experiment"
    out["detail"] = "; ".join(findings)
    out["measured_at"] = _measured_at(refs, by_key)
    out["measured_error"] = "; ".join(f"{key} step {index}: {caption}"
                                      for key, index, caption in out["measured_at"])
    return out


def _counts(kind: str, r: DerivationResult) -> tuple[bool, str]:
    """Whether this derivation carries what the claim's keyword asks of it, and what it showed."""
    if not r.passed:
        bad = [f"step {s.index} {s.label}" for s in r.steps if not s.passed]
        bad += [f"experiment '{e.title}' {e.verdict.value}" for e in r.experiments if not e.passed]
        return False, f"failed ({', '.join(bad) or r.message or r.verdict.value})"
    if kind == REFUTED_BY:
        hit = [s for s in r.steps if s.expect_refuted and s.verdict is Verdict.REFUTED]
        if not hit:
            return False, "has no confirmed refutation (no step expected to be refuted was)"
        return True, f"refuted as expected at step {hit[0].index} (certified counterexample)"
    if kind == CONTRADICTED_BY:
        hit = [e for e in r.experiments if e.expect_refuted and e.verdict is Verdict.REFUTED]
        if not hit:
            return False, "has no experiment whose data contradict the claim"
        return True, f"data contradict it: {hit[0].title}"
    against = [s.index for s in r.steps if s.expect_refuted] + \
              [e.title for e in r.experiments if e.expect_refuted]
    if against:
        return False, f"documents a refutation ({against[0]}), so it cannot support the claim"
    if not r.steps:
        return False, "has no steps (experiments alone are evidence, never a derivation)"
    # A step that checks nothing (judge/vacuous.py) supports nothing, however it came out.
    hollow = [s for s in r.steps if getattr(s, "vacuous", "")]
    if hollow:
        return False, f"not supported: step {hollow[0].index} is vacuous ({hollow[0].vacuous})"
    strength = weakest(s.verdict for s in r.steps)
    if strength not in STRENGTH_WORDS:
        return False, f"came out {strength.value}"
    # Experiments never prove: when the steps are proved, say separately that the data agree.
    experiments = weakest(e.verdict for e in r.experiments) if r.experiments else None
    if experiments is not None and experiments not in STRENGTH_WORDS:
        return False, f"an experiment came out {experiments.value}"
    data = "; its experiments agree (numeric evidence)" if experiments is not None else ""
    return True, STRENGTH_WORDS[strength] + _scope(r) + data


def _weakest_step(key: str, r: DerivationResult) -> tuple[str, str, tuple]:
    """(rank, "file::name step k: verdict", (key, k, verdict)) for the weakest step of a supporting derivation."""
    step = min(r.steps, key=lambda st: RANKS.index(_step_rank(st)))
    rank = _step_rank(step)
    word = {"proved": "proved", "cases": _sizes_word(step), "numeric": "numeric"}[rank]
    lead = _lead(step.scope) if step.scope and rank != "cases" else ""     # the sizes are in the word itself
    scope = f" ({lead})" if lead else ""
    return rank, f"{key} step {step.index}: {word}{scope}", (key, step.index, word + scope)


def _beyond_finding(key: str, r: DerivationResult | None) -> str:
    """What a result beyond the text's premises showed, in a few words; it never enters the status."""
    if r is None:
        return f"{key} is missing"
    refuted = [st.index for st in r.steps if st.verdict is Verdict.REFUTED]
    contradicted = [e.title for e in r.experiments if e.verdict is Verdict.REFUTED]
    if refuted:
        return f"{key} refutes it there (step {refuted[0]})"
    if contradicted:
        return f"{key}: data contradict it there ({contradicted[0]})"
    return f"{key}: {'holds there' if r.passed else 'came out ' + r.verdict.value}"


def _sizes_word(s) -> str:
    """A step established only at concrete sizes, in the words its badge uses: "checked at n = 1…3 only", or
    "proved, n ≤ 4 only" for a proof whose scope is a few sizes; "checked at concrete sizes only" when the
    strategy did not say which."""
    k = getattr(s, "sizes_only", None)
    if s.verdict is Verdict.PROVED and k is not None:
        return f"proved, n ≤ {k} only"
    if k is None:
        return "checked at concrete sizes only"
    return f"checked at n = 1…{k} only" if k != 1 else "checked at n = 1 only"


def _step_rank(s) -> str:
    if s.verdict is Verdict.PROVED:
        return "cases" if getattr(s, "sizes_only", None) is not None else "proved"     # proved at n = 1…k only
    return "cases" if s.verdict is Verdict.CASES else "numeric"


def _rank(r: DerivationResult) -> str:
    """The weakest step of a supporting derivation (that counted, so every step is proved, cases or numeric)."""
    return min((_step_rank(s) for s in r.steps), key=RANKS.index)


def _lead(scope: str) -> str:
    """A step's scope by its leading clause, without the checks it names: "n = 1…3 only (limit, series);
    generic n (bound)" leads with "n = 1…3 only"."""
    return re.sub(r"\s*\([a-z-]+(?:, [a-z-]+)*\)$", "", (scope or "").split(";")[0].strip())


def _strength_text(rank: str, supporting: list[DerivationResult]) -> str:
    if rank == "numeric":
        return "numeric (no symbolic proof for some step)"
    if rank == "cases":        # in the words the steps' badges use: "checked at n = 1…3 only"
        words = sorted({_sizes_word(s) for r in supporting for s in r.steps if _step_rank(s) == "cases"})
        return "; ".join(words) or "checked at concrete sizes only"
    scopes = sorted({_lead(s.scope) for r in supporting for s in r.steps if s.scope})
    data = "; data agree" if any(r.experiments for r in supporting) else ""
    return "proved" + (f" ({', '.join(scopes)})" if scopes else "") + data


def _scope(r: DerivationResult) -> str:
    """The distinct scopes of the steps, each by its leading clause ("generic n", "all values", …)."""
    scopes = sorted({_lead(s.scope) for s in r.steps if s.scope})
    return f" ({', '.join(scopes)})" if scopes else ""


def _measured_at(refs: dict[str, list[str]], by_key: dict[str, DerivationResult]) -> list[tuple[str, int, str]]:
    """Where the error of an approximation was measured, if a supporting derivation measured it:
    (derivation, step, the table's caption) for each table of its steps."""
    where = []
    for kind, keys in refs.items():
        if kind in AGAINST:
            continue
        for key in keys:
            r = by_key[key]
            where += [(key, s.index, t.caption) for s in r.steps for t in s.tables]
    return where


__all__ = ["compute_claims", "claim_status", "result_key", "derivation_key"]
