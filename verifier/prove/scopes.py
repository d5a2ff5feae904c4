"""Where a side is undefined, found by looking, and an identity proved on the scope where both sides are.

definedness.py refuses a proof about sides that may be undefined at an admissible value.  Two things
make that refusal too blunt:

* "may have a pole" was said of every tan, cot, sec, csc, coth, csch and ζ, even at a constant: cot(2)
  has no pole, since 2 is not a multiple of π.  The poles of these functions are the zeros of a
  denominator (cot a = cos a / sin a, ζ(s) has its one pole where s − 1 = 0), so the check reads each
  such call as that quotient and asks the usual question, whether the denominator is ≠ 0; for a
  constant, interval arithmetic answers it (sin 2 ∈ [0.909, 0.910]).

* An identity such as (x² − 1)/(x − 1) = x + 1 or cot x = cos x / sin x is meant, in SymPy's own tests
  and in any textbook, for every x where both sides are defined.  `scoped_proof` gives such an identity
  that scope, stated: the proof holds "where x − 1 ≠ 0".  Only conditions of the form b ≠ 0 are stated
  this way (denominators, log arguments, the denominators of the quotients above); any other reason a
  side may be undefined (a Γ whose argument is not shown > 0, a declaration that contradicts itself) still
  refuses the proof.  A scope must not be empty: the conditions are shown to hold together at a
  rational point by interval arithmetic, otherwise "proved where they hold" would be vacuous.

Soundness: every rewrite the = strategies use is an identity wherever the expression it rewrites is
defined, so lhs − rhs rewritten to 0 means lhs = rhs wherever both sides are defined; the scope states
exactly that set.  A proof for all values (nothing undischarged) keeps the scope the strategy gave.
"""
from __future__ import annotations

import random
import time
from dataclasses import replace

import sympy as sp

from .definedness import Positive, contradicted_declaration, pole_reason, sign_prover, undefined_reason
from .intervals import excludes_zero_on
from ..verdicts import Formula, Said
from .outcome import Proof, ProofOutcome
from .timeouts import StrategyTimeout, time_limit

# CPU seconds to settle where both sides of a proved step are defined, and to word one condition of it: a polynomial
# condition whose real roots SymPy seeks, or a side with sums of entries, can take without end.
SCOPE_SECONDS = 20.0
_WORDING_SECONDS = 2.0

# A function whose poles are the zeros of a denominator: (numerator, denominator) of the same value, or of
# a quotient with the same singular set.  Used only to decide definedness, never to rewrite what is proved.
_AS_QUOTIENT = {
    sp.tan: lambda a: (sp.sin(a), sp.cos(a)),
    sp.cot: lambda a: (sp.cos(a), sp.sin(a)),
    sp.sec: lambda a: (sp.Integer(1), sp.cos(a)),
    sp.csc: lambda a: (sp.Integer(1), sp.sin(a)),
    sp.coth: lambda a: (sp.cosh(a), sp.sinh(a)),
    sp.csch: lambda a: (sp.Integer(1), sp.sinh(a)),
}


PROVER_BUDGET = 2.0     # CPU seconds for showing the denominators of both sides ≠ 0 by the sign strategies


def _with_poles_as_quotients(expr, originals: dict | None = None):
    """expr with each tan, cot, sec, csc, coth, csch and one-argument ζ read as a quotient whose denominator
    vanishes exactly at its poles (ζ(s) as ζ-free 1/(s − 1) beside its argument)."""
    def quotient(node):
        if type(node) in _AS_QUOTIENT and len(node.args) == 1:
            num, den = _AS_QUOTIENT[type(node)](node.args[0])
            return sp.Mul(num, sp.Pow(den, -1, evaluate=False), evaluate=False)
        if isinstance(node, sp.zeta) and len(node.args) == 1:
            return sp.Pow(node.args[0] - 1, -1, evaluate=False)
        return None

    def walk(e):
        if not isinstance(e, sp.Basic) or e.is_Atom or not e.args:
            return e
        original = e
        args = [walk(a) for a in e.args]
        e = e.func(*args, evaluate=False) if isinstance(e, (sp.Add, sp.Mul, sp.Pow)) else e.func(*args)
        q = quotient(e)
        out = e if q is None else q
        if originals is not None and out != original:
            originals[out] = original          # a condition on the rewritten node is stated on the written one
        return out

    try:
        with sp.evaluate(False):
            return walk(sp.sympify(expr))
    except Exception:  # an unusual node that cannot be rebuilt: looked at as it is
        return expr


def looked_at(expr, originals: dict | None = None):
    """The side as the definedness check reads it (poles as zeros of denominators); same singular set.
    originals, when given, maps each rewritten node back to the node it stands for."""
    return _with_poles_as_quotients(expr, originals)


