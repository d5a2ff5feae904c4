"""One table of functions (verifier/functions.py): every evaluator and predicate reads what it knows about a
function from it, so a function added to the table is known everywhere at once, and a function the table does
not know is treated conservatively by each of them.

Readers: the ball compiler (certified method or helper), the trends' mpmath printer, the mpmath replay of
agreeing points, interval enclosures (proofs and tails of integrals), the singular sets of definedness,
strict monotonicity, smoothness (convexity, ∝, continuity of an integrand), kinks (a derivative at a point),
isolation in a forked child, and the importer's LaTeX names.
"""
from __future__ import annotations

import mpmath
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import calc, interval, real
from verifier import functions
from verifier.evidence import balls, inputs, replay, tails
from verifier.importer import reading
from verifier.judge import isolated
from verifier.prove import convexity, definedness, intervals, monotone
from verifier.verdicts import Verdict

PASSING = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)


# --- a function added to the table ------------------------------------------------------------------------------

class grow(sp.Function):
    """e^x under another name: entire, strictly increasing, FLINT's exp, mpmath's exp, the interval exp."""

    def fdiff(self, argindex=1):
        return grow(self.args[0])

    def _eval_evalf(self, prec):
        return sp.exp(self.args[0])._eval_evalf(prec)

    def _eval_is_real(self):
        return self.args[0].is_real or None


class lg(sp.Function):
    """log x under another name: singular at 0, smooth and increasing where x > 0."""

    def fdiff(self, argindex=1):
        return 1 / self.args[0]

    def _eval_evalf(self, prec):
        return sp.log(self.args[0])._eval_evalf(prec)


class mystery(sp.Function):
    """A function the table does not know (numerically e^x, which no reader may assume)."""

    def fdiff(self, argindex=1):
        return mystery(self.args[0])

    def _eval_evalf(self, prec):
        return sp.exp(self.args[0])._eval_evalf(prec)


@pytest.fixture
def table_with_grow_and_lg(monkeypatch):
    added = {
        grow: functions.Function(grow, (1,), smooth_on_reals=True, increasing=True, interval="exp", meromorphic=True,
                                 balls={1: functions.Ball("exp", (0,))}, mpmath=functions.Mpmath("exp")),
        lg: functions.Function(lg, (1,), singular=functions.AT_ZERO, poles="0", smooth_where_positive=True,
                               increasing=True, interval="log", helper="log", mpmath=functions.Mpmath("log")),
    }
    monkeypatch.setattr(functions, "FUNCTIONS", {**functions.FUNCTIONS, **added})
    return added


def _ball_value(fn, args):
    with balls.precision(30):
        v = fn(list(args), "real")
    return mpmath.mpf(v.mid().str(30, radius=False))


def test_a_function_added_to_the_table_is_known_by_every_evaluator_and_predicate(table_with_grow_and_lg):
    x = sp.Symbol("x", real=True)
    t = sp.Symbol("t", positive=True)
    a, b = sp.symbols("a b", real=True)
    # Ball compiler: the certified method (grow) and the helper (lg), no fallback.
    fn = balls.compile_ball(grow(x) + lg(x), [x])
    assert not fn.uses_fallback
    assert abs(_ball_value(fn, [balls.arb(2)]) - (mpmath.exp(2) + mpmath.log(2))) < 1e-25
    # The trends' printer and the replay's: mpmath's function of the same meaning; the replay takes it.
    assert inputs.ExactPrinter().doprint(grow(x)) == "mpmath.exp(x)"
    assert inputs.ExactPrinter().doprint(lg(x)) == "mpmath.log(x)"
    assert replay._foreign(grow(x) * lg(x)) is None
    # Interval enclosures, for proofs and for tails of integrals.
    box = intervals.enclose(grow(sp.Integer(1)))
    assert box.a <= mpmath.e <= box.b
    assert intervals.certified_sign(grow(sp.Integer(1)) - sp.Rational(271, 100), strict=True)
    tail = tails.enclose(grow(x), {x: mpmath.iv.mpf([0, 1])})
    assert tail.a <= 1 and tail.b >= mpmath.e
    # Singular sets: lg needs its argument shown ≠ 0; grow is defined everywhere.
    assert definedness.pole_reason(lg(x)) is not None
    assert definedness.pole_reason(lg(t)) is None
    assert definedness.pole_reason(grow(x)) is None
    # Strict monotonicity: on ℝ for grow, on (0, ∞) for lg (with both arguments shown > 0).
    (on_reals,) = monotone.reductions(grow(a) - grow(b))
    assert on_reals.inner == a - b and not on_reals.conditions
    (on_positives,) = monotone.reductions(lg(a) - lg(b))
    assert on_positives.inner == a - b and on_positives.conditions == ((a, True), (b, True))
    # Smoothness: grow on ℝ, lg where its argument is shown > 0.
    assert convexity.nonsmooth_reason(grow(x) + x ** 2, x) is None
    assert convexity.nonsmooth_reason(lg(t), t) is None
    assert convexity.nonsmooth_reason(lg(x), x) is not None
    # No kink (a derivative at a point has a number), and a certified ball: no forked child needed.
    assert not balls._may_kink(grow(x))
    assert not isolated.needed(grow(x) + lg(x))


