"""The sign of one expression: assumptions, interval arithmetic, factors, monotonicity of exp and log.

Everything here shows expr ≥ 0 (or > 0) for every value of its symbols allowed by
their declarations.  A one-variable factor may also be signed by convexity, which is
handed this module's own sign prover so that it never imports it back.
"""
from __future__ import annotations

import sympy as sp

from ..verdicts import Said
from . import hypotheses
from .convexity import convex_univariate
from .identities import DEFAULT_LIMIT, Search, prepare, run_transforms
from .intervals import certified_sign, decided_sign
from .monotone import two_sides
from .sums import SumAtoms, linear_normal_form
from .timeouts import StrategyTimeout, time_limit

MAX_DEPTH = 3     # nested sign questions (a factor's factor's …) beyond this are not pursued


def prove_nonnegative(expr: sp.Expr, strict: bool = False, limit: float = DEFAULT_LIMIT, depth: int = 0,
                      calculus: bool = True) -> Search:
    """A method showing expr ≥ 0 (or > 0) from the declared assumptions, or none.

    calculus=False leaves out convexity, for the side conditions a convexity argument itself needs.
    """
    def test(e):
        return decided_sign(e, strict)
    expr = prepare(expr)
    if expr.is_number and not expr.is_Rational:
        certified = certified_sign(expr, strict)
        return Search("sign of a closed-form constant by interval arithmetic (mpmath.iv)" if certified else None)
    found = run_transforms(expr, test, limit)
    if found.method:
        return Search(Said("sign of ", found.method), found.notes)
    notes, timed_out = found.notes, found.timed_out
    if depth < MAX_DEPTH:
        try:
            with time_limit(limit):
                f = sp.factor(expr)
                known = test(f)
            if known:
                return Search("sign of factor", notes)
            # Each factor's sign is its own question, under its own limits.
            how = _factors_of_known_sign(f, strict, limit, depth + 1, calculus)
            if how:
                return Search(how, notes)
        except StrategyTimeout:
            notes, timed_out = notes + [f"factor timed out after {limit:g} s"], True
        except (NotImplementedError, TypeError, ValueError):
            pass
    if expr.has(sp.Sum):
        normal = linear_normal_form(expr, SumAtoms())
        more = run_transforms(normal, test, limit)
        if more.method:
            return Search(Said("sum linearity + sign of ", more.method), notes + more.notes)
        notes, timed_out = notes + more.notes, timed_out or more.timed_out
    if depth < MAX_DEPTH and hypotheses.has_hypotheses(expr):
        # Declared ranges (γ ∈ [0.5, 0.99], p ∈ (0, 1)) and vector facts (nonconstant) as assumptions.
        def prove(e, s):
            return prove_nonnegative(e, s, limit, depth + 1, calculus).method
        try:
            how = hypotheses.sign_under_hypotheses(expr, strict, prove)
        except StrategyTimeout:
            raise
        except Exception as exc:  # an unusual shape is simply not this route
            how, notes = None, notes + [f"declared hypotheses failed: {exc.__class__.__name__}"]
        if how:
            return Search(how, notes)
    return Search(None, notes, timed_out)


def positive_without_calculus(limit: float):
    """e > 0 by every sign route except convexity: what a convexity argument may itself rely on."""
    def positive(e: sp.Expr) -> bool:
        return decided_sign(e, True) or prove_nonnegative(e, True, limit, 0, calculus=False).method is not None
    return positive


