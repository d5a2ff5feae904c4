r"""Steps refuted at every joint law of random variables whose marginal laws the text states and whose joint law it
leaves open (`at_laws=`, judged as laws.py's are).

"Suppose $f(x) = w_0 + w_1 x$, and $w_0, w_1 \sim \mathcal{N}(0,1)$" gives the law of w_0 and the law of w_1, never
their joint law: E[w_0 w_1] may be any number a coupling of the two allows.  A step that writes expectations of such
variables is read as claimed for the law the text means, which is one of those couplings; it is refuted only where it
is false for every one of them, never at a chosen value of a mixed moment:

  - each E[…], Var(…) and Cov(…, …) whose argument is a polynomial in the variables is expanded by linearity
    into moments: a moment of one variable is the stated marginal's (N(m, s²): E[X^k] from m and s), a moment of
    two or more (E[w_0 w_1], E[w_0^2 w_1]) is an unknown of its own;
  - the difference of the two sides is a polynomial in those unknowns, whose coefficients are formulas in the text's
    other names (x, x'); where all of them vanish (solved for the names the step writes: x = -x' for the coefficient
    x + x' of E[w_0 w_1]) the difference is the same for every joint law, and the step is checked there: the law
    instance gives the solved names their solution and each quantity its value, which no mixed moment enters;
  - a step whose difference needs a mixed moment everywhere (E[w_0 w_1] = 1: true for w_0 = w_1, false for independent
    ones) gets no instance, and stays as its unsettled reading leaves it.

What the text says is honoured, or nothing is proposed: only a normal law written `\mathcal{N}(m, v)` with v = 1 or
a square (N(0, 4) may give a deviation or a variance); every sentence whose maths writes the variables' letters may
only name them, state that law, or define another name (w = (w_0, w_1)^T, f(x) = w_0 + w_1 x); no word describing a
law or its values, a condition, randomness or a change of the variables (rescaled, shifted, replaced) elsewhere in
the prose, and in a sentence honoured only words that state the law or define another name (none that may restrict a
name: nonzero, distinct, at least); no other display writing the variables; no display the words before it suppose; a
name beside the variables inside an expectation is a constant only where the chain writes it bare (else it may be a
random variable of its own); a name solved for is one no condition of the chain writes, no declaration restricts (λ,
σ: positive), and the text says nothing of outside the chain (another display, $x = 1$ or words giving it a value), but
as a function's argument (f(x) = w_0 + w_1 x).
"""
from __future__ import annotations

import re

import sympy as sp

from .environments import Block, find_blocks, kind_of
from .declarations import POSITIVE
from .law_texts import LAW_QUANTITIES, LAW_WORDS, NAME, NAMES_ONLY, OPAQUE, SUPPOSED, VALUES, display, \
    inline_maths, is_quantity, letters_of, mentions, notes_of, prose_of, without_maths

_MAX_NAMES = 3                  # names solved for together
_MAX_DEGREE = 4                 # of a quantity's argument in the variables
_NORMAL = re.compile(rf"^\s*(?P<names>{NAME}(?:\s*,\s*{NAME})*)\s*\\sim\s*\\mathcal\s*\{{?\s*N\s*\}}?\s*"
                     r"(?:\\left\s*)?\((?P<params>[^()]*)(?:\\right\s*)?\)\s*$")
_DEFINITION = re.compile(r"^\s*(?P<lhs>\\?[A-Za-z]+(?:\s*_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?)\s*(?:\([^()=]*\))?\s*="
                         r"(?P<rhs>[^=<>]*)$")
# words that say something of the variables no marginal law honours: a condition, a sample, randomness of another name,
# or of the law's notation (its second parameter a precision, a spread: "\mathcal{N}(0, s^2)" then no variance s^2)
_OTHER_WORDS = re.compile(r"\b(?:random|stochastic|noise|noisy|sampled?|samples|draws?|drawn|condition(?:al|ed|ing)?|"
                          r"given|posterior|prior|observed|truncated|restricted|fixed|known|precisions?|"
                          r"parametri[sz]\w*|spread|convention\w*|argument|arguments|notation)\b", re.I)
