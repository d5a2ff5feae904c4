"""Whether both sides of a claim are defined at every admissible value, as a proof needs.

The numbers count a point where a side is undefined (a division by 0, log 0) against the
claim unless the declared domain excludes it.  The rewrites do not see such points:
cancel turns (x² − x)/x − (x − 1) into 0, true only for x ≠ 0.  The numbers catch x = 0
(they sample it), but (x² − 1/9)/(x − 1/3) = x + 1/3 fails at x = 1/3, which no sample
hits, and came out proved.  So a proof for "all values" also needs every denominator and
every log argument shown nonzero from the declarations; otherwise it is refused.

And a declaration can contradict itself: interval("p", -1, 1, positive=True) gives SymPy
p > 0 while the numbers draw p from [−1, 1].  A proof from such assumptions is no proof
about the declared domain, so it is refused too.
"""
from __future__ import annotations

from typing import Callable

import sympy as sp

from .. import functions
from ..authoring.reductions import IndexedMax
from ..authoring.symbols import bounds_box, domain_of, shown_number
from ..verdicts import Formula, Said
from .intervals import decided_sign, excludes_zero_on, holds_on_box, iv
from .outcome import ProofOutcome
from .signs import positive_without_calculus
from .sums import REDUCTIONS, SumAtoms, linear_normal_form, nonnegative_on, substitute

Positive = Callable[[sp.Expr], bool]

# The singular sets come from the one table of functions (verifier/functions.py).
# Poles at points their argument's sign does not settle (tan at π/2 + kπ, ζ at 1).
POLAR = functions.with_singular(functions.ANYWHERE)
# Poles at 0, −1, −2, …: defined when the (last) argument is positive.
GAMMA_LIKE = functions.with_singular(functions.NONPOSITIVE_INTEGERS)
# Poles at −1, −2, …: defined when the argument is ≥ 0 (harmonic, factorial).
NEGATIVE_INTEGER_POLES = functions.with_singular(functions.NEGATIVE_INTEGERS)
# Singular only where the argument is 0 (log, Ei, K_ν): defined when it is shown ≠ 0.
AT_ZERO = functions.with_singular(functions.AT_ZERO)


def _size_floors(expr) -> dict:
    """n ↦ (low − 1) + n' with n' ≥ 1 for a size declared with low ≥ 2, which SymPy's assumptions do not say."""
    reps = {}
    for sym in expr.free_symbols:
        d = domain_of(sym)
        if d is not None and d.kind == "size" and d.low and int(d.low) > 1:
            reps[sym] = sp.Dummy(f"{sym}_", integer=True, positive=True) + int(d.low) - 1
    return reps


def declared_box(expr: sp.Expr) -> dict:
    """{symbol or entry: interval} for the symbols of expr: where a claim about them is meant.

    A range declared as a hypothesis (interval(), integer(), vector(confined=True): Domain.confined) bounds the box;
    a range that only says where the numbers sample (real(), positive(), vector()) does not,
    since the report presents it as a sampling range and the claim is meant wherever the
    assumptions allow: x = 5 is a real number even if x is sampled on [−3, 3].
    """
    box = {}
    atoms = set(expr.free_symbols) | set(expr.atoms(sp.Indexed))
    for a in atoms:
        sym = a.base.label if isinstance(a, sp.Indexed) else a
        d = domain_of(a.base if isinstance(a, sp.Indexed) else a)
        if d is None:
            continue
        if d.kind in ("real", "integer", "vector") and d.confined and d.law is None \
                and d.low is not None and d.high is not None:
            box[a] = bounds_box(d.low, d.high)     # exact bounds (Rational(1, 3)) rounded outward
        elif d.kind == "size":
            box[a] = iv.mpf([int(d.low or 1), "inf"])
        elif d.kind in ("real", "integer", "vector"):
            if sym.is_positive or (isinstance(a, sp.Indexed) and a.is_positive):
                box[a] = iv.mpf(["0", "inf"])          # open at 0, but a closed box only widens it
            elif sym.is_nonnegative or (isinstance(a, sp.Indexed) and a.is_nonnegative):
                box[a] = iv.mpf(["0", "inf"])
            else:
                box[a] = iv.mpf(["-inf", "inf"])
    return box


def _signed(b: sp.Expr) -> bool:
    return b.is_nonzero is True or decided_sign(b, True) or decided_sign(-b, True)


