r"""An integral whose integrand takes its variable to an exponent a parameter gives (∫_0^x n y^n dy for a real n) has
no certified value where that exponent is fractional (FLINT cannot enclose y^n near y = 0), but is a rational
integrand, certified by acb.integral, where the exponent is exactly whole.  The structure points give a real variable
in an exponent the values making that exponent 2, 1 and 3, so such a claim false at whole n is refuted there; a
true one is never refuted; at a fractional exponent the integral is mpmath's, flagged, as before."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import only_step
from verifier import calc, index, positive, real, size
from verifier.evidence import structure
from verifier.evidence.balls import _whole_power_exponents, compile_ball
from verifier.evidence.inputs import inputs_of
from verifier.verdicts import Verdict

n, x = positive("n_wp"), positive("x_wp")
y = real("y_wp")


def test_a_false_integral_of_a_power_to_a_parameter_is_refuted_at_a_whole_exponent():
    step = only_step(calc(sp.Integral(n * y ** n, (y, 0, x)), title="twin").eq(x ** n, "exponent off by one"),
                     quick=True)
    assert step.verdict == Verdict.REFUTED, (step.verdict, step.message)
    assert sp.Rational(step.counterexample.point["n_wp"]).is_integer, step.counterexample.point


@pytest.mark.slow
def test_near_miss_the_true_integral_is_never_refuted():
    step = only_step(calc(sp.Integral(n * y ** (n - 1), (y, 0, x)), title="true").eq(x ** n, "power rule"),
                     quick=True)
    assert step.verdict != Verdict.REFUTED, (step.verdict, step.message)


def test_the_integral_is_certified_at_a_whole_exponent_and_flagged_at_a_fractional_one():
    from flint import arb
    integral = sp.Integral(n * y ** (n - 1), (y, 0, x))
    inputs = inputs_of(integral)
    f = compile_ball(integral, inputs.args)
    value = f([{n: 3, x: arb(1) / 2}[a] for a in inputs.args])
    assert value.overlaps(arb(1) / 8) and value.rad() < arb(10) ** -10 and not f.uses_fallback, value
    f([{n: arb(5) / 2, x: arb(1) / 2}[a] for a in inputs.args])
    assert f.uses_fallback


def test_the_exponents_a_parameter_gives_are_found_only_where_they_alone_stand_in_the_way():
    assert _whole_power_exponents(sp.Integral(n * y ** (n - 1), (y, 0, x))) == [n - 1]
    # the variable in the exponent, a function that is not meromorphic, or no such power: none
    assert _whole_power_exponents(sp.Integral(n ** y, (y, 0, x))) == []
    assert _whole_power_exponents(sp.Integral(y ** n * sp.Abs(y), (y, 0, x))) == []
    assert _whole_power_exponents(sp.Integral(y ** 2, (y, 0, x))) == []


def test_the_structure_points_make_an_exponent_whole_only_for_a_real_variable_alone_in_it():
    body = sp.Integral(n * y ** (n - 1), (y, 0, x))
    values = structure.analyse([body, x ** n], inputs_of(body, x ** n)).values(n)
    assert {3, 2, 4} <= set(values), values
    m = size("m_wp")
    k = index("k_wp", m)
    assert not structure.analyse([x ** (n + k)], inputs_of(x ** (n + k))).kinds.get(n, set()) & {"whole exponents"}
