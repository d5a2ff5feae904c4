"""The PDF set as a paper's appendix is set: compact, with nothing a reader needs left out.

A plot stands beside its experiment's narrow table; a cited fact's long statement is a page reference
away; a counterexample's sides are said once; a list of equal values says the value once with its count;
how numeric points were chosen and which SymPy replays ran out of time are in the JSON and the HTML, not
the running text.  Symbols in hypotheses are named by their letters.  None of this touches what is checked.
"""
from __future__ import annotations

import dataclasses

import re

from tests.report import report_samples as samples
from verifier.judge.combine import _MESSAGES
from verifier.present.report import write_reports
from verifier.present.report.display import GREEK, greek_letters
from verifier.present.report.latex import NUMBERS_ONLY, beside, cited_statement, repeats_counted
from verifier.present.report.view import CheckView, CounterexampleView, TableView, numeric_summary
from verifier.verdicts import Ball, Counterexample, CrossCheck, NumericEvidence, SamplingRange

SPELLED_OUT = re.compile(r"(?<![A-Za-z\\])(" + "|".join(sorted(GREEK, key=len, reverse=True)) + r")(?![A-Za-z(])")


# ---- Greek names in hypotheses ---------------------------------------------------------------------

def test_every_spelled_out_greek_symbol_name_reads_as_its_letter():
    for name, letter in GREEK.items():
        assert greek_letters(f"{name} ~ N(0, 1)") == f"{letter} ~ N(0, 1)"
        assert greek_letters(f"{name}_U ~ Uniform(-a, a), independent of {name}_2") == \
            f"{letter}_U ~ Uniform(-a, a), independent of {letter}_2"
    assert greek_letters("varepsilon ~ N(0, σ), independent of K (declared)") == "ε ~ N(0, σ), independent of K (declared)"


def test_laws_words_and_function_calls_keep_their_spelling():
    # Beta(a, b) and Gamma(k, θ) are laws; eta inside theta or beta, pi inside spin, are not names.
    for text in ("K ~ Beta(2, 3)", "x ~ Gamma(2, 1)", "alphabet", "spin", "the meta data", "gamma(x) > 0",
                 "Bernoulli(p)", "epsilons"):
        assert greek_letters(text) == text


def _sample_with_greek_hypotheses():
    run = samples.sample_run()
    d = run.derivations[0]
    step = dataclasses.replace(d.steps[0], assumptions=["varepsilon_1 independent of varepsilon_2"])
    hypotheses = ["varepsilon_U ~ Uniform(-a, a), independent of K (declared)",
                  "eta ~ N(0, sigma), independent of K (declared)"]
    d = dataclasses.replace(d, steps=(step, *d.steps[1:]), assumptions=hypotheses + ["lambda ∈ [0.05, 20]"],
                            hypotheses=hypotheses, sampling=[SamplingRange("lambda", "real", "0.05", "20")])
    return dataclasses.replace(run, derivations=(d, *run.derivations[1:]))


def test_no_hypotheses_line_of_the_latex_spells_out_a_greek_name(tmp_path):
    write_reports(_sample_with_greek_hypotheses(), tmp_path, formats=("latex",))
    tex = (tmp_path / "derivations.tex").read_text(encoding="utf-8")
    lines = [line for line in tex.splitlines() if r"\fact{Assumptions}" in line or r"\key{hypotheses}" in line]
    said = "\n".join(lines)
    assert r"\varepsilon}\textsubscript{U}" in said and r"\eta}" in said        # the letters, set as maths
    assert said.count(r"\varepsilon") >= 3                                     # the step's line too
    assert not [line for line in lines if SPELLED_OUT.search(line)], lines


def test_the_json_keeps_the_names_as_the_engine_wrote_them(tmp_path):
    from verifier.present.results_json import to_dict
    data = to_dict(_sample_with_greek_hypotheses())
    assert "varepsilon_U ~ Uniform(-a, a), independent of K (declared)" in data["derivations"][0]["assumptions"]


