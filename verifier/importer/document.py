"""A whole document: its chains read side by side, definitions recognised, errors with their lines."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

import sympy as sp
from sympy.core.function import AppliedUndef

from .conditions import (Condition, conditions_in, let_definitions, names_in, nearby_prose, read_condition,
                         stated_by_display)
from .declarations import POSITIVE
from .equivalences import SCALE_LETTERS, relations_compared, solved_equivalence
from .matrices import (top_level_commas, bold_h_is_an_operator, determinants, equations, gradient_beside, gradients, hessian,
                       matrix_sides)
from .one_hot import declare_one_hot
from .code_cells import code_definitions
from .premises import substitute_premises
from . import approximations, identity_multiples, laws, noncommuting, products, vector_functions
from . import family_laws
from .law_texts import NAMES_ONLY, inline_maths
from .environments import (Block, Chain, clean_body, column_pairs, find_blocks, chains, inline_footnotes, kind_of,
                           last_paragraph, trailing_prose,
                           unclosed_math_fence, without_code)
from .reading import (BOLD_LETTER, FUNCS, GREEK, NAMED, WORDS, Backend, Context, DEFAULT_BACKEND, ReadError,
                      applied_letters, bare_names, bound_letters,
                      index_ranges, is_law_quantity, names_outside_powers, read_side, subscripted_names)


@dataclass
class ImportedChain:
    chain: Chain
    exprs: list[sp.Expr]                      # one per side
    rules: list[str]
    name: str                                  # a Python identifier for the derivation
    where: str                                 # "eq. (2)" or "line 7"
    start: int = 0                             # the side the calc starts at (1 when the first relation defines a name)
    conditions: list = field(default_factory=list)   # what the prose around the display states (conditions.py)
    unsettled: str = ""                        # why the reading is not settled: the steps are never refuted
    covers: int = 0                            # relations of the display its steps stand for, when not one each
                                               # (`x \le 5 \iff 5 \ge x`: three relations, one claim)
    settled_steps: frozenset = frozenset()     # steps decided though the chain is unsettled (they do not write
                                               # what unsettles it)
    by_values: bool = False                    # what is unsettled is the values the text gives the names (a law's
                                               # quantities, particular values), not what the line says: a step
                                               # false at every value is still refuted
    named_by_head: bool = False                # the display's first side (`\rho(X, Y) =`) only names what the
                                               # chain computes: the chain starts at its first right side
    meaning: object = None                     # what the text's words say its ≈ means (approximations.StatedMeaning)
    at_laws: dict = field(default_factory=dict)  # step -> laws every statement of the text allows, each (its words,
                                               # ((quantity, its value there), …)): the step is refuted at one (laws.py)


@dataclass
class Definition:
    name: str                                  # "p" or "H"
    index: sp.Symbol | None                    # p_i: the index; H: None
    expr: sp.Expr
    latex: str
    where: str
    order: int = 0                             # how many chains of the text come before it
    line: int = 0                              # the line of its display


@dataclass
class Failure:
    line: int
    where: str
    latex: str
    message: str
    readings: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = f"line {self.line} ({self.where}): {self.message}"
        if self.readings:
            text += "; readings: " + " | ".join(f"({k + 1}) {r}" for k, r in enumerate(self.readings))
        return text


@dataclass
class Document:
    path: str
    chains: list[ImportedChain] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    size: str = "n"
    # letters usually positive (λ, β, τ, σ) whose sign the text states otherwise or leaves open
    sign_open: frozenset = frozenset()
    headings: tuple[int, ...] = ()             # the lines of the text's section headings
    ended: dict = field(default_factory=dict)  # name -> the line from which its definition no longer holds
    # the laws the text gives in its displays (`X \sim \mathrm{Bin}(n, p)`): (line, words), declarations proposed
    # to the author beside the steps that write their names, never checked
    laws: list = field(default_factory=list)
    prose_so_far: str = ""                     # the text's words before the display being read
    dimension: str = ""                        # the one length the text gives its vectors (_dimension)
    unequal_sizes: frozenset = frozenset()     # pairs of sizes the text says differ (noncommuting.unequal_sizes)
    named_entries: dict = field(default_factory=dict)   # o[3] -> its right side, for `o_3 = …` the text names
    named_lines: dict = field(default_factory=dict)     # o[3] -> the line of the display that names it
    # a product of matrices and vectors read as one name (products.py) -> its word; and what the text says that
    # decides whether its matrices may be multiples of the identity (identity_multiples.py)
    words: dict = field(default_factory=dict)
    matrix_facts: object = None
    # chains whose summed entries were read apart from a bare letter of the same name -> the entries' new name
    entries_apart: list = field(default_factory=list)
    # vectors the text's words settle are one-hot (one_hot.py): letter -> the words stating it
    one_hot: dict = field(default_factory=dict)
    # the whole text (arbitrary_functions.py reads every word and formula about a function with no body)
    text: str = ""


# What a text says of a letter's sign when it may be zero or negative: "λ ≤ 0", "(it may be negative)",
# "any real number", "positive or negative".  Such a letter is declared real, never positive.
_SIGN_WORDS = re.compile(r"negative|non-?positive|any\s+real|any\s+sign|either\s+sign|its\s+sign|"
                         r"positive\s+or|or\s+zero|may\s+be\s+zero|can\s+be\s+zero|\bsign\b", re.I)
_SIGN_RELATION = re.compile(r"\\le(?:q|qslant)?\b|\\ge(?:q|qslant)?\b|\\ne(?:q)?\b|\\in\b|<|>|≤|≥|≠|∈|\\lt\b|\\gt\b")
_USUALLY_POSITIVE = {"lambda": "λ", "tau": "τ", "beta": "β", "sigma": "σ"}


def sign_open(text: str) -> frozenset:
    """The usually positive letters (λ, β, τ, σ) that the text relates to something other than `> 0` in inline
    maths, or near which it speaks of a sign, zero or negative values."""
    out = set()
    prose = re.sub(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\{(equation|align|gather|multline)\*?\}.*?\\end\{\1\*?\}", " ",
                   text, flags=re.S)
    for name, glyph in _USUALLY_POSITIVE.items():
        mention = re.compile(r"\\" + name + r"(?![A-Za-z])|" + glyph)
        for m in re.finditer(r"\$([^$]+)\$|\\\((.+?)\\\)", prose, flags=re.S):
            math = m.group(1) or m.group(2) or ""
            if mention.search(math) and _SIGN_RELATION.search(math) \
                    and not re.fullmatch(r"\s*(\\" + name + r"|" + glyph + r")\s*>\s*0\s*", math):
                out.add(name)
        for m in mention.finditer(prose):
            if _SIGN_WORDS.search(prose[max(0, m.start() - 80):m.end() + 120]):
                out.add(name)
    return frozenset(out)


# e and \pi given a value or a role: `$e = 6$`, `$$e = y - \hat{y}$$`, "let $e$ denote the edges", `$\pi = 1/2$`;
# not Euler's or Archimedes' values (e = 2.718…, \pi \approx 3.14…, e = \lim …, e = \sum …, e = \exp(1)).
_GIVEN = re.compile(r"\${1,2}\s*(e|\\pi)\s*(?:=|:=|\\coloneqq)\s*(?!\s*(?:2\.71|3\.14|\\lim|\\sum|\\exp|\\mathrm\{e\}|e\^))"
                    r"[^$]*\${1,2}")
_ROLE = re.compile(r"(?:let|where|with|and)\s+\$(e|\\pi)\$\s+(?:denote|denotes|be|is|the|for|stands?)\b", re.I)


# A text about complex numbers: its i may be the imaginary unit, which the reader takes for a real name.
_IMAGINARY = re.compile(r"imaginary\s+unit|i\s*\^\s*\{?\s*2\s*\}?\s*=\s*-\s*1|\\sqrt\s*\{\s*-\s*1\s*\}|"
                        r"complex\s+(?:number|conjugate|plane|exponential)|euler'?s\s+formula|rotary|"
                        # e^{iθ}, e^{-i ω t}, cos θ + i sin θ: i as the imaginary unit in the formulas themselves
                        r"e\s*\^\s*\{\s*-?\s*i\s*(?:\\[A-Za-z]+|[a-z(])|i\s*\\sin\b", re.I)


def reassigned_constants(text: str) -> frozenset:
    """The letters e and π when the text gives them a value or a role other than the constant, and i when the
    text speaks of the imaginary unit (a line with i is then refused: i is read as a real name or index)."""
    out = frozenset(m.group(1) for m in _GIVEN.finditer(text)) | frozenset(m.group(1) for m in _ROLE.finditer(text))
    return out | ({"i"} if _IMAGINARY.search(text) else set())


def where_of(block: Block, chain: Chain) -> str:
    if block.number:
        return f"eq. ({block.number})"
    return f"line {chain.line}"


def default_size(text: str) -> str:
    found = re.findall(r"\\sum_\{?\s*[a-z]\s*=\s*[^}]*\}?\s*\^\s*\{?\s*([A-Za-z])", text)
    return Counter(found).most_common(1)[0][0] if found else "n"


def _is_name(e) -> bool:
    return isinstance(e, sp.Symbol) or (isinstance(e, sp.Indexed) and len(e.indices) == 1
                                         and isinstance(e.indices[0], sp.Symbol))


def read_document(text: str, path: str = "", label: str | None = None,
                  backend: Backend = DEFAULT_BACKEND) -> Document:
    kind = kind_of(path)
    text = inline_footnotes(text, kind)
    doc = Document(path, size=default_size(text), sign_open=sign_open(text), headings=headings(text, kind))
    doc.text = text
    inline: list[tuple[int, str]] = []
    never_closed: list = []
    blocks = find_blocks(text, kind, inline, never_closed)
    for line, body in inline:
        doc.rules.append(f"line {line}: read `$$…$$` inside a sentence as part of the sentence (kramdown sets it "
                         "inline): a hypothesis or a mention, not a claim")
        if _STATES_A_RELATION.search(body):
            # "i.e., $$a^2 + b^2 \geq 2ab.$$", "Then $$(a-1)^2 = a^2 - 2a + 1$$", "We get $$" + lines + "$$": it may be
            # the author's claim as well as a hypothesis ("When $$p_g = p_r$$, …"), so it is named, never dropped
            doc.failures.append(Failure(line, f"line {line}", " ".join(body.split()),
                                        "`$$…$$` inside a sentence (words of prose on its line): kramdown sets it "
                                        "inline, so it may state a hypothesis or a mention as well as a claim: "
                                        "not read"))
    every_side = " ; ".join(side for block in blocks for chain in chains(block) for side in chain.sides)
    context = Context(size=doc.size, variables=frozenset(bare_names(every_side)),
                      applied_letters=frozenset(applied_letters(every_side)),
                      bounds=frozenset(bound_letters(text)), log_base=_log_base(text),
                      log_declared=_log_base_declared(text),
                      outside_powers=frozenset(names_outside_powers(every_side)),
                      reassigned=reassigned_constants(text), subscripted=frozenset(subscripted_names(every_side)),
                      about_laws=bool(_ABOUT_LAWS.search(text)), applied_in_prose=_applied_in_prose(text),
                      about_vectors=bool(re.search(r"\bvectors?\b|cross[- ]products?|\\mathbb\s*\{?R\}?\^\{?3", text)),
                      about_complex=bool(re.search(r"\bcomplex\b|\\mathbb\s*\{?C\b", text)),
                      dimension=_dimension(text), given_vectors=_given_vectors(text),
                      elementwise_powers=bool(_ELEMENTWISE_POWERS.search(text)),
                      vector_entries=_given_vector_entries(text),
                      redefined=frozenset(re.findall(r"\\(?:renewcommand|newcommand|providecommand|def|let)\*?\s*\{?\s*"
                                                     r"(\\[A-Za-z]+)", text)) & _KNOWN_COMMANDS,
                      decimal_comma=bool(_DECIMAL_COMMA.search(text)), index_ranges=index_ranges(text))
    context.declared_objects, context.applied_decorated = noncommuting.declared(text), noncommuting.applied(text)
    context.declared_bold, context.shapes = noncommuting.declared(text, bold=True), noncommuting.sizes(text)
    context.unequal_sizes = noncommuting.unequal_sizes(text)
    context.rows_throughout = noncommuting.rows_throughout(text)
    doc.matrix_facts = identity_multiples.text_facts(text, blocks, context.shapes, context.declared_objects,
                                                     context.rows_throughout)
    doc.dimension, doc.unequal_sizes = context.dimension, context.unequal_sizes
    used_names: Counter = Counter()
    # a function of so many arguments (`k/2` for `k(x, y)` and `k(a, b)`) -> the line that first gives it a value
    given_heads: dict[str, int] = {}
    plain = without_code(text, kind)
    if plain.count("$$") % 2:
        # `$$` opened in the prose and never closed: the delimiters after it pair up the wrong way round
        last = plain.rfind("$$")
        doc.failures.append(Failure(plain.count("\n", 0, last) + 1, f"line {plain.count(chr(10), 0, last) + 1}", "$$",
                                    "the text's `$$` delimiters do not pair up (one is never closed): the display "
                                    "at this line is not read"))
    unclosed = unclosed_math_fence(text, kind)
    if unclosed:
        # "```math" opened and never closed: its rows are left as text, which would drop them without a word
        doc.failures.append(Failure(unclosed, f"line {unclosed}", "```math", "a ```math block that is never closed "
                                    "is not read: close it with ```"))
    for line, opening in never_closed:
        # `\begin{align}` or `\[` opened and never closed: its rows would vanish without a word
        doc.failures.append(Failure(line, f"line {line}", opening, f"`{opening}` is never closed: the display at this "
                                    "line is not read (close it)"))
    if label is not None and not any(b.label == label for b in blocks):
        doc.failures.append(Failure(0, "", "", f"no display labelled {label!r}"))
    functions = _function_definitions(blocks, text, kind, context, backend)
    # `h(\mathbf{x}) = …` in a display: a function of a vector, put in where a matrix expression applies it
    vector_defined = vector_functions.definitions(
        blocks, chains, text, lambda body: products.is_matrix_chain([body], context.declared_objects,
                                                                    context.declared_bold))
    defining_lines = {f.display for f in vector_defined.values() if isinstance(f, vector_functions.VectorFunction)}
    if doc.matrix_facts is not None and defining_lines:
        # a display that only defines a function of a vector relates none of its matrices: the function is new
        doc.matrix_facts = replace(doc.matrix_facts,
                                   displays=tuple(d for d in doc.matrix_facts.displays if d[0] not in defining_lines),
                                   relations=tuple(r for r in doc.matrix_facts.relations if r[0] not in defining_lines))
    for found in code_definitions(text, kind):
        # `def L(x): return x**2 + 1701*(x-4)**3` in a Python code cell: the text's L for the displays after it
        after = next((k for k, b in enumerate(blocks) if b.line > found.line), None)
        if after is None or any(f.name == found.name for f in functions):
            continue
        functions.append(FunctionDefinition(found.name, found.name, found.params, found.body, after, found.line))
        doc.rules.append(f"line {found.line}: read the code cell's `{found.source}` as defining the function "
                         f"{found.name}({', '.join(p.name for p in found.params)}) = {found.body} for the displays "
                         "after it (one return of plain arithmetic)")
    local_definition: dict = {}     # id of a chain after `\rightarrow` beside a definition -> that definition
    earlier: list = []          # conditions and properties the text stated before the display, read once each
    prose_so_far = ""           # the text's words before the display
    given_once: dict = {}       # vectors given by entries that the words introduce again later (_introduced_again)
    given_seen: set = set()     # the vectors whose giving display is before this one
    failures_seen, previous = len(doc.failures), None
    for number, block in enumerate(blocks):
        if previous is not None:
            # a display (or a part of one) the import did not read may state what the displays after it take as
            # given (`\mathbf{x} \perp \mathbf{y}`, `\text{Let } x^2 = x`): no point is known to satisfy it
            earlier += _unread_display(previous, doc.failures[failures_seen:])
        failures_seen, previous = len(doc.failures), block
        after = blocks[number + 1].prose_before if number + 1 < len(blocks) else trailing_prose(text, kind)
        prose_so_far += "\n" + block.prose_before
        doc.prose_so_far = prose_so_far
        for inline in re.findall(r"\$([^$]{1,300})\$", block.prose_before):
            # "the kernel $k(a, b) = e^{-(a - b)^2}$": the text gives k its value in its words
            given = re.match(r"(.*?)(?:=|:=|\\coloneqq)", inline)
            if given and _NAMED_HEAD.fullmatch(given.group(1)):
                where_given = text.find(inline)
                given_heads.setdefault(_head_key(given.group(1)), text.count("\n", 0, max(where_given, 0)) + 1)
        around = prose_so_far + "\n" + nearby_prose("", after)
        discrete = _DISCRETE.search(around)
        # a condition or a property stated earlier in the text ("Since $y$ is one-hot", "Throughout, $x > 0$")
        earlier += conditions_in(block.prose_before, context, backend, definitions=False)
        stated = conditions_in(nearby_prose(block.prose_before, after), context, backend) + earlier \
            + _posed_by_the_next_display(block, blocks[number + 1] if number + 1 < len(blocks) else None, context,
                                         backend)
        for math, name, value in let_definitions(block.prose_before, context, backend) if not context.about_laws else ():
            # "Let $m = \max_i x_i$. Then $$…$$": the name stands for its value from here on, as after a display
            # `m = …`; the words are then no condition left unread.  A name a chain before wrote, or one defined
            # already, keeps what it was
            if any(d.name == name.name for d in doc.definitions) \
                    or any(name.name in set().union(*map(_names, c.exprs)) for c in doc.chains):
                continue
            before = "\n".join(text.split("\n")[:max(block.line - 1, 0)])
            line = before.count("\n", 0, before.rfind(math)) + 1 if math in before else block.line
            doc.definitions.append(_definition(name, value, math.split("=", 1)[1].strip(), f"line {line}",
                                               len(doc.chains), line))
            stated = [c for c in stated if c.words != math]
            doc.rules.append(f"line {line}: read `{math}` in the words before the display at line {block.line} "
                             f"(“let”) as the definition of {name.name}")
        for letter in _introduced_again(block.prose_before, {v: e for v, e in context.vector_entries.items()
                                                             if v in given_seen}):
            # "for a unit vector $\mathbf{v}$": the words give the letter a new, general meaning; the entries the text
            # gave it hold for the displays before these words only
            given_once.setdefault(letter, context.vector_entries.pop(letter))
            doc.rules.append(f"line {block.line}: the words before the display introduce {letter} again: its entries "
                             "are not read from here on")
        given = _gives_vectors_only(block.body, context.vector_entries)
        given_seen.update(given)
        if given:
            # `\mathbf{v} = (r,0) \; \textrm{and} \; \mathbf{w} = (s\cos(\theta), s \sin(\theta)).`: the text gives
            # its vectors by their entries, which the displays after it read (reading.vector_scalars); no claim
            doc.rules.append(f"line {block.line}: read the display as giving the vectors "
                             + " and ".join(f"{v} = ({', '.join(context.vector_entries[v])})" for v in given)
                             + " by their entries (a definition, not a claim)")
            continue
        grid = re.search(r"\\begin\{(cases|array|[pbvBV]?matrix|smallmatrix|dcases)\*?\}", block.body)
        if grid and r"\det" in block.body:
            # `\left|\det\begin{bmatrix} \cos\theta & -r\sin\theta \\ … \end{bmatrix}\right|`: the determinant of a
            # grid of numbers is a number, written out from its entries (matrices.determinants)
            try:
                body, said = determinants(block.body)
            except ReadError as exc:
                doc.failures.append(Failure(block.line, where_of(block, chains(block)[0] if chains(block) else
                                                                 Chain([], [], [], [block.line], block)),
                                            block.body.strip()[:80], str(exc), exc.readings))
                continue
            if said:
                block = replace(block, body=body)
                doc.rules += [f"line {block.line}: {r}" for r in said]
                grid = re.search(r"\\begin\{(cases|array|[pbvBV]?matrix|smallmatrix|dcases)\*?\}", block.body)
        if grid and grid.group(1) in ("array", "matrix", "pmatrix", "bmatrix") \
                and _add_matrix_equation(doc, block, label, used_names, context, backend, stated,
                                         _VECTORS.search(nearby_prose(block.prose_before, after)) is not None
                                         and not _BINOMIAL_WORDS.search(around), functions, number,
                                         bold_h_is_an_operator(text)):
            continue
        if grid and chains(block):
            doc.failures.append(Failure(block.line, where_of(block, chains(block)[0]), block.body.strip()[:80],
                                        f"a display with `\\begin{{{grid.group(1)}}}` (cases or a grid) is not read"))
            continue
        if column_pairs(block):
            doc.failures.append(Failure(block.line, where_of(block, Chain([], [], [], [block.line], block)),
                                        block.body.strip()[:80], "two equations side by side in one row (columns of "
                                        "an align) are not read: write one equation per row"))
            continue
        hidden = _HIDDEN_RELATION.search(clean_body(block.body))
        if hidden and not any(_HIDDEN_RELATION.search(side) for c in chains(block) for side in c.sides):
            # `(a+b)^2 \stackrel{(1)}{=} a^2 + ab + b^2`, `\boxed{(a-b)^2 = a^2 - b^2}`, `x \lesssim y`: a relation the
            # chains do not hold, which would vanish without a word
            doc.failures.append(Failure(block.line, where_of(block, Chain([], [], [], [block.line], block)),
                                        block.body.strip()[:80], f"`{hidden.group(0).strip()}`: a relation written "
                                        "inside a decoration, or one the import does not know, is not read"))
            continue
        lone = _SET_RELATION.search(re.sub(r"\{[^{}]*\}", "", block.body)) if not chains(block) else None
        if lone and not _RELATION_IN_BODY.search(re.sub(r"\{[^{}]*\}", "", block.body)):
            # `2 \in [3, 4]`, `\mathbf{u} \perp \mathbf{v}`, `x_n \to 0`: a membership, an orthogonality, a limit or a
            # map, which would vanish without a word
            doc.failures.append(Failure(block.line, where_of(block, Chain([], [], [], [block.line], block)),
                                        block.body.strip()[:80], f"`{lone.group(0)}` (a membership, an orthogonality, "
                                        "a limit or a map) is not read"))
            continue
        if not chains(block) and _RELATION_IN_BODY.search(re.sub(r"\{[^{}]*\}", "", block.body)):
            doc.failures.append(Failure(block.line, where_of(block, Chain([], [], [], [block.line], block)),
                                        block.body.strip()[:80], "no chain of relations could be read from this "
                                        "display (a side is empty or stands where no relation joins it)"))
        pending = list(chains(block))
        block_start, refused_names = len(doc.chains), set()
        while pending:
            whole = pending.pop(0)
            where = where_of(block, whole)
            across = _across_an_elided_step(whole)
            if across is not whole:
                # `a = b = \ldots, = c`: the steps the author did not write are elided; b = c is the claim across them
                doc.rules.append(f"{where}: read `= \\ldots =` as steps the author did not write: the step across it, "
                                 "from the side before to the side after, is the claim")
                whole = across
            logical = [(r, t) for r, t in zip(whole.relations, whole.relation_latex) if r in _NOT_CHECKED]
            law = approximations.law_statement(whole)
            if law is not None:
                # `X \sim \mathrm{Bin}(n, p)`: the law the text gives X, a declaration proposed to the author beside
                # the steps that write X (like a condition of the prose), not a claim that two values are close
                words = approximations.law_words(whole, law)
                declared = Condition(words, None, names_in(_without_scripts(whole.sides[law])))
                earlier.append(declared)
                stated.append(declared)
                doc.laws.append((whole.lines[law], words))
                if law + 2 < len(whole.sides):
                    doc.failures.append(Failure(whole.lines[law + 1], where, whole.sides[law + 1],
                                                "a relation after a law (`\\sim` a distribution) is not read"))
                for a in whole.annotations:
                    if _RELATION_IN_BODY.search(a) or _HIDDEN_RELATION.search(a) or any(t in a for t in "≤≥≈≠"):
                        beside = _equation_beside_a_law(a, whole)
                        if beside is not None:
                            # `q_i, k_i \sim \mathcal{N}(0, 1), \quad d_k = 64`: an equation beside the law, read as
                            # a display of its own (a new name on its left is defined by it)
                            pending.insert(0, beside)
                            doc.rules.append(f"line {whole.line}: read `{a.strip()[:60]}` beside the law as a chain "
                                             "of its own")
                            continue
                        # `X \sim \mathcal{N}(\mu, \sigma^2), \quad \sigma > 0`: beside a law, a relation that may be
                        # a condition on its parameters or a claim of its own, which would vanish without a word
                        doc.failures.append(Failure(whole.line, where, a.strip()[:80],
                                                    "a relation beside a law (`\\sim` a distribution) is not read: "
                                                    "write it as a display of its own"))
                if law >= 1:
                    pending.insert(0, _part(whole, 0, law + 1))
                continue
            if whole.relations and set(whole.relations) == {"="} and all(map(_INTERVAL.match, whole.sides)):
                # `[0, 1) = [0, 1)`, `(1, \frac{9}{2}) = (1, 4.5)`: intervals (or pairs), equal when their ends are
                divisors = _DIVISORS.search(around + "\n" + block.body)
                if divisors:
                    # `(12, 18) = (6, 12)`, `[4, 6] = [3, 12]` in a text about divisors: gcd(a, b) and lcm[a, b]
                    doc.failures.append(Failure(whole.line, where, whole.sides[0], f"numbers in brackets set equal in "
                                                f"a text that writes “{divisors.group(0)}”: not read",
                                                ("intervals or pairs, equal when their ends are",
                                                 "greatest common divisors (a, b) or least common multiples [a, b]")))
                    continue
                _add_interval_equation(doc, block, whole, where, label, used_names, context, backend, stated)
                continue
            stated_equivalent = _equation_stated_equivalent(whole)
            if stated_equivalent is not None:
                # `\frac{1}{2}(n_\textrm{in} + n_\textrm{out})\sigma^2 = 1 \textrm{ or equivalently } \sigma = …`: the
                # words say the two equations hold at the same points, as `\iff` between them does
                doc.rules.append(f"line {whole.line}: read `{stated_equivalent.relation_latex[1].strip()}` between two "
                                 "equations as `\\iff`: the words state that they are equivalent")
                whole = stated_equivalent
            if len(whole.relations) == 3 and whole.relations[1] == "iff" and "iff" not in whole.relations[::2]:
                # `x \leq 5 \iff 5 \geq x`: one claim, that the two relations hold at the same points
                _add_equivalence(doc, block, whole, where, label, used_names, context, backend, stated,
                                 discrete.group(0) if discrete else "")
                continue
            if r"\equiv" in whole.relation_latex and _MODULAR.search(text):
                # `17 \equiv 2` where “all congruences are taken modulo 5”, `10 + 4 \equiv 2 \quad (\text{mod } 12)`
                doc.failures.append(Failure(whole.line, where, whole.sides[0], "`\\equiv` in a text about congruences "
                                            "is not read", ("a congruence modulo a number", "an equality or a definition")))
                continue
            if logical:
                rel, shown = logical[0]
                doc.failures.append(Failure(whole.line, where, whole.sides[0], f"`{shown}` {_NOT_CHECKED[rel]}: "
                                            "the chain is not read"))
                continue
            own_head = vector_functions.head(whole.sides[0]) if whole.relations else None
            defining = vector_defined.get(own_head[0]) if own_head else None
            if isinstance(defining, vector_functions.VectorFunction) and defining.line == whole.line \
                    and own_head[1] == defining.letter and len(whole.sides) == 2 \
                    and whole.sides[1].strip() == defining.body.strip() \
                    and not any(_SECOND_EQUATION.search(a) for a in whole.annotations):
                # (an equation beside it, `h(\mathbf{x}) = …, \quad h(2\mathbf{x}) = …`, is no part of the definition:
                # read on, so that it is refused by name rather than dropped with the definition)
                # `h(\mathbf{x}) = \frac{1}{2}\mathbf{x}^\top\mathbf{Q}\mathbf{x} + …`: what h is, not a claim
                doc.rules.append(f"line {whole.line}: read `{defining.shown()}` as defining the function "
                                 f"{defining.name} of the vector \\mathbf{{{defining.letter}}} (a definition, not a "
                                 f"claim): a matrix expression after it applying {defining.name} is its body")
                continue
            named = _NAMED_FUNCTION.fullmatch(whole.sides[0]) if whole.relations == ["="] else None
            if named and (named.group(1) or named.group(2)) not in _KNOWN_WORDS \
                    and not re.search(r"(?<![A-Za-z\\])" + (named.group(1) or named.group(2)) + r"(?![A-Za-z])",
                                      whole.sides[1]) \
                    and not any(a.strip() for a in whole.annotations) and not any(
                    re.search(r"(?<![A-Za-z\\])" + (named.group(1) or named.group(2)) + r"(?![A-Za-z])", other.body)
                    for other in blocks if other is not block) \
                    and not _evaluated_function(whole.sides[0], context, backend):
                # `Attention(Q,K,V) = softmax(\frac{\kappa \log n}{d}QK^{\top})V`: a word applied to its parameters
                # names a function by its body, a definition and not a claim; no other display applies it, so its body
                # (here matrices) is never read into any chain
                word = named.group(1) or named.group(2)
                doc.rules.append(f"line {whole.line}: read `{whole.sides[0].strip()} = …` as defining the function "
                                 f"{word} of {', '.join(p.strip() for p in named.group(3).split(','))} (a word applied "
                                 "to its parameters on the left: a definition, not a claim); no other display "
                                 f"applies {word}, so its body is not read")
                continue
            arrow = _ARROW.match(whole.sides[0])
            before = [c for c in chains(block) if c.line < whole.line]
            if arrow and _DERIVATIVE_FIRST.match(arrow.group(1)) and before and before[-1].relations[0] == "=" \
                    and any(f.block == number and f.line == before[-1].line for f in functions):
                # `\sigma(x) = … \\ \rightarrow \frac{d\sigma(x)}{dx} = …`: the derivative of the function just defined
                doc.rules.append(f"line {whole.line}: read the `\\rightarrow` that opens the row as “it follows”: the "
                                 "row's chain of derivatives of the function defined just before is checked as written")
                whole.sides[0] = arrow.group(1).strip()
            at_point = _point_named_before(block, whole, functions, number, blocks)
            if at_point is not None:
                # "If we look at a point like $(0, \log(2))$, we see that $$f(x, y) = \log(3) \textrm{ with gradient }
                # \nabla f(x, y) = [\tfrac13, \tfrac23]$$": the row is f, as the display before defines it, at that
                # point (its entries in the order of f's parameters), and so is the gradient beside it
                point_definition, point = at_point
                local_definition[id(whole)] = point_definition
                doc.rules.append(f"line {whole.line}: read `{whole.sides[0].strip()}` as {point_definition.name} at "
                                 f"({', '.join(point)}), the point the words before the display name, in the order of "
                                 f"its parameters ({', '.join(map(str, point_definition.params))}), with "
                                 f"{point_definition.name} as the display before defines it")
                whole.sides[0] = f"{point_definition.base}({', '.join(point)})"
            defined = _defined_near(functions, number, whole, local_definition.get(id(whole)))
            if defined:
                shown = [n for n, v in defined.items() if isinstance(v, tuple)]
                if shown:
                    doc.rules.append(f"line {whole.line}: read {', '.join(shown)} as the text defines "
                                     f"{'it' if len(shown) == 1 else 'them'} near the display")
            constants = frozenset(m.group(1) or m.group(2) or m.group(3) for m in _CONSTANT.finditer(
                " ".join(whole.annotations) + " " + nearby_prose(block.prose_before, after)))
            here = replace(context, defined=defined, constants=constants, functions=context.functions | {
                f.base for f in functions if isinstance(defined.get(f.name), tuple)},
                mean_indices=frozenset(m.group(2) for m in _MEAN_OVER.finditer(block.body)
                                       if m.group(1) == m.group(3) == context.size),
                chain_sides=tuple(whole.sides),
                vector_functions={n: f if isinstance(f, str) else f.at(whole.line) for n, f in vector_defined.items()
                                  if isinstance(f, str) or f.line < whole.line})
            readings: list = []
            # a bold capital: a matrix expression, read as products that do not commute (products.py)
            matrix = products.is_matrix_chain(whole.sides, here.declared_objects, here.declared_bold)
            if matrix and any(r not in ("=", "def") for r in whole.relations):
                shown = next(t for r, t in zip(whole.relations, whole.relation_latex) if r not in ("=", "def"))
                doc.failures.append(Failure(whole.line, where, whole.sides[0], f"`{shown}` between matrices or "
                                            "vectors is not read (an order of matrices, or of entries)"))
                continue

            def read_all(as_matrices: bool) -> tuple[list, list]:
                out, failed = [], []
                for side, line in zip(whole.sides, whole.lines):
                    try:
                        out.append(products.read_matrix_side(side, backend, here, text) if as_matrices
                                   else read_side(side, backend, here))
                    except ReadError as exc:
                        failed.append(Failure(line, where, side, str(exc), exc.readings))
                        out.append(None)
                        if exc.comparison is not None:
                            compared.append((line, exc.comparison))
                if as_matrices and any(r is not None and r.prepared == "matrix" for r in out):
                    # `\mathbf{A}\mathbf{A}^{-1} = 1`: a number set equal to a matrix is the identity times it, or a
                    # matrix of that number in every entry
                    for k, r in enumerate(out):
                        if r is not None and r.prepared == "number":
                            failed.append(Failure(whole.lines[k], where, whole.sides[k], "a number set equal to a "
                                                  "matrix or a vector (the identity times it, or that number in "
                                                  "every entry) is not read"))
                            out[k] = None
                return out, failed

            compared: list = []         # series written by terms that are not the series' first terms
            readings, failed = read_all(matrix)
            if failed and not matrix and all(r in ("=", "def") for r in whole.relations) \
                    and products.has_vectors(whole.sides):
                # `\mathbf{q}^\top \mathbf{k}_i - \frac{1}{2}\|\mathbf{k}_i\|^2`: vectors the entries cannot stand for
                # (a subscripted one), read as products in order instead when that reads more of the chain
                as_products, failed_as_products = read_all(True)
                if sum(r is not None for r in as_products) > sum(r is not None for r in readings) \
                        or any("the sizes the text declares" in f.message or products.GRADIENT_NOT_READ in f.message
                               for f in failed_as_products):
                    # (a product the text's sizes make meaningless is named as that, not as the first reading's refusal)
                    readings, failed, matrix = as_products, failed_as_products, True
            for r in readings:
                if r is not None and r.words:
                    doc.words.update(r.words)
            for f in failed:
                if not any(g.where == where and g.message == f.message and g.readings == f.readings
                           for g in doc.failures):          # one line per construct and display
                    doc.failures.append(f)
            read_beside: set = set()       # annotations read as claims of their own, no condition
            defines_a_gradient = False
            for a in whole.annotations:
                again = _same_name_again(a, whole)
                if again is not None:
                    # `L_i = X \qquad \text{or equivalently} \qquad L_i = Y`: the same name's value written again,
                    # a chain of its own after this one (checked against this one's definition)
                    pending.insert(0, again)
                    doc.rules.append(f"line {whole.line}: read `{a.strip()[:60]}` as a chain of its own: "
                                     f"{whole.sides[0].strip()} written again in other terms")
                    continue
                found = gradient_beside(a, point_definition.name, [p.name for p in point_definition.params]) \
                    if at_point is not None else None
                if found is not None:
                    # the gradient beside a row read at the point the words name: each entry is a partial derivative
                    # of the function the display before defines, taken at that point
                    read_beside.add(a)
                    doc.rules.append(f"line {whole.line}: read `{a.strip()[:60]}` (“{found[0]}”) as the claim that the "
                                     f"gradient of {point_definition.name} at ({', '.join(point)}) is the vector "
                                     "written, its entries in the order of the parameters")
                    _add_one_matrix_equation(doc, replace(block, line=whole.line), found[1], label, used_names,
                                             context, backend, stated, True, [point_definition], number, point=point)
                    continue
                joined = _gradient_beside_definition(a, whole, functions, number, doc)
                if joined is not None:
                    # `f(x, y) = \log(e^x + e^y) \textrm{ with gradient } \nabla f(x, y) = \left[…\right]`: the row
                    # defines f, and the words join to it the claim that f's gradient is the vector written
                    words, equation, definition = joined
                    read_beside.add(a)
                    doc.rules.append(f"line {whole.line}: read `{a.strip()[:60]}` (“{words}”) as the claim that the "
                                     f"gradient of {definition.name}, as this row defines it, is the vector written, "
                                     "its entries in the order of the parameters")
                    _add_one_matrix_equation(doc, replace(block, line=whole.line), equation, label, used_names,
                                             context, backend, stated, True, [definition], number)
                    defines_a_gradient = True
                    continue
                follows = _derivatives_after_arrow(a, whole, functions, number, context, backend)
                if follows:
                    # `f(x, y) = x y \qquad \rightarrow \qquad \frac{\partial f}{\partial x} = y \qquad …`: each
                    # derivative of the function the row defines is a chain of its own, read with that definition
                    for k, (c, definition) in enumerate(follows):
                        local_definition[id(c)] = definition
                        pending.insert(k, c)
                    doc.rules.append(f"line {whole.line}: read `{a.strip()[:60]}` as {len(follows)} chain(s) of their "
                                     f"own: derivatives of {definition.name} as this row defines it")
                    continue
                if _SECOND_EQUATION.search(a) and not _CONDITION_WORD.search(a) and not _CONSEQUENCE.match(a):
                    # `x^2 - 1 = (x-1)(x+1), \quad (x+1)^2 = x^2 + 1`: a second claim, not a condition of the first
                    doc.failures.append(Failure(whole.line, where, a.strip()[:80],
                                                "a second equation beside the chain is not read (it may be a claim "
                                                "of its own, not a condition): write it as a display of its own"))
            if defines_a_gradient and not [a for a in whole.annotations if a.strip() and a not in read_beside]:
                # the row `f(x, y) = …` the gradient beside it is checked against: a definition, not a claim
                doc.rules.append(f"line {whole.line}: read `{whole.sides[0].strip()} = …` as the definition the "
                                 "gradient beside it is checked against, not a claim")
                continue
            interval = _interval_claim(whole)
            if interval is not None:
                # `H = -\sum p_i \log p_i \quad \in [0, \log n]`: the chain's value lies in the interval, a claim
                # of its own (0 ≤ −Σ p_i log p_i ≤ log n), not a condition on the steps
                pending.insert(0, interval)
                claimed = " ".join(x for pair in zip(interval.sides, interval.relation_latex + [""]) for x in pair)
                doc.rules.append(f"line {whole.line}: read `{whole.annotations[-1].strip()}` after the chain as the "
                                 f"claim {claimed.strip()}")
            condition = next((a for a in whole.annotations if (_CONDITION.search(a) or _WORDS_OF_A_CONDITION.search(a))
                              and not _CONSEQUENCE.match(a) and a not in read_beside
                              and not (interval is not None and a is whole.annotations[-1])
                              and not (_SECOND_EQUATION.search(a) and not _CONDITION_WORD.search(a))), None)
            beside = []
            if condition:
                # `\qquad x \geq 0`, `\quad (x \neq 1)`, `\text{for } x > 0`: the steps hold under it; proposed like a
                # condition of the prose (unconfirmed=), so a point it excludes never refutes them
                words = re.sub(r"\\(?:text|textrm|mbox|mathrm)\s*\{[^{}]*\}|\\q?quad\b|\\[,;:! ]|~", " ", condition)
                words = re.sub(r"^[\s,;(]+|[\s,;.)]+$", "", words).strip()
                # `\text{unless } x < 0`, `x \text{ non-positive}`: words that turn the relation around or give the
                # name a sign are kept as words (a point they exclude refutes nothing), never read as the relation
                turned = _WORDS_OF_A_CONDITION.search(condition) is not None
                beside = [Condition(words or condition,
                                    read_condition(words, context, backend) if words and not turned else None,
                                    names_in(words or condition))]
                doc.rules.append(f"line {whole.line}: read `{condition}` beside the chain as a condition its steps "
                                 "hold under (proposed, not applied: unconfirmed=)")
            # `\rho(X, Y) = \frac{4p-2}{2} = 2p-1`, `k(x, x') = …`: a first side that only names a function of the
            # chain's parameters, whose reading (a function or a product) is not settled, names what the chain
            # computes; the chain starts at its first right side, and the steps after it are checked among themselves
            head = len(readings) > 2 and readings[0] is None and readings[1] is not None \
                and whole.relations[0] in ("=", "def") and _NAMED_HEAD.fullmatch(whole.sides[0]) is not None
            written = re.sub(r"\s+|\\left\b|\\right\b", "", whole.sides[0])
            if whole.relations and whole.relations[0] in ("=", "def") and _NAMED_HEAD.fullmatch(whole.sides[0]):
                key = _head_key(whole.sides[0])
                if head and given_heads.get(key, whole.line) < whole.line:
                    # `k(a, b) = e^{-(a - b)^2}` (in a display or the text's words), then `k(x, y) = … = …`: the text
                    # gave the function its value before, at whatever names, so the first step is a claim about that
                    # value at (x, y), never a name for what the chain computes
                    head = False
                    doc.failures.append(Failure(whole.line, where, whole.sides[0],
                                                f"`{whole.sides[0].strip()}` is given a value at line "
                                                f"{given_heads[key]}: `{whole.sides[0].strip()} = …` here is a "
                                                "claim about it, which is not read"))
                given_heads.setdefault(key, whole.line)
            if head:
                doc.failures = [f for f in doc.failures if not (f.where == where and f.latex == whole.sides[0])]
                doc.rules.append(f"line {whole.line}: read `{whole.sides[0].strip()} {whole.relation_latex[0]} …` as "
                                 "naming what its first right side computes (a function of the names in parentheses; "
                                 "not checked); the chain starts at its first right side")
            # one unreadable side refuses the steps on either side of it; the rest of the chain still imports
            # `\left|\det(D\mathbf{\phi}(\mathbf{x}))\right| = \left|\det\begin{bmatrix}…`: a first side that is a
            # formula (no words, no text box, no function head: those follow the head rule above) only opens the chain,
            # so the steps after it on its row keep their meaning
            formula_first = len(readings) > 2 and readings[0] is None and readings[1] is not None \
                and not _WORDS_IN_A_SIDE.search(whole.sides[0]) and not _NAMED_HEAD.fullmatch(whole.sides[0])
            refused_lines = {line for k, (r, line) in enumerate(zip(readings, whole.lines))
                             if r is None and not ((head or formula_first) and k == 0)}
            # the names on the left of a row that was not read: that row may say what they are
            refused_names |= set().union(*(bare_names(side) for k, (r, side) in enumerate(zip(readings, whole.sides))
                                           if r is None and (k == 0 or whole.lines[k] != whole.lines[k - 1])
                                           and not (head and k == 0)))
            for a, b in _segments(readings):
                if a > 0 and set(whole.lines[a:b]) & refused_lines:
                    continue        # a part after an unreadable side on its row lost its context: not imported
                chain = _part(whole, a, b)
                exprs = [r.expr for r in readings[a:b]]
                rules = []
                for r, line in zip(readings[a:b], chain.lines):
                    rules += [f"line {line}: {x}" for x in r.rules if f"line {line}: {x}" not in rules]
                doc.rules += rules
                if (a, b) != (0, len(readings)):
                    doc.rules.append(f"line {chain.line}: imported the readable part `{chain.sides[0]} "
                                     f"{chain.relation_latex[0]} …` of a chain with an unreadable side")
                added = len(doc.chains)
                for piece, piece_exprs, first in _pieces_at_stated_digits(doc, chain, exprs, where, a == 0):
                    _add_chain(doc, block, piece, piece_exprs, rules, where, label, used_names, first=first)
                scaling = set().union(*(r.scaling for r in readings[a:b]))
                reading_unsettled = next((r.unsettled for r in readings[a:b] if r.unsettled), "")
                again = vector_defined.get(own_head[0]) if own_head and a == 0 else None
                for c in doc.chains[added:]:
                    c.conditions = beside + stated
                    c.named_by_head = c.named_by_head or head and a == 1 and c is doc.chains[added]
                    if isinstance(again, vector_functions.VectorFunction) and again.line < whole.line \
                            and c is doc.chains[added] and not c.unsettled \
                            and not _DERIVATION_WORDS.search(_deriving_clause(last_paragraph(block.prose_before))):
                        # `h(\mathbf{x}) = …` again after a display defines h, with no words deriving it (so, hence,
                        # we can rewrite): the text may define h again (another case or example), as for a name
                        c.unsettled = (f"another value of {whole.sides[0].strip()}, which a display defines at line "
                                       f"{again.line}, given alone: the text may define it again (another case or "
                                       "example), not claim the two values equal")
                        doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing "
                                         "(unsettled=)")
                    if matrix and not c.unsettled:
                        c.unsettled = products.UNSETTLED
                        doc.rules.append(f"{c.where}: read as {c.unsettled}; a step is proved when its expansions "
                                         "agree, and a counterexample refutes nothing (unsettled=)")
                    if reading_unsettled and not c.unsettled:
                        # `w^Tx` read as one name: a side writing the same scalar another way may not equal it
                        c.unsettled = reading_unsettled
                        doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing "
                                         "(unsettled=)")
                    unstated = scaling - set().union(*(cond.names for cond in c.conditions))
                    if unstated and not c.unsettled:
                        # `\frac 1 t \mathrm{LSE}(tx_1, \dots, tx_n)`: how the claim holds depends on the sign of t,
                        # which the text may state only after the display ("for some t > 0")
                        c.unsettled = (f"a function the text defines applied to entries scaled by "
                                       f"{', '.join(sorted(unstated))}, whose sign the text does not state beside the "
                                       "display")
                        doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing "
                                         "(unsettled=)")
            for line, terms in compared[-1:] if not matrix else []:
                # `e^x = \sum_{n=0}^\infty \frac{x^n}{n!} = 1 + x + \frac{x^2}{2} + \frac{x^3}{3} + \cdots`: the terms
                # written before the ellipsis are the series' first terms (a power series' coefficients are unique),
                # a claim of its own: the series' terms up to the highest power written equal the written ones
                power = f"{sp.latex(terms.variable)}^{{{terms.degree}}}"
                shown = (f"{terms.series.strip()} \\text{{ up to }} {power}", sp.latex(terms.written))
                first_terms = Chain(list(shown), ["="], ["="], [line, line], whole.block, [""])
                added = len(doc.chains)
                _add_chain(doc, block, first_terms, [terms.first, terms.written], [], where, label, used_names,
                           first=False)
                doc.rules.append(f"line {line}: read the terms written before `+ \\cdots` as the first terms of "
                                 f"`{terms.series.strip()}`: its terms up to {power} must equal them (a chain of its "
                                 "own)")
                for c in doc.chains[added:]:
                    c.conditions = beside + stated
        introduced = _INTRODUCED_AS_CONDITION.search(block.prose_before[-160:]) \
            or _MARKED_AS_ASSUMPTION.search(block.body) \
            or (_condition_of_the_display_before(blocks[number - 1], block) if number else None)
        posed = introduced or _POSED_BEFORE.search(block.prose_before[-160:]) \
            or _SAID_UNSOLVABLE.search(re.split(r"(?<=[.;!?])\s", after.strip(), maxsplit=1)[0][:200])
        for c in doc.chains[block_start:]:
            if introduced and not c.unsettled:
                # "the constraint can be expressed as $$500 w_i \le 0.1 x_i$$": a condition, not a claim
                c.unsettled = f"introduced by the text with “{introduced.group(1).lower()}”: a condition, not a claim"
                doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing (unsettled=)")
            elif posed and c.by_values:
                # "Setting the derivative to zero gives $$-\frac{1}{x^2} = 0,$$ which has no solution": an equation the
                # text poses may hold at no value, so it is a condition, never refuted as false at every value
                c.unsettled = f"posed by the text (“{' '.join(posed.group(0).split())[:60]}”): a condition, not a claim"
                c.by_values = False
                doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing (unsettled=)")
            hit = refused_names & set().union(*map(_names, c.exprs))
            if hit and not c.unsettled:
                # `Let\space u &= (y_i - w x_i)` was not read: u keeps the meaning that row gives it; the steps that
                # write neither u nor a name defined through it keep their meaning
                c.unsettled = f"{', '.join(sorted(hit))} given a meaning by a row of the display that is not read"
                tied = _tied_to(hit, doc.definitions)
                c.settled_steps = frozenset(k for k in range(c.start, len(c.exprs) - 1)
                                            if not (_names(c.exprs[k]) | _names(c.exprs[k + 1])) & tied)
                doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing (unsettled=)"
                                 + (f", except in the steps that write none of {', '.join(sorted(hit))}"
                                    if c.settled_steps else ""))
        for c in doc.chains[block_start:]:
            if "approx" in c.chain.relations[c.start:]:
                # "the approximating quadratic at $[-1,0]^\top$ is $$f(x, y) \approx …$$": the words say what ≈ means
                stated_meaning = approximations.meaning_in_words(
                    block.prose_before, c.chain.sides[0], c.exprs,
                    {n for other in doc.chains for e in other.exprs for n in _names(e)}, c.chain.relations)
                if stated_meaning is not None:
                    c.exprs, c.meaning, rule = stated_meaning
                    doc.rules.append(f"{c.where}: {rule}")
                    # "near $x = 0$" is where the ≈ is taken, not a condition of the line
                    c.conditions = [w for w in c.conditions if " ".join(w.words.split()) != " ".join(
                        c.meaning.at.split())]
                    steps = [list(c.exprs[k:k + 2]) for k, r in enumerate(c.chain.relations) if r != "approx"]
                    if c.unsettled == _PARTICULAR_VALUES and not any(_condition(p, doc.definitions) for p in steps):
                        # `(1 - 1/n)^n \approx e^{-1}` "for large $n$": the number is a limit, not a value of n
                        c.unsettled = ""
                        doc.rules.append(f"{c.where}: the number the chain reaches is the limit of its ≈, so the chain "
                                         "gives its names no particular values (checked as written)")
        for c in doc.chains[block_start:]:
            # an equation the display states may be taken as given by the displays after it (conditions.py)
            hypothesis = stated_by_display(c.chain.sides[c.start:], c.chain.relations[c.start:],
                                           c.chain.relation_latex[c.start:], c.exprs[c.start:], c.chain.line,
                                           introduced is not None)
            if hypothesis is not None:
                earlier.append(hypothesis)
                if hypothesis.relation is None or not isinstance(hypothesis.relation, sp.Eq):
                    # `$$x \geq 0 \text{ and } y \geq 0.$$`: a relation beside the chain is stated with it
                    earlier += _stated_beside(c.chain, context, backend)
    _drop_clashing_definitions(doc)
    _drop_definitions_out_of_their_place(doc, text)
    _drop_chains_with_a_name_in_two_roles(doc)
    _keep_apart_summed_entries_and_a_bare_number(doc, text)
    _drop_chains_with_a_vector_in_arithmetic(doc)
    _drop_chains_with_an_entry_an_indicator_sets_against_a_whole_number(doc)
    _drop_chains_differentiating_a_name_written_with_a_subscript(doc)
    _drop_chains_with_a_mean_of_another_letter(doc)
    _unsettle_shifted_entries_of_free_sequences(doc)
    _unsettle_tables_of_conventional_letters(doc)
    _unsettle_quantities_of_laws(doc)
    _unsettle_steps_with_entries_read_apart(doc)
    _unsettle_norms_of_given_vectors(doc, replace(context, vector_entries={**context.vector_entries, **given_once}))
    _unsettle_a_first_side_that_gives_its_names_their_values(doc)
    _settle_a_derivative_written_out(doc)
    # (after every reason a chain's reading is not settled is known: such a chain keeps its premises as words)
    substitute_premises(doc, text, context, backend)
    declare_one_hot(doc, text)
    laws.propose(doc, context.law_arguments, text)
    family_laws.propose(doc, context.law_arguments, text)
    return doc


# A text about congruences: `\equiv` there is one, not an equality.
_MODULAR = re.compile(r"\bmod(?:ulo|ular)?\b|\bcongruen|\\[pb]?mod\b|\\(?:text|mathrm|textrm)\s*\{\s*mod", re.I)
# A text that says it writes a decimal comma.
_DECIMAL_COMMA = re.compile(r"decimal\s+commas?|dezimalkomma|virgule\s+d[ée]cimale|coma\s+decimal|comma\s+as\s+(?:the\s+|a\s+)?"
                            r"decimal", re.I)
# Commands whose standard meaning the reader uses: a text that redefines one is read as refusing it.
_KNOWN_COMMANDS = frozenset(FUNCS) | frozenset({r"\log", r"\ln", r"\exp", r"\sum", r"\prod", r"\frac", r"\sqrt",
                                               r"\pi", r"\cdot", r"\times", r"\int", r"\max", r"\min", r"\e",
                                               r"\mathrm", r"\operatorname", r"\binom", r"\le", r"\ge", r"\leq",
                                               r"\geq", r"\approx", r"\equiv", r"\infty", r"\lambda", r"\sigma"})

# `Attention(Q,K,V)`, `\operatorname{LSE}(x, y)`: a word of two or more letters applied to parameters.  A function
# the text or the import already knows (softmax, log, Var) is never being defined there: that is a claim.
_KNOWN_WORDS = frozenset(NAMED) | frozenset(WORDS) | frozenset(f.lstrip("\\") for f in FUNCS) | frozenset(
    {"Var", "Cov", "Corr", "Pr", "Prob", "Std", "KL", "MSE", "bias", "det", "tr", "LSE"})
_NAMED_FUNCTION = re.compile(r"\s*(?:\\(?:operatorname|mathrm|text|textrm)\s*\{\s*([A-Za-z]{2,})\s*\}|([A-Za-z]{2,}))"
                             r"\s*(?:\\left\s*)?\(\s*((?:\\?[A-Za-z]+)(?:\s*,\s*\\?[A-Za-z]+)*)\s*(?:\\right\s*)?\)\s*")

# `\frac{1}{n}\sum_{i=1}^n` (or `\limits`): the mean over i, which the display's `\mathbb{E}_i[…]` then is.
# Functions of mathematics a text applies without defining them.
_MATHS_WORDS = frozenset({"diag", "sgn", "sign", "erf", "erfc", "sinc", "Ei", "Si", "Ci", "Li", "li", "rank"})


def _evaluated_function(latex: str, context: Context, backend: Backend) -> bool:
    """Whether a word applied to names is not a function the text may be defining: one the checker evaluates
    (`\\operatorname{sgn}(x)`, `\\operatorname{erf}(x)`, `\\operatorname{sinc}(x)`), or one the reading refuses
    (`\\operatorname{diag}(x)`, which then names why).  Its `=` is a claim, checked or named, never dropped."""
    word = _NAMED_FUNCTION.fullmatch(latex)
    word = (word.group(1) or word.group(2)) if word else ""
    if not word:
        return False        # `f(x)`, `\\sigma(x)`: a letter the text may define
    try:
        expr = read_side(latex, backend, context).expr
    except (ReadError, TypeError, ValueError, sp.SympifyError):
        return word in _MATHS_WORDS or isinstance(getattr(sp, word, None), sp.FunctionClass)
    if any(isinstance(getattr(sp, f.func.__name__, None), sp.FunctionClass) for f in expr.atoms(AppliedUndef)):
        return True         # erf, a function of mathematics whatever the checker knows of it: a claim about it
    return not expr.atoms(AppliedUndef) and not isinstance(expr, sp.Symbol)


_MEAN_OVER = re.compile(r"\\[dt]?frac\s*\{\s*1\s*\}\s*\{\s*([A-Za-z])\s*\}\s*\\sum\s*(?:\\limits\s*)?"
                        r"_\s*\{\s*([A-Za-z])\s*=\s*1\s*\}\s*\^\s*\{?\s*([A-Za-z])\b")

# `\mathbb{R}^d`, `\mathbb{R}^{3}` (not `\mathbb{R}^{n \times d}`): the length of the text's vectors.
_VECTOR_SPACE = re.compile(r"\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*(?:\{\s*([A-Za-z]|[0-9]+)\s*\}|([A-Za-z]|[0-9]+))(?!\s*\\times)")


# A length the text gives its vectors in words: "vectors of length $n$", "a key of dimension $d$", "with $n$ entries",
# "$\mathbf{y}$ has $m$ entries", "an $n$-dimensional vector".
_LENGTH_IN_WORDS = re.compile(r"\b(?:of|with)\s+(?:length|dimension|size)\s+\$\s*([A-Za-z]|[0-9]+)\s*\$"
                              r"|\b(?:with|has|have|having)\s+\$\s*([A-Za-z]|[0-9]+)\s*\$\s+(?:entries|components|"
                              r"coordinates|elements)\b"
                              r"|\$\s*([A-Za-z]|[0-9]+)\s*\$\s*-\s*dimensional\b", re.I)


def _dimension(text: str) -> str:
    """The one length the text gives its vectors (`\\mathbb{R}^d`, or in words: "vectors of length $n$", "with $n$
    entries"), "?" when it gives two, "" when none."""
    found = {m.group(1) or m.group(2) for m in _VECTOR_SPACE.finditer(text)}
    found |= {m.group(1) or m.group(2) or m.group(3) for m in _LENGTH_IN_WORDS.finditer(text)}
    return found.pop() if len(found) == 1 else ("?" if found else "")


# a bold lower-case letter set equal to something (`\mathbf{v} =`, `\vec w :=`): group 1 or 2 is the letter
_BOLD_LETTER_SET = BOLD_LETTER + r"\s*(?:=|:=|\\coloneqq)"
_BOLD_SET = re.compile(_BOLD_LETTER_SET)
_BEFORE_A_SIDE = re.compile(r"(?:^|[$&,(]|\\\\|\\[;:, ]|\\q?quad|\\text(?:rm)?\s*\{[^{}]*\}|\\begin\s*\{[a-z*]+\}|\n)\s*$")


# `\mathbf{v} = (r,0)`, `\mathbf{w} = [s\cos(\theta), s \sin(\theta)]`: a bold letter given as a list of entries
_GIVEN_ENTRIES = re.compile(_BOLD_LETTER_SET + r"\s*"
                            r"(?:\\left\s*)?([(\[])((?:[^()\[\]]|\([^()]*\)|\[[^\[\]]*\])*)(?:\\right\s*)?([)\]])"
                            r"(?!\s*\^)")


# words that make a list of entries no Cartesian coordinates, whose dot product is the sum of their products: polar or
# other coordinates ((r, θ) with v·w = rs cos(θ − φ)), a basis or metric the text chooses, complex entries (conjugated)
_OTHER_COORDINATES = re.compile(r"(?i:\b(?:polar|spherical|cylindrical|homogeneous|barycentric|curvilinear|elliptic|"
                                r"parabolic|projective|log-polar|hyperbolic|generali[sz]ed)\s+coordinates?\b|"
                                r"\b(?:with\s+respect\s+to|in|relative\s+to)\s+(?:a|an|the|this|that|some|our|another)\s+"
                                r"(?!(?:standard|canonical|usual|natural|euclidean|cartesian)\b)(?:\w+\s+){0,2}"
                                r"(?:basis|bases|frame)\b|\bmetric\s+(?:tensor|signature)\b|"
                                r"\bMinkowski\b|\bLorentz\w*|\bcomplex\b|\bHermitian\b|\\mathbb\s*\{?C\b|"
                                r"\((?:length|magnitude|radius)\s*,\s*(?:angle|direction)\))")


# "powers of vectors are taken elementwise", "the exponent is applied entrywise": a vector to a vector's power is then
# the vector of its entries' powers, never the multi-index power (reading.vector_powers)
_ELEMENTWISE_POWERS = re.compile(r"(?i:(?:powers?|exponents?|exponentiation)\b[^.]{0,60}\b(?:element|entry|component|"
                                 r"coordinate)[- ]?wise|\b(?:element|entry|component|coordinate)[- ]?wise\s+"
                                 r"(?:\w+\s+){0,3}(?:powers?|exponents?|exponentiation)\b)")


def _introduced_again(prose: str, entries: dict) -> list[str]:
    r"""The letters of `entries` that a sentence of the prose introduces again as a general vector: inline math writing
    the bold letter after a word that quantifies or introduces it in that sentence ("for a unit vector $\mathbf{v}$",
    "let $\mathbf{v}$ be", "for any vectors $\mathbf{v}, \mathbf{w}$"); "The vector $\mathbf{v}$ is length $r$" is
    no such sentence."""
    out = []
    for letter in list(entries):
        bold = r"\\(?:mathbf|boldsymbol|bm|vec)\s*(?:\{\s*" + letter + r"\s*\}|" + letter + r"(?![A-Za-z]))"
        for sentence in re.split(r"(?<=[.;:!?])\s+(?=[A-Z$])|\n\s*\n", prose):
            m = re.search(r"\$[^$]*" + bold, sentence)
            if m and re.search(r"(?i)\b(?:for|let|suppose|assume|take|given|any|every|each|all|arbitrary|general|"
                               r"some|unit|another|other|new)\b", sentence[:m.start()]):
                out.append(letter)
                break
    return out


def _given_vector_entries(text: str) -> dict:
    r"""letter -> its entries as written, for each bold letter a text about vectors gives once, and only as a list of
    two or more entries in matching brackets (`\mathbf{v} = (r,0)`): that vector, whose dot products and norms are
    read from its entries.  A letter given twice, or given otherwise as well, is left out."""
    if not re.search(r"\bvectors?\b", text) or _OTHER_COORDINATES.search(text):
        return {}
    lists: dict = {}
    for m in _GIVEN_ENTRIES.finditer(text):
        if {"(": ")", "[": "]"}[m.group(3)] != m.group(5) \
                or not _BEFORE_A_SIDE.search(text[max(0, m.start() - 40):m.start()]):
            continue
        entries = [e.strip() for e in _top_level_parts(m.group(4))]
        if len(entries) >= 2 and all(entries):
            lists.setdefault(m.group(1) or m.group(2), []).append(tuple(entries))
    settings = Counter(m.group(1) or m.group(2) for m in _BOLD_SET.finditer(text)
                       if _BEFORE_A_SIDE.search(text[max(0, m.start() - 40):m.start()]))
    return {letter: found[0] for letter, found in lists.items() if len(found) == 1 and settings[letter] == 1}


def _gives_vectors_only(body: str, entries: dict) -> list[str]:
    r"""The letters a display gives, when all it writes is bold letters each set equal to its list of entries, joined
    by "and" or commas (`\mathbf{v} = (r,0) \; \textrm{and} \; \mathbf{w} = (s\cos(\theta), s \sin(\theta)).`), each
    one `entries` holds; else []."""
    if not entries:
        return []
    rest, given = body, []
    for m in list(_GIVEN_ENTRIES.finditer(body)):
        letter = m.group(1) or m.group(2)
        if letter not in entries or tuple(e.strip() for e in _top_level_parts(m.group(4))) != entries[letter]:
            return []
        given.append(letter)
        rest = rest.replace(m.group(0), " ", 1)
    rest = re.sub(r"\\(?:textrm|text|mbox|mathrm)\s*\{\s*and\s*\}|\\[,;:! ]|\\q?quad\b|~|[\s.,;]", "", rest)
    return given if given and not rest else []


def _top_level_parts(text: str) -> list[str]:
    """The parts of a list between the commas outside braces and brackets."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        depth += ch in "{([" and 1 or 0
        depth -= ch in "})]" and 1 or 0
        if ch == "," and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    return parts + [text[start:]]


def _given_vectors(text: str) -> frozenset:
    """Bold letters the text sets equal to something at the start of a side (`\\mathbf{v} = (r,0)`): given vectors."""
    return frozenset(m.group(1) or m.group(2) for m in _BOLD_SET.finditer(text)
                     if _BEFORE_A_SIDE.search(text[max(0, m.start() - 40):m.start()]))


# Relations a chain may hold that no step checks: named, and the chain refused.
_NOT_CHECKED = {"ne": "says two sides differ, which no step checks (only =, ≤, <, ≥, >, ≈, ∝ are)",
                "iff": "joins two relations (an equivalence of statements), which no step checks",
                "implies": "joins two relations (the right one is claimed only under the left), which no step checks"}
# Relations a display may write that no chain reads: labelled or decorated (`\stackrel{(1)}{=}`, `\overset{!}{=}`,
# `\mathrel{=}`, `\boxed{… = …}`, a relation in bold or in colour) or unknown to the import (`\cong`, `\lesssim`, `\ll`, `\succ`, `\eqqcolon`, `\nleq`,
# `\lneq`, `\eqsim`, or a Unicode relation such as ≅ or ≪).
_HIDDEN_RELATION = re.compile(r"\\(?:stackrel|overset|underset)\s*\{(?:[^{}]|\{[^{}]*\})*\}\s*\{\s*(?:=|<|>|\\[lg]eq?\b|\\equiv\b)"
                              r"|\\(?:mathrel|mathop)\s*\{\s*(?:=|<|>|\\[lg]eq?\b)"
                              r"|\\(?:boxed|fbox|framebox|mathbf|boldsymbol|bm|bbox\s*\[[^\]]*\])\s*\{(?:[^{}]|\{[^{}]*\})*"
                              r"(?:=|<|>|\\[lg]eq?\b)"
                              # `\color{blue}{H(X,Y) = …}`, `\textcolor{red}{2 + 2 = 5}`: a relation in colour
                              r"|\\(?:color|textcolor|colorbox)\s*\{[^{}]*\}\s*\{(?:[^{}]|\{[^{}]*\})*(?:=|<|>|\\[lg]eq?\b)"
                              r"|\\(?:cong|lesssim|gtrsim|ll|gg|lll|ggg|succ|prec|succeq|preceq|eqqcolon|asymp|approxeq|"
                              r"backsim|simeq|sqsubseteq|sqsupseteq|subseteq|supseteq|subset|supset|vdash|models|"
                              r"n[lg]eq|n[lg]eqq|n[lg]eqslant|[lg]neqq?|nless|ngtr|[lg]nsim|[lg]napprox|preccurlyeq|"
                              r"succcurlyeq|curlyeqprec|curlyeqsucc|precsim|succsim|precapprox|succapprox|eqsim|thicksim|"
                              r"fallingdotseq|risingdotseq|backsimeq|doteqdot|Doteq|circeq|bumpeq|Bumpeq|eqcirc|"
                              r"lessapprox|gtrapprox|lesseqgtr|gtreqless|lessgtr|gtrless|lessdot|gtrdot|ncong|nsim|"
                              r"approxident|questeq|eqslantless|eqslantgtr|subsetneqq?|supsetneqq?|nsubseteq|nsupseteq)(?![A-Za-z])"
                              # Unicode relations pasted in that no chain reads (≈ ≤ ≥ ≦ ≧ ≠ are read)
                              r"|[≅≃≲≳≪≫≺≻≼≽≨≩≮≯≰≱∼≡≐≒≓≔≕≜≝≟≍≊≋⋜⋝⪅⪆⪯⪰≆≇≉≁∝⊂⊃⊆⊇⊊⊋]")
# Relations the import does not read that a display may be made of alone (not in a subscript: `\lim_{x \to 0}`).
_SET_RELATION = re.compile(r"\\(?:in|notin|ni|perp|parallel|to|rightarrow|longrightarrow|mapsto|subset|subseteq|supset|"
                           r"supseteq)(?![A-Za-z])|[∈∉⊥→↦⊂⊆⊃⊇]")
_RELATION_IN_BODY = re.compile(r"(?<![\\])[=<>]|\\(?:leq?|geq?|approx|propto|sim|equiv|neq?|iff|Rightarrow)\b")

# A relation or a conditional word in the text beside a chain (`\qquad x \geq 0`, `\quad (x \neq 1)`,
# `\text{for } x > 0`): the steps are claimed only under it, and a check over every value would refute them.
_CONDITION = re.compile(r"\\(?:geq?|leq?|neq?|ne|in|notin|to|gg|ll)\b|[<>]|=|\b(?:if|for|when|unless|where|provided)\b")
# Words in a chain's annotation that deny a relation or give a name a sign (`\text{unless } x < 0`,
# `x \text{ non-positive}`, `\text{except at } 0`).
_WORDS_OF_A_CONDITION = re.compile(r"\\(?:text|textrm|mbox|mathrm)\s*\{[^{}]*\b(?:unless|except|otherwise|not|never|"
                                   r"outside|non-?\w+|positive|negative|zero|nonzero|exceeds?|false|fails?|invalid|"
                                   r"greater|less|larger|smaller|least|most|below|above)\b[^{}]*\}", re.I)
# An equation beside a chain (`, \quad p(0) = 0.5`) with no word that makes it a condition is a second claim.
_SECOND_EQUATION = re.compile(r"(?<![<>!\\:])=(?!=)")
_CONDITION_WORD = re.compile(r"\b(?:if|for|when|unless|where|provided|with|given|since)\b|\\(?:neq?|in|forall)\b")
# `\quad \Rightarrow \quad 1 - \sigma(x) = …`: what follows from the chain, not a condition on it.
_CONSEQUENCE = re.compile(r"^(?:\s|\\[,;:! ]|\\q?quad\b|~|,)*\\(?:Rightarrow|implies|Longrightarrow|iff|Leftrightarrow|therefore)\b")


# A function the text defines: `f(x) = …`, `\sigma(x) = …`, `\operatorname{sigmoid}(x) = …`, `f(x, y) = …`.
_FUNCTION_HEAD = re.compile(r"\s*(\\(?:operatorname|mathrm)\s*\{\s*(?P<word>[A-Za-z]{2,})\s*\}|(?P<name>\\[A-Za-z]+|[A-Za-z]))\s*(?:\\left\s*)?"
                            r"\(\s*(?P<params>\\?[A-Za-z]+(?:\s*,\s*\\?[A-Za-z]+)*)\s*(?:\\right\s*)?\)\s*")
_INLINE_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)", re.S)
# `\mathrm{LSE}(x_1, \dots, x_n) = …`: a function the text defines on a list of entries.
_LIST_HEAD = re.compile(r"\s*\\(?:operatorname|mathrm)\s*\{\s*(?P<word>[A-Za-z]{2,})\s*\}\s*(?:\\left\s*)?"
                        r"\((?P<params>[^()]*\\(?:dots|ldots|cdots)[^()]*)(?:\\right\s*)?\)\s*")
# `f(x) = \frac{1}{x} \qquad \rightarrow \qquad \frac{df}{dx} = -1/x^2`: what follows from the definition.
_ARROW = re.compile(r"^(?:\s|\\[,;:! ]|\\q?quad\b|~)*\\(?:rightarrow|Rightarrow|Longrightarrow|implies)\b"
                    r"(?:\s|\\[,;:! ]|\\q?quad\b|~)*(.*)$", re.S)
# `f_c(x)`, `f_{a}(x, y)`: a function's head under a letter with a subscript
_SUBSCRIPTED_HEAD = re.compile(r"\s*(?P<letter>[A-Za-z])\s*_\s*(?:\{\s*[A-Za-z0-9]\s*\}|[A-Za-z0-9])\s*(?:\\left\s*)?"
                               r"\(\s*(?P<params>[A-Za-z](?:\s*,\s*[A-Za-z])*)\s*(?:\\right\s*)?\)\s*")
_DERIVATIVE_FIRST = re.compile(r"^\s*\\frac\s*\{\s*(?:d|\\partial|\\mathrm\s*\{\s*d\s*\})[^{}]*\}\s*"
                               r"\{\s*(?:d|\\partial|\\mathrm\s*\{\s*d\s*\})")


# Operators on random variables or laws written somewhere in the text (`\textrm{Var}(X)`, `E[X]`, `\mathbb{E}`,
# `\textrm{bias}(\hat{\theta})`), or its words for them: then `E(…)` is an expectation as `E[…]` is.
_ABOUT_LAWS = re.compile(r"\\(?:text|textrm|mathrm|operatorname|mathsf|rm)\s*\{\s*(?:Var|Cov|Corr|Pr|KL|E|Prob|Std|"
                         r"bias|MSE)\s*\}|\\mathbb\s*\{?\s*E\b|(?<![A-Za-z\\])E\s*\[|\brandom\s+variables?\b|"
                         r"\bexpect(?:ation|ed\s+value)s?\b")
# A name the text calls a constant: "for any constant $C$", "$c$ is a constant".
_CONSTANT = re.compile(r"\bconstants?\s+(?:\$\s*\\?([A-Za-z]+)\s*\$|\\\(\s*\\?([A-Za-z]+)\s*\\\))|"
                       r"(?:\$\s*\\?([A-Za-z]+)\s*\$)\s+is\s+(?:a|any)\s+constant\b")


@dataclass
class FunctionDefinition:
    name: str                   # "f", "sigma", "sigmoid": the name the reader gives the function
    base: str                   # its LaTeX base ("f", "\\sigma", "sigmoid")
    params: tuple
    body: sp.Expr
    block: int                  # the display it is in (or before, when the prose states it)
    line: int
    stated: bool = True         # False: an equation in a sentence with no defining word before it (a mention)


def _function_definition(lhs: str, rhs: str, context: Context, backend: Backend, block: int, line: int):
    """`lhs = rhs` as the definition of a function of distinct names (`f(x, y) = x y`), or None."""
    if "=" in rhs:
        return None
    listed = _LIST_HEAD.fullmatch(lhs)
    if listed is not None:
        return _list_definition(listed, rhs, context, backend, block, line)
    m = _FUNCTION_HEAD.fullmatch(lhs)
    if m is None:
        return None
    base = m.group("word") or m.group("name")
    if base in FUNCS or "\\" + base in FUNCS or base.startswith("\\") and base not in GREEK:
        return None
    params = tuple(sp.Symbol(p.strip().lstrip("\\")) for p in m.group("params").split(","))
    if len(set(params)) != len(params) or any(p.name == base.lstrip("\\") for p in params):
        return None
    try:
        body = read_side(rhs, backend, context).expr
    except ReadError:
        return None
    if any(f.func.__name__ == base.lstrip("\\") for f in body.atoms(AppliedUndef)) or body.atoms(sp.Derivative) \
            or not set(params) & body.free_symbols:
        return None             # `f(x) = 0`, `f(x) = 3`: an equation to solve or a value, not what f is
    return FunctionDefinition(base.lstrip("\\"), base, params, body, block, line)


# A definition given in pieces: a cases or array display, or an inline one followed by its range ("for $x \ge 0$").
_PIECEWISE = re.compile(r"\\begin\s*\{\s*(?:cases|dcases|rcases|array|numcases)\*?\s*\}|\botherwise\b")
_PIECE_CONDITION = re.compile(r"\b(?:if|for|when|whenever|otherwise|unless|provided|else)\b|\\(?:geq?|leq?|neq?|ne|in|notin|"
                              r"geqslant|leqslant)\b|[<>]")
_ON_A_RANGE = re.compile(r"\s*,?\s*(?:for|when|whenever|if|on|otherwise|where|with|and\s+\$[^$]*\$\s*(?:for|when|if|otherwise))\b",
                         re.I)
_DEFINING_WORDS = re.compile(r"(?i:\bfunctions?|\bconsider|\blet|\bdefine[sd]?|\bdefined\s+(?:as|by)|\bsuppose|"
                             r"\bgiven\s+by|\bwe\s+(?:take|have)|\bis)\W*\s*$|:\s*$")


def _list_definition(m, rhs: str, context: Context, backend: Backend, block: int, line: int):
    """`\\mathrm{LSE}(x_1, \\dots, x_n) = \\log(\\exp(x_1) + \\cdots + \\exp(x_n))`: its entries x_k (k = 1…n) and body."""
    from .reading import Reader, group, tokens
    base = m.group("word")
    if "\\" + base in FUNCS:
        return None
    try:
        listed = Reader(backend, context).elided_list(group(tokens(m.group("params"))))
        body = read_side(rhs, backend, context).expr
    except ReadError:
        return None
    if listed is None:
        return None
    index, low, upper, entry = listed
    if not isinstance(entry, sp.Indexed) or entry.indices != (index,) or not body.atoms(sp.Indexed) \
            or any(e.base != entry.base for e in body.atoms(sp.Indexed)):
        return None
    return FunctionDefinition(base, base, (sp.Tuple(index, low, upper, entry),), body, block, line)


def _function_definitions(blocks, text: str, kind: str, context: Context, backend: Backend) -> list:
    """Every function definition the text writes: in a display (its first relation), or in the prose's inline maths."""
    out = []
    for number, block in enumerate(blocks + [None]):
        prose = block.prose_before if block is not None else trailing_prose(text, kind)
        for m in _INLINE_MATH.finditer(prose or ""):
            math = next(g for g in m.groups() if g is not None)
            # in a sentence, only after words that define ("Consider the function $g(x) = …$", "Suppose", "defined
            # as …:"): "the roots where $f(x) = x$" states an equation, not what f is
            if math.count("=") == 1 and not _ON_A_RANGE.match(prose[m.end():m.end() + 40]):
                # (“Let $f(x) = x^2$ for $x \ge 0$ and …”: a definition on a range, one piece of f, not what f is)
                lhs, rhs = math.split("=")
                found = _function_definition(lhs, re.sub(r"[\s.,;]+$", "", rhs), context, backend, number,
                                             block.line if block is not None else 1 << 30)
                if found is not None:
                    # kept to see a second, different definition; used only when words that define come before it
                    found.stated = bool(_DEFINING_WORDS.search(prose[max(0, m.start() - 80):m.start()]))
                    out.append(found)
        if block is None:
            continue
        if _PIECEWISE.search(block.body):
            continue            # `\mathrm{ReLU}(x) = \begin{cases} x & x \ge 0 \\ 0 & x < 0 \end{cases}`: pieces, not one body
        for chain in chains(block):
            if any(_PIECE_CONDITION.search(a) and not _CONSEQUENCE.match(a) for a in chain.annotations):
                continue        # `u(x) = -x \quad \text{if } x < 0, \qquad u(x) = x \quad \text{otherwise}`: one piece
            if chain.relations[0] == "=" and not _evaluated_function(chain.sides[0], context, backend):
                # (`\\operatorname{sgn}(x) = x^2` is a claim about the sign function, never what sgn is)
                found = _function_definition(chain.sides[0], chain.sides[1], context, backend, number, chain.line)
                if found is not None:
                    out.append(found)
    return out


def _defined_near(definitions: list, number: int, chain: Chain, local=None) -> dict:
    """The functions a chain of display `number` reads as the text defines them: one defined in this display
    before the chain, in the prose just before it, or in the display before it; and nowhere else differently.
    A name defined more than once, differently, maps to the list of its definitions (its derivative is refused).
    `local`: the definition on the chain's own row (`f(x) = 1/x \\rightarrow \\frac{df}{dx} = …`), which alone
    stands for its name there."""
    out: dict = {}
    own = _FUNCTION_HEAD.fullmatch(chain.sides[0]) if chain.relations and chain.relations[0] == "=" else None
    for d in definitions:
        if own is not None and (own.group("word") or own.group("name")).lstrip("\\") == d.name:
            continue            # the chain that defines the function
        same = [e for e in definitions if e.name == d.name]
        differ = any(len(e.params) != len(d.params)
                     or sp.simplify(e.body.xreplace(dict(zip(e.params, d.params))) - d.body) != 0 for e in same)
        near = d.block == number and d.line <= chain.line or d.block == number - 1
        if differ:
            out[d.name] = [(e.params, e.body) for e in same]
        elif near and d.stated:
            out[d.name] = (d.params, d.body)
    if local is not None:
        out[local.name] = (local.params, local.body)
    return out


# the words that end just before a display and name the point its function is written at: "If we look at a point like
# $(0, \log(2))$, we see that", "At the point $(1, 2)$ we have": nothing else in the sentence
_POINT_BEFORE = re.compile(r"(?:^|[.!?:]\s+|\n\s*\n\s*)(?:if we look at|at|consider|take)\s+(?:a|the)\s+point\s+(?:like\s+)?"
                           r"\$\s*(?:\\left\s*)?\((?P<point>[^$]+?)(?:\\right\s*)?\)\s*\$\s*,?\s*"
                           r"(?:we\s+(?:see|get|find|have)(?:\s+that)?)?\s*[:,]?\s*$", re.I)


def _point_named_before(block, whole: Chain, functions: list, number: int, blocks) -> tuple | None:
    """(f's definition, the LaTeX of each entry of the point) when the words just before the display name a point
    (_POINT_BEFORE) with one entry for each parameter of a function f that the display just before defines, and
    the row is `f(x, y) = value` at exactly f's parameters, with a value that writes none of them: the row states f's
    value at that point.  None when f has any other definition, a side is written otherwise, or the row is not the
    display's first; a point is never read from words that pose it ("suppose", "if the point")."""
    m = _POINT_BEFORE.search(block.prose_before or "")
    if m is None or len(whole.relations) != 1 or whole.relations[0] != "=" or number == 0:
        return None
    head = _FUNCTION_HEAD.fullmatch(whole.sides[0])
    if head is None or head.group("word"):
        return None
    name, params = head.group("name").lstrip("\\"), [p.strip() for p in head.group("params").split(",")]
    others = [f for f in functions if f.name == name and not (f.block == number and f.line == whole.line)]
    if len(others) != 1 or others[0].block != number - 1 or not others[0].stated \
            or [p.name for p in others[0].params] != params:
        return None
    if chains(block)[0].line != whole.line or re.search(r"(?<![A-Za-z\\])(?:" + "|".join(map(re.escape, params))
                                                         + r")(?![A-Za-z])", whole.sides[1]):
        return None
    point = tuple(e.strip() for e in top_level_commas(m.group("point")))
    if len(point) != len(params) or not all(point):
        return None
    return others[0], point


def _gradient_beside_definition(annotation: str, whole: Chain, functions: list, number: int, doc) -> tuple | None:
    """(the joining words, the gradient claim as an equation between columns, the row's definition) when `whole` is
    `f(x, y) = body`, the first definition of a new name f (no definition of f before it, no chain before it writing
    f), and `annotation` beside it says f's gradient is a written vector (matrices.gradient_beside); else None.  A
    row that defines nothing (`f(x, y) = \\log(3)`, a value at a point the text may name in words) is never read so."""
    if len(whole.relations) != 1 or whole.relations[0] != "=" or not _FUNCTION_HEAD.fullmatch(whole.sides[0]):
        return None
    definition = next((f for f in functions if f.block == number and f.line == whole.line), None)
    if definition is None or any(isinstance(p, sp.Tuple) for p in definition.params):
        return None
    if any(f.name == definition.name and (f.block, f.line) < (number, whole.line) for f in functions) \
            or any(definition.name in _names(e) for c in doc.chains for e in c.exprs) \
            or any(d.name == definition.name for d in doc.definitions):
        return None             # f written or defined before: the row's `f(x, y) = …` may be a claim about it
    found = gradient_beside(annotation, definition.name, [p.name for p in definition.params])
    return None if found is None else (*found, definition)


def _derivatives_after_arrow(annotation: str, whole: Chain, functions: list, number: int, context=None,
                             backend=None) -> list:
    """`\\rightarrow \\frac{\\partial f}{\\partial x} = y \\qquad \\frac{\\partial f}{\\partial y} = x` beside
    `f(x, y) = x y`: [(chain, the row's definition)] for each equation after the arrow, when every one of them is
    a derivative set equal to something; else [].  Beside `f_c(x) = c + x`, a row that defines one function under a
    subscripted name, `\\frac{df}{dx}` (its letter without the subscript, the name's only other reading being an f
    the row does not define) is the derivative of that row's function."""
    m = _ARROW.match(annotation)
    if m is None or len(whole.relations) != 1 or whole.relations[0] != "=":
        return []
    definition = next((f for f in functions if f.block == number and f.line == whole.line
                       and _FUNCTION_HEAD.fullmatch(whole.sides[0])), None)
    letter = None
    subscripted = _SUBSCRIPTED_HEAD.fullmatch(whole.sides[0])
    if definition is None and subscripted is not None and context is not None:
        letter = subscripted.group("letter")
        definition = _function_definition(f"{letter}({subscripted.group('params')})", whole.sides[1], context,
                                          backend, number, whole.line)
    if definition is None:
        return []
    out = []
    for piece in re.split(r"\\q?quad\b", m.group(1)):
        if not piece.strip():
            continue
        found = chains(Block(whole.block.env if whole.block else "$$", piece, whole.line))
        if len(found) != 1 or found[0].relations != ["="] or not _DERIVATIVE_FIRST.match(found[0].sides[0]):
            return []
        top = re.match(r"\s*\\frac\s*\{\s*(?:d|\\partial)\s*([A-Za-z])\s*\}", found[0].sides[0])
        if letter is not None and (top is None or top.group(1) != letter):
            return []           # `f_c(x) = …  \rightarrow \frac{dg}{dx}`: another function's derivative
        found[0].block = whole.block
        found[0].lines = [whole.line] * len(found[0].sides)
        out.append((found[0], definition))
    return out


def _drop_clashing_definitions(doc: Document) -> None:
    """A definition whose name the text also writes in another shape (x defined as a scalar and x_{ij}
    written elsewhere, or p_i defined and p written bare) is not used: reading one shape as the other
    would check claims about a different object.  It is refused with its line."""
    exprs = [e for c in doc.chains for e in c.exprs] + [d.expr for d in doc.definitions]
    indexed: dict[str, set[int]] = {}
    bare: set[str] = set()
    for e in exprs:
        labels = {b.base.label for b in e.atoms(sp.Indexed)}
        for b in e.atoms(sp.Indexed):
            indexed.setdefault(b.base.label.name, set()).add(len(b.indices))
        bare |= {s.name for s in e.atoms(sp.Symbol) if s not in labels and not s.is_integer}
    for d in list(doc.definitions):
        clash = (d.name in indexed) if d.index is None else (d.name in bare or indexed.get(d.name, {1}) != {1})
        if clash:
            doc.definitions.remove(d)
            doc.failures.append(Failure(d.line, d.where, d.latex, f"{d.name} is defined "
                                        + ("as a scalar" if d.index is None else "with one subscript")
                                        + " but written in another shape elsewhere: the definition is not used"))


def _applied_in_prose(text: str) -> frozenset:
    """Letters the prose's inline formulas write applied to one name ("Let $s(t)$ denote the distance"): functions
    of the text, whatever a display writes after them."""
    prose = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)
    found = set()
    for formula in re.findall(r"\$([^$]{1,80})\$", prose):
        for m in re.finditer(r"(?<![\\A-Za-z])([a-z]|\\[A-Za-z]+)\s*\(\s*(?:[A-Za-z]|\\[a-z]+)\s*\)", formula):
            if len(m.group(1)) == 1 or m.group(1) in GREEK:
                found.add(m.group(1))
    return frozenset(found)


