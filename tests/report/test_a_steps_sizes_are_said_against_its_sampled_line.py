"""The sizes a step was checked at have one source: the derivation's SAMPLED line lists every size the numbers
draw a length at, as the run drew them (its seeded sizes too, SamplingRange.schedule, made by the engine's own
size schedule), and a step's NUMERIC line names only the sizes it adds (the seeded ones above 256 where the claim
is cheap to evaluate) or a list that differs.  The legend no longer gives a third list.  Near misses: a step at
other sizes still lists them all, and an older record without a schedule keeps its words."""
from __future__ import annotations

import dataclasses

from tests.report import report_samples as samples
from verifier import Σ, calc, index, size, vector
from verifier.authoring.symbols import domain_of
from verifier.evidence.sampling import size_schedule
from verifier.judge.steps import _domain_notes
from verifier.present.report.display import sampling_range
from verifier.present.report.prose import plain
from verifier.present.report.view import DerivationView, NumericDefaults, build_view
from verifier.verdicts import SamplingRange

DRAWN = (2, 3, 18, 256, 32, 17, 39)
N = SamplingRange("n", "size", least=2, sizes=(3, 17, 256), seeded_up_to=40, large=256, schedule=DRAWN)


def _numeric_line(sizes, sampling=(N,)) -> str:
    d = samples.entropy_derivation()
    step = d.steps[2]
    step = dataclasses.replace(step, numeric=dataclasses.replace(step.numeric, sizes=list(sizes)))
    d = dataclasses.replace(d, sampling=list(sampling), steps=[step])
    view = DerivationView.of(d, "d1", 1, defaults=NumericDefaults(24, (30, 60), (1, 2, 3, 17, 31, 38, 256), 7))
    return plain(view.steps[0].numeric)


def test_the_sampled_line_lists_every_size_drawn():
    assert sampling_range(N) == "n ∈ ℤ, n ≥ 2 (sampled at n = 2, 3, 17, 18, 32, 39 and 256, and beyond where its step says)"


def test_near_miss_an_older_record_without_a_schedule_keeps_its_words():
    older = dataclasses.replace(N, schedule=())
    assert sampling_range(older) == "n ∈ ℤ, n ≥ 2 (sampled at n = 2, 3, 17 and 256, and at seeded sizes up to 40)"


def test_a_step_at_its_sampled_sizes_names_only_the_ones_it_adds():
    assert "size" not in _numeric_line(sorted(DRAWN))
    line = _numeric_line([*sorted(DRAWN), 737, 3569, 2773306])
    assert "also at sizes 737, 3569 and 2773306, where the claim is cheap to evaluate" in line
    assert "18" not in line and "39" not in line


def test_near_miss_a_step_at_other_sizes_lists_them_all():
    line = _numeric_line([2, 3, 4, 5, 17, 256])
    assert "sizes 2, 3, 4, 5, 17 and 256" in line


def test_the_legend_points_to_the_sampled_lines_instead_of_a_third_list():
    run = dataclasses.replace(samples.sample_run(), derivations=[
        dataclasses.replace(samples.entropy_derivation(), sampling=[N])])
    view = build_view(run, versions=[], commit="x", date="d")
    assert "SAMPLED line" in view.numeric_defaults and "3, 17, 256" not in view.numeric_defaults


def test_the_judge_records_the_sizes_its_numbers_draw():
    n = size("n", low=2)
    i = index("i", n)
    s = vector("s", n)
    d = calc(Σ(s[i] ** 2, i), title="a sum of squares").ge(0, "each term is a square")
    [drawn] = [r for _, r in _domain_notes(d, 5) if r is not None and r.kind == "size"]
    assert drawn.schedule == tuple(size_schedule(domain_of(n), 5)) and 2 in drawn.schedule and 256 in drawn.schedule