# ---- a plot beside its table -------------------------------------------------------------------------

class _Experiment:
    def __init__(self, tables, plots=("plot",)):
        self.tables, self.plots = tables, list(plots)


def _table(columns, rows):
    from verifier.verdicts import Table
    return TableView.of(Table("", columns, rows))


def test_a_plot_stands_beside_a_narrow_short_table_and_below_a_wide_or_long_one():
    narrow = _table(["n", "RMS", "slope"], [[str(2 ** k), "0.1", "-0.5"] for k in range(8)])
    wide = _table(["a" * 30, "b" * 30, "c" * 30], [["1", "2", "3"]])
    long = _table(["n", "RMS"], [[str(k), "0.1"] for k in range(40)])
    assert beside(_Experiment([wide, narrow]))
    assert not beside(_Experiment([narrow, wide]))
    assert not beside(_Experiment([long]))
    assert not beside(_Experiment([narrow], plots=()))
    assert not beside(_Experiment([]))


def test_an_experiments_tables_are_in_the_machine_record_with_every_row_and_its_plot_in_the_body(tmp_path):
    run = samples.sample_run()
    write_reports(run, tmp_path, formats=("latex",))
    tex = (tmp_path / "derivations.tex").read_text(encoding="utf-8")
    body, record = tex.split(r"\section*{Machine record}")
    exp = samples.attention_experiment()
    for table in exp.tables:
        for row in table.rows:
            assert str(row[0]) in record
    assert r"\includegraphics" in body and "The experiments' data" in record


# ---- cited facts, repeated values ---------------------------------------------------------------------

def test_a_long_cited_statement_becomes_a_page_reference_keeping_what_its_verdict_makes_of_it():
    long = "x" * 200 + " ≥ 0"
    check = CheckView("cites fact f", "numeric", "numeric", "", "", long, cites="a.py::f", cites_anchor="d3")
    assert cited_statement(check) == "(numeric evidence only, not proved)"       # from the fact's verdict
    check.kind = "proved"
    assert cited_statement(check) == ""
    check.detail = "exp(t) ≥ t + 1"
    assert cited_statement(check) is None            # short: stated where it is cited
    check.detail, check.cites_anchor = "x" * 200, ""
    assert cited_statement(check) is None            # no section in this report to point to: stated in full


def test_equal_values_in_a_row_are_said_once_with_their_count():
    assert repeats_counted("|lhs − rhs|/h^3 at h = 10^-1 … 10^-40: < 10^-50, < 10^-50, < 10^-50, < 10^-50") == \
        "|lhs − rhs|/h^3 at h = 10^-1 … 10^-40: < 10^-50 (4 times)"
    assert repeats_counted("0.0672, 0.0646, 0.0643, 0.0643, 0.0643") == "0.0672, 0.0646, 0.0643 (3 times)"
    assert repeats_counted("0.1, 0.1, 0.2") == "0.1, 0.1, 0.2"          # two are left as they are
    # Values equal as printed: below 10⁻⁵⁰ every error reads "< 10⁻⁵⁰".
    assert repeats_counted("h = 10^-1 … 10^-40: 0.0, 2.25e-127, 1.86e-130, 3.56e-138") == \
        "h = 10^-1 … 10^-40: 0.0, < 10⁻⁵⁰ (3 times)"
    assert repeats_counted("n=10: 0.5, n=100: 0.5, n=1000: 0.5") == "n=10: 0.5, n=100: 0.5, n=1000: 0.5"


# ---- numeric evidence and counterexamples in the running text -------------------------------------------

