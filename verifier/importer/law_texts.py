"""The words and signs of a text about random variables that the readings of its laws share (laws.py, marginal_laws.py):
which objects keep a step from being decided at a law, which inline maths only names variables, which words describe
a law or its values, the sentences and their maths, the chains unsettled by a law's quantities, and the words that
make a display a hypothesis."""
from __future__ import annotations

import itertools
import re

import sympy as sp
from sympy.core.function import AppliedUndef

from .reading import tokens

# Objects a side may not write for the step to be decided at a law: their value may be the law's under another name.
OPAQUE = (sp.Sum, sp.Product, sp.Integral, sp.Indexed, sp.IndexedBase, sp.Derivative, sp.Limit, AppliedUndef)
# Inline maths that only names the variables: a name (X, X_1, \theta, \hat{\theta}_n) or a list of them ($X, Y$,
# $X_1, \dots, X_n$).  Any other inline maths ($2X$, $X + 1$, $\mathcal{N}(0, 1)$) says what the names are.
NAME = r"(?:\\(?:hat|bar|tilde)\s*)?\{?\s*\\?[A-Za-z]+\s*\}?(?:\s*_\s*(?:\{[^{}$]*\}|\\?[A-Za-z0-9]+))?"
NAMES_ONLY = re.compile(rf"\s*{NAME}(?:\s*,\s*(?:{NAME}|\\[lc]?dots))*\s*")
# A word that describes a law or its values.  Said anywhere in the text (a sentence with or without inline maths, a
# heading, a note inside a display), it may constrain the variables of every step: no law is proposed in that text,
# unless the sentence is one whose words the laws proposed honour (a stated mean and variance).
LAW_WORDS = re.compile(r"""\b(?:values?|valued|takes|taking|took|bernoulli|binomial|poisson|gaussians?|normal(?:ly)?|
uniform(?:ly)?|distributed|distributions?|support(?:ed|s)?|bounded|integers?|integer-valued|binary|indicators?|
continuous|discrete|densit(?:y|ies)|symmetric(?:al|ally)?|zero-mean|means?|variances?|moments?|deviations?|
non-?negative|positive|negative|probabilit(?:y|ies)|coins?|die|dice|heads|tails|outcomes?|exponential|geometric|
constants?|degenerate|range|ranges|interval|sign|signs|bits?|flips?|tosses|toss|rolls?|count|counts|number|numbers|
events?|law|laws|pdf|pmf|cdf)\b""".replace("\n", ""), re.I)


def is_quantity(s) -> bool:
    """A quantity of a law the reader named (`E[X^2]`): a symbol whose name writes a bracket."""
    return isinstance(s, sp.Symbol) and "[" in s.name


_INLINE = re.compile(r"\$([^$]+)\$|\\\((.+?)\\\)", re.S)


def inline_maths(sentence: str) -> list[str]:
    """The pieces of inline maths a sentence writes ($…$ or \\(…\\)), in order."""
    return [m.group(1) or m.group(2) or "" for m in _INLINE.finditer(sentence)]


_DISPLAYS = re.compile(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\{(equation|align|gather|multline)\*?\}.*?\\end\{\1\*?\}", re.S)
_NOTES = re.compile(r"\\(?:text|textrm|textup|textit|mbox)\s*\{([^{}]*)\}")


def prose_of(text: str) -> str:
    """The text with each display a full stop: its prose."""
    return _DISPLAYS.sub(" . ", text)


def notes_of(text: str) -> str:
    """The words of the text boxes (`\\text{…}`) the text writes, anywhere, joined as sentences."""
    return " . ".join(m.group(1) for m in _NOTES.finditer(text))


def without_maths(s: str) -> str:
    """s with each piece of inline maths a space: the words it says outside the maths."""
    return re.sub(r"\$[^$]*\$|\\\(.+?\\\)", " ", s, flags=re.S)


def mentions(text: str) -> list[tuple[str, str]]:
    """(sentence, its inline maths) for each sentence of the prose, displays left out."""
    prose = prose_of(text)
    out = []
    for sentence in re.split(r"(?<=[.!?:;])\s+|\n\s*\n", prose):
        maths = " ".join(inline_maths(sentence))
        if maths.strip():
            out.append((sentence, maths))
    return out


def letters_of(latex: str) -> set[str]:
    """The letters and commands (w, x, sigma) a piece of LaTeX writes."""
    return {t.lstrip("\\") for t in tokens(latex) if (len(t) == 1 and t.isalpha()) or
            (t.startswith("\\") and t[1:].isalpha())}


def display(v) -> str:
    """A variable as the words of a law name it: theta_hat[n] as theta_hat_n."""
    if isinstance(v, sp.Indexed):
        return f"{v.base.label}_" + "".join(str(i) for i in v.indices)
    return str(v)


LAW_QUANTITIES = "a quantity of a random variable or a law"
VALUES = "free names related to a number"        # `E[X^2] = 2`: the chain's only names are quantities of a law
# Words just before a display that make it a hypothesis: “Suppose that $$…$$”, “assume”, “given”, “if”
SUPPOSED = re.compile(r"\b(?:suppose|supposing|assume|assuming|given|if|provided|let|such\s+that|where|whenever)\b"
                      r"[^.!?]*$", re.I)

# The phrases that state a mean or a width of a law in words, each with what it states and the value it gives
# ("zero mean", "mean $\mu$", "unit variance", "variance $\sigma^2$", "standard deviation $s$")
PHRASES = [
    (re.compile(r"\bzero\s+mean\b|\bmean\s+(?:zero\b|\$\s*0\s*\$)", re.I), "mean", lambda m: sp.Integer(0)),
    (re.compile(r"\bmean\s+\$\s*\\?([A-Za-z]+)\s*\$", re.I), "mean", lambda m: sp.Symbol(m.group(1))),
    (re.compile(r"\bunit\s+variance\b|\bvariance\s+(?:one\b|\$\s*1\s*\$)", re.I), "width", lambda m: sp.Integer(1)),
    (re.compile(r"\bvariance\s+\$\s*\\?([A-Za-z]+)\s*\^\s*(?:2|\{\s*2\s*\})\s*\$", re.I), "width",
     lambda m: sp.Symbol(m.group(1))),
    (re.compile(r"\bstandard\s+deviation\s+\$\s*\\?([A-Za-z]+)\s*\$", re.I), "width", lambda m: sp.Symbol(m.group(1))),
]


def two_point(m, h, first: bool) -> tuple:
    """((probability, value), (probability, value)): a law of mean m and variance h², m ± h each with probability 1/2
    (first), else m − 2h with probability 1/5 and m + h/2 with probability 4/5; the two differ in their third moment."""
    if first:
        return (sp.Rational(1, 2), m - h), (sp.Rational(1, 2), m + h)
    return (sp.Rational(1, 5), m - 2 * h), (sp.Rational(4, 5), m + h / 2)


def independent_outcomes(pieces, constants=None) -> tuple:
    """((probability, {variable: value}), …) of variables drawn independently, each piece [(probability, variable,
    value), …] the law of one of them, beside the constants' values."""
    outcomes = []
    for choice in itertools.product(*pieces):
        prob, point = sp.Integer(1), dict(constants or {})
        for p, v, x in choice:
            prob *= p
            point[v] = x
        outcomes.append((prob, point))
    return tuple(outcomes)


def exact(e):
    """e expanded, and simplified when it is small: a value a law gives, or the gap of a step at it (a gap not shown to
    be 0 only drops the law, never refutes anything)."""
    e = sp.expand(e)
    return sp.simplify(e) if e != 0 and sp.count_ops(e) < 60 else e
