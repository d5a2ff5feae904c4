r"""Names the text says are not numbers, and decorated or subscripted names the text writes as functions.

Matrices, operators and vectors.  A product of matrices or operators does not commute, and `a \cdot b` of vectors
is a dot product: read as numbers, `QK = KQ`, `(A + B)^2 = A^2 + 2AB + B^2`, `e^{A+B} = e^A e^B` and
`(a \cdot b)c = a(b \cdot c)` would be proved.  A name is declared one when the text writes

* `$Q, K \in \mathbb{R}^{n \times n}$`, `$W_Q \in \mathbb{R}^{d \times d_k}$` (a matrix), `$x \in \mathbb{R}^d$`
  (a vector), `$A \in M_n(\mathbb{R})$`;
* the noun before the names: "the matrices $A$ and $B$", "the query matrix $Q$", "the operators $X$ and $P$",
  "the weight matrix be $W$";
* the names before the noun: "$A$ and $B$ are $n \times n$ matrices", "Let $\hat{H}$ and $\hat{p}$ be operators",
  "$Q$ is the query matrix" (not "$n$ is the size of the matrix", "$d$ is the vector dimension");
* the names, an article, the noun: "with $x$ a vector in …", "for $A$ an $n \times n$ matrix";
* the attention nouns in the same places: "the queries $Q$ and keys $K$" (matrices or vectors);
* the names, "for" or "as", the noun: "We write $Q$ for the query matrix", and a size between the names and the
  noun: "$A$ and $B$ are $3$-by-$3$ matrices";
* nouns of maps and arrays in any of these places: the Hessian, the Jacobian, a projection, a rotation, a reflection,
  a (whitening, linear) transform, linear maps, a scaling of the plane, the attention weights, the input sequence of
  $n$ tokens; "$g$ its gradient" after "and" is a second phrase like "$A$ a matrix";
* a collection the name holds ("$A$ holds the attention weights"), its rows or columns ("rows of $Q$"), a signature
  between spaces with "linear" ("$T: V \to V$ … be linear"; not `f: \mathbb{R} \to \mathbb{R}`), or a grid written
  out (`$$A = \begin{pmatrix} 1 & 1 \\ 0 & 1 \end{pmatrix}$$`; a `vmatrix` is a determinant, a number).

A letter superscript is a label of the name, not a power (`W^Q`, `W^{O}`: "the projection matrices $W^Q$ and $W^K$"),
and a lowercase name at an index the text calls weights (`p_i`, `\alpha_{ij}`) is one entry, a number.

The noun ends its phrase ("the matrix given by …", "a matrix representing …", "matrices that …"), so "the vector
dimension $d$", "the matrix size", "the rotation angle $\theta$" and "the $k$-th row" declare nothing, and a second
phrase ("$n$ is an integer and $A$ a matrix", "$k$ is an integer, $A$ a matrix") declares only its own names.  Every name of a list is declared (`$W_Q, W_K \in …$`: both).  This is the one place
the import finds such declarations.

In a text about vectors, `a \cdot b` between two plain names is a dot product as often as a product of numbers, and
is refused naming both (bold letters are read over their entries before this).

A chain that writes a declared name is read as products that do not commute (products.py: `(AB)^\top = B^\top
A^\top` proved, `AB = BA` never); where the reader still meets one (the name under an accent: `\hat{A}`, `\bar{x}`;
an entry `A_{ij}` is a number) it is not read, naming both readings.  Bold and arrow letters (`\mathbf{W}`, `\vec{v}`) are left to the reader's own rules for them.

Decorated and subscripted functions.  A name with an accent or a subscript that the text writes applied to a name
(`$\dot{x}(t) = 3t^2$`, `$F_X(x)$`, `$V_\pi(s)$`, `$y_{\text{pred}}(t)$`) is a function: before any parenthesis in a
display (`\dot{x}(2t)`, `F_X(x + 1)`) it is not read as a product, naming both readings.
"""
from __future__ import annotations

import re

# The reader's tokenizer, Greek letters and refusal error, handed over by reading.py when it is imported (it
# calls `use`): this module sits below the reader, which calls `refuse` on every side it reads.
_LEXER: dict = {}


def use(*, tokens, greek, error) -> None:
    """The reader's tokens(latex), its set of Greek letter commands and its ReadError."""
    _LEXER.update(tokens=tokens, greek=greek, error=error)

_DECORATIONS = {r"\hat", r"\widehat", r"\tilde", r"\widetilde", r"\bar", r"\overline", r"\dot", r"\ddot",
                r"\check", r"\breve", r"\mathcal", r"\mathsf", r"\mathscr", r"\mathfrak", r"\mathit"}
_BOLD = {r"\mathbf", r"\boldsymbol", r"\bm", r"\vec"}
_WORDS = {r"\mathrm", r"\text", r"\textrm", r"\operatorname", r"\textit", r"\textbf", r"\mbox", r"\label",
          r"\tag", r"\begin", r"\end"}
