"""Display math in a LaTeX (or Markdown) text, and the chains of relations it holds.

`find_blocks(text)` finds every display (`equation`, `align`, `aligned`, `eqnarray`, `gather`,
`multline`, starred or not, `$$…$$`, `\\[…\\]`) with its line, label and equation number, and the
prose between displays.  `chains(block)` splits one display into chains of relations: alignment
`&` and line breaks `\\\\` are ignored for the chain, a row that begins with a relation continues
the chain above it, a row with its own left side starts a new chain, and whatever follows `&&`,
`\\quad` or `\\qquad` on a row is an annotation (often the reason), not a side.  `\\hspace{…}` of a quad or more
separates as `\\qquad` does, one no wider than `\\;` is spacing, one in between is left for the reader to refuse.
"""
from __future__ import annotations

import re
from pathlib import Path
from dataclasses import dataclass, field

DISPLAY_ENVS = ("equation", "align", "eqnarray", "gather", "multline", "flalign", "alignat", "displaymath", "math",
                "dmath", "IEEEeqnarray", "empheq")
# Display environments whose first argument (after an optional one) is a layout, never mathematics:
# `\begin{alignat}{2}`, `\begin{IEEEeqnarray}{rCl}`, `\begin{empheq}[box=\fbox]{align}`.
_LAYOUT_ARGUMENT = re.compile(r"^\s*(?:\[[^\]]*\]\s*)?\{\s*([^{}]*)\}")
INNER_ENVS = ("aligned", "split", "gathered", "alignedat", "array", "cases")

# Relation tokens at the top level of a row, longest first; value: the relation's name.
RELATIONS = {
    r"\leqslant": "<=", r"\geqslant": ">=", r"\leq": "<=", r"\geq": ">=", r"\le": "<=", r"\ge": ">=",
    r"\lt": "<", r"\gt": ">", r"\approx": "approx", r"\propto": "propto", r"\sim": "sim",
    r"\simeq": "approx", r"\coloneqq": "def", r"\triangleq": "def", r"\doteq": "def", r"\equiv": "def",
    ":=": "def", "=": "=", "<": "<", ">": ">", ">=": ">=", "<=": "<=", "≤": "<=", "≥": ">=",
    # the same relations in other glyphs: amssymb's `\leqq` (≦), `\thickapprox`, and Unicode characters pasted in
    r"\leqq": "<=", r"\geqq": ">=", "≦": "<=", "≧": ">=", "⩽": "<=", "⩾": ">=", r"\thickapprox": "approx", "≈": "approx",
    # read as relations so that a chain holding them is refused by name (document.py), never split elsewhere
    r"\neq": "ne", r"\ne": "ne", "!=": "ne", "≠": "ne",
    r"\iff": "iff", r"\Leftrightarrow": "iff", r"\Longleftrightarrow": "iff", r"\Longrightarrow": "implies",
    r"\implies": "implies", r"\Rightarrow": "implies", r"\impliedby": "implies", r"\Leftarrow": "implies",
}
_TOKEN = re.compile(r"\\[a-zA-Z]+|\\.|:=|>=|<=|!=|[^\\]")
_ANNOTATION = (r"\quad", r"\qquad", r"\text", r"\mbox", r"\forall", r"\textrm", r"\hbox")
_TEXT_BOXES = (r"\text", r"\mbox", r"\textrm", r"\hbox")
# Words that open a side comment written in a text box: `x = 1 \text{ if } y > 0`, `\text{(by symmetry)}`.
_CONNECTIVES = {"for", "if", "iff", "where", "when", "whenever", "since", "by", "as", "and", "or", "with", "otherwise",
                "using", "because", "from", "on", "at", "which", "so", "hence", "thus", "provided", "assuming",
                "unless", "all", "each", "every", "some", "any", "i.e.", "e.g.", "else", "then", "is", "are", "in",
                "of", "to", "see", "note", "here", "via", "after", "before", "under", "therefore", "such", "we",
                "equivalently"}


def _text_box(toks: list[str], k: int) -> str | None:
    """The content of the brace group after the text box command at toks[k], else None."""
    j = k + 1
    while j < len(toks) and toks[j].isspace():
        j += 1
    if j >= len(toks) or toks[j] != "{":
        return None
    depth, out = 0, []
    for t in toks[j:]:
        depth += (t == "{") - (t == "}")
        if depth == 0:
            return "".join(out[1:])
        out.append(t)
    return None