def test_a_function_not_in_the_table_is_treated_conservatively_by_every_reader():
    x = sp.Symbol("x", real=True)
    t = sp.Symbol("t", positive=True)
    a, b = sp.symbols("a b", real=True)
    assert functions.facts(mystery(x)) is None and functions.unknown_function(mystery(x))
    # Ball compiler: SymPy's evalf of the call, flagged as not certified (the stated fallback).
    fn = balls.compile_ball(mystery(x), [x])
    assert fn.uses_fallback == {"mystery"}
    # Printers: not printed (never as whatever mpmath function has that name); the replay leaves it to evalf.
    with pytest.raises(Exception):
        inputs.ExactPrinter().doprint(mystery(x))
    assert replay._foreign(mystery(x)) == "mystery"
    # No enclosure: a sign is not certified, a box is not proved free of 0.
    assert not intervals.certified_sign(mystery(sp.Integer(1)) - 1, strict=True)
    with pytest.raises(intervals.Unsupported):
        intervals.enclose(mystery(x), {x: mpmath.iv.mpf([0, 1])})
    with pytest.raises(tails.NoEnclosure):
        tails.enclose(mystery(x), {x: mpmath.iv.mpf([0, 1])})
    # Possibly undefined, not monotone, not smooth, possibly kinked, evaluated in a forked child.
    assert definedness.pole_reason(mystery(t)) is not None
    assert monotone.reductions(mystery(a) - mystery(b)) == []
    assert convexity.nonsmooth_reason(mystery(t), t) is not None
    assert balls._may_kink(mystery(x))
    assert isolated.needed(mystery(x))


def test_near_miss_connectives_and_declared_functions_are_structure_not_unknown_functions():
    x = sp.Symbol("x", real=True)
    f = sp.Function("f")
    inside = sp.Piecewise((x, sp.And(x > 0, x < 1)), (0, True))
    for e in (inside, f(x), sp.KroneckerDelta(x, 1)):
        assert definedness.pole_reason(e) is None, e
        assert not isolated.needed(e), e
    assert not functions.unknown_function(sp.And(x > 0, x < 1))


def test_a_subclass_that_only_renames_a_function_is_that_function_and_one_that_redefines_it_is_not():
    x = sp.Symbol("x", real=True)

    class renamed_exp(sp.exp):
        pass

    class redefined_log(sp.log):
        @classmethod
        def eval(cls, arg, base=None):
            return None

    assert functions.facts(renamed_exp(x)) is functions.facts(sp.exp)
    assert functions.facts(redefined_log(x)) is None
    # Another function: possibly undefined anywhere, never log's ball helper.
    assert definedness.pole_reason(redefined_log(x + 2)) is not None
    assert balls.compile_ball(redefined_log(x + 2), [x]).uses_fallback == {"redefined_log"}


def test_the_importer_reads_its_latex_names_from_the_table():
    assert reading.FUNCS == functions.latex_names()
    assert reading.FUNCS[r"\ln"] == "log" and reading.FUNCS[r"\arctan"] == "atan"
    assert reading.INVERSES[r"\tanh"] == "atanh"