# nouns that make a name a matrix, an operator or a vector; `_kind` says which
_NOUN = (r"(matri(?:x|ces)|operators?|vectors?|quer(?:y|ies)|keys?|Hessians?|Jacobians?|projections?|projectors?|"
         r"rotations?|reflections?|(?:linear|orthogonal|unitary|whitening|affine)\s+(?:maps?|transforms?|"
         r"transformations?)|transforms?|transformations?|(?:attention|softmax|learned|layer|projection)\s+weights|"
         r"scalings?(?=\s+(?:\$[^$]{1,20}\$\s+)?of\s+(?:the\s+)?(?:plane|space))|"
         r"(?:sequences?|stacks?|batch(?:es)?)\s+of\s+(?:\$[^$]{1,20}\$\s*)?(?:[a-z]+\s+)?(?:tokens|vectors|embeddings))"
         r"(?![\w-])")
# the noun ends its phrase: "matrices that do not commute", "vectors in R^3"; not "the vector dimension"
_NOUN_ENDS = r"(?=\s*(?:$|[.,;:)!?\"']|\$|\\\(|\b(?:that|which|with|whose|such|over|on|in|and|where|acting|satisfying|" \
             r"of|so|to|we|whereas|respectively|given|from|for|at|by|as|then|here|" \
             r"above|below|onto|into|between|if|when|while|but|or|[a-z]{3,}(?:ing|ed))\b))"
_FORMULA = r"\$[^$]{1,80}\$"
_LIST = rf"{_FORMULA}(?:\s*(?:,\s*and|,|and)\s*{_FORMULA}){{0,8}}"       # bounded: linear in the text
_NOUN_NAMES = re.compile(rf"\b{_NOUN}\s+(?:(?:be|is|are|denoted(?:\s+by)?|written|called)\s+)?({_LIST})", re.I)
_NAMES_NOUN = re.compile(rf"({_LIST})\s*,?\s*(?:be|are|is|denotes?|represents?|stands?\s+for|as|for)\s+"
                         rf"((?:[^.$;:!?]|{_FORMULA}){{0,60}}?)\b{_NOUN}\b{_NOUN_ENDS}", re.I)
# "with $x$ a vector in …", "for $A$ an $n \\times n$ matrix": the names, an article, the noun
_LEAD_NAMES_NOUN = re.compile(rf"(?:\b(?:with|for|where|given|take|taking|and)|,)\s+({_LIST})\s*,?\s+"
                              rf"(?:an?|the|any|some|two|three|its|their)\s+"
                              rf"((?:[^.$;:!?]|{_FORMULA}){{0,60}}?)\b{_NOUN}\b{_NOUN_ENDS}", re.I)
_BETWEEN_NOT = re.compile(r"\b(?:of|in|to|by|for|from|with|on|than|not|no|each|every)\b|\b(?:and|or|but)\s+(?:an?|the)\b", re.I)
# a size between the names and the noun: "are $3$-by-$3$ matrices", "an $n$ by $m$ matrix", "3-by-3"
_SIZE_BY = re.compile(rf"(?:{_FORMULA}|\b\w+)\s*-?\s*\bby\b\s*-?\s*(?:{_FORMULA}|\w+\b)", re.I)
# a second phrase inside the words before the noun: "$k$ is an integer, $A$ a matrix" (A's noun, not k's)
_SECOND_PHRASE = re.compile(rf"{_FORMULA}\s*,?\s+(?:an?|the|its|their)\b", re.I)
# the names a sentence says hold a collection: "$A$ holds the attention weights", "$X$ stores the token embeddings"
_HOLDS = re.compile(rf"({_LIST})\s*,?\s*(?:holds?|contains?|stores?|collects?|stacks?)\s+(?:(?:the|all|its|their|every|"
                    rf"one|each)\s+)?(?:[\w-]+\s+){{0,3}}?(weights|vectors|embeddings|queries|keys|values|rows|columns|"
                    rf"scores|logits|features)\b", re.I)
# "rows of $Q$", "the columns of $X$": a matrix
_ROWS_OF = re.compile(rf"\b(?:rows?|columns?)\s+of\s+({_LIST})", re.I)
# "$T: V \to V$ … be linear": a linear map between spaces (not between numbers, `f: \mathbb{R} \to \mathbb{R}`)
_LINEAR = re.compile(rf"({_LIST})\s*,?\s*(?:be|are|is)\s+(?:both\s+|each\s+)?linear\b(?!\s+(?:in|functions?|combinations?))",
                     re.I)
