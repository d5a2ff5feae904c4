r"""A letter written directly before a parenthesis is a function applied to it as often as a factor, and the reader
refuses it by naming both readings when nothing settles which:

* a letter (Latin or Greek) before a parenthesis holding only a number: `\Gamma(1)`, `\zeta(3)`, `s(2)` (s at time 2
  in a text that writes `$s(t)$`), `r(2) = 2r(1)`, `\Lambda(8)`: the product reading would prove the false
  `\Gamma(2) = 2\Gamma(1)` and refute the true `\Gamma(4) = 3\Gamma(3)`;
* a Greek letter that names a special function, a distribution or an order class (Γ, Φ, ζ, Λ, Θ, Ω, Ψ, δ) before any
  parenthesis: `\Gamma(x + 1) = x\Gamma(x)`, `\Phi(-x) = 1 - \Phi(x)`, `\delta(2x) = \frac{1}{2}\delta(x)`,
  `\Theta(n) + \Theta(n) = \Theta(n)`.

`e` with a subscript (`e_1`, `e_i`) is a basis vector or an entry of a vector e as often as Euler's number: refused,
never a crash of the whole file.

Near misses stay read: a letter before a parenthesis holding a name where the reading is settled (`\lambda(a - b)`,
`p(1 - p)`, a product), a Greek capital not before a parenthesis (`2\Gamma`), and Euler's number bare (`e^{x}`).
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


def verdicts(tmp_path, text: str) -> list:
    written = write(read_document(text, "notes.md"))
    path = tmp_path / "imported.py"
    path.write_text(written, encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, f"{error}\n{written}"
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps]


# each true line beside its one-edit false twin: neither is read, so neither is refuted nor accepted
@pytest.mark.parametrize("true, false", [
    (r"\Gamma(1) = \Gamma(2)", r"\Gamma(2) = 2\Gamma(1)"),
    (r"\Gamma(4) = 3\Gamma(3)", r"\Gamma(4) = 4\Gamma(3)"),
    (r"\Gamma\left(\frac{3}{2}\right) = \frac{1}{2}\Gamma\left(\frac{1}{2}\right)",
     r"\Gamma\left(\frac{3}{2}\right) = 3\,\Gamma\left(\frac{1}{2}\right)"),
    (r"\Gamma(x + 1) = x\Gamma(x)", r"\Gamma(x + 1) = \Gamma(x)"),
    (r"\Phi(-x) = 1 - \Phi(x)", r"\Phi(-x) = \Phi(x)"),
    (r"\Phi(1) + \Phi(-1) = 1", r"\Phi(1) + \Phi(-1) = 0"),
    (r"\Lambda(8) = \Lambda(2)", r"\Lambda(8) = 3\Lambda(2)"),
    (r"\Theta(n) + \Theta(n) = \Theta(n)", r"\Theta(n) + \Theta(n) = 2\Theta(n) + 1"),
    (r"\Omega(n) + \Omega(n) = \Omega(n)", r"\Omega(n) = \Omega(n) + 1"),
    (r"\zeta(2) = \frac{\pi^2}{6}", r"2\zeta(3) = 3\zeta(2)"),
    (r"\delta(2x) = \frac{1}{2}\delta(x)", r"\delta(2x) = 2\delta(x)"),
    (r"s(2) = 4s(1)", r"s(2) = 2s(1)"),
    (r"r(2) = 4r(1)", r"r(2) = 2r(1)"),
    (r"\alpha(2) = 4\alpha(1)", r"\alpha(2) = 2\alpha(1)"),
    (r"\mu(2) = 4\mu(1)", r"\mu(2) = 2\mu(1)"),
    (r"y(2) = 4y(1)", r"y(2) = 2y(1)"),
])
def test_a_letter_applied_to_a_bracket_is_refused_naming_both_readings(true, false):
    for latex in (true, false):
        doc = read_document(f"Let $s(t)$ denote the distance fallen by time $t$.\n\n$${latex}$$\n", "notes.md")
        assert not doc.chains, latex
        assert doc.failures and all(len(f.readings) == 2 for f in doc.failures), doc.failures
        assert any("function" in r for f in doc.failures for r in f.readings), doc.failures
        assert any("product" in r for f in doc.failures for r in f.readings), doc.failures


@pytest.mark.parametrize("latex", [r"\Gamma(1)", r"s(2)", r"\zeta(3)", r"\eta(1)", r"x(\frac{1}{2})", r"\Phi(0)"])
def test_a_letter_before_a_number_in_parentheses_names_the_function_and_the_product(latex):
    with pytest.raises(ReadError, match="before a number in parentheses") as refused:
        read_side(latex)
    assert any("function" in r for r in refused.value.readings) and any("product" in r for r in refused.value.readings)


@pytest.mark.parametrize("latex", [r"\Gamma(x + 1)", r"\Phi(-x)", r"\delta(2x)", r"\Theta(n)", r"\Omega(n)",
                                   r"\Lambda(x)", r"\Psi(a)"])
def test_a_special_function_letter_before_a_parenthesis_is_refused(latex):
    with pytest.raises(ReadError, match="before a parenthesis is not read"):
        read_side(latex)


@pytest.mark.parametrize("latex, value", [
    (r"\lambda(a - b)", sp.Symbol("lambda") * (sp.Symbol("a") - sp.Symbol("b"))),
    (r"p(1 - p)", sp.Symbol("p") * (1 - sp.Symbol("p"))),
    (r"2\Gamma", 2 * sp.Symbol("Gamma")),
    (r"\Gamma x", sp.Symbol("Gamma") * sp.Symbol("x")),
    (r"x(x + 1)", sp.Symbol("x") * (sp.Symbol("x") + 1)),
    (r"2(3)", sp.Integer(6)),
    (r"e^{x}", sp.exp(sp.Symbol("x"))),
])
def test_near_miss_products_whose_reading_is_settled_stay_read(latex, value):
    assert sp.simplify(read_side(latex).expr - value) == 0


def test_a_product_of_a_greek_letter_and_a_bracket_is_still_checked_both_ways(tmp_path):
    assert verdicts(tmp_path, "$$\\lambda(a - b) = \\lambda a - \\lambda b$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, "$$\\lambda(a - b) = \\lambda a + \\lambda b$$\n") == [Verdict.REFUTED]


@pytest.mark.parametrize("latex", [r"\sum_{i=1}^{n} e_i = e_1 + \sum_{i=2}^{n} e_i", r"e_1 \cdot e_1 = 1",
                                   r"e_1 + e_2 = e_2 + e_1"])
def test_e_with_a_subscript_is_refused_naming_both_readings_never_a_crash(latex):
    doc = read_document(f"# Basis\n\n$${latex}$$\n\n$$x + x = 2x$$\n", "notes.md")
    assert len(doc.chains) == 1
    refused = [f for f in doc.failures if "`e` with a subscript" in f.message]
    assert refused and any("Euler" in r for r in refused[0].readings) \
        and any("basis vector" in r for r in refused[0].readings)
    assert "calc(" in write(doc)


@pytest.mark.parametrize("display", [r"s(t + 1) - s(t) = 10t + 5", r"s(t + 1) - s(t) = 10t", r"s(2t) = 4s(t)"])
def test_a_letter_the_prose_writes_applied_to_a_name_is_refused_before_a_parenthesis(display):
    doc = read_document(f"Let $s(t)$ denote the distance fallen by time $t$.\n\n$${display}$$\n", "notes.md")
    assert not doc.chains
    assert any("applied to a name" in f.message and len(f.readings) == 2 for f in doc.failures), doc.failures


def test_near_miss_a_letter_the_prose_writes_applied_and_defines_is_read_through_its_body(tmp_path):
    text = "Let $s(t)$ denote the distance fallen by time $t$.\n\n$$s(t) = 5t^2$$\n\n$$s(2) = 20$$\n"
    assert verdicts(tmp_path, text) == [Verdict.PROVED]
    assert verdicts(tmp_path, text.replace("= 20", "= 10")) == [Verdict.REFUTED]


def test_near_miss_a_letter_the_prose_writes_bare_stays_a_factor_both_ways(tmp_path):
    text = "For $\\lambda > 0$ and reals $a$, $b$,\n\n$$\\lambda(a - b) = \\lambda a - \\lambda b$$\n"
    assert verdicts(tmp_path, text) == [Verdict.PROVED]
    assert verdicts(tmp_path, text.replace("- \\lambda b$$", "+ \\lambda b$$")) == [Verdict.REFUTED]
