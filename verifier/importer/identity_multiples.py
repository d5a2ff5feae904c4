r"""Concrete matrices and vectors every declaration of a text allows, at which a step read as products that do not
commute is looked at again (authoring/identity_multiples.py): each square matrix c·I, each vector a·u.

A side that writes matrices and vectors is read as products in the order written, each product one quantity
(products.py); a step whose expansions differ is unsettled, so a counterexample over those quantities refutes
nothing.  Put every square matrix c·I (any size n, c > 0) and every column vector a·u (u one unit vector of length
n, a > 0): a product is then a number times I, u, uᵀ, uuᵀ or 1 (uᵀu = 1, (c·I)⁻¹ = (1/c)·I, a 1×1 part a number
beside the rest), and ‖a·u‖ = a.  Where every term of both sides is a number times the same one of these, the step
holds for those matrices exactly when the numbers agree, and the judge may refute it on them.

The instance is written only where nothing the text says rules it out; where any doubt, none is written (the step
stays unknown, as before):

* words about the matrices or vectors that c·I or a·u may not satisfy (orthogonal, unitary, a projection,
  idempotent, nilpotent, skew-symmetric, singular, rank, distinct eigenvalues, a unit or normalised vector, entries,
  rows or columns, a trace or a determinant, negative definite, …): the text's words are not read, so any such word
  anywhere in the text writes no instance;
* a sentence of the prose that writes one of the step's names and says anything beyond a declaration every c·I and
  a·u satisfies (only words such as let, be, a, square, matrix, vector, column, real, invertible, diagonal,
  symmetric, positive definite, in, denote; each formula a name, a list of names, a square size or a membership in
  a space of square matrices or of column vectors): "a Householder matrix", "$\mathbf{B}$ be $\mathbf{A}^{-1}$",
  a matrix given by its entries, "masking twice is the same as masking once" may each say what the instance breaks;
  and another display that writes one of the step's matrices (the text may define it there);
* the gradient of a function nothing defines (`\partial_\mathbf{x} f(\mathbf{x})`, products.py) is named by the
  function's letter there: a sentence that says anything of f ("$f$ is the quadratic loss") may fix its gradient;
* a relation the text writes outside the display (inline or in another display) about a matrix or vector the step
  writes (`\mathbf{P}^2 = \mathbf{P}`, `\|\mathbf{x}\| = 1`, `\mathbf{W} = \mathbf{W}_1\mathbf{W}_2`): the instance
  may break it;
* a matrix the text declares not square (`\mathbb{R}^{m \times n}`), a vector it declares a row or of length 1,
  sizes of two names among the step's matrices and vectors (all of them share the one size n of the instance), a
  text whose vectors are rows;
* a plain name the text calls an operator, a query or a key (a matrix or a vector);
* a matrix to a power that is a letter (`\mathbf{A}^n`, `\overbrace{\mathbf{A}\cdots\mathbf{A}}^{\textrm{$n$ times}}`,
  (c·I)ⁿ = cⁿ·I with n a whole number ≥ 1) where the text does not say the letter counts ("$n$ times", "the $k$-th
  power"): `\mathbf{A}^{s}` may name the symmetric part of A, a label; or where the step also writes the letter;
* a side with a name the other side does not write (`\mathbf{X}\mathbf{W}_1\mathbf{W}_2 = \mathbf{X}\mathbf{W}`: W
  may be a name the step defines), a product whose shapes do not fit for n×n matrices and n-vectors, an outer
  product uuᵀ beside the identity, a number beside a matrix, a relation other than =.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import sympy as sp

from . import noncommuting

# Words about matrices or vectors that a positive multiple of the identity, or of one unit vector, may not satisfy
_STRUCTURE = re.compile(
    r"\b(?:orthogonal\w*|orthonormal\w*|unitary|rotations?|reflections?|permutations?|projections?|projectors?|"
    r"project(?:s|ed|ing)?|idempotent|nilpotent|skew\w*|anti-?symmetric|singular|rank\w*|distinct|unit|units|"
    r"normali[sz]\w*|stochastic|triangular|sparse|one-hot|bas[ie]s|independent|dependent|perpendicular|traces?|"
    r"determinants?|eigen\w*|spectr\w*|involut\w*|circulant|toeplitz|blocks?|entry|entries|rows?|columns?|"
    r"rectangular|non-?square|negative|nonzero|non-zero|pseudo\w*|adjoint|conjugate\w*|hermitian|norm|length|"
    r"angle|cosine|parallel|span\w*|kernel|null|image|dimension\w*|diagonali[sz]\w*|similar|given\s+by|fixed|"
    r"zeros?|ones|elsewhere|positions?|coordinates?|standard|indicators?|binary)\b",
    re.I)
# a relation in a formula (not the membership `\in` a declaration writes)
_RELATION = re.compile(r"(?<![<>!:\\])=|<|>|\\(?:le|leq|ge|geq|neq|ne|approx|sim|simeq|cong|equiv|succ|succeq|prec|"
                       r"preceq|perp|propto|coloneqq|triangleq|lt|gt)\b|[≤≥≠≈⊥≻≺]")
_ROW_VECTORS = re.compile(r"\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*\{\s*1\s*\\times")
# a matrix, or a product of them, to a power that is a letter (products.py: `\mathbf{A}^{n}`, `(…)^{n+1}`)
_POWER = re.compile(r"(.*)\^\{([a-z])([+-][0-9]+)?\}")
_COMMAND = re.compile(r"\\(?:mathbf|boldsymbol|bm|mathit)\s*\{([^{}]*)\}")


@dataclass(frozen=True)
class TextFacts:
    """What a text says that decides whether its matrices may be multiples of the identity."""
    ruled_out: str = ""                         # why no instance is written for any step of the text ("" when none)
    shapes: dict = field(default_factory=dict)  # name -> (rows, columns) the text declares (noncommuting.sizes)
    kinds: dict = field(default_factory=dict)   # plain name -> what the text calls it (noncommuting.declared)
    relations: tuple = ()                       # (line of the display, or 0 for the prose; a formula with a relation)
    # letters the text says count repetitions ("$n$ times", "the $k$-th power"): only these are read as powers of
    # matrices on the instance (`\mathbf{A}^{s}` may be a label, the symmetric part of A, not A to the s)
    counted: frozenset = frozenset()
    # each sentence of the prose: (its words, inline formulas held as \x00k\x00, its inline formulas)
    sentences: tuple = ()
    displays: tuple = ()                        # (line, body) of each display of the text


def text_facts(text: str, blocks=(), shapes=None, kinds=None, rows: bool = False) -> TextFacts:
    """The facts of a text (`blocks`, its displays; `shapes`, `kinds` and `rows` as the reader found them)."""
    prose = re.sub(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\{(\w+\*?)\}.*?\\end\{\1\}", " ", text, flags=re.S)
    prose = re.sub(r"\$[^$]*\$|\\\(.*?\\\)", " ", prose, flags=re.S)
    # and the words inside the formulas (`\quad \text{for orthogonal } \mathbf{Q}`)
    prose += " " + " ".join(re.findall(r"\\(?:text|textrm|mbox|mathrm|textit|textbf)\s*\{([^{}$]*)\}", text))
    words = _STRUCTURE.search(prose)
    shapes = dict(shapes or {})
    rows = rows or bool(_ROW_VECTORS.search(text)) or any(s[0] == "1" and s[1] != "1" for s in shapes.values())
    ruled_out = (f"the text says “{words.group(0)}”" if words else
                 "the text writes row vectors" if rows else "")
    relations = [(0, f) for f in re.findall(r"(?<!\$)\$([^$]{1,400})\$(?!\$)", text) if _RELATION.search(f)]
    relations += [(getattr(b, "line", 0), b.body) for b in blocks if _RELATION.search(getattr(b, "body", ""))]
    counted = frozenset(re.findall(r"\$\s*([a-z])\s*\$\s*(?:-\s*)?(?:times\b|th\s+powers?\b)", text))
    displays = tuple((getattr(b, "line", 0), getattr(b, "body", "")) for b in blocks)
    return TextFacts(ruled_out, shapes, dict(kinds or {}), tuple(relations), counted, _sentences(text), displays)


def _sentences(text: str) -> tuple:
    """(words, inline formulas) of each sentence of the prose (displays left out)."""
    prose = re.sub(r"\$\$.*?\$\$|\\\[.*?\\\]", " . ", text, flags=re.S)
    # "multiplied by itself $n$ times": a letter that counts, which every c·I satisfies (`counted`)
    prose = re.sub(r"(?:,?\s*multiplied\s+by\s+itself\s+)?\$\s*[a-z]\s*\$\s*(?:-\s*)?times\b", " ", prose)
    formulas: list = []

    def hold(m):
        formulas.append(m.group(1) if m.group(1) is not None else m.group(2))
        return f" \x00{len(formulas) - 1}\x00 "
    prose = re.sub(r"\$([^$]*)\$|\\\((.*?)\\\)", hold, prose, flags=re.S)
    prose = re.sub(r"\\begin\{(\w+\*?)\}.*?\\end\{\1\}", " . ", prose, flags=re.S)
    out = []
    for sentence in re.split(r"[.;:!?](?=\s|$)|\n\s*\n", prose):
        held = [formulas[int(k)] for k in re.findall(r"\x00(\d+)\x00", sentence)]
        out.append((sentence, tuple(held)))
    return tuple(out)


# The words of a declaration every square c·I and every column a·u satisfies: a sentence that writes one of a step's
# names and says anything else (a Householder matrix, "masking twice is the same as masking once", "B be A^{-1}",
# the matrix given by its entries) may say what the instance breaks, so no instance is written for that step
_DECLARES = frozenset("""let be a an the and or square matrix matrices vector vectors column real invertible
    nonsingular non-singular diagonal symmetric positive definite of size in denote denotes consider we where is are
    any arbitrary some two take to suppose assume""".split())
_NAMING = frozenset("matrix matrices vector vectors".split())
_GREEK = (r"alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|vartheta|iota|kappa|lambda|mu|nu|xi|pi|rho|"
          r"sigma|tau|upsilon|phi|varphi|chi|psi|omega|Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Upsilon|Phi|Psi|Omega")
_NAME = (r"(?:\\(?:mathbf|boldsymbol|bm|mathit)\s*\{\s*(?:[A-Za-z]|\\(?:" + _GREEK + r"))\s*\}|[A-Za-z]|\\(?:"
         + _GREEK + r"))(?:_\s*(?:\{[A-Za-z0-9+\-\s]*\}|\w))?")
_NAMES = re.compile(r"\s*" + _NAME + r"(?:\s*,\s*" + _NAME + r")*\s*[,.]?\s*")
_SQUARE_SIZE = re.compile(r"\s*(\w)\s*\\times\s*(\w)\s*")


def _declares_only(words: str, formulas: tuple) -> bool:
    """Whether a sentence says nothing of its names beyond what every c·I and a·u satisfies: only words of a
    declaration, each formula a name, a list of names, a square size or a membership in a space of square matrices or
    of column vectors; a formula right after "be" or "is" defines a name ("$\\mathbf{B}$ be $\\mathbf{A}$")."""
    if re.search(r"\b(?:be|is|are|denotes?)\s+\x00", words, re.I):
        return False
    words = re.sub(r"\x00\d+\x00", " ", words)
    if any(w.lower() not in _DECLARES for w in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", words)):
        return False
    if re.search(r"[^\w\s,\-]", words):
        return False                                # a sign, a bracket, a number's mark: not a declaration's
    for f in formulas:
        size = _SQUARE_SIZE.fullmatch(f)
        if not (_NAMES.fullmatch(f) or satisfied(f) or size and size.group(1) == size.group(2) and size.group(1) != "1"):
            return False
    return True


# `\mathbf{A}, \mathbf{B} \in \mathbb{R}^{n \times n}`, `\mathbf{x} \in \mathbb{R}^n`: names in a space of square matrices
# or of vectors of one size, which every c·I and a·u of that size is in
_SPACE = re.compile(r"\s*((?:\\(?:mathbf|boldsymbol|bm)\s*\{\s*\\?[A-Za-z]+\s*\}|\\?[A-Za-z]+)(?:_\s*(?:\{[^{}$]*\}|\w))?"
                    r"(?:\s*,\s*(?:\\(?:mathbf|boldsymbol|bm)\s*\{\s*\\?[A-Za-z]+\s*\}|\\?[A-Za-z]+)"
                    r"(?:_\s*(?:\{[^{}$]*\}|\w))?)*)\s*\\in\s*\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*"
                    r"(?:\{\s*(\w+)\s*(?:\\times\s*(\w+)\s*)?\}|(\w))\s*\.?\s*")


def satisfied(words: str) -> bool:
    r"""Whether a condition of the text, in its words, holds for every c·I and a·u of one size: names in the space of
    square matrices (`\mathbb{R}^{n \times n}`) or of vectors (`\mathbb{R}^n`, n not 1)."""
    m = _SPACE.fullmatch(words or "")
    if m is None:
        return False
    rows, columns = m.group(2) or m.group(4), m.group(3)
    return rows != "1" and (columns is None or columns == rows)


# ---- a product of n×n multiples of I and n-vectors: a number times one of 1, I, u, uᵀ, P = uuᵀ ----

_SHAPES = {"1": ("1", "1"), "I": ("n", "n"), "P": ("n", "n"), "u": ("n", "1"), "uT": ("1", "n")}
_PRODUCT = {("I", "I"): "I", ("I", "u"): "u", ("I", "P"): "P", ("P", "I"): "P", ("P", "P"): "P", ("P", "u"): "u",
            ("uT", "I"): "uT", ("uT", "P"): "uT", ("uT", "u"): "1", ("u", "uT"): "P"}


def _times(p: str, q: str) -> str | None:
    if p == "1":
        return q
    if q == "1":
        return p
    return _PRODUCT.get((p, q))


def _basis(elements: list[str]) -> str | None:
    """The one value of the product over every grouping whose shapes fit (a 1×1 part a number beside the rest), or
    None when none fits or two groupings differ."""
    memo: dict = {}

    def values(i, j):
        if (i, j) not in memo:
            if j - i == 1:
                memo[(i, j)] = {elements[i]}
            else:
                memo[(i, j)] = {r for k in range(i + 1, j) for p in values(i, k) for q in values(k, j)
                                if (r := _times(p, q)) is not None}
        return memo[(i, j)]
    found = values(0, len(elements)) if elements else {"1"}
    return next(iter(found)) if len(found) == 1 else None


def plain_name(atom_name: str) -> str:
    """The name an atom's scalar is given: `\\boldsymbol{\\Lambda}` -> Lambda, `\\mathbf{z}_{t-1}` -> z_t_1."""
    name = _COMMAND.sub(r"\1", atom_name).replace(r"^{\top}", "T").replace("^{*}", "star")
    return re.sub(r"_+", "_", re.sub(r"[^A-Za-z0-9]", "_", name.replace("\\", ""))).strip("_") or "m"


