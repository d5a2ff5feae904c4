"""The derivation files themselves, so that the report's source links work outside a checkout.

The HTML embeds each file's text once (folded away in a <details>) and links every derivation to the
line where it starts; when the checkout has a remote and the file is committed unchanged, a second link
points at that line in the repository at the report's commit.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "file"


def definitions(text: str) -> dict[str, tuple[int, int]]:
    """Top-level names and the lines (first, last; 1-based) of the statement defining them."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return {}
    found: dict[str, tuple[int, int]] = {}
    for node in tree.body:
        targets = []
        if isinstance(node, ast.Assign):
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
            targets = [node.target.id]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            targets = [node.name]
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        for name in targets:
            found.setdefault(name, (first, getattr(node, "end_lineno", None) or node.lineno))
    return found


@dataclass
class SourceFile:
    """One derivation file as the HTML embeds it: its text cut where derivations start."""
    file: str
    anchor: str
    lines: int
    chunks: list[tuple[str, str]] = field(default_factory=list)   # (anchor of the first line or "", text)
    repo_href: str = ""          # the file in the repository at the report's commit, when known

    def line_anchor(self, line: int) -> str:
        return f"{self.anchor}-L{line}"


def embed(file: str, text: str, starts: list[int], repo_href: str = "") -> SourceFile:
    """The file cut before each line in `starts`, each piece carrying that line's anchor."""
    anchor = f"src-{_slug(file)}"
    lines = text.splitlines(keepends=True)
    out = SourceFile(file, anchor, len(lines), repo_href=repo_href)
    cuts = sorted({s for s in starts if 1 <= s <= len(lines)})
    bounds = [1] + cuts + [len(lines) + 1]
    for a, b in zip(bounds, bounds[1:]):
        if b > a:
            out.chunks.append((out.line_anchor(a) if a in cuts else "", "".join(lines[a - 1:b - 1])))
    return out
