"""Inline mathematics in prose: what authors write as plain text, set as mathematics.

The engine's words reach the report as verdicts.Said: their numbers (Number), formulas (Formula, with
the engine's own LaTeX) and names (Name) are values, and `said_segments` sets them part by part; no pattern
below reads them, nor the plain words between them.  The patterns below read what an author wrote as plain strings: a derivation's title and notes, a
step's reason, a meaning's name as its check names it ("limit: lhs / rhs → 1 as n → oo"), an experiment's
claim, finding and table cells, a claim's quote and qualifier.  Engine words held as a plain string (a
record read from an older cache, a message the engine words without values) are read the same way.  These
strings contain three kinds of ASCII mathematics that must not reach a reader as code:

* SymPy's own printing (``log(Sum(exp(lambda*s[i]), (i, 1, n))/n) ≥ …``), which
  is parsed back with SymPy and set as a formula;
* TeX-like scripts (``e^{−2g}``, ``σ_t²``, ``s_max``, ``n^{-1/2}``), set as sub-
  and superscripts;
* ``exp(…)`` (set as e to the power) and ``oo`` (∞).

`segments` splits a string into ("text" | "sup" | "sub" | "code" | "math", value)
pieces; each output format renders them (HTML: <sup>, MathML; LaTeX:
\\textsuperscript, $…$).  Identifiers such as ``mle_gradient`` or text in
backticks stay literal code.  When anything looks doubtful the text is left as
written: a misparsed formula would be worse than an honest string.
"""
from __future__ import annotations

import functools
import re

from ...verdicts import Aside, Formula, Name, Number, Said
from .display import minus_signs
from .escape import as_text
from .numbers import every_digit, for_people, short

RUNNING_TEXT_DIGITS = 6      # significant, as numbers.DIGITS: full values are in the HTML and the JSON

from ... import functions as _table

Segment = tuple[str, str]

# A whole string (or one side of a relation) in SymPy's str() syntax.
_SYMPY_MARKERS = re.compile(r"\b(Sum|Product|IndexedMax|IndexedMin|KroneckerDelta|Abs|sqrt|erf|exp|log)\(|\*\*|\w\*\w|\w\[\w")
_RELATIONS = re.compile(r"\s(≥|≤|=|≈|<|>|≠|∝)\s")
_UNICODE_MATH = set("≥≤≈≠∝−·√λσΣ∈→…")
_CODE = re.compile(r"`([^`]+)`")
# A quote in backticks that is written in LaTeX (a command such as \sum, or a braced script such as
# e^{\lambda s_i}) is a text's own formula: it is set as mathematics, never shown as its markup.
# A quoted span that is TeX: a command, a braced script, or a one-letter symbol with a one-character script (`p_i`,
# `s_i,v_i`), which no program name is (entropy_lower_bound, x_h9 and k1_i stay code).
_TEX_QUOTE = re.compile(r"\\[A-Za-z]+|[_^]\{|(?<![A-Za-z0-9_])[A-Za-z][_^][A-Za-z0-9](?![A-Za-z0-9_])")
_IDENT = re.compile(r"(?<![\w.])([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+){2,}|[A-Za-z]{2,}[0-9]*_[A-Za-z][A-Za-z0-9]*)(?![\w(])")
_SCRIPT_BASE = (r"((?:(?<![A-Za-z0-9_])(?:max|min|sup|inf|lim|arg\s?max|arg\s?min)(?=_)"
                r"|(?<![A-Za-z0-9_])[A-Za-z]\d+(?=_[A-Za-z])"          # k1_i: component i of the vector k1
                r"|(?<![A-Za-z_])[Α-Ωα-ωϵϑϕ∞𝔼][\u0300-\u036f]?"       # 2σ_t, 𝔼_i: a coefficient may precede
                r"|(?<![A-Za-z0-9_])[A-Za-z][\u0300-\u036f]?|(?<![A-Za-z0-9_.])\d+|[)\]]))")
_BRACED = r"\{((?:[^{}]|\{[^{}]*\})*)\}"
_SCRIPT = re.compile(_SCRIPT_BASE + r"(?:(\^)" + _BRACED + r"|(?<![0-9\]])(_)" + _BRACED
                     + r"|(\^)(\([^()]*\)|[-−+]?[A-Za-z0-9α-ωΑ-Ω.]+)|(?<![\]])(?<!\b\d)(?<!\b\d\d)(?<!\b\d\d\d)(_)([A-Za-z0-9α-ω]+))")
