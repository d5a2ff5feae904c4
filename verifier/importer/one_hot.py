r"""A vector the text's words say is one-hot: "Since $\mathbf{y}$ is a one-hot vector of length $q$, …".

Kept as words, the statement holds off every counterexample of the steps that write y (no point is known to satisfy
it), so a false step under it is never refuted.  When it is settled it is honoured as a declaration: the vector is
declared `vector("y", q, one_hot=True)`, so the numbers draw only one-hot vectors (every entry 0 but one, which is 1,
at a seeded place), a counterexample is one-hot and names its hot entry, and a proof may use 0 ≤ y_i ≤ 1.  The words
leave the steps' conditions, and a rule in the written file's header says what was read.

Settled only when every place the text writes the statement states it (no word that poses it: "if", "suppose",
"whether", a question; denies it: "not", "cannot"; or gives it as an example or a case), the name is one plain or bold
letter, nothing in its sentence comes before it but a word that states it ("Since", "As", "Here") and no word of
the sentence sets it against another case or scope ("With hard labels …; with label smoothing …", "In the previous
chapter"), every chain of the text that writes it writes its entries (y_j: a vector) and has the statement among its
conditions, no definition gives it a value, no entry the chain writes is at a number or at an index no sum binds
unless the words say the index is any ("any logit $o_j$"; `o_1` or `o_j` beside `\sum_k y_k o_k` may be the hot one
the text means), every sum starts at 1, and the length the words give ("of length $q$") is the one length the
text's sums run up to.  Otherwise the words stay, and the steps are never refuted under them.

The sentence of the statement leaves the conditions with it when the rest of it says nothing more of any name than
what the statement implies: its other maths are only the vector, its length and the letters the chains sum over
("the sum over all its coordinates $j$ vanishes for all but one term"), with no word of a sign, a range or another
property.
"""
from __future__ import annotations

import re

import sympy as sp
from sympy.core.function import AppliedUndef

# `$\mathbf{y}$ is a one-hot vector of length $q$`, `$y$ is one-hot`, `$\mathbf{y}$ are one-hot labels`
_STATEMENT = re.compile(r"(?:\$([^$]{1,40})\$|\\\(([^$]{1,40}?)\\\))\s+(?:is|are)\s+(?:a\s+|an\s+)?one-hot"
                        r"(?:\s+(?:encoded\s+)?(?:vectors?|labels?|encodings?|targets?))?"
                        r"(?:\s+(?:of\s+(?:length|size|dimension)|in\s+dimension)\s+"
                        r"(?:\$([^$]{1,20})\$|\\\((.{1,20}?)\\\)))?", re.I)
# one letter, plain or bold: the vector's name
_LETTER = re.compile(r"\s*(?:\\(?:mathbf|boldsymbol|bm|vec)\s*\{\s*([A-Za-z])\s*\}|([A-Za-z]))\s*")
# words that pose the statement rather than state it, deny it, or make it an example, a case or one of two
_POSED = re.compile(r"\b(?:suppose[sd]?|supposing|assume[sd]?|assuming|if|whether|would|could|might|may|should|were|"
                    r"when|whenever|unless|otherwise|provided|given|only|or|not|never|no|cannot|can't|\w+n't|fails?|"
                    r"failed|false|wrong|untrue|incorrect|contradict\w*|absurd|impossible|example|examples|instance|"
                    r"e\.g|say|case|cases|had|usually|typically|often|sometimes|generally)\b|\?", re.I)
# words of the rest of the sentence that say more of a name than one-hot does
_MORE = re.compile(r"\b(?:positive|negative|non-?negative|non-?positive|non-?zero|zero|integers?|natural|odd|even|"
                   r"prime|orthogonal|orthonormal|unit|normali[sz]ed|symmetric|invertible|sorted|distinct|bounded|"
                   r"binary|small|large|independent|probabilit(?:y|ies)|distributions?|random|greater|less|larger|"
                   r"smaller|at\s+least|at\s+most|between|equals?|equal\s+to|dimensions?|sizes?|lengths?|counts?|"
                   r"number\s+of)\b", re.I)
# the only words that may come before the statement in its sentence: the text states it, of the vector it writes
# ("Since $\mathbf{y}$ is …"), never of one case or scope ("With hard labels", "In the previous chapter")
_STATING = {"", "since", "as", "because", "here", "recall that", "note that", "now", "and", "where", "so",
            "thus", "hence", "then", "in addition", "moreover", "also"}
# words of its sentence that set the statement against another case ("; in this chapter the labels are smoothed")
_CONTRAST = re.compile(r"[,;]\s*but\b|\b(?:however|while|whereas|although|though|instead|unlike|rather|except|"
                       r"smooth\w*|soft|previous|earlier|later|chapter|section)\b", re.I)
