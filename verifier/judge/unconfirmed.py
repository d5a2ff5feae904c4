"""Steps read from a text whose conditions the author has not confirmed: what refutes them.

`python -m verifier import` reads a display from a paper and proposes, for the author to confirm, the
conditions the prose around it states ("for r ≠ 1", "p ∈ (0, 1)", "x > 0").  Until the author confirms
them the step is checked over every declared value, as written, with `unconfirmed=` saying so.  A
counterexample is then only a refutation when it says something about the line the author meant:

  - a point the text's own conditions exclude (r = 1 where the text says r ≠ 1) refutes nothing;
  - a point where a side has no value (the closed form of a geometric series at r = 1) refutes nothing:
    texts state identities where both sides are defined;
  - a condition the import could not read is not known to hold at any point, so it never lets a point
    refute;
  - a line whose reading is not settled (`unsettled=`: two readings possible) is refuted by no point.

In those cases the step is looked at again inside the text's conditions and away from the zeros of its
denominators; a counterexample found there (certified like any other, and checked against every condition
the text states) refutes the step, otherwise the step is unknown with the reason.  Nothing here can turn
any verdict into proved or numeric: a step that holds only under conditions nobody confirmed is unknown.
"""
from __future__ import annotations

import dataclasses
import re

import sympy as sp

from ..authoring.symbols import domain_of
from ..evidence.inputs import entry_ranges
from ..evidence.replay import EveryEntry, OverEntries
from ..verdicts import InstanceObject, LawAt, Said, Verdict


class UnreadCondition:
    """A condition the text states that the import could not read as a relation (kept as its words)."""

    def __init__(self, words: str):
        self.words = words

    def __repr__(self) -> str:
        return f"UnreadCondition({self.words!r})"


def conditions(unconfirmed) -> tuple[list[tuple[object, str]], str]:
    """([(relation or UnreadCondition, words)], error): the step's unconfirmed= value, checked.

    unconfirmed= is True (no condition stated), one condition, or a list of them; a condition is a SymPy
    relation, a (relation, the text's words) pair, or the words alone (a condition the import could not read)."""
    if unconfirmed is True:
        return [], ""
    single = isinstance(unconfirmed, (sp.Basic, str)) or (
        isinstance(unconfirmed, tuple) and len(unconfirmed) == 2 and isinstance(unconfirmed[1], str))
    out = []
    for item in ([unconfirmed] if single else list(unconfirmed)):
        rel, words = item if isinstance(item, tuple) and len(item) == 2 else (item, "")
        if isinstance(rel, str):
            rel, words = UnreadCondition(rel), words or rel
        readable = isinstance(rel, UnreadCondition) or isinstance(
            rel, (sp.core.relational.Relational, sp.And, sp.Or)) or rel is sp.true or rel is sp.false
        if not readable or not isinstance(words, str):
            return [], ("unconfirmed= takes True, or conditions as (relation, the text's words) pairs such as "
                        f"(Ne(r, 1), 'r \\neq 1'), not {item!r}")
        out.append((rel, words or str(rel)))
    return out, ""


def _exact(value: str):
    """A counterexample's shown value as an exact number, or None (a vector, an abbreviation).  A fraction is shown
    exactly (`1/3`, a point the search drew between a condition's ends): whether the point satisfies the text's
    conditions is decided on that value, not left undecided."""
    try:
        if value.lstrip("-").isdigit():
            return sp.Integer(int(value))
        whole = re.fullmatch(r"(-?\d+)/(\d+)", value.strip())
        if whole:
            return sp.Rational(int(whole.group(1)), int(whole.group(2)))
        return sp.Rational(float(value))
    except (TypeError, ValueError, OverflowError):
        return None


def _undefined(counterexample) -> bool:
    """The certificate says a side has no value at the point (division by an exact 0, log 0, …)."""
    texts = list(counterexample.certificate.values()) + list(counterexample.lhs.values()) \
        + list(counterexample.rhs.values())
    return any(str(t).lstrip().startswith("undefined") for t in texts)


def _real_quantities(side) -> list:
    """The arguments of its logs and the bases of its fractional powers: what a text about real quantities
    takes to be positive wherever it writes them."""
    return [f.args[0] for f in side.atoms(sp.log)] + \
        [p.base for p in side.atoms(sp.Pow) if p.exp.is_number and not p.exp.is_integer]