def _nonzero(b: sp.Expr, context: list, positive: Positive | None) -> bool:
    if _signed(b):
        return True
    box = declared_box(b)
    if box and excludes_zero_on(b, box):
        return True
    original, b = b, b.xreplace(_size_floors(b))
    if _signed(b):
        return True
    bound = {var for var, _, _ in context}
    if b.free_symbols & bound:
        # An integer linear in the indices of the enclosing ranges: ≥ 1 (or ≤ −1) on the whole range.
        if b.is_integer:
            try:
                return nonnegative_on(b - 1, context) or nonnegative_on(-b - 1, context)
            except (TypeError, ValueError):
                return False
        return False
    if b.has(sp.Sum, sp.Product):
        if _signed(linear_normal_form(b, SumAtoms())) or _sum_beyond_one_term(original):
            return True
    # The original too: a declared fact (x nonconstant) is about sums over x's own range n, not n' + 1.
    return positive is not None and (positive(b) or positive(-b) or (original != b and positive(original)))


def _nonnegative_integer(exponent, context) -> bool:
    """An integer exponent ≥ 0 on the ranges of the enclosing sums (q^k in Σ_{k=0}^{n−1}: 0⁰ = 1 is defined)."""
    if exponent.is_integer is not True or not (exponent.free_symbols & {var for var, _, _ in context}):
        return False
    try:
        return nonnegative_on(exponent, list(context))
    except (TypeError, ValueError):
        return False


def _sum_beyond_one_term(b: sp.Expr) -> bool:
    """b = Σ_{j=lo}^{hi} f(j) − f(k) + r with f > 0, r ≥ 0, k an index over lo…hi and at least two terms: b > 0.

    Σ_j e^{s_j} − e^{s_k} is the sum over j ≠ k, positive once the range has another term
    (n ≥ 2, declared with size("n", low=2)), though 0 at n = 1.
    """
    floors = _size_floors(b)
    for node in b.atoms(sp.Sum):
        if len(node.limits) != 1 or node.function.is_positive is not True:
            continue
        j, lo, hi = node.limits[0]
        if not nonnegative_on(sp.expand((hi - lo - 1).xreplace(floors)), []):
            continue
        for k in sorted(b.free_symbols, key=str):
            d = domain_of(k)
            if d is None or d.kind != "index" or (sp.Integer(d.start), d.size) != (lo, hi):
                continue
            rest = b - node + substitute(node.function, {j: k})
            if rest == 0 or decided_sign(rest, False):
                return True
    return False


def _running_between(var, lo, hi) -> sp.Expr:
    """A stand-in for var that carries the sign its limits give it (lo ≤ var ≤ hi, in either order)."""
    low, high = (lo, hi) if (hi - lo).is_nonnegative else (hi, lo) if (lo - hi).is_nonnegative else (None, None)
    if low is not None and low.is_positive:
        return sp.Dummy(str(var), positive=True)
    if high is not None and high.is_negative:
        return sp.Dummy(str(var), negative=True)
    return var


