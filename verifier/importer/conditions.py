"""Conditions the prose around a display states ("for $r \\neq 1$", "$p \\in (0, 1)$", "where $x > 0$").

They are proposed, never applied: the written file keeps each one beside the steps it concerns as
`unconfirmed=[(Ne(r, 1), r"r \\neq 1"), …]`, so the check runs over every declared value, and a counterexample
the text's own conditions exclude (or one where a side has no value) is unknown, not refuted
(verifier/judge/unconfirmed.py).  A step is refuted only at a point that satisfies every condition the text
states.  A condition whose sides cannot be read is kept as its words: then no point is known to satisfy it,
and no point refutes the steps that use its names.

Read: `a \\neq b`, `a < b`, `a \\le b` (and ≥, >, chains `0 < p < 1`, lists `x, y > 0`), `a \\in (lo, hi)` and
its closed and half-open kinds, Unicode ≠ ≤ ≥ ∈ in plain prose.  `x \\in \\mathbb{R}` restricts nothing.
Equalities in prose (`where $p_i = …$`) are definitions or mentions, not conditions, and are not taken.
An equation an earlier display states (`$$\\mathbf{I}\\mathbf{x} = 2\\mathbf{y}$$`), unless it is an identity, is a
hypothesis of the displays after it that write its names (`stated_by_display`), kept the same way.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

import sympy as sp
from sympy.core.function import AppliedUndef

from ..prove.timeouts import StrategyTimeout, time_limit
from .reading import GREEK, Backend, Context, DEFAULT_BACKEND, ReadError, read_side


@dataclass
class Condition:
    words: str                       # the text's words (LaTeX), as the written file quotes them
    relation: sp.Basic | None        # a SymPy relation (or And), or None when it could not be read
    names: frozenset                 # the names it mentions (letters and Greek names of the LaTeX)
    # a sum the words say is one ("weights $\lambda$ and $\mu$ summing to one"): a name the chain does not write
    # can take the rest of the sum, so the condition restricts the chain only when the chain writes every name
    all_names: bool = False
    # a sign the words give each name ("for nonnegative $a$ and $b$"): one relation per name, so the relations on
    # names the chain does not write can be left out
    per_name: bool = False
    # a sign the words give every name of the text ("Throughout, all variables are positive"): the relation on
    # each name a chain writes (a function of one symbol), not on named letters; EVERY_NAME_AS_WORDS: a range beside a
    # display that names no name ("On the interval $[1, 2]$"), kept as its words on every step
    every_name: object = None


_INLINE = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)", re.S)
_RELATION = re.compile(r"\\neq\b|\\ne\b|\\leqslant\b|\\geqslant\b|\\leq\b|\\geq\b|\\le\b|\\ge\b|\\lt\b|\\gt\b|"
                       r"\\notin\b|\\in\b|<=|>=|[<>≠≤≥∈]")
_OPS = {r"\neq": sp.Ne, r"\ne": sp.Ne, "≠": sp.Ne, r"\leqslant": sp.Le, r"\leq": sp.Le, r"\le": sp.Le, "≤": sp.Le,
        "<=": sp.Le, r"\geqslant": sp.Ge, r"\geq": sp.Ge, r"\ge": sp.Ge, "≥": sp.Ge, ">=": sp.Ge, "<": sp.Lt,
        r"\lt": sp.Lt, ">": sp.Gt, r"\gt": sp.Gt}
# Plain prose: `r ≠ 1`, `n ≥ 2` written without maths delimiters (Markdown, plain text).
_PLAIN = re.compile(r"(?<![\w$\\])([A-Za-zα-ωΑ-Ω](?:_[A-Za-z0-9]+)?)\s*([≠≤≥<>])\s*(-?[0-9]+(?:\.[0-9]+)?)(?![\w]|[,.{]\d)")
# The same with a comma or a brace inside the number (`x ≥ 1,000`, `x > 1,5`): not read, kept as words.
_PLAIN_SEPARATED = re.compile(r"(?<![\w$\\])([A-Za-zα-ωΑ-Ω](?:_[A-Za-z0-9]+)?)\s*([≠≤≥<>])\s*(-?[0-9]+(?:[,{][0-9,{}]+))")
_NAME = re.compile(r"\\[A-Za-z]+|[A-Za-z]")
# The left side of an equality in the prose that is a lone name (m, p_i, \mathbf{b}_1, \hat{y}).
_NAMED_EQUALITY = re.compile(r"\s*((?:\\(?:mathbf|boldsymbol|bm|hat|bar|tilde|vec|mathrm)\s*\{\s*)?\\?[A-Za-z]+\s*\}?"
                             r"\s*(?:_\s*(?:\{[^{}=]*\}|[A-Za-z0-9]))?)\s*(?::=|=|\\equiv|\\triangleq|\\coloneqq)(?!=)")
# A property the prose gives a name: `$y$ is one-hot`, `$x_i$ are positive`, `$W$ is orthogonal`.
_PROPERTY = re.compile(r"(?:\$([^$]{1,40})\$|\\\(([^$]{1,40}?)\\\))\s+(?:is|are)\s+(?:a\s+|an\s+|all\s+|assumed\s+(?:to\s+be\s+)?)?"
                       r"(?:strictly\s+)?(one-hot|positive|negative|non-?negative|non-?positive|non-?zero|integers?|"
                       r"natural|odd|even|prime|orthogonal|orthonormal|unit|normali[sz]ed|symmetric|invertible|sorted|"
                       r"distinct|bounded|binary|small|large|independent|i\.i\.d|probabilit(?:y|ies)|"
                       r"(?:a\s+)?(?:probability\s+)?distribution)\b", re.I)
_GREEK_UNICODE = {"α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "η": "eta", "θ": "theta",
                  "λ": "lambda", "μ": "mu", "ν": "nu", "ρ": "rho", "σ": "sigma", "τ": "tau", "φ": "phi", "ω": "omega"}
_NOT_NAMES = {"in", "neq", "ne", "le", "leq", "ge", "geq", "lt", "gt", "notin", "leqslant", "geqslant", "mathbb",
              "infty", "left", "right", "text", "mathrm", "quad", "qquad", "frac", "sqrt", "log", "exp", "ln", "forall",
              "R", "N", "Z", "Q", "C"}


def names_in(latex: str) -> frozenset:
    """The names a piece of LaTeX mentions: single letters and Greek letters (`\\lambda` is "lambda")."""
    out = set()
    for t in _NAME.findall(latex):
        if not t.startswith("\\"):
            out.add(t)
        elif t in GREEK:
            out.add(t[1:])
    return frozenset(out - {"R", "N", "Z", "Q", "C"} if re.search(r"\\mathbb", latex) else out)


def _interval(var, text: str, context: Context, backend: Backend):
    """`(0, 1)`, `[0, 1)`, `(0, \\infty)` as a relation on var, `\\mathbb{R}` as true, else None."""
    text = re.sub(r"\\(left|right|big|Big|bigl|bigr)\b", "", text).strip()
    if re.fullmatch(r"\\mathbb\s*\{?\s*R\s*\}?", text):
        return sp.true
    m = re.fullmatch(r"([(\[\]])\s*([^,]+?)\s*,\s*([^,]+?)\s*([)\][])", text)
    if not m:
        return None
    lo_t, hi_t = m.group(2), m.group(3)
    parts = []
    if not re.fullmatch(r"-\s*\\infty", lo_t):
        lo = read_side(lo_t, backend, context).expr
        parts.append((var >= lo) if m.group(1) == "[" else (var > lo))
    if not re.fullmatch(r"\+?\s*\\infty", hi_t):
        hi = read_side(hi_t, backend, context).expr
        parts.append((var <= hi) if m.group(4) == "]" else (var < hi))
    return sp.And(*parts) if parts else sp.true


def read_condition(latex: str, context: Context | None = None, backend: Backend = DEFAULT_BACKEND) -> sp.Basic | None:
    """One condition as a SymPy relation (an And for chains and lists), or None when it is not read."""
    context = context or Context()
    pieces = _RELATION.split(latex)
    ops = _RELATION.findall(latex)
    if not ops:
        return None
    try:
        if len(ops) == 1 and ops[0] in (r"\in", "∈"):
            names = [p.strip() for p in pieces[0].split(",")]
            rels = [_interval(read_side(n, backend, context).expr, pieces[1], context, backend) for n in names]
            return None if any(r is None for r in rels) else sp.And(*rels)
        if r"\notin" in ops or r"\in" in ops or "∈" in ops:
            return None
        sides = [p.strip() for p in pieces]
        if not all(sides):
            return None
        if any(_SEPARATED_NUMBER.search(side) for side in sides):
            return None     # `x \geq 1,000`, `x > 1,5`: a thousands separator or a decimal comma, not a list of two
        exprs = []
        for k, side in enumerate(sides):
            names = [n.strip() for n in side.split(",")] if "," in side and k in (0, len(sides) - 1) else [side]
            exprs.append([read_side(n, backend, context).expr for n in names])
        rels = []
        for k, op in enumerate(ops):
            for a in exprs[k]:
                for b in exprs[k + 1]:
                    rels.append(_OPS[op](a, b))
        rel = sp.And(*rels)
    except (ReadError, TypeError, ValueError, sp.SympifyError):
        return None
    return rel


def conditions_in(prose: str, context: Context | None = None, backend: Backend = DEFAULT_BACKEND,
                  definitions: bool = True, through_definitions: bool = True) -> list[Condition]:
    """Every condition stated in a piece of prose: inline maths with ≠, <, >, ≤, ≥ or ∈, plain `r ≠ 1`, a property
    given to a name (`$y$ is one-hot`) and, with `definitions`, what the prose says a name is (`Let $m = …$`)."""
    out: list[Condition] = []
    for m in _INLINE.finditer(prose):
        math = next(g for g in m.groups() if g is not None).strip()
        if not _RELATION.search(math) or "=" in re.sub(r"<=|>=", "", math):
            continue
        before = prose[max(0, m.start() - 40):m.start()]
        if _SEPARATED_NUMBER.search(math) or _DENIED_BEFORE.search(before) or re.match(_RELATION, math) \
                or _DENIED_AFTER.match(_INLINE.sub(" ", prose[m.end():m.end() + 80])) \
                or _one_of_two(prose, m):
            # `$x \geq 1,000$` (a separator or a decimal comma, not a list), "Except when $x < 0$" (the relation
            # turned around), "If $x$ is $\ge 0$" (the left side in the maths before): kept as words on the names
            # the sentence writes, never read as the relation
            subject = re.findall(r"\$([^$]{1,30})\$\s+(?:is|are|be)\s+$", before) if re.match(_RELATION, math) else []
            names = names_in(_without_subscripts(" ".join(subject + [math])))
            if names:
                out.append(Condition(" ".join((before.split("$")[-1] + " " + math).split()) if subject else math,
                                     None, names))
            continue
        for part in _top_level_parts(math):
            if _RELATION.search(part):
                part = re.sub(r"\\(text|mathrm)\{[^}]*\}|\\(forall|quad|qquad|,|;)", " ", part).strip(" .;")
                out.append(Condition(part, read_condition(part, context, backend), names_in(part)))
    for m in _INLINE.finditer(prose):
        math = next(g for g in m.groups() if g is not None).strip()
        named = _NAMED_EQUALITY.match(math) if definitions else None
        if named and not re.match(r"\s*[<>]", math[named.end():]):
            # `Let $m = \max_i x_i$`, `$\mathbf{b}_1 = -2\mathbf{b}_2$`: what the text says a name is
            out.append(Condition(math, None, names_in(_without_subscripts(named.group(1)))))
    for m in _IN_WORDS.finditer(prose):
        # "For $x$ in $[0, \infty)$": read like `x \in [0, \infty)`, kept as words when its ends are not read; a
        # set that is no interval (`\{1, \dots, n\}`, `\mathbb{R}^n`) is an index range or a space, not a range
        if _RELATION.search(m.group(1)) or _RELATION.search(m.group(2)) \
                or not re.fullmatch(r"\s*(?:\\left\s*)?[(\[\]][^,]+,[^,]+[)\]\[]\s*", m.group(2)):
            continue
        words = f"{m.group(1).strip()} \\in {m.group(2).strip()}"
        names = names_in(_without_subscripts(m.group(1)))
        if names and _one_of_two(prose, m):
            out.append(Condition(words + " (one of two conditions)", None, names))     # "in $(0, 1)$ or $a > 2$"
            continue
        if names:
            out.append(Condition(words, read_condition(words, context, backend), names))
    for m in _BETWEEN_MATHS.finditer(prose):
        # "For $x$ between $a$ and $b$": strictly between its ends, which every reading of "between" contains (and so
        # a < b); a point outside refutes nothing, one inside still does
        lo, x, hi = (g.strip() for g in (m.group(2), m.group(1), m.group(3)))
        names = names_in(_without_subscripts(x))
        numbers = all(re.fullmatch(r"-?\d+(?:\.\d+)?", g) for g in (lo, hi))     # "between $0$ and $1$": _BETWEEN
        if names and not numbers and not any(_RELATION.search(g) or "=" in g for g in (lo, x, hi)):
            words = f"{lo} < {x} < {hi}"
            out.append(Condition(words, read_condition(words, context, backend),
                                 names | names_in(_without_subscripts(lo)) | names_in(_without_subscripts(hi))))
    if not definitions and through_definitions:
        out += _conditions_through_definitions(prose, context, backend)
    out += _every_name(prose, {c.words for c in out})
    # "Let $x$ be positive", "Let $p$ be a probability": a sign, a range or a property in words, kept for every display
    # after it as an inline relation is; an inline equation only with `definitions` (the prose near a display)
    out += _unread_hypotheses(prose, {c.words for c in out}, context, backend, equations=definitions)
    out += _table_words(prose)
    for m in _PROPERTY.finditer(prose):
        # `$\mathbf{y}$ is a one-hot vector`, `$x_i$ are positive`: a property the text gives its names
        out.append(Condition(" ".join(m.group(0).split()), None,
                             names_in(_without_subscripts(m.group(1) or m.group(2) or ""))))
    rest = _INLINE.sub(" ", prose)
    for m in _PLAIN.finditer(rest):
        name, op, value = m.group(1), m.group(2), m.group(3)
        latex_name = "\\" + _GREEK_UNICODE[name] if name in _GREEK_UNICODE else name
        words = f"{latex_name} {op} {value}"
        out.append(Condition(words, read_condition(words, context, backend), names_in(latex_name)))
    for m in _PLAIN_SEPARATED.finditer(rest):
        # `x ≥ 1,000`, `x > 1,5`: the digits after the comma belong to the number, whichever its convention
        name = m.group(1)
        latex_name = "\\" + _GREEK_UNICODE[name] if name in _GREEK_UNICODE else name
        out.append(Condition(" ".join(m.group(0).split()), None, names_in(latex_name)))
    return out + _twin_glyphs(out)


# A relation the conditions above do not read: an equation (`\sum_i w_i = 1`, `N^2 = 0`), an orthogonality.
_UNREAD_RELATION = re.compile(r"(?<![<>!:\\])=(?!=)|\\perp\b|\\bot\b|\\parallel\b|⊥")
# `f(x) = …`, `l(y, \hat y) = …`, `\mathrm{LSE}(x_1, \dots, x_n) = …`: a function the prose defines, not a
# hypothesis about its arguments.
_FUNCTION_HEAD = re.compile(r"\s*(?:\\(?:mathrm|operatorname|textrm|text|mathit)\s*\{\s*[A-Za-z]+\s*\}|\\?[A-Za-z]+)"
                            r"\s*\([^()=]*\)\s*(?::=|=)")
# Words that give a name a property the reader does not apply: the sentence's names are then not settled.
_PROPERTY_WORDS = re.compile(
    r"\b(?:orthogonal|orthonormal|perpendicular|nilpotent|idempotent|symmetric|skew|hermitian|unitary|"
    r"unit|normali[sz]ed|stochastic|natural|roots?|solutions?|satisf(?:y|ies|ying)|"
    r"eigen\w*|invertible|singular|definite|semi-?definite|distributions?|"
    r"one-hot|binary|indicators?|odd|even|prime)\b", re.I)
# Words that give a name a sign, read as a relation on each name of the sentence when they are its only property.
# "an integer", "whole numbers": a whole number, with the sign the sentence gives it ("a positive integer")
_WHOLE_WORDS = re.compile(r"\b(?:integers?|whole\s+numbers?)\b", re.I)
# "satisfying $$p > 0.$$": what the name satisfies is the display, a hypothesis of the displays after it on its own
_SATISFY = re.compile(r"\bsatisf(?:y|ies|ying)\b", re.I)
# Words that make a name a count: a whole number >= 1 ("the number of tokens", "the dimension of the keys", "the
# sequence length"); "length" or "size" alone may be a real one (a step size, the length of an interval).
COUNT_WORDS = re.compile(r"\b(?:number\s+of|dimensions?|dimensionality|counts?|(?:sequence|context|input|output|window|"
                         r"batch|vocabulary|hidden|embedding|head|block)\s+(?:lengths?|sizes?)|"
                         r"lengths?\s+of\s+the\s+(?:sequence|input|context|window))\b", re.I)
_SIGN_WORDS = [
    (re.compile(r"\b(?:non-?negative|variances?|standard\s+deviations?)\b", re.I), lambda v: v >= 0),
    (re.compile(r"\b(?:non-?positive)\b", re.I), lambda v: v <= 0),
    (re.compile(r"\b(?:non-?zero)\b", re.I), lambda v: sp.Ne(v, 0)),
    (re.compile(r"(?<!non-)(?<!non)\b(?:positive|dimensions?|sizes?|lengths?|number\s+of|counts?)\b", re.I),
     lambda v: v > 0),
    (COUNT_WORDS, lambda v: sp.And(v >= 1, sp.Eq(v, sp.floor(v)))),
    (re.compile(r"(?<!non-)(?<!non)\bnegative\b", re.I), lambda v: v < 0),
    (re.compile(r"\bprobabilit(?:y|ies)\b", re.I), lambda v: _a_probability(v)),
]


_PROBABILITY_WORD = _SIGN_WORDS[-1][0]


def _a_probability(v):
    return sp.And(v >= 0, v <= 1)


# "takes the value $a-2$ with probability $p$, $a+2$ with probability $p$ and $a$ with probability $1-2p$": the maths
# after the word are the probabilities; the maths before "with probability" are the values the variable takes
_AFTER_PROBABILITY = re.compile(r"\bprobabilit(?:y|ies)\s+(?:of\s+)?$", re.I)
_BEFORE_PROBABILITY = re.compile(r"^\s+with\s+probabilit", re.I)
_LIST_JOIN = re.compile(r"^\s*(?:,|and|,\s*and)\s*$")
_RANDOM_VARIABLE = re.compile(r"\s*[A-Z](?:_\s*(?:\{[^{}]*\}|\w))?\s*")


# Where a clause of a sentence ends: a comma or a semicolon, or a word that starts a clause of its own
_CLAUSE_BREAK = re.compile(r"[,;]|\b(?:and\s+so|so|if|when|whenever|where|while|whereas|because|since|then)\b", re.I)


def _probabilities_by_clause(sentence: str, lone: list[str]) -> list[str]:
    """The maths of `lone` the probability word describes: those in the clauses that write the word with maths of
    their own ("the probability of getting a tails is $1-\theta$"), not those of another clause ("and so if $X$ is a
    sequence with $n_H$ heads", "independent probabilities multiply").  Every math of `lone` when no clause writes
    the word beside maths ("Let $p$ be, as before, a probability")."""
    cuts = [0] + [m.start() for m in _CLAUSE_BREAK.finditer(_INLINE.sub(lambda m: "\x00" * len(m.group(0)),
                                                                            sentence))] + [len(sentence)]
    described = []
    for a, b in zip(cuts, cuts[1:]):
        clause = sentence[a:b]
        maths = [next(g for g in m.groups() if g is not None).strip() for m in _INLINE.finditer(clause)]
        if maths and _PROBABILITY_WORD.search(_INLINE.sub(" ", clause)):
            described += [m for m in maths if m in lone]
    return described or lone


def _probabilities_of_values(sentence: str) -> list[str] | None:
    """The maths a sentence gives as probabilities when every other math in it is a value taken with a probability
    or a random variable's name (`$X$`); None when the sentence says more than that (then each math is kept)."""
    found = list(re.finditer(r"\$([^$]+)\$", sentence))
    probabilities, values, previous = [], 0, None
    for k, m in enumerate(found):
        before, after = sentence[:m.start()], sentence[m.end():]
        if _BEFORE_PROBABILITY.match(after):
            values += 1
            previous = None
        elif _AFTER_PROBABILITY.search(before) or (previous is not None and
                                                   _LIST_JOIN.match(sentence[found[previous].end():m.start()])):
            probabilities.append(m.group(1).strip())
            previous = k
        elif _RANDOM_VARIABLE.fullmatch(m.group(1)):
            previous = None
        else:
            return None
    return probabilities if probabilities and values else None
# "Let $p$ be a number between 0 and 1": inside the open interval, which every reading of the ends contains
_BETWEEN = re.compile(r"\bbetween\s+\$?\s*(-?\d+(?:\.\d+)?)\s*\$?\s+and\s+\$?\s*(-?\d+(?:\.\d+)?)\s*\$?(?![\w.]\d)", re.I)
# "Let $x$ be greater than 1", "at most $0$", "less than one half": an order with a number, in words
_ORDER_IN_WORDS = re.compile(r"\b(greater\s+than|larger\s+than|bigger\s+than|more\s+than|at\s+least|less\s+than|"
                             r"smaller\s+than|at\s+most)\s+(?:\$\s*(-?\d+(?:\.\d+)?)\s*\$|(-?\d+(?:\.\d+)?|one\s+half|"
                             r"zero|one|two)\b(?![.,]?\d|\s+of\b|\s*\$))", re.I)
_ORDER_WORD_OPS = {"greater": sp.Gt, "larger": sp.Gt, "bigger": sp.Gt, "more": sp.Gt, "least": sp.Ge, "less": sp.Lt,
                   "smaller": sp.Lt, "most": sp.Le}
_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2}
# "Throughout, all variables are positive": a sign every name of the text has
_EVERY_NAME = re.compile(r"\ball\s+(?:the\s+)?(?:variables|quantities|numbers|unknowns|parameters|scalars|values)\s+"
                         r"(?:are|in\s+this\s+\w+\s+are)\s+(?:assumed\s+(?:to\s+be\s+)?)?(?:strictly\s+)?"
                         r"(positive|non-?negative|negative|non-?positive|non-?zero|real)\b", re.I)
