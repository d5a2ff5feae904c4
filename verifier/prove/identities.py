"""Symbolic strategies: each tries to show lhs − rhs is zero (or of known sign).

Strategies run cheapest first, each under its own time limit, and the first
success names the method.  None of them uses force=True, which 'proves' false
identities such as log(x·y) = log x + log y for negative x, y.  A failure here
is never a refutation: SymPy misses true identities, so only numbers refute.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import sympy as sp

from .intervals import certified_sign
from .sums import SumAtoms, canonical, concrete, linear_normal_form, resolve_index_ranges
from ..authoring.symbols import domain_of
from .timeouts import StrategyTimeout, time_limit

DEFAULT_LIMIT = 5.0   # seconds per strategy
CONCRETE_SIZES = range(1, 7)


@dataclass
class Proof:
    method: str
    scope: str


def _zero(e: sp.Expr) -> bool:
    return e == 0 or e.is_zero is True


# Each transform is tried on the difference; they are sound rewrites that differ in reach and cost.
TRANSFORMS: list[tuple[str, Callable[[sp.Expr], sp.Expr]]] = [
    ("exact match", lambda d: d),
    ("expand", sp.expand),
    ("cancel/together", lambda d: sp.cancel(sp.together(d))),
    ("expand_log/powsimp", lambda d: sp.expand(sp.powsimp(sp.expand_log(d)))),
    # sympy.stats answers in erfc and sinh; written as erf and exp they cancel against closed forms.
    ("rewrite as exp/erf", lambda d: sp.expand(d.rewrite(sp.erf).rewrite(sp.exp))),
    ("simplify", sp.simplify),
]


CHEAP = [name for name, _ in TRANSFORMS if name != "simplify"]


def run_transforms(diff: sp.Expr, test: Callable[[sp.Expr], bool], limit: float,
                   only: list[str] | None = None) -> tuple[str | None, list[str]]:
    """First transform (of `only`, default all) after which `test` holds, and notes on those that failed."""
    notes = []
    for name, transform in TRANSFORMS:
        if only is not None and name not in only:
            continue
        try:
            with time_limit(limit):
                if test(transform(diff)):
                    return name, notes
        except StrategyTimeout:
            notes.append(f"{name} timed out after {limit:g} s")
        except Exception as exc:  # SymPy internals raise anything (even StopIteration); a failed strategy is just not a proof
            notes.append(f"{name} failed: {exc.__class__.__name__}")
    return None, notes


def size_symbols(expr: sp.Expr) -> list[sp.Symbol]:
    return sorted((s for s in expr.free_symbols if (d := domain_of(s)) and d.kind == "size"), key=str)


def prepare(lhs: sp.Expr, rhs: sp.Expr) -> tuple[sp.Expr, sp.Expr]:
    lhs, rhs = resolve_index_ranges(sp.sympify(lhs)), resolve_index_ranges(sp.sympify(rhs))
    return canonical(lhs), canonical(rhs)


def prove_zero(diff: sp.Expr, limit: float = DEFAULT_LIMIT) -> tuple[str | None, list[str]]:
    """A method showing diff == 0 for every value of its symbols, or None.

    Cheap rewrites go first, then sum linearity with cheap rewrites, and only
    then simplify, which can cost seconds per call on expressions with sums.
    """
    key = (diff, limit)
    if key not in _ZERO_CACHE:
        _ZERO_CACHE[key] = _prove_zero(diff, limit)
    return _ZERO_CACHE[key]


_ZERO_CACHE: dict = {}     # the same identity is often re-proved where a fact is cited or a chain repeats


def _prove_zero(diff, limit):
    method, notes = run_transforms(diff, _zero, limit, only=CHEAP)
    if method:
        return method, notes
    normal = None
    if diff.has(sp.Sum):
        try:
            with time_limit(limit):
                normal = linear_normal_form(diff, SumAtoms())
        except StrategyTimeout:
            notes.append(f"sum linearity timed out after {limit:g} s")
        except Exception as exc:  # an unusual sum shape is a failed strategy, not a crash
            notes.append(f"sum linearity failed: {exc.__class__.__name__}")
        if normal is not None:
            m2, n2 = run_transforms(normal, _zero, limit, only=CHEAP)
            if m2:
                return f"sum linearity + {m2}", notes + n2
    method, n3 = run_transforms(diff, _zero, limit, only=["simplify"])
    if method:
        return method, notes + n3
    if normal is not None:
        m4, n4 = run_transforms(normal, _zero, limit, only=["simplify"])
        if m4:
            return f"sum linearity + {m4}", notes + n4
        n3 += n4
    return None, notes + n3


def prove_equal(lhs: sp.Expr, rhs: sp.Expr, limit: float = DEFAULT_LIMIT) -> tuple[Proof | None, list[str]]:
    """Prove lhs = rhs for generic sizes, and also at n = 1…6 when a size appears.

    The scope says which was achieved: a generic proof is stronger than the
    concrete cases, which are still reported because they are independent.
    """
    sizes = sorted(set(size_symbols(sp.sympify(lhs))) | set(size_symbols(sp.sympify(rhs))), key=str)
    lhs, rhs = prepare(lhs, rhs)
    method, notes = prove_zero(lhs - rhs, limit)
    if not sizes:
        return (Proof(method, "all values") if method else None), notes
    # After a generic proof the concrete cases are a second opinion: cheap rewrites, a small budget,
    # and the scope reports how far they got.
    reached, concrete_notes = prove_concrete(lhs - rhs, sizes[0], limit, cheap_only=bool(method))
    if method:
        also = "n = 1" if reached == 1 else f"n = 1…{reached}"
        scope = "generic n" + (f"; also {also} by expansion" if reached else "")
        return Proof(method, scope), notes
    if reached == CONCRETE_SIZES[-1]:
        return Proof("expansion at concrete n", f"n = 1…{CONCRETE_SIZES[-1]} only"), notes + concrete_notes
    return None, notes + concrete_notes


def free_index_values(expr: sp.Expr, n: sp.Symbol, value: int):
    """All assignments of the free indices of expr within 1…value."""
    import itertools
    idx = sorted((s for s in expr.free_symbols if (d := domain_of(s)) and d.kind == "index" and d.size == n), key=str)
    ranges = [range(domain_of(j).start, value + 1) for j in idx]
    for combo in itertools.product(*ranges):
        yield dict(zip(idx, combo))


SECOND_OPINION_BUDGET = 0.5   # seconds for the concrete-n cases once a generic proof exists


def prove_concrete(diff: sp.Expr, n: sp.Symbol, limit: float, cheap_only: bool = False) -> tuple[int, list[str]]:
    """The largest k such that diff == 0 at every n = 1…k (k ≤ 6), every free index enumerated.

    As a second opinion (cheap_only, after a generic proof) it gets a small total
    budget; running out only shortens the range it reports.
    """
    deadline = time.monotonic() + (SECOND_OPINION_BUDGET if cheap_only else float("inf"))

    def budget():
        left = deadline - time.monotonic()
        if left <= 0:
            raise StrategyTimeout()
        return min(limit, left)

    reached = 0
    try:
        for value in CONCRETE_SIZES:
            with time_limit(budget()):
                at_n = concrete(diff, n, value)
            for assignment in free_index_values(at_n, n, value):
                concrete_diff = at_n.subs(assignment)
                method, notes = run_transforms(concrete_diff, _zero, budget(), only=CHEAP)
                if not method and not cheap_only:
                    method, notes = run_transforms(concrete_diff, _zero, budget(), only=["simplify"])
                if not method:
                    return reached, [f"not shown at n = {value}"] + notes
            reached = value
    except StrategyTimeout:
        return reached, [f"expansion at n = {reached + 1} ran out of time"]
    return reached, []


def decided_sign(e: sp.Expr, strict: bool) -> bool:
    """e > 0 (or ≥ 0) by SymPy's assumptions; for a closed-form constant, by interval arithmetic.

    SymPy decides the sign of a constant such as C(1) − 0.4744… by evaluating it in
    floating point (evalf); that alone is numeric evidence, so the sign must be
    certified by an enclosure that excludes 0.
    """
    if e.is_number and not e.is_Rational:
        return certified_sign(e, strict)
    return (e.is_positive if strict else e.is_nonnegative) is True


def prove_nonnegative(expr: sp.Expr, strict: bool = False, limit: float = DEFAULT_LIMIT) -> tuple[str | None, list[str]]:
    """A method showing expr ≥ 0 (or > 0) from the declared assumptions, or None."""
    def test(e):
        return decided_sign(e, strict)
    expr = canonical(resolve_index_ranges(expr))
    if expr.is_number and not expr.is_Rational:
        certified = certified_sign(expr, strict)
        return ("sign of a closed-form constant by interval arithmetic (mpmath.iv)" if certified else None), []
    method, notes = run_transforms(expr, test, limit)
    if method:
        return f"sign of {method}", notes
    try:
        with time_limit(limit):
            f = sp.factor(expr)
            if test(f):
                return "sign of factor", notes
            how = _factors_of_known_sign(f, strict, limit)
            if how:
                return how, notes
    except (StrategyTimeout, NotImplementedError, TypeError, ValueError):
        pass
    if expr.has(sp.Sum):
        normal = linear_normal_form(expr, SumAtoms())
        m2, n2 = run_transforms(normal, test, limit)
        if m2:
            return f"sum linearity + sign of {m2}", notes + n2
    return None, notes


def _monotone_difference(e: sp.Expr) -> sp.Expr | None:
    """A − B when e = f(A) − f(B) for f = exp or log, which are increasing; else None.

    SymPy cannot tell that e^δ − 1 ≥ 0 for δ ≥ 0; as exp(δ) − exp(0) it reduces to δ ≥ 0.
    """
    terms = sp.Add.make_args(e)
    if len(terms) != 2:
        return None
    pos = [t for t in terms if not t.could_extract_minus_sign()]
    neg = [-t for t in terms if t.could_extract_minus_sign()]
    if len(pos) != 1 or len(neg) != 1:
        return None
    big, small = pos[0], neg[0]
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


def _factors_of_known_sign(product: sp.Expr, strict: bool, limit: float) -> str | None:
    """How every factor of the product is known ≥ 0 (> 0 if strict), or None.

    A negative constant may pair with one factor: −log A with A ≤ 1 (so −p log p ≥ 0 for
    0 < p ≤ 1), or −g with −g of known sign.
    """
    factors = list(sp.Mul.make_args(product))
    negative = [f for f in factors if f.is_number and f.is_negative]
    if len(negative) == 1:
        rest = [f for f in factors if f is not negative[0]]
        for k, g in enumerate(rest):
            if isinstance(g, sp.log):
                flipped = "log of a number ≤ 1" if prove_nonnegative(1 - g.args[0], strict, limit)[0] else None
            else:
                flipped = _factor_has_sign(sp.expand(-g), strict, limit)
            if flipped:
                others = [_factor_has_sign(f, strict, limit) for f in rest[:k] + rest[k + 1:]]
                return _joined([flipped] + others) if all(others) else None
        return None
    reasons = [_factor_has_sign(f, strict, limit) for f in factors]
    return _joined(reasons) if all(reasons) else None


def _joined(reasons: list[str]) -> str:
    special = [r for r in dict.fromkeys(reasons) if r != "assumptions"]
    return "sign of each factor" + (f" ({'; '.join(special)})" if special else "")


def _factor_has_sign(factor: sp.Expr, strict: bool, limit: float) -> str | None:
    """How factor ≥ 0 (> 0 if strict) is known: assumptions, a power, exp/log monotonicity, or convexity."""
    if decided_sign(factor, strict):
        return "assumptions"
    base, exponent = factor.as_base_exp()
    if exponent.is_integer and exponent != 1 and not isinstance(factor, sp.exp):
        # b^k > 0 when b > 0; an even power is ≥ 0 whatever b is.
        inner = _factor_has_sign(base, True, limit)
        if inner:
            return inner
        return "even power" if not strict and exponent.is_even is True else None
    reduced = _monotone_difference(factor)
    if reduced is not None:
        return "exp/log increasing" if prove_nonnegative(reduced, strict, limit)[0] is not None else None
    from .inequalities import _convex_univariate   # a one-variable factor, e.g. Δe^Δ − e^Δ + 1 on Δ > 0
    proof, _ = _convex_univariate(factor, strict, limit)
    return proof.method if proof else None
