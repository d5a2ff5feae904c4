"""A lemma's hypotheses at an instance: lemma.at(u=σ₁²/σ₂²) is usable only where σ₁²/σ₂² is an admissible u."""
from __future__ import annotations

import sympy as sp

from ..authoring.symbols import bound_as_written, domain_of
from .signs import prove_nonnegative


def instance_reason(values: dict, limit: float = 2.0) -> str | None:
    """Why a lemma about the symbols in `values` may not be used at these values, or None when each value is
    shown to satisfy its symbol's declaration: its SymPy assumptions (u > 0, integer, real) and, for a range
    declared as a hypothesis (interval(), integer()), its bounds, strict at an open end."""
    def shown(e, strict):
        e = sp.sympify(e)
        if (e.is_positive if strict else e.is_nonnegative) is True:
            return True
        return prove_nonnegative(e, strict, limit).method is not None

    for sym, value in values.items():
        value = sp.sympify(value)
        name, text = str(sym), sp.sstr(value)
        if not isinstance(sym, sp.Symbol) or isinstance(sym, sp.Indexed):
            return f"{sym} is not a scalar symbol"
        if sym.is_real and value.is_real is not True:
            return f"{name} is real, and {text} is not shown real"
        if sym.is_integer and value.is_integer is not True:
            return f"{name} is an integer, and {text} is not shown to be one"
        for flag, strict, sign, words in (("positive", True, 1, "> 0"), ("nonnegative", False, 1, "≥ 0"),
                                          ("negative", True, -1, "< 0"), ("nonpositive", False, -1, "≤ 0")):
            if getattr(sym, f"is_{flag}") and not shown(sign * value, strict):
                return f"its hypothesis {name} {words} is not shown for {name} = {text}"
        if getattr(sym, "is_zero", None) is False and not (shown(value, True) or shown(-value, True)):
            return f"its hypothesis {name} ≠ 0 is not shown for {name} = {text}"
        d = domain_of(sym)
        if d is not None and d.confined and d.low is not None and d.high is not None:
            low, high = bound_as_written(d.low), bound_as_written(d.high)
            if not shown(value - low, d.open_low):
                return f"its hypothesis {name} {'>' if d.open_low else '≥'} {low} is not shown for {name} = {text}"
            if not shown(high - value, d.open_high):
                return f"its hypothesis {name} {'<' if d.open_high else '≤'} {high} is not shown for {name} = {text}"
        if d is not None and d.kind == "size":
            if value.is_integer is not True or not shown(value - int(d.low or 1), False):
                return f"{name} is a size ≥ {int(d.low or 1)}, not shown for {name} = {text}"
    return None
