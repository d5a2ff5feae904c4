"""The authoring API: a derivation is a calc-style chain, one step per line.

    entropy = (
        calc(-Σ(p * log(p), i), title="…", source=seed("000", "eq. (2)"))
        .eq(log(Z) - lam * Σ(p * s[i], i), "log p_i = λ s_i − log Z and Σ p_i = 1")
        .eq(log(n) + log(Z / n) - lam * Σ(p * s[i], i), "take log n out")
    )

Nothing is checked here.  Malformed input is recorded on the step, not
raised, so that one bad step cannot stop the rest of a file from loading.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import sympy as sp

from .arbitrary_functions import ArbitraryFunctions
from .identity_multiples import IdentityMultiples
from .law_instances import LawInstance
from .meanings import MEANINGS, Measure, from_order
from .relations import Relation

SEEDS = {
    "000": "000_ca974c2c5f958f3e.txt",
    "001": "001_dcab543f7fb3c953.txt",
    "002": "002_666090d9d1b0f4d9.txt",
}


def seed(which: str, where: str = "") -> str:
    """Cite one of the seed texts, e.g. seed("000", "eq. (2)")."""
    name = SEEDS.get(which, which)
    return f"{name}, {where}" if where else name


@dataclass
class Step:
    relation: Relation
    rhs: sp.Expr | None
    reason: str
    source: str = ""
    assumptions: list[str] = field(default_factory=list)
    expect_refuted: bool = False
    meanings: list = field(default_factory=list)
    measure: Measure | None = None
    by: list = field(default_factory=list)         # facts (proved derivations) this step cites
    wrt: tuple = ()                                # for ∝: the variables the ratio must not depend on
    given: dict = field(default_factory=dict)      # concrete substitutions this step is checked under
    how: tuple[str, ...] = ()                      # strategies the author names (the prove layer checks the names)
    # Notes on mutants of this step that the checker passes (python -m verifier mutate), each saying why
    # that is harmless: {"sign": "…"} covers every sign mutant of the step, {"right side negated": "…"} one.
    survives: dict[str, str] = field(default_factory=dict)
    # The instance at which the cited facts are used ({u: σ₁²/σ₂²}): a lemma proved for every admissible u is
    # cited at these values, once the judge has shown each value admissible (u > 0 for σ₁²/σ₂²).  Set by
    # Derivation.at(u=…); at= on a step does the same for the facts it cites.
    at: dict = field(default_factory=dict)
    # How the report shows the right side (LaTeX), in place of SymPy's printing of what is checked: the
    # line as the author writes it.  Presentation only: never checked, never part of the fingerprint.
    display: str = ""
    # A step read from a text (python -m verifier import) whose conditions the author has not confirmed:
    # True, or the conditions the text states around it as (relation, the text's words) pairs.  A
    # counterexample they exclude, or one where a side has no value, is unknown, never refuted.
    unconfirmed: object = ()
    # Why the reading of the line is not settled (two readings possible): a counterexample to one reading
    # refutes nothing, so the step is unknown rather than refuted.
    unsettled: str = ""
    # Laws every declaration of the text allows (law_instances.py), at which an unsettled step whose quantities
    # are a law's (E[X^2], Var(X)) is looked at again: a certified counterexample there refutes it.
    at_laws: tuple = ()
    # Matrices and vectors every declaration of the text allows (identity_multiples.py: each matrix c·I, each vector
    # a·u), at which an unsettled step read as products that do not commute is looked at again: a certified
    # counterexample there refutes it.
    scalar_instance: IdentityMultiples | None = None
    # Functions the text introduces as arbitrary (arbitrary_functions.py: "any differentiable functions f and g"), at
    # whose witnesses (exp, sin, …, each with every property the text states) a step writing them is looked at again: a
    # certified counterexample there refutes it.
    at_functions: ArbitraryFunctions | None = None
    error: str = ""                                # why the step is malformed, if it is


@dataclass
class Experiment:
    """A seeded numerical experiment that tests a claim against data; evidence, never proof.

    run(seed, quick) returns an ExperimentOutcome.
    """
    title: str
    claim: str
    run: Callable[[int, bool], Any]
    expect_refuted: bool = False
    name: str = ""


@dataclass
class ExperimentOutcome:
    holds: bool
    finding: str
    tables: list = field(default_factory=list)
    plots: list = field(default_factory=list)


class Derivation:
    def __init__(self, start, *, title: str, source: str = "", name: str = "",
                 assumptions=(), notes=(), reconstruction: bool = False, display: str = ""):
        self.name = name            # filled from the variable name at collection when empty
        self.title = title
        self.source = source
        self.assumptions = list(assumptions)
        self.notes = list(notes)
        self.reconstruction = reconstruction
        self.steps: list[Step] = []
        self.experiments: list[Experiment] = []
        self.file = _authoring_file()
        self.start, self.start_error = _sympify(start)
        # How the report shows the start (LaTeX), as display= on a step shows its right side: for the eye
        # only, never checked, never part of a fingerprint.
        self.start_display = display
        if not isinstance(display, str):
            self.start_display = ""
            self.start_error = self.start_error or f"display= takes the start as LaTeX text, not {type(display).__name__}"

    # One method per relation keeps each line of a derivation reading as "relation, rhs, reason".
    def eq(self, rhs, reason: str, **opts) -> "Derivation":
        return self._step(Relation.EQ, rhs, reason, opts)

    def le(self, rhs, reason: str, **opts) -> "Derivation":
        return self._step(Relation.LE, rhs, reason, opts)

    def ge(self, rhs, reason: str, **opts) -> "Derivation":
        return self._step(Relation.GE, rhs, reason, opts)

    def lt(self, rhs, reason: str, **opts) -> "Derivation":
        return self._step(Relation.LT, rhs, reason, opts)

    def gt(self, rhs, reason: str, **opts) -> "Derivation":
        return self._step(Relation.GT, rhs, reason, opts)

    def approx(self, rhs, reason: str, *, meaning=(), measure: Measure | None = None, **opts) -> "Derivation":
        meanings = list(meaning) if isinstance(meaning, (list, tuple)) else [meaning]
        return self._step(Relation.APPROX, rhs, reason, dict(opts, meanings=meanings, measure=measure))

    @property
    def qualified_name(self) -> str:
        """`<file stem>::<name>`: unique across a run even when two files each define `claim`."""
        import os
        stem = os.path.splitext(os.path.basename(self.file))[0] if self.file else ""
        return f"{stem}::{self.name}" if stem else self.name

    def propto(self, rhs, reason: str, *, wrt, **opts) -> "Derivation":
        wrt = tuple(wrt) if isinstance(wrt, (list, tuple)) else (wrt,)
        return self._step(Relation.PROPTO, rhs, reason, dict(opts, wrt=wrt))

    def experiment(self, title: str, claim: str, run, *, expect_refuted: bool = False) -> "Derivation":
        self.experiments.append(Experiment(title, claim, run, expect_refuted))
        return self

    def _step(self, relation: Relation, rhs, reason: str, opts: dict) -> "Derivation":
        expr, error = _sympify(rhs)
        expect = opts.pop("expect", "holds")
        step = Step(relation, expr, reason, source=opts.pop("source", ""), error=error)
        if expect not in ("holds", "refuted"):
            step.error = f"expect must be 'holds' or 'refuted', not {expect!r}"
        step.expect_refuted = expect == "refuted"
        assumptions = opts.pop("assume", ())
        step.assumptions = [assumptions] if isinstance(assumptions, str) else list(assumptions)
        step.meanings = opts.pop("meanings", [])
        step.measure = opts.pop("measure", None)
        by = opts.pop("by", ())
        step.by = list(by) if isinstance(by, (list, tuple)) else [by]
        step.wrt = opts.pop("wrt", ())
        step.given = dict(opts.pop("given", {}))
        step.at, at_error = _instance_values(opts.pop("at", {}), step.by)
        step.error = step.error or at_error
        step.how, how_error = _strategy_names(opts.pop("how", ()))
        step.error = step.error or how_error
        step.survives, survives_error = _survivor_notes(opts.pop("survives", {}))
        step.error = step.error or survives_error
        step.display = opts.pop("display", "")
        step.unconfirmed = opts.pop("unconfirmed", ())
        step.unsettled = opts.pop("unsettled", "")
        step.at_laws = opts.pop("at_laws", ())
        if not (isinstance(step.at_laws, (list, tuple)) and all(isinstance(a, LawInstance) for a in step.at_laws)):
            step.error = step.error or "at_laws= takes a list of at_law(words, values)"
        step.at_laws = tuple(step.at_laws) if isinstance(step.at_laws, (list, tuple)) else ()
        step.scalar_instance = opts.pop("scalar_instance", None)
        if step.scalar_instance is not None and not isinstance(step.scalar_instance, IdentityMultiples):
            step.error = step.error or "scalar_instance= takes identity_multiples(values, matrices, vectors)"
            step.scalar_instance = None
        step.at_functions = opts.pop("at_functions", None)
        if step.at_functions is not None and not isinstance(step.at_functions, ArbitraryFunctions):
            step.error = step.error or "at_functions= takes arbitrary_functions({name: [properties]}, words, satisfies)"
            step.at_functions = None
        if not isinstance(step.display, str):
            step.error = step.error or f"display= takes the right side as LaTeX text, not {type(step.display).__name__}"
        if opts:
            step.error = step.error or (f"unknown option(s) {', '.join(sorted(opts))}; "
                                        "a step takes source=, assume=, expect=, by=, at=, given=, how=, survives=, display=, "
                                        "unconfirmed=, unsettled=, at_laws=, scalar_instance=, at_functions= "
                                        "(and meaning=/measure= for approx, wrt= for propto)")
        if relation is Relation.APPROX and not step.error:
            step.meanings, step.error = _read_meanings(step.meanings)
        if relation is Relation.APPROX and not step.error:
            bad = [m for m in step.meanings if not isinstance(m, MEANINGS)]
            if bad:
                step.error = (f"meaning must be tends(x, point), series_order(x, point, k), one_sided('>=') "
                              f"or SymPy's O((x - a)**k, (x, a)), not {bad[0]!r}")
            elif not step.meanings and not step.unconfirmed:
                # (a line read from a text, unconfirmed=, whose words do not say what its ≈ means is unknown: the
                # text is not malformed; once confirmed, the author gives the meaning)
                step.error = ("approximation without a stated meaning: give approx(..., meaning=tends(x, 0) "
                              "| series_order(x, 0, k) | one_sided('>='))")
        self.steps.append(step)
        return self

    def at(self, **values) -> "Derivation":
        """This derivation's conclusion at an instance, as a fact to cite: by=lemma.at(u=σ₁**2/σ₂**2).

        The instance is a derivation of one step, checked like any other: it cites this one at the given
        values, and holds when this one holds and each value is shown to satisfy its symbol's declaration
        (u > 0 for a positive u, 0 < p < 1 for interval("p", 0, 1, open=True)); otherwise that step is an
        error that names the hypothesis not shown.  Keywords are the names of this derivation's symbols."""
        from .relations import compose
        symbols = {str(s): s for e in self.expressions if isinstance(e, sp.Basic) for s in e.free_symbols}
        mapping, unknown = {}, []
        for name, value in values.items():
            if name not in symbols:
                unknown.append(name)
                continue
            mapping[symbols[name]], _ = _sympify(value)
        shown = ", ".join(f"{k} = {sp.sstr(v)}" for k, v in mapping.items())
        relation, why = compose([s.relation for s in self.steps]) if self.steps else (None, "the lemma has no steps")
        start = self.start.xreplace(mapping) if isinstance(self.start, sp.Basic) else self.start
        last = self.steps[-1].rhs if self.steps else None
        instance = Derivation(start, title=f"{self.title}, at {shown}", source=self.source,
                              name=f"{self.name}_at" if self.name else "")
        rhs = last.xreplace(mapping) if isinstance(last, sp.Basic) else last
        method = {Relation.EQ: instance.eq, Relation.LE: instance.le, Relation.GE: instance.ge,
                  Relation.LT: instance.lt, Relation.GT: instance.gt}.get(relation)
        if method is None:
            instance.eq(rhs if rhs is not None else 0, "an instance")
            instance.steps[-1].error = f"{self.title!r} cannot be cited at an instance: {why or 'it concludes ' + str(relation)}"
            return instance
        method(rhs, f"{self.title}, at {shown}", by=[self], at=mapping)
        if unknown:
            instance.steps[-1].error = (f"at(): {', '.join(unknown)} is not a symbol of {self.title!r} "
                                        f"(its symbols: {', '.join(sorted(symbols))})")
        elif not values:
            instance.steps[-1].error = "at() needs at least one value, e.g. lemma.at(u=x**2)"
        return instance

    @property
    def expressions(self) -> list[sp.Expr | None]:
        return [self.start] + [s.rhs for s in self.steps]

    def __repr__(self) -> str:
        return f"<Derivation {self.name or self.title!r}: {len(self.steps)} steps>"

    def _repr_html_(self) -> str | None:
        """Jupyter shows a derivation as its checked chain (checked on first display, again after a change).

        Jupyter finds the hook only on the object itself, but checking and rendering belong to
        higher layers: the package installs the renderer in DISPLAY (see verifier/__init__.py),
        so the authoring layer never imports the engine.
        """
        render = DISPLAY.get("html")
        return render(self) if render else None