# "rather than one with base 2", "instead of base-10 logarithms", "unlike base 2": a base the text contrasts with its own
# "the natural logarithm, not base 2", "in nats, not in bits": "not" right before the base (with at most a preposition
# or an article between) sets it aside too; "not natural but base 2" keeps base 2 (a word other than those between)
_CONTRASTED_BASE = re.compile(r"\b(?:(?:rather\s+than|instead\s+of|unlike|as\s+opposed\s+to)\s+(?:[A-Za-z-]+\s+){0,3}?|"
                              r"not\s+(?:(?:in|to|with|using|the|a|of|logs?|logarithms?)\s+){0,3})"
                              r"(?:base[- ]?\(?\$?\s*(?:2|two|10|ten)\b\s*\$?|bits\b)", re.I)


def _log_base(text: str) -> str:
    """The base the prose gives its \\log ("base-2 logarithms", "\\log means \\log_2"), or "".  A base the text sets
    its own against ("a code with base $e$ rather than one with base 2") is not its base."""
    text = _CONTRASTED_BASE.sub(" ", text)
    m = re.search(r"base[- ]?(2|two|10|ten)\s+log|log(?:arithm)?s?\s+(?:to|in|of)\s+base[- ]?(2|two|10|ten)"
                  r"|\\log\(?\.?\)?\$?\s+(?:always\s+)?(?:refers\s+to|means|denotes|is)\s+\$?\\log_\{?(2|10)", text)
    if not m and re.search(r"\\log(?![A-Za-z])|\blog(?:arithm)?s?\b", text, re.IGNORECASE):
        # any other mention of a base than e where the text speaks of logarithms: "the common (base 10) logarithm",
        # "binary logarithms (base two)", "$\log = \log_{10}$", "logs are base 2", "measured in bits"
        m = re.search(r"\bbase[- ]?\(?(2|two|10|ten)\b|\\log\s*=\s*\\log_\{?(\d+)"
                      r"|\b(binary|decimal|common)\s+log(?:arithm)?s?\b|\b(bits)\b", text, re.IGNORECASE)
    if not m:
        return ""
    base = next(g for g in m.groups() if g).lower()
    return {"two": "2", "ten": "10", "binary": "2", "bits": "2", "decimal": "10", "common": "10"}.get(base, base)


