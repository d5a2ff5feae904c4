r"""`\textrm{sign}(a)`, `\operatorname{sgn}(x)`, `\mathrm{sgn}(x)`, `\text{sgn}(x)` before a parenthesis are the sign
function (−1, 0 or 1), which the checker evaluates: a false line about it is refuted, a true one never is.  Without a
parenthesis (`\textrm{sign}\, a`) the upright word stays refused; with two arguments it is an unknown function.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

a = sp.Symbol("a")


@pytest.mark.parametrize("latex", [r"\textrm{sign}(a)", r"\operatorname{sgn}(a)", r"\mathrm{sgn}(a)", r"\text{sgn}(a)",
                                   r"\operatorname{sign}\left(a\right)"])
def test_an_upright_sign_before_a_parenthesis_is_the_sign(latex):
    assert read_side(latex).expr == sp.sign(a)


def test_an_upright_sign_without_a_parenthesis_or_with_two_arguments_is_not_the_sign():
    with pytest.raises(ReadError):
        read_side(r"\textrm{sign}\, a")
    assert not read_side(r"\operatorname{sgn}(a, b)").expr.atoms(sp.sign)
    assert read_side(r"x_{\text{sign}}").expr == sp.Symbol("x_sign")


def test_a_true_line_about_the_sign_is_never_refuted_and_its_twin_is(tmp_path):
    assert Verdict.REFUTED not in document_verdicts(tmp_path, r"$$ x \operatorname{sgn}(x) = |x| $$", "true.py")
    assert document_verdicts(tmp_path, r"$$ \frac{|x|}{x} = -\textrm{sign}(x) $$", "twin.py") == [Verdict.REFUTED]


def test_a_sign_in_a_text_box_is_read_with_the_whole_side(tmp_path):
    # `\text{sgn}(x)` once cut the side short at `x`; as the sign it is read whole, both ways
    assert document_verdicts(tmp_path, "For real $x$,\n\n$$|x| = x \\, \\text{sgn}(x).$$\n", "true.py") == \
        [Verdict.PROVED]
    assert document_verdicts(tmp_path, "For real $x$,\n\n$$|x| = |x| \\, \\text{sgn}(x).$$\n", "twin.py") == \
        [Verdict.REFUTED]
