r"""Laws at which the steps that write a law's quantities are looked at again (`at_laws=`).

`\textrm{Var}[X] = E[(X - E[X])^2] = E[X^2] - 2E[X]^2` is read with each quantity a name of its own (the text
states its value through a law), so a counterexample over free values of those names refutes nothing.  Linearity
and the definitions of Var and Cov are facts of every law, so one concrete law that every statement of the text
allows decides such a step: X = 2 with probability 1 gives Var[X] = 0, E[X^2] = 4, E[X] = 2 and the false line
0 = -4.  The laws proposed here are finite (point masses, two-point laws), so every quantity is an exact finite
sum; the judge checks the step with those values in (judge/unconfirmed.py) and refutes it only with a certified
counterexample.  Agreement at these laws proves nothing and changes no verdict.

What the text says about its random variables is honoured, or no law is proposed:

  - only E[…], Var(…) and Cov(…, …) with no subscript and no condition are given values (E_{x \sim p}, E[X | Y], a
    probability, an estimator's bias or MSE stay names: a step that writes one gets no law);
  - which names are random is not settled by their letters (b in E[aX + b] is a constant, θ in E[θ̂θ] may be
    either): a capital Latin letter (X, Y), or a name the prose calls a random variable, may have a two-point law; any
    other name is a point mass in every law proposed (which every reading allows: a constant is one), a free constant
    where a side writes it bare (θ in E(θ̂ − θ) = E(θ̂) − θ), else a number of its own; a constant named as a moment
    (μ, σ) or a bar beside its own letter (X̄ beside X) leaves the step without laws;
  - a name the prose mentions is one the text says something about: only "$X$ and $Y$ are (independent) random
    variables", "i.i.d." or "identically distributed" (one law for all), and a mean and a variance said in so many
    words ("with mean $\mu$ and variance $\sigma^2$", "zero mean and unit variance", "standard deviation $s$") are
    honoured; a sentence with any other word (a law, a density, a value, continuity, a sign) leaves the steps that
    write its names without laws; a name the prose defines by inline maths other than names ("let $Y$ be $2X$",
    "$Y$ be $X$") has no law of its own; a word that describes a law or its values (values, Bernoulli, distribution,
    positive, …) anywhere in the text (a sentence with no inline maths, a heading, a `\text{…}` note inside a
    display), outside the sentences honoured, leaves every step of the text without laws.  Where a mean or a variance is stated, two laws are proposed that both have it and
    differ in every moment left open (m ± h; m − 2h w.p. 1/5 and m + h/2 w.p. 4/5), and a step with a side that writes
    no quantity (E[X^2] = 1) is decided only when the two agree on every quantity it writes (a value the stated
    moments fix), and never when a quantity writes two variables the words do not call independent (both laws are
    independent, so their agreement on E[XY] fixes nothing); the law carries the sentence's words, so that condition
    does not keep it from refuting;
  - another display that writes one of the names may state a hypothesis (Var(X) = 1): a law is proposed only where
    every chain read from such a display holds at it, and none where such a display is not read as chains;
  - a step one of whose sides writes no quantity of a law (Var(X) = 1, E[X] = μ) states a value of the text's law, not
    an identity of every law, and a display the words before it suppose ("Suppose that", "if") is a hypothesis:
    neither gets laws;
  - variables are independent in every law proposed, except one law where they are all equal, proposed only when the
    text never speaks of independence and the step writes a covariance of two of them;
  - a step that writes any other name (μ_X, σ_X, a sum, an entry, a function) gets no law: its value may be one of the
    law's quantities under another name.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

import sympy as sp

from .environments import find_blocks, kind_of
from .law_texts import LAW_QUANTITIES as _LAW_QUANTITIES, LAW_WORDS as _LAW_WORDS, \
    NAMES_ONLY as _NAMES_ONLY, OPAQUE as _OPAQUE, SUPPOSED as _SUPPOSED, VALUES as _VALUES, display as _display, \
    is_quantity as _is_quantity, letters_of as _letters_of, mentions as _mentions, PHRASES as _PHRASES, \
    exact as _exact, notes_of as _notes_of, prose_of as _prose_of, two_point as _two_point, \
    independent_outcomes as _independent_outcomes, without_maths as _without_maths
from .marginal_laws import propose as at_every_joint_law

_MAX_VARIABLES = 4
# The only words a sentence about the text's random variables may use for the laws proposed to honour it: that they
# are random variables, independent, identically distributed.  Any other word (a law, a moment, a value, a sign,
# symmetric, bounded, "number of heads") says something no law proposed here is known to satisfy.
_SAYS_NOTHING_MORE = frozenset("""let be a an any two three some the and or random variable variables consider take
suppose for are is we denote arbitrary all both independent independently mutually pairwise identically distributed
iid i.i.d here now then also each other of""".split())
_INDEPENDENT = re.compile(r"\bindependent(?:ly)?\b|\bi\.\s*i\.\s*d\b|\biid\b", re.I)
_IDENTICAL = re.compile(r"identically\s+distributed|\bi\.\s*i\.\s*d\b|\biid\b", re.I)
_RELATION_IN_MATH = re.compile(r"=|<|>|\\(?:le|ge|leq|geq|neq|ne|sim|in|approx|perp)(?![A-Za-z])|\\mid")
# a name written right after "be", "is", "equal to": a definition of the name before it ("let $Y$ be $X$")
_DEFINED_AS = re.compile(r"\b(?:be|is|are|being|equals?|equal\s+to|as|denote|denotes)\s*$", re.I)
_HONOURED_PHRASE = re.compile(r"identically\s+distributed", re.I)


@dataclass(frozen=True)
class Law:
    """A finite joint law: its words and its outcomes ((probability, {variable: value}), …)."""
    words: str
    outcomes: tuple


def _base(name: str) -> str:
    """The letter a name is written with (`theta_hat_n` -> theta, `X` -> X)."""
    return re.split(r"[_{}\\\s^]+", name.replace("\\", " ").strip())[0] if name.strip() else name


@dataclass
class _Said:
    blocked: set        # letters the text says something about that no proposed law honours
    random: set         # names the prose calls random variables
    independent: bool   # the text says its random variables are independent
    identical: bool     # … and identically distributed
    speaks_of_independence: bool
    # the text says something of a law in words no law proposed honours (a value, a named law, a sign): no law at all
    nothing: bool = False
    # name -> (mean, deviation) the prose states ("with mean $\mu$ and variance $\sigma^2$"), None for one it leaves open
    moments: dict = field(default_factory=dict)
    honoured: list = field(default_factory=list)    # the sentences whose every word the laws proposed honour


# Words a sentence may add to say the mean and the variance of its random variables ("with mean $\mu$ and variance
# $\sigma^2$", "zero mean and unit variance", "standard deviation $s$")
_MOMENT_WORDS = frozenset("with mean variance zero unit has have standard deviation one".split())


def _stated_moments(sentence: str):
    """(mean, deviation, the names they write) a sentence states, each None where it says nothing; None when it speaks
    of a mean, a variance or a deviation in words not read here."""
    found = {"mean": None, "width": None}
    rest = sentence
    for pattern, what, value in _PHRASES:
        m = pattern.search(rest)
        if m:
            if found[what] is not None:
                return None
            found[what] = value(m)
            rest = rest[:m.start()] + " " + rest[m.end():]
    if re.search(r"\bmean|varian|deviation|moment", rest, re.I):
        return None
    names = {x.name for x in found.values() if isinstance(x, sp.Symbol)}
    return found["mean"], found["width"], names


def _defines(sentence: str) -> bool:
    """The sentence's inline maths says what a name is: maths other than names ($2X$, $X + 1$), or a name written
    right after "be" ("let $Y$ be $X$")."""
    for m in re.finditer(r"\$([^$]+)\$|\\\((.+?)\\\)", sentence, flags=re.S):
        if not _NAMES_ONLY.fullmatch(m.group(1) or m.group(2) or "") or _DEFINED_AS.search(sentence[:m.start()]):
            return True
    return False


def _speaks_of_a_law(text: str, honoured: list) -> bool:
    """A sentence, a heading or a note inside a display (`\\text{…}`) anywhere in the text uses a word that describes
    a law or its values, outside the sentences the laws proposed honour."""
    notes = _notes_of(text)
    prose = _prose_of(text)
    for sentence in honoured:
        prose = prose.replace(sentence, " . ")
    prose = _without_maths(prose)
    return bool(_LAW_WORDS.search(_HONOURED_PHRASE.sub(" ", prose + " . " + notes)))


def _what_the_prose_says(text: str) -> _Said:
    said = _Said(set(), set(), False, False, bool(re.search(r"independen|i\.\s*i\.\s*d|\biid\b|uncorrelat", text, re.I)))
    for sentence, maths in _mentions(text):
        letters = _letters_of(maths)
        words = _without_maths(sentence)
        plain = {w.lower().strip(".,;:!?") for w in words.split()} - {""}
        if _defines(_moment_phrases_left_out(sentence)):
            said.blocked |= letters             # "let $Y$ be $2X$": Y is no variable of its own
            continue
        if plain <= _SAYS_NOTHING_MORE and re.search(r"\brandom\s+variables?\b|\bi\.\s*i\.\s*d\b|\biid\b", words, re.I) \
                and not _RELATION_IN_MATH.search(maths):
            # "Let $X$ and $Y$ be independent random variables": honoured (every law proposed is of independent
            # variables; one law for all where they are identically distributed)
            said.random |= letters
            said.honoured.append(sentence)
            said.independent = said.independent or bool(_INDEPENDENT.search(words))
            said.identical = said.identical or bool(_IDENTICAL.search(words))
            continue
        stated = _stated_moments(sentence) if plain <= _SAYS_NOTHING_MORE | _MOMENT_WORDS else None
        if stated is not None and (stated[0] is not None or stated[1] is not None) \
                and not _RELATION_IN_MATH.search(maths) and not _INDEPENDENT.search(words):
            # "Let $X$ be a random variable with mean $\mu$ and variance $\sigma^2$": every law proposed for X has them
            mean, width, names = stated
            for letter in letters - names:
                if letter in said.moments and said.moments[letter] != (mean, width):
                    said.blocked.add(letter)        # two statements: not one law
                said.moments[letter] = (mean, width)
                said.random.add(letter)
            said.honoured.append(sentence)
            continue
        said.blocked |= letters
    said.nothing = _speaks_of_a_law(text, said.honoured)
    return said


def _moment_phrases_left_out(sentence: str) -> str:
    """The sentence without the phrases that state a mean or a variance ("variance $\\sigma^2$" names no variable)."""
    for pattern, _, _ in _PHRASES:
        sentence = pattern.sub(" ", sentence)
    return sentence


def _value(quantity: sp.Symbol, quantities: dict, law: Law, variables: set, memo: dict):
    """The exact value of a quantity at the law (a number, or a formula in the constants), or None."""
    if quantity in memo:
        return memo[quantity]
    memo[quantity] = None       # a quantity written inside itself has no value
    word, parts = quantities[quantity.name]
    inner = {}
    for part in parts:
        for s in part.free_symbols:
            if isinstance(s, sp.Symbol) and _is_quantity(s):
                if s.name not in quantities:
                    return None
                v = _value(s, quantities, law, variables, memo)
                if v is None:
                    return None
                inner[s] = v
    parts = [p.xreplace(inner) for p in parts]

    def mean(f):
        total = sp.Integer(0)
        for prob, point in law.outcomes:
            v = f.xreplace(point)
            if v.has(sp.zoo, sp.nan, sp.oo, -sp.oo) or v.has(*variables):
                return None
            total += prob * v
        return _exact(total)
    if word == "E":
        out = mean(parts[0])
    elif word == "Var":
        m, m2 = mean(parts[0]), mean(parts[0] ** 2)
        out = None if m is None or m2 is None else _exact(m2 - m ** 2)
    else:
        m, n, mn = mean(parts[0]), mean(parts[1]), mean(parts[0] * parts[1])
        out = None if None in (m, n, mn) else _exact(mn - m * n)
    if out is not None and (out.has(sp.zoo, sp.nan) or out.is_real is False):
        out = None
    memo[quantity] = out
    return out


def _laws(variables: list, fixed: list, identical: bool, dependent: bool) -> list[Law]:
    """The laws proposed, in order: point masses, independent two-point laws of the random variables, and (when
    allowed) one law where every random variable is the same two-point variable.  The names in `fixed` (a name that
    may be a constant: b in E[aX + b]) are point masses in every law, each at its own number."""
    names = [_display(v) for v in variables]
    numbers = [sp.Integer(p) for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29)]
    points = [numbers[0]] * len(variables) if identical else numbers[:len(variables)]
    constants = dict(zip(fixed, numbers[len(variables):]))
    said = "; ".join(f"{_display(v)} = {p}" for v, p in constants.items())
    tail = f"; {said} (a constant)" if said else ""
    out = [Law(", ".join(f"{n} = {p} with probability 1" for n, p in zip(names, points)) + tail,
               ((sp.Integer(1), {**dict(zip(variables, points)), **constants}),))]
    low, high, p_low = sp.Integer(-1), sp.Integer(2), sp.Rational(1, 3)
    pairs = [(low, high + (0 if identical else k)) for k in range(len(variables))]
    outcomes = []
    for choice in itertools.product((0, 1), repeat=len(variables)):
        prob = sp.Integer(1)
        point = dict(constants)
        for v, c, (a, b) in zip(variables, choice, pairs):
            prob *= p_low if c == 0 else 1 - p_low
            point[v] = a if c == 0 else b
        outcomes.append((prob, point))
    words = "; ".join(f"{n} = {a} with probability {p_low} and {b} with probability {1 - p_low}"
                      for n, (a, b) in zip(names, pairs))
    out.append(Law(words + (", independently" if len(variables) > 1 else "") + tail, tuple(outcomes)))
    if dependent and len(variables) > 1:
        out.append(Law(" = ".join(names) + f" = {low} with probability {p_low} and {high} with probability "
                       f"{1 - p_low} (one variable)" + tail,
                       ((p_low, {**{v: low for v in variables}, **constants}),
                        (1 - p_low, {**{v: high for v in variables}, **constants}))))
    return out




def _moment_laws(variables: list, fixed: list, stated: dict, identical: bool) -> list[Law]:
    """Two laws, each with every mean and variance the text states (a variable X with mean m and deviation h is m ± h,
    each with probability 1/2, in the first, and m − 2h w.p. 1/5, m + h/2 w.p. 4/5 in the second: both mean m and
    variance h²), that differ in every moment the text leaves open (an unstated mean is 0 in one and 1 in the other, an
    unstated deviation 1 in one and 2 in the other): a value the two laws agree on is fixed by what the text states."""
    numbers = [sp.Integer(p) for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29)]
    constants = dict(zip(fixed, numbers[len(variables):]))
    said = "; ".join(f"{_display(v)} = {p}" for v, p in constants.items())
    tail = f"; {said} (a constant)" if said else ""
    out = []
    for first in (True, False):
        pieces, words = [], []
        for k, v in enumerate(variables):
            mean, width = stated.get(v, (None, None))
            shift = 0 if identical else k
            m = mean if mean is not None else sp.Integer(0 if first else 1) + shift
            h = width if width is not None else sp.Integer(1 if first else 2)
            pair = _two_point(m, h, first)
            pieces.append([(p, v, x) for p, x in pair])
            words.append(f"{_display(v)} = {pair[0][1]} with probability {pair[0][0]} and {pair[1][1]} with "
                         f"probability {pair[1][0]}")
        out.append(Law("; ".join(words) + (", independently" if len(variables) > 1 else "") + tail,
                       _independent_outcomes(pieces, constants)))
    return out


def propose(doc, law_arguments: dict, text: str) -> None:
    """Set `at_laws` on each unsettled chain's steps that a law decides: {step k: (Law words, ((symbol, value), …))};
    then, on the steps none decides, every joint law of variables whose marginal laws the text states
    (marginal_laws.py)."""
    _propose_finite(doc, law_arguments, text)
    at_every_joint_law(doc, law_arguments, text)


def _propose_finite(doc, law_arguments: dict, text: str) -> None:
    """The finite laws of the module's docstring, on each unsettled chain's steps that one decides."""
    quantities = {name: v for name, v in law_arguments.items() if v is not None}
    if not quantities:
        return
    said = _what_the_prose_says(text)
    if said.nothing:
        return                  # the text describes a law or its values in words no law proposed honours
    blocks = [(b.line, b.line + b.body.count("\n"), _letters_of(b.body)) for b in find_blocks(text, kind_of(doc.path))]
    defined = {d.name for d in doc.definitions}
    for c in doc.chains:
        block = c.chain.block
        only_quantities = all(_is_quantity(s) for e in c.exprs for s in e.free_symbols)
        if not (_LAW_QUANTITIES in c.unsettled or only_quantities and c.unsettled.startswith(_VALUES)) \
                or (block is not None and _SUPPOSED.search(block.prose_before[-80:])):
            continue            # unsettled for another reason, or a display the text supposes (a hypothesis)
        others = [o for o in doc.chains if o is not c]
        for k in range(c.start, len(c.exprs) - 1):
            if k in c.settled_steps:
                continue
            try:
                found = _step_laws(c, k, quantities, said, defined, blocks, others, doc.failures)
            except (TypeError, ValueError, ArithmeticError, RecursionError, AttributeError):
                found = ()      # a value SymPy cannot compute: the step gets no law, as before
            if found:
                c.at_laws[k] = found


def _arguments_closure(q: set, quantities: dict):
    """Every quantity written in q or inside one of them, and the names their arguments write; None if one has no
    value a law gives (a subscript, a condition, an argument not read)."""
    seen, todo, names = set(), list(q), set()
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        if s.name not in quantities:
            return None
        for part in quantities[s.name][1]:
            if not isinstance(part, sp.Expr) or part.atoms(*(o for o in _OPAQUE if o not in (sp.Indexed, sp.IndexedBase))):
                return None
            entries = part.atoms(sp.Indexed)
            if any(not all(isinstance(i, sp.Symbol) for i in e.indices) for e in entries):
                return None
            names |= entries        # `\hat{\theta}_n`: one entry, one random variable
            held = {x for e in entries for x in e.free_symbols}
            for x in part.free_symbols - held:
                if _is_quantity(x):
                    todo.append(x)
                else:
                    names.add(x)
    bases = [e.base for e in names if isinstance(e, sp.Indexed)]
    if len(bases) != len(set(bases)) or {e.base.label for e in names if isinstance(e, sp.Indexed)} & names \
            or {i for e in names if isinstance(e, sp.Indexed) for i in e.indices} & names:
        return None             # two entries of one vector (x_i, x_j: i may be j), or an entry beside its own name
    return seen, names


# Letters a constant of the text is not taken to be free with: a mean, a deviation or a correlation by name (μ, σ, ρ),
# whose value may be the law's own
_MOMENT_LETTERS = frozenset({"mu", "sigma", "Sigma", "rho", "kappa", "m", "s", "v"})


def _at(law: Law, quantities: dict, variables: set, q) -> dict | None:
    memo: dict = {}
    values = {s: _value(s, quantities, law, variables, memo) for s in q}
    return None if any(v is None for v in values.values()) else values


def _holds_at(chain, law: Law, quantities: dict, variables: set) -> bool:
    """Whether every step of another chain that writes the law's variables holds at the law, whatever its constants:
    a display may state a hypothesis about the variables (Var(X) = 1), which a law proposed must then satisfy."""
    for k in range(chain.start, len(chain.exprs) - 1):
        a, b = chain.exprs[k], chain.exprs[k + 1]
        if not all(isinstance(e, sp.Expr) for e in (a, b)) or a.atoms(*_OPAQUE) or b.atoms(*_OPAQUE):
            return False
        q = {s for s in a.free_symbols | b.free_symbols if _is_quantity(s)}
        values = _at(law, quantities, variables, q)
        if values is None or (a.free_symbols | b.free_symbols) & {x for v in variables for x in
                                                                  ({v} if isinstance(v, sp.Symbol) else v.free_symbols)}:
            return False
        gap = _exact((a - b).xreplace(values))
        relation = chain.chain.relations[k]
        if relation in ("=", "def"):
            if gap != 0:
                return False
        elif gap.is_number and relation in ("<=", ">=", "<", ">"):
            if not {"<=": gap <= 0, ">=": gap >= 0, "<": gap < 0, ">": gap > 0}[relation]:
                return False
        else:
            return False
    return True


def _step_laws(c, k: int, quantities: dict, said: _Said, defined: set, blocks, others, failures) -> tuple:
    a, b = c.exprs[k], c.exprs[k + 1]
    if not all(isinstance(e, sp.Expr) for e in (a, b)) or a.atoms(*_OPAQUE) or b.atoms(*_OPAQUE):
        return ()
    written = a.free_symbols | b.free_symbols
    q = {s for s in written if _is_quantity(s)}
    # `Var(X) = 1`, `E[X] = 3`: a value the text gives its law, not an identity of every law (decided only where the
    # means and variances the prose states fix it, below)
    lone = not all(any(_is_quantity(s) for s in e.free_symbols) for e in (a, b))
    closure = _arguments_closure(q, quantities)
    if not q or closure is None:
        return ()
    _, inside = closure
    stated = {s: said.moments[s.name] for s in inside if isinstance(s, sp.Symbol) and s.name in said.moments}
    moment_names = {x for m in stated.values() for x in m if isinstance(x, sp.Symbol)}
    if lone and (not stated or moment_names - (written - q)):
        return ()               # no stated moment fixes the value, or the step gives one a value (E[X] = 5 after
        #                         "mean $\mu$": μ = 5 may be a hypothesis of its own)
    bare = written - q
    if bare - inside - moment_names:
        return ()               # a name beside the quantities that none of them writes: μ_X, σ_X, n
    # which names are random is not settled by the letters alone (b in E[aX + b] is a constant, θ in E[θ̂θ] may be
    # either): a name may have a law of its own only when it is a capital Latin letter (X, Y) or one the prose calls a
    # random variable; every other name is a point mass, which every reading allows (a constant is one)
    chain_bare = {s for e in c.exprs for s in e.free_symbols if not _is_quantity(s)}
    random = {s for s in inside if isinstance(s, sp.Symbol) and s not in chain_bare
              and (re.fullmatch(r"[A-Z]", s.name) or s.name in said.random)}
    constants = inside - random
    if set(stated) - random:
        return ()               # a name whose moments the text states, written bare in the chain: not one law
    variables = sorted(random, key=str)
    fixed = sorted(constants - chain_bare, key=str)         # written nowhere bare: a number of its own in each law
    if not constants | random or len(variables) > _MAX_VARIABLES or len(variables) + len(fixed) > 10:
        return ()
    if any(_base(str(s)) in _MOMENT_LETTERS for s in constants) or any(
            re.search(r"bar|tilde|overline", str(s)) and sum(1 for t in inside if _base(str(t)) == _base(str(s))) > 1
            for s in inside):
        return ()               # a constant named as a moment (μ, σ), or a mean of another name (X̄ beside X): its
        #                         value may be the law's
    # every name the step depends on: inside its quantities, beside them (θ in E(θ̂) − θ), and the stated moments
    everything = inside | bare | moment_names
    names = {str(x) for s in everything for x in ({s} if isinstance(s, sp.Symbol) else s.free_symbols | {s})}
    letters = {_base(str(s)) for s in everything}
    if (letters - {_base(str(m)) for m in moment_names}) & said.blocked or names & defined:
        return ()               # the text says something of them that no law proposed here honours
    # another display that writes one of their letters may state a hypothesis about them (Var(X) = 1): every law
    # proposed must satisfy each chain read from it; a display not read, or read as no chain, leaves the step alone
    own = c.chain.block.line if c.chain.block is not None else None
    mentioned = [(first, last) for first, last, found in blocks if found & letters and first != own]
    if any(first <= f.line <= last for first, last in mentioned for f in failures):
        return ()
    constraining = []
    for first, _ in mentioned:
        read = [o for o in others if o.chain.block is not None and o.chain.block.line == first]
        if not read:
            return ()
        constraining += read
    constraining += [o for o in others if o.chain.block is not None and o.chain.block.line == own
                     and _writes_letters(o, letters)]
    covariance = any(quantities[s.name][0] == "Cov" and sum(1 for v in variables if any(p.has(v) for p in
                                                                                           quantities[s.name][1])) > 1
                     for s in closure[0])
    # a stated mean or deviation the chain never writes (μ in "mean $\mu$" beside E[X^2] - E[X]^2 = σ^2) is any number:
    # one of its own, said in the law's words
    unwritten = {x: sp.Integer(n) for x, n in zip(sorted(moment_names - chain_bare, key=str), (4, 6, 8, 9))}
    stated = {v: tuple(m.xreplace(unwritten) if isinstance(m, sp.Expr) else m for m in pair) for v, pair in stated.items()}
    laws = _moment_laws(variables, fixed, stated, said.identical) if stated else \
        _laws(variables, fixed, said.identical, dependent=covariance and not said.speaks_of_independence)
    joint = any(sum(1 for v in variables if any(p.has(v) for p in quantities[s.name][1])) > 1 for s in closure[0])
    if lone and joint and not said.independent:
        return ()               # E[XY] = 1 with no word of independence: both laws proposed are independent, so
        #                         their agreement (E[XY] = 0) says nothing of the text's law (X = Y gives 1)
    found = [(law, _at(law, quantities, set(variables) | set(fixed), q)) for law in laws]
    if lone and (any(v is None for _, v in found) or any(_exact(found[0][1][x] - v[x]) != 0 for _, v in found
                                                         for x in q)):
        return ()               # a value the stated means and variances do not fix: it may be a hypothesis of its own
    out = []
    for law, values in found:
        if values is None or not all(_holds_at(o, law, quantities, set(variables) | set(fixed)) for o in constraining):
            continue
        out.append((law.words, tuple(sorted(values.items(), key=lambda kv: kv[0].name)), tuple(said.honoured)))
    return tuple(out)


def _writes_letters(chain, letters: set) -> bool:
    return bool({_base(s.name) for e in chain.exprs for s in e.free_symbols if isinstance(s, sp.Symbol)} & letters) or any(
        _base(s.name.split("[", 1)[1]) in letters for e in chain.exprs for s in e.free_symbols if _is_quantity(s))
