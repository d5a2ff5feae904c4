"""The report's "Checking the checker" section: the mutation score, its coverage and every surviving mutant.

A reader deciding whether to trust "proved" must see how many edits of the
steps were rejected, which steps were not measured (and how to measure them),
and every edit that got through with the author's explanation, or a plain mark
that there is none.  The summaries here are made by hand: the report only reads
`RunResult.mutation`, whoever fills it.
"""
from __future__ import annotations

import dataclasses
import json
import re

import pytest
import sympy as sp

from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import provenance, write_reports
from verifier.present.report.html import render_html
from verifier.present.report.mutation import percent
from verifier.present.report.view import build_view
from verifier.present.results_json import to_dict
from verifier.verdicts import MutationSummary, SurvivingMutant

x = sp.Symbol("x")
# Far wider than any column: SymPy's printing of (1+x)^18 expanded, as the mutation run would record it.
LONG_MUTANT = str(sp.expand((1 + x) ** 18)) + " - 1"
# Wide but short enough to be typeset as a formula.
WIDE_MUTANT = ("log(Sum(exp(lambda*s[i]), (i, 2, n + 1))/n) - lambda*IndexedMax(s[k], (k, 1, n)) "
               "+ lambda*Sum(s[j], (j, 1, n))/n - 2*lambda*sbar")
COMMAND = "python -m verifier mutate derivations/"


def survivors() -> list[SurvivingMutant]:
    return [
        SurvivingMutant("entropy::entropy_lower_bound::3", "constant", "constant 1 → 1 · (1 + 10⁻⁶)",
                        "log(n) + 1000001*lambda*sbar/1000000 - lambda*Sum(s[i]*exp(lambda*s[i]), (i, 1, n))",
                        ">=", "numeric",
                        "slack: original >= mutant at 48 points with seed 8, so the mutant is a weaker claim that "
                        "the original implies (true)",
                        "Jensen leaves room: log Z/n − λ s̄ ≥ 0 by a margin, so a small change of s̄'s weight stays true."),
        SurvivingMutant("entropy::entropy_lower_bound::4", "factor", "factor λ dropped", WIDE_MUTANT, ">=", "numeric",
                        "ENGINE MISS: the mutated step is false at lambda = 20, a point the sampling does not visit "
                        "(typically where the original bound is tight)"),
        SurvivingMutant("entropy::entropy_lower_bound::4", "constant", "constant 18 → 18 · (1 + 10⁻⁶)", LONG_MUTANT,
                        ">=", "numeric", "not explained: the probe was inconclusive (timeout)"),
        SurvivingMutant("tricky_text::tricky_text::2", "factor", "factor 2 dropped", "x*(2 - x)/2", "propto", "proved",
                        "true: mutant = original × (2), a factor free of x, and ∝ holds up to such factors",
                        "∝ wrt x ignores constant factors: the mutant is the same claim."),
        SurvivingMutant("max_entropy::jensen_log_partition::1", "index", "free index j renamed to k",
                        "lambda*Sum(s[k], (j, 1, n))/n", ">=", "cases",
                        "probably true: a different claim that still holds at 48 points with seed 8",
                        "At n = 1…6 the renamed index is summed n times; the claim is checked only at sizes anyway."),
        SurvivingMutant("gone::removed_derivation::2", "sign", "right side negated", "Derivative(f(x), x)", "=",
                        "numeric", "equivalent: equal to the original right side at 48 points with seed 8 "
                        "(exact simplification missed it)", "The step is zero on both sides."),
    ]


def summary(**changes) -> MutationSummary:
    base = MutationSummary(
        steps=14, measured=11, mutants=60, killed=53, survived=6, equivalent=1, survivors=survivors(),
        unmeasured=["entropy::entropy_lower_bound::2", "tricky_text::tricky_text::3"],
        older_engine=["broken::broken_chain::2"],
        unused_notes=["max_entropy::jensen_log_partition::3: sign",
                      "entropy::entropy_lower_bound::1: constant 2 → 2 · (1 + 10⁻⁶)"],
        skipped=["broken::broken_chain::1: the original does not pass (refuted)"],
        settings={"points": 12, "dps": [50, 100], "seed": 0}, command=COMMAND)
    return dataclasses.replace(base, **changes)


