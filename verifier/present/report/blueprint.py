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
NBSP = "\u00a0"   # a space no line breaks at

# Unicode's sub- and superscript letters: a graph label is plain text, and "s_max" there reads as code.
_SUB = dict(zip("0123456789+−-=()aehijklmnoprstuvxβγρφχ", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ"))
_SUP = dict(zip("0123456789+−-=()abcdefghijklmnoprstuvwxyzβγδφ",
                "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᵝᵞᵟᵠ"))


def _pieces(text: str) -> list[tuple[str, str]]:
    """segments() of the text, with a script written straight after another (σ_t^{-2}, δ_{ab}^2) read as a
    script of the same base rather than left as text."""
    out: list[tuple[str, str]] = []
    for kind, value in segments(text):
        if kind == "text" and value[:1] in ("^", "_") and out and out[-1][0] in ("sub", "sup"):
            again = list(segments("x" + value))       # the same script after a stand-in base letter
            if len(again) > 1 and again[0] == ("text", "x"):
                out.extend(again[1:])
                continue
        out.append((kind, value))
    return out


def scripted(text: str) -> str:
    """The text with its scripts as Unicode sub- and superscripts where every character of one has its
    form (s_max → sₘₐₓ, e^{-c} → e⁻ᶜ); e to a power Unicode cannot set as exp(…); any other script marked
    for dot to set as a script."""
    out = []
    for kind, value in _pieces(text):
        table = _SUB if kind == "sub" else _SUP if kind == "sup" else None
        if table is not None and all(ch in table for ch in value):
            out.append("".join(table[ch] for ch in value))
        elif kind == "sup" and out and out[-1].endswith("e") and \
                not out[-1][-2:-1].isalpha():
            # e^(λ sᵢ) reads exp(λ sᵢ), one word: a line never breaks inside its argument
            out[-1] = out[-1][:-1] + f"exp({scripted(value)})".replace(" ", NBSP)
        elif kind in ("sub", "sup"):       # no Unicode form (δ_ab): marked, and dot sets it as a script
            marks = (SUB_OPEN, SUB_CLOSE) if kind == "sub" else (SUP_OPEN, SUP_CLOSE)
            out.append(marks[0] + label_text(scripted(value)) + marks[1])
        else:
            out.append(plain(value))
    return "".join(out)


# An imported line's title quotes the text's TeX as code (`0 \\leq`): a graph label says it as its symbol.
_TEX_SYMBOLS = {"\\leq": "≤", "\\geq": "≥", "\\neq": "≠", "\\approx": "≈", "\\propto": "∝", "\\cdot": "·",
                "\\infty": "∞", "\\to": "→", "\\le ": "≤ ", "\\ge ": "≥ ", "\\sum": "Σ", "\\prod": "Π",
                "\\partial": "∂", "\\times": "×", "\\mid": "|", "\\ldots": "…", "\\dots": "…"}
# A function's name in TeX (\cos θ) reads as its name; longest first, so that \arg\max is not \arg + \max.
_TEX_NAMES = ("arg\\max", "arg\\min", "cos", "sin", "tan", "log", "exp", "max", "min", "sup", "inf", "lim", "det",
              "tr", "ln")


def untex(text: str) -> str:
    """A label's quoted TeX commands as their symbols, its code quotes dropped."""
    for command, symbol in _TEX_SYMBOLS.items():
        text = text.replace(command, symbol)
    for name in _TEX_NAMES:
        text = text.replace("\\" + name, name.replace("\\", " "))
    return text.replace("`", "")


def _lines(text: str, width: int) -> list[list[str]]:
    """The label's words (an exponential's argument one word) wrapped to lines of at most `width` shown
    characters, every word kept (a word longer than a line is its own line)."""
    lines: list[list[str]] = []
    words: list[str] = []
    for word in untex(scripted(text)).replace("\n", " ").replace("\t", " ").split(" "):
        if not word.strip():
            continue
        if words and _operator(words[-1]):
            words[-1] += " " + word        # a sum stays on the line of what it sums: "Σₐ Σ_b δ_ab²" is one unit
        else:
            words.append(word)
    for word in words:
        if lines and _shown(lines[-1] + [word]) <= width:
            lines[-1].append(word)
        else:
            lines.append([word])
    return lines


def _operator(word: str) -> bool:
    """Whether a label's word is a big operator with only its scripts (Σ, Σₐ, Σ_b, ∏ₜ; or such operators already
    joined: "Σₐ Σ_b"), which a line must not end with: its summand goes with it."""
    last = label_text(word).split(" ")[-1]
    scripts = set(_SUB.values()) | set(_SUP.values())
    return last[:1] in ("Σ", "Π", "∑", "∏") and len(last) <= 8 and (len(last) == 1 or last[1] in scripts | {"_", "^"})


def _shown(words: list[str]) -> int:
    return len(label_text(" ".join(words)))


def _said(lines: list[list[str]]) -> str:
    return "\n".join(" ".join(words) for words in lines).replace(NBSP, " ")


def wrapped(text: str, width: int = WIDTH) -> str:
    """Plain text wrapped at words to `width`, every word kept (a word longer than a line is its own line)."""
    return _said(_lines(text, width))


def graph_label(text: str, width: int = 24, lines: int = 3) -> str:
    """A title as a box of the HTML's blueprint says it: wrapped() (its scripts set as scripts, e to a power
    as exp(…) where Unicode has no superscript), at most `lines` lines, the last cut at a word with "…"."""
    out = _lines(text, width)
    if len(out) > lines:
        out = out[:lines]
        while len(out[-1]) > 1 and _shown(out[-1]) + 2 > width:
            out[-1].pop()
        out[-1].append("…")
    return _said(out)


def tooltip(text: str) -> str:
    """A box's hover text: what it says in full, as plain text (Unicode scripts where they exist)."""
    return " ".join(label_text(untex(scripted(text))).replace(NBSP, " ").split())


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
