"""The authoring API as a new user meets it: names that survive `from sympy import *`, declarations
for integers, complex numbers and stated sampling laws, display names, qualified names and how=."""
import textwrap

import pytest
import sympy as sp

import verifier
from verifier import (calc, complex_number, exp, integer, interval, log, normal, one_sided, positive, real,
                      series_order, size, tends, vector)
from verifier.authoring.meanings import Bound, Limit, Series
from verifier.authoring.symbols import display_name
from verifier.evidence import numeric
from verifier.loader import load_file
from verifier.verdicts import Verdict

from tests.engine import check, only_step

PASSING = (Verdict.PROVED, Verdict.NUMERIC)


# --- names ---------------------------------------------------------------------------------------

def _star(module: str) -> dict:
    ns: dict = {}
    exec(f"from {module} import *", ns)
    return ns


@pytest.mark.parametrize("module", ["sympy", "sympy.stats"])
def test_every_public_name_sympy_also_defines_is_sympys_own_object(module):
    """Import order cannot matter: a name both export is the same object (exp, log, oo, …), or verifier leaves it out."""
    theirs = _star(module)
    clashes = [n for n in verifier.__all__ if n in theirs and theirs[n] is not getattr(verifier, n)]
    assert clashes == []


def test_eulers_number_is_not_exported_because_sympy_stats_E_is_the_expectation():
    assert "E" not in verifier.__all__ and not hasattr(verifier, "E")


def test_the_old_names_stay_importable_for_existing_files():
    from verifier import Bound as B, Limit as L, Rational, Series as S, maximum, minimum, oo, pi, sqrt  # noqa: F401
    assert (L, S, B) == (Limit, Series, Bound)
    x = real("x")
    assert tends(x, 0) == Limit(x, 0) and series_order(x, 0, 2) == Series(x, 0, 2)
    assert one_sided(">=") == Bound(">=")


def test_a_file_importing_sympy_wholesale_last_still_loads_and_checks_its_approximations(tmp_path):
    path = tmp_path / "sympy_last.py"
    path.write_text(textwrap.dedent('''
        from verifier import *
        from sympy import *

        x = real("x", -1, 1)
        n = size("n")
        i, j = index("i j", n)
        s = vector("s", n)

        small_x = calc(exp(x) - 1, title="e^x - 1 ~ x").approx(x, "first order", meaning=[tends(x, 0), series_order(x, 0, 2)])
        below = calc(log(1 + x**2), title="log(1 + x^2) <= x^2").approx(x**2, "concave", meaning=one_sided("<="))
        largest = calc(max_over(s[j], j), title="max >= mean").ge(Σ(s[i], i) / n, "each term is at most the max")
    '''))
    found, error = load_file(path, tmp_path)
    assert error is None, str(error)
    results = check(*found)
    assert all(s.verdict in PASSING for r in results for s in r.steps), \
        [(r.name, s.verdict, s.message) for r in results for s in r.steps]


# --- declarations --------------------------------------------------------------------------------

def _draws(sym, count=200):
    inputs = numeric.inputs_of(sym + 0 if not isinstance(sym, sp.IndexedBase) else sym[1])
    return [p.values[sym] for p in numeric.sample_points(inputs, count, seed=3)]


def test_integer_is_sampled_as_integers_within_its_bounds_and_says_so_to_sympy():
    k = integer("k", -4, 7)
    draws = _draws(k)
    assert all(isinstance(v, int) and -4 <= v <= 7 for v in draws)
    assert {-4, 7} <= set(draws)
    assert k.is_integer and k.is_nonnegative is None
    assert integer("m", 0, 3).is_nonnegative and integer("m", 1, 3).is_positive


def test_interval_with_integer_true_samples_integers():
    k = interval("k", 0.5, 6.5, integer=True)
    assert all(isinstance(v, int) and 1 <= v <= 6 for v in _draws(k))


