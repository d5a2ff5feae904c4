"""The dependency graph: which claims rest on which derivations, and which derivations cite which facts.

Laid out by Graphviz (`dot`), never by hand: the HTML gets dot's SVG with a
link on every node, the PDF gets dot's PDF with a transparent hyperlink laid
over every node at the coordinates dot reports (-Tplain), so both are
clickable.  Without Graphviz the report still builds and says in one line how
to get the graph.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

DOT_HINT = ("install Graphviz to get the dependency graph (Debian/Ubuntu: apt-get install graphviz; "
            "macOS: brew install graphviz; Fedora: dnf install graphviz)")
TIMEOUT_SECONDS = 60
PAD_IN = 0.1

# Fill, text colour per kind; the same hues as the badges.
COLOURS = {
    "proved": ("#1A7F37", "white"), "cases": ("#B35900", "white"), "numeric": ("#0969DA", "white"),
    "restated": ("#8C959F", "white"), "refuted": ("#CF222E", "white"), "expected": ("#6F42C1", "white"),
    "unknown": ("#D4A72C", "#3D2A00"), "error": ("#82071E", "white"),
    "hold": ("#1A7F37", "white"), "qualified": ("#5E8C1A", "white"), "supported": ("#1B7C83", "white"), "unchecked": ("#D8DEE4", "#1F2328"), "unsettled": ("#9A6700", "white"),
}


@dataclass
class Node:
    id: str
    label: str
    kind: str
    href: str                   # anchor in the report, without '#'
    tooltip: str = ""
    claim: bool = False         # claims are boxes, derivations rounded boxes
    external: bool = False      # a fact from another seed's group, drawn dashed
    # The hover text as the text writes it (its scripts δ_{ab}, n^{−1/2}), for the HTML to set as mathematics;
    # `tooltip` is its plain-text form, dot's and the PDF's.
    tip: str = ""


@dataclass
class Edge:
    source: str                 # what is relied on
    target: str                 # what relies on it
    kind: str = "addresses"     # "addresses" (derivation → claim) or "cites" (fact → derivation)


@dataclass
class Box:
    href: str
    x: float                    # lower-left corner and size, in bp of the unscaled figure
    y: float
    w: float
    h: float


@dataclass
class Figure:
    svg: str = ""
    pdf: bytes = b""
    width: float = 0.0          # bp
    height: float = 0.0
    boxes: list[Box] = field(default_factory=list)


def available() -> bool:
    return shutil.which("dot") is not None


def _quote(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


# A script with no Unicode form (δ_ab: there is no subscript b) is held in a label between these marks, and
# dot sets it as a subscript or superscript of an HTML-like label.
SUB_OPEN, SUB_CLOSE, SUP_OPEN, SUP_CLOSE = "\x0e", "\x0f", "\x10", "\x11"
# A script is set smaller than its line, as in print: dot's <SUB> alone keeps the line's size in its PDF, where
# "Σ_b δ_{ab}²" then read as "Σb δab ²".
SCRIPT_POINTS = 7
_SCRIPT_TAGS = {SUB_OPEN: f'<SUB><FONT POINT-SIZE="{SCRIPT_POINTS}">', SUB_CLOSE: "</FONT></SUB>",
                SUP_OPEN: f'<SUP><FONT POINT-SIZE="{SCRIPT_POINTS}">', SUP_CLOSE: "</FONT></SUP>"}


def label_text(text: str) -> str:
    """A label as plain text (a tooltip): a marked script as _x, _(ab), ^(…)."""
    out, k = [], 0
    text = str(text)
    while k < len(text):
        ch = text[k]
        if ch in (SUB_OPEN, SUP_OPEN):
            close = SUB_CLOSE if ch == SUB_OPEN else SUP_CLOSE
            end = text.find(close, k)
            end = len(text) if end < 0 else end
            inner = label_text(text[k + 1:end])
            out.append(("_" if ch == SUB_OPEN else "^") + (inner if len(inner) == 1 else f"({inner})"))
            k = end + 1
        else:
            out.append(ch)
            k += 1
    return "".join(out)


def _label(text: str) -> str:
    """A node label: its lines (separated by newlines) as dot's centred line breaks; a label with a marked
    script as an HTML-like label, the script as <SUB>/<SUP>."""
    text = str(text)
    if not any(mark in text for mark in _SCRIPT_TAGS):
        return '"' + "\\n".join(_quote(line)[1:-1] for line in text.split("\n")) + '"'
    import html
    lines = []
    for line in text.split("\n"):
        escaped = html.escape(line, quote=False)
        for mark, tag in _SCRIPT_TAGS.items():
            escaped = escaped.replace(mark, tag)
        lines.append(escaped)
    return "<" + "<BR/>".join(lines) + ">"


def _short_name(node: Node) -> str:
    """How an arrow's hover text names a box: "result 25", "claim 002-scaled" (its hover text up to the colon)."""
    head, colon, _ = (node.tooltip or "").partition(": ")
    return head if colon and head.startswith(("result ", "claim ")) else ""