_SUM_TO_ONE = re.compile(r"\b(?:sum(?:s|ming)?|add(?:s|ing)?\s+up)\s+to\s+(?:one|1|unity)\b", re.I)


def _sentences_and_their_words(prose: str):
    """Each sentence of the prose (cut at `.;:!?` before a space and at a blank line, never inside inline maths), and
    the same sentence with its inline maths blanked out, so that words are searched outside the maths."""
    masked = _INLINE.sub(lambda m: "\x00" * len(m.group(0)), prose)
    start = 0
    for end in [m.end() for m in re.finditer(r"[.;:!?](?=\s|$)|\n\s*\n", masked)] + [len(prose)]:
        yield prose[start:end], masked[start:end]
        start = end


def _every_name(prose: str, seen: set) -> list[Condition]:
    """"Throughout, all variables are positive": a sign of every name the displays after it write, with no name
    in maths; kept as that relation on each scalar a chain writes (writer.py), and as words where a chain writes
    other things (vectors, entries), which the words also cover."""
    out = []
    for sentence, words_only in _sentences_and_their_words(prose):
        every = _EVERY_NAME.search(words_only)
        if not every or _INLINE.search(sentence):
            continue
        sign = [rel for pattern, rel in _SIGN_WORDS if pattern.search(every.group(1))]
        words = " ".join(sentence.split()).strip(" .;:,")
        if len(sign) == 1 and words not in seen:
            seen.add(words)
            out.append(Condition(words, None, frozenset(), every_name=sign[0]))
    return out


