"""Turn arbitrary user text into LaTeX that pdflatex typesets instead of choking on.

Reasons, titles and notes are written by people, in Unicode, and freely use
TeX's special characters (50 % of n, s_max, λ ≈ 1).  Every such string reaches
the .tex file through `tex_escape`, so one stray `&` or `λ` cannot break the
PDF.  Unicode maths is mapped to LaTeX commands rather than left to inputenc,
because pdflatex knows no Greek or maths characters in text, and
newunicodechar is not part of the TeX Live subset the project relies on.
"""
from __future__ import annotations

import re
import unicodedata


def as_text(text) -> str:
    """A value as the text a filter prints: None is nothing, anything else its str (a zero, seed 0, is "0")."""
    return "" if text is None else str(text)


class TexSafe(str):
    """A string that is already valid LaTeX and must not be escaped again."""


_ASCII = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "%": r"\%",
    "_": r"\_",
    "^": r"\textasciicircum{}",
    "~": r"\textasciitilde{}",
    # T1 turns << and >> into guillemets and `! into ¡; the named glyphs cannot ligate.
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "`": r"\textasciigrave{}",
    "|": r"\textbar{}",
    "\t": " ",
    "\r": " ",
    "\n": " ",
}

_GREEK = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "varepsilon", "ϵ": "epsilon",
    "ζ": "zeta", "η": "eta", "θ": "theta", "ϑ": "vartheta", "ι": "iota", "κ": "kappa",
    "λ": "lambda", "μ": "mu", "µ": "mu", "ν": "nu", "ξ": "xi", "π": "pi", "ϖ": "varpi",
    "ρ": "rho", "ϱ": "varrho", "σ": "sigma", "ς": "varsigma", "τ": "tau", "υ": "upsilon",
    "φ": "varphi", "ϕ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega",
    "Γ": "Gamma", "Δ": "Delta", "∆": "Delta", "Θ": "Theta", "Λ": "Lambda", "Ξ": "Xi", "Π": "Pi",
    "Σ": "Sigma", "Υ": "Upsilon", "Φ": "Phi", "Ψ": "Psi", "Ω": "Omega",
}

# Maths-mode replacements, wrapped in \ensuremath so they work in running text.
_MATH = {
    **{k: "\\" + v for k, v in _GREEK.items()},
    "≈": r"\approx", "≤": r"\le", "≥": r"\ge", "≠": r"\ne", "−": "-", "∓": r"\mp", "±": r"\pm",
    "×": r"\times", "÷": r"\div", "·": r"\cdot", "⋅": r"\cdot", "∗": r"\ast", "∘": r"\circ",
    "√": r"\surd", "∛": r"\sqrt[3]{}", "→": r"\to", "←": r"\leftarrow", "↔": r"\leftrightarrow",
    "⇒": r"\Rightarrow", "⇐": r"\Leftarrow", "⇔": r"\Leftrightarrow", "↦": r"\mapsto",
    "↑": r"\uparrow", "↓": r"\downarrow", "⟶": r"\longrightarrow",
    "∝": r"\propto", "∞": r"\infty", "∑": r"\sum", "∏": r"\prod", "∫": r"\int", "∂": r"\partial",
    "∇": r"\nabla", "∈": r"\in", "∉": r"\notin", "∋": r"\ni", "⊂": r"\subset", "⊆": r"\subseteq",
    "⊃": r"\supset", "⊇": r"\supseteq", "∪": r"\cup", "∩": r"\cap", "∀": r"\forall", "∃": r"\exists",
    "∄": r"\nexists", "∅": r"\emptyset", "≡": r"\equiv", "∼": r"\sim", "≃": r"\simeq", "≅": r"\cong",
    "≪": r"\ll", "≫": r"\gg", "≺": r"\prec", "≻": r"\succ", "≼": r"\preceq", "≽": r"\succeq",
    "‖": r"\|", "∥": r"\parallel", "∣": r"\mid", "⟨": r"\langle", "⟩": r"\rangle",
    "⌊": r"\lfloor", "⌋": r"\rfloor", "⌈": r"\lceil", "⌉": r"\rceil", "′": r"{}^{\prime}",
    "″": r"{}^{\prime\prime}", "⊤": r"\top", "⊥": r"\bot", "∧": r"\wedge", "∨": r"\vee", "¬": r"\neg",
    "⊕": r"\oplus", "⊗": r"\otimes", "⊙": r"\odot", "ℓ": r"\ell", "ℏ": r"\hbar", "≔": r"\mathrel{:}=",
    "ℝ": r"\mathbb{R}", "ℕ": r"\mathbb{N}", "ℤ": r"\mathbb{Z}", "ℚ": r"\mathbb{Q}", "ℂ": r"\mathbb{C}",
    "𝔼": r"\mathbb{E}", "ℙ": r"\mathbb{P}", "⋯": r"\cdots", "⋮": r"\vdots", "⋱": r"\ddots",
    "∎": r"\blacksquare", "□": r"\square", "✓": r"\checkmark", "✔": r"\checkmark", "✗": r"\times",
    "✘": r"\times", "∖": r"\setminus", "≲": r"\lesssim", "≳": r"\gtrsim",
    # Independence: no font of the project's TeX subset has U+2AEB, so it is built from two ⊥.
    "⫫": r"\perp\!\!\!\perp",
}

