"""A step whose side holds SymPy's Subs is evaluated by the certified balls.

Subs(f, x, p) is compiled as a let-binding: x is bound to the ball of p inside f's scope, like an
integration variable, never by SymPy's doit at run time; a derivative inside (f'(0) written as
Subs(Derivative(f, x), x, 0)) is differentiated symbolically first, inside that binding.  The bound x
neither leaks out nor captures an input also named x: x + Subs(x², x, 2) is x + 4.

A Subs with several variables is printed as one simultaneous substitution, but SymPy carries it out
one variable after another (Subs.doit), and it flattens a nested Subs into that same object.  Where the
two readings differ (Subs(x − y, (x, y), (y, x)): y − x at once, 0 in turn) neither a proof nor a number
rests on it (verifier/authoring/substitutions.py); where they agree, each evaluator gives the one value.

Near misses sit beside each other: true claims one edit away from refuted ones, and false ones one edit
away from accepted ones.
"""
import pytest
import sympy as sp
from flint import arb

from tests.engine import only_step
from verifier import Σ, calc, index, integer, real, size
from verifier.authoring.substitutions import ambiguous
from verifier.evidence.balls import Unsupported, compile_ball, precision
from verifier.evidence.compare import compare
from verifier.evidence.inputs import Point
from verifier.evidence.replay import replay
from verifier.prove import prove_equal
from verifier.verdicts import Verdict

HOLDS = (Verdict.PROVED, Verdict.NUMERIC)
x, y, a, b, M = (real(name) for name in ("x", "y", "a", "b", "M"))
k = integer("k", -5, 5)
n = size("n")
j = index("j", n)
F = sp.exp(2 * M) + M ** 3                 # F'(M) = 2 e^{2M} + 3M², so F'(0) = 2, F'(1) = 2e² + 3


def eq(lhs, rhs):
    return only_step(calc(lhs, title="under test").eq(rhs, "claimed"))


def numbers(lhs, rhs):
    """The numbers alone, no proof: compare() over sampled points, certified balls, refutations replayed."""
    return compare(lhs, rhs, "=")


def certified_agreement(c) -> bool:
    return c.agrees and not c.refuted and not c.uncertified and c.evaluated >= 1


# -- the balls bind the substituted variable --------------------------------------------------------------

def test_a_subs_is_a_let_binding_in_the_compiled_code_not_a_call_to_sympy():
    fn = compile_ball(sp.Subs(x ** 2, x, a + 1), [a])
    assert "_let" in fn.source and "_mp(" not in fn.source and not fn.uses_fallback
    with precision(50):
        assert fn([arb(3)], "real") == 16


def test_the_bound_variable_does_not_capture_an_input_of_the_same_name():
    fn = compile_ball(x + sp.Subs(x ** 2, x, 2), [x])
    with precision(50):
        assert fn([arb(5)], "real") == 9          # x + 4 at x = 5; a leak would give 5 + 25 or 2 + 4


def test_a_point_that_names_the_substituted_variable_reads_the_outer_value():
    fn = compile_ball(sp.Subs(x ** 2, x, x + 1), [x])
    with precision(50):
        assert fn([arb(2)], "real") == 9          # (x + 1)² at x = 2, not 2² or (3 + 1)²


def test_an_ambiguous_multi_variable_subs_has_no_number():
    with pytest.raises(Unsupported, match="one after another"):
        compile_ball(sp.Subs(x - y, (x, y), (y, x)), [x, y])


# -- a derivative at a point ---------------------------------------------------------------------------------

def test_a_derivative_at_a_point_is_certified_and_a_wrong_value_or_point_is_refuted():
    at_zero = sp.Subs(sp.Derivative(F, M), M, 0)
    assert certified_agreement(numbers(at_zero, 2))
    assert numbers(at_zero, 3).refuted                                           # wrong value
    assert numbers(sp.Subs(sp.Derivative(F, M), M, 1), 2).refuted                # wrong point
    assert certified_agreement(numbers(sp.Subs(sp.Derivative(F, M), M, 1), 2 * sp.exp(2) + 3))