@dataclass
class Instance:
    """The values of the step's products on the instance and its scalars: matrices {c: LaTeX}, vectors {a: LaTeX}."""
    values: dict
    matrices: dict
    vectors: dict
    satisfies: list = field(default_factory=list)   # the text's conditions (its words) that hold on the instance
    powers: list = field(default_factory=list)      # letters a matrix is raised to (A^n): whole numbers n ≥ 1


class _Scalars:
    """One positive scalar per matrix or vector of the text, the same one in every step."""

    def __init__(self):
        self.by_atom: dict = {}
        self.taken: set = set()

    def of(self, atom_name: str, kind: str) -> sp.Symbol:
        if atom_name not in self.by_atom:
            base = ("c_" if kind == "matrix" else "a_") + plain_name(atom_name)
            name = base
            while name in self.taken:
                name += "_"
            self.taken.add(name)
            self.by_atom[atom_name] = sp.Symbol(name, positive=True)
        return self.by_atom[atom_name]


def scalars() -> _Scalars:
    return _Scalars()


def _declared_name(atom_name: str) -> str:
    """`\\mathit{A}` (a plain name the text declares) -> A; a bold name as it is."""
    m = re.fullmatch(r"\\mathit\{(.*)\}", atom_name)
    return m.group(1) if m else atom_name


