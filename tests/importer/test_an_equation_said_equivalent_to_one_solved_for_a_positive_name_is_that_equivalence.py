r"""`\frac{1}{2}(n_\textrm{in} + n_\textrm{out})\sigma^2 = 1 \textrm{ or equivalently } \sigma = \sqrt{\frac{2}{n_\textrm{in}
+ n_\textrm{out}}}`: words between two equations that say they are equivalent ("or equivalently", "equivalently",
"i.e.") are read as `\iff` between them, when one is solved for a letter the other writes.  An equivalence of an
equation c·v^k = d (c, d without v) and v = f, for a name v declared positive (σ, λ, β, τ), is the first equation at
v = f: for v > 0 the first holds at one positive v at most, so the two have the same solutions exactly when c·f^k =
d.  f must be at least 0 wherever it is real, or that times one square root with k = 2; where the root is imaginary
a counterexample says nothing about the equivalence, so such a claim is refuted only when it relates two numbers.

Near misses both ways: the true line is proved and its twin without the factor 2 refuted; a true equivalence whose
claim fails only where the root is imaginary (`\sigma^2 = \frac{a + |a|}{2}`) is never refuted; a name of either sign
(a letter the text says may be negative, or x) and a square root beside a fourth power are refused, never refuted;
equations about other names after "or equivalently" stay a second equation.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts, imported_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

D2L = (r"\frac{1}{2} (n_\textrm{in} + n_\textrm{out}) \sigma^2 = 1 \textrm{ or equivalently } "
       r"\sigma = \sqrt{\frac{%s}{n_\textrm{in} + n_\textrm{out}}}.")


def test_the_words_or_equivalently_between_two_equations_are_read_as_iff(tmp_path):
    doc = read_document(f"$$ {D2L % 2} $$", "notes.md")
    assert not doc.failures and len(doc.chains) == 1
    assert any("as `\\iff`" in r for r in doc.rules) and any("sigma > 0 is declared" in r for r in doc.rules)
    assert imported_verdicts(tmp_path, D2L % 2, "true.py") == [Verdict.PROVED]


def test_near_miss_the_twin_without_the_factor_two_is_refuted(tmp_path):
    assert imported_verdicts(tmp_path, D2L % 1, "twin.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("latex, expected", [
    (r"\sigma^2 = \frac{2}{a^2 + 1} \iff \sigma = \sqrt{\frac{2}{a^2 + 1}}", Verdict.PROVED),
    (r"\sigma^2 = \frac{2}{a^2 + 1} \iff \sigma = \sqrt{\frac{1}{a^2 + 1}}", Verdict.REFUTED),
    (r"\lambda^3 = 8 e^{3a} \text{ equivalently } \lambda = 2 e^{a}", Verdict.PROVED),
    (r"\lambda^3 = 8 e^{3a} \text{ equivalently } \lambda = 3 e^{a}", Verdict.REFUTED),
    (r"\tau = |a| \text{i.e.} \tau^2 = a^2", Verdict.PROVED),
    (r"\tau = |a| \text{i.e.} \tau^2 = 2a^2", Verdict.REFUTED),
])
def test_other_spellings_and_forms_of_a_solved_equivalence_are_decided_both_ways(latex, expected, tmp_path):
    assert imported_verdicts(tmp_path, latex, "solved.py") == [expected]


def test_near_miss_a_claim_that_fails_only_where_the_root_is_imaginary_is_never_refuted(tmp_path):
    # for a < 0 neither σ² = 0 nor σ = √a has a positive solution: the equivalence holds, the claim a = (a + |a|)/2 not
    got = imported_verdicts(tmp_path, r"\sigma^2 = \frac{a + |a|}{2} \text{ or equivalently } \sigma = \sqrt{a}",
                            "imaginary.py")
    assert got == [Verdict.UNKNOWN]
    assert imported_verdicts(tmp_path, r"\sigma^2 = a \text{ or equivalently } \sigma = \sqrt{a}",
                             "same.py") == [Verdict.PROVED]


@pytest.mark.parametrize("text", [
    # σ of either sign: σ = -√… solves the first equation too
    "Here $\\sigma$ may be negative.\n\n$$ " + D2L % 2 + " $$\n",
    # for a < 0, σ⁴ = a² has the positive solution √|a| and σ = √a none: the claim a² = a² would prove it
    "$$ \\sigma^4 = a^2 \\text{ or equivalently } \\sigma = \\sqrt{a} $$\n",
])
def test_near_miss_a_name_of_either_sign_or_a_root_beside_a_fourth_power_is_refused(text, tmp_path):
    doc = read_document(text, "notes.md")
    assert not doc.chains and any("equivalen" in f.message for f in doc.failures), [str(f) for f in doc.failures]


def test_near_miss_a_name_not_declared_positive_is_compared_as_polynomials_never_refuted(tmp_path):
    # x = -2 solves x² = 4 too; the normal forms x² − 4 and x − 2 differ, which refutes nothing (x² = 0 and x = 0)
    got = imported_verdicts(tmp_path, r"x^2 = 4 \text{ or equivalently } x = 2", "either_sign.py")
    assert got == [Verdict.UNKNOWN]


def test_near_miss_equations_about_other_names_stay_a_second_equation(tmp_path):
    doc = read_document("$$ \\sigma^2 = 2 \\text{ or equivalently } y = 2 $$", "notes.md")
    assert any("second equation" in f.message for f in doc.failures)
    assert Verdict.REFUTED not in document_verdicts(tmp_path, "$$ \\sigma^2 = 2 \\text{ or equivalently } y = 2 $$",
                                                    "other.py")


@pytest.mark.parametrize("latex", [
    # where a - 1 = 0 the first equation holds at every σ, never at σ = e^b alone: the claim c·f^k = d holds
    # identically, the equivalence does not
    r"(a-1)\sigma^2 = (a-1)e^{2b} \text{ i.e. } \sigma = e^b",
    r"a\sigma^2 = a e^{2b} \text{ or equivalently } \sigma = e^b",
])
def test_near_miss_a_factor_that_may_be_zero_is_never_proved_the_equivalence(latex, tmp_path):
    doc = read_document(f"$$ {latex} $$", "notes.md")
    assert not any(c for c in doc.chains if not c.unsettled), doc.rules
    assert any("which may be 0" in f.message for f in doc.failures), doc.failures


@pytest.mark.parametrize("latex, expected", [
    # a letter before a command writes the command's name: `a\sigma^2` writes σ
    (r"\tau\sigma^2 = \tau e^{2b} \text{ i.e. } \sigma = e^{b}", Verdict.PROVED),
    (r"\tau\sigma^2 = \tau e^{2b} \text{ i.e. } \sigma = 2e^{b}", Verdict.REFUTED),
])
def test_a_name_written_right_after_a_letter_is_the_solved_name_both_ways(latex, expected, tmp_path):
    assert imported_verdicts(tmp_path, latex, "after_a_letter.py") == [expected]


def test_near_miss_an_equation_solved_to_a_number_beside_a_factor_that_may_be_zero_is_never_refuted(tmp_path):
    # a σ² = a, i.e. σ = 1: true for every a ≠ 0 with σ > 0; read as an identity in a and σ it was refuted
    assert imported_verdicts(tmp_path, r"a\sigma^2 = a \text{ i.e. } \sigma = 1", "number.py") != [Verdict.REFUTED]


@pytest.mark.parametrize("text", [
    # λ an eigenvalue, β a coefficient: λ = -2e^b solves λ² = 4e^{2b} too, so the two do not have the same solutions
    "Let $\\lambda$ be an eigenvalue of the symmetric matrix $A$.\n\n"
    "$$ \\lambda^2 = 4e^{2b} \\text{ or equivalently } \\lambda = 2e^{b} $$\n",
    "$$ \\beta^2 = e^{2a} \\text{ i.e. } \\beta = e^{a} $$\n",
])
def test_near_miss_an_even_power_of_a_letter_positive_only_by_convention_is_never_proved_the_equivalence(text):
    doc = read_document(text, "notes.md")
    assert not [c for c in doc.chains if not c.unsettled], doc.rules
    assert any("does not declare positive" in f.message for f in doc.failures), doc.failures


def test_an_odd_power_is_one_to_one_whatever_the_sign_of_its_letter(tmp_path):
    assert imported_verdicts(tmp_path, r"\lambda^3 = 8 e^{3a} \text{ equivalently } \lambda = 2 e^{a}",
                             "odd.py") == [Verdict.PROVED]
    assert imported_verdicts(tmp_path, r"x^3 = 8 e^{3a} \text{ equivalently } x = 3 e^{a}", "odd_x.py") \
        == [Verdict.REFUTED]
