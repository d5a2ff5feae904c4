r"""A function of a bold vector that a display defines, applied in a matrix expression.

`$$h(\mathbf{x}) = \frac{1}{2} \mathbf{x}^\top \mathbf{Q} \mathbf{x} + \mathbf{x}^\top \mathbf{c} + b.$$`: the first
display that writes a one-letter function of one bold lower-case vector, set equal to a side with no `=` and no
application of that letter, defines it.  That display is a definition, not a claim; in a matrix expression after it
(products.py), `h(\mathbf{x})` is that body and `h(\mathbf{x} + \mathbf{y})` the body with `(\mathbf{x} + \mathbf{y})`
put for every `\mathbf{x}`.  Nothing else is read as the definition:

* a body that is no matrix expression (no bold capital, no declared matrix) is left as before, and so is an
  application a derivative or a gradient takes (`\partial_\mathbf{x} h(\mathbf{x})`);
* a body that writes the vector with a subscript or a power other than a transpose (`\mathbf{x}_t`, `\mathbf{x}^*`,
  another vector, or one the text may mean otherwise), or its letter not bold (`x_1`, a coordinate the argument is
  not put for), or an argument with a comma, refuses the application;
* a function the words after its display say something is of (`$h$ is the hidden layer`, `$h$ denotes`) may be
  another function there: it is not read;
* a function the text defines twice (a second display or inline formula `h(\mathbf{x}) = …` after words that define:
  let, define, consider, suppose, denote; or an inline formula `h(…) = …` of any argument anywhere in the prose) is not
  read at all: which body an application means is not settled;
* a later display `h(\mathbf{x}) = …` (or `h(t) = …`, of any argument) after no such words is a claim about the function as defined (document.py
  reads it as a step only after words that derive it, as a second value of a defined name); an application after it
  is not read, as that display may have defined the function again (another example).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .environments import last_paragraph
from .reading import ReadError, tokens

_BOLD = {r"\mathbf", r"\boldsymbol", r"\bm"}
# `h(\mathbf{x})`, `h\left(\boldsymbol{x}\right)`: one Latin letter applied to one bold lower-case letter
HEAD = re.compile(r"\s*(?P<name>[A-Za-z])\s*(?:\\left\s*)?\(\s*(?P<command>\\(?:mathbf|boldsymbol|bm))\s*"
                  r"(?:\{\s*(?P<letter>[a-z])\s*\}|(?P<bare>[a-z])(?![A-Za-z]))\s*(?:\\right\s*)?\)\s*")
# words right before a display that give a function a (new) definition rather than derive a claim about it
_DEFINING = re.compile(r"\b(?:let|define[sd]?|defining|definition|consider|suppose|denote[sd]?|instead|now\s+take|"
                       r"redefine[sd]?)\b", re.I)
# one letter applied to its parameters, as a definition writes it: `h(t)`, `h(\mathbf{z})`, `h(x, y)`, `h(\theta; \mathbf{X})`
# (not `h(2\mathbf{x})`, a claim about the function at a point)
_NAME = r"(?:\\(?:mathbf|boldsymbol|bm|mathrm)\s*)?(?:\{\s*\\?[A-Za-z]+\s*\}|\\?[A-Za-z]+)"
_APPLIED = re.compile(r"\s*([A-Za-z])\s*(?:\\left\s*)?\(\s*" + _NAME + r"(?:\s*[,;]\s*" + _NAME
                      + r")*\s*(?:\\right\s*)?\)\s*")
# words that say what a name is: the text may give the letter another meaning (`$h$ is the hidden layer`)
_SAYS_WHAT = re.compile(r"\b(?:is|are|be|being|denotes?|denoting|stands?\s+for|represents?|let|define[sd]?|defining|"
                        r"now|instead|redefine[sd]?|layers?|networks?|activations?|maps?|operators?)\b", re.I)
_INLINE = re.compile(r"(?<!\$)\$([^$]{1,400})\$(?!\$)|\\\((.{1,400}?)\\\)", re.S)


@dataclass(frozen=True)
class VectorFunction:
    name: str           # the letter, `h`
    letter: str         # the vector's letter, `x`
    body: str           # the right side as written
    line: int           # the line of the row that defines it
    display: int = 0    # the line the display that defines it opens at
    again: int = 0      # the line of a later display `h(\mathbf{x}) = …` after no defining words, or 0

    def at(self, line: int):
        """The definition a chain at `line` applies: after another display gives h a value, which one is not settled."""
        if self.again and line > self.again:
            return (f"a display at line {self.again} gives `{self.name}` another value, after its definition at line "
                    f"{self.line}: which one an application after both means is not settled")
        return self

    def shown(self) -> str:
        return f"{self.name}(\\mathbf{{{self.letter}}}) = {' '.join(self.body.split())}"


def head(side: str) -> tuple[str, str] | None:
    """(the function's letter, the vector's letter) of a side that is only `h(\\mathbf{x})`, or None."""
    m = HEAD.fullmatch(side)
    return (m.group("name"), m.group("letter") or m.group("bare")) if m else None


def _last_sentence(prose: str) -> str:
    paragraph = last_paragraph(prose)
    return re.split(r"(?<=[.;!?])\s+", paragraph.strip())[-1] if paragraph else ""


def definitions(blocks, chains_of, text: str, is_matrix_expression) -> dict:
    """{letter: its VectorFunction, or the reason it is not read} for each function of a bold vector the text
    defines by a matrix expression (`is_matrix_expression(body)`: a bold capital, a declared matrix).  `blocks` are
    the text's displays in order, `chains_of(block)` their chains."""
    out: dict = {}
    for block in blocks:
        for chain in chains_of(block):
            if not chain.relations or chain.relations[0] != "=" or len(chain.sides) < 2:
                continue
            found = head(chain.sides[0])
            if found is None:
                # `h(t) = t^2` after h is defined: the text gives the letter another value, of another argument
                other = _APPLIED.fullmatch(chain.sides[0]) or re.fullmatch(r"\s*([A-Za-z])\s*", chain.sides[0])
                if other and isinstance(out.get(other.group(1)), VectorFunction) and not out[other.group(1)].again:
                    out[other.group(1)] = replace(out[other.group(1)], again=chain.line)
                continue
            name, letter = found
            body = chain.sides[1]
            if name not in out:
                if len(chain.sides) == 2 and "=" not in body and is_matrix_expression(body) \
                        and not re.search(r"(?<![A-Za-z\\])" + name + r"\s*(?:\\left\s*)?\(", body) \
                        and re.search(r"\\(?:mathbf|boldsymbol|bm)\s*\{?\s*" + letter + r"\b", body):
                    out[name] = VectorFunction(name, letter, body, chain.line, getattr(block, "line", chain.line))
                continue
            if isinstance(out[name], VectorFunction) and _DEFINING.search(_last_sentence(block.prose_before)):
                out[name] = (f"`{name}` is defined more than once (lines {out[name].line} and {chain.line}): which "
                             "definition an application means is not settled")
            elif isinstance(out[name], VectorFunction) and not out[name].again:
                out[name] = replace(out[name], again=chain.line)
    for m in _INLINE.finditer(re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)):
        math = m.group(1) if m.group(1) is not None else m.group(2)
        lhs = math.split("=")[0] if "=" in math else ""
        # (`$h = \sigma(\mathbf{W}\mathbf{x})$`: the letter alone set to a value, another meaning of it too)
        found = (_APPLIED.fullmatch(lhs) or re.fullmatch(r"\s*([A-Za-z])\s*", lhs)) if lhs else None
        found = (found.group(1),) if found else None
        if found is not None and found[0] in out:
            out[found[0]] = (f"`{found[0]}` is given a value in the prose (`{' '.join(math.split())}`) as well as by "
                             "a display: which definition an application means is not settled")
    lines = text.split("\n")
    for name, f in list(out.items()):
        if not isinstance(f, VectorFunction):
            continue
        after = re.sub(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\{(\w+\*?)\}.*?\\end\{\1\}", " . ",
                       "\n".join(lines[max(f.display - 1, 0):]), flags=re.S)
        for sentence in re.split(r"(?<=[.;!?])\s+|\n\s*\n", after):
            maths = [m.group(1) if m.group(1) is not None else m.group(2) for m in _INLINE.finditer(sentence)]
            if any(re.fullmatch(r"\s*" + name + r"\s*(?:(?:\\left\s*)?\(.*)?", math, re.S) for math in maths) \
                    and _SAYS_WHAT.search(_INLINE.sub(" ", sentence)):
                out[name] = (f"the words after the display that defines it say what `{name}` is "
                             f"(`{' '.join(sentence.split())[:120]}`): which meaning an application has is not settled")
                break
    return out


