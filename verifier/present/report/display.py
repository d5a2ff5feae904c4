"""The printed form of a step, simplified for display only.

The judge prints each side as SymPy holds it, often expanded where a person wrote something short.  Here,
and only for the reader, a side is rebuilt from its srepr and shown in the shortest of a few forms that
are equal to it under its symbols' assumptions (powsimp, radsimp, factor).  Nothing here is ever used to
check a step; the machine form stays in the JSON and one click away in the HTML.

A side is rewritten only when SymPy prints the rebuilt expression exactly as the judge printed it, so a
symbol with its own display name, or anything the rebuild does not know, keeps its machine form.
"""
from __future__ import annotations

import ast
import functools
import re

MAX_SREPR = 20_000       # characters: longer sides are left as they are
MAX_OPS = 60             # factor and radsimp on larger expressions can take long; display is not worth it
SHORTER_BY = 0.85        # a rewrite must be clearly shorter to replace the machine form

_NODES = (ast.Expression, ast.Call, ast.Name, ast.Load, ast.Constant, ast.keyword, ast.Tuple, ast.List,
          ast.UnaryOp, ast.USub, ast.UAdd)


def _namespace():
    import sympy as sp

    from ...authoring.reductions import IndexedMax, IndexedMin

    def declared(name, *args, **assumptions):
        return sp.Symbol(name, **assumptions)

    return sp, {"Declared": declared, "IndexedMax": IndexedMax, "IndexedMin": IndexedMin}


def rebuild(srepr: str):
    """The expression an srepr string describes, or None: only calls of SymPy names and constants."""
    if not srepr or len(srepr) > MAX_SREPR:
        return None
    try:
        tree = ast.parse(srepr, mode="eval")
    except (SyntaxError, ValueError):
        return None
    sp, extra = _namespace()
    names = {}
    for node in ast.walk(tree):
        if not isinstance(node, _NODES):
            return None
        if isinstance(node, ast.Name):
            target = extra.get(node.id) if node.id in extra else getattr(sp, node.id, None)
            if target is None or node.id.startswith("_"):
                return None
            names[node.id] = target
    try:
        return eval(compile(tree, "<srepr>", "eval"), {"__builtins__": {}}, names)  # noqa: S307 (checked above)
    except Exception:
        return None


def simplest(expr):
    """The shortest-printing of expr, powsimp(expr), radsimp(expr) and factor(expr) (each equal to expr
    under its symbols' assumptions; factor only where no sum or index is inside)."""
    import sympy as sp

    forms = [expr, sp.powsimp(expr), sp.radsimp(expr)]
    if not expr.has(sp.Sum, sp.Product, sp.Integral, sp.Indexed):
        forms.append(sp.factor(expr))
    return min(forms, key=lambda f: len(sp.latex(f)))


@functools.lru_cache(maxsize=4096)
def display_latex(srepr: str, machine: str) -> str:
    """The shortest faithful printing of the side `srepr`, or `machine` when nothing is clearly shorter."""
    import sympy as sp

    expr = rebuild(srepr)
    if expr is None or not isinstance(expr, sp.Basic):
        return machine
    try:
        if sp.latex(expr) != machine or sp.count_ops(expr) > MAX_OPS:
            return machine
        best = sp.latex(simplest(expr))
    except Exception:
        return machine
    return best if len(best) <= SHORTER_BY * len(machine) else machine


_LONG_DECIMAL = re.compile(r"(?<![\d.])(\d+)\.(\d{13,})(?![\d.])")


def short_decimals(latex: str, digits: int = 9) -> str:
    """A literal of more than twelve decimals in a formula, cut (never rounded) to `digits` significant
    digits and marked with an ellipsis: 0.474474647\\ldots starts as the value does, whichever side of it."""
    def cut(m: re.Match) -> str:
        whole, frac = m.group(1), m.group(2)
        lead = len(whole.lstrip("0"))
        zeros = 0 if lead else len(frac) - len(frac.lstrip("0"))
        keep = max(3, digits - lead) + zeros
        return f"{whole}.{frac[:keep]}\\ldots"
    return _LONG_DECIMAL.sub(cut, latex or "")


# Lower-case Greek names as SymPy spells symbols (varepsilon, sigma_s, lamda), and the letters a reader
# expects.  Capitalised names are left alone: Gamma(k, θ) and Beta(a, b) are laws, not letters.
GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
         "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "lamda": "λ",
         "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ",
         "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ",
         "psi": "ψ", "omega": "ω"}
# A whole name, or the name part of sigma_s / varepsilon_1 / alpha2; never inside a word (beta in
# alphabet, eta in theta or beta) and never a function call (gamma(x)).
_GREEK_NAME = re.compile(r"(?<![A-Za-z\\])(" + "|".join(sorted(GREEK, key=len, reverse=True)) + r")(?![A-Za-z(])")


def greek_letters(text: str) -> str:
    """Plain text (a hypothesis, a sampling range) with each spelled-out Greek symbol name as its letter:
    "varepsilon_U ~ Uniform(-a, a), independent of K" reads "ε_U ~ Uniform(-a, a), independent of K".
    For the eye only: the JSON keeps the names as the engine wrote them."""
    return _GREEK_NAME.sub(lambda m: GREEK[m.group(1)], text or "")
