"""Read one side of a relation: a thin layer of explicit rules over a LaTeX parser.

The layer decides what parsers disagree on or guess at, and says so: how far `\\log`, `\\exp`,
`\\sum`, `\\prod` and `\\max_i` reach, what juxtaposition means, and which names are vector
entries (`s_i`), named scalars (`s_{\\max}`, `\\bar s`) or functions (`p(x)`).  It rewrites the
side with explicit parentheses and atomic placeholders, hands the rest (fractions, powers, roots,
numbers) to the backend, and records every rule it applied as a sentence (`Reading.rules`), which
the import prints.  What the rules cannot decide is a `ReadError` naming both readings, never a
guess.

The rules (each sentence below is what `Reading.rules` records when it applies):

  L1  `\\log(…)`, `\\log\\left(…\\right)`, `\\log{…}`: the argument is the delimited group.
  L2  `\\log x + …`: without delimiters, one factor followed by +, −, a relation or the end is the
      argument ("read \\log n + … as log(n) + …").
  L3  `\\log\\frac{1}{n}\\sum…`: a fraction or a number followed by a big operator (the normaliser of a
      mean) is one argument, up to the next + or − (log of the whole product).
  L4  `\\log a \\log b`: another function, `\\cdot`, `\\times` or `/` ends an argument.
  L?  `\\log n s_i`, `\\ln 2 \\, n`, `\\ln\\frac{a}{b}(c)`, `\\log 2\\pi e` (any other run of several factors):
      ambiguous, an error naming log(n·s_i) and log(n)·s_i.
  S1  `\\sum_{i=1}^n a_i b_i - c`: a big operator (Σ, Π, max_i, min_i) takes the factors up to the
      next + or − at its level ("(Σ_i a_i b_i) − c").
  S2  `\\sum_i` without a range runs over 1…n, n the size the document uses (said).
  S?  `\\sum_i x_i - y_i`: the summation index is free after the operator's reach: ambiguous, an
      error naming (Σ_i x_i) − y_i and Σ_i (x_i − y_i).
  J1  `p(x)`, `f(x, y)`: a letter written as a function (f g h p q P Q l L H D σ φ ψ ℓ) followed
      by a parenthesis is that function applied; any other name followed by a parenthesis is a
      product ("read \\lambda(…) as λ·(…)"), except a capital the text never writes bare before one name in
      parentheses (`I(s_i)`, `F(x)`): a function as often as a factor, refused naming both.
  N1  `s_i`, `x_{ij}`: a name with a subscript of single letters (or numbers) is a vector entry;
      `s_{\\max}`, `x_{\\text{new}}`, `x_{max}`, `d_{model}` (a word of LABEL_WORDS) are names ("s_max");
      `\\bar s`/`\\overline{s}` is "s_bar", `\\hat y` is "y_hat", `\\mathbf{y}` is "y"; a bold capital (a matrix) and a product of two bold
      letters (`\\mathbf{v}\\cdot\\mathbf{w}`, a dot product) are refused; `\\mu_X` (an
      uppercase subscript that is no size or index of the text) is the name "mu_X".
  N3  Numbers are exact: 0.5 is 1/2, `1\\,000` is 1000, 1.5e-3 is 3/2000; `3{,}14` and `2e-1` are refused.
  J3  `p(1-p)` (the letter inside its own parenthesis) is a product; a letter written bare elsewhere and
      before a parenthesis here is refused, naming both readings; `\\sin^{-1}` is asin.
  D1  `\\frac{dy}{dx}`, `\\frac{\\partial f}{\\partial x}` are derivatives, refused (never y/x); the operator
      `\\frac{d}{dx}` before a delimited group, or before one factor the side ends after (or a +, −), is the
      derivative of it ("read `\\frac{d}{dx} x^3` as the derivative d/dx of x^3"); before a longer run it is
      refused naming both reaches, and before a body written without x (`\\frac{d}{dx} f`) naming f(x) and 0; before a
      number (`\\frac{d}{dx}[1]`) it is the derivative of that number.
  D2  `\\frac{dx}{dx}`, `\\frac{d(x^2)}{dx}`, `\\frac{\\partial (xy)}{\\partial x}`: a numerator that writes out one factor
      with the variable after its d is the derivative of that factor; `\\frac{dy}{dx}`, `\\frac{d^2y}{dx^2}`, `\\frac{dx^2}{dx}` (d(x²)
      or (dx)²) and a mixed `\\frac{\\partial f}{dx}` stay refused, and an entry `x_i` differentiated or integrated in x is refused.
  I1  `\\int_a^b f \\, dx` is Integral(f, (x, a, b)): the integrand runs to the first differential at its level
      (`dx`, `\\mathrm{d}x`, `d\\theta`), an inner integral taking its own first; the differential must end the term.
      Without both limits (an antiderivative), without a differential, with the differential first or before
      another factor, or with another `d` in the integrand (a differential or a name d), it is refused.
  E1  `x_1 + x_2 + \\cdots + x_n`, `\\beta_1x_1 + \\ldots + \\beta_nx_n`: an ellipsis between a first and a last term that
      differ only in one subscript (a number, then one name or number) is the sum over that index with step 1, the
      terms written between checked against it; numbers without subscripts, products, lists, series, a minus, a
      broken step and a run written downwards are refused.
  X1  `\\sigma^2_X` is `\\sigma_X^2` (TeX attaches both scripts to one nucleus in either order); `\\boxed{…}` is its
      argument in parentheses (refused after a name or a bracket); a name that is no function letter before a list
      (`\\rho(X, Y)`) and a number whose digits go on (`0.63\\ldots`) are refused by name.
  F2  `\\lfloor x \\rfloor`, `\\lceil x \\rceil` are floor and ceiling (brackets of their own, matched); `a \\div b` is a/b
      under the slash's rule J4.
  F1  `n!`, `(n+1)!` are factorials; `\\binom{n}{k}`, `{n \\choose k}` binomials; `\\frac94`, `\\sqrt2` take one
      token per undelimited argument as TeX does; `x^23`, `x_12` are refused naming x²·3 and x²³.
  A1  Bars that pair at one level (`|x - y|`, `|x| + |y|`, `\\left|…\\right|`) are absolute values; a bar that
      pairs with none (`p(y|x)`, `|a|b|c|`) and norms `\\|x\\|` are refused.
  R1  `\\textrm{Var}(X)`, `E[X^2]`, `\\mathbb{E}_{x \\sim P}[f(x)]`, `P(X \\mid \\theta)`, `\\textrm{MSE}(…)`: an operator on
      random variables or laws before a bracket is one quantity named as written (`E[X^2]`), whose chains the
      document leaves unsettled; without a bracket (`E(X)`, `\\textrm{Var} X`), over an index of the text or the side,
      or inside a derivative, an integral or a limit it is refused by name.
  J5  `2(3)`, `(2)(3)`: a number before a number in brackets is their product, written out with \\cdot; so are
      a number or a binomial before a binomial (`2\\binom{4}{2}`) and a binomial before a number or a fraction.
      A tie or a spacing command before a bracketed number (`5 ~ (2)`, `x \\; (1)` ending a side) is refused,
      naming a factor and an equation numbered by hand.
  N2  `\\log` and `\\ln` are the natural logarithm; `e^{x}` and `\\exp` are the exponential.
  N4  `\\mathrm{log}`, `\\operatorname{exp}`, `{\\rm sin}` are the functions (never a name "log" times x);
      `log x`, `log_2(8)`, `y log(x)` in plain letters and words in capitals (`TOT`) are refused, naming
      the function and the product of letters; `softmax(…)` stays one named function.
  N5  A whole number before a fraction of numbers (`2\\frac{1}{2}`) is a mixed number to some texts and a
      product to others: refused, naming both.
  J4  `1/n \\sum_i x_i`, `1/2 x^2`, `a/bc`: a slash followed by juxtaposed factors is refused, naming
      (1/n)·Σ and 1/(n·Σ); a slash that ends at a sign, `\\cdot` or a parenthesis is a quotient.
  T1  `x^T` with a T the text writes nowhere else (no size, no index, no value) is a transpose: refused;
      `\\gamma^T` under `\\sum_{t=1}^T` is a power.  Capitals in a subscript (`\\hat p_{MLE}`) are a label.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace

import sympy as sp
from sympy.core.function import AppliedUndef

from .. import functions as _functions
from . import noncommuting

# The LaTeX commands that name a function, from the one table of functions (column `latex`; the inverse hyperbolic
# functions under each spelling texts use, `\\arsinh` the area sine and `\\arcsinh` its other name).
FUNCS = _functions.latex_names()
# `\sin^{-1} x` is the inverse function (the convention of every textbook that writes it), never 1/sin x.
INVERSES = _functions.latex_inverses()
BIGOPS = {r"\sum": sp.Sum, r"\prod": sp.Product}
ELLIPSES = (r"\cdots", r"\ldots", r"\dots", r"\dotsb", r"\dotsc", r"\dotsm")
REDUCERS = (r"\max", r"\min")
# Words written as subscripts (x_{max}, d_{model}, W_{out}): labels, read as the word, never as letters indexing.
# Only these: a run of three letters that is no word here (T_{ijk}) stays the entry it may be.
LABEL_WORDS = frozenset({"max", "min", "avg", "mean", "std", "var", "model", "pred", "true", "new", "old", "init",
                         "opt", "out", "eff", "tot", "total", "train", "test", "val", "ref", "emb", "hid", "head",
                         "attn", "vocab", "seq", "batch", "target", "src", "tgt", "prev", "next", "noise", "data",
                         "clean", "noisy", "temp", "scale", "sum", "norm", "real", "fake", "gen", "disc"})
# A font is part of a name: \mathcal{L} and L, \boldsymbol{\theta} and \theta, \mathrm{x} and x are two names.
ACCENTS = {r"\bar": "_bar", r"\overline": "_bar", r"\hat": "_hat", r"\widehat": "_hat", r"\tilde": "_tilde",
           r"\widetilde": "_tilde", r"\vec": "_vec", r"\mathbf": "_bold", r"\boldsymbol": "_bold", r"\bm": "_bold",
           r"\mathit": "", r"\mathrm": "_rm", r"\mathcal": "_cal", r"\mathsf": "_sf", r"\mathfrak": "_frak",
           r"\mathscr": "_scr", r"\operatorname": "", r"\dot": "_dot",
           r"\withprime": "_prime"}   # `x'` a name of its own, as primed_names rewrites it
# A font on a word (\mathrm{bias}, \mathsf{softmax}) marks the word as one name: the word is the name.
_WORD_FONTS = (r"\mathrm", r"\mathit", r"\text", r"\mathbf", r"\mathsf", r"\operatorname")
# The fonts a string in quotes is set in (`\textrm{"0010"}`, a code word): one name, as written.
_QUOTE_FONTS = (r"\text", r"\textrm", r"\mathrm", r"\texttt", r"\mathtt")
GREEK = {r"\alpha", r"\beta", r"\gamma", r"\delta", r"\epsilon", r"\varepsilon", r"\zeta", r"\eta", r"\theta",
         r"\vartheta", r"\iota", r"\kappa", r"\lambda", r"\mu", r"\nu", r"\xi", r"\rho", r"\sigma", r"\tau",
         r"\upsilon", r"\phi", r"\varphi", r"\chi", r"\psi", r"\omega", r"\Gamma", r"\Delta", r"\Theta",
         r"\Lambda", r"\Xi", r"\Sigma", r"\Phi", r"\Psi", r"\Omega", r"\ell"}
# Greek letters that name special functions, distributions or order classes when a parenthesis follows
_FUNCTION_GREEK = {r"\Gamma", r"\Phi", r"\zeta", r"\Lambda", r"\Theta", r"\Omega", r"\Psi", r"\psi", r"\delta"}
FUNCTION_LETTERS = {"f", "g", "h", "p", "q", "P", "Q", "l", "L", "H", "D", r"\sigma", r"\phi", r"\varphi",
                    r"\psi", r"\ell"}
DROP = {r"\left", r"\right", r"\bigl", r"\bigr", r"\Bigl", r"\Bigr", r"\biggl", r"\biggr", r"\big", r"\Big",
        r"\bigg", r"\Bigg", r"\displaystyle", r"\textstyle", r"\limits", r"\nolimits", r"\,", r"\;", r"\:",
        r"\!", "\\ ", r"\quad", r"\qquad", r"\mathopen", r"\mathclose", "~"}
PASS = {r"\infty", r"\pi", r"\cdot", r"\times", r"\pm", r"\mp", r"\choose"}
SIGNS = {"+", "-", r"\pm", r"\mp"}
# The words of the refusal of `\sum_i^n`: a text may start it at 0 or at 1.
NO_LOWER_LIMIT = "no lower limit written"
# A number token; "⏨" marks the exponent of a scientific notation `numbers()` accepted (1.5e-3 -> 1.5⏨-3).
_NUMBER = r"[0-9]+(?:\.[0-9]*)?⏨[+-]?[0-9]+|[0-9]+\.[0-9]+|\.[0-9]+|[0-9]+"
_TOKEN = re.compile(r"\\[a-zA-Z]+|\\.|" + _NUMBER + r"|\s+|.")
# Digit groups joined by a thin space, a braced comma or a comma with a negative space: 1\,000, 1{,}000, 12,\!000.
_SEPARATOR = r"(?:\\,|\{,\}|,\\!|\\!,)"
_GROUPED = re.compile(r"(?<![0-9.])[0-9]{1,3}(?:" + _SEPARATOR + r"[0-9]{3})+(?![0-9])")
# 1 000 000 written with plain spaces: TeX ignores them, so it is one number (a thousands grouping).
_SPACED_GROUPS = re.compile(r"(?<![0-9.^_\\])(?<![_^]\{)[0-9]{1,3}(?:[ \t]+[0-9]{3})+(?![0-9.])")
# Any other digits separated by a space (`1 2`, `0. 75`, `1 00`): one number as TeX sets it, or a product.
_SPACED_DIGITS = re.compile(r"[0-9]\.?\s+\.?[0-9]+")
_SEPARATED = re.compile(r"([0-9]+)\s*" + _SEPARATOR + r"\s*([0-9]+)")
# Two numbers side by side: `2(3)`, `(2)(3)`, `2\left(3\right)`, `2[3]`, `2\boxed{3}`.  A product in mathematics,
# but latex2sympy2_extended reads juxtaposed numbers as a sum (a mixed number: 2(3) = 5): refused, naming both.
_NUMERIC_GROUP = (r"(?:\\left\s*)?[(\[]\s*[-+]?[0-9]+(?:\.[0-9]+)?\s*(?:\\right\s*)?[)\]]"
                  r"|\\boxed\s*\{\s*[-+]?[0-9]+(?:\.[0-9]+)?\s*\}")
_SPACING = r"(?:\s|~|\\[,;:! ]|\\quad\b|\\qquad\b|\\hspace\*?\s*\{[^{}]*\})*"
# A binomial coefficient `\binom{4}{2}`, `\binom42`, `{4 \choose 2}`: latex2sympy2_extended reads a number or a
# binomial written before it, and a number after it, as a sum (2\binom{4}{2} = 8); juxtaposed, they are a product.
_BRACED = r"\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}"
_BINOMIAL = (r"\\[dt]?binom\s*(?:" + _BRACED + r"|[0-9A-Za-z])\s*(?:" + _BRACED + r"|[0-9A-Za-z])"
             r"|\{(?:[^{}]|" + _BRACED + r")*\\choose\b(?:[^{}]|" + _BRACED + r")*\}")
_JUXTAPOSED = re.compile(r"(?<![\w.\\^_{])(?P<left>[0-9]+(?:\.[0-9]+)?|" + _NUMERIC_GROUP + r")" + _SPACING
                         + r"(?P<right>" + _NUMERIC_GROUP + r")"
                         r"|(?P<nleft>(?<![\w.\\^_{])(?:[0-9]+(?:\.[0-9]+)?|" + _NUMERIC_GROUP + r")|(?<![\^_])(?:"
                         + _BINOMIAL + r"))"
                         + _SPACING + r"(?P<nright>" + _BINOMIAL + r")"
                         r"|(?P<bleft>" + _BINOMIAL + r")" + _SPACING
                         + r"(?P<bright>" + _NUMERIC_GROUP + r"|[0-9]+(?:\.[0-9]+)?(?![0-9])|\\[dt]?frac\s*(?:"
                         + _BRACED + r"|[0-9A-Za-z])\s*(?:" + _BRACED + r"|[0-9A-Za-z]))")
# `x ~ (2)`, `y \; (1)`, `5 \ (2.1)` ending a side: an equation numbered by hand as often as a factor.
_TAG_BY_HAND = re.compile(r"(?:~|\\[,;: ]|\\q?quad\b)\s*(?:\\left\s*)?\(\s*[0-9]+(?:\.[0-9]+)?\s*(?:\\right\s*)?\)\s*$")
# Digits separated by a spacing command other than a thousands grouping: `2\;3`, `10\hspace{2pt}000`, `2\quad 3`.
_SPACED_BY_COMMAND = re.compile(r"(?<![\w.\\^_{])[0-9]+(?:\.[0-9]+)?\s*(?:(?:~|\\[;:! ]|\\quad\b|\\qquad\b|"
                                r"\\hspace\*?\s*\{[^{}]*\})\s*)+[0-9]")
# 1.5e-3 written tightly (no space, no brace): scientific notation when the mantissa has a point or is 1.
_SCIENTIFIC = re.compile(r"(?<![\w.\\^_])([0-9]+(?:\.[0-9]*)?)[eE]([+-]?[0-9]+)(?![0-9.])")


def numbers(latex: str) -> tuple[str, list[str]]:
    """The side with its digit groups joined (`1\\,000` is 1000), and the rules applied to its numbers.

    A separator between digits that is not a thousands grouping (`3{,}14`, `2\\,5`) is a decimal comma
    or a product: the import refuses it, naming both.  `2e-1` is 2·e − 1 or 2·10⁻¹: refused, naming both;
    `1e-3` and `1.5e-3` are scientific notation (nobody writes 1·e or 1.5·e for a multiple of e)."""
    rules = []

    def join_spaced(m):
        digits = re.sub(r"\s", "", m.group(0))
        rules.append(f"read `{m.group(0)}` as {digits} (digit groups separated by a space: TeX ignores the space)")
        return digits

    def join(m):
        digits = re.sub(_SEPARATOR, "", m.group(0))
        rules.append(f"read `{m.group(0)}` as {digits} (a thousands separator)")
        return digits
    # `\int_0^1 3x^2\,dx`, `\sum_{k=1}^3 2k`: a script takes one digit, so the digit after the space is not part of it
    latex = re.sub(r"([_^])\s*([0-9])(?=\s+[0-9]+\s*(?:[A-Za-z(]|\\[A-Za-z]))", r"\1{\2}", latex)
    latex = _GROUPED.sub(join, latex)
    latex = _SPACED_GROUPS.sub(join_spaced, latex)
    spaced = _SPACED_DIGITS.search(latex)
    if spaced:
        run = spaced.group(0)
        raise ReadError(f"`{run}`: digits separated by a space (TeX ignores the space: one number)",
                        ("the number " + "".join(run.split()), "the product or sum of " + ", ".join(run.split())))
    tag = _TAG_BY_HAND.search(latex)
    if tag:
        raise ReadError(f"`{tag.group(0).strip()}` after a space at the end of a side",
                        ("a factor of the product", "an equation's number, written by hand"))
    side_by_side = _JUXTAPOSED.search(latex)
    while side_by_side:
        # `2(3)`, `(2)(3)`, `(-7.13)(1.5)`: a product, as in all of mathematics (a mixed number is written 2\frac{1}{2});
        # latex2sympy2_extended would read a sum, so the product is written out with \cdot
        run = side_by_side.group(0)
        tagged = side_by_side.group("right") or side_by_side.group("bright") or ""
        if re.search(r"\\q?quad\b|\\hspace", run) or (re.match(r"[(\[]|\\left", tagged)
                                                          and re.search(r"~|\\[,;: ]", run)):
            # `2 \quad (3)`, `5 ~ (2)`, `5 \ (2)`: a number and an equation's tag (numbered by hand) as often as a
            # product; written tight (`2(3)`) or with a plain space it is the product
            raise ReadError(f"`{run}`: two numbers side by side, a space written between them",
                            ("their product", "a number and a tag or a label"))
        right = next(k for k in ("right", "nright", "bright") if side_by_side.group(k) is not None)
        at = side_by_side.start(right) - side_by_side.start()
        product = run[:at].rstrip() + r" \cdot " + run[at:]
        what = ("a number before a number in brackets" if right == "right" else
                "a number or a binomial coefficient before a binomial coefficient" if right == "nright" else
                "a binomial coefficient before a number or a fraction")
        rules.append(f"read `{run}` as the product {product} ({what})")
        latex = latex[:side_by_side.start()] + product + latex[side_by_side.end():]
        side_by_side = _JUXTAPOSED.search(latex)
    spacing = _SPACED_BY_COMMAND.search(latex)
    if spacing:
        run = spacing.group(0)
        raise ReadError(f"`{run}`: digits separated by a spacing command",
                        ("one number, its digit groups spaced", "the product or sum of the numbers"))
    odd = _SEPARATED.search(latex)
    if odd:
        a, b = odd.group(1), odd.group(2)
        raise ReadError(f"`{odd.group(0)}`: a separator between digits that is not a thousands grouping",
                        (f"the decimal number {a}.{b}", f"the product {a}·{b}"))
    def scientific(m):
        mantissa, power = m.group(1), m.group(2)
        if "." not in mantissa and mantissa != "1":
            raise ReadError(f"`{m.group(0)}` is ambiguous",
                            (f"{mantissa}·10^{int(power)} (scientific notation)",
                             f"{mantissa}·e{'' if power[0] in '+-' else '·'}{power} (Euler's e)"))
        rules.append(f"read `{m.group(0)}` as {mantissa}·10^{int(power)} (scientific notation)")
        return f"{mantissa}⏨{power}"
    latex = _SCIENTIFIC.sub(scientific, latex)
    return latex, rules


def exact_number(token: str) -> sp.Rational | sp.Integer | None:
    """A decimal or scientific number token as an exact rational (never a float), else None."""
    if re.fullmatch(_NUMBER, token) and not token.isdigit():
        return sp.Rational(token.replace("⏨", "e"))
    return None


class ReadError(ValueError):
    """A side the rules cannot read; `readings` holds the competing readings when it is an ambiguity."""

    def __init__(self, message: str, readings: tuple[str, ...] = ()):
        super().__init__(message)
        self.readings = readings
        # a series written by its first terms that are not the series' first terms: what they must equal (FirstTerms)
        self.comparison = None


@dataclass
class Reading:
    expr: sp.Expr
    rules: list[str] = field(default_factory=list)
    prepared: str = ""                       # what the backend was given
    # names that scale the entries a function the text defines on a list is applied to (`LSE(tx_1, …, tx_n)`)
    scaling: frozenset = frozenset()
    # a reading whose steps a counterexample does not refute (an inner product `w^Tx` read as one name), and why
    unsettled: str = ""
    # a side read as products of matrices and vectors (products.py): each product's name -> its word, ((atom name,
    # "matrix" or "vector", transposed, inverse), …)
    words: dict = field(default_factory=dict)


# ---- tokens and groups ---------------------------------------------------------------------------

def tokens(latex: str) -> list[str]:
    out = []
    for t in _TOKEN.findall(latex):
        if t.isspace() or t in DROP:
            continue
        if t in (r"\dfrac", r"\tfrac", r"\cfrac"):
            t = r"\frac"
        if t in (r"\lbrace", r"\{"):
            t = "("
        if t in (r"\rbrace", r"\}"):
            t = ")"
        if t == r"\lvert" or t == r"\rvert":
            t = "|"
        t = _FLOOR_CEILING.get(t, t)
        out.append(t)
    # "\left." and "\right." leave a lone "." after DROP; a number's own point is inside its token
    return _one_token_arguments(_unboxed(_quoted_strings([t for t in out if t != "."])))


def _quoted_strings(toks: list[str]) -> list[str]:
    """`\textrm{"0010"}`: a string in quotes set in a text font (a code word, an outcome) is one name, the token
    `"0010"`, never the number or the letters in it."""
    out, k = [], 0
    while k < len(toks):
        if toks[k] in _QUOTE_FONTS and k + 4 < len(toks) and toks[k + 1] == "{" and toks[k + 2] == '"':
            end = next((m for m in range(k + 3, len(toks)) if toks[m] == "}"), None)
            inside = toks[k + 3:end - 1] if end is not None else []
            if end is not None and toks[end - 1] == '"' and inside \
                    and all(re.fullmatch(r"[A-Za-z0-9]+", t) for t in inside):
                out.append('"' + "".join(inside) + '"')
                k = end + 1
                continue
        out.append(toks[k])
        k += 1
    return out


def is_quoted(item) -> bool:
    """The token of a string in quotes (`"0010"`, from `\textrm{"0010"}`)."""
    return isinstance(item, str) and len(item) > 2 and item[0] == item[-1] == '"'


# `\lfloor x \rfloor`, `\lceil y \rceil`: the floor and the ceiling, as brackets of their own; `a \div b` is a/b.
_FLOOR_CEILING = {r"\lfloor": "⌊", r"\rfloor": "⌋", r"\lceil": "⌈", r"\rceil": "⌉", r"\div": "/"}
_CLOSING = {"(": ")", "[": "]", "{": "}", "⌊": "⌋", "⌈": "⌉"}


def _unboxed(toks: list[str]) -> list[str]:
    """`\\boxed{…}` frames an answer: its argument is one parenthesised group.  After a name or a bracket (where
    parentheses would read as an application) or without braces it stays `\\boxed`, which the reader refuses."""
    out, k = [], 0
    while k < len(toks):
        if toks[k] == r"\boxed" and k + 1 < len(toks) and toks[k + 1] == "{" \
                and not (out and (_is_name(out[-1]) or out[-1] in (")", "]", "}"))):
            depth, m = 0, k + 1
            while m < len(toks):
                depth += {"{": 1, "}": -1}.get(toks[m], 0)
                if depth == 0:
                    break
                m += 1
            if m < len(toks):
                toks = toks[:k] + ["("] + toks[k + 2:m] + [")"] + toks[m + 1:]
        out.append(toks[k])
        k += 1
    return out


def _one_token_arguments(toks: list[str]) -> list[str]:
    r"""`\frac94`, `\frac13`, `\sqrt23`: TeX takes one token per undelimited argument, so a run of digits after
    `\frac` or `\sqrt` gives its first digit to the argument (9/4, 1/3, √2·3), never the whole run (94, 13)."""
    out, k = [], 0
    while k < len(toks):
        t = toks[k]
        out.append(t)
        k += 1
        if t not in (r"\frac", r"\sqrt", r"\binom"):
            continue
        for _ in range(1 if t == r"\sqrt" else 2):
            if k < len(toks) and toks[k] == "{":
                depth = 0
                while k < len(toks):
                    out.append(toks[k])
                    depth += {"{": 1, "}": -1}.get(toks[k], 0)
                    k += 1
                    if depth == 0:
                        break
            elif k < len(toks) and re.fullmatch(r"[0-9]+", toks[k]) and len(toks[k]) > 1:
                toks = toks[:k] + [toks[k][0], toks[k][1:]] + toks[k + 1:]
                out.append(toks[k])
                k += 1
            elif k < len(toks) and re.fullmatch(_NUMBER, toks[k]) and not toks[k].isdigit():
                raise ReadError(f"`{t}{toks[k]}`: a decimal as an undelimited argument is not read",
                                (f"{t}{{{toks[k][0]}}}… (one token, as TeX reads it)", f"{t}{{{toks[k]}}}"))
            elif k < len(toks):
                out.append(toks[k])
                k += 1
    return out


def group(toks: list[str]):
    """Nest {…} into ("brace", items) and (…)/[…] into ("paren", open, items)."""
    stack = [[]]
    opens = []
    for t in toks:
        if t in ("{", "(", "[", "⌊", "⌈"):
            stack.append([])
            opens.append(t)
        elif t in ("}", ")", "]", "⌋", "⌉"):
            if not opens:
                raise ReadError(f"unbalanced {t!r}")
            o = opens.pop()
            items = stack.pop()
            if (o == "{") != (t == "}") or (o in "⌊⌈" or t in "⌋⌉") and _CLOSING[o] != t:
                raise ReadError(f"{o!r} closed by {t!r}")
            items = _absolute_values(_subscript_first(items))
            stack[-1].append(("brace", items) if o == "{" else ("paren", o, items))
        else:
            stack[-1].append(t)
    if opens:
        raise ReadError(f"unclosed {opens[-1]!r}")
    return _absolute_values(_subscript_first(stack[0]))


def _subscript_first(items):
    """`\\sigma^2_X` is `\\sigma_X^2`: TeX attaches a superscript and a subscript to the same nucleus in either order,
    so `^a _b` is written `_b ^a`, the order the reader takes (a subscript names the entry, the power applies to it)."""
    out = list(items)
    for m in range(len(out) - 3):
        if _is(out[m], "^") and _is(out[m + 2], "_") and not (m and _is(out[m - 1], "^", "_")) \
                and not (m + 4 < len(out) and _is(out[m + 4], "^", "_")):
            out[m:m + 4] = [out[m + 2], out[m + 3], out[m], out[m + 1]]
    return out


_BEFORE_OPENING_BAR = {"+", "-", r"\pm", r"\mp", r"\cdot", r"\times", "/", ",", "=", "<", ">", r"\le", r"\ge",
                       r"\leq", r"\geq", r"\frac", r"\sqrt"}
_AFTER_CLOSING_BAR = {"+", "-", r"\pm", r"\mp", r"\cdot", r"\times", "/", ",", "=", "<", ">", "^", "_", r"\le",
                      r"\ge", r"\leq", r"\geq"}


def _absolute_values(items):
    """`|x - y|`, `|x| + |y|`, `\\left| a \\right|` at one level: pairs of bars as absolute values, ("paren", "|", …).

    Bars pair left to right when each opening bar starts the level or follows an operator and each closing bar ends
    it or precedes one (or, when the level has only those two bars, a factor: `|a|\\sigma_X`); otherwise (`|a|b|c|`, a conditional `p(y|x)`, a lone bar) the bars are left as they are,
    and the reader refuses them."""
    bars = [k for k, it in enumerate(items) if _is(it, "|")]
    if not bars:
        # `\sum_j \mid f_j - y_j \mid`: `\mid` written as the bars of an absolute value, paired by the same rule; a
        # single `\mid` (a conditioning `P(A \mid B)`, a divisor, a set `\{x \mid x > 0\}`) pairs with none
        bars = [k for k, it in enumerate(items) if _is(it, r"\mid")]
    if not bars or len(bars) % 2:
        return items
    for a, b in zip(bars[::2], bars[1::2]):
        opening_ok = a == 0 or (isinstance(items[a - 1], str) and items[a - 1] in _BEFORE_OPENING_BAR) \
            or _after_limits_of_a_big_operator(items, a)
        # `|a|\sigma_X`, `\frac{a}{|a| b}`: with only two bars at the level, a factor after the closing one is a product
        closing_ok = b == len(items) - 1 or (isinstance(items[b + 1], str) and items[b + 1] in _AFTER_CLOSING_BAR) \
            or len(bars) == 2 and opening_ok
        if not opening_ok or not closing_ok or b == a + 1:
            return items
    out, last = [], 0
    for a, b in zip(bars[::2], bars[1::2]):
        out += items[last:a] + [("paren", "|", items[a + 1:b])]
        last = b + 1
    return out + items[last:]


def _after_limits_of_a_big_operator(items, a: int) -> bool:
    """`\\sum_{i=1}^n |x_i|`, `\\max_i |x_i|`: a bar right after the limits of Σ, Π, max or min opens its term."""
    k = a
    while k >= 2 and _is(items[k - 2], "_", "^"):
        k -= 2
    return k < a and k >= 1 and isinstance(items[k - 1], str) and (items[k - 1] in BIGOPS or items[k - 1] in REDUCERS)


def text_of(items) -> str:
    out = []
    for it in items:
        if isinstance(it, tuple) and it[0] == "brace":
            out.append("{" + text_of(it[1]) + "}")
        elif isinstance(it, tuple):
            out.append(it[1] + text_of(it[2]) + {"(": ")", "|": "|", "⌊": "⌋", "⌈": "⌉"}.get(it[1], "]"))
        else:
            out.append(it + (" " if it.startswith("\\") and it[1:].isalpha() else ""))
    text = ""
    for piece in out:
        if text and piece and (text[-1].isalnum() and (piece[0].isalnum() or piece[0] == "\\")):
            text += " "
        text += piece
    text = re.sub(r"(?<=[\w})\]])\s*([+-])\s*", r" \1 ", text)
    return re.sub(r"(\\[a-zA-Z]+) (?![a-zA-Z])", r"\1", text).strip()


def _is(item, *values) -> bool:
    return isinstance(item, str) and item in values


def _refuse_run_of_digits(items) -> None:
    """`x^23`, `x_12`: TeX gives one token to an undelimited superscript or subscript (x²·3, x₁·2), while a reader
    of the source may take the whole run (x²³, x₁₂): refused, naming both."""
    if len(items) == 3 and _is(items[1], "^", "_") and isinstance(items[2], str) and items[2].isdigit() \
            and len(items[2]) > 1:
        base, mark, run = text_of(items[:1]), items[1], items[2]
        raise ReadError(f"`{base}{mark}{run}`: a run of digits after {mark} without braces",
                        (f"{base}{mark}{{{run[0]}}}·{run[1:]} (one token, as TeX sets it)", f"{base}{mark}{{{run}}}"))


# Names of operators on random variables and laws: a variance is not a function of a number (Var(2X) = 4 Var(X)).
OPERATORS_ON_LAWS = {"Var": "a variance", "Cov": "a covariance", "Corr": "a correlation", "Pr": "a probability",
                     "KL": "a divergence", "E": "an expectation", "Prob": "a probability", "Std": "a standard deviation"}
_LAW_NAME = re.compile(r"\\(?:text|textrm|mathrm|operatorname|mathsf|rm)\s*\{\s*(Var|Cov|Corr|Pr|KL|E|Prob|Std)\s*\}"
                       r"|\\mathbb\s*\{?\s*(E|P|V)\b|(?<![A-Za-z\\])(Var|Cov|Corr|Pr|Std)\s*(?:\\left)?\s*[(\[]")


def _refuse_operator_on_laws(name: str, argument: str = "") -> None:
    what = OPERATORS_ON_LAWS.get(name, {"P": "a probability", "V": "a variance"}.get(name, "an operator"))
    raise ReadError(f"`{name}({argument})` is {what}, an operator on a random variable or a law: not read as a "
                    "function of numbers" if argument else f"`{name}` is {what}, an operator on a random variable "
                    "or a law: not read")


def _given_the_variable(expr, var: str):
    """`P(X \\mid \\theta)` read as its quantity, differentiated in θ: a probability or a density whose condition (what
    follows the bar) writes the variable is a function of it (the likelihood of the parameter θ), returned as a function
    with no body applied to the variable; None for anything else (a quantity whose condition does not write the
    variable, one that writes it only before the bar, an expectation or a variance)."""
    if not (is_law_quantity(expr) and re.match(r"(?:P|p|Pr)\[", expr.name)):
        return None
    condition = expr.name.split("\\mid", 1)
    if len(condition) != 2 or var not in {t.lstrip("\\") for t in tokens(condition[1].rstrip("]"))}:
        return None
    # named as written, without the backslashes a Python string would read as escapes: `P[X | theta]`
    name = re.sub(r"\s+", " ", expr.name.replace("\\mid", " | ").replace("\\", "")).replace("[ ", "[").strip()
    return sp.Function(name)(sp.Symbol(var))


def _shifted_indices(sub) -> list | None:
    r"""The indices of a subscript of two indices or more apart by commas, each letters shifted by letters or whole
    numbers (`t-1, t-2`, `t-\tau, t-\tau-1`), at least one of them with a `+` or a `-`; None for any other subscript
    (one index, a word, a power, a fraction, a letter e that may be Euler's number, a product of letters)."""
    parts, current = [], []
    for item in sub:
        if _is(item, ","):
            parts.append(current)
            current = []
        else:
            current.append(item)
    parts.append(current)
    if len(parts) < 2 or not any(_is(item, "+", "-") for item in sub):
        return None             # one index of two letters (`x_{i+j}`) stays refused, as the reader has always refused it
    out = []
    for part in parts:
        if not part:
            return None
        value, sign, expecting_term, letters = sp.Integer(0), 1, True, 0
        for item in part:
            if expecting_term and _is(item, "+", "-"):
                if item == "-":
                    sign = -sign
                continue
            if not expecting_term and _is(item, "+", "-"):
                sign, expecting_term = (1 if item == "+" else -1), True
                continue
            if not expecting_term or not isinstance(item, str):
                return None
            if item.isdigit():
                value += sign * int(item)
            elif (len(item) == 1 and item.isalpha() and item != "e") or (item in GREEK and item != r"\pi"):
                value += sign * sp.Symbol(item.lstrip("\\"), integer=True)
                letters += 1
            else:
                return None
            sign, expecting_term = 1, False
        if expecting_term or not letters:
            return None
        out.append(value)
    return out


def _points_meet_the_equal_case(a, b) -> bool:
    """Whether sampled points look at the case where a = b holds: both sides names or entries (x = y, a_i = x, a_i =
    a_j: the numbers set one to the other), or an entry against a number or an index, which the document refuses
    with its own reason."""
    def name(s):
        return isinstance(s, (sp.Symbol, sp.Indexed))
    if name(a) and name(b):
        return True
    return any(isinstance(s, sp.Indexed) for s in (a, b)) and any(getattr(s, "is_number", False) or
                                                                   getattr(s, "is_integer", False) for s in (a, b))


# The relations an indicator `\mathbb{1}(a R b)` may hold.
_INDICATOR_RELATIONS = {"=": "==", r"\ne": "!=", r"\neq": "!=", "<": "<", r"\lt": "<", r"\le": "<=", r"\leq": "<=",
                        r"\leqslant": "<=", ">": ">", r"\gt": ">", r"\ge": ">=", r"\geq": ">=", r"\geqslant": ">="}


def _is_name(item) -> bool:
    return isinstance(item, str) and ((len(item) == 1 and item.isalpha()) or item in GREEK or is_quoted(item))


# The words of OPERATORS_ON_LAWS read as quantities when a bracket follows (`\textrm{Var}(X)`, `E[X^2]`), and the fonts
# that write them; `\mathbb{E}`, `\mathbb{P}`, `\mathbb{V}` and `\Pr` name them too.
_LAW_WORDS = {"Var", "Cov", "Corr", "Pr", "Prob", "Std", "KL", "E", "MSE", "bias"}
_ESTIMATORS = {"MSE": "a mean squared error", "bias": "a bias"}     # of an estimator: expectations under its law
_LAW_FONTS = (r"\text", r"\textrm", r"\mathrm", r"\operatorname", r"\mathsf", r"\rm")
_BLACKBOARD = {"E": "E", "P": "Pr", "V": "Var"}


def is_law_quantity(symbol) -> bool:
    """A symbol that stands for a quantity of a random variable or a law (`E[X^2]`, `Var[X]`): its name keeps the
    bracket it was written with, which no other name has."""
    return isinstance(symbol, sp.Symbol) and "[" in symbol.name


# ---- backends ------------------------------------------------------------------------------------

class Backend:
    name = ""

    def placeholder(self, k: int) -> tuple[str, str]:
        """(LaTeX the backend reads as one symbol, that symbol's name)."""
        raise NotImplementedError

    def parse(self, latex: str) -> sp.Expr:
        raise NotImplementedError


def _letters(k: int) -> str:
    s = ""
    k += 1
    while k:
        k, r = divmod(k - 1, 26)
        s = chr(ord("a") + r) + s
    return s


class Latex2SympyBackend(Backend):
    """latex2sympy2_extended (the parser behind Math-Verify), with mixed fractions and lowercasing off."""
    name = "latex2sympy2_extended"

    def placeholder(self, k):
        return r"\mathrm{Vph" + _letters(k) + "}", "Vph" + _letters(k)

    def parse(self, latex):
        from latex2sympy2_extended import latex2sympy
        from latex2sympy2_extended.latex2sympy2 import ConversionConfig
        cfg = ConversionConfig(interpret_as_mixed_fractions=False, lowercase_symbols=False,
                               interpret_contains_as_eq=False)
        return latex2sympy(latex, conversion_config=cfg)


class LarkBackend(Backend):
    """SymPy's own LaTeX grammar (sympy.parsing.latex, backend="lark")."""
    name = "sympy-lark"

    def placeholder(self, k):
        return "V_{" + str(900 + k) + "}", "V_{" + str(900 + k) + "}"

    def parse(self, latex):
        from sympy.parsing.latex import parse_latex
        out = parse_latex(latex, backend="lark")
        if not isinstance(out, sp.Basic):
            raise ReadError(f"{len(getattr(out, 'children', []))} ambiguous readings")
        return out


DEFAULT_BACKEND = Latex2SympyBackend()


# ---- the reader ----------------------------------------------------------------------------------

@dataclass
class Context:
    size: str = "n"                                  # the upper limit of a sum written without one
    functions: frozenset = frozenset(FUNCTION_LETTERS)
    variables: frozenset = frozenset()               # names the text writes bare (not before "(" or "_")
    bounds: frozenset = frozenset()                  # letters the text uses as sizes or summation indices
    log_base: str = ""                               # "2" when the text says its \\log is base 2 (then refused)
    log_declared: str = ""                           # "2" when the text declares every \\log base 2 (then read so)
    outside_powers: frozenset = frozenset()          # names the text writes bare other than as a superscript
    reassigned: frozenset = frozenset()              # e, \pi given a value or a role by the text ("$e = 6$")
    subscripted: frozenset = frozenset()             # names the text writes with a subscript somewhere (x_i)
    # functions the text defines near the display (`f(x) = 3x^4 - 4x^3`): name -> (parameters, body), or the
    # readings of a name the text defines more than once, differently (then its derivative is refused)
    defined: dict = field(default_factory=dict)
    constants: frozenset = frozenset()               # names the text calls constants ("for any constant $C$")
    about_laws: bool = False                         # the text writes operators on random variables (Var, E[…], bias)
    about_vectors: bool = False                      # the text speaks of vectors, cross products or R^3
    about_complex: bool = False                      # the text speaks of complex numbers (complex, \mathbb{C})
    applied_in_prose: frozenset = frozenset()       # letters the prose writes applied to a name (`$s(t)$`)
    applied_letters: frozenset = frozenset()        # letters the displays write right before a parenthesis (`g(x)`)
    # the length of the text's vectors: the one power of `\mathbb{R}^d` it writes, "?" when it writes two, "" for none
    dimension: str = ""
    redefined: frozenset = frozenset()               # commands the text redefines (`\renewcommand{\log}{\log_2}`)
    decimal_comma: bool = False                      # the text says it writes a decimal comma ("Dezimalkomma")
    given_vectors: frozenset = frozenset()           # bold letters the text sets equal to something (`\mathbf{v} = (r,0)`)
    elementwise_powers: bool = False                 # the text says powers of vectors are taken entry by entry
    # of those, the ones it gives once as a list of entries in a text about vectors: letter -> the entries as written
    vector_entries: dict = field(default_factory=dict)
    # indices whose mean the display writes as `\frac{1}{n}\sum_{i=1}^n`: there `\mathbb{E}_i[…]` is that mean
    mean_indices: frozenset = frozenset()
    # names the text declares matrices, operators or vectors in its own words or with `\in \mathbb{R}^{n \times n}`
    # (name -> what), and decorated or subscripted names it writes applied to a name (`\dot{x}(t)`): noncommuting.py
    declared_objects: dict = field(default_factory=dict)
    applied_decorated: frozenset = frozenset()
    # bold names the text declares matrices or vectors (`\mathbf{u}` -> "a matrix"), the shapes it gives its matrices
    # and vectors (name -> (rows, columns)) and the pairs of sizes it says differ (`m \neq n`): products.py
    declared_bold: dict = field(default_factory=dict)
    shapes: dict = field(default_factory=dict)
    unequal_sizes: frozenset = frozenset()
    rows_throughout: bool = False                   # the text says every vector is a row ("All vectors are rows")
    # the sides of the chain the side being read stands in, as written: a series beside the sum it expands, an index
    # the other sides never write free
    chain_sides: tuple = ()
    # (letter, index) of `(y_i)_j` where the chain fixes i (sums over it nowhere, writes no other y): y_i is a vector
    rows_as_vectors: frozenset = frozenset()
    # each quantity of a law read as a name (`E[X^2]`) -> (its operator, its argument's parts as formulas), or None
    # when no law gives it a value the reader can compute (shared by every display of the text: importer/laws.py)
    law_arguments: dict = field(default_factory=dict)
    # the ranges the text writes for each summation letter (`\sum_{i=1}^{n}`: i -> {("1", "n")}): a sum over two
    # letters with no range (`\sum_{i, j}`) runs over them when each letter has one
    index_ranges: dict = field(default_factory=dict)
    # a function of a bold vector a display before the chain defines (`h(\\mathbf{x}) = …`, vector_functions.py):
    # its letter -> its definition, or the reason it is not read (defined more than once)
    vector_functions: dict = field(default_factory=dict)


_WRITTEN_RANGE = re.compile(r"\\sum_\{\s*([A-Za-z])\s*=\s*([^{}]+?)\s*\}\s*\^\s*(\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z0-9])")


def index_ranges(latex: str) -> dict:
    """letter -> {(low, high), …}: the ranges the text writes for its summation letters (`\\sum_{i=1}^{n}`)."""
    out: dict = {}
    for m in _WRITTEN_RANGE.finditer(latex):
        high = m.group(3)[1:-1] if m.group(3).startswith("{") else m.group(3)
        out.setdefault(m.group(1), set()).add((m.group(2).strip(), high.strip()))
    return out


def subscripted_names(latex: str) -> set[str]:
    """Names written with a subscript somewhere (`x_i`, `\\theta_0`): in the written file such a name is an entry
    of a vector, so it cannot also be the variable of an integral."""
    toks = [t for t in tokens(latex) if not t.isspace()]
    return {t.lstrip("\\") for t, after in zip(toks, toks[1:])
            if after == "_" and (len(t) == 1 and t.isalpha() or t.startswith("\\") and t[1:].isalpha())}


def bare_names(latex: str) -> set[str]:
    """Names written bare somewhere in the LaTeX: a letter (or Greek name) not followed by `(`, `_` or `[`,
    and not the argument of an accent or font command.  Such a name is a variable: `p(1-p)` is then a product."""
    toks = tokens(latex)
    out = set()
    in_word = set()             # the letters of a word set in a font (\mathsf{LogSumExp}, \text{bias}): one name
    for k, t in enumerate(toks):
        if (t in ACCENTS or t in _WORD_FONTS) and k + 1 < len(toks) and toks[k + 1] == "{":
            end = next((m for m in range(k + 2, len(toks)) if toks[m] == "}"), None)
            if end is not None and end - k - 2 > 1 and all(len(x) == 1 and x.isalpha() for x in toks[k + 2:end]):
                in_word.update(range(k + 2, end))
    applied = applied_letters(latex)
    for k, t in enumerate(toks):
        if not _is_name(t) or k in in_word:
            continue
        after = toks[k + 1] if k + 1 < len(toks) else ""
        if after == "^" and t in FUNCTION_LETTERS and t in applied and _power_before_a_parenthesis(toks, k + 1):
            continue        # `g^2(x)` beside `g(x)`: the square of g's value (see Reader._power_of_an_applied_function)
        before = toks[k - 1] if k else ""
        before2 = toks[k - 2] if k > 1 else ""
        m = k
        while m < len(toks) and len(toks[m]) == 1 and toks[m].isalpha():
            m += 1
        if m < len(toks) and toks[m] in ("(", "[") and m > k:     # a word before a parenthesis: np(…)
            continue
        if after in ("(", "_", "[") or before in ACCENTS or (before == "{" and before2 in ACCENTS) \
                or before in (r"\text", r"\mathbb", "_", r"\begin", r"\end") or (before == "{" and before2 in ("_", "^") and after != "}") \
                or before == "{" and before2 in (r"\mathbb", r"\text", r"\begin", r"\end"):
            continue
        out.add(t)
    return out


def applied_letters(latex: str) -> set[str]:
    """Letters (or Greek names) written right before a parenthesis somewhere (`g(x)`, `f(x + 1)`)."""
    toks = tokens(latex)
    return {t for t, after in zip(toks, toks[1:]) if _is_name(t) and after == "("}


def _power_before_a_parenthesis(toks: list[str], k: int) -> bool:
    """toks[k] is `^` with a power of 2 or 3 (`^2`, `^{2}`) and a parenthesis after it."""
    rest = toks[k + 1:k + 5]
    return bool(rest) and (rest[0] in ("2", "3") and rest[1:2] == ["("]
                           or rest[:1] == ["{"] and rest[1:2] in (["2"], ["3"]) and rest[2:4] == ["}", "("])


def bound_letters(latex: str) -> set[str]:
    """Letters used as the upper limit or the index of a sum or product (`\\sum_{i=1}^N`): an uppercase
    subscript such as `x_N` is then an entry of a vector, not a label."""
    out = set()
    for m in re.finditer(r"\\(?:sum|prod|max|min)\s*(?:\\limits)?\s*_\s*\{?\s*\\?([A-Za-z]+)\s*(?:=[^}^]*)?\}?"
                         r"(?:\s*\^\s*\{?\s*([A-Za-z])\b)?", latex):
        out |= {g for g in m.groups() if g and len(g) == 1}
    return out


# A superscript letter alone (`x^T`, `x^{T}`, `x^\\mathsf{T}`): removed before asking which names are written
# elsewhere, so that the T of a transpose does not count as a variable of the text.
_LETTER_POWER = re.compile(r"\^\s*(?:\{\s*)?(?:\\math(?:sf|rm)\s*\{\s*)?[A-Za-z]\s*(?:\}\s*)?(?:\})?")
# `\mathrm{log}`, `\operatorname{exp}`, `{\rm sin}`: the upright function, as `\log` (not a subscript label).
_UPRIGHT_FUNCTION = re.compile(r"(?<![_^{])(?<![_^]\{)\\(?:mathrm|operatorname|textrm|text)\s*\{\s*(log|ln|exp|sin|cos|tan|"
                               r"sinh|cosh|tanh|asinh|acosh|atanh|arsinh|arcosh|artanh|arcsinh|arccosh|arctanh|asin|acos|atan|cot|sec|csc)\s*\}|(?<![_^])\{\s*\\rm\s+(log|ln|exp|sin|cos|tan|sinh|cosh|tanh)\s*\}")
_SIGN_WORD = re.compile(r"(?<![_^{])(?<![_^]\{)\\(?:textrm|text|mathrm|operatorname)\s*\{\s*(sign|sgn)\s*\}(?=\s*(?:\\left\s*)?\()")
# An upright word set as an operator that upright_functions did not make a function, before anything but a
# parenthesis, a bracket or a script: `\operatorname{sech} x`, `\mathrm{sinc}\, x`.
_OPERATOR_WORD = re.compile(r"(?<![_^{])(?<![_^]\{)\\(?:operatorname\*?\s*\{\s*([A-Za-z]{2,})|mathrm\s*\{\s*(sech|csch|"
                            r"coth|sinc|arccot|arcsec|arccsc|arcsech|arccsch|arccoth|erf|erfc|sgn|sign|Ei|Si|Ci|li|Li))"
                            r"\s*\}"
                            r"(?!\s*(?:\(|\\left\s*[(\[.|]|\[|_|\^|\}))")
# Function names that, spelled in plain letters (`log x`, `exp(x)` in Markdown), are not a product of letters.
WORDS = ("log", "exp", "sin", "cos", "tan", "sinh", "cosh", "tanh", "max", "min", "arctan", "arcsin", "arccos")
# Names of functions that contain one of WORDS and are written before a parenthesis as one word.
NAMED = ("softmax", "argmax", "argmin", "logsumexp", "logit", "softmin")


def names_outside_powers(latex: str) -> set[str]:
    """Names written bare somewhere other than as a lone superscript letter (`x^T` does not write T)."""
    return bare_names(_LETTER_POWER.sub("^{2}", latex))


def upright_functions(latex: str) -> tuple[str, list[str]]:
    """`\\mathrm{log} x` is `\\log x` (never the product of a name "log" and x), and the rule that says so."""
    rules = []

    def command(m):
        name = m.group(1) or m.group(2)
        name = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "asinh": "arsinh", "acosh": "arcosh",
                "atanh": "artanh"}.get(name, name)   # SymPy's own printing
        rules.append(f"read `{m.group(0)}` as \\{name} (an upright function name)")
        return "\\" + name + " "
    return _UPRIGHT_FUNCTION.sub(command, latex), rules