# words that may restrict a name a sentence the law honours writes ("with $x$ nonzero", "distinct", "at least"): the
# law carries its sentences, and a condition in their words would then not keep a point from refuting
_RESTRICTING = re.compile(r"\b(?:non-?zero|zero|distinct|different|equal|same|except|unless|only|greater|less|larger|"
                          r"smaller|small|large|close|near|not|never|whole|natural|rational|odd|even|prime|between|"
                          r"least|most|exceed\w*|within|outside|inside|tends?|approach\w*|limit\w*)\b", re.I)
# the arguments of a function a piece defines (f(x) = w_0 + w_1 x, \\phi(x) = (1, x)^T): bound there, never restricted
_FUNCTION = re.compile(r"^\s*\\?[A-Za-z]+(?:\s*_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?\s*\((?P<args>[^()=]*)\)\s*(?:=|$)")
# words that may give a name a value or a range without a sign ("we set $x$ to $1$", "on the diagonal")
_GIVING = re.compile(r"\b(?:set|sets|setting|fix|fixes|fixing|choose|chooses|chose|chosen|pick|picks|picked|put|puts|"
                     r"putting|diagonal|assign\w*|substitut\w*|plug\w*|evaluat\w*)\b", re.I)
# words that make the variables something else than the law stated them, said anywhere in the prose ("we rescale $w_0$
# by two", "all weights below are multiplied by two", "$w_1$ is replaced by a copy"): the law may no longer be theirs
_CHANGING = re.compile(r"\b(?:(?:re)?scal\w*|multipl\w*|divid\w*|doubl\w*|tripl\w*|halv\w*|shift\w*|replac\w*|"
                       r"transform\w*|squar\w*|normali[sz]\w*|standardi[sz]\w*|cent(?:er|re)\w*|cop(?:y|ies)|"
                       r"redefin\w*|updat\w*|chang\w*|add|adds|added|adding|subtract\w*|swap\w*|negat\w*|perturb\w*|"
                       r"corrupt\w*|instead|henceforth|becomes?|became)\b", re.I)
# the only words a sentence writing the variables may use for the law to honour it: that it supposes or states their
# law, defines another name from them (f(x) = w_0 + w_1 x, the inner product), or says they are scalars; any other
# word (rescaled, denote the squares, the sum of) may say what they are
_SAYS_NOTHING_MORE = frozenset("""suppose supposing let assume assuming consider and or with all in one dimension we
can may equivalently also write this these the a an function functions as inner product above below here where be
are is both each scalar scalars real weight weights parameter parameters coefficient coefficients intercept
slope linear model then so of for see our its their variable variables""".split())
_NUMBER = re.compile(r"^\s*-?\s*\d+(?:\.\d+)?\s*$")
_SQUARE = re.compile(r"^\s*(\\?[A-Za-z]+)\s*\^\s*(?:2|\{\s*2\s*\})\s*$")
_PLAIN = re.compile(r"^\s*(\\?[A-Za-z]+)\s*$")


def _name_of(latex: str) -> str | None:
    """`w_0`, `w_{0}`, `\\xi` as the name the reader gives (w_0, xi); None for a decorated name (\\hat{θ})."""
    s = latex.strip()
    if re.search(r"\\(?:hat|bar|tilde)", s):
        return None
    s = s.replace("\\", "").replace("{", "").replace("}", "").replace(" ", "")
    return s or None


def _parameter(latex: str, square: bool):
    """A law's mean (a number or a name), or its variance (1, or a square s^2): None for any other."""
    if square:
        if latex.strip() == "1":
            return sp.Integer(1)
        m = _SQUARE.match(latex)
        return sp.Symbol(m.group(1).lstrip("\\")) ** 2 if m else None     # the chain's own σ, with no sign
    if _NUMBER.match(latex):
        return sp.nsimplify(latex.replace(" ", ""))
    m = _PLAIN.match(latex)
    return sp.Symbol(m.group(1).lstrip("\\")) if m else None


