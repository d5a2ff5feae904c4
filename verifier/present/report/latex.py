"""The LaTeX report: one .tex file (and its figures) that pdflatex turns into the PDF.

Every value printed by the template is escaped unless it is already marked
TexSafe, so forgetting a filter costs at worst a visible backslash, never a
broken build.  Maths strings come from sympy.latex and pass through unchanged,
after a sanity check that they cannot derail the rest of the document.
"""
from __future__ import annotations

import contextvars
import functools
import re
from pathlib import Path, PurePosixPath

from .escape import LONG_RUN, TexSafe, as_text, tex_escape, tex_lines, tex_pdfstring
from ...verdicts import Number, Said
from .numbers import for_people, short
from .prose import RUNNING_TEXT_DIGITS, machine_runs, plain, reader_words, segments
from .sources import parse as parse_source
from .view import ReportView, TableView

TEMPLATES = Path(__file__).with_name("templates")
FIGURES = "figures"

# Tables whose natural width (in characters, small type) is below this keep compact l/r columns.
_NATURAL_WIDTH = 96
_NARROW = 12
# Geometry of the template, in em of the footnotesize type tables use: A4 with 1.6 cm side margins
# is 17.8 cm = 505 pt, 63 em of 8 pt; kept a little below, since the estimate per character is rough.
# Steps are indented by \stepindent (2.6 em of 9 pt, about 3 em of 8 pt).
TEXT_WIDTH_EM = 58.0
STEP_WIDTH_EM = 55.0
# A derivation's heading asks for this many lines of room under it (its status line and the first lines of its
# commentary or chain), or it starts the next page: a heading, its status and a line or two never end a page
# with the rest of the derivation on the next.  Ten lines cost the whole project's report two pages.
HEADING_LINES = 10
_EM_PER_CHAR = 0.55      # generous: digits are 0.5 em, capitals wider
_PAD_EM = 1.2            # 2 \tabcolsep


def _balanced(latex: str) -> bool:
    depth = 0
    for token in re.finditer(r"\\.|[{}]", latex):
        text = token.group(0)
        if text == "{":
            depth += 1
        elif text == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def math(latex: str) -> TexSafe:
    """The maths body for $\\displaystyle …$, or its source as text if it could break the document.

    An unescaped % would comment out the rest of the line, a # is a parameter
    error, and unbalanced braces or \\left/\\right pairs derail everything after
    the formula; such a string is shown verbatim instead.
    """
    latex = (latex or "").strip()
    stripped = re.sub(r"\\\\|\\[%#{}]", "", latex)
    envs_ok = re.findall(r"\\begin\{([^}]*)\}", latex) == re.findall(r"\\end\{([^}]*)\}", latex)
    lefts = len(re.findall(r"\\left(?![a-zA-Z])", latex))
    rights = len(re.findall(r"\\right(?![a-zA-Z])", latex))
    if "%" in stripped or "#" in stripped or not _balanced(latex) or not envs_ok or lefts != rights:
        return TexSafe(r"\text{\ttfamily " + tex_escape(latex, breakable=True) + "}")
    return TexSafe(latex)


_LEFT_RIGHT = re.compile(r"\\(left|right)\s*(\\[a-zA-Z]+|\\[{}|]|[^a-zA-Z\s])")


def breakable_math(latex: str) -> TexSafe:
    """The same formula with \\left/\\right turned into fixed-size \\bigl/\\bigr.

    TeX never breaks a line inside a \\left…\\right group; a formula several
    lines long is only readable if it can break, so the wrapping fallback
    trades auto-sized delimiters for break points.
    """
    safe = math(latex)
    if safe.startswith(r"\text{"):
        return safe

    def fixed(m: re.Match) -> str:
        side, delim = m.group(1), m.group(2)
        if delim == ".":
            return ""
        return (r"\bigl" if side == "left" else r"\bigr") + delim

    return TexSafe(slashed_fractions(_LEFT_RIGHT.sub(fixed, safe)))


def _group(latex: str, start: int) -> int:
    """Index just past the brace group opening at latex[start] ("{"), or -1."""
    depth = 0
    k = start
    while k < len(latex):
        ch = latex[k]
        if ch == "\\":
            k += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    return -1


SLASH_AT = 60   # characters of LaTeX in a fraction's numerator and denominator together


