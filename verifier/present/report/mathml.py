"""LaTeX maths -> MathML for the HTML report, from the same strings the PDF uses.

The original LaTeX rides along in an <annotation>, so copying from the page or
reading it with assistive tools still gives the source.  Anything the converter
cannot handle is shown as code, clearly marked, rather than as a page of
half-rendered markup.
"""
from __future__ import annotations

import functools
import html
import re

# A command the converter did not know survives as literal text such as <mi>\foo</mi>.
_LEAKED_COMMAND = re.compile(r">[^<]*\\[A-Za-z]")
_MATH_OPEN = re.compile(r"<math\b[^>]*>")


@functools.lru_cache(maxsize=4096)
def to_mathml(latex: str, display: bool = True) -> str:
    """Markup for one formula; an empty string for an empty formula."""
    latex = (latex or "").strip()
    if not latex:
        return ""
    from latex2mathml.converter import convert  # imported late: only the HTML writer needs it

    try:
        converted = convert(latex, display="block" if display else "inline")
    except Exception:  # the converter raises assorted internal errors on input it does not parse
        converted = None
    if converted is None or _LEAKED_COMMAND.search(converted):
        return unrendered(latex)
    opening = _MATH_OPEN.match(converted)
    if opening is None or not converted.endswith("</math>"):
        return unrendered(latex)
    inner = converted[opening.end():-len("</math>")]
    annotation = f'<annotation encoding="application/x-tex">{html.escape(latex, quote=False)}</annotation>'
    return f"{opening.group(0)}<semantics><mrow>{inner}</mrow>{annotation}</semantics></math>"


def unrendered(latex: str) -> str:
    return (f'<code class="tex-source" title="this formula could not be converted to MathML">'
            f"{html.escape(latex, quote=False)}</code>")
