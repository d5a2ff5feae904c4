"""A source's shared SAMPLED line gives each symbol one default: where several derivations draw n with n ≥ 1 and
several others with n ≥ 2 (or a in [0.05, 3] and a in [−4, 4]), the line says the way most of them use, and the
others say their own beside their derivation.  Near miss: a symbol drawn one way by all keeps its one line."""
from __future__ import annotations

import dataclasses

from tests.report import report_samples as samples
from verifier.present.report.view import build_view
from verifier.verdicts import SamplingRange


def _group(*ways):
    lam = SamplingRange("lambda", "real", "0.05", "20", log_uniform=True)
    one, run = samples.entropy_derivation(), samples.sample_run()
    members = [dataclasses.replace(one, name=f"d{k}", sampling=(way, lam), hypotheses=("x > 0",))
               for k, way in enumerate(ways)]
    run = dataclasses.replace(run, derivations=tuple(members) + tuple(run.derivations))
    view = build_view(run, versions=[], commit="x", date="d")
    group = next(g for g in view.groups if any(d.name == "d0" for d in g.derivations))
    return group, [d for d in group.derivations if d.name[:1] == "d" and d.name[1:].isdigit()]


def test_one_default_per_symbol_and_the_others_said_by_their_derivations():
    from_one = SamplingRange("n", "size", least=1, sizes=(256,), seeded_up_to=40, large=256)
    from_two = SamplingRange("n", "size", least=2, sizes=(256,), seeded_up_to=40, large=256)
    group, mine = _group(*([from_one] * 4 + [from_two] * 3))
    said = [a for a in group.shared_sampling if a.startswith("n ")]
    assert said == ["n ∈ ℤ, n ≥ 1 (sampled at n = 1, 2 and 256, and at seeded sizes up to 40)"]
    assert "λ ∈ [0.05, 20] (log-uniform)" in group.shared_sampling
    own = [[a for a in d.sampling_own if a.startswith("n ")] for d in mine]
    assert own[:4] == [[]] * 4 and all(x == ["n ∈ ℤ, n ≥ 2 (sampled at n = 2, 3 and 256, and at seeded sizes up to 40)"]
                                       for x in own[4:])


def test_two_real_ranges_of_one_letter_give_one_default():
    narrow = SamplingRange("a", "real", "0.05", "3", log_uniform=True)
    wide = SamplingRange("a", "real", "-4", "4")
    group, mine = _group(*([wide] * 3 + [narrow] * 5))
    assert [a for a in group.shared_sampling if a.startswith("a ")] == ["a ∈ [0.05, 3] (log-uniform)"]
    assert all(d.sampling_own == ["a ∈ [−4, 4]"] for d in mine[:3])


def test_near_miss_a_symbol_drawn_one_way_by_all_is_said_once_for_all():
    from_one = SamplingRange("n", "size", least=1, sizes=(256,), seeded_up_to=40, large=256)
    group, mine = _group(*([from_one] * 5))
    assert [a for a in group.shared_sampling if a.startswith("n ")] and all(not d.sampling_own for d in mine)