def _log_base_declared(text: str) -> str:
    r"""The base the prose declares for every \log it writes ("we will always use base-2 logarithms", "$\log(.)$
    always refers to $\log_2(.)$"), or "".  Only a declaration in those words settles the reading; a mere mention
    of a base or of bits (see _log_base), a base the text sets its own against, or a text that also speaks of the
    natural logarithm leaves \log refused, naming both readings."""
    text = _CONTRASTED_BASE.sub(" ", text)
    if re.search(r"\bnatural\s+log|\bbase[- ]?e\b|\\log_\{?e\b", text, re.IGNORECASE):
        return ""
    m = re.search(r"\b(?:use|using|uses|used|with|are|in|denotes?|means?)\s+(?:the\s+)?base[- ](2|two|10|ten)\s+"
                  r"logarithms?\b|\\log\s*\(\s*\.?\s*\)\$?\s+(?:always\s+)?(?:refers\s+to|means|denotes)\s+\$?\\log_\{?(2|10)",
                  text, re.IGNORECASE)
    if not m or re.search(r"(?:\bnot|\bnever|n't|\bno\s+longer)\s+(?:\w+\s+){0,2}$", text[:m.start()]):
        return ""
    base = next(g for g in m.groups() if g).lower()
    return {"two": "2", "ten": "10"}.get(base, base)


