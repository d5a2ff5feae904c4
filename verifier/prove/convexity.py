"""Calculus on one real variable: convexity, and monotonicity from 0⁺ — only for smooth functions.

A derivative sees nothing of a jump: t² − 100·[2 < t < 2 + 10⁻⁶] has second derivative 2
wherever it exists.  So every route here first checks that the function is built only
from operations that are infinitely differentiable on the variable's whole domain
(polynomials, exp, log of something positive, powers of something positive, …), and
refuses everything else (Piecewise, Abs, sign, floor, Max, Heaviside, unknown functions).

The sign prover `positive` is passed in by the caller rather than imported, so that
this module sits below the sign strategies that use it.
"""
from __future__ import annotations

from typing import Callable

import sympy as sp

from ..authoring.bound_indices import readable_indices
from .. import functions
from ..verdicts import Formula, Said
from .intervals import decided_sign
from .outcome import Proof, ProofOutcome
from .sums import SumAtoms, outermost
from .timeouts import StrategyTimeout, time_limit

Positive = Callable[[sp.Expr], bool]      # proves e > 0 for every value of its symbols


def _assumed_positive(e: sp.Expr) -> bool:
    return decided_sign(e, True)


def nonsmooth_reason(expr: sp.Expr, var: sp.Symbol, positive: Positive = _assumed_positive) -> str | None:
    """Why expr may fail to be infinitely differentiable in var on var's domain; None when it is smooth."""
    if var not in expr.free_symbols:
        return None
    if expr == var:
        return None
    if isinstance(expr, (sp.Add, sp.Mul)):
        for a in expr.args:
            why = nonsmooth_reason(a, var, positive)
            if why:
                return why
        return None
    if isinstance(expr, sp.Pow):
        base, exponent = expr.args
        if var in exponent.free_symbols or not exponent.is_integer:
            if not positive(base):
                return Said(Formula.of(expr), ": base not shown > 0")
        elif not exponent.is_nonnegative and not (positive(base) or positive(-base)):
            return Said(Formula.of(expr), ": denominator not shown ≠ 0")
        return nonsmooth_reason(base, var, positive) or nonsmooth_reason(exponent, var, positive)
    if isinstance(expr, sp.Function) and (functions.smooth_on_reals_call(expr)
                                          or functions.smooth_where_positive_call(expr)):
        # Smooth in its value argument (on ℝ, or where it is > 0: log, gamma, K_ν); a parameter (a Bessel
        # order, a polynomial degree) must not depend on var.
        entry = functions.facts(expr)
        value = expr.args[entry.value]
        if any(var in a.free_symbols for a in expr.args if a is not value):
            return Said(Formula.of(expr), ": a parameter depends on ", Formula.of(var))
        if functions.smooth_on_reals_call(expr):
            # Entire functions are smooth for any argument; tanh, sech, atan, asinh have poles or cuts off ℝ.
            if (entry.poles or entry.cuts) and value.is_real is not True:
                return Said(Formula.of(expr), ": argument not shown real")
        elif not positive(value):
            return Said(Formula.of(expr), ": argument not shown > 0")
        return nonsmooth_reason(value, var, positive)
    if isinstance(expr, sp.Sum):
        # A sum over a range free of var is a finite sum of its summands: as smooth as they are.
        if any(var in (lo.free_symbols | hi.free_symbols) for _, lo, hi in expr.limits):
            return Said(Formula.of(expr), ": its range depends on ", Formula.of(var))
        return nonsmooth_reason(expr.function, var, positive)
    return f"{type(expr).__name__} is not known to be smooth in {var}"


def _domain(t: sp.Symbol):
    """The open interval the assumptions on t describe, if calculus on it is supported here."""
    if t.is_positive:
        return sp.Interval.open(0, sp.oo)
    if t.is_real and t.is_nonnegative is None and t.is_nonpositive is None:
        return sp.S.Reals
    return None      # a half-closed domain such as t ≥ 0 would also need its end point checked


def convex_univariate(gap, strict: bool, limit: float, positive: Positive = _assumed_positive) -> ProofOutcome:
    """A smooth convex function of one real variable is minimal at its critical points."""
    syms = [s for s in gap.free_symbols if isinstance(s, sp.Symbol)]
    if len(syms) != 1 or gap.has(sp.Sum, sp.Indexed):
        return ProofOutcome(None)
    t = syms[0]
    domain = _domain(t)
    if domain is None:
        return ProofOutcome(None, [f"convexity: {t} ranges over neither ℝ nor (0, ∞)"])
    why = nonsmooth_reason(gap, t, positive)
    if why:
        return ProofOutcome(None, [Said("convexity: not smooth (", why, ")")])
    try:
        with time_limit(limit):
            second = sp.simplify(sp.diff(gap, t, 2))
            if second.is_nonnegative is not True:
                return ProofOutcome(None, [f"convexity: could not show d²/d{t}² ≥ 0"])
            first = sp.diff(gap, t)
            crit = sp.solveset(first, t, domain)
            values = [sp.simplify(gap.subs(t, c)) for c in crit] if isinstance(crit, sp.FiniteSet) else []
    except StrategyTimeout:
        return ProofOutcome(None, [f"convexity timed out after {limit:g} s"], timed_out=True)
    except (NotImplementedError, ValueError, TypeError) as exc:
        return ProofOutcome(None, [f"convexity: {exc.__class__.__name__}"])
    if crit is sp.S.EmptySet and t.is_positive:
        # No interior critical point on (0, ∞): monotone, so the infimum is the limit at 0⁺.
        return _increasing_from_zero(gap, first, t, limit, positive)
    if not values:
        return ProofOutcome(None, [f"convexity: no finite set of critical points for {t}"])
    if all(decided_sign(v, strict) for v in values):
        where = Said.joined(", ", [Said(Formula.of(t), " = ", Formula.of(c)) for c in crit])
        method = Said("convexity: ", _derivative(t, 2), " ≥ 0 and minimum at ", where)
        return ProofOutcome(Proof(method, "all values"))
    return ProofOutcome(None, ["convexity: value at the critical point not shown ≥ 0"])


