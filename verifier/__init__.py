"""verifier: derivations about softmax attention, checked step by step.

The authoring API is all a derivation file needs:

    from verifier import calc, seed, size, index, vector, positive, Σ, tends, max_over

None of its names collides with SymPy's (or sympy.stats'), so `from sympy import *` may come
before or after `from verifier import *`.
"""
import sys as _sys

# A derivation file is code its author runs, so Python's guard against turning huge untrusted integers into text
# guards nothing here; with it, 10**5000/2**n → 0 (true) came out an error (printing it hit the 4300-digit limit).
if hasattr(_sys, "set_int_max_str_digits"):
    _sys.set_int_max_str_digits(0)

# SymPy's own objects, identical to `from sympy import …`, so importing SymPy before or after verifier
# changes nothing.  E is not among them: sympy.stats.E is the expectation, and a file using both would
# get whichever it imported last.  Write exp(1) for Euler's number.
from sympy import Rational, exp, log, oo, pi, sqrt  # noqa: F401

from .authoring.chain import Derivation, ExperimentOutcome, calc, seed
from .authoring.claims import Claim, claim
from .authoring.meanings import Measure, one_sided, series_order, tends
from .authoring.reductions import max_over, min_over
from .authoring.written import as_written, decimal
from .authoring.symbols import (Σ, complex_number, exponential, index, integer, interval, laplace, mean,
                                nonnegative, normal, positive, real, size, vector)
from .verdicts import Plot, Table, Verdict
# Random variables and expectations.  normal, laplace and exponential with plain numbers are still the
# sampling laws of real(..., law=…); with symbols they are laws of random variables.  bernoulli is importable by
# name only: SymPy's own bernoulli (the Bernoulli numbers) would clash under `import *` (categorical([0, 1], …) does).
from .authoring.random_laws import bernoulli, categorical, exponential, laplace, normal, uniform  # noqa: F811
from .authoring.expectations import KL, Cov, Var, draws, expected, independent_variables, random_variable
from .authoring.law_instances import at_law
from .authoring.identity_multiples import identity_multiples
from .authoring.arbitrary_functions import arbitrary_functions

# Older names, still importable by name for existing files, but left out of `import *`: SymPy defines
# Limit, maximum and minimum itself, and whichever star-import came last would win.
from .authoring.meanings import Bound, Limit, Series  # noqa: E402,F401
from .authoring.reductions import maximum, minimum  # noqa: E402,F401

__all__ = [
    "Derivation", "ExperimentOutcome", "calc", "seed",
    "Claim", "claim",
    "Measure", "one_sided", "series_order", "tends",
    "max_over", "min_over", "as_written", "decimal",
    "Σ", "complex_number", "exponential", "index", "integer", "interval", "laplace", "mean",
    "nonnegative", "normal", "positive", "real", "size", "vector",
    "Plot", "Table", "Verdict",
    "random_variable", "independent_variables", "draws", "expected", "Var", "Cov", "KL", "uniform", "categorical",
    "at_law", "arbitrary_functions",
    "Rational", "exp", "log", "oo", "pi", "sqrt",
]


def _notebook_html(derivation):
    # Imported on first display only: writing a derivation never loads the checker.
    from .present.notebook import derivation_html
    return derivation_html(derivation)


from .authoring import chain as _chain  # noqa: E402

_chain.DISPLAY["html"] = _notebook_html