def _stated(text: str):
    """({variable's name: (mean, variance)}, the sentences honoured) the prose states, or None where it says anything of
    the variables, or of a law, that a marginal law does not honour."""
    laws, honoured, said = {}, [], []
    for sentence, _ in mentions(text):
        pieces = inline_maths(sentence)
        found = False
        for piece in pieces:
            m = _NORMAL.match(piece)
            if not m:
                if re.search(r"\\mathcal\s*\{?\s*N\b", piece):
                    return None     # the law's sign written otherwise ($\mathcal{N}(m, p)$ with $p$ the precision)
                continue
            params = [p.strip() for p in m.group("params").split(",")]
            if len(params) != 2:
                return None
            mean, variance = _parameter(params[0], False), _parameter(params[1], True)
            names = [_name_of(n) for n in m.group("names").split(",")]
            if mean is None or variance is None or None in names:
                return None
            for n in names:
                if n in laws and laws[n] != (mean, variance):
                    return None
                laws[n] = (mean, variance)
            found = True
        said.append((sentence, pieces, found))
    if not laws:
        return None
    letters = {re.split(r"_", n)[0] for n in laws}
    for sentence, pieces, found in said:
        written = set().union(*(letters_of(p) for p in pieces)) if pieces else set()
        if not (found or written & letters):
            continue
        for piece in pieces:
            if _NORMAL.match(piece) or NAMES_ONLY.fullmatch(piece):
                continue
            d = _DEFINITION.match(piece)
            if d and _name_of(d.group("lhs")) not in laws and not re.search(r"\\(?:sim|mid|le|ge|in)\b", piece):
                continue        # another name defined from the variables: w = (w_0, w_1)^T, f(x) = w_0 + w_1 x
            return None
        words = re.sub(r"\$[^$]*\$|\\\(.+?\\\)|:\w+:`[^`]*`|\\(?:eq)?ref\s*\{[^{}]*\}", " ", sentence, flags=re.S)
        said_words = set(re.findall(r"[a-z]+", words.lower()))
        if _RESTRICTING.search(words) or not said_words <= _SAYS_NOTHING_MORE \
                or "dimension" in said_words and not re.search(r"\bone\s+dimension\b", words, re.I) \
                or re.search(r"(?<![A-Za-z])[\d]", words):
            return None         # "in $d$ dimension": vectors, whose square is no scalar's
        honoured.append(sentence)
    prose = prose_of(text)
    notes = notes_of(text)
    words = without_maths(prose + " . " + notes)
    if LAW_WORDS.search(words) or _OTHER_WORDS.search(words) or _CHANGING.search(words):
        return None
    return laws, honoured


def _unbound(latex: str) -> set[str]:
    """The letters a piece of LaTeX writes, less the arguments of the function it defines (x in f(x) = w_0 + w_1 x):
    where the value writes none of them (p(x) = 0), the piece says x is a root, and binds nothing."""
    m = _FUNCTION.match(latex)
    args = letters_of(m.group("args")) if m else set()
    value = latex[m.end():] if m else ""
    if m and value.strip() and not letters_of(value) & args:
        return letters_of(latex)
    return letters_of(latex) - args


