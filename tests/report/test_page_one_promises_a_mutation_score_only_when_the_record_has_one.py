"""Page 1 lists what the machine record holds; the mutation score of the checker is named there only when the run
has one.  A run that measured no step (its machine record says "Mutation testing was not measured in this run") or
carries no mutation summary at all must not promise it; a run with a measured score still names it (near miss)."""
from __future__ import annotations

import dataclasses

from tests.report import report_samples as samples
from verifier.present.report.latex import render_latex
from verifier.present.report.view import build_view
from verifier.verdicts import MutationSummary

PROMISE = "the mutation score of the checker"


def _intro(mutation) -> str:
    run = dataclasses.replace(samples.sample_run(), mutation=mutation)
    tex = render_latex(build_view(run, versions=[], commit="x", date="d"))
    return tex[tex.index("How the checks ran ("):].split("\\par", 1)[0]


def test_a_run_that_measured_no_mutation_does_not_promise_its_score():
    assert PROMISE not in _intro(MutationSummary(steps=14, measured=0))
    assert PROMISE not in _intro(None)
    assert "every digit of the certificates" in _intro(None)


def test_a_run_with_a_measured_score_still_names_it():
    measured = MutationSummary(steps=3, measured=3, mutants=10, killed=9, survived=1)
    assert PROMISE in _intro(measured)
