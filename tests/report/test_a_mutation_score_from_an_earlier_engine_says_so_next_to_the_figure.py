"""A mutation score whose records were made by an earlier version of the engine is not this checker's score: the
report says so next to the figure, in the section's sentence and in the header line (which is then marked);
a score measured by this engine says nothing of versions."""
from __future__ import annotations

from verifier.present.report.mutation import _sentences
from verifier.verdicts import MutationSummary


def _summary(older: int, measured: int = 198) -> MutationSummary:
    return MutationSummary(220, measured, mutants=1650, killed=1593, survived=45, equivalent=12,
                           older_engine=tuple(f"f.py::d{k}::1" for k in range(older)))


def test_a_score_measured_by_an_earlier_engine_says_so_beside_the_figure():
    sentence, _, header, warn = _sentences(_summary(198), 0)
    for text in (sentence, header):
        assert "97.2% (measured by an earlier version of the engine, not this one)" in text
    assert warn


def test_a_score_partly_from_an_earlier_engine_counts_those_steps():
    sentence, _, header, _ = _sentences(_summary(20), 0)
    assert "(20 of its 198 steps measured by an earlier version of the engine)" in sentence
    assert "20 of its 198 steps" in header


def test_near_miss_a_score_measured_by_this_engine_says_nothing_of_versions():
    sentence, _, header, _ = _sentences(_summary(0), 0)
    assert "earlier" not in sentence and "earlier" not in header and "97.2%" in header
