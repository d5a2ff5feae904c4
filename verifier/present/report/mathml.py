"""LaTeX maths -> MathML for the HTML report, from the same strings the PDF uses.

The original LaTeX rides along in an <annotation>, so copying from the page or
reading it with assistive tools still gives the source.  Anything the converter
cannot handle is shown as code, clearly marked, rather than as a page of
half-rendered markup.

A function's name is set as TeX sets it: upright, applied to its argument
(U+2061), a thin space from a neighbour that is not a bracket ("κ log n",
"log exp(x)", "2 log n"); a word a text spells in plain letters as a function
(softmax, Attention) is one upright name, not a product of italic letters.
"""
from __future__ import annotations

import functools
import html
import re
import xml.etree.ElementTree as ET

# A command the converter did not know survives as literal text such as <mi>\foo</mi>.
_LEAKED_COMMAND = re.compile(r">[^<]*\\[A-Za-z]")
_MATH_OPEN = re.compile(r"<math\b[^>]*>")

# TeX's function names (\log, \exp, …): the converter sets each as one <mi>, glued to its neighbours.
FUNCTION_NAMES = frozenset(
    "arccos arcsin arctan arg cos cosh cot coth csc deg det dim exp gcd hom ker lg ln log Pr sec sin sinh "
    "tan tanh".split())
# Words a text writes in plain letters as the name of a function; anything else in a row of letters is a
# product of one-letter symbols, as written.
FUNCTION_WORDS = frozenset(
    "softmax Softmax attention Attention argmax argmin sigmoid softplus logsumexp LogSumExp Var Cov diag "
    "sign sgn".split())
# Large operators keep their own forms and spacing (limits below, in display): \max, \lim, \sum …
_LARGE_OPERATORS = frozenset("max min lim sup inf limsup liminf".split())
# Elements whose children are a row (a sequence to space); the others take their children as arguments.
_ROWS = frozenset({"mrow", "mstyle", "mtd", "msqrt", "mpadded", "mphantom", "menclose", "merror"})
_SCRIPTED = frozenset({"msub", "msup", "msubsup"})
_OPENING = frozenset("([{|‖⟨⌊⌈")
_THIN = "0.1667em"


def _function_node(node: ET.Element) -> bool:
    """A function's name, alone or with a script (log₂, sin²)."""
    if node.tag in _SCRIPTED and len(node):
        node = node[0]
    return node.tag == "mi" and node.get("data-function") == "1"


def _first_leaf(node: ET.Element) -> ET.Element:
    while len(node) and node.tag in _ROWS | _SCRIPTED:
        node = node[0]
    return node


def _opens(node: ET.Element) -> bool:
    leaf = _first_leaf(node)
    return leaf.tag == "mo" and (leaf.get("form") == "prefix" or (leaf.text or "").strip() in _OPENING)


def _ordinary(node: ET.Element) -> bool:
    """A neighbour TeX keeps a thin space from before a function's name: not an operator, relation or bracket
    that opens, nor a space already."""
    if node.tag == "mspace":
        return False
    if node.tag == "mo":
        text = (node.text or "").strip()
        return node.get("form") == "postfix" or text in ")]}|‖⟩⌋⌉"
    return True


def _space() -> ET.Element:
    return ET.Element("mspace", {"width": _THIN})


def _letters(node: ET.Element) -> str:
    text = node.text or ""
    if node.tag == "mi" and not node.attrib and not len(node) and len(text) == 1 and text.isascii() and text.isalpha():
        return text
    return ""


def _merge_words(row: ET.Element) -> None:
    """A row of one-letter identifiers spelling a function word becomes that word's name."""
    children, out, k = list(row), [], 0
    while k < len(children):
        end = k
        while end < len(children) and _letters(children[end]):
            end += 1
        word = "".join(_letters(c) for c in children[k:end])
        if end - k >= 3 and word in FUNCTION_WORDS:
            name = ET.Element("mi", {"mathvariant": "normal", "data-function": "1"})
            name.text = word
            out.append(name)
        else:
            out.extend(children[k:max(end, k + 1)])
        k = max(end, k + 1)
    if len(out) != len(children):
        for c in children:
            row.remove(c)
        row.extend(out)


def _mark_names(node: ET.Element) -> None:
    for element in node.iter():
        text = (element.text or "").strip()
        if element.tag == "mi" and text in FUNCTION_NAMES:
            element.set("mathvariant", "normal")
            element.set("data-function", "1")
        elif element.tag == "mo" and text in FUNCTION_WORDS:      # \operatorname{softmax}: a name, not an operator
            element.tag = "mi"
            element.attrib = {"mathvariant": "normal", "data-function": "1"}