def run_with(mutation):
    return dataclasses.replace(samples.sample_run(), mutation=mutation)


def view_of(run):
    return build_view(run, versions=[], commit="abc1234", date="2026-01-01")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("html-mutation")
    write_reports(run_with(summary()), out, formats=("html",))
    return (out / "index.html").read_text(encoding="utf-8")


def _text(html: str) -> str:
    """Visible text; the spaces visible_text puts for inline tags are dropped before punctuation."""
    return re.sub(r"\s+([,.;:)])", r"\1", tools.visible_text(html))


# ---- what the section says -----------------------------------------------------------------------

def test_score_sentence_counts_rejected_false_edits_of_the_measured_steps():
    m = view_of(run_with(summary(survivors=[s for s in survivors() if s.explanation], survived=4,
                                 killed=55))).mutation
    # 55 of 59 non-equivalent mutants, rounded down.
    assert m.sentence == "Mutation score 93.2% (1 of its 11 steps measured by an earlier version of the engine): 55 of 59 edits of 11 steps were rejected; 4 survived, each explained below"
    assert m.warning == ""


def test_no_survivor_and_nothing_judged_are_said_in_words():
    none = view_of(run_with(summary(survivors=[], survived=0, killed=59, unused_notes=[]))).mutation
    assert none.sentence.endswith("59 of 59 edits of 11 steps were rejected; none survived")
    assert none.score == "100.0%" and none.groups == []
    nothing = view_of(run_with(MutationSummary(steps=3, measured=3, mutants=2, equivalent=2))).mutation
    assert nothing.score == "" and nothing.sentence == "No mutant of the 3 steps measured could be judged"


def test_unexplained_survivors_are_counted_in_the_score_sentence_as_a_warning(page):
    m = view_of(run_with(summary())).mutation
    assert m.warning == ", 2 not explained"
    assert m.unexplained == 2
    text = _text(page)
    assert "Mutation score 89.8% (1 of its 11 steps measured by an earlier version of the engine): 53 of 59 edits of 11 steps were rejected; 6 survived, 2 not explained." in text
    assert re.search(r'<strong class="warn">, 2 not explained</strong>', page)
    assert page.count("⚠ not explained") == 2


def test_score_is_rounded_down_so_it_never_reads_better_than_it_is():
    assert percent(575 / 576) == "99.8%"
    assert percent(1.0) == "100.0%"
    assert percent(560 / 576) == "97.2%"


def test_the_machine_record_carries_one_line_with_the_score_linking_to_the_section_and_the_header_none(page):
    head = page.split("</header>", 1)[0]
    record = page[page.index('id="machine-record"'):page.index('id="mutation"')]
    line = '<a href="#mutation">Checking the checker: mutation score 89.8% (1 of its 11 steps measured by an earlier version of the engine) (53 of 59 edits rejected; ' \
           '6 survivors, 2 not explained); 11 of 14 steps measured</a>'
    assert line in record
    assert "mutation score" not in head and 'href="#mutation">Checking the checker</a>' in head     # its way, one click


def test_unmeasured_and_older_engine_steps_are_listed_with_the_command_to_measure_them(page):
    text = _text(page)
    assert "11 of 14 steps that can be mutated were measured; the record of 1 step was made by an older version of the engine." in text
    assert re.search(r"not measured\s+entropy_lower_bound: step 2; tricky_text: step 3", text)
    assert re.search(r"measured by an older engine\s+broken_chain: step 2", text)
    assert f"to measure {COMMAND}, then python -m verifier all" in text
    assert "broken_chain, step 1 (the original does not pass (refuted))" in text


def test_a_long_list_of_unmeasured_steps_is_folded_under_its_count_in_html():
    many = [f"entropy::entropy_lower_bound::{k}" for k in (1, 2, 3, 4)] + \
           [f"max_entropy::jensen_log_partition::{k}" for k in (1, 2, 3)] + [f"gone::d{k}::1" for k in range(7)]
    html = "".join(render_html(view_of(run_with(summary(unmeasured=many)))))
    assert "<summary>14 steps of 9 derivations</summary>" in html
    assert "entropy_lower_bound</a>: steps" in html        # still all there when unfolded