_SYMPY_SPAN = re.compile(r"(?<![\w.])(Sum|Product|IndexedMax|IndexedMin|KroneckerDelta|Abs|sqrt|exp|log)\(")
_INFINITY = re.compile(r"(?<![\w.])(-?)oo(?![\w(])")
_EXP = re.compile(r"(?<![\w.])exp\(")


def _matching_paren(text: str, start: int) -> int:
    """Index of the ")" closing the "(" at text[start], or -1."""
    depth = 0
    for k in range(start, len(text)):
        if text[k] == "(":
            depth += 1
        elif text[k] == ")":
            depth -= 1
            if depth == 0:
                return k
    return -1


def _looks_like_sympy(text: str) -> bool:
    return bool(_SYMPY_MARKERS.search(text)) and not (set(text) & _UNICODE_MATH - set("≥≤≈=<>≠−"))


@functools.lru_cache(maxsize=4096)
def sympy_latex(text: str) -> str | None:
    """LaTeX for an expression written in SymPy's str() syntax, or None if it does not parse as one."""
    source = text.replace("−", "-").strip()
    if not source or re.search(r"[^\w\s()\[\]*/+\-,.^]", source):
        return None
    try:
        import sympy as sp
        from sympy.parsing.sympy_parser import parse_expr, standard_transformations
    except ImportError:  # pragma: no cover - sympy is a dependency
        return None
    source = re.sub(r"\blambda\b", "lamda", source)
    names = {}
    for base in set(re.findall(r"\b([A-Za-z_]\w*)\[", source)):
        names[base] = sp.IndexedBase(base)
    names.update(IndexedMax=_reduction("max"), IndexedMin=_reduction("min"), Sum=sp.Sum,
                 KroneckerDelta=sp.KroneckerDelta, oo=sp.oo, E=sp.E, pi=sp.pi, I=sp.I)
    for name in set(re.findall(r"\b([A-Za-z_]\w*)\b", source)) - set(names) - _FUNCTIONS:
        names[name] = sp.Symbol(name)
    try:
        expr = parse_expr(source, local_dict=names, transformations=standard_transformations, evaluate=False)
        return tidy_latex(sp.latex(expr))
    except Exception:  # parse_expr raises anything from SyntaxError to TypeError on non-SymPy text
        return None


# Names read as SymPy functions, not symbols: every function of the one table (verifier/functions.py),
# except names that also spell a Greek letter (beta, zeta: more often a symbol in a message), and gamma.
_FUNCTIONS = ({"sqrt", "Product", "gamma", "Piecewise", "Rational", "Integer", "Float"}
              | {name for name in _table.names() if name.lower() not in {"beta", "zeta", "gamma"}})


@functools.lru_cache(maxsize=2)
def _reduction(kind: str):
    import sympy as sp

    class Reduction(sp.Function):
        nargs = 2

        def _latex(self, printer):
            body, limits = self.args
            index = limits[0] if isinstance(limits, sp.Tuple) else limits
            return rf"\{kind}_{{{printer._print(index)}}} {printer._print(body)}"

    Reduction.__name__ = f"Indexed{kind.capitalize()}"
    return Reduction


# ---- LaTeX clean-up shared by every formula ----------------------------------------------------

_FRAC = re.compile(r"\\frac\{(-?\d+)\}\{(\d+)\}")
_SIGMA2 = re.compile(r"\{\\sigma_\{2\}\}_\{([^{}]+)\}")


def _decimal(numerator: int, denominator: int) -> str | None:
    """The exact decimal of numerator/denominator when the denominator is 2^a 5^b ≥ 100, else None."""
    rest, twos, fives = denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1 or denominator < 100:
        return None
    digits = max(twos, fives)
    scaled = abs(numerator) * 10 ** digits // denominator
    whole, frac = divmod(scaled, 10 ** digits)
    text = f"{whole}.{frac:0{digits}d}".rstrip("0").rstrip(".")
    return ("-" if numerator < 0 else "") + text


