"""An = step about a vector declared one-hot (vector("y", q, one_hot=True)), proved through its hot index.

A one-hot vector is y_j = δ_{jh} for one hot index h of its range, so the step holds for every one-hot y exactly when
it holds, for every h of that range, with each entry y_j written δ_{jh}: each sum over the vector's range is then
its term at h (SymPy's δ-summation, whose condition start ≤ h ≤ q holds for an index of the range), and the = strategies
show what is left is 0.  Only entries at an index of the vector's own range are written so (a sum's variable over
exactly that range, or an index declared over it); any other entry, or the vector itself written whole (an argument
of a function, l(y, ŷ)), leaves the strategy out.
"""
from __future__ import annotations

import sympy as sp

from ..authoring.symbols import ONE_HOT, Declared, Domain, domain_of
from .identities import scope_of, zero_outcome
from .outcome import Proof, ProofOutcome
from .registry import EQUALITY, Cost, Goal, register


def one_hot_vectors(e: sp.Expr) -> list:
    return sorted((b for b in e.atoms(sp.IndexedBase)
                   if (d := domain_of(b)) is not None and d.kind == "vector" and ONE_HOT in d.facts), key=str)


def _ranges(e: sp.Expr) -> dict | None:
    """{a sum's variable: (low, high)}, or None when one variable is summed over two ranges."""
    out: dict = {}
    for node in e.atoms(sp.Sum):
        for lim in node.limits:
            if len(lim) != 3:
                return None
            if out.setdefault(lim[0], (lim[1], lim[2])) != (lim[1], lim[2]):
                return None
    return out


def _in_its_range(index, d, summed: dict) -> bool:
    """Whether the index runs over the vector's own range: summed over it, or declared over it and summed nowhere."""
    own = (sp.Integer(d.start), d.size)
    if index in summed:
        return summed[index] == own
    di = domain_of(index) if isinstance(index, sp.Symbol) else None
    return di is not None and di.kind == "index" and (sp.Integer(di.start), di.size) == own


def _at_hot_index(e: sp.Expr, hot: dict) -> sp.Expr | None:
    """e with each entry y_j of a one-hot vector written δ_{j h}, its sums carried out and the condition that h lies in
    the vector's range taken as true; None when an entry, a sum or a condition is not of that kind."""
    summed = _ranges(e)
    if summed is None:
        return None
    entries = {}
    for entry in e.atoms(sp.Indexed):
        if entry.base in hot:
            d = domain_of(entry.base)
            if len(entry.indices) != 1 or not _in_its_range(entry.indices[0], d, summed):
                return None
            entries[entry] = sp.KroneckerDelta(entry.indices[0], hot[entry.base])
    written = e.xreplace(entries)
    if any(written.has(b) or written.has(b.label) for b in hot):
        return None         # the vector itself, not an entry (l(y, ŷ)): δ_jh does not say what it is there
    done = written.replace(lambda x: isinstance(x, sp.Sum) and x.has(sp.KroneckerDelta), lambda x: x.doit())
    inside = {}
    for h in hot.values():
        d = domain_of(h)
        low, high = sp.Integer(d.start), d.size
        for r in done.atoms(sp.Rel):
            # h ≥ low, low ≤ h, h ≤ high, high ≥ h: true of an index of the range
            if (isinstance(r, sp.GreaterThan) and (r.lhs, r.rhs) in ((h, low), (high, h))) \
                    or (isinstance(r, sp.LessThan) and (r.lhs, r.rhs) in ((low, h), (h, high))):
                inside[r] = sp.true
    out = done.xreplace(inside)
    out = out.replace(lambda x: isinstance(x, sp.Piecewise), lambda x: sp.piecewise_fold(x))
    if out.has(sp.Piecewise, sp.KroneckerDelta) or any(x.has(*hot.values()) for x in out.atoms(sp.Sum)):
        return None
    return out


@register("one-hot", [EQUALITY], Cost.MODERATE,
          "each vector declared one-hot written δ_{jh} at a hot index h of its range, its sums taken at h; then "
          "the = strategies")
def _by_hot_index(goal: Goal) -> ProofOutcome:
    vectors = one_hot_vectors(sp.Tuple(goal.lhs, goal.rhs))
    if not vectors:
        return ProofOutcome(None)
    hot = {b: Declared(f"hot_{b.label.name}", Domain("index", size=domain_of(b).size, start=domain_of(b).start),
                       integer=True) for b in vectors}
    try:
        gap = _at_hot_index(goal.gap, hot)
    except Exception as exc:        # an unusual shape is a failed strategy, not a crash
        return ProofOutcome(None, [f"one-hot failed: {exc.__class__.__name__}"])
    if gap is None:
        return ProofOutcome(None)
    inner = zero_outcome(gap, goal.limit)
    if inner.proof is None:
        return ProofOutcome(None, list(inner.notes), [], inner.timed_out)
    names = ", ".join(str(b) for b in vectors)
    method = f"{names} one-hot: y_j = δ_jh at a hot index h, sums taken at h + {inner.proof.method}"
    return ProofOutcome(Proof(method, scope_of(goal)), list(inner.notes))
