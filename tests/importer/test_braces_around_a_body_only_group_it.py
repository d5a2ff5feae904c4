r"""TeX's braces only group: `\sum_i {p_i \cdot \log p_i}` is the sum of p_i log p_i (the backend alone reads a lone
braced group as a set and the side was refused).  A list in braces (`{1, 2}`) is still refused, braces that hold
`\choose` keep their meaning (`{n \choose k}` is a binomial), and a true line with a braced body is not refuted while
its one-edit twin is.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import sympy as sp

from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

i = sp.Symbol("i", integer=True)
n = sp.Symbol("n", integer=True)
p, x = sp.IndexedBase("p"), sp.IndexedBase("x")


@pytest.mark.parametrize("latex, value", [
    (r"- \sum_i {p_i \cdot \log p_i}", -sp.Sum(p[i] * sp.log(p[i]), (i, 1, sp.Symbol("n")))),
    (r"\sum_{i=1}^n {x_i} + 1", sp.Sum(x[i], (i, 1, sp.Symbol("n", integer=True))) + 1),
])
def test_a_braced_body_is_what_the_braces_hold(latex, value):
    got = read_side(latex).expr
    assert got.dummy_eq(value) or sp.simplify(got - value) == 0 or str(got) == str(value), got


def test_braces_around_choose_keep_the_binomial():
    n_, k_ = sp.symbols("n k")
    assert read_side(r"{n \choose k}").expr == sp.binomial(n_, k_)


def test_a_list_in_braces_is_still_refused():
    with pytest.raises(ReadError, match="FiniteSet"):
        read_side(r"{1, 2}")


@pytest.mark.slow
def test_a_true_line_with_a_braced_body_is_not_refuted_and_its_twin_is(tmp_path: Path):
    from tests.engine import QUICK
    from verifier.importer.writer import write
    from verifier.judge.checker import check_all
    from verifier.loader import load_file

    def verdicts(latex: str, name: str) -> list:
        path = tmp_path / name
        path.write_text(write(read_document(f"$$ {latex} $$", "notes.md")), encoding="utf-8")
        found, error = load_file(path, tmp_path)
        assert error is None, error
        return [s.verdict for r in check_all(found, QUICK) for s in r.steps]

    true = verdicts(r"\sum_{i=1}^n {2 x_i} = 2 \sum_{i=1}^n x_i", "true.py")
    assert true == [Verdict.PROVED], true
    assert verdicts(r"\sum_{i=1}^n {2 x_i} = 3 \sum_{i=1}^n x_i", "twin.py") == [Verdict.REFUTED]
