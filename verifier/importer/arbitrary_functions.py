r"""Functions the text's words introduce as arbitrary, with the properties they state (`at_functions=`).

"for working with compositions of any differentiable functions $f$ and $g$", "Suppose that functions $f$ and $g$ are
differentiable", "convexity of $f$", "($h$ is a parametrized function)": the text claims its lines for every function
with those properties, so a step that writes f is refuted at a witness with every one of them (exp, sin, t ↦ t², …,
the one table in verifier/functions.py; judge/witnesses.py).  A function is taken as arbitrary only where every word
of the text about it is understood:

  - the text gives it no body anywhere (`f(x) = x^2` in a display or in a sentence, `Let $f(x) = …$`, `f :=`);
  - the words never name it as one object ("Let $f$ be the loss function", "$f$ is the density of $X$", "the
    network's output $f$"): `the` before or after its name, or a noun before it that is no property;
  - every property the words state of it is one the witness table knows (differentiable, smooth, continuous, convex,
    concave, parametrized, arbitrary, any); "monotone", "Lipschitz", "bounded", "with bounded derivative" are not,
    and a word after its name that says more ("that", "such", "defined", "has") is not understood either;
  - every formula of the prose that writes it is one of: the function alone or applied with no relation; `f'' \geq
    0` (convex) or `f'' \leq 0` (concave), which then restricts its witnesses; an equation giving another quantity
    its value from the function (`P(z=1 \mid \mathbf{x})=\frac{1}{1+\exp(-h(\mathbf{x}))}`), a value every witness
    allows (a probability's value between 0 and 1 whatever the function's value).  Any other formula (`f(x) > 0`,
    `f: \mathbb{R} \to \mathbb{R}`) is a statement about it not understood.

  - no other sentence may say more of it: one that writes it and gives it a value or an example ("$f$ is
    $\sigma$", "say $\tanh$", "we use the sigmoid"), or one that does not write it, writes no formula or refers back
    ("it", "the function"), and restricts a function or gives it values ("the function only takes positive values").

A function the words never introduce (`f` only written in the displays) stays as it was: no witness.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import sympy as sp

from ..functions import WITNESS_PROPERTIES, witnesses_with

# the words that state a property of the witness table, and the property each states
PROPERTY_WORDS = {
    "any": "arbitrary", "arbitrary": "arbitrary", "parametrized": "parametrized", "parameterized": "parametrized",
    "parametrised": "parametrized", "parameterised": "parametrized", "continuous": "continuous",
    "differentiable": "differentiable", "smooth": "smooth", "convex": "convex", "concave": "concave",
}
# the nouns of a property ("convexity of $f$")
PROPERTY_NOUNS = {"convexity": "convex", "concavity": "concave", "continuity": "continuous",
                  "differentiability": "differentiable", "smoothness": "smooth"}
# words that may stand between the properties and the names in a list of them: "any differentiable functions f and g"
_FILLER = {"a", "an", "function", "functions", "and", "or", "both", "also", "all", "two", "every", "real"}
# words before "function(s) $f$" that introduce any function: "any", "a", "suppose that", "of"
_BEFORE = {"any", "every", "all", "arbitrary", "a", "an", "two", "both", "that", "suppose", "consider", "let", "for",
           "of", "with", "where", "if", "take", "and", "or", "assume", "say"}
# words that make a sentence say a function exists, not that it is any function: "there is a convex function f with"
_EXISTS = re.compile(r"there\s+(?:exists?|is|are)|exists?|some|can\s+(?:find|choose|pick)", re.I)
# words before a property's noun that deny it: "without convexity of $f$"
_DENIED = {"no", "not", "without", "lack", "non", "nor", "neither", "unless"}
# words after the names that end the clause about them
_AFTER = {"and", "or", "implies", "imply", "then", "we", ",", ".", ")", ";", ":", "", "(", "$"}
# words that end the properties after "is"/"are"
_CLAUSE_END = {"then", "so", "we", "since", "because", "if", "when", "whenever", "implies", "$", ".", ",", ";", ":",
               ")", "(", ""}
_DISPLAYS = re.compile(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\{(\w+\*?)\}.*?\\end\{\1\}|```math.*?```", re.S)
_INLINE = re.compile(r"(?<!\\)\$([^$]{1,400})\$")
_RELATION = re.compile(r"=|<|>|\\le|\\ge|\\neq|\\ne\b|\\in\b|\\to\b|\\rightarrow|\\mapsto|:|\\succ|\\prec|\\sim|\\approx"
                       r"|\\equiv|\\propto|\\coloneqq")
_PROBABILITY_HEADS = {"P", "p", r"\Pr", r"\mathbb{P}", r"\mathbb P", r"\mathrm{P}", r"\operatorname{P}"}


@dataclass(frozen=True)
class Introduced:
    """A function the text introduces as arbitrary: its properties and the words that introduce it."""
    properties: tuple
    words: str
    satisfied: tuple = ()       # the text's formulas about it that every witness satisfies, as written

    def witnesses(self):
        return witnesses_with(self.properties)


def _letter(name: str) -> str:
    """The LaTeX of a function's SymPy name: `f` for f, `\\phi` for phi."""
    return name if len(name) == 1 else "\\" + name