def _word_value(word: tuple, facts: TextFacts, names: _Scalars, sizes: set, words: dict | None = None,
                atoms: set | None = None):
    r"""(the word's number on the instance, its basis) or None; `sizes` collects the sizes the text gives its atoms and
    `atoms` their names (a matrix to a power by its own name: `\boldsymbol{\Sigma}` for `\boldsymbol{\Sigma}^{n}`)."""
    number, elements = sp.Integer(1), []
    atoms = set() if atoms is None else atoms
    for name, kind, transposed, inverse in word:
        powered = _POWER.fullmatch(name)
        if powered is not None and powered.group(2) not in facts.counted:
            return None                             # a letter the text does not say counts: maybe a label
        if powered is not None:
            # `\mathbf{A}^{n}` is (c·I)^n = c^n·I; `(\mathbf{W}\boldsymbol{\Sigma}\mathbf{W}^{-1})^{n}` the n-th power of
            # that product's number, where it is a multiple of I
            base, exponent = powered.group(1), sp.Symbol(powered.group(2), integer=True, positive=True) \
                + int(powered.group(3) or 0)
            if base in (words or {}):
                inner = _word_value(words[base], facts, names, sizes, words, atoms)
                if inner is None or inner[1] != "I":
                    return None
                value = inner[0] ** exponent
            else:
                inner = _word_value(((base, kind, False, False),), facts, names, sizes, words, atoms)
                if inner is None or inner[1] != "I":
                    return None
                value = inner[0] ** exponent
            number *= 1 / value if inverse else value
            elements.append("I")
            continue
        plain = _declared_name(name)
        if plain != name and facts.kinds.get(plain) not in ("a matrix", "a vector"):
            return None                             # an operator, a query or a key: not settled as a matrix
        shape = facts.shapes.get(plain)
        atoms.add(name)
        if kind == "matrix":
            if shape is not None and (shape[0] != shape[1] or shape[0] == "1"):
                return None                         # not square, or 1×1
            s = names.of(name, kind)
            number *= 1 / s if inverse else s
            elements.append("I")
        elif kind == "vector" and not inverse:
            if shape is not None and (shape[1] != "1" or shape[0] == "1"):
                return None                         # a row, or of length 1
            if re.fullmatch(r"\\(?:mathbf|boldsymbol|bm)\{e\}(?:_\{.*\})?", name):
                return None                         # e_i: a standard basis vector as often as any vector
            number *= names.of(name, kind)
            elements.append("uT" if transposed else "u")
        else:
            return None
        if shape is not None:
            sizes.add(shape[0])
    basis = _basis(elements)
    return None if basis is None else (number, basis)


