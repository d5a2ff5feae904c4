"""A derivation's machine record in the HTML (closed, one click away inside the reader's derivation) sets the
checker's formulas with the report's printer (∞, a sum as a sum; never oo, Sum(…), kappa) and says a strategy
that raised as what it could not decide ("SymPy's limit could not decide it"), the program's words (the strategy's
name, the exception) kept in its hover text.  Near misses: plain text the engine wrote as text stays as written,
and a name followed by other words than " failed: " is not taken for a failure."""
from __future__ import annotations

import dataclasses
import html as _html
import re

from tests.report import report_samples as samples
from verifier.present.report.html import machine_html, render_html
from verifier.present.report.view import build_view
from verifier.verdicts import Check, Formula, Name, Said, Verdict

SUM = Formula("Sum(exp(s[i] + varepsilon[i])*v[i], (i, 1, n))",
              r"\sum_{i=1}^{n} e^{s_{i} + \varepsilon_{i}} v_{i}")
DETAIL = Said(Name("tail_bound"), ": only at a concrete point; ", Name("sympy_limit"), " failed: ",
              Name("NotImplementedError"), "; the limit is ", Formula("oo", r"\infty"), "; the value ", SUM,
              "; c = ", Formula("g*kappa", r"g \kappa"))


def _visible(fragment: str) -> str:
    fragment = re.sub(r"<annotation[^>]*>.*?</annotation>", "", fragment, flags=re.S)   # MathML's TeX source
    return _html.unescape(re.sub(r"<[^>]+>", "", fragment))


def test_a_failed_strategy_reads_as_what_it_could_not_decide_with_the_program_words_in_its_hover_text():
    shown = machine_html(DETAIL)
    assert "SymPy's limit could not decide it" in _visible(shown)
    assert "NotImplementedError" not in _visible(shown) and "failed:" not in _visible(shown)
    assert 'data-program="sympy_limit failed: NotImplementedError"' in shown           # kept for tools, not shown
    assert "title=" not in shown                                                       # nor in a hover text


def test_formulas_are_set_as_mathematics_not_as_the_programs_printing():
    shown = machine_html(DETAIL)
    assert "<math" in shown and "∞" in shown and "κ" in shown and "∑" in shown
    assert not [w for w in ("oo", "Sum(", "kappa", "varepsilon") if w in _visible(shown)]


def test_near_miss_other_words_after_a_name_and_plain_text_stay_as_written():
    shown = machine_html(DETAIL)
    assert "tail_bound" in _visible(shown) and ": only at a concrete point" in _visible(shown)
    plain = "tail_bound: only at a concrete point; sympy_limit failed: NotImplementedError"
    assert machine_html(plain) == plain                                   # text, not parts: nothing read into it


def test_the_whole_page_sets_a_checks_detail_this_way_in_its_machine_record():
    run = samples.sample_run()
    tricky = run.derivations[1]
    limit = Check("lhs − rhs → 0 as x → 0", Verdict.NUMERIC, "limit", "x → 0", DETAIL,
                  measured="|lhs − rhs| along the approach: x=0.1: 0.000347")
    first = dataclasses.replace(tricky.steps[0], checks=[limit, *tricky.steps[0].checks[1:]])
    run = dataclasses.replace(run, derivations=[run.derivations[0], dataclasses.replace(
        tricky, steps=[first, *tricky.steps[1:]]), *run.derivations[2:]])
    page = "".join(render_html(build_view(run, versions=[], commit="x", date="d")))
    machine = " ".join(re.findall(r'<details class="d-machine">(.*?)</details>', page, flags=re.S))
    assert "SymPy's limit could not decide it" in _visible(machine)
    assert "NotImplementedError" not in _visible(machine) and "Sum(" not in _visible(machine)


def test_a_limits_certificate_keeps_its_formulas_to_the_machine_record():
    from verifier.present.report.view import CounterexampleView
    from verifier.verdicts import Counterexample, MeasuredTrend
    words = Said("at this point the limit of (lhs − rhs)/h^2 is ", Formula("oo", r"\infty"))
    along = Counterexample({"x": "approach from +: 0.1 … 0.01"}, {50: "0.5, 0.9", 100: "0.5, 0.9"},
                           {50: "→ 0", 100: "→ 0"}, certificate={50: words, 100: words})
    view = CounterexampleView.of(along, trend=MeasuredTrend("|lhs − rhs|", "x", ("0.1", "0.01"), ("0.5", "0.9")))
    [(_, kept)] = view.full_certificate
    shown = _visible(machine_html(kept))
    assert "∞" in shown and "is oo" not in shown
    assert str(kept) == "at this point the limit of (lhs − rhs)/h^2 is oo"     # as text, the engine's words