def _written_as(math: str, letter: str) -> bool:
    """Whether the formula writes the letter as a name (not inside a longer name or command)."""
    return re.search(r"(?<![A-Za-z\\])" + re.escape(letter) + r"(?![A-Za-z])", math) is not None


def _given_a_body(text: str, letter: str) -> bool:
    """Whether any formula of the text gives the function a value: `f(x) = …`, `f := …`, `f = …`, `f \\colon x
    \\mapsto …` at the start of a formula, of a row, after words that define, or as a middle side alone (`y = f(x) =
    …`), the relation after spacing or an alignment mark (`f(x) &= …`, `f(x) \\, = …`)."""
    space = r"(?:\s|\\[,;:!>]|\\quad|\\qquad|~|&)*"
    head = (re.escape(letter) + r"(?![A-Za-z])\s*(?:\\left)?\s*(?:\([^=]{0,80}?\)|\[[^=]{0,80}?\])?\s*(?:\\right\)?)?"
            + space)
    defining = (r"(?:=|:=|\\coloneqq|\\equiv|\\triangleq|\\doteq|\\stackrel\{[^}]*\}\{=\}|\\overset\{[^}]*\}\{=\}|"
                r"(?::|\\colon)(?:[^$=]{0,80}?)\\mapsto)")
    start = r"(?:^|\$|\\\[|&|\\\\|\\begin\{\w+\*?\}|\{|,|=|\\text\{[^}]*\}|\\quad|\\qquad)" + space
    return re.search(start + head + defining, text, re.M) is not None


def _restricted_in_a_display(text: str, letter: str) -> bool:
    """Whether a display or a row of one writes the function alone on a side of a relation that is no equation:
    `f: \\mathbb{R} \\to (0, \\infty)`, `f(x) > 0 \\text{ for all } x`, `f''(x) \\geq 0` — a range or a property
    the witnesses need not have, wherever in the text it stands (a display after the line too)."""
    head = (r"(?:\$\$|\\\[|\\begin\{\w+\*?\}|&|\\\\)\s*" + re.escape(letter)
            + r"(?![A-Za-z])\s*(?:'+|\^\{?\\prime(?:\\prime)*\}?)?\s*(?:\\left)?\s*(?:\([^()]{0,80}\))?\s*"
            r"(?:\\right)?\s*")
    relation = r"(?:<|>|\\l(?:e|eq|eqslant|t)\b|\\g(?:e|eq|eqslant|t)\b|\\neq?\b|\\in\b|:|\\colon|\\to\b|\\subset)"
    return re.search(head + relation, text) is not None


