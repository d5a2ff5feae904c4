"""A result whose every step is proved but which is marked numeric (its experiment is numeric evidence, never
proof) says so in its commentary, so that a reader who sees only proved steps under a numeric badge knows why.
Near miss: a result with a numeric step is marked numeric for that step, and needs no such sentence."""
from __future__ import annotations

import pytest

from tests.engine import project_results
from verifier.verdicts import Verdict

pytestmark = pytest.mark.slow          # reads the project's shared check

SAYS_WHY = "marked numeric"


def _results():
    return [r for found in project_results().values() for r in found]


def test_every_result_numeric_only_through_its_experiment_says_why():
    silent = [r.name for r in _results() if r.verdict is Verdict.NUMERIC and r.steps and r.experiments
              and all(s.verdict is Verdict.PROVED for s in r.steps)
              and not any(SAYS_WHY in note for note in r.notes)]
    assert not silent


def test_near_miss_a_result_numeric_for_a_step_says_which_step_and_why():
    trace = next(r for r in _results() if r.name == "jacobian_trace_below_entropy")
    assert trace.verdict is Verdict.NUMERIC and not trace.experiments
    assert [s.verdict for s in trace.steps] == [Verdict.PROVED, Verdict.NUMERIC]
    assert any("step 2" in note.lower() and "checked numerically, not proved" in note for note in trace.notes)
