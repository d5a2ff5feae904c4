"""A point the checker names in its words (cross-checked at {'n': '2', 's': '(0.476571, 1.4465) [length 2]'}) reads
in the machine record, HTML and PDF, as a reader writes a point: n = 2, s = (0.476571, 1.4465), names set as
mathematics, a drawn fraction with a minus sign, a vector's length said only where entries are left out.  Near
misses: an apostrophe in the checker's plain words (SymPy's) stays, and the engine's words as text are unchanged."""
from __future__ import annotations

import html as _html
import re

import sympy as sp

from verifier.evidence.inputs import Point
from verifier.present.report.html import machine_html
from verifier.present.report.latex import machine
from verifier.present.report.prose import machine_runs, plain
from verifier.verdicts import Said

N, S, LAM, X1, Q = sp.Symbol("n"), sp.Symbol("s"), sp.Symbol("lambda"), sp.Symbol("x_1"), sp.Symbol("q")
POINT = Point({N: 2, S: [None, 0.476571, 1.4465], LAM: 1.0698859921008248, X1: sp.Rational(-2, 7),
               Q: [None] + [0.5] * 8})
WORDS = Said("cross-checked at ", POINT.said(), ": replayed with SymPy's lambdify to mpmath")


def _visible(fragment: str) -> str:
    fragment = re.sub(r"<annotation[^>]*>.*?</annotation>", "", fragment, flags=re.S)
    return _html.unescape(re.sub(r"<[^>]+>", "", fragment))


def test_the_checkers_point_is_a_dict_of_its_parts():
    assert str(WORDS).startswith("cross-checked at {'n': '2', 's': '(0.476571, 1.4465) [length 2]'")


def test_the_point_reads_as_coordinates_in_both_machine_records():
    said = plain(machine_runs(WORDS)[0])
    assert said.startswith("cross-checked at n = 2, s = (0.476571, 1.4465), lambda = 1.06989, x_1 = -2/7, "
                           "q = (0.5, 0.5, 0.5, 0.5, 0.5, 0.5, …) (8 entries): ")
    shown = _visible(machine_html(WORDS))
    tex = str(machine(WORDS)).replace(r"\allowbreak{}", "")
    for out in (shown, tex):
        assert "{'" not in out and "': '" not in out and "[length" not in out
    assert "1.0698859921008248" in shown and "−2/7" in shown and "λ" in shown
    assert r"$\lambda$ = 1.0698859921008248" in tex and r"\ensuremath{-}2/7" in tex


def test_near_miss_plain_words_with_an_apostrophe_stay_as_written():
    assert "SymPy's lambdify" in _visible(machine_html(WORDS))
    assert machine_html("cross-checked at {'n': '2'}") == "cross-checked at {'n': '2'}"   # text: nothing read
