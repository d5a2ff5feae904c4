r"""`A = B \text{ or equivalently } C = D` with another left side is the claim `A = B \iff C = D` (both equations hold
at the same points), read as equivalences are (equal normal forms, refutable for affine relations); the same left
side again is a chain of its own (tests elsewhere).  A true equivalence is not refuted, its one-edit twin is; an
equivalence of relations the import cannot compare stays refused.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import sympy as sp

from verifier.importer.document import read_document
from verifier.verdicts import Verdict

x = sp.Symbol("x")


def test_two_equations_said_equivalent_are_compared_by_their_normal_forms():
    doc = read_document(r"$$ 2x + 2 = 4 \text{ or equivalently } x = 1 $$", "notes.md")
    assert not doc.failures and [c.exprs for c in doc.chains] == [[x - 1, x - 1]]
    assert not doc.chains[0].unsettled


def test_an_equivalence_the_import_cannot_compare_stays_refused():
    doc = read_document(r"$$ \frac{1}{2} (a + b) \sigma^2 = 1 \textrm{ or equivalently } "
                        r"\sigma = \sqrt{\frac{2}{a + b}} $$", "notes.md")
    assert not doc.chains and any("iff" in str(f) for f in doc.failures)


@pytest.mark.slow
def test_a_true_equivalence_is_not_refuted_and_its_twin_is(tmp_path: Path):
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

    assert verdicts(r"2x + 2 = 4 \text{ or equivalently } x = 1", "true.py") == [Verdict.PROVED]
    assert verdicts(r"2x + 2 = 4 \text{ or equivalently } x = 2", "twin.py") == [Verdict.REFUTED]
