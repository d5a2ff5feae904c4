"""The HTML report: one self-contained, offline file with MathML maths and inline SVG plots."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Iterator

from .mathml import to_mathml
from .view import ReportView

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
    env.filters["markup"] = Markup  # for SVG the plot renderer produced
    return env


def render_html(view: ReportView) -> Iterator[str]:
    """The page in chunks, so that it streams to disk instead of being built whole in memory."""
    return _environment().get_template("report.html.j2").generate(r=view)
