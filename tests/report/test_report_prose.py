"""Inline mathematics in prose: what the engine and authors write as ASCII reaches readers as mathematics.

Each case is a string really found in a run's titles, notes, check names or tables.  Alongside, the near
misses: text that looks similar but is not mathematics (code names, seed file names, literal specials)
must stay exactly as written.
"""
from __future__ import annotations

import pytest

from verifier.present.report.html import prose_html
from verifier.present.report.latex import breakable_math, prose, slashed_fractions
from verifier.present.report.prose import segments, sympy_latex, tidy_latex


def kinds(text):
    return [kind for kind, _ in segments(text)]


def test_sympy_printing_of_a_whole_relation_becomes_one_formula():
    got = segments("log(Sum(exp(lambda*s[i]), (i, 1, n))/n) ≥ lambda*Sum(s[j], (j, 1, n))/n")
    assert got == (("math", r"\log{\left(\frac{\sum_{i=1}^{n} e^{\lambda {s}_{i}}}{n} \right)} \ge "
                            r"\frac{\lambda \sum_{j=1}^{n} {s}_{j}}{n}"),)


def test_indexed_max_prints_as_max_over_its_index():
    assert sympy_latex("IndexedMax(s[k], (k, 1, n))") == r"\max_{k} {s}_{k}"


def test_a_sympy_call_inside_prose_is_set_as_a_formula_and_the_rest_stays_text():
    got = segments("γ* = 1 - log(Sum(exp(beta*f[j]), (j, 1, n))) is sympy.solve's root")
    assert [k for k, _ in got] == ["text", "sup", "text", "math", "text"]      # γ* is the name γ^*
    assert got[3][1] == r"\log{\left(\sum_{j=1}^{n} e^{\beta {f}_{j}} \right)}"


@pytest.mark.parametrize("text, expected", [
    ("limit: lhs − rhs → 0 as lambda → oo", "limit: lhs − rhs → 0 as λ → ∞"),
    ("x → -oo", "x → −∞"),
])
def test_oo_is_infinity(text, expected):
    assert "".join(v for _, v in segments(text)) == expected


def test_exp_in_prose_is_e_to_the_power_and_scripts_are_scripts():
    assert segments("σ₀² exp(−q·k_t/√d)") == (("text", "σ₀² e"), ("sup", "−q·k_t/√d"))
    assert segments("e^{−2g}") == (("text", "e"), ("sup", "−2g"))
    assert segments("σ_t²") == (("text", "σ"), ("sub", "t"), ("text", "²"))
    assert segments("O(n^{-1/2})") == (("text", "O(n"), ("sup", "−1/2"), ("text", ")"))
    assert segments("max_c f") == (("text", "max"), ("sub", "c"), ("text", " f"))


def test_symbol_names_read_as_greek_letters():
    assert segments("lambda ∈ [0.05, 20] (log-uniform)") == (("text", "λ ∈ [0.05, 20] (log-uniform)"),)
    assert segments("sigma2_i ∈ [0.1, 5]") == (("text", "σ"), ("sub", "i"), ("text", "² ∈ [0.1, 5]"))


@pytest.mark.parametrize("text", [
    "000_ca974c2c5f958f3e.txt, eq. (2)",         # a seed file name is not 000 with a subscript
    "a \\backslash and {braces} and ^caret",       # a caret after a space is not a superscript
    "Text with specials: 100% & #1 $5 _x ^y ~z",
    "the betas of the model",                       # an English word containing a Greek name
    "x^2 + y, n = 1…6 only",                        # no base letter is glued to more text: ^2 is still a script
])
def test_near_misses_stay_as_written(text):
    if text.startswith("x^2"):
        assert kinds(text) == ["text", "sup", "text"]
        return
    assert kinds(text) == ["text"] and segments(text)[0][1] == text


def test_code_names_stay_code_and_do_not_turn_into_subscripts():
    assert segments("see `constant_variance_is_not_attention` and mle_gradient") == (
        ("text", "see "), ("code", "constant_variance_is_not_attention"), ("text", " and "), ("code", "mle_gradient"))


def test_decimals_where_a_decimal_fraction_is_meant():
    assert tidy_latex(r"x > \frac{237237323535263468623140487687}{500000000000000000000000000000}") == \
        "x > 0.474474647070526937246280975374"
    assert tidy_latex(r"\frac{131}{100}") == "1.31"
    assert tidy_latex(r"\frac{1}{2} + \frac{1}{3} + \frac{3}{1000000007}") == \
        r"\frac{1}{2} + \frac{1}{3} + \frac{3}{1000000007}"


def test_sigma2_indexed_is_sigma_t_squared_never_a_double_superscript():
    assert tidy_latex(r"\frac{1}{{\sigma_{2}}_{t}}") == r"\frac{1}{\sigma_{t}^{2}}"
    assert tidy_latex(r"{\sigma_{2}}_{t}^{\frac{3}{2}}") == r"\left(\sigma_{t}^{2}\right)^{\frac{3}{2}}"


def test_latex_renderer_sets_scripts_maths_and_independence():
    tex = prose("ε ⫫ (s, v) with σ_t and log(Sum(exp(x[i]), (i, 1, n)))")
    assert r"\perp\!\!\!\perp" in tex and r"\textsubscript{t}" in tex and "$" in tex
    assert "Sum(" not in tex and "[U+" not in tex


def test_html_renderer_draws_independence_with_two_perps_and_scripts_as_sub_sup():
    html = prose_html("ε ⫫ (s, v), e^{−2g} and σ_t")
    assert '<span class="indep"' in html and "⫫" not in html
    assert "<sup>−2g</sup>" in html and "<sub>t</sub>" in html


def test_long_fractions_are_slashed_so_a_formula_can_wrap_instead_of_shrinking():
    long = "a" * 40
    assert slashed_fractions(rf"\frac{{{long}}}{{{long}}} + \frac{{1}}{{2}}") == \
        rf"\bigl({long}\bigr)/\bigl({long}\bigr) + \frac{{1}}{{2}}"
    assert r"\frac{" not in breakable_math(rf"\frac{{{long}}}{{\frac{{{long}}}{{b}}}}").split(")/")[0]


def test_bare_sympy_expressions_in_engine_messages_become_formulas():
    got = segments("series of lhs − rhs has lower-order terms: λ**2*(s[1]**2/8 - s[1]*s[2]/4)")
    assert got[-1] == ("math", r"\lambda^{2} \left(\frac{{s}_{1}^{2}}{8} - \frac{{s}_{1} {s}_{2}}{4}\right)")
    got = segments("not smooth (log(1 - (sqrt(4*lambda**2 + 1) - 1)**2/(4*lambda**2)): argument not shown > 0)")
    assert [k for k, _ in got] == ["text", "math", "text"] and got[2][1] == ": argument not shown > 0)"
    assert segments("and x**2.")[-2:] == (("math", "x^{2}"), ("text", ".")), "the full stop is not part of the number"


def test_indexed_names_with_coefficients_and_vector_components():
    assert segments("(2σ_t²)") == (("text", "(2σ"), ("sub", "t"), ("text", "²)"))
    assert segments("k1_i ∈ [-3, 3]") == (("text", "k1"), ("sub", "i"), ("text", " ∈ [−3, 3]"))
    assert segments("000_ca974c2c5f958f3e.txt") == (("text", "000_ca974c2c5f958f3e.txt"),)