def test_an_integer_only_identity_holds_and_its_non_integer_twin_is_refuted():
    # cos(πk)·cos(π(k + 1)) = (−1)^k (−1)^(k+1) = −1 needs k integer; for real t it is −cos²(πt).
    k = integer("k", -6, 6)
    step = only_step(calc(sp.cos(sp.pi * k) * sp.cos(sp.pi * (k + 1)), title="integer k").eq(-1, "k is an integer"))
    assert step.verdict in PASSING and not step.restatement
    t = real("t", -6, 6)
    twin = calc(sp.cos(sp.pi * t) * sp.cos(sp.pi * (t + 1)), title="not for real t").eq(-1, "slip")
    assert only_step(twin).verdict is Verdict.REFUTED


def test_a_complex_number_is_sampled_off_the_real_line():
    z = complex_number("z")
    draws = _draws(z, 50)
    assert all(isinstance(v, complex) for v in draws) and any(abs(v.imag) > 0.1 for v in draws)
    assert z.is_complex and z.is_real is None


def test_complex_identities_hold_and_a_near_miss_is_refuted():
    """z² = |z|² holds on the real line, so only complex sampling can refute it."""
    z = complex_number("z")
    step = only_step(calc(z * sp.conjugate(z), title="z z̄ = |z|²").eq(abs(z) ** 2, "definition of |z|"))
    assert step.verdict in PASSING and not step.restatement
    assert only_step(calc(z ** 2, title="not z²").eq(abs(z) ** 2, "slip")).verdict is Verdict.REFUTED