def slashed_fractions(latex: str) -> str:
    """Long \\frac{A}{B} become (A)/(B): a stacked fraction cannot break across lines, a slashed one can.

    This is what keeps a long formula at its size: it wraps instead of being shrunk below 8 pt.
    """
    out, k = [], 0
    while True:
        at = latex.find(r"\frac{", k)
        if at < 0:
            out.append(latex[k:])
            return "".join(out)
        num_end = _group(latex, at + 5)
        den_end = _group(latex, num_end) if num_end > 0 and latex[num_end:num_end + 1] == "{" else -1
        if den_end < 0:
            out.append(latex[k:at + 5])
            k = at + 5
            continue
        num, den = latex[at + 6:num_end - 1], latex[num_end + 1:den_end - 1]
        out.append(latex[k:at])
        if len(num) + len(den) > SLASH_AT:
            num, den = slashed_fractions(num), slashed_fractions(den)
            out.append(rf"\bigl({num}\bigr)/\bigl({den}\bigr)")
        else:
            out.append(latex[at:den_end])
        k = den_end


# The derivations of the report being rendered, by the names an author or the engine cites them with
# (its function's name, file::name): a name in the text is a link to the derivation's number, never code.
_NAMES: contextvars.ContextVar[dict[str, tuple[int, str]]] = contextvars.ContextVar("names", default={})



def derivation_names(view: ReportView) -> dict[str, tuple[int, str]]:
    """Each derivation's number and anchor under every name that names it alone (a name two files share is
    left as it is: a wrong link is worse than none)."""
    found: dict[str, set[tuple[int, str]]] = {}
    for d in view.derivations:
        stem = PurePosixPath(d.file).stem if d.file else ""
        for key in (d.name, d.qualified, f"{stem}.{d.name}" if stem else ""):
            if key:
                found.setdefault(key, set()).add((d.number, d.anchor))
        if stem:        # a file by its name ("laplace_scale.py"): its derivations
            found.setdefault(f"{stem}.py", set()).add((d.number, d.anchor))
    return {key: tuple(sorted(v)) for key, v in found.items() if len(v) == 1 or key.endswith(".py")}


def _named(value: str) -> str | None:
    """A derivation's name in the text as a link to its number ("result 73"), a file's name as its
    derivations' numbers ("results 3, 4, 20"), or None when it names none."""
    hits = _NAMES.get().get(value)
    if not hits:
        return None
    if len(hits) == 1:
        return rf"\hyperlink{{{hits[0][1]}}}{{result~{hits[0][0]}}}"
    shown = ", ".join(rf"\hyperlink{{{anchor}}}{{{number}}}" for number, anchor in hits[:4])
    return "results~" + shown + (r", \ldots{}" if len(hits) > 4 else "")