def undischarged(sides, positive: Positive | None) -> tuple[list[sp.Expr], str | None]:
    """(the b with b ≠ 0 not shown, why a side may be undefined otherwise) for the sides.

    pole_reason asks `positive` about every denominator and log argument it cannot show ≠ 0 by the
    quick checks; the recorder answers it with the real prover and, where that fails, writes the
    expression down as a condition and lets the walk go on, so every condition of the b ≠ 0 kind is
    collected and only a reason of another kind is left to return."""
    wanted: list[sp.Expr] = []
    shown: dict = {}
    deadline = time.process_time() + PROVER_BUDGET

    def recorder(e):
        # The prover is asked once per expression and within a budget for all of them: past it, a condition is
        # stated rather than shown to hold everywhere, which narrows the scope and never widens it.
        if e not in shown:
            shown[e] = positive is not None and time.process_time() < deadline and (positive(e) or positive(-e))
        if shown[e]:
            return True
        if not any(e == w or -e == w for w in wanted):
            wanted.append(e)
        return True

    for side in sides:
        why = contradicted_declaration(sp.sympify(side))
        if why:
            return wanted, why
    markers: dict = {}

    def unmarked():
        # A marker stands for 1/Γ(a); a condition on an expression holding markers is that expression's, with
        # Γ(a) back in it.  Γ never vanishes, so Γ(a) ≠ 0 (a Γ in a denominator) states nothing.
        out = []
        for w in wanted:
            b = markers[w] if w in markers else _evaluated(sp.sympify(originals.get(w, w)).xreplace(markers))
            if not isinstance(b, sp.gamma) and not any(b == o or b == -o for o in out):
                out.append(b)
        return out

    originals: dict = {}
    for side in sides:
        why = pole_reason(_integer_poles_marked(looked_at(side, originals), markers), recorder)
        if why:
            return unmarked(), Said("a side may be undefined where the declarations allow (", why, ")")
    return unmarked(), None


def _evaluated(e):
    """e with every node rebuilt with evaluation on (the walk above builds them with it off)."""
    if not isinstance(e, sp.Basic) or e.is_Atom or not e.args:
        return e
    with sp.evaluate(True):
        return e.func(*[_evaluated(a) for a in e.args])


def _integer_poles_marked(expr, markers: dict):
    """expr with each Γ-like call whose argument is not shown > 0 (≥ 0 for the harmonic kind) read as 1/D beside
    its argument, D a fresh symbol standing for 1/Γ(a) (1/Γ(a + 1)): D ≠ 0 exactly where the call has a value,
    so the walk records the condition as it records a denominator.  markers maps each D to that 1/Γ."""
    from .. import functions
    from .intervals import decided_sign

    def walk(e):
        if not isinstance(e, sp.Basic) or e.is_Atom or not e.args:
            return e
        args = [walk(a) for a in e.args]
        entry = functions.facts(e) if isinstance(e, sp.Function) else None
        kind = entry.singular if entry is not None else None
        if kind in (functions.NONPOSITIVE_INTEGERS, functions.NEGATIVE_INTEGERS):
            a = e.args[-1]
            shift = 0 if kind == functions.NONPOSITIVE_INTEGERS else 1
            if not decided_sign(a, kind == functions.NONPOSITIVE_INTEGERS):
                marker = sp.Dummy("pole")
                with sp.evaluate(True):
                    markers[marker] = 1 / sp.gamma(a + shift)
                return sp.Add(sp.Pow(marker, -1, evaluate=False), sp.Mul(0, *args, evaluate=False), evaluate=False)
        return e.func(*args, evaluate=False) if isinstance(e, (sp.Add, sp.Mul, sp.Pow)) else e.func(*args)

    try:
        with sp.evaluate(False):
            return walk(expr)
    except Exception:  # an unusual node that cannot be rebuilt: read as it is (its poles then refuse the proof)
        return expr


def _condition_text(b: sp.Expr) -> Said:
    """b ≠ 0 as a reader states it: x ≠ 1/3 for a polynomial in one symbol with real roots, a ∉ {0, −1, −2, …}
    for 1/Γ(a), else b ≠ 0."""
    if isinstance(b, sp.Pow) and b.exp == -1 and isinstance(b.base, sp.gamma):
        return Said(Formula.of(b.base.args[0]), " ∉ {0, −1, −2, …}")
    syms = sorted(b.free_symbols, key=str)
    if len(syms) == 1 and syms[0].is_real:
        try:
            with time_limit(_WORDING_SECONDS):
                poly = sp.Poly(b, syms[0])
                roots = sp.real_roots(poly) if poly.degree() >= 1 else []
            if poly.degree() >= 1:
                if len(roots) == poly.degree() or (roots and all(r.is_Rational for r in roots)):
                    shown = sorted(set(roots), key=lambda r: float(r))
                    if not shown:
                        return Said(Formula.of(b), " ≠ 0")
                    return Said.joined(" and ", [Said(Formula.of(syms[0]), " ≠ ", Formula.of(r)) for r in shown])
        except (sp.PolynomialError, sp.GeneratorsNeeded, NotImplementedError, ValueError, StrategyTimeout):
            pass                # (a polynomial whose roots take long: said as b ≠ 0, which is what it means)
    return Said(Formula.of(b), " ≠ 0")