def test_nothing_measured_says_so_plainly_with_the_commands():
    run = run_with(MutationSummary(steps=14, measured=0))
    html = "".join(render_html(view_of(run)))
    text = _text(html)
    assert ("Mutation testing was not measured in this run: run python -m verifier mutate (about 15 minutes), "
            "then python -m verifier all.") in text
    assert "Mutation score" not in text


def test_no_section_and_no_line_when_the_run_has_no_mutation_summary(tmp_path):
    run = run_with(None)
    assert view_of(run).mutation is None
    write_reports(run, tmp_path, formats=("html", "latex"))
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    tex = (tmp_path / "derivations.tex").read_text(encoding="utf-8")
    assert 'id="mutation"' not in html and "Checking the checker" not in html
    assert "Checking the checker" not in tex and r"\hyperlink{mutation" not in tex


# ---- the survivors -------------------------------------------------------------------------------

def test_each_survivor_links_to_its_step_and_the_step_links_back(page):
    view = view_of(run_with(summary()))
    entropy = next(d for d in view.derivations if d.name == "entropy_lower_bound")
    step3, step4 = entropy.steps[2], entropy.steps[3]
    assert (step3.survivors, step4.survivors, step4.survivors_unexplained) == (1, 2, 2)
    assert f'<a href="#{step3.anchor}">step 3</a>' in page
    assert f'id="{step3.survivors_anchor}"' in page
    assert f'href="#{step4.survivors_anchor}"' in page and "2 surviving mutants, 2 not explained" in page


def test_survivors_are_grouped_by_derivation_in_report_order():
    m = view_of(run_with(summary())).mutation
    names = [g.qualified for g in m.groups]
    numbers = {d.qualified: d.number for d in view_of(run_with(summary())).derivations}
    known = [n for n in names if n in numbers]
    assert known == sorted(known, key=numbers.get)
    assert names[-1] == "gone::removed_derivation"      # not in this report: last, unlinked
    assert m.groups[-1].anchor == "" and m.groups[-1].survivors[0].where.anchor == ""


def test_mutants_are_typeset_as_maths_unless_too_long_or_not_sympy(page):
    m = view_of(run_with(summary())).mutation
    by_text = {s.mutant_text: s for g in m.groups for s in g.survivors}
    assert r"\max_{k}" in by_text[WIDE_MUTANT].mutant_latex          # parsed, with IndexedMax as max
    assert by_text[LONG_MUTANT].mutant_latex == ""                       # wraps as text instead
    assert by_text["Derivative(f(x), x)"].mutant_latex == ""
    assert f'<code class="mtext">{LONG_MUTANT}</code>' in page


def test_explanation_second_look_and_engine_miss_are_shown(page):
    assert "Jensen leaves room" in page
    assert '<div class="second-look is-miss"><span class="k">second look</span> ENGINE MISS' in page
    assert page.count('class="second-look') == len(survivors())


def test_unused_notes_are_listed_as_a_warning(page):
    text = _text(page)
    assert re.search(r"⚠ Unused notes: .*jensen_log_partition, step 3 sign", text)


# ---- JSON ----------------------------------------------------------------------------------------

def test_json_mutation_section_round_trips_with_score_unexplained_and_explained_flags():
    data = json.loads(json.dumps(to_dict(run_with(summary())), ensure_ascii=False))
    m = data["mutation"]
    assert (m["steps"], m["measured"], m["mutants"], m["killed"], m["survived"], m["equivalent"]) == (14, 11, 60, 53, 6, 1)
    assert m["score"] == pytest.approx(53 / 59)
    assert m["unexplained"] == 2
    assert [s["explained"] for s in m["survivors"]] == [bool(s.explanation) for s in survivors()]
    assert m["survivors"][1]["mutant"] == WIDE_MUTANT
    assert m["unmeasured"] and m["older_engine"] and m["unused_notes"] and m["skipped"]
    assert m["command"] == COMMAND and m["settings"]["points"] == 12


def test_json_mutation_is_null_when_not_asked_for_and_score_null_when_nothing_was_judged():
    assert to_dict(run_with(None))["mutation"] is None
    nothing = to_dict(run_with(MutationSummary(steps=3, measured=3, mutants=2, equivalent=2)))["mutation"]
    assert nothing["score"] is None and nothing["unexplained"] == 0