_NUMBER_SPACE = re.compile(r"^\s*(?:\\mathbb\s*\{?\s*[RC]\s*\}?|\\[RC]|[RC])\s*$")
# a name the text sets equal to a matrix or a column written out: `A = \begin{pmatrix} 1 & 1 \\ 0 & 1 \end{pmatrix}`
# (`vmatrix` is a determinant, a number)
_WRITTEN_OUT = re.compile(r"((?:\\[A-Za-z]+\s*\{\s*\\?[A-Za-z]+\s*\}|\\[A-Za-z]+|[A-Za-z])\s*"
                          r"(?:_\s*(?:\{[^{}]*\}|\w))?(?:\^\s*(?:\{[A-Za-z]+\}|[A-Za-z]))?)\s*=\s*"
                          r"\\begin\s*\{([pbB]?matrix)\}((?:(?!\\end\s*\{)[\s\S]){0,400})")
_SPACE = re.compile(r"\\in\s*(?:\\(?:mathbb|mathbf|Bbb|mathrm)\s*\{?\s*[RCF]\s*\}?|\\[RC]\b|[RC](?=\s*\^))\s*\^\s*"
                    r"(\{[^{}]*\}|\\?[A-Za-z0-9]+)|\\in\s*(?:M|\\mathcal\s*\{?\s*M\s*\}?)\s*_")


def _group(toks, i):
    """The end of the argument that starts at toks[i] (one token or a braced group)."""
    if i >= len(toks):
        return i
    if toks[i] != "{":
        return i + 1
    depth = 0
    for j in range(i, len(toks)):
        depth += {"{": 1, "}": -1}.get(toks[j], 0)
        if depth == 0:
            return j + 1
    return len(toks)


def atoms(latex: str):
    """(start, end, the name as one canonical string, bold, its letter) for each name the LaTeX writes outside words
    and subscripts: `\\hat{H}` (letter H), `W_{Q}` (W), `\\Sigma`, `A`, `y_{\\text{pred}}`; the toks list beside them."""
    GREEK = _LEXER["greek"]
    toks = _LEXER["tokens"](latex)
    out, i = [], 0
    while i < len(toks):
        t = toks[i]
        if t in _WORDS:
            i = _group(toks, i + 1)
            continue
        if t == "_":
            i = _group(toks, i + 1)
            continue
        if t in _DECORATIONS or t in _BOLD:
            end = _group(toks, i + 1)
            letter = "".join(x for x in toks[i + 1:end] if x not in "{}")
            if not (len(letter) == 1 and letter.isalpha() or letter in GREEK):
                i = end                                 # `\mathsf{LogSumExp}`, `\mathit{softmax}`: a word, not a letter
                continue
            name = t + "{" + letter + "}"
        elif len(t) == 1 and t.isalpha() or t in GREEK:
            end, name, letter = i + 1, t, t
        else:
            i += 1
            continue
        if end < len(toks) and toks[end] == "_":
            stop = _group(toks, end + 1)
            inner = toks[end + 2:stop - 1] if toks[end + 1:end + 2] == ["{"] else toks[end + 1:stop]
            name += "_{" + "".join(inner) + "}"
            end = stop
        out.append((i, end, name, t in _BOLD, letter))
        i = end
    return out, toks


def _labelled(found, toks) -> list:
    """The atoms with a letter superscript taken into the name (`W^Q`, `W^{O}`: "W^{Q}"), the label's atoms dropped."""
    out, skip = [], set()
    for start, end, name, bold, letter in found:
        if start in skip:
            continue
        if end + 1 < len(toks) and toks[end] == "^":
            stop = _group(toks, end + 1)
            inner = [t for t in toks[end + 1:stop] if t not in "{}"]
            if inner and all(t.isalpha() and t.isascii() for t in inner):
                skip.update(range(end + 1, stop))
                out.append((start, stop, name + "^{" + "".join(inner) + "}", bold, letter))
                continue
        out.append((start, end, name, bold, letter))
    return out


def _names_of(formula: str, bold: bool = False) -> list[str]:
    """The names a formula introduces: all of it when it is a list of names (`Q, K`), else the names before its
    `\\in` or `=` (`A = XW`, `W_Q \\in …`) or its signature (`T: V \\to V`).  A letter superscript is a label of the
    name (`W^Q`, the query projection), not a power.  Plain names, or with `bold` the bold ones (`\\mathbf{u}`)."""
    head = re.split(r"\\in\b|=|\\coloneqq|:=|:(?=[^:]*\\(?:to|rightarrow)\b)", formula)[0]
    found, toks = atoms(head)
    found = _labelled(found, toks)
    covered = {k for a in found for k in range(a[0], a[1])}
    rest = [t for k, t in enumerate(toks) if k not in covered and t not in (",", "\\,", "\\;", "~")]
    if rest:
        return []
    return [name for _, _, name, is_bold, _ in found if is_bold == bold]


def _maps_between_spaces(formula: str) -> bool:
    """`T: V \\to V`, `A: \\mathbb{R}^n \\to \\mathbb{R}^m`: a map whose domain is not the numbers."""
    m = re.search(r":\s*([^:]*?)\\(?:to|rightarrow)\b", formula)
    return bool(m) and not _NUMBER_SPACE.match(m.group(1))