_SUPERSCRIPTS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᵀ",
                        "0123456789+-=()abcdefghijklmnoprstuvwxyzT"))
_SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼ", "0123456789+-=()aeoxhklmnpstij"))

_TEXT = {
    "…": r"\ldots{}", "–": "--", "—": "---", "‘": "`", "’": "'", "“": "``", "”": "''",
    "„": ",,", "•": r"\textbullet{}", "\u00a0": "~", "\u2009": r"\,", "\u202f": r"\,",
    "\u2002": r"\enspace{}", "\u2003": r"\quad{}", "\u200b": r"\hspace{0pt}", "\u2060": "",
    "\ufeff": "", "‰": r"\textperthousand{}", "€": r"\texteuro{}", "†": r"\textdagger{}",
    "‡": r"\textdaggerdbl{}", "§": r"\S{}", "¶": r"\P{}", "©": r"\textcopyright{}",
    "®": r"\textregistered{}", "™": r"\texttrademark{}", "°": r"\textdegree{}", "¹": r"\textonesuperior{}",
}

# Combining marks become maths accents on the preceding character, e.g. s̄ -> \bar{s}.
_ACCENTS = {
    "\u0304": r"\bar", "\u0305": r"\bar", "\u0302": r"\hat", "\u0303": r"\tilde", "\u0307": r"\dot",
    "\u0308": r"\ddot", "\u0301": r"\acute", "\u0300": r"\grave", "\u030c": r"\check",
    "\u0306": r"\breve", "\u20d7": r"\vec", "\u0332": r"\underline",
}

# Latin-1 and Latin Extended-A are typeset by utf8 inputenc + T1, except these.
_T1_UNSUPPORTED = {0x126, 0x127, 0x138, 0x13F, 0x140, 0x149, 0x166, 0x167, 0x17F}


def _passes_through(ch: str) -> bool:
    code = ord(ch)
    return (0x20 <= code < 0x7F) or (0xA1 <= code <= 0x17F and code not in _T1_UNSUPPORTED)


_SCRIPT_RUN = re.compile(f"[{''.join(_SUPERSCRIPTS)}]+|[{''.join(_SUBSCRIPTS)}]+")


def _script(run: str) -> str:
    if run[0] in _SUPERSCRIPTS:
        return "{}^{" + "".join(_SUPERSCRIPTS[c] for c in run) + "}"
    return "{}_{" + "".join(_SUBSCRIPTS[c] for c in run) + "}"


def _pieces(text: str) -> list[tuple[str, str | None]]:
    """(latex, maths body or None) per visible character, in order."""
    out: list[tuple[str, str | None]] = []
    text = unicodedata.normalize("NFC", str(text))
    k = 0
    while k < len(text):
        run = _SCRIPT_RUN.match(text, k)
        if run:
            # A run of script characters (x¹⁸, a₁₀) becomes a single script.
            body = _script(run.group(0))
            out.append((rf"\ensuremath{{{body}}}", body))
            k = run.end()
            continue
        ch = text[k]
        k += 1
        if ch in _ACCENTS:
            if out:
                prev_tex, prev_math = out.pop()
                base = prev_math if prev_math is not None else prev_tex
                body = f"{_ACCENTS[ch]}{{{base}}}"
                out.append((rf"\ensuremath{{{body}}}", body))
            continue
        if ch in _ASCII:
            out.append((_ASCII[ch], None))
        elif ch == "'" and (k == 1 or text[k - 2] in " \t\n([{") and k < len(text) and not text[k].isspace() \
                and text[k] not in ",.;:)'":
            # a quote opening a word ('according to …') is an opening quote, never TeX's closing ’
            out.append(("`", None))
        elif ch in ("-", ",", "'") and out and out[-1][0] == ch:
            # break the -- / ,, / '' ligatures that TeX would otherwise form
            out.append(("{}" + ch, None))
        elif ch in _MATH:
            out.append((rf"\ensuremath{{{_MATH[ch]}}}", _MATH[ch]))
        elif ch in _TEXT:
            out.append((_TEXT[ch], None))
        elif _passes_through(ch):
            out.append((ch, None))
        elif unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp"):
            out.append((" ", None))
        elif unicodedata.category(ch) == "Zs":
            out.append(("~", None))
        else:
            # Visible and honest beats a failed PDF build.
            out.append((rf"{{\ttfamily[U+{ord(ch):04X}]}}", None))
    return out


