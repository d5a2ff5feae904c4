"""Read a display whose sides are matrices: `\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix} = \\left[\\begin{array}{cc}…\\end{array}\\right]`.

A matrix is `pmatrix` or `bmatrix`, or `matrix` or `array` inside `\\left[ … \\right]` or `\\left( … \\right)` (a bare
`matrix` or `array` may be any grid).  Each cell is one side read by the reader's rules.  A side is matrices joined
by + and − and written side by side (the matrix product, before + and −, as in algebra); the relation between sides
is =.  Two matrices are equal when every entry is, so the display is read as one chain per entry, each entry of
the sides computed by SymPy's matrix arithmetic.  A scalar factor before the matrices of a term (`\\frac{t}{6}
\\begin{pmatrix}…`, `e^{-x^2}\\begin{pmatrix}…`) multiplies each entry.  Anything else in the display (a scalar after
a matrix or alone in a term, `\\det`, a transpose, a relation other than =, text) leaves the display to the grid
refusal; sides of two shapes, and sums
or products of matrices whose shapes do not fit, are refused by name.  A column of two entries in round brackets
(`pmatrix`, `\\left( … \\right)`) is the older notation of a binomial coefficient as often as a vector: a display
with one and no matrix product is refused, naming both, unless the text around it calls them vectors.
"""
from __future__ import annotations

import re
from itertools import permutations
from typing import Callable

import sympy as sp
from sympy.combinatorics import Permutation

from .reading import ReadError

_MATRIX = re.compile(r"\\left\s*([\[(])\s*\\begin\{(matrix|array)\}(?:\{[lcr|\s]*\})?(.*?)\\end\{\2\}\s*\\right\s*([\])])"
                     r"|\\begin\{([pb]matrix)\}(.*?)\\end\{\5\}", re.S)
_SPACING = re.compile(r"\\[,;:! ]|\\q?quad\b|~")
# A row ends at `\\`; `\\[4pt]`, `\\[1ex]`, `\\*` only add space after the row, and belong to no cell.
_ROW_END = re.compile(r"\\\\\*?(?:\s*\[\s*[-+]?[0-9.]*\s*(?:pt|ex|em|mm|cm|in|bp|pc|dd|cc|sp|mu)\s*\])?")


# `\nabla f(x, y)`: the gradient of a function the text defines, at its own parameters
_GRADIENT = re.compile(r"\\nabla\s*([A-Za-z])\s*(?:\\left\s*)?\(\s*([A-Za-z](?:\s*,\s*[A-Za-z])*)\s*(?:\\right\s*)?\)")
# `\; \textrm{and} \;`: two equations side by side in one display
_AND = re.compile(r"(?:\\[,;:! ]|\\q?quad\b|~|\s)*\\(?:textrm|text|mbox|mathrm)\s*\{\s*and\s*\}(?:\\[,;:! ]|\\q?quad\b|~|\s)*")


def equations(body: str) -> list[str]:
    r"""The equations a display joins with the word "and" (`… \; \textrm{and} \; …`), each its own; the body alone
    when it joins none."""
    return [part for part in _AND.split(body) if part.strip()] or [body]


# `f(x, y) = … \textrm{ with gradient } \nabla f(x, y) = \left[a, b\right]`: words after a function's definition
# that join to it the claim that its gradient is the written vector
_GRADIENT_WORDS = re.compile(r"^(?:\\[,;:! ]|\\q?quad\b|~|\s|,)*\\(?:textrm|text|mbox|mathrm)\s*\{\s*"
                             r"(with\s+gradient|and)\s*,?\s*\}(?:\\[,;:! ]|\\q?quad\b|~|\s)*(.*?)[\s.,;]*$", re.S)
_NABLA_HEAD = re.compile(r"\\nabla\s*([A-Za-z])\s*(?:\\left\s*)?\(\s*([A-Za-z](?:\s*,\s*[A-Za-z])*)\s*(?:\\right\s*)?\)"
                         r"\s*=\s*(.*)$", re.S)
