"""A step that checks nothing (a restatement) shows its badge and its reason only: no method, scope or "worst error
0.0", which would read as a comparison that was made; a near miss, a proved step with the same evidence, keeps them."""
from __future__ import annotations

import dataclasses

from tests.report import report_samples as samples
from verifier.present.report.view import StepView
from verifier.verdicts import Verdict


def _proved_step_with_numbers():
    base = next(s for s in samples.entropy_derivation().steps if s.verdict is Verdict.PROVED)
    return dataclasses.replace(base, numeric=samples._numeric(worst="0.0"))


def test_a_restatement_says_nothing_was_compared():
    vacuous = dataclasses.replace(_proved_step_with_numbers(),
                                  vacuous="the side as written evaluates into the other side")
    view = StepView.of(vacuous, "a")
    assert view.kind == "restated" and view.label.count("checks nothing") == 1
    assert (view.method, view.scope, view.strategy, view.numeric) == ("", "", "", "")
    assert "worst error" in view.numeric_full          # the numbers stay one click away


def test_a_proved_step_keeps_its_method_scope_and_numbers():
    view = StepView.of(_proved_step_with_numbers(), "a")
    assert view.kind == "proved"
    assert view.method and view.scope and "worst error" in view.numeric