# ---- LaTeX and PDF -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("pdf-mutation")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", "1700000000")
        mp.setattr(provenance, "git_commit", lambda: "abc1234")
        write_reports(run_with(summary()), out, formats=("latex",))
    log = tools.latexmk(out / "derivations.tex")
    return out, log


@pytest.mark.tex
def test_latex_with_a_long_mutant_compiles_without_problems_or_overfull_boxes(built):
    out, log = built
    assert tools.log_problems(log) == []
    assert tools.overfull_boxes(log) == []


@pytest.mark.tex
def test_latex_of_a_run_with_nothing_measured_compiles_and_says_how_to_measure(tmp_path):
    write_reports(run_with(MutationSummary(steps=14, measured=0)), tmp_path, formats=("latex",))
    log = tools.latexmk(tmp_path / "derivations.tex")
    assert tools.log_problems(log) == [] and tools.overfull_boxes(log) == []
    text = re.sub(r"\s+", " ", tools.pdf_text(tmp_path / "derivations.pdf"))
    assert ("Mutation testing was not measured in this run: run python -m verifier mutate (about 15 minutes), "
            "then python -m verifier all.") in text


@pytest.mark.tex
def test_pdf_shows_the_score_sentence_survivors_and_unexplained_marks(built):
    out, _ = built
    text = re.sub(r"\s+", " ", tools.pdf_text(out / "derivations.pdf"))
    assert "Checking the checker: mutation testing" in text
    assert "Mutation score 89.8% (1 of its 11 steps measured by an earlier version of the engine): 53 of 59 edits of 11 steps were rejected; 6 survived, 2 not explained." in text
    assert text.count("not explained") >= 2 + 1
    assert "Unused notes:" in text
    assert COMMAND in text


def test_a_long_list_of_steps_is_counted_in_the_pdf_and_kept_whole_in_the_html(tmp_path):
    # the PDF's appendix is for reading: 93 step names of 30 derivations are a lookup, which the HTML keeps folded
    from verifier.present.report import write_reports
    many = [f"entropy::entropy_lower_bound::{k}" for k in (1, 2, 3, 4)] + [f"gone::d{k}::1" for k in range(7)]
    run = run_with(summary(unmeasured=many, older_engine=["broken::broken_chain::2"]))
    write_reports(run, tmp_path, formats=("latex",))
    tex = (tmp_path / "derivations.tex").read_text(encoding="utf-8")
    assert r"\key{not measured} 11 steps of 8 derivations, listed in the HTML report" in tex
    assert "entropy\\_\\allowbreak{}lower\\_\\allowbreak{}bound}: steps" not in tex.split(r"\key{not measured}")[1][:300]
    assert re.search(r"\\key\{measured by an older engine\} \\hyperlink\{[^}]*\}\{broken", tex)   # a short list stays
    html = "".join(render_html(view_of(run)))
    assert "entropy_lower_bound</a>: steps" in html and "gone::d6, step 1" in html      # every step, in the HTML


def test_the_pdf_lists_survivors_that_need_reading_in_full_and_explained_ones_one_line_each(tmp_path):
    # A survivor nobody explained, or one the second look found false, is read whole: its mutant, verdict and
    # second look.  One its author explained is a line of edit and reason with the second look's conclusion;
    # its formula and the whole second look stay in the HTML report (and the JSON).
    from verifier.present.report import write_reports
    write_reports(run_with(summary()), tmp_path, formats=("latex",))
    tex = (tmp_path / "derivations.tex").read_text(encoding="utf-8")
    assert "Needs reading:} 1 engine miss (the second look found the mutant false); 2 survivors nobody has explained" in tex
    to_read, explained = tex.split("Needs reading:")[1].split("survivors explained by their authors")
    assert r"\key{second look} ENGINE MISS" in to_read                 # an engine miss is read in full
    assert "not explained: the probe was inconclusive" in to_read       # so is an unexplained survivor's
    assert "x**18 + 18*x**17" in to_read and r"\max_{k}" in to_read    # with its mutant
    assert "Jensen leaves room" not in to_read
    assert "Jensen leaves room" in explained
    assert r"\color{muted}(slack)}" in explained and r"\color{muted}(equivalent)}" in explained
    assert "at 48 points with seed 8, so the mutant is a weaker" not in explained
    assert "1000001" not in explained and r"\mutmath" not in explained    # no formula: it is in the HTML
    assert "the second look found 1 equivalent, 1 probably true, 1 slack, 1 true." in re.sub(r"\s+", " ", explained)
    # every survivor keeps its anchor, so a step's link to its survivors lands on one
    assert all(rf"\hypertarget{{mutation-{k}}}" in tex for k in range(1, len(survivors()) + 1))
    html = "".join(render_html(view_of(run_with(summary()))))
    assert "so the mutant is a weaker claim that the original implies (true)" in html   # the HTML keeps it all
    assert html.count('class="mexpr"') + html.count('class="mtext"') == len(survivors())


