r"""Functions a Markdown document defines in a Python code cell, for the displays after it.

A notebook-style text often defines its function only in code:

    ```{.python .input}
    def L(x):
        return x**2 + 1701*(x-4)**3
    ```

and then writes `\lim_{\epsilon \rightarrow 0}\frac{L(4+\epsilon) - L(4)}{\epsilon} = 8` about it.  A definition
of that one shape is read as the text's definition of L: a top-level `def` of a one-letter name, with plain
parameters and nothing but a `return` of plain arithmetic (numbers, its parameters, + - * / ** and parentheses),
parsed by SymPy's parse_expr with its numbers exact.  Anything else in a code cell (another name, a call, a loop,
a default, a decorator, a float with an exponent) defines nothing, and the function stays as the words leave it.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass

import sympy as sp

from .environments import MARKDOWN

# A fenced Markdown code block and its info string (```python, ```{.python .input}, ~~~py)
_FENCED = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})(?P<info>[^`\n]*)\n(?P<body>.*?)^[ \t]*(?P=fence)[ \t]*$",
                     re.S | re.M)
_PYTHON = re.compile(r"(?<![A-Za-z])(?:python|py|ipython)(?![A-Za-z])", re.I)
# a top-level `def` and its indented lines
_DEF = re.compile(r"^def[ \t].*(?:\n(?:[ \t]+.*|[ \t]*(?=\n)))*", re.M)
# a top-level statement that binds a name: `def f(`, `f = ...` / `f += ...` (never `f == ...`), `import ... as f`
# (read by the lines alone only where a cell is no Python the parser reads)
_BINDING = re.compile(r"^(?:def[ \t]+(?P<def>\w+).*|(?P<assigned>\w+)[ \t]*(?:[-+*/@%&|^]|\*\*|//)?=(?!=).*"
                      r"|(?:from[ \t].*)?import[ \t].*\bas[ \t]+(?P<alias>\w+).*)$", re.M)
_ARITHMETIC = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.USub,
               ast.UAdd, ast.Constant, ast.Name, ast.Load)


@dataclass
class CodeDefinition:
    name: str
    params: tuple
    body: sp.Expr
    line: int                   # the line of its `def`
    source: str                 # the definition as one line: `def L(x): return x**2 + 1701*(x-4)**3`


def code_definitions(text: str, kind: str) -> list[CodeDefinition]:
    """Every function of the one shape above that the Python code cells of a Markdown text define, in order."""
    if kind not in MARKDOWN:
        return []
    out = []
    bindings: dict = {}         # name -> every top-level statement of a Python cell that binds it, as written
    for cell in _FENCED.finditer(text):
        if not _PYTHON.search(cell.group("info")):
            continue
        body = cell.group("body")
        first = text.count("\n", 0, cell.start("body")) + 1
        for name, source in _bindings(body):
            bindings.setdefault(name, set()).add(source)
        for m in _DEF.finditer(body):
            before = body[:m.start()].rstrip().rsplit("\n", 1)[-1]
            if before.lstrip().startswith("@"):
                continue            # a decorator: the name is whatever it returns
            found = _definition(m.group(0).rstrip())
            if found is not None:
                found.line = first + body.count("\n", 0, m.start())
                out.append(found)
    # A name the cells bind more than once differently (a second `def f`, `f = ...`, `import ... as f`) is not the
    # first definition's function after the rebinding: none of its definitions is read.  The same definition
    # written again (one per framework tab) is one definition.
    kept, seen = [], set()
    for found in out:
        if len(bindings.get(found.name, ())) == 1 and found.name not in seen:
            seen.add(found.name)
            kept.append(found)
    return kept


def _bindings(body: str) -> list[tuple[str, str]]:
    """(name, statement) for every name a cell's statements bind (a def, a class, an assignment to it or to a tuple
    holding it, a for or with target, an import), the statement as Python prints it; by the lines alone where the
    cell is no Python the parser reads (a magic it does not strip)."""
    cleaned = re.sub(r"^[ \t]*[%!].*$", "", body, flags=re.M)        # IPython magics and shell lines
    try:
        tree = ast.parse(cleaned)
    except (SyntaxError, ValueError):
        return [(m.group("def") or m.group("assigned") or m.group("alias"),
                 " ".join((_DEF.match(body, m.start()) if m.group("def") else m).group(0).split()))
                for m in _BINDING.finditer(body)]
    out = []
    for statement in tree.body:
        source = ast.unparse(statement)
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                out.append((node.id, source))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.append((node.name, source))
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                out += [((a.asname or a.name).split(".")[0], source) for a in node.names]
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                out += [(n, source) for n in node.names]
    return out


def _definition(code: str) -> CodeDefinition | None:
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef):
        return None
    f = tree.body[0]
    a = f.args
    if f.decorator_list or f.returns or a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs or a.defaults \
            or not a.args or any(p.annotation for p in a.args):
        return None
    if not re.fullmatch(r"[A-Za-z]", f.name):
        return None
    params = [p.arg for p in a.args]
    if len(set(params)) != len(params) or f.name in params or not all(re.fullmatch(r"[A-Za-z]", p) for p in params):
        return None
    statements = f.body
    if statements and isinstance(statements[0], ast.Expr) and isinstance(statements[0].value, ast.Constant) \
            and isinstance(statements[0].value.value, str):
        statements = statements[1:]         # a docstring
    if len(statements) != 1 or not isinstance(statements[0], ast.Return) or statements[0].value is None:
        return None
    value = ast.Expression(statements[0].value)
    for node in ast.walk(value):
        if not isinstance(node, _ARITHMETIC):
            return None
        if isinstance(node, ast.Name) and node.id not in params:
            return None
        if isinstance(node, ast.Constant) and (isinstance(node.value, bool) or not isinstance(node.value, (int, float))
                                               or isinstance(node.value, float) and not _plain_decimal(node, code)):
            return None
    expression = ast.unparse(value.body)
    from sympy.parsing.sympy_parser import parse_expr, rationalize, standard_transformations
    symbols = {p: sp.Symbol(p) for p in params}
    try:
        body = parse_expr(expression, local_dict=symbols, global_dict={"Integer": sp.Integer, "Float": sp.Float,
                                                                        "Rational": sp.Rational, "Symbol": sp.Symbol},
                          transformations=standard_transformations + (rationalize,))
    except (SyntaxError, TypeError, ValueError, ZeroDivisionError, sp.SympifyError):
        return None
    if not isinstance(body, sp.Expr) or not body.free_symbols & set(symbols.values()) \
            or body.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        return None
    return CodeDefinition(f.name, tuple(symbols[p] for p in params), body, 0,
                          f"def {f.name}({', '.join(params)}): return {ast.unparse(statements[0].value)}")


def _plain_decimal(node: ast.Constant, code: str) -> bool:
    """A float written as plain decimal digits (0.5, 1701.0), never with an exponent (1e-3) or a huge size."""
    written = ast.get_source_segment(code, node) or ""
    return bool(re.fullmatch(r"\d+\.\d*|\.\d+", written))