def tidy_latex(latex: str) -> str:
    """Display fixes for SymPy's LaTeX: decimals where a decimal fraction is meant, σ_t² for sigma2[t]."""
    if not latex:
        return latex

    def decimal(m: re.Match) -> str:
        value = _decimal(int(m.group(1)), int(m.group(2)))
        return value if value is not None else m.group(0)

    latex = _FRAC.sub(decimal, latex)
    # A symbol named sigma2 is a variance: σ², and sigma2[t] is σ_t², not σ with subscript 2t.
    # Raised to a power itself, it is bracketed: (σ_t²)^{3/2}, never a double superscript.
    latex = _SIGMA2.sub(lambda m: (r"\left(\sigma_{%s}^{2}\right)" if latex[m.end():m.end() + 1] == "^"
                                   else r"\sigma_{%s}^{2}") % m.group(1), latex)
    latex = re.sub(r"\\sigma_\{2\}(?=\^)", r"\\left(\\sigma^{2}\\right)", latex)
    latex = re.sub(r"\\sigma_\{2\}(?![_^])", r"\\sigma^{2}", latex)
    return latex


# ---- prose -------------------------------------------------------------------------------------

def _sympy_segments(text: str) -> list[Segment] | None:
    """The whole string as formulas joined by relations, if every side parses as SymPy."""
    if not _looks_like_sympy(text):
        return None
    parts = _RELATIONS.split(text)
    sides, relations = parts[0::2], parts[1::2]
    latex_sides = [sympy_latex(side) for side in sides]
    if any(side is None for side in latex_sides):
        return None
    rel = {"≥": r"\ge", "≤": r"\le", "=": "=", "≈": r"\approx", "<": "<", ">": ">", "≠": r"\ne", "∝": r"\propto"}
    body = latex_sides[0]
    for relation, side in zip(relations, latex_sides[1:]):
        body += f" {rel[relation]} {side}"
    return [("math", body)]


def _prefix_label(text: str) -> tuple[str, str]:
    """Split "limit: lhs …" style labels from the expression after them."""
    m = re.match(r"^([A-Za-z][\w ,'-]{0,40}:\s+)(.*)$", text, re.S)
    return (m.group(1), m.group(2)) if m else ("", text)


def _exp_to_power(text: str) -> str:
    """exp(x) in prose becomes e^{x}; a reader of mathematics writes it so, and it is never code."""
    out, k = [], 0
    for m in _EXP.finditer(text):
        if m.start() < k:
            continue
        close = _matching_paren(text, m.end() - 1)
        if close < 0:
            continue
        out.append(text[k:m.start()])
        out.append("e^{" + text[m.end():close] + "}")
        k = close + 1
    out.append(text[k:])
    return "".join(out)


def _scripts(text: str) -> list[Segment]:
    out: list[Segment] = []
    k = 0
    for m in _SCRIPT.finditer(text):
        out.append(("text", text[k:m.start()] + m.group(1)))
        if m.group(2) or m.group(4):
            kind, body = (m.group(2), m.group(3)) if m.group(2) else (m.group(4), m.group(5))
        elif m.group(6):
            kind, body = m.group(6), m.group(7)
            if body.startswith("(") and body.endswith(")") and len(body) > 2:
                body = body[1:-1]
        else:
            kind, body = m.group(8), m.group(9)
        out.append(("sup" if kind == "^" else "sub", body))
        k = m.end()
    out.append(("text", text[k:]))
    return out


def segments(text, exact: bool = False) -> tuple[Segment, ...]:
    """Pieces of `text` for rendering; joining their values gives back readable text.

    The engine's words (Said) are set from their parts, never read back: each Number rounded to six
    significant digits (`exact` keeps every digit, for what sits behind a click as the full record), each
    Formula as mathematics from the engine's LaTeX, the words between them as written.  Any other text is
    an author's (a title, a note, a reason, a check's name, a table cell) and is read as below."""
    if isinstance(text, Said):
        return said_segments(text, exact)
    return _text_segments(str(text or ""), exact)


