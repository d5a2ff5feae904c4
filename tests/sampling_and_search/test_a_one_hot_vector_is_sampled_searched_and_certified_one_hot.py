"""A vector declared one-hot (vector("y", q, one_hot=True): every entry 0 but one, which is 1) is honoured by every
evaluator: the sampler draws only one-hot vectors, with the hot entry first, last and between; the search never moves
its entries; the replay refuses a point where it is not one-hot; and a counterexample names its hot entry.  So a step
true only for one-hot vectors (Σ_j y_j c = c) is never refuted though it is false for a plain vector, and a false
step under the fact is refuted at a one-hot point.  The declaration takes no range, law, sign or other fact."""
from __future__ import annotations

import pytest

from tests.engine import check
from verifier import calc, exp, index, log, size, vector, Σ
from verifier.evidence.inputs import Point, hot_entry, inputs_of
from verifier.evidence.replay import outside_domain
from verifier.evidence.sampling import sample_points
from verifier.evidence.search import _coordinates
from verifier.verdicts import Verdict


def _one_hot(entries) -> bool:
    body = entries[1:]
    return all(x in (0, 1) for x in body) and sum(body) == 1


def test_every_sampled_point_is_one_hot_with_its_hot_entry_first_last_and_between():
    q = size("q", (17,), only=(17,))
    j = index("j", q)
    y = vector("y", q, one_hot=True)
    o = vector("o", q)
    points = sample_points(inputs_of(Σ(y[j] * o[j], j)), 40, seed=0, corners=12)
    assert all(_one_hot(pt.values[y]) for pt in points)
    hot = {pt.values[y].index(1) for pt in points}
    assert {1, 17} <= hot and hot - {1, 17}, hot
    assert not all(_one_hot(pt.values[o]) for pt in points)      # near miss: a plain vector is not drawn one-hot


def test_the_search_never_moves_the_entries_of_a_one_hot_vector():
    q = size("q")
    j = index("j", q)
    y = vector("y", q, one_hot=True)
    o = vector("o", q)
    inputs = inputs_of(Σ(y[j] * o[j], j))
    point = Point({q: 3, y: [None, 0.0, 1.0, 0.0], o: [None, 0.5, -1.0, 2.0]})
    moved = {sym for sym, *_ in _coordinates(point, inputs, {})}
    assert o in moved and y not in moved


def test_the_replay_refuses_a_point_where_a_one_hot_vector_is_not_one_hot():
    q = size("q")
    y = vector("y", q, one_hot=True)
    assert outside_domain(Point({q: 3, y: [None, 0.0, 1.0, 0.0]})) is None
    for entries in ([None, 0.0, 0.0, 0.0], [None, 1.0, 1.0, 0.0], [None, 0.0, 0.5, 0.5]):
        assert "not one-hot" in (outside_domain(Point({q: 3, y: entries})) or ""), entries


def test_a_point_names_the_hot_entry_of_a_one_hot_vector_and_not_of_a_plain_one():
    q = size("q")
    y = vector("y", q, one_hot=True)
    z = vector("z", q)
    said = Point({q: 3, y: [None, 0.0, 1.0, 0.0], z: [None, 0.0, 1.0, 0.0]}).describe()
    assert said["y"].endswith("one-hot at 2]") and "one-hot" not in said["z"], said
    assert hot_entry([None, 0.0, 0.0, 1.0], y.label.domain) == 3


def test_a_step_true_only_for_one_hot_vectors_passes_and_fails_for_a_plain_vector():
    q = size("q")
    j, k = index("j k", q)
    y = vector("y", q, one_hot=True)
    v = vector("v", q)
    o = vector("o", q)
    lse = log(Σ(exp(o[k]), k))
    one_hot, plain = check(
        calc(Σ(y[j] * lse, j) - Σ(y[j] * o[j], j), title="y sums to one").eq(lse - Σ(y[j] * o[j], j), "Σ y = 1"),
        calc(Σ(v[j] * lse, j) - Σ(v[j] * o[j], j), title="near miss: v plain").eq(lse - Σ(v[j] * o[j], j), "no"),
        quick=True)
    assert one_hot.steps[0].verdict in (Verdict.PROVED, Verdict.NUMERIC), one_hot.steps[0].message
    assert plain.steps[0].verdict is Verdict.REFUTED


def test_a_false_step_under_the_fact_is_refuted_at_a_one_hot_point_that_names_its_hot_entry():
    q = size("q")
    j, k = index("j k", q)
    y = vector("y", q, one_hot=True)
    o = vector("o", q)
    lse = log(Σ(exp(o[k]), k))
    [twin] = check(calc(Σ(y[j] * lse, j) - Σ(y[j] * o[j], j), title="sign").eq(lse + Σ(y[j] * o[j], j), "sign"),
                   quick=True)
    step = twin.steps[0]
    assert step.verdict is Verdict.REFUTED
    assert "one-hot at" in step.counterexample.point["y"], step.counterexample.point


@pytest.mark.parametrize("others", [dict(low=0), dict(high=2), dict(positive=True), dict(nonconstant=True),
                                    dict(sorted=True), dict(distinct=True), dict(open=True), dict(confined=True)])
def test_a_one_hot_declaration_takes_no_range_sign_or_other_fact(others):
    with pytest.raises(ValueError, match="a one-hot vector takes no"):
        vector("y", size("q"), one_hot=True, **others)


def test_a_one_hot_vector_is_described_as_one_hot():
    y = vector("y", size("q"), one_hot=True)
    assert "y one-hot" in y.label.domain.describe("y") and "exactly one y_i = 1" in y.label.domain.describe("y")