def _related(text: str, c, blocks) -> set[str]:
    """The letters the text says something of outside the step's chain: those another display writes (z = x, y = x^2 +
    1), those inline maths relates ($x = 1$ anywhere in the prose, $x \\in [0, 1]$), and those a sentence gives a value
    or a range in words ("we set $x$ to $1$", "on the diagonal $z$ and $x$ agree"); a function's arguments in its
    definition (f(x) = w_0 + w_1 x) are bound there and restrict nothing.  A name solved for is free only where the
    text says nothing of it: a point where the mixed moments drop out may be one the text excludes."""
    block = c.chain.block
    out = set()
    for b in blocks:
        if b.line != block.line:
            out |= _unbound(b.body)
    # the chain's own display, less the chain's sides: a row or a note beside it (z &= x, \qquad x = 1, (\rho = E[…]))
    # (a name the chain leaves out, k(x, x') = …, binds its arguments as a definition does)
    body, at, pieces = block.body, 0, []
    for side in c.chain.sides:
        side = re.sub(r"\s+", "", side)
        found = re.compile(r"\s*".join(map(re.escape, side))).search(body, at) if side else None
        if found is None:
            return out | letters_of(body)       # a side not found as written: all the display may say something
        pieces.append(body[at:found.start()])
        at = found.end()
    for piece in pieces + [body[at:]]:
        out |= _unbound(piece)
    for sentence, _ in mentions(text):
        pieces = inline_maths(sentence)
        words = without_maths(sentence)
        saying = bool(_GIVING.search(words) or _RESTRICTING.search(words))
        for piece in pieces:
            if _NORMAL.match(piece) or NAMES_ONLY.fullmatch(piece):
                continue
            if _FUNCTION.match(piece):
                out |= _unbound(piece)      # f(x) = w_0 + w_1 x, k(x, x'): x is the function's argument
            else:
                out |= letters_of(piece)    # x = 1, x \in [0, 1], x^2 + 1 ("we write $y$ for $x^2 + 1$")
                saying = True
        if saying:                          # "we write $y$ for $x^2 + 1$", "we set $x$ to $1$"
            out |= set().union(*(letters_of(p) for p in pieces if NAMES_ONLY.fullmatch(p)))
    return out


def _normal_moment(mean, variance, k: int):
    """E[X^k] for X ~ N(mean, variance)."""
    out = sp.Integer(0)
    for j in range(0, k + 1, 2):
        out += sp.binomial(k, j) * mean ** (k - j) * variance ** sp.Rational(j, 2) * sp.factorial2(j - 1)
    return sp.expand(out)


class _Open(Exception):
    """A quantity this reading gives no value."""


def _expectation(body, variables: dict, mixed: dict):
    """E[body] by linearity, each moment of one variable its marginal's and each moment of several an unknown."""
    body = sp.expand(body)
    if any(isinstance(a, OPAQUE) and not (isinstance(a, sp.Indexed) and a in variables)
           for a in sp.preorder_traversal(body) if not isinstance(a, sp.IndexedBase)):
        raise _Open
    if {e for e in body.atoms(sp.Indexed)} - set(variables):
        raise _Open
    order = sorted(variables, key=display)
    if not order or not body.has(*order):
        return body
    if not body.is_polynomial(*order):
        raise _Open
    poly = sp.Poly(body, *order)
    if poly.total_degree() > _MAX_DEGREE:
        raise _Open
    out = sp.Integer(0)
    for exps, coeff in poly.terms():
        nonzero = [(v, e) for v, e in zip(order, exps) if e]
        if not nonzero:
            out += coeff
        elif len(nonzero) == 1:
            v, e = nonzero[0]
            out += coeff * _normal_moment(*variables[v], e)
        else:
            key = tuple(nonzero)
            if key not in mixed:
                mixed[key] = sp.Dummy("E[" + " ".join(f"{display(v)}^{e}" if e > 1 else display(v)
                                                       for v, e in key) + "]")
            out += coeff * mixed[key]
    return sp.expand(out)


def _quantity_value(word: str, parts, variables: dict, mixed: dict):
    if not all(isinstance(p, sp.Expr) for p in parts) or any(is_quantity(s) for p in parts for s in p.free_symbols):
        raise _Open
    if word == "E":
        return _expectation(parts[0], variables, mixed)
    if word == "Var":
        return sp.expand(_expectation(parts[0] ** 2, variables, mixed) - _expectation(parts[0], variables, mixed) ** 2)
    if word == "Cov":
        return sp.expand(_expectation(parts[0] * parts[1], variables, mixed)
                         - _expectation(parts[0], variables, mixed) * _expectation(parts[1], variables, mixed))
    raise _Open