def _conditions_through_definitions(prose: str, context: Context | None, backend: Backend) -> list[Condition]:
    """"Let $p = \\sigma(z)$ with $0 < z$", "Define $q = 1 - p$ where $0 < p < 1$", far before a display: the name
    defined inline is its expression, whose names the same sentence bounds, so a display that writes the name as a
    free one may be true only inside those bounds.  Kept as the sentence's words on the defined name (no point is
    known to satisfy it, so no point refutes a line that writes it); the prose right before a display keeps every
    inline definition so (`definitions`)."""
    out: list[Condition] = []
    masked = _INLINE.sub(lambda m: "\x00" * len(m.group(0)), prose)
    start = 0
    for end in [m.end() for m in re.finditer(r"[.;!?](?=\s|$)|\n\s*\n", masked)] + [len(prose)]:
        sentence = prose[start:end]
        start = end
        defined: dict[str, frozenset] = {}
        for m in _INLINE.finditer(sentence):
            math = next(g for g in m.groups() if g is not None).strip()
            named = _NAMED_EQUALITY.match(math)
            rest = math[named.end():] if named else ""
            if named and not re.match(r"\s*[<>]", rest) and not _RELATION.search(rest):
                lhs = names_in(_without_subscripts(named.group(1)))
                defined[math] = (lhs, names_in(_without_subscripts(rest)) - lhs)
        if not defined:
            continue
        bounds = conditions_in(sentence, context, backend, definitions=False, through_definitions=False)
        bounded = set().union(*(c.names for c in bounds)) if bounds else set()
        words = " ".join(sentence.split()).strip(" .;:,")
        for math, (lhs, rhs) in defined.items():
            if lhs and rhs & bounded:
                out.append(Condition(words, None, frozenset(lhs)))
    return out


