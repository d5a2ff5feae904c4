"""The HTML report: one self-contained, offline file with MathML maths and inline SVG plots."""
from __future__ import annotations

import contextvars
import functools
from pathlib import Path
from typing import Iterator

from ...verdicts import Said
from .blueprint import tooltip
from .escape import as_text
from .mathml import to_mathml
from .prose import instrument_words, machine_runs, reader_words, segments
from .sources import parse as parse_source
from .view import ReportView


def _text_html(text: str) -> str:
    import html as _html

    # No common font has U+2AEB (⫫); two overlapping ⊥ are what it looks like.
    return _html.escape(text, quote=False).replace(
        "⫫", '<span class="indep" role="img" aria-label="independent of">⊥⊥</span>')


# The derivations of the page being rendered, by the names the engine and authors cite them with: a name in the
# text ("fact mean_field_jensen") is a link to its result's number, as in the PDF, never a program's name.
_NAMES: contextvars.ContextVar[dict] = contextvars.ContextVar("html_names", default={})


def _named(value: str) -> str | None:
    hits = _NAMES.get().get(value)
    if not hits or len(hits) != 1:
        return None
    number, anchor = hits[0]
    return f'<a href="#{anchor}">result {number}</a>'


def prose_html(text: object, exact: bool = False) -> str:
    """Text with its inline mathematics set: <sup>/<sub>, MathML for SymPy's printing, <code> for names.
    `exact` keeps every digit (the full record behind a click); otherwise at most twelve."""
    import html as _html

    out = []
    from .latex import joined_names
    for kind, value in joined_names(segments(text if isinstance(text, Said) else as_text(text), exact), _NAMES.get()):
        if kind == "text":
            out.append(_text_html(value))
        elif kind in ("sup", "sub"):
            out.append(f"<{kind}>{prose_html(value, exact)}</{kind}>")
        elif kind == "code" and _named(value):
            for noun in ("fact ", "derivation "):      # "fact mean_field_jensen" reads "result 59"
                if out and out[-1].endswith(noun):
                    out[-1] = out[-1][:-len(noun)]
            out.append(_named(value))
        elif kind == "code":
            out.append(f"<code>{_html.escape(value, quote=False)}</code>")
        else:
            # A formula in prose cannot wrap; wider than the line, it scrolls in its own box, never the page.
            out.append('<span class="im">' + to_mathml(value, False) + "</span>")
    return "".join(out)



def machine_html(text: object) -> str:
    """The checker's own words in a derivation's machine record: its formulas set by the report's printer (∞,
    not oo; a sum as a sum, not Sum(…)), its numbers with every digit, the instruments it names said as the
    mathematics they compute (sympy.limit: the symbolic limit), and a strategy that raised (Name, " failed: ",
    Name) said as what it could not decide, its name and the error kept in a data attribute for tools.
    Plain text the engine wrote as text stays as it is.  The parts are read as values, never parsed."""
    import html as _html

    if not isinstance(text, Said):
        return _html.escape(reader_words(text), quote=False)
    out = []
    for run in machine_runs(text):
        if isinstance(run, tuple):
            words, hover = run
            # the program's own words (strategy, error class) stay in the page for tools, not in a reader's view
            out.append(f'<span class="failed" data-program="{_html.escape(hover)}">{_html.escape(words, quote=False)}</span>')
        else:
            out.append(prose_html(instrument_words(run), exact=True))
    return "".join(out)


def defined_in(qualified: str) -> str:
    """file.py::function as a reader says where a derivation is written: "function in file.py", each as code."""
    import html as _html

    file, mark, function = qualified.partition("::")
    if not mark:
        return f"<code>{_html.escape(qualified)}</code>"
    return f"<code>{_html.escape(function)}</code> in <code>{_html.escape(file)}</code>"


TEMPLATES = Path(__file__).with_name("templates")


@functools.lru_cache(maxsize=1)
def _environment():
    import jinja2  # imported late to keep `import verifier` light
    from markupsafe import Markup

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["math"] = lambda latex: Markup(to_mathml(latex, True))
    env.filters["imath"] = lambda latex: Markup(to_mathml(latex, False))
    env.filters["markup"] = Markup  # for SVG the plot and graph renderers produced
    # The running text says the instruments as mathematics ("symbolic limit"); the checker's own notes, one
    # click away, keep its words ("sympy.limit").
    env.filters["prose"] = lambda text: Markup(prose_html(reader_words(text)))
    env.filters["notes"] = lambda text: Markup(prose_html(text))
    # A certificate's every digit, as the engine wrote it, with the instruments it names said as mathematics
    # ("replayed with SymPy evalf" reads "replayed by a second evaluation"): str.replace, no pattern.
    env.filters["instruments"] = lambda text: str(reader_words(as_text(text)))
    # Where in its text a step is, as a reader cites it ("eq. (3)"); the file and line stay in the title.
    env.filters["place"] = lambda source: parse_source(str(source or "")).location.partition(", line ")[0].strip()
    env.filters["written"] = as_written
    env.filters["exact"] = lambda text: Markup(prose_html(text, exact=True))   # every digit, behind a click
    env.filters["machine"] = lambda text: Markup(machine_html(text))         # the checker's words, set
    # A derivation as a reader finds it: its function in its file (the program's file::function in a data attribute)
    env.filters["defined"] = lambda qualified: Markup(defined_in(str(qualified)))
    # Hover text and labels, plain text: scripts in Unicode's forms where they exist (σₜ², not σ_t²).
    env.filters["plain"] = lambda text: tooltip(text if isinstance(text, Said) else as_text(text))
    return env


def render_html(view: ReportView) -> Iterator[str]:
    """The page in chunks, so that it streams to disk instead of being built whole in memory."""
    from .latex import derivation_names
    names = {key: hits for key, hits in derivation_names(view).items() if not key.endswith(".py")}

    def chunks() -> Iterator[str]:
        token = _NAMES.set(names)
        try:
            yield from _environment().get_template("report.html.j2").generate(r=view)
        finally:
            _NAMES.reset(token)
    return chunks()


def as_written(source: object) -> str:
    """The author's own LaTeX of an imported step, as its source ends it ("…, line 20: `= \\log…`"), or ""."""
    head, mark, tail = str(source or "").rstrip().rpartition(": `")
    return tail[:-1] if mark and tail.endswith("`") and "`" not in tail[:-1] else ""