# Why a chain relating free names to a number is unsettled: the values of its names, not what its lines say
_PARTICULAR_VALUES = "free names related to a number: an identity, or an equation on particular values"


def _condition(exprs, definitions) -> bool:
    """One relation between a number and a side whose written names are free and undefined (b_1 + 2 b_2 = 0,
    Σ a_i v_i = 0, x < 0): an equation or a condition on particular values, which a check over every value
    would refute.  A side made of defined names (Σ p_i = 1 with p_i defined) is checked."""
    if len(exprs) < 2:
        return False
    if len(exprs) > 2:
        # `a + b = 3 = 6/2`, `v_1 = 100/10 = 10`: a step of a longer chain relating free names to a number
        return any(_condition(list(pair), definitions) for pair in zip(exprs, exprs[1:]))
    defined = {d.name for d in definitions}

    def written(e):
        names = {x.name for x in e.free_symbols if isinstance(x, sp.Symbol) and not x.is_integer}
        names |= {f.func.__name__ for f in e.atoms(AppliedUndef)}
        sizes = {x.name for node in e.atoms(sp.Sum, sp.Product) for lim in node.limits for b in lim[1:]
                 for x in b.free_symbols}
        return names - sizes
    number = [not written(e) and not e.atoms(sp.Indexed) for e in exprs]
    # an entry of a vector written with a number (v_1) is as free as a bare name
    free = [bool(written(e) - defined) or any(isinstance(i.base.label, sp.Symbol) and i.base.label.name not in defined
                                              and all(x.is_number for x in i.indices) for i in e.atoms(sp.Indexed))
            for e in exprs]
    return (number[0] and free[1]) or (number[1] and free[0])


# A name applied to a list of names: `\rho(X, Y)`, `k(x,x')`, `a(\mathbf{q}, \mathbf{k}_i)`, `R(\tau)`,
# `\operatorname{KL}(p, q)`, `I(\textrm{"0010"})`.
_HEAD_ARGUMENT = (r"(?:\\(?:mathbf|boldsymbol|bm|vec|hat|bar|tilde)\s*\{\s*\\?[A-Za-z]+\s*\}|\\?[A-Za-z]+|"
                  r"\\(?:hat|bar|tilde)\s*\{\s*\\(?:mathbf|boldsymbol|bm)\s*\{\s*\\?[A-Za-z]+\s*\}\s*\}|"
                  r"\\(?:textrm|text|mathrm)\s*\{[^{}]*\})(?:\s*_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?'*")
# `\partial_{o_j} l(\mathbf{y}, \hat{\mathbf{y}})`: a partial derivative written with a subscript before a named head
_DERIVATIVE_OF_A_HEAD = r"(?:\\partial\s*_\s*(?:\{\s*\\?[A-Za-z]+(?:\s*_\s*(?:\{[^{}]*\}|[A-Za-z0-9]))?\s*\}|\\?[A-Za-z]))?\s*"
_NAMED_HEAD = re.compile(r"\s*" + _DERIVATIVE_OF_A_HEAD + r"(?:\\(?:operatorname|mathrm|textrm|text)\s*\{\s*[A-Za-z]+\s*\}|\\?[A-Za-z]+)"
                         r"(?:\s*_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?\s*(?:\\left\s*)?\(\s*"
                         + _HEAD_ARGUMENT + r"(?:\s*,\s*" + _HEAD_ARGUMENT + r")*\s*(?:\\right\s*)?\)\s*")


def _head_key(head: str) -> str:
    r"""A function head as its name and its number of arguments: `k(x, y)`, `k(a,b)` and `k \left(u, v\right)` are
    all `k/2`, one function the text may give a value at other names."""
    name, inside = re.sub(r"\s+|\\left\b|\\right\b", "", head).split("(", 1)
    depth, commas = 0, 0
    for ch in inside:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        commas += ch == "," and depth == 0
    return f"{name}/{commas + 1}"


def _without_scripts(latex: str) -> str:
    return re.sub(r"_\s*(\{[^{}]*\}|\\[A-Za-z]+|\S)", "", latex)


def _pieces_at_stated_digits(doc, chain: Chain, exprs: list, where: str, first: bool) -> list:
    """The chain cut at each ≈ between two numbers (`\\pi \\approx 3.14`): the steps before it, the bound its written
    digits state (|π − 3.14| ≤ 0.005, a chain of its own), the steps after it; or, where the digits state no
    bound, the step refused naming why.  [(chain, exprs, first)], the whole chain when it has no such step."""
    out, a = [], 0
    for k in range(len(chain.relations)):
        found = approximations.numeric_step(chain, exprs, k)
        if found is None:
            continue
        if k > a:
            out.append((_part(chain, a, k + 1), exprs[a:k + 1], first and a == 0))
        stated, side = found
        if not stated:
            doc.failures.append(Failure(chain.lines[k + 1], where, f"{chain.sides[k]} \\approx {chain.sides[k + 1]}",
                                        side))
        else:
            other = chain.sides[k] if side == k + 1 else chain.sides[k + 1]
            shown = f"{chain.sides[k].strip()} \\approx {chain.sides[k + 1].strip()}"
            bound = Chain([f"\\left|{chain.sides[k].strip()} - \\left({chain.sides[k + 1].strip()}\\right)\\right|",
                           sp.latex(stated.half_unit)], ["<="], [r"\le"], [chain.lines[k], chain.lines[k + 1]],
                          chain.block, chain.annotations[k:k + 1])
            out.append((bound, [sp.Abs(exprs[k] - exprs[k + 1]), stated.half_unit], False))
            doc.rules.append(f"line {chain.lines[k + 1]}: read `{shown}` as the bound its written digits state: "
                             f"|{other.strip()} − {stated.shown}| ≤ {stated.half_unit} (half a unit of the last digit "
                             f"of {stated.shown}: correctly rounded; digits that are only the value cut short are refused)")
        a = k + 1
    if a == 0:
        return [(chain, exprs, first)]
    if len(chain.sides) - a >= 2:
        out.append((_part(chain, a, len(chain.sides)), exprs[a:], False))
    return out


def _segments(readings) -> list[tuple[int, int]]:
    """[a, b) runs of at least two consecutive read sides."""
    out, a = [], 0
    for k in range(len(readings) + 1):
        if k == len(readings) or readings[k] is None:
            if k - a >= 2:
                out.append((a, k))
            a = k + 1
    return out


# A side that is only an ellipsis (`\ldots`, `\cdots`, `\dots`, `...`), with the comma or the stop after it.
_ELLIPSIS_SIDE = re.compile(r"\s*(?:\\[lc]?dots|\\dotsc?|\.\.\.)\s*[,.;]?\s*")


# A side that is one name or one entry: `x_1`, `\\mathbf{v}_t`, `\\theta`.
_LONE_NAME = re.compile(r"\s*(?:\\(?:mathbf|boldsymbol|bm)\s*\{\s*\\?[A-Za-z]+\s*\}|\\?[A-Za-z]+)"
                        r"(?:\s*_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?\s*[,.;]?\s*")


def _across_an_elided_step(chain: Chain) -> Chain:
    """`v_t = β²v_{t-2} + … = \\ldots, = \\sum_τ β^τ g_{t-τ}`: a side written as an ellipsis between two equals signs
    stands for steps the author did not write; by the equalities around it, the side before it equals the side after
    it, and that step is the claim.  Any other relation beside the ellipsis, or an ellipsis at an end of the chain, is
    left as written (refused by the reader), and so is a chain of lone names (`x_1 = x_2 = \\cdots = x_n`: all equal, a
    condition as often as a claim)."""
    if all(_ELLIPSIS_SIDE.fullmatch(side) or _LONE_NAME.fullmatch(side) for side in chain.sides):
        return chain
    k = 1
    while k < len(chain.sides) - 1:
        if _ELLIPSIS_SIDE.fullmatch(chain.sides[k]) and chain.relations[k - 1] == chain.relations[k] == "=" \
                and not _ELLIPSIS_SIDE.fullmatch(chain.sides[k - 1]) and not _ELLIPSIS_SIDE.fullmatch(chain.sides[k + 1]):
            chain = Chain(chain.sides[:k] + chain.sides[k + 1:], chain.relations[:k] + chain.relations[k + 1:],
                          chain.relation_latex[:k] + chain.relation_latex[k + 1:], chain.lines[:k] + chain.lines[k + 1:],
                          chain.block, chain.annotations[:k - 1] + chain.annotations[k:] if chain.annotations else [],
                          chain.interval, tuple(j - (j >= k) for j in chain.elided) + (k - 1,))
            continue
        k += 1
    return chain


def _part(chain: Chain, a: int, b: int) -> Chain:
    if (a, b) == (0, len(chain.sides)):
        return chain
    return Chain(chain.sides[a:b], chain.relations[a:b - 1], chain.relation_latex[a:b - 1], chain.lines[a:b],
                 chain.block, chain.annotations[a:b - 1])


def _names(expr) -> set[str]:
    out = {s.name for s in expr.atoms(sp.Symbol)}
    out |= {str(b.base.label) for b in expr.atoms(sp.Indexed)}
    out |= {f.func.__name__ for f in expr.atoms(AppliedUndef)}
    return out


def _name_of(lhs) -> str:
    return lhs.base.label.name if isinstance(lhs, sp.Indexed) else getattr(lhs, "name", str(lhs))


def _unbold(name: str) -> str:
    """A name without its bold font: `\\mathbf{h}`, `\\boldsymbol{h}`, h_bold (a bold h beside a plain one) and h are one
    letter of the text."""
    m = re.fullmatch(r"\\(?:mathbf|boldsymbol|bm|vec)\s*\{\s*(.+?)\s*\}|([A-Za-z]+)_(?:bold|vec)", name.strip())
    return (m.group(1) or m.group(2)) if m else name.strip()