LONG_RUN = 14   # characters; longer unspaced runs get a break point every 8


# a run may break after these; a long whole number set in groups of three (7 610 000 000 002, narrow spaces)
# breaks between its groups, never inside one
_AFTER = ("/", ",", ";", ":", ")", "]", "-", "=", r"\,")


def _break_points(word: list[str]) -> list[str]:
    """The characters of one long unspaced run, with a break point after each joining punctuation mark and,
    in a stretch between them still longer than LONG_RUN, one every 8 characters."""
    out, stretch = [], []

    def flush():
        if len(stretch) > LONG_RUN:
            out.extend(t + (r"\allowbreak{}" if k % 8 == 7 else "") for k, t in enumerate(stretch))
        else:
            out.extend(stretch)
        stretch.clear()
    for k, tex in enumerate(word):
        stretch.append(tex)
        if tex.startswith(_AFTER) and 0 < k < len(word) - 1:
            flush()
            out[-1] += r"\allowbreak{}"
    flush()
    return out


def tex_escape(text: object, breakable: bool = False) -> TexSafe:
    """LaTeX for `text` typeset literally.

    breakable=True lets TeX break long unspaced runs (60-digit numbers,
    abbreviated vectors) anywhere, so they wrap inside table cells.
    """
    if text is None:
        return TexSafe("")
    if isinstance(text, TexSafe):
        return text
    pieces = _pieces(str(text))
    if not breakable:
        return TexSafe("".join(tex for tex, _ in pieces))
    out, word = [], []
    for tex, _ in pieces + [(" ", None)]:
        if tex != " ":
            word.append(tex)
            continue
        # Only runs too long to fit a narrow column get break points; ordinary words stay whole.  A run of
        # words joined by punctuation ("cancel/together") breaks after the punctuation, never inside a word;
        # only a stretch that is still too long (a 60-digit number) breaks every 8 characters.
        if len(word) > LONG_RUN:
            word = _break_points(word)
        out.extend(word)
        out.append(tex)
        word = []
    return TexSafe("".join(out[:-1]))


def tex_lines(text: object) -> TexSafe:
    """Multi-line text (error messages) with its line breaks kept."""
    lines = as_text(text).strip("\n").splitlines()
    kept = []
    for line in lines:
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        # \mbox{} first: TeX drops spaces at the start of a line, and indentation matters in tracebacks.
        kept.append((r"\mbox{}" + "~" * indent if indent else "") + tex_escape(body, breakable=True))
    # \relax stops \\ from reading a following "[" or "*" as its argument.
    return TexSafe("\\\\\\relax\n".join(kept))


_PDF_SAFE = re.compile(r"[A-Za-z0-9 .,:;!?()+=/*'<>\-\[\]]")
_PDF_ESCAPES = {"_": r"\_", "&": r"\&", "%": r"\%", "#": r"\#", "$": r"\$"}
_PDF_WORDS = {**_GREEK, "≈": "approx", "≤": "<=", "≥": ">=", "≠": "!=", "−": "-", "…": "...", "→": "->",
              "∝": "propto", "√": "sqrt", "–": "-", "—": "-", "’": "'", "‘": "'", "“": "'", "”": "'",
              "∑": "sum", "∞": "inf", "⫫": "indep.", "×": "x", "·": "."}


def tex_pdfstring(text: object) -> TexSafe:
    """A plain-ASCII stand-in for PDF bookmarks and metadata, where LaTeX markup is not allowed."""
    out = []
    for ch in unicodedata.normalize("NFKD", as_text(text)):
        if unicodedata.combining(ch):
            continue
        if ch in _PDF_ESCAPES:
            out.append(_PDF_ESCAPES[ch])
        elif _PDF_SAFE.match(ch):
            out.append(ch)
        elif ch in _PDF_WORDS:
            out.append(_PDF_WORDS[ch])
        else:
            out.append(" ")
    # Never typeset, only read by hyperref, so < and > can stay as they are.
    return TexSafe(re.sub(r"\s+", " ", "".join(out)).strip())