def _edge_words(edge: Edge, named: dict[str, str]) -> str:
    """An arrow's hover text as a sentence: "result 25 addresses claim 002-scaled", "result 165 cites result 83";
    the relation alone where a box has no short name."""
    source, target = named.get(edge.source, ""), named.get(edge.target, "")
    if not (source and target):
        return edge.kind
    return f"{target} cites {source}" if edge.kind == "cites" else f"{source} {edge.kind} {target}"


def dot_source(nodes: list[Node], edges: list[Edge]) -> str:
    lines = ["digraph dependencies {",
             f'  graph [rankdir=LR, pad="{PAD_IN}", nodesep=0.1, ranksep=0.3, bgcolor="transparent", '
             'fontname="Helvetica"];',
             '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10, height=0.26, '
             'margin="0.07,0.03", penwidth=0];',
             '  edge [color="#8C959F", arrowsize=0.6, penwidth=0.8];']
    for n in nodes:
        fill, ink = COLOURS.get(n.kind, COLOURS["unknown"])
        style = '"filled"' if n.claim else '"rounded,filled"'
        extra = ', penwidth=1.2, color="#1F2328", style="rounded,filled,dashed"' if n.external else ""
        lines.append(f"  {_quote(n.id)} [label={_label(n.label)}, fillcolor={_quote(fill)}, "
                     f"fontcolor={_quote(ink)}, style={style}, href={_quote('#' + n.href)}, "
                     f"tooltip={_quote(n.tooltip or label_text(n.label))}{extra}];")
    named = {n.id: _short_name(n) for n in nodes}
    for e in edges:
        style = ', style="dashed"' if e.kind == "cites" else ""
        lines.append(f"  {_quote(e.source)} -> {_quote(e.target)} [tooltip={_quote(_edge_words(e, named))}{style}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _unflatten(source: str) -> str:
    """Stagger leaves over three columns, so that forty derivations of one claim do not form one tall column."""
    if shutil.which("unflatten") is None:
        return source
    done = subprocess.run(["unflatten", "-l", "3", "-f"], input=source, capture_output=True, text=True,
                          timeout=TIMEOUT_SECONDS)
    return done.stdout if done.returncode == 0 and done.stdout.strip() else source


def render(nodes: list[Node], edges: list[Edge], *, svg: bool = True, pdf: bool = True,
           epoch: int = 0, stagger: bool = True) -> Figure:
    """SVG (for the HTML) and PDF plus node boxes (for the LaTeX) of one graph; raises OSError without dot.
    `stagger` spreads leaves over columns (see _unflatten); a page's few nodes read best in dot's own ranks."""
    if not available():
        raise OSError(DOT_HINT)
    source = _unflatten(dot_source(nodes, edges)) if stagger else dot_source(nodes, edges)
    figure = Figure()
    with tempfile.TemporaryDirectory(prefix="verifier-graph-") as tmp:
        folder = Path(tmp)
        cmd = ["dot", "-Tplain", "-o", str(folder / "g.plain")]
        if svg:
            cmd += ["-Tsvg", "-o", str(folder / "g.svg")]
        if pdf:
            cmd += ["-Tpdf", "-o", str(folder / "g.pdf")]
        done = subprocess.run(cmd, input=source, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
        if done.returncode != 0:
            raise OSError(f"dot failed (exit {done.returncode}): {done.stderr.strip().splitlines()[:1]}")
        hrefs = {n.id: n.href for n in nodes}
        figure.width, figure.height, figure.boxes = _boxes((folder / "g.plain").read_text(encoding="utf-8"), hrefs)
        if svg:
            figure.svg = _inline_svg((folder / "g.svg").read_text(encoding="utf-8"))
        if pdf:
            figure.pdf = fixed_date((folder / "g.pdf").read_bytes(), epoch)
    return figure


def _boxes(plain: str, hrefs: dict[str, str]) -> tuple[float, float, list[Box]]:
    """Figure size and node rectangles in bp (dot's -Tplain is in inches, origin bottom left, unpadded)."""
    width = height = 0.0
    boxes = []
    pad = PAD_IN * 72
    for line in plain.splitlines():
        parts = _split_plain(line)
        if not parts:
            continue
        if parts[0] == "graph":
            width, height = float(parts[2]) * 72 + 2 * pad, float(parts[3]) * 72 + 2 * pad
        elif parts[0] == "node" and parts[1] in hrefs:
            x, y, w, h = (float(v) * 72 for v in parts[2:6])
            boxes.append(Box(hrefs[parts[1]], pad + x - w / 2, pad + y - h / 2, w, h))
    return width, height, boxes


def _split_plain(line: str) -> list[str]:
    return [a or b for a, b in re.findall(r'"((?:[^"\\]|\\.)*)"|(\S+)', line)]


# dot writes a label's <SUB>/<SUP> as runs placed one by one from its own font metrics, a script by a
# baseline-shift that browsers do not all honour on a <text>: in a browser's wider font the runs overlap and the
# script sits on the line at full size.  Each line of such a label is set again as one centred <text> whose
# runs are <tspan>s, a script smaller and moved by dy, so that the browser lays the line out itself.
_TEXT = re.compile(r'<text ([^>]*)>(.*?)</text>', re.S)
_SHAPE = re.compile(r'<(?:polygon|path|ellipse)\b[^>]*?(?:points|d)="([^"]*)"')
SCRIPT_SIZE = 0.8           # a script's size, of its line's
SCRIPT_SHIFT = {"sub": 0.25, "super": -0.4}     # how far it moves, in its line's font size (down is +)


def _attr(attrs: str, name: str) -> str:
    """The value of attribute `name` among a tag's attributes as dot writes them (name="value")."""
    attrs = " " + attrs
    start = attrs.find(f' {name}="')
    if start < 0:
        return ""
    start += len(name) + 3
    return attrs[start:attrs.find('"', start)]


def _centre(shape: str) -> float | None:
    """The middle of a node's outline, from the x coordinates of its points (a path's or a polygon's)."""
    for command in "MCLZmclz,":
        shape = shape.replace(command, " ")
    numbers = []
    for token in shape.split():
        try:
            numbers.append(float(token))
        except ValueError:
            return None
    xs = numbers[0::2]
    return (min(xs) + max(xs)) / 2 if xs else None


def _line(texts: list[tuple[str, str]], centre: float) -> str:
    attrs = texts[0][0]
    # the line's own size is that of its text, not of a script it may open with
    plain = [a for a, _ in texts if not _attr(a, "baseline-shift")]
    size = float(_attr(plain[0] if plain else attrs, "font-size") or 10)
    keep = " ".join(f'{name}="{_attr(attrs, name)}"' for name in ("font-family", "fill") if _attr(attrs, name))
    runs, shifted = [], 0.0
    for run_attrs, body in texts:
        shift = SCRIPT_SHIFT.get(_attr(run_attrs, "baseline-shift"), 0.0) * size
        extra = f' font-size="{size * SCRIPT_SIZE:.2f}"' if shift else ""
        runs.append(f'<tspan dy="{shift - shifted:.2f}"{extra}>{body}</tspan>')
        shifted = shift
    return (f'<text text-anchor="middle" x="{centre:.2f}" y="{_attr(attrs, "y")}" {keep} '
            f'font-size="{size:.2f}">{"".join(runs)}</text>')


def _scripts_by_position(svg: str) -> str:
    out, k, centre = [], 0, None
    matches = list(_TEXT.finditer(svg))
    j = 0
    while j < len(matches):
        m = matches[j]
        shape = None
        for shape in _SHAPE.finditer(svg, k, m.start()):
            pass
        if shape is not None:
            centre = _centre(shape.group(1))
        run = [m]                            # the node's texts: consecutive, nothing but white space between
        while j + 1 < len(matches) and not svg[run[-1].end():matches[j + 1].start()].strip():
            j += 1
            run.append(matches[j])
        j += 1
        out.append(svg[k:run[0].start()])
        k = run[-1].end()
        if centre is None or not any(_attr(t.group(1), "baseline-shift") for t in run):
            out.append(svg[run[0].start():k])
            continue
        lines: list[list[tuple[str, str]]] = []
        for t in run:
            if lines and _attr(lines[-1][0][0], "y") == _attr(t.group(1), "y"):
                lines[-1].append((t.group(1), t.group(2)))
            else:
                lines.append([(t.group(1), t.group(2))])
        out.append("\n".join(_line(line, centre) for line in lines))
    out.append(svg[k:])
    return "".join(out)


def _tips_by_target(svg: str) -> str:
    """Each node link dot wrote (<a xlink:href="#target" xlink:title="…">) with its plain-text hover text
    replaced by data-tip="target"."""
    head, *links = svg.split('<a xlink:href="#')
    out = [head]
    for link in links:
        target, _, rest = link.partition('"')
        title = ' xlink:title="'
        if rest.startswith(title):
            rest = f' data-tip="{target}"' + rest[rest.index('"', len(title)) + 1:]
        out.append(f'<a xlink:href="#{target}"{rest}')
    return "".join(out)


def _inline_svg(svg: str) -> str:
    """dot's SVG without its XML prologue and doctype, ready to inline in HTML, its scripts placed.  A node's
    plain-text hover text (δ_(ab), n^(−1/2)) gives way to a mark naming its target: the page shows the hover
    text beside the graph, its scripts set as scripts (report.html.j2, "tips"); dot's <title> of each node and
    edge, its internal id, is dropped."""
    start = svg.find("<svg")
    svg = svg[start:] if start >= 0 else svg
    svg = re.sub(r"<!--.*?-->\s*", "", svg, flags=re.S)
    # dot titles each node and edge with its internal id (d:d56-eq-2, a->b), which a browser shows on hover
    svg = re.sub(r"<title>[^<]*</title>\s*", "", svg)
    svg = _scripts_by_position(svg)
    svg = _tips_by_target(svg)
    return svg.replace("<svg ", '<svg role="img" aria-label="dependency graph" class="depgraph" ', 1)


_DATE = re.compile(rb"/CreationDate \(D:(\d{14})([^)]*)\)")


def fixed_date(pdf: bytes, epoch: int) -> bytes:
    """Cairo stamps the build time; the report's epoch instead keeps the PDF reproducible.

    The new date has the same length, so the PDF's cross-reference offsets stay valid.
    """
    import datetime as dt

    stamp = dt.datetime.fromtimestamp(epoch, dt.timezone.utc).strftime("%Y%m%d%H%M%S").encode()

    def same_length(m: re.Match) -> bytes:
        tail = m.group(2)
        return b"/CreationDate (D:" + stamp + (b"Z" + b" " * (len(tail) - 1) if tail else b"") + b")"

    return _DATE.sub(same_length, pdf)