def test_a_real_with_a_stated_law_is_drawn_from_it_not_from_the_default_interval():
    x = real("x", law=normal(5, 0.5))
    # The sampler also tries edge values of ℝ (0, 1), which the law's support allows; the bulk of the
    # draws sits around 5, outside the default [-3, 3].
    draws = sorted(float(v) for v in _draws(x, 400))
    assert abs(draws[len(draws) // 2] - 5) < 0.15 and sum(v > 3 for v in draws) > len(draws) // 2
    assert "N(5, 0.5)" in x.domain.describe("x")


def test_a_positive_symbol_refuses_a_law_that_draws_negative_values():
    with pytest.raises(ValueError, match="≤ 0"):
        positive("lam", law=normal(0, 1))


def test_laws_change_the_identity_of_a_symbol_so_two_samplings_never_merge():
    assert real("x", law=normal(0, 1)) != real("x") != real("x", law=normal(0, 2))


# --- display names -------------------------------------------------------------------------------

def test_a_display_name_is_how_the_symbol_prints_in_latex_and_in_reports_plain_text():
    lam = positive("lam", display="λ")
    assert sp.latex(lam) == r"\lambda" and sp.latex(lam ** 2) == r"\lambda^{2}"
    assert display_name(lam) == "λ" and display_name(vector("s", size("n"), display="σ")) == "σ"
    assert sp.latex(positive("l1", display="λ_1")) == r"\lambda_{1}"


def test_the_plain_name_stays_the_code_name_so_compiled_numerics_still_work():
    """lambdify names the compiled function's arguments by str(symbol); a display name there broke it."""
    lam = positive("lam", display="λ")
    assert str(lam) == "lam"
    [result] = check(calc(log(exp(lam)), title="log e^λ = λ").eq(lam, "inverse functions"))
    assert result.steps[0].verdict is Verdict.PROVED
    assert r"\lambda" in result.steps[0].lhs_latex


def test_display_needs_one_name_per_symbol():
    with pytest.raises(ValueError, match="2 symbol"):
        real("a b", display="α")
    a, b = real("a b", display="α β")
    assert (display_name(a), display_name(b)) == ("α", "β")


# --- qualified names -----------------------------------------------------------------------------

def test_qualified_name_is_file_stem_and_name_so_two_files_may_both_define_claim(tmp_path):
    for stem in ("first", "second"):
        (tmp_path / f"{stem}.py").write_text("from verifier import calc, real\nx = real('x')\n"
                                             "claim = calc(x + x, title='t').eq(2 * x, 'add')\n")
    names = []
    for stem in ("first", "second"):
        [d], error = load_file(tmp_path / f"{stem}.py", tmp_path)
        assert error is None
        names.append(d.qualified_name)
    assert names == ["first::claim", "second::claim"]


# --- step options --------------------------------------------------------------------------------

def test_how_names_one_or_several_strategies():
    x = real("x")
    d = calc(x, title="t").eq(x, "same", how="expand").eq(x, "same", how=["linearity", "expand"])
    assert [s.how for s in d.steps] == [("expand",), ("linearity", "expand")]
    assert all(not s.error for s in d.steps)


@pytest.mark.parametrize("bad", [3, ["expand", 1], [""], {"expand": True}])
def test_how_that_is_not_strategy_names_is_a_malformed_step(bad):
    x = real("x")
    [step] = calc(x, title="t").eq(x, "same", how=bad).steps
    assert "how=" in step.error


def test_sympys_own_O_states_a_series_meaning():
    x = real("x", -1, 1)
    [step] = calc(sp.sin(x), title="t").approx(x, "first order", meaning=sp.O(x ** 3)).steps
    assert step.meanings == [Series(x, 0, 3)]
    [step] = calc(sp.cos(x), title="t").approx(1, "at 1", meaning=sp.O((x - 1) ** 2, (x, 1))).steps
    assert step.meanings == [Series(x, 1, 2)] and not step.error


@pytest.mark.parametrize("order", [sp.O(1 / sp.Symbol("y"), (sp.Symbol("y"), sp.oo)), sp.O(sp.Symbol("y") ** 2 + 1)])
def test_an_O_term_with_no_series_reading_is_an_error_not_a_guess(order):
    [step] = calc(sp.Symbol("y"), title="t").approx(0, "r", meaning=order).steps
    assert step.error


def test_sin_x_is_x_to_third_order_but_not_fourth_through_O():
    x = real("x", -1, 1)
    ok = calc(sp.sin(x), title="sin x ≈ x").approx(x, "odd function", meaning=sp.O(x ** 3))
    too_much = calc(sp.sin(x), title="sin x ≈ x to 4th").approx(x, "over-claimed", meaning=sp.O(x ** 4))
    # The x³/6 term makes O(x⁴) false; sin being odd makes O(x³) true.
    assert only_step(ok).verdict in PASSING
    assert only_step(too_much).verdict is Verdict.REFUTED


def test_a_vector_with_a_law_draws_its_entries_from_it():
    n = size("n")
    g = vector("g", n, law=normal(10, 1))
    entries = [x for p in numeric.sample_points(numeric.inputs_of(g[1]), 12, seed=0) for x in p.values[g][1:]]
    # The law is how values are drawn, not a bound: structured edge cases may flip signs (ℝ is the domain),
    # but the bulk of the draws sits around 10, far outside the default [-3, 3].
    entries.sort()
    assert abs(entries[len(entries) // 2] - 10) < 1 and len(set(entries)) > 10


def test_a_derivation_displays_in_jupyter_as_its_checked_chain():
    x = real("x")
    d = calc((x + 1) ** 2, title="square").eq(x ** 2 + 2 * x + 1, "expand")
    assert "✓ proved" in d._repr_html_()
    d.eq(x ** 2 + 2 * x + 2, "off by one")
    assert "✗ refuted" in d._repr_html_()


def test_a_plain_sympy_integer_is_sampled_at_integers_so_an_integer_identity_is_not_refuted():
    """symbols('k', integer=True) from `from sympy import *` is sampled at integers: real samples would refute a true claim."""
    k = sp.Symbol("k", integer=True)
    step = only_step(calc(sp.cos(sp.pi * k) * sp.cos(sp.pi * (k + 1)), title="plain k").eq(-1, "k is an integer"))
    assert step.verdict in PASSING
    t = sp.Symbol("t", real=True)
    twin = calc(sp.cos(sp.pi * t) * sp.cos(sp.pi * (t + 1)), title="plain t").eq(-1, "slip")
    assert only_step(twin).verdict is Verdict.REFUTED


def test_a_plain_sympy_complex_symbol_is_sampled_off_the_real_line():
    z = sp.Symbol("z", complex=True)
    assert only_step(calc(z ** 2, title="not z²").eq(abs(z) ** 2, "slip")).verdict is Verdict.REFUTED