def test_the_running_text_counts_the_cross_check_from_its_values_and_the_full_summary_keeps_every_point():
    note = ("no counterexample in 257 points (structure 2, corners 3, random 12, optimised 240), largest "
            "|lhs − rhs| < 10^-50; cross-check not replayed at {'σ_s': '2.72049165'}, {'a': '1'}: SymPy's evalf "
            "left a symbol")
    ev = NumericEvidence(14, (50, 100), "0", (), 0, note, "", {"structure": 2, "corner": 3, "random": 12},
                         "< 10^-50", CrossCheck(0, (), ((2, "SymPy's evalf left a symbol"),)))
    short, full = numeric_summary(ev), numeric_summary(ev, full=True)
    assert "cross-check not replayed at 2 points (SymPy's evalf left a symbol)" in short
    assert "2.72049165" not in short and "optimised" not in short and "no counterexample" not in short
    assert "(structure 2, corners 3, random 12, optimised 240)" in full and "2.72049165" in full
    replayed = NumericEvidence(14, (50, 100), "0", (), 0, "", "", {}, "", CrossCheck(2, ("mpmath", "evalf")))
    assert "cross-checked at 2 agreeing points by a second evaluation (multiple-precision floating point; adaptive " \
        "precision)" in numeric_summary(replayed)


def test_a_counterexample_says_its_sides_and_its_certificate_from_the_recorded_ball():
    cx = Counterexample({"c": "1.3"}, {50: "-8.70160123", 100: "-8.70160123"}, {50: "-2.25609", 100: "-2.25609"},
                        "replayed at {'c': '1.3'}: replayed with SymPy evalf at 50 and 100 digits: lhs − rhs = "
                        "-6.44551", {50: "lhs − rhs ∈ [-6.44551 +/- 1e-60], so lhs − rhs ≠ 0; replayed with SymPy "
                                         "evalf at 50 digits: lhs − rhs = -6.44551"},
                        quantity="lhs − rhs", gap={50: Ball("-6.445510000000000001", "1e-60")}, excludes="≠ 0",
                        replayed_gap={50: "-6.44551"},
                        replay="replayed with SymPy evalf at 50 and 100 digits: lhs − rhs = -6.44551",
                        certified={50: "lhs − rhs ∈ [-6.44551 +/- 1e-60], so lhs − rhs ≠ 0"})
    view = CounterexampleView.of(cx)
    assert view.sides == ("−8.70", "−2.26")
    assert view.certificate == [("50 digits", "lhs − rhs ≈ −6.44551 (radius < 10⁻⁵⁰), so lhs − rhs ≠ 0")]
    assert view.replayed.startswith("replayed with SymPy evalf") and "{" not in view.replayed
    assert view.note == ""              # the note was the replay, said once above
    other = CounterexampleView.of(Counterexample({"c": "1.3"}, {50: "1"}, {50: "2"}, "at the boundary", {}))
    assert other.note == "at the boundary" and not other.certificate


def test_the_numbers_only_message_left_out_of_a_numeric_step_is_the_judges():
    assert NUMBERS_ONLY in _MESSAGES.values()


# ---- a counterexample's point in mathematics ----------------------------------------------------------------

def test_a_counterexamples_point_names_its_symbols_as_mathematics_writes_them(tmp_path):
    import sympy as sp
    from tests.engine import only_step
    from verifier import calc, positive
    sigma = positive("sigma", 0.5, 2)
    lam = positive("lam_cx", 0.5, 2, display="λ")
    step = only_step(calc(sigma * lam, title="a false product").eq(sigma * lam + 1, "off by one"))
    assert step.verdict.name == "REFUTED", step.message
    assert step.counterexample.symbols == {"sigma": r"\sigma", "lam_cx": r"\lambda"}
    view = CounterexampleView.of(step.counterexample)
    run = samples.sample_run()
    d = run.derivations[1]
    d = dataclasses.replace(d, steps=(dataclasses.replace(d.steps[0], counterexample=step.counterexample),
                                      *d.steps[1:]))
    run = dataclasses.replace(run, derivations=(run.derivations[0], d, *run.derivations[2:]))
    write_reports(run, tmp_path, formats=("latex",))
    tex = (tmp_path / "derivations.tex").read_text(encoding="utf-8")
    assert r"\(\sigma\)~=~" in tex and r"\(\lambda\)~=~" in tex
    assert r"\texttt{sigma" not in tex and "lam_cx" not in tex.split(r"\appendix")[0]
    assert {name for name, _ in view.point} == {"sigma", "lam_cx"}       # the JSON's names stay the program's