def _space_row(row: ET.Element) -> None:
    children = list(row)
    out: list[ET.Element] = []
    for k, child in enumerate(children):
        if not _function_node(child):
            out.append(child)
            continue
        if out and _ordinary(out[-1]):
            out.append(_space())
        out.append(child)
        apply = ET.Element("mo", {"lspace": "0", "rspace": "0"})
        apply.text = "\u2061"
        out.append(apply)
        after = children[k + 1] if k + 1 < len(children) else None
        if after is not None and not _opens(after):
            out.append(_space())
    for c in children:
        row.remove(c)
    row.extend(out)


_TALL = frozenset({"mfrac", "munder", "mover", "munderover", "mtable", "msqrt", "mroot"})
_LARGE = frozenset("∑∏∐∫∬∭∮⋃⋂⋁⋀⨁⨂")


def _tall(node: ET.Element) -> bool:
    return any(e.tag in _TALL or (e.tag == "mo" and (e.text or "").strip() in _LARGE) for e in node.iter())


def _fences_fit(root: ET.Element) -> None:
    """\\left( … \\right) around a line of ordinary height keeps the text's brackets: a stretchy bracket
    there is drawn apart from what it encloses ("log ( n )"); around a fraction or a sum it still grows."""
    for row in root.iter("mrow"):
        if len(row) < 2:
            continue
        first, last = row[0], row[-1]
        if first.tag == last.tag == "mo" and first.get("form") == "prefix" and last.get("form") == "postfix" \
                and first.get("stretchy") == last.get("stretchy") == "true" and not _tall(row):
            first.set("stretchy", "false")
            last.set("stretchy", "false")


_PRIMES = set("′″‴")


def _prime_of(node: ET.Element) -> str:
    """The primes a script holds when it holds nothing else (<mi>′</mi>, <mrow><mi>′</mi></mrow>), else ""."""
    while node.tag == "mrow" and len(node) == 1 and not (node.text or "").strip():
        node = node[0]
    text = (node.text or "").strip()
    return text if node.tag in ("mi", "mo") and len(node) == 0 and text and set(text) <= _PRIMES else ""


def _primes_inline(root: ET.Element) -> None:
    """n′ as a letter and its prime on the line, as print sets it: a prime is already a raised glyph, and as a
    superscript (the converter's <msup><mi>n</mi><mi>′</mi></msup>) a browser raises and shrinks it again, far
    from its letter ("n ′").  m′₂ keeps its subscript, after the prime."""
    for parent in list(root.iter()):
        for k, child in enumerate(list(parent)):
            if child.tag not in ("msup", "msubsup") or len(child) != (2 if child.tag == "msup" else 3):
                continue
            primes = _prime_of(child[-1])
            if not primes:
                continue
            primed = ET.Element("mrow")
            primed.append(child[0])
            mark = ET.SubElement(primed, "mo", {"lspace": "0", "rspace": "0"})
            mark.text = primes
            if child.tag == "msubsup":
                replaced = ET.Element("msub")
                replaced.extend([primed, child[1]])
            else:
                replaced = primed
            replaced.tail = child.tail
            parent.remove(child)
            parent.insert(k, replaced)


def _names_set(inner: str) -> str | None:
    """The converter's MathML with function names upright, applied and spaced; None when it does not parse."""
    try:
        root = ET.fromstring(f"<mrow>{inner}</mrow>")
    except ET.ParseError:
        return None
    _mark_names(root)
    _fences_fit(root)
    _primes_inline(root)
    rows = [e for e in root.iter() if e.tag in _ROWS]
    for row in rows:
        _merge_words(row)
    for row in rows:
        _space_row(row)
    for element in root.iter():
        element.attrib.pop("data-function", None)
    text = ET.tostring(root, encoding="unicode", short_empty_elements=False)
    return text[len("<mrow>"):-len("</mrow>")].replace("\u2061", "&#x2061;")


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
    inner = _names_set(inner) or inner
    annotation = f'<annotation encoding="application/x-tex">{html.escape(latex, quote=False)}</annotation>'
    return f"{opening.group(0)}<semantics><mrow>{inner}</mrow>{annotation}</semantics></math>"


def unrendered(latex: str) -> str:
    return (f'<code class="tex-source" title="this formula could not be converted to MathML">'
            f"{html.escape(latex, quote=False)}</code>")