def test_a_derivative_at_a_symbolic_point_with_a_parameter():
    d = sp.Subs(sp.Derivative(sp.sin(a * M), M), M, b)
    assert certified_agreement(numbers(d, a * sp.cos(a * b)))
    assert numbers(d, sp.cos(a * b)).refuted                                     # the chain rule's factor lost
    assert numbers(d, a * sp.cos(a * M).subs(M, 0)).refuted                      # evaluated at 0, not at b


def test_a_step_stating_a_derivative_at_a_point_is_proved_and_its_slip_refuted():
    right = eq(sp.Subs(sp.Derivative(F, M), M, 0), 2)
    slip = eq(sp.Subs(sp.Derivative(F, M), M, 0), 3)
    assert right.verdict is Verdict.PROVED and right.numeric.points >= 1
    assert slip.verdict is Verdict.REFUTED


# -- a substitution of an expression -------------------------------------------------------------------------

def test_a_substitution_of_an_expression_is_proved_and_checked_by_the_numbers():
    step = eq(sp.Subs(x ** 2, x, a + 1), (a + 1) ** 2)
    assert step.verdict is Verdict.PROVED and step.numeric.points >= 1
    assert certified_agreement(numbers(sp.Subs(x ** 2, x, a + 1), (a + 1) ** 2))


def test_a_substitution_at_the_wrong_point_is_refuted():
    assert eq(sp.Subs(x ** 2, x, a + 1), (a + 2) ** 2).verdict is Verdict.REFUTED
    assert numbers(sp.Subs(x ** 2, x, a + 1), a ** 2 + 1).refuted


def test_a_free_x_beside_a_subs_over_x_keeps_its_own_value():
    lhs = x + sp.Subs(x ** 2, x, 2)
    assert eq(lhs, x + 4).verdict is Verdict.PROVED
    assert certified_agreement(numbers(lhs, x + 4))
    for leaked in (sp.Integer(6), x + x ** 2, 2 * x + 2):     # outer x substituted too; Subs ignored; x bound twice
        c = numbers(lhs, leaked)
        assert c.refuted and not c.agrees, leaked
        assert eq(lhs, leaked).verdict is Verdict.REFUTED, leaked


def test_a_point_containing_the_variable_itself_uses_the_outer_value():
    lhs = sp.Subs(x ** 2, x, x + 1)
    assert certified_agreement(numbers(lhs, (x + 1) ** 2))
    assert numbers(lhs, x ** 2).refuted and numbers(lhs, (x + 2) ** 2).refuted


def test_an_integral_over_the_substituted_variable_inside_a_subs_keeps_its_own_variable():
    lhs = sp.Subs(x + sp.Integral(x ** 2, (x, 0, 1)), x, 3)
    assert certified_agreement(numbers(lhs, sp.Rational(10, 3)))
    assert numbers(lhs, 3 + 9).refuted                  # the integral's x captured by the substitution


def test_an_integer_point_stays_exact():
    fn = compile_ball(sp.Subs(x ** 3 - 7 * x, x, k), [k])
    with precision(50):
        assert fn([-4], "real") == -36


# -- several variables: simultaneous where that is not in doubt ----------------------------------------------

def test_two_variables_substituted_independently_give_one_value():
    lhs = sp.Subs(x * y + x, (x, y), (a, b))
    assert ambiguous(lhs) is None
    assert eq(lhs, a * b + a).verdict is Verdict.PROVED
    assert certified_agreement(numbers(lhs, a * b + a))
    assert numbers(lhs, a * a + a).refuted                         # y given x's point


def test_a_point_naming_an_earlier_variable_is_not_ambiguous():
    lhs = sp.Subs(x - y, (x, y), (a, x))      # y's point names x, substituted before it: x is not replaced again
    assert ambiguous(lhs) is None
    assert certified_agreement(numbers(lhs, a - x))
    assert numbers(lhs, 0).refuted and numbers(lhs, a - a).refuted


