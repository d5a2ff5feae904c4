r"""Constructs public texts write that the import read with another meaning, now read as TeX sets them or refused by name.

`\frac94\pi` was read as 94/π (TeX gives each undelimited argument one token: 9/4·π), so
`\frac{9}{4}\pi = \frac94\pi` came out refuted; `x^23` is x²·3 to TeX and x²³ to a reader of the source; a power
of a number with a huge exponent hung the import; `\operatorname{Var}(X)` became an unknown function of a real
number; `\iff`, `\Rightarrow` and `\neq` chains vanished with no message; `\exp(m) \leq …` was taken for the
definition of a function and its first step dropped; a name the prose defines (`Let $m = \max_i x_i$`) or
describes (`$\mathbf{y}$ is one-hot`) was checked as a free variable and true lines were refuted.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import QUICK
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict

x, a, b, n, pi = sp.Symbol("x"), sp.Symbol("a"), sp.Symbol("b"), sp.Symbol("n"), sp.pi


def checked(tmp_path, text: str, name: str):
    doc = read_document(text, "notes.md")
    path = tmp_path / name
    path.write_text(write(doc), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, error
    return [s for r in check_all(found, QUICK) for s in r.steps]


# ---- one token per undelimited argument ------------------------------------------------------------------

@pytest.mark.parametrize("latex, value", [
    (r"\frac94\pi", sp.Rational(9, 4) * pi),
    (r"\frac13", sp.Rational(1, 3)),
    (r"\frac3{3}", sp.Integer(1)),
    (r"\frac{1}23", sp.Rational(3, 2)),
    (r"\sqrt23", 3 * sp.sqrt(2)),
    (r"\frac ab", a / b),
    # near misses: braces keep the whole number
    (r"\frac{94}{5}", sp.Rational(94, 5)),
    (r"\sqrt{23}", sp.sqrt(23)),
    (r"x^{23}", x ** 23),
])
def test_an_undelimited_argument_is_one_token_as_tex_sets_it(latex, value):
    assert sp.simplify(read_side(latex).expr - value) == 0


@pytest.mark.parametrize("latex, readings", [
    ("x^23", ("x^{2}·3 (one token, as TeX sets it)", "x^{23}")),
    ("x_12", ("x_{1}·2 (one token, as TeX sets it)", "x_{12}")),
])
def test_a_run_of_digits_after_a_superscript_or_subscript_mark_is_refused_naming_both(latex, readings):
    with pytest.raises(ReadError) as err:
        read_side(latex)
    assert err.value.readings == readings
    assert read_side("x_{12}").expr == sp.IndexedBase("x")[12]


def test_a_power_too_large_to_evaluate_is_refused_and_a_large_one_is_read():
    with pytest.raises(ReadError, match="too large"):
        read_side(r"\log((1/2)^{1000000000})")
    assert read_side("2^{64}").expr.doit() == 2 ** 64


@pytest.mark.parametrize("latex", [r"10^{10^{10}}", r"10^{-10^{10}}", r"(10^{10})!", r"\binom{10^{12}}{10^{6}}",
                                   r"\binom{2000000}{1000000}", r"{2000000 \choose 1000000}",
                                   r"\frac{1}{2}^{2^{30}}", r"\sqrt{2}^{10^{10}}"])
def test_an_exact_number_of_more_than_a_million_digits_is_refused_whatever_writes_it(latex):
    # a written file would compute every digit when it is loaded, and never finish
    with pytest.raises(ReadError, match="more than 1,000,000 digits"):
        read_side(latex)


@pytest.mark.parametrize("latex, value", [(r"2^{2^{16}}", 2 ** 2 ** 16), (r"(100)!", sp.factorial(100)),
                                          (r"\binom{1000}{500}", sp.binomial(1000, 500))])
def test_a_large_exact_number_that_can_be_computed_is_read(latex, value):
    assert read_side(latex).expr.doit() == value


@pytest.mark.parametrize("latex", [r"x^{10^{10}}", r"e^{10^{10}}"])
def test_a_huge_power_of_a_name_or_of_e_is_read_since_no_digit_of_it_is_computed_at_load(latex):
    assert read_side(latex).expr.free_symbols or read_side(latex).expr.has(sp.exp)


# ---- operators on random variables -----------------------------------------------------------------------

@pytest.mark.parametrize("latex, what", [
    (r"\operatorname{Var} X", "Var"), (r"\mathrm{Cov} + 1", "covariance"), (r"\textrm{Var}\,aX", "variance"),
    (r"\mathbb{E} X", "expectation"), ("E(X)", "expectation"),
])
def test_an_operator_on_random_variables_without_a_bracket_is_refused_by_name(latex, what):
    with pytest.raises(ReadError, match=what):
        read_side(latex)


def test_a_function_letter_and_a_name_that_is_no_operator_are_still_read():
    assert read_side("p(x)").expr == sp.Function("p")(x)
    assert read_side("V + a").expr == sp.Symbol("V") + a


# ---- a colon has no one reading ----------------------------------------------------------------------------

@pytest.mark.parametrize("latex", [r"H_0: \mu_1 = \mu_2", r"H_a : \mu > \mu_0", r"a : b = 2 : 4",
                                   r"f\colon x = x^2"])
def test_a_colon_is_refused_naming_it_and_never_read_as_a_division(latex):
    """`H_0: μ_1 = μ_2` was read as H_0/μ_1 = μ_2 and checked as a claim about the quotient."""
    doc = read_document(f"$$ {latex} $$")
    assert not doc.chains and any("colon" in f.message for f in doc.failures)


@pytest.mark.parametrize("latex", [r"\Delta (x^2) = x \Delta x", r"\Delta (x^2) = 2x\Delta x + (\Delta x)^2",
                                   r"\Delta S_k = a_k"])
def test_an_increment_is_refused_by_name_and_never_read_as_a_factor(latex):
    """Δ(x²) = x Δx read with a factor Δ is Δx² = Δx², a restatement that passed although false."""
    doc = read_document(f"$$ {latex} $$")
    assert not doc.chains and any("increment" in f.message for f in doc.failures)


@pytest.mark.parametrize("latex", [r"2\Delta = \Delta + \Delta", r"\Delta^2 - 1 = (\Delta - 1)(\Delta + 1)"])
def test_a_delta_standing_alone_is_still_a_name(latex):
    doc = read_document(f"$$ {latex} $$")
    assert len(doc.chains) == 1 and not doc.failures


def test_a_colon_equals_is_still_a_definition():
    doc = read_document(r"$$ x := a + b $$ $$ x = b + a $$")
    assert [d.name for d in doc.definitions] == ["x"] and len(doc.chains) == 1 and not doc.failures


# ---- relations no step checks are named, never dropped --------------------------------------------------

@pytest.mark.parametrize("latex, named", [
    (r"x < 5 \iff x \leq 5", r"\iff"),                  # a strict and a non-strict relation
    (r"0 < x < 1 \iff x \in (0, 1)", r"\iff"),
    (r"a = b \Rightarrow a^2 = b^2", r"\Rightarrow"),
    (r"a^2 - b^2 \neq (a-b)^2", r"\neq"),
    ("a^2 - b^2 != (a-b)^2", "!="),
])
def test_a_chain_with_a_relation_no_step_checks_is_refused_naming_it(latex, named):
    doc = read_document(f"$$ {latex} $$")
    assert not doc.chains and any(f"`{named}`" in f.message for f in doc.failures)


def test_keyboard_inequalities_are_the_relations_they_spell():
    doc = read_document(r"$$ (a+b)^2 >= 4ab $$ $$ a^2 <= a^2 + b^2 $$")
    assert [c.chain.relations for c in doc.chains] == [[">="], ["<="]] and not doc.failures


def test_a_consequence_beside_a_chain_stays_a_reason():
    doc = read_document(r"$$ \sigma(x) = \frac{1}{1 + e^{-x}} \quad \Rightarrow \quad 1 - \sigma(x) = "
                        r"\frac{e^{-x}}{1 + e^{-x}} $$")
    assert not [f for f in doc.failures if "Rightarrow" in f.message]


def test_a_chain_that_starts_with_a_known_function_is_not_a_definition():
    r"""`\exp(m) \leq \sum_i \exp(x_i) \leq n \exp(m)` (Wikipedia, LogSumExp): its first step was dropped as the
    definition of a function exp; `\eta(t) = \eta_0 e^{-\lambda t}` still names a function."""
    doc = read_document(r"$$\exp(m) \leq \sum_{i=1}^n \exp(x_i) \leq n \exp(m)$$")
    assert [len(c.chain.relations) - c.start for c in doc.chains] == [2]
    doc = read_document(r"$$ \eta(t) = \eta_0 \cdot e^{-\lambda t} $$")
    assert not doc.chains


# ---- names the prose defines or describes ---------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("text", [
    "Proof: Let $m = \\max_i x_i$. Then\n$$\\exp(m) \\leq \\sum_{i=1}^n \\exp(x_i) \\leq n \\exp(m)$$\n",
    "Since $\\mathbf{y}$ is a one-hot vector of length $q$, the sum vanishes for all but one term.\n"
    "$$ \\sum_{j=1}^q y_j \\log \\sum_{k=1}^q \\exp(o_k) - \\sum_{j=1}^q y_j o_j = "
    "\\log \\sum_{k=1}^q \\exp(o_k) - \\sum_{j=1}^q y_j o_j $$\n",
])
def test_a_true_line_about_a_name_the_prose_defines_or_describes_is_not_refuted(tmp_path, text):
    """Wikipedia's LogSumExp bound (m defined in the prose) and d2l's softmax-regression loss (y one-hot in the prose)
    were refuted with m and y as free variables."""
    steps = checked(tmp_path, text, "prose.py")
    assert steps and Verdict.REFUTED not in [s.verdict for s in steps]
    assert all("could not read" in s.message for s in steps if s.verdict is Verdict.UNKNOWN)


@pytest.mark.slow
def test_a_false_line_about_names_the_prose_does_not_mention_is_still_refuted(tmp_path):
    steps = checked(tmp_path, "Let $m = \\max_i x_i$.\n$$ (a+b)^2 = a^2 + b^2 $$\n", "other.py")
    assert [s.verdict for s in steps] == [Verdict.REFUTED]


# ---- numbers kept as written stay exact in the written file -------------------------------------------------

def test_a_sum_of_fractions_of_numbers_is_written_with_exact_integers(tmp_path):
    r"""Math-Verify's worked solution `\frac{3(-2)-2}{-2-2}+… = \frac{14}{3}` was written as `(3*(-2) - 2)/(-2 - 2) + …`,
    which Python divides as floats: the loaded step held 4.666666666666667 and came out an error."""
    doc = read_document(r"$$ \frac{3(-2)-2}{-2-2}+\frac{3(-1)-2}{-1-2}+\frac{3(0)-2}{0-2}=\frac{14}{3} $$"
                        r"$$ x^2 + \frac{1}{2} = \frac{1}{2} + x \cdot x $$")
    path = tmp_path / "sums.py"
    path.write_text(write(doc), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None
    starts = {d.name: d.start for d in found}
    assert starts["line_1"] == sp.Rational(14, 3) and not starts["line_1"].atoms(sp.Float)
    assert "Integer(" not in path.read_text().split("line_1_2 = (")[1]      # symbols keep SymPy's arithmetic


def test_sympys_own_printing_of_inverse_functions_is_read_as_the_inverse():
    r"""latex2sympy2_extended's test pairs write SymPy's printing `\operatorname{asin}{\left(a \right)}`; it was refused."""
    a = sp.Symbol("a")
    assert read_side(r"\operatorname{asin}{\left(a \right)}").expr == sp.asin(a)
    assert read_side(r"\operatorname{atan}{\left(a \right)} + 1").expr == sp.atan(a) + 1
    assert read_side(r"\sin^{-1} a").expr == sp.asin(a)


@pytest.mark.parametrize("latex, value", [
    (r"\operatorname{asinh}{\left(a \right)}", sp.asinh(a)), (r"\operatorname{acosh}{\left(a \right)}", sp.acosh(a)),
    (r"\operatorname{atanh}{\left(a \right)}", sp.atanh(a)), (r"\arcsinh(a)", sp.asinh(a)), (r"\arsinh(a)", sp.asinh(a)),
    (r"\arccosh(a)", sp.acosh(a)), (r"\arcosh(a)", sp.acosh(a)), (r"\arctanh(a)", sp.atanh(a)),
    (r"\artanh(a)", sp.atanh(a)), (r"\mathrm{arsinh}\, a", sp.asinh(a)),
])
def test_every_spelling_of_an_inverse_hyperbolic_function_is_that_function(latex, value):
    """The peer's answer pairs write `\\operatorname{asinh}`, `\\arcsinh` and `\\arsinh` for one function; each was refused."""
    assert read_side(latex).expr == value