def _variables_of(exprs, laws: dict) -> dict:
    """{the chain's variable as the reader writes it (w_0, or the entry w[0]): (mean, variance)}."""
    out = {}
    for e in exprs:
        for a in e.atoms(sp.Indexed, sp.Symbol):
            if isinstance(a, sp.Symbol) and is_quantity(a) or isinstance(a, sp.Indexed) and not all(
                    i.is_Integer for i in a.indices):
                continue        # a quantity, or an entry at an index (w_i: one variable for each i, never one law)
            name = display(a)
            if name in laws:
                out[a] = laws[name]
    return out


def _instance(c, k: int, quantities: dict, laws: dict, honoured: list, conditioned: set, related: set = frozenset()):
    a, b = c.exprs[k], c.exprs[k + 1]
    if not all(isinstance(e, sp.Expr) for e in (a, b)) or a.atoms(*OPAQUE) - a.atoms(sp.Indexed) \
            or b.atoms(*OPAQUE) - b.atoms(sp.Indexed):
        return None
    q = sorted({s for e in (a, b) for s in e.free_symbols if is_quantity(s)}, key=str)
    if not q or any(s.name not in quantities for s in q):
        return None
    parts = [p for s in q for p in quantities[s.name][1]]
    variables = _variables_of(parts, laws)
    if not variables or _variables_of((a, b), laws):
        return None             # no variable of a stated law, or one written bare outside an expectation
    # a name beside the variables inside an expectation is a constant only where the chain writes it bare (x in
    # E[w_0 w_1 x] = … x): one written only inside may be a random variable of its own, whose joint law is open too
    bare = {s.name for e in c.exprs if isinstance(e, sp.Basic) for s in e.free_symbols if not is_quantity(s)}
    parameters = {x.name for m, v in laws.values() for x in (m, v) if isinstance(x, sp.Expr) for x in x.free_symbols}
    inside = {s for p in parts for s in p.free_symbols} - {x for v in variables for x in v.free_symbols | {v}}
    if any(s.name not in bare | parameters for s in inside):
        return None
    # a bare name the text says something of outside the chain may be no free constant: a moment of the joint law
    # ($\rho = E[w_0 w_1]$), a value ($x = 1$, a law's $\mu = 2$), a formula of another name ($y = x^2 + 1$)
    if {s.name.split("_")[0] for e in (a, b) for s in e.free_symbols if not is_quantity(s)} & related:
        return None
    mixed: dict = {}
    try:
        values = {s: _quantity_value(*quantities[s.name], variables, mixed) for s in q}
    except _Open:
        return None
    except (TypeError, ValueError, ArithmeticError, sp.PolynomialError):
        return None
    gap = sp.expand((a - b).xreplace(values))
    unknowns = list(mixed.values())
    solution: dict = {}
    if unknowns and gap.has(*unknowns):
        poly = sp.Poly(gap, *unknowns)
        coefficients = [sp.expand(cf) for exps, cf in poly.terms() if any(exps)]
        names = sorted({s for cf in coefficients for s in cf.free_symbols if s.name not in parameters}, key=str)
        # a name solved for takes any real value there: none the text restricts (a condition on it, a letter declared
        # positive, a size or an index) or says anything of outside the chain (another display, a relation in the prose)
        if not names or len(names) > _MAX_NAMES or {x for s in names for x in (s.name, s.name.split("_")[0])} & \
                (conditioned | POSITIVE) or {s.name.split("_")[0] for s in names} & related \
                or any(not isinstance(s, sp.Symbol) or is_quantity(s) for s in names):
            return None
        try:
            found = sp.solve(coefficients, names, dict=True)
        except (NotImplementedError, TypeError, ValueError, ArithmeticError, sp.PolynomialError):
            return None
        for sol in found:
            if not sol or any(v.has(sp.I) or not v.is_real and v.is_real is not None for v in sol.values()):
                continue
            if any(not v.is_rational_function() for v in sol.values()) \
                    or any(sp.expand(cf.xreplace(sol)) != 0 for cf in coefficients) \
                    or any(e.xreplace(sol).has(sp.zoo, sp.nan, sp.oo, -sp.oo) for e in (a, b)):
                continue        # a root, a coefficient left, or a side with no value there
            there = {s: sp.expand(v.xreplace(sol)) for s, v in values.items()}
            if any(v.has(*unknowns) for v in there.values()) or sp.expand(gap.xreplace(sol)) == 0:
                continue
            solution, values = sol, there
            break
        else:
            return None
    elif gap == 0 or unknowns and any(v.has(*unknowns) for v in values.values()) \
            or {s.name.split("_")[0] for s in gap.free_symbols if s.name not in parameters} & related:
        return None             # fixed by the marginals, but at names the text may give a value (x = 1)
    if {s for v in values.values() for s in v.free_symbols} - {s for e in (a, b) for s in e.free_symbols}:
        return None             # a law's parameter the step does not write (N(mu, 1) beside E[w_0^2] = 5): unnamed
    shown = sorted({(display(v), laws[display(v)]) for v in variables}, key=str)
    marginals = "; ".join(f"{n} ~ N({m}, {v})" for n, (m, v) in shown)
    names = ", ".join(n for n, _ in shown)
    if solution:
        moments = ", ".join(m.name for m in mixed.values())
        where = ", ".join(f"{s} = {v}" for s, v in solution.items())
        words = (f"every joint law of {names} with the marginals the text states ({marginals}), at {where}, where "
                 f"{moments} drop{'s' if len(mixed) == 1 else ''} out: the line fails whatever the joint law")
    else:
        words = (f"every joint law of {names} with the marginals the text states ({marginals}), whose moments "
                 "alone fix the line: it fails whatever the joint law")
    out = tuple(sorted(values.items(), key=lambda kv: kv[0].name)) + tuple(sorted(solution.items(),
                                                                                   key=lambda kv: kv[0].name))
    return words, out, tuple(honoured)