# "For $x$ between $a$ and $b$", "a point $x$ lying strictly between $a$ and $b$": only words that make x the point
# between may stand before "between" (not "the distance $d$ between $a$ and $b$")
_BETWEEN_MATHS = re.compile(r"\$([^$]{1,30})\$\s+(?:(?:that|which|to|be|is|are|lies|lie|lying|ranges?|ranging|varies|"
                            r"varying|taken|chosen|somewhere|strictly|anywhere|any|a|some|point|number|value|real)\s+)*"
                            r"between\s+\$([^$]{1,40})\$\s+and\s+\$([^$]{1,40})\$", re.I)
# Words that deny or limit a sign, an order or a range: read without them it would be the opposite condition
# ("If $x$ is not negative", "no greater than", "outside $[0, 1]$", "except when", "positive or zero").
_NEGATION = re.compile(r"\b(?:not|never|no|nor|neither|except|excluding|exclude[sd]?|unless|other\s+than|outside|or|"
                       r"otherwise|without|cannot|ruled?\s+out|apart\s+from|barring|unlike|in\s+contrast|"
                       r"impossible|false|fails?|invalid|save(?=\s+(?:for|the|when|where|if|at|those)\b))\b|n't\b", re.I)
# Words of an order, a range or a sign that the sentence rules above do not read (an order phrase they read is
# _ORDER_IN_WORDS; "greater than or equal to", "never exceeds", "within [1, 2]", "from 1 to 2" are not).  Each asks
# for what it bounds beside it ("greater than", "exceeds $1$"): "a larger batch", "equal to zero", "up to a
# constant", "within a few steps" state no condition.
_CONDITION_WORDS = re.compile(
    r"\b(?:exceed\w*\s+(?:-?\d|one|zero|two)|beyond|inside|interval|ranging|quadrant|(?:non-?)?(?:positivity|negativity)|"
    r"(?:same|opposite|different|like|unlike)\s+signs?|(?:greater|larger|smaller|bigger|fewer)\s+than|less\s+than|"
    r"at\s+(?:least|most)|bounded|restricted|"
    r"(?:is|are|be|stays?|remains?|lies?|lying)\s+(?:\w+\s+)?(?:below|above|under|over))\b"
    r"|\x00\s+(?:below|above)\b|\b(?:exceed\w*|within)\s+\x00", re.I)
