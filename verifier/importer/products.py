r"""Matrices and vectors in products that do not commute: `(\mathbf{X}\mathbf{W}^{(1)} + \mathbf{b}^{(1)})\mathbf{W}^{(2)}`.

A side that writes a bold capital (`\mathbf{X}`, `\boldsymbol{\Lambda}`, `\mathbf{I}`), or a plain name the text
declares a matrix, an operator or a vector in its own words (noncommuting.declared: "Let $A$ and $B$ be matrices",
`$W_Q \in \mathbb{R}^{d \times d}$`), is a matrix expression: read
as numbers, `\mathbf{A}\mathbf{B} = \mathbf{B}\mathbf{A}` and `(\mathbf{A}+\mathbf{B})^2 = \mathbf{A}^2 + 2\mathbf{A}
\mathbf{B} + \mathbf{B}^2` would be proved.  Such a side is read as a sum of scalars times words: each word is a
product of matrices and vectors in the order written, expanded by distributing products over sums (which holds for
matrices), with the rules that hold for any matrices:

* `(\mathbf{A}\mathbf{B})^\top = \mathbf{B}^\top\mathbf{A}^\top`, `(\mathbf{A}^\top)^\top = \mathbf{A}`;
* `\mathbf{A}\mathbf{A}^{-1} = \mathbf{A}^{-1}\mathbf{A} = \mathbf{I}` (the text writing `\mathbf{A}^{-1}` says
  it exists), `\mathbf{I}` is the identity and `\mathbf{0}` zero;
* a product that starts with a transposed (column) vector and ends with a vector is a number, equal to its own
  transpose (`\mathbf{x}^\top\mathbf{c} = \mathbf{c}^\top\mathbf{x}`); `\|\mathbf{v}\|^2` of a combination of
  column vectors is `\mathbf{v}^\top\mathbf{v}`, `\|\mathbf{v}\|` its square root (as is `\sqrt{\mathbf{v}^\top
  \mathbf{v}}`), `\langle\mathbf{a},
  \mathbf{b}\rangle` is `\mathbf{a}^\top\mathbf{b}`; these only where the text never calls a vector a row
  (`\mathbb{R}^{1 \times h}`);
* a bold name the text declares a matrix or an operator ("Let $\mathbf{u}$, $\mathbf{v}$ be $n \times n$
  matrices") is a matrix whatever its case, so `\mathbf{u}^\top\mathbf{v}` is a product, not a number;
* the sizes the text declares (`\mathbf{A} \in \mathbb{R}^{m \times n}`, `\mathbf{x} \in \mathbb{R}^n`, a column; "an
  $n \times n$ matrix") are held to: a product whose inner sizes differ in every grouping (a 1×1 part is a number
  beside the rest), the inverse of a non-square matrix, a sum of different shapes is refused naming the sizes.  Two
  sizes differ when they are different numbers, a length and 1, or the text says so (`m \neq n`); sizes it does
  not distinguish may be equal;
* `\partial_\mathbf{x} f(\boldsymbol{\xi}_t, \mathbf{x})`, `\nabla_{\mathbf{w}} L(\mathbf{w})`: the gradient in a bold
  lower-case vector of a function the text defines nowhere is one column vector of its own (the function is any
  function, so its gradient at a point is any vector); the gradient of a function the text defines, or one it writes
  at two points (which may be one point written twice), is refused by name;
* numbers, fractions and the usual Greek scalars (η, β, λ, …) commute with everything; a plain Latin letter in a
  product with a matrix may be a matrix itself, so it is refused there; a number added to a matrix or a vector, or
  set equal to one (`(\mathbf{X} + b)\mathbf{W}`, `\mathbf{A}\mathbf{A}^{-1} = 1`), is the identity times it or a
  number added to every entry (broadcast), so it is refused; beside a row times a column, a number is a number.

Each word is then one name of the written file (`mat[X W^(1) W^(2)]`, a real number there), so two sides are equal
as written exactly when their expansions are: a step whose expansions agree is proved.  A step whose expansions
differ may still hold for the text's matrices (a symmetric one, a 1×1 product, a name the step defines, a relation
the text states in words), so the chain is unsettled: such a step is never refuted, and its false twin never
accepted.  Anything else a matrix stands in (a function of one, `\det`, `\mathrm{tr}`, a power `n`, an inverse of a
product, `\cdots`, a norm of a matrix, `\cdot` or `\times` beside a matrix) refuses the side, naming it.
"""
from __future__ import annotations

import re

import sympy as sp

from . import noncommuting, vector_functions
from .reading import GREEK, Context, Reading, ReadError, read_side, refuse_trace, tokens

_BOLD = {r"\mathbf", r"\boldsymbol", r"\bm"}
_CAPITAL_GREEK = {r"\Gamma", r"\Delta", r"\Theta", r"\Lambda", r"\Xi", r"\Pi", r"\Sigma", r"\Upsilon", r"\Phi",
                  r"\Psi", r"\Omega"}
# a side with one of these is a matrix expression
_MATRIX = re.compile(r"\\(?:mathbf|boldsymbol|bm)\s*(?:\{\s*(?:[A-Z]|\\(?:Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Upsilon|"
                     r"Phi|Psi|Omega))\s*\}|[A-Z])")
# Greek letters that are scalars beside a matrix (θ, φ, ψ, ξ, ω, σ, δ often name vectors, functions or parameters)
_SCALAR_GREEK = {r"\alpha", r"\beta", r"\gamma", r"\eta", r"\lambda", r"\mu", r"\nu", r"\rho", r"\tau", r"\kappa",
                 r"\epsilon", r"\varepsilon"}