def _not_real(sides, values: dict) -> bool:
    """Whether a side, or a log's argument or a fractional power's base inside it, leaves the real line at the
    point (log of a negative, √a·√b with a, b < 0) although every input there is real: a text about real
    quantities means its identities where every quantity it writes is real."""
    for side in sides:
        if not isinstance(side, sp.Basic) or side.free_symbols - set(values):
            continue
        if any(any(end.is_infinite for end in limit[1:]) for i in side.atoms(sp.Integral) for limit in i.limits):
            # an integral over an infinite range may diverge, where evalf answers a number with no digits after
            # seconds of quadrature; a certified gap that is not real shows it (_gap_not_real)
            continue
        try:
            for a in _real_quantities(side):
                v = sp.N(a.xreplace(values), 30)
                if v.is_number and (v.is_negative or v.as_real_imag()[1] != 0):
                    return True
            value = sp.N(side.xreplace(values), 30)
            if value.is_number and not value.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
                re_part, im_part = value.as_real_imag()
                if abs(im_part) > sp.Float(10) ** -20 * max(1, abs(re_part)):
                    return True
        except (TypeError, ValueError, ArithmeticError, RecursionError):
            continue
    return False


def _gap_not_real(counterexample) -> bool:
    """Whether the certified gap lhs − rhs at the counterexample is a complex ball off the real line (its imaginary
    part excludes 0): with every input real, a side is then not a real number there, whatever the point's vectors
    (whose entries the record abbreviates) were."""
    for gap in counterexample.gap.values():
        imaginary = getattr(gap, "imaginary", None)
        if imaginary is None:
            continue
        try:
            if abs(sp.Float(imaginary.midpoint, 60)) > sp.Float(imaginary.radius, 60):
                return True
        except (TypeError, ValueError):
            continue
    return False


def excluded_by(counterexample, conds, symbols: dict[str, sp.Symbol], sides=()) -> str:
    """Why the counterexample is no refutation of the line the text meant, or ""."""
    if counterexample is None:
        return "the refutation has no counterexample to compare with the text's conditions"
    values = {}
    for name, shown in counterexample.point.items():
        if name in symbols:
            v = _exact(shown)
            if v is not None:
                values[symbols[name]] = v
    at = ", ".join(f"{k} = {v}" for k, v in counterexample.point.items() if len(v) < 40)
    truths = [(rel.xreplace(values) if isinstance(rel, sp.Basic) else None, rel, words) for rel, words in conds]
    for truth, rel, words in truths:
        if truth is sp.false:
            return f"the counterexample {at} is excluded by the text: '{words}'"
    if _undefined(counterexample):
        return (f"a side has no value at the counterexample {at}, and a text states an identity where both "
                "sides are defined")
    if _gap_not_real(counterexample) or (len(values) == len(counterexample.point) and _not_real(sides, values)):
        return (f"a side is not a real number at the counterexample {at}, and a text about real quantities states "
                "an identity where both sides are real")
    for truth, rel, words in truths:
        if isinstance(rel, UnreadCondition):
            return f"the text states a condition the import could not read ('{words}'), so no point is known to satisfy it"
        if truth is not sp.true:
            return f"whether the counterexample {at} satisfies the text's condition '{words}' is not decided"
    return ""


def denominators_nonzero(*sides) -> tuple:
    """Ne(d, 0) for each denominator of the sides (a base raised to a negative power): where they vanish a
    side has no value, so a second look avoids those points."""
    out = []
    for side in sides:
        if not isinstance(side, sp.Basic):
            continue
        for p in side.atoms(sp.Pow):
            if p.exp.is_negative and not p.base.is_number and not p.base.atoms(sp.Sum, sp.Product, sp.Indexed):
                rel = sp.Ne(p.base, 0)
                if rel not in (sp.true, sp.false) and rel not in out:
                    out.append(rel)
    return tuple(out)