# "For $x$ on $[1, 2]$", "For $x$ from $1$ to $2$": a range written with "on" or "from … to" (not "depends on $x$",
# "summing from $1$ to $n$")
_ON_AN_INTERVAL = re.compile(r"\bon\s+(?:the\s+)?(?:interval\s+)?\$\s*(?:\\left\s*)?[\[(]", re.I)
_FROM_TO = re.compile(r"\bfrom\s+\$[^$]*\$\s+to\s+\$", re.I)
_INDEX_WORDS = re.compile(r"\b(?:sum\w*|products?|index|indices|iterat\w*|steps?|terms?)\b", re.I)
# A comma between digits outside an interval's brackets: a thousands separator or a decimal comma (`1,000`, `1,5`),
# never a list of two numbers in a relation.
_SEPARATED_NUMBER = re.compile(r"(?<![(\[,]\s)(?<![(\[,])\d\s*,\s*\d(?![^(\[]*[)\]])")
# "For $x \ge 1$ or $x \le -1$", "$a$ in $(0, 1)$ or $a > 2$": one of two conditions, which neither states alone.
_EITHER = re.compile(r"(?:\bor|\beither)\s*(?:\w+\s+){0,2}$", re.I)
_EITHER_AFTER = re.compile(r"\s*(?:,\s*)?or\b", re.I)


def _one_of_two(prose: str, m: re.Match) -> bool:
    """Whether the inline maths m is joined to another condition by "or" ("$x \\ge 1$ or $x \\le -1$")."""
    return bool(_EITHER.search(prose[max(0, m.start() - 40):m.start()]) or _EITHER_AFTER.match(prose[m.end():m.end() + 40]))


# A denial just before an inline relation: "Except when $x < 0$", "unless $x > 1$", "other than $x = 0$".
_DENIED_BEFORE = re.compile(r"\b(?:not|never|except|excluding|exclude[sd]?|unless|other\s+than|outside|otherwise|"
                            r"without|cannot|can't|drop|impossible|ruled?\s+out|apart\s+from|barring|save(?:\s+for)?)\b"
                            r"(?:\s+(?:when|where|if|for|at|in|on|that|those|the|case|have|be))*\s*$", re.I)
# A denial after an inline relation in its sentence: "For $x < 0$ this is false", "Suppose $y > 0$ fails".
_DENIED_AFTER = re.compile(r"^[^.;:!?]*?\b(?:false|fails?|wrong|invalid|impossible|excluded|ruled\s+out|cannot|"
                           r"does\s+not\s+hold|is\s+not|never)\b", re.I)
# "$x$ in $(0, 1)$" after a denial ("not in", "except those in"): a range the denial turns around.
_IN_MATHS = re.compile(r"\b(?:in|between)\s+\x00", re.I)
# A range the words give no name: "On the interval $[1, 2]$", "valid on $[1, \infty)$", "for all points in $(0, 1)$".
_A_RANGE_OF_NO_NAME = re.compile(r"\b(?:on|in|over|within|inside|outside)\s+(?:the\s+)?(?:(?:open|closed|half-open)\s+)?"
                                 r"(?:interval\s+|range\s+|set\s+)?\x00", re.I)
# A condition on every name a display writes, kept as its words (`Condition.every_name`): no point refutes a step
# that writes a name, since the words do not say which name they bound.
EVERY_NAME_AS_WORDS = "words"
# Words that say what a matrix's entries are, or how a text reads entries with two indices: a matrix that is
# symmetric, stochastic (rows summing to one), a covariance or a Gram matrix, a Kronecker delta, the summation
# convention.  Kept as words on every step that writes an entry with two indices (`Condition.every_name`): the text
# names the matrix (P, the transition matrix) and not the letter of its entries (p_ij), so the words cannot be tied
# to the table by its name, and a true line about rows summing to one is false at nearly every table.
EVERY_TABLE_AS_WORDS = "tables"
# the summation convention (repeated indices summed) is kept on every step that writes an entry
EVERY_ENTRY_AS_WORDS = "entries"
_CONVENTION_WORDS = re.compile(r"\b(?:summation\s+convention|einstein|repeated\s+ind\w*)\b", re.I)
_TABLE_WORDS = re.compile(
    r"\b(?:summation\s+convention|einstein|repeated\s+ind\w*|kronecker|levi-?civita|symmetric|skew\w*|"
    r"anti-?symmetric|(?:doubly\s+)?stochastic|transition|markov|covariance|correlation|gram|precision|"
    r"diagonal\w*|triangular|identity|permutation|orthogonal|orthonormal|unitary|adjacency|laplacian|"
    r"confusion|rows?|columns?|one-hot|indicators?|binary)\b", re.I)
_ENTRY_WORDS = re.compile(r"\b(?:entr(?:y|ies)|elements?|components?|coefficients?)\b", re.I)
_TWO_INDICES = re.compile(r"_\s*\{\s*[A-Za-z]\s*,?\s*[A-Za-z]\s*\}")
# A quantity of the name, not the name: "whose absolute value is less than 1", "its square is positive".
_OF_A_NAME = re.compile(r"\b(?:whose|its|their|the)\s+(?:absolute\s+values?|magnitudes?|modul(?:us|i)|norms?|squares?|"
                        r"cubes?|reciprocals?|inverses?|logarithms?|exponentials?|differences?|sums?|products?|"
                        r"ratios?|distances?)\s+(?:of\s+\x00\s+)?(?:is|are|be|stays?|remains?|exceeds?|lies?)\b",
                        re.I)
_A_NUMBER = re.compile(r"\s*-?\d[\d.,{}\\!]*(?:[eE][-+]?\d+)?\s*")
# "For $x$ in $[0, \infty)$": a membership written with the word "in"
_IN_WORDS = re.compile(r"\$([^$]{1,30})\$\s+(?:in|lies\s+in|belongs\s+to|ranges\s+over)\s+\$([^$]{1,40})\$")


