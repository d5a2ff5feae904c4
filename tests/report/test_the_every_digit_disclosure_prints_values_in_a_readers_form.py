"""The HTML's "every digit" under a refuted step prints its point and its two values in a reader's form, from
their values: a minus sign, not a hyphen, and a power of ten, not the engine's e-notation
("−4.8002143809454492707 × 10⁻⁵", not "-4.8002143809454492707e-5"), with no digit added, dropped or rounded.
Near misses: a value the engine could only say in words stays as said, and the PDF's machine record keeps the
engine's own form."""
from __future__ import annotations

import dataclasses
import re

from tests.report import report_samples as samples
from verifier.present.report import numbers, write_reports
from verifier.present.report.view import CounterexampleView
from verifier.verdicts import Ball, Counterexample, FrozenMap, PointValue

LHS = "-4.8002143809454492707e-5"
RHS = "0.60563378906351701034"


def _cx() -> Counterexample:
    return Counterexample(
        point=FrozenMap({"x": "-0.73215896264627223", "s": "(0.125, -2.75, …) (17 entries)"}),
        lhs=FrozenMap({50: LHS, 100: "undefined (a division by zero)"}), rhs=FrozenMap({50: RHS, 100: RHS}),
        certificate=FrozenMap({50: f"lhs − rhs ∈ [{LHS} +/- 1e-52]"}), quantity="lhs − rhs",
        gap=FrozenMap({50: Ball("-0.60568179120732646483", "1e-52")}), excludes="≠ 0",
        values=FrozenMap({"x": PointValue("-0.73215896264627223"),
                          "s": PointValue(entries=("0.125", "-2.75"), length=17)}))


def test_every_digit_of_a_number_reads_with_a_minus_sign_and_a_power_of_ten():
    assert numbers.every_digit(LHS) == "−4.8002143809454492707 × 10⁻⁵"
    assert numbers.every_digit("12.50") == "12.50"                     # nothing dropped
    assert numbers.every_digit("undefined (a division by zero)") == "undefined (a division by zero)"
    # a trend's values, literal by literal; a list with words in it stays as said
    assert numbers.every_digit("0.0030842, 3.57824e-6, -1e-10") == "0.0030842, 3.57824 × 10⁻⁶, −1 × 10⁻¹⁰"
    assert numbers.every_digit("0.5, undefined") == "0.5, undefined"


def test_the_disclosures_point_and_values_are_set_from_their_values():
    view = CounterexampleView.of(_cx(), "=")
    # the drawn double x as the exact decimal the balls were certified at
    assert dict(view.digits_point) == {"x": "−0.73215896264627222667087380614248104393482208251953125",
                                       "s entries": "(0.125, −2.75, …)"}     # named as the short point names it
    assert view.digits_table.rows == [["50 digits", "−4.8002143809454492707 × 10⁻⁵", RHS],
                                      ["100 digits", "undefined (a division by zero)", RHS]]
    # near miss: the engine's form stays in the view's full point and table (the JSON's)
    assert view.full_table.rows[0][1] == LHS and dict(view.full_point)["x"] == "-0.73215896264627223"


def test_the_html_disclosure_holds_no_hyphen_minus_or_e_notation(tmp_path):
    run = samples.sample_run()
    broken = run.derivations[2]
    step = dataclasses.replace(broken.steps[0], counterexample=_cx())
    run = dataclasses.replace(run, derivations=[*run.derivations[:2],
                                                 dataclasses.replace(broken, steps=[step, *broken.steps[1:]]),
                                                 *run.derivations[3:]])
    write_reports(run, tmp_path, formats=("html",))
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    disclosures = [d for d in re.findall(r'<details class="full-numbers">.*?</details>', page, flags=re.S)
                   if "0.60563378906351701034" in d]
    assert len(disclosures) == 1
    text = re.sub(r"<[^>]+>", " ", disclosures[0])
    assert "−4.8002143809454492707 × 10⁻⁵" in text and "−0.73215896264627222667087380614248104393482208251953125" in text
    assert not re.search(r"\d[eE][-+]?\d", text) and not re.search(r"(?<![\w)])-\d", text), text


def test_only_a_disclosure_holding_certified_balls_says_so(tmp_path):
    """A refutation certified by balls opens on "every digit (the certified balls)"; one whose certificate is not
    a ball (a limit's trend of six-digit values, the engine's words) opens on "the values at both precisions"."""
    run = samples.sample_run()
    broken = run.derivations[2]
    step = dataclasses.replace(broken.steps[0], counterexample=_cx())
    run = dataclasses.replace(run, derivations=[*run.derivations[:2],
                                                 dataclasses.replace(broken, steps=[step, *broken.steps[1:]]),
                                                 *run.derivations[3:]])
    write_reports(run, tmp_path, formats=("html",))
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    opened = re.findall(r'<details class="full-numbers"><summary>(.*?)</summary>(.*?)</details>', page, flags=re.S)
    with_balls = [summary for summary, body in opened if " ∈ " in body]
    without = [summary for summary, body in opened if " ∈ " not in body]
    assert with_balls == ["every digit (the certified balls)"]
    assert without and set(without) == {"the values at both precisions"}, without