def _new_name(lhs, rhs, defined: set[str]) -> bool:
    """A lone name (x, H, p_i) the document has not defined before and its right side does not use.

    A name the text used earlier without defining it is still new: `where p_i = …` after p_i appeared is
    the author defining it, and checking it as a claim about a free p would refute what the author meant."""
    if not _is_name(lhs) or is_law_quantity(lhs):
        # `E[X^2] = (a-2)^2 p + …` computes an expectation from a distribution the text states in words: a claim
        # about that quantity (unsettled), not a new name
        return False
    name = lhs.base.label.name if isinstance(lhs, sp.Indexed) else lhs.name
    if products.compound(name):
        return False        # `(\mathbf{A}\mathbf{B})^\top`: a product of matrices, read as one quantity, is no new name
    return name not in defined and name not in _names(rhs) - ({lhs.indices[0].name} if isinstance(lhs, sp.Indexed) else set())


# A left side written as one name: a letter or a Greek name, maybe in a font or under an accent, with a subscript,
# a starred or primed mark or a parenthesised superscript (x, \mathbf{x}, \hat{y}_i, L_{\text{CE}}, \theta^{(t)}).
_GROUP = r"\{(?:[^{}]|\{[^{}]*\})*\}"
_BARE_NAME = re.compile(
    r"\s*(?:\\(?:mathbf|boldsymbol|bm|hat|bar|tilde|vec|mathrm|mathit|mathcal|mathsf|widehat|widetilde|overline|"
    r"dot|ddot|check|breve|text|operatorname)\s*\{\s*\\?[A-Za-z]+\s*\}|\\[A-Za-z]+|[A-Za-z])\s*"
    r"(?:_\s*(?:" + _GROUP + r"|[A-Za-z0-9]|\\[A-Za-z]+)\s*|\^\s*(?:\{\s*(?:\([^{}]*\)|\\star|\\ast|\*|\\prime)\s*\}|"
    r"\\star|\\ast|\*|\\prime)\s*|'\s*)*")
# What a text says to declare a name of a kind: "Let $x$ and $y$ be real numbers", "$\mathbf{x} \in \mathbb{R}^n$".
_DECLARING = re.compile(r"\b(?:be|are|is|denote|denotes)\s+(?:an?\s+|two\s+|some\s+|arbitrary\s+|fixed\s+|any\s+)?"
                        r"(?:real|complex|(?:column\s+|row\s+)?vectors?|matri(?:x|ces)|scalars?|numbers?|integers?)\b",
                        re.I)


# A relation a display may state: `=`, `<`, `>`, `\le`, `\approx`, …
_STATES_A_RELATION = re.compile(r"(?<![\\{])[=<>≤≥≠≈]|\\(?:n?eq|neq|ne|leq?|geq?|lt|gt|approx|sim|equiv|propto|"
                                r"leqslant|geqslant|ll|gg|in|subseteq?|iff|implies|Rightarrow)(?![A-Za-z])")


def _another_length(exprs, rules, doc) -> str:
    """The upper limit of a sum the chain writes that is a size other than the length the text gives its vectors,
    when the chain also reads a dot product or a norm over that length and the text does not say the two differ."""
    dimension = doc.dimension
    if not dimension or dimension == "?" or not any("dot product" in r or "Euclidean norm" in r for r in rules):
        return ""
    for e in exprs:
        if not isinstance(e, sp.Basic):
            continue
        for node in e.atoms(sp.Sum):
            for limit in node.limits:
                top = limit[2]
                if isinstance(top, sp.Symbol) and top.name != dimension \
                        and frozenset((top.name, dimension)) not in doc.unequal_sizes:
                    return top.name
    return ""


# A subscript of two or more digits written together: `w_{31}`; and words that give a letter two indices (a matrix, "$w$
# with subscripts", rows and columns), beside which `w_{31}` may be row 3 and column 1 rather than entry 31.
_JOINED_INDICES = re.compile(r"_\s*\{\s*\d\s*\d[\d\s]*\}")
_TWO_INDICES = re.compile(r"\bmatri(?:x|ces)\b|\bsubscripts\b|\brows?\b|\bcolumns?\b", re.I)


def _new_entry_name(lhs_latex: str, rhs_latex: str, lhs, doc) -> str:
    """Why a first `=` whose left side is one name with a written number as its subscript (`o_3`, `r_1`,
    `\\alpha_1`, `h_{1}`) names a new quantity, or "": the text writes that name nowhere before (not in its words,
    not in an earlier display), nor its letter with an index (`o_i`) or in bold (a vector, `\\boldsymbol{\\alpha}`),
    defines no entry of its letter, and the right side does not write it."""
    if not isinstance(lhs, sp.Indexed) or not all(isinstance(i, sp.Integer) for i in lhs.indices):
        return ""
    if not _BARE_NAME.fullmatch(lhs_latex) or "_" not in lhs_latex:
        return ""
    name = lhs.base.label.name
    if any(d.name == name for d in doc.definitions):
        return ""
    letter = re.escape(_plain(lhs_latex).split("_")[0])
    # the letter written before with an index (`o_i`, `o_{ij}`): o_3 is an entry of that o, a claim about it
    with_index = re.compile(r"(?<![A-Za-z])" + letter + r"_(?:[A-Za-z]|\{[^{}]*[A-Za-z][^{}]*\})")
    if _entry_of_a_vector(lhs_latex, lhs, doc):
        return ""
    written = _plain(lhs_latex)
    unbraced = re.sub(r"_\{(\w)\}", r"_\1", written)
    spellings = {written, unbraced, re.sub(r"_(\w)$", r"_{\1}", unbraced)}
    earlier = [doc.prose_so_far, rhs_latex] + [side for c in doc.chains for side in c.chain.sides] \
        + [f.latex for f in doc.failures]
    for text in earlier:
        plain = _plain(text)
        if with_index.search(plain):
            return ""
        for spelling in spellings:
            if re.search(r"(?<![A-Za-z])" + re.escape(spelling) + r"(?![0-9A-Za-z])", plain):
                return ""
    return (f"naming a new quantity {lhs_latex.strip()} (a name with a written subscript that the text writes "
            "nowhere before: a definition, not a claim about an entry of a vector)")


def _an_entry_given_a_value(chain, exprs, doc, prose_before: str) -> tuple[str, str]:
    """("named", why) when a first `=` sets an entry the text wrote before (`x_1` in "Consider two entries $x_0$ and
    $x_1$", or its letter with an index) equal to an expression that does not write it, with no words deriving it
    ("hence", "so", "then"): the text gives the entry a value, a definition as `y = 2x` is one of a bare name.
    ("claim", why) when the text declared the entry ("Let $r_1$ … be real numbers"): a value it may mean as a
    hypothesis, as for a declared bare name (proved, never refuted).  ("", "") otherwise: after deriving words the line
    is a claim, checked as written."""
    lhs, rhs = exprs[0], exprs[1]
    if not isinstance(lhs, sp.Indexed) or not isinstance(rhs, sp.Basic) or rhs.has(lhs) \
            or not all(isinstance(i, sp.Integer) for i in lhs.indices) \
            or not _BARE_NAME.fullmatch(chain.sides[0]) or "_" not in chain.sides[0]:
        return "", ""
    if _DERIVATION_WORDS.search(_deriving_clause(last_paragraph(prose_before))):
        return "", ""
    declared = _not_a_definition(chain.sides[0], chain.sides[1], doc.prose_so_far)
    if declared:
        return "claim", f"a claim about an entry the text already has ({declared})"
    entry = re.escape(_unbraced(chain.sides[0]))
    if any(re.search(r"(?<![A-Za-z\\])" + entry + r"=(?!=)", _unbraced(a or b))
           for a, b in re.findall(r"\$([^$]+)\$|\\\((.+?)\\\)", doc.prose_so_far)):
        # "Let $x_1 = 2x_0$." then `x_1 = 3x_0` alone: another value of the entry, which may name it again (another
        # case or example) as well as claim the two equal
        return "claim", (f"another value of {chain.sides[0].strip()}, which the words give a value before, given alone: "
                         "the text may name it again, not claim the two values equal")
    return "named", (f"the text giving {chain.sides[0].strip()}, an entry it writes before, a value (no words derive "
                     "the line): a definition, not a claim about an entry of a free vector")


# words saying a sentence's random variables are independent
_INDEPENDENT_WORDS = re.compile(r"\bindependent(?:ly)?\b|\bi\.\s*i\.\s*d\b|\biid\b", re.I)


def _unbraced(latex: str) -> str:
    """A name written without spaces and without the braces of a one-character subscript: `w_{0}` as `w_0`."""
    return re.sub(r"_\{(\w)\}", r"_\1", _plain(latex))


def _random_variables(prose: str) -> dict[str, bool]:
    """The names the prose gives a law, each as written (`w_0`), with whether the sentence giving it says the
    variables are independent: the names before `\\sim` in inline maths (`$w_0, w_1 \\sim \\mathcal{N}(0,1)$`), and the
    names a sentence calls random variables ("Let $X$ and $Y$ be random variables")."""
    out: dict[str, bool] = {}
    for sentence in re.split(r"(?<=[.!?;])\s+|\n\s*\n", prose):
        words = re.sub(r"\$[^$]*\$|\\\(.+?\\\)", " ", sentence, flags=re.S)
        called = re.search(r"\brandom\s+variables?\b", words, re.I)
        named = []
        for math in inline_maths(sentence):
            if re.search(r"\\sim(?![A-Za-z])", math):
                named += top_level_commas(re.split(r"\\sim(?![A-Za-z])", math)[0])
            elif called and NAMES_ONLY.fullmatch(math):
                named += top_level_commas(math)
        for name in named:
            if _BARE_NAME.fullmatch(name):
                out[_unbraced(name)] = out.get(_unbraced(name), False) or bool(_INDEPENDENT_WORDS.search(words))
    return out


def _a_variable_set_to_another(chain, doc) -> str:
    """Why a first `=` setting a random variable the text gives a law equal to an expression in another one
    (`w_1 = -w_0` after `$w_0, w_1 \\sim \\mathcal{N}(0,1)$`) is not settled, or "": the text leaves their joint law
    open, and a coupling (the antithetic w_1 = -w_0) makes it hold; refuted only where the words make the two
    independent."""
    variables = _random_variables(doc.prose_so_far)
    lhs = _unbraced(chain.sides[0])
    if lhs not in variables or not _BARE_NAME.fullmatch(chain.sides[0]):
        return ""
    rhs = _unbraced(chain.sides[1])
    others = [v for v in variables if v != lhs and re.search(
        r"(?<![A-Za-z\\])" + re.escape(v) + r"(?![0-9A-Za-z])", rhs)]
    if not others or (variables[lhs] and all(variables[v] for v in others)):
        return ""
    return (f"a random variable {chain.sides[0].strip()} set equal to an expression in another ({others[0]}) whose "
            "joint law with it the text leaves open: a coupling of the two may make it hold")


def _entry_of_a_vector(lhs_latex: str, lhs, doc) -> str:
    r"""The letter of a left side with a written number as its subscript (`\alpha_1`) that the text made a vector
    before, or "": written in bold (`\boldsymbol{\alpha} = \mathrm{softmax}(\mathbf{s})`), declared one in words or
    with a space ("Let the vector $\alpha = \mathrm{softmax}(s)$", `$\alpha \in \mathbb{R}^n$`), or set equal to one
    (`$$p = \mathrm{softmax}(z)$$`).  Then `\alpha_1 = …` is a claim about its entry 1, never a new name."""
    if not isinstance(lhs, sp.Indexed) or not all(isinstance(i, sp.Integer) for i in lhs.indices) \
            or not _BARE_NAME.fullmatch(lhs_latex) or "_" not in lhs_latex:
        return ""
    letter = _plain(lhs_latex).split("_")[0]
    in_bold = re.compile(r"\\(?:mathbf|boldsymbol|bm|vec)\{?" + re.escape(letter) + r"(?![A-Za-z])")
    displays = [side for c in doc.chains for side in c.chain.sides] + [f.latex for f in doc.failures if f.latex]
    if any(in_bold.search(_plain(text)) for text in [doc.prose_so_far] + displays):
        return letter
    heads = " ".join(f"$${side}$$" for c in doc.chains for side in c.chain.sides[:2]) \
        + " ".join(f"$${f.latex}$$" for f in doc.failures if f.latex)
    return letter if letter in _vectors_declared(doc.prose_so_far + "\n" + heads) else ""


# A name set equal to a vector: a vector-valued function of one (softmax), a tuple of two or more, a column written out
_SET_TO_A_VECTOR = re.compile(r"(\\?[A-Za-z]+)\s*(?:=|:=|\\coloneqq)\s*(?:\\(?:mathrm|operatorname|text|textrm)\s*\{\s*"
                              r"(?:soft|sparse|gumbel-?soft)max\s*\}|(?:\\left\s*)?\((?=[^()]*,[^()]*\))|"
                              r"\\begin\s*\{[pbB]?matrix\})")


def _vectors_declared(text: str) -> set[str]:
    r"""Plain names (`\alpha`, `p`) the text declares vectors in words or with a space (noncommuting.declared: "the
    vector $\alpha$", `$x \in \mathbb{R}^n$`), or sets equal to a vector (`\alpha = \mathrm{softmax}(s)`, `p = (p_1,
    p_2)`): a subscripted name of theirs (`\alpha_1`) is an entry."""
    out = {name for name, what in noncommuting.declared(text).items()
           if isinstance(what, str) and ("vector" in what or what.startswith("an array"))}
    return out | {m.group(1) for m in _SET_TO_A_VECTOR.finditer(text)}


# Words before a display that give a name a new value or another definition: "the loss becomes", "it is updated
# to", "after one gradient step", "the new value", "The second common choice is", "Alternatively".
_UPDATE_WORDS = re.compile(
    r"\b(?:becomes?|became|(?:is|are|gets?|get|being)\s+updated|updated\s+(?:to|as|by|with)|update[sd]?|"
    r"(?:gradient|update|descent|optimi[sz]ation)\s+steps?|new\s+value|next\s+value|"
    r"(?:another|second|third|alternative|other)\s+(?:\w+\s+)?(?:choice|option|definition)|an\s+alternative\s+to|"
    r"alternatively|instead)\b",
    re.I)


# words right before a display that derive its line from what came before: a second value of a defined name after
# them is a step of the derivation, a claim
_DERIVATION_WORDS = re.compile(
    r"\b(?:so|hence|thus|therefore|then|thereby|consequently|it\s+follows|follows|we\s+(?:get|obtain|have|find|see|"
    r"arrive|conclude|can\s+write)|gives?|giving|yields?|expand\w*|simplif\w*|rearrang\w*|substitut\w*|plugging|"
    r"comput\w*|equivalently|i\.e\.|that\s+is|which\s+(?:is|equals|means))\b",
    re.I)


def _deriving_clause(paragraph: str) -> str:
    """The last sentence of the paragraph before a display, without the words that only look like deriving words
    there: "so far" and "thus far" (about the text so far), "then" after "if", "when" or "suppose" (the consequence
    of a condition, not of the line before), "that is" and "which is" inside a noun phrase ("a particle that is
    charged") rather than after a comma; nothing when the sentence names another instance ("for the second
    particle we have").  "If the particle is charged, then it moves with" names another system."""
    sentence = re.split(r"(?<=[.;!?])\s+", paragraph.strip())[-1]
    sentence = re.sub(r"\b(?:so|thus)\s+far\b|\bso\s+that\b", " ", sentence, flags=re.I)
    sentence = re.sub(r"(?<![,(])(\s)(?:that|which)\s+(?:is|equals|means)\b", r"\1", sentence, flags=re.I)
    if re.search(r"\b(?:if|when|whenever|suppose|assume)\b", sentence, re.I):
        sentence = re.sub(r"\bthen\b", " ", sentence, flags=re.I)
    if re.search(r"\b(?:second|another|other|different|new|next)\b", sentence, re.I):
        # "For the second particle we have": the words name another instance, whose value is not derived
        return ""
    return sentence


def _an_update(chain, exprs, doc, prose_before: str) -> str:
    """Why a first `=` gives its left-side name a new value, or "": the right side is the name plus a step
    (`\\theta = \\theta - \\alpha g`, `w_i = w_i - \\eta g_i`: an assignment, never an equation the text claims), or the
    text defined the name before and the words right before the display give it a new value ("becomes", "is
    updated to", "after one gradient step", "the second common choice")."""
    if not chain.relations or chain.relations[0] != "=" or len(exprs) < 2 or not _BARE_NAME.fullmatch(chain.sides[0]):
        return ""
    lhs, rhs = exprs[0], exprs[1]
    if not isinstance(lhs, sp.Basic) or not isinstance(rhs, sp.Basic) \
            or not (_is_name(lhs) or (isinstance(lhs, sp.Indexed) and len(lhs.indices) == 1)):
        return ""
    if isinstance(rhs, sp.Add) and lhs in rhs.args:
        # `\theta = \theta - \alpha g`: the old value plus a step; `y_2 = 3 x_2 + y_2^2` (no term the name alone)
        # is an equation the name satisfies, checked as before
        return (f"an update of {chain.sides[0].strip()} (the name on both sides of `=`: its new value from its old "
                "one plus a step, an assignment, not an equation)")
    name = _name_of(lhs)
    defined = any(d.name == name for d in doc.definitions) or lhs in doc.named_entries
    # the paragraph right before the display ("computing the softmax becomes expensive" two paragraphs up is not it)
    paragraph = last_paragraph(prose_before)
    words = _UPDATE_WORDS.search(paragraph) if paragraph else None
    if defined and words:
        return (f"a new value of {chain.sides[0].strip()}, which the text gives a value before (“{words.group(0)}”): "
                "a redefinition, not a claim that the two values are equal")
    before = [d for d in doc.definitions if d.name == name and d.index is None and d.line < chain.line]
    derived = _DERIVATION_WORDS.search(_deriving_clause(paragraph)) if paragraph else None
    if before and len(exprs) == 2 and not derived and not rhs.has(lhs) \
            and sp.srepr(rhs) != sp.srepr(before[-1].expr):
        # `\dot{x} = e^x + 1` for one system, then "and $$\dot{x} = \frac{1}{x}$$" for another: a display that only
        # gives a name the text defined before another value, with no words deriving it ("expanding", "so", "hence"),
        # may name it again as well as claim the two equal; unsettled
        return (f"another value of {chain.sides[0].strip()}, which a display defines at line {before[-1].line}, given "
                "alone: the text may name it again (another system, case or example), not claim the two values equal")
    return ""


def _plain(latex: str) -> str:
    return re.sub(r"\s+", "", latex)


def _not_a_definition(lhs_latex: str, rhs_latex: str, prose: str) -> str:
    """Why a first `=` whose left side reads as a new name is a claim, or "": its left side is an expression as
    written (`\\mathbf{A}^{-1}\\mathbf{A}\\mathbf{x}`, `1 \\cdot x`, `\\frac{xy}{y}`), its right side writes the name
    (`x = Ax`), or the text declared the name before (`Let $x$ and $y$ be real numbers`)."""
    if not _BARE_NAME.fullmatch(lhs_latex):
        return f"`{lhs_latex.strip()}` is an expression as written, not one name"
    name = _plain(lhs_latex)
    if (name in bare_names(rhs_latex) if re.fullmatch(r"\\?[A-Za-z]+", name) else name in _plain(rhs_latex)):
        return f"the right side writes {lhs_latex.strip()} itself"
    for sentence in re.split(r"(?<=[.;!?])\s+|\n\s*\n", prose):
        inline = re.findall(r"\$([^$]+)\$|\\\((.+?)\\\)", sentence)
        maths = [a or b for a, b in inline]
        declares = _DECLARING.search(re.sub(r"\$[^$]*\$", " ", sentence)) is not None
        for math in maths:
            if "=" in math:
                continue
            pieces = re.split(r"\\in\b|∈", math)
            if declares or len(pieces) > 1:
                if name in {_plain(p) for p in pieces[0].split(",")}:
                    return f"the text declares {lhs_latex.strip()} before (“{' '.join(sentence.split())[:80]}”)"
    return ""


