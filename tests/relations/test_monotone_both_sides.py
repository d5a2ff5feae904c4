"""A monotone function applied to both sides of an inequality: √ and powers on nonnegative
sides, log on positive ones, functions increasing on ℝ, x^r (r < 0) decreasing on positives.  Near misses:
log where an argument may be ≤ 0 is not proved, −x is decreasing, and squaring a side that may be
negative is not allowed."""
import sympy as sp

from tests.engine import check
from verifier import Σ, calc, index, log, nonnegative, positive, real, size, sqrt, vector
from verifier.prove import prove_inequality
from verifier.verdicts import Verdict

n = size("n")
i = index("i", n)
q, k = vector("q k", n)
a, c = nonnegative("a c")
x = real("x")
b = positive("b")


def proved(lhs, rhs, relation):
    out = prove_inequality(lhs, rhs, relation)
    return out.proof is not None and not out.proof.concrete_only


def test_cauchy_schwarz_in_norms_follows_from_its_squared_form_by_the_square_root():
    squared = calc(Σ(q[i] * k[i], i) ** 2, title="(q·k)² ≤ ‖q‖²‖k‖²").le(
        Σ(q[i] ** 2, i) * Σ(k[i] ** 2, i), "Lagrange's identity")
    norms = calc(sp.Abs(Σ(q[i] * k[i], i)), title="|q·k| ≤ ‖q‖‖k‖").le(
        sqrt(Σ(q[i] ** 2, i)) * sqrt(Σ(k[i] ** 2, i)), "√ is increasing", by=[squared])
    _, result = check(squared, norms)
    step = result.steps[0]
    # The squared form is only numeric here, so the citing step is too; its method is the monotone one.
    assert step.verdict in (Verdict.PROVED, Verdict.NUMERIC)
    assert "raised to the power 2" in step.method and "fact" in step.method


def test_sqrt_of_both_sides_is_proved_and_its_false_twin_refuted():
    base = calc(a, title="a ≤ a + c").le(a + c, "c ≥ 0")
    out = check(base,
                calc(sqrt(a), title="√a ≤ √(a + c)").le(sqrt(a + c), "√ increasing", by=[base]),
                calc(sqrt(a + c), title="near miss: the other way").lt(sqrt(a), "wrong way"))
    assert out[1].steps[0].verdict is Verdict.PROVED
    assert out[2].steps[0].verdict is Verdict.REFUTED


def test_log_of_both_sides_needs_positive_arguments():
    assert proved(log(b), log(b + a + 1), "<")              # b > 0: log increasing
    assert not proved(log(x), log(x + b), "<=")             # x may be ≤ 0: log x has no real value
    assert not proved(log(a), log(a + b), "<=")             # a may be 0


def test_minus_is_decreasing_and_never_treated_as_increasing():
    assert proved(-(x + b), -x, "<")
    assert not proved(-x, -(x + b), "<=")
    [near] = check(calc(-x, title="near miss: −x increasing?").le(-(x + b), "wrong"))
    assert near.steps[0].verdict is Verdict.REFUTED


def test_squaring_needs_both_sides_nonnegative():
    assert proved(sp.Abs(x), sqrt(x ** 2 + b), "<=")        # both sides ≥ 0: x² ≤ x² + b
    assert not proved(x, -sqrt(x ** 2 + b), "<=")           # false (x = 0)
    # √(x² + b) ≥ x + √b squared is x² + b ≥ x² + 2x√b + b, false for x > 0; and x + √b may be negative anyway.
    assert not proved(sqrt(x ** 2 + b), x + sqrt(b), ">=")
    assert not proved(sqrt(b), x, ">=")                     # x may exceed √b; x ≥ 0 not given, so no squaring


def test_increasing_and_decreasing_functions_on_both_sides():
    assert proved(sp.atan(x), sp.atan(x + b), "<")
    assert proved(sp.tanh(x + b), sp.tanh(x), ">")
    assert not proved(sp.atan(x + b), sp.atan(x), "<=")     # the other way
    assert proved(1 / sqrt(b + a + 1), 1 / sqrt(b), "<")    # x^(−1/2) decreasing on positives
    assert not proved(1 / sqrt(b), 1 / sqrt(b + a + 1), "<")
    assert not proved(sp.cos(x), sp.cos(x + b), ">=")       # cos is not monotone
