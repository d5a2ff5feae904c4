r"""A premise of the text that solves one name: "The fact that $\mathbf{b}_1 = -2\cdot\mathbf{b}_2$ means …".

An equation in the text's words that gives one name (a plain name, or an entry with a written number) a value that
writes other names and not it is a premise the steps near it are judged under.  Kept as words, no point is known to
satisfy it and a false step is held off.  When its reading is settled it is honoured by substitution: in every step of
a chain that writes the name, the name is replaced by its value, printed as a rule and visible in the written file
(the steps then write the value).  A counterexample of the substituted step is a point of the other names, extended
by the premise to one that satisfies it, so it refutes the step as the text states it.

Never substituted: a value that is a number (a point: the chain may be about another), a chain whose reading is not
settled, a name a step binds (an integral's, a sum's, a derivative's variable), a value writing a name a step binds
(substituted there it would be captured: $y = 3k$ beside $\sum_k y$, $y = 2x$ beside $\partial_x (xy)$), a premise whose
sentence poses it ("suppose", "assume", "if", "whether", a question, a contradiction), denies it ("cannot", "fails",
"doesn't"), makes it an example or a case ("for example", "the special case", "we had") or gives it a range or a
hypothesis ("for $x_i > 0$", "with", "be"), one that is an inequality or writes its name on both sides, a name two premises solve differently, a name the chain does not write (the words stay, restricting
nothing the chain writes), a name a definition gives a value, and an entry whose vector the chain also writes at an
index that is not a number (a sum over its entries) or whole.
"""
from __future__ import annotations

import re

import sympy as sp
from sympy.core.function import AppliedUndef

from .reading import Backend, Context, ReadError, read_side

# `b_1 = -2\cdot b_2`, `\mathbf{b}_1 = …`: one name (a letter or a bold one, with a subscript) set equal to a value
_SOLVED = re.compile(r"\s*((?:\\(?:mathbf|boldsymbol|bm)\s*\{\s*)?[A-Za-z]\s*\}?\s*(?:_\s*(?:\{\s*[0-9]+\s*\}|[0-9]))?)"
                     r"\s*=(?!=)\s*([^=<>]+?)\s*[.,;]?\s*$")
_OTHER_RELATION = re.compile(r"\\(?:neq?|leq?|geq?|le|ge|lt|gt|in|notin|approx|sim|equiv|propto)\b|[<>≠≤≥∈≈]")
# words that pose an equation rather than state it: a hypothesis, a question, one to reject
_POSED = re.compile(r"\b(?:suppose[sd]?|supposing|assume[sd]?|assuming|if|whether|would|could|might|were|contradict"
                    r"\w*|absurd|impossible|false|wrong|not|never|unless|otherwise|when|whenever|for|with|where|"
                    r"provided|given|be|cannot|can't|\w+n't|fails?|failed|untrue|incorrect|example|instance|"
                    r"case|had)\b|\?", re.I)
# a relation in the sentence's other maths: a range or a hypothesis beside the premise (`for $x_i > 0$`)
_RANGE = re.compile(r"\\(?:neq?|leq?|geq?|le|ge|lt|gt|in|notin)\b|[<>≠≤≥∈]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])|\n\s*\n")


def _sentence_of(text: str, start: int, end: int) -> str:
    """The sentence of `text` around [start, end): from the last sentence end before it to the first after it."""
    before = [m.end() for m in _SENTENCE_END.finditer(text, 0, start)]
    after = _SENTENCE_END.search(text, end)
    return text[before[-1] if before else 0:after.start() if after else len(text)]


def _stated(text: str, words: str) -> bool:
    """Whether every place the text's words write `$words$` states it (no word that poses it in its sentence)."""
    places = [m for m in re.finditer(r"\$([^$]+)\$|\\\((.+?)\\\)", text)
              if " ".join((m.group(1) or m.group(2) or "").split()) == " ".join(words.split())]
    if not places:
        return False
    for m in places:
        sentence = _sentence_of(text, m.start(), m.end())
        others = [g for g in re.findall(r"\$([^$]*)\$", sentence) if " ".join(g.split()) != " ".join(words.split())]
        if _POSED.search(re.sub(r"\$[^$]*\$|\\\(.+?\\\)", " ", sentence)) or any(map(_RANGE.search, others)):
            return False
    return True


