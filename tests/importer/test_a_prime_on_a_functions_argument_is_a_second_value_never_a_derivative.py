r"""`k(x,x') = \textrm{Cov}(f(x),f(x')) = … = 1 + xx'` (d2l's Gaussian-process prior): a prime on a letter the display
writes as a function's argument (`f(x)`, `k(x, x')`), never before a parenthesis itself and with none after the prime,
is a second value of that variable, the name x_prime, printed as a rule, never a derivative.  A prime on a letter the
text applies (`f'(x)`, `f'` beside `f(x)`), on one no function takes as its argument (`y' = 2x`), before a parenthesis
(`x'(t)`) or doubled (`x''`) stays refused, and so does any prime in a text about vectors or matrices, where `x'`
may be the transpose (`x'Ax`); a refusal names what the text writes (`x'`).
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document

GP = (r"Suppose $f(x) = w_0 + w_1 x$, and $w_0, w_1 \sim \mathcal{N}(0,1)$, with $w_0, w_1, x$ all in one dimension."
      "\n\n$$k(x,x') = \\textrm{Cov}(f(x),f(x')) = E[f(x)f(x')]-E[f(x)]E[f(x')] = "
      "E[w_0^2 + w_0w_1x' + w_1w_0x + w_1^2xx'] = 1 + xx'.$$\n")


def test_the_kernel_of_a_prior_reads_in_full_with_x_prime_a_name_of_its_own(tmp_path):
    doc = read_document(GP, "notes.md")
    assert len(doc.chains) == 1 and not doc.failures
    assert "x_prime" in {s.name for s in doc.chains[0].exprs[-1].free_symbols}
    assert any("read `x'` as the name x_prime" in r for r in doc.rules)
    assert not any("withprime" in r for r in doc.rules)
    assert "refuted" not in document_verdicts(tmp_path, GP, "gp.py")


def test_a_true_line_with_a_primed_argument_is_proved_and_its_twin_refuted(tmp_path):
    assert document_verdicts(tmp_path, "$$k(x, x') = x x' + 1 = 1 + x' x$$\n", "t.py") == ["proved"]
    assert document_verdicts(tmp_path, "$$k(x, x') = x x' + 1 = 1 + 2 x' x$$\n", "f.py") == ["refuted"]


def test_a_primed_argument_squared_is_the_square_of_the_second_value(tmp_path):
    verdicts = document_verdicts(tmp_path, "$$g(x) - g(x') = (x - x')(x + x') = x^2 - x'^2$$\n", "s.py")
    assert verdicts[-1] == "proved" and "refuted" not in verdicts


@pytest.mark.parametrize("display", [
    r"f'(x) = 2x = x + x",                 # a derivative of a function the text applies
    r"y' = 2x = x + x",                    # y is no function's argument: a derivative of y, or a name
    r"f(x) + f' = x + f'",                 # f is applied: f' its derivative
    r"k(x, x'') = x x'' = x'' x",          # a second prime
    r"k(x, x') = x'(t) = x'(t)",           # a parenthesis after the prime
])
def test_near_miss_a_prime_that_may_be_a_derivative_stays_refused(display):
    doc = read_document(f"$${display}$$\n", "notes.md")
    assert doc.failures and not any("'" in side for c in doc.chains for side in c.chain.sides[c.start:])
    assert not any("x_prime" in r for r in doc.rules)
    assert not any("withprime" in f.message or "withprime" in f.latex for f in doc.failures)


@pytest.mark.parametrize("words", ["Let $x$ be a vector and $A$ a symmetric matrix.", "For vectors $x$,"])
def test_near_miss_a_prime_in_a_text_about_vectors_or_matrices_may_be_the_transpose_and_stays_refused(words):
    doc = read_document(f"{words}\n\n$$q(x, x') = x' x + 1 = 1 + x x'$$\n", "notes.md")
    assert doc.failures and not any("'" in side for c in doc.chains for side in c.chain.sides[c.start:])
    assert not any("x_prime" in r for r in doc.rules)
