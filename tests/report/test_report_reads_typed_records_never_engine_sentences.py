"""The report reads what the engine hands it as values, never its sentences read back.

A derivation's sampling ranges arrive as SamplingRange records apart from its hypotheses, and a table's cells
as values (numbers as numbers); the report words the one and aligns the other from those values.  So a
hypothesis that happens to read like a range ("x ∈ [0, 1] by the text's premise") stays a hypothesis, and a
cell that reads like a number but is recorded as text is not aligned as one.  And no module of present/
goes back to matching the engine's words for a sampling range or a number in a table cell."""
from __future__ import annotations

from pathlib import Path

import sympy as sp

from tests.engine import check_one
from verifier import calc, interval, positive, real, size, vector, index, Σ
from verifier.present.report.display import sampling_range
from verifier.present.report.view import DerivationView, TableView
from verifier.verdicts import DerivationResult, SamplingRange, Table, Verdict

PRESENT = Path(__file__).resolve().parents[2] / "verifier" / "present"


def _derivation(**fields) -> DerivationResult:
    return DerivationResult("d", "a derivation", "src", "derivations/d.py", Verdict.PROVED, True, "x = x", **fields)


# ---- sampling ranges ------------------------------------------------------------------------------------

def test_each_kind_of_sampling_range_is_worded_from_its_values():
    assert sampling_range(SamplingRange("lambda", "real", "0.05", "20", log_uniform=True)) == \
        "λ ∈ [0.05, 20] (log-uniform)"
    assert sampling_range(SamplingRange("s", "vector", "-3", "3", index=("1", "n"))) == "s_i ∈ [−3, 3], i = 1…n"
    assert sampling_range(SamplingRange("s", "vector", "-3", "3", index=("1", "n"), facts=("sorted",))) == \
        "s_i ∈ [−3, 3], i = 1…n; s sorted"      # a minus sign, not a hyphen
    assert sampling_range(SamplingRange("n", "size", least=1, sizes=(3, 17, 256), seeded_up_to=40, large=256)) == \
        "n ∈ ℤ, n ≥ 1 (sampled at n = 1, 2, 3, 17 and 256, and at seeded sizes up to 40)"    # 256 once
    assert sampling_range(SamplingRange("n", "size", least=2, sizes=(4, 8), only=True)) == \
        "n ∈ ℤ, n ≥ 2 (sampled at 4, 8 only)"
    assert sampling_range(SamplingRange("sigma", "law", law="Exponential(1)", positive=True)) == \
        "σ ∈ (0, ∞), sampled from Exponential(1)"
    assert sampling_range(SamplingRange("z", "complex", "-1", "1")) == "z ∈ ℂ, real and imaginary parts in [−1, 1]"


def test_a_hypothesis_worded_like_a_range_stays_a_hypothesis():
    d = _derivation(assumptions=["x ∈ [0, 1] by the text's premise", "y ∈ [0.05, 20] (log-uniform)"],
                    hypotheses=["x ∈ [0, 1] by the text's premise"],
                    sampling=[SamplingRange("y", "real", "0.05", "20", log_uniform=True)])
    view = DerivationView.of(d, "d", 1)
    assert view.hypotheses == ["x ∈ [0, 1] by the text's premise"]
    assert view.sampling == ["y ∈ [0.05, 20] (log-uniform)"]


def test_near_miss_a_sampling_range_the_record_does_not_hold_as_one_is_not_listed_as_one():
    # The same words, given as a hypothesis: the report does not read them back into a range.
    d = _derivation(assumptions=["y ∈ [0.05, 20] (log-uniform)"], hypotheses=["y ∈ [0.05, 20] (log-uniform)"])
    view = DerivationView.of(d, "d", 1)
    assert (view.hypotheses, view.sampling) == (["y ∈ [0.05, 20] (log-uniform)"], [])