def propose(doc, law_arguments: dict, text: str) -> None:
    """Set `at_laws` on each unsettled step that is false at every joint law of variables whose marginals the text
    states, where laws.py proposed none: {step k: ((words, ((symbol, value), …), the sentences honoured),)}."""
    quantities = {name: v for name, v in law_arguments.items() if v is not None}
    if not quantities:
        return
    stated = _stated(text)
    if stated is None:
        return
    laws, honoured = stated
    letters = {n.split("_")[0] for n in laws}
    inline: list = []           # a $$…$$ read as part of a sentence is no display, nor prose the sentences show
    found_blocks = find_blocks(text, kind_of(doc.path), inline=inline)
    found_blocks += [Block("$$", body, -line) for line, body in inline]
    blocks = [(b.line, letters_of(b.body)) for b in found_blocks]
    for c in doc.chains:
        block = c.chain.block
        only_quantities = all(is_quantity(s) for e in c.exprs for s in e.free_symbols)
        if not (LAW_QUANTITIES in c.unsettled or only_quantities and c.unsettled.startswith(VALUES)) \
                or block is None or SUPPOSED.search(block.prose_before[-80:]):
            continue            # unsettled for another reason, or a display the text supposes (a hypothesis)
        if any(line != block.line and found & letters for line, found in blocks):
            continue            # another display writes the variables: it may say what they are
        conditioned = set()
        for cond in c.conditions:
            if getattr(cond, "relation", None) is not None:
                conditioned |= {s.name for s in cond.relation.free_symbols}
            elif not any(" ".join(cond.words.split()) in " ".join(s.split()) for s in honoured):
                conditioned |= set(getattr(cond, "names", ()))
        related = None          # the same for every step of the chain
        for k in range(c.start, len(c.exprs) - 1):
            if k in c.settled_steps or c.at_laws.get(k) or c.chain.relations[k] not in ("=", "<=", ">=", "<", ">"):
                continue
            try:
                if related is None:
                    related = _related(text, c, found_blocks)
                found = _instance(c, k, quantities, laws, honoured, conditioned, related)
            except (TypeError, ValueError, ArithmeticError, RecursionError, AttributeError):
                found = None
            if found is not None:
                c.at_laws[k] = (found,)