# What a reader calls the instruments the engine names in its words ("sympy.limit at concrete n"): the
# mathematics they compute.  The engine's own words stay in the machine record (the JSON, the HTML's notes
# behind a click, the PDF's appendix of certificates).  Longest first: "sympy.limit gives" before "sympy.limit".
READER_WORDS = (("interval arithmetic (mpmath.iv)", "interval arithmetic"),
                ("sympy.limit gives", "the symbolic limit is"),
                ("sympy.limit of", "the symbolic limit of"),
                ("of sympy.limit", "of the symbolic limit"),
                ("sympy.limit cannot", "the symbolic limit cannot"),
                ("sympy.limit returned", "the symbolic limit returned"),
                ("sympy.limit", "symbolic limit"),
                ("sympy.series is", "the symbolic series expansion is"),
                ("sympy.series did", "the symbolic series expansion did"),
                ("sympy.series", "symbolic series expansion"),
                ("sympy.dsolve", "the general solution"),
                ("mpmath.iv", "interval arithmetic"),
                ("with SymPy evalf", "by a second evaluation"),
                ("SymPy's limit", "the symbolic limit"),
                # a size's limit taken with n real: what that proves for the integers, said
                ("n as a continuous variable", "the limit over real n, hence over integer n"))


# A strategy that raised, as a reader says what it could not do; the program's words stay in the hover text.
FAILED_WORDS = {"sympy_limit": "SymPy's limit", "sympy_series": "SymPy's series expansion"}


# A point the checker writes as a Python dict of its coordinates ({'n': '2', 's': '(0.476571, 1.4465) [length 2]'},
# the names held as formulas, the values as numbers): the punctuation between those parts said as a reader writes a
# point, n = 2, s = (0.476571, 1.4465).  str.replace on the words between the parts, never a pattern.
_POINT_PUNCTUATION = (("': '", " = "), ("', '", ", "), ("{'", ""), ("'}", ""))


def _point_words(text: str) -> str:
    for said, words in _POINT_PUNCTUATION:
        text = text.replace(said, words)
    # a vector's length: said when entries are left out ("…"), dropped when every entry is shown
    while " [length " in text:
        before, _, rest = text.partition(" [length ")
        length, closed, after = rest.partition("]")
        if not (closed and length.isdigit()):
            break
        text = before + (f" ({length} entries)" if before.endswith("…)") else "") + after
    return text


def machine_runs(said: Said) -> list:
    """The checker's words in a machine record, split where a strategy raised (Name, " failed: ", Name): runs of
    its words (a Said, set by the report's printer) and, for each failure, (what could not decide it, the
    program's own "name failed: error").  The parts are taken as values, never parsed."""
    parts, out, run = said.parts, [], []
    k = 0
    while k < len(parts):
        if k + 2 < len(parts) and isinstance(parts[k], Name) and parts[k + 1] == " failed: " \
                and isinstance(parts[k + 2], Name):
            if run:
                out.append(Said(*run))
                run = []
            name, error = parts[k].text, parts[k + 2].text
            out.append((FAILED_WORDS.get(name, f"the strategy {name}") + " could not decide it",
                        f"{name} failed: {error}"))
            k += 3
            continue
        run.append(_point_words(parts[k]) if type(parts[k]) is str and "'" in parts[k] else parts[k])
        k += 1
    if run:
        out.append(Said(*run))
    return out


def instrument_words(said):
    """The checker's words with each instrument said as the mathematics it computes (READER_WORDS), every other
    part kept, its asides too: the machine record's words, in a reader's vocabulary.  str.replace, no pattern."""
    if not isinstance(said, Said):
        return reader_words(said)
    return Said(*(reader_words(p) if type(p) is str else p for p in said.parts))


def reader_words(text):
    """The engine's words with each instrument it names said as the mathematics it computes (READER_WORDS), and
    a cited fact used as it is without its factor 1 ("fact F, times 1" reads "fact F"); the parts of the
    engine's words (Said) kept, only their plain text changed.  str.replace, no pattern."""
    if isinstance(text, Said):
        parts: list = []
        for p in text.parts:
            if isinstance(p, Aside):       # how the machine got there: the checker's notes keep it, a reader's text not
                continue
            if isinstance(p, Formula) and p.text == "1" and parts and type(parts[-1]) is str \
                    and parts[-1].endswith(", times "):
                parts[-1] = parts[-1][:-len(", times ")]     # a fact used as it is: "result 63", not "…, times 1"
                continue
            parts.append(reader_words(p) if type(p) is str else p)
        return Said(*parts)
    text = as_text(text)
    for said, words in READER_WORDS:
        text = text.replace(said, words)
    return text