def test_a_point_recorded_without_its_symbols_keeps_the_programs_names():
    view = CounterexampleView.of(Counterexample({"s_max": "1.5"}, {50: "1"}, {50: "2"}))
    assert view.symbols == {} and view.point == [("s_max", "1.5")]


def test_a_certificate_that_reads_the_same_at_both_precisions_is_said_once():
    prose = "at this point sympy.limit gives -oo, and |lhs − rhs| grows along the approach at both precisions"
    view = CounterexampleView.of(Counterexample({"n": "2"}, {50: "1"}, {50: "2"}, "", {50: prose, 100: prose}))
    assert view.full_certificate == [("50 and 100 digits", prose)]
    assert len(view.certificate) == 1 and view.certificate[0][0] == "50 and 100 digits"
    digits = CounterexampleView.of(Counterexample({"n": "2"}, {50: "1"}, {50: "2"}, "", {50: "[1.0 +/- 1e-50]",
                                                                                       100: "[1.0 +/- 1e-100]"}))
    assert [p for p, _ in digits.full_certificate] == ["50 digits", "100 digits"]     # balls: both, every digit


def test_the_appendix_keeps_every_digit_of_the_certificate():
    ball = "lhs − rhs ∈ [0.00709947805928180892158746957280902666792 +/- 2.50e-52], so lhs − rhs > 0"
    replay = "; replayed with SymPy evalf at 50 digits: lhs − rhs = 0.0070994780592818089216"
    cx = Counterexample({"lam": "131/100"}, {50: "1"}, {50: "2"},
                        "replayed with SymPy evalf at 50 and 100 digits: lhs − rhs = 0.00709948", {50: ball + replay},
                        quantity="lhs − rhs", gap={50: Ball("0.00709947805928180892158746957280902666792", "2.5e-52")},
                        excludes="> 0", certified={50: ball})
    view = CounterexampleView.of(cx)
    assert view.full_certificate == [("50 digits", ball + replay)]
    assert view.certificate == [("50 digits", "lhs − rhs ≈ 0.00709948 (radius < 10⁻⁵⁰), so lhs − rhs > 0")]


def test_an_inequality_that_holds_with_room_says_its_least_margin_never_a_negative_error():
    held = NumericEvidence(14, (50, 100), "-0.122", (), 0, "", "worst value bounds the violation")
    touching = NumericEvidence(14, (50, 100), "-2.5e-127", (), 0, "", "worst value bounds the violation")
    assert "least margin 0.122" in numeric_summary(held) and "-0.122" not in numeric_summary(held)
    assert "least margin < 10⁻⁵⁰" in numeric_summary(touching) and "error" not in numeric_summary(touching)
    # The near miss: an equality's error, and a violation, keep their words and their sign.
    assert "worst error 3.2 × 10⁻³¹" in numeric_summary(NumericEvidence(14, (50, 100), "3.2e-31"))
    assert "worst error 0" in numeric_summary(NumericEvidence(14, (50, 100), "0"))


def test_a_measured_errors_caption_says_what_was_drawn_and_never_draws_of_nothing():
    from verifier import positive, real
    from verifier.evidence.measure import measure_error
    lam, x = positive("lambda_m7"), real("x_m7")
    alone = measure_error(lam ** 2, lam, {lam: [0.5, 1.0]}, relative=False, samples=3, seed=0, dps=30)
    assert alone.caption == "Measured error over the grid, at each row's point (30 digits)"
    assert [r[1] for r in alone.rows] == ["0.25", "0.0"]
    # The near miss: a symbol the grid leaves free is drawn, and the caption says how.
    drawn = measure_error(lam * x, lam, {lam: [0.5]}, relative=False, samples=3, seed=0, dps=30)
    assert drawn.caption.startswith("Measured error over the grid; x_m7 drawn at random (seed 0, 3 draws per row")