def _is_side_comment(toks: list[str], k: int) -> bool:
    """Whether the token at toks[k] opens a side comment.  A text box opens one only when it reads as prose
    (a connective word, a parenthesis, punctuation): `|x| \\text{sgn}(x)` and `a^2 \\text{Var}(X)` keep the
    text box inside the side, where the reader reads it or refuses it by name, never cutting the side short."""
    if toks[k] not in _TEXT_BOXES:
        return True
    before = next((t for t in reversed(toks[:k]) if not t.isspace()), "")
    if before in ("_", "^"):
        return False        # `n_\textrm{in}`, `x^\text{out}`: a script set in a text font is part of a name
    content = _text_box(toks, k)
    if content is None:
        return False
    words = content.strip().split()
    if not words or not any(c.isalnum() for c in content):
        return True
    return content.strip()[0] in "([" or words[0].lower().strip(",;:") in _CONNECTIVES


@dataclass
class Block:
    env: str                 # "equation", "align", "$$", "\\[" …
    body: str
    line: int                # 1-based line of the opening
    label: str = ""          # the first \label{…}
    number: str = ""         # "2", "3–4", or "" when unnumbered
    prose_before: str = ""   # the text between the previous display and this one


@dataclass
class Chain:
    sides: list[str]                       # LaTeX of each side, in order
    relations: list[str]                   # one per step: "=", "<=", ">=", "<", ">", "approx", "propto", "sim", "def"
    relation_latex: list[str]
    lines: list[int]                       # the line of each side
    block: Block | None = None
    annotations: list[str] = field(default_factory=list)   # one per step: text after && or \quad on that row
    interval: bool = False                 # the claim lo ≤ value ≤ hi of `… \quad \in [lo, hi]` after a chain
    elided: tuple = ()                     # the steps across a side written as an ellipsis (`= \ldots =`), each
                                           # standing for two relations of the display

    @property
    def line(self) -> int:
        return self.lines[0] if self.lines else (self.block.line if self.block else 0)


def strip_comments(text: str) -> str:
    return _TEX_COMMENT.sub("", text)


# <script type="math/tex; mode=display">…</script>, as HTML written by kramdown and read by MathJax.
_SCRIPT_DISPLAY = r"""<script\s+type\s*=\s*["']math/tex;\s*mode\s*=\s*display["']\s*>"""


