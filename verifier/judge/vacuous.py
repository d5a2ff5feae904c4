"""Vacuous steps: a step that comes out proved although its check compares its conclusion with itself.

A step is vacuous, and says why, when
  * its two sides are the same expression as written (a restatement);
  * its two sides are the same value once SymPy builds them: a line kept as written (as_written) that
    SymPy evaluates into the other side, or a side computed from the other, so the judge is handed one
    expression twice and no strategy or number does any work;
  * its conclusion is one of its given= pins (x = 3 checked at x = 3, or 2x = 6 there);
  * its conclusion is one of its own assumptions (assume= on the step, or the derivation's assumptions=)
    read as a relation over the step's symbols, also after rewriting: x ≥ 0 under the assumption x > 0,
    2x = 2y under x = y, √d·√d = d under the assumption √d·√d = d;
  * it is proved from a cited fact (by=) that has a vacuous step itself: the support it borrows checks
    nothing.

A genuinely proved step that uses an assumption (x + 1 > 0 under x > 0) is not vacuous: its conclusion is
not the assumption.  A vacuous step may still be true; what it may not do is support a claim of the
register (judge/claims.py), since nothing was checked.
"""
from __future__ import annotations

import re

import sympy as sp

from ..authoring.relations import Relation
from ..authoring.written import evaluated, has_written
from ..prove.sums import canonical
from ..verdicts import Formula, Said

_RELATION = re.compile(r"(<=|>=|==|!=|≤|≥|≠|=|<|>)")
_NORMAL = {"<=": "<=", "≤": "<=", ">=": ">=", "≥": ">=", "==": "=", "=": "=", "<": "<", ">": ">"}
# The step's relation as (sign of lhs − rhs, kind): a ≤ b is b − a ≥ 0.
_STEP_FORM = {Relation.EQ: (1, "="), Relation.LE: (-1, ">="), Relation.GE: (1, ">="),
              Relation.LT: (-1, ">"), Relation.GT: (1, ">")}


def same(a, b) -> bool:
    """The same expression after renaming bound indices (what the restatement check compares)."""
    try:
        return canonical(a) == canonical(b)
    except Exception:  # an unusual expression is simply not compared
        return False


def vacuous_reason(lhs, rhs, step, derivation=None, fact_results: dict | None = None) -> str:
    """Why the step checks nothing, or "" when its check does real work (see the module docstring)."""
    if lhs is None or rhs is None or getattr(step, "expect_refuted", False):
        return ""
    if same(lhs, rhs):
        return "both sides are the same expression as written"
    if has_written(lhs) or has_written(rhs):
        value_l, value_r = evaluated(lhs), evaluated(rhs)
        if same(value_l, value_r):
            shown = Formula(sp.sstr(value_l)[:80], Formula.of(value_l).latex)
            return Said("both sides are the same value once SymPy builds them (", shown, "): the line kept as "
                        "written evaluates into the other side, so the check compares the value with itself")
    else:
        value_l, value_r = lhs, rhs
    given = getattr(step, "given", None) or {}
    if given and step.relation is Relation.EQ:
        for k, v in given.items():
            try:
                pin = sp.sympify(k) - sp.sympify(v)
            except Exception:  # pins the evidence layer will reject are reported there
                continue
            if _multiple(value_l - value_r, pin, any_sign=True):
                return f"its conclusion is its own pin {k} = {v} (given=)"
    texts = list(getattr(step, "assumptions", ()) or ()) + list(getattr(derivation, "assumptions", ()) or ())
    for text in texts:
        if restates_assumption(value_l, value_r, step.relation, text):
            return f"its conclusion is its own assumption {text!r}"
    for fact in getattr(step, "by", ()) or ():
        result = (fact_results or {}).get(id(fact))
        hollow = [s for s in getattr(result, "steps", ()) if getattr(s, "vacuous", "")]
        if hollow:
            name = getattr(fact, "name", "") or getattr(fact, "title", "")
            return Said(f"it rests on the cited fact {name}, whose step {hollow[0].index} checks nothing (",
                        hollow[0].vacuous, ")")
    return ""


def assumed_relations(text: str, symbols) -> list[tuple[sp.Expr, str]]:
    """The relations a text states over the given symbols, each as (g, kind) meaning g = 0, g ≥ 0 or g > 0.

    "x > 0" is [(x, ">")], "0 < x < 1" is [(x, ">"), (1 − x, ">")], "sqrt(d)*sqrt(d) = d" is [(0, "=")].  Prose,
    a text naming a symbol the step does not have, and ≠ give nothing."""
    if not isinstance(text, str):
        return []
    names = {str(s): s for s in symbols}
    parts = _RELATION.split(text)
    if len(parts) < 3 or not names:
        return []
    sides, ops = parts[0::2], parts[1::2]
    try:
        values = [sp.parse_expr(side.strip(), local_dict=dict(names), evaluate=True) for side in sides]
    except Exception:  # prose, not a relation
        return []
    if not all(isinstance(v, sp.Expr) for v in values):
        return []
    found = set().union(*(v.free_symbols for v in values))
    if not found or not found <= set(names.values()):
        return []
    out = []
    for left, op, right in zip(values, ops, values[1:]):
        kind = _NORMAL.get(op)
        if kind is None:
            return []
        if kind == "=":
            out.append((left - right, "="))
        elif kind in (">=", ">"):
            out.append((left - right, kind))
        else:
            out.append((right - left, ">=" if kind == "<=" else ">"))
    return out


def restates_assumption(lhs, rhs, relation, text: str) -> bool:
    """The step lhs (relation) rhs is the assumption `text` up to a rewriting that changes nothing: the same
    difference (simplified) times a positive number, for = any nonzero number; a non-strict step may be a
    strict assumption (x ≥ 0 under x > 0)."""
    form = _STEP_FORM.get(relation)
    if form is None:
        return False
    symbols = set()
    for e in (lhs, rhs):
        if isinstance(e, sp.Basic):
            symbols |= {s for s in e.free_symbols if isinstance(s, sp.Symbol)}
    sign, kind = form
    try:
        gap = sign * (lhs - rhs)
    except Exception:
        return False
    for g, assumed_kind in assumed_relations(text, symbols):
        if _is_zero(g):         # a tautology (√d·√d = d as SymPy builds it) assumes nothing
            continue
        if kind == "=" and assumed_kind != "=":
            continue
        if kind == ">" and assumed_kind != ">":
            continue
        if kind == ">=" and assumed_kind == "=":
            continue
        if _multiple(gap, g, any_sign=(kind == "=")):
            return True
    return False


# Simplification is tried only on expressions this small: the check must not cost a step its time limit.
_SMALL = 80


def _simplified(e):
    e = sp.expand(e)
    return sp.simplify(e) if sp.count_ops(e) <= _SMALL else e


def _is_zero(e) -> bool:
    try:
        return _simplified(e) == 0
    except Exception:  # what SymPy cannot simplify is not known to be 0
        return False


def _multiple(a, b, any_sign: bool) -> bool:
    """a = c·b for a number c > 0 (any c ≠ 0 when any_sign), both read after a simplification."""
    try:
        if _is_zero(a - b) or (any_sign and _is_zero(a + b)):
            return True
        ratio = _simplified(a / b)
    except Exception:  # what SymPy cannot simplify is not a rewriting that changes nothing
        return False
    if not (ratio.is_number and ratio.is_real and ratio.is_finite) or ratio.is_zero:
        return False
    return bool(any_sign or ratio.is_positive)