def test_an_inverse_hyperbolic_identity_is_not_refuted_and_its_twin_is(tmp_path):
    true = [s.verdict for s in checked(tmp_path, r"$$ \arsinh(a) = \log(a + \sqrt{a^2 + 1}) $$", "true.py")]
    twin = [s.verdict for s in checked(tmp_path, r"$$ \arsinh(a) = \log(a + \sqrt{a^2 + 2}) $$", "twin.py")]
    assert true and Verdict.REFUTED not in true and Verdict.ERROR not in true, true
    assert twin == [Verdict.REFUTED]


def test_a_hyperbolic_function_to_the_power_minus_one_that_is_no_inverse_is_still_refused():
    with pytest.raises(ReadError, match="ambiguous"):
        read_side(r"\arsinh^{-1} a")


@pytest.mark.parametrize("latex, value", [
    (r"\boxed{\frac{14}{3}}", sp.Rational(14, 3)),
    (r"\boxed{2 \sin b \cos a}", 2 * sp.sin(b) * sp.cos(a)),
    (r"2 + \boxed{3\sqrt{13}}", 2 + 3 * sp.sqrt(13)),
    (r"\boxed{x + 1}^2", (x + 1) ** 2),
])
def test_a_framed_answer_is_the_expression_in_its_frame(latex, value):
    assert read_side(latex).expr == value