def real_arguments(*sides) -> tuple:
    """a > 0 for each argument of a log and each base of a fractional power, or of a power to an exponent that is not
    known to be whole (x^n for a real n), and e > 0 for the exponent of a power of 0 (0^n): where they fail a side is
    not real or has no value, so a second look stays where the text's real quantities are."""
    out = []
    for side in sides:
        if not isinstance(side, sp.Basic):
            continue
        free = side.free_symbols
        quantities = list(_real_quantities(side))
        for p in side.atoms(sp.Pow):
            if p.exp.is_number or p.exp.is_integer or p.exp.atoms(sp.Sum, sp.Product, sp.Indexed):
                continue
            if p.base.is_zero:
                quantities.append(p.exp)            # 0^n: a value (0) only where n > 0
            elif not p.base.is_number and p.base.free_symbols <= free:
                quantities.append(p.base)           # x^n: real for every real n only where x > 0
        for a in quantities:
            if a.is_number or a.atoms(sp.Sum, sp.Product, sp.Indexed):
                continue
            rel = sp.Gt(a, 0)
            if rel not in (sp.true, sp.false) and rel not in out:
                out.append(rel)
    return tuple(out)


def _real_entries(*sides) -> tuple:
    """a > 0 for each argument of a log, base of a fractional power or base of a power to an entry that writes vector
    entries: `\\log \\pi_i` inside a sum over i gives pi_i > 0 at every entry, `\\sqrt{\\sum_i w_i}` gives
    w_1 + … + w_n > 0.  Decided at a point from its vectors' entries (OverEntries), they keep a second look where
    every quantity the text writes with entries is real."""
    out = []
    for side in sides:
        if not isinstance(side, sp.Basic):
            continue
        # the bases of powers to entries (`\\pi_i^{y_i}`, `(1 - \\pi_i)^{1 - y_i}`): real for every y_i only where
        # they are positive
        powers = [p.base for p in side.atoms(sp.Pow) if not p.exp.is_number and p.exp.is_integer is not True]
        for a in _real_quantities(side) + powers:
            if a.is_number or not a.atoms(sp.Indexed) or a.atoms(sp.Product):
                continue
            entries = a.atoms(sp.Indexed)
            if not a.atoms(sp.Sum):
                indices = {s for e in entries for i in e.indices for s in i.free_symbols}
                if a.free_symbols - indices - entries - {e.base.label for e in entries}:
                    continue    # entries beside other names: not decided entry by entry
                shapes = {e.indices for e in entries}
                if len(indices) > 1 and len(shapes) == 1 and len(next(iter(shapes))) == len(indices) \
                        and all(isinstance(i, sp.Symbol) for i in next(iter(shapes))):
                    # entries of tables at one tuple of indices (`\log y_{ij}`): every entry of the tables
                    a = a.xreplace({i: EveryEntry(f"every{q}") for q, i in enumerate(next(iter(shapes)))})
                elif len(indices) != 1:
                    continue    # entries at two indices written differently (y_ij beside y_ji, pi_i beside w_j)
                else:
                    a = a.xreplace({indices.pop(): EveryEntry("every")})
            elif a.free_symbols - set().union(*(x.free_symbols for x in a.atoms(sp.Sum))):
                continue        # a sum beside other names: not decided from the entries alone
            rel = OverEntries(a, 0)
            if rel not in (sp.true, sp.false) and rel not in out:
                out.append(rel)
    return tuple(out)


def _entries_exist(*sides) -> tuple:
    """hi ≤ n for each entry v_i a side writes at an index i running up to hi (a sum's, a product's or the index's
    declared range) while v is declared with n entries: `\\sum_{i=1}^n \\log \\pi_i` with pi over 1…k gives n ≤ k.
    Past its vector's end an entry has no value, and a text writes only entries that exist, so a second look stays
    where every entry it writes has one.  (An entry with several indices lies in a table every index of which
    runs over the largest size: it always exists.)"""
    out = []
    for entry, ends in entry_ranges(side for side in sides if isinstance(side, sp.Basic)):
        if len(entry.indices) != 1:
            continue
        d, hi = domain_of(entry.base), ends[0]
        if d is not None and d.kind == "vector" and isinstance(d.size, sp.Symbol) and isinstance(hi, sp.Basic) \
                and hi != d.size and not hi.is_number:
            rel = sp.Le(hi, d.size)
            if rel not in (sp.true, sp.false) and rel not in out:
                out.append(rel)
    return tuple(out)