def test_the_replay_and_the_printer_agree_on_every_table_function_they_take():
    """A call the replay takes as SymPy's function is one the printer writes (own name or SymPy's)."""
    xs = sp.symbols("x0:3", positive=True)
    for entry in functions.FUNCTIONS.values():
        if entry.mpmath is None or not entry.mpmath.everywhere or entry.parameters:
            continue
        arity = entry.arity[0] if entry.sympy not in (sp.Max, sp.Min) else 2
        expr = entry.sympy(*xs[:arity], evaluate=False)
        assert replay._foreign(expr) is None, entry.name
        inputs.ExactPrinter().doprint(expr)           # printed, never "not supported"


# --- where two readers disagreed, the table's sound answer --------------------------------------------------------

def _eq(lhs, rhs):
    return only_step(calc(lhs, title="probe").eq(rhs, "claimed"), quick=True)


x_r = real("x_r36")


def test_a_derivative_at_the_kink_of_a_function_outside_the_table_is_never_passed():
    # SymPy's ramp <x>¹ differentiates to the step <x>⁰, which is 1 at 0: "ramp'(0) = 1" was proved by doit and
    # cross-checked by the balls, whose list of kinked functions did not hold it; no derivative exists there.
    ramp = sp.SingularityFunction(x_r, 0, 1)
    s = _eq(sp.Subs(sp.Derivative(ramp, x_r), x_r, 0), 1)
    assert s.verdict not in PASSING, (s.verdict, s.message)


def test_near_miss_a_derivative_at_a_point_of_a_smooth_table_function_is_still_proved():
    s = _eq(sp.Subs(sp.Derivative(sp.exp(x_r) + sp.erf(x_r), x_r), x_r, 0), 1 + 2 / sp.sqrt(sp.pi))
    assert s.verdict is Verdict.PROVED, (s.verdict, s.message)


def test_erfinv_is_defined_only_where_its_argument_is_shown_inside_the_unit_interval():
    # The replay and the printer vouched for erfinv while definedness did not know it (so it never asked where
    # erfinv has no value): at y = 1/3 below the argument is 1, where erfinv is infinite.
    y = interval("y36", sp.Rational(-1, 2), sp.Rational(1, 2))
    why = definedness.pole_reason(sp.erfinv(1 - (y - sp.Rational(1, 3)) ** 2))
    assert why is not None and "not shown < 1" in why


def test_near_miss_erfinv_inside_the_unit_interval_is_defined_and_the_identity_proved():
    y = interval("y36", sp.Rational(-1, 2), sp.Rational(1, 2))
    assert definedness.pole_reason(sp.erfinv(y)) is None
    e = sp.erfinv(y)
    assert _eq((e + 1) ** 2 - e ** 2 - 2 * e, 1).verdict is Verdict.PROVED


def test_a_function_smooth_on_the_reals_but_with_poles_off_them_is_smooth_only_for_a_real_argument():
    t = sp.Symbol("t", real=True)
    # atan has its poles at ±i: atan(t + i) is infinite at t = 0.  Convexity and ∝ took every one-argument
    # function smooth on ℝ as smooth whatever its argument.
    assert convexity.nonsmooth_reason(sp.atan(t + sp.I), t) is not None
    assert convexity.nonsmooth_reason(sp.atan(t + 1), t) is None
    assert convexity.nonsmooth_reason(sp.exp(sp.I * t), t) is None       # entire: any argument


def test_a_call_with_no_ball_method_runs_in_a_forked_child_whatever_ran_before():
    # Isolation read the names the ball compiler had sent to mpmath so far in the process: harmonic(x) ran
    # unisolated until some earlier compile had used it.
    x = sp.Symbol("x", positive=True)
    assert isolated.needed(sp.harmonic(x))
    assert isolated.needed(sp.polygamma(sp.Rational(1, 2), x))     # outside the ball method's pattern
    assert not isolated.needed(sp.exp(x) + sp.log(x) + sp.Abs(x))


def test_a_limit_certificate_is_looked_for_only_where_the_interval_enclosure_can_take_every_function():
    # The certificate's own list named sp.sqrt, which is not a class: any other function (tanh) made the
    # check raise TypeError instead of going without a certificate.
    from verifier.prove.limit_certificates import certify_at_infinity
    x = sp.Symbol("x", positive=True)
    assert certify_at_infinity(sp.tanh(x) + 1, x, sp.Integer(2), 5.0) == ""