_LISTED = re.compile(r"^(?:\\left\s*)?([\[(])(.*?)(?:\\right\s*)?([\])])(?:\s*\^\s*(?:\{\s*)?(?:\\top|T|\\intercal)"
                     r"(?:\s*\})?)?$", re.S)


def top_level_commas(text: str) -> list[str]:
    """`\\frac{e^x}{e^x+e^y}, \\frac{e^y}{e^x+e^y}`: the parts between the commas outside braces and brackets."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    return [p.strip() for p in parts + [text[start:]]]


def gradient_beside(annotation: str, name: str, params: list[str]) -> tuple[str, str] | None:
    r"""(the joining words, the gradient claim as an equation between columns) when `annotation`, written after the
    definition of the function `name` of `params` on the same row, says that its gradient is a vector:
    `\textrm{ with gradient } \nabla f(x, y) = \left[a, b\right]` (or "and" before `\nabla`).  The entries of the list
    in brackets are the gradient's entries in the order of the function's parameters (`[a, b]^\top` is the same
    list); the equation returned writes them as a column beside `\nabla f(x, y)`.  None for anything else: a ∇ of
    another function or at other names, a list with another number of entries, a vector written otherwise."""
    m = _GRADIENT_WORDS.match(annotation)
    if m is None:
        return None
    words, rest = " ".join(m.group(1).split()), m.group(2).strip()
    head = _NABLA_HEAD.match(rest)
    if head is None or head.group(1) != name or [a.strip() for a in head.group(2).split(",")] != params:
        return None
    rest = head.group(3).strip().rstrip(".,; ").strip()
    listed = _LISTED.match(rest)
    if listed is None or {"[": "]", "(": ")"}[listed.group(1)] != listed.group(3):
        return None
    entries = top_level_commas(listed.group(2))
    if len(entries) != len(params) or not all(entries):
        return None
    column = r"\begin{bmatrix}" + r" \\ ".join(entries) + r"\end{bmatrix}"
    return words, rf"\nabla {name}({', '.join(params)}) = {column}"


# `\mathbf{H}f(x, y) = …`, `\mathbf{H}_f(x, y) = …`, `\nabla^2 f(x, y) = …`: the Hessian of a function, a side alone
_HESSIAN = re.compile(r"^\s*(?:(\\(?:mathbf|boldsymbol)\s*\{\s*H\s*\})\s*(?:_\s*)?|\\nabla\s*\^\s*(?:2|\{\s*2\s*\})\s*)"
                      r"(?:\{\s*([A-Za-z])\s*\}|([A-Za-z]))\s*(?:\\left\s*)?\(\s*([A-Za-z](?:\s*,\s*[A-Za-z])*)\s*"
                      r"(?:\\right\s*)?\)(?=\s*=)")
# `\mathbf{H}` written anywhere: the Hessian only when every one is before a function's name, as above
# (every bold spelling: `\mathbf H`, `\bm{H}`, `\boldsymbol H` as well, each a matrix the text may write)
_BOLD_H = re.compile(r"\\(?:mathbf|boldsymbol|bm|pmb|mathbold|mathbfit|symbf)\s*(?:\{\s*H\s*\}|H(?![A-Za-z]))")
_BOLD_H_BEFORE_A_NAME = re.compile(r"\\(?:mathbf|boldsymbol)\s*\{\s*H\s*\}\s*(?:_\s*)?(?:\{\s*[A-Za-z]\s*\}|[A-Za-z])"
                                   r"\s*(?:\\left\s*)?\(")


def bold_h_is_an_operator(text: str) -> bool:
    r"""Whether every `\mathbf{H}` the text writes is before a function's name and its arguments (`\mathbf{H}f(x, y)`,
    `\mathbf{H}_f(x, y)`): H is then the Hessian operator, never a matrix of the text's own (`\mathbf{H} = …`,
    `\mathbf{H}\mathbf{x}`)."""
    return len(_BOLD_H.findall(text)) == len(_BOLD_H_BEFORE_A_NAME.findall(text))


def hessian(body: str, functions: dict, bold_h: bool) -> tuple[str, str]:
    r"""The body with the Hessian of a function the text defines as f(x, y) (`functions`: name -> (its parameters, its
    body)), written as a whole first side (`\mathbf{H}f(x, y) = …`, `\mathbf{H}_f(x, y) = …`, `\nabla^2 f(x, y) = …`), set
    out as the square matrix of its second partial derivatives, entry (i, j) ∂²f/∂x_i∂x_j, in the order of its
    parameters; and the Hessian as written ("" when none is).  Left as written: a bold H the text also writes as
    anything else than this operator (`bold_h` False: bold_h_is_an_operator), ∇² or H not alone on its side (∇² f
    times a vector may be the Laplacian's multiple as well), at other names than the definition's parameters, or of a
    function the text does not define."""
    m = _HESSIAN.match(body)
    if m is None or (m.group(1) and not bold_h):
        return body, ""
    name, args = m.group(2) or m.group(3), [a.strip() for a in m.group(4).split(",")]
    defined = functions.get(name)
    if not isinstance(defined, tuple) or [str(p) for p in defined[0]] != args:
        return body, ""
    at = ", ".join(args)

    def entry(a: str, b: str) -> str:
        below = rf"\partial {a}^2" if a == b else rf"\partial {a} \partial {b}"
        return rf"\frac{{\partial^2 {name}}}{{{below}}}({at})"
    grid = r" \\ ".join(" & ".join(entry(a, b) for b in args) for a in args)
    return r"\begin{bmatrix}" + grid + r"\end{bmatrix}" + body[m.end():], m.group(0).strip()


def gradients(body: str, functions: dict, point: tuple = ()) -> tuple[str, bool]:
    r"""The body with each `
abla f(x, y)` of a function the text defines as f(x, y) (`functions`: name -> (its
    parameters, its body), as the chain reader is given them) written as the column of its partial derivatives
    `egin{bmatrix}rac{\partial f}{\partial x}(x, y) \ rac{\partial f}{\partial y}(x, y)\end{bmatrix}`, in the
    order of its parameters; and whether any was.  A gradient at other names than the definition's parameters, or of
    a function the text does not define, is left as written (not read).  `point`: the LaTeX of the values the words
    give the parameters for this display ("at a point like $(0, \log(2))$"), at which each partial derivative is
    taken instead."""
    found = False

    def column(m: re.Match) -> str:
        nonlocal found
        name, args = m.group(1), [a.strip() for a in m.group(2).split(",")]
        defined = functions.get(name)
        if not isinstance(defined, tuple) or [str(p) for p in defined[0]] != args:
            return m.group(0)
        found = True
        at = ", ".join(point if len(point) == len(args) else args)
        return (r"\begin{bmatrix}" + r" \\ ".join(rf"\frac{{\partial {name}}}{{\partial {a}}}({at})" for a in args)
                + r"\end{bmatrix}")
    return _GRADIENT.sub(column, body), found


def matrix_sides(body: str, read: Callable[[str], sp.Expr],
                 vectors: bool = False) -> tuple[list[str], list[sp.Matrix]] | None:
    """(the LaTeX of each side, its value) when the display is an equation between matrix expressions, None when it
    is not one; a ReadError when it is one that is not read (a cell, or shapes that do not fit).  `vectors`: the
    text around the display calls its columns vectors (and speaks of no binomial)."""
    found: list[tuple[str, list[list[str]]]] = []
    round_: set[int] = set()                        # the matrices in round brackets

    def mark(m: re.Match) -> str:
        if m.group(1) and {"[": "]", "(": ")"}[m.group(1)] != m.group(4):
            return m.group(0)
        cells = m.group(3) if m.group(1) else m.group(6)
        rows = [r for r in _ROW_END.split(cells) if r.strip()]
        found.append((m.group(0), [[c.strip() for c in r.split("&")] for r in rows]))
        if m.group(1) == "(" or m.group(5) == "pmatrix":
            round_.add(len(found) - 1)
        return f"⟦{len(found) - 1}⟧"

    rest = _MATRIX.sub(mark, body)
    rest = _SPACING.sub(" ", rest).strip().rstrip(".,; ").strip()
    if not found or not rest:
        return None
    sides = _sides(rest)
    if sides is None or len(sides) < 2 or any(not s for s in sides):
        return None
    values = {}
    for side in sides:
        for p in side:
            if isinstance(p, str) and p not in ("+", "-"):
                values[p] = read(p[1:])                 # a scalar factor before a matrix: `\frac{t}{6}`
                if isinstance(values[p], sp.MatrixBase):
                    return None
    for n, (latex, rows) in enumerate(found):
        if len({len(r) for r in rows}) != 1:
            raise ReadError(f"`{latex[:60]}`: rows of different lengths, which is not a matrix")
        values[n] = sp.ImmutableMatrix([[read(c) for c in r] for r in rows])
    out, shown = [], []
    for side in sides:
        total, term, sign = None, None, 1
        for p in side + ["+"]:
            if p in ("+", "-"):
                if term is None:
                    if total is not None or p == "+":
                        return None                 # `A + + B`, a leading +: not a matrix expression
                    sign = -1
                    continue
                try:
                    total = sign * term if total is None else total + sign * term
                except sp.ShapeError:
                    raise ReadError("a sum of matrices of different shapes is not read") from None
                term, sign = None, 1 if p == "+" else -1
            else:
                try:
                    term = values[p] if term is None else term * values[p]
                except sp.ShapeError:
                    raise ReadError("a product of matrices whose shapes do not fit is not read") from None
        out.append(sp.ImmutableMatrix(total) if isinstance(total, sp.MatrixBase) else total)
        shown.append(" ".join(found[p][0] if isinstance(p, int) else p.lstrip("·") for p in side))
    if any(not isinstance(m, sp.MatrixBase) for m in out):
        return None                                     # a side with no matrix: not a matrix equation
    if len({m.shape for m in out}) != 1:
        raise ReadError(f"matrices of shapes {' and '.join(sorted({'×'.join(map(str, m.shape)) for m in out}))} set "
                        "equal: not read", ("a false equation", "a relation between other objects the text means"))
    product = any(isinstance(a, int) and isinstance(b, int) for side in sides for a, b in zip(side, side[1:]))
    binomial = [found[n][0] for n in sorted(round_) if [len(r) for r in found[n][1]] == [1, 1]]
    if binomial and not product and not vectors:
        # `\begin{pmatrix} n \\ k \end{pmatrix}`, `\left(\begin{array}{c} 5 \\ 2 \end{array}\right)`: the binomial
        # coefficient in the older notation as often as a column vector; only a matrix product settles a vector
        raise ReadError(f"`{binomial[0][:60]}`: a column of two entries in round brackets, with no matrix product",
                        ("a column vector", "the binomial coefficient in the older notation"))
    return shown, out


def _sides(rest: str) -> list[list] | None:
    """The sides of `rest` (matrices marked ⟦n⟧) as lists of pieces: a matrix's number, "+" or "-", or a scalar
    factor that stands before the first matrix of its term ("·" then its LaTeX: `\\frac{t}{6} ⟦0⟧`).  None when a term
    has a scalar anywhere else, or no matrix (a matrix plus a number is not read)."""
    sides, side, term, depth = [], [], "", 0

    def close_term() -> bool:
        text = term.strip()
        if not text:
            return True
        m = re.fullmatch(r"(.*?)((?:\s*⟦\d+⟧)+)", text, re.S)
        if m is None or "⟦" in m.group(1):
            return False
        if m.group(1).strip():
            side.append("·" + m.group(1).strip())
        side.extend(int(x) for x in re.findall(r"⟦(\d+)⟧", m.group(2)))
        return True

    for ch in rest + "=":
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        if depth == 0 and ch in "=+-":
            if not close_term():
                return None
            if ch == "=":
                sides.append(side)
                side = []
            else:
                side.append(ch)
            term = ""
        else:
            term += ch
    return sides


# `\det` before a grid: `\det\begin{bmatrix}…\end{bmatrix}`, `\det \left[\begin{matrix}…\end{matrix}\right]`
_DETERMINANT = re.compile(r"\\det\s*(?:\\left\s*([\[(])\s*\\begin\{(matrix|array)\}(?:\{[lcr|\s]*\})?(.*?)\\end\{\2\}"
                          r"\s*\\right\s*([\])])|\\begin\{([pb]matrix)\}(.*?)\\end\{\5\})", re.S)
# What makes a cell a vector or a matrix (a block of a larger matrix) as often as a number: a bold or arrowed letter,
# a grid of its own, a capital Latin letter (`\begin{bmatrix} A & B \\ C & D \end{bmatrix}`: det is not AD − BC).
_NOT_A_NUMBER = re.compile(r"\\(?:mathbf|boldsymbol|bm|vec|overrightarrow|begin)\b|(?<![\\A-Za-z])[A-Z](?![A-Za-z])")


def determinants(body: str) -> tuple[str, list[str]]:
    r"""The body with each `\det` of a grid of numbers (`\det\begin{bmatrix} a & b \\ c & d \end{bmatrix}`) written
    out as its determinant, the sum over permutations of signed products of entries, each entry in parentheses
    (`\left((a) \cdot (d) - (b) \cdot (c)\right)`), and the rules that say so.  A determinant is defined for a square
    grid of numbers: a grid that is not square, or holds a cell that may be a vector or a matrix (a bold or arrowed
    letter, a grid, a capital letter: a block matrix, whose determinant is not the same formula), is refused by name,
    and a grid larger than 4 × 4 is left as written (refused with the other grids)."""
    rules: list[str] = []

    def expand(m: re.Match) -> str:
        if m.group(1) and {"[": "]", "(": ")"}[m.group(1)] != m.group(4):
            return m.group(0)
        cells = m.group(3) if m.group(1) else m.group(6)
        rows = [[c.strip() for c in r.split("&")] for r in _ROW_END.split(cells) if r.strip()]
        shown = " ".join(m.group(0).split())[:60]
        if any(len(r) != len(rows) for r in rows):
            raise ReadError(f"`{shown}`: the determinant of a grid that is not square ({len(rows)} rows of "
                            f"{' and '.join(sorted({str(len(r)) for r in rows}))} entries) is not read")
        blocks = [c for r in rows for c in r if _NOT_A_NUMBER.search(c)]
        if blocks:
            raise ReadError(f"`{shown}`: a determinant of a grid whose entry `{blocks[0]}` may be a vector or a matrix "
                            "is not read", ("the determinant of a matrix of numbers",
                                            "the determinant of a block matrix (not the same formula)"))
        if any(not c for r in rows for c in r) or len(rows) > 4:
            return m.group(0)
        n = len(rows)
        terms = []
        for perm in _permutations(n):
            sign = Permutation(list(perm)).signature()
            product = r" \cdot ".join(f"({rows[i][perm[i]]})" for i in range(n))
            terms.append(("- " if sign < 0 else "+ ") + product)
        formula = " ".join(terms).lstrip("+ ")
        rules.append(f"read `{shown.strip()}…` as the determinant of its {n} × {n} entries, the sum over permutations "
                     f"of signed products of entries: {formula}")
        # the rows' line breaks kept, so the sides after the grid stay on their lines
        return r"\left(" + formula + r"\right)" + "\n" * m.group(0).count("\n")

    return _DETERMINANT.sub(expand, body), rules


def _permutations(n: int) -> list[tuple[int, ...]]:
    return list(permutations(range(n)))