def _add_chain(doc, block, chain, exprs, rules, where, label, used_names, first: bool) -> None:
    """One chain of read sides: a definition, a chain that starts with one, or a chain of claims."""
    named_head = False
    again = exprs[0] if first and chain.relations and chain.relations[0] == "=" and isinstance(exprs[0], sp.Basic) \
        and exprs[0] in doc.named_entries else None
    if again is not None and any(doc.named_lines[again] < h < chain.line for h in doc.headings):
        # `x_1 = 0.3` in one section's example, `x_1 = 0.5` under a new heading: named again, not claimed equal
        doc.failures.append(Failure(chain.line, where, chain.sides[0],
                                    f"{chain.sides[0].strip()} is named at line {doc.named_lines[again]}, and a new "
                                    f"section starts before this display: `{chain.sides[0].strip()} = …` may name it "
                                    "again, not claim the two equal; not read"))
        del doc.named_entries[again]
        doc.ended[again.base.label.name] = chain.line   # the displays after it that write the letter are not read
        return
    update = _an_update(chain, exprs, doc, block.prose_before) if first else ""
    updated = _name_of(exprs[0]) if update else ""
    if update:
        # `\theta = \theta - \alpha g` ("updated by gradient descent"), "the loss becomes $$L = …$$", "The second
        # common choice is $$L_i = …$$": a new value of the name, not a claim that the two values are equal; the
        # displays after it that write the name are not the earlier value
        doc.rules.append(f"line {chain.line}: read `{chain.sides[0].strip()} = …` as {update}; a counterexample "
                         "refutes nothing (unsettled=)")
    if doc.named_entries:
        named = [e.xreplace(doc.named_entries) if isinstance(e, sp.Basic) else e for e in exprs]
        if named != exprs:
            shown = ", ".join(sp.latex(k) for k in doc.named_entries if any(
                isinstance(e, sp.Basic) and e.has(k) for e in exprs))
            rules = list(rules) + [f"read {shown} as the text names {'it' if ',' not in shown else 'them'} before "
                                   "(its right side there)"]
            exprs = named
    lhs = exprs[0]
    defined = {d.name for d in doc.definitions}
    if again is not None and any(isinstance(e, sp.Basic) and not e.free_symbols and not e.atoms(sp.Indexed)
                                 for e in exprs[1:]):
        # `x_1 = 0.3` named, then `x_1 = 0.5`: another worked example's value, not a claim that the two are equal
        first_unsettled = "a name the text named set to a number: a worked example, with values the text gives in words"
        doc.rules.append(f"line {chain.line}: read `{chain.sides[0].strip()} = …` as {first_unsettled}; a "
                         "counterexample refutes nothing (unsettled=)")
    else:
        first_unsettled = update
    # `\eta(t) = …` read as the product η·t names a function: never checked as a claim about η and t (an
    # applied unknown function, p(x) = …, is kept: it has no values, so a check cannot refute it)
    if not isinstance(lhs, AppliedUndef) and chain.relations[0] in ("=", "def") \
            and not re.match(r"^\s*(\\(?:" + "|".join(f[1:] for f in FUNCS) + r"|max|min))\b", chain.sides[0]) \
            and re.match(r"^\s*\\?[A-Za-z]+\s*(_\{?[^(]*\}?)?\s*(\\left)?\(", chain.sides[0]) \
            and _names(lhs) - defined and not _is_name(lhs) and first and re.fullmatch(
                r"\s*\\?[A-Za-z]+\s*(_\{?[^(]*\}?)?\s*(\\left)?\(\s*\\?[A-Za-z]+(\s*,\s*\\?[A-Za-z]+)*\s*(\\right)?\)\s*",
                chain.sides[0]):
        if len(chain.relations) == 1:
            doc.failures.append(Failure(chain.line, where, chain.sides[0],
                                        f"`{chain.sides[0]} {chain.relation_latex[0]} …` defines a function: "
                                        "not read as a claim"))
            return
        doc.rules.append(f"line {chain.line}: read `{chain.sides[0]} {chain.relation_latex[0]} …` as naming a "
                         "function by its first right side (not checked); the chain starts there")
        chain = _part(chain, 1, len(chain.sides))
        exprs, lhs, first = exprs[1:], exprs[1], False
        named_head = True
    unsettled = first_unsettled
    if not unsettled and _condition(exprs, doc.definitions):
        # `\sin^2 x + \cos^2 x = 1` is an identity, `b_1 + 2 b_2 = 0` a fact about particular values: the reading is
        # not settled, so the step may be proved but never refuted
        shown = ' '.join(x for pair in zip(chain.sides, chain.relation_latex + ['']) for x in pair).strip()
        unsettled = _PARTICULAR_VALUES
        doc.rules.append(f"line {chain.line}: read `{shown}` as {unsettled}; a counterexample refutes nothing "
                         "(unsettled=)")
    if not unsettled and chain.interval:
        # `m = w a + (1 − w) b \quad \in [a, b]` holds for the w the prose allows ("between zero and one"), which the
        # import cannot read: the interval is proposed as a claim, proved or left open, never refuted
        unsettled = "an interval after a chain, under conditions the prose may state in words"
        doc.rules.append(f"line {chain.line}: read the interval as {unsettled}; a counterexample refutes nothing "
                         "(unsettled=)")
    ended = next((name for name, line in doc.ended.items() if line <= chain.line and name in set().union(
        *map(_names, exprs))), None)
    if ended is not None:
        doc.failures.append(Failure(chain.line, where, chain.sides[0],
                                    f"{ended} is given another value (a new section's, an update or another "
                                    f"case) at line {doc.ended[ended]}, which is not read as its definition: "
                                    f"`{ended}` here is not the earlier one; not read"))
        return
    defined_now = {d.name for d in doc.definitions}
    earlier = next((d for d in doc.definitions if _is_name(lhs) and d.name in _names(lhs)), None)
    if first and earlier is not None and any(earlier.line < h < chain.line for h in doc.headings):
        # `L = (y - ŷ)²` under "Regression", then `L = −y log ŷ − …` under "Classification": a new section's own
        # definition of the name, not a claim that the two are equal
        doc.failures.append(Failure(chain.line, where, chain.sides[0],
                                    f"{earlier.name} is defined at line {earlier.line}, and a new section starts "
                                    f"before this display: `{chain.sides[0]} {chain.relation_latex[0]} …` may define "
                                    "it again, not claim the two equal; not read"))
        doc.ended[earlier.name] = chain.line    # from here on, the name is no longer the earlier definition
        return
    entry = isinstance(lhs, sp.Indexed) and len(lhs.indices) == 1     # \hat{y}_1 of a defined \hat{y}_i
    if not unsettled and first and (_is_name(lhs) or entry) and _names(lhs) & defined_now \
            and any(not e.free_symbols and not e.atoms(sp.Indexed) for e in exprs[1:]):
        # `\mu = np`, then `\mu = 10 \times 0.5 = 5` in an example whose n and p the prose gives: the defined
        # name set to a number is the example's value, not a claim about every n and p
        unsettled = "a defined name set to a number: a worked example, with values the text gives in words"
        doc.rules.append(f"line {chain.line}: read `{chain.sides[0]} {chain.relation_latex[0]} …` as {unsettled}; "
                         "a counterexample refutes nothing (unsettled=)")
    twin = next((d for d in doc.definitions if _is_name(lhs) and d.name != _name_of(lhs)
                 and _unbold(d.name) == _unbold(_name_of(lhs))), None) \
        if first and not unsettled and chain.relations[0] in ("=", "def") else None
    if twin is not None:
        # `\mathbf{h} = \mathbf{x} + \mathbf{y}` read as h, then `\mathbf{h} = 2\mathbf{A}\mathbf{x}` read as a matrix
        # product: a second value of the name the text defined, never a new definition; the two readings are not one
        # quantity of the written file, so the claim may be proved and is never refuted
        unsettled = (f"a second value of {chain.sides[0].strip()}, which the text defines at line {twin.line} "
                     f"(read there as {twin.name})")
        doc.rules.append(f"line {chain.line}: read as {unsettled}; a counterexample refutes nothing (unsettled=)")
    defines = first and not unsettled and chain.relations[0] in ("=", "def") \
        and _new_name(lhs, exprs[1], {d.name for d in doc.definitions})
    if defines and chain.relations[0] == "=" and len(chain.sides) > 1 and "\\begin" not in chain.sides[0]:
        why = _not_a_definition(chain.sides[0], chain.sides[1], doc.prose_so_far)
        if why:
            # `\mathbf{I}\mathbf{x} = \mathbf{y}`, `1 \cdot x = y + 1`, `x = Ax`, `\mathbf{x} = \mathbf{y}` after
            # "Let $\mathbf{x}, \mathbf{y}$ be vectors": a claim, checked as written
            defines = False
            doc.rules.append(f"line {chain.line}: read `{chain.sides[0]} = …` as a claim, not a definition: {why}")
            if not why.endswith("not one name"):
                # a declared name given a formula, or a name equal to a formula in itself (a fixed point): the text
                # may state a hypothesis or a value, so the claim may be proved and is never refuted
                unsettled = f"a claim about a name the text already has ({why})"
                doc.rules.append(f"line {chain.line}: read as {unsettled}; a counterexample refutes nothing "
                                 "(unsettled=)")
    vector = _entry_of_a_vector(chain.sides[0], lhs, doc) \
        if not defines and not unsettled and first and chain.relations[0] in ("=", "def") and len(chain.sides) > 1 \
        and lhs not in doc.named_entries and _name_of(lhs) not in defined_now \
        and not (isinstance(exprs[1], sp.Basic) and exprs[1].has(lhs)) else ""
    if vector:
        # `\alpha_1 = …` after "Let the vector $\alpha = \mathrm{softmax}(s)$": a claim about entry 1 of that vector,
        # whose value the import does not read from the text's words, so a counterexample with a free α₁ refutes nothing
        # (a right side that writes α₁ itself, `x_1 = x_1^2 - …`, is an equation in it, checked as written)
        unsettled = (f"a claim about {chain.sides[0].strip()}, an entry of the vector {vector} the text gives before "
                     "(its value there not read)")
        doc.rules.append(f"line {chain.line}: read as {unsettled}; a counterexample refutes nothing (unsettled=)")
    named_entry = False
    if not defines and not unsettled and first and chain.relations[0] in ("=", "def") and len(chain.sides) > 1:
        why = _new_entry_name(chain.sides[0], chain.sides[1], lhs, doc)
        named_entry = bool(why)
        if why:
            # `o_3 = x_1 w_{31} + … + b_3` after "This yields", `r_1 = y_1 - w x_1` after "Define": the author names a
            # quantity; checked as a claim about entry 3 of a free vector o it would be refuted.  The displays after
            # it read o_3 as this right side (a false `o_3 = …` later is refuted)
            doc.named_entries[lhs], doc.named_lines[lhs] = exprs[1], chain.line
            doc.rules.append(f"line {chain.line}: read `{chain.sides[0].strip()} {chain.relation_latex[0]} …` as {why}"
                             + ("" if len(chain.relations) == 1 else "; the chain starts at its first right side"))
            if len(chain.relations) == 1:
                return
    if not defines and not unsettled and not named_entry and first and chain.relations[0] == "=" \
            and len(chain.sides) > 1 and lhs not in doc.named_entries and _name_of(lhs) not in defined_now:
        kind, why = _an_entry_given_a_value(chain, exprs, doc, block.prose_before)
        if kind == "named":
            # "Consider two entries $x_0$ and $x_1$. We take $$x_1 = 2x_0.$$": the text gives the entry a value, as
            # `y = 2x` gives a bare name one; checked as an identity of every x it would be refuted.  The displays
            # after it read x_1 as this right side (a false `x_1 = 3x_0` after "hence" is refuted)
            named_entry = True
            doc.named_entries[lhs], doc.named_lines[lhs] = exprs[1], chain.line
            doc.rules.append(f"line {chain.line}: read `{chain.sides[0].strip()} {chain.relation_latex[0]} …` as {why}"
                             + ("" if len(chain.relations) == 1 else "; the chain starts at its first right side"))
            if len(chain.relations) == 1:
                return
        elif kind:
            unsettled = why
            doc.rules.append(f"line {chain.line}: read as {unsettled}; a counterexample refutes nothing (unsettled=)")
    coupled = _a_variable_set_to_another(chain, doc) if not unsettled and first and not named_entry \
        and chain.relations[0] == "=" and len(chain.sides) > 1 else ""
    if coupled:
        unsettled = coupled
        doc.rules.append(f"line {chain.line}: read as {unsettled}; a counterexample refutes nothing (unsettled=)")
    other = _another_length(exprs, rules, doc) if not unsettled else ""
    if other:
        # `\mathbf{x}^\top\mathbf{y} = \sum_{i=1}^{m} x_i y_i` for vectors "of length $n$": false when m < n, and the
        # text may mean m = n; refuted only where the text says the two sizes differ
        unsettled = (f"a sum to {other} beside a dot product or a norm over the {doc.dimension} entries the text gives "
                     f"its vectors, and the text does not say whether {other} = {doc.dimension}")
        doc.rules.append(f"line {chain.line}: read as {unsettled}; a counterexample refutes nothing (unsettled=)")
    if not unsettled and any(_JOINED_INDICES.search(side) for side in chain.sides) \
            and _TWO_INDICES.search(doc.prose_so_far):
        # `w_{31}`: entry 31 of a vector w, or row 3 and column 1 of a matrix written together
        unsettled = ("a subscript of two digits written together (entry 31 of a vector, or row 3 and column 1 of a "
                     "matrix)")
        doc.rules.append(f"line {chain.line}: read as {unsettled}; a counterexample refutes nothing (unsettled=)")
    if first and chain.relations[0] == "def" and not defines and not named_entry and chain.relation_latex[0] != r"\equiv" \
            and not isinstance(lhs, AppliedUndef):
        doc.failures.append(Failure(chain.line, where, chain.sides[0],
                                    f"`{chain.sides[0]} {chain.relation_latex[0]} …` defines something that is not a "
                                    "new name (a function or a name used before): not read as a claim"))
        return
    if defines:
        doc.definitions.append(_definition(lhs, exprs[1], chain.sides[1], where, len(doc.chains), chain.line))
        how = ("as the definition of" if len(chain.relations) == 1
               else "as defining")
        doc.rules.append(f"line {chain.line}: read `{chain.sides[0]} {chain.relation_latex[0]} …` {how} "
                         f"{lhs} (a new name on the left: a definition, not a claim)"
                         + ("" if len(chain.relations) == 1 else "; the chain starts at its first right side"))
    if defines and len(chain.relations) == 1:
        return
    if label is not None and block.label != label:
        return
    if first is False and len(chain.relations) == 0:
        return
    base = re.sub(r"\W", "_", f"eq_{block.number}" if block.number else
                  (block.label or f"line_{chain.line}")).strip("_").replace("–", "_")
    base = re.sub(r"_+", "_", base)
    used_names[base] += 1
    name = base if used_names[base] == 1 else f"{base}_{used_names[base]}"
    doc.chains.append(ImportedChain(chain, exprs, rules, name, where, 1 if defines or named_entry else 0,
                                    unsettled=unsettled, by_values=unsettled == _PARTICULAR_VALUES))
    if chain.elided:
        # `a = b = \ldots = c`: the step b = c stands for the relations around the ellipsis
        doc.chains[-1].covers = len(chain.relations) + len(chain.elided)
    # `m(x) = E[f(x)] = …`: the first side read as naming a function by the chain is read, not dropped
    doc.chains[-1].named_by_head = named_head
    if coupled:
        # `w_1 = -w_0 = w_0 - 2w_0`: only the first step sets the variable equal to another; the steps after it that do
        # not write it are checked as written
        doc.chains[-1].settled_steps = frozenset(k for k in range(1, len(exprs) - 1) if not any(
            isinstance(e, sp.Basic) and e.has(lhs) for e in exprs[k:k + 2]))
    if vector:
        # `\alpha_1 = a = b`: only the first step is about the entry; the steps after it that do not write it are
        # checked as written
        doc.chains[-1].settled_steps = frozenset(k for k in range(1, len(exprs) - 1) if not any(
            isinstance(e, sp.Basic) and e.has(lhs) for e in exprs[k:k + 2]))
    if updated and (any(d.name == updated for d in doc.definitions)
                    or any(_name_of(k) == updated for k in doc.named_entries)):
        # the name has a new value from here on: a later display that writes it is not read as the earlier value
        doc.ended[updated] = chain.line + 1


_EQUIVALENTLY = re.compile(r"^(?:\s|\\q?quad\b|\\[,;:! ]|~|,)*\\(?:text|textrm|mbox)\s*\{\s*(?:or\s+)?equivalently,?\s*\}"
                           r"(?:\s|\\q?quad\b|\\[,;:! ]|~|,)*(.*)$", re.S)


_BESIDE_A_LAW = re.compile(r"^(?:\s|\\[,;:! ]|\\q?quad\b|~|,|\\(?:text|textrm|mbox)\s*\{\s*(?:and|,)?\s*\})*(.*?)[\s.,;]*$", re.S)


def _equation_beside_a_law(annotation: str, whole: Chain) -> Chain | None:
    """`\\quad \\sqrt{d_k} = 9` beside `q_i, k_i \\sim \\mathcal{N}(0, 1)`: one chain of equalities and no condition
    word, read as a display of its own; an inequality (`\\sigma > 0`, a condition on the law's parameters as often as
    a claim) or anything else is None."""
    m = _BESIDE_A_LAW.match(annotation)
    if m is None or _CONDITION_WORD.search(annotation) or _HIDDEN_RELATION.search(annotation) \
            or any(t in annotation for t in "≤≥≈≠"):
        return None
    found = chains(Block(whole.block.env if whole.block else "$$", m.group(1), whole.line))
    if len(found) != 1 or not found[0].relations or set(found[0].relations) != {"="} or found[0].annotations \
            and any(x.strip() for x in found[0].annotations):
        return None
    beside = found[0]
    beside.block = whole.block
    beside.lines = [whole.line] * len(beside.sides)
    return beside


def _same_name_again(annotation: str, whole: Chain) -> Chain | None:
    """The chain after `\\text{or equivalently}` beside a chain, when it starts with the same left side (`L_i = …`
    again): the author writes the same name's value in other terms.  Another left side is an equation of its own."""
    m = _EQUIVALENTLY.match(annotation)
    if m is None or not whole.relations or whole.relations[0] != "=":
        return None
    found = chains(Block(whole.block.env if whole.block else "$$", m.group(1), whole.line))
    if len(found) != 1 or not found[0].relations or found[0].relations[0] != "=" \
            or re.sub(r"\s", "", found[0].sides[0]) != re.sub(r"\s", "", whole.sides[0]):
        return None
    again = found[0]
    again.block = whole.block
    again.lines = [whole.line] * len(again.sides)
    return again


# Words in a side: a text box, a spelt space, or a run of two letters outside a command (`Let\space u`, `\text{if }`).
_WORDS_IN_A_SIDE = re.compile(r"\\(?:text|textrm|mbox|hbox|mathrm|operatorname|space)\b|(?<![\\A-Za-z])[A-Za-z]{2,}")


# Words between two equations that say they are equivalent: `\textrm{ or equivalently }`, `\text{i.e.}`.
_EQUIVALENT_WORDS = re.compile(r"^(?:\s|\\q?quad\b|\\[,;:! ]|~|,)*"
                               r"(\\(?:text|textrm|mbox)\s*\{\s*(?:(?:or\s+)?equivalently|i\.\s?e\.)\s*,?\s*\})"
                               r"(?:\s|\\q?quad\b|\\[,;:! ]|~|,)*(.*?)[\s.,;]*$", re.S)


def _equation_stated_equivalent(whole: Chain) -> Chain | None:
    """`A = B \\textrm{ or equivalently } C = D` (also `\\text{equivalently}`, `\\text{i.e.}`): one equation, and after
    the words one more equation with another left side, one of the two solved for a letter the other writes, as the
    chain `A = B \\iff C = D` with the words as its middle relation; None for anything else (the same left side written
    again is a chain of its own, _same_name_again; equations about other names are two claims)."""
    if whole.relations != ["="] or len(whole.annotations) != 1:
        return None
    m = _EQUIVALENT_WORDS.match(whole.annotations[0])
    if m is None:
        return None
    found = chains(Block(whole.block.env if whole.block else "$$", m.group(2), whole.line))
    if len(found) != 1 or found[0].relations != ["="] or any(a.strip() for a in found[0].annotations) \
            or re.sub(r"\s", "", found[0].sides[0]) == re.sub(r"\s", "", whole.sides[0]):
        return None
    second = found[0]

    def solved_for_a_name_of(equation: list[str], other: list[str]) -> bool:
        # `\sigma = …` beside an equation that writes σ: the same unknown, solved; equations about other names (`y =
        # 2` beside `x^2 - 1 = …`) are two claims
        # (a command such as `\sigma` is whole after any letter: `a\sigma^2` writes σ)
        return any(re.fullmatch(r"\s*(\\[A-Za-z]+|[A-Za-z])\s*", side) and re.search(
            (r"(?<!\\)" if side.strip().startswith("\\") else r"(?<![A-Za-z\\])") + re.escape(side.strip())
            + r"(?![A-Za-z])", " ".join(other)) for side in equation)

    if not (solved_for_a_name_of(second.sides, whole.sides) or solved_for_a_name_of(whole.sides, second.sides)):
        return None
    return Chain(whole.sides + second.sides, ["=", "iff", "="], ["=", m.group(1), "="],
                 whole.lines + [whole.line] * 2, whole.block, ["", "", ""])


def _add_equivalence(doc, block, whole: Chain, where, label, used_names, context, backend, stated,
                     discrete: str = "") -> None:
    """`A ρ B \\iff C σ D`: the claim that both relations have the same solutions, written as the equality of
    their normal forms (equivalences.py says when that claim is refutable).  A name that is a size, an index, a
    usually positive letter or a defined name, or a condition the text states around the display, restricts the
    points the relations are compared at, where normal forms that differ may still agree: the claim is unsettled.
    So does a word of the text before the display or just after it that names whole numbers (`discrete`: "for an
    integer $k$", "natural numbers", ℤ): k < 1 and 2k < 1 have the same integer solutions, not the same real ones."""
    readings = []
    for side, line in zip(whole.sides, whole.lines):
        try:
            readings.append(read_side(side, backend, context))
        except ReadError as exc:
            doc.failures.append(Failure(line, where, side, str(exc), exc.readings))
            return
    solved = False
    try:
        eq = relations_compared([r.expr for r in readings], [whole.relations[0], whole.relations[2]])
    except ReadError as exc:
        eq, refusal = None, exc
    if eq is None and whole.relations[0] == whole.relations[2] == "=":
        # `\frac{1}{2}(a + b)\sigma^2 = 1 \iff \sigma = \sqrt{…}`: one equation solved for a positive name
        try:
            eq, solved = solved_equivalence([r.expr for r in readings], SCALE_LETTERS - doc.sign_open), True
        except ReadError as second:
            refusal = second if second.readings or not refusal.readings else refusal
    if eq is None:
        exc = refusal
        doc.failures.append(Failure(whole.line, where, whole.sides[0], f"`{whole.relation_latex[1]}`: {exc}",
                                    exc.readings))
        return
    rules = []
    for r, line in zip(readings, whole.lines):
        rules += [f"line {line}: {x}" for x in r.rules if f"line {line}: {x}" not in rules]
    rules.append(f"line {whole.line}: {eq.rule}")
    doc.rules += rules
    shown = [f"{whole.sides[k]} {whole.relation_latex[k]} {whole.sides[k + 1]}" for k in (0, 2)]
    chain = Chain(shown, ["="], [whole.relation_latex[1]], [whole.lines[0], whole.lines[2]], block,
                  [whole.annotations[1] if len(whole.annotations) > 1 else ""])
    added = len(doc.chains)
    _add_chain(doc, block, chain, [eq.lhs, eq.rhs], rules, where, label, used_names, first=False)
    names = {s.name for s in eq.lhs.free_symbols | eq.rhs.free_symbols}
    # solved for a positive name, the claim holds or fails at each point of the other names, whatever they range over
    restricted = names & ({d.name for d in doc.definitions} if solved else
                          set(context.bounds) | {doc.size} | set(POSITIVE) | {d.name for d in doc.definitions})
    for c in doc.chains[added:]:
        c.conditions = list(stated)
        c.covers = len(whole.relations)
        why = ("relations of higher degree, whose normal forms may differ where their solutions agree" if not eq.settled
               else f"{', '.join(sorted(restricted))} restricted by the text (a size, an index, a positive letter or "
               "a definition), where normal forms that differ may still agree" if restricted
               else "relations compared under conditions the text states, where normal forms that differ may still "
               "agree" if stated or any(a.strip() for a in whole.annotations)
               else f"relations the text may compare at whole numbers only (it writes “{discrete}”), where normal "
               "forms that differ may still agree" if discrete else "")
        if why and not c.unsettled:
            c.unsettled = why
            doc.rules.append(f"{c.where}: read as {why}; a counterexample refutes nothing (unsettled=)")


# Words of the prose that name whole numbers: a variable may range over them, where equivalences differ from the reals.
_DISCRETE = re.compile(r"(?i:\bintegers?\b|\bintegral\s+values?\b|\bnatural\s+numbers?\b|\bnaturals\b|"
                       r"\bwhole\s+numbers?\b|\bcounting\s+numbers?\b)|\\mathbb\s*\{?\s*[ZN]\b|\\(?:Z|N|ZZ|NN)\b|[ℤℕ]")
# A paragraph that calls a column in round brackets a vector, and one that speaks of binomial coefficients.
_VECTORS = re.compile(r"(?i:\bvectors?\b|\bcoordinates?\b)")
_BINOMIAL_WORDS = re.compile(r"(?i:binomial|\bchoose\b|\bchoosing\b|combination|pascal|\bways\b|\bcount)")
# Words of a text about divisors, where `(a, b)` is the greatest common divisor and `[a, b]` the least common multiple.
_DIVISORS = re.compile(r"(?i:\bg\.?c\.?d\b|\bl\.?c\.?m\b|\bh\.?c\.?f\b|common\s+(?:divisor|multiple|factor)|\beuclid|"
                       r"\bdivisors?\b|\bdivisib|\bdivides\b|\bco-?prime|relatively\s+prime|\bmodulo\b)|\\(?:gcd|mid)\b")
_INTERVAL = re.compile(r"^\s*(?:\\left\s*)?([\[(])([^,()\[\]]+),([^,()\[\]]+?)(?:\\right\s*)?([\])])\s*[.,]?\s*$")


def _add_interval_equation(doc, block, whole: Chain, where, label, used_names, context, backend, stated) -> None:
    """Sides that are each `(a, b)`, `[a, b)`, … with numbers a < b: two intervals with the same kinds of ends are equal
    exactly when their ends are (a nonempty interval has one pair of ends), and two pairs are equal exactly when
    their entries are, so `(1, 9/2) = (1, 4.5)` is one claim under either reading: one chain for the lower ends and
    one for the upper.  Ends of two kinds (`[0, 9)` and `(0, 9)`), ends that are not numbers (an empty interval,
    or a pair, depending on the values) and a lower end not below the upper are refused by name."""
    matches = [_INTERVAL.match(s) for s in whole.sides]
    kinds = {(m.group(1), m.group(4)) for m in matches}
    if len(kinds) > 1:
        doc.failures.append(Failure(whole.line, where, whole.sides[0], "intervals whose ends are of two kinds (open and "
                                    "closed) set equal: not read", ("intervals that differ at an end",
                                                                    "pairs or other objects the text means")))
        return
    ends = []
    for m, line in zip(matches, whole.lines):
        try:
            lo, hi = (read_side(m.group(g), backend, context).expr for g in (2, 3))
        except ReadError as exc:
            doc.failures.append(Failure(line, where, m.group(0), str(exc), exc.readings))
            return
        if lo.free_symbols or hi.free_symbols or not (lo.is_comparable or lo.is_infinite) \
                or not (hi.is_comparable or hi.is_infinite) or not bool(lo < hi):
            doc.failures.append(Failure(line, where, m.group(0), f"`{m.group(0).strip()}`: an interval or a pair whose "
                                        "ends are not numbers in increasing order is not read",
                                        ("an interval", "a pair")))
            return
        ends.append((lo, hi))
    doc.rules.append(f"line {whole.line}: read `{' = '.join(s.strip() for s in whole.sides)}` as intervals (or pairs) "
                     "with equal ends: one step for the lower ends, one for the upper")
    for k, what in enumerate(("lower end", "upper end")):
        chain = Chain(list(whole.sides), list(whole.relations), list(whole.relation_latex), list(whole.lines), block,
                      [what] * len(whole.relations))
        added = len(doc.chains)
        _add_chain(doc, block, chain, [e[k] for e in ends], [], where, label, used_names, first=False)
        for c in doc.chains[added:]:
            c.conditions = list(stated)


def _add_matrix_equation(doc, block, label, used_names, context, backend, stated, vectors: bool = False,
                         functions=(), number: int = 0, bold_h: bool = False) -> bool:
    r"""`\begin{pmatrix}1 & 2 \\ 3 & 4\end{pmatrix} = …`: an equation between matrices, read as one chain per entry
    (matrices.py); False when the display is no such equation (the grid refusal then stands).  `vectors`: the
    paragraph before or after the display calls its columns vectors and names no binomial.  Equations the display
    joins with "and" are each read, or named as not read; `\nabla f(x, y)` of a function the text defines near the
    display (`functions`, display `number`) is the column of its partial derivatives, a vector, and its Hessian written
    alone on a side the matrix of its second partial derivatives (`bold_h`: every bold H of the text is before a
    function's name, matrices.bold_h_is_an_operator)."""
    parts = equations(block.body)
    if len(parts) == 1:
        return _add_one_matrix_equation(doc, block, block.body, label, used_names, context, backend, stated, vectors,
                                        functions, number, bold_h)
    found = [_add_one_matrix_equation(doc, block, part, label, used_names, context, backend, stated, vectors,
                                      functions, number, bold_h) for part in parts]
    if not any(found):
        return False
    for part, read in zip(parts, found):
        if not read:
            # `… \; \textrm{and} \; \mathbf{H}f(x, y) = …`: the other equation is named, never dropped
            shown = Chain([part.strip()], [], [], [block.line], block)
            doc.failures.append(Failure(block.line, where_of(block, shown), part.strip()[:80],
                                        "an equation the display joins with “and” that is not one between matrices "
                                        "the import reads is not read"))
    return True