def _table_words(prose: str) -> list[Condition]:
    """Each sentence whose words say what a matrix's entries are ("Let $P$ be a stochastic matrix", "we use the
    summation convention"), kept as its words on the steps that write an entry with two indices (EVERY_TABLE_AS_WORDS):
    no point is known to satisfy them, so they never let a point refute such a step."""
    out: list[Condition] = []
    seen: set = set()
    for sentence, words_only in _sentences_and_their_words(prose):
        words = " ".join(sentence.split()).strip(" .;:,")
        # "the weight matrix $\mathbf{W}$ with entries $w_{ij}$": another letter for the matrix's entries
        entries = _ENTRY_WORDS.search(words_only) and _TWO_INDICES.search(sentence)
        if words and words not in seen and (_TABLE_WORDS.search(words_only) or entries):
            seen.add(words)
            out.append(Condition(words, None, frozenset(), every_name=EVERY_ENTRY_AS_WORDS
                                 if _CONVENTION_WORDS.search(words_only) else EVERY_TABLE_AS_WORDS))
    return out


def _unread_hypotheses(prose: str, seen: set, context: Context | None = None,
                       backend: Backend = DEFAULT_BACKEND, equations: bool = True) -> list[Condition]:
    """What the prose near a display states that the relations above do not read, each kept as its words: an
    equation in inline maths (`$\\alpha + \\beta = 1$`, `$\\mathbf{x}^\\top\\mathbf{y} = 0$`), an orthogonality
    (`$\\mathbf{x} \\perp \\mathbf{y}$`), and a sentence whose words give its names a property ("Let $p$ be a
    probability", "For orthogonal vectors $\\mathbf{x}$ and $\\mathbf{y}$").  Nothing is known to satisfy them, so a
    counterexample never refutes the steps that write their names: the step may be proved (what holds without a
    hypothesis holds with it), and is otherwise unknown, naming the hypothesis."""
    out: list[Condition] = []
    for m in _INLINE.finditer(prose) if equations else ():
        math = next(g for g in m.groups() if g is not None).strip()
        bare = re.sub(r"<=|>=|\\[A-Za-z]*eq\b|\\leqslant|\\geqslant", " ", math)
        if not _UNREAD_RELATION.search(bare) or _FUNCTION_HEAD.match(math) or _NAMED_EQUALITY.match(math):
            continue
        words = re.sub(r"\\(text|mathrm)\{[^}]*\}|\\(forall|quad|qquad|,|;)", " ", math).strip(" .;,")
        names = names_in(_without_subscripts(words))
        if names and words not in seen:
            seen.add(words)
            out.append(Condition(words, None, names))
    for sentence, words_only in _sentences_and_their_words(prose):
        signs = [rel for pattern, rel in _SIGN_WORDS if pattern.search(words_only)]
        if _WHOLE_WORDS.search(words_only):
            signs.append(lambda v: sp.Eq(v, sp.floor(v)))
        # far from a display (not `equations`), "satisfying" refers to a display, which states the hypothesis itself
        properties = _PROPERTY_WORDS.search(words_only if equations else _SATISFY.sub(" ", words_only))
        between = _BETWEEN.search(sentence)
        if between:
            # "a number between 0 and 1": strictly inside, whether or not the text counts the ends
            lo, hi = sp.Rational(between.group(1)), sp.Rational(between.group(2))
            signs.append(lambda v, lo=lo, hi=hi: sp.And(v > lo, v < hi))
        order = _ORDER_IN_WORDS.search(sentence)
        negated = False
        if order:
            # "Let $x$ be greater than 1": read as `x > 1` for each name of the sentence
            word = order.group(1).split()[1 if order.group(1).lower().startswith("at") else 0].lower()
            number = " ".join((order.group(2) or order.group(3)).lower().split())
            bound = sp.Rational(1, 2) if number == "one half" else sp.Rational(_NUMBER_WORDS.get(number, number))
            negated = re.search(r"\bnot\s+(?:be\s+)?$", sentence[:order.start()]) is not None     # "not greater than 1"
            signs.append(lambda v, op=_ORDER_WORD_OPS[word], bound=bound, negated=negated:
                         sp.Not(op(v, bound)) if negated else op(v, bound))
        if _EVERY_NAME.search(words_only) and not _INLINE.search(sentence):
            continue        # a sign of every name (_every_name)
        total = _SUM_TO_ONE.search(words_only)
        # "For $x$ no greater than $1$", "If $x$ is not negative", "outside $[0, 1]$", "never exceeds", "whose absolute
        # value is less than 1", "of the same sign": a condition the words above would read wrongly or not at all
        read = bool(signs or order or between)
        denied = [n for n in _NEGATION.finditer(words_only)
                  if not (order and negated and n.end() <= order.start())]     # "not greater than 1" is read
        worded = _CONDITION_WORDS.search(words_only) or _ON_AN_INTERVAL.search(sentence) \
            or (_FROM_TO.search(sentence) and not _INDEX_WORDS.search(words_only))
        unread = (denied and (read or properties or _IN_MATHS.search(words_only) or worded)) \
            or (not order and worded) or (read and _OF_A_NAME.search(words_only))
        if unread:
            signs, between, order, total = [], None, None, None
        elif not (properties or signs or total):
            continue
        maths = [next(g for g in m.groups() if g is not None) for m in _INLINE.finditer(sentence)]
        if unread:
            maths = [m for m in maths if not _A_NUMBER.fullmatch(m) and not _RELATION.search(m)]
        if between or order:
            maths = [m for m in maths if not re.fullmatch(r"\s*-?\d+(?:\.\d+)?\s*", m)]
        names = set().union(*(names_in(_without_subscripts(math)) for math in maths)) if maths else set()
        words = " ".join(sentence.split()).strip(" .;:,")
        if not names and unread and equations and words not in seen and _A_RANGE_OF_NO_NAME.search(words_only):
            # "On the interval $[1, 2]$,", "valid on $[1, \infty)$" beside a display: a range of the display's
            # variable, which the words do not name; kept as words on every name the display writes
            seen.add(words)
            out.append(Condition(words, None, frozenset(), every_name=EVERY_NAME_AS_WORDS))
            continue
        if not names or words in seen:
            continue
        seen.add(words)
        relation = None
        lone = [m.strip() for m in maths if not _UNREAD_RELATION.search(m) and not _RELATION.search(m)]
        if signs and not total and not properties and len(lone) == len(maths):
            # "Let $x$ be positive", "For a variance $v$", "Let $d_k$ be the key dimension": each name's sign
            given = _probabilities_of_values(sentence) if len(signs) == 1 and _PROBABILITY_WORD.search(
                words_only) and not any(p.search(words_only) for p, _ in _SIGN_WORDS[:-1]) else None
            if given is not None:
                # the values `$a-2$` taken with probability `$p$` are no probabilities: only p and 1 - 2p are
                lone = given
            elif len(signs) == 1 and _PROBABILITY_WORD.search(words_only) \
                    and not any(p.search(words_only) for p, _ in _SIGN_WORDS[:-1]):
                # "the probability of tails is $1-\theta$, and so if $X$ has $n_H$ heads": only 1 - θ is one
                lone = _probabilities_by_clause(sentence, lone)
            try:
                relation = sp.And(*(rel(read_side(n.strip(), backend, context or Context()).expr)
                                    for math in lone for n in math.split(",") if n.strip() for rel in signs))
                if given is not None and len(given) > 1:
                    # "the value $a$ with probability $p$ and the value $b$ with probability $q$": p + q = 1
                    total = sp.Add(*(read_side(g, backend, context or Context()).expr for g in given))
                    if sp.expand(total - 1) != 0:
                        relation = sp.And(relation, sp.Eq(total, 1))
            except (ReadError, TypeError, ValueError, sp.SympifyError):
                relation = None
        out.append(Condition(words, relation, frozenset(names), per_name=relation is not None,
                             all_names=bool(total) and not properties and not signs))
    return out


