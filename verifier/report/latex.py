"""The LaTeX report: one .tex file (and its figures) that pdflatex turns into the PDF.

Every value printed by the template is escaped unless it is already marked
TexSafe, so forgetting a filter costs at worst a visible backslash, never a
broken build.  Maths strings come from sympy.latex and pass through unchanged,
after a sanity check that they cannot derail the rest of the document.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

from .escape import TexSafe, tex_escape, tex_lines, tex_pdfstring
from .view import ReportView, TableView

TEMPLATES = Path(__file__).with_name("templates")
FIGURES = "figures"

# Tables whose natural width (in characters, small type) is below this keep compact l/r columns.
_NATURAL_WIDTH = 80
_NARROW = 12


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


def colspec(table: TableView, width: str = r"\availw") -> TexSafe:
    """Column types for a data table: compact when it fits, wrapping p-columns when it does not.

    In a wide table, short columns (labels, small numbers) keep their natural
    width and the long ones share what is left, in proportion to their length.
    """
    if not table.widths:
        return TexSafe("l")
    natural = sum(table.widths) + 2 * len(table.widths)
    if natural <= _NATURAL_WIDTH:
        return TexSafe("@{}" + "".join("r" if n else "l" for n in table.numeric) + "@{}")
    narrow = [w <= _NARROW for w in table.widths]
    if all(narrow):
        narrow = [False] * len(narrow)
    # Roughly what the narrow columns take: 0.5em per character in small type, plus their padding.
    taken = sum(w * 0.5 for w, n in zip(table.widths, narrow) if n)
    pads = 2 * sum(narrow)
    weights = {k: min(w, 40) for k, w in enumerate(table.widths) if not narrow[k]}
    total = sum(weights.values())
    cols = []
    for k, numeric in enumerate(table.numeric):
        if narrow[k]:
            cols.append("r" if numeric else "l")
            continue
        f = weights[k] / total
        align = r"\raggedleft" if numeric else r"\raggedright"
        cols.append(rf">{{{align}\arraybackslash}}p{{\dimexpr {f:.3f}{width}-{f * taken:.2f}em"
                    rf"-{f * pads:.3f}\tabcolsep-2\tabcolsep\relax}}")
    return TexSafe("@{}" + "".join(cols) + "@{}")


def _finalize(value):
    if isinstance(value, TexSafe):
        return value
    if value is None:
        return ""
    return tex_escape(value)


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
        brk=lambda text: tex_escape(text, breakable=True),
        lines=tex_lines,
        pdfstr=tex_pdfstring,
        colspec=colspec,
        tex=TexSafe,
    )
    return env


def render_latex(view: ReportView) -> str:
    return _environment().get_template("derivations.tex.j2").render(r=view, figures=FIGURES)
