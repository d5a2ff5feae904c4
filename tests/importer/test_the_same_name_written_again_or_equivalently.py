r"""`L_i = X \qquad \text{or equivalently} \qquad L_i = Y`: the author writes the same name's value again in other terms.
The second equation is a chain of its own after the first, so it is checked against the definition the first
makes: a true line is proved, a one-edit false twin refuted.  After "or equivalently", an equation with another
left side stays a second equation beside the chain, refused by name.
"""
from __future__ import annotations

import pytest

from tests.engine import imported_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

# cs231n linear-classify:268, the softmax loss and its expanded form
TRUE = (r"L_i = -\log\left(\frac{e^{f_{y_i}}}{ \sum_j e^{f_j} }\right) \qquad \text{or equivalently} \qquad "
        r"L_i = -f_{y_i} + \log\sum_j e^{f_j}")
TWIN = TRUE.replace(r"L_i = -f_{y_i} +", r"L_i = f_{y_i} +")


def test_the_value_written_again_is_checked_against_the_definition(tmp_path):
    doc = read_document(f"$$ {TRUE} $$", "notes.md")
    assert [d.name for d in doc.definitions] == ["L"] and len(doc.chains) == 1 and not doc.failures
    assert imported_verdicts(tmp_path, TRUE, "true.py") == [Verdict.PROVED]


def test_a_one_edit_false_twin_of_the_value_written_again_is_refuted(tmp_path):
    assert imported_verdicts(tmp_path, TWIN, "twin.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("latex", [
    r"x^2 - 1 = (x-1)(x+1) \qquad \text{or equivalently} \qquad y = 2",
    r"L_i = 2 \qquad \text{or equivalently} \qquad L_j = 2",
])
def test_another_equation_after_or_equivalently_stays_refused(latex):
    doc = read_document(f"$$ {latex} $$", "notes.md")
    assert any("second equation" in f.message for f in doc.failures)