def stated_by_display(sides: list[str], relations: list[str], relation_latex: list[str], exprs: list,
                      line: int, introduced: bool = False) -> Condition | None:
    """What an earlier display states about its names, as a hypothesis of the displays after it: the text may take
    `\\mathbf{I}\\mathbf{x} = 2\\mathbf{y}` as given when it writes `\\|\\mathbf{x}\\|^2 = 4\\|\\mathbf{y}\\|^2` next, so a
    point that breaks it refutes nothing there.  Kept like a hypothesis of the prose: as a relation where its sides
    are read as numbers (a point that satisfies it still refutes), else as its words (no point is known to satisfy
    it).  None for an identity (its equalities hold at random points, so no point breaks it: the steps after it
    stay refutable), for a function written with its body (its names are parameters), and for a display with no
    equality."""
    if relations and all(r in _ORDER for r in relations):
        return _inequalities_stated(sides, relations, relation_latex, exprs, line, introduced)
    pairs = [(a, b) for r, a, b in zip(relations, exprs, exprs[1:]) if r in ("=", "def")]
    if any(isinstance(e, sp.Basic) and e.atoms(AppliedUndef) for pair in pairs for e in pair):
        return None         # `\\operatorname{sigmoid}(x) = \\frac{1}{1 + e^{-x}}`: a function and its body, x its parameter
    if not pairs or all(_holds_everywhere(a - b) for a, b in pairs):
        return None
    shown = " ".join(x.strip() for pair in zip(sides, relation_latex + [""]) for x in pair).strip()
    names: set = set()
    exprs = [_bound_by_name(e) for e in exprs]
    pairs = [(_bound_by_name(a), _bound_by_name(b)) for a, b in pairs]
    entries = any(isinstance(e, sp.Basic) and e.atoms(sp.Indexed) for e in exprs)
    for e in exprs:
        if not isinstance(e, sp.Basic):
            return None
        # the size of a sum over entries (`\sum_{i=1}^{n} \alpha_i = 1`) is every vector's length, not what the
        # equation is about; with no entries (`\sum_{i=1}^{n} i = 6`) the equation is about it
        bound = {x for node in e.atoms(sp.Sum, sp.Product) for lim in node.limits for b in lim[1:]
                 for x in b.free_symbols if entries} \
            | {x for i in e.atoms(sp.Indexed) for ix in i.indices for x in ix.free_symbols}
        for x in e.free_symbols - bound:
            if isinstance(x, sp.Symbol):
                # a product of matrices read as one name (`\mathbf{A}\mathbf{x}`): the letters it writes
                names |= set(names_in(_without_subscripts(x.name))) if x.name.startswith("\\") else {x.name}
        names |= {i.base.label.name for i in e.atoms(sp.Indexed)}
    names -= {"I"}
    if not names:
        return None
    relation = sp.And(*(sp.Eq(a, b) for a, b in pairs))
    scalar = not any(x.name.startswith("\\") for a, b in pairs for x in (a - b).free_symbols if isinstance(x, sp.Symbol))
    return Condition(f"{shown} (the display at line {line})", relation if scalar and relation not in (sp.true, sp.false)
                     else None, frozenset(names | _twins_of(names)))