def test_the_engine_hands_sampling_ranges_as_values_and_confined_ranges_as_hypotheses():
    n = size("n", only=(3, 4))
    i = index("i", n)
    s = vector("s", n)
    lam = positive("lambda")
    t = real("t")
    p = interval("p", 0, 1)
    chain = calc(lam * t * p + Σ(s[i], i), title="ranges").eq(Σ(s[i], i) + p * lam * t, "commute")
    result = check_one(chain)
    assert result.verdict is Verdict.PROVED
    by_symbol = {r.symbol: r for r in result.sampling}
    assert set(by_symbol) == {"lambda", "n", "s", "t"}
    assert by_symbol["lambda"] == SamplingRange("lambda", "real", "0.05", "20", log_uniform=True)
    assert by_symbol["s"].kind == "vector" and by_symbol["s"].index == ("1", "n")
    assert (by_symbol["n"].kind, by_symbol["n"].sizes, by_symbol["n"].only) == ("size", (3, 4), True)
    assert result.hypotheses == ("0 ≤ p ≤ 1",)
    # The engine's words for every domain stay in `assumptions`, as the JSON has always had them.
    assert set(result.assumptions) == set(result.hypotheses) | {
        "lambda ∈ [0.05, 20] (log-uniform)", "n ∈ ℤ, n ≥ 1 (sampled at 3, 4 only)", "s_i ∈ [-3, 3], i = 1…n",
        "t ∈ [-3, 3]"}
    # And the report words each range as the engine does, its letters and minus signs set for a reader.
    assert sorted(sampling_range(r) for r in result.sampling) == sorted(
        a.replace("lambda", "λ").replace("[-", "[−") for a in result.assumptions if a not in result.hypotheses)


# ---- table cells --------------------------------------------------------------------------------------

def test_a_column_of_numbers_is_aligned_as_numbers_from_the_cells_values():
    table = TableView.of(Table("", ["n", "error", "note"], [["1", "0.1", "small"], ["2", "", "—"]],
                               values=[[1, 0.1, "small"], [2, None, None]]))
    assert table.numeric == [True, True, False]


def test_near_miss_a_cell_that_reads_like_a_number_but_is_recorded_as_text_is_not_aligned_as_one():
    table = TableView.of(Table("", ["code"], [["007"], ["12"]], values=[["007"], ["12"]]))
    assert table.numeric == [False]


def test_a_table_built_with_numbers_keeps_them_as_numbers_and_its_text_as_written():
    table = Table("", ["n", "error", "label"], [[3, 0.25, "x"], ["4", "1e-5", ""]])
    assert table.values == ((3, 0.25, "x"), (4.0, 1e-05, None))
    assert table.rows == ((3, 0.25, "x"), ("4", "1e-5", ""))


def test_an_experiments_table_reaches_the_record_with_its_cells_as_values():
    from verifier.authoring.chain import ExperimentOutcome
    from verifier.run.experiments import plain_outcome
    import numpy as np
    out = plain_outcome(ExperimentOutcome(True, "ok", [Table("t", ["n", "H"], [[np.int64(3), np.float64(0.5)]])], []))
    [table] = out.tables
    assert table.rows == (("3", "0.5"),) and table.values == ((3, 0.5),)
    assert type(table.values[0][0]) is int and type(table.values[0][1]) is float


def test_a_measured_error_table_holds_its_values_as_numbers():
    from verifier.evidence.measure import measure_error
    x = sp.Symbol("x", positive=True)
    table = measure_error(sp.log(1 + x), x, {x: [0.1, 0.01]}, relative=False, samples=2, seed=0, dps=30)
    assert all(isinstance(v, float) for row in table.values for v in row)
    assert TableView.of(table).numeric == [True, True, True]


# ---- no module reads the engine's words back for these ---------------------------------------------------

def test_no_module_of_present_matches_the_engines_words_for_a_sampling_range_or_a_number_cell():
    sources = {p.relative_to(PRESENT).as_posix(): p.read_text(encoding="utf-8") for p in PRESENT.rglob("*.py")}
    for name, text in sources.items():
        for words in (r"\(log-uniform\)", r"\(sampled at", r"\bsampled\b", "is_sampling_range",
                      r"\d[\d,_]*\.?\d*|\.\d+)([eE]"):
            assert words not in text, f"{name} reads {words!r} back from text"


# ---- what a limit or a series measured --------------------------------------------------------------------

def test_a_limits_measured_trend_is_worded_from_its_values_to_three_digits_below_the_resolution_as_a_bound():
    from verifier.present.report.view import trend_words
    from verifier.verdicts import MeasuredTrend
    trend = MeasuredTrend("|lhs − rhs|", "n", ("10", "1e+06", "1e+10", "1e+12"),
                          ("0.323456", "1.1796e-5", "1.0e-900", "4.82e-4339"))
    assert trend_words(trend) == ("|lhs − rhs| along the approach: n = 10: 0.323, n = 1e+06: 1.18 × 10⁻⁵, "
                                  "n = 1e+10: < 10⁻⁵⁰, n = 1e+12: < 10⁻⁵⁰")
    order = MeasuredTrend("|lhs − rhs|/h^2", "h", ("10^-1", "10^-8", "10^-40"), ("0.405", "3.63", "3.58e+38"), order=True)
    assert trend_words(order) == "|lhs − rhs|/h^2 at h = 10^-1 … 10^-40: 0.405, 3.63, 3.58 × 10³⁸"


