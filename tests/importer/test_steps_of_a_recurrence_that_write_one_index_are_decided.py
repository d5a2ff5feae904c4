r"""A chain about a sequence at shifted indices (`x_{t+1} = x_t - \eta \lambda x_t = (1 - \eta \lambda) x_t`) is
unsettled: its recurrence step may define the sequence.  A later step whose two sides write each sequence at one
index only (`x_t - \eta \lambda x_t = (1 - \eta \lambda) x_t`) is algebra about that entry and is decided: true, it
is not refuted; its one-edit twin is.  A step that writes the sequence at two indices (`u_k + a = u_1 + 2a`, true
under the recurrence for k = 2) stays unsettled.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from verifier.importer.document import read_document
from verifier.verdicts import Verdict

TRUE = r"$$x_{t+1} = x_t - \eta \lambda x_t = (1 - \eta \lambda) x_t.$$"
TWIN = r"$$x_{t+1} = x_t - \eta \lambda x_t = (1 + \eta \lambda) x_t.$$"


def test_only_the_steps_at_one_index_are_decided():
    chain = read_document(TRUE, "notes.md").chains[0]
    assert chain.unsettled and chain.settled_steps == {1}
    two = read_document(r"$$u_{k+1} = u_k + a = u_1 + 2a.$$", "notes.md").chains
    assert len(two) == 1 and two[0].unsettled and not two[0].settled_steps


@pytest.mark.slow
def test_the_true_step_is_not_refuted_and_its_twin_is(tmp_path: Path):
    from tests.engine import document_verdicts

    def verdicts(text: str, name: str) -> list:
        return document_verdicts(tmp_path, text, name)

    true = verdicts(TRUE, "true.py")
    assert Verdict.REFUTED not in true and true[1] == Verdict.PROVED, true
    assert verdicts(TWIN, "twin.py")[1] == Verdict.REFUTED