def test_a_swap_is_neither_proved_nor_refuted_either_way():
    swap = sp.Subs(x - y, (x, y), (y, x))     # at once: y − x; in turn (SymPy's doit): 0
    assert ambiguous(swap)
    for claimed in (y - x, sp.Integer(0)):
        step = eq(swap, claimed)
        assert step.verdict not in HOLDS and step.verdict is not Verdict.REFUTED, claimed
        assert "ambiguous" in step.message or "one after another" in step.message
        c = numbers(swap, claimed)
        assert not c.agrees and not c.refuted


# -- nested Subs (SymPy flattens them into one) --------------------------------------------------------------

def test_nested_subs_of_independent_variables():
    lhs = sp.Subs(sp.Subs(x * y + x, x, a + 1), y, 2)
    assert eq(lhs, 3 * a + 3).verdict is Verdict.PROVED
    assert certified_agreement(numbers(lhs, 3 * a + 3))
    assert numbers(lhs, 3 * a + 2).refuted and numbers(lhs, 2 * a + 3).refuted


def test_nested_subs_over_the_same_variable_apply_inner_first():
    lhs = sp.Subs(sp.Subs(x ** 2, x, x + 1), x, 3)      # flattened to Subs(x², (x, x), (x + 1, 3)): (3 + 1)²
    assert ambiguous(lhs) is None
    assert certified_agreement(numbers(lhs, 16))
    assert eq(lhs, 16).verdict is Verdict.PROVED
    for wrong in (10, 9):                                # 3² + 1; the substitutions in the other order
        assert numbers(lhs, wrong).refuted, wrong
        assert eq(lhs, wrong).verdict is Verdict.REFUTED, wrong


def test_a_nested_subs_that_flattens_into_an_ambiguous_one_is_never_refuted():
    lhs = sp.Subs(sp.Subs(x * y, x, y), y, 2)           # as nested: 4; its flattened object read at once: 2y
    assert ambiguous(lhs)
    for claimed in (sp.Integer(4), 2 * y):
        step = eq(lhs, claimed)
        assert step.verdict not in HOLDS and step.verdict is not Verdict.REFUTED, claimed


def test_a_nested_subs_over_the_same_variable_around_a_sum_is_evaluated_not_crashed():
    # SymPy's constructor refuses the flattened object's repeated x when it is rebuilt: canonical forms and
    # the replay rebuild it as the nesting it came from (substitutions.rebuild).
    lhs = sp.Subs(sp.Subs(Σ(x * j, j), x, x + 1), x, 3)          # 4 · n(n + 1)/2
    assert certified_agreement(numbers(lhs, 2 * n * (n + 1)))
    assert numbers(lhs, 3 * n * (n + 1) / 2).refuted             # the inner substitution lost
    assert eq(lhs, 2 * n * (n + 2)).verdict is Verdict.REFUTED


def test_no_symbolic_strategy_proves_either_reading_of_an_ambiguous_subs():
    # simplify carries Subs out by SymPy's doit (in turn), so without the registry's refusal '= 0' is "proved".
    swap = sp.Subs(x - y, (x, y), (y, x))
    for claimed in (sp.Integer(0), y - x):
        out = prove_equal(swap, claimed)
        assert out.proof is None and any("ambiguous" in note for note in out.notes), claimed
    assert prove_equal(sp.Subs(x - y, (x, y), (a, b)), a - b).proof is not None      # unambiguous: proved


def test_the_replay_does_not_pick_a_reading_of_an_ambiguous_subs():
    swap = sp.Subs(x - y, (x, y), (y, x))
    point = Point({x: sp.Integer(2), y: sp.Integer(5)})
    assert replay(swap, sp.Integer(0), "=", point).status == "undecided"
    assert replay(swap, y - x, "=", point).status == "undecided"
    assert replay(sp.Subs(x - y, (x, y), (a, x)), a - x, "=",
                  Point({x: sp.Integer(2), a: sp.Integer(7)})).status == "holds"
