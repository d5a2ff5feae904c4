"""Lines as written: an expression SymPy must not evaluate, kept in the chain and printed as the author wrote it.

SymPy evaluates as it builds: √(a²) becomes |a|, Mul(2, x, 3, evaluate=False) is re-evaluated as soon as
anything rebuilds it, and a line that substitutes proved values collapses into the closed form it was
meant to lead to.  The step the author meant to check then compares the closed form with itself.

    as_written(lambda: sqrt(a**2))          # built with evaluation off, kept as √(a²)
    as_written(Mul(2, x, 3, evaluate=False))

wraps the expression in SymPy's UnevaluatedExpr.  The chain keeps it (the next step's left side is the
line as written), the report prints it as written, and a restatement is judged on the lines as written.
What each step claims is the value: the judge hands the strategies and the numbers `evaluated(expr)`, the
same expression with every node rebuilt with evaluation on, so nothing downstream meets the wrapper.
"""
from __future__ import annotations

import sympy as sp


def as_written(expr):
    """The expression kept as written: a callable is called with SymPy's evaluation off; an expression
    (built with evaluate=False) is kept as it is."""
    if callable(expr) and not isinstance(expr, sp.Basic):
        with sp.evaluate(False):
            built = expr()
    else:
        built = expr
    built = sp.sympify(built, strict=True)
    if not isinstance(built, sp.Expr):
        raise TypeError(f"as_written() keeps an expression, not {type(built).__name__}")
    return Written(built)


class Written(sp.UnevaluatedExpr):
    """SymPy's UnevaluatedExpr, which also survives a pickle as written.

    A derivation travels from its loader process as a pickle, and SymPy rebuilds each node by calling its
    class, which evaluates it again (√(a²) came back as |a|).  This node pickles its tree as (class, children)
    and rebuilds it with evaluation off; only classes are named, so the restricted unpickler accepts it."""

    def __new__(cls, arg, **kwargs):
        if isinstance(arg, _Tree):
            with sp.evaluate(False):
                arg = arg.build()
        return super().__new__(cls, arg, **kwargs)

    def __reduce_ex__(self, protocol):
        return (Written, (_Tree.of(self.args[0]),))


class _Tree(tuple):
    """(class, child, …) for a node, the atom itself for an atom: a kept line's shape, as data."""

    @staticmethod
    def of(e):
        if not isinstance(e, sp.Basic) or e.is_Atom or not e.args or isinstance(e, (sp.Indexed, sp.IndexedBase)):
            return e
        return _Tree((type(e),) + tuple(_Tree.of(a) for a in e.args))

    def build(self):
        from sympy.concrete.expr_with_limits import ExprWithLimits
        kind, *children = self
        children = [c.build() if isinstance(c, _Tree) else c for c in children]
        if issubclass(kind, ExprWithLimits):
            with sp.evaluate(True):         # a sum does not evaluate, but with evaluation off it wraps its body in 1·…
                return kind(*children)
        return kind(*children)


def has_written(expr) -> bool:
    return isinstance(expr, sp.Basic) and expr.has(sp.UnevaluatedExpr)


def evaluated(expr):
    """expr with every line kept as written evaluated as SymPy would have: what the step claims about its value."""
    if not has_written(expr):
        return expr
    with sp.evaluate(True):
        return _rebuild(expr)


def _rebuild(e):
    """Outside the kept lines: only the nodes that hold one are rebuilt."""
    if isinstance(e, sp.UnevaluatedExpr):
        return _every_node(e.args[0])
    if not isinstance(e, sp.Basic) or e.is_Atom or not e.args or not e.has(sp.UnevaluatedExpr):
        return e
    return e.func(*[_rebuild(a) for a in e.args])


def _every_node(e):
    """Inside a kept line every node was built unevaluated: each one is rebuilt, so SymPy evaluates it."""
    if isinstance(e, sp.UnevaluatedExpr):
        return _every_node(e.args[0])
    if not isinstance(e, sp.Basic) or e.is_Atom or not e.args:
        return e
    return e.func(*[_every_node(a) for a in e.args])


def decimal(value) -> sp.Rational:
    """The decimal the author wrote, exactly: decimal(0.4754) and decimal("0.4754") are 2377/5000.

    A step refuses a float that is not the number it prints as (0.1, math.log(2)): it cannot tell a
    typed decimal from the binary result of an operation.  decimal() says which was meant: the
    shortest decimal that prints as the float (or the text given), as an exact rational."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float, sp.Float, sp.Rational)):
        raise TypeError(f"decimal() takes a number or its text, e.g. decimal(0.4754) or decimal('0.4754'), "
                        f"not {type(value).__name__}")
    if isinstance(value, (float, sp.Float)) and not sp.Float(value).is_finite:
        raise ValueError(f"decimal({value!r}) is not a finite number")
    if isinstance(value, float) or isinstance(value, sp.Float):
        text = repr(float(value)) if not isinstance(value, sp.Float) or value._prec <= 53 else str(value)
    else:
        text = str(value).strip()
    try:
        return sp.Rational(text)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"decimal({value!r}) is not a finite decimal number") from exc