def declared(text: str, bold: bool = False) -> dict:
    """Names the text declares matrices, operators or vectors: name -> "a matrix" | "an operator" | "a vector"; and
    barred names it defines in words as something other than a mean: `\\bar{x}` -> (`DEFINED`, its words).  With
    `bold`, the bold names instead (`\\mathbf{u}` in "Let $\\mathbf{u}$, $\\mathbf{v}$ be $n \\times n$ matrices"),
    in the same phrasings: the products reader takes their kind from the text, not from the letter's case."""
    out: dict = {}
    text = re.sub(r"\\[()]", "$", text)                         # `\(Q \in \mathbb{R}^{n \times n}\)` in LaTeX
    if not bold:
        out.update(barred_in_words(text))
    for formula in re.findall(r"\$([^$]{1,160})\$", text):
        for m in _SPACE.finditer(formula):
            power = (m.group(1) or "").strip("{}").strip()
            if m.group(1) is not None and re.fullmatch(r"1|\s*|\+|>\s*0|\\geq?\s*0", power):
                continue                                            # `\mathbb{R}^1`, `\mathbb{R}^+`: numbers
            what = "a vector" if m.group(1) is not None and "\\times" not in power else "a matrix"
            for name in _names_of(formula[:m.start()].split("$")[-1] + " \\in", bold):
                out.setdefault(name, what)
    for m in _NOUN_NAMES.finditer(text):
        for formula in re.findall(r"\$([^$]+)\$", m.group(2)):
            for name in _names_of(formula, bold):
                if not (m.group(1).lower().endswith("weights") and _entry(name)):
                    out.setdefault(name, _kind(m.group(1)))
    for pattern in (_NAMES_NOUN, _LEAD_NAMES_NOUN):
        for m in pattern.finditer(text):
            between = _SIZE_BY.sub(" ", m.group(2))
            if _SECOND_PHRASE.search(between) or _BETWEEN_NOT.search(re.sub(_FORMULA, " ", between)):
                continue                                            # "$n$ is the size of the matrix"
            # "$Q$ and $K$ are the query and key matrices": the last noun of the phrase
            last = re.match(r"\s+(?:and|or)\s+[\w-]+\s+(matri(?:x|ces)|vectors?)\b", text[m.end(3):m.end(3) + 60], re.I)
            what = _kind(last.group(1) if last else m.group(3))
            if re.match(r"\s+of\s+\$", text[m.end(3):]) and re.match(r"(?:projection|rotation|reflection|scaling|transform)",
                                                                      m.group(3), re.I):
                if re.search(r"\bscalar\s+$", text[:m.start(3)], re.I):
                    continue                                        # "the scalar projection of $x$ onto $u$": a number
                what = "a vector"                                   # "the projection of $x$ onto $u$": its image
            for formula in re.findall(r"\$([^$]+)\$", m.group(1)):
                for name in _names_of(formula, bold):
                    if not (what == "a matrix" and m.group(3).lower().endswith("weights") and _entry(name)):
                        out.setdefault(name, what)
    for pattern, what in ((_HOLDS, "an array (a matrix or a vector)"), (_ROWS_OF, "a matrix")):
        for m in pattern.finditer(text):
            for formula in re.findall(r"\$([^$]+)\$", m.group(1)):
                for name in _names_of(formula, bold):
                    out.setdefault(name, what)
    for m in _LINEAR.finditer(text):
        for formula in re.findall(r"\$([^$]+)\$", m.group(1)):
            if _maps_between_spaces(formula):
                for name in _names_of(formula, bold):
                    out.setdefault(name, "an operator")
    for m in _WRITTEN_OUT.finditer(text):
        body = m.group(3)
        what = "a matrix" if "&" in body else "a vector"
        for name in _names_of(m.group(1), bold):
            out.setdefault(name, what)
    return out


# `m \neq n`, `d_k \ne d_v`: two sizes the text says differ (`m > n`, `d_k < d` say so too)
_UNEQUAL = re.compile(r"(\\?[A-Za-z](?:_\s*(?:\{[^{}]*\}|\w))?)\s*(?:\\neq\b|\\ne\b|≠|<(?!=)|>(?!=)|\\lt\b|\\gt\b)\s*"
                      r"(\\?[A-Za-z](?:_\s*(?:\{[^{}]*\}|\w))?)(?!\s*[_^({])")


def size_name(latex: str) -> str:
    """A size as one string: `d_{k}`, `d_k` and `{ d_k }` are `d_k`."""
    return re.sub(r"[{}\s]|\\[,;:! ]", "", latex)


