"""The engine's words reach every output with their numbers and formulas as values (verdicts.Said).

A Said is the very string the engine always said: the JSON, the terminal and every comparison see the same
words with every digit.  The report sets its parts instead of reading the words back: a Number at six
significant digits, a Formula as mathematics from the engine's own LaTeX.  And the records that carry them
are frozen: nothing changes a result once it is built."""
from __future__ import annotations

import dataclasses
import inspect
import json
import pickle

import pytest
import sympy as sp

from verifier import verdicts
from verifier.present.report.html import prose_html
from verifier.present.report.latex import prose as latex_prose
from verifier.present.report.prose import plain, segments
from verifier.present.results_json import to_plain
from verifier.run import safe_pickle
from verifier.verdicts import (Check, Formula, FrozenMap, Name, Number, Said, StepResult, Verdict, said_from_json,
                               said_to_json)

LONG = "0.016407852837606633545"           # every digit the engine drew
SHORT = "0.0164079"                        # six significant digits


def _records():
    return [c for _, c in inspect.getmembers(verdicts, inspect.isclass)
            if dataclasses.is_dataclass(c) and c.__module__ == verdicts.__name__]


# ---- frozen records ----------------------------------------------------------------------------------------

def test_every_record_of_verdicts_is_a_frozen_dataclass():
    records = _records()
    assert len(records) >= 15
    assert [c.__name__ for c in records if not c.__dataclass_params__.frozen] == []