# words just before a display that make it a hypothesis, not a claim ("which holds since", "provided that", "where")
_HYPOTHESIS_BEFORE = re.compile(r"\b(?:since|because|as|provided|given|assuming|assume[sd]?|suppose[sd]?|whenever|if|"
                                r"when|where|whereby|such\s+that|for\s+which|whose|with|recall|note|remember|"
                                r"assumptions?|hypothes[ie]s|premises?)\b[^.;$]{0,40}$", re.I)


def _a_hypothesis_display(text: str, letter: str) -> bool:
    """Whether a display that writes the function comes right after words that make it a hypothesis ("which holds
    since $$|f(x) - f(y)| \\leq |x - y|$$"): a property the witnesses need not have, wherever in the text it stands
    (an unread display binds only the displays after it, not a line before it)."""
    for m in _DISPLAYS.finditer(text):
        if _written_as(m.group(0), letter) and _HYPOTHESIS_BEFORE.search(text[max(0, m.start() - 120):m.start()]):
            return True
    return False


def _given_in_code(text: str, name: str) -> bool:
    """Whether code anywhere in the text defines the function (`def f(x):`, `f = lambda x: …`): the text's f is then
    that function, in the displays before the code too."""
    return re.search(r"(?m)^\s*def\s+" + re.escape(name) + r"\s*\(|(?<![\w.])" + re.escape(name)
                     + r"\s*=\s*lambda\b", text) is not None


_TOKEN = re.compile(r"[A-Za-z'-]+|\S")


def _words_before(prose: str, at: int, count: int = 6) -> list[str]:
    return _TOKEN.findall(prose[max(0, at - 200):at])[-count:]


def _words_after(prose: str, at: int, count: int = 12) -> list[str]:
    return _TOKEN.findall(prose[at:at + 300])[:count]


def _properties_after(words: list[str]) -> list[str] | None:
    """After "is"/"are"/"be": the properties up to the end of the clause; None when a word there is not understood."""
    found = []
    for k, w in enumerate(words):
        lw = w.lower()
        if lw == "$" and all(x.lower() in ("a", "an") for x in words[:k]):
            return None         # "$f$ is $2x$", "$f'$ is $g$": a formula about it
        if lw in _CLAUSE_END:
            return found
        if lw in PROPERTY_WORDS:
            found.append(PROPERTY_WORDS[lw])
        elif lw not in _FILLER:
            return None
    return found


def _mentions(prose: str, letter: str):
    """Each inline formula of the prose that writes the letter: (its start, its end, its text)."""
    for m in _INLINE.finditer(prose):
        if _written_as(m.group(1), letter):
            yield m.start(), m.end(), m.group(1).strip()


_NAME = r"\$\s*(?:[A-Za-z]|\\[a-zA-Z]+)\s*\$"
_JOIN = r"\s*(?:,\s*(?:and\s+)?|and\s+|or\s+)"


def _names_run_before(prose: str, start: int) -> int:
    """The start of the run of names `$f$ and $g$, $h$` the mention at `start` ends."""
    while True:
        m = re.search(_NAME + _JOIN + r"$", prose[:start])
        if not m:
            return start
        start = m.start()


def _names_run_after(prose: str, end: int) -> int:
    """The end of the run of names the mention ending at `end` starts."""
    while True:
        m = re.match(_JOIN + _NAME, prose[end:])
        if not m:
            return end
        end += m.end()