class Reader:
    def __init__(self, backend: Backend = DEFAULT_BACKEND, context: Context | None = None):
        self.backend = backend
        self.context = context or Context()
        self.rules: list[str] = []
        self.values: dict[str, sp.Basic] = {}     # placeholder name -> SymPy value
        self.bound: list[tuple[sp.Symbol, str]] = []   # indices of big operators, with their LaTeX
        self.side_indices: set[str] = set()            # the indices of Σ, Π, max, min written in the side
        self.scaling: set[str] = set()                 # see Reading.scaling
        self.unsettled = ""                            # see Reading.unsettled
        self.reach_to_end: set[str] = set()            # indices whose Σ, Π reach to the end of their group
        self.top_text = ""                             # the whole side, as its items print
        self.summing: list[str] = []                   # the indices of the sums whose body is being read, outer first

    def rule(self, text: str) -> None:
        if text not in self.rules:
            self.rules.append(text)

    # -- the structure --

    def term_end(self, items, j: int) -> int:
        """Index of the next +, −, comma or relation at this level at or after j (a leading sign is skipped)."""
        k = j
        if k < len(items) and _is(items[k], *SIGNS):
            k += 1
        while k < len(items):
            it = items[k]
            if _is(it, *SIGNS) or _is(it, ",", ";", "=", "<", ">", "|"):
                return k
            k = self.factor_end(items, k, within_term=True)
        return k

    def factor_end(self, items, j: int, within_term: bool = False) -> int:
        it = items[j]
        k = j + 1
        if _is(it, r"\frac", r"\binom"):
            k = j + 3
        elif _is(it, r"\sqrt"):
            if k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren" and items[k][1] == "[":
                k += 1
            k += 1
        elif isinstance(it, str) and it in ACCENTS:
            k = j + 2
        elif isinstance(it, str) and (it in BIGOPS or it in REDUCERS and self._has_limits(items, j)):
            return self.term_end(items, self._after_limits(items, j + 1))
        elif isinstance(it, str) and it in FUNCS:
            return self.function_reach(items, j, quiet=True)[2]
        elif _is(it, r"\int"):
            return self.integral_reach(items, j)[3]
        k = self._postfix_end(items, k)
        if self._applies(items, j, k):
            k += 1
            k = self._postfix_end(items, k)
        return min(k, len(items))

    def _postfix_end(self, items, k: int) -> int:
        while k < len(items) and (_is(items[k], "_", "^") or _is(items[k], "'", "!", r"\prime")):
            k += 2 if _is(items[k], "_", "^") else 1
        return k

    def _name_atom(self, items, j):
        """(base name, accent suffix) if items[j] starts a name atom, else None."""
        it = items[j]
        if _is_name(it):
            return it, ""
        if _is(it, r"\pi") and j + 1 < len(items) and _is(items[j + 1], "_"):
            # `\pi_i`, `\pi_{j}`: an entry of a vector the text names π (class probabilities, a policy's
            # parameters); the number π is never written with a subscript
            return it, ""
        if isinstance(it, str) and it in ACCENTS and j + 1 < len(items):
            arg = items[j + 1]
            inner = arg[1] if isinstance(arg, tuple) and arg[0] == "brace" else [arg]
            if len(inner) == 1 and _is_name(inner[0]):
                # an upright e is Euler's number (the ISO convention), as an italic e is read
                return inner[0], "" if it in (r"\mathrm", r"\text") and inner[0] == "e" else ACCENTS[it]
            if len(inner) == 3 and _is_name(inner[0]) and _is(inner[1], "_") and it not in (r"\mathrm", r"\mathit"):
                return inner[0], ACCENTS[it]
            if len(inner) == 2 and isinstance(inner[0], str) and inner[0] in ACCENTS:
                nested = self._name_atom(inner, 0)
                if nested is not None:
                    return nested[0], nested[1] + ACCENTS[it]
            if it in _WORD_FONTS and all(isinstance(x, str) and x.isalpha() for x in inner):
                # an upright e is Euler's number (the ISO convention), a word is one name
                return "".join(inner), ACCENTS.get(it, "") if len(inner) == 1 and inner != ["e"] else ""
        return None

    def _applies(self, items, j, k) -> bool:
        """A function letter directly followed by a parenthesis (rule J1)."""
        atom = self._name_atom(items, j)
        if atom is None or k >= len(items):
            return False
        nxt = items[k]
        word = len(atom[0]) > 1 and not atom[0].startswith("\\")    # `\operatorname{sigmoid}(x)`, as name() reads it
        return ((atom[0] in self.context.functions or word) and isinstance(nxt, tuple) and nxt[0] == "paren"
                and nxt[1] == "(")

    def _has_limits(self, items, j) -> bool:
        return j + 1 < len(items) and _is(items[j + 1], "_")

    def _after_limits(self, items, k: int) -> int:
        while k < len(items) and _is(items[k], "_", "^"):
            k += 2
        return k

    def _limits(self, items, j):
        sub = sup = None
        k = j
        while k < len(items) and _is(items[k], "_", "^"):
            arg = items[k + 1] if k + 1 < len(items) else None
            arg = arg[1] if isinstance(arg, tuple) and arg[0] == "brace" else [arg]
            if _is(items[k], "_"):
                sub = arg
            else:
                sup = arg
            k += 2
        return sub, sup, k

    def function_reach(self, items, j: int, quiet: bool = False):
        """(argument items, power items or None, end index) of the function at items[j]."""
        name = items[j]
        k = j + 1
        power = None
        if k < len(items) and _is(items[k], "^"):
            power = items[k + 1]
            k += 2
        if k < len(items) and _is(items[k], "_"):
            raise ReadError(f"{name} with a base (a subscript) is not read; write it as a quotient of \\log")
        if name == r"\log" and self.context.log_base and not self.context.log_declared:
            raise ReadError(f"the text says its logarithms are base {self.context.log_base}: \\log is not read",
                            ("the natural logarithm", f"the logarithm to base {self.context.log_base}"))
        if k >= len(items):
            raise ReadError(f"{name} has no argument")
        nxt = items[k]
        if isinstance(nxt, tuple) and (nxt[0] == "brace" or nxt[1] == "("):
            return (nxt[1] if nxt[0] == "brace" else nxt[2]), power, k + 1     # L1
        end = self.term_end(items, k)
        run, starts, m = [], [], k
        stopped_by = None
        while m < end:
            it = items[m]
            if _is(it, r"\cdot", r"\times", "/"):
                stopped_by = it
                break
            if isinstance(it, str) and it in FUNCS and starts:
                stopped_by = it
                break
            starts.append(m)
            if isinstance(it, str) and (it in BIGOPS or it in REDUCERS and self._has_limits(items, m)):
                m = end
                break
            m = self.factor_end(items, m)
        arg = items[k:m]
        if not starts:
            raise ReadError(f"{name} has no argument")
        shown = FUNCS[name]
        if len(starts) > 1:
            first, second = items[starts[0]], items[starts[1]]
            mean = (len(starts) == 2 and (_is(first, r"\frac") or isinstance(first, str) and first[:1] in "0123456789")
                    and isinstance(second, str) and (second in BIGOPS or second in REDUCERS
                                                     and self._has_limits(items, starts[1])))
            if not mean:
                a, rest = text_of(items[starts[0]:starts[1]]), text_of(items[starts[1]:m])
                raise ReadError(f"ambiguous reach of {name}: `{text_of(items[j:m])}`",
                                (f"{shown}({a} {rest})", f"{shown}({a}) · {rest}"))
            if not quiet:
                self.rule(f"read `{text_of(items[j:m])}` as {shown} of the whole product "
                          f"({text_of(arg)}), up to the next + or −")
        if not quiet and m < len(items):
            after = text_of(items[m:m + 1])
            if stopped_by in FUNCS:
                self.rule(f"read `{text_of(items[j:m])} {after}…` as {shown}({text_of(arg)})·{FUNCS[stopped_by]}(…)")
            elif len(starts) == 1:
                self.rule(f"read `{text_of(items[j:m])} {after} …` as {shown}({text_of(arg)}) {after} …")
        return arg, power, m

    # -- emitting what the backend reads --

    def hold(self, value: sp.Basic) -> str:
        latex, name = self.backend.placeholder(len(self.values))
        self.values[name] = value
        return latex

    def indicator(self, items, j):
        r"""`\mathbb{1}(y_i = k)`, `\mathbb{1}\{x \le 2\}`, `\mathbb{I}(a \neq b)`: the indicator of one relation, 1 where it
        holds and 0 elsewhere: (the item after it, its value), or None where items[j] starts none.  An equation between
        two whole numbers (indices) is KroneckerDelta, any other relation a Piecewise of 1 and 0.  Anything else in
        the parentheses (no relation, two of them, words) is refused by name."""
        if not (_is(items[j], r"\mathbb") and j + 2 < len(items)
                and text_of(self._arg(items[j + 1])).strip() in ("1", "I")
                and isinstance(items[j + 2], tuple) and items[j + 2][0] == "paren"):
            return None
        inside = list(items[j + 2][2])
        shown = text_of(items[j:j + 3]).strip()
        at = [m for m, x in enumerate(inside) if isinstance(x, str) and x in _INDICATOR_RELATIONS]
        if text_of(self._arg(items[j + 1])).strip() == "I" and not at:
            return None                 # `\mathbb{I}(x)` with no relation: no indicator here
        if len(at) != 1 or at[0] == 0 or at[0] == len(inside) - 1 or any(
                _is(x, r"\text", r"\textrm", r"\mbox", r"\mathrm", ",", ";", r"\in", r"\land", r"\lor", r"\wedge",
                    r"\vee", r"\mid", "|") for x in inside):
            raise ReadError(f"`{shown}`: an indicator of what is not one relation between two expressions is not read",
                            ("1 where the condition holds, else 0", "another reading of the condition"))
        a, b = self.read_items(inside[:at[0]]), self.read_items(inside[at[0] + 1:])
        relation = _INDICATOR_RELATIONS[inside[at[0]]]
        if relation == "==" and getattr(a, "is_integer", False) and getattr(b, "is_integer", False):
            value = sp.KroneckerDelta(a, b)
            how = f"KroneckerDelta({a}, {b}) (1 when the two whole numbers are equal, else 0)"
        elif relation in ("==", "!=") and not _points_meet_the_equal_case(a, b):
            # `\mathbb{1}(x = 5)`, `\mathbb{1}(\cos x = 0)`: an equation of real quantities holds on a set no sampled
            # point meets (x = 5 lies outside the sampled range, cos x = 0 at points no sample hits), so a false line
            # passed on the case where it fails alone
            raise ReadError(f"`{shown}`: an indicator of an equation between real quantities other than two names is "
                            "not read: it is 1 (or 0) only on a set the sampled points never meet",
                            ("1 where the equation holds, else 0, checked only where it fails",
                             "a quantity the numbers cannot check"))
        else:
            condition = {"==": sp.Eq, "!=": sp.Ne, "<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge}[relation](
                a, b, evaluate=False)
            value = sp.Piecewise((sp.Integer(1), condition), (sp.Integer(0), True))
            how = f"1 where {condition} holds, else 0"
        self.rule(f"read `{shown}` as the indicator {how}")
        return j + 3, value

    def emit(self, items) -> str:
        dots = next((m for m, it in enumerate(items) if _is(it, *ELLIPSES)), None)
        if dots is not None:
            start, end, value = self.elided_sum(items, dots)
            middle = self.hold(value)
            return " ".join(x for x in (self.emit(items[:start]) if start else "", middle,
                                        self.emit(items[end:]) if end < len(items) else "") if x)
        out, j = [], 0
        while j < len(items):
            it = items[j]
            indicator = self.indicator(items, j)
            if indicator is not None:
                glue = r"\cdot " if out and out[-1].endswith("}") and self._is_placeholder(out[-1]) else ""
                out.append(glue + self.hold(indicator[1]))
                j = indicator[0]
                continue
            law = self.law_quantity(items, j)
            if law is not None:
                glue = r"\cdot " if out and out[-1].endswith("}") and self._is_placeholder(out[-1]) else ""
                out.append(glue + self.hold(law[1]))
                j = law[0]
                continue
            if isinstance(it, str) and it in FUNCS:
                arg, power, end = self.function_reach(items, j)
                fn = FUNCS[it]
                if power is not None and text_of(self._arg(power)).replace(" ", "") == "-1":
                    if it not in INVERSES:
                        raise ReadError(f"`{it}^{{-1}}` is ambiguous", (f"the inverse function of {fn}", f"1/{fn}(…)"))
                    self.rule(f"read `{it}^{{-1}}` as the inverse function {INVERSES[it]}, never 1/{fn}")
                    fn, power = INVERSES[it], None
                if it == r"\log" and self.context.log_declared:
                    # the text declares its \log base 2 ("\log(.) always refers to \log_2(.)"): log x / log 2
                    base = int(self.context.log_declared)
                    self.rule(f"read `\\log` as the logarithm to base {base}, as the text declares: log(…)/log({base})")
                    call = self.hold(sp.log(self.read_items(arg), base))
                else:
                    call = self.hold(getattr(sp, fn)(self.read_items(arg)))
                if power is not None:
                    call = "{" + call + "}^{" + self.emit(power[1] if isinstance(power, tuple) else [power]) + "}"
                out.append(call)
                j = end
                continue
            if isinstance(it, str) and (it in BIGOPS or it in REDUCERS and self._has_limits(items, j)):
                text, j = self.big_operator(items, j)
                out.append(text)
                continue
            if _is(it, r"\int"):
                text, j = self.integral(items, j)
                out.append(text)
                continue
            if isinstance(it, str) and it in REDUCERS:
                nxt = items[j + 1] if j + 1 < len(items) else None
                if isinstance(nxt, tuple) and nxt[0] == "brace" and len(nxt[1]) == 1 and isinstance(nxt[1][0], tuple) \
                        and nxt[1][0][1] == "(":
                    nxt = nxt[1][0]           # `\max{\{x_1, \dots, x_n\}}`: the braces only group the set
                listed = self.elided_list(nxt[2]) if isinstance(nxt, tuple) and nxt[1] == "(" else None
                if listed is not None:
                    # `\max\{x_1, \dots, x_n\}`: the largest entry of the list, max over k = 1…n of x_k
                    from ..authoring.reductions import IndexedMax, IndexedMin
                    index, low, upper, entry = listed
                    out.append(self.hold((IndexedMax if it == r"\max" else IndexedMin)(entry, (index, low, upper))))
                    j += 2
                    continue
                if j + 1 < len(items) and isinstance(items[j + 1], tuple) and items[j + 1][1] == "(":
                    args = self.split_commas(items[j + 1][2])
                    fn = sp.Max if it == r"\max" else sp.Min
                    out.append(self.hold(fn(*[self.read_items(a) for a in args])))
                    j += 2
                    continue
                raise ReadError(f"{it} without a subscript or parenthesis")
            if _is(it, r"\pi") and "pi" in self.context.subscripted and self._name_atom(items, j) is None:
                # the text writes `\pi_i` (entries of a vector π): a bare π may be that vector as well as the number
                raise ReadError("`\\pi` written bare in a text that also writes it with a subscript is not read",
                                ("the number π", "the vector π whose entries the text writes"))
            self._refuse_spelled_word(items, j)
            if _is(it, "/"):
                self._refuse_slash_reach(items, j)
            word = self._word(items, j)
            if word:
                end = j + len(word)
                args = [self.read_items(a) for a in self.split_commas(items[end][2])]
                self.rule(f"read `{''.join(word)}(…)` as the function {''.join(word)} applied (a word of "
                          f"{len(word)} letters before a parenthesis names a function)")
                out.append(self.hold(sp.Function("".join(word))(*args)))
                j = end + 1
                continue
            inner = self._plain_inner_product(items, j)
            if inner is not None:
                out.append(inner)
                j += 4
                continue
            atom = self._name_atom(items, j)
            if atom is not None:
                text, j = self.name(items, j, atom)
                out.append(text)
                continue
            if _is(it, r"\frac"):
                if j + 2 >= len(items):
                    raise ReadError(r"\frac needs two arguments")
                top, bottom = self._arg(items[j + 1]), self._arg(items[j + 2])
                operator = self._derivative_operator(items, j, top, bottom)
                if operator is not None:
                    text, j = operator
                    out.append(text)
                    continue
                defined = self._derivative_of_defined(items, j, top, bottom)
                if defined is not None:
                    text, j = defined
                    out.append(text)
                    continue
                quotient = self._derivative_quotient(items, j, top, bottom)
                if quotient is not None:
                    out.append(quotient)
                    j += 3
                    continue
                if (self._differential(top) or top and _is(top[0], "d")) and self._differential(bottom) \
                        and len(bottom) > 1 \
                        or top and _is(top[0], r"\partial"):
                    raise ReadError(f"`{text_of(items[j:j + 3])}` is a derivative (d over d·x is never read as a "
                                    "quotient): derivatives are not read by the import")
                out.append(r"\frac{" + self.emit(self._arg(items[j + 1])) + "}{" + self.emit(self._arg(items[j + 2])) + "}")
                j += 3
                continue
            if _is(it, r"\binom") and j + 2 < len(items):
                out.append(r"\binom{" + self.emit(self._arg(items[j + 1])) + "}{" + self.emit(self._arg(items[j + 2])) + "}")
                j += 3
                continue
            if _is(it, r"\sqrt"):
                k = j + 1
                index = ""
                if k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren" and items[k][1] == "[":
                    index = "[" + self.emit(items[k][2]) + "]"
                    k += 1
                out.append(r"\sqrt" + index + "{" + self.emit(self._arg(items[k])) + "}")
                j = k + 1
                continue
            if _is(it, "^", "_"):
                if _is(it, "_"):
                    before = items[max(0, j - 1):j]
                    if j >= 2 and before and isinstance(before[0], tuple) and before[0][0] == "paren" \
                            and isinstance(items[j - 2], tuple) and items[j - 2][0] == "brace":
                        # `\mathrm{softmax}(\mathbf{o})_j`: an entry of a function's value
                        word = items[j - 2][1]
                        name = "{" + ("".join(word) if all(isinstance(w, str) and w.isalpha() for w in word)
                                      else text_of(word)) + "}"
                        font = items[j - 3] if j >= 3 and isinstance(items[j - 3], str) else ""
                        shown = f"{font}{name}{text_of(before)}_{text_of(items[j + 1:j + 2])}".strip()
                        raise ReadError(f"`{shown}`: an entry of the value of a function (a subscript after its "
                                        "parenthesis) is not read")
                    raise ReadError(f"a subscript on `{text_of(before)}` is not read")
                sup = self._arg(items[j + 1])
                _refuse_run_of_digits(items[max(0, j - 1):j + 2])
                if re.fullmatch(r"-?[0-9]{6,}", text_of(sup).replace(" ", "")):
                    raise ReadError(f"the power `^{{{text_of(sup)}}}` is too large to evaluate exactly: not read")
                if len(sup) == 1 and _is(sup[0], r"\top"):
                    base = text_of(items[max(0, j - 3):j]) if j >= 2 and _is(items[j - 2], "_") \
                        or j >= 2 and isinstance(items[j - 2], str) and items[j - 2] in ACCENTS \
                        else text_of(items[max(0, j - 1):j])
                    row = self.context.shapes.get(re.sub(r"\\s+", "", base)) or next(
                        (shape for name, shape in self.context.shapes.items() if shape[0] == "1"
                         and name.startswith(re.sub(r"\\s+", "", base) + "_{")), None)   # rows `\mathbf{x}_i`: x one
                    if row is None and self.context.rows_throughout \
                            and re.fullmatch(r"\s*\\(?:mathbf|boldsymbol|bm|vec)\s*\{?\s*[a-z]\s*\}?\s*", base):
                        row = ("1", "…")                            # "All vectors are row vectors"
                    if row is not None and row[0] == "1" and row[1] != "1":
                        length = f"1×{row[1]}" if row[1] != "…" else "of a length it does not give"
                        raise ReadError(f"`{base.strip()}^\\top`: the transpose of a vector the text declares a row "
                                        f"({length}): a column, and its product with a vector a matrix, not their "
                                        "dot product: not read")
                    raise ReadError(f"`{base.strip()}^\\top`: a transpose is not read here (the import reads "
                                    "`\\mathbf{u}^\\top\\mathbf{v}`, two bold vectors with no subscript, as their "
                                    "dot product)")
                letter = self._lone_letter(sup)
                if letter in ("T", r"\intercal") and letter not in self.context.bounds \
                        and letter not in self.context.outside_powers:
                    base = text_of(items[max(0, j - 1):j])
                    raise ReadError(f"`{base}^{text_of(sup)}`: T is written nowhere else in the text, so this is a "
                                    "transpose, which is not read", (f"the transpose of {base}", f"{base} to the power T"))
                before = text_of(items[max(0, j - 3):j])
                if letter in ("T", r"\intercal") and ("_" in before or re.search(r"\\(mathbf|boldsymbol|bm|vec)\b", before)):
                    # `x_i^T w`, `\mathbf{w}^T`: an entry or a bold letter raised to T is a transpose as often as a power
                    raise ReadError(f"`{before}^{text_of(sup)}`: a vector's transpose or a power T; not read",
                                    (f"the transpose of {before}", f"{before} to the power T"))
                bold_entry = "_" in before and re.search(r"\\(mathbf|boldsymbol|bm|vec)\b", before)
                if letter and letter not in ("T", r"\intercal") and (letter in self.context.subscripted or bold_entry):
                    # `\mathbf{w}_t^g` beside `g_t`: a letter the text writes as a vector (or on a bold entry) names
                    # which one of several (the gated weights) as often as it raises to a power
                    raise ReadError(f"`{before}^{text_of(sup)}`: a superscript {letter} on "
                                    + ("a bold entry" if bold_entry else f"a name, where {letter} is written with a "
                                       "subscript elsewhere") + ", is a label as often as a power: not read",
                                    (f"{before} labelled {letter}", f"{before} to the power {letter}"))
                if len(sup) == 1 and isinstance(sup[0], tuple) and sup[0][0] == "paren" \
                        and not any(_is(t, r"\sum") for t in sup[0][2]):
                    # (`e^{\mathbf{q}^\top\mathbf{k}}`: a dot product read as (Σ_k q_k k_k) is a power, never a label)
                    raise ReadError(f"a superscript in parentheses (`^{text_of(items[j + 1:j + 2])}`) is a label, "
                                    "not a power: not read by the import")
                out.append("^{" + self.emit(sup) + "}")
                j += 2
                continue
            if isinstance(it, str) and it.isdigit() and j + 1 < len(items) \
                    and _is(items[j + 1], r"\frac") and j + 3 < len(items) \
                    and all(text_of(self._arg(items[m])).isdigit() for m in (j + 2, j + 3)):
                top, bottom = text_of(self._arg(items[j + 2])), text_of(self._arg(items[j + 3]))
                raise ReadError(f"`{it}\\frac{{{top}}}{{{bottom}}}`: a whole number before a fraction of numbers is "
                                "not read", (f"the mixed number {it} {top}/{bottom} = {sp.Integer(it) + sp.Rational(top, bottom)}",
                                            f"the product {it}·{top}/{bottom} = {sp.Integer(it) * sp.Rational(top, bottom)}"))
            number = exact_number(it) if isinstance(it, str) else None
            if number is not None:
                self.rule(f"read the number {it.replace('⏨', 'e')} as the exact rational {number}")
                out.append(self.hold(number))
                j += 1
                continue
            if isinstance(it, tuple) and it[0] == "brace":
                out.append("{" + self.emit(it[1]) + "}")
            elif isinstance(it, tuple):
                # after a placeholder the backend would read `\mathrm{V}(x)` as a function V applied to x
                glue = r"\cdot " if out and out[-1].endswith("}") and self._is_placeholder(out[-1]) else ""
                if it[1] in "⌊⌈":
                    content = it[2]
                    if len(content) == 1 and isinstance(content[0], tuple) and content[0][0] == "brace":
                        content = content[0][1]          # `\left\lfloor{x}\right\rfloor`: the braces group x
                    inner = self.read_items(content)
                    out.append(glue + self.hold(sp.floor(inner) if it[1] == "⌊" else sp.ceiling(inner)))
                elif it[1] == "|":
                    self.rule(f"read `|{text_of(it[2])}|` as the absolute value of {text_of(it[2])}")
                    out.append(glue + r"\left|" + self.emit(it[2]) + r"\right|")
                else:
                    out.append(glue + r"\left(" + self.emit(it[2]) + r"\right)")
            elif _is(it, r"\|", r"\Vert", r"\lVert", r"\rVert"):
                close = next((m for m in range(j + 1, len(items)) if _is(items[m], r"\|", r"\Vert", r"\rVert")), None)
                if close is not None and close + 2 < len(items) and _is(items[close + 1], "_"):
                    written, sub = text_of(items[j:close + 3]), text_of(self._arg(items[close + 2])).strip()
                    if sub in ("1", "2", r"\infty"):
                        raise ReadError(f"`{written}`: a norm of what is not a sum of the text's bold vectors (times "
                                        "numbers or scalars) is not read")
                    raise ReadError(f"`{written}`: the norm with subscript {sub} is not read (the import reads the "
                                    "1-, 2- and ∞-norms of the text's bold vectors)")
                raise ReadError(f"`{it}` opens or closes a norm, which is not read by the import")
            elif isinstance(it, str) and it.startswith("\\") and it not in PASS:
                shown = text_of(items[j:j + 2]).strip()
                if _is(it, r"\mathbb") and j + 1 < len(items) and text_of(self._arg(items[j + 1])).strip() == "1":
                    raise ReadError(f"`{text_of(items[j:j + 3]).strip()}`: an indicator (1 when the condition "
                                    "holds, else 0) is not read")
                if _is(it, r"\lim"):
                    limit = self.limit(items, j)
                    if limit is not None:
                        out.append(limit)
                        j = len(items)
                        continue
                if _is(it, r"\lim", r"\limsup", r"\liminf"):
                    limits = text_of(items[j:j + 3]).strip() if j + 1 < len(items) and _is(items[j + 1], "_") else it
                    raise ReadError(f"`{limits}`: a limit is not read by the import")
                if _is(it, r"\partial") and j + 1 < len(items) and _is(items[j + 1], "_"):
                    raise ReadError(f"`{text_of(items[j:j + 3]).strip()}`: a partial derivative written with a "
                                    "subscript is not read")
                if it in (r"\boldsymbol", r"\bm", r"\mathbf") and j + 1 < len(items):
                    raise ReadError(f"`{shown}`: a bold {text_of(self._arg(items[j + 1])).strip()} (a vector or a "
                                    "matrix) is not read here")
                raise ReadError(f"`{it}` is not read by the import (unsupported construct)")
            elif _is(it, "!") and out and j > 0 and not _is(items[j - 1], *SIGNS, r"\cdot", r"\times", "/", "!"):
                # n!, (n+1)!, 5!7!: the factorial of the factor before it (the backend's reading)
                self.rule(f"read `{text_of(items[max(0, j - 1):j + 1])}` as a factorial")
                out.append("!")
            elif _is(it, "|"):
                raise ReadError("`|` that pairs with no other bar as an absolute value (a conditional p(y|x), a "
                                "divisor, nested or juxtaposed bars) is not read")
            elif _is(it, "|", ";", "!", "'"):
                raise ReadError(f"`{it}` is not read by the import (unsupported construct)")
            else:
                out.append(it + (" " if it.startswith("\\") else ""))
            j += 1
        return " ".join(out)

    def law_quantity(self, items, j):
        """`\\textrm{Var}(X)`, `E[X^2]`, `\\mathbb{E}_{x \\sim P}[f(x)]`, `\\mathrm{Cov}(X, Y)`: an operator on random
        variables or laws before a bracket is one quantity, a number the text fixes through a distribution it states
        in words.  It is read as a name of its own (its operator, subscript and argument as written, `E[X^2]`), the
        same name wherever the same text stands; (end, name) or None when items[j] starts no such operator.  The
        operator without a bracket, and an argument that writes an index or a size of the text (`E[w_{ij}]` in a sum
        over j: a quantity that changes with the index), are refused."""
        it, k, word = items[j], j, None
        if isinstance(it, str) and it in _LAW_FONTS and j + 1 < len(items) and isinstance(items[j + 1], tuple) \
                and items[j + 1][0] == "brace" and "".join(x for x in items[j + 1][1] if isinstance(x, str)) in _LAW_WORDS \
                and all(isinstance(x, str) for x in items[j + 1][1]):
            word, k = "".join(items[j + 1][1]), j + 2
        elif _is(it, r"\mathbb") and j + 1 < len(items):
            inner = self._arg(items[j + 1])
            if len(inner) == 1 and _is(inner[0], *_BLACKBOARD):
                word, k = _BLACKBOARD[inner[0]], j + 2
        elif _is(it, r"\Pr"):
            word, k = "Pr", j + 1
        elif _is(it, "P", "p") and j + 1 < len(items) and isinstance(items[j + 1], tuple) \
                and items[j + 1][:2] == ("paren", "(") and any(_is(x, r"\mid") for x in items[j + 1][2]):
            # `P(X \mid \theta)`, `p(x \mid \mu, \sigma)`: a probability or a density given a condition
            word, k = it, j + 1
        elif _is(it, "P") and j + 1 < len(items) and isinstance(items[j + 1], tuple) \
                and items[j + 1][:2] == ("paren", "(") and self._event_in_words(items[j + 1][2]):
            # `P(\textrm{choose~} i)`: the probability of an event the text names in words
            word, k = it, j + 1
        elif _is(it, "E") and self.context.about_laws and j + 1 < len(items) and isinstance(items[j + 1], tuple) \
                and items[j + 1][:2] == ("paren", "("):
            # `E(\hat{\theta}_n - \theta)` in a text that writes other operators on random variables or laws: an
            # expectation, as `E[…]` is
            word, k = "E", j + 1
        elif _is(it, "E") and j + 1 < len(items) and (isinstance(items[j + 1], tuple) and items[j + 1][:2] == ("paren", "[")
                                                      or _is(items[j + 1], "_") and j + 3 < len(items)
                                                      and isinstance(items[j + 3], tuple) and items[j + 3][:2] == ("paren", "[")):
            word, k = "E", j + 1
        else:
            for w in ("Var", "Cov", "Corr", "Std", "Prob"):
                if all(_is(items[j + m], ch) for m, ch in enumerate(w) if j + m < len(items)) \
                        and j + len(w) < len(items) and isinstance(items[j + len(w)], tuple) \
                        and items[j + len(w)][0] == "paren" and items[j + len(w)][1] in "([":
                    word, k = w, j + len(w)
                    break
        if word is None:
            return None
        sub = ""
        if k + 1 < len(items) and _is(items[k], "_"):
            sub = "_{" + text_of(self._arg(items[k + 1])) + "}"
            k += 2
        if not (k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren" and items[k][1] in "(["):
            if word in _ESTIMATORS:
                return None                     # `\mathrm{bias}` alone is a name, as any word in a font
            _refuse_operator_on_laws(word)
        argument = items[k][2]
        written = text_of(argument)
        inside = bound_letters(written) | {m.group(1) for m in _OPERATOR_INDEX.finditer(written)}
        letters = {t.lstrip("\\") for t in tokens(written) if len(t) == 1 and t.isalpha() or t in GREEK}
        indexed = letters & ((set(self.context.bounds) | self.side_indices) - inside)
        what = OPERATORS_ON_LAWS.get(word) or _ESTIMATORS.get(word, "a probability or a density given a condition")
        over = sub[2:-1].strip().lstrip("\\")
        if word == "E" and over in indexed and over in self.context.mean_indices:
            # `\frac{1}{n}\sum_{i=1}^n e^{s_i} v_i = \mathbb{E}_i[e^{s_i} v_i]`: the display itself writes the mean
            # over i that its E_i is, so the subscript is the index averaged over (uniformly, i = 1…n)
            index, size = sp.Symbol(over, integer=True), sp.Symbol(self.context.size)
            value = sp.Sum(self.read_items(list(argument)), (index, 1, size)) / size
            self.rule(f"read `{text_of(items[j:k + 1])}` as the mean over {over} = 1…{size} of {written}, "
                      f"(1/{size}) Σ_{over}, as the display writes it")
            return k + 1, value
        if indexed and not sub and word in ("E", "Var", "Cov") and indexed <= set(self.summing):
            # `\sum_{j=1}^{n} E[w_{ij} x_j]`: inside a sum over j, one quantity for each value of j, the entry at j of a
            # family of quantities (a law may give each j its own value): never one number
            order = list(dict.fromkeys(x for x in self.summing if x in indexed))
            name = _primes_as_written(f"{word}[{written}]")
            self.context.law_arguments.setdefault(name, self._law_argument(word, sub, argument))
            self.rule(f"read `{_primes_as_written(text_of(items[j:k + 1]))}` inside the sum over {', '.join(order)} as "
                      f"the entry at {', '.join(order)} of the quantities {name}, {what} of random variables or a law "
                      f"for each value of {', '.join(order)}, whose values the text states in words (the steps that "
                      "write them are unsettled: never refuted)")
            at = [sp.Symbol(x, integer=True) for x in order]
            return k + 1, sp.IndexedBase(name)[tuple(at)] if len(at) > 1 else sp.IndexedBase(name)[at[0]]
        if indexed:
            raise ReadError(f"`{word}{sub}[{written}]`, {what}, writes {', '.join(sorted(indexed))}, an index or a size "
                            "of the text: a quantity that changes with it, which is not read",
                            (f"a quantity for each value of {', '.join(sorted(indexed))}", "one number"))
        name = _primes_as_written(f"{word}{sub}[{written}]")
        self.context.law_arguments.setdefault(name, self._law_argument(word, sub, argument))
        self.rule(f"read `{_primes_as_written(text_of(items[j:k + 1]))}` as the quantity {name}, {what} "
                  "of a random variable or a law: a name of its own, whose value the text states in words (the steps "
                  "that write it are unsettled: never refuted)")
        return k + 1, sp.Symbol(name)

    def _law_argument(self, word: str, sub: str, argument) -> tuple | None:
        r"""(word, the argument's parts read as formulas) for E[…], Var(…) and Cov(…, …) with no subscript and no
        condition: what a law gives a value (importer/laws.py).  None for any other: E_{x \sim p}, E[X \mid Y], a
        probability, an argument that does not read."""
        if sub or word not in ("E", "Var", "Cov") or any(_is(x, r"\mid", "|", ";") for x in argument):
            return None
        parts, current = [], []
        for x in argument:
            if _is(x, ","):
                parts.append(current)
                current = []
            else:
                current.append(x)
        parts.append(current)
        if len(parts) != (2 if word == "Cov" else 1) or not all(parts):
            return None
        kept = list(self.rules)     # reading the argument is for its value only: it states no rule of the text
        try:
            return word, tuple(self.read_items(list(p)) for p in parts)
        except Exception:       # an argument the reader cannot read gives the quantity no value
            return None
        finally:
            self.rules[:] = kept

    @staticmethod
    def _event_in_words(argument) -> bool:
        """An argument that opens with words set in a text font (`\\textrm{choose~} i`): an event, never a number."""
        return bool(argument) and _is(argument[0], r"\text", r"\textrm", r"\mbox") and len(argument) > 1 \
            and isinstance(argument[1], tuple) and argument[1][0] == "brace" \
            and sum(1 for x in argument[1][1] if isinstance(x, str) and x.isalpha()) >= 2

    def _terms(self, items):
        """(start, end) of each term at this level, its sign included; None when a comma or relation splits it."""
        out, k = [], 0
        while k < len(items):
            end = self.term_end(items, k)
            if end == k:
                return None
            out.append((k, end))
            k = end
        return out

    def elided_sum(self, items, dots: int):
        """`x_1 + x_2 + \\cdots + x_n`, `\\beta_1x_1 + \\cdots + \\beta_nx_n`: the sum Σ_{k=a}^{N} T(k) whose first term T(a)
        and last term T(N) differ only in subscripts, a number in the first and one name or number in the last
        (rule E1); the terms written between are T(a+1), T(a+2), … .  (start, end, value) of the run at this
        level.  Refused, naming what is missing: dots in a product or a list, a tail with no last term (`+ \\cdots`),
        a minus at the level, terms that differ elsewhere than in subscripts, and written terms that break the
        pattern (`x_1 + x_3 + \\cdots + x_n`: the step is not 1)."""
        shown = text_of(items)
        terms = self._terms(items)
        signs = [items[a] for a, _ in terms or [] if _is(items[a], *SIGNS)]
        where = next((t for t, (a, b) in enumerate(terms or []) if a <= dots < b), None)
        if dots and isinstance(items[dots - 1], str) and re.fullmatch(_NUMBER, items[dots - 1]) \
                and not (dots > 1 and _is(items[dots - 2], "^", "_")):
            # `-301029995.6\\ldots`: the digits of a number go on past those written
            raise ReadError(f"`{shown}`: a number whose digits go on past an ellipsis is not an exact number: not read",
                            (f"a number that starts {items[dots - 1]}…", f"the number {items[dots - 1]}"))
        run = self.elided_product(items, dots)
        if run is not None:
            return run
        if terms is None or where is None or terms[where] != (dots - 1, dots + 1) or not _is(items[dots - 1], "+"):
            raise ReadError(f"`{shown}`: an ellipsis that is not a term of a sum (a product or a list) is not read",
                            ("the factors or entries it stands for", "nothing"))
        if where + 1 >= len(terms):
            series = self.series_beside(items, terms, where, shown)
            if series is not None:
                return 0, len(items), series
            raise ReadError(f"`{shown}`: a sum whose ellipsis has no last term after it (a series) is not read",
                            ("the infinite series", "a finite sum the text does not bound"))
        if any(not _is(x, "+") for x in signs[1:]) or (signs and terms[0][0] == 0 and _is(items[0], "-", r"\pm", r"\mp")
                                                       and where == 1):
            raise ReadError(f"`{shown}`: an ellipsis in a sum with a minus is not read",
                            ("the terms of one sign it stands for", "alternating terms"))

        def toks(t):
            a, b = terms[t]
            return tokens(text_of(items[a + (1 if _is(items[a], "+") else 0):b]))
        last = toks(where + 1)
        run = []
        for t in range(where - 1, -1, -1):
            if len(toks(t)) != len(last) or _is(items[terms[t][0]], "-", r"\pm", r"\mp") and t:
                break
            run.insert(0, t)
        if not run:
            raise ReadError(f"`{shown}`: the terms before and after the ellipsis are not written alike: not read",
                            ("the terms it stands for", "nothing"))
        index, low, upper, body, general = self._elided_pattern([toks(t) for t in run], last, shown)
        top = text_of([str(upper)]) if upper.is_Integer else upper.name
        letter = index.name
        value = sp.Sum(body, (index, low, upper))
        start, end = terms[run[0]][0], terms[where + 1][1]
        if _is(items[start], "+"):
            start += 1
        self.rule(f"read `{text_of(items[start:end])}` as the sum over {letter} = {low}…{top} of "
                  f"{''.join(general)} (the first and last terms differ in the subscript {low}…{top})")
        return start, end, value

    def elided_product(self, items, dots: int):
        """`(6)(5) \\dotsm (1)`, `5 \\cdot 4 \\cdots 1`: a product of whole numbers written before the ellipsis, each
        one more or one less than the one before, and one after it that the same step reaches: the product of every
        whole number from the first to the last.  (start, end, value), or None when the factors are not such a run
        (the caller refuses)."""
        def number(k):
            it = items[k] if 0 <= k < len(items) else None
            if isinstance(it, tuple) and it[0] == "paren" and it[1] == "(" and len(it[2]) == 1:
                it = it[2][0]
            return int(it) if isinstance(it, str) and it.isdigit() else None

        def before(k):
            # the factor written before the one at k (skipping a `\cdot` or `\times` between them)
            k -= 1
            if k >= 0 and _is(items[k], r"\cdot", r"\times"):
                k -= 1
            return k

        start, k = None, before(dots)
        if k >= 0 and (dots - k == 2) != _is(items[dots - 1], r"\cdot", r"\times"):
            return None
        written, step = [], None
        while k >= 0 and number(k) is not None:
            if written and step is None:
                step = written[0] - number(k)
            if written and (step not in (1, -1) or written[0] - number(k) != step):
                break                       # `2(5)(4) \dotsm (1)`: the run is (5)(4); 2 is a factor before it
            written.insert(0, number(k))
            start, k = k, before(k)
        after = dots + 1 + (1 if dots + 1 < len(items) and _is(items[dots + 1], r"\cdot", r"\times") else 0)
        last = number(after)
        if len(written) < 2 or last is None or (after + 1 < len(items) and not _is(items[after + 1], *SIGNS)) \
                or (last - written[-1]) * step < 2:
            return None
        if start > 0 and not _is(items[start - 1], *SIGNS, r"\cdot", r"\times") and number(start - 1) is None \
                and not isinstance(items[start - 1], tuple):
            return None
        value = sp.Integer(1)
        for m in range(written[0], last + step, step):
            value *= m
        self.rule(f"read `{text_of(items[start:after + 1])}` as the product of the whole numbers from {written[0]} to "
                  f"{last}, {value} (the factors written step by {step})")
        return start, after + 1, value

    def series_beside(self, items, terms, where, shown):
        """`1 + x + \\frac{x^2}{2} + \\cdots` as a whole side of a chain that also writes `\\sum_{n=0}^\\infty
        \\frac{x^n}{n!}`: the series is that sum when the terms written before the ellipsis are its first terms, in
        order, every one with a plus.  None when the chain has no such sum; refused, naming both, when the written
        terms are not its first terms (the text does not say which terms follow)."""
        if text_of(items) != self.top_text or where < 2 \
                or any(_is(items[a], *SIGNS) and not _is(items[a], "+") for a, _ in terms[:where]):
            return None
        alone = replace(self.context, chain_sides=())
        sums = []
        for side in self.context.chain_sides:
            try:
                expr = read_side(side, self.backend, alone).expr
            except ReadError:
                continue
            if isinstance(expr, sp.Sum) and len(expr.limits) == 1 and expr.limits[0][2] == sp.oo \
                    and expr.limits[0][1].is_Integer and expr not in [e for e, _ in sums]:
                sums.append((expr, side.strip()))
        if len(sums) != 1:
            return None
        series, written = sums[0]
        index, low, _ = series.limits[0]
        read = [self.read_items(items[a + (1 if _is(items[a], "+") else 0):b]) for a, b in terms[:where]]
        for m, term in enumerate(read):
            at = {s: low + m for s in series.function.free_symbols if isinstance(s, sp.Symbol) and s.name == index.name}
            if sp.simplify(term - series.function.xreplace(at)) != 0:
                error = ReadError(f"`{shown}`: the terms written before the ellipsis are not the first terms of "
                                  f"`{written}`, the series the chain writes beside it: not read",
                                  (f"the series {written}", "a series whose further terms the text does not give"))
                error.comparison = _first_terms(series, sp.Add(*read), written)
                raise error
        self.rule(f"read `{shown}` as `{written}`, the series the chain writes beside it: the {where} terms "
                  "written before the ellipsis are its first terms")
        return series

    def _elided_pattern(self, written, last, shown):
        """The run of terms `written` (token lists, before the ellipsis) and `last` (after it) as (index, low, upper,
        body, general tokens): T(low), T(low+1), …, T(upper), the terms differing only in one subscript, a number in
        the first and one name or number in the last (rule E1).  Refused, naming what is missing, otherwise."""
        first = written[0]
        diff = [m for m, (u, v) in enumerate(zip(first, last)) if u != v]
        in_subscript = all(m > 0 and (first[m - 1] == "_" or m > 1 and first[m - 1] == "{" and first[m - 2] == "_"
                                      and m + 1 < len(first) and first[m + 1] == "}") for m in diff)
        if len(first) != len(last) or not diff or not in_subscript or len({first[m] for m in diff}) != 1 \
                or len({last[m] for m in diff}) != 1 \
                or not first[diff[0]].isdigit() or not (last[diff[0]].isdigit() or _is_name(last[diff[0]])):
            raise ReadError(f"`{shown}`: the first and last terms around the ellipsis do not differ in one index "
                            "written as a subscript: not read", ("the terms it stands for", "nothing"))
        low, top = int(first[diff[0]]), last[diff[0]]
        if top.isdigit() and int(top) < low:
            raise ReadError(f"`{shown}`: an ellipsis from {low} down to {top} is not read",
                            (f"the terms from {top} to {low}", f"an empty sum (Σ from {low} to {top})"))
        used = set(tokens(shown)) | set(self.context.bounds) | set(self.context.variables)
        letter = next((c for c in "kjmlrquvwstpgh" if c not in used), None)
        if letter is None:
            raise ReadError(f"`{shown}`: every letter the import would take for the index of the sum is a name "
                            "or an index of the text: not read", ("the terms it stands for", "nothing"))
        for offset, t in enumerate(written):
            expected = [str(low + offset) if m in diff else x for m, x in enumerate(first)]
            if t != expected:
                raise ReadError(f"`{shown}`: a term written before the ellipsis does not follow the pattern of the "
                                "first and last terms (a step other than 1): not read",
                                ("the terms it stands for", "a sum with step 1"))
        general = [letter if m in diff else x for m, x in enumerate(first)]
        body = self.read_items(group(general))
        index = sp.Symbol(letter, integer=True)
        body = body.xreplace({s: index for s in body.free_symbols if isinstance(s, sp.Symbol) and s.name == letter})
        upper = sp.Integer(int(top)) if top.isdigit() else sp.Symbol(top.lstrip("\\"), integer=True)
        return index, sp.Integer(low), upper, body, general

    def elided_list(self, items):
        """`x_1, \\dots, x_n`, `tx_1, x_2, \\ldots, tx_n` as (index, low, upper, entry): the list of entries T(low)…T(upper)
        the first and last entries write (rule E1, as for a sum); None when items hold no ellipsis."""
        entries = self.split_commas(items)
        dots = [m for m, e in enumerate(entries) if len(e) == 1 and _is(e[0], *ELLIPSES)]
        if not dots:
            return None
        shown = text_of(items)
        if len(dots) != 1 or dots[0] == 0 or dots[0] != len(entries) - 2 \
                or any(_is(x, *ELLIPSES) for e in entries for x in e if len(e) > 1):
            raise ReadError(f"`{shown}`: a list whose ellipsis is not between written entries and one last entry is "
                            "not read", ("the entries it stands for", "nothing"))
        index, low, upper, body, general = self._elided_pattern(
            [tokens(text_of(e)) for e in entries[:dots[0]]], tokens(text_of(entries[-1])), shown)
        self.rule(f"read `{shown}` as the list of {''.join(general)} for {index} = {low}…{upper} (the first and last "
                  "entries differ in that subscript)")
        return index, low, upper, body

    def _derivative_operator(self, items, j, top, bottom):
        """`\\frac{d}{dx}(…)`, `\\frac{\\partial}{\\partial x} f`: the derivative of what follows, as SymPy's
        Derivative; (placeholder, end) or None when items[j] is no operator of that form.  What follows is a
        delimited group, or one factor the side ends after (or a +, −, relation); any longer run is refused,
        naming both reaches.  `\\frac{dy}{dx}` (y a name of the text) stays refused."""
        d = top == ["d"] or top == [r"\partial"] or (len(top) == 2 and _is(top[0], r"\mathrm", r"\text", r"\operatorname")
                                                     and isinstance(top[1], tuple) and top[1][1] == ["d"])
        if not d or len(bottom) < 2 or not self._differential(bottom):
            return None
        rest = [x for x in bottom[1:] if not (isinstance(x, tuple) and x[0] == "brace" and x[1] == ["d"])]
        entry = len(rest) == 3 and _is_name(rest[0]) and _is(rest[2 - 1], "_") \
            and re.fullmatch(r"[0-9]+", text_of(self._arg(rest[2])).replace(" ", "")) is not None
        if not entry and (len(rest) != 1 or not _is_name(rest[0])):
            raise ReadError(f"`{text_of(items[j:j + 3])}`: a derivative with respect to something other than one "
                            "name or one numbered entry is not read")
        if entry:
            # `\\frac{d}{dx_1}`: with respect to the entry x_1 of the vector x (SymPy's derivative by an Indexed)
            var = sp.IndexedBase(rest[0].lstrip("\\"))[int(text_of(self._arg(rest[2])).replace(" ", ""))]
            return self._derivative_by_entry(items, j, var)
        var = sp.Symbol(rest[0].lstrip("\\"))
        k = j + 3
        if k >= len(items):
            raise ReadError(f"`{text_of(items[j:j + 3])}` has nothing to differentiate")
        # the factor after the operator with its powers and subscripts: `\\frac{d}{dv} (x-uv)^{2}` is d/dv of the square
        end = self.factor_end(items, k)
        whole = self._product_of_the_variable(items, k, end, var) \
            if end < len(items) and not _is(items[end], *SIGNS, ",", ";", "=", "<", ">") else None
        if whole is not None:
            # `\frac{d}{d\theta} \theta^9(1-\theta)^4`: every factor of the run writes θ, so the derivative is of the
            # whole product (a factor meant outside it would be written before the operator, as `g(x) \frac{d}{dx} f(x)`)
            self.rule(f"read `{text_of(items[j:whole])}` as the derivative d/d{var} of the whole product "
                      f"`{text_of(items[k:whole])}`: each of its factors writes {var}")
            end = whole
        if end < len(items) and not _is(items[end], *SIGNS, ",", ";", "=", "<", ">"):
            after = text_of(items[k:self.term_end(items, k)])
            raise ReadError(f"how far `{text_of(items[j:j + 3])}` reaches over `{after}` is not settled",
                            (f"d/d{var} ({text_of(items[k:end])}) · {text_of(items[end:self.term_end(items, k)])}",
                             f"d/d{var} ({after})"))
        delimited = end == k + 1 and isinstance(items[k], tuple) and items[k][0] == "paren"
        if end < len(items) and _is(items[end], *SIGNS) and not delimited \
                and self._next_term_differentiates(items, end, top, bottom):
            # `3 \frac{d}{dx} x^2 - 4 \frac{d}{dx} x`, `f \frac{d}{dx} g(x) + g(x) \frac{d}{dx} f(x)`: the next term takes
            # its own derivative by the same variable, so each derivative reaches over its own term (a reach over the
            # sign would put one derivative inside another)
            self.rule(f"read `{text_of(items[j:end])}` as reaching to the {text_of(items[end:end + 1])}: the next term "
                      f"takes its own derivative d/d{var}")
        elif end < len(items) and _is(items[end], *SIGNS) and not delimited:
            # `\frac{d}{dx} x^2 + 1`: the derivative of x² plus 1, or of the whole sum x² + 1
            stop = next((m for m in range(end, len(items)) if _is(items[m], ",", ";", "=", "<", ">")), len(items))
            raise ReadError(f"how far `{text_of(items[j:j + 3])}` reaches over `{text_of(items[k:stop])}` is not "
                            "settled", (f"d/d{var} ({text_of(items[k:end])}) {text_of(items[end:stop])}",
                                        f"d/d{var} ({text_of(items[k:stop])})"))
        body = items[k:end]
        if len(body) == 1 and isinstance(body[0], tuple) and body[0][0] == "paren" and body[0][1] in "([":
            body = body[0][2]
        inner = self.read_items(body)
        constant = inner.free_symbols and all(isinstance(s, sp.Symbol) and s.name in self.context.constants
                                              for s in inner.free_symbols)
        likelihood = _given_the_variable(inner, var.name)
        if constant and not self._written_with(inner, var.name, f"`{text_of(items[j:end])}`"):
            # `\\frac{d}{dx} C = 0 \\quad \\textrm{for any constant $C$}`: the text says C does not change with x
            self.rule(f"read `{text_of(items[j:end])}` as the derivative of {text_of(body)}, which the text calls a "
                      "constant")
        elif likelihood is not None:
            # `\frac{d}{d\theta} P(X \mid \theta)`: a probability given the parameter θ, differentiated in θ, is the
            # likelihood, a function of θ the text states in words: an open function of θ, so a step that writes it is
            # proved only for every function, refuted never
            inner = likelihood
            self.rule(f"read `{text_of(items[j:end])}` as the derivative d/d{var} of {text_of(body)} as a function of "
                      f"{var} (the likelihood: {var} is written after the bar), a function with no body: a step that "
                      "writes it is proved only for every function, refuted never")
        elif inner.free_symbols and not self._written_with(inner, var.name, f"`{text_of(items[j:end])}`"):
            # `\frac{d}{dx} f`: f is a function of x the text does not write out, not a constant
            raise ReadError(f"`{text_of(items[j:end])}`: {text_of(body)} is written without {var}",
                            (f"the derivative of {text_of(body)} as a function of {var}", "0 (a constant)"))
        value = sp.Derivative(inner, var)
        self.rule(f"read `{text_of(items[j:end])}` as the derivative d/d{var} of {text_of(body)}")
        return self.hold(value), end

    def _product_of_the_variable(self, items, k: int, end: int, var) -> int | None:
        """The end of the run of juxtaposed factors from items[k] to the end of its term when each factor writes the
        variable and the run holds no product sign, slash, big operator, integral, limit or other derivative; None
        otherwise (then the reach stays refused, naming both)."""
        stop = self.term_end(items, k)
        if stop != len(items) and not _is(items[stop], *SIGNS, ",", ";", "=", "<", ">"):
            return None
        bounds, m = [], k
        while m < stop:
            it = items[m]
            if isinstance(it, str) and (it in (r"\cdot", r"\times", "/", r"\frac", r"\int", r"\lim", r"\partial")
                                        or it in BIGOPS or it in REDUCERS or it in ELLIPSES):
                return None
            nxt = self.factor_end(items, m)
            if nxt <= m:
                return None
            bounds.append((m, nxt))
            m = nxt
        if len(bounds) < 2:
            return None
        for a, b in bounds:
            try:
                factor = Reader(self.backend, self.context).read_items(items[a:b])
            except ReadError:
                return None
            if not self._written_with(factor, var.name, f"`{text_of(items[a:b])}`"):
                return None
        return stop

    def _next_term_differentiates(self, items, sign: int, top, bottom) -> bool:
        """The term after items[sign] (a + or −) writes a derivative operator `\\frac{top}{bottom}` of the same form."""
        start = sign + 1
        stop = self.term_end(items, start) if start < len(items) else start
        return any(_is(items[m], r"\frac") and m + 2 < len(items) and self._arg(items[m + 1]) == top
                   and self._arg(items[m + 2]) == bottom for m in range(start, min(stop, len(items))))

    def _derivative_by_entry(self, items, j, var):
        """`\\frac{d}{dx_1} (…)`: the derivative of the delimited group after the operator by the entry x_1, which the
        group must write through entries of x (`\\left(\\sum_i x_i\\right)^2`); its reach read as for a name."""
        k = j + 3
        end = self.factor_end(items, k) if k < len(items) else k
        if k >= len(items) or end < len(items) and not _is(items[end], *SIGNS, ",", ";", "=", "<", ">"):
            raise ReadError(f"how far `{text_of(items[j:j + 3])}` reaches is not settled: write what it "
                            "differentiates in parentheses, alone in its term")
        body = items[k:end]
        inner = self.read_items(body)
        base = var.base.label.name
        if not any(e.base.label.name == base for e in inner.atoms(sp.Indexed)) or base in bare_names(text_of(body)) \
                or any(isinstance(s, sp.Symbol) and s.name == base for s in inner.free_symbols
                       - {e.base.label for e in inner.atoms(sp.Indexed)}):
            raise ReadError(f"`{text_of(items[j:end])}`: what is differentiated does not write entries of {base} "
                            "(or writes the name itself): not read",
                            (f"a function of {var} the text does not write out", "0 (a constant)"))
        self.rule(f"read `{text_of(items[j:end])}` as the derivative by the entry {var} of {text_of(body)}")
        return self.hold(sp.Derivative(inner, var)), end

    def _differential_at(self, items, m):
        """The variable's name and the index after it if items[m:] opens a differential `dx`, `d\\theta`,
        `\\mathrm{d}x`, `\\mathrm d x`; else None."""
        k = m
        if _is(items[k], "d"):
            k += 1
        elif _is(items[k], r"\mathrm", r"\text", r"\operatorname", r"\textrm") and k + 1 < len(items) \
                and (_is(items[k + 1], "d") or isinstance(items[k + 1], tuple) and items[k + 1][0] == "brace"
                     and items[k + 1][1] == ["d"]):
            k += 2
        else:
            return None
        if k < len(items) and _is_name(items[k]):
            return items[k], k + 1
        return None

    def integral_reach(self, items, j):
        """(lower items, upper items, variable name, end, body items) of the integral at items[j] (rule I1).

        The integrand runs from the limits to the first differential at this level (an integral inside it takes
        its own differential first: `\\int\\int f \\,d\\theta\\,dr`); the differential must end the term (a sign,
        a comma, `\\cdot`, another differential, or the end).  An integral without both limits (an antiderivative,
        defined up to a constant), without a differential, with its differential first (`\\int dx\\, f`), or with
        a `d` in its integrand other than its differential is refused."""
        sub, sup, k = self._limits(items, j + 1)
        head = text_of(items[j:k])
        if sub is None or sup is None:
            raise ReadError(f"`{head}` without both limits is an antiderivative (defined up to a constant) or an "
                            "integral over a set: not read")
        m = k
        while m < len(items):
            if _is(items[m], r"\int"):
                m = self.integral_reach(items, m)[3]
                continue
            found = self._differential_at(items, m)
            if found is not None:
                var, end = found
                follower = items[end] if end < len(items) else None
                if not (follower is None or _is(follower, *SIGNS, ",", ";", r"\cdot", r"\times", "/")
                        or self._differential_at(items, end) is not None):
                    raise ReadError(f"`{head} … {text_of(items[m:end + 1])}`: what the differential d{var.lstrip(chr(92))} "
                                    "stands before is not settled", ("the end of the integrand",
                                                                     "a factor d times what follows"))
                body = items[k:m]
                if not body:
                    raise ReadError(f"`{text_of(items[j:end])}`: a differential before its integrand is not read")
                if self._stray_d(body):
                    raise ReadError(f"`{text_of(items[j:end])}`: a `d` inside the integrand is a differential or a "
                                    "name d: not read", ("a differential", "the name d"))
                return sub, sup, var, end, body
            m = self.factor_end(items, m)
        raise ReadError(f"`{text_of(items[j:])}`: an integral whose differential (dx) is not written at its level")

    def _stray_d(self, items) -> bool:
        """A `d` in an integrand that is not the differential of an integral inside it nor a power or subscript."""
        m = 0
        while m < len(items):
            it = items[m]
            if _is(it, r"\int"):
                m = self.integral_reach(items, m)[3]
                continue
            if _is(it, "d") and not (m and _is(items[m - 1], "^", "_")):
                return True
            if isinstance(it, tuple) and not (m and _is(items[m - 1], "^", "_")) \
                    and self._stray_d(it[1] if it[0] == "brace" else it[2]):
                return True
            m += 1
        return False

    def integral(self, items, j):
        """`\\int_a^b f\\,dx` as SymPy's Integral(f, (x, a, b)), the limits and the variable as written."""
        sub, sup, var, end, body = self.integral_reach(items, j)
        x = sp.Symbol(var.lstrip("\\"))
        if x.name in self.context.subscripted:
            # `\int_0^1 x\,dx` in a text that also writes x_i: the written file makes x a vector
            raise ReadError(f"`{text_of(items[j:end])}`: its variable {x} is also written with a subscript in the "
                            "text, which is not read", (f"the variable {x} of the integral", f"the vector {x} of the "
                                                        f"entries {x}_i"))
        lo, hi = self.read_items(sub), self.read_items(sup)
        inner = self.read_items(body)
        self._written_with(inner, x.name, f"`{text_of(items[j:end])}`")
        inner = inner.xreplace({s: x for s in inner.free_symbols if isinstance(s, sp.Symbol) and s.name == x.name})
        if x in (lo.free_symbols | hi.free_symbols):
            # `\int_0^x e^x dx`: the limit is the free x, the integrand's x the variable of integration
            self.rule(f"read `{text_of(items[j:end])}`: the limit {x} is the free {x}, the integrand's {x} the "
                      "variable of integration")
        self.rule(f"read `{text_of(items[j:end])}` as the integral of {text_of(body)} over {x} from "
                  f"{text_of(sub)} to {text_of(sup)}")
        return self.hold(sp.Integral(inner, (x, lo, hi))), end

    @staticmethod
    def _written_with(expr, var: str, what: str) -> bool:
        """Whether expr writes the name var itself; an entry x_i beside the variable x is refused (x_i may or may
        not depend on x: the entry of a vector x, or a quantity of its own)."""
        if any(e.base.label.name == var for e in expr.atoms(sp.Indexed)):
            raise ReadError(f"{what}: an entry of {var} beside the variable {var} is not read",
                            (f"an entry of the vector {var} (a function of {var})", f"a quantity of its own, constant in {var}"))
        return any(isinstance(s, sp.Symbol) and s.name == var for s in expr.free_symbols - set(
            e.base.label for e in expr.atoms(sp.Indexed)))

    @staticmethod
    def _after_d(part):
        """What follows the `d`, `\\mathrm{d}` or `\\partial` that opens part, with which of the two it is."""
        if part and _is(part[0], "d", r"\partial"):
            return part[1:], part[0]
        if len(part) > 1 and _is(part[0], r"\mathrm", r"\text", r"\operatorname") and (
                _is(part[1], "d") or isinstance(part[1], tuple) and part[1][0] == "brace" and part[1][1] == ["d"]):
            return part[2:], "d"
        return None, None

    def _derivative_quotient(self, items, j, top, bottom):
        """`\\frac{dx}{dx}`, `\\frac{d(x^2)}{dx}`, `\\frac{\\partial (xy)}{\\partial x}`: the derivative of what the
        numerator writes out after its d (rule D2), as SymPy's Derivative; a placeholder, or None when the fraction
        is not of that form.  The numerator holds one factor written with the variable; `\\frac{dy}{dx}` (y written
        without x: a function of x the text does not write out, or a name), `\\frac{d^2y}{dx^2}` and a mixed
        `\\frac{\\partial f}{dx}` are not of that form."""
        body, dt = self._after_d(top)
        rest, db = self._after_d(bottom)
        if not body or not rest or dt != db or len(rest) != 1 or not _is_name(rest[0]) or _is(body[0], "^"):
            return None
        if self.factor_end(body, 0) != len(body):
            return None
        var = rest[0].lstrip("\\")
        if _is_name(body[0]) and len(body) > 2 and _is(body[1], "^"):
            # `\\frac{dx^2}{dx}`: d(x²) to some, (dx)² (a line element's square) to others
            shown = text_of(items[j:j + 3])
            raise ReadError(f"`{shown}`: a power written on the name after d is not read",
                            (f"the derivative of {text_of(body)}", f"the square of the differential d{text_of(body[:1])}"))
        inner_items = body[0][2] if len(body) == 1 and isinstance(body[0], tuple) and body[0][0] == "paren" \
            and body[0][1] in "([" else body
        inner = self.read_items(inner_items)
        shown = text_of(items[j:j + 3])
        if not self._written_with(inner, var, f"`{shown}`"):
            return None
        self.rule(f"read `{shown}` as the derivative d/d{var} of {text_of(body)} (written out after its {dt}), "
                  "never a quotient")
        return self.hold(sp.Derivative(inner, sp.Symbol(var)))

    def _derivative_of_defined(self, items, j, top, bottom):
        """`\\frac{df}{dx}`, `\\frac{\\partial f}{\\partial y}`, `\\frac{d^2 g}{dx^2}(x)`, `\\frac{df}{dx}(2)`: the derivative
        of a function f the text defines near the display (`f(x) = 3x^4 - 4x^3`), as SymPy's Derivative of its body,
        at the point written after it in parentheses (Subs); (placeholder, end), or None when the numerator names
        no such function.  A name the text defines more than once, differently, is refused naming the readings."""
        body, dt = self._after_d(top)
        rest, db = self._after_d(bottom)
        if not body or not rest or dt != db:
            return None
        order, mixed = 1, []
        if _is(body[0], "^"):
            n = text_of(self._arg(body[1])).replace(" ", "") if len(body) > 1 else ""
            if not n.isdigit():
                return None
            if len(rest) == 3 and _is(rest[1], "^") and text_of(self._arg(rest[2])).replace(" ", "") == n:
                order, body, rest = int(n), body[2:], rest[:1]
            else:
                # `\frac{\partial^2 f}{\partial x \partial y}`: a mixed partial derivative, one variable after each
                # \partial, each once or to a written power, the powers adding up to the order over the f
                mixed = self._mixed_variables(rest, dt)
                if mixed is None or sum(k for _, k in mixed) != int(n):
                    return None
                order, body, rest = int(n), body[2:], [mixed[0][0]]
        if not body or len(rest) != 1 or not _is_name(rest[0]):
            return None
        atom = self._name_atom(body, 0)
        if atom is None or (2 if body[0] in ACCENTS else 1) != len(body):
            return None
        fname = atom[0].lstrip("\\") + atom[1]
        spec = self.context.defined.get(fname)
        if spec is None:
            return None
        shown = text_of(items[j:j + 3])
        if not isinstance(spec, tuple) or len(spec) != 2 or not isinstance(spec[1], sp.Basic):
            raise ReadError(f"`{shown}`: the text defines {fname} more than once, differently: not read",
                            tuple(f"the derivative of {fname}({', '.join(map(str, p))}) = {b}" for p, b in spec))
        params, fbody = spec
        steps = [(sp.Symbol(v.lstrip("\\")), k) for v, k in mixed] or [(sp.Symbol(rest[0].lstrip("\\")), order)]
        for var, _ in steps:
            if var not in params:
                raise ReadError(f"`{shown}`: the text defines {fname} as a function of {', '.join(map(str, params))}, "
                                f"not of {var}: not read", (f"the derivative of {fname} written out in {var}", "0"))
        # the variable written last is differentiated first, as ∂/∂x (∂f/∂y) is written ∂²f/∂x∂y
        value = sp.Derivative(fbody, *reversed(steps))
        var = "".join(f"d{v}" + (f"^{k}" if k > 1 else "") for v, k in steps)[1:] if mixed else steps[0][0]
        end = j + 3
        at = ""
        if end < len(items) and isinstance(items[end], tuple) and items[end][0] == "paren" and items[end][1] == "(":
            # `\\frac{dg}{dx}(x)`: the derivative at the point in parentheses, never a product with it
            args = [self.read_items(a) for a in self.split_commas(items[end][2])]
            if len(args) != len(params):
                raise ReadError(f"`{text_of(items[j:end + 1])}`: {fname} is defined by the text as a function of "
                                f"{len(params)} argument(s), its derivative taken here at {len(args)}")
            if tuple(args) != tuple(params):
                value = sp.Subs(value, params, args)
            at = f" at {', '.join(map(str, args))}"
            end += 1
        self.rule(f"read `{text_of(items[j:end])}` as the derivative d{'^' + str(order) if order > 1 else ''}/d{var}"
                  f"{'^' + str(order) if order > 1 and not mixed else ''} of {fname}({', '.join(map(str, params))}) = "
                  f"{fbody}, as the text defines it{at}")
        return self.hold(value), end

    def _mixed_variables(self, rest, dt):
        """`x \\partial y`, `x^2 \\partial y` (what follows the first \\partial of a denominator): [(name, power)] for
        each variable after a \\partial, in the order written; None for anything else (a `d` denominator, a power that
        is not a whole number, a variable named twice)."""
        if not _is(dt, r"\partial"):
            return None
        out, k = [], 0
        while k < len(rest):
            if not (isinstance(rest[k], str) and _is_name(rest[k])):
                return None
            name, power, k = rest[k], 1, k + 1
            if k < len(rest) and _is(rest[k], "^"):
                written = text_of(self._arg(rest[k + 1])).replace(" ", "") if k + 1 < len(rest) else ""
                if not written.isdigit() or int(written) < 1:
                    return None
                power, k = int(written), k + 2
            out.append((name, power))
            if k < len(rest):
                if not _is(rest[k], r"\partial"):
                    return None
                k += 1
                if k == len(rest):
                    return None
        names = [n for n, _ in out]
        return out if len(out) > 1 and len(set(names)) == len(names) else None

    def _lone_letter(self, sup):
        """The letter of a superscript that is one letter (`T`, `{T}`, `\\mathsf{T}`, `\\intercal`), else None."""
        if len(sup) == 2 and _is(sup[0], r"\mathsf", r"\mathrm", r"\text") and isinstance(sup[1], tuple):
            sup = self._arg(sup[1])
        if len(sup) == 1 and isinstance(sup[0], str) and (_is_name(sup[0]) or sup[0] == r"\intercal"):
            return sup[0]
        return None

    def _refuse_slash_reach(self, items, j) -> None:
        """`1/n \\sum_i x_i`, `1/2 x^2`, `a/bc`: a slash followed by a product of juxtaposed factors is (1/n)·Σ
        to some authors and 1/(n·Σ) to others (and to the parser): refused, naming both."""
        if j + 1 >= len(items):
            return
        k = self.factor_end(items, j + 1)
        if k >= len(items) or _is(items[k], *SIGNS) or _is(items[k], ",", ";", "=", "<", ">", "|", r"\cdot",
                                                             r"\times", "/"):
            return
        left = text_of(items[max(0, j - 1):j])
        den, rest = text_of(items[j + 1:k]), text_of(items[k:self.term_end(items, k)])
        raise ReadError(f"`{left}/{den} {rest}`: how far a slash reaches over juxtaposed factors is not settled",
                        (f"({left}/{den})·{rest}", f"{left}/({den} {rest})"))

    def _refuse_spelled_word(self, items, j) -> None:
        """`log x`, `log_2(8)`, `y log(x)`, `TOT`: letters that spell a function name or an upper-case word are not
        a product of one-letter variables (and not a function the parser makes up): refused, naming both."""
        if j and isinstance(items[j - 1], str) and len(items[j - 1]) == 1 and items[j - 1].isalpha():
            return
        k = j
        while k < len(items) and isinstance(items[k], str) and len(items[k]) == 1 and items[k].isalpha():
            k += 1
        run = "".join(items[j:k])
        if len(run) < 2:
            return
        called = k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren" and items[k][1] == "("
        spelled = [w for w in WORDS if w in run] + (["ln"] if run.startswith("ln") else [])
        if spelled and not (called and (run in WORDS or run in NAMED)):
            w = spelled[0]
            beside = run.replace(w, "", 1)
            raise ReadError(f"`{run}` spells the function {w} in plain letters: not read",
                            (f"the function {w}" + (f" next to {'·'.join(beside)}" if beside else ""),
                             f"the product {'·'.join(run)}"))
        if len(run) >= 3 and run.isupper():
            raise ReadError(f"`{run}` is a word in capitals: not read",
                            (f"the name {run}", f"the product {'·'.join(run)}"))

    @staticmethod
    def _differential(part) -> bool:
        """`d`, `\\mathrm{d}`, `\\partial` opening a numerator or denominator (dy, d^2 y, \\mathrm{d}x)."""
        if not part:
            return False
        first = part[0]
        if _is(first, "d") and len(part) > 1 and _is(part[1], "_"):
            return False            # `d_k`, `d_{model}`: a name with a subscript (a size), not a differential
        if _is(first, "d", r"\partial", r"\delta", r"\Delta"):
            return not _is(first, r"\delta", r"\Delta") or len(part) > 1 and _is_name(part[1])
        return _is(first, r"\mathrm", r"\text", r"\operatorname") and len(part) > 1 \
            and isinstance(part[1], tuple) and part[1][0] == "brace" and part[1][1] == ["d"]

    def _is_placeholder(self, text: str) -> bool:
        return any(text.endswith(self.backend.placeholder(k)[0]) for k in range(len(self.values)))

    def _word(self, items, j):
        """Two or more single letters directly followed by "(" (Var(X), softmax(x)), else None (rule J2)."""
        k = j
        while k < len(items) and isinstance(items[k], str) and len(items[k]) == 1 and items[k].isalpha():
            k += 1
        if k - j >= 2 and k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren" \
                and items[k][1] == "(":
            word = items[j:k]
            if k - j == 2:
                known = [w for w in word if w in self.context.variables]
                if known:
                    self.rule(f"read `{''.join(word)}(…)` as a product of names, not a function "
                              f"{''.join(word)} ({', '.join(known)} is written as a variable in the text)")
                    return None
                raise ReadError(f"`{''.join(word)}({text_of(items[k][2])})` is ambiguous",
                                (f"the function {''.join(word)} applied to {text_of(items[k][2])}",
                                 f"the product {'·'.join(word)}·({text_of(items[k][2])})"))
            return word
        return None

    def _arg(self, item):
        return item[1] if isinstance(item, tuple) and item[0] == "brace" else [item]

    def split_commas(self, items):
        parts, cur = [], []
        for it in items:
            if _is(it, ","):
                parts.append(cur)
                cur = []
            else:
                cur.append(it)
        parts.append(cur)
        return parts

    def name(self, items, j, atom):
        base, suffix = atom
        k = j + (2 if items[j] in ACCENTS else 1)
        if base not in self.context.variables:
            # a bold letter is the vector whose entries the plain letter writes (\mathbf{x}, x_i); it is a name
            # of its own only when the text also writes the plain letter bare (\bm{w} - w)
            suffix = suffix.replace("_bold", "", 1).replace("_vec", "", 1)
        base_name = base.lstrip("\\") + suffix
        value = None
        inner = self._arg(items[j + 1]) if items[j] in ACCENTS else []
        if len(inner) == 3 and _is(inner[1], "_"):
            value = self.subscripted(base_name, self._arg(inner[2]))
        if k < len(items) and _is(items[k], "_"):
            sub = self._arg(items[k + 1]) if k + 1 < len(items) else []
            _refuse_run_of_digits(items[j:k + 2])
            k += 2
            if len(sub) == 1 and isinstance(sub[0], str) and sub[0].startswith("\\") and sub[0] not in GREEK \
                    and k < len(items) and isinstance(items[k], tuple) and items[k][0] == "brace":
                sub = [sub[0], items[k]]            # n_\textrm{in}: the command takes its braced argument
                k += 1
            value = self.subscripted(base_name, sub)
        if k < len(items) and _is(items[k], "_"):
            raise ReadError(f"two subscripts on {base}")
        bold = (r"\mathbf", r"\boldsymbol", r"\bm", r"\vec")
        nxt = [x for x in items[k:k + 2]]
        paired = bool(nxt) and (_is(nxt[0], *bold) or len(nxt) == 2 and _is(nxt[0], r"\cdot", r"\times")
                                and _is(nxt[1], *bold))
        if items[j] in bold and (base[:1].isupper() or paired):
            raise ReadError(f"`{text_of(items[j:j + 2])}` is a vector or a matrix (bold or an arrow): its products "
                            "are dot or matrix products, so it is not read as a scalar")
        if value is None:
            value = sp.Symbol(base_name)
        if _is(items[j], r"\mathcal") and base in ("O", "o") and k < len(items) and isinstance(items[k], tuple) \
                and items[k][0] == "paren":
            raise ReadError(f"`{text_of(items[j:k + 1])}` is big-O notation (a class of functions): not read",
                            (f"the order {text_of(items[j:k + 1])}", f"the product {base_name}·({text_of(items[k][2])})"))
        if k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren" and items[k][1] == "[":
            raise ReadError(f"`{text_of(items[j:k + 1])}`: a name before square brackets is not read",
                            (f"the product {base_name}·({text_of(items[k][2])})",
                             f"{base_name} applied to {text_of(items[k][2])} (an expectation, an entry, a functional)"))
        if base_name in OPERATORS_ON_LAWS and k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren":
            _refuse_operator_on_laws(base_name, text_of(items[k][2]))
        power = self._power_of_an_applied_function(items, j, k, base, value)
        if power is not None:
            return power
        applied = (base in self.context.functions or len(base) > 1 and not base.startswith("\\")) \
            and k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren" and items[k][1] == "("
        plain = applied and isinstance(value, sp.Symbol) and value.name == base.lstrip("\\") \
            and len(self.split_commas(items[k][2])) == 1
        spec = self.context.defined.get(base_name) if applied and isinstance(value, sp.Symbol) else None
        if isinstance(spec, tuple) and spec[0] and isinstance(spec[0][0], sp.Tuple):
            return self.hold(self._defined_on_a_list(base_name, spec, items[j:k + 1])), k + 1
        if isinstance(spec, tuple):
            params, body = spec
            args = [self.read_items(a) for a in self.split_commas(items[k][2])]
            if len(args) != len(params):
                raise ReadError(f"`{text_of(items[j:k + 1])}`: {base_name} is defined by the text as a function of "
                                f"{len(params)} argument(s), applied here to {len(args)}")
            self.rule(f"read `{text_of(items[j:k + 1])}` as {base_name} as the text defines it, "
                      f"{base_name}({', '.join(map(str, params))}) = {body}, at {', '.join(map(str, args))}")
            return self.hold(sp.Lambda(params, body)(*args)), k + 1
        if plain and base in bare_names(text_of(items[k][2])):
            self.rule(f"read `{text_of(items[j:k + 1])}` as the product {base_name}·(…), not a function "
                      f"{base_name} applied (it is also written inside its own parenthesis)")
            return self.hold(value) + r" \cdot ", k
        quoted = applied and len(items[k][2]) == 1 and is_quoted(items[k][2][0])
        if plain and base in self.context.variables and not quoted:
            # (a string in quotes is no factor: `p("0010")` is p applied to it, wherever p is written bare)
            raise ReadError(f"`{text_of(items[j:k + 1])}`: {base_name} is written bare elsewhere and here before a "
                            "parenthesis", (f"the product {base_name}·({text_of(items[k][2])})",
                                            f"the function {base_name} applied to {text_of(items[k][2])}"))
        if applied:
            args = [self.read_items(a) for a in self.split_commas(items[k][2])]
            fname = str(value) if isinstance(value, sp.Symbol) else f"{base_name}"
            if isinstance(value, sp.Indexed):
                # f_1 and f_2 are two functions: the subscript is part of the function's name
                fname = base_name + "_" + "".join(str(i) for i in value.indices)
            if fname in ("sign", "sgn") and len(args) == 1 and _is(items[j], r"\operatorname", r"\mathrm"):
                # `\operatorname{sgn}(a)`, `\textrm{sign}(a)`: the sign function (−1, 0 or 1), no unknown function
                self.rule(f"read `{text_of(items[j:k + 1])}` as the sign of {args[0]} (−1, 0 or 1)")
                value = sp.sign(*args)
            else:
                self.rule(f"read `{text_of(items[j:k + 1])}` as the function {fname} applied to "
                          f"{', '.join(map(str, args))} ({base.lstrip(chr(92))} is written as a function)")
                value = sp.Function(fname)(*args)
            k += 1
        elif k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren" and items[k][1] == "(" \
                and len(self.split_commas(items[k][2])) > 1:
            # `\rho(X, Y)`: a name that is no function letter before a list is a function of several arguments
            raise ReadError(f"`{text_of(items[j:k + 1])}`: {base_name} before a list in parentheses is not read",
                            (f"the function {base_name} of {text_of(items[k][2])}", f"{base_name} times a pair or list"))
        elif k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren" and items[k][1] == "(" \
                and (items[j] in ACCENTS or k > j + 1) and items[k][2] \
                and (not any(_is_name(t) for t in tokens(text_of(items[k][2])))
                     or self._name_atom(items[k][2], 0) is not None and self.factor_end(items[k][2], 0) == len(items[k][2])):
            # `\dot{x}(2)`, `F_X(1)`, `\Gamma_2(3)`, `\vec{r}(t)`, `V_\pi(s)`: a decorated or subscripted name before a
            # parenthesis holding one number or one name is a function there (a velocity, a CDF) as often as a factor
            raise ReadError(f"`{text_of(items[j:k + 1])}`: a decorated or subscripted name before one number or name in "
                            "parentheses is not read",
                            (f"the function {base_name} at {text_of(items[k][2])}",
                             f"the product {base_name}·{text_of(items[k][2])}"))
        elif k < len(items) and isinstance(items[k], tuple) and items[k][0] == "paren" and items[k][1] == "(" \
                and items[j] not in ACCENTS and not (k > j + 1):
            inside = items[k][2]
            one_number = len(inside) == 1 and isinstance(inside[0], str) and re.fullmatch(_NUMBER, inside[0])
            if len(base) == 1 and base.isupper() and base not in self.context.variables and inside \
                    and (one_number or self._name_atom(inside, 0) is not None
                         and self.factor_end(inside, 0) == len(inside)):
                # `I(s_i)`, `F(x)`, `A(2)`: a capital the text never writes bare, before one name or one number in
                # parentheses, is a function (the self-information I(s), an area A(2)) as often as a factor.  Both
                # readings are carried by a function with no body: a step proved for every function holds for the
                # function t -> I·t (the product reading) too, and a function with no value refutes nothing.
                arg = self.read_items(inside)
                self.rule(f"read `{text_of(items[j:k + 1])}` as a function {base_name} with no body applied to "
                          f"{arg}, which carries both readings (the function, and the product {base_name}·"
                          f"{text_of(inside)}): proved only for every function, refuted never")
                return self.hold(sp.Function(base_name)(arg)), k + 1
            letter = len(base) == 1 and base.isalpha() or base in GREEK
            if letter and inside and not any(_is_name(t) for t in tokens(text_of(inside))):
                # `\Gamma(1)`, `s(2)`, `\zeta(3)`: a letter before a parenthesis holding only a number is a function
                # at that number (the Gamma function at 1, s at time 2) as often as the letter times the number
                raise ReadError(f"`{text_of(items[j:k + 1])}`: a letter before a number in parentheses is not read",
                                (f"the function {base_name} at {text_of(inside)}",
                                 f"the product {base_name}·{text_of(inside)}"))
            if base in self.context.applied_in_prose and base_name not in self.context.defined:
                # "Let $s(t)$ denote the distance": the text writes s as a function of a name
                raise ReadError(f"`{text_of(items[j:k + 1])}`: the text writes {base_name} applied to a name, and "
                                "defines no body for it: not read",
                                (f"the function {base_name} applied to {text_of(inside)}",
                                 f"the product {base_name}·({text_of(inside)})"))
            if base in _FUNCTION_GREEK:
                # `\Gamma(x + 1)`, `\Phi(-x)`, `\delta(2x)`, `\Theta(n)`: letters that name special functions,
                # distributions and asymptotic classes in mathematics
                raise ReadError(f"`{text_of(items[j:k + 1])}`: {base} before a parenthesis is not read",
                                (f"the function {base_name} (Gamma, normal CDF, zeta, delta, an order class) "
                                 f"applied to {text_of(inside)}", f"the product {base_name}·({text_of(inside)})"))
            self.rule(f"read `{text_of(items[j:k])}(…)` as the product {base_name}·(…)")
        return self.hold(value), k

    def _power_of_an_applied_function(self, items, j: int, k: int, base: str, value):
        """`g^2(x)`: a function letter the text writes applied (`g(x)`) and never bare, with a whole power before its
        parenthesis, is the power of its value, (g(x))², as `\\sin^2 x` is (rule J1); (placeholder, end) or None.
        `g^{-1}(x)` (an inverse) and a letter with a body the text defines (where g∘g would differ) are not read so."""
        if not (base in self.context.functions and base in self.context.applied_letters
                and base not in self.context.variables and isinstance(value, sp.Symbol)
                and value.name == base.lstrip("\\") and base.lstrip("\\") not in self.context.defined
                and k + 2 < len(items) and _is(items[k], "^")):
            return None
        exponent = text_of(self._arg(items[k + 1])).replace(" ", "")
        paren = items[k + 2]
        if not re.fullmatch(r"[23]", exponent) or not (isinstance(paren, tuple) and paren[0] == "paren"
                                                         and paren[1] == "(" and paren[2]):
            return None
        args = [self.read_items(a) for a in self.split_commas(paren[2])]
        name = base.lstrip("\\")
        self.rule(f"read `{text_of(items[j:k + 3])}` as ({name}({', '.join(map(str, args))}))^{exponent}, the power of "
                  f"the value of {name} (as \\sin^{exponent} x), never {name} composed with itself")
        return self.hold(sp.Function(name)(*args) ** int(exponent)), k + 3

    def _defined_on_a_list(self, name: str, spec, written):
        """`\\mathrm{LSE}(tx_1, \\dots, tx_n)` for a function the text defines on a list, `\\mathrm{LSE}(x_1, \\dots, x_n)
        = \\log(\\exp(x_1) + \\cdots + \\exp(x_n))`: its body with each entry x_k replaced by the k-th entry written."""
        (index, low, upper, entry), body = spec[0][0], spec[1]
        shown = text_of(written)
        listed = self.elided_list(written[-1][2])
        if listed is None and isinstance(entry, sp.Indexed) and entry.indices == (index,):
            listed = self._scaled_list(written[-1][2], entry, index, low, upper, name)
        if listed is None or not isinstance(entry, sp.Indexed) or entry.indices != (index,):
            raise ReadError(f"`{shown}`: {name} is defined by the text on a list {entry.xreplace({index: low})}, …, "
                            f"{entry.xreplace({index: upper})}, and applied here to something else: not read")
        k, lo, up, value = listed
        if (lo, up) != (low, upper):
            raise ReadError(f"`{shown}`: {name} is defined by the text on entries {low}…{upper}, applied here to "
                            f"entries {lo}…{up}: not read")
        self.scaling |= {str(x) for x in value.free_symbols - {k} - entry.free_symbols if isinstance(x, sp.Symbol)}
        self.rule(f"read `{shown}` as {name} as the text defines it, {body}, with its k-th entry "
                  f"{entry.xreplace({index: k})} replaced by {value}")
        return body.replace(lambda e: isinstance(e, sp.Indexed) and e.base == entry.base and len(e.indices) == 1,
                            lambda e: value.xreplace({k: e.indices[0]}))

    def _scaled_list(self, argument, entry, index, low, upper, name):
        r"""`\mathrm{LSE}(-tx)` for LSE defined on x_1, …, x_n: the list written by its bare letter x, times a factor
        that writes neither x nor a sum (`-t`, `2`, `t`): the list of that factor times x_k, k = low…upper; None for
        any other argument."""
        letter = entry.base.label.name
        if not argument or not _is_name(argument[-1]) or argument[-1].lstrip("\\") != letter:
            return None
        factor = argument[:-1]
        if factor and _is(factor[-1], r"\cdot"):
            factor = factor[:-1]
        sign = -1 if factor and _is(factor[0], "-") else 1
        factor = factor[1:] if sign == -1 else factor
        if any(_is(x, "+", "-", "_", "^", ",", r"\pm", r"\mp") or isinstance(x, tuple) for x in factor) \
                or any(isinstance(x, str) and x.lstrip("\\") == letter for x in factor):
            return None
        coefficient = sign * (self.read_items(factor) if factor else sp.Integer(1))
        if coefficient.free_symbols & {index} or coefficient.has(entry.base):
            return None
        k = sp.Symbol("k", integer=True)
        self.rule(f"read `{text_of(argument)}` as the list {name} is defined on, {entry.xreplace({index: low})}, …, "
                  f"{entry.xreplace({index: upper})}, each entry times {coefficient}")
        return k, low, upper, coefficient * entry.base[k]

    def subscripted(self, base: str, sub) -> sp.Basic:
        flat = [s for s in sub if not _is(s, ",")]
        if len(flat) == 1 and isinstance(flat[0], str) and len(flat[0]) == 1 and flat[0].isupper() \
                and flat[0] not in self.context.bounds:
            self.rule(f"read `{base}_{flat[0]}` as the name {base}_{flat[0]} (an uppercase subscript that is no "
                      "size or index of the text is a label, not an entry of a vector)")
            return sp.Symbol(f"{base}_{flat[0]}")
        if len(flat) > 1 and all(isinstance(s, str) and len(s) == 1 and s.isupper() and s not in self.context.bounds
                                 for s in flat):
            label = "".join(flat)
            self.rule(f"read `{base}_{{{label}}}` as the name {base}_{label} (capitals that are no size or index of "
                      "the text are a label, not indices)")
            return sp.Symbol(f"{base}_{label}")
        if len(flat) == 2 and isinstance(flat[0], str) and flat[0].isdigit() and _is_name(flat[1]) and "," not in sub:
            raise ReadError(f"`{base}_{{{text_of(sub)}}}` is ambiguous",
                            (f"the entry of {base} at {flat[0]}·{flat[1]}", f"the entry ({flat[0]}, {flat[1]}) of {base}"))
        word = "".join(s for s in flat if isinstance(s, str))
        if len(flat) >= 3 and word in LABEL_WORDS and len(word) == len(flat):
            # `x_{max}`, `d_{model}`: a word, as `x_{\max}` and `d_{\text{model}}` are; never x at (m, a, x)
            self.rule(f"read `{base}_{{{word}}}` as the name {base}_{word} (a word as subscript is a label, "
                      "not indices)")
            return sp.Symbol(f"{base}_{word}")
        if len(flat) == 2 and (base, flat[0]) in self.context.rows_as_vectors and isinstance(flat[1], str) \
                and (len(flat[1]) == 1 and flat[1].isalpha() or flat[1].isdigit()):
            # `(y_i)_j` with i fixed by the chain: entry j of the vector y_i, one vector of its own
            row = f"{base}_{flat[0]}"
            self.rule(f"read `{base}_{{{flat[0]},{flat[1]}}}` as entry {flat[1]} of the vector {row} (the chain fixes "
                      f"{flat[0]}: one vector of its own)")
            at = sp.Integer(int(flat[1])) if flat[1].isdigit() else sp.Symbol(flat[1], integer=True)
            return sp.IndexedBase(row)[at]
        if flat and all(isinstance(s, str) and ((len(s) == 1 and s.isalpha()) or s.isdigit()) for s in flat):
            idx = [sp.Integer(int(s)) if s.isdigit() else sp.Symbol(s, integer=True) for s in flat]
            return sp.IndexedBase(base)[tuple(idx)] if len(idx) > 1 else sp.IndexedBase(base)[idx[0]]
        if "^" in text_of(sub):
            # `x_{i^2}`, `a_{1^2}`: the entry at a power of an index; its letters run together (x_i2, a_12) would be a
            # name of its own, unrelated to the vector x, or another entry the text writes (a_{12})
            raise ReadError(f"`{base}_{{{text_of(sub).strip()}}}`: a subscript with a power in it is not read",
                            (f"the entry of {base} at that power", f"a name of its own, {base} with a label"))
        words = re.sub(r"\\(textrm|text|mathrm|operatorname|mathit|mathsf|rm)\b", "", text_of(sub))
        words = re.sub(r"[^A-Za-z0-9]", "", words)
        if not words:
            raise ReadError(f"cannot read the subscript of {base}: `{text_of(sub)}`")
        shifted = re.fullmatch(r"([a-z])\s*([+-])\s*([0-9]+)", text_of(sub))
        if shifted and shifted.group(1) not in ("e",):
            # v_{t-1}, x_{i+1}: the entry of v at an index shifted by a whole number
            letter, sign, step = shifted.groups()
            index = sp.Symbol(letter, integer=True) + (1 if sign == "+" else -1) * int(step)
            self.rule(f"read `{base}_{{{text_of(sub)}}}` as the entry of {base} at {index}")
            return sp.IndexedBase(base)[index]
        shifted_indices = _shifted_indices(sub)
        if shifted_indices is not None:
            # g_{t-1, t-2}, g_{t-\tau, t-\tau-1}: an entry at indices, each a letter shifted by letters or whole numbers
            shown = ", ".join(map(str, shifted_indices))
            self.rule(f"read `{base}_{{{text_of(sub)}}}` as the entry of {base} at ({shown}) (indices apart by a comma, "
                      "each letters shifted by letters or whole numbers)")
            return sp.IndexedBase(base)[tuple(shifted_indices)]
        if len(flat) > 1 and not any(isinstance(s, str) and s.startswith("\\") for s in flat) and \
                any(isinstance(s, str) and s in "+-" for s in flat):
            raise ReadError(f"subscript expressions like `{text_of(sub)}` are not read")
        return sp.Symbol(f"{base}_{words}")

    def big_operator(self, items, j):
        op = items[j]
        sub, sup, k = self._limits(items, j + 1)
        end = self.term_end(items, k)
        body = items[k:end]
        if not body:
            raise ReadError(f"{op} has nothing to sum")
        pair = self.double_sum(op, sub, sup, items[k:end])
        if pair is not None:
            return pair, end
        index, lo, hi = self.range_of(op, sub, sup)
        if index.name in self.reach_to_end:
            end = len(items)
            body = items[k:end]
        self.summing.append(index.name)
        try:
            value_body = self.read_items(body)
        finally:
            self.summing.pop()
        if op in BIGOPS:
            value = BIGOPS[op](value_body, (index, lo, hi))
        else:
            from ..authoring.reductions import IndexedMax, IndexedMin
            value = (IndexedMax if op == r"\max" else IndexedMin)(value_body, (index, lo, hi))
        self.bound.append((index, text_of(items[j:k]), text_of(body),
                           re.sub(r"^([+-])\s*", r"\1 ", text_of(items[end:]))))
        shown = {r"\sum": "Σ", r"\prod": "Π", r"\max": "max", r"\min": "min"}[op]
        if end < len(items):
            self.rule(f"read `{text_of(items[j:end])} {text_of(items[end:end + 1])} …` as "
                      f"({shown}_{index} {text_of(body)}) {text_of(items[end:end + 1])} …")
        return self.hold(value), end

    def double_sum(self, op, sub, sup, body):
        r"""`\sum_{i, j} a_i b_j`: a sum over two indices with no range written, read as the sum over i of the sum over j
        when the text writes one range for each letter elsewhere (`\sum_{i=1}^{n}`, `\sum_{j=1}^{m}`): each index over
        that range.  The value held, or None (then refused as before): a range the text gives in words (X takes two
        values) or not at all is not settled, and two ranges written for one letter are not one."""
        if op != r"\sum" or sup is not None or not sub or len(sub) != 3 or not _is(sub[1], ",") \
                or not (_is_name(sub[0]) and _is_name(sub[2])) or sub[0] == sub[2]:
            return None
        i, j = (sp.Symbol(x.lstrip("\\"), integer=True) for x in (sub[0], sub[2]))
        ranges = [self.context.index_ranges.get(x.name, ()) for x in (i, j)]
        if any(len(r) != 1 for r in ranges) or {i.name, j.name} & self.reach_to_end:
            return None
        (lo_i, hi_i), (lo_j, hi_j) = (self.read_latex_range(*next(iter(r))) for r in ranges)
        self.summing += [i.name, j.name]
        try:
            value = self.read_items(body)
        finally:
            del self.summing[-2:]
        if not value.has(i) or not value.has(j):
            return None
        self.rule(f"read `{op}_{{{text_of(sub)}}}` (no range written) as the sum over {i} = {lo_i}…{hi_i} of the sum "
                  f"over {j} = {lo_j}…{hi_j}, the ranges the text writes for {i} and {j}")
        for index in (i, j):
            self.bound.append((index, f"{op}_{{{text_of(sub)}}}", text_of(body), ""))
        return self.hold(sp.Sum(sp.Sum(value, (j, lo_j, hi_j)), (i, lo_i, hi_i)))

    def read_latex_range(self, low: str, high: str) -> tuple:
        return self.read_items(group(tokens(low))), self.read_items(group(tokens(high)))

    def _plain_inner_product(self, items, j):
        """`w^Tx`, `w^\\top x`: two plain lowercase letters, the first raised to a T the text writes nowhere else (a
        transpose), the second right after it with no script: the inner product of the vectors w and x, one scalar,
        the same as `x^T w`.  Read as one name ⟨w, x⟩ (the text writes neither letter with a subscript, so no side
        writes their entries); a chain that writes it is unsettled, so a counterexample refutes nothing (a side
        that writes the product otherwise, `w \\cdot x`, may be the same scalar).  None for any other shape."""
        if j + 3 >= len(items) or not _is(items[j + 1], "^") or j > 0 and _is(items[j - 1], "_", "^"):
            return None
        a, sup, b = items[j], self._arg(items[j + 2]), items[j + 3]
        letter = self._lone_letter(sup)
        plain = [x for x in (a, b) if isinstance(x, str) and len(x) == 1 and x.isalpha() and x.islower()]
        if len(plain) != 2 or letter not in ("T", r"\top", r"\intercal") or letter in self.context.bounds \
                or letter == "T" and letter in self.context.outside_powers \
                or {a, b} & set(self.context.subscripted) or {a, b} & set(self.context.functions):
            return None
        if j + 4 < len(items) and (_is(items[j + 4], "_", "^", "'") or isinstance(items[j + 4], tuple)
                                   and items[j + 4][0] == "paren" and items[j + 4][1] == "("):
            return None                         # `w^T x_i`, `w^T x^2`, `w^T f(x)`: not the product of two letters
        first, second = sorted((a, b))
        self.rule(f"read `{text_of(items[j:j + 4]).strip()}` as the inner product of the vectors {a} and {b}, one "
                  f"scalar ⟨{first}, {second}⟩ (unsettled: a counterexample refutes nothing)")
        self.unsettled = f"an inner product ⟨{first}, {second}⟩ of vectors the text writes as plain letters"
        return self.hold(sp.Symbol(f"⟨{first},{second}⟩"))

    def limit(self, items, j):
        """`\\lim_{x \\to a} \\frac{…}{…}` (or a bracketed operand) ending the side: the two-sided limit as x
        approaches a finite point, or None when the subscript or the operand's reach is not one
        of those shapes (then refused naming the limit)."""
        if j + 3 > len(items) or not _is(items[j + 1], "_"):
            return None
        sub = self._arg(items[j + 2])
        arrow = [m for m, s in enumerate(sub) if _is(s, r"\to", r"\rightarrow")]
        if len(arrow) != 1 or arrow[0] != 1 or not _is_name(sub[0]) or len(sub) < 3:
            return None
        point_items = sub[2:]
        if any(_is(s, "^") for s in point_items):
            return None                     # `x \to 0^+`: a one-sided approach
        operand = items[j + 3:]
        if not (len(operand) == 3 and _is(operand[0], r"\frac")
                or len(operand) == 1 and isinstance(operand[0], tuple) and operand[0][0] in ("brace", "paren")
                and (operand[0][0] == "brace" or operand[0][1] == "(")):
            # `\lim_{x \to 0} \frac{\sin x}{x} + 1`: whether the limit reaches over the `+ 1` is not read
            return None
        var = self.read_items([sub[0]])
        point = self.read_items(point_items)
        if not isinstance(var, sp.Symbol) or point.has(var):
            return None
        shown = text_of(items[j:j + 3]).strip()
        if point.has(sp.oo, -sp.oo):
            # `\lim_{n \to \infty} \sin(\pi n) = 0` holds along the whole numbers and fails over the reals
            raise ReadError(f"`{shown}`: a limit at infinity is not read",
                            (f"the limit of a sequence, {var} a whole number", f"the limit over real {var}"))
        body = self.read_items(operand[0][2] if operand[0][0] == "paren" else operand)
        self.rule(f"read `{shown}` as the two-sided limit as {var} approaches {point}")
        return self.hold(sp.Limit(body, var, point, dir="+-"))

    def range_of(self, op, sub, sup):
        if not sub:
            raise ReadError(f"{op} without an index")
        parts = [s for s in sub]
        if len(parts) == 1 and _is_name(parts[0]):
            index = sp.Symbol(parts[0].lstrip("\\"), integer=True)
            if sup is not None:
                # `\sum_k^n \binom{n}{k} = 2^n` starts at 0, `\sum_i^n (2i - 1) = n^2` at 1: read from either, the
                # other's true lines are refuted or its false ones proved, so neither start is guessed
                raise ReadError(f"`{op}_{parts[0]}^{text_of(sup)}` has an upper limit but no lower one ({NO_LOWER_LIMIT}):"
                                f" it may start at {parts[0]} = 0 or at {parts[0]} = 1; write the lower limit")
            if index.name == self.context.size:
                raise ReadError(f"`{op}_{parts[0]}` has no range and its index is the text's size {index.name}: "
                                "write its range")
            self.rule(f"read `{op}_{parts[0]}` (no range written) as running over {parts[0]} = 1…{self.context.size}")
            return index, sp.Integer(1), sp.Symbol(self.context.size)
        eq = [m for m, s in enumerate(parts) if _is(s, "=")]
        if len(eq) == 1 and eq[0] == 1 and _is_name(parts[0]) and sup is not None:
            index = sp.Symbol(parts[0].lstrip("\\"), integer=True)
            return index, self.read_items(parts[2:]), self.read_items(sup)
        le = [m for m, s in enumerate(parts) if _is(s, r"\le", r"\leq", "<")]
        if len(le) == 2 and le[1] == le[0] + 2 and _is_name(parts[le[0] + 1]) and all(_is(parts[m], r"\le", r"\leq")
                                                                                     for m in le):
            index = sp.Symbol(parts[le[0] + 1].lstrip("\\"), integer=True)
            return index, self.read_items(parts[:le[0]]), self.read_items(parts[le[1] + 1:])
        raise ReadError(f"the range `{text_of(sub)}` of {op} is not read (write i=1 with an upper limit)")

    # -- to SymPy --

    def read_items(self, items) -> sp.Expr:
        while len(items) == 1 and isinstance(items[0], tuple) and items[0][0] == "brace" \
                and not any(_is(x, r"\choose", r"\over", r"\atop", r"\brack", r"\brace") for x in items[0][1]):
            items = items[0][1]         # `\\sum_i {p_i \\log p_i}`: TeX's braces group, the backend would read a set
        text = self.emit(items)
        try:
            expr = self.backend.parse(text)
        except ReadError:
            raise
        except Exception as exc:
            raise ReadError(f"{self.backend.name} cannot read `{text}`: {' '.join(str(exc).split())[:160]}")
        return self.finish(expr)

    def finish(self, expr):
        if not isinstance(expr, sp.Expr):
            raise ReadError(f"{self.backend.name} read a {type(expr).__name__}, not an expression"
                            + (" (a comma between numbers: a list, or a thousands separator?)"
                               if isinstance(expr, (sp.FiniteSet, sp.Tuple)) else ""))
        made = [f for f in expr.atoms(AppliedUndef)]
        if made:
            raise ReadError(f"{self.backend.name} read `{made[0]}` as a function application the rules did not "
                            "decide: not read")
        if expr.atoms(sp.Float):
            raise ReadError(f"{self.backend.name} read a number as a float ({sorted(expr.atoms(sp.Float), key=str)[0]}): "
                            "only exact numbers are imported")
        subs = {s: self.values[s.name] for s in expr.free_symbols if isinstance(s, sp.Symbol) and s.name in self.values}
        expr = expr.xreplace(subs)
        expr = expr.replace(lambda e: isinstance(e, sp.log) and len(e.args) == 2,
                            lambda e: sp.log(e.args[0]) / sp.log(e.args[1]))
        expr = expr.xreplace({sp.Symbol("e"): sp.E})
        # integer=True indices and plain symbols of the same name are one symbol
        plain = {s.name: s for s in expr.free_symbols if isinstance(s, sp.Symbol) and s.is_integer}
        other = {s: plain[s.name] for s in expr.free_symbols if isinstance(s, sp.Symbol) and not s.is_integer
                 and s.name in plain}
        return expr.xreplace(other) if other else expr


# Tokens after which a \Delta stands alone: a relation, an operator, a closing bracket, a power or a subscript.
# `d` as a word of its own (not inside `model`, not a command's letter) before a name, a Greek letter or a
# parenthesis, spacing allowed: `du`, `e^x\,dx`, `r\,d\theta`, `d(\ln t)`.
_DIFFERENTIAL = re.compile(r"(?<![A-Za-z\\^_])(?<![\^_]\s)d(?:\s|\\[,!;: ])*(?:[A-Za-z(]|\\left\b|\\(?!(?:frac|dfrac|tfrac|sqrt|cdot|"
                           r"times|div|le|leq|ge|geq|neq|approx|propto|quad|qquad|right|math|text|operatorname|in|to|"
                           r"sum|prod|int|lim|max|min|log|ln|exp|sin|cos|tan)\b)[A-Za-z]+)")
_NOT_AN_OPERAND = {r"\cdot", r"\times", r"\right", r"\leq", r"\geq", r"\le", r"\ge", r"\neq", r"\approx",
                   r"\quad", r"\qquad", r"\,", r"\;", r"\!", r"\ "}


# The index of a big operator or a reducer (`\\sum_{i=1}`, `\\max_\\theta`, `\\arg\\max_{w}`), by name without its backslash.
_OPERATOR_INDEX = re.compile(r"\\(?:sum|prod|max|min|sup|inf|argmax|argmin)\s*(?:\\limits\s*)?_\s*\{?\s*\\?([A-Za-z]+)")
_CHANGES_WITH_A_VARIABLE = re.compile(r"\\frac\s*\{\s*(?:d|\\partial|\\mathrm\s*\{\s*d\s*\})|\\partial|\\i+nt(?![A-Za-z])|\\oint(?![A-Za-z])|\\nabla|"
                                      r"\\lim(?![A-Za-z])|'|\\prime")


# a bold lower-case letter (`\mathbf{v}`, `\vec w`): group 1 or 2 is the letter
BOLD_LETTER = r"\\(?:mathbf|boldsymbol|bm|vec)\s*(?:\{\s*([a-z])\s*\}|([a-z])(?![A-Za-z]))"
_TRANSPOSE = r"\s*\^\s*(?:\\top\b|\{\s*\\top\s*\}|T(?![A-Za-z])|\{\s*T\s*\})\s*"
# `\mathbf{u}\cdot\mathbf{v}`, `\mathbf{u}^\top\mathbf{v}`: the dot product of two vectors (neither with a subscript)
_DOT = re.compile(BOLD_LETTER + r"(?:\s*\\cdot\s*|" + _TRANSPOSE + r")" + BOLD_LETTER + r"(?!\s*_)(?!\s*\^)")
# `\|\mathbf{v}\|`, `\Vert \mathbf{q} - \mathbf{k} \Vert_2^2`: the Euclidean norm of a combination of vectors
_NORM = re.compile(r"(?:\\left\s*)?(?:\\\||\\Vert\b|\\lVert\b)(?P<inside>(?:(?!\\\||\\Vert\b|\\rVert\b|\\right).){1,160}?)"
                   r"(?:\\right\s*)?(?:\\\||\\Vert\b|\\rVert\b)"
                   r"(?P<sub>\s*_\s*(?:\{\s*(?P<p>[12]|\\infty)\s*\}|(?P<q>[12](?![0-9])|\\infty(?![A-Za-z])))|(?P<other>\s*_))?"
                   r"(?P<square>\s*\^\s*\{?\s*2\s*\}?)?", re.S)
# what a norm's inside may write besides vectors: numbers, scalar names, + and −, a scalar factor before a vector
_LINEAR_INSIDE = re.compile(r"^(?:\s|[0-9a-zA-Z+\-]|\\(?:alpha|beta|gamma|eta|lambda|mu|theta|tau)\b|\\frac\s*\{[^{}]*\}"
                            r"\s*\{[^{}]*\}|⟨[a-z]⟩)*$")


# A letter with one prime: `x'`, `\theta'`, `x^\prime` (not `x''`, not a prime on a subscript).
_PRIMED = re.compile(r"(?<![_^])(?P<letter>\\[A-Za-z]+|[A-Za-z])\s*(?:'|\^\s*\\prime\b|\^\s*\{\s*\\prime\s*\})"
                     r"(?!\s*')(?P<after>\s*(?:\\left\s*)?\(?)")
# A function letter applied to a list of arguments: `k(x, x')`, `f(x)`.
_APPLIED_TO = re.compile(r"(?:[A-Za-z]|\\[A-Za-z]+|\\(?:textrm|text|mathrm|operatorname)\s*\{\s*[A-Za-z]+\s*\})\s*"
                         r"(?:\\left\s*)?\(([^()]*)(?:\\right\s*)?\)")


def _primes_as_written(text: str) -> str:
    """A text with the names primed_names made of `x'` written back as `x'`."""
    return re.sub(r"\\withprime\s*\{\s*(\\?[A-Za-z]+)\s*\}", r"\1'", text)


def _primed_argument(letter: str, arguments: set[str]) -> bool:
    """Whether a function takes the primed letter itself as an argument (`k(x, x')`, `g(x')`).  A prime on a letter
    only its plain form is an argument of (`f(x, b) = x'b = b'x`) may be the transpose of econometrics notation, x'b
    the inner product, never a second value of x."""
    primes = {"'", r"^\prime", r"^{\prime}"}
    return any(re.sub(r"\s+", "", a) in {letter + p for p in primes} for a in arguments)


def primed_names(latex: str, context: Context) -> tuple[str, list[str]]:
    r"""`k(x, x') = \textrm{Cov}(f(x), f(x'))`: a prime on a letter the display writes as an argument of a function
    (`f(x)`, `k(x, x')`) and never before a parenthesis itself, and with no parenthesis after the prime, is a second
    value of that variable, a name of its own (x′, read x_prime), never a derivative.  A prime on a letter written
    applied anywhere (`f'(x)`, `f'` beside `f(x)`), before a parenthesis, or on a letter no function takes as its
    argument (`y' = 2x`: a derivative of y, or a name) is left as written, and refused.  So is every prime in a text
    about vectors or matrices, where `x'` may be the transpose (`x'Ax`)."""
    if ("'" not in latex and r"\prime" not in latex) or context.about_vectors or context.declared_objects:
        return latex, []
    sides = " ; ".join(context.chain_sides or (latex,))
    applied = applied_letters(sides) | set(context.applied_letters)
    arguments = {a.strip() for m in _APPLIED_TO.finditer(sides) for a in m.group(1).split(",")}
    rules: list[str] = []

    def named(m):
        letter = m.group("letter")
        is_letter = len(letter) == 1 or letter in GREEK and letter != r"\pi"
        if not is_letter or m.group("after").strip() or letter in applied or letter not in arguments \
                or not _primed_argument(letter, arguments):
            return m.group(0)
        shown = m.group(0).strip()
        rule = (f"read `{shown}` as the name {letter.lstrip(chr(92))}_prime, a second value of {letter.lstrip(chr(92))} "
                f"(a prime on a letter the display writes as a function's argument and never applies: no derivative)")
        if rule not in rules:
            rules.append(rule)
        return rf"\withprime{{{letter}}}" + m.group("after")

    return _PRIMED.sub(named, latex), rules


def vector_scalars(latex: str, context: Context) -> tuple[str, list[str]]:
    """Dot products and Euclidean norms of the text's vectors, the scalars they are: `\\mathbf{u}\\cdot\\mathbf{v}`
    and `\\mathbf{u}^\\top\\mathbf{v}` as Σ_k u_k v_k, `\\|\\mathbf{q} - \\mathbf{k}\\|^2` as Σ_k (q_k − k_k)², over
    k = 1…d for the text's one `\\mathbb{R}^d` (its size n when it writes none).  A bold letter's entries are the plain
    letter's (`\\mathbf{v}`, `v_i`), so only where the text never writes that letter bare as a scalar of its own.
    Anything else a vector stands in (a matrix, a product with one, a vector with a subscript) is left as written,
    for the reader's own refusal.  The LaTeX with these rewritten, and the rules applied."""
    if not re.search(r"\\(?:mathbf|boldsymbol|bm|vec)\b", latex) or context.dimension == "?":
        return latex, []
    size = context.dimension or context.size
    taken = set(context.variables) | set(context.bounds) | set(context.subscripted) | set(tokens(latex))
    index = next((c for c in ("k", "l", "m", "r", "q", "j") if c not in taken), None)
    if index is None:
        return latex, []

    def letter(m, k):
        return m.group(k) or m.group(k + 1)

    def usable(*letters):
        # a letter the text also writes bare is a scalar of its own; a vector the text gives (`\mathbf{v} = (r, 0)`)
        # is that vector, not any vector; a bold letter the text declares a matrix is no column of entries
        return all(x not in context.variables and x not in context.given_vectors and x not in matrices for x in letters)

    matrices = {m.group(1) for name, what in context.declared_bold.items() if what in ("a matrix", "an operator")
                for m in [re.fullmatch(r"\\(?:mathbf|boldsymbol|bm|vec)\{([a-z])\}(?:_\{.*\})?", name)] if m}

    # a bold letter the text declares a row vector ("a row vector with $n$ entries", `\mathbb{R}^{1 \times n}`), or
    # whose subscripted names it declares rows ("the rows of $X$ are the samples $\mathbf{x}_i$": a bare
    # `\mathbf{x}` is then one sample): its transpose times a vector is a matrix (an outer product), never their dot
    # product
    rows = {m.group(1) for name, shape in context.shapes.items() if shape[0] == "1" and shape[1] != "1"
            for m in [re.fullmatch(r"\\(?:mathbf|boldsymbol|bm|vec)\{([a-z])\}(?:_\{[^{}]*\})?", name)] if m}
    if context.rows_throughout:
        # "All vectors are row vectors": every bold letter but one the text declares a column (`d \times 1`)
        columns = {m.group(1) for name, shape in context.shapes.items() if shape[1] == "1" and shape[0] != "1"
                   for m in [re.fullmatch(r"\\(?:mathbf|boldsymbol|bm|vec)\{([a-z])\}", name)] if m}
        rows |= set("abcdefghijklmnopqrstuvwxyz") - columns
    rules: list[str] = []
    given = context.vector_entries

    def given_dot(m, a, b):
        # `\mathbf{v}\cdot\mathbf{w}` of the vectors the text gives, v = (r, 0), w = (s\cos\theta, s\sin\theta): the
        # sum of the products of their entries as written
        total = " + ".join(rf"\left({x}\right) \left({y}\right)" for x, y in zip(given[a], given[b]))
        rules.append(f"read `{m.group(0).strip()}` as the dot product of the vectors the text gives, "
                     f"{a} = ({', '.join(given[a])}) and {b} = ({', '.join(given[b])}): {total}")
        return rf"\left({total}\right)"

    def dot(m):
        a, b = letter(m, 1), letter(m, 3)
        if a in given and b in given and len(given[a]) == len(given[b]) \
                and not {a, b} & (set(context.variables) | set(context.subscripted)):
            # (a letter the text also writes bare, or with a subscript, v_1: an entry its list does not name)
            return given_dot(m, a, b)
        if not usable(a, b) or r"\cdot" not in m.group(0) and {a, b} & rows:
            return m.group(0)
        rules.append(f"read `{m.group(0).strip()}` as the dot product of the vectors {a} and {b}, "
                     f"Σ_{index} {a}_{index} {b}_{index} over {index} = 1…{size}")
        return rf"\left(\sum_{{{index}=1}}^{{{size}}} {a}_{{{index}}} {b}_{{{index}}}\right)"

    def norm(m):
        inside = m.group("inside")
        vectors = [letter(v, 1) for v in re.finditer(BOLD_LETTER, inside)]
        marked = re.sub(BOLD_LETTER, lambda v: f"⟨{letter(v, 1)}⟩", inside)
        terms = [t for t in re.split(r"[+\-]", marked) if t.strip()]
        if vectors and all(v in given and v not in context.variables and v not in context.subscripted for v in vectors) \
                and len({len(given[v]) for v in vectors}) == 1 and not m.group("sub") \
                and not re.search(r"⟨[a-z]⟩\s*(?:_|\^|⟨|\\cdot)", marked) and _LINEAR_INSIDE.match(marked) \
                and all(t.count("⟨") == 1 for t in terms):
            # `\|\mathbf{v}\|` of a vector the text gives by its entries, (r, 0): the square root of the sum of the
            # squares of its entries as written, √(r² + 0²) = |r| (a step that writes it turns on the sign the text
            # leaves its letters: document._unsettle_norms_of_given_vectors)
            def at(k):
                return re.sub(r"⟨([a-z])⟩", lambda v: r"\left(" + given[v.group(1)][k] + r"\right)", marked)
            squares = " + ".join(r"\left(" + at(k) + r"\right)^{2}" for k in range(len(given[vectors[0]])))
            listed = "; ".join(f"{v} = ({', '.join(given[v])})" for v in dict.fromkeys(vectors))
            rules.append(f"read `{m.group(0).strip()}` as the Euclidean norm of the vector"
                         f"{'s' if len(set(vectors)) > 1 else ''} the text gives by entries ({listed}): "
                         f"{'its square, ' if m.group('square') else ''}the square root of the sum of the squares")
            return rf"\left({squares}\right)" if m.group("square") else rf"\sqrt{{{squares}}}"
        if not vectors or not usable(*vectors) or re.search(r"⟨[a-z]⟩\s*(?:_|\^|⟨|\\cdot)", marked) \
                or not _LINEAR_INSIDE.match(marked) or not all(t.count("⟨") == 1 for t in terms) or m.group("other"):
            # a scalar added to a vector, a product of two vectors, an entry: not a combination of vectors; a norm
            # with a subscript other than 1, 2 or ∞ (`\|\mathbf{x}\|_p`): left as written, for the reader's refusal
            return m.group(0)
        entries = re.sub(r"⟨([a-z])⟩", lambda v: f"{v.group(1)}_{{{index}}}", marked)
        p = (m.group("p") or m.group("q") or "2").strip()
        named = ", ".join(dict.fromkeys(vectors))
        square = "its square, " if m.group("square") else ""
        if p != "2":
            # `\|\mathbf{x}\|_1` = Σ_k |x_k|, `\|\mathbf{x}\|_\infty` = max_k |x_k|
            total = (rf"\sum_{{{index}=1}}^{{{size}}} \left|{entries}\right|" if p == "1"
                     else rf"\max_{{{index}=1}}^{{{size}}} \left|{entries}\right|")
            rules.append(f"read `{m.group(0).strip()}` as the {'1' if p == '1' else '∞'}-norm of the vector"
                         f"{'s' if len(vectors) > 1 else ''} {named}: {square}"
                         + ("the sum" if p == "1" else "the largest") + f" of the absolute values of the entries "
                         f"{index} = 1…{size}")
            return rf"\left({total}\right)^{{2}}" if m.group("square") else rf"\left({total}\right)"
        total = rf"\sum_{{{index}=1}}^{{{size}}} \left({entries}\right)^{{2}}"
        rules.append(f"read `{m.group(0).strip()}` as the Euclidean norm of the vector{'s' if len(vectors) > 1 else ''} "
                     f"{named}: {square}over entries {index} = 1…{size}")
        return rf"\left({total}\right)" if m.group("square") else rf"\sqrt{{{total}}}"

    latex = _DOT.sub(dot, latex)
    latex = _NORM.sub(norm, latex)
    return latex, rules


# `(y_i)_j`: entry j of the vector y_i, one subscript after a parenthesised subscripted letter
_ENTRY_OF_AN_ENTRY = re.compile(r"(?:\\left\s*)?\(\s*([A-Za-z])\s*_\s*(?:\{\s*([A-Za-z0-9])\s*\}|([A-Za-z0-9]))\s*(?:\\right\s*)?\)"
                                r"\s*_\s*(?:\{\s*([A-Za-z0-9])\s*\}|([A-Za-z0-9]))")
# `\Vert f - y_i \Vert_1`: a 1-, 2- or ∞-norm of plain letters, each alone or with one subscript, joined by + and −
_PLAIN_NORM = re.compile(r"(?:\\left\s*)?(?:\\\||\\Vert\b|\\lVert\b)(?P<inside>\s*[A-Za-z](?:\s*_\s*(?:\{\s*[A-Za-z0-9]\s*\}|[A-Za-z0-9]))?"
                         r"(?:\s*[+-]\s*[A-Za-z](?:\s*_\s*(?:\{\s*[A-Za-z0-9]\s*\}|[A-Za-z0-9]))?)*\s*)"
                         r"(?:\\right\s*)?(?:\\\||\\Vert(?![A-Za-z])|\\rVert(?![A-Za-z]))"
                         r"\s*_\s*(?:\{\s*(?P<p>[12]|\\infty)\s*\}|(?P<q>[12](?![0-9])|\\infty(?![A-Za-z])))"
                         r"(?!\s*\^)")
_PLAIN_TERM = re.compile(r"([A-Za-z])(?:\s*_\s*(?:\{\s*([A-Za-z0-9])\s*\}|([A-Za-z0-9])))?")


def rows_as_vectors(sides) -> frozenset:
    """(y, i) for each `(y_i)_j` the chain's sides write where i is fixed: no sum or product over i, and y written with
    no other subscript than i (outside those entries, `y_i` itself only inside a norm).  With i fixed, y_i is one
    vector of its own, whose entries the numbers can sample (a counterexample for it is one for the row of y)."""
    text = " ; ".join(sides)
    out = set()
    for m in _ENTRY_OF_AN_ENTRY.finditer(text):
        letter, index = m.group(1), m.group(2) or m.group(3)
        rest = _PLAIN_NORM.sub(" ", _ENTRY_OF_AN_ENTRY.sub(" ", text))
        bound = re.search(rf"\\(?:sum|prod|max|min)\s*_\s*\{{?\s*{index}(?![A-Za-z])", text)
        if not bound and not re.search(rf"(?<![A-Za-z\\]){letter}\s*_", rest) and not index.isdigit():
            out.add((letter, index))
    return frozenset(out)


# `\mathrm{softmax}(\mathbf{o})_j`: entry j of the softmax of a vector (bold or plain letter, index a letter)
_SOFTMAX_ENTRY = re.compile(r"\\(?:mathrm|operatorname|textrm|text|mathsf)\s*\{\s*softmax\s*\}\s*(?:\\left\s*)?\(\s*"
                            r"(?:\\(?:mathbf|boldsymbol|bm)\s*\{\s*([a-z])\s*\}|([a-z]))\s*(?:\\right\s*)?\)"
                            r"\s*_\s*(?:\{\s*([a-z])\s*\}|([a-z])(?![A-Za-z]))")


def softmax_entries(latex: str, context: Context) -> tuple[str, list[str]]:
    """`\\mathrm{softmax}(\\mathbf{o})_j` is exp(o_j) / Σ_k exp(o_k), over the entries k = 1…N of o that a sum of the
    chain writes (`\\sum_{k=1}^q \\exp(o_k)`): the length of o is what the chain sums over, never a size guessed.
    Where no side of the chain sums o's entries over a written range, or the sums give two lengths, or o is written
    bare as a scalar, it is left as written, for the reader's refusal.  The LaTeX rewritten, and the rules applied."""
    rules: list[str] = []
    sides = " ; ".join(context.chain_sides or (latex,))

    def entry(m):
        letter, index = m.group(1) or m.group(2), m.group(3) or m.group(4)
        if letter in context.variables or letter in context.given_vectors or index == letter:
            return m.group(0)
        lengths = {g.group(2) or g.group(3) for g in re.finditer(
            r"\\sum\s*_\s*\{\s*([a-z])\s*=\s*1\s*\}\s*\^\s*(?:\{\s*([A-Za-z0-9]+)\s*\}|([A-Za-z0-9]))", sides)
            if re.match(rf"[^=;]{{0,40}}?(?<![A-Za-z\\]){letter}\s*_\s*\{{?\s*{g.group(1)}(?![A-Za-z])", sides[g.end():])}
        k = next((c for c in ("k", "l", "m", "r", "u", "v") if c != index and not re.search(
            rf"(?<![A-Za-z\\]){c}(?![A-Za-z])", latex)), None)
        if len(lengths) != 1 or k is None:
            return m.group(0)
        (length,) = lengths
        rules.append(f"read `{m.group(0).strip()}` as exp({letter}_{index}) / Σ_{k} exp({letter}_{k}) over {k} = 1…{length}, "
                     f"entry {index} of the softmax of {letter} (its length: the range the chain sums its entries over)")
        return (rf"\left(\frac{{\exp({letter}_{{{index}}})}}{{\sum_{{{k}=1}}^{{{length}}} \exp({letter}_{{{k}}})}}"
                rf"\right)")
    return _SOFTMAX_ENTRY.sub(entry, latex), rules


# `\boldsymbol{\pi}^{\mathbf{y}_i}`: a bold lower-case letter (Latin or Greek) to the power of a bold lower-case letter,
# which may carry one letter subscript
_VECTOR_POWER = re.compile(r"\\(?:mathbf|boldsymbol|bm)\s*\{\s*(\\[a-z]+|[a-z])\s*\}\s*\^\s*\{\s*\\(?:mathbf|boldsymbol|bm)"
                           r"\s*\{\s*([a-z])\s*\}\s*(?:_\s*(?:\{\s*([a-z])\s*\}|([a-z])))?\s*\}")


def vector_powers(latex: str, context: Context) -> tuple[str, list[str]]:
    r"""`\boldsymbol{\pi}^{\mathbf{y}_i}`, a vector to the power of a vector, is the multi-index power ∏_j π_j^{y_{ij}}:
    the product of the entries of the base, each to the power of the matching entry of the exponent (y_{ij}, entry j
    of the vector y_i; y_j for a bold y with no subscript), over the entries j = a…b that a product or a sum of the
    chain takes the base's entries over (`\prod_{j=1}^k \pi_{j}^{y_{ij}}`): the length of the vectors is what the
    chain writes, never a size guessed.  Where no side of the chain takes the base's entries over a written range, or
    the sides give two ranges, or the base is written bare as a scalar or given by the text, or it is a letter the
    text declares a matrix, it is left as written, for the reader's refusal.  The LaTeX rewritten, and the rules
    applied."""
    if not _VECTOR_POWER.search(latex) or context.elementwise_powers:
        # (a text that takes powers entry by entry means the vector (x_j^{a_j})_j, never their product)
        return latex, []
    rules: list[str] = []
    sides = " ; ".join(context.chain_sides or (latex,))
    matrices = {name for name, what in context.declared_bold.items() if what in ("a matrix", "an operator")}

    def power(m):
        base, exponent, sub = m.group(1), m.group(2), m.group(3) or m.group(4)
        plain = base.lstrip("\\")
        if base in context.variables or plain in context.variables or base in context.given_vectors \
                or exponent in context.given_vectors or any(base in name or "{" + exponent + "}" in name
                                                             for name in matrices):
            return m.group(0)
        ranges = set()
        for g in re.finditer(r"\\(?:prod|sum)\s*_\s*\{\s*([a-z])\s*=\s*([A-Za-z0-9]+)\s*\}\s*\^\s*"
                             r"(?:\{\s*([A-Za-z0-9]+)\s*\}|([A-Za-z0-9]))", sides):
            index = g.group(1)
            # the base's entry at the operator's letter in the rest of its side (never a name ending in the letter)
            if re.match(rf"[^=;]*?(?<![A-Za-z\\]){re.escape(base)}(?![A-Za-z])\s*_\s*\{{?\s*{index}(?![A-Za-z])",
                        sides[g.end():]):
                ranges.add((index, g.group(2), g.group(3) or g.group(4)))
        if len(ranges) != 1:
            return m.group(0)
        ((index, low, high),) = ranges
        if index in (sub, exponent) or re.search(rf"(?<![A-Za-z\\]){index}(?![A-Za-z])", m.group(0)):
            return m.group(0)
        # a range that may cover part of the entries (`\prod_{j=2}^{k} \pi_j^{y_j}` beside `y_1 \log \pi_1`): one
        # that starts past 1, or a chain that also writes an entry of the base at an index no sum or product of it
        # runs over (a number, π_k), leaves the length open
        others = {(e.group(1) or e.group(2)).strip() for e in re.finditer(
            rf"(?<![A-Za-z\\]){re.escape(base)}(?![A-Za-z])\s*_\s*(?:\{{([^{{}}]*)\}}|(\\?[A-Za-z0-9]+))", sides)}
        bound = set(re.findall(r"\\(?:prod|sum)\s*_\s*\{\s*([a-z])\s*=", sides))
        if low != "1" or others - bound - {index}:
            return m.group(0)
        entry = f"{exponent}_{{{sub}{index}}}" if sub else f"{exponent}_{{{index}}}"
        flat = entry.replace("{", "").replace("}", "")
        rules.append(f"read `{m.group(0).strip()}` as the multi-index power ∏_{index} {plain}_{index}^({flat}) over "
                     f"{index} = {low}…{high}: each entry of the vector {plain} to the power of the matching entry "
                     f"(the length: the range the chain takes {plain}'s entries over)")
        return rf"\left(\prod_{{{index}={low}}}^{{{high}}} {base}_{{{index}}}^{{{entry}}}\right)"
    return _VECTOR_POWER.sub(power, latex), rules


def plain_vector_norms(latex: str, context: Context) -> tuple[str, list[str]]:
    """`(y_i)_j` is y_{i,j}, entry j of the vector y_i; `\\Vert f - y_i \\Vert_1`, a norm of plain letters, is the norm of
    the vectors whose entries the chain writes beside it (`f_j`, `(y_i)_j`): Σ_k |f_k − y_{i,k}| over k = 1…n, n the
    size a `\\sum_j` without range runs over.  Only where every letter in the norm has entries the chain writes
    outside it and is written bare nowhere else in the chain, and no sum of the chain writes another upper limit;
    any other norm is left as written, for the reader's refusal.  The LaTeX rewritten, and the rules applied."""
    rules: list[str] = []

    def entry(m):
        inner = m.group(2) or m.group(3)
        outer = m.group(4) or m.group(5)
        if inner == outer:
            return m.group(0)       # `(x_n)_n`: a sequence, left as written for the reader's refusal
        rules.append(f"read `{m.group(0).strip()}` as {m.group(1)}_{{{inner},{outer}}}, entry {outer} of the vector "
                     f"{m.group(1)}_{inner}")
        return f"{m.group(1)}_{{{inner},{outer}}}"
    latex = _ENTRY_OF_AN_ENTRY.sub(entry, latex)
    if not _PLAIN_NORM.search(latex):
        return latex, rules
    size = context.dimension if context.dimension not in ("", "?") else context.size
    sides = [side for side in context.chain_sides] or [latex]
    outside = " ; ".join(_PLAIN_NORM.sub(" ", side) for side in sides)
    limits = {m.group(1).strip() for m in re.finditer(r"\\(?:sum|prod)\s*_\s*\{[^{}]*\}\s*\^\s*(\{[^{}]*\}|\\?[A-Za-z0-9]+)",
                                                      outside)}
    if limits - {size, "{" + size + "}"}:
        return latex, rules
    taken = set(context.variables) | set(context.bounds) | set(tokens(" ; ".join(sides)))
    index = next((c for c in ("k", "l", "m", "r", "q", "j") if c not in taken), None)
    if index is None:
        return latex, rules
    entries_outside = _ENTRY_OF_AN_ENTRY.sub(lambda m: f"{m.group(1)}⟨{m.group(2) or m.group(3)}⟩_", outside)
    bare_outside = bare_names(re.sub(r"[A-Za-z]⟨[A-Za-z0-9]⟩_", " ", entries_outside))

    def norm(m):
        terms = list(_PLAIN_TERM.finditer(m.group("inside")))
        rewritten = m.group("inside")
        for t in reversed(terms):
            letter, sub = t.group(1), t.group(2) or t.group(3)
            if sub is None:
                # entries at a letter (`f_j`): x_1 and x_2 alone leave the length of x open (the plane, or more)
                has_entries = re.search(rf"(?<![A-Za-z\\]){letter}\s*_\s*\{{?\s*[A-Za-z]", entries_outside) is not None
                written = f"{letter}_{{{index}}}"
            else:
                has_entries = f"{letter}⟨{sub}⟩_" in entries_outside
                written = f"{letter}_{{{sub},{index}}}"
            if not has_entries or letter in bare_outside or letter in context.given_vectors:
                return m.group(0)
            rewritten = rewritten[:t.start()] + written + rewritten[t.end():]
        p = (m.group("p") or m.group("q")).strip()
        body = rf"\left|{rewritten}\right|"
        total = (rf"\sum_{{{index}=1}}^{{{size}}} {body}" if p == "1" else
                 rf"\max_{{{index}=1}}^{{{size}}} {body}" if p != "2" else
                 rf"\sqrt{{\sum_{{{index}=1}}^{{{size}}} \left({rewritten}\right)^{{2}}}}")
        rules.append(f"read `{m.group(0).strip()}` as the {'1' if p == '1' else '∞' if p != '2' else '2'}-norm of the "
                     f"vectors whose entries the chain writes beside it, over entries {index} = 1…{size}")
        return rf"\left({total}\right)"
    return _PLAIN_NORM.sub(norm, latex), rules


# `\operatorname{tr}(AB)`, `\mathrm{Tr}(X)`, `\text{trace}(A)`, `\tr A`: the trace of a matrix
_TRACE = re.compile(r"\\(?:operatorname|mathrm|text|textrm|mathsf|mathit|rm)\s*\{\s*(?:tr|Tr|TR|trace|Trace)\s*\}"
                    r"|\\(?:tr|Tr|trace)(?![A-Za-z])|(?<![\\A-Za-z])(?:tr|Tr|trace)\s*(?=\(|\\left)")


def refuse_trace(latex: str) -> None:
    """The trace's argument is a matrix: its products do not commute, so reading them as numbers (tr(A_1 A_2 A_3) =
    tr(A_2 A_1 A_3)) or splitting the name into t·r would check another claim. Refused, naming the trace."""
    m = _TRACE.search(latex)
    if m:
        raise ReadError(f"`{m.group(0).strip()}` is the trace of a matrix, which is not read (the products inside it are "
                        "matrix products, which do not commute)", ("the trace of a matrix", "a function of a number"))


# A number that ends a side followed by a unit of information in a text font: `4 \textrm{ bits}`, `1 \text{nat}`.
_UNIT_AFTER_A_NUMBER = re.compile(r"(?<![\w.^_{\\])([0-9]+(?:\.[0-9]+)?)\s*(?:\\[,;:! ]|~)?\s*\\(?:text|textrm|mathrm|mbox)"
                                  r"\s*\{\s*(bits?|nats?|bytes?)\s*\}\s*[.,;]?\s*$")


# A bold name with a subscript and a one-letter superscript other than T (`\mathbf{w}_t^c`, `\mathbf{h}^{l}_t`)
_LABELLED_BOLD_ENTRY = re.compile(
    r"\\(?:mathbf|boldsymbol|bm|vec)\s*(?:\{[^{}]*\}|\\?[A-Za-z]+)\s*"
    r"(?:_\s*(?:\{[^{}]*\}|[A-Za-z0-9])\s*\^\s*(?:\{\s*(?P<a>[A-SU-Za-z])\s*\}|(?P<b>[A-SU-Za-z]))(?![A-Za-z{])"
    r"|\^\s*(?:\{\s*(?P<c>[A-SU-Za-z])\s*\}|(?P<d>[A-SU-Za-z]))\s*_)")


def read_side(latex: str, backend: Backend = DEFAULT_BACKEND, context: Context | None = None) -> Reading:
    """One side of a relation as SymPy, with the rules applied to read it."""
    try:
        reading = _read_side(latex, backend, context)
    except ReadError as exc:
        if "withprime" not in str(exc):
            raise
        # a refusal names the construct as written: `k(x,x')`, never the name primed_names made of x'
        again = ReadError(_primes_as_written(str(exc)), tuple(map(_primes_as_written, exc.readings)))
        again.comparison = exc.comparison
        raise again from exc
    reading.rules = [_primes_as_written(r) for r in reading.rules]
    return reading


def _read_side(latex: str, backend: Backend = DEFAULT_BACKEND, context: Context | None = None) -> Reading:
    context = context or Context()
    refuse_trace(latex)
    written = latex
    latex, primed_rules = primed_names(latex, context)
    latex, vector_rules = vector_scalars(latex, context)
    vector_rules = primed_rules + vector_rules
    context = replace(context, rows_as_vectors=rows_as_vectors(context.chain_sides or (latex,)))
    latex, plain_rules = plain_vector_norms(latex, context)
    latex, softmax_rules = softmax_entries(latex, context)
    latex, power_rules = vector_powers(latex, context)
    plain_rules += softmax_rules + power_rules
    vector_rules = vector_rules + plain_rules
    for constant in context.reassigned & set(tokens(latex)):
        if constant == "i":
            raise ReadError("`i` may be the imaginary unit the text speaks of, which is not read: refused",
                            ("the imaginary unit i", "a real name or index i"))
        what = {"e": "Euler's number e", r"\pi": "the number π"}.get(constant, constant)
        raise ReadError(f"`{constant}` is given a value or a role by the text and is also {what}: not read",
                        (what, f"the variable {constant.lstrip(chr(92))} the text assigns"))
    toks = tokens(latex)
    redefined = next((t for t in toks if t in context.redefined), None)
    if redefined:
        # `\renewcommand{\log}{\log_2}`, `\def\ln{\log_{10}}`: the text gives a known command its own meaning
        raise ReadError(f"`{redefined}` is redefined by the text (\\renewcommand, \\def): not read",
                        (f"{redefined} as the text defines it", f"the standard {redefined}"))
    if context.decimal_comma and re.search(r"[0-9]\s*(?:\{,\}|,\\!|\\!,|\\,|,)\s*[0-9]", latex):
        # “Mit Dezimalkomma”: `1{,}024` is 1.024 there, not one thousand and twenty-four
        raise ReadError("a comma between digits in a text that writes a decimal comma is not read",
                        ("a decimal comma (1,5 = 1.5)", "a thousands separator (1,024 = 1024)"))
    sci = re.search(r"[0-9]\s*\\(?:mathrm|text|textrm|rm|mathit)\s*\{\s*[eE]\s*\}", latex)
    if sci:
        # `1\mathrm{e}{-3}`: a number in E-notation as code writes it, 10^{-3}, not 1·e·(−3)
        raise ReadError(f"`{sci.group(0)}`: a number before an upright e is not read",
                        ("E-notation (1e-3 = 1·10^{-3})", "the number times Euler's number e"))
    for k, t in enumerate(toks[:-1]):
        if t == r"\times" and context.about_vectors and k and _is_name(toks[k - 1]) and _is_name(toks[k + 1]):
            # `u \times v` in a text about vectors: the cross product as often as a product of numbers
            raise ReadError(f"`{toks[k - 1]} \\times {toks[k + 1]}` between names in a text about vectors is not read",
                            (f"the cross product of the vectors {toks[k - 1]} and {toks[k + 1]}",
                             f"the product of the numbers {toks[k - 1]} and {toks[k + 1]}"))
        if t == r"\bar" and context.about_complex:
            barred = toks[k + 2] if toks[k + 1] == "{" and k + 3 < len(toks) and toks[k + 3] == "}" else toks[k + 1]
            if _is_name(barred) and barred in bare_names(latex):
                # `z\bar{z}` for a complex z: the conjugate of z, not a second real name
                raise ReadError(f"`\\bar{{{barred}}}` beside {barred} in a text about complex numbers is not read",
                                (f"the complex conjugate of {barred}", f"a real name {barred}_bar unrelated to {barred}"))
        if t == "e" and toks[k + 1] == "_":
            # `e_1`, `e_i`: a basis vector or an entry of a vector e, or Euler's number with a subscript
            raise ReadError("`e` with a subscript is not read",
                            ("an entry or basis vector e_i", "Euler's number e"))
        if t == r"\Delta" and (toks[k + 1].isalpha() or toks[k + 1] in ("(", r"\left") or
                               (toks[k + 1].startswith("\\") and toks[k + 1] not in _NOT_AN_OPERAND)):
            # `\Delta x`, `\Delta (x^2)`: a difference or an increment of what follows, not a factor Δ
            raise ReadError("`\\Delta` before a name or a parenthesis is an increment or a difference, "
                            "which is not read", ("the increment of what follows", "a factor Δ"))
    labelled = _LABELLED_BOLD_ENTRY.search(written)
    if labelled:
        # `\mathbf{w}_t^c`, `\mathbf{h}_t^{l}`: a letter over a bold name with a subscript names which one (the content
        # weights, the layer) as often as it raises to a power
        shown, letter = labelled.group(0).strip().rstrip("_ "), next(g for g in labelled.group("a", "b", "c", "d") if g)
        raise ReadError(f"`{shown}`: a superscript {letter} on a bold name with a subscript is a label as often as a "
                        "power: not read", (f"the vector labelled {letter}", f"the power {letter}"))
    for big in _BINOMIAL_OF_NUMBERS.finditer(latex):
        # `\binom{2000000}{1000000}`: the parser computes a binomial of numbers at once, every digit of it
        top, bottom = (int(g) for g in (big.group(1) or big.group(3), big.group(2) or big.group(4)))
        if top > 1 and min(bottom, top - bottom) * math.log10(top) > _MOST_EXACT_DIGITS:
            raise ReadError(f"`{big.group(0).strip()}` is an exact number of more than {_MOST_EXACT_DIGITS:,} digits, "
                            "too large to evaluate exactly: not read")
    noncommuting.refuse(latex, context)      # matrices, operators, vectors; decorated names written as functions
    if not re.search(r"\\i+nt(?![A-Za-z])|\\oint(?![A-Za-z])|\\frac\s*\{\s*(?:d|\\partial|\\mathrm\s*\{\s*d\s*\})[^{}]*\}"
                     r"\s*\{\s*(?:d|\\partial|\\mathrm\s*\{\s*d\s*\})", latex):
        # `du = (2x+3)\,dx`, `ds = r\,d\theta`, `d(\ln t)`: outside an integral or a derivative, d before a name
        # or a parenthesis is a differential as often as a factor d
        differential = _DIFFERENTIAL.search(latex)
        if differential:
            shown = differential.group(0).strip()
            raise ReadError(f"`{shown}`: d before a name or a parenthesis, outside an integral or a derivative, is not "
                            "read", (f"the differential {shown}", f"the product d·{shown[1:].strip()}"))
        if re.search(r"\\mathrm\s*\{\s*d\s*\}", latex):
            raise ReadError("`\\mathrm{d}` outside an integral or a derivative (a differential) is not read",
                            ("a differential", "a factor named d"))
    if re.search(r"\.\s*\.\s*\.", latex):
        # `1 + 2 + ... + n`: an elided run of terms, which a parser drops without a word (3 + n)
        raise ReadError("`...` (an elided run of terms) is not read", ("the terms it stands for", "nothing"))
    word = re.search(r"(?<![\\A-Za-z])(?!(?:Var|Cov|Corr|Std|Prob)\s*(?:\\left)?\s*[(\[])([A-Z][a-z]{2,})(?![A-Za-z])", re.sub(r"\\(?:text|textrm|mathrm|operatorname|mbox|"
                                                                       r"mathit|mathsf|rm)\s*\{[^{}]*\}", " ", latex))
    if word:
        # `Odds = P/(1 − P)`, `Loss`: a word, read letter by letter as O·d·d·s
        raise ReadError(f"`{word.group(1)}` is a word: a name, or a product of its letters; not read",
                        (f"the name {word.group(1)}", "the product " + "·".join(word.group(1))))
    if any(t in (":", r"\colon") for t in toks):
        # `H_0: μ_1 = μ_2` labels a hypothesis, `f: X → Y` names a map, `a : b` may be a ratio: no one reading
        raise ReadError("a colon `:` is not read (a label such as `H_0:`, a map `f: X \\to Y`, or a ratio)",
                        ("a label before the relation", "the ratio a/b"))
    unit = _UNIT_AFTER_A_NUMBER.search(latex)
    if unit and not unit.group(2).startswith("nat") and context.log_declared != "2":
        # `\log 2 = 1 \text{ bit}`: a quantity in bits beside a \log the text gives no base is true in base 2 and
        # false in the natural base, which the reader takes for \log
        raise ReadError(f"`{unit.group(0).strip()}`: a quantity in {unit.group(2)} where the text declares no base-2 "
                        "logarithm is not read", ("the logarithms of the chain in base 2",
                                                   "the natural logarithm, and the unit dropped"))
    if unit:
        # `= 4 \textrm{ bits}`: a unit of information after the number that ends the side is its unit, not a factor
        upright_rules_before = [f"read `{unit.group(0).strip()}` as {unit.group(1)} (a unit of information after a "
                                "number ending the side)"]
        latex = latex[:unit.start()] + unit.group(1) + latex[unit.end():]
    else:
        upright_rules_before = []
    latex, upright_rules = upright_functions(latex)
    upright_rules = upright_rules_before + upright_rules
    # `\textrm{sign}(a)`, `\text{sgn}(x)`: the sign function in an upright word before its parenthesis
    latex = _SIGN_WORD.sub(r"\\operatorname{\1}", latex)
    operator = _OPERATOR_WORD.search(latex)
    if operator:
        # `\operatorname{sech} x`: an operator the reader has no function for, before no parenthesis, would be a
        # quantity named sech times x
        name = operator.group(1) or operator.group(2)
        raise ReadError(f"`{operator.group(0).strip()}`: the operator {name} before no parenthesis is not read",
                        (f"the function {name} applied to what follows", f"a quantity named {name} times it"))
    context = replace(context, variables=context.variables | bare_names(latex),
                      applied_letters=context.applied_letters | applied_letters(latex),
                      bounds=context.bounds | bound_letters(latex),
                      outside_powers=context.outside_powers | names_outside_powers(latex))
    reader = Reader(backend, context)
    reader.side_indices = {m.group(1) for m in _OPERATOR_INDEX.finditer(latex)}
    latex, number_rules = numbers(latex)
    for r in vector_rules + upright_rules + number_rules:
        reader.rule(r)
    items = group(tokens(latex))
    if not items:
        raise ReadError("empty side")
    reader.top_text = text_of(items)
    expr = reader.read_items(items)
    if isinstance(expr, sp.Basic) and expr.has(sp.nan, sp.zoo):
        # `0 \cdot \ln 0`, `\frac{0}{0}`, `\log 0`: a part with no value turns the whole side into NaN (x + 0·ln 0 read
        # as NaN loses x); a convention the text gives it (0·ln 0 = 0) is not read
        raise ReadError(f"`{written.strip()}` has a part with no value (0·ln 0, 0/0, log 0, a division by 0): not read, "
                        "nor any convention the text gives it")
    _refuse_exact_giants(expr)
    free = expr.free_symbols
    if any(is_law_quantity(s) for s in free) and _CHANGES_WITH_A_VARIABLE.search(latex):
        # `\frac{d}{dx} E[f(x)]`: an expectation whose argument writes x changes with x, and its name does not
        raise ReadError("an expectation, a variance or a probability inside a derivative, an integral or a limit is "
                        "not read (its argument may change with the variable, its name does not)",
                        ("a quantity that changes with the variable", "one number"))
    ambiguous = [(index, head, body, rest) for index, head, body, rest in reader.bound
                 if rest and any(s.name == index.name for s in free if isinstance(s, sp.Symbol))]
    names = {index.name for index, *_ in ambiguous}
    if ambiguous and _free_nowhere_else_in_the_chain(written, names, backend, context):
        # `\log \prod_i a_i = \sum_i y_i \log a_i + (1 - y_i) \log b_i`: the index is bound on every other side, so
        # a Σ stopping before `+ (1 - y_i) …` would leave on this side alone a name no other side has
        again = Reader(backend, context)
        again.side_indices, again.reach_to_end, again.top_text = reader.side_indices, names, reader.top_text
        for r in vector_rules + upright_rules + number_rules:
            again.rule(r)
        whole = again.read_items(items)
        if not any(s.name in names for s in whole.free_symbols if isinstance(s, sp.Symbol)):
            for index, head, body, rest in ambiguous:
                again.rule(f"read `{head} {body} {rest}` as {head} ({body} {rest}): its index {index} is written "
                           "free on no other side of the chain, so the sum reaches to the end of the side")
            reader, expr, ambiguous = again, whole, []
    for index, head, body, rest in ambiguous:
        raise ReadError(f"ambiguous reach of `{head}`: its index {index} is free after it",
                        (f"({head} {body}) {rest}", f"{head} ({body} {rest})"))
    return Reading(expr, reader.rules, "", frozenset(reader.scaling), reader.unsettled)


# A binomial of two whole numbers, `\binom{n}{k}` (`\dbinom`, `\tbinom`) or `{n \choose k}`.
_BINOMIAL_OF_NUMBERS = re.compile(r"\\[dt]?binom\s*\{\s*(\d+)\s*\}\s*\{\s*(\d+)\s*\}|\{\s*(\d+)\s*\\choose\s*(\d+)\s*\}")
# An exact number with more digits than this is not written into a file: loading it would compute every digit.
_MOST_EXACT_DIGITS = 10 ** 6


def _exact_digits(node: sp.Basic) -> float:
    """About how many digits the exact value of a power, a factorial or a binomial of exact numbers has (0 when it is
    not one, or SymPy would not compute it exactly)."""
    def size(number) -> float | None:
        try:
            value = abs(sp.Float(number.evalf(15)))
        except (TypeError, ValueError):
            return None
        return value if value.is_finite else None
    if isinstance(node, sp.Pow) and not node.free_symbols:
        base = node.base.base if isinstance(node.base, sp.Pow) and node.base.exp.is_Rational else node.base
        if not base.is_Rational or base in (0, 1, -1):
            return 0.0
        power = size(node.exp)
        digits = sp.log(abs(base.p), 10) + sp.log(base.q, 10)          # of the numerator and the denominator
        return float(power * digits.evalf(15)) if power is not None else 0.0
    if isinstance(node, (sp.factorial, sp.binomial)) and not node.free_symbols:
        top = size(node.args[0])
        if top is None or top < 2:
            return 0.0
        count = top if isinstance(node, sp.factorial) else min(size(node.args[1]) or 0.0, top)
        return float(count * sp.log(top, 10).evalf(15))
    return 0.0


def _refuse_exact_giants(expr: sp.Basic) -> None:
    """`10^{10^{10}}`, `(10^{10})!`: an exact number too large to compute is refused, since the written file would
    compute every digit when it is loaded (and never finish)."""
    for node in sp.preorder_traversal(expr):
        if _exact_digits(node) > _MOST_EXACT_DIGITS:
            raise ReadError(f"`{sp.latex(node)}` is an exact number of more than {_MOST_EXACT_DIGITS:,} digits, too large "
                            "to evaluate exactly: not read")


@dataclass(frozen=True)
class FirstTerms:
    """What the terms a text writes before `+ \\cdots` must equal: the series' terms up to the highest power of its
    variable written (a power series' coefficients are unique, so the written terms are those of the series)."""
    variable: sp.Symbol
    degree: int
    first: sp.Expr               # the series' terms of degree at most `degree` in `variable`
    written: sp.Expr             # the terms the text writes before the ellipsis
    series: str                  # the series as the text writes it


def _first_terms(series: sp.Sum, written: sp.Expr, shown: str) -> FirstTerms | None:
    r"""`\sum_{n=0}^\infty \frac{x^n}{n!}` beside `1 + x + \frac{x^2}{2} + \frac{x^3}{3} + \cdots`: the terms of the series
    of degree at most 3 in x (1 + x + x²/2 + x³/6), which the written terms must equal.  Only for a series whose term
    is c(n)·v^{a n + b} for one name v (a, b whole numbers, a ≥ 1, no negative power), c(n) free of v and defined at
    every n it is taken at, and written terms that are a polynomial in v: the terms of higher degree are then exactly
    those the ellipsis stands for.  None for any other series (a term with two powers, grouped terms, a power that
    does not grow with n), which stays refused."""
    index, low, _ = series.limits[0]
    # the body may write the index as a name of its own (n beside the integer n of the limits)
    body = series.function.xreplace({s: index for s in series.function.free_symbols
                                     if isinstance(s, sp.Symbol) and s.name == index.name})
    found = []
    for v in sorted(body.free_symbols - {index}, key=str):
        if not isinstance(v, sp.Symbol):
            continue
        coefficient, power = body.as_independent(v, as_Add=False)
        if isinstance(power, sp.Pow) and power.base == v and index in power.exp.free_symbols:
            found.append((v, coefficient, power.exp))
    if len(found) != 1:
        return None
    v, coefficient, exponent = found[0]
    try:
        slope, start = sp.Poly(exponent, index).all_coeffs() if sp.Poly(exponent, index).degree() == 1 else (0, 0)
        polynomial = sp.Poly(sp.expand(written), v)
    except (sp.PolynomialError, sp.GeneratorsNeeded, ValueError, TypeError):
        return None
    if not (slope.is_Integer and start.is_Integer and slope >= 1) or any(
            c.has(v) for c in polynomial.coeffs()) or polynomial.degree() < 0 or slope * low + start < 0:
        return None
    degree = polynomial.degree()
    first, n = sp.Integer(0), low
    while slope * n + start <= degree:
        c = coefficient.xreplace({index: n}).doit()
        if c.has(sp.zoo, sp.nan, sp.oo, -sp.oo) or c.has(v):
            return None
        first += c * v ** (slope * n + start)
        n += 1
    return FirstTerms(v, int(degree), first, written, shown)


def _free_nowhere_else_in_the_chain(side: str, names: set[str], backend: Backend, context: Context) -> bool:
    """Whether every other side of the chain `side` stands in is read and writes none of `names` free: then a Σ whose
    index is written free after it reaches over the rest of its side (the one reading with no name of its own)."""
    others = [s for s in context.chain_sides if s.strip() != side.strip()]
    if not others or len(others) == len(context.chain_sides):
        return False
    alone = replace(context, chain_sides=())
    for other in others:
        try:
            expr = read_side(other, backend, alone).expr
        except ReadError:
            return False
        if any(s.name in names for s in expr.free_symbols if isinstance(s, sp.Symbol)):
            return False
    return True


def read_raw(latex: str, backend: Backend) -> sp.Expr:
    """The backend alone, with no rules (for measuring): natural log, E for e."""
    expr = backend.parse(latex)
    if not isinstance(expr, sp.Basic):
        raise ReadError("not an expression")
    expr = expr.replace(lambda e: isinstance(e, sp.log) and len(e.args) == 2, lambda e: sp.log(e.args[0]))
    return expr.xreplace({sp.Symbol("e"): sp.E})


noncommuting.use(tokens=tokens, greek=GREEK, error=ReadError)
