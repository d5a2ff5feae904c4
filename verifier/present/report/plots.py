"""Draw Plot records with matplotlib: SVG to inline in the HTML, PDF to include in LaTeX.

matplotlib is imported here, on first use, because it costs most of a second
and only runs that have plots need it.  Figures are built with the
object-oriented API (no pyplot), so no global backend or figure registry is
touched and nothing leaks between calls.
"""
from __future__ import annotations

import io
import math
import re
import warnings

from ...verdicts import Plot

# Okabe–Ito: distinguishable with common colour-vision deficiencies; markers keep series apart in greyscale.
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]

_RC = {
    "svg.hashsalt": "verifier-report",   # fixed salt: identical input draws identical SVG ids
    "svg.fonttype": "path",              # glyphs as paths: the SVG needs no font on the reader's machine
    "pdf.fonttype": 3,                   # matplotlib's own embedding; Type 42 subsets fonts with fontTools, 10x slower
    # The PDF sets a plot at 0.42 of the line (about 2.7 in): drawn at 3.4 in, its 8.5 pt text prints at 6.7 pt.
    "font.size": 8.5,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "axes.titlesize": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "grid.linewidth": 0.6,
    "legend.frameon": False,
    "figure.dpi": 100,
}


def _plain(text: str) -> str:
    # Labels are plain text: a "$" must print as a dollar, not start mathtext.
    return str(text or "").replace("\\", "\\\\").replace("$", r"\$")


def _usable(x, y, logx: bool, logy: bool):
    pairs = []
    for a, b in zip(x, y):
        try:
            a, b = float(a), float(b)
        except (TypeError, ValueError):
            continue
        if not (math.isfinite(a) and math.isfinite(b)) or (logx and a <= 0) or (logy and b <= 0):
            continue
        pairs.append((a, b))
    return [a for a, _ in pairs], [b for _, b in pairs]


FIGURE_INCHES = (3.4, 2.2)
_SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def tick_label(value: float) -> str:
    """A log axis's tick: a power of ten as 10⁻⁴ (1 and 10 as themselves), anything else to three digits with a
    minus sign, written out (3000, not 3e+03) up to 10⁶ and as m × 10ᵏ beyond."""
    if not (value > 0 and math.isfinite(value)):
        return ""
    exponent = round(math.log10(value))
    if abs(value - 10.0 ** exponent) <= 1e-9 * value:
        if exponent in (0, 1):
            return str(10 ** exponent)
        return "10" + str(exponent).translate(_SUPERSCRIPTS)
    mantissa, _, power = f"{value:.3g}".partition("e")
    if power and not -4 <= int(power) < 6:     # a program's 3e+07 reads 3 × 10⁷
        return mantissa + " × 10" + str(int(power)).translate(_SUPERSCRIPTS)
    # within reach of a few digits a number is written out (3000, 0.0005), never in exponent form (3e+03)
    import numpy
    return numpy.format_float_positional(value, precision=3, unique=False, fractional=False, trim="-").replace("-", "−")


def major_subs(low: float, high: float) -> tuple[float, ...]:
    """Where a log axis from low to high puts its labelled ticks within each decade: every decade alone when
    it spans several; over two decades or less also 2 and 5 (20, 50, 100, 200, 500), over three and a half
    also 3 (30, 100, 300), so that a short axis still has a few labels, spaced apart."""
    if not (low > 0 and high > low and math.isfinite(high)):
        return (1.0,)
    span = math.log10(high / low)
    return (1.0, 2.0, 5.0) if span <= 2 else (1.0, 3.0) if span <= 3.5 else (1.0,)


def _log_ticks(axis, limits) -> None:
    """A log axis's labels only at its major ticks (major_subs), each as tick_label writes it; its minor ticks
    stay unlabelled: matplotlib labels them on a short axis by default, and those labels (2 × 10¹, 3 × 10¹, …)
    overprint one another."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    axis.set_major_locator(LogLocator(base=10, subs=major_subs(*sorted(limits))))
    axis.set_major_formatter(FuncFormatter(lambda value, _: tick_label(value)))
    axis.set_minor_formatter(NullFormatter())


def _figure(plot: Plot):
    from matplotlib.figure import Figure

    fig = Figure(figsize=FIGURE_INCHES, layout="constrained")
    ax = fig.add_subplot()
    drawn = 0
    for k, (name, (x, y)) in enumerate(plot.series.items()):
        x, y = _usable(x, y, plot.logx, plot.logy)
        if not x:
            continue
        ax.plot(x, y, color=COLOURS[k % len(COLOURS)], marker=MARKERS[k % len(MARKERS)], markersize=4,
                linewidth=1.5, label=_plain(name))
        drawn += 1
    # A decade's tick reads 10⁻⁵ as mathematics writes it, in Unicode superscripts: the default 10^{-5} goes
    # through mathtext, the slowest part of a plot, and "1e-05" is a program's spelling.
    if plot.logx and drawn:
        ax.set_xscale("log")
        _log_ticks(ax.xaxis, ax.get_xlim())
    if plot.logy and drawn:
        ax.set_yscale("log")
        _log_ticks(ax.yaxis, ax.get_ylim())
    if not drawn:
        ax.text(0.5, 0.5, "no plottable data", ha="center", va="center", transform=ax.transAxes, color="#59636e")
    ax.set_xlabel(_plain(plot.xlabel))
    ax.set_ylabel(_plain(plot.ylabel))
    if drawn > 1 or (drawn == 1 and any(str(n).strip() for n in plot.series)):
        ax.legend(fontsize=7.5)
    return fig


def _scope_svg_ids(svg: str, prefix: str) -> str:
    """Prefix every id so that several SVGs inlined in one page never share one."""
    ids = set(re.findall(r'\bid="([^"]+)"', svg))
    if not ids:
        return svg
    pattern = re.compile(r'(\bid="|#)(' + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
                         + r')(?=["\)])')
    return pattern.sub(lambda m: f"{m.group(1)}{prefix}{m.group(2)}", svg)


def _inline_svg(svg: str, prefix: str, title: str) -> str:
    svg = svg[svg.index("<svg"):]               # drop the XML declaration and DOCTYPE
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)
    svg = _scope_svg_ids(svg, prefix)
    label = title.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    return svg.replace("<svg ", f'<svg role="img" aria-label="{label}" class="plot" ', 1)


def render(plot: Plot, key: str, *, svg: bool = True, pdf: bool = True) -> tuple[str, bytes]:
    """(inline SVG markup, PDF bytes) for one plot; either may be skipped."""
    from matplotlib import rc_context

    with rc_context(_RC), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fig = _figure(plot)
        # Solve the layout once, independently of the output formats, then freeze it: the PDF
        # figure must not depend on whether an SVG was drawn first (reproducible builds), and
        # each savefig would otherwise solve it again.
        fig.draw_without_rendering()
        fig.set_layout_engine("none")
        svg_text, pdf_bytes = "", b""
        if svg:
            buf = io.StringIO()
            fig.savefig(buf, format="svg", metadata={"Date": None})
            svg_text = _inline_svg(buf.getvalue(), f"{key}-", plot.title or "plot")
        if pdf:
            out = io.BytesIO()
            fig.savefig(out, format="pdf", metadata={"CreationDate": None, "ModDate": None})
            pdf_bytes = out.getvalue()
    return svg_text, pdf_bytes
