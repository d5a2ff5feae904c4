"""How the machine reached a result (a proof's reparametrisation of the stated ranges) is held in the engine's
words as an Aside: the words themselves, the JSON and the checker's notes keep it; a reader's text (the PDF, the
HTML's running text) says the method without it.  An assumption the author stated is said as an assumption,
with no "(declared)"; a numeric step is "checked numerically, not proved"."""
from __future__ import annotations

import pickle

import sympy as sp

from verifier import interval
from verifier.authoring.expectations import draws, independent_variables
from verifier.authoring.random_laws import bernoulli, normal, uniform
from verifier.prove.hypotheses import sign_under_hypotheses
from verifier.judge.combine import Numbers, Symbolic, combine
from verifier.present.report.badges import CLAIM_LEGEND, LEGEND
from verifier.present.report.latex import prose
from verifier.present.report.prose import reader_words, said_segments
from verifier.verdicts import Aside, Formula, Said, said_from_json, said_to_json


def _method() -> Said:
    return Said(Aside(Said("declared ranges as hypotheses (", Formula("p = 19/20", r"p = \frac{19}{20}"),
                           "), then ")), "expectation: linearity, independence")


def test_an_aside_is_part_of_the_words_but_not_of_the_reading():
    said = _method()
    assert str(said) == "declared ranges as hypotheses (p = 19/20), then expectation: linearity, independence"
    assert str(reader_words(said)) == "expectation: linearity, independence"
    assert "hypotheses" not in str(prose(said))


def test_near_miss_the_checkers_notes_keep_the_aside_with_its_formula():
    segments = said_segments(_method())
    assert ("math", r"p = \frac{19}{20}") in segments
    assert "declared ranges as hypotheses (" in segments[0][1]


def test_an_aside_survives_json_and_pickle_as_an_aside():
    said = _method()
    again = said_from_json(said_to_json(said))
    assert again == said and again.parts == said.parts and isinstance(again.parts[0], Aside)
    assert pickle.loads(pickle.dumps(said)).parts == said.parts


def test_a_proof_under_the_stated_ranges_reads_as_its_method_for_a_reader():
    p = interval("p", sp.Rational(1, 20), sp.Rational(19, 20))
    x = sp.Symbol("x", real=True)
    box = sign_under_hypotheses(p * (1 - p), True, lambda e, strict: "")       # interval arithmetic decides it
    assert "declared ranges" in str(box)                  # the engine's words, as they were
    assert str(reader_words(box)) == "interval arithmetic over the assumed ranges"
    # p written as the image of a fresh u ≥ 0 (and the end p = 19/20): machine detail, said only in the notes
    cases = sign_under_hypotheses((p - sp.Rational(1, 20)) * x ** 2, False, lambda e, strict: "signs of the factors")
    assert "(19*u + 1)/(20*(u + 1))" in str(cases)
    assert str(reader_words(cases)) == "signs of the factors"


def test_a_stated_independence_is_an_assumption_without_the_word_declared():
    K, eps = independent_variables(("K", bernoulli(sp.Rational(1, 2))), ("varepsilon", normal(0, 1)))
    xi = draws("xi", sp.Symbol("n", integer=True, positive=True), uniform(-1, 1))
    from verifier.authoring.symbols import domain_of
    described = [domain_of(K).describe("K"), domain_of(eps).describe("varepsilon"),
                 domain_of(xi.label).describe("xi")]
    assert all("declared" not in d for d in described)
    assert "independent of varepsilon" in described[0] and "independently, i = 1…n" in described[2]


def test_a_numeric_step_is_said_to_be_checked_numerically_not_proved():
    assert combine(Symbolic.NONE, Numbers.AGREE).message == "checked numerically, not proved"
    # near miss: a proved step says nothing of the kind
    assert "numerically" not in combine(Symbolic.PROVED, Numbers.AGREE).message


def test_the_legend_speaks_of_the_mathematics_not_of_the_program():
    words = " ".join(text for _, _, text in LEGEND + CLAIM_LEGEND)
    for program_word in ("declared", "strategy", " pass"):
        assert program_word not in words
    assert "the derivations check out" in words


def test_a_sizes_limit_taken_over_the_reals_says_what_it_proves_for_the_integers():
    assert str(reader_words("proved (generic d, n, n as a continuous variable)")) == \
        "proved (generic d, n, the limit over real n, hence over integer n)"
    assert str(reader_words("generic n")) == "generic n"      # near miss: any other scope as it is