def not_empty(conditions: list[sp.Expr], tries: int = 8) -> bool:
    """The conditions hold together somewhere: their product is shown ≠ 0 at a rational point."""
    # 1/Γ(a) vanishes only at a ∈ {0, −1, −2, …}, a discrete set: it leaves the rest of the scope as it is.
    product = sp.Mul(*[b for b in conditions if not (isinstance(b, sp.Pow) and isinstance(b.base, sp.gamma))])
    if product == 1:
        return bool(conditions)
    syms = sorted(product.free_symbols, key=str)
    if any(not isinstance(s, sp.Symbol) or s.is_real is not True for s in syms) or product.atoms(sp.Indexed):
        return False
    rng = random.Random(7)
    for _ in range(tries):
        point = {}
        for s in syms:
            value = sp.Rational(rng.randint(1, 97), rng.randint(3, 41))
            if s.is_positive or s.is_nonnegative:
                pass
            elif s.is_negative or s.is_nonpositive:
                value = -value
            elif rng.random() < 0.5:
                value = -value
            point[s] = value
        if any(s.is_integer and not point[s].is_integer for s in syms):
            point = {s: (sp.Integer(int(v) or 1) if s.is_integer else v) for s, v in point.items()}
        try:
            at = product.xreplace(point)
            if at.is_number and excludes_zero_on(at, {}):
                return True
        except Exception:  # an expression interval arithmetic cannot enclose: try another point, then give up
            continue
    return False


def scope_where_defined(conditions: list[sp.Expr], defined: str = "both sides are defined") -> Said:
    texts = list(dict.fromkeys(_condition_text(b) for b in conditions))
    return Said(f"all values where {defined}: ", Said.joined(", ", texts))


def scoped_proof(out: ProofOutcome, lhs, rhs, limit: float) -> ProofOutcome:
    """The outcome of an = strategy with its scope settled: unchanged when both sides are defined at every
    admissible value; with the scope "where both sides are defined (b ≠ 0, …)" when only conditions of
    that kind stand in the way; refused otherwise (see the module docstring).  Settling the scope has a CPU limit
    of its own (the strategy's ended before): past it the proof is not kept, since its scope is not known."""
    if out.proof is None:
        return out
    try:
        with time_limit(SCOPE_SECONDS):
            return _scoped(out, lhs, rhs, limit)
    except StrategyTimeout:
        return ProofOutcome(None, out.notes + [Said(out.strategy or out.proof.method, " would prove it, but where both "
                                                    f"sides are defined was not settled within {SCOPE_SECONDS:g} s "
                                                    "of CPU time")], timed_out=True)


def _scoped(out: ProofOutcome, lhs, rhs, limit: float) -> ProofOutcome:
    if undefined_reason(lhs, rhs, positive=sign_prover(limit)) is None:
        return out          # defined at every admissible value, shown on the sides as written (hypotheses included)
    conditions, why = undischarged((lhs, rhs), sign_prover(limit))
    if why is None and not conditions:
        return out
    if why is None and out.proof.concrete_only:
        why = "the concrete cases do not carry a scope"
    bound = set().union(*(sp.sympify(s).free_symbols for s in (lhs, rhs)))
    if why is None and any(not (b.free_symbols <= bound) or b.has(sp.Sum, sp.Product, sp.Integral)
                           for b in conditions):
        why = "a side may be undefined inside a sum or an integral, where no scope can be stated"
    if why is None and not not_empty(conditions):
        why = "the conditions under which both sides are defined were not shown to hold anywhere"
    if why is not None:
        if not conditions or "may be undefined" in why or "declared" in why:
            shown = why
        else:
            shown = Said(why, " (", Said.joined(", ", [_condition_text(b) for b in conditions]), ")")
        return ProofOutcome(None, out.notes + [Said(out.strategy or out.proof.method, " would prove it, but ", shown)])
    scope = scope_where_defined(conditions)
    if out.proof.scope not in ("all values", ""):
        scope = Said(out.proof.scope, "; ", scope)
    return replace(out, proof=Proof(out.proof.method, scope, out.proof.concrete_only, out.proof.sizes_only))
