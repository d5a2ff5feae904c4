"""The PDF's blueprint of one source text: its claims and the propositions of the body, legible on paper.

The HTML draws every derivation a claim rests on (zoomable, with tooltips); a printed page cannot: forty
nodes scaled to one page set their text at 4 pt.  The PDF's graph keeps the claims and the derivations the
body states as propositions (each claim's main one), with the facts among them that cite each other, and
wraps every label in full instead of cutting it.
"""
from __future__ import annotations

from .graph import SUB_CLOSE, SUB_OPEN, SUP_CLOSE, SUP_OPEN, Edge, Node, label_text
from .prose import plain, segments

WIDTH = 30        # characters per line of a node's label

# Unicode's sub- and superscript letters: a graph label is plain text, and "s_max" there reads as code.
_SUB = dict(zip("0123456789+−-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"))
_SUP = dict(zip("0123456789+−-=()abcdefghijklmnoprstuvwxyzβγδφ",
                "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᵝᵞᵟᵠ"))


def scripted(text: str) -> str:
    """The text with its scripts as Unicode sub- and superscripts where every character of one has its
    form (s_max → sₘₐₓ, e^{-c} → e⁻ᶜ); any other script as plain() writes it."""
    out = []
    for kind, value in segments(text):
        table = _SUB if kind == "sub" else _SUP if kind == "sup" else None
        if table is not None and all(ch in table for ch in value):
            out.append("".join(table[ch] for ch in value))
        elif kind == "sup" and out and out[-1].endswith("e") and \
                not out[-1][-2:-1].isalpha():
            out[-1] = out[-1][:-1] + f"exp({scripted(value)})"     # e^(λ sᵢ) reads exp(λ sᵢ)
        elif kind in ("sub", "sup"):       # no Unicode form (δ_ab): marked, and dot sets it as a script
            marks = (SUB_OPEN, SUB_CLOSE) if kind == "sub" else (SUP_OPEN, SUP_CLOSE)
            out.append(marks[0] + label_text(scripted(value)) + marks[1])
        else:
            out.append(plain(value))
    return "".join(out)


# An imported line's title quotes the text's TeX as code (`0 \\leq`): a graph label says it as its symbol.
_TEX_SYMBOLS = {"\\leq": "≤", "\\geq": "≥", "\\neq": "≠", "\\approx": "≈", "\\propto": "∝", "\\cdot": "·",
                "\\infty": "∞", "\\to": "→", "\\le ": "≤ ", "\\ge ": "≥ "}


def untex(text: str) -> str:
    """A label's quoted TeX commands as their symbols, its code quotes dropped."""
    for command, symbol in _TEX_SYMBOLS.items():
        text = text.replace(command, symbol)
    return text.replace("`", "")


def wrapped(text: str, width: int = WIDTH) -> str:
    """Plain text wrapped at words to `width`, every word kept (a word longer than a line is its own line)."""
    lines: list[str] = []
    for word in untex(scripted(text)).split():
        if lines and len(label_text(lines[-1])) + 1 + len(label_text(word)) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)


def body_graph(group) -> tuple[list[Node], list[Edge]]:
    """The group's graph restricted to its claims and the derivations of the body, labels in full: its own
    propositions, and the derivation another source's part states that one of its claims reads first (drawn
    with a dashed outline), so every claim with a derivation to read has its arrow."""
    body = {f"d:{d.anchor}": d for d in group.main}
    read_elsewhere = {f"d:{c.main[1]}": c.main for c in group.claims if c.main and f"d:{c.main[1]}" not in body}
    claims = {f"c:{c.anchor}": c for c in group.claims}
    nodes = []
    for n in group.graph_nodes:
        if n.id in claims:
            c = claims[n.id]
            nodes.append(Node(n.id, c.id + "\n" + wrapped(c.quote), n.kind, n.href, n.tooltip, claim=True))
        elif n.id in body:
            d = body[n.id]
            nodes.append(Node(n.id, wrapped(f"{d.number}. {d.title}"), n.kind, n.href, n.tooltip,
                              external=n.external))
        elif n.id in read_elsewhere:
            title, _, number = read_elsewhere[n.id]
            nodes.append(Node(n.id, wrapped(f"{number}. {title}"), n.kind, n.href, n.tooltip, external=True))
    kept = {n.id for n in nodes}
    edges = [e for e in group.graph_edges if e.source in kept and e.target in kept]
    return nodes, edges