def _about_a_bare_name(prose: str, start: int, end: int) -> tuple[list[str], str] | None:
    """The properties the words around a mention state ([] none) and those words; None when they say what is not
    understood (a noun, `the`, a property the table does not know, more words about it)."""
    first, last = _names_run_before(prose, start), _names_run_after(prose, end)
    before = [w.lower() for w in _words_before(prose, first)]
    after = _words_after(prose, last)
    props: list[str] = []
    said = prose[first:last]
    if before and before[-1] in ("function", "functions"):
        # "any differentiable functions $f$ and $g$": the words before "functions" back to one that introduces
        k = len(before) - 2
        while k >= 0 and (before[k] in PROPERTY_WORDS or before[k] in (",", "and", "or")):
            if before[k] in PROPERTY_WORDS:
                props.append(PROPERTY_WORDS[before[k]])
            k -= 1
        if k >= 0 and before[k] not in _BEFORE and before[k] not in (".", "(", ";", ":"):
            return None             # "the loss function $f$", "a monotone function $f$", "activation functions"
        said = " ".join(before[max(k, 0):]) + " " + said
    elif before and before[-1] == "of":
        if len(before) < 2 or before[-2] not in PROPERTY_NOUNS or len(before) > 2 and before[-3] in _DENIED:
            return None             # "the derivative of $f$", "the value of $f$", "without convexity of $f$"
        props.append(PROPERTY_NOUNS[before[-2]])    # "convexity of $f$"
        said = f"{before[-2]} of {said}"
    elif before and before[-1] not in _BEFORE and before[-1] not in (",", ".", "(", ";", ":"):
        return None                 # "the network's output $f$", "the density $f$"
    sentence = re.split(r"[.!?](?:\s|$)", prose[max(0, first - 300):first])[-1]
    if _EXISTS.search(sentence):
        return None                 # "there is a convex function $f$": one function, not any
    nxt = after[0].lower() if after else ""
    if nxt in ("is", "are", "be"):
        stated = _properties_after(after[1:])
        if stated is None:
            return None             # "$f$ is the density", "Let $f$ be the loss", "$f$ is monotone"
        if len(after) < 2 or after[1].lower() in _CLAUSE_END:
            return None             # "$f$ is $\sigma$", "let $f$ be $\tanh$": a value, not a property
        props += stated
        told = after[:1]
        for w in after[1:]:
            if w.lower() in _CLAUSE_END:
                break
            told.append(w)
        said += " " + " ".join(told)
    elif nxt not in _AFTER:
        return None                 # "$f$ denotes", "$f$ has", "$f$ that maps"
    return props, " ".join(said.split())


def _property_formula(math: str, letter: str) -> str:
    """`f'' \\geq 0`: convex; `f'' \\leq 0`: concave; "" for any other formula."""
    second = re.escape(letter) + r"\s*(?:''|\^\{\\prime\\prime\})\s*(?:\(\s*[A-Za-z]\s*\))?\s*"
    if re.fullmatch(second + r"(?:\\geq|\\ge|\\geqslant|>=)\s*0\s*[.,]?", math):
        return "convex"
    if re.fullmatch(second + r"(?:\\leq|\\le|\\leqslant|<=)\s*0\s*[.,]?", math):
        return "concave"
    return ""


def _applied_removed(math: str, letter: str) -> str | None:
    """The formula with each application of the function (`h(\\mathbf{x})`) replaced by the letter y; None when the
    function is written other than applied to one parenthesised argument."""
    out, k = "", 0
    pattern = re.compile(r"(?<![A-Za-z\\])" + re.escape(letter) + r"(?![A-Za-z])\s*\(")
    while True:
        m = pattern.search(math, k)
        if not m:
            out += math[k:]
            break
        depth, j = 1, m.end()
        while j < len(math) and depth:
            depth += {"(": 1, ")": -1}.get(math[j], 0)
            j += 1
        if depth:
            return None
        out += math[k:m.start()] + " y "
        k = j
    return None if _written_as(out, letter) else out


