r"""Declaring the claims of a source text, and what checks them: a register that reads like a table.

    claim("000-eq2", seed("000", "eq. (2)"), "H = log n + log(Z/n) − λ Σ p_i s_i",
          holds=[entropy_decomposition])
    claim("000-eq5", seed("000", "eq. (5)"), "H ≈ log n − λ(s_max − s̄)",
          as_bound=("a lower bound for every λ", [entropy_lower_bound]), refuted_by=[eq5_fails_at_large_lambda])
    claim("002-law", ..., under=("σ_t² ∝ e^{−q·k_t}", [mle_is_attention]))
    claim("000-eq3", ..., regime=("λ ≪ 1", [mean_field]))
    claim("001-factor", ..., instances=("two laws of (s, v, ε)", [gaussian_case, uniform_case]))
    claim("001-floor", ..., contradicted_by=[derivation_with_an_experiment])
    claim("002-sparse", ..., not_checked="why")
    claim("000-headline", ..., readings=("the two readings and what each gives", [one_reading, other_reading]))

The keyword says what the author expects the checks to establish; the status is computed from the
verdicts of the named derivations (verifier/judge/claims.py), never typed here.  Nothing is checked
at declaration except the shape: a claim with no evidence must say why it is not checked.

A claim of a text carries the text as written and the text's premises, and names the line of the text it
is, imported as written (derivations/texts/): its status comes from that line's verdict, with the
hand-written derivations as further links, never from a paraphrase alone:

    claim("000-eq6", seed("000", "eq. (6)"), "λ ∝ log n / d", written=r"\lambda\propto \frac{\log n}{d}",
          premises="s_max − s̄ = δd; λ holds eq. (5) at H₀ for every n", line=texts.eq_6,
          regime=("in n, as n → ∞", [scale_asymptotically_log_n]),
          beyond=("random q, k ~ N(0, I_d), which the text's ⟨q, k⟩ ∝ d excludes", [scale_with_dimension]))

beyond= names results under models the text's premises exclude (other score laws, correlated noise, a
constant fixed where the text leaves it free, exact proportionality for ∝): they are shown apart and never
change the status.  refused= says which construct kept the text's display, or the part of it the claim is
about, out of the import (line= then names the part that was read, if any).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .chain import Derivation

# What each keyword asks the named derivations to establish.
SUPPORT = "holds"           # every derivation passes: the claim holds as stated
AS_BOUND = "as_bound"       # every derivation passes, and what they establish is a one-sided bound
UNDER = "under"             # every derivation passes, with an assumption the source does not make
REGIME = "regime"           # every derivation passes, only in a regime the source does not name
INSTANCES = "instances"     # every derivation passes, each for one instance of a general claim: support, never proof
REFUTED_BY = "refuted_by"   # each derivation confirms an expected refutation (a certified counterexample)
CONTRADICTED_BY = "contradicted_by"   # each derivation's experiment, expected to contradict, does
LINE = "line"               # the text's own line, imported as written: its verdict is the claim's
BEYOND = "beyond"           # results under premises the text excludes: shown apart, never the status
READINGS = "readings"       # the text admits readings that come out differently: each named, none decides
KINDS = (SUPPORT, AS_BOUND, UNDER, REGIME, INSTANCES, REFUTED_BY, CONTRADICTED_BY)
QUALIFIED = (AS_BOUND, UNDER, REGIME, INSTANCES)
AGAINST = (REFUTED_BY, CONTRADICTED_BY)


@dataclass
class Claim:
    id: str
    source: str
    quote: str
    evidence: dict[str, list] = field(default_factory=dict)   # kind -> derivations (objects or "file::name")
    qualifier: str = ""          # the added assumption or the regime
    not_checked: str = ""        # why nothing checks it
    error: str = ""              # a malformed declaration, reported rather than raised
    written: str = ""            # the text as written: the display's LaTeX, or a quoted sentence
    premises: str = ""           # the text's own premises for it, in words (declared in the imported file)
    beyond_what: str = ""        # the model or premise the beyond= results assume and the text does not
    refused: str = ""            # why the text's display is not imported (the construct that refused it)
    readings: str = ""           # why the reading is not settled, and what each reading gives

    @property
    def kind(self) -> str:
        """The status the author expects: the qualified kind if there is one, else the single kind given
        (a claim named only by its imported line expects it to hold)."""
        for k in QUALIFIED + (SUPPORT, REFUTED_BY, CONTRADICTED_BY):
            if k in self.evidence:
                return k
        if LINE in self.evidence:
            return SUPPORT
        return "not_checked"

    def references(self) -> dict[str, list[str]]:
        """kind -> the derivations it names, as file::name (resolved after the loader has named them)."""
        return {k: [derivation_key(d) for d in ds] for k, ds in self.evidence.items()}


def derivation_key(d) -> str:
    """How a claim names a derivation: file::name, the file relative to the project when possible."""
    if isinstance(d, str):
        return d
    return f"{_shown_file(d.file)}::{d.name or _variable_name(d)}"


def _variable_name(d: Derivation) -> str:
    """The module-level name of a derivation the loader has not named yet (the loader names by variable too)."""
    import sys
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", None) and Path(module.__file__).resolve() == Path(d.file or "/").resolve():
            for var, value in vars(module).items():
                if value is d:
                    return var
    return "?"


def _shown_file(file: str) -> str:
    if not file:
        return "?"
    path = Path(file)
    if path.is_absolute():
        parts = path.parts
        if "derivations" in parts:
            return str(Path(*parts[len(parts) - 1 - parts[::-1].index("derivations"):]))
    return str(path)


def claim(id: str, source: str, quote: str, *, holds=(), as_bound=(), under=None, regime=None, instances=None,
          refuted_by=(), contradicted_by=(), not_checked: str = "", written: str = "", premises: str = "",
          line=(), beyond=None, refused: str = "", readings=None) -> Claim:
    """Declare one claim of a source text and the derivations that address it (see the module docstring)."""
    out = Claim(id, source, quote, not_checked=not_checked, written=written, premises=premises, refused=refused)
    problems = []
    if line:
        out.evidence[LINE] = _derivations(line, LINE, problems)
    if beyond is not None:
        if not (isinstance(beyond, tuple) and len(beyond) == 2 and isinstance(beyond[0], str) and beyond[0].strip()):
            problems.append(f"beyond= takes (\"the premise the text excludes\", [derivations]), not {beyond!r}")
        else:
            out.beyond_what = beyond[0]
            out.evidence[BEYOND] = _derivations(beyond[1], BEYOND, problems)
    if readings is not None:
        if not (isinstance(readings, tuple) and len(readings) == 2 and isinstance(readings[0], str)
                and readings[0].strip() and readings[1]):
            problems.append(f"readings= takes (\"why the reading is open, what each gives\", [derivations]), "
                            f"not {readings!r}")
        else:
            out.readings = readings[0]
            out.evidence[READINGS] = _derivations(readings[1], READINGS, problems)
    if isinstance(as_bound, tuple) and len(as_bound) == 2 and isinstance(as_bound[0], str):
        # as_bound=("which bound, and what the ≈ is then", [derivations]): the bound said in words, as under= does
        out.qualifier, as_bound = as_bound
    for kind, value in ((UNDER, under), (REGIME, regime), (INSTANCES, instances)):
        if value is None:
            continue
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str)):
            problems.append(f"{kind}= takes (\"what\", [derivations]), not {value!r}")
            continue
        out.qualifier, derivations = value
        out.evidence[kind] = _derivations(derivations, kind, problems)
    for kind, value in ((SUPPORT, holds), (AS_BOUND, as_bound), (REFUTED_BY, refuted_by),
                        (CONTRADICTED_BY, contradicted_by)):
        if value:
            out.evidence[kind] = _derivations(value, kind, problems)
    out.evidence = {k: v for k, v in out.evidence.items() if v}
    given = set(out.evidence) - {BEYOND, READINGS}
    if out.readings and (given or not_checked):
        problems.append("readings= says the claim is not settled: it names no other evidence and no not_checked=")
    if LINE in given and given & set(AGAINST) and not given & set(QUALIFIED):
        problems.append("the text's line decides the status: a refutation beside it is the boundary of a "
                        "qualification (as_bound=/under=/regime=), or a result beyond the text (beyond=)")
    if not_checked and given:
        problems.append("not_checked= excludes naming derivations: a claim is either checked or says why not")
    if not not_checked and not given and not out.readings:
        problems.append("no derivation addresses this claim: name them, or say why with not_checked=\"…\"")
    if len(given & set(QUALIFIED)) > 1:
        problems.append("at most one of as_bound=, under=, regime=, instances= per claim")
    if SUPPORT in given and given & set(QUALIFIED + AGAINST):
        problems.append("holds= cannot be combined with a qualification or a refutation; "
                        "use as_bound=/under=/regime= with refuted_by= for 'holds only as …'")
    if (UNDER in given or REGIME in given or INSTANCES in given) and not out.qualifier.strip():
        problems.append("name the added assumption, the regime or the instances")
    out.error = "; ".join(problems)
    return out


def _derivations(value, kind: str, problems: list) -> list:
    items = list(value) if isinstance(value, (list, tuple)) else [value]
    bad = [x for x in items if not isinstance(x, (Derivation, str))]
    if bad:
        problems.append(f"{kind}= takes derivations (or 'file::name'), not {bad[0]!r}")
    return [x for x in items if isinstance(x, (Derivation, str))]
