"""Limits, series and rates are refuted only with a certificate, never from the slope of a trend.

A trend that looks wrong (a slow limit looks like a stall) only contradicts a claim: the verdict is
unknown with the numbers shown.  A limit is refuted when interval arithmetic bounds |lhs − rhs| away
from 0 on a whole tail, or when SymPy's limit at a sampled point is a certified other value and the
numbers approach that value.  A claimed O(h^k) is accepted numerically only if |lhs − rhs|/h^k stays
bounded over 40 decades, and a SymPy series proves it only when the series, taken one order beyond
the claim, has the claimed form.  Each claim below sits next to its near miss.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import only_step
from verifier import Limit, Series, calc, log, oo, positive, real
from verifier.authoring.symbols import Declared
from verifier.evidence import trends as tr
from verifier.evidence.numeric import SamplingError
from verifier.prove.limits import name_clash, prove_limit, prove_series
from verifier.settings import Settings
from verifier.verdicts import Verdict

x = positive("x", low=0.1, high=5)
t = real("t", low=-2, high=2)
PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


def step_of(lhs, rhs, meaning):
    return only_step(calc(lhs, title="claim").approx(rhs, "claim", meaning=meaning))


# ----------------------------------------------------------------------------- limits: no refutation from a slope

def test_a_slow_true_limit_that_looks_like_a_stall_is_not_refuted_but_contradicted_by_the_trend():
    # (log x)^(−1/10) → 0 as x → ∞, but by 10^10 it has only fallen to 0.73: the tail slope looks flat.
    step = step_of(log(x) ** sp.Rational(-1, 10), 0, Limit(x, oo))
    assert step.verdict is Verdict.UNKNOWN
    assert step.counterexample is None
    assert "contradicted by the trend" in step.message
    assert "x=1e+10" in step.checks[0].detail            # the numbers are shown


def test_the_same_slow_function_claimed_to_tend_to_one_is_refuted_with_a_bound_on_the_whole_tail():
    step = step_of(log(x) ** sp.Rational(-1, 10), 1, Limit(x, oo))
    assert step.verdict is Verdict.REFUTED
    certificate = " ".join(step.counterexample.certificate.values())
    assert "interval arithmetic" in certificate and "every x ≥ 10^2" in certificate


def test_a_constant_offset_is_refuted_by_an_enclosure_of_the_tail():
    step = step_of(x + 1, x, Limit(x, oo))
    assert step.verdict is Verdict.REFUTED
    assert "interval arithmetic" in " ".join(step.counterexample.certificate.values())
    assert step_of(x + 1, x, Limit(x, oo, ratio=True)).verdict is Verdict.PROVED        # near miss: the ratio


def test_a_divergent_difference_is_refuted_by_sympys_infinite_limit_with_growing_numbers():
    step = step_of(log(1 + x), x, Limit(x, oo))
    assert step.verdict is Verdict.REFUTED
    certificate = " ".join(step.counterexample.certificate.values())
    # A monotone tail certifies it (lhs − rhs ≤ its value at x = 100 from there on) before
    # the weaker "SymPy's −∞ and growing numbers" is needed.
    assert "sympy.limit gives -oo" in certificate and ("grows" in certificate or "certified" in certificate)
    assert step_of(log(1 + x), x, Limit(x, 0)).verdict is Verdict.PROVED               # near miss: at 0


def test_a_refuted_limit_at_a_sampled_point_needs_the_numbers_to_agree_with_sympys_other_value():
    # x(e^{a/x} − 1) → a: interval arithmetic cannot bound the tail ([X, ∞)·[0, …] holds 0), so the
    # certificate is SymPy's limit at the sampled a (certified ≠ 0) with numbers that approach it.
    a = positive("a", low=1, high=2)
    step = step_of(x * (sp.exp(a / x) - 1), 0, Limit(x, oo))
    assert step.verdict is Verdict.REFUTED
    certificate = " ".join(step.counterexample.certificate.values())
    assert "sympy.limit gives" in certificate and "the numbers approach it" in certificate
    assert step_of(x * (sp.exp(a / x) - 1), a, Limit(x, oo)).verdict is Verdict.PROVED     # near miss: → a


# ----------------------------------------------------------------------------- two-sided limits, structurally

def test_one_sided_limits_are_computed_and_compared_not_read_from_sympys_error_message():
    out = prove_limit(t / sp.Abs(t), t, 0, "+-", 5)
    assert out.proof is None and out.contradiction is not None
    assert "from the right" in out.contradiction.note or "from the left" in out.contradiction.note
    near = prove_limit(t * (t / sp.Abs(t)), t, 0, "+-", 5)                     # |t| → 0 from both sides
    assert near.proof is not None and near.proof.method == "sympy.limit, both sides"


def test_an_infinite_one_sided_limit_contradicts_and_a_vanishing_one_is_proved():
    out = prove_limit(1 / t, t, 0, "+-", 5, how=["sympy_limit"])
    assert out.contradiction is not None and out.contradiction.value in (sp.oo, -sp.oo)
    bound = prove_limit(1 / t, t, 0, "+-", 5)            # in t alone: the cheap enclosure is tried first
    assert bound.contradiction.certified and "within 10^-2 of 0" in bound.contradiction.note
    assert prove_limit(t ** 2, t, 0, "+-", 5).proof is not None


# ----------------------------------------------------------------------------- series: the claimed form, over decades

def test_x_log_x_times_bessel_i0_is_not_proved_first_order_though_sympy_returns_a_bare_O_of_x():
    assert sp.series(x * log(x) * sp.besseli(0, x), x, 0, 1).removeO() == 0    # the SymPy behaviour at issue
    out = prove_series(x * log(x) * sp.besseli(0, x), x, 0, "+", 1, 5)
    assert out.proof is None and out.contradiction is not None
    step = step_of(x * log(x) * sp.besseli(0, x), 0, Series(x, 0, 1))
    assert step.verdict not in PASSING


def test_x_times_bessel_i0_is_first_order():
    step = step_of(x * sp.besseli(0, x), 0, Series(x, 0, 1))
    assert step.verdict is Verdict.PROVED


def test_x_squared_log_x_is_not_second_order_a_log_factor_shows_over_the_decades():
    step = step_of(x ** 2 * log(x), 0, Series(x, 0, 2))
    assert step.verdict not in PASSING
    detail = step.checks[0].detail
    assert "92.1" in detail                      # |d|/h² = |log h| ≈ 92 at h = 10^-40: it keeps growing


def test_x_squared_log_x_is_first_order():
    step = step_of(x ** 2 * log(x), 0, Series(x, 0, 1))
    assert step.verdict in PASSING


def test_a_bounded_ratio_over_many_decades_is_numeric_evidence_for_an_order_and_a_log_factor_is_not():
    settings = Settings(quick=True)
    bounded = tr.trends(x ** 2 * (3 + x), x, 0, "+", settings, order=2)[0]
    logged = tr.trends(x ** 2 * log(x), x, 0, "+", settings, order=2)[0]
    lo, hi = settings.dps
    assert tr.ratio_bounded(bounded, lo) and tr.ratio_bounded(bounded, hi)
    assert not tr.ratio_bounded(logged, hi) and tr.ratio_grows(logged, lo) and tr.ratio_grows(logged, hi)
    # Cancellation cannot fake an order: 10^-40 is reached with the digits to see h^3 next to terms of size 1.
    cancel = tr.trends(sp.exp(x) - 1 - x - x ** 2 / 2, x, 0, "+", settings, order=3)[0]
    assert tr.ratio_bounded(cancel, lo) and tr.ratio_bounded(cancel, hi)


# ----------------------------------------------------------------------------- one symbol per name

def test_two_symbols_under_one_name_are_refused_not_answered():
    lam = positive("lam")
    twin = Declared("lam", positive("other").domain, positive=True)
    twin = sp.Symbol("lam", positive=True) if twin == lam else twin
    assert twin != lam and str(twin) == str(lam)
    expr = log(sp.exp(lam * t)) - twin * t           # 0 if the two were one λ
    assert name_clash(expr)
    out = prove_limit(expr, lam, 0, "+", 5)
    assert out.proof is None and out.contradiction is None
    try:
        tr.trends(expr, lam, 0, "+", Settings(quick=True))
    except SamplingError as exc:
        assert "another symbol called lam" in str(exc)
    else:
        raise AssertionError("the numbers followed an approach in one of two λ's")


def test_the_judge_reads_limits_from_expression_objects_never_from_printed_strings():
    import inspect

    from verifier.judge import meanings
    from verifier.prove import limits
    for module in (meanings, limits):
        source = inspect.getsource(module)
        assert "parse_expr" not in source and "sympify(str" not in source
        assert "str(exc)" not in source            # no SymPy error message decides anything


# ------------------------------------------------------------------------ near-miss claims for the strategies

y = real("y", low=-2, high=2)
#          claim,                                  d,                               var, point, side, true?
TRAP_LIMITS = [
    ("sin(1/x) → 0 as x → 0⁺",                      sp.sin(1 / x),                   x, 0, "+", False),
    ("x sin(1/x) → 0 as x → 0⁺",                    x * sp.sin(1 / x),               x, 0, "+", True),
    ("e^(−1/x²) − 0 → 0 two-sided",                 sp.exp(-1 / y ** 2),             y, 0, "+-", True),
    ("e^(1/y) → 0 two-sided (only from the left)",  sp.exp(1 / y),                   y, 0, "+-", False),
    ("x^x − 1 → 0 as x → 0⁺",                       x ** x - 1,                      x, 0, "+", True),
    ("x^x → 0 as x → 0⁺",                           x ** x,                          x, 0, "+", False),
    ("(1 + 1/x)^x − e → 0 as x → ∞",                (1 + 1 / x) ** x - sp.E,         x, oo, "+-", True),
    ("(1 + 1/x)^x − e − 10⁻³⁰ → 0 as x → ∞",        (1 + 1 / x) ** x - sp.E - sp.Rational(1, 10 ** 30), x, oo, "+-", False),
]


def _trap_ids(rows):
    return [r[0] for r in rows]



@pytest.mark.parametrize("claim, d, var, point, side, true", TRAP_LIMITS, ids=_trap_ids(TRAP_LIMITS))
def test_the_limit_strategies_never_prove_a_false_limit_nor_certify_against_a_true_one(claim, d, var, point, side, true):
    out = prove_limit(d, var, point, side, 10)
    if true:
        assert out.contradiction is None, claim
    else:
        assert out.proof is None, claim


TRAP_SERIES = [
    ("x log x I₀(x) = O(x)",            x * log(x) * sp.besseli(0, x),         x, 0, "+", 1, False),
    ("x I₀(x) = O(x)",                  x * sp.besseli(0, x),                  x, 0, "+", 1, True),
    ("x I₀(x) = O(x²)",                 x * sp.besseli(0, x),                  x, 0, "+", 2, False),
    ("x² log x = O(x²)",                x ** 2 * log(x),                       x, 0, "+", 2, False),
    ("x² log x = O(x)",                 x ** 2 * log(x),                       x, 0, "+", 1, True),
    ("sin y − y = O(y³), both sides",   sp.sin(y) - y,                         y, 0, "+-", 3, True),
    ("sin y − y = O(y⁴), both sides",   sp.sin(y) - y,                         y, 0, "+-", 4, False),
    ("√x = O(x) at 0⁺",                 sp.sqrt(x),                            x, 0, "+", 1, False),
    ("1/x = O(1/x) at ∞",               1 / x,                                 x, oo, "+-", 1, True),
    ("log x / x = O(1/x) at ∞",         log(x) / x,                            x, oo, "+-", 1, False),
]


@pytest.mark.parametrize("claim, d, var, point, side, order, true", TRAP_SERIES, ids=_trap_ids(TRAP_SERIES))
def test_the_series_strategy_proves_only_the_claimed_form(claim, d, var, point, side, order, true):
    out = prove_series(d, var, point, side, order, 10)
    if true:
        assert out.contradiction is None, claim
    else:
        assert out.proof is None, claim


# ----------------------------------------------------------------------------- which sides a limit has

def test_a_sampling_range_does_not_make_a_limit_one_sided_but_a_declared_interval_does():
    from verifier import interval
    sampled = real("v", low=0, high=2)                  # any real v; the numbers sample [0, 2]
    step = step_of(sampled / sp.Abs(sampled), 1, Limit(sampled, 0))
    assert step.verdict not in PASSING                  # from the left v/|v| = −1
    confined = interval("u", 0, 1)                      # u ∈ [0, 1] is a hypothesis: only u → 0⁺
    assert step_of(confined / sp.Abs(confined), 1, Limit(confined, 0)).verdict is not Verdict.REFUTED


# ----------------------------------------------------------------------------- time may only make a verdict unknown

@pytest.mark.parametrize("meaning", [Limit(x, 0), Series(x, 0, 2)])
def test_an_approximation_whose_symbolic_check_ran_out_of_time_is_unknown_not_numeric(monkeypatch, meaning):
    # sin(x)² ≈ x² is true in both meanings; with the symbolic side cut short only numbers would remain,
    # and "numeric" there would be a verdict that more time turns into "proved" (principle 7): unknown.
    import verifier.judge.meanings as meanings
    from verifier.prove.outcome import ProofOutcome

    def out_of_time(*args, **kwargs):
        return ProofOutcome(None, ["sympy_limit timed out after 5 s"], [], True)
    monkeypatch.setattr(meanings, "prove_limit", out_of_time)
    monkeypatch.setattr(meanings, "prove_series", out_of_time)
    hurried = step_of(sp.sin(x) ** 2, x ** 2, [meaning])
    assert hurried.verdict is Verdict.UNKNOWN and "time" in hurried.message
    monkeypatch.undo()
    assert step_of(sp.sin(x) ** 2, x ** 2, [meaning]).verdict is Verdict.PROVED      # with its time: proved


def test_an_approximation_refuted_by_certificate_stays_refuted_when_the_symbolic_side_times_out(monkeypatch):
    # The symbolic check of the claim is cut short; the certificate at a sampled point is its own computation.
    import verifier.judge.meanings as meanings
    monkeypatch.setattr(meanings, "_symbolic", lambda *a, **k: (meanings.Symbolic.NONE, "", "", None,
                                                                 meanings.TimedOut("timed out")))
    assert step_of(x + 1, x, [Limit(x, 0)]).verdict is Verdict.REFUTED        # 1 does not tend to 0


# ----------------------------------------------------------------------------- limits in the length of a sum

from verifier import Σ, index, size  # noqa: E402

n_len = size("n_len")
i_len = index("i_len", n_len)


def test_a_sum_of_scalars_is_taken_to_its_limit_through_its_closed_form():
    # Σ 1/i² → π²/6: proved through harmonic(n, 2); the same claim off by 10⁻³ looked fine up to n = 1024
    # (|d| shrinks from 0.06 to 2·10⁻⁵), so the numbers alone would call it numeric: SymPy's limit contradicts it.
    lhs = Σ(1 / i_len ** 2, i_len)
    assert step_of(lhs, sp.pi ** 2 / 6, [Limit(n_len, oo)]).verdict is Verdict.PROVED
    near_miss = step_of(lhs, sp.pi ** 2 / 6 - sp.Rational(1, 1000), [Limit(n_len, oo)])
    assert near_miss.verdict not in PASSING


def test_e_as_a_limit_and_its_near_miss_off_by_a_thousandth():
    assert step_of((1 + 1 / n_len) ** n_len, sp.E, [Limit(n_len, oo)]).verdict is Verdict.PROVED
    assert step_of((1 + 1 / n_len) ** n_len, sp.E - sp.Rational(1, 1000), [Limit(n_len, oo)]).verdict \
        not in PASSING