# Markdown code: a fenced block (``` or ~~~ to the same fence; its info string holds no backtick, and a ```math
# block is a display, read as `$$…$$` is), a code span (`…` or ``…``, on one line) or a Jekyll highlight block.  A `$$` in
# code (`echo $$`) is not mathematics, and counting it would pair every later `$$` with the wrong one.
_FENCED_CODE = re.compile(r"^[ \t]*(`{3,}|~{3,})(?P<info>[^`\n]*)\n.*?(?:^[ \t]*\1[ \t]*$|\Z)", re.S | re.M)
# GitHub's display mathematics: a fenced block whose info string is `math`, closed by its fence.
_MATH_FENCE = re.compile(r"(?P<open>^[ \t]*(`{3,}|~{3,})[ \t]*math[ \t]*\n)(?P<body>.*?)(?P<close>^[ \t]*\2[ \t]*)$",
                         re.S | re.M)
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)[^`\n]+?(?<!`)\1(?!`)")
_HIGHLIGHT = re.compile(r"\{%-?\s*(highlight|raw)\b.*?%\}.*?\{%-?\s*end\1\s*-?%\}", re.S)

# What a file's kind says about its markup.  Markdown (and text or HTML exported from it) has code to skip; kramdown
# (Jekyll's Markdown, most blogs) sets `$$…$$` inside a paragraph inline.  In TeX `$$` is a display wherever it
# stands, and pandoc (R Markdown, Quarto) sets it as a display too.
MARKDOWN = (".md", ".markdown", ".mkd", ".html", ".htm", ".txt", ".rmd", ".qmd", "")
KRAMDOWN = (".md", ".markdown", ".mkd", ".html", ".htm", ".txt", "")


def kind_of(path: str) -> str:
    suffix = Path(path).suffix.lower() if path else ""
    return suffix if suffix in MARKDOWN else "tex"


# What a TeX file never typesets as mathematics: verbatim text (\verb|…|, verbatim-like environments), text
# switched off (\iffalse…\fi, the comment environment) and comments (% to the end of the line, not \%).  An
# old wrong line kept in a comment is common in real sources, and is no claim of the author's.
_TEX_VERBATIM = re.compile(r"\\begin\{(verbatim|Verbatim|lstlisting|minted|comment)\*?\}.*?(?:\\end\{\1\*?\}|\Z)"
                           r"|\\verb\*?([^A-Za-z\s*]).*?(?:\2|$)|\\iffalse\b.*?(?:\\fi\b|\Z)", re.S | re.M)
_TEX_COMMENT = re.compile(r"(?<!\\)%.*")
# An HTML comment in Markdown (<!-- … -->): not shown to a reader.
_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)


# A Markdown footnote's text ("[^1]: Valid for $x \\ge 0$ only.", with its indented continuation lines) and a
# marker that points to it.
_FOOTNOTE_TEXT = re.compile(r"^ {0,3}\[\^([^\]\s]+)\]:[ \t]*(.*(?:\n(?: {4}|\t).*)*)", re.M)
_FOOTNOTE_MARK = re.compile(r"\[\^([^\]\s]+)\]")       # (its text is taken out first: what is left is a marker)


def inline_footnotes(text: str, kind: str = "") -> str:
    """A Markdown text with each footnote's words put where its marker stands, in parentheses, and the footnote
    itself blanked (same lines): "Valid for nonnegative $x$ only" in a footnote to a display is a condition of that
    display, read in its place as the reader reads it."""
    if kind not in MARKDOWN or "[^" not in text:
        return text
    notes: dict[str, str] = {}
    def take(m: re.Match) -> str:
        notes.setdefault(m.group(1), " ".join(m.group(2).split()))
        return "\n" * m.group(0).count("\n")
    text = _FOOTNOTE_TEXT.sub(take, text)
    return _FOOTNOTE_MARK.sub(lambda m: f"({notes[m.group(1)]})" if m.group(1) in notes else m.group(0), text)


def without_code(text: str, kind: str = "") -> str:
    """The text with what is never shown as mathematics blanked out (same length, same lines), so no display is
    found in it: Markdown code (fenced, indented, spans) and HTML comments; in TeX, verbatim text, switched-off
    text and comments."""
    def blank(m: re.Match) -> str:
        return re.sub(r"[^\n]", " ", m.group(0))
    if kind not in MARKDOWN:
        return _TEX_COMMENT.sub(blank, _TEX_VERBATIM.sub(blank, text))
    def fenced(m: re.Match) -> str:
        if not re.match(r"[ \t]*math\b", m.group("info")):
            return blank(m)
        math = _MATH_FENCE.match(m.group(0))
        if math is None:                    # a ```math block never closed: left as it stands, never code
            return m.group(0)
        # a ```math block is a display: its fences become `$$` (same length, same lines)
        return ("$$" + " " * (len(math.group("open")) - 3) + "\n" + math.group("body")
                + "$$" + " " * (len(math.group("close")) - 2) + m.group(0)[math.end():])
    text = _FENCED_CODE.sub(fenced, _HTML_COMMENT.sub(blank, text))
    if kind not in (".html", ".htm"):           # in HTML, indentation is layout
        text = _without_indented_code(text)
    return _CODE_SPAN.sub(blank, _HIGHLIGHT.sub(blank, text))


def unclosed_math_fence(text: str, kind: str = "") -> int:
    """The line of a ```math (or ~~~math) block that is never closed in a Markdown text, 0 when there is none: its
    rows are left as text, so the import names it instead of reading nothing without a word."""
    if kind not in MARKDOWN:
        return 0
    open_fence = None                               # (fence character, length, math?, line)
    for number, line in enumerate(text.split("\n"), start=1):
        m = re.match(r" {0,3}(`{3,}|~{3,})\s*(\S*)", line)
        if m is None:
            continue
        if open_fence is None:
            open_fence = (m.group(1)[0], len(m.group(1)), m.group(2).startswith("math"), number)
        elif m.group(1)[0] == open_fence[0] and len(m.group(1)) >= open_fence[1] and not line.strip(" `~"):
            open_fence = None
    return open_fence[3] if open_fence is not None and open_fence[2] else 0


# A list item's marker and the spaces after it: its content starts after them.
_LIST_ITEM = re.compile(r"( *)([-*+]|[0-9]{1,9}[.)])( {1,4}(?=\S)| *$)")


def _without_indented_code(text: str) -> str:
    """Markdown's indented code blanked out: after a blank line (or at the start), a line indented four columns
    (a tab is four) past the content of the list item it stands in, and the lines after it indented as much or
    blank.  In a list, a display indented under its item is the item's content, not code; a line indented after
    a line of text (no blank line between) continues that paragraph; the rows of an open `$$` display are
    mathematics."""
    out, items = [], []             # items: the content columns of the list items the text is in
    after_blank, in_code, open_display = True, False, False
    for line in text.split("\n"):
        expanded = line.expandtabs(4)
        indent = len(expanded) - len(expanded.lstrip(" "))
        blank = not expanded.strip()
        base = items[-1] if items else 0
        if in_code and (blank or indent >= base + 4):
            out.append(" " * len(line))
            continue
        in_code = False
        if not blank and after_blank and not open_display and indent >= base + 4:
            in_code = True
            out.append(" " * len(line))
            after_blank = False
            continue
        if not blank and not open_display:
            item = _LIST_ITEM.match(expanded)
            if after_blank or item:
                while items and indent < items[-1]:     # a less indented item or paragraph leaves the item
                    items.pop()
            if item:
                items.append(len(item.group(1)) + len(item.group(2)) + max(1, len(item.group(3))))
        if not blank:
            open_display ^= line.count("$$") % 2 == 1
        out.append(line)
        after_blank = blank
    return "\n".join(out)


# Beside a display, these are markup, not words of a sentence: a pandoc label ({#eq:name}), an attribute list
# ({: .class}), an HTML tag (<center>, <br>), \label{…}, \tag{…}.
_NOT_PROSE = re.compile(r"\{[#:.][^{}]*\}|</?[A-Za-z][^<>]*>|\\(?:label|tag|nonumber|notag)\b(?:\{[^{}]*\})?")


def _in_a_sentence(text: str, start: int, end: int) -> bool:
    """`$$…$$` with words of prose on its line before it or after it is part of a sentence ("When $$p_g = p_r$$,
    D becomes 1/2"): kramdown sets it inline, and what it states is a hypothesis of the sentence, not a claim.
    A display alone on its lines, or beside punctuation or markup only, is a display."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    outside = re.sub(r"\$\$.*?(\$\$|$)|\$[^$]*(\$|$)", " ", text[line_start:start] + " $$…$$ "
                     + (text[end:] if line_end < 0 else text[end:line_end]))
    return bool(re.search(r"[^\W\d_]{2,}", _NOT_PROSE.sub(" ", outside)))


def find_blocks(text: str, kind: str = "", inline: list | None = None,
                unclosed: list | None = None) -> list[Block]:
    """Every top-level display in reading order, each numbered as LaTeX would number it.  `kind` is the file's
    (kind_of(path)); each `$$…$$` read as part of a sentence is appended to `inline` as (its line, its body) when
    `inline` is given; each display opened and never closed (`\\[`, `\\begin{align}`) is appended to `unclosed` as
    (its line, its opening) when `unclosed` is given, and the displays after it are still read."""
    text = without_code(text, kind)
    blocks: list[Block] = []
    pos, counter, prose_start = 0, 0, 0
    begin = re.compile(r"\$\$|\\\[|\\begin\{(" + "|".join(DISPLAY_ENVS) + r")(\*?)\}|" + _SCRIPT_DISPLAY)
    while True:
        m = begin.search(text, pos)
        if not m:
            break
        if m.group(0).startswith("<"):          # MathJax's display script (kramdown, Jekyll): its body is TeX
            close = "</script>"
            end = text.find(close, m.end())
            env = "$$"
        elif m.group(0) == "$$":
            end = text.find("$$", m.end())
            env, close = "$$", "$$"
        elif m.group(0) == r"\[":
            close = r"\]"
            end = text.find(close, m.end())
            env = r"\["
        else:
            env = m.group(1) + m.group(2)
            close = r"\end{" + env + "}"
            end = text.find(close, m.end())
        if end < 0:
            if env == "$$":
                break               # the text's `$$` do not pair up: named by the import, nothing after is read
            if unclosed is not None:
                unclosed.append((text.count("\n", 0, m.start()) + 1, m.group(0)))
            pos = m.end()
            continue
        if env == "$$" and not m.group(0).startswith("<") and kind in KRAMDOWN \
                and _in_a_sentence(text, m.start(), end + len(close)):
            pos = end + len(close)          # inline mathematics of a sentence: prose, read as prose is
            if inline is not None:
                inline.append((text.count("\n", 0, m.start()) + 1, text[m.end():end]))
            continue
        body = text[m.end():end]
        layout = ""
        if env.startswith(("alignat", "IEEEeqnarray", "empheq")):
            # `{2}`, `{rCl}`, `[box=\fbox]{align}`: the columns or the inner environment, never a factor of the first side
            spec = _LAYOUT_ARGUMENT.match(body)
            if spec:
                layout, body = spec.group(1), " " * spec.end() + body[spec.end():]
        elif env.startswith("dmath"):
            # `\begin{dmath}[label=eq:loss]`: breqn's options, never a factor of the first side
            body = re.sub(r"^\s*\[[^\]]*\]", lambda o: " " * len(o.group(0)), body)
        line = text.count("\n", 0, m.start()) + 1
        label = re.search(r"\\label\{([^}]*)\}", body)
        block = Block(env, body, line, label.group(1) if label else "",
                      prose_before=text[prose_start:m.start()].strip())
        numbered = env in ("equation", "align", "eqnarray", "gather", "multline", "flalign", "alignat", "dmath",
                           "IEEEeqnarray") or env == "empheq" and not layout.endswith("*")
        if numbered:
            rows = _rows(body) if env not in ("equation", "multline", "dmath") else [body]
            count = sum(1 for r in rows if r.strip() and not re.search(r"\\(nonumber|notag|IEEEnonumber)\b", r))
            tag = re.search(r"\\tag\{([^}]*)\}", body)
            if tag:
                block.number = tag.group(1)
            elif count:
                first, counter = counter + 1, counter + count
                block.number = str(first) if count == 1 else f"{first}–{counter}"
        else:
            tag = re.search(r"\\tag\{([^}]*)\}", body)
            block.number = tag.group(1) if tag else ""
        blocks.append(block)
        pos = prose_start = end + len(close)
    return blocks


def last_paragraph(prose_before: str) -> str:
    """The paragraph right before a display (words after an earlier display only)."""
    paragraphs = [p for p in re.split(r"\n\s*\n", prose_before.split("$$")[-1]) if p.strip()]
    return paragraphs[-1] if paragraphs else ""


def trailing_prose(text: str, kind: str = "") -> str:
    """The text after the last display."""
    blocks = find_blocks(text, kind)
    if not blocks:
        return text.strip()
    last = blocks[-1]
    # the last display ends where its body ends plus its closing; search from the display's own line (the same
    # text may stand earlier, in a comment or in the prose)
    line_start = 0
    for _ in range(max(last.line - 1, 0)):
        line_start = text.find("\n", line_start) + 1
    found = text.find(last.body, line_start)
    start = (found if found >= 0 else text.find(last.body)) + len(last.body)
    rest = text[start:]
    rest = re.sub(r"^\s*(\$\$|\\\]|\\end\{[a-z*]+\})", "", rest)
    return rest.strip()


def _tokens(s: str) -> list[str]:
    return _TOKEN.findall(s)


def _rows(body: str) -> list[str]:
    """Split at top-level \\\\ (outside braces)."""
    rows, depth, cur = [], 0, []
    for t in _tokens(body):
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
        if t == "\\\\" and depth == 0:
            rows.append("".join(cur))
            cur = []
            continue
        cur.append(t)
    rows.append("".join(cur))
    return rows


def _clean(body: str) -> str:
    body = strip_comments(body)
    body = re.sub(r"\\(label|tag|eqref|ref)\{[^}]*\}", "", body)
    body = re.sub(r"\\(nonumber|notag|displaystyle|qedhere|IEEEnonumber|IEEEyesnumber|IEEEeqnarraynumspace)\b", "", body)
    body = re.sub(_HSPACE, _space, body)
    # `\\[4pt]`, `\\[1em]`: the spacing of a row break, never the start of the next row's text
    body = re.sub(r"\\\\\s*\[\s*-?[0-9]*\.?[0-9]*\s*(?:pt|mm|cm|em|ex|in|bp|pc|dd|sp|mu)\s*\]", r"\\\\", body)
    # `\stackrel{\text{def}}{=}`, `\overset{\Delta}{=}`, `\mathrel{:}=`: a definition, written as :=
    body = re.sub(r"\\(?:stackrel|overset)\s*\{\s*(?:\\(?:text|mathrm|textrm|rm|mathsf|scriptscriptstyle|scriptstyle)\s*)?"
                  r"\{?\s*(?:def|\\Delta|\\triangle|:|\\mathrm\{def\})\s*\}?\s*\}\s*\{\s*(?:=|\\equiv)\s*\}", " := ", body)
    body = re.sub(r"\\mathrel\{:\}\s*=|\\coloneq\b", " := ", body)
    # `\overset{\text{iid}}{\sim}`, `\stackrel{i.i.d.}{\sim}`, `\sim_{\text{iid}}`: "distributed as", each independently
    body = re.sub(r"\\(?:stackrel|overset|underset)\s*\{(?:[^{}]|\{[^{}]*\})*\}\s*\{\s*\\sim\s*\}"
                  r"|\\sim\s*_\s*\{\s*(?:\\(?:text|mathrm|textrm)\s*\{)?\s*i\.?\s*i\.?\s*d\.?\s*\}?\s*\}", r" \\sim ", body)
    # `\begin{aligned}[t]`, `\begin{alignedat}{2}`: the position or the column count, never a factor
    body = re.sub(r"\\(begin|end)\{(" + "|".join(INNER_ENVS + DISPLAY_ENVS) + r")\*?\}(\s*\[[tbc]\])?(\{[^}]*\})?", " ",
                  body)
    return body


# `\hspace{0.5in}`, `\hspace*{2em}`, `\hskip 1em`: a horizontal space of a written length.
_HSPACE = re.compile(r"\\hspace\s*\*?\s*\{\s*([0-9]*\.?[0-9]+)\s*(pt|mm|cm|em|ex|in|bp|pc|dd|mu)\s*\}"
                     r"|\\hskip\s*([0-9]*\.?[0-9]+)\s*(pt|mm|cm|em|ex|in|bp|pc|dd|mu)\b")
# The length of one unit in em at 10 pt (a \quad is 1 em, a thick space \; 5/18 em).
_EM = {"em": 1.0, "ex": 0.43, "pt": 0.1, "bp": 0.1, "dd": 0.107, "mm": 0.285, "cm": 2.85, "in": 7.23, "pc": 1.2,
       "mu": 1 / 18}


def _space(m: re.Match) -> str:
    """A space of a quad or more separates the parts of a row as `\\qquad` does; one no wider than a thick space
    `\\;` is spacing inside a formula; one in between is left for the reader, which refuses it by name."""
    length = float(m.group(1) or m.group(3)) * _EM[m.group(2) or m.group(4)]
    if length >= 1:
        return r" \qquad "
    if length <= 5 / 18:
        return r" \; "
    return m.group(0)


def _split_row(row: str) -> tuple[list[tuple[str, str]], str]:
    """A row as [(text before relation, relation token)…, (last text, "")] and its annotation."""
    toks = _tokens(row)
    parts, cur, depth, annotation = [], [], 0, ""
    k = 0
    while k < len(toks):
        t = toks[k]
        # `\{ … \}` (an indicator's condition, `\mathbb{1}\{x \le y\}`) holds its relation inside, as parentheses do
        if t in "{([" or t in (r"\{", r"\lbrace"):
            depth += 1
        elif t in "})]" or t in (r"\}", r"\rbrace"):
            depth = max(0, depth - 1)
        if depth == 0 and t == "&" and k + 1 < len(toks) and toks[k + 1] == "&":
            annotation = "".join(toks[k + 2:]).strip()
            break
        if depth == 0 and t in _ANNOTATION and "".join(cur).strip() and parts and _is_side_comment(toks, k):
            annotation = "".join(toks[k:]).strip()
            break
        if depth == 0 and t == "&":
            k += 1
            continue
        if depth == 0 and t in RELATIONS:
            # "\left<" / "\right>" are delimiters, not relations
            prev = next((p for p in reversed(cur) if p.strip()), "")
            if prev not in (r"\left", r"\right", r"\bigl", r"\bigr"):
                parts.append(("".join(cur), t))
                cur = []
                k += 1
                continue
        cur.append(t)
        k += 1
    parts.append(("".join(cur), ""))
    return parts, annotation


def _tidy(side: str) -> str:
    side = side.strip()
    side = re.sub(r"(\\[,;:! ]|~)+$", "", side).strip()
    side = re.sub(r"[,.;]+$", "", side).strip()
    side = re.sub(r"^(\\[,;:! ]|~)+", "", side).strip()
    return side


def chains(block: Block) -> list[Chain]:
    """The chains of relations in one display, in order (a display without a relation yields none)."""
    body = _clean(block.body)
    out: list[Chain] = []
    line = block.line
    offset = 0
    current: Chain | None = None
    pending: tuple[str, int] | None = None          # a row of text with no relation, not yet a side
    for row in _rows(body):
        row_line = line + body.count("\n", 0, offset + len(row) - len(row.lstrip()))
        offset += len(row) + 2
        parts, annotation = _split_row(row)
        first_text = _tidy(parts[0][0])
        if len(parts) == 1:               # no relation on this row
            # `\\ &\quad + 3ab^2 + b^3`, `\\ &\hspace{2em} + …`, `\\ &\phantom{=} + …`: the right side above goes on
            lead = re.sub(r"^(?:\s|\\q?quad\b|\\[,;:! ]|~|\{\s*\}|\\phantom\s*\{[^{}]*\})+", "", first_text)
            if first_text and current is not None and not pending and (
                    _continues(current.sides[-1]) or re.match(r"(\+|-|\\cdot|\\times|\\pm|\\mp)", lead)):
                current.sides[-1] = (current.sides[-1] + " " + lead).strip()
            elif first_text:              # a left side on its own row: `&(a+b)^2 \\ &= a^2 + …`
                pending = (pending[0] + " " + first_text, pending[1]) if pending else (first_text, row_line)
            continue
        if pending:
            current = Chain([(pending[0] + " " + first_text).strip()], [], [], [pending[1]], block)
            out.append(current)
            first_text = ""
        pending = None
        if first_text and (current is None or not _continues(current.sides[-1])):
            current = Chain([first_text], [], [], [row_line], block)
            out.append(current)
        elif first_text and current is not None:
            current.sides[-1] = (current.sides[-1] + " " + first_text).strip()
        if current is None:
            continue
        for (text, rel), (nxt, _) in zip(parts, parts[1:]):
            current.relations.append(RELATIONS[rel])
            current.relation_latex.append(rel)
            current.sides.append(_tidy(nxt))
            current.lines.append(row_line)
            current.annotations.append("")
        if annotation and current.annotations:
            current.annotations[-1] = annotation
    return [c for c in out if c.relations and all(s for s in c.sides)]


def column_pairs(block: Block) -> bool:
    """A row holding two equations side by side (`x^2 - 1 &= (x-1)(x+1) & x^3 - 1 &= …`, align's column pairs):
    a relation after the second `&` of a row (not `&&`, which opens a comment; not eqnarray's `&=&`)."""
    if block.env.startswith("eqnarray"):
        return False
    for row in _rows(_clean(block.body)):
        cells, depth, cur, toks = [], 0, [], _tokens(row)
        for k, t in enumerate(toks):
            if t in "{([":
                depth += 1
            elif t in "})]":
                depth = max(0, depth - 1)
            if depth == 0 and t == "&":
                if k + 1 < len(toks) and toks[k + 1] == "&" or cur and cur[-1] == "&&":
                    break
                cells.append("".join(cur))
                cur = []
                continue
            cur.append(t)
        else:
            cells.append("".join(cur))
        if len(cells) >= 3 and any(t in RELATIONS for c in cells[2:] for t in _tokens(c)) \
                and any(t in RELATIONS for t in _tokens(cells[1])):
            return True
    return False


def clean_body(body: str) -> str:
    """A display's body as the chains are read from it (labels, spacing and environments gone, definitions as :=)."""
    return _clean(body)


def _continues(side: str) -> bool:
    """True if a side ends in a binary operator, so the next row's text belongs to it."""
    return bool(re.search(r"(\+|-|\\cdot|\\times|\\pm)\s*$", side)) or not side.strip()


def document_chains(text: str) -> list[Chain]:
    return [c for b in find_blocks(text) for c in chains(b)]