def substitute(latex: str, functions: dict) -> tuple[str, list[str]]:
    """The side with each `h(…)` of a function in `functions` put in as its body in brackets, and the rules said; a
    ReadError where the application is not read."""
    toks = tokens(latex)
    if not any(t in functions for t in toks):
        return latex, []
    out: list[str] = []
    said: list[str] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        before, two_before = toks[i - 1] if i else "", toks[i - 2] if i > 1 else ""
        # (not a letter in a script or a bold name: `x_h(`, `\mathbf{h}(`)
        inside = before in ("_", "^") or before in _BOLD or before == "{" and (two_before in ("_", "^")
                                                                              or two_before in _BOLD)
        # (nor one a derivative or a gradient takes: `\partial_\mathbf{x} f(\mathbf{x})` is read as written)
        inside = inside or any(x in (r"\partial", r"\nabla", "d", r"\mathrm", r"\operatorname") for x in out[-8:])
        if t in functions and i + 1 < len(toks) and toks[i + 1] == "(" and not inside:
            f = functions[t]
            if isinstance(f, str):
                raise ReadError(f"`{t}` applied in a matrix expression is not read: {f}")
            close, depth = None, 0
            for j in range(i + 1, len(toks)):
                depth += toks[j] == "("
                depth -= toks[j] == ")"
                if depth == 0:
                    close = j
                    break
            if close is None:
                raise ReadError(f"`{t}(` with no closing bracket in a matrix expression is not read")
            argument = toks[i + 2:close]
            if not argument or "," in argument:
                raise ReadError(f"`{t}` applied to {'nothing' if not argument else 'more than one argument'} is not "
                                f"read: the text defines {f.shown()}, of one vector")
            out += ["("] + _body_at(f, argument) + [")"]
            shown = " ".join(argument)
            said.append(f"read `{t}({shown})` as the body of {t}, which the display at line {f.line} defines "
                        f"({f.shown()})" + ("" if argument == _param(f) or argument == _param(f, braced=False)
                                            else f", with ({shown}) put for \\mathbf{{{f.letter}}}"))
            i = close + 1
            continue
        out.append(t)
        i += 1
    return " ".join(out), said