def _refuted_at_a_law(lhs, rhs, step, ctx, rejudge, conds) -> dict:
    """A step whose quantities are a law's (`E[X^2] - 2E[X]^2`), refuted at one law every declaration of the text
    allows (`at_laws=`): each quantity takes its exact value under that law, and the step is checked again over the
    names left (the text's constants), inside the text's conditions.  {} when no law refutes it: agreement at the
    laws tried proves nothing, so the verdict stays as the unsettled reading leaves it."""
    laws = getattr(step, "at_laws", ())
    readable = tuple(r for r, _ in conds if isinstance(r, sp.Basic) and r is not sp.true)
    if not laws or sp.false in readable:
        return {}
    every = conds

    def said(words: str) -> str:
        return " ".join(re.sub(r"[.,;:!?]+\s*$", "", words).split())
    for law in laws:
        # a condition in words the law has (the mean and variance the text states) holds at it
        conds = [(r, w) for r, w in every if not (isinstance(r, UnreadCondition) and said(w)
                                                  and any(said(w) in said(s) for s in law.satisfies))]
        if any(isinstance(r, UnreadCondition) for r, _ in conds):
            continue
        a, b = law.apply(lhs), law.apply(rhs)
        left = {s for e in (a, b) if isinstance(e, sp.Basic) for s in e.free_symbols}
        if any("[" in s.name for s in left if isinstance(s, sp.Symbol)) or law.unreplaced(a) or law.unreplaced(b):
            continue        # a quantity the law does not give: nothing is decided at it
        symbols = {str(s): s for s in left}
        for rel in readable:
            symbols.update({str(s): s for s in rel.free_symbols})
        # a deviation the law takes positive (σ of variance σ²) is looked at only where it is
        positive = tuple(sp.Gt(s, 0) for s in law.positive)
        again = rejudge(dataclasses.replace(ctx, assumed=tuple(ctx.assumed) + readable + positive
                                            + denominators_nonzero(a, b) + real_arguments(a, b)), (a, b))
        if again is None or again.verdict is not Verdict.REFUTED or excluded_by(again.counterexample, conds, symbols,
                                                                                  (a, b)):
            continue
        at = LawAt(law.words, tuple((law.name_of(k), str(v)) for k, v in law.values))
        return dict(verdict=Verdict.REFUTED, numeric=again.evidence, method=again.method,
                    counterexample=dataclasses.replace(again.counterexample, law=at),
                    message=Said("refuted at a law every declaration of the text allows (", law.words,
                                 "): the line does not hold there"))
    return {}


def _refuted_on_identity_multiples(lhs, rhs, step, ctx, rejudge, conds) -> dict:
    """A step read as products of matrices and vectors that do not commute (each product one quantity), refuted on
    concrete matrices and vectors every declaration of the text allows (`scalar_instance=`, identity_multiples.py):
    each matrix c·I and each vector a·u, so each product the step writes is a number made of those scalars, and the
    step is checked again over them and the text's scalars, inside the text's conditions.  {} when it is not refuted
    there: agreement on those matrices proves nothing, so the verdict stays as the unsettled reading leaves it."""
    instance = getattr(step, "scalar_instance", None)
    if instance is None:
        return {}
    # a condition the instance satisfies (a square matrix's space, `\mathbf{A} \in \mathbb{R}^{n \times n}`) holds there
    conds = [(r, w) for r, w in conds if not (isinstance(r, UnreadCondition) and w in instance.satisfies)]
    if any(isinstance(r, UnreadCondition) for r, _ in conds):
        return {}
    values = instance.mapping()
    readable = tuple(r for r, _ in conds if isinstance(r, sp.Basic) and r is not sp.true)
    if sp.false in readable or any(r.free_symbols & set(values) for r in readable):
        return {}           # a condition on a product of matrices: not decided on the instance's numbers
    a = lhs.xreplace(values) if isinstance(lhs, sp.Basic) else lhs
    b = rhs.xreplace(values) if isinstance(rhs, sp.Basic) else rhs
    if not (isinstance(a, sp.Basic) and isinstance(b, sp.Basic)):
        return {}
    scalars = instance.scalars()
    symbols = {str(s): s for e in (a, b) for s in e.free_symbols}
    for rel in readable:
        symbols.update({str(s): s for s in rel.free_symbols})
    positive = tuple(sp.Gt(s, 0) for s in scalars)
    again = rejudge(dataclasses.replace(ctx, assumed=tuple(ctx.assumed) + readable + positive
                                        + denominators_nonzero(a, b) + real_arguments(a, b)), (a, b))
    if again is None or again.verdict is not Verdict.REFUTED or again.counterexample is None \
            or excluded_by(again.counterexample, conds, symbols, (a, b)):
        return {}
    objects = tuple(InstanceObject(str(s), latex, "matrix") for s, latex in instance.matrices) \
        + tuple(InstanceObject(str(s), latex, "vector") for s, latex in instance.vectors)
    return dict(verdict=Verdict.REFUTED, numeric=again.evidence, method=again.method,
                counterexample=dataclasses.replace(again.counterexample, instance=objects),
                message=Said("refuted on concrete matrices and vectors every declaration of the text allows (each "
                             "matrix a positive multiple of the identity, each vector a positive multiple of one unit "
                             "vector, of any size): the line does not hold for them"))