# Sizes in words: "Let $\mathbf{A}$ be a matrix with $m$ rows and $n$ columns"; "let $\mathbf{x}$ be a vector of length
# $n$", "$\mathbf{y}$ has $m$ entries" (a column)
_SIZE = r"\$\s*([A-Za-z](?:_\s*(?:\{[^{}$]*\}|\w))?|[0-9]+)\s*\$"
_ROWS_AND_COLUMNS = re.compile(rf"({_LIST})\s*,?\s*(?:be|is|denotes?)\s+an?\s+(?:[\w-]+\s+){{0,2}}?matrix\s+(?:with|having|"
                               rf"of)\s+{_SIZE}\s+rows\s+and\s+{_SIZE}\s+columns\b", re.I)
_OF_LENGTH = re.compile(rf"({_LIST})\s*,?\s*(?:(?:be|is|are|denotes?)\s+(?:an?\s+|two\s+)?(?:[\w-]+\s+){{0,2}}?"
                        rf"(?:(?P<row>row)[\s-]+|column\s+)?vectors?\s+(?:of\s+(?:length|dimension|size)\s+{_SIZE}|with\s+{_SIZE}\s+"
                        rf"(?:entries|components|coordinates|elements)\b)|(?:has|have|having)\s+{_SIZE}\s+"
                        rf"(?:entries|components|coordinates|elements)\b)", re.I)
# "Let $\mathbf{x}$ be a $1 \times n$ vector": the shape written before the noun
_SIZE_ATOM = r"[A-Za-z](?:_\s*(?:\{[^{}$]*\}|\w))?|[0-9]+"
_BY_VECTOR = re.compile(rf"({_LIST})\s*,?\s*(?:be|is|are|denotes?)\s+(?:an?\s+|two\s+)?\$\s*({_SIZE_ATOM})\s*\\times\s*"
                        rf"({_SIZE_ATOM})\s*\$\s*(?:(?:row|column)[\s-]+)?vectors?(?![\w-])", re.I)
# A row the text declares without its length: "Let $\mathbf{x}$ be a row vector", "the row vectors $\mathbf{q}$ and
# $\mathbf{k}$", "$\mathbf{q}$ is a row of $Q$", "$\mathbf{q}_i$ is the $i$-th row of $Q$", "the rows of $X$ are the
# samples $\mathbf{x}_i$", "the rows $\mathbf{x}_i$ of $X$": 1 by a length it does not give (`UNGIVEN`)
UNGIVEN = "…"
_NOT_BETWEEN = r"(?!(?:of|in|to|for|with|by|than|not|no|each|every|length|size|dimension|number)\b)"
_ROW_NAMED = re.compile(rf"({_LIST})\s*(?:,\s*|\s+(?:be|is|are|denotes?)\s+)(?:an?\s+|two\s+|the\s+)?"
                        rf"(?:{_NOT_BETWEEN}[\w-]+\s+){{0,2}}?row[\s-]+vectors?(?![\w-])", re.I)
_ROW_NOUN_NAMES = re.compile(rf"\brow[\s-]+vectors?\s+({_LIST})", re.I)
_ROW_OF = re.compile(rf"({_LIST})\s*(?:,\s*|\s+(?:be|is|are|denotes?)\s+)(?:an?\s+|the\s+|one\s+|each\s+|any\s+)?"
                     rf"(?:(?:\$[^$]{{1,20}}\$)?{_NOT_BETWEEN}[\w-]+\s+)?rows?\s+of\s+{_FORMULA}", re.I)
_ROWS_ARE = re.compile(rf"\brows\s+of\s+{_FORMULA}\s*,?\s+(?:are|be)\s+(?:the\s+|our\s+)?(?:[\w-]+\s+){{0,2}}?({_LIST})",
                       re.I)
_ROWS_NAMED_OF = re.compile(rf"\brows?\s+({_LIST})\s+of\s+{_FORMULA}", re.I)
# Every vector of the text a row: "All vectors are row vectors", "We write vectors as rows", "vectors are treated as
# rows", "every vector is a row vector", "we use row vectors throughout", "the row-vector convention" (not "row-wise",
# "each row of the matrix", "the vectors are rows of $X$")
_ROWS_THROUGHOUT = re.compile(
    r"\bvectors\s+(?:are|will\s+be)\s+(?:(?:always|all|taken|written|treated|understood|represented|considered|"
    r"assumed|regarded|to|be)\s+){0,3}(?:as\s+)?(?:an?\s+)?row(?:s|[\s-]+vectors)\b(?!\s+of\b)"
    r"|\bevery\s+vector\s+is\s+(?:(?:taken|written|treated|understood|represented|considered|assumed|regarded|to|be)"
    r"\s+){0,3}(?:as\s+)?an?\s+row(?:[\s-]+vector)?\b(?!\s+of\b)"
    r"|\b(?:write|treat|take|represent|regard|consider|denote|think\s+of)\s+(?:all\s+|our\s+|the\s+)?(?:\w+\s+)?"
    r"vectors\s+as\s+row(?:s|[\s-]+vectors)\b(?!\s+of\b)"
    r"|\b(?:use|adopt|follow|work\s+with)\s+(?:the\s+)?row[\s-]+vectors?\s+(?:throughout|everywhere|convention)\b"
    r"|\brow[\s-]+vector\s+convention\b", re.I)