# Renderers installed by the package (verifier/__init__.py): name -> function(derivation) -> str.
DISPLAY: dict = {}


def calc(start, *, title: str, source: str = "", **kw) -> Derivation:
    """Begin a chain at `start`; add steps with .eq/.le/.ge/.lt/.gt/.approx/.propto."""
    return Derivation(start, title=title, source=source, **kw)


def _authoring_file() -> str:
    """The file that built this derivation, so the loader collects it there and not where it is imported."""
    import os
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    frame = sys._getframe(1)
    while frame is not None and os.path.dirname(os.path.abspath(frame.f_code.co_filename)) == here:
        frame = frame.f_back
    return os.path.abspath(frame.f_code.co_filename) if frame is not None else ""


def _strategy_names(how) -> tuple[tuple[str, ...], str]:
    """how= names one strategy or several, as strings; whether they exist is the prove layer's to say."""
    names = (how,) if isinstance(how, str) else how
    if not isinstance(names, (list, tuple)) or not all(isinstance(h, str) and h.strip() for h in names):
        return (), f"how= takes a strategy name or a list of them, e.g. how='expand', not {how!r}"
    return tuple(h.strip() for h in names), ""


def _read_meanings(meanings: list) -> tuple[list, str]:
    """SymPy's O(...) stands for the series meaning it spells; everything else is checked by the caller."""
    out = []
    for m in meanings:
        if isinstance(m, sp.Order):
            try:
                m = from_order(m)
            except ValueError as exc:
                return [], f"meaning {m}: {exc}"
        out.append(m)
    return out, ""