_ORDER = {"<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge}


def _inequalities_stated(sides, relations, relation_latex, exprs, line, introduced: bool) -> Condition | None:
    """`$$p > 0.$$`, `$$0 < p < 1.$$` after "satisfying", "Assume that": what the display states of its names, a
    hypothesis of the displays after it (a point outside it refutes nothing there; a point inside still does).  A
    relation where every side is a number of plain names, else its words."""
    if not all(isinstance(e, sp.Basic) for e in exprs):
        return None
    names: set = set()
    for e in exprs:
        names |= {x.name for x in e.free_symbols if isinstance(x, sp.Symbol) and not x.name.startswith("\\")}
        names |= {i.base.label.name for i in e.atoms(sp.Indexed)}
        names |= {n for x in e.free_symbols if isinstance(x, sp.Symbol) and x.name.startswith("\\")
                  for n in names_in(_without_subscripts(x.name))}
    if not names:
        return None
    shown = " ".join(x.strip() for pair in zip(sides, relation_latex + [""]) for x in pair).strip()
    scalar = not any(e.atoms(sp.Indexed, sp.Sum, sp.Product) or any(
        isinstance(x, sp.Symbol) and x.name.startswith("\\") for x in e.free_symbols) for e in exprs)
    if not scalar and not introduced:
        return None
    relation = sp.And(*(_ORDER[r](a, b) for r, a, b in zip(relations, exprs, exprs[1:]))) if scalar else None
    if relation in (sp.true, sp.false):
        return None         # `0 < 1`: about no name (a false one is refuted as a claim)
    return Condition(f"{shown} (the display at line {line})", relation, frozenset(names | _twins_of(names)))


# CPU seconds for one point of `_holds_everywhere` (a sum SymPy evaluates term by term can take minutes): past them
# the display is not known to be an identity, which only keeps it a hypothesis of the displays after it.
_EVERYWHERE_SECONDS = 2.0


def _holds_everywhere(difference) -> bool:
    """Whether a difference of two sides is zero: expanded to 0, or 0 at six random points (positive values at three,
    negative or mixed signs at three more, so `|w| = w` or `\\max(x, 0) = x`, true at every positive point, is no
    identity; a name the reader knows is positive or nonnegative stays positive; the size of a sum 3, 4 and 6, the
    same wherever the size is written; a summation variable is the name it binds wherever the body writes it).
    Deterministic; False when it cannot be evaluated."""
    import random

    try:
        if sp.expand(difference) == 0:
            return True
        difference = _bound_by_name(difference)
        for seed in range(6):
            rng = random.Random(seed)

            def value(x, seed=seed, rng=rng):
                v = sp.Rational(rng.randint(5, 95), 37)
                signed = seed == 3 or (seed > 3 and rng.random() < 0.5)
                return -v if signed and not (x.is_positive or x.is_nonnegative) else v
            e = difference
            # every name in a limit is a size (`\\sum_{t=0}^{n-1}`): a whole number, never a fraction
            limits = {x for node in e.atoms(sp.Sum, sp.Product) for lim in node.limits
                      for x in sp.Tuple(*lim[1:]).free_symbols if isinstance(x, sp.Symbol)}
            with time_limit(_EVERYWHERE_SECONDS):
                e = e.xreplace({x: sp.Integer((3, 4, 6)[seed % 3]) for x in limits}).doit()
                e = e.xreplace({a: value(a) for a in e.atoms(sp.Indexed)})
                e = e.xreplace({x: value(x) for x in e.free_symbols})
                value = sp.N(e, 30)
            if not value.is_number or value.has(sp.zoo, sp.nan) or abs(value) > sp.Float(10) ** -20:
                return False
        return True
    except (TypeError, ValueError, ArithmeticError, RecursionError, AttributeError, NotImplementedError,
            StrategyTimeout):
        return False            # not known to hold everywhere: the display stays a hypothesis of the ones after it


def _bound_by_name(e):
    """A sum or product whose body writes its variable as a plain name (`i` beside the integer `i` of its limits):
    the body's name is the variable, as the written file reads it."""
    def bound(node):
        body = node.function
        for lim in node.limits:
            body = body.xreplace({x: lim[0] for x in body.free_symbols
                                  if isinstance(x, sp.Symbol) and x.name == lim[0].name and x != lim[0]})
        return node.func(body, *node.limits)
    return e.replace(lambda x: isinstance(x, (sp.Sum, sp.Product)), bound) if isinstance(e, sp.Basic) else e


# Two glyphs of one letter, which the report prints alike (ε): a condition on one is a condition on the other
_TWIN_GLYPHS = {"epsilon": "varepsilon", "varepsilon": "epsilon", "phi": "varphi", "varphi": "phi",
                "theta": "vartheta", "vartheta": "theta"}
TWIN_GLYPHS = _TWIN_GLYPHS


def _twins_of(names) -> set:
    return {_TWIN_GLYPHS[n] for n in names if n in _TWIN_GLYPHS} - set(names)


def _twin_glyphs(conditions: list[Condition]) -> list[Condition]:
    """`Let $\\epsilon > 0$` before `\\sqrt{\\varepsilon^2} = \\varepsilon`: the same condition on the other glyph of
    the letter, with the text's words, so no point the words exclude for the letter refutes a line that writes it the
    other way (a text that means two quantities by the two glyphs only loses refutations)."""
    out = []
    for cond in conditions:
        twins = _twins_of(cond.names)
        if not twins:
            continue
        relation = cond.relation
        if relation is not None:
            relation = relation.xreplace({x: sp.Symbol(_TWIN_GLYPHS[x.name], **x.assumptions0)
                                          for x in relation.free_symbols
                                          if isinstance(x, sp.Symbol) and x.name in _TWIN_GLYPHS})
        out.append(replace(cond, relation=relation, names=frozenset(_TWIN_GLYPHS.get(n, n) for n in cond.names)))
    return out


def _without_subscripts(latex: str) -> str:
    return re.sub(r"_\s*(\{[^{}]*\}|\\[A-Za-z]+|\S)", "", latex)


def _top_level_parts(math: str) -> list[str]:
    """`x > 0, y > 0` as two conditions; `x, y > 0` and `p \\in (0, 1)` stay one (a comma inside brackets or
    before the relation belongs to it)."""
    parts, depth, cur = [], 0, ""
    for ch in math:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0 and _RELATION.search(cur):
            parts.append(cur)
            cur = ""
            continue
        cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def nearby_prose(before: str, after: str) -> str:
    """The paragraph just before a display and the one just after it: where a text states its conditions."""
    before_par = re.split(r"\n\s*\n", before.strip())[-1] if before.strip() else ""
    after_par = re.split(r"\n\s*\n", after.strip())[0] if after.strip() else ""
    return before_par + "\n" + after_par


# "Let $m = \max_i x_i$. Then": words that give the name on the left its value, right before the maths
_LET_BEFORE = re.compile(r"(?:^|[\s(])(?:[Ll]et|[Dd]efine|[Ss]et)\s*$")
# the sentence goes on after the maths only to end: a range or a condition after it ("for $x \ge 0$", "where $x > 0$",
# "with $x$ fixed") makes the value one piece of the name, or a value under a hypothesis
_THEN_ENDS = re.compile(r"\s*(?:[.;]|,?\s*(?:[Tt]hen|[Ww]e|[Ss]o)\b|$)")
_LONE_NAME = re.compile(r"\s*\\?[A-Za-z]+\s*")
# "For example, let $y = x$": a value taken for one example or case, not what the name stands for in the displays after
_EXAMPLE_BEFORE = re.compile(r"\b(?:example|instance|e\.g\.|case|suppose|assume)\b", re.I)


def let_definitions(prose: str, context: Context | None = None,
                    backend: Backend = DEFAULT_BACKEND) -> list[tuple[str, sp.Symbol, sp.Expr]]:
    """"Let $m = \\max_i x_i$. Then $$…$$": the prose gives a new name its value with "Let", "Define" or "Set" right
    before an equation whose left side is one name and whose right side writes other names and not it, the sentence
    ending after it.  [(the maths, the name, its value)]: a definition, as a display's `m = …` is.  A name the displays
    also write with a subscript (a vector and its entries), or a value that applies a function the text does not
    define, is not taken."""
    out = []
    context = context or Context()
    # "Let $m = x + y$. … Now let $m = 0$": a name the words let equal two values (a number too) is not one value
    lets = [re.match(r"\s*(\\?[A-Za-z]+)\s*=(?!=)", next(g for g in m.groups() if g is not None))
            for m in _INLINE.finditer(prose) if _LET_BEFORE.search(prose[max(0, m.start() - 20):m.start()])]
    let_twice = {n for n in {x.group(1) for x in lets if x} if sum(1 for x in lets if x and x.group(1) == n) > 1}
    for m in _INLINE.finditer(prose):
        math = next(g for g in m.groups() if g is not None).strip()
        if math.count("=") != 1 or _RELATION.search(math) or re.search(r":=|\\equiv|\\coloneqq", math) \
                or not _LET_BEFORE.search(prose[max(0, m.start() - 20):m.start()]) \
                or _EXAMPLE_BEFORE.search(prose[max(0, m.start() - 40):m.start()]) \
                or not _THEN_ENDS.match(prose[m.end():m.end() + 20]):
            continue
        lhs, rhs = math.split("=")
        if lhs.strip() in let_twice:
            continue
        if not _LONE_NAME.fullmatch(lhs):
            continue
        try:
            name = read_side(lhs.strip(), backend, context).expr
            value = read_side(rhs.strip(" .,;"), backend, context).expr
        except (ReadError, TypeError, ValueError, sp.SympifyError):
            continue
        if not isinstance(name, sp.Symbol) or not isinstance(value, sp.Basic) or value.has(name) \
                or not (value.free_symbols or value.atoms(sp.Indexed)):
            continue        # `n = 3`: a particular value, not what the name stands for
        if name.name in context.subscripted or value.atoms(AppliedUndef):
            continue        # `\alpha = \mathrm{softmax}(s)` beside `\alpha_1`: a vector, whose entries the displays write
        out.append((math, name, value))
    return out