def rows_throughout(text: str) -> bool:
    r"""Whether the text says every vector it writes is a row ("All vectors are row vectors", "We write vectors as
    rows"): then `\mathbf{x}^\top\mathbf{y}` is an outer product, and `\mathbf{x} \in \mathbb{R}^n` is 1×n."""
    return bool(_ROWS_THROUGHOUT.search(_one_dollar(text)))


# A Markdown table of shapes: a header naming shapes or sizes, then `| $\mathbf{A}$ | $m \times n$ |` rows
_SHAPE_HEADER = re.compile(r"^\s*\|.*\b(?:shapes?|sizes?|dimensions?)\b", re.I)
_SHAPE_ROW = re.compile(r"^\s*\|\s*\$([^$|]{1,60})\$\s*\|\s*\$([^$|]{1,40})\$\s*\|", re.M)


def sizes(text: str) -> dict:
    r"""The shapes the text gives its matrices and vectors, plain or bold: name -> (rows, columns), each a size
    (`size_name`): `$\mathbf{A} \in \mathbb{R}^{m \times n}$` (m, n), `$\mathbf{x} \in \mathbb{R}^n$` (n, 1: a
    column), "Let $\mathbf{u}$, $\mathbf{v}$ be $n \times n$ matrices" (n, n); in words ("a matrix with $m$ rows and
    $n$ columns", "a vector of length $n$", "has $n$ entries"; "a row vector of length $n$" and "a $1 \times n$ vector"
    are (1, n)) or in a Markdown table whose header names shapes (`m \times n` or `(m, n)`).  A row the text names
    without its length ("Let $\mathbf{x}$ be a row vector", "$\mathbf{q}$ is a row of $Q$", "the rows of $X$ are
    $\mathbf{x}_i$") is (1, `UNGIVEN`); in a text whose vectors are all rows (`rows_throughout`) `\mathbb{R}^n` is
    (1, n)."""
    out: dict = {}
    text = _one_dollar(text)
    rows = rows_throughout(text)
    for formula in re.findall(r"\$([^$]{1,160})\$", text):
        for m in _SPACE.finditer(formula):
            if m.group(1) is None:
                continue
            power = m.group(1).strip()
            power = power[1:-1] if power.startswith("{") and power.endswith("}") else power
            parts = [size_name(p) for p in re.split(r"\\times\b|×", power)]
            if not all(parts) or len(parts) > 2 or re.fullmatch(r"1|\+|>0|\\geq?0", parts[0]) and len(parts) == 1:
                continue
            shape = (parts[0], parts[1]) if len(parts) == 2 else ("1", parts[0]) if rows else (parts[0], "1")
            head = formula[:m.start()].split("$")[-1] + " \\in"
            for name in _names_of(head) + _names_of(head, True):
                out.setdefault(name, shape)
    for pattern, shape_of in ((_ROWS_AND_COLUMNS, lambda m: (m.group(2), m.group(3))),
                              (_OF_LENGTH, lambda m: ("1", m.group(3) or m.group(4) or m.group(5)) if m.group("row")
                               else (m.group(3) or m.group(4) or m.group(5), "1")),
                              (_BY_VECTOR, lambda m: (m.group(2), m.group(3)))):
        for m in pattern.finditer(text):
            rows, columns = (size_name(p) for p in shape_of(m))
            for formula in re.findall(r"\$([^$]+)\$", m.group(1)):
                for name in _names_of(formula) + _names_of(formula, True):
                    out.setdefault(name, (rows, columns))
    for m in _SHAPE_ROW.finditer(text):
        table = text[:m.start()].rsplit("\n\n", 1)[-1]
        parts = [size_name(p) for p in re.split(r"\\times\b|×", m.group(2))]
        pair = re.fullmatch(r"\s*(?:\\left\s*)?[(\[]([^(),\[\]]+),([^(),\[\]]+)(?:\\right\s*)?[)\]]\s*", m.group(2))
        if len(parts) == 1 and pair:
            parts = [size_name(pair.group(1)), size_name(pair.group(2))]     # `(1, n)`: a shape as an array library writes it
        if not _SHAPE_HEADER.search(table.split("\n", 1)[0]) or len(parts) > 2 or not all(parts):
            continue
        for name in _names_of(m.group(1)) + _names_of(m.group(1), True):
            out.setdefault(name, (parts[0], parts[1] if len(parts) == 2 else "1"))
    for pattern in (_NAMES_NOUN, _LEAD_NAMES_NOUN):
        for m in pattern.finditer(text):
            names, between, noun = m.group(1), m.group(2), m.group(3)
            if not re.match(r"matri", noun, re.I) or _SECOND_PHRASE.search(between):
                continue
            size = re.search(r"\$([^$]*)\$", between)
            parts = [size_name(p) for p in re.split(r"\\times\b|×", size.group(1))] if size else []
            if len(parts) != 2 or not all(parts):
                continue
            for formula in re.findall(r"\$([^$]+)\$", names):
                for name in _names_of(formula) + _names_of(formula, True):
                    out.setdefault(name, (parts[0], parts[1]))
    for pattern in (_ROW_NAMED, _ROW_NOUN_NAMES, _ROW_OF, _ROWS_ARE, _ROWS_NAMED_OF):
        for m in pattern.finditer(text):
            for formula in re.findall(r"\$([^$]+)\$", m.group(1)):
                if re.search(r"(?<![<>!:\\])=", formula):
                    continue                        # "For $i = 1, \dots, n$, the rows of $X$": an index, not a row
                for name in _names_of(formula) + _names_of(formula, True):
                    out.setdefault(name, ("1", UNGIVEN))
    return out