def review(res, lhs, rhs, step, ctx, rejudge) -> dict:
    """What changes in a refutation of a step read from a text: unknown unless it holds inside the text's conditions.

    `res` holds the step's fields as judged so far (verdict, counterexample, message); the answer is the fields
    to change, {} when none does.  `rejudge(ctx)` checks the step again under another context (the text's
    conditions added to what the numbers must respect).  Only a refuted verdict is ever changed, and only to
    unknown or to a refutation whose counterexample satisfies every condition the text states."""
    unconfirmed, unsettled = getattr(step, "unconfirmed", ()), getattr(step, "unsettled", "")
    if not (unconfirmed or unsettled):
        return {}
    conds, error = conditions(unconfirmed) if unconfirmed else ([], "")
    if error or not isinstance(unsettled, str):
        return dict(verdict=Verdict.ERROR, counterexample=None,
                    message=error or f"unsettled= takes the reason the reading is not settled, not {unsettled!r}")
    if res["verdict"] is not Verdict.REFUTED or step.expect_refuted:
        return {}
    if unsettled:
        at_law = _refuted_at_a_law(lhs, rhs, step, ctx, rejudge, conds)
        if at_law:
            return at_law
        on_instance = _refuted_on_identity_multiples(lhs, rhs, step, ctx, rejudge, conds)
        if on_instance:
            return on_instance
        return dict(verdict=Verdict.UNKNOWN,
                    message=(f"the reading of this line is not settled ({unsettled}): a counterexample to one "
                             "reading refutes nothing") + (f"; {res['message']}" if res["message"] else ""))
    symbols = {str(s): s for e in (lhs, rhs) if isinstance(e, sp.Basic) for s in e.free_symbols}
    for rel, _ in conds:
        if isinstance(rel, sp.Basic):
            symbols.update({str(s): s for s in rel.free_symbols})
    why = excluded_by(res["counterexample"], conds, symbols, (lhs, rhs))
    if not why and _real_entries(lhs, rhs):
        # `\sum_i \sqrt{w_i} \sqrt{v_i} = \sum_i \sqrt{w_i v_i}` at w, v < 0: both sides are real, a root of an entry
        # is not; whether every entry under a log or a root is positive is decided at a point of the second look only
        why = ("whether every entry the line writes under a log, a root or a power is positive at the counterexample "
               "is not decided, and a text about real quantities writes them where they are real")
    if not why:
        return {}
    readable = tuple(r for r, _ in conds if isinstance(r, sp.Basic) and r is not sp.true)
    unread = [w for r, w in conds if isinstance(r, UnreadCondition)]
    again = None
    if not unread and sp.false not in readable:
        again = rejudge(dataclasses.replace(ctx, assumed=tuple(ctx.assumed) + readable + denominators_nonzero(lhs, rhs)
                                            + real_arguments(lhs, rhs) + _real_entries(lhs, rhs)
                                            + _entries_exist(lhs, rhs)))
    if again is not None and again.verdict is Verdict.REFUTED and \
            not excluded_by(again.counterexample, conds, symbols, (lhs, rhs)):
        return dict(counterexample=again.counterexample, numeric=again.evidence, method=again.method,
                    message=(f"refuted inside the text's conditions "
                             f"({', '.join(w for _, w in conds) or 'where both sides have a value'}); "
                             "the first counterexample was set aside: ") + why)
    return dict(verdict=Verdict.UNKNOWN, counterexample=None,
                message=Said("not refuted: ", why, "" if again is None else
                             "; inside the text's conditions no counterexample was found"))
