"""What a formula and a hypothesis look like to a reader, never what is checked.

A step's sides are shown as the judge printed them, never simplified again: a re-simplified side can
collapse onto the other ("0 = 0") and hide what was checked.  Here only long decimals are cut and
spelled-out Greek names become letters.
"""
from __future__ import annotations

import re

_LONG_DECIMAL = re.compile(r"(?<![\d.])(\d+)\.(\d{13,})(?![\d.])")


def short_decimals(latex: str, digits: int = 6) -> str:
    """A literal of more than twelve decimals in a formula, cut (never rounded) to `digits` significant
    digits and marked with an ellipsis: 0.474474647\\ldots starts as the value does, whichever side of it.  A
    literal with no more digits than that is shown whole, without an ellipsis."""
    def cut(m: re.Match) -> str:
        whole, frac = m.group(1), m.group(2)
        lead = len(whole.lstrip("0"))
        zeros = 0 if lead else len(frac) - len(frac.lstrip("0"))
        keep = max(3, digits - lead) + zeros
        return f"{whole}.{frac}" if keep >= len(frac) else f"{whole}.{frac[:keep]}\\ldots"
    return _LONG_DECIMAL.sub(cut, latex or "")


# Lower-case Greek names as SymPy spells symbols (varepsilon, sigma_s, lamda), and the letters a reader
# expects.  Capitalised names are left alone: Gamma(k, θ) and Beta(a, b) are laws, not letters.
GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
         "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "lamda": "λ",
         "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ",
         "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ",
         "psi": "ψ", "omega": "ω"}
# A whole name, or the name part of sigma_s / varepsilon_1 / alpha2; never inside a word (beta in
# alphabet, eta in theta or beta) and never a function call (gamma(x)).
_GREEK_NAME = re.compile(r"(?<![A-Za-z\\])(" + "|".join(sorted(GREEK, key=len, reverse=True)) + r")(?![A-Za-z(])")


def greek_letters(text: str) -> str:
    """Plain text (a hypothesis, a sampling range) with each spelled-out Greek symbol name as its letter:
    "varepsilon_U ~ Uniform(-a, a), independent of K" reads "ε_U ~ Uniform(-a, a), independent of K".
    For the eye only: the JSON keeps the names as the engine wrote them."""
    return _GREEK_NAME.sub(lambda m: GREEK[m.group(1)], text or "")


def minus_signs(text: str) -> str:
    """A negative number's sign as a minus, −3, where the words wrote a hyphen (-3 ≤ e1 ≤ 3, [-3, 3]); a hyphen
    inside a word or between two terms (u-1, x_1-2) is left as it is.  Character by character, no pattern."""
    out = []
    for k, ch in enumerate(text or ""):
        starts_number = ch == "-" and text[k + 1:k + 2].isdigit() and (k == 0 or text[k - 1] in " [(,")
        out.append("−" if starts_number else ch)
    return "".join(out)


def sampling_range(r) -> str:
    """A symbol's sampling range (verdicts.SamplingRange) in one line: "λ ∈ [0.05, 20] (log-uniform)",
    "s_i ∈ [-3, 3], i = 1…n", "n ∈ ℤ, n ≥ 1 (sampled at n = 1, 2, 3, 17 and 256, and at seeded sizes up to 40)" (each size once)."""
    return minus_signs(greek_letters(_sampling_words(r)))


def _entry(name: str) -> str:
    """The i-th entry of a vector named `name`: s_i, and b_{1,i} for a vector named with a subscript (b_1) or a
    number (v1), never b_1_i; sigma2, the project's variances, as σ_i²."""
    if name == "sigma2":
        return "sigma_i²"
    name = _subscripted(name)
    base, mark, sub = name.partition("_")
    return f"{base}_{{{sub.strip('{}')},i}}" if mark and sub else f"{name}_i"


# Letters a text uses for a length or a count: drawn or followed through the reals, they are said to be real.
SIZE_LETTERS = ("n", "m", "d", "k", "N")


def _subscripted(name: str) -> str:
    """A one-letter name with a number (x2, e1) as the letter with that subscript (x_2), as its formula prints it;
    any other name as it is (sigma2, a variance, is the project's σ²; k1_i keeps its own script)."""
    if name == "sigma2":
        return "sigma²"
    return f"{name[0]}_{name[1:]}" if len(name) > 1 and name[0].isalpha() and name[1:].isdigit() else name


def _sampling_words(r) -> str:
    name = _subscripted(r.symbol)
    entry = _entry(r.symbol) if r.index else name
    where = f", i = {r.index[0]}…{r.index[1]}" if r.index else ""
    facts = "".join(f"; {name} {fact}" for fact in r.facts)
    scale = " (log-uniform)" if r.log_uniform else ""
    if r.kind == "real" and r.symbol in SIZE_LETTERS:      # n ∈ [2, 10⁶] beside n ∈ ℤ elsewhere: said to be real
        scale = " (a real number, log-uniform)" if r.log_uniform else " (a real number)"
    if r.kind == "law":
        return f"{entry} ∈ {'(0, ∞)' if r.positive else 'ℝ'}{where}, sampled from {r.law}"
    if r.kind == "size":
        declared = ", ".join(str(k) for k in r.sizes)
        if r.only:
            return f"{name} ∈ ℤ, {name} ≥ {r.least} (sampled at {declared} only)"
        schedule = sorted(set(getattr(r, "schedule", ()) or ()))
        if schedule:
            # every size the numbers draw it at, as the run drew them (the seeded ones too): the one list a step's
            # evidence is said against, so that a step names only the sizes it adds (the far ones) or lacks
            listed = ", ".join(str(k) for k in schedule[:-1]) + f" and {schedule[-1]}" if len(schedule) > 1 \
                else str(schedule[0])
            return f"{name} ∈ ℤ, {name} ≥ {r.least} (sampled at {name} = {listed}, and beyond where its step says)"
        # each size said once: a declared size the schedule already names (the large one, 256) is not repeated
        fixed = sorted(set([r.least, r.least + 1, r.large, *r.sizes]))
        listed = ", ".join(str(k) for k in fixed[:-1]) + f" and {fixed[-1]}" if len(fixed) > 1 else str(fixed[0])
        return (f"{name} ∈ ℤ, {name} ≥ {r.least} (sampled at {name} = {listed}, and at seeded sizes up to "
                f"{r.seeded_up_to})")
    if r.kind == "complex":
        return f"{name} ∈ ℂ, real and imaginary parts in [{r.low}, {r.high}]{scale}"
    return f"{entry} ∈ [{r.low}, {r.high}]{scale}{where}{facts}"
