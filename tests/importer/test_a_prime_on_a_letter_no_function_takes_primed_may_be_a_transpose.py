r"""`f(x, b) = x' b = b' x`: in econometrics notation the prime is the transpose and `x'b` the inner product xᵀb,
which equals bᵀx.  A prime on a letter whose plain form alone is a function's argument (f(x, b), not k(x, x')) may be
that transpose, so it is never read as a second value of the letter (read so, `x_prime b = b_prime x` was refuted):
it stays refused.  Near misses both ways: a kernel that takes the primed letter itself as an argument
(`k(x, x') = (1 + x x')^2`) still reads x' as the second value x_prime, the expansion proved and its twin with a lost
square left unproved.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


@pytest.mark.parametrize("display", [r"f(x, b) = x' b = b' x", r"g(x, b) = (x' b)^2 = b' x x' b",
                                     r"s(w, x) = \exp(w' x) = \exp(x' w)", r"h(x, \beta) = x'\beta"])
def test_a_prime_on_a_letter_only_plainly_an_argument_is_never_read_as_a_second_value(display, tmp_path):
    text = f"In the notation of econometrics,\n\n$$ {display} $$\n"
    doc = read_document(text, "notes.md")
    assert not any("x_prime" in r or "b_prime" in r or "w_prime" in r for r in doc.rules), doc.rules
    if doc.chains:
        assert Verdict.REFUTED not in document_verdicts(tmp_path, text, "transpose.py")


def test_near_miss_a_kernels_second_argument_is_still_a_second_value(tmp_path):
    text = "The kernel is\n\n$$ k(x, x') = (1 + x x')^2 = 1 + 2 x x' + x^2 x'^2 $$\n"
    assert document_verdicts(tmp_path, text, "kernel.py")[-1] is Verdict.PROVED
    twin = "The kernel is\n\n$$ k(x, x') = (1 + x x')^2 = 1 + 2 x x' + x^2 x' $$\n"
    assert document_verdicts(tmp_path, twin, "twin.py")[-1] is not Verdict.PROVED
