"""A chain whose steps compose to no single relation (a bound, then an approximation) prints no claim row: the
engine's "none: a bound (or ∝) and an approximation compose to no single relation" is not a claim a reader can
read.  Near miss: a chain with a composed claim still shows it."""
from __future__ import annotations

import dataclasses

from tests.report import report_samples as samples
from verifier.present.report.view import build_view

NONE = "none: a bound (or ∝) and an approximation compose to no single relation"


def _view(**changes):
    d = dataclasses.replace(samples.entropy_derivation(), **changes)
    run = dataclasses.replace(samples.sample_run(), derivations=(d,))
    return build_view(run, versions=[], commit="x", date="d").derivations[0]


def test_no_single_relation_prints_no_claim_row():
    shown = _view(conclusion=NONE, conclusion_latex="")
    assert not shown.show_conclusion


def test_a_composed_claim_is_still_shown():
    d = samples.entropy_derivation()
    assert len(d.steps) > 2 and d.conclusion_latex, "the sample composes to a claim over several steps"
    assert _view().show_conclusion