def _side_terms(expr, words: dict):
    """[(term, the product's symbol that is a factor of it, or None)] for each term of a side, or None where a term
    is a product of two of them (a product elsewhere in a term, inside a root, must be a number: the caller checks)."""
    out = []
    for term in sp.Add.make_args(sp.expand(expr)):
        top = [f for f in sp.Mul.make_args(term) if isinstance(f, sp.Symbol) and f.name in words]
        if len(top) > 1:
            return None
        out.append((term, top[0] if top else None))
    return out


def instance(lhs, rhs, words: dict, facts: TextFacts, names: _Scalars, display_line: int = 0) -> Instance | None:
    """The instance of the step lhs = rhs (its definitions already put in), or None where anything is in doubt.
    `words`: {a product's symbol name: its word, ((atom name, kind, transposed, inverse), …)}."""
    if facts is None or facts.ruled_out or not all(isinstance(e, sp.Expr) for e in (lhs, rhs)):
        return None
    values: dict = {}
    bases: set = set()
    numbers = False
    atoms_of: list = []
    sizes: set = set()
    for side in (lhs, rhs):
        terms = _side_terms(side, words)
        if terms is None:
            return None
        atoms: set = set()
        for term, top in terms:
            inner = {s for s in term.free_symbols if s.name in words} - ({top} if top is not None else set())
            for s in ({top} if top is not None else set()) | inner:
                value = _word_value(words[s.name], facts, names, sizes, words, atoms)
                if value is None:
                    return None
                values[s] = value
            if any(values[s][1] != "1" for s in inner):
                return None                         # a vector or a matrix inside a root or a power
            if top is not None:
                bases.add(values[top][1])
            elif inner:
                bases.add("1")                      # a number made of rows times columns
            else:
                numbers = True
        atoms_of.append(atoms)
    # a number beside matrices is the identity times it (`\mathbf{I}`, `\mathbf{A}\mathbf{A}^{-1}`: the reader refuses
    # any other number added to a matrix or set equal to one); beside rows times columns it is a number
    if not values or len(bases) != 1 or numbers and bases - {"I", "1"} or len(sizes) > 1 or sizes & {"1"}:
        return None
    if not atoms_of[0] or atoms_of[0] != atoms_of[1]:
        return None                                 # a name on one side only: the step may define it
    powers = {x for v, _ in values.values() for x in v.free_symbols} - set(names.by_atom.values())
    if {p.name for p in powers} & {x.name for e in (lhs, rhs) for x in e.free_symbols}:
        return None                                 # a power the step also writes as a number of its own
    letters = {_letter(a) for a in atoms_of[0]}
    said = {letter for _, letter in letters}
    for words_, formulas in facts.sentences:
        # a sentence names them in its maths, by their letter as a word ("the matrix A") or as "the matrix"
        names_them = any((bold, letter) in letters for f in formulas
                         for _, _, _, bold, letter in noncommuting.atoms(f)[0]) \
            or any(w in said or w.lower() in _NAMING for w in re.findall(r"[^\W\d_]+", words_))
        if names_them and not _declares_only(words_, formulas):
            return None                             # the sentence may say what the instance breaks
    matrix_letters = {_letter(a) for a in atoms_of[0] for word in words.values() for atom, kind, _, _ in word
                      if atom == a and kind == "matrix"}
    for line, body in facts.displays:
        if line != display_line and any((bold, letter) in matrix_letters
                                        for _, _, _, bold, letter in noncommuting.atoms(body)[0]):
            return None                             # another display writes the matrix: it may define it there
    for line, formula in facts.relations:
        if line and line == display_line:
            continue
        found, _ = noncommuting.atoms(formula)
        if any((bold, letter) in letters for _, _, _, bold, letter in found):
            return None                             # the text relates them elsewhere: the instance may break it
    matrices, vectors = {}, {}
    for atom_name, s in names.by_atom.items():
        if s in {x for v, _ in values.values() for x in v.free_symbols}:
            (matrices if s.name.startswith("c_") else vectors)[s] = atom_name
    return Instance({s: v for s, (v, _) in values.items()}, matrices, vectors, powers=sorted(p.name for p in powers))


def _letter(atom_name: str) -> tuple[bool, str]:
    """(bold, its letter) as noncommuting.atoms names them: `\\mathbf{z}_{t-1}` -> (True, z), `\\mathit{A}` -> (False, A);
    the gradient of a function (`\\partial_\\mathbf{x}f(\\mathbf{x})`, products.py) -> (False, f), the function's letter,
    so that what the text says of the function keeps the instance from its gradient."""
    gradient = re.match(r"\\(?:partial|nabla)_.*?\}\s*([A-Za-z])\s*\(", atom_name)
    if gradient:
        return (False, gradient.group(1))
    m = re.match(r"\\(mathbf|boldsymbol|bm|mathit)\s*\{([^{}]*)\}", atom_name)
    if not m:
        return (False, atom_name)
    return (m.group(1) != "mathit", m.group(2))