def _param(f: VectorFunction, braced: bool = True) -> list[str]:
    return [r"\mathbf", "{", f.letter, "}"] if braced else [r"\mathbf", f.letter]


def _body_at(f: VectorFunction, argument: list[str]) -> list[str]:
    """The body's tokens with the argument put for the vector; a ReadError where the body writes the vector's letter
    with a subscript or a power other than a transpose (another vector, or an exponent)."""
    body = tokens(f.body)
    same = argument in (_param(f), _param(f, braced=False))
    put = list(argument) if same else ["("] + list(argument) + [")"]
    out: list[str] = []
    k = 0
    while k < len(body):
        if body[k] in _BOLD:
            if k + 3 < len(body) and body[k + 1] == "{" and body[k + 2] == f.letter and body[k + 3] == "}":
                end = k + 4
            elif k + 1 < len(body) and body[k + 1] == f.letter:
                end = k + 2
            else:
                out.append(body[k])
                k += 1
                continue
            after = body[end:end + 4]
            if after[:1] == ["_"] or after[:1] == ["^"] and not (
                    after[1:2] in ([r"\top"], ["T"], [r"\intercal"])
                    or after[1:4] in ([ "{", r"\top", "}"], ["{", "T", "}"], ["{", r"\intercal", "}"])):
                raise ReadError(f"`{f.name}` applied in a matrix expression is not read: its body ({f.shown()}) "
                                f"writes \\mathbf{{{f.letter}}} with a subscript or a power (another vector, or an "
                                "exponent), which the argument is not put for")
            out += put
            k = end
            continue
        if body[k] == f.letter:
            # `x_1`, `x_i`, `x`: the letter not bold, a coordinate of the vector (or a scalar the text may tie to it),
            # which putting the argument for the bold vector leaves as it was
            raise ReadError(f"`{f.name}` applied in a matrix expression is not read: its body ({f.shown()}) writes "
                            f"{f.letter} not bold as well (a coordinate of \\mathbf{{{f.letter}}}, or a scalar the text "
                            "may tie to it), which the argument is not put for")
        out.append(body[k])
        k += 1
    return out