def pole_reason(expr: sp.Expr, positive: Positive | None = None, context: tuple = ()) -> str | None:
    """Why expr may be undefined at an admissible value (a possible pole), or None when it cannot be.

    `positive` proves e > 0 for the denominators the quick checks miss (convexity's prover takes it
    the same way); the ranges of enclosing sums and products are known for their indices.
    """
    if not isinstance(expr, sp.Basic):
        return None
    if expr in (sp.zoo, sp.nan):
        return Said(Formula.of(expr), " is undefined")
    if expr.is_Atom or not expr.args:
        return None
    if isinstance(expr, sp.Pow):
        base, exponent = expr.args
        if exponent.is_nonnegative is not True and not _nonnegative_integer(exponent, context) \
                and not _nonzero(base, list(context), positive):
            return Said(Formula.of(expr), ": ", Formula.of(base), " not shown ≠ 0")
    elif (kind := functions.singular_kind(expr)) == functions.AT_ZERO:
        value = expr.args[functions.facts(expr).value]
        if not _nonzero(value, list(context), positive):
            return Said(Formula.of(expr), ": ", Formula.of(value), " not shown ≠ 0")
    elif kind == functions.ANYWHERE:
        return Said(Formula.of(expr), " may have a pole")
    elif kind == functions.INSIDE_UNIT:
        gap = 1 - expr.args[-1] ** 2
        if not (decided_sign(gap, True) or (positive is not None and positive(gap))
                or holds_on_box(gap, declared_box(gap), lambda r: bool(r.a > 0))):
            return Said(Formula.of(expr), ": |", Formula.of(expr.args[-1]), "| not shown < 1")
    elif kind == functions.UNKNOWN:
        return Said(Formula.of(expr), ": ", type(expr).__name__,
                    " is not in the table of functions (it may have no value)")
    elif kind == functions.NONPOSITIVE_INTEGERS:
        if not decided_sign(expr.args[-1], True):
            return Said(Formula.of(expr), ": argument not shown > 0")
    elif kind == functions.NEGATIVE_INTEGERS:
        if not decided_sign(expr.args[-1], False):
            return Said(Formula.of(expr), ": argument not shown ≥ 0")
    elif isinstance(expr, sp.LambertW) and len(expr.args) == 2 and expr.args[1] != 0:
        # W_k for k ≠ 0 is singular at 0 (W₋₁(x) → −∞ as x → 0⁻).
        if not _nonzero(expr.args[0], list(context), positive):
            return Said(Formula.of(expr), ": ", Formula.of(expr.args[0]), " not shown ≠ 0")
    if isinstance(expr, sp.Integral) and all(len(lim) == 3 for lim in expr.limits):
        # The integration variable runs between its limits: ∫_1^2 dt/t has no pole, ∫_{-1}^{1} dt/t has.
        body = expr.function
        for var, lo, hi in expr.limits:
            why = pole_reason(lo, positive, context) or pole_reason(hi, positive, context)
            if why:
                return why
            body = body.xreplace({var: _running_between(var, lo, hi)})
        return pole_reason(body, positive, context)
    if isinstance(expr, IndexedMax):
        # A maximum (or minimum) of nothing has no value: max_{k=1}^{n−1} s_k at n = 1.
        (_, lo, hi), = expr.limits
        if not nonnegative_on(sp.expand((hi - lo).xreplace(_size_floors(hi - lo))), list(context)):
            return Said(Formula.of(expr), ": its range may be empty")
    if isinstance(expr, REDUCTIONS):
        inner = tuple(context)
        for var, lo, hi in reversed(expr.limits):       # outermost first
            for end in (lo, hi):
                why = pole_reason(end, positive, inner)
                if why:
                    return why
            inner += ((var, lo, hi),)
        return pole_reason(expr.function, positive, inner)
    for a in expr.args:
        why = pole_reason(a, positive, context)
        if why:
            return why
    return None


def contradicted_declaration(expr: sp.Expr) -> str | None:
    """A symbol whose SymPy assumptions exclude part of its declared domain, or None."""
    symbols = set(expr.free_symbols) | {b.label for b in expr.atoms(sp.IndexedBase)}
    for sym in sorted(symbols, key=str):
        d = domain_of(sym)
        if d is None or d.kind not in ("real", "integer", "vector") or d.law is not None:
            continue
        low, high = d.low, d.high
        wrong = ((sym.is_positive and low is not None and low < 0)
                 or (sym.is_nonnegative and low is not None and low < 0)
                 or (sym.is_negative and high is not None and high > 0)
                 or (sym.is_nonpositive and high is not None and high > 0))
        if wrong:
            return (f"{sym} is declared on [{shown_number(low)}, {shown_number(high)}] but assumed "
                    f"{'positive' if sym.is_positive else 'nonnegative' if sym.is_nonnegative else 'negative' if sym.is_negative else 'nonpositive'}"
                    ": a proof from that assumption says nothing about the declared domain")
    return None


def undefined_reason(*sides: sp.Expr, positive: Positive | None = None) -> str | None:
    """Why a proof about these sides would not hold at every admissible value; None when nothing stands in the way."""
    for side in sides:
        why = contradicted_declaration(sp.sympify(side))
        if why:
            return why
    for side in sides:
        why = pole_reason(sp.sympify(side), positive)
        if why:
            return Said("a side may be undefined where the declarations allow (", why, ")")
    return None


def sign_prover(limit: float) -> Positive:
    """The sign strategies without calculus, on a short limit: for the denominators the quick checks miss."""
    return positive_without_calculus(min(limit, 1.0))


def refuse_if_undefined(out: ProofOutcome, *sides: sp.Expr, limit: float) -> ProofOutcome:
    """The outcome unchanged, unless it is a proof about sides that may be undefined somewhere admissible.

    Applied by the entry points (api.py) to whatever strategy succeeded: definedness is a property
    of the claim, not of the route to its proof.
    """
    if out.proof is None:
        return out
    # The sides as stated: renaming bound indices canonically may cancel an undefined term against itself.
    why = undefined_reason(*sides, positive=sign_prover(limit))
    if why is None:
        return out
    return ProofOutcome(None, out.notes + [Said(out.strategy or out.proof.method, " would prove it, but ", why)])
