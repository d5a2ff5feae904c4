"""The assume= texts of a step, read as relations over the step's own symbols where they are written as such.

An author writes conditions the way mathematics does: "x > 0", "0 < x < 1", "x ≥ 1", "x > 0 and x < 1",
"|x| < 1", "x ∈ (−1, 1)", "r ≠ 1".  Each is read into SymPy relations; those restrict where the numbers look,
like a declaration (a point they exclude is no evidence either way).  Prose that names none of the step's
symbols ("ε independent of (s, v)", "λ small") stays a note.

A text that names a symbol of the step and looks like a condition (it has <, >, ≤, ≥, ≠, ==, ∈ or ∉; a single
= describes a model, "ε = c s + η", and stays prose) but cannot be read is an unread condition: the numbers cannot honour it, so no point is known to satisfy it, and a
counterexample may lie exactly where the author excluded it.  Such a step is never refuted (judge/steps.py).
The proofs use none of this: a proof holds for every declared value.
"""
from __future__ import annotations

import re

import sympy as sp
from sympy.parsing.sympy_parser import parse_expr

_RELATION_MARKS = re.compile(r"[<>≤≥≠∈∉]|==|!=|>=|<=")
_COMPARISON = re.compile(r"(<=|>=|!=|==|<|>)")
_MEMBERSHIP = re.compile(r"^\s*(.+?)\s*(∈|∉|\bin\b)\s*([\(\[])\s*(.+?)\s*,\s*(.+?)\s*([\)\]])\s*$")
_IDENTIFIER = re.compile(r"[^\W\d]\w*", re.UNICODE)


def _normalised(text: str) -> str:
    text = (text.replace("≤", "<=").replace("≥", ">=").replace("≠", "!=").replace("−", "-")
            .replace("·", "*").replace("⩽", "<=").replace("⩾", ">="))
    return re.sub(r"\|([^|]+)\|", r"Abs(\1)", text)


def _parse(text: str, names: dict):
    expr = parse_expr(text, local_dict=dict(names), evaluate=True)
    return expr


def _comparison_chain(text: str, names: dict) -> list | None:
    """'0 < x <= 1' → [0 < x, x <= 1]; None when the text is not a chain of comparisons of expressions."""
    parts = _COMPARISON.split(text)
    if len(parts) < 3 or any(depth(p) != 0 for p in parts[::2]):
        return None
    try:
        terms = [_parse(p, names) for p in parts[::2]]
    except Exception:  # not an expression: prose
        return None
    ops = {"<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge, "!=": sp.Ne, "==": sp.Eq}
    out = []
    for a, op, b in zip(terms, parts[1::2], terms[1:]):
        if not isinstance(a, sp.Expr) or not isinstance(b, sp.Expr):
            return None
        out.append(ops[op](a, b))
    return out


def depth(text: str) -> int:
    """How many brackets are left open by text (a comparison split inside brackets is no chain)."""
    return text.count("(") - text.count(")") + text.count("[") - text.count("]")


def _membership(text: str, names: dict) -> list | None:
    """'x ∈ (−1, 1]' → [x > −1, x <= 1]; 'x ∉ [a, b]' → [(x < a) | (x > b)]."""
    m = _MEMBERSHIP.match(text)
    if not m:
        return None
    try:
        x, low, high = (_parse(m.group(i), names) for i in (1, 4, 5))
    except Exception:  # not expressions
        return None
    above = sp.Gt(x, low) if m.group(3) == "(" else sp.Ge(x, low)
    below = sp.Lt(x, high) if m.group(6) == ")" else sp.Le(x, high)
    if m.group(2) == "∉":
        return [sp.Or(sp.Not(above), sp.Not(below))]
    return [above, below]


def _wrapped(text: str) -> bool:
    """The whole text is one pair of round brackets: '(x > 0)', not '(x > 0) & (x < 1)'."""
    if not (text.startswith("(") and text.endswith(")")):
        return False
    level = 0
    for k, ch in enumerate(text):
        level += (ch == "(") - (ch == ")")
        if level == 0 and k < len(text) - 1:
            return False
    return True


def read_condition(text: str, names: dict) -> list | None:
    """The relations a condition text states, or None when it is not read as one."""
    text = _normalised(text).strip()
    while _wrapped(text):
        text = text[1:-1].strip()
    pieces = re.split(r"\s+and\s+|\s*,\s*(?![^()\[\]]*[\)\]])|\s*&\s*", text)
    out = []
    for piece in pieces:
        if not piece.strip():
            continue
        while _wrapped(piece.strip()):
            piece = piece.strip()[1:-1]
        rels = _membership(piece, names) or _comparison_chain(piece, names)
        if rels is None:
            try:
                rel = _parse(piece, names)
            except Exception:  # prose
                return None
            rels = list(rel.args) if isinstance(rel, sp.And) else [rel]
        out.extend(rels)
    return out or None


def _relational(rel) -> bool:
    return isinstance(rel, (sp.core.relational.Relational, sp.Or, sp.Not)) and not isinstance(rel, sp.Eq)


def _names(lhs, rhs) -> dict:
    return {str(s): s for e in (lhs, rhs) if isinstance(e, sp.Basic) for s in e.free_symbols}


def stated_relations(assumptions, lhs, rhs) -> tuple:
    """The assume= texts that read as relations over the step's own declared symbols, as relations."""
    names = _names(lhs, rhs)
    out = []
    for text in assumptions:
        if not isinstance(text, str) or not names:
            continue
        rels = read_condition(text, names)
        if rels and all(_relational(r) and r not in (sp.true, sp.false) for r in rels):
            free = set().union(*(r.free_symbols for r in rels))
            if free and free <= set(names.values()):
                out.extend(rels)
    return tuple(out)


def unread_conditions(assumptions, lhs, rhs) -> list[str]:
    """The assume= texts that name a symbol of the step and look like a condition, but are not read as relations
    over the step's symbols (so the numbers cannot honour them)."""
    names = _names(lhs, rhs)
    read = set(stated_relations(assumptions, lhs, rhs))
    out = []
    for text in assumptions:
        if not isinstance(text, str) or not _RELATION_MARKS.search(text):
            continue
        if not set(_IDENTIFIER.findall(text)) & set(names):
            continue
        rels = read_condition(text, names)
        if rels and all(r in read or r is sp.true for r in rels):     # true for every declared value: nothing to keep to
            continue
        out.append(text)
    return out
