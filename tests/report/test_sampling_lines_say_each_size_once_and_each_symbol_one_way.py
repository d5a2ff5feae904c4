"""A SAMPLED line says each size once (the large size 256 is not listed again among the declared sizes), names a
vector's entry with its own subscript (b_{1,i}, never b_1_i), and never says one symbol two ways in a source's
shared line (m a size in one derivation and a real in another): each derivation then says its own."""
from __future__ import annotations

from verifier.present.report.display import sampling_range
from verifier.verdicts import SamplingRange


def test_a_size_is_listed_once():
    words = sampling_range(SamplingRange("n", "size", least=1, sizes=(3, 17, 256), seeded_up_to=40, large=256))
    assert words == "n ∈ ℤ, n ≥ 1 (sampled at n = 1, 2, 3, 17 and 256, and at seeded sizes up to 40)"
    assert sampling_range(SamplingRange("n", "size", least=1, sizes=(256,), seeded_up_to=40, large=256)) == \
        "n ∈ ℤ, n ≥ 1 (sampled at n = 1, 2 and 256, and at seeded sizes up to 40)"


def test_near_miss_declared_sizes_the_schedule_does_not_name_are_all_kept():
    words = sampling_range(SamplingRange("d", "size", least=2, sizes=(4, 64), seeded_up_to=40, large=256))
    assert words == "d ∈ ℤ, d ≥ 2 (sampled at d = 2, 3, 4, 64 and 256, and at seeded sizes up to 40)"


def test_a_vector_named_with_a_subscript_has_entries_with_two_indices():
    assert sampling_range(SamplingRange("b_1", "vector", "-0.55", "0.55", index=("1", "n"))) == \
        "b_{1,i} ∈ [−0.55, 0.55], i = 1…n"
    assert sampling_range(SamplingRange("s", "vector", "-3", "3", index=("1", "n"))) == "s_i ∈ [−3, 3], i = 1…n"


def test_a_letter_numbered_in_the_program_is_a_subscripted_letter():
    assert sampling_range(SamplingRange("x2", "real", "-3", "3")) == "x_2 ∈ [−3, 3]"
    assert sampling_range(SamplingRange("v1", "vector", "-3", "3", index=("1", "n"))) == "v_{1,i} ∈ [−3, 3], i = 1…n"
    # near miss: sigma2 is the project's variance, σ², not σ with a subscript 2
    assert sampling_range(SamplingRange("sigma2", "real", "0.1", "5")) == "σ² ∈ [0.1, 5]"
    assert sampling_range(SamplingRange("sigma2", "vector", "0.1", "5", index=("1", "n"))) == "σ_i² ∈ [0.1, 5], i = 1…n"


def test_a_length_drawn_as_a_real_number_is_said_to_be_one():
    assert sampling_range(SamplingRange("n", "real", "2", "1e6", log_uniform=True)) == \
        "n ∈ [2, 1e6] (a real number, log-uniform)"
    assert sampling_range(SamplingRange("x", "real", "2", "10")) == "x ∈ [2, 10]"      # near miss: any other letter


def test_a_symbol_drawn_two_ways_is_not_said_both_ways_in_a_shared_line():
    import dataclasses
    from tests.report import report_samples as samples
    from verifier.present.report.view import build_view
    as_size = SamplingRange("m", "size", least=1, sizes=(3,), seeded_up_to=40, large=256)
    as_real = SamplingRange("m", "real", "0.05", "20", log_uniform=True)
    lam = SamplingRange("lambda", "real", "0.05", "20", log_uniform=True)
    one = samples.entropy_derivation()
    run = samples.sample_run()
    members = [dataclasses.replace(one, name=f"d{k}", sampling=(as_size if k < 3 else as_real, lam),
                                   hypotheses=("x > 0",)) for k in range(6)]
    run = dataclasses.replace(run, derivations=tuple(members) + tuple(run.derivations))
    view = build_view(run, versions=[], commit="x", date="d")
    group = next(g for g in view.groups if any(d.name == "d0" for d in g.derivations))
    assert "λ ∈ [0.05, 20] (log-uniform)" in group.shared_sampling           # one way: said once for all
    assert not any(a.startswith("m ") for a in group.shared_sampling)
    mine = [d for d in group.derivations if d.name.startswith("d") and d.name[1:].isdigit()]
    assert len(mine) == 6 and all(any(a.startswith("m ") for a in d.sampling_own) for d in mine)