_RELATION = re.compile(r"\\(?:neq?|leq?|geq?|le|ge|lt|gt|in|notin|approx|sim|equiv|propto|perp)\b|[=<>≠≤≥∈≈]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])|\n\s*\n")
_DISPLAYS = re.compile(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\{(equation|align|gather|multline)\*?\}.*?\\end\{\1\*?\}", re.S)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _sentence_of(text: str, start: int, end: int) -> tuple[int, int]:
    before = [m.end() for m in _SENTENCE_END.finditer(text, 0, start)]
    after = _SENTENCE_END.search(text, end)
    return (before[-1] if before else 0), (after.start() if after else len(text))


def _letter(math: str) -> str | None:
    m = _LETTER.fullmatch(math or "")
    return (m.group(1) or m.group(2)) if m else None


def _statements(text: str) -> dict:
    """letter -> [(line, words of the statement, its length's letter or None, its sentence, stated)] for every place
    the text's words (not its displays) say a letter is one-hot."""
    prose = _DISPLAYS.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    out: dict = {}
    for m in _STATEMENT.finditer(prose):
        name = _letter(m.group(1) or m.group(2))
        if name is None:
            continue
        length_math = m.group(3) or m.group(4)
        length = _letter(length_math) if length_math is not None else None
        start, end = _sentence_of(prose, m.start(), m.end())
        sentence = prose[start:end]
        words_only = re.sub(r"\$[^$]*\$|\\\(.+?\\\)", " ", sentence)
        before = _one_line(re.sub(r"\$[^$]*\$|\\\(.+?\\\)", " ", prose[start:m.start()])).lower().strip(" ,")
        stated = not _POSED.search(words_only) and (length_math is None or length is not None) \
            and before in _STATING and not _CONTRAST.search(words_only)
        out.setdefault(name, []).append((prose.count("\n", 0, m.start()) + 1, _one_line(m.group(0)), length,
                                         sentence, stated))
    return out


def _writes(e, name: str) -> tuple[bool, bool]:
    """(writes the letter's entries, writes it otherwise: bare or styled), for one expression."""
    entries = any(i.base.label.name == name for i in e.atoms(sp.Indexed))
    bare = e.xreplace({i: sp.Dummy() for i in e.atoms(sp.Indexed)})
    # the whole vector as an argument of a function the text writes (`l(\mathbf{y}, \hat{\mathbf{y}})`) is the vector
    bare = bare.xreplace({f: f.func(*[sp.Dummy() if isinstance(a, sp.Symbol) and a.name == name else a
                                      for a in f.args]) for f in bare.atoms(AppliedUndef)})
    other = any(s.name in (name, f"{name}_bold") for s in bare.atoms(sp.Symbol) if not isinstance(s, sp.Dummy)) \
        or any(i.base.label.name == f"{name}_bold" for i in e.atoms(sp.Indexed))
    return entries, other


def _upper_limits(exprs) -> set:
    out = set()
    for e in exprs:
        for node in e.atoms(sp.Sum, sp.Product):
            for lim in node.limits:
                if len(lim) == 3:
                    out.add(lim[2])
        for node in sp.preorder_traversal(e):
            if type(node).__name__ in ("IndexedMax", "IndexedMin"):
                for lim in getattr(node, "limits", ()):
                    if len(lim) == 3:
                        out.add(lim[2])
    return out


def _summed_letters(exprs) -> set:
    """The letters the chains sum over or write as subscripts (j in Σ_j y_j, in o_j)."""
    out = set()
    for e in exprs:
        for node in e.atoms(sp.Sum, sp.Product):
            out |= {lim[0].name for lim in node.limits}
        for i in e.atoms(sp.Indexed):
            out |= {ix.name for ix in i.indices if isinstance(ix, sp.Symbol)}
    return out


def _free_indices(exprs) -> set:
    """The indices of entries the chain writes that no sum binds (j in `\\sum_k y_k o_k = o_j`) and the numbered ones
    (1 in `o_1`): the text may mean the hot entry there ("all but the term of the true class $j$", "that encodes the
    first class"), which a one-hot vector drawn at any place is not."""
    out = set()
    for e in exprs:
        if not isinstance(e, sp.Basic):
            continue
        free = e.free_symbols
        for i in e.atoms(sp.Indexed):
            out |= {ix for ix in i.indices if isinstance(ix, sp.Symbol) and ix in free or ix.is_Integer}
    return out


def _partial_sums(exprs) -> bool:
    """Whether a sum of the chain starts elsewhere than at 1 (`\\sum_{j=2}^q`): the text may leave out the hot entry
    it means ("past the first"), which a one-hot vector drawn at any place may not be."""
    return any(len(lim) == 3 and lim[1] != 1 for e in exprs if isinstance(e, sp.Basic)
               for node in e.atoms(sp.Sum, sp.Product) for lim in node.limits)


def _said_any(text: str, index: str) -> bool:
    """Whether the text's words say the index is any ("the derivative with respect to any logit $o_j$"): then the
    line claims itself at every index, the hot one and the others."""
    sub = r"_\s*(?:\{\s*)?" + re.escape(index) + r"(?![A-Za-z])"
    return re.search(r"\b(?:any|every|each|all|arbitrary)\s+(?:[A-Za-z-]+\s+){0,3}(?:\$[^$]*" + sub + r"[^$]*\$|"
                     r"\$\s*" + re.escape(index) + r"\s*\$)", text, re.I) is not None


def _says_nothing_more(sentence: str, statement: str, allowed: set) -> bool:
    """Whether the sentence of a statement says nothing beyond it: its other maths are lone letters among `allowed`,
    with no relation, and its words give no sign, range or other property (module doc)."""
    from .conditions import names_in
    rest = _one_line(sentence).replace(statement, " ", 1)
    maths = [a or b for a, b in re.findall(r"\$([^$]*)\$|\\\((.+?)\\\)", rest)]
    words_only = re.sub(r"\$[^$]*\$|\\\(.+?\\\)", " ", rest)
    if _MORE.search(words_only) or _POSED.search(words_only) or re.search(r"one-hot", words_only, re.I):
        return False
    for math in maths:
        if _RELATION.search(math) or _letter(math) is None or not names_in(math) <= allowed:
            return False
    return True


def declare_one_hot(doc, text: str) -> None:
    """Each vector the text's words settle is one-hot (module doc): recorded in `doc.one_hot` (letter -> the words,
    for its declaration), its statement and the sentence saying nothing more left out of every chain's conditions,
    and a rule printed."""
    found = _statements(text)
    if not found or not doc.chains:
        return
    every = [e for c in doc.chains for e in c.exprs[c.start:]] + [d.expr for d in doc.definitions]
    limits = _upper_limits(every)
    defined = {d.name for d in doc.definitions}
    for name, places in found.items():
        if not all(stated for *_, stated in places) or name in defined or name in getattr(doc, "one_hot", {}):
            continue
        lengths = {length for _, _, length, _, _ in places}
        if len(lengths) != 1 or len(limits) > 1 or not all(isinstance(x, sp.Symbol) for x in limits):
            continue            # two lengths, or sums up to two lengths: the vector's own is not settled
        length = next(iter(lengths))
        if length is not None and {x.name for x in limits} != {length}:
            continue            # the words give a length no sum of the text runs up to
        statements = [words for _, words, _, _, _ in places]
        allowed = {name, length} | _summed_letters(every) - {None}

        def honoured(p) -> bool:
            """The statement itself, or words that contain it and say nothing more."""
            if p.relation is not None:
                return False
            words = _one_line(p.words)
            m = _STATEMENT.fullmatch(words)
            if m is not None and _letter(m.group(1) or m.group(2)) == name:
                return True
            return any(s in words and _says_nothing_more(words, s, allowed) for s in statements)

        def stated_here(p) -> bool:
            words = _one_line(p.words)
            m = _STATEMENT.fullmatch(words)
            return p.relation is None and (m is not None and _letter(m.group(1) or m.group(2)) == name
                                           or any(s in words for s in statements))
        writing = []
        for c in doc.chains:
            written = [_writes(e, name) for e in c.exprs[c.start:]]
            entries, other = any(w[0] for w in written), any(w[1] for w in written)
            if not (entries or other):
                continue
            if not entries or other or c.unsettled or not any(map(stated_here, c.conditions)):
                writing = None   # a chain writes the letter otherwise, or not under the statement: words stay
                break
            if any(not isinstance(ix, sp.Symbol) or not _said_any(text, ix.name)
                   for ix in _free_indices(c.exprs[c.start:])) or _partial_sums(c.exprs[c.start:]):
                writing = None   # `Σ_k y_k o_k = o_j`, `= o_1`: a free or numbered index may be the hot one meant
                break
            writing.append(c)
        if not writing:
            continue
        for c in writing:
            c.conditions = [p for p in c.conditions if not honoured(p)]
        line, words = places[0][0], places[0][1]
        doc.one_hot[name] = words
        over = f"1…{length}" if length is not None else "its range"
        doc.rules.append(f"line {line}: read `{words}` in the text's words as a premise the steps are judged under: "
                         f"{name} is declared one-hot (every entry 0 but one, which is 1, over {over}), so a "
                         "counterexample is one-hot")