def monotone_difference(e: sp.Expr) -> sp.Expr | None:
    """A − B when e = f(A) − f(B) for f = exp or log, which are increasing; else None.

    SymPy cannot tell that e^δ − 1 ≥ 0 for δ ≥ 0; as exp(δ) − exp(0) it reduces to δ ≥ 0.
    """
    sides = two_sides(e)
    if sides is None:
        return None
    big, small = sides
    for f, inverse in ((sp.exp, sp.log), (sp.log, sp.exp)):
        if not (isinstance(big, f) or isinstance(small, f)):
            continue
        # The side that is not f(·) is written as f(f⁻¹(·)): log(A) − s_i ≥ 0 iff A − e^{s_i} ≥ 0.
        a = big.args[0] if isinstance(big, f) else inverse(big)
        b = small.args[0] if isinstance(small, f) else inverse(small)
        if f is sp.log and not (_positive(a) and _positive(b)):
            return None
        if f is sp.exp and not (a.is_real and b.is_real):
            return None
        return a - b
    return None


def _positive(e: sp.Expr) -> bool:
    if e.is_positive:
        return True
    if e.has(sp.Sum):
        # e.g. (1/n) Σ_i (1 + λ(s_i − s̄)) is 1 once the sum is split.
        return linear_normal_form(e, SumAtoms()).is_positive is True
    return False


def _factors_of_known_sign(product: sp.Expr, strict: bool, limit: float, depth: int, calculus: bool) -> str | None:
    """How every factor of the product is known ≥ 0 (> 0 if strict), or None.

    A negative constant may pair with one factor: −log A with 0 < A ≤ 1 (so −p log p ≥ 0 for
    0 < p ≤ 1), or −g with −g of known sign.
    """
    factors = list(sp.Mul.make_args(product))
    negative = [f for f in factors if f.is_number and f.is_negative]
    if len(negative) == 1:
        rest = [f for f in factors if f is not negative[0]]
        for k, g in enumerate(rest):
            if isinstance(g, sp.log):
                flipped = "log of a number in (0, 1]" if _log_nonpositive(g.args[0], strict, limit, depth, calculus) else None
            else:
                flipped = _factor_has_sign(sp.expand(-g), strict, limit, depth, calculus)
            if flipped:
                others = [_factor_has_sign(f, strict, limit, depth, calculus) for f in rest[:k] + rest[k + 1:]]
                return _joined([flipped] + others) if all(others) else None
        return None
    reasons = [_factor_has_sign(f, strict, limit, depth, calculus) for f in factors]
    return _joined(reasons) if all(reasons) else None


def _log_nonpositive(a: sp.Expr, strict: bool, limit: float, depth: int, calculus: bool) -> bool:
    """log a ≤ 0 (< 0 if strict): a ≤ 1 (< 1), and a > 0, without which log a is not even real."""
    return (prove_nonnegative(a, True, limit, depth, calculus).method is not None
            and prove_nonnegative(1 - a, strict, limit, depth, calculus).method is not None)


def _joined(reasons: list[str]) -> str:
    special = [r for r in dict.fromkeys(reasons) if r != "assumptions"]
    return Said("sign of each factor", *((" (", Said.joined("; ", special), ")") if special else ()))


def _factor_has_sign(factor: sp.Expr, strict: bool, limit: float, depth: int, calculus: bool) -> str | None:
    """How factor ≥ 0 (> 0 if strict) is known: assumptions, a power, exp/log monotonicity, or convexity."""
    if decided_sign(factor, strict):
        return "assumptions"
    base, exponent = factor.as_base_exp()
    if exponent.is_integer and exponent != 1 and not isinstance(factor, sp.exp):
        # b^k > 0 when b > 0; an even power is ≥ 0 whatever b is.
        inner = _factor_has_sign(base, True, limit, depth, calculus)
        if inner:
            return inner
        return "even power" if not strict and exponent.is_even is True and base.is_real is True else None
    reduced = monotone_difference(factor)
    if reduced is not None:
        return "exp/log increasing" if prove_nonnegative(reduced, strict, limit, depth, calculus).method else None
    if not calculus:
        return None
    # A one-variable factor, e.g. Δe^Δ − e^Δ + 1 on Δ > 0.
    out = convex_univariate(factor, strict, limit, positive_without_calculus(limit))
    return out.proof.method if out.proof else None