def _one_dollar(text: str) -> str:
    """Every formula of the text between single dollars: `\\(…\\)` and a `$$…$$` display too, so a display never
    shifts which dollars pair after it."""
    text = re.sub(r"\$\$(.*?)\$\$", lambda m: "$" + m.group(1).replace("$", " ") + "$", text, flags=re.S)
    return re.sub(r"\\[()]", "$", text)


def unequal_sizes(text: str) -> frozenset:
    """Pairs of sizes the text says differ (`$m \neq n$`, `$m > n$`, `$d_k < d$`), each as a frozenset of two size
    names."""
    text = _one_dollar(text)
    return frozenset(frozenset((size_name(m.group(1)), size_name(m.group(2))))
                     for formula in re.findall(r"\$([^$]{1,160})\$", text) for m in _UNEQUAL.finditer(formula))


# A barred name the text defines in words: "Let $\bar{x}$ be a minimizer of $f$", "the reference point $\bar{x}$",
# "with $\bar{x}$ the iterate".  Beside entries x_i the reader would take it for the mean of x; words naming a mean
# ("the sample mean $\bar{x}$", "$\bar{x}$ denotes the average") leave it so.
DEFINED = "defined in words"
_BAR = r"\\(?:bar|overline)\s*(?:\{\s*(\\?[A-Za-z]+)\s*\}|(\\[A-Za-z]+|[A-Za-z]))"
_BAR_THEN_WORDS = re.compile(rf"\$\s*{_BAR}\s*\$\s*,?\s*(?:(?:be|is|denotes?|represents?|stands?\s+for|as|for)\s+|"
                             rf"(?=(?:an?|the|any|some|its|our)\s))"
                             rf"((?:[^.;:$!?,]|\$(?![^$]*\\(?:bar|overline))[^$]{{1,30}}\$){{1,80}})", re.I)
_WORDS_THEN_BAR = re.compile(rf"\b(?:an?|the|any|some|its|our|fixed|given)\s+((?:(?!(?:and|or|of|to|in)\b)[A-Za-z-]+\s+){{1,3}}?)"
                             rf"\$\s*{_BAR}\s*\$",
                             re.I)
_A_MEAN = re.compile(r"\b(?:means?|average[ds]?|averaging|centroids?|cent(?:re|er)s?\s+of\s+mass|barycent\w*|expectations?|"
                     r"expected|empirical)\b", re.I)
_ANOTHER_MEAN = re.compile(r"\b(?:weighted|trimmed|geometric|harmonic|running|moving|exponential|median|modes?|"
                           r"conditional|population|true)\b", re.I)
_NOT_A_DEFINITION = re.compile(r"^\s*(?:and|or|of|in|to|with|on|at|by|the\s+same|also|not|then)\b", re.I)


def barred_in_words(text: str) -> dict:
    """`\\bar{x}` (and `\\overline{x}`) -> (DEFINED, the words) for each barred letter the text defines in words
    as something other than a mean."""
    out: dict = {}
    for pattern, words_at in ((_BAR_THEN_WORDS, 3), (_WORDS_THEN_BAR, 1)):
        for m in pattern.finditer(text):
            words = m.group(words_at).strip()
            letter = m.group(1 if words_at == 3 else 2) or m.group(2 if words_at == 3 else 3)
            if not re.search(r"[A-Za-z]{3}", words) or _NOT_A_DEFINITION.match(words):
                continue
            for accent in (r"\bar", r"\overline"):
                name = accent + "{" + letter + "}"
                if _A_MEAN.search(words) and not _ANOTHER_MEAN.search(words):
                    out[name] = None                        # a mean in the text's words: kept, whatever else it says
                else:
                    out.setdefault(name, (DEFINED, words))
    return {name: v for name, v in out.items() if v is not None}


def _entry(name: str) -> bool:
    """`p_{i}`, `\\alpha_{ij}`, `w_{t}`: a lowercase name at an index, one entry of the weights (a number); `W_{1}`,
    `W_{Q}` name matrices."""
    m = re.fullmatch(r"(\\?[A-Za-z]+)_\{([^{}]*)\}", name)
    return bool(m) and m.group(1).lstrip("\\")[:1].islower() and bool(re.fullmatch(r"[a-z0-9,+\-]+", m.group(2)))