def _sympify(value) -> tuple[sp.Expr | None, str]:
    try:
        expr = sp.sympify(value, strict=True)
    except (sp.SympifyError, TypeError, ValueError) as exc:
        return None, f"not a SymPy expression: {value!r} ({exc.__class__.__name__})"
    if not isinstance(expr, sp.Expr):
        return None, f"not a SymPy expression: {value!r} is a {type(expr).__name__}"
    if getattr(expr, "is_Matrix", False) or isinstance(expr, sp.MatrixExpr):
        # A step relates scalars; a matrix identity is its entries, each a step of its own.
        return None, (f"not a scalar expression: {type(expr).__name__} {expr.shape}; "
                      "write one step per entry, or state the scalar (a trace, a quadratic form) you mean")
    return _exact_numbers(expr)


def _exact_numbers(expr: sp.Expr) -> tuple[sp.Expr | None, str]:
    """Every float in expr replaced by the number it is, or an error when that number is not what was written.

    A Python float is a binary number.  One that is exactly what it prints as (0.5, 2.0, 0.375) is that
    number.  Any other (0.1, 0.4754, math.log(2), math.sqrt(10.5)) is the binary neighbour of what the author
    meant, and reading it either way guesses: as the binary number, x·0.1 = x/10 is false; as the decimal it
    prints, a float from an operation (math.log(2) printing 0.6931471805599453) becomes a rational that is
    not log 2, and a certified counterexample to a true claim.  So such a float is an error that says what
    to write instead, and decimal(0.4754) (or decimal("0.4754")) states that the decimal is meant.
    """
    floats = sorted((f for f in expr.atoms(sp.Float) if f.is_finite), key=sp.default_sort_key)
    inexact = [f for f in floats if sp.Rational(f) != sp.Rational(_printed(f))]
    if inexact:
        f = inexact[0]
        text = _printed(f)
        return None, (f"the float {text} in {sp.sstr(expr)} is not the number it prints as (a Python float is "
                      f"binary: {text} is {sp.Float(sp.Rational(f), 25)}…), so the step would check a number "
                      f"nobody wrote; write it exactly: Rational('{text}') or S('{text}') for the decimal, "
                      f"decimal({text}) to state that the decimal is meant, or the expression it came from "
                      f"in SymPy (log(2), sqrt(Rational(21, 2)), not math.log(2), math.sqrt(10.5))")
    return expr.xreplace({f: sp.Rational(f) for f in floats}), ""


