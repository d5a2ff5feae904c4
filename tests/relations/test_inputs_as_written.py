"""A step checks what its author wrote: ±∞ as a side compared in the extended reals, a float that is not
the number it prints refused with a hint, a line kept as written keeping its undefined points.

Each rule has near misses both ways: the false twin of every true line is refuted (or refused), and the
true twin of every refused input passes once written exactly.
"""
import math

import pytest
import sympy as sp

from tests.engine import only_step
from verifier import as_written, calc, decimal, nonnegative, oo, positive, real
from verifier.verdicts import Verdict

x = real("x")
a = positive("a")


def step(d):
    return only_step(d, quick=True)


# ±∞ as a side -------------------------------------------------------------------------------------------------

HOLDS_IN_THE_EXTENDED_REALS = [
    calc(x ** 2, title="x² < ∞").lt(oo, "a real number is below ∞"),
    calc(x ** 2, title="x² ≤ ∞").le(oo, "a real number is at most ∞"),
    calc(oo, title="∞ > x²").gt(x ** 2, "the same, mirrored"),
    calc(-oo, title="−∞ < x").lt(x, "a real number is above −∞"),
    calc(sp.exp(x), title="e^x ≥ −∞").ge(-oo, "above −∞"),
    calc(-oo, title="−∞ < ∞").lt(oo, "the two ends of the extended reals"),
]

FALSE_IN_THE_EXTENDED_REALS = [
    calc(x ** 2, title="x² < −∞").lt(-oo, "no real number is below −∞"),
    calc(x ** 2, title="x² ≥ ∞").ge(oo, "no real number reaches ∞"),
    calc(x ** 2, title="x² = ∞").eq(oo, "x² is finite"),
    calc(-oo, title="−∞ > x").gt(x, "mirrored, false"),
    calc(oo, title="∞ < ∞").lt(oo, "∞ is not below itself"),
]


@pytest.mark.parametrize("d", HOLDS_IN_THE_EXTENDED_REALS, ids=lambda d: d.title)
def test_an_infinite_side_is_compared_in_the_extended_reals_and_never_refuted(d):
    s = step(d)
    assert s.verdict is Verdict.PROVED, s.message
    assert s.method.startswith("comparison in the extended reals")


@pytest.mark.parametrize("d", FALSE_IN_THE_EXTENDED_REALS, ids=lambda d: d.title)
def test_a_finite_value_beyond_an_infinity_is_refuted(d):
    assert step(d).verdict is Verdict.REFUTED


def test_a_series_compared_with_infinity_is_never_refuted():
    k = sp.Symbol("k", integer=True, positive=True)
    assert step(calc(sp.Sum(1 / k, (k, 1, sp.oo)), title="harmonic").eq(oo, "diverges")).verdict is Verdict.UNKNOWN
    assert step(calc(sp.Sum(1 / k ** 2, (k, 1, sp.oo)), title="Basel").lt(oo, "converges")).verdict \
        is not Verdict.REFUTED


def test_a_side_that_may_have_no_value_is_not_proved_below_infinity():
    s = step(calc(1 / x, title="1/x < ∞").lt(oo, "1/0 has no value"))
    assert s.verdict is not Verdict.PROVED
    assert step(calc(1 / a, title="1/a < ∞").lt(oo, "a > 0")).verdict is Verdict.PROVED


@pytest.mark.parametrize("d", ["1/u < ∞", "log u > −∞"])
def test_a_side_with_no_value_at_an_admissible_point_is_not_passed_by_the_numbers_against_infinity(d):
    """At u = 0 neither 1/u nor the numbers' stand-in |1/u| + 1 has a value, so the point cannot count against
    the claim; agreement elsewhere is then no evidence, and the step is unknown, never numeric."""
    u = nonnegative("u_inf")
    lhs, rel = (1 / u, "lt") if d.startswith("1/u") else (sp.log(u), "gt")
    s = step(getattr(calc(lhs, title=d), rel)(oo if rel == "lt" else -oo, "claimed"))
    assert s.verdict not in (Verdict.PROVED, Verdict.NUMERIC, Verdict.CASES), (s.verdict, s.message)


# floats ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [math.log(2), math.sqrt(10.5), 0.1, 0.4754], ids=repr)
def test_a_float_that_is_not_the_number_it_prints_is_an_error_that_says_what_to_write(value):
    s = step(calc(x, title="a float").le(x + value, "positive shift"))
    assert s.verdict is Verdict.ERROR
    text = repr(value)
    assert f"the float {text}" in s.message
    assert f"Rational('{text}')" in s.message and f"S('{text}')" in s.message and f"decimal({text})" in s.message


