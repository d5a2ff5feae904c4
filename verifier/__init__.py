"""verifier: derivations about softmax attention, checked step by step.

The authoring API is all a derivation file needs:

    from verifier import calc, seed, size, index, vector, positive, Σ
"""
from sympy import E, Rational, exp, log, oo, pi, sqrt  # noqa: F401  (the math a derivation file uses)

from .authoring.chain import Derivation, ExperimentOutcome, calc, seed
from .authoring.meanings import Bound, Limit, Measure, Series
from .authoring.reductions import maximum, minimum
from .authoring.symbols import Σ, index, interval, mean, nonnegative, positive, real, size, vector
from .verdicts import Plot, Table, Verdict

__all__ = [
    "Derivation", "ExperimentOutcome", "calc", "seed",
    "Bound", "Limit", "Measure", "Series",
    "maximum", "minimum",
    "Σ", "index", "interval", "mean", "nonnegative", "positive", "real", "size", "vector",
    "Plot", "Table", "Verdict",
    "E", "Rational", "exp", "log", "oo", "pi", "sqrt",
]