def test_the_needs_reading_line_is_there_only_when_a_survivor_needs_reading(tmp_path):
    explained = [s for s in survivors() if s.explanation and not s.second_look.startswith("ENGINE MISS")]
    run = run_with(summary(survivors=explained, survived=len(explained), killed=59 - len(explained)))
    write_reports(run, tmp_path, formats=("latex",))
    tex = (tmp_path / "derivations.tex").read_text(encoding="utf-8")
    html = "".join(render_html(view_of(run)))
    assert "Needs reading" not in tex and "Needs reading" not in html
    assert "4 survivors explained by their authors" in tex and "4 survivors explained by their authors" in html
    page = "".join(render_html(view_of(run_with(summary()))))
    assert "⚠ Needs reading:</strong> 1 engine miss (the second look found the mutant false); 2 survivors " \
           "nobody has explained" in page
    assert page.index("Needs reading") < page.index("ENGINE MISS") < page.index("survivors explained by")


def test_the_coverage_names_the_engine_versions_that_made_the_records_and_when():
    old, new = "c1dd94c7" + "0" * 56, "f7767a16" + "1" * 56
    m = view_of(run_with(summary(engines={old: 10, new: 1}, engine=new,
                                 measured_between=["2026-11-30T10:00:00Z", "2026-12-01T09:00:00Z"]))).mutation
    assert m.engine_text == ("Measured by engine c1dd94c7 (10 steps), engine f7767a16 (1 step), between "
                             "2026-11-30 and 2026-12-01; this report's engine is f7767a16.")
    same = view_of(run_with(summary(engines={new: 11}, engine=new,
                                    measured_between=["2026-12-01T09:00:00Z"] * 2))).mutation
    assert same.engine_text == "Measured by engine f7767a16, on 2026-12-01."
    assert view_of(run_with(summary())).mutation.engine_text == ""


def test_many_unused_notes_are_counted_in_the_pdf_and_listed_in_the_html(tmp_path):
    from verifier.present.report import write_reports
    notes = [f"entropy::entropy_lower_bound::{k}: sign" for k in (1, 2, 3, 4)] + \
            [f"max_entropy::jensen_log_partition::{k}: index" for k in (1, 2, 3)]
    run = run_with(summary(unused_notes=notes))
    write_reports(run, tmp_path, formats=("latex",))
    tex = (tmp_path / "derivations.tex").read_text(encoding="utf-8")
    assert r"no survivor needs 7 \texttt{survives=} notes any more" in tex and "listed in the HTML report" in tex
    assert re.search(r"⚠ Unused notes: .*jensen_log_partition, step 3 index", _text("".join(render_html(view_of(run)))))


def test_the_terminal_rounds_the_score_down_like_the_report():
    """1580 of 1628 is 97.05%: both say 97.0%, so a reader never sees two scores for one run."""
    from types import SimpleNamespace
    from verifier.present.terminal import Terminal
    m = SimpleNamespace(measured=2, score=1580 / 1628, killed=1580, mutants=1628, equivalent=0, survived=48,
                        unexplained=[], steps=2, older_engine=[], command="python -m verifier mutate")
    assert percent(1580 / 1628) == "97.0%"
    assert Terminal.mutation_line(m).startswith("mutation score 97.0%: 1580 of 1628")


def test_a_survivors_derivation_is_named_by_its_function_in_its_file_not_file_colons(page):
    rows = re.findall(r'<tr class="group-row">(.*?)</tr>', page, flags=re.S)
    assert rows and all("::" not in tools.visible_text(r) for r in rows)
    assert all(re.search(r'data-qualified="[^"]+::[^"]+"', r) for r in rows)      # kept for tools