def _add_one_matrix_equation(doc, block, body, label, used_names, context, backend, stated, vectors=False,
                             functions=(), number: int = 0, bold_h: bool = False, point: tuple = ()) -> bool:
    defined = _defined_near(functions, number, Chain([body], [], [], [block.line], block)) if functions else {}
    body, gradient = gradients(body, defined, point)
    body, second = hessian(body, defined, bold_h)
    if second:
        doc.rules.append(f"line {block.line}: read `{second}` as the Hessian of a function the text defines, the "
                         "matrix of its second partial derivatives in the order of its parameters"
                         + ("" if second.lstrip().startswith("\\nabla") else
                            " (the text writes its bold H nowhere but before a function's name)"))
    if gradient or second:
        # the gradient or the Hessian of a function the text defines: its partial derivatives, read as the chains
        # read them
        context = replace(context, defined=defined, functions=context.functions | {
            f.base for f in functions if isinstance(defined.get(f.name), tuple)})
    if gradient:
        doc.rules.append(f"line {block.line}: read ∇ of a function the text defines as the column of its partial "
                         "derivatives, in the order of its parameters")
    try:
        read = matrix_sides(body, lambda s: read_side(s, backend, context).expr, vectors or gradient or bool(second))
    except ReadError as exc:
        shown = Chain([body.strip()], [], [], [block.line], block)
        doc.failures.append(Failure(block.line, where_of(block, shown), body.strip()[:80], str(exc),
                                    exc.readings))
        return True
    if read is None:
        return False
    sides, values = read
    rows, cols = values[0].shape
    # `\begin{pmatrix} x \\ y \\ z \end{pmatrix} = \begin{pmatrix} t/2 \\ …`: a first side that is one matrix gives each of
    # its entries that is a lone new name the value beside it (a definition, as `x = t/2` is), never a claim in x
    one_matrix = not gradient and not second and sides[0].count("\\begin") == 1 and re.fullmatch(
        r"\s*(?:\\left\s*[(\[]\s*)?\\begin\{.*\\end\{[a-z]+\}\s*(?:\\right\s*[)\]])?\s*", sides[0], re.S) is not None
    for i in range(rows):
        for j in range(cols):
            chain = Chain(list(sides), ["="] * (len(sides) - 1), ["="] * (len(sides) - 1), [block.line] * len(sides),
                          block, [f"entry ({i + 1}, {j + 1})"] * (len(sides) - 1))
            where = where_of(block, chain)
            rule = (f"line {block.line}: read the equation between matrices as one step per entry; entry ({i + 1}, "
                    f"{j + 1}): {' = '.join(str(v[i, j]) for v in values)}")
            doc.rules.append(rule)
            added = len(doc.chains)
            _add_chain(doc, block, chain, [v[i, j] for v in values], [rule], where, label, used_names, first=one_matrix)
            introduced = _INTRODUCED_AS_CONDITION.search(block.prose_before[-160:])
            for c in doc.chains[added:]:
                c.conditions = list(stated)
                if introduced and not c.unsettled:
                    # "The eigenvector satisfies $$A v = 3 v$$": each entry is a condition, as the whole equation is
                    c.unsettled = f"introduced by the text with “{introduced.group(1).lower()}”: a condition, not a claim"
                    doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing (unsettled=)")
    return True


def _definition(lhs, rhs, latex, where, order: int = 0, line: int = 0) -> Definition:
    if isinstance(lhs, sp.Indexed):
        return Definition(lhs.base.label.name, lhs.indices[0], rhs, latex, where, order, line)
    return Definition(lhs.name, None, rhs, latex, where, order, line)


_TEX_HEADING = re.compile(r"^\s*\\(?:part|chapter|(?:sub)*section|paragraph)\*?\s*[\[{]", re.M)
# `## Classification`, or a line of text underlined with === or --- (a setext heading)
_MARKDOWN_HEADING = re.compile(r"^ {0,3}#{1,6}\s+\S|^ {0,3}[^\s=\-|][^\n]*\n {0,3}(?:=+|-{2,})[ \t]*$", re.M)


def headings(text: str, kind: str = "") -> tuple[int, ...]:
    """The lines where a section starts: `\\section{…}`, and in Markdown `## Classification` or an underlined line."""
    text = without_code(text, kind)
    found = list(_TEX_HEADING.finditer(text))
    if kind != "tex":
        found += list(_MARKDOWN_HEADING.finditer(text))
    return tuple(sorted(text.count("\n", 0, m.start()) + 1 for m in found))


# `\quad \in [0, \log n]` after a chain: its value lies in the interval ([ ] closed, ( ) open ends).
_IN_INTERVAL = re.compile(r"^(?:\s|\\[,;:! ]|\\q?quad\b|~|,)*\\in\s*(?:\\left\s*)?([\[(])(.*?)(?:\\right\s*)?([\])])[\s.,;]*$",
                          re.S)


def _interval_claim(whole: Chain) -> Chain | None:
    """The chain lo ≤ value ≤ hi that `… = value \\quad \\in [lo, hi]` claims, or None."""
    if not whole.annotations or not whole.sides:
        return None
    m = _IN_INTERVAL.match(whole.annotations[-1])
    if not m:
        return None
    depth, parts, start = 0, [], 0
    body = m.group(2)
    for k, ch in enumerate(body):
        depth += ch in "{([" and 1 or 0
        depth -= ch in "})]" and 1 or 0
        if ch == "," and depth == 0:
            parts.append(body[start:k])
            start = k + 1
    parts.append(body[start:])
    if len(parts) != 2 or not all(p.strip() for p in parts):
        return None
    lo, hi = (p.strip() for p in parts)
    left = ("<=", r"\leq") if m.group(1) == "[" else ("<", "<")
    right = ("<=", r"\leq") if m.group(3) == "]" else ("<", "<")
    infinite = re.compile(r"^[+-]?\\infty$")
    sides, relations, shown = [whole.sides[-1]], [], []
    if not infinite.match(lo):
        sides, relations, shown = [lo] + sides, [left[0]], [left[1]]
    if not infinite.match(hi):
        sides, relations, shown = sides + [hi], relations + [right[0]], shown + [right[1]]
    if len(sides) < 2:
        return None
    line = whole.lines[-1]
    return Chain(sides, relations, shown, [line] * len(sides), whole.block, [""] * len(relations), interval=True)


# The words just before a display that make it a condition: "the constraint can be expressed as", "subject to",
# "suppose", "assume that", "we require".
# An equation the text poses to be solved ("Suppose $x$ satisfies", "Let $r$ be a root of", "Find all $x$ with",
# "Solve for $t$:") is a condition too; a short inline formula may stand between the words and the display.
# `$$x^2 = x \quad \text{(by assumption)}$$`: a display the text marks as what it assumes
_MARKED_AS_ASSUMPTION = re.compile(r"\\text(?:rm|it)?\s*\{[^{}]*\b(assumption|hypothesis|assumed|by assumption)\b[^{}]*\}",
                                   re.I)


def _unread_display(block, failures: list) -> list[Condition]:
    """What a display the import refused (whole or in part) may state, as a hypothesis of the displays after it
    that write its names: its words, which no point is known to satisfy."""
    lines = set(range(block.line, block.line + block.body.count("\n") + 2))
    if not any(f.line in lines for f in failures):
        return []
    # the words of commands and environments (`\\textrm{and}`, `\\begin{aligned}`, an array's columns) are no names
    body = re.sub(r"\\begin\s*\{(?:array|tabular)\}\s*\{[^{}]*\}", " ", block.body)
    body = re.sub(r"\\(?:text|textrm|mathrm|operatorname|mbox|label|tag|begin|end)\s*\{[^{}]*\}", " ", body)
    names = names_in(_without_scripts(body))
    head = re.match(r"\s*(?:\\[A-Za-z]+|[A-Za-z])\s*\(([^()=]*)\)\s*(?::=|=)", body)
    if head:
        # `f(x) = 3x^4 - 4x^3 - 12x^2`: a function and its body, its parameters no hypothesis about x
        names -= names_in(head.group(1))
    if not names:
        return []
    return [Condition(f"{' '.join(block.body.split())[:80]} (the display at line {block.line}, not read)", None,
                      frozenset(names))]


def _stated_beside(chain, context, backend) -> list[Condition]:
    """The relations written beside a chain the text states as a hypothesis (`\\text{ and } y \\geq 0`)."""
    out = []
    for a in chain.annotations:
        if _CONSEQUENCE.match(a) or not re.search(r"\\(?:geq?|leq?|neq?|ne|in|perp)\b|[<>=]", a) \
                or re.search(r"\b(?:for|if|when|whenever|where|unless|provided)\b", a):
            continue        # `\quad \text{for } x > 0`: a condition of this display, not a hypothesis of the next
        words = re.sub(r"\\(?:text|textrm|mbox|mathrm)\s*\{[^{}]*\}|\\q?quad\b|\\[,;:! ]|~", " ", a)
        words = re.sub(r"^[\s,;(]+|[\s,;.)]+$", "", words).strip()
        if words and names_in(words):
            relation = read_condition(words, context, backend) if "=" not in re.sub(r"<=|>=", "", words) else None
            out.append(Condition(f"{words} (the display at line {chain.line})", relation, names_in(words)))
    return out


# "$$\sqrt{x^2} = x$$ provided that $$x \ge 0.$$", "… which holds when $$x \ge 0$$": the only words between two displays
# make the second a condition of the first (a display ending in a full stop closed its sentence: "If $$x = 2$$, then"
# opens the next one); "so", "hence" or a sentence of more words ("This is false in general: for") make it none
_CONDITION_OF_THE_DISPLAY_BEFORE = re.compile(
    r"\s*[,;]?\s*(?:(?:and\s+)?(?:which|this|that|it|the\s+(?:identity|equality|equation|inequality|bound|formula|"
    r"result))\s+(?:only\s+)?(?:holds?|is\s+(?:true|valid)|applies|remains\s+(?:true|valid))\s+(?:only\s+)?)?"
    r"(provided(?:\s+that)?|whenever|if|only\s+if|for(?:\s+(?:all|every|any))?|when|as\s+long\s+as|so\s+long\s+as|"
    r"assuming(?:\s+that)?|given\s+that)\s*:?\s*", re.I)


def _condition_of_the_display_before(previous: Block, block: Block):
    """The words that make block a condition of the display before it, as a match (group 1 the word), or None."""
    closed = re.search(r"[.!?]\s*(?:\\(?:end|label|tag)\s*\{[^{}]*\}\s*)*$", previous.body.strip())
    if closed or not _RELATION_IN_BODY.search(re.sub(r"\{[^{}]*\}", "", block.body)):
        return None
    return _CONDITION_OF_THE_DISPLAY_BEFORE.fullmatch(block.prose_before)


def _posed_by_the_next_display(block: Block, following: Block | None, context, backend) -> list[Condition]:
    """What the display after block states as block's condition ("provided that $$x \\ge 0.$$"): proposed beside its
    steps as a condition of the prose is, so a point it excludes never refutes them (nor makes a false step pass)."""
    if following is None or not _condition_of_the_display_before(block, following):
        return []
    words = re.sub(r"\\(?:label|tag)\s*\{[^{}]*\}|\\(?:text|textrm|mbox|mathrm)\s*\{[^{}]*\}|\\q?quad\b|\\[,;:! ]|~", " ",
                   following.body)
    words = " ".join(re.sub(r"^[\s,;(]+|[\s,;.)]+$", "", words).split())
    names = names_in(_without_scripts(words))
    if not names:
        return []
    return [Condition(words, read_condition(words, context, backend), frozenset(names))]


# words before a display that pose its equation rather than claim it ("Setting the derivative to zero gives"; never
# "we need", which as often introduces a claim: "we need to notice that")
_POSED_BEFORE = re.compile(r"(?i:\bsetting\b(?:[^.$]|\$[^$]{0,40}\$){0,80}\b(?:to|equal\s+to)\s+(?:zero|0|\$0\$)|"
                           r"\bfor\s+(?:a\s+)?contradiction\b)"
                           r"(?:[^.$]|\$[^$]{0,40}\$){0,80}$")
# words just after a display that say its equation holds at no value ("which has no solution", "which is impossible")
_SAID_UNSOLVABLE = re.compile(r"(?i:\b(?:has|have|with)\s+no\s+(?:\w+\s+){0,2}(?:solutions?|roots?|zeros?)\b|"
                              r"\bno\s+(?:\w+\s+)?(?:solutions?|roots?)\s+exists?\b|\bimpossible\b(?!\s+to\b)|"
                              r"\bcontradiction\b|\bnever\s+(?:holds?|vanish\w*|zero|true|satisfied)\b|"
                              r"\bcannot\s+(?:hold|vanish|be\s+(?:zero|0|satisfied|true|solved))\b|"
                              r"\b(?:un|in)sol(?:v|u)able\b|\bnot\s+solvable\b)")
# "A fixed point satisfies $$g(z) = z^2 = z$$", "its fixed points satisfy", "the fixed point solves", "At a fixed point,
# $$…$$": an equation that holds at the point the text speaks of, never an identity of its names
_INTRODUCED_AS_CONDITION = re.compile(r"\b(constraints?|subject to|such that|suppose|assume|assuming|we require|"
                                      r"requires?|provided|satisf(?:y|ies|ying)|(?:a|the) roots? of|roots of|"
                                      r"solutions? (?:of|to)|solves?(?: for)?|find all|find \$[^$]{1,20}\$|"
                                      r"at (?:a|an|the|any|each|every|its|some) (?:fixed|stationary|critical|equilibrium|"
                                      r"saddle) points?|at (?:the |an? )?(?:equilibrium|optimum|fixed point)|"
                                      r"the equation)\b(?:[^.$]|\$[^$]{0,30}\$){0,60}$", re.I)


def _roles(expr) -> dict[str, set[str]]:
    """{name: the roles it plays in expr}: "vector" (x in x_i), "index" (i in x_i or a sum's variable), "scalar"."""
    roles: dict[str, set[str]] = {}
    labels = {b.base.label for b in expr.atoms(sp.Indexed)}
    indices = set()
    for b in expr.atoms(sp.Indexed):
        roles.setdefault(b.base.label.name, set()).add("vector")
        for ix in b.indices:
            indices |= {s for s in ix.atoms(sp.Symbol)}
    for node in sp.preorder_traversal(expr):
        for lim in getattr(node, "limits", ()) if isinstance(node, (sp.Sum, sp.Product)) or \
                type(node).__name__ in ("IndexedMax", "IndexedMin") else ():
            indices.add(lim[0])
    # `a_i \mathbb{1}(i = j)`: a letter an indicator compares with an index (or as an index is compared) is one too
    named = {ix.name for ix in indices}
    for node in sp.preorder_traversal(expr):
        if isinstance(node, (sp.KroneckerDelta, sp.Eq, sp.Ne)) and any(
                isinstance(a, sp.Symbol) and a.name in named for a in node.args):
            indices |= {a for a in node.args if isinstance(a, sp.Symbol)}
    for ix in indices:
        roles.setdefault(ix.name, set()).add("index")
    bound = {ix.name for ix in indices} | {label.name for label in labels}
    for sym in expr.free_symbols:       # by name: the reader's k in a body and its summation k differ in assumptions
        if isinstance(sym, sp.Symbol) and sym.name not in bound:
            roles.setdefault(sym.name, set()).add("scalar")
    return roles


def _drop_chains_with_a_name_in_two_roles(doc: Document) -> None:
    """One letter written as a vector and as an index (`w_{xy}` beside `x_i`), or as an index and as a plain number
    (`p_{fake}` read letter by letter, then "a real threshold $a$"), names two objects, and the written file can bind
    it to only one: every chain and definition that writes it is refused with its line, never checked about the
    wrong object.  (x beside x_i is the vector and its entries, as in log Σ_i e^{x_i} = LSE(x); n beside x_n is the
    length and the last entry.)"""
    roles: dict[str, set[str]] = {}
    sizes = {doc.size}
    for e in [e for c in doc.chains for e in c.exprs] + [d.expr for d in doc.definitions]:
        for name, r in _roles(e).items():
            roles.setdefault(name, set()).update(r)
        for node in sp.preorder_traversal(e):
            if isinstance(node, (sp.Sum, sp.Product)):
                sizes |= {str(lim[2]) for lim in node.limits if len(lim) == 3 and isinstance(lim[2], sp.Symbol)}
    clashing = {name: r & {"vector", "index"} for name, r in roles.items() if {"vector", "index"} <= r}
    clashing.update({name: {"index", "scalar"} for name, r in roles.items()
                     if {"index", "scalar"} <= r and name not in sizes and name not in clashing})
    if not clashing:
        return
    for c in list(doc.chains):
        names = set().union(*map(_names, c.exprs))
        hit = sorted(set(clashing) & names)
        if hit:
            doc.chains.remove(c)
            doc.failures.append(Failure(c.chain.line, c.where, " ".join(c.chain.sides)[:80],
                                        f"{_two_roles(hit, clashing)}: one name for two objects, the chain is not read"))
    for d in list(doc.definitions):
        hit = sorted(set(clashing) & (_names(d.expr) | {d.name}))
        if hit:
            doc.definitions.remove(d)
            doc.failures.append(Failure(d.line, d.where, d.latex, f"{_two_roles(hit, clashing)}: one name for two "
                                        "objects, the definition is not read"))


def _in_arithmetic(expr, names: set[str]) -> set[str]:
    r"""The names among `names` written bare as a term, a factor, a base or a power (not as the argument of a
    function, `\mathrm{LSE}(x)`)."""
    found: set[str] = set()
    for node in sp.preorder_traversal(expr):
        if isinstance(node, (sp.Add, sp.Mul, sp.Pow)):
            found |= {a.name for a in node.args if isinstance(a, sp.Symbol) and a.name in names}
    return found


# Words that make a letter written bare in a sentence the vector, the list or the law of its entries.
_A_WHOLE_OF_ENTRIES = re.compile(r"\b(?:vectors?|entries|entry|lists?|sequences?|components?|coordinates?|"
                                 r"distributions?|tuples?|arrays?|probabilities|weights|masses|frequencies|values)\b",
                                 re.I)


def _only_summed_entries(exprs, name: str) -> bool:
    """Every entry of `name` the expressions write is `name_i` under a sum over that same i (Σ_i x_i p_i), and at
    least one is."""
    found = []

    def walk(node, bound: frozenset) -> bool:
        if isinstance(node, sp.Indexed) and node.base.label.name == name:
            found.append(node)
            return len(node.indices) == 1 and node.indices[0] in bound
        if isinstance(node, sp.Sum):
            inner = bound | {lim[0] for lim in node.limits}
            return walk(node.function, inner) and all(walk(x, bound) for lim in node.limits for x in lim[1:])
        return all(walk(a, bound) for a in node.args)

    return all(walk(e, frozenset()) for e in exprs) and bool(found)


def _written_bare_in_words(name: str, inline: list) -> bool:
    """Some inline maths of the prose writes the letter without a subscript (`$p$`, `$1-2p$`)."""
    letter = re.escape(name)
    return any(re.search(rf"(?<![A-Za-z\\]){letter}(?![A-Za-z]|\s*_)", m) for m in inline)


def _keep_apart_summed_entries_and_a_bare_number(doc: Document, text: str) -> None:
    """`\\sum_i x_i p_i = (a-2)p + a(1-2p) + (a+2)p` after "takes the value a-2 with probability $p$": p_i are the
    entries of the vector of probabilities the sum runs over, p is a number of its own.  Where a chain writes a
    letter with a subscript only as the index of a sum over that index, and bare as a term, a factor or a power, and
    nothing else in the text ties the two (no sentence writes the letter with a subscript, or bare beside a word
    such as "vector" or "distribution"; no other display or definition writes its entries or defines it), the
    entries are read as those of a vector of their own name, printed as a rule, and the bare letter as the number.
    Anything less settled is refused by the rule after this one."""
    prose = re.sub(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\{(\w+\*?)\}.*?\\end\{\1\}", " ", text, flags=re.S)
    sentences = re.split(r"(?<=[.!?])\s+|\n\s*\n", prose)
    for c in doc.chains:
        vectors = {b.base.label.name for e in c.exprs for b in e.atoms(sp.Indexed)}
        for name in sorted(set().union(*(_in_arithmetic(e, vectors) for e in c.exprs)) if vectors else ()):
            if not _only_summed_entries(c.exprs, name):
                continue
            letter = re.escape(name)
            written_with_subscript = any(re.search(rf"(?<![A-Za-z\\]){letter}\s*_", m)
                                         for m in re.findall(r"\$([^$]+)\$", prose))
            bound_in_words = any(_A_WHOLE_OF_ENTRIES.search(re.sub(r"\$[^$]*\$", " ", s))
                                 and any(re.fullmatch(rf"\s*{letter}\s*", m) for m in re.findall(r"\$([^$]+)\$", s))
                                 for s in sentences)
            elsewhere = any(name in {b.base.label.name for e in other.exprs for b in e.atoms(sp.Indexed)}
                            for other in doc.chains if other is not c) \
                or any(d.name == name or name in _names(d.expr) for d in doc.definitions)
            if written_with_subscript or bound_in_words or elsewhere or \
                    not _written_bare_in_words(name, re.findall(r"\$([^$]+)\$", prose)):
                continue
            taken = set().union(*(_names(e) for other in doc.chains for e in other.exprs))
            fresh = f"{name}_entries"
            while fresh in taken:
                fresh += "_"
            rename = {b: sp.Indexed(sp.IndexedBase(fresh), *b.indices) for e in c.exprs for b in e.atoms(sp.Indexed)
                      if b.base.label.name == name}
            c.exprs = [e.xreplace(rename) for e in c.exprs]
            doc.entries_apart.append((c, fresh))
            doc.rules.append(f"{c.where}: read `{name}_i` under the sum over i as the entries of a vector of their own "
                             f"({fresh}_i) and the bare `{name}` as the number the words write (the chain writes the "
                             "letter with a subscript only under its sum over that index, the prose only bare, and "
                             "nothing in the text ties the two); the steps that write the entries are unsettled (the "
                             "words, not the chain, give their values): never refuted")


def _unsettle_steps_with_entries_read_apart(doc: Document) -> None:
    """The entries read apart from a bare letter (`\\sum_i x_i p_i` beside "with probability $p$") have the values
    the text's words give them, which the written file does not know: a step that writes them may be proved, never
    refuted; the other steps of the chain keep their verdicts."""
    for c, fresh in doc.entries_apart:
        if c not in doc.chains:
            continue
        writes = {k for k in range(c.start, len(c.exprs) - 1) if fresh in _names(c.exprs[k]) | _names(c.exprs[k + 1])}
        if c.unsettled:
            c.settled_steps = frozenset(c.settled_steps) - writes
        elif writes:
            c.unsettled = f"{fresh}: entries whose values the text gives in words"
            c.by_values = True
            c.settled_steps = frozenset(range(c.start, len(c.exprs) - 1)) - writes


def _unsettle_norms_of_given_vectors(doc: Document, context) -> None:
    r"""`\|\mathbf{v}\|` of a vector the text gives by letters, v = (r, 0), is √(r²) = |r|, which a text writes as r
    where it takes r for a length (polar entries s cos θ, s sin θ) without saying r ≥ 0: a step that writes such a
    norm turns on signs the text does not give, so it is refuted only where it is false at every value (by_values);
    the other steps of the chain keep their verdicts."""
    given = set(context.vector_entries)
    if not given:
        return
    bold = r"\\(?:mathbf|boldsymbol|bm|vec)\s*(?:\{\s*(?:" + "|".join(sorted(given)) + r")\s*\}|(?:" \
        + "|".join(sorted(given)) + r")(?![A-Za-z]))"
    norm = re.compile(r"(?:\\\||\\Vert\b|\\lVert\b)(?:(?!\\\||\\Vert\b|\\rVert\b).)*?" + bold, re.S)
    for c in doc.chains:
        sides = c.chain.sides
        if len(sides) != len(c.exprs):
            continue
        writes = {k for k in range(c.start, len(c.exprs) - 1) if norm.search(sides[k]) or norm.search(sides[k + 1])}
        if not writes:
            continue
        if c.unsettled:
            c.settled_steps = frozenset(c.settled_steps) - writes
        else:
            c.unsettled = ("a norm of a vector the text gives by letters: |r| for an entry r, whose sign the text does "
                           "not give")
            c.by_values = True
            c.settled_steps = frozenset(range(c.start, len(c.exprs) - 1)) - writes
        doc.rules.append(f"{c.where}: the steps {', '.join(str(k - c.start + 1) for k in sorted(writes))} write a norm "
                         "of a vector the text gives by letters (√(r²) = |r|, where the text may take r for a length "
                         "without saying r ≥ 0): refuted only where false at every value")


def _drop_chains_with_a_vector_in_arithmetic(doc: Document) -> None:
    r"""`\frac{b_i}{b}` after "define $b = \sum_i b_i$": the bare b is a number of its own, but the written file binds
    it to the vector of the entries b_i, so the numbers divided by a list and crashed.  A letter written with a
    subscript in a chain and bare as a term, a factor or a power of it names two objects: the chain is refused with
    its line.  (x beside x_i as the argument of a function, LSE(x), is the vector, and is read.)"""
    for c in list(doc.chains):
        vectors = {b.base.label.name for e in c.exprs for b in e.atoms(sp.Indexed)}
        hit = sorted(set().union(*(_in_arithmetic(e, vectors) for e in c.exprs))) if vectors else []
        if hit:
            doc.chains.remove(c)
            doc.failures.append(Failure(c.chain.line, c.where, " ".join(c.chain.sides)[:80],
                                        "; ".join(f"{name} is written with a subscript ({name}_i, a vector's entries) "
                                                  f"and bare as a number ({name})" for name in hit)
                                        + ": one name for two objects, the chain is not read"))


def _drop_chains_with_an_entry_an_indicator_sets_against_a_whole_number(doc: Document) -> None:
    """`p_k - \\mathbb{1}(y_i = k)`, `\\mathbb{1}(a_i \\le 0)`: the written file samples a vector's entries as real numbers,
    which never meet a whole number or an index, so the case where such a condition holds (or its boundary) would go
    unchecked and a false line could pass on the other case alone.  A chain whose indicator sets an entry against
    only numbers and indices is refused with its line; an entry against another entry or a real name is read."""
    for c in list(doc.chains):
        indices = {name for e in c.exprs for name, r in _roles(e).items() if "index" in r}
        hit = None
        for e in c.exprs:
            for node in e.atoms(sp.Piecewise, sp.KroneckerDelta):
                pairs = [node.args] if isinstance(node, sp.KroneckerDelta) else \
                    [cond.args for _, cond in node.args if isinstance(cond, sp.core.relational.Relational)]
                for a, b in pairs:
                    for entry, other in ((a, b), (b, a)):
                        if entry.atoms(sp.Indexed) and not other.atoms(sp.Indexed) \
                                and {x.name for x in other.free_symbols} <= indices:
                            hit = hit or (entry, other)
        if hit:
            doc.chains.remove(c)
            doc.failures.append(Failure(c.chain.line, c.where, " ".join(c.chain.sides)[:80],
                                        f"an indicator sets the entry {hit[0]} against {hit[1]}, a whole number or an "
                                        "index: the entries are sampled as real numbers, so the case where the condition "
                                        "holds would go unchecked; the chain is not read"))


def _drop_chains_differentiating_a_name_written_with_a_subscript(doc: Document) -> None:
    """`\\frac{\\partial f}{\\partial x}` for a number x in a text that also writes `x_i`: the written file binds x to the
    vector of those entries, and a derivative or an integral over a vector is no number.  The chain is refused with
    its line; the rest of the text is read and checked."""
    exprs = [e for c in doc.chains for e in c.exprs] + [d.expr for d in doc.definitions]
    indexed = {b.base.label.name for e in exprs for b in e.atoms(sp.Indexed)}
    if not indexed:
        return
    for c in list(doc.chains):
        over = {v.name for e in c.exprs for node in e.atoms(sp.Derivative, sp.Integral)
                for v in node.variables if isinstance(v, sp.Symbol)}
        hit = sorted(over & indexed)
        if hit:
            doc.chains.remove(c)
            doc.failures.append(Failure(c.chain.line, c.where, " ".join(c.chain.sides)[:80],
                                        f"{', '.join(hit)} is differentiated or integrated over as a number but "
                                        "written with a subscript elsewhere: one name for two objects, the chain "
                                        "is not read"))


def _two_roles(hit: list, clashing: dict) -> str:
    return "; ".join(f"{name} is written as " + ", as ".join(f"a{'n' if r == 'index' else ''} {r}"
                                                              for r in sorted(clashing[name])) for name in hit)


def _drop_chains_with_a_mean_of_another_letter(doc: Document) -> None:
    """`\\bar X` beside entries `x_i` (no vector X): the mean of x in another case, or a quantity of its own.  Read
    as a free scalar, Σ x_i = N X̄ is refuted; the chain is refused, naming both readings."""
    vectors = {b.base.label.name for c in doc.chains for e in c.exprs for b in e.atoms(sp.Indexed)}
    vectors |= {d.name for d in doc.definitions if d.index is not None}
    for c in list(doc.chains):
        names = set().union(*map(_names, c.exprs))
        odd = sorted(n for n in names if n.endswith("_bar") and n[:-4] not in vectors
                     and n[:-4].swapcase() in vectors)
        if odd:
            doc.chains.remove(c)
            base = odd[0][:-4]
            doc.failures.append(Failure(c.chain.line, c.where, " ".join(c.chain.sides)[:80],
                                        f"`\\bar {base}` beside entries of {base.swapcase()}: the mean of "
                                        f"{base.swapcase()}, or a quantity of its own; not read"))


def _unsettle_shifted_entries_of_free_sequences(doc: Document) -> None:
    """`C_n = C_{n-1}/n` about a sequence the text does not define in a display is a recurrence (its definition), or a
    property of one particular sequence; read over every vector, it is false and a counterexample would refute the
    author.  Such a chain is unsettled: it may be proved, never refuted."""
    defined = {d.name for d in doc.definitions}
    for c in doc.chains:
        if c.unsettled:
            continue
        shifted = _shifted(_entries(c.exprs, defined))
        if shifted:
            c.unsettled = (f"entries of {shifted} at shifted indices, which the text does not define: a recurrence "
                           "or a property of one particular sequence")
            # `x_{t+1} = x_t - \eta \lambda x_t = (1 - \eta \lambda) x_t`: a step whose two sides write each sequence
            # at one index only is algebra about those entries, decided either way
            # (a step across `= \ldots =` stands for steps the text does not write, which may use the recurrence: it
            # stays unsettled)
            c.settled_steps = frozenset(k for k in range(c.start, len(c.exprs) - 1)
                                        if all(len(ixs) == 1 for ixs in _entries(c.exprs[k:k + 2], defined).values())
                                        and k not in c.chain.elided)
            doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing (unsettled=)"
                             + (f", except in the steps that write each sequence at one index only"
                                if c.settled_steps else "")
                             + (" (a step across `\\ldots` stands for steps the text does not write: never settled)"
                                if c.chain.elided else ""))