def _entry_or_name(expr) -> bool:
    return isinstance(expr, sp.Symbol) or isinstance(expr, sp.Indexed) and all(
        isinstance(i, sp.Integer) for i in expr.indices)


def _whole_vector_written(exprs, name) -> bool:
    """Whether the chain writes the vector of the entry `name` otherwise than at a number (b_i, Σ b_i, b bare)."""
    if not isinstance(name, sp.Indexed):
        return False
    label = name.base.label
    return any(i.base == name.base and not all(isinstance(k, sp.Integer) for k in i.indices)
               for e in exprs for i in e.atoms(sp.Indexed)) \
        or any(s.name == label.name for e in exprs
               for s in e.xreplace({i: sp.Dummy() for i in e.atoms(sp.Indexed)}).atoms(sp.Symbol))


def _bound(exprs, name) -> bool:
    """Whether a step binds the name (a variable of an integral, a sum, a derivative, a limit): not a value there."""
    return any(name not in e.free_symbols for e in exprs if e.has(name)) or any(
        name in getattr(x, "variables", ()) or any(name in (lim[0],) for lim in getattr(x, "limits", ()))
        for e in exprs for x in e.atoms(sp.Derivative, sp.Integral, sp.Sum, sp.Product, sp.Limit))


def _bound_names(exprs) -> set:
    """The names of the variables the steps' integrals, sums, products, derivatives and limits bind."""
    out = set()
    for e in exprs:
        for x in e.atoms(sp.Derivative, sp.Integral, sp.Sum, sp.Product, sp.Limit):
            out |= {getattr(v, "name", None) for v in getattr(x, "variables", ())}
            out |= {getattr(lim[0], "name", None) for lim in getattr(x, "limits", ())}
            if isinstance(x, sp.Limit):
                out.add(getattr(x.args[1], "name", None))
    return out - {None}


def substitute_premises(doc, text: str, context: Context, backend: Backend) -> None:
    """Each chain's conditions in words that are premises solving one name it writes (module doc): the name
    replaced by its value in every step, the premise dropped from the conditions, and a rule printed."""
    defined = {d.name for d in doc.definitions}
    for c in doc.chains:
        if c.unsettled:
            continue                                # what the chain says is not settled: nothing to honour
        solved: dict = {}                           # name -> (its value, the words of each premise giving it)
        clash: set = set()
        for premise in c.conditions:
            if premise.relation is not None:
                continue
            m = _SOLVED.fullmatch(premise.words)
            if m is None or _OTHER_RELATION.search(premise.words):
                continue
            try:
                name = read_side(m.group(1), backend, context).expr
                value = read_side(m.group(2), backend, context).expr
            except ReadError:
                continue
            if not _entry_or_name(name) or value.has(name) or value.atoms(AppliedUndef) or not value.free_symbols \
                    or not any(e.has(name) for e in c.exprs) or _bound(c.exprs, name) \
                    or {s.name for s in value.free_symbols} & _bound_names(c.exprs):
                continue
            if name in solved and sp.simplify(solved[name][0] - value) != 0:
                clash.add(name)
            solved.setdefault(name, (value, []))[1].append(premise.words)
        for name, (value, words) in solved.items():
            label = name.base.label.name if isinstance(name, sp.Indexed) else name.name
            if name in clash or label in defined or _whole_vector_written(c.exprs, name) \
                    or not all(_stated(text, w) for w in words) \
                    or any(v.has(name) for other, (v, _) in solved.items() if other != name):
                continue
            c.exprs = [e.xreplace({name: value}) for e in c.exprs]
            c.conditions = [p for p in c.conditions if p.words not in words]
            rule = (f"{c.where}: read `{'`, `'.join(words)}` in the text's words as a premise the steps are judged "
                    f"under: {sp.sstr(name)} is replaced by {sp.sstr(value)} in each step (a counterexample then "
                    "satisfies it)")
            c.rules.append(rule)
            doc.rules.append(rule)