def _printed(f: sp.Float) -> str:
    """A float as it prints: the shortest repr of a Python float (53 bits), SymPy's digits for a wider Float."""
    return repr(float(f)) if f._prec <= 53 else str(f)


def _instance_values(at, by) -> tuple[dict, str]:
    """at= maps declared symbols of the cited facts to expressions; it needs a cited fact."""
    if not at:
        return {}, ""
    if not isinstance(at, dict) or not all(isinstance(k, sp.Symbol) for k in at):
        return {}, f"at= takes a dict from a cited fact's symbols to values, e.g. at={{u: x**2}}, not {at!r}"
    if not by:
        return {}, "at= gives the instance of a cited fact, but the step cites none (by=)"
    out = {}
    for k, v in at.items():
        value, error = _sympify(v)
        if error:
            return {}, f"at= value for {k}: {error}"
        out[k] = value
    return out, ""


def _survivor_notes(notes) -> tuple[dict[str, str], str]:
    """survives= maps a mutation kind or one mutation's description to why that mutant is harmless."""
    if isinstance(notes, dict) and all(isinstance(k, str) and k.strip() and isinstance(v, str) and v.strip()
                                       for k, v in notes.items()):
        return {k.strip(): v.strip() for k, v in notes.items()}, ""
    return {}, ("survives= takes a dict from a mutation kind (index, range, sign, factor, constant) or a "
                "mutation's description to why it is harmless, e.g. survives={'sign': '∝ ignores a factor −1'}, "
                f"not {notes!r}")
