"""Under a step the HTML says only a reader's words: the checker's own record of the numbers (every point it
replayed, as coordinates, with the engine's "SymPy's lambdify", "point(s)"), of each check
(exception classes), its note on a step that holds and its method sit in the derivation's machine record, a click
away under its heading, the instruments said as the mathematics they compute and a strategy's name kept for tools,
with a link back to its step; the reader's summary of the same numbers stays under the step.  No hover text
outside the machine record names the program (file::function, a file, a strategy, an underscored name)."""
from __future__ import annotations

import dataclasses
import html as _html
import re

import pytest

from tests.report import report_samples as samples
from verifier.present.report import write_reports
from verifier.verdicts import (Check, Counterexample, CrossCheck, Formula, MeasuredTrend, RunResult, Said,
                               Verdict)

ENGINE_NOTE = ("no counterexample in 32 points (structure 4, random 12, far 6, optimised 10); cross-checked at "
               "{'x': '0.067648328211650899'}: replayed with SymPy's lambdify to mpmath at 30 and 60 digits; "
               "2 point(s) skipped as no evidence")
STEP_NOTE = "checked numerically, not proved: symbolic: convexity: not smooth; symbolic outcome from the proof cache"
CHECK_DETAIL = "tail_bound: only at a concrete point; sympy_limit failed: NotImplementedError; the limit is oo"
TREND_RECORD = Said("at this point, sympy.limit gives ", Formula("oo", r"\infty"), ", not 0 (SymPy's limit ",
                    Formula("oo", r"\infty"), " agrees)")
ENGINE_WORDS = ("{'", "approach from", "lambdify", "point(s)", "tail_bound", "sympy_limit", "NotImplementedError", " oo", "proof cache",
                "expand_log_strategy", "sympy.limit")


def _run() -> RunResult:
    run = samples.sample_run()
    entropy, tricky = run.derivations[0], run.derivations[1]
    numeric = dataclasses.replace(entropy.steps[2].numeric, note=ENGINE_NOTE, skipped=2,
                                  cross_check=CrossCheck(replayed=22, by=("mpmath",)))
    third = dataclasses.replace(entropy.steps[2], numeric=numeric, message=STEP_NOTE)
    first = dataclasses.replace(entropy.steps[0], strategy="expand_log_strategy", method="limit: sympy.limit")
    entropy = dataclasses.replace(entropy, steps=[first, entropy.steps[1], third, *entropy.steps[3:]])
    limit = Check("lhs − rhs → 0 as x → 0", Verdict.NUMERIC, "limit", "x → 0", CHECK_DETAIL,
                  measured="|lhs − rhs| along the approach: x=0.1: 0.000347, x=0.01: 3.3 × 10⁻⁷")
    first = dataclasses.replace(tricky.steps[0], checks=[limit, *tricky.steps[0].checks[1:]])
    # a refuted limit: its counterexample is a trend along the approach, its certificate the engine's sentence
    trend = MeasuredTrend("|lhs − rhs|", "x", ("0.1", "0.01"), ("0.5", "0.9"))
    refuted = Check("lhs − rhs → 0 as x → 0", Verdict.REFUTED, "limit", "x → 0", TREND_RECORD, trend=trend)
    along = Counterexample({"x": "approach from +: 0.1 … 0.01"}, {50: "0.5, 0.9", 100: "0.5, 0.9"},
                           {50: "→ 0", 100: "→ 0"}, certificate={50: TREND_RECORD, 100: TREND_RECORD})
    last = dataclasses.replace(tricky.steps[4], checks=[refuted], counterexample=along, numeric=None)
    tricky = dataclasses.replace(tricky, steps=[first, *tricky.steps[1:4], last])
    return dataclasses.replace(run, derivations=[entropy, tricky, *run.derivations[2:]])


@pytest.fixture(scope="module")
def html(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("engine_words")
    write_reports(_run(), out, formats=("html",))
    return (out / "index.html").read_text(encoding="utf-8")


def _machine(html: str) -> list[str]:
    return re.findall(r'<details class="d-machine">(.*?)</details>', html, flags=re.S)


def _visible(html: str) -> str:
    return re.sub(r"<[^>]*>", "", html)


def _outside_machine(html: str) -> str:
    html = _html.unescape(html)
    html = re.sub(r'<details class="d-machine">.*?</details>', " ", html, flags=re.S)
    html = re.sub(r'<section class="source-files".*?</section>', " ", html, flags=re.S)
    html = re.sub(r'<pre class="message">.*?</pre>', " ", html, flags=re.S)     # a load error's traceback
    return html[:html.find('id="machine-record"')]


def test_no_engine_word_of_a_step_is_under_the_step(html):
    rest = _outside_machine(html)
    assert not [w for w in ENGINE_WORDS if w in rest]
    assert "the cross-check in full" not in rest and "the checker's own notes" not in rest


def test_the_machine_record_keeps_the_engine_words_with_a_link_to_their_step(html):
    machine = _html.unescape(" ".join(_machine(html)))
    # the point it replayed, as coordinates (x = …), not the program's dict
    assert "cross-checked at x = 0.067648328211650899:" in machine and "SymPy's lambdify" in machine
    assert "{'x'" not in machine
    # the certificate's words, its formulas set as mathematics (∞, not the program's oo)
    # the instruments said as the mathematics they compute, the strategy's name kept for tools, not shown
    assert "at this point, the symbolic limit is " in machine and ", not 0 (the symbolic limit " in machine
    assert "sympy.limit" not in _visible(machine) and "(strategy" not in _visible(machine)
    assert 'data-strategy="expand_log_strategy"' in machine
    assert "∞" in machine and "gives oo" not in machine
    assert CHECK_DETAIL in machine and STEP_NOTE in machine
    steps = re.findall(r'<a href="#([^"]+)">step (\d+)</a>, in the checker\'s words', machine)
    anchors = set(re.findall(r'\bid="([^"]+)"', html))
    assert steps and all(anchor in anchors for anchor, _ in steps)


def test_no_hover_text_outside_the_machine_record_names_the_program(html):
    titles = re.findall(r' title="([^"]*)"', _outside_machine(html))
    assert titles and not [t for t in titles if any(w in t for w in ("::", ".py", "strategy", "sympy", "_"))]


def test_near_miss_the_readers_summary_of_the_same_numbers_stays_under_the_step(html):
    rest = _outside_machine(html)
    assert "2 points were no evidence" in rest          # the skipped points, counted in words
    assert "along the approach" in rest                 # what the check measured, as a reader reads it
    assert "symbolic limit" in rest                     # the method, in a reader's words
