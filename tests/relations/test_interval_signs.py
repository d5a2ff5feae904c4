"""The sign of a closed-form constant counts as proved only when interval arithmetic certifies it."""
import sympy as sp

from tests.engine import only_step
from verifier import calc, positive
from verifier.prove.intervals import certified_sign
from verifier.prove.intervals import decided_sign
from verifier.verdicts import Verdict

C1 = 2 * sp.E ** 2 / (sp.E ** 2 - 1) - 1 - sp.log(2 * sp.E ** 2 / (sp.E ** 2 - 1))     # C(τ = 1)
LOWER = sp.Rational("0.474474647070526937246280975373")


def test_a_thirty_digit_bracket_is_certified_and_a_wrong_last_digit_is_not():
    assert certified_sign(C1 - LOWER, strict=True)
    assert certified_sign(LOWER + sp.Rational(1, 10 ** 30) - C1, strict=True)
    assert not certified_sign(C1 - LOWER - sp.Rational(1, 10 ** 30), strict=True)


def test_constants_never_get_their_sign_from_floating_point_alone(monkeypatch):
    import verifier.prove.intervals as intervals
    monkeypatch.setattr(intervals, "certified_sign", lambda e, strict: False)
    assert (C1 - LOWER).is_positive                       # SymPy's evalf says so ...
    assert not decided_sign(C1 - LOWER, strict=True)      # ... which the engine does not take as proof


def test_functions_interval_arithmetic_cannot_enclose_are_not_certified():
    assert not certified_sign(sp.gamma(sp.Rational(1, 3)) - 2, strict=True)


def test_a_constant_bound_step_names_interval_arithmetic_as_its_method():
    d = positive("d")
    step = only_step(calc(C1, title="C(1) from below").gt(LOWER, "30 digits", given={d: 1}))
    assert step.verdict is Verdict.PROVED and "interval arithmetic" in step.method