def said_segments(said: Said, exact: bool = False) -> tuple[Segment, ...]:
    """The engine's words from their parts (see `segments`), none of them read back: a Number rounded, a
    Formula set from its LaTeX, a Name (a cited fact, a strategy) as a name, and the words between them as
    they are."""
    out: list[Segment] = []
    for part in said.parts:
        if isinstance(part, Number):
            # every digit behind a click still reads as a reader writes it: −0.2481…, 1 × 10¹⁰, not -0.2481…, 1e+10
            shown = every_digit(part.digits) if exact else short(part.digits, RUNNING_TEXT_DIGITS)
            if not exact and shown.startswith("-"):
                shown = "−" + shown[1:]          # a negative number's sign is a minus, not a hyphen
            if shown != part.digits and shown[:1] in "<>" and out and out[-1][0] == "text" \
                    and out[-1][1].endswith(" = "):
                # "|d| = 2.5e-127" below what the digits resolve reads "|d| < 10⁻⁵⁰", never "|d| = < 10⁻⁵⁰"
                out[-1] = ("text", out[-1][1][:-2])
            pieces = [("text", shown)]
        elif isinstance(part, Formula):
            pieces = [("math", tidy_latex(part.latex)) if part.latex else ("text", part.text)]
        elif isinstance(part, Name):
            pieces = [("code", part.text)]
        elif isinstance(part, Aside):
            pieces = list(said_segments(part.said, exact))
        else:
            pieces = [("text", str(part))]
        for kind, value in pieces:
            if not value:
                continue
            if out and kind == "text" and out[-1][0] == "text":
                out[-1] = ("text", out[-1][1] + value)
            else:
                out.append((kind, value))
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def _text_segments(text: str, exact: bool = False) -> tuple[Segment, ...]:
    if not text:
        return ()
    if not exact:
        text = for_people(text, RUNNING_TEXT_DIGITS)
    label, rest = _prefix_label(text)
    whole = _sympy_segments(rest)
    if whole is not None:
        return tuple(([("text", label)] if label else []) + whole)
    out: list[Segment] = []
    k = 0
    pieces: list[tuple[str, str]] = []
    for m in _CODE.finditer(text):
        pieces.append(("prose", text[k:m.start()]))
        pieces.append(("code", m.group(1)))
        k = m.end()
    pieces.append(("prose", text[k:]))
    for kind, piece in pieces:
        if kind == "code":
            out.append(("math" if _TEX_QUOTE.search(piece) else "code", piece))
            continue
        j = 0
        for m in _IDENT.finditer(piece):
            if _GREEK_IDENT.match(m.group(1)):
                continue    # lambda_max, sigma2_i: a symbol with an index, not a code name
            out.extend(_with_formulas(piece[j:m.start()]))
            out.append(("code", m.group(1)))
            j = m.end()
        out.extend(_with_formulas(piece[j:]))
    merged: list[Segment] = []
    for kind, value in out:
        if not value:
            continue
        if kind in ("text", "sup", "sub"):
            value = minus_signs(value)      # −0.503, 10⁻⁵⁰: a negative number's sign is a minus, not a hyphen
        if merged and kind == "text" and merged[-1][0] == "text":
            merged[-1] = ("text", merged[-1][1] + value)
        else:
            merged.append((kind, value))
    return tuple(merged)


def _with_formulas(text: str) -> list[Segment]:
    """Prose in which SymPy-printed calls such as log(Sum(exp(beta*f[j]), (j, 1, n))) are set as formulas."""
    out: list[Segment] = []
    k = 0
    for m in _SYMPY_SPAN.finditer(text):
        if m.start() < k:
            continue
        close = _matching_paren(text, m.end() - 1)
        if close < 0:
            continue
        span = text[m.start():close + 1]
        # Only calls in SymPy's syntax; exp(−q·k/√d) is Unicode prose and becomes e^{…} below.
        latex = sympy_latex(span) if re.search(r"Sum\(|Indexed|\*|\[", span) else None
        if latex is None:
            continue
        out.extend(_prose(text[k:m.start()]))
        out.append(("math", latex))
        k = close + 1
    out.extend(_prose(text[k:]))
    return out