def test_a_built_record_refuses_every_change_to_its_fields_and_their_containers():
    check = Check("limit", Verdict.PROVED, detail=Said("d = ", Number(LONG)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        check.detail = "other words"
    step = StepResult(1, "=", "x", "x", "x", "x", "r", "", Verdict.PROVED, True, checks=[check],
                      survives={"sign": "why"})
    assert isinstance(step.checks, tuple) and isinstance(step.survives, FrozenMap)
    with pytest.raises(TypeError):
        step.survives["sign"] = "changed"
    with pytest.raises(AttributeError):
        check.detail.parts = ()


def test_near_miss_a_new_record_is_built_with_replace_and_the_old_one_is_unchanged():
    check = Check("limit", Verdict.PROVED, detail="as built")
    again = dataclasses.replace(check, detail="said again")
    assert (check.detail, again.detail) == ("as built", "said again")


# ---- a number handed as a value ----------------------------------------------------------------------------

def _said():
    x = sp.Symbol("x", positive=True)
    return Said("largest |lhs − rhs| ", Number(LONG), " at ", Formula.of(sp.sqrt(x) / 2), " = ", Number("17"))


def test_said_is_exactly_the_engines_words_with_every_digit():
    said = _said()
    assert said == f"largest |lhs − rhs| {LONG} at sqrt(x)/2 = 17"
    assert json.loads(json.dumps(to_plain(Check("c", Verdict.NUMERIC, detail=said))))["detail"] == str(said)
    assert [type(p).__name__ for p in said.parts] == ["str", "Number", "str", "Formula", "str", "Number"]


def test_a_number_handed_as_a_value_reads_six_significant_digits_in_the_report_and_every_digit_behind_a_click():
    said = _said()
    assert ("text", f"largest |lhs − rhs| {SHORT} at ") in segments(said)
    assert ("math", r"\frac{\sqrt{x}}{2}") in segments(said)
    html, tex = prose_html(said), str(latex_prose(said))
    assert SHORT in html and LONG not in html and "<math" in html
    assert SHORT in tex and LONG not in tex and r"\frac{\sqrt{x}}{2}" in tex
    assert LONG in prose_html(said, exact=True)
    assert plain(said) == f"largest |lhs − rhs| {SHORT} at sqrt(x)/2 = 17"


def test_near_miss_an_integer_and_a_short_decimal_are_shown_as_the_engine_said_them():
    assert segments(Said("at n = ", Number("17"), ", slope ", Number("0.25"))) == (("text", "at n = 17, slope 0.25"),)


def test_the_words_and_a_plain_string_equal_to_them_are_set_apart():
    # segments() keeps a cache of its readings: the engine's words are set from their parts, whichever of the
    # two it saw first, and the plain string is read as an author's.
    x = sp.Symbol("x")
    said = Said("at ", Formula.of(x ** 2), " the gap is ", Number(LONG))
    text = f"at x**2 the gap is {LONG}"
    assert said == text
    for first, second in ((said, text), (text, said)):
        segments(first), segments(second)
        assert segments(said) == (("text", "at "), ("math", "x^{2}"), ("text", f" the gap is {SHORT}"))
        assert segments(text)[0] == ("text", "at ") and segments(text)[1][0] == "math"


def test_near_miss_the_words_between_values_are_words_and_a_name_is_a_name_only_when_held_as_one():
    # A name the engine quotes is a Name part, set as a name; a Number is set as a number, in scientific form when
    # that is how a reader writes it.  The plain words between them are never read back: a name or a script
    # written into them stays as written (the engine holds what it means as a part instead).
    said = Said("fact ", Name("mean_field_jensen"), ", times ", Number("1.0e-5"), " at ", Formula("s_max", "s_{max}"))
    assert segments(said) == (("text", "fact "), ("code", "mean_field_jensen"), ("text", ", times 10⁻⁵ at "),
                              ("math", "s_{max}"))
    words = Said("fact mean_field_jensen, times ", Number("1.0e-5"), " at s_max")
    assert segments(words) == (("text", "fact mean_field_jensen, times 10⁻⁵ at s_max"),)


# ---- the words survive every way a result travels ------------------------------------------------------------

def test_said_keeps_its_parts_through_joining_pickles_and_the_proof_store():
    said = _said()
    joined = Said.joined("; ", ["symbolic: none", said])
    assert joined == "symbolic: none; " + str(said) and isinstance(joined, Said)
    assert ("; " + said).parts[1:] == said.parts[1:] and (said + ".").parts[-1] == "."
    for copy in (pickle.loads(pickle.dumps(said)), safe_pickle.loads(safe_pickle.dumps(said)),
                 said_from_json(json.loads(json.dumps(said_to_json({"notes": [said]}))))["notes"][0]):
        assert copy == said and copy.parts == said.parts


# ---- the engine's message sites hand typed parts --------------------------------------------------------------

def _kinds(said) -> set[str]:
    assert isinstance(said, Said), f"{said!r} is a plain string"
    return {type(p).__name__ for p in said.parts}


def test_a_scope_where_both_sides_are_defined_holds_its_conditions_as_formulas():
    from verifier.prove.scopes import scope_where_defined
    x = sp.Symbol("x", real=True)
    scope = scope_where_defined([x - 1, sp.log(x + 3)])
    assert scope == "all values where both sides are defined: x ≠ 1, log(x + 3) ≠ 0"
    assert "Formula" in _kinds(scope)


def test_a_pole_and_a_convexity_proof_name_their_expressions_as_formulas():
    from verifier.prove.convexity import convex_univariate
    from verifier.prove.definedness import pole_reason
    t = sp.Symbol("t", real=True)
    y = sp.Symbol("y", real=True)
    assert "Formula" in _kinds(pole_reason(1 / y))
    proof = convex_univariate(sp.exp(t) - 1 - t, False, 10).proof
    assert proof.method == "convexity: d²/dt² ≥ 0 and minimum at t = 0"
    assert "Formula" in _kinds(proof.method)


def test_a_chains_conclusion_holds_its_sides_as_formulas():
    from verifier import calc, real
    from tests.engine import check_one
    x = real("x")
    result = check_one(calc((x + 1) ** 2, title="square").eq(x ** 2 + 2 * x + 1, "expand"))
    assert result.conclusion == "(x + 1)**2 = x**2 + 2*x + 1"
    assert [p for p in result.conclusion.parts if isinstance(p, Formula)] == [
        Formula("(x + 1)**2", r"\left(x + 1\right)^{2}"), Formula("x**2 + 2*x + 1", "x^{2} + 2 x + 1")]


def test_the_second_evaluation_of_a_point_holds_its_values_as_numbers():
    from verifier.evidence.inputs import Point
    from verifier.evidence.replay import replay
    x = sp.Symbol("x", real=True)
    r = replay(sp.exp(x), 1 + x + x ** 2, "=", Point({x: 0.7321589626462722}))
    assert r.status == "fails"
    numbers = [p.digits for p in r.detail.parts if isinstance(p, Number)]
    assert len(numbers) == 4 and all(len(n.lstrip("-0.")) > 12 for n in numbers)
    assert all(n in str(r.detail) for n in numbers)


def test_a_meanings_check_name_holds_its_variable_and_point_as_formulas_so_no_bare_oo_reaches_a_reader():
    from verifier.authoring.meanings import Limit, Series
    from verifier.judge.meanings import _described
    n, lam = sp.Symbol("n", positive=True), sp.Symbol("lambda", positive=True)
    limit, series = _described(Limit(n, sp.oo, ratio=True)), _described(Series(lam, 0, 4))
    assert (limit, series) == (Limit(n, sp.oo, ratio=True).describe(), Series(lam, 0, 4).describe())
    assert ("math", r"\infty") in segments(Said("limit: ", limit))
    assert ("math", r"O\left(\lambda^{4}\right)") in segments(series)


def test_a_run_of_equal_numbers_in_a_checks_detail_is_said_once_with_its_count():
    from verifier.present.report.latex import repeats_counted
    same = [Number("0.11800001"), Number("0.118000002"), Number("0.1180000003")]
    counted = repeats_counted(Said("ratio at h: ", Said.joined(", ", same + [Number("0.2")])))
    assert plain(counted) == "ratio at h: 0.118000 (3 times), 0.2"
    near_miss = repeats_counted(Said("ratio at h: ", Said.joined(", ", same[:2] + [Number("0.2")])))
    assert plain(near_miss) == "ratio at h: 0.118000, 0.118000, 0.2"


def test_a_cross_check_keeps_what_it_is_given_as_tuples():
    from verifier.verdicts import CrossCheck
    cc = CrossCheck(2, ["evalf"], [[1, "no value there"]])
    assert cc.by == ("evalf",) and cc.missed == ((1, "no value there"),)


def test_a_pinned_step_names_its_pins_as_formulas_and_is_judged_on_its_lines():
    # The pins' words are built beside the step's own lines, never in their place: the false claim stays refuted
    # and the true one holds, each with "numbers at x = 3/2 only" in its scope.
    from verifier import calc, positive
    from tests.engine import check_one
    x = positive("x")
    false = check_one(calc(x ** 2, title="pinned").le(x, "claimed", given={x: sp.Rational(3, 2)}, expect="refuted"))
    true = check_one(calc(x ** 2, title="pinned").ge(x ** 2 - 1, "drop one", given={x: sp.Rational(3, 2)}))
    assert [s.verdict for s in false.steps] == [Verdict.REFUTED] and false.passed
    assert [s.verdict for s in true.steps] != [Verdict.REFUTED] and true.passed
    scope = true.steps[0].scope
    assert "numbers at x = 3/2 only" in scope and "Formula" in _kinds(scope)
    # The hypothesis line says the same pins as values: a reader sets them, never reads them out of the words.
    pinned = [a for a in true.steps[0].assumptions if "checked at" in a]
    assert pinned == ["checked at x = 3/2 only"] and "Formula" in _kinds(pinned[0])
    from verifier.present.report.view import hypothesis_words
    assert ("math", r"\frac{3}{2}") in segments(hypothesis_words(pinned[0]))


def test_a_points_words_hold_each_scalar_and_vector_entry_as_a_number():
    from verifier.evidence.inputs import Point
    x, s = sp.Symbol("x"), sp.IndexedBase("s")
    point = Point({x: 0.7321589626462722, s: [None, 0.4765713, 1.4465]})
    said = point.said()
    assert said == str(point.describe())
    assert [p.digits for p in said.parts if isinstance(p, Number)] == ["0.73215896264627223", "0.476571", "1.4465"]
    # Each symbol is a formula (its LaTeX), each value a number: nothing is read back from the words.
    assert segments(said) == (("text", "{'"), ("math", "x"), ("text", "': '0.732159', '"), ("math", "s"),
                              ("text", "': '(0.476571, 1.4465) [length 2]'}"))


def test_a_declared_range_read_as_a_substitution_names_it_as_formulas():
    from verifier import interval
    from verifier.prove.hypotheses import reparametrisations
    p = interval("p", 0, 1)
    cases = [c[2] for c in reparametrisations(p * (1 - p))]
    assert cases == ["p = u/(u + 1), u ≥ 0", "p = 1"]
    assert ("math", r"\frac{u}{u + 1}") in segments(cases[0])


def test_the_names_the_engine_quotes_are_name_parts_and_its_laws_and_signs_formulas():
    from verifier.authoring.random_laws import Distribution
    from verifier.prove.expectations import law_formula
    from verifier.prove.signs import _joined
    sigma = sp.Symbol("sigma", positive=True)
    law = law_formula(Distribution("normal", (0, sigma)))
    # the words as the engine spells the law; the mathematics as the texts write a normal law, N(0, σ²)
    assert law == Formula("Normal(0, sigma)", r"\mathrm{N}\left(0, \sigma^{2}\right)")
    assert law_formula(Distribution("laplace", (0, sigma))).latex == r"\operatorname{Laplace}\left(0, \sigma\right)"
    assert segments(Said("moment table of ", law))[-1] == ("math", law.latex)
    monotone = Said("monotone: ", Formula("d/dDelta", r"\frac{d}{d\Delta}"), " > 0")
    assert _joined(["assumptions", monotone]) == "sign of each factor (monotone: d/dDelta > 0)"
    assert "Formula" in _kinds(_joined(["assumptions", monotone]))
    # The near miss: a sign with no special reason is the bare words.
    assert _joined(["assumptions"]) == "sign of each factor"


def test_a_strategy_that_fails_is_named_with_its_exception_as_names(monkeypatch):
    from dataclasses import replace
    from verifier.prove import registry
    from verifier.verdicts import Name

    def crashes(goal):
        raise NotImplementedError("SymPy cannot take this one")

    first = registry.ordered("=", None)[0]
    monkeypatch.setitem(registry._REGISTRY, first.name, replace(first, run=crashes))
    x = sp.Symbol("x", real=True)
    out = registry.attempt(registry.Goal("=", x + 1, x + 2, limit=1.0), how=[first.name], only=True)
    [note] = [n for n in out.notes if "failed" in n]
    assert note == f"{first.name} failed: NotImplementedError"
    assert [p for p in note.parts if isinstance(p, Name)] == [Name(first.name), Name("NotImplementedError")]
    assert segments(note) == (("code", first.name), ("text", " failed: "), ("code", "NotImplementedError"))


def test_a_series_claim_states_its_order_in_the_distance_to_its_point():
    """O(λ²) as λ → 1 says nothing; the check measures |lhs − rhs| against (λ − 1)², and towards ∞ against |x|⁻ᵏ."""
    from verifier.authoring.meanings import Series
    from verifier.judge.meanings import _described
    lam = sp.Symbol("lambda")
    at_one = _described(Series(lam, 1, 2))
    assert at_one == "lhs − rhs = O((lambda - 1)^2) as lambda → 1"
    assert ("math", r"O\left(\left(\lambda - 1\right)^{2}\right)") in segments(at_one)
    assert str(_described(Series(lam, sp.oo, 1))).startswith("lhs − rhs = O(|lambda|^-1) as")
    # The near miss: at 0 the distance is the variable itself.
    assert _described(Series(lam, 0, 3)) == "lhs − rhs = O(lambda^3) as lambda → 0"