def joined_names(pieces, names: dict | None = None) -> list[tuple[str, str]]:
    """A name in the text joined to what follows it when together they name a derivation or a file:
    `softmax_gradient` then ".softmax_jacobian", or `laplace_scale` then ".py" (`names`: the report's names,
    by default this rendering's)."""
    names = _NAMES.get() if names is None else names
    out: list[tuple[str, str]] = []
    for kind, value in pieces:
        if out and out[-1][0] == "code" and kind == "text" and value.startswith("."):
            tail = value[1:]
            word = tail[:len(tail) - len(tail.lstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"))]
            if word and names.get(f"{out[-1][1]}.{word}"):
                out[-1] = ("code", f"{out[-1][1]}.{word}")
                value = tail[len(word):]
                if not value:
                    continue
        out.append((kind, value))
    return out


def prose(text: object, breakable: bool = True, exact: bool = False) -> TexSafe:
    """Text with its inline mathematics set (see prose.py); everything else escaped.  `exact` keeps every digit
    of the engine's numbers (the machine record), each still read as a reader writes it."""
    if isinstance(text, TexSafe):
        return text
    text = reader_words(text)        # the engine's words: their parts, the instruments in them said as mathematics
    out = []
    for kind, value in joined_names(segments(text, exact)):
        if kind == "text":
            out.append(tex_escape(value, breakable=breakable))
        elif kind == "sup":
            out.append(r"\textsuperscript{" + prose(value, False) + "}")
        elif kind == "sub":
            out.append(r"\textsubscript{" + prose(value, False) + "}")
        elif kind == "code" and _named(value):
            for noun in ("fact ", "derivation "):      # "fact mean_field_jensen": "result 59", not "fact result 59"
                if out and out[-1].endswith(noun):
                    out[-1] = out[-1][:-len(noun)]
            out.append(_named(value))
        elif kind == "code":
            # A long identifier may break after an underscore (never inside a word, never with a hyphen).
            out.append(r"\texttt{" + tex_escape(value).replace(r"\_", r"\_\allowbreak{}") + "}")
        else:
            out.append("$" + breakable_math(value) + "$")
    return TexSafe("".join(out))


def machine(text: object) -> TexSafe:
    """The checker's words in the machine record, as the HTML's machine record sets them: formulas by the
    report's printer (∞, not oo; the symbolic limit, not sympy.limit), every digit of its numbers with a minus
    sign and powers of ten, and a strategy that raised said as what it could not decide (its name and error
    stay in the JSON).  Text (a ball already written out, "lhs − rhs ∈ −0.2481… ± 9.47 × 10⁻⁵²") is set as prose
    with every digit."""
    if not isinstance(text, Said):
        return prose(as_text(text), exact=True)
    out = []
    for run in machine_runs(text):
        out.append(tex_escape(run[0], breakable=True) if isinstance(run, tuple) else prose(run, exact=True))
    return TexSafe("".join(out))


SHORT_CELL = 16   # characters: a cell this short ("2.356 ± 0.002") is kept on one line


def cell(text: object) -> TexSafe:
    """A table cell: short ones never wrap (a number and its error bar belong together)."""
    text = as_text(text)
    if 0 < len(text) <= SHORT_CELL:
        return TexSafe(r"\mbox{" + prose(text, breakable=False) + "}")
    return prose(text)


def derivation_name(text: object) -> TexSafe:
    """A derivation's (qualified) name as a reader finds it, its function and then its file (the program's
    file::function is in the JSON): it may break after "_" or before the file, never inside a word."""
    file, mark, function = str(text).partition("::")
    escaped = tex_escape(f"{function} ({file})" if mark else text)
    return TexSafe(escaped.replace(r"\_", r"\_\allowbreak{}").replace(" (", r" \allowbreak{}("))


def keeps_cells_whole(table: TableView, width_em: float = STEP_WIDTH_EM) -> bool:
    """Whether the table still fits its width when no short cell wraps."""
    if not table.widths:
        return True
    columns = [[table.columns[k]] + [row[k] for row in table.rows] for k in range(len(table.widths))]
    need = sum(_longest_unbreakable(col[1:], col[0]) * _EM_PER_CHAR + _PAD_EM for col in columns)
    return need <= width_em


def _longest_unbreakable(cells: list[str], header: str = "", whole: bool = True) -> int:
    """Characters in the longest piece of a column that TeX cannot break (see tex_escape's breakable).

    With `whole`, short cells count as one piece (they are set in an \\mbox, see `cell`)."""
    longest = 0
    for token in header.split():
        longest = max(longest, len(token) if len(token) <= LONG_RUN else 8)
    for cell in cells:
        if whole and len(cell) <= SHORT_CELL:
            longest = max(longest, len(cell))
            continue
        for token in cell.split():
            longest = max(longest, len(token) if len(token) <= LONG_RUN else 8)
    return longest


def colspec(table: TableView, width_em: float = STEP_WIDTH_EM) -> TexSafe:
    """Column types for a data table: compact when it fits, wrapping p-columns when it does not.

    In a wide table, short columns (labels, small numbers) keep their natural
    width; the long ones get at least their longest unbreakable word and share
    the rest in proportion to their length.  Widths are in em of the table's
    small type, estimated at _EM_PER_CHAR per character.
    """
    if not table.widths:
        return TexSafe("l")
    natural = sum(table.widths) + 2 * len(table.widths)
    if natural <= _NATURAL_WIDTH:
        return TexSafe("@{}" + "".join("r" if n else "l" for n in table.numeric) + "@{}")
    n = len(table.widths)
    narrow = [w <= _NARROW for w in table.widths]
    if all(narrow):
        narrow = [False] * n
    columns = [[table.columns[k]] + [row[k] for row in table.rows] for k in range(n)]
    room = width_em - _PAD_EM * n - sum(w * _EM_PER_CHAR for w, small in zip(table.widths, narrow) if small)
    wide = [k for k in range(n) if not narrow[k]]
    whole = keeps_cells_whole(table, width_em)
    least = {k: _longest_unbreakable(columns[k][1:], columns[k][0] if whole else "", whole) * _EM_PER_CHAR
             for k in wide}
    weight = {k: min(table.widths[k], 40) for k in wide}
    spare = max(0.0, room - sum(least.values()))
    cols = []
    for k in range(n):
        if narrow[k]:
            cols.append("r" if table.numeric[k] else "l")
            continue
        em = least[k] + spare * weight[k] / sum(weight.values())
        align = r"\raggedleft" if table.numeric[k] else r"\raggedright"
        cols.append(rf">{{{align}\arraybackslash}}p{{{em:.2f}em}}")
    return TexSafe("@{}" + "".join(cols) + "@{}")


LONG_ROWS = 12         # a data table with more rows is set a size smaller (scriptsize)
SPLIT_ROWS = 10        # a table this long ...
SPLIT_CHARS = 48       # ... and at most this wide (characters) is set in two halves side by side


def side_by_side(table: TableView) -> TableView:
    """A long, narrow table as two halves next to each other: half the height, nothing dropped."""
    natural = sum(table.widths) + 2 * len(table.widths)
    if len(table.rows) < SPLIT_ROWS or natural > SPLIT_CHARS or not table.columns:
        return table
    half = (len(table.rows) + 1) // 2
    left, right = table.rows[:half], table.rows[half:]
    blank = [""] * len(table.columns)
    rows = [a + ["\u2003"] + (right[k] if k < len(right) else blank) for k, a in enumerate(left)]
    return TableView(table.caption, table.columns + [""] + table.columns, rows,
                     table.numeric + [False] + table.numeric, table.widths + [1] + table.widths)


# A plot beside its experiment's last table: the plot takes this share of the line, the table the rest.
SIDE_PLOT = 0.38
SIDE_CHARS = 62        # a table at most this wide (characters, as `colspec` counts them) ...
SIDE_ROWS = 24         # ... and this long fits beside a plot (it cannot break across pages there)
SIDE_WIDTH_EM = TEXT_WIDTH_EM * (1 - SIDE_PLOT) - 2.0


def beside(experiment) -> bool:
    """Whether the experiment's first plot is set beside its last table: a paper's figure next to its table
    instead of a third of a page below it with white space either side.  Nothing is dropped or shrunk."""
    if not experiment.plots or not experiment.tables:
        return False
    table = experiment.tables[-1]
    natural = sum(table.widths) + 2 * len(table.widths)
    return bool(table.widths) and natural <= SIDE_CHARS and len(table.rows) <= SIDE_ROWS


# The judge's message for a numeric step (judge/combine.py): the numeric badge says it (see the legend).
NUMBERS_ONLY = "checked numerically, not proved"
CITE_CHARS = 120       # a cited fact's statement longer than this is not repeated where it is cited


def cited_statement(check) -> str | None:
    """What the running text repeats of a cited fact: None for its whole statement, else only what its
    verdict makes of it ("(numeric evidence only, not proved)", or ""), when the statement is long and the
    fact's own section, a link away, states it."""
    detail = check.detail or ""
    if not (check.cites and check.cites_anchor) or len(detail) <= CITE_CHARS:
        return None
    return {"numeric": "(numeric evidence only, not proved)",
            "cases": "(checked only at concrete sizes)"}.get(check.kind, "")


_RUN = re.compile(r"(?<![^\s:,])([^,;:\s][^,;:]*?)((?:, \1(?=,|;|$| \(|\s*$)){2,})")


def repeats_counted(text: str) -> str:
    """A list in a check's detail with the same value three or more times in a row, as the running text
    prints its numbers (for_people), says it once with the count: "2.25e-127, 1.86e-130, 3.56e-138" prints
    "< 10⁻⁵⁰, < 10⁻⁵⁰, < 10⁻⁵⁰" and reads "< 10⁻⁵⁰ (3 times)".  Every value is still in the HTML."""
    def counted(m: re.Match) -> str:
        return f"{m.group(1)} ({m.group(2).count(', ' + m.group(1)) + 1} times)"
    if isinstance(text, Said):      # the engine's words: its Numbers counted as the reader sees them
        return _numbers_counted(text)
    return _RUN.sub(counted, for_people(text or "", RUNNING_TEXT_DIGITS))


def _numbers_counted(said: Said) -> Said:
    """Three or more Numbers in a row, separated by ", " and the same to six digits, said once with the count."""
    parts, out, k = said.parts, [], 0
    while k < len(parts):
        part = parts[k]
        if isinstance(part, Number):
            shown, j = short(part.digits, RUNNING_TEXT_DIGITS), k
            while (j + 2 < len(parts) and parts[j + 1] == ", " and isinstance(parts[j + 2], Number)
                   and short(parts[j + 2].digits, RUNNING_TEXT_DIGITS) == shown):
                j += 2
            times = (j - k) // 2 + 1
            if times >= 3:
                out += [part, f" ({times} times)"]
                k = j + 1
                continue
        out.append(part)
        k += 1
    return Said(*out)


def _finalize(value):
    if isinstance(value, TexSafe):
        return value
    if value is None:
        return ""
    # Breakable everywhere: a 30-digit number in a narrow cell must wrap, not overflow; inline
    # mathematics in the text (SymPy's printing, e^{…}, σ_t) is set as mathematics.
    return prose(value)


@functools.lru_cache(maxsize=1)
def _environment():
    import jinja2  # imported late to keep `import verifier` light

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        # Delimiters that cannot be confused with TeX's braces, % comments or # parameters.
        block_start_string="<%", block_end_string="%>",
        variable_start_string="<<", variable_end_string=">>",
        comment_start_string="<#", comment_end_string="#>",
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        autoescape=False, finalize=_finalize, undefined=jinja2.StrictUndefined,
    )
    env.filters.update(
        math=math,
        bmath=breakable_math,
        brk=lambda text: tex_escape(text, breakable=True),
        lines=tex_lines,
        pdfstr=lambda text: tex_pdfstring(plain(text if isinstance(text, Said) else as_text(text))),
        prose=prose,
        machine=machine,
        lit=lambda text: tex_escape(text, breakable=True),
        word=lambda text: tex_escape(text),
        name=derivation_name,
        colspec=colspec,
        halves=side_by_side,
        cell=cell,
        whole=keeps_cells_whole,
        beside=beside,
        cited=cited_statement,
        counted=repeats_counted,
        tex=TexSafe,
        refusal=refusal,
        place=place,
    )
    return env


def refusal(text: object) -> TexSafe:
    """Why a display is not imported: the construct in backticks is TeX source and is set as code, verbatim
    (`\\mathbb` alone is no formula); the words around it are prose; a project path in parentheses is the
    machine's reference (the HTML has it) and is left out."""
    text = as_text(text)
    start = text.find(" (derivations/")
    if start >= 0 and text.find(")", start) > 0:
        text = text[:start] + text[text.find(")", start) + 1:]
    pieces = text.split("`")
    if len(pieces) % 2 == 0:            # an unpaired backtick: no code span
        return prose(text)
    return TexSafe("".join(r"\texttt{" + tex_escape(piece, breakable=True) + "}" if k % 2 else prose(piece)
                           for k, piece in enumerate(pieces) if piece))


def place(source: object) -> str:
    """Where in its text a step is, as a reader cites it ("eq. (3)"): the section names the text, and the
    file's name and line number are the machine's reference (in the HTML and the machine record)."""
    location = parse_source(str(source or "")).location
    return location.partition(", line ")[0].strip()


def render_latex(view: ReportView) -> str:
    # The report's derivation names link within this rendering only: text set afterwards names no report's results.
    token = _NAMES.set(derivation_names(view))
    try:
        return _environment().get_template("derivations.tex.j2").render(
            title_of={d.anchor: d.title for d in view.derivations},
            r=view, figures=FIGURES, text_width_em=TEXT_WIDTH_EM, step_width_em=STEP_WIDTH_EM, heading_lines=HEADING_LINES,
            side_plot=f"{SIDE_PLOT:.2f}", side_width_em=SIDE_WIDTH_EM, long_rows=LONG_ROWS,
            numbers_only=NUMBERS_ONLY)
    finally:
        _NAMES.reset(token)