# SymPy symbol names written out in prose ("lambda ∈ [0.05, 20]", "O(lambda^2)") read as the letters.
# Names that are also English words or too short to be safe (nu, mu, xi, pi, eta, chi) are left alone.
_GREEK_NAMES = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "zeta": "ζ", "theta": "θ",
                "kappa": "κ", "lambda": "λ", "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "psi": "ψ",
                "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Sigma": "Σ", "Omega": "Ω"}
# A name joined by hyphens to a word (the claim id 000-lambda-log-n) is part of that word and stays as written.
_GREEK_WORD = re.compile(r"(?<![\w.])(?<!\w-)(" + "|".join(_GREEK_NAMES) + r")(2_[A-Za-z0-9]+|\d*)(?![A-Za-z])(?!-\w)")
_GREEK_IDENT = re.compile(r"(" + "|".join(_GREEK_NAMES) + r"|max|min|sup|inf|lim|argmax|argmin)\d*_[A-Za-z0-9]+$")


def _greek(m: re.Match) -> str:
    letter, digits = _GREEK_NAMES[m.group(1)], m.group(2)
    if m.group(1) == "sigma" and digits.startswith("2_"):
        return "σ" + digits[1:] + "²"     # sigma2_i is the variance σ_i²
    return letter + (f"_{digits}" if digits else "")


_OPERATOR_RUN = re.compile(r"\*\*|(?<=[\w)\]])\*(?=[\w(])|\w\[\w+\]")
_EXPR_CHARS = re.compile(r"[\w\[\]()*/.^]|\s[-+]\s")
_GREEK_LETTERS = {v: k.replace("lambda", "lamda") for k, v in _GREEK_NAMES.items()}


def _expression_around(text: str, at: int) -> tuple[int, int]:
    """The widest run of SymPy-syntax characters around text[at] (spaces only around + and −)."""
    start = at
    while start > 0:
        if _EXPR_CHARS.fullmatch(text[start - 1]) or text[start - 1] in _GREEK_LETTERS:
            start -= 1
        elif start >= 3 and _EXPR_CHARS.fullmatch(text[start - 3:start]):
            start -= 3
        else:
            break
    end = at
    while end < len(text):
        if _EXPR_CHARS.fullmatch(text[end]) or text[end] in _GREEK_LETTERS:
            end += 1
        elif _EXPR_CHARS.fullmatch(text[end:end + 3]):
            end += 3
        else:
            break
    while end > start and text[end - 1] == ".":
        end -= 1    # a full stop ends the sentence, not the number
    # Trim brackets that belong to the surrounding prose, e.g. "(x**2)" at the end of a sentence.
    while start < end and text[end - 1] in ").," and text[start:end].count("(") < text[start:end].count(")"):
        end -= 1
    while start < end and text[start] == "(" and text[start:end].count("(") > text[start:end].count(")"):
        start += 1
    return start, end


def _bare_expressions(text: str) -> list[Segment]:
    """Prose with bare SymPy expressions (λ**2*(s[1]**2/8 - s[1]*s[2]/4)) set as formulas."""
    out: list[Segment] = []
    k = 0
    for m in _OPERATOR_RUN.finditer(text):
        if m.start() < k:
            continue
        marked = _STAR_BEFORE_BRACKET.match(text, m.start() - 1) if m.start() else None
        if marked and _marks_its_name(text, marked):
            continue        # u*(1 − 1/u): the author's marked name, set by _plain_prose
        start, end = _expression_around(text, m.start())
        candidate = text[start:end]
        for letter, name in _GREEK_LETTERS.items():
            candidate = candidate.replace(letter, f" {name} ")
        latex = sympy_latex(candidate) if start >= k else None
        if latex is None:
            continue
        out.extend(_plain_prose(text[k:start]))
        out.append(("math", latex))
        k = end
    out.extend(_plain_prose(text[k:]))
    return out


def _prose(text: str) -> list[Segment]:
    return _bare_expressions(text)