def _derivative(t, order: int) -> Formula:
    """d/dt or d²/dt², as the words write it and as LaTeX."""
    t = Formula.of(t)
    if order == 1:
        return Formula(f"d/d{t.text}", rf"\frac{{d}}{{d{t.latex}}}")
    return Formula(f"d²/d{t.text}²", rf"\frac{{d^{{2}}}}{{d{t.latex}^{{2}}}}")


def _increasing_from_zero(gap, first, t, limit, positive: Positive) -> ProofOutcome:
    """gap(t) > lim_{t→0⁺} gap ≥ 0 for t > 0 when gap is smooth and gap' > 0 on (0, ∞)."""
    try:
        with time_limit(limit):
            start = sp.limit(gap, t, 0, "+")
        # positive() runs its own strategies under their own limits, outside this one.
        if decided_sign(start, False) and positive(first):
            return ProofOutcome(Proof(Said("monotone: ", _derivative(t, 1), " > 0 on ", Formula.of(t),
                                           " > 0 and the value → ", Formula.of(start), " as ", Formula.of(t),
                                           " → 0⁺"),
                                      "all values"))
    except StrategyTimeout:
        return ProofOutcome(None, [f"monotonicity timed out after {limit:g} s"], timed_out=True)
    except (NotImplementedError, ValueError, TypeError):
        pass
    return ProofOutcome(None, [f"convexity: no critical point for {t} > 0 and monotonicity not shown"])


def convex_after_generalising(gap, strict: bool, limit: float, is_identity: Callable[[sp.Expr], bool],
                              positive: Positive = _assumed_positive) -> ProofOutcome:
    """Replace the argument u of an exp or log by a fresh variable t, then try convexity in t.

    e^{λ(s_i − s̄)} − 1 − λ(s_i − s̄) is e^t − 1 − t with t = λ(s_i − s̄).  Solving u = t
    for an atom X that u contains linearly suggests G(t); the claim gap ≡ scale·G(u) is then
    checked with is_identity, so G(t) ≥ 0 for every t gives gap ≥ 0 whatever the substitution did.
    """
    atoms = SumAtoms()
    # A sum becomes a symbol with the sum's sign: proving the bound for every such value is enough,
    # and it keeps the substitution below from reaching into the limits of a sum.  Only sums outside
    # every other reduction: one inside max_k may depend on k, which a single symbol cannot.
    standing = {node: atoms.atom(node) for node in outermost(gap, (sp.Sum,))}
    gap = gap.xreplace(standing)
    sums_back = {atom: node for node, atom in standing.items()}      # a reader sees the sums, not their stand-ins
    args = {f.args[0] for f in gap.atoms(sp.exp, sp.log)}
    notes: list[str] = []
    timed_out = False
    for u in sorted(args, key=sp.default_sort_key):
        if not u.is_real:
            continue
        free_atoms = [a for a in u.atoms(sp.Symbol, sp.Indexed) if a in gap.free_symbols or isinstance(a, sp.Indexed)]
        for x in sorted(free_atoms, key=sp.default_sort_key):
            if not x.is_real or not u.is_polynomial(x) or sp.degree(u, x) != 1:
                continue
            t = sp.Dummy("t", positive=True) if u.is_positive else sp.Dummy("t", real=True)
            try:
                with time_limit(limit):
                    (root,) = sp.solve(sp.Eq(u, t), x)
                    general = sp.simplify(gap.xreplace({x: root}))
            except StrategyTimeout:     # this route failing, but for want of time: the caller must know
                timed_out = True
                continue
            except Exception:  # solve/simplify failing is just this route failing
                continue
            # A positive factor free of t (like 1/n) does not change the sign.
            scale, shape = sp.factor_terms(general).as_independent(t, as_Add=False)
            if decided_sign(scale, True) and shape.free_symbols == {t}:
                general = shape
            else:
                scale = sp.Integer(1)
            if general.free_symbols != {t}:
                continue
            # Soundness does not rest on the substitution: gap ≡ G(u) is checked as an identity.
            if not is_identity(scale * general.xreplace({t: u}) - gap):
                continue
            out = convex_univariate(general, strict, limit, positive)
            notes += out.notes
            timed_out = timed_out or out.timed_out
            if out.proof:
                method = out.proof.method
                method = method.replaced(str(t), "t") if isinstance(method, Said) else method.replace(str(t), "t")
                shown = Formula(sp.sstr(u), Formula.of(readable_indices(u.xreplace(sums_back))).latex)
                return ProofOutcome(Proof(Said(method, ", with t = ", shown), out.proof.scope,
                                          sizes_only=out.proof.sizes_only), notes)
    return ProofOutcome(None, notes, timed_out=timed_out)
