"""An equation that writes a number smaller than what agreement resolves is never passed on agreement.

Agreement is absolute (10^-(0.6·dps) at the higher precision), so `e^{10^{-70} x} = 1 + 10^{-70} x` agreed at every
point although its sides differ by 10^{-140}x²/2: agreeing values cannot tell a step that writes such a number from
the same equation without it.  Such an equation is unknown, naming the number, even where SymPy proves it (the numbers could
not have contradicted the proof); a counterexample is still a counterexample.
"""
import pytest
import sympy as sp

from verifier import calc, interval, real
from verifier.verdicts import Verdict

from tests.engine import only_step

HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
R = sp.Rational

x = real("x")
t = interval("t", 0, 1)         # confined: no point beyond [0, 1], where the gap stays tiny


def step(lhs, relation, rhs):
    d = calc(lhs, title="under test")
    d = getattr(d, {"=": "eq", "<=": "le", ">=": "ge", "<": "lt", ">": "gt"}[relation])(rhs, "claimed")
    return only_step(d)


@pytest.mark.parametrize("lhs, rhs", [
    (sp.cos(t + R(1, 10 ** 300)), sp.cos(t)),                           # a gap of about 1e-300·sin t
    (sp.exp(R(1, 10 ** 70) * x), 1 + R(1, 10 ** 70) * x),               # 10^-140 x²/2
    (sp.log(1 + R(1, 10 ** 60) * x ** 2), R(1, 10 ** 60) * x ** 2),     # 10^-120 x⁴/2
    (sp.exp(R(1, 10 ** 900)), 1),                                       # a constant beyond the precision ladder
])
def test_a_false_step_writing_a_number_below_agreement_is_not_passed(lhs, rhs):
    found = step(lhs, "=", rhs)
    assert found.verdict not in HOLDS, found.message


def test_the_reason_names_the_number_and_what_agreement_resolves():
    found = step(sp.exp(R(1, 10 ** 70) * x), "=", 1 + R(1, 10 ** 70) * x)
    assert "10^-70" in found.message and "cannot resolve" in found.message, found.message


def test_near_miss_a_counterexample_the_tiny_number_leaves_visible_still_refutes():
    # (x + 10^-80)^2 = x^2 + 2·10^-80·x + 1: the gap is 1, whatever the tiny number
    assert step((x + R(1, 10 ** 80)) ** 2, "=", x ** 2 + 2 * R(1, 10 ** 80) * x + 1).verdict is Verdict.REFUTED


def test_a_symbolic_proof_of_such_a_step_is_not_kept_since_the_numbers_could_not_have_contradicted_it():
    found = step((x + R(1, 10 ** 80)) ** 2, "=", x ** 2 + 2 * R(1, 10 ** 80) * x + R(1, 10 ** 160))
    assert found.verdict is Verdict.UNKNOWN and "symbolic proof found" in found.message, found.message


def test_near_miss_a_number_agreement_resolves_still_passes_on_agreement():
    # 10^-20 is far above what agreement resolves: sin²x + cos²x + 10^-20 = 1 + 10^-20 is checked as usual
    assert step(sp.sin(x) ** 2 + sp.cos(x) ** 2 + R(1, 10 ** 20), "=", 1 + R(1, 10 ** 20)).verdict in HOLDS


def test_near_miss_an_inequality_with_a_tiny_margin_keeps_its_certified_sign():
    # an inequality's agreement is a certified sign of its slack, not a tolerance: x^2 + 10^-300 x^4 >= x^2 holds
    assert step(x ** 2 + R(1, 10 ** 300) * x ** 4, ">=", x ** 2).verdict in HOLDS