def test_a_float_in_the_start_is_refused_too():
    d = calc(math.log(2) * x, title="start").eq(x * sp.log(2), "log 2")
    [result] = __import__("tests.engine", fromlist=["check"]).check(d, quick=True)
    assert result.verdict is Verdict.ERROR and result.message.startswith("start: the float 0.6931471805599453")


def test_a_float_that_is_the_number_it_prints_or_a_marked_decimal_is_exact():
    assert step(calc(x * 0.5, title="half").eq(x / 2, "0.5 is exactly 1/2")).verdict is Verdict.PROVED
    assert step(calc(x * 0.375, title="3/8").eq(3 * x / 8, "exact in binary")).verdict is Verdict.PROVED
    assert step(calc(x * decimal(0.1), title="tenth").eq(x / 10, "the decimal meant")).verdict is Verdict.PROVED
    assert decimal("0.4754") == sp.Rational(2377, 5000) == decimal(0.4754)
    # The marked decimal is the decimal, not log 2: the claim that it is log 2 is refuted.
    assert step(calc(decimal(math.log(2)), title="not log 2").eq(sp.log(2), "no")).verdict is Verdict.REFUTED
    # And the true statement, in SymPy, is proved.
    assert step(calc(x + sp.log(2), title="log 2").ge(x, "log 2 > 0")).verdict is Verdict.PROVED


def test_decimal_refuses_what_is_not_a_number():
    with pytest.raises(TypeError):
        decimal(x)
    with pytest.raises(ValueError):
        decimal(float("inf"))


def test_the_float_error_names_the_file_the_derivation_and_the_step(tmp_path):
    from tests.command_line.in_process import run_cli       # the command line in this process
    path = tmp_path / "floats.py"
    path.write_text("import math\nfrom verifier import calc, real\nx = real('x')\n"
                    "shifted = calc(x, title='shift').le(x + 1, 'one').le(x + 1 + math.log(2), 'log 2')\n")
    code, out, _ = run_cli("check", str(path), "--jobs", "1", "--no-cache", "--no-report", cwd=tmp_path)
    assert code == 1
    line = next(ln for ln in out.splitlines() if "the float " in ln)
    assert "floats.py" in line and "shifted" in line and "step 2" in line


# lines kept as written ------------------------------------------------------------------------------------------

def test_a_line_as_written_keeps_its_undefined_point_in_the_scope():
    s = step(calc(as_written(lambda: x / x), title="x/x = 1").eq(1, "cancel"))
    assert s.verdict in (Verdict.PROVED, Verdict.UNKNOWN)
    if s.verdict is Verdict.PROVED:
        assert s.scope == "all values where the lines as written are defined: x ≠ 0"
    twin = step(calc(as_written(lambda: x / x), title="x/x = 2").eq(2, "wrong"))
    assert twin.verdict is Verdict.REFUTED


def test_a_line_as_written_defined_everywhere_keeps_its_scope():
    s = step(calc(as_written(lambda: sp.sqrt(x ** 2)), title="√(x²) = |x|").eq(sp.Abs(x), "root of a square"))
    assert s.verdict is Verdict.PROVED and s.scope == "all values"
    s = step(calc(as_written(lambda: (x ** 2 - 1) / (x - 1)), title="kept quotient").eq(x + 1, "cancel"))
    assert s.verdict is not Verdict.PROVED or "x ≠ 1" in s.scope


# A declared range with decimal ends -------------------------------------------------------------------------

def test_a_range_declared_with_decimals_is_the_decimals_as_written_in_a_proof():
    """interval("p", 0.05, 0.95) is p ∈ [1/20, 19/20]: a proof under it uses those numbers, not the binary floats
    near them (0.05000000000000000277, 0.9499999999999999556), so p ≥ 1/20 is proved with the range as a
    hypothesis and its method prints 19/20, never 0.950000000000000."""
    from verifier import Rational, interval
    p = interval("p", 0.05, 0.95)
    s = step(calc(p - Rational(1, 20), title="p ≥ 1/20").ge(0, "the low end as written"))
    assert s.verdict is Verdict.PROVED and "19/20" in s.method and "0.95" not in s.method


@pytest.mark.parametrize("gap", [0, sp.Rational(1, 10 ** 18)])
def test_near_miss_the_decimal_end_is_in_the_range_so_a_bound_beyond_it_is_never_proved(gap):
    """p = 0.05 is in [0.05, 0.95] as written, so p > 1/20 (false there) and p ≥ 1/20 + 10⁻¹⁸ (false there and
    true at the binary float 0.05) are never proved."""
    from verifier import Rational, interval
    p = interval("p", 0.05, 0.95)
    bound = Rational(1, 20) + gap
    s = step(calc(p - bound, title="p beyond its low end").gt(0, "claimed") if gap == 0
             else calc(p - bound, title="p beyond its low end").ge(0, "claimed"))
    assert s.verdict not in (Verdict.PROVED, Verdict.CASES), (s.verdict, s.method)
