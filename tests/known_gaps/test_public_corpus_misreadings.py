"""Known gaps: chains and peer pairs of the public corpus (bench/latex_corpus/) that the import still misreads.

Each is a strict xfail naming what goes wrong (tests/importer/public_corpus_cases.py, KNOWN_GAPS): a true line
refuted through a reading, a display that hangs the import, a peer pair answered against its peer.  When the
import reads it as its author meant, the test passes, strict xfail turns that into a failure, and the entry goes.
"""
from __future__ import annotations

import pytest

from tests.importer.public_corpus_cases import KNOWN_GAPS, chains, misreadings, pairs, wrong_answer


def _gap(case_id):
    return pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[case_id])


CHAINS = [pytest.param(e, id=e.id, marks=_gap(e.id)) for e in chains() if e.id in KNOWN_GAPS]
PAIRS = [pytest.param(p, id=p["id"], marks=_gap(p["id"])) for p in pairs() if p["id"] in KNOWN_GAPS]


if CHAINS:    # a chain misread, while there is one
    @pytest.mark.slow
    @pytest.mark.subprocess
    @pytest.mark.parametrize("entry", CHAINS)
    def test_a_corpus_chain_keeps_its_meaning(entry, tmp_path):
        assert misreadings(entry, tmp_path) == []


if PAIRS:     # a pair answered against its peer, while there is one
    @pytest.mark.slow
    @pytest.mark.subprocess
    @pytest.mark.parametrize("pair", PAIRS)
    def test_a_peer_pair_is_not_answered_against_its_peer(pair, tmp_path):
        assert wrong_answer(pair, tmp_path) is None