_TRANSPOSE = {r"\top", "T", r"\intercal", r"\mathsf{T}"}
_ROW_VECTORS = re.compile(r"\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*\{\s*1\s*\\times")
# a power that is a letter, and a number added: `n`, `n+1`, `k-1` (never a digit alone, a capital, a bracket)
_SYMBOLIC_POWER = re.compile(r"[a-z](?:[+-][0-9]+)?")
_POWERED = re.compile(r"\^\{[a-z](?:[+-][0-9]+)?\}$")
# words that make a bold capital a map as well as a matrix (products._Reader.bilinear_form)
_MAP_WORDS = re.compile(r"\b(?:maps?|mappings?|functions?|operators?|transform\w*|layers?|networks?|fields?|"
                        r"non-?linear\w*|activations?|normali[sz]\w*|encoders?|decoders?|embeddings?|"
                        # a matrix of derivatives, which depends on the point it is taken at: H(x + d) is no product
                        r"hessians?|jacobians?|evaluated)\b", re.I)
UNSETTLED = ("matrices and vectors read as products that do not commute, each product in its order one quantity: "
             "sides whose expansions agree are equal; sides whose expansions differ may still be equal for the "
             "text's matrices (a symmetry, a 1×1 product, a name the step defines)")


# the refusal of a gradient in a vector that is not any vector of its own (_Reader.gradient_end)
GRADIENT_NOT_READ = "is not read as a vector of its own"


def compound(name: str) -> bool:
    """Whether a name of the written file stands for a product, a transpose or an inverse (never a name a text
    defines: `(\\mathbf{A}\\mathbf{B})^\\top = \\mathbf{A}^\\top\\mathbf{B}^\\top` is a claim)."""
    return len(re.findall(r"\\(?:mathbf|boldsymbol|bm|mathit)\b", name)) > 1 or r"^{\top}" in name or "^{-1}" in name


def has_vectors(sides: list[str]) -> bool:
    """Whether a side of the chain writes a bold letter."""
    return any(re.search(r"\\(?:mathbf|boldsymbol|bm)\b", s) for s in sides)


def is_matrix_chain(sides: list[str], declared: dict | None = None, bold: dict | None = None) -> bool:
    """Whether a side of the chain writes a bold capital (a matrix), a name the text declares a matrix, an
    operator or a vector in its own words (noncommuting.declared), or a bold name of any case it declares a matrix
    or an operator (`bold`: "Let $\\mathbf{u}$, $\\mathbf{v}$ be $n \\times n$ matrices")."""
    return any(_MATRIX.search(s) or _declared_atoms(s, declared) or _declared_bold_matrices(s, bold) for s in sides)


def _declared_bold_matrices(latex: str, bold: dict | None) -> list[str]:
    """The bold names of the LaTeX the text declares matrices or operators."""
    matrices = {name for name, what in (bold or {}).items() if what in ("a matrix", "an operator")}
    if not matrices:
        return []
    found, _ = noncommuting.atoms(latex)
    return [name for _, _, name, is_bold, _ in found if is_bold and name in matrices]


def _declared_atoms(latex: str, declared: dict | None) -> dict:
    """{token index of a plain name the text declares a matrix, an operator or a vector: (end, its name, kind)}:
    `A`, `W_{Q}`, `W^{Q}` (a letter superscript is a label); a name under an accent is left to the reader's refusal."""
    objects = {name: what for name, what in (declared or {}).items() if isinstance(what, str)}
    if not objects:
        return {}
    found, toks = noncommuting.atoms(latex)
    out = {}
    for start, end, name, bold, letter in noncommuting._labelled(found, toks):
        if not bold and name in objects and toks[start] not in noncommuting._DECORATIONS:
            out[start] = (end, name, "vector" if objects[name] == "a vector" else "matrix")
    return out


class _Atom(tuple):
    """(name, kind, transposed, inverse): one matrix or vector of a word; kind is "matrix" or "vector"."""

    def shown(self) -> str:
        """The atom as LaTeX: `\\mathbf{A}^{\\top}`, `(\\mathbf{W}^{(1)})^{-1}`."""
        name, _, t, inv = self
        if inv:
            name = (f"({name})" if "^" in name else name) + "^{-1}"
        if t:
            name = (f"({name})" if "^" in name else name) + "^{\\top}"
        return name


def _atom(name, kind, t=False, inv=False) -> _Atom:
    return _Atom((name, kind, t, inv))


def _transposed_word(word: tuple) -> tuple:
    return tuple(_atom(a[0], a[1], not a[2], a[3]) for a in reversed(word))


_TRANSPOSED = re.compile(r"\^\s*(?:\\top|T|\\intercal|\{\s*(?:\\top|T|\\intercal)\s*\})\s*$")
# what may follow the bracket of a bilinear form: the product ends there (a sign, a relation, a closing bracket)
_FORM_ENDS = re.compile(r"\s*(?:$|[-+=)\]},.;&<>|]|\\\\|\\[,;!]|\\right\b|\\(?:leq?|geq?|approx|neq|quad|qquad|end|tag|"
                        r"label|text|mathrm)\b)")


def _every_bracket_a_form(atom: str, text: str) -> bool:
    r"""Whether every bracket the text writes right after the bold capital `atom` is the vector of a bilinear form:
    after a transposed row, holding a sum or a difference (`(\mathbf{x} - \mathbf{Q}^{-1}\mathbf{c})`), and ending
    the product.  `\mathbf{v}^\top \mathbf{H}(\mathbf{x}) \mathbf{v}`, `\mathbf{u}^\top \mathbf{J}(2\mathbf{x})`,
    `\mathbf{g}^\top \mathbf{H}(\mathbf{x})^{-1} \mathbf{g}`, `\mathbf{H}(\mathbf{x}) = \nabla^2 f(\mathbf{x})`: a
    matrix that depends on a point, evaluated at the point the bracket holds, which no product reads."""
    for m in re.finditer(atom + r"\s*(?:\\left\s*)?\(", text):
        if not _TRANSPOSED.search(text[:m.start()]):
            return False
        depth, close = 0, None
        for k in range(m.end() - 1, len(text)):
            depth += text[k] in "([{"
            depth -= text[k] in ")]}"
            if depth == 0:
                close = k
                break
        if close is None:
            return False
        inside = text[m.end():close]
        depth, parts = 0, False
        for k, ch in enumerate(inside):
            depth += ch in "([{"
            depth -= ch in ")]}"
            if ch in "+-" and depth == 0 and inside[:k].strip() not in ("", "\\left"):
                parts = True
        if not parts or not _FORM_ENDS.match(text[close + 1:]):
            return False
    return True