# What no parser could read as SymPy (Unicode mixed in: "(√(4λ²+1) − 1)**2/(4*λ**2)") still never shows
# Python's operators: ** becomes a superscript and * between factors a centred dot.
_PYTHON_POWER = re.compile(r"\*\*\s*")
_PYTHON_TIMES = re.compile(r"(?<=[\w)\]²³])(?:\*|\s\*\s)(?=[\w(√])")
# A star straight after a one-letter name and before a written power or no operand at all (c*², λ(1 − c*²) = c*,
# u* = …) marks the name (c^*, the optimum), as authors write it; it is no product, so never a centred dot.
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_TO_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_MARKED_NAME = re.compile(r"(?<![\w*])([A-Za-zα-ωΑ-Ω])\*([⁰¹²³⁴⁵⁶⁷⁸⁹]*)(?=[\s,.;:)\]}]|$)")
# The same star before a bracket (u*(1 − 1/u), c*(1)) marks the name too when the bracket is nothing SymPy or Python
# prints: a lone atom (SymPy never brackets one) or the author's own signs (−, √, ², ·), in a text that writes no other
# Python operator (no ** and no star between two factors), so x*(y + 1) and x*(√2 − 1)**2 stay products.
_STAR_BEFORE_BRACKET = re.compile(r"(?<![\w*])([A-Za-zα-ωΑ-Ω])\*(?=\()")


def _bracket_after(text: str, at: int) -> str | None:
    """The contents of the bracket opening at text[at], or None when it never closes."""
    depth = 0
    for k in range(at, len(text)):
        depth += {"(": 1, ")": -1}.get(text[k], 0)
        if depth == 0:
            return text[at + 1:k]
    return None


def _marks_its_name(text: str, m: re.Match) -> bool:
    """Whether the star of `m` (a one-letter name, a star, a bracket) marks the name rather than multiplies."""
    inside = _bracket_after(text, m.end())
    if inside is None:
        return False
    others = _MARKED_NAME.sub("", _STAR_BEFORE_BRACKET.sub("", text[:m.start()] + text[m.end():]))
    if _OPERATOR_RUN.search(others) or _PYTHON_TIMES.search(others):
        return False
    lone_atom = bool(inside) and all(c.isalnum() or c in "._" for c in inside)
    return lone_atom or any(not c.isascii() and c not in _GREEK_LETTERS for c in inside)


# A number times a power of ten written in an author's words (6·10⁻⁵, 3.3·10^10) is set as the report sets its own
# numbers, 6 × 10⁻⁵: one form for a power of ten on every page.
_TIMES_TEN = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*[·⋅*]\s*10(?=[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]|\^)")


def _marked_names(text: str) -> str:
    text = _STAR_BEFORE_BRACKET.sub(lambda m: m.group(1) + ("^{*}" if _marks_its_name(text, m) else "*"), text)
    return _MARKED_NAME.sub(lambda m: m.group(1) + "^{*" + m.group(2).translate(_SUPERSCRIPT_DIGITS) + "}", text)


def _plain_prose(text: str) -> list[Segment]:
    if not text:
        return []
    text = _PYTHON_TIMES.sub("·", _PYTHON_POWER.sub("^", _marked_names(text)))
    text = _TIMES_TEN.sub(r"\1 × 10", text)
    text = _GREEK_WORD.sub(_greek, text)
    text = _INFINITY.sub(lambda m: ("−" if m.group(1) else "") + "∞", text)
    text = _exp_to_power(text)
    return _scripts(text)


def plain(text: str) -> str:
    """The readable text of `text` without markup (for PDF bookmarks, SVG titles, dot labels)."""
    if isinstance(text, Said):      # a formula as the engine spelled it, a number rounded
        words: list[str] = []
        for p in text.parts:
            shown = short(p.digits, RUNNING_TEXT_DIGITS) if isinstance(p, Number) else str(p)
            if isinstance(p, Number) and shown != p.digits and shown[:1] in "<>" and words \
                    and words[-1].endswith(" = "):
                words[-1] = words[-1][:-2]      # "|d| < 10⁻⁵⁰", as said_segments says it
            words.append(shown)
        return "".join(words)
    out = []
    for kind, value in segments(text):
        if kind == "sup" and value.startswith("*") and (value == "*" or value[1:].isdigit()):
            out.append("*" + value[1:].translate(_TO_SUPERSCRIPT))       # c*², as the author wrote it
        elif kind == "sup":
            out.append("^" + value if len(value) > 1 else "^" + value)
        elif kind == "sub":
            out.append("_" + value)
        else:
            out.append(value)
    return "".join(out)
