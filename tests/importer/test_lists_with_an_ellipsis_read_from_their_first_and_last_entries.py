r"""A list written with an ellipsis, `x_1, \dots, x_n`, is the entries its first and last entries write (as an elided
sum is): `\max\{x_1, \dots, x_n\}` is the largest of them, and a function the text defines on such a list
(`\mathrm{LSE}(x_1, \dots, x_n) = \log(\exp(x_1) + \cdots + \exp(x_n))`) applied to `tx_1, \dots, tx_n` is its body
with each entry replaced.

Near misses: entries that do not follow one subscript, a list applied where the definition's entries do not
match, and the defined function applied to something that is no such list are refused; a claim whose entries are
scaled by a name whose sign the text does not state beside the display is unsettled, never refuted; a true line is
not refuted and its one-edit false twin is.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import sympy as sp

from verifier.authoring.reductions import IndexedMax, IndexedMin
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

k, n = sp.symbols("k n", integer=True)
t = sp.Symbol("t")
x = sp.IndexedBase("x")

LSE = ("The LogSumExp (LSE) function is defined as the logarithm of the sum of the exponentials of the arguments:\n\n"
       "$\\mathrm{LSE}(x_1, \\dots, x_n) = \\log\\left( \\exp(x_1) + \\cdots + \\exp(x_n) \\right).$\n\n")


@pytest.mark.parametrize("latex, value", [
    (r"\max{\{x_1, \dots, x_n\}}", IndexedMax(x[k], (k, 1, n))),
    (r"\max\{x_1, \ldots, x_n\}", IndexedMax(x[k], (k, 1, n))),
    (r"\min(x_1, x_2, \dots, x_n)", IndexedMin(x[k], (k, 1, n))),
])
def test_a_maximum_of_an_elided_list_is_the_largest_entry(latex, value):
    got = read_side(latex).expr
    assert got.dummy_eq(value) or got == value, got


@pytest.mark.parametrize("latex, match", [
    (r"\max\{x_1, x_3, \dots, x_n\}", "pattern"),
    (r"\max\{x_1, \dots, y_n\}", "do not differ in one index"),
    (r"\max\{x_1, \dots\}", "ellipsis"),
])
def test_a_list_whose_entries_break_the_pattern_is_refused(latex, match):
    with pytest.raises(ReadError, match=match):
        read_side(latex)


def test_a_function_defined_on_a_list_is_its_body_at_the_entries_written():
    doc = read_document(LSE + r"$$\frac 1 t \mathrm{LSE}(tx_1, \dots, tx_n) \le \max{\{x_1, \dots, x_n\}} + "
                              r"\frac{\log(n)}{t}$$", "notes.md")
    lhs = doc.chains[-1].exprs[0]
    assert sp.simplify(lhs - sp.log(sp.Sum(sp.exp(t * x[k]), (k, 1, n))) / t) == 0, lhs
    # the sign of t is not stated beside the display: the claim may be proved, never refuted
    assert doc.chains[-1].unsettled


@pytest.mark.parametrize("latex, match", [
    (r"\mathrm{LSE}(-ty)", "applied here to something else"),
    (r"\mathrm{LSE}(x + t)", "applied here to something else"),
    (r"\mathrm{LSE}(x_0, \dots, x_n)", "entries 0"),
])
def test_a_function_defined_on_a_list_applied_to_another_shape_is_refused(latex, match):
    doc = read_document(LSE + f"$$ {latex} \\le 0 $$", "notes.md")
    assert not [c for c in doc.chains if c.chain.line > 3]
    assert match in " ".join(str(f) for f in doc.failures)


@pytest.mark.slow
def test_a_true_bound_on_the_log_sum_exp_is_not_refuted_and_its_twin_is(tmp_path: Path):
    from tests.engine import QUICK
    from verifier.importer.writer import write
    from verifier.judge.checker import check_all
    from verifier.loader import load_file

    def verdicts(latex: str, name: str) -> list:
        doc = read_document(LSE + f"$${latex}$$", "notes.md")
        path = tmp_path / name
        path.write_text(write(doc), encoding="utf-8")
        found, error = load_file(path, tmp_path)
        assert error is None, error
        return [s.verdict for r in check_all(found, QUICK) for s in r.steps]

    true = verdicts(r"\max{\{x_1, \dots, x_n\}} \leq \mathrm{LSE}(x_1, \dots, x_n) \leq \max{\{x_1, \dots, x_n\}} "
                    r"+ \log(n).", "true.py")
    assert true and Verdict.REFUTED not in true, true
    twin = verdicts(r"\max{\{x_1, \dots, x_n\}} \leq \mathrm{LSE}(x_1, \dots, x_n) \leq \max{\{x_1, \dots, x_n\}} "
                    r"+ \log(n-1).", "twin.py")
    assert Verdict.REFUTED in twin, twin