def _defines_another(math: str, letter: str) -> bool:
    """`P(z=1 \\mid \\mathbf{x})=\\frac{1}{1+\\exp(-h(\\mathbf{x}))}`: an equation giving another quantity its value
    from the function's values alone, a value every function allows (between 0 and 1 for a probability)."""
    depth, split = 0, None
    for k, ch in enumerate(math):
        depth += {"(": 1, ")": -1, "{": 1, "}": -1}.get(ch, 0)
        if ch == "=" and depth == 0:
            if split is not None:
                return False
            split = k
    if split is None:
        return False
    lhs, rhs = math[:split].strip(), math[split + 1:].strip().rstrip(".,")
    head = re.match(r"(\\[A-Za-z]+(?:\{[A-Za-z]\})?|[A-Za-z])\s*(?:\(|$)", lhs)
    if head is None or _written_as(lhs, letter) or re.search(r"<|>|\\le|\\ge|\\neq", rhs):
        return False
    value = _applied_removed(rhs, letter)
    if value is None:
        return False
    try:
        from latex2sympy2_extended import latex2sympy
        expr = latex2sympy(value)
    except Exception:       # a right side the parser does not read: not known to allow every function
        return False
    y = sp.Symbol("y")
    if not isinstance(expr, sp.Expr) or expr.free_symbols != {y}:
        return False
    if head.group(1) in _PROBABILITY_HEADS:
        try:
            from sympy.calculus.util import function_range
            yr = sp.Symbol("y", real=True)
            values = function_range(expr.xreplace({y: yr}), yr, sp.S.Reals)
        except Exception:   # a range SymPy does not find: not known to be a probability's
            return False
        return bool(values.is_subset(sp.Interval(0, 1)))
    return True


# words of a sentence writing the function that give it as one function or an example of one ("say $\tanh$", "e.g.
# the sigmoid", "namely", "we use the sigmoid"): what they name is a body the import does not read
_IDENTIFYING = re.compile(r"\b(?:say|e\.\s?g|eg|i\.\s?e|ie|namely|instance|example|such\s+as|like|specifically|"
                          r"sigmoid|tanh|relu|softmax|exponential|sine|cosine|identity|polynomial|linear|affine|"
                          r"quadratic)\b", re.I)
# a formula of such a sentence that is one known function alone (`$\tanh$`, `$\sigma$`, `$\exp$`)
_KNOWN_ALONE = re.compile(r"\s*\\(?:sigma|tanh|exp|sin|cos|log|ln|sinh|cosh|arctan|mathrm\{[^}]*\}|"
                          r"operatorname\{[^}]*\}|text\{[^}]*\})\s*")
# words that restrict a function beyond the witness table's properties, or give it values: in a sentence that does
# not write the function but may be about it ("the function only takes positive values", "It is also bounded")
_RESTRICTING = re.compile(r"\b(?:positiv\w*|negativ\w*|non-?negativ\w*|non-?positiv\w*|non-?zero|zero|vanish\w*|"
                          r"increas\w*|decreas\w*|monoton\w*|bounded|unbounded|bounds?|lipschitz|periodic\w*|"
                          r"periods?|odd|even|symmetric|injective|invertible|inverse|bijecti\w*|surjecti\w*|"
                          r"one-to-one|integrable|densit(?:y|ies)|probabilit\w*|distributions?|linear|affine|"
                          r"polynomials?|quadratic|normali[sz]\w*|strictly|sigmoid|logistic|softmax|relu|tanh|"
                          r"exponential|constant|ranges?|codomain|values?|maps?|mapping|equals?|"
                          r"identity\s+(?:map|function)|specific|particular|concrete|less|greater|at\s+most|"
                          r"at\s+least|between|only)\b", re.I)
# words that may refer back to a function the sentence does not name
_REFERRING = re.compile(r"\b(?:it|its|they|them|their|both|each|all|such|these|those|functions?)\b", re.I)
# words after a function's last mention in its sentence that may refer back to it
_BACK = re.compile(r"\b(?:it|its|they|them|their|both|each|which|whose)\b", re.I)
# a pronoun or "the function" in a sentence that does not write the function may be about it ("Its minimum is at the
# origin", "Assume they agree at $0$", "The function is a parabola"); the idioms that use "it" of no function are left
# out
_PRONOUN = re.compile(r"\b(?:it|its|they|them|their|(?:the|this|that|our|each|both|these|those)\s+functions?)\b",
                      re.I)
_IDIOMS = re.compile(r"\bit\s+(?:follows|is\s+(?:easy|clear|possible|useful|worth|convenient|helpful|natural|"
                     r"common|known|well\s+known|instructive)|holds|suffices|remains|turns\s+out)\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])|\n\s*\n")