# Letters that, written with two indices or more, name one fixed table by convention: Kronecker's delta (δ_ij is 1
# where i = j, else 0) and the Levi-Civita symbol (ε_ijk)
_CONVENTIONAL_TABLES = {"delta": "Kronecker's delta (1 where its indices agree, else 0)",
                        "I": "the identity matrix (1 where its indices agree, else 0)",
                        "epsilon": "the Levi-Civita symbol", "varepsilon": "the Levi-Civita symbol"}


def _unsettle_tables_of_conventional_letters(doc: Document) -> None:
    """`\\sum_j \\delta_{ij} a_j = a_i` writes δ with two indices, which a text means as Kronecker's delta unless it
    defines δ otherwise: read as a table of free numbers, the true line is false at nearly every table.  A chain
    writing such a letter with two indices or more, the text not defining it in a display, is unsettled: it may be
    proved, never refuted; so is one writing a barred letter beside the table of that letter (ā_j beside a_ij, a
    column's mean read as a free vector)."""
    defined = {d.name for d in doc.definitions}
    for c in doc.chains:
        if c.unsettled:
            continue
        letter = next((b.base.label.name for e in c.exprs if isinstance(e, sp.Basic) for b in e.atoms(sp.Indexed)
                       if len(b.indices) >= 2 and b.base.label.name in _CONVENTIONAL_TABLES
                       and b.base.label.name not in defined), None)
        tables = {b.base.label.name for e in c.exprs if isinstance(e, sp.Basic) for b in e.atoms(sp.Indexed)
                  if len(b.indices) >= 2}
        # `\bar{a}_j` beside a_ij: the mean of a's column j (or row), or a quantity of its own
        mean = next((n for e in c.exprs if isinstance(e, sp.Basic) for n in _names(e)
                     if n.endswith("_bar") and n not in defined and n[:-4] in tables), None)
        if letter:
            c.unsettled = (f"{'' if len(letter) == 1 else chr(92)}{letter} written with two indices, by convention "
                           f"{_CONVENTIONAL_TABLES[letter]}, not a table of free numbers")
        elif mean:
            c.unsettled = (f"{mean} beside entries of the table {mean[:-4]}: the mean of a row or a column of it, or a "
                           "quantity of its own")
        if letter or mean:
            doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing (unsettled=)")


def _free_names(expr) -> set[str]:
    out = set()
    for s in expr.free_symbols:
        if isinstance(s, sp.Indexed):
            out.add(str(s.base.label))
        elif not s.is_integer:
            out.add(s.name)
    return out


def _unsettle_a_first_side_that_gives_its_names_their_values(doc: Document) -> None:
    """`\\cos(\\theta) = \\frac{\\mathbf{v}\\cdot \\mathbf{w}}{\\|\\mathbf{v}\\|\\|\\mathbf{w}\\|} = …`: a first side that writes only
    names no other side of the chain writes, and not as a lone name (that is a definition), gives them their value:
    the angle θ between v and w, not a claim that cos θ is that ratio for every θ.  Its first step is unsettled
    (never refuted); the steps after it are decided as written."""
    for c in doc.chains:
        if c.unsettled or len(c.exprs) - c.start < 2:
            continue
        first = c.exprs[c.start]
        names = _free_names(first)
        others = set().union(*(_free_names(e) for e in c.exprs[c.start + 1:]))
        if not names or names & others or _is_name(first) or isinstance(first, sp.Indexed) or not others:
            continue
        shown = ", ".join(sorted(names))
        c.unsettled = (f"the first side writes {shown}, which no other side writes: it gives {shown} a value "
                       "(an equation that defines it), not an identity in it")
        c.settled_steps = frozenset(range(c.start + 1, len(c.exprs) - 1))
        doc.rules.append(f"{c.where}: read the first step as {c.unsettled}; a counterexample refutes nothing "
                         "(unsettled=), the steps after it are checked as written")


def _settle_a_derivative_written_out(doc: Document) -> None:
    """`0 = \\frac{d}{d\\theta} P(X \\mid \\theta) = \\frac{d}{d\\theta} \\theta^9(1-\\theta)^4 = 9\\theta^8(1-\\theta)^4 - …`: a
    number set equal to the derivative of a function the text does not write out (a likelihood, read as a function
    with no body) is the condition that picks the particular θ, which leaves the chain unsettled; the steps after the
    derivative is written out (`\\frac{d}{d\\theta}` of an expression) compute that derivative as a function of θ, and
    are checked as written, except a step that relates a side to a number again (a condition of its own)."""
    for c in doc.chains:
        exprs = c.exprs[c.start:]
        if c.unsettled != _PARTICULAR_VALUES or len(exprs) < 4 or not isinstance(exprs[0], sp.Basic) \
                or exprs[0].free_symbols or exprs[0].atoms(AppliedUndef) \
                or not isinstance(exprs[1], sp.Derivative) or not isinstance(exprs[1].expr, AppliedUndef):
            continue
        written_out = next((k for k in range(2, len(exprs)) if isinstance(exprs[k], sp.Derivative)
                            and not exprs[k].expr.atoms(AppliedUndef)), None)
        if written_out is None:
            continue
        settled = frozenset(c.start + k for k in range(written_out, len(exprs) - 1)
                            if not _condition(exprs[k:k + 2], doc.definitions)
                            and not any(e.atoms(AppliedUndef) for e in exprs[k:k + 2]))
        if settled:
            c.settled_steps = c.settled_steps | settled
            doc.rules.append(f"{c.where}: read the number set equal to the derivative of a function the text does not "
                             "write out as the condition that picks a particular point; the steps "
                             f"{', '.join(str(k - c.start + 1) for k in sorted(settled))}, from the derivative written "
                             "out on, compute it as a function and are checked as written")


def _entries(exprs, defined) -> dict:
    """The indices each sequence the text does not define is written at, in exprs (an entry with two indices or more,
    g_{t-1, t-2}, at the tuple of them)."""
    entries: dict[str, set] = {}
    for e in exprs:
        for b in e.atoms(sp.Indexed):
            if b.base.label.name not in defined:
                entries.setdefault(b.base.label.name, set()).add(b.indices[0] if len(b.indices) == 1 else b.indices)
    return entries


def _shifted(entries: dict) -> str | None:
    """A sequence written at two indices that differ by a whole number (x_{t+1} and x_t; g_{t, t-1} and g_{t-1, t-2},
    every index by one), or None."""
    def apart(a, b) -> bool:
        # an entry written with one index beside one written with two (a_{12} beside a_{ij}) is no shift of it
        a, b = (x if isinstance(x, tuple) else (x,) for x in (a, b))
        return len(a) == len(b) and a != b and all((x - y).is_Integer for x, y in zip(a, b)) \
            and any(x.free_symbols or y.free_symbols for x, y in zip(a, b))
    return next((name for name, ixs in entries.items() if any(apart(a, b) for a in ixs for b in ixs)), None)


def _tied_to(names: set, definitions) -> set:
    """The names, with every name the text defines through one of them."""
    tied = set(names)
    while True:
        more = {d.name for d in definitions if d.name not in tied and _names(d.expr) & tied}
        if not more:
            return tied
        tied |= more


def _unsettle_quantities_of_laws(doc: Document) -> None:
    """`\\textrm{Var}(X) = E[X^2] - \\mu_X^2 = a^2 + 8p - a^2`: a variance or an expectation is a number the text fixes
    through a distribution it states in words, and the steps around it use that distribution (`\\sum_i x_i p_i =
    (a-2)p + …`).  A chain that writes such a quantity, or a name defined through one, is unsettled: proved only by
    algebra that holds for every value of the quantities, never refuted.  Steps between numbers stay decided."""
    names = {d.name for d in doc.definitions if any(is_law_quantity(s) for s in d.expr.free_symbols)}
    while True:
        more = {d.name for d in doc.definitions if d.name not in names and _names(d.expr) & names}
        if not more:
            break
        names |= more
    for c in doc.chains:
        written = set().union(*map(_names, c.exprs))
        hit = sorted(x for x in written if "[" in x or x in names)
        if c.unsettled or not hit:
            continue
        shown = ", ".join(hit[:3]) + (", …" if len(hit) > 3 else "")
        c.unsettled = (f"{shown}: a quantity of a random variable or a law, whose value the text states through a "
                       "distribution in words")
        c.by_values = True
        c.settled_steps = _steps_among_parameters(c, names, POSITIVE - doc.sign_open, _stated_ranges(c.conditions))
        doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing (unsettled=)"
                         + (f"; the steps {', '.join(str(k - c.start + 1) for k in sorted(c.settled_steps))} relate "
                            "only the law's parameters and are checked as written" if c.settled_steps else ""))


# The letters a mean, a deviation or a correlation is usually named by: quantities a law fixes, unless the chain's
# laws take them as parameters (`p(x \mid \mu, \sigma)`)
_MOMENT_LETTERS = frozenset({"mu", "sigma", "Sigma", "rho", "kappa"})
# Laws whose argument before `\mid` is a value (a density or a probability at x), not a random variable
_DENSITY_HEADS = frozenset({"p", "P", "f", "q", "Pr"})


# Words that make a range a possibility, a case or a question rather than a statement
_MAY_BE = re.compile(r"\b(?:may|might|can|could|possibly|perhaps|sometimes|either|or|not|never|unless|if|whether|"
                     r"except|otherwise|\w+n't)\b|\?", re.I)


def _stated_ranges(conditions) -> dict:
    """{name: (low, high)} for each scalar the text's read conditions bound by numbers (`0 \\le \\theta \\le 1`,
    "$p$ a probability": (0, 1); "$x > 0$": (0, None)): relations the written file keeps beside the steps, so a
    counterexample satisfies them.  Only the parts of an And that bound one name by a number are taken, and only from
    words that state them: "$\\sigma$ may be negative", "if $x > 0$" or "$x$ is not positive" bound nothing."""
    ranges: dict = {}
    for cond in conditions:
        rel = cond.relation
        if rel is None or not isinstance(rel, (sp.And, sp.Ge, sp.Gt, sp.Le, sp.Lt)) or rel.atoms(sp.Indexed) \
                or _MAY_BE.search(re.sub(r"\$[^$]*\$", " ", cond.words)):
            continue
        for part in sp.And.make_args(rel):
            if not isinstance(part, (sp.Ge, sp.Gt, sp.Le, sp.Lt)):
                continue
            small, big = (part.rhs, part.lhs) if isinstance(part, (sp.Ge, sp.Gt)) else (part.lhs, part.rhs)
            if isinstance(small, sp.Symbol) and big.is_number and big.is_real:
                name, low, high = small.name, None, big
            elif isinstance(big, sp.Symbol) and small.is_number and small.is_real:
                name, low, high = big.name, small, None
            else:
                continue
            lo, hi = ranges.get(name, (None, None))
            lo = low if lo is None else (lo if low is None else sp.Max(lo, low))
            hi = high if hi is None else (hi if high is None else sp.Min(hi, high))
            ranges[name] = (lo, hi)
    return {k: (lo, hi) for k, (lo, hi) in ranges.items() if lo is None or hi is None or bool(lo < hi)}


def _steps_among_parameters(c: ImportedChain, law_names: set, positive=frozenset(), ranges=None) -> frozenset:
    r"""The steps of a chain with quantities of a law that relate only the law's parameters: `E[X^2] = (a-2)^2 p +
    a^2(1-2p) + (a+2)^2 p = a^2 + 8p` holds for every a and p once the law is given by them, so its second step is
    algebra between formulas, checked as written.  A step is not among them when it writes a quantity of a law, a
    name written beside one in a side (`\mu_X` in `E[X^2] - \mu_X^2`), a name a side adjacent to one stands for
    (`\sigma_X^2 = \textrm{Var}(X)`), the entries or sums of such an adjacent side (`\sum_i x_i p_i`: the law's values
    and probabilities), a random variable or a name written with one (X, \mu_X), or a mean's or deviation's letter
    the chain's laws do not take as a parameter (\mu, \sigma)."""
    exprs = c.exprs
    of_law = [bool({x for x in _names(e) if "[" in x or x in law_names}) for e in exprs]
    variables, parameters = set(), set()
    for e in exprs:
        for x in _names(e):
            m = re.fullmatch(r"([^\[]*)\[(.*)\]", x, re.S)
            if not m:
                continue
            head, inside = m.group(1).strip().lstrip("\\"), m.group(2)
            given, after = (re.split(r"\\mid\b|\|", inside, maxsplit=1) + [""])[:2]
            parameters |= names_in(after)
            for letter in names_in(given):
                if not (head in _DENSITY_HEADS and letter[:1].islower()):
                    variables.add(letter)
    at_risk = set()
    for k, e in enumerate(exprs):
        if of_law[k]:
            at_risk |= _names(e)
            for j in (k - 1, k + 1):
                if 0 <= j < len(exprs) and not of_law[j]:
                    side = exprs[j]
                    lone = isinstance(side, sp.Symbol) or (isinstance(side, sp.Pow) and isinstance(side.base, sp.Symbol))
                    if lone or side.atoms(sp.Sum, sp.Product, sp.Integral, sp.Indexed, sp.Derivative, AppliedUndef):
                        at_risk |= _names(side)
    for e in exprs:
        for x in _names(e):
            parts = set(re.split(r"[_{}\s,^]+", x.replace("\\", ""))) - {""}
            if parts & variables or (parts & _MOMENT_LETTERS and not parts & _MOMENT_LETTERS & parameters):
                at_risk.add(x)
    return frozenset(k for k in range(c.start, len(exprs) - 1)
                     if not of_law[k] and not of_law[k + 1] and not (_names(exprs[k]) | _names(exprs[k + 1])) & at_risk
                     and _decided_whatever_the_law_allows(c.chain.relations[k], exprs[k], exprs[k + 1], positive,
                                                          ranges))


# Functions whose value turns on the sign of their argument
_SIGN_TURNING = (sp.Abs, sp.Max, sp.Min, sp.sign, sp.Piecewise, sp.Heaviside, sp.floor, sp.ceiling)


def _decided_whatever_the_law_allows(relation: str, a, b, positive=frozenset(), ranges=None) -> bool:
    """Whether a step among a law's parameters is true or false whatever ranges the law gives them (which the reader
    does not apply: a probability in [0, 1], a count n >= 1, a < b for a uniform law, a scale s >= 0): an equation
    between formulas that turn on no sign.  An order (`np \\le n`, `np(1 - p) \\le n/4`) or an equation with an absolute
    value, a root or a logarithm of what may be negative (`\\sqrt{s^2} = s`, `|b - a| = b - a`) stays unsettled.
    A name the import declares positive (`positive`: σ, λ, τ, β where the text leaves no sign open) is checked only
    over positive values, the law's range for a scale: `\\frac{1}{\\sqrt{2\\pi\\sigma^2}} = \\frac{1}{\\sqrt{2\\pi}}
    e^{-\\log \\sigma}` is then decided.  So is a name the text's read conditions bound (`ranges`, {name: (low,
    high)}: "$\\theta$ representing the probability", 0 ≤ θ ≤ 1): it is checked only over that range, which a
    counterexample satisfies, and there `\\log(\\theta^{n_H}(1-\\theta)^{n_T}) = n_H\\log\\theta + n_T\\log(1-\\theta)`
    turns on no sign."""
    if relation != "=" or not (isinstance(a, sp.Basic) and isinstance(b, sp.Basic)):
        return False
    real = {}
    for x in (a - b).free_symbols:
        if not isinstance(x, sp.Symbol):
            continue
        low, high = (ranges or {}).get(x.name, (None, None))
        inside = sp.Symbol(x.name, positive=True)
        if low is not None and high is not None:
            real[x] = low + (high - low) * inside / (1 + inside)       # (low, high); its ends by continuity
        elif low is not None:
            real[x] = low + inside
        elif high is not None:
            real[x] = high - inside
        else:
            real[x] = sp.Symbol(x.name, real=True, **({"positive": True} if x.name in positive else {}))
    a, b = a.xreplace(real), b.xreplace(real)

    def turning(e) -> set:
        # what turns on a sign in one side: the same factor on both sides (`\\sqrt{2\\pi\\sigma^2}`) decides nothing
        return (e.atoms(*_SIGN_TURNING) | {p for p in e.atoms(sp.Pow) if not p.exp.is_integer
                                           and p.base.is_nonnegative is not True}
                | {f for f in e.atoms(sp.log) if f.args[0].is_positive is not True})
    return not turning(a) ^ turning(b)


# Words just before a display that make it a definition (“Let $$p_i = …$$”, “we define”, “denote”).
_DEFINING_CUE = re.compile(r"\b(?:let|define|denote|set)\s*(?:\$[^$]{0,30}\$\s*(?:by|as|be)?\s*)?[:,]?\s*$", re.I)


def _drop_definitions_out_of_their_place(doc: Document, text: str = "") -> None:
    """A definition holds from its display on.  The written file defines a name once for every chain, so a
    definition used by a chain before it (`m_1 = N/10`, then `N = m_1 \\cdot 10^2` as a consequence) would
    rewrite that chain: it is refused with its line, the name is then free in every chain, and a chain relating
    it to a number is unsettled.  (A name given a number is never a definition: that chain is unsettled.)"""
    for d in list(doc.definitions):
        earlier = next((c for c in doc.chains[:d.order] if d.name in set().union(*map(_names, c.exprs))), None)
        if earlier is None:
            continue
        doc.definitions.remove(d)
        shown = f"{d.name}_{d.index}" if d.index is not None else d.name
        before = re.sub(r"\\begin\{[a-z*]+\}\s*$", "", "\n".join(text.splitlines()[:max(d.line - 1, 0)])[-200:])
        cue = _DEFINING_CUE.search(before)
        if cue and not any(d.name in set().union(*map(_names, c.exprs)) for c in doc.chains[d.order:]):
            # “Let $$p_i = e^{\cos\theta_i/\tau}/…$$” after a chain that wrote p: the text defines p again from
            # here on; the chains before keep p as they read it, and no display after this one writes p
            doc.rules.append(f"line {d.line}: read `{shown} = …` as defining {d.name} again from this display on "
                             f"(the text says “{cue.group(0).strip()}”): not a claim; {earlier.where} before it keeps "
                             f"{d.name} as it reads it, and no display after it writes the name")
        else:
            doc.failures.append(Failure(d.line, d.where, d.latex, f"`{shown} = …` is not used as a definition: {d.name} "
                                        f"is used by {earlier.where} before the text defines it; {d.name} is a free "
                                        "name in every chain"))
        for c in doc.chains:
            if not c.unsettled and _condition(c.exprs[c.start:], doc.definitions):
                c.unsettled, c.by_values = _PARTICULAR_VALUES, True
                doc.rules.append(f"{c.where}: read as {c.unsettled}, once the definition of {d.name} was not "
                                 "used; a counterexample refutes nothing (unsettled=)")
        for c in doc.chains:
            lhs = c.exprs[c.start] if len(c.exprs) > c.start else None
            if not c.unsettled and lhs is not None and _is_name(lhs) and _names(lhs) == {d.name}:
                # `C_n = 1/n!` said again after its refused definition: the same definition, not a claim that every
                # vector C is 1/n!
                c.unsettled = f"{d.name} set equal to a formula, as its refused definition does: a definition again"
                doc.rules.append(f"{c.where}: read as {c.unsettled}; a counterexample refutes nothing (unsettled=)")


def import_file(path: str | Path, label: str | None = None, backend: Backend = DEFAULT_BACKEND) -> Document:
    p = Path(path)
    return read_document(p.read_text(encoding="utf-8"), str(p), label, backend)
