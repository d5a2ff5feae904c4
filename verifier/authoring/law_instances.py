"""Laws at which a step read from a text is looked at again: `at_law("X = 2 with probability 1", {E_X_: 2, …})`.

A text that writes E[X^2], Var(X) or Cov(X, Y) states an identity about every law its declarations allow.  The
import reads each such quantity as a name of its own (its value is the law's, which the text gives in words), so
a counterexample over free values of those names refutes nothing.  A law that every declaration of the text allows
(a point mass, independent two-point laws, …) gives each quantity one exact value; the step with those values put
in is a claim about numbers (and the text's constants), and a certified counterexample to it refutes the line at
that law.  Agreement at a law proves nothing: a step that holds at every law tried stays as it was.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp


@dataclass(frozen=True)
class LawInstance:
    """One law of the text's random variables: its words ("X = 2 with probability 1") and the exact value it gives
    each quantity the step writes, as ((quantity's symbol, value), …)."""
    words: str
    values: tuple = ()
    shown: tuple = ()       # ((symbol, the quantity as the text writes it: "E[X^2]"), …), for the certificate
    satisfies: tuple = ()   # what the text states in words that the law has ("with mean $\mu$ and variance …")
    positive: tuple = ()    # the text's names the law takes positive (its deviations): only there does it refute

    def name_of(self, symbol) -> str:
        return dict(self.shown).get(symbol, symbol.name)

    def mapping(self) -> dict:
        return dict(self.values)

    def unreplaced(self, expr) -> bool:
        """Whether expr, with the law applied, still writes an entry of a vector while the law gives vectors of
        quantities their values: that entry may be a quantity of the law under another name (a family the law does
        not give), whose free values refute nothing, so the law decides nothing."""
        families = any(isinstance(k, sp.IndexedBase) for k, _ in self.values)
        return families and isinstance(expr, sp.Basic) and bool(expr.atoms(sp.Indexed))

    def apply(self, expr):
        """expr with each quantity at its value: a family of quantities (E[w_{ij} x_j] for each j, an IndexedBase)
        has its value at every entry, since the law gives every entry of each family one law."""
        if not isinstance(expr, sp.Basic):
            return expr
        families = {k.label.name: v for k, v in self.values if isinstance(k, sp.IndexedBase)}
        if families:
            expr = expr.replace(lambda e: isinstance(e, sp.Indexed) and e.base.label.name in families,
                                lambda e: families[e.base.label.name])
        return expr.xreplace({k: v for k, v in self.values if not isinstance(k, sp.IndexedBase)})


def at_law(words: str, values: dict, shown: dict | None = None, satisfies=(), positive=()) -> LawInstance:
    """The law described by `words`, under which each symbol of `values` (a quantity of the law the text writes,
    `E[X^2]`) has the exact value given (a number, or a formula in the text's constants: E[h - θ] = 2 - θ), and each
    vector of quantities (E[w_{ij} x_j] for each j) that value at every entry; `shown` names each symbol's quantity
    as the text writes it, for the certificate; `satisfies` gives the text's words that the law has (a stated mean
    and variance): a condition in those words does not keep the law from refuting; `positive` names the text's
    constants the law takes positive (a deviation σ of variance σ²): it refutes only where they are."""
    if not isinstance(words, str) or not words.strip():
        raise ValueError("at_law(words, values): say the law in words, e.g. 'X = 2 with probability 1'")
    if not isinstance(values, dict) or not values:
        raise ValueError("at_law(words, values): give the value of each quantity of the law, {E_X_: 2, …}")
    out = []
    for k, v in values.items():
        if not isinstance(k, (sp.Symbol, sp.IndexedBase)):
            raise ValueError(f"at_law: {k!r} is not a declared symbol (a quantity of the law)")
        value = sp.sympify(v)
        if not isinstance(value, sp.Expr) or value.is_real is False or value.has(sp.Float) \
                or any("[" in s.name for s in value.free_symbols):
            raise ValueError(f"at_law: the value of {k} is {v!r}, not an exact real number or a formula in the "
                             "text's constants")
        out.append((k, value))
    names = tuple((k, str(v)) for k, v in (shown or {}).items() if isinstance(k, (sp.Symbol, sp.IndexedBase))
                  and k in values)
    if isinstance(satisfies, str) or not all(isinstance(w, str) for w in satisfies):
        raise ValueError("at_law: satisfies= takes the text's words, a list of strings")
    if not isinstance(positive, (list, tuple)) or not all(isinstance(s, sp.Symbol) and "[" not in s.name
                                                          for s in positive):
        raise ValueError("at_law: positive= takes the text's constants the law takes positive, a list of symbols")
    return LawInstance(words.strip(), tuple(out), names, tuple(satisfies), tuple(positive))
