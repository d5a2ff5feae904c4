"""A counterexample found on concrete matrices and vectors (each square matrix a multiple of the identity, each vector
a multiple of one unit vector) names each by the matrix or vector it stands for, as that multiple: the point's scalar
c_Lambda = 2.07 is shown as "Λ = 2.07·I", a_z = 1.55 as "z = 1.55·u", and the note says what I and u are.  The near
miss: a counterexample at any other point keeps its names and values as they are, with no note about matrices."""
from __future__ import annotations

from verifier.present.instances import instance_words
from verifier.present.report.view import CounterexampleView
from verifier.verdicts import Counterexample, InstanceObject, PointValue

POINT = {"c_Lambda": PointValue("2.0665311091502883"), "a_z": PointValue("1.5477264176418153"), "eta": PointValue("0.5")}


def _counterexample(instance=()):
    return Counterexample({k: v.value for k, v in POINT.items()}, {50: "1"}, {50: "2"}, values=POINT,
                          symbols={"c_Lambda": "c_{Lambda}", "a_z": "a_{z}", "eta": r"\eta"}, instance=instance)


MATRICES = (InstanceObject("c_Lambda", r"\boldsymbol{\Lambda}", "matrix"), InstanceObject("a_z", r"\mathbf{z}", "vector"))


def test_each_scalar_of_the_instance_is_shown_as_its_matrix_or_vector_times_i_or_u():
    view = CounterexampleView.of(_counterexample(MATRICES))
    shown = {view.symbols.get(name, name): value for name, value in view.point}
    assert shown == {r"\boldsymbol{\Lambda}": "2.06653·I", r"\mathbf{z}": "1.54773·u", r"\eta": "0.5"}
    assert "I the identity" in view.note and "u one unit vector" in view.note
    words = instance_words(_counterexample(MATRICES))
    assert words.startswith(r"\boldsymbol{\Lambda} = 2.0665311091502883·I, \mathbf{z} = 1.5477264176418153·u")


def test_near_miss_a_counterexample_at_any_other_point_keeps_its_names():
    view = CounterexampleView.of(_counterexample())
    shown = {view.symbols.get(name, name): value for name, value in view.point}
    assert shown == {"c_{Lambda}": "2.06653", "a_{z}": "1.54773", r"\eta": "0.5"}
    assert "identity" not in str(view.note) and instance_words(_counterexample()) == ""