class _Reader:
    def __init__(self, toks: list[str], context: Context, backend, columns: bool, plain: dict | None = None,
                 text: str = ""):
        self.toks, self.context, self.backend, self.columns = toks, context, backend, columns
        self.text = text                # the whole text, where a function the side differentiates may be defined
        self.plain = plain or {}        # plain names the text declares matrices or vectors (_declared_atoms)
        # the shapes the text declares, by the atom's name (a plain name as `\mathit{A}`), and the sizes it says differ
        shapes = getattr(context, "shapes", None) or {}
        self.shapes = {(n if n.split("{")[0] in _BOLD else r"\mathit{" + n + "}"): v for n, v in shapes.items()}
        self.unequal = getattr(context, "unequal_sizes", None) or frozenset()
        self.rules: list[str] = []
        self.words: dict = {}           # a product's name -> its word (encode)
        self.kind = "number"            # what the last term, factor or expression read is (see term)

    # ---- words and polynomials: {word: scalar coefficient} ----

    def reduce(self, word: tuple) -> tuple:
        out: list = []
        for a in word:
            if out and out[-1][0] == a[0] and out[-1][2] == a[2] and out[-1][3] != a[3]:
                out.pop()                               # A A^{-1} = A^{-1} A = I
                continue
            out.append(a)
        word = tuple(out)
        if self.one_by_one(word):
            # x^T … y is a number, equal to its own transpose: one orientation stands for both
            other = _transposed_word(word)
            word = min(word, other, key=lambda w: tuple(map(repr, w)))
        return word

    def add(self, a: dict, b: dict, sign=1) -> dict:
        out = dict(a)
        for w, c in b.items():
            out[w] = out.get(w, 0) + sign * c
        return {w: c for w, c in out.items() if sp.expand(c) != 0}

    # ---- sizes: what the text declares (`\\mathbf{A} \\in \\mathbb{R}^{m \\times n}`), None where it declares none ----

    def atom_shape(self, a) -> tuple:
        """(rows, columns) of an atom as written (transposed, inverted); a size the text does not give is None (a
        vector the text gives no length may be a row or a column there: `\\mathbf{x}\\mathbf{W}` is read as before)."""
        shape = self.shapes.get(a[0])
        if shape is None:
            shape = (None, None)
        elif a[1] == "vector" and shape[1] == "1" and not self.columns:
            shape = ("1", shape[0])                     # `\mathbb{R}^n` in a text that writes rows
        if a[2] != a[3]:
            shape = (shape[1], shape[0])                # a transpose, an inverse (of a square matrix)
        return shape

    def differ(self, a, b) -> bool:
        """Whether two sizes differ for certain: two numbers, a length and 1, or sizes the text says differ."""
        if a is None or b is None or a == b:
            return False
        return a.isdigit() and b.isdigit() or "1" in (a, b) or frozenset((a, b)) in self.unequal

    def word_shapes(self, word: tuple) -> set:
        """The shapes a product of atoms may have (a 1×1 part of it, a row times a column, is a number beside the
        rest); empty when the sizes the text declares do not fit in any grouping."""
        memo: dict = {}

        def shapes(i, j):
            if (i, j) not in memo:
                if j - i == 1:
                    memo[(i, j)] = {self.atom_shape(word[i])}
                else:
                    out = set()
                    for k in range(i + 1, j):
                        for p in shapes(i, k):
                            for q in shapes(k, j):
                                if p == ("1", "1"):
                                    out.add(q)
                                elif q == ("1", "1"):
                                    out.add(p)
                                elif not self.differ(p[1], q[0]):
                                    out.add((p[0], q[1]))
                    memo[(i, j)] = out
            return memo[(i, j)]
        return shapes(0, len(word)) if word else {None}

    def sizes_named(self, word: tuple) -> str:
        """The atoms of a word with the sizes the text gives them: `\\mathbf{x}^{\\top}` (1×n), `\\mathbf{y}` (m×1)."""
        out = []
        for a in word:
            r, c = self.atom_shape(a)
            out.append(_atom(a[0], a[1], a[2], a[3]).shown() + (f" ({r}×{c})" if r and c else ""))
        return ", ".join(out)

    def unequal_named(self) -> str:
        pairs = sorted(" ≠ ".join(sorted(p)) for p in self.unequal)
        return f"; the text says {', '.join(pairs)}" if pairs else ""

    def mul(self, a: dict, b: dict) -> dict:
        out: dict = {}
        for wa, ca in a.items():
            for wb, cb in b.items():
                if wa and wb and not self.word_shapes(wa + wb):
                    raise ReadError(f"a product of {self.sizes_named(wa + wb)}: the sizes the text declares do not "
                                    f"fit{self.unequal_named()}, so the product is not read")
                w = self.reduce(wa + wb)
                out[w] = out.get(w, 0) + ca * cb
        return {w: c for w, c in out.items() if sp.expand(c) != 0}

    def transpose(self, a: dict) -> dict:
        return {self.reduce(_transposed_word(w)): c for w, c in a.items()}

    # ---- parsing ----

    def fail(self, what: str):
        raise ReadError(f"{what} in a matrix expression is not read")

    def group_end(self, i: int) -> int:
        """The end of the argument at toks[i]: a braced group, a bracketed group or one token."""
        toks = self.toks
        if i >= len(toks):
            self.fail("a missing argument")
        opening = {"{": "}", "(": ")", "[": "]"}.get(toks[i])
        if opening is None:
            return i + 1
        depth = 0
        for j in range(i, len(toks)):
            if toks[j] == toks[i]:
                depth += 1
            elif toks[j] == opening:
                depth -= 1
                if depth == 0:
                    return j + 1
        self.fail("an unclosed bracket")

    def is_object(self, i: int) -> bool:
        return i < len(self.toks) and self.toks[i] in _BOLD or i in self.plain

    def has_object(self, a: int, b: int) -> bool:
        return any(t in _BOLD or t in (r"\|", r"\langle") for t in self.toks[a:b]) \
            or any(a <= k < b for k in self.plain)

    def expr(self, i: int, stop: set) -> tuple[dict, int]:
        toks, total, sign = self.toks, {}, 1
        while i < len(toks) and toks[i] in ("+", "-"):
            sign = -sign if toks[i] == "-" else sign
            i += 1
        kinds = set()
        while True:
            term, i = self.term(i, stop | {"+", "-"})
            kinds.add(self.kind)
            self.same_shapes(total, term)
            total = self.add(total, term, sign)
            if i < len(toks) and toks[i] in ("+", "-"):
                sign = -1 if toks[i] == "-" else 1
                i += 1
                continue
            if i < len(toks) and toks[i] not in stop:
                self.fail(f"`{toks[i]}`")
            if {"matrix", "number"} <= kinds:
                # `\mathbf{X}\mathbf{W} + b`: b times the identity, or added to every entry (broadcast)
                self.fail("a number added to a matrix or a vector (the identity times it, or added to every entry)")
            self.kind = "matrix" if "matrix" in kinds else "number" if "number" in kinds else "scalar"
            return total, i

    def same_shapes(self, a: dict, b: dict) -> None:
        """A ReadError when a sum adds a word to one of a shape the text's sizes make different (`\\mathbf{x} +
        \\mathbf{y}` of lengths n and m)."""
        for wa in a:
            for wb in b:
                if not wa or not wb:
                    continue
                pa, pb = self.word_shapes(wa), self.word_shapes(wb)
                if pa and pb and not any(not self.differ(p[0], q[0]) and not self.differ(p[1], q[1])
                                         for p in pa for q in pb):
                    raise ReadError(f"a sum of {self.sizes_named(wa)} and {self.sizes_named(wb)}: the sizes the text "
                                    f"declares differ{self.unequal_named()}, so the sum is not read")

    def one_by_one(self, word: tuple) -> bool:
        """A row times matrices times a column, `\\mathbf{x}^\\top\\mathbf{A}\\mathbf{y}`: a number (where the text's
        vectors are columns).  Not `\\mathbf{x}^\\top\\mathbf{y}\\mathbf{z}`, a number times a vector as a text
        writes it: only the first and the last are vectors."""
        return self.columns and len(word) >= 2 and word[0][1] == "vector" and word[0][2] and not word[0][3] \
            and word[-1][1] == "vector" and not word[-1][2] and not word[-1][3] \
            and all(a[1] != "vector" for a in word[1:-1])

    def term(self, i: int, stop: set) -> tuple[dict, int]:
        """The product of one term; self.kind says what it is: "matrix" (a matrix or a vector), "scalar" (a
        number made of matrices and vectors: a row times a column, a norm) or "number" (no matrix at all)."""
        toks = self.toks
        value: dict = {(): sp.Integer(1)}
        objects, latin, start, matrices = False, [], i, False
        while i < len(toks) and toks[i] not in stop:
            t = toks[i]
            if t == r"\times":
                raise ReadError("`\\times` in a matrix expression is not read",
                                ("the cross product of the vectors, or a matrix product", "the product of the numbers"))
            if t in (r"\ast", "*", r"\star", r"\odot", r"\otimes", r"\circ", r"\cdots", r"\ldots",
                     r"\dots", r"\vdots", r"\ddots", r"\pm", r"\mp", "'", r"\prime", "!", r"\underbrace"):
                self.fail(f"`{t}`")
            if t == r"\cdot":
                if i == start or i + 1 >= len(toks) or self.is_object(i + 1) or self.is_object(i - 1) \
                        or toks[i - 1] in ("}", ")") and self.has_object(start, i):
                    raise ReadError("`\\cdot` beside a matrix or a vector in a matrix expression is not read",
                                    ("the dot product of the vectors, or a matrix product", "the product of the numbers"))
                i += 1
                continue
            if t in (r"\partial", r"\nabla") and self.gradient_end(i) is not None:
                # `\partial_\mathbf{x} f(\boldsymbol{\xi}_t, \mathbf{x})`: the gradient of a function nothing defines,
                # one column vector of its own
                end = self.gradient_end(i)
                name = "".join(x + (" " if x[:1] == "\\" and x[1:].isalpha() and toks[k + 1][:1].isalpha() else "")
                               for k, x in enumerate(toks[i:end], start=i))
                self.rules.append(f"read `{name}`, the gradient in a vector of a function the text does not define, as "
                                  "one column vector of its own (any vector: the function is any function)")
                # one vector for one gradient however its subscript is braced (`\nabla_\mathbf{x}`, `\nabla_{\mathbf{x}}`)
                atom = _atom(re.sub(r"^(\\(?:partial|nabla))_(\\(?:mathbf|boldsymbol|bm)\{[^{}]*\})", r"\1_{\2}", name),
                             "vector")
                factor, i = self.postfix({(atom,): sp.Integer(1)}, end, atom)
                objects = True
                matrices = matrices or self.kind == "matrix"
                self.kind = "matrix"
                value = self.mul(value, factor)
                continue
            if t in _BOLD or i in self.plain or t == r"\overbrace" \
                    or t in ("(", r"\|", r"\langle") and self.has_object(i, self.group_end_any(i)) \
                    or t in (r"\frac", r"\sqrt") and self.has_object(i, self.scalar_end(i)):
                factor, i = self.factor(i)
                objects = True
                matrices = matrices or self.kind == "matrix"
            else:
                end = self.scalar_end(i)
                text = " ".join(toks[i:end])
                if self.has_object(i, end) or any(x in (r"\vec", r"\overrightarrow") for x in toks[i:end]):
                    self.fail(f"`{text}` (a matrix or a vector under another command)")
                latin += self.names_outside_scripts(i, end)
                if end < len(toks) and toks[end] == "(" and (len(t) == 1 and t.isalpha() or t in GREEK
                                                             and t not in _SCALAR_GREEK):
                    self.fail(f"`{t}` before a parenthesis (a function or a product)")
                factor = {(): read_side(text, self.backend, self.context).expr}
                i = end
            value = self.mul(value, factor)
        if objects and latin:
            self.fail(f"`{latin[0]}` beside a matrix or a vector (a number, or a matrix itself)")
        if i == start:
            self.fail("an empty term")
        if not objects:
            self.kind = "number" if value else "scalar"          # 0 is zero whatever it is added to
        elif matrices and not all(w and self.one_by_one(w) for w in value):
            self.kind = "matrix"
        else:
            self.kind = "scalar"
        return value, i

    def gradient_end(self, i: int) -> int | None:
        r"""The end of `\partial_\mathbf{x} f(…)`, `\nabla_{\mathbf{w}} L(…)` at toks[i]: the derivative by one bold
        lower-case vector of a function named by one letter and applied to arguments in parentheses, which the text
        defines nowhere (`f(\mathbf{x}) = …`, `f := …`, `f \equiv …` anywhere in it leaves it to the refusal: its
        gradient is then the definition's, not any vector); None for anything else."""
        toks = self.toks
        if i + 2 >= len(toks) or toks[i + 1] != "_":
            return None
        if toks[i + 2] == "{":
            k = self.group_end(i + 2)
            inner = toks[i + 3:k - 1]
        elif toks[i + 2] in _BOLD:
            k = self.group_end(i + 3)
            inner = toks[i + 2:k]
        else:
            return None
        if len(inner) != 4 or inner[0] not in _BOLD or inner[1] != "{" or inner[3] != "}" \
                or not (len(inner[2]) == 1 and inner[2].islower() or inner[2] in GREEK
                        and inner[2] not in _CAPITAL_GREEK and inner[2][1:2].islower()):
            return None
        if k + 1 >= len(toks) or not (len(toks[k]) == 1 and toks[k].isalpha()) or toks[k + 1] != "(":
            return None
        letter = toks[k]
        # (the relation after spacing or an alignment mark too: `L(\mathbf{w}) &= …`, `L(\mathbf{w}) \, = …`)
        if re.search(r"(?<![A-Za-z\\])" + letter + r"\s*(?:\\left\s*)?\((?:[^()]|\([^()]*\))*\)\s*(?:\\right\s*\))?"
                     r"(?:\s|\\[,;:!>]|\\quad|\\qquad|~|&)*"
                     r"(?:=|:=|\\coloneqq|\\equiv|\\triangleq|\\stackrel|\\overset)|(?<![A-Za-z\\])" + letter
                     + r"\s*(?::=|\\coloneqq|\\equiv|\\triangleq)", self.text):
            raise ReadError(f"`{' '.join(toks[i:self.group_end(k + 1)])}`: the gradient of a function the text defines "
                            f"{GRADIENT_NOT_READ} (it is the definition's gradient, not any vector)")
        # the gradient at one point only: two points the text writes apart may be one point (`\mathbf{x}` and
        # `\mathbf{x}_t`), where two columns of their own would be two different vectors
        points = {re.sub(r"\s+", "", m.group(1)) for m in re.finditer(
            r"\\(?:partial|nabla)\s*_\s*\{?\s*\\(?:mathbf|boldsymbol|bm)\s*\{\s*\\?[A-Za-z]+\s*\}\s*\}?\s*" + letter
            + r"\s*(?:\\left\s*)?\(((?:[^()]|\([^()]*\))*)\)", self.text + " " + " ".join(toks))}
        if len(points) > 1:
            raise ReadError(f"`{' '.join(toks[i:self.group_end(k + 1)])}`: a gradient the text writes at {len(points)} "
                            f"points {GRADIENT_NOT_READ} (the points may be one point written twice)")
        return self.group_end(k + 1)

    def names_outside_scripts(self, a: int, b: int) -> list[str]:
        """The Latin letters and the Greek letters that are not the usual scalars in toks[a:b], outside subscripts."""
        toks, out, k = self.toks, [], a
        while k < b:
            if toks[k] == "_":
                k = self.group_end(k + 1)
                continue
            t = toks[k]
            if len(t) == 1 and t.isalpha() or t == r"\ell" or t in GREEK and t not in _SCALAR_GREEK:
                out.append(t)
            k += 1
        return out

    def group_end_any(self, i: int) -> int:
        toks = self.toks
        if toks[i] == "(":
            return self.group_end(i)
        closing = {r"\|": r"\|", r"\langle": r"\rangle"}[toks[i]]
        for j in range(i + 1, len(toks)):
            if toks[j] == closing:
                return j + 1
        self.fail(f"an unclosed `{toks[i]}`")

    def scalar_end(self, i: int) -> int:
        """The end of one scalar factor: a token with its braced arguments, or a bracket, and its scripts."""
        toks = self.toks
        if toks[i] in ("(", "["):
            j = self.group_end(i)
        else:
            j = i + 1
            if toks[i].startswith("\\"):
                while j < len(toks) and toks[j] == "{":
                    j = self.group_end(j)
        while j < len(toks) and toks[j] in ("^", "_"):
            j = self.group_end(j + 1)
        return j

    def factor(self, i: int) -> tuple[dict, int]:
        toks = self.toks
        t = toks[i]
        if i in self.plain:
            end, name, kind = self.plain[i]
            atom = _atom(r"\mathit{" + name + "}", kind)
            value, i = {(atom,): sp.Integer(1)}, end
            self.kind = "matrix"
        elif t in _BOLD:
            value, i, atom = self.atom(i)
            self.kind = "matrix"
        elif t == "(":
            end = self.group_end(i)
            value, k = self.expr(i + 1, {")"})
            if k != end - 1:
                self.fail("a bracket")
            i, atom = end, None
        elif t == r"\overbrace":
            value, i = self.repeated(i)
            atom = None
            self.kind = "matrix"
        elif t == r"\frac":
            num_end = self.group_end(i + 1)
            den_end = self.group_end(num_end)
            if self.has_object(num_end, den_end):
                self.fail("a matrix or a vector in a denominator")
            value, k = self.expr(i + 2, {"}"})
            if k != num_end - 1:
                self.fail("a fraction")
            den = read_side(" ".join(toks[num_end + 1:den_end - 1]), self.backend, self.context).expr
            value = {w: c / den for w, c in value.items()}
            i, atom = den_end, None
        elif t == r"\sqrt":
            end = self.group_end(i + 1)
            if toks[i + 1] != "{":
                self.fail("`\\sqrt` without braces")
            inside, k = self.expr(i + 2, {"}"})
            if k != end - 1 or self.kind == "matrix" or any(not (w and self.one_by_one(w)) for w in inside):
                self.fail("the square root of a matrix or a vector")
            self.kind = "scalar"
            return {(): sp.sqrt(self.encode(inside))}, end
        elif t == r"\|":
            end = self.group_end_any(i)
            inside, k = self.expr(i + 1, {r"\|"})
            if k != end - 1:
                self.fail("a norm")
            i = end
            if i < len(toks) and toks[i] == "_":
                sub_end = self.group_end(i + 1)
                if [x for x in toks[i + 1:sub_end] if x not in "{}"] != ["2"]:
                    self.fail("a norm other than the Euclidean one")
                i = sub_end
            square = self.columns_of(inside, "a norm")
            if i + 1 < len(toks) and toks[i] == "^" and [x for x in toks[i + 1:self.group_end(i + 1)]
                                                         if x not in "{}"] == ["2"]:
                i = self.group_end(i + 1)
                value = square
            else:
                value = {(): sp.sqrt(self.encode(square))}
            self.rules.append("read a norm of vectors as the square root of the sum of the squares of their entries "
                              "(‖v‖² = vᵀv)")
            self.kind = "scalar"
            return value, i
        elif t == r"\langle":
            end = self.group_end_any(i)
            comma = next((j for j in range(i + 1, end) if toks[j] == ","), None)
            if comma is None:
                self.fail("`\\langle` without a comma")
            a, k = self.expr(i + 1, {","})
            b, k2 = self.expr(comma + 1, {r"\rangle"})
            self.columns_of(a, "an inner product")
            self.columns_of(b, "an inner product")
            self.rules.append("read ⟨a, b⟩ of column vectors as aᵀb")
            self.kind = "scalar"
            return self.mul(self.transpose(a), b), end
        else:
            self.fail(f"`{t}`")
        return self.postfix(value, i, atom)

    def columns_of(self, p: dict, what: str) -> dict:
        """p^T p when p is a combination of column vectors (each word ends with a vector, the only one in it)."""
        if not self.columns:
            self.fail(f"{what} in a text that writes row vectors")
        for w in p:
            vectors = [a for a in w if a[1] == "vector"]
            if not w or len(vectors) != 1 or w[-1] is not vectors[0] or w[-1][2] or w[-1][3]:
                self.fail(f"{what} of something that is not a combination of column vectors")
        return self.mul(self.transpose(p), p)

    def atom(self, i: int):
        toks, start = self.toks, i
        end = self.group_end(i + 1)
        inner = [x for x in toks[i + 1:end] if x not in "{}"]
        if len(inner) != 1 or not (len(inner[0]) == 1 and inner[0].isalnum() or inner[0] in GREEK):
            self.fail(f"`{' '.join(toks[i:end])}`")
        letter = inner[0]
        name = f"{toks[i]}{{{letter}}}"
        i = end
        if i < len(toks) and toks[i] == "_":
            sub_end = self.group_end(i + 1)
            sub = "".join(x for x in toks[i + 1:sub_end])
            if sub.startswith("{") and sub.endswith("}"):
                sub = sub[1:-1]
            if any(x in _BOLD or x.startswith("\\partial") for x in toks[i + 1:sub_end]):
                self.fail("a subscript with a vector")
            name += "_{" + sub + "}"
            i = sub_end
        if i + 1 < len(toks) and toks[i] == "^":
            sup_end = self.group_end(i + 1)
            sup = [x for x in toks[i + 1:sup_end] if x not in "{}"]
            if len(sup) >= 3 and sup[0] == "(" and sup[-1] == ")" and all(x.isalnum() for x in sup[1:-1]):
                name += "^{(" + "".join(sup[1:-1]) + ")}"       # `\mathbf{W}^{(1)}`: a label, not a power
                i = sup_end
            elif sup == ["*"] and letter.islower() and not self.context.about_complex:
                name += "^{*}"                                  # `\mathbf{x}^*`: the optimum, a name
                i = sup_end
        if i < len(toks) and toks[i] == "_":
            self.fail("two subscripts")
        if letter == "I" or letter.isdigit():
            if name == f"{toks[start]}{{I}}":
                return {(): sp.Integer(1)}, i, None                    # the identity
            if name == f"{toks[start]}{{0}}":
                return {}, i, None
            self.fail(f"`{name}`")
        kind = "matrix" if letter[:1].isupper() or letter.lstrip("\\") in {g.lstrip("\\") for g in _CAPITAL_GREEK} \
            or _declared_bold_matrices(name, getattr(self.context, "declared_bold", None)) else "vector"
        if i < len(toks) and toks[i] == "(" and self.has_object(i, self.group_end(i)) \
                and not self.bilinear_form(start, i, name, kind):
            # `\mathbf{N}(2\mathbf{x})`: a map applied (a layer normalisation, a feature map) as often as a product;
            # read as a product it would prove N(2x) = 2N(x), false for a map that is not linear
            raise ReadError(f"`{name}` before a bracket in a matrix expression is not read",
                            (f"{name} a map applied to what the bracket holds",
                             f"the product of {name} and what the bracket holds"))
        if i < len(toks) and (toks[i] == "[" or toks[i] == "(" and not self.has_object(i, self.group_end(i))):
            # `\mathbf{E}[X]`, `\mathbf{P}(A)`: an operator applied (an expectation, a probability) as often as a
            # product with what the bracket holds
            raise ReadError(f"`{name}` before a bracket of numbers in a matrix expression is not read",
                            (f"{name} applied to what the bracket holds (an expectation, a probability)",
                             f"the product of {name} and what the bracket holds"))
        a = _atom(name, kind)
        return {(a,): sp.Integer(1)}, i, a

    def bilinear_form(self, start: int, i: int, name: str, kind: str) -> bool:
        r"""Whether `\mathbf{Q}` at toks[start:i], before the bracket at toks[i], is a matrix times what the bracket
        holds, settled by the text: `(\mathbf{x} - \mathbf{Q}^{-1}\mathbf{c})^\top \mathbf{Q} (\mathbf{x} -
        \mathbf{Q}^{-1}\mathbf{c})`, a bilinear form.  All of: a bold capital (a matrix by its case) right after a
        transpose (a row on its left) and before a bracket of one vector (no comma); the text multiplies it as a
        matrix elsewhere, right before a bold vector with no bracket (`\mathbf{x}^\top \mathbf{Q} \mathbf{x}`,
        `\mathbf{Q}^{-1} \mathbf{c}`: a map is applied with brackets, so there it can only be a matrix); and no
        sentence of the prose that writes it calls anything a map, a function, an operator, a transformation, a layer,
        a network or a field, nor does the text apply it to a bracket of numbers.  `\mathbf{Q}(\mathbf{x})` alone,
        with no row on its left, stays refused: a map applied to the vector reads as well there."""
        toks = self.toks
        if kind != "matrix" or toks[start] not in _BOLD or start < 2 or "_" in name or "^" in name:
            return False
        before = toks[max(0, start - 4):start]
        if not (before[-2:] in ([ "^", r"\top"], ["^", "T"], ["^", r"\intercal"])
                or before[-4:] in (["^", "{", r"\top", "}"], ["^", "{", "T", "}"], ["^", "{", r"\intercal", "}"])):
            return False
        end = self.group_end(i)
        depth = 0
        for t in toks[i:end]:
            depth += t in ("(", "{", "[")
            depth -= t in (")", "}", "]")
            if t == "," and depth == 1:
                return False
        letter = re.escape(name.split("{", 1)[1].split("}", 1)[0])
        # braced or not: `\mathbf{A}`, `\mathbf A`, `\boldsymbol\Lambda` are one name
        atom = r"\\(?:mathbf|boldsymbol|bm)\s*(?:\{\s*" + letter + r"\s*\}|" + letter + r"(?![A-Za-z]))"
        text = self.text + "\n" + " ".join(toks)
        if not re.search(atom + r"\s*(?:\^\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+)\s*)?\\(?:mathbf|boldsymbol|bm)\s*\{?\s*[a-z]",
                         text):
            return False
        if re.search(atom + r"\s*(?:\\left\s*)?[(\[](?:(?!\\(?:mathbf|boldsymbol|bm))[^()\[\]])*[)\]]", text):
            return False                # applied to a bracket of numbers somewhere: an operator as often as a matrix
        # (the text as written: a bracket the body of a function put in (`h(2\mathbf{x})`) is the body's own product)
        if not _every_bracket_a_form(atom, self.text or " ".join(toks)):
            return False                # `\mathbf{H}(\mathbf{x})`: a matrix that depends on a point, evaluated there
        prose = re.sub(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\{(\w+\*?)\}.*?\\end\{\1\}", " . ", self.text, flags=re.S)
        for sentence in re.split(r"[.;!?](?=\s|$)|\n\s*\n", prose):
            if re.search(atom, sentence) and _MAP_WORDS.search(re.sub(r"\$[^$]*\$", " ", sentence)):
                return False
        self.rules.append(f"read {name} between a transposed row and a bracket of a vector as the matrix times what "
                          f"the bracket holds (a bilinear form): the text multiplies {name} as a matrix, right before "
                          "a vector with no bracket, and never calls it a map")
        return True

    def postfix(self, value: dict, i: int, atom) -> tuple[dict, int]:
        toks = self.toks
        while i < len(toks) and toks[i] == "^":
            end = self.group_end(i + 1)
            sup = [x for x in toks[i + 1:end] if x not in "{}"]
            if len(sup) == 1 and sup[0] in _TRANSPOSE or sup == [r"\mathsf", "T"]:
                value = self.transpose(value)
            elif sup == ["-", "1"]:
                if len(value) != 1 or len(next(iter(value))) != 1 or next(iter(value.values())) != 1:
                    self.fail("the inverse of a product or a sum")
                (a,) = next(iter(value))
                if a[1] != "matrix" or a[3]:
                    self.fail("the inverse of a vector")
                rows, columns = self.atom_shape(a)
                if self.differ(rows, columns):
                    raise ReadError(f"the inverse of {a.shown()}, a {rows}×{columns} matrix by the text's sizes, which is "
                                    f"not square{self.unequal_named()}: not read")
                value = {(_atom(a[0], a[1], a[2], True),): sp.Integer(1)}
            elif len(sup) == 1 and sup[0].isdigit() and 1 <= int(sup[0]) <= 4:
                power = {(): sp.Integer(1)}
                for _ in range(int(sup[0])):
                    power = self.mul(power, value)
                value = power
            elif _SYMBOLIC_POWER.fullmatch("".join(sup)):
                value = {(self.power_atom(value, "".join(sup)),): sp.Integer(1)}
            else:
                self.fail(f"the power `^{{{''.join(sup)}}}`")
            i = end
        return value, i

    def power_atom(self, value: dict, power: str) -> _Atom:
        r"""`\mathbf{A}^n`, `\boldsymbol{\Sigma}^{n+1}`: one matrix to a power that is a letter (and a number added),
        one name of its own (`\mathbf{A}^{n}`); a power of a product, a transpose, an inverse, a vector or a matrix the
        text's sizes make not square is not read."""
        word = next(iter(value)) if len(value) == 1 and next(iter(value.values())) == 1 else ()
        if not word or any(a[1] != "matrix" or _POWERED.search(a[0]) for a in word) \
                or len(word) == 1 and (word[0][2] or word[0][3] or "^" in word[0][0]):
            self.fail(f"the power `^{{{power}}}` of a sum, a transpose, an inverse alone or a vector")
        if not any(not self.differ(r, c) for r, c in self.word_shapes(word)):
            raise ReadError(f"the power {power} of {self.sizes_named(word)}, not square by the text's sizes"
                            f"{self.unequal_named()}: not read")
        self.rules.append("read a matrix, or a product of matrices, to a power that is a letter (A^n, (WΣW⁻¹)^n) as "
                          "one quantity of its own")
        if len(word) == 1:
            return _atom(f"{word[0][0]}^{{{power}}}", "matrix")
        inner = "(" + "".join(a.shown() for a in word) + ")"
        self.words[inner] = tuple(tuple(a) for a in word)      # the product under the power (identity_multiples.py)
        return _atom(f"{inner}^{{{power}}}", "matrix")

    def repeated(self, i: int) -> tuple[dict, int]:
        r"""`\overbrace{\mathbf{A}\cdots\mathbf{A}}^{\textrm{$n$ times}}`: one matrix written n times, A^n (as
        `power_atom`); any other brace, or a product repeated, is not read."""
        toks = self.toks
        end = self.group_end(i + 1)
        if toks[i + 1] != "{" or end + 1 >= len(toks) or toks[end] != "^":
            self.fail("`\\overbrace` without a count")
        label_end = self.group_end(end + 1)
        label = [x for x in toks[end + 1:label_end] if x not in ("{", "}", "$", r"\textrm", r"\text", r"\mathrm", r"\mbox")]
        body = toks[i + 2:end - 1]
        dots = [k for k, x in enumerate(body) if x in (r"\cdots", r"\ldots", r"\dots")]
        if len(label) < 6 or "".join(label[-5:]) != "times" or not _SYMBOLIC_POWER.fullmatch("".join(label[:-5])) \
                or len(dots) != 1 or body[:dots[0]] != body[dots[0] + 1:] or not body[:dots[0]]:
            self.fail("`\\overbrace` other than one matrix written a letter's number of times")
        first, k = self.expr(i + 2, {r"\cdots", r"\ldots", r"\dots"})
        if k != i + 2 + dots[0]:
            self.fail("`\\overbrace` other than one matrix written a letter's number of times")
        self.rules.append("read one matrix written n times under a brace as that matrix to the power n")
        return {(self.power_atom(first, "".join(label[:-5])),): sp.Integer(1)}, label_end

    def encode(self, p: dict) -> sp.Expr:
        for w in p:
            if w:       # each product's name, and the word it stands for (identity_multiples.py reads it)
                self.words["".join(a.shown() for a in w)] = tuple(tuple(a) for a in w)
        return sp.Add(*[c * (sp.Symbol("".join(a.shown() for a in w)) if w else 1)
                        for w, c in p.items()])


def read_matrix_side(latex: str, backend, context: Context, text: str = "") -> Reading:
    """One side of a matrix chain: scalars times words of matrices and vectors, each word one name."""
    refuse_trace(latex)
    # `h(\mathbf{x})` of a function of a vector a display before defines: its body (vector_functions.py)
    latex, applied = vector_functions.substitute(latex, getattr(context, "vector_functions", None) or {})
    toks = tokens(latex)
    # a text that writes row vectors (`\mathbb{R}^{1 \times n}`, "a row vector with $n$ entries", a 1×n shape, "All
    # vectors are row vectors")
    rows = _ROW_VECTORS.search(text) or getattr(context, "rows_throughout", False) \
        or any(shape[0] == "1" and shape[1] != "1" for shape in getattr(context, "shapes", {}).values())
    reader = _Reader(toks, context, backend, columns=not rows,
                     plain=_declared_atoms(latex, getattr(context, "declared_objects", None)), text=text)
    try:
        value, i = reader.expr(0, set())
        if i != len(toks):
            reader.fail(f"`{toks[i]}`")
    except (IndexError, KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, ReadError):
            raise
        raise ReadError(f"a matrix expression the import cannot take apart ({type(exc).__name__}) is not read") from exc
    kind = reader.kind if value else "zero"
    rules = applied + ["read the matrices and vectors as products in the order written, each product one quantity "
                       "(expanded over sums; (AB)ᵀ = BᵀAᵀ, AA⁻¹ = I, bold I the identity)"] \
        + list(dict.fromkeys(reader.rules))
    expr = reader.encode(value)
    return Reading(expr, rules, prepared=kind, words=dict(reader.words))