def _kind(noun: str) -> str:
    """What a noun of `_NOUN` makes a name."""
    noun = noun.lower()
    if noun.startswith("quer"):
        return "a query (a matrix or a vector)"
    if noun.startswith("key"):
        return "a key (a matrix or a vector)"
    if noun.startswith(("vector", "sequence", "stack", "batch")):
        return "a vector" if noun.startswith("vector") else "a matrix"
    if noun.startswith(("matri", "hessian", "jacobian")) or noun.endswith("weights"):
        return "a matrix"
    return "an operator"


def applied(text: str) -> frozenset:
    """Decorated or subscripted names the text writes applied to a name or a list of names (`\\dot{x}(t)`,
    `F_X(x)`, `V_\\pi(s)`): functions."""
    out = set()
    text = re.sub(r"\\[()\[\]]|\\(?:begin|end)\s*\{(?:equation|align|gather|multline)\*?\}", "$", text)
    for formula in re.findall(r"\$\$?([^$]{1,400})\$\$?", text):
        if "(" not in formula or "_" not in formula and "\\" not in formula:
            continue                                    # no parenthesis, or no subscript or decoration
        found, toks = atoms(formula)
        for start, end, name, bold, _ in found:
            if not (name != toks[start] or "_{" in name) or end >= len(toks) or toks[end] != "(":
                continue
            close = next((j for j in range(end, len(toks)) if toks[j] == ")"), None)
            inside = [a for a in found if end < a[0] and close is not None and a[1] <= close]
            covered = {j for a in inside for j in range(a[0], a[1])}
            if close is None or not inside or any(j not in covered and toks[j] != "," for j in range(end + 1, close)):
                continue
            out.add(name)
    return frozenset(out)


def refuse(latex: str, context) -> None:
    """A ReadError when the side writes a name the text declares a matrix, operator or vector, or applies a
    decorated or subscripted name the text writes as a function to a parenthesis."""
    ReadError = _LEXER["error"]
    declared_here = getattr(context, "declared_objects", None) or {}
    functions = getattr(context, "applied_decorated", None) or frozenset()
    found, toks = atoms(latex)
    labelled = {a[0]: a[2] for a in _labelled(found, toks) if "^{" in a[2]}
    if getattr(context, "about_vectors", False):
        plain = {a[0]: a for a in found if not a[3] and a[1] == a[0] + 1}
        for k, t in enumerate(toks):
            if t == r"\cdot" and k - 1 in plain and k + 1 in plain:
                # `(a \cdot b)\, c` in a text about vectors: the dot product as often as a product of numbers
                a, b = toks[k - 1], toks[k + 1]
                raise ReadError(f"`{a} \\cdot {b}` between names in a text about vectors is not read",
                                (f"the dot product of the vectors {a} and {b}", f"the product of the numbers {a} and {b}"))
    for start, end, name, bold, letter in found:
        if isinstance(declared_here.get(name), tuple):
            words = declared_here[name][1]
            if letter.lstrip("\\") in getattr(context, "subscripted", ()) or re.search(
                    rf"(?<![A-Za-z\\]){re.escape(letter)}\s*_", latex):
                # `\bar{x}` beside entries x_i would be the mean of x; the text says what it is
                raise ReadError(f"`{name}` is {words} by the text's own words, so it is not read as the mean of the "
                                f"entries of {letter}",
                                (f"{name} as the text defines it: {words}", f"{name} as the mean of {letter}"))
            continue
        if labelled.get(start) in declared_here:
            name = labelled[start]                      # `W^Q` the text calls a projection matrix: not W to the Q
        # `\hat{A}`, `\bar{x}` of a declared matrix or vector (no subscript): the same kind of object
        kind = name if name in declared_here else \
            letter if toks[start] in _DECORATIONS and name == toks[start] + "{" + letter + "}" else None
        if kind in declared_here and not bold:
            what = declared_here[kind]
            raise ReadError(f"`{name}` is {what} by the text's own words: a product of matrices or operators does "
                            "not commute, and of vectors it is a dot product, so it is not read as a number",
                            (f"{name} as {what}", f"{name} as a number"))
        if name in functions and end < len(toks) and toks[end] == "(" and letter not in context.functions:
            # (a function letter, `f_1(x)`, `\\hat{p}(x)`, is read as a function applied by the reader itself)
            close = next((j for j in range(end, len(toks)) if toks[j] == ")"), len(toks))
            inside = "".join(toks[end + 1:close])
            raise ReadError(f"`{name}({inside})`: the text writes {name} as a function (applied to a name), so "
                            "before a parenthesis it is not read",
                            (f"the function {name} at {inside}", f"the product {name}·({inside})"))
