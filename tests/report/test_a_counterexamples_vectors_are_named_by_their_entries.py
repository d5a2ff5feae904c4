"""A counterexample's vector is shown as its values, never with a program's "[length 2]"; where its letter alone
would mislead, its name says which entries the values are.  A numbered vector k1 holds the k_{1,t} over t (the
first coordinates of the keys): shown as "k_1 = (…)" a reader takes it for the first key, so it is named
"(k_{1,1}, k_{1,2})".  A vector shown in part names its first and last entry, which says how many it has.  The near
misses: a plain vector shown whole keeps its letter, and a scalar its name."""
from __future__ import annotations

from verifier.present.report.prose import plain
from verifier.present.report.view import CounterexampleView, trend_words
from verifier.verdicts import Counterexample, MeasuredTrend, PointValue


def _view(values, symbols):
    return CounterexampleView.of(Counterexample({k: "the engine's words" for k in values}, {50: "1"}, {50: "2"},
                                                values=values, symbols=symbols))


def test_a_numbered_vector_is_named_by_its_entries_not_as_a_key():
    view = _view({"t": PointValue("2"), "k1": PointValue(entries=("1.1801236435264353", "0.14041827508586513"), length=2),
                  "q1": PointValue("2.9235552061980776")}, {"t": "t", "k1": "k_{1}", "q1": "q_{1}"})
    shown = {view.symbols.get(name, name): value for name, value in view.point}
    assert shown == {"t": "2", "(k_{1,1}, k_{1,2})": "(1.18012, 0.140418)", "q_{1}": "2.92356"}
    assert not any("length" in value for _, value in view.point)
    # every digit stays in the full point, under the vector's own letter
    assert dict(view.full_point)["k1"] == "the engine's words" and view.symbols["k1"] == "k_{1}"


def test_a_vector_shown_in_part_names_its_first_and_last_entry():
    view = _view({"s": PointValue(entries=tuple(f"0.{k}" for k in range(1, 7)), length=40)}, {"s": "s"})
    (name, value), = view.point
    assert view.symbols[name] == r"(s_{1}, \ldots, s_{40})"
    assert value == "(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, …)"


def test_near_miss_a_plain_vector_shown_whole_and_a_scalar_keep_their_names():
    view = _view({"s": PointValue(entries=("0.476571", "1.4465"), length=2), "q1": PointValue("-3")},
                 {"s": "s", "q1": "q_{1}"})
    assert view.point == [("s", "(0.476571, 1.4465)"), ("q1", "−3")]


def test_a_trend_names_a_numbered_vector_by_its_entries_too():
    said = trend_words(MeasuredTrend(quantity="|lhs − rhs|", variable="lambda", at=("10",), values=("1",),
                                     point={"k2": PointValue(entries=("0.5", "1.5"), length=2)}))
    assert r"(k_{2,1}, k_{2,2})" in repr(said) and "length" not in plain(said)


def test_every_digit_of_a_numbered_vector_is_named_by_its_entries_as_well():
    view = _view({"k1": PointValue(entries=("1.1801236435264353", "0.14041827508586513"), length=2),
                  "q1": PointValue("2.9235552061980776")}, {"k1": "k_{1}", "q1": "q_{1}"})
    shown = {view.symbols.get(name, name): value for name, value in view.digits_point}
    assert "(k_{1,1}, k_{1,2})" in shown and "k_{1}" not in shown
    assert shown["(k_{1,1}, k_{1,2})"].startswith("(1.180123643526435") and "length" not in shown["(k_{1,1}, k_{1,2})"]
    assert "q_{1}" in shown          # near miss: a scalar keeps its name