@pytest.mark.parametrize("latex", [r"p\boxed{x}", r"\boxed x"])
def test_a_frame_after_a_name_or_without_braces_is_refused_never_an_application(latex):
    with pytest.raises(ReadError, match="boxed"):
        read_side(latex)


@pytest.mark.slow
def test_a_true_framed_answer_is_not_refuted_and_its_twin_is(tmp_path):
    """The answer of a worked exercise (Math-Verify's test suite): the frame is no factor and no set."""
    true = [s.verdict for s in checked(tmp_path, r"$$ \sqrt{117} = \boxed{3\sqrt{13}} $$", "true.py")]
    twin = [s.verdict for s in checked(tmp_path, r"$$ \sqrt{117} = \boxed{3\sqrt{14}} $$", "twin.py")]
    assert true and Verdict.REFUTED not in true and Verdict.ERROR not in true, true
    assert twin == [Verdict.REFUTED]


@pytest.mark.parametrize("latex, value", [
    (r"\lfloor x\rfloor", sp.floor(x)), (r"\left\lfloor{x}\right\rfloor", sp.floor(x)),
    (r"\lceil b\rceil + 1", sp.ceiling(b) + 1), (r"2\lfloor x/2 \rfloor", 2 * sp.floor(x / 2)),
    (r"a \div b", a / b),
])
def test_floor_ceiling_and_division_signs_are_read_as_written(latex, value):
    assert read_side(latex).expr == value


@pytest.mark.parametrize("latex, match", [
    (r"\lfloor x \rceil", "closed by"), (r"\lfloor x", "unclosed"), (r"a \div b c", "slash reaches"),
])
def test_mismatched_floor_brackets_and_a_division_sign_before_a_product_are_refused(latex, match):
    with pytest.raises(ReadError, match=match):
        read_side(latex)


def test_a_floor_identity_is_not_refuted_and_its_twin_is(tmp_path):
    true = [s.verdict for s in checked(tmp_path, r"$$ \lfloor 7 \div 2 \rfloor + \lceil 7 \div 2 \rceil = 7 $$", "t.py")]
    twin = [s.verdict for s in checked(tmp_path, r"$$ \lfloor 7 \div 2 \rfloor + \lfloor 7 \div 2 \rfloor = 7 $$", "w.py")]
    assert true and Verdict.REFUTED not in true and Verdict.ERROR not in true, true
    assert twin == [Verdict.REFUTED]
