r"""`v_{t-1}`, `x_{i+1}` are entries of a vector at a shifted index; `x_n` beside `\sum_{i=1}^n` is the last entry, and n
stays the size (it was declared an index over 1…n of itself); `x_{2i}` is refused naming the entry at 2·i and the
entry (2, i); a sum of any other shape in a subscript (`x_{i+j}`) stays refused."""
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

t, i = sp.Symbol("t", integer=True), sp.Symbol("i", integer=True)
v, x = sp.IndexedBase("v"), sp.IndexedBase("x")


def test_a_subscript_shifted_by_a_whole_number_is_an_entry_at_that_index():
    assert read_side("v_{t-1}").expr == v[t - 1]
    assert read_side("x_{i+1} - x_i").expr == x[i + 1] - x[i]


@pytest.mark.parametrize("latex, match", [("x_{2i}", "ambiguous"), ("x_{i+j}", "not read")])
def test_a_subscript_of_another_shape_is_refused(latex, match):
    with pytest.raises(ReadError, match=match):
        read_side(latex)


@pytest.mark.slow
def test_a_telescoping_sum_with_the_last_entry_is_not_refuted(tmp_path):
    doc = read_document(r"$$ \sum_{t=2}^{n} (v_t - v_{t-1}) = v_n - v_1 $$", "notes.md")
    written = write(doc)
    assert 'n = size("n")' in written and 'index("n' not in written
    path = tmp_path / "telescoping.py"
    path.write_text(written, encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, error
    verdicts = [s.verdict for r in check_all(found, QUICK) for s in r.steps]
    assert verdicts and Verdict.REFUTED not in verdicts and Verdict.ERROR not in verdicts


# ---- a sum with an upper limit and no lower one may start at 0 or at 1: refused, never guessed ----------------

@pytest.mark.parametrize("latex", [
    r"\sum_i^n x_i", r"\sum_i^3 x_i", r"\sum_i^{n+1} x_i", r"\sum_i^i x_i",
    r"\sum_k^n \binom{n}{k} = 2^n",                             # true from 0
    r"\sum_k^n \binom{n}{k} = 2^n - 1",                         # true from 1: proved from 1, it was a false line accepted
    r"\sum_{i}^{n} r^i = \frac{1 - r^{n+1}}{1 - r}",             # true from 0
    r"\sum_i^n (2i - 1) = n^2",                                  # true from 1
])
def test_a_sum_with_only_an_upper_limit_is_refused_naming_both_starts(latex):
    from verifier.importer.reading import ReadError, read_side
    for side in latex.split("="):
        if r"^" in side and "_" in side and r"\sum" in side:
            with pytest.raises(ReadError, match="no lower one.*i = 0 or at i = 1|no lower one.*k = 0 or at k = 1"):
                read_side(side)


def test_near_miss_a_sum_with_both_limits_written_is_read_and_decided(tmp_path):
    from tests.engine import imported_verdicts
    from verifier.verdicts import Verdict
    assert imported_verdicts(tmp_path, r"\sum_{i=1}^n 2x_i = 2\sum_{i=1}^n x_i", "true.py") == [Verdict.PROVED]
    assert imported_verdicts(tmp_path, r"\sum_{i=1}^n 2x_i = 3\sum_{i=1}^n x_i", "written.py") == [Verdict.REFUTED]