def _said_elsewhere(prose: str, letter: str) -> bool:
    r"""Whether a sentence of the prose may say of the function what the introduction does not: one that writes it
    and gives it as one function or an example ("say $\tanh$", "(e.g. the sigmoid)") or, after it, refers back and
    restricts ("and suppose it is positive"); or one that does not write it, writes no formula or refers back ("it",
    "the function"), and restricts a function or gives it values ("the function only takes positive values"), or uses
    a pronoun that may be about it ("Its graph is a parabola"), or names one known function alone ("we choose
    $\exp$").  Such words are not understood, so the function is not taken as arbitrary."""
    hidden = _INLINE.sub(lambda m: "$" + "x" * (len(m.group(0)) - 2) + "$", prose)
    cuts = [0] + [k for m in _SENTENCE.finditer(hidden) for k in (m.start(), m.end())] + [len(hidden)]
    for at, end in zip(cuts[::2], cuts[1::2]):
        sentence = prose[at:end]
        if not sentence.strip():
            continue
        maths = [m.group(1) for m in _INLINE.finditer(sentence)]
        words = _INLINE.sub(" ", sentence)
        if any(_written_as(m, letter) for m in maths):
            if _IDENTIFYING.search(words) or any(_KNOWN_ALONE.fullmatch(m) for m in maths):
                return True
            last = [m.end() for m in _INLINE.finditer(sentence) if _written_as(m.group(1), letter)][-1]
            rest = _INLINE.sub(" ", sentence[last:])
            if _BACK.search(rest) and _RESTRICTING.search(rest):
                return True         # "Let $f$ be a differentiable function, and suppose it is positive"
        elif (not maths or _REFERRING.search(words)) and _RESTRICTING.search(words) \
                or _PRONOUN.search(_IDIOMS.sub(" ", words)) or any(_KNOWN_ALONE.fullmatch(m) for m in maths):
            return True             # "Its graph is a parabola", "In the example below, we choose $\exp$"
    return False


def introduced(text: str, name: str, defined=()) -> Introduced | None:
    """How the text introduces the function `name` (a SymPy name: f, phi) as arbitrary, or None: it is given a body,
    named as one object, given a property the witness table does not know, written in a formula not understood, or
    never introduced in words."""
    letter = _letter(name)
    if name in defined or _given_a_body(text, letter) or _given_in_code(text, name) \
            or _restricted_in_a_display(text, letter) or _a_hypothesis_display(text, letter):
        return None
    prose = _DISPLAYS.sub(" . ", text)
    if _said_elsewhere(prose, letter):
        return None
    props: list[str] = []
    words: list[str] = []
    satisfied: list[str] = []
    introduced_in_words = False
    for start, end, math in _mentions(prose, letter):
        if re.fullmatch(r"\s*" + re.escape(letter) + r"\s*", math):
            about = _about_a_bare_name(prose, start, end)
            if about is None:
                return None
            stated, said = about
            if stated or re.search(r"\bfunctions?\b", said):
                introduced_in_words = True
                props += stated
                words.append(said)
            continue
        formula = _property_formula(math, letter)
        if formula:
            props.append(formula)
            satisfied.append(math)
            continue
        if _defines_another(math, letter):
            satisfied.append(math)
            continue
        if _RELATION.search(math) or _applied_removed(math, letter) is None:
            return None             # `f(x) > 0`, `f: \mathbb{R} \to \mathbb{R}`, `f''`: a statement not understood
        if _about_a_bare_name(prose, start, end) is None:
            return None             # "the output $f(x)$"
    properties = tuple(sorted(set(props)))
    if not introduced_in_words or not set(properties) <= WITNESS_PROPERTIES:
        return None
    found = Introduced(properties, "; ".join(dict.fromkeys(words)), tuple(dict.fromkeys(satisfied)))
    return found if found.witnesses() else None