def test_near_miss_the_report_shows_the_trend_record_not_the_checks_sentence():
    from verifier.present.report.view import StepView
    from verifier.verdicts import Check, MeasuredTrend, StepResult
    check = Check("limit: lhs − rhs → 0 as n → ∞", Verdict.NUMERIC, measured="words the report must not read",
                  trend=MeasuredTrend("|lhs − rhs|", "n", ("10", "100"), ("0.5", "0.05")))
    step = StepResult(1, "~", "a", "b", "", "", "why", "", Verdict.NUMERIC, True, checks=[check])
    [shown] = StepView.of(step, "s1").checks
    assert shown.shown == "|lhs − rhs| along the approach: n = 10: 0.5, n = 100: 0.05"


def test_the_engine_records_a_limits_trend_and_a_series_order_as_values():
    from verifier.authoring.meanings import series_order, tends
    n = size("n")
    x = positive("x")
    result = check_one(calc(1 / n + 1 / n ** 2, title="tail").approx(1 / n, "the square is smaller",
                                                                       meaning=tends(n, sp.oo, ratio=True)))
    [check] = result.steps[0].checks
    assert check.trend is not None and check.trend.variable == "n" and not check.trend.order
    assert check.trend.quantity == "|lhs/rhs − 1|" and len(check.trend.at) == len(check.trend.values) >= 3
    assert all(float(v) >= 0 for v in check.trend.values)
    result = check_one(calc(sp.sin(x), title="sine").approx(x, "first term",
                                                                     meaning=series_order(x, 0, 3, side="+")))
    [check] = result.steps[0].checks
    assert check.trend is not None and check.trend.order and check.trend.at[0] == "10^-1"
    assert check.trend.quantity == "|lhs − rhs|/h^3"


def test_near_miss_a_random_variables_declared_law_stays_a_hypothesis_not_a_sampling_range():
    from verifier import expected, normal, random_variable
    eps = random_variable("eps_rec37", normal(0, 1))
    c = real("c")
    result = check_one(calc(expected(c + eps), title="mean").eq(c, "the law has mean 0"))
    assert "eps_rec37 ~ Normal(0, 1)" in result.hypotheses
    assert [r.symbol for r in result.sampling] == ["c"]


# ---- a counterexample's point ---------------------------------------------------------------------------

def test_a_counterexamples_point_is_shown_from_its_values_to_six_digits():
    from verifier.present.report.view import CounterexampleView
    from verifier.verdicts import Counterexample, PointValue
    cx = Counterexample({"x": "words the report must not read", "s": "nor these", "k": "approach from +: 0.1 … 1e-10"},
                        {50: "1"}, {50: "2"},
                        values={"x": PointValue("0.73215896264627223"),
                                "s": PointValue(entries=("0.067648312345678", "1e-05"), length=2)})
    view = CounterexampleView.of(cx)
    assert dict(view.point) == {"x": "0.732159", "s": "(0.0676483, 10⁻⁵)",
                                "k": "approach from +: 0.1 … 10⁻¹⁰"}
    # Every digit the engine wrote stays in the full point.
    assert dict(view.full_point)["x"] == "words the report must not read"


def test_the_engine_records_a_refuting_points_coordinates_as_values():
    n = size("n")
    i = index("i", n)
    s = vector("s", n)
    t = real("t")
    result = check_one(calc(t ** 2 + Σ(s[i] ** 2, i), title="false").ge(t ** 2 + Σ(s[i] ** 2, i) + 1, "wrong"))
    cx = result.steps[0].counterexample
    assert result.steps[0].verdict is Verdict.REFUTED and cx is not None
    assert set(cx.values) == set(cx.point)
    assert cx.values["s"].length == len(cx.values["s"].entries) or cx.values["s"].length > 6
    assert float(cx.values["t"].value) == float(cx.point["t"])
    assert int(cx.values["n"].value) == cx.values["s"].length
