"""What the report says about a run: counts, labels, relations, wording; shared by HTML and LaTeX."""
from __future__ import annotations

import dataclasses
import time

import pytest

from tests.report import report_samples as samples
from verifier.present.report import FORMATS, ReportError, write_reports
from verifier.present.report.escape import tex_escape, tex_pdfstring
from verifier.present.report.latex import breakable_math, math
from verifier.present.report.mathml import to_mathml
from verifier.present.report.provenance import format_date, git_commit, report_epoch, versions
from verifier.present.report.view import RELATION_LATEX, build_view, format_seconds, kind_of
from verifier.present.report.prose import plain
from verifier.verdicts import Verdict


def _view(run=None):
    return build_view(run or samples.sample_run(), versions=[("Python", "3")], commit="abc", date="today")


def test_expected_refutation_is_labelled_and_counted_apart_from_refutations():
    tricky = _view().derivations[1]
    assert tricky.counts == {"proved": 3, "cases": 0, "numeric": 2, "restated": 0, "refuted": 0, "expected": 1,
                             "unknown": 0, "error": 0}
    step = tricky.steps[-1]
    assert (step.kind, step.label, step.passed) == ("expected", "refuted, as expected", True)


def test_plain_refutation_stays_refuted():
    assert kind_of(Verdict.CASES) == "cases"
    assert kind_of(Verdict.REFUTED) == "refuted"
    assert kind_of(Verdict.REFUTED, expect_refuted=True) == "expected"
    assert kind_of(Verdict.PROVED, expect_refuted=True) == "proved"


def test_totals_add_up_over_derivations_and_experiments():
    view = _view()
    assert view.totals == {"proved": 7, "cases": 2, "numeric": 3, "restated": 1, "refuted": 1, "expected": 2,
                           "unknown": 1, "error": 1}
    assert sum(view.totals.values()) == sum(len(d.steps) + len(d.experiments) for d in samples.sample_run().derivations)


def test_headline_states_claims_and_failures_truthfully():
    assert _view().headline == ("5 derivations checked; claims of the source texts: 1 proved to hold, 1 proved in a qualified form, 1 supported but not proved, 1 refuted, 1 not checked; "
                                "1 fails; 1 file failed to load")


def test_without_a_claims_register_the_headline_says_only_what_was_checked():
    run = samples.sample_run()
    passing = dataclasses.replace(run, derivations=run.derivations[:2], load_errors=[], claims=[])
    assert _view(passing).headline == "2 derivations checked, all pass"


def test_cases_never_look_proved():
    sizes = _view().derivations[3]
    first = sizes.steps[0]
    assert (first.kind, first.label) == ("cases", "checked at n = 1…6 only")
    assert (sizes.steps[2].kind, sizes.steps[2].label) == ("cases", "proved, n ≤ 3 only")
    assert sizes.kind == "cases" and "proved" != sizes.label
    assert sizes.counts["proved"] == 0


def test_a_restatement_is_counted_apart_from_proofs_and_warned_about():
    step = _view().derivations[3].steps[1]
    assert step.restatement and step.kind == "restated" and "checks nothing" in step.label


def test_a_step_that_checks_nothing_reads_restatement_though_its_sides_differ_as_written():
    """A step whose two sides are the same value once built (judge/vacuous.py) passes, but checks nothing: the
    reader sees "restatement", never "proved"; the near miss, a proved step that does real work, stays proved."""
    from verifier.present.report.view import StepView
    proved = _view().derivations[0].steps[0]
    base = next(s for s in samples.entropy_derivation().steps if s.verdict is Verdict.PROVED)
    vacuous = dataclasses.replace(base, vacuous="the side as written evaluates into the other side")
    assert StepView.of(vacuous, "a").kind == "restated"
    assert StepView.of(base, "a").kind == "proved" and proved.kind == "proved"


def test_strategy_and_certificate_are_carried_to_the_report():
    view = _view()
    assert view.derivations[3].steps[0].strategy == "concrete sizes"
    cx = view.derivations[4].steps[1].counterexample
    assert cx.full_certificate == [("30 digits", "-1.0 ± 1e-29"), ("60 digits", "-1.0 ± 1e-59")]
    # the running text sets the same numbers from their values, rounded; the full form above is what the JSON
    # and the appendix keep
    assert [(p, plain(c)) for p, c in cx.certificate] == [("30 digits", "-1.0 ± 10⁻²⁹"),
                                                          ("60 digits", "-1.0 ± < 10⁻⁵⁰")]


def test_a_derivation_built_to_refute_says_refutes_not_proved():
    refuter = _view().derivations[4]
    assert refuter.kind == "expected"
    assert refuter.label.startswith("refutes: this is Σ_t softmax")
    # A chain with a conclusion of its own that also documents one false claim keeps its verdict.
    assert _view().derivations[1].label == "numeric"


def test_hypotheses_are_listed_apart_from_sampling_ranges():
    sizes = _view().derivations[3]
    assert sizes.hypotheses == ["ε independent of (s, v)"]
    # A symbol the engine names "lambda" reads as its letter (the JSON keeps the name).
    assert sizes.sampling == ["n ∈ ℤ, n ≥ 1 (sampled at 3, 17, 256 only)", "λ ∈ [0.05, 20] (log-uniform)"]


def test_cited_facts_link_to_their_derivation_and_back():
    view = _view()
    entropy, sizes = view.derivations[0], view.derivations[3]
    check = sizes.steps[0].checks[0]
    assert (check.cites, check.cites_anchor) == ("entropy.py::entropy_lower_bound", entropy.anchor)
    assert entropy.cited_by == [("max_entropy.py::jensen_log_partition", sizes.anchor)]


def test_claims_link_to_the_derivations_addressing_them():
    view = _view()
    claim = next(c for c in view.claims if c.id == "002-mle")
    assert claim.derivations == [("max_likelihood.py::constant_variance_is_not_attention", view.derivations[4].anchor)]
    assert ("002-mle", claim.anchor) in view.derivations[4].claims
    assert claim.group == "qualified"


def test_seed_citation_is_stated_once_per_source_and_shared_notes_once_per_seed():
    view = _view()
    group = next(g for g in view.groups if g.seed.startswith("002_"))
    assert group.citation == samples.SEED_CITATION
    assert [text for _, _, text in group.shared_notes] == [samples.SHARED_NOTE]
    for d in group.derivations:
        assert samples.SEED_CITATION not in d.source
        assert samples.SHARED_NOTE not in d.notes
    assert view.derivations[4].source == "maximum-likelihood derivation"


def test_derivations_are_numbered_in_the_order_they_are_shown():
    view = _view()
    shown = [d.number for g in view.groups for d in g.derivations]
    assert shown == list(range(1, len(view.derivations) + 1))


def test_graph_has_claims_derivations_and_cited_facts_each_with_an_anchor():
    view = _view()
    anchors = {d.anchor for d in view.derivations} | {c.anchor for c in view.claims}
    edges = [(e.source, e.target, e.kind) for g in view.groups for e in g.graph_edges]
    assert any(kind == "cites" for _, _, kind in edges) and any(kind == "addresses" for _, _, kind in edges)
    for g in view.groups:
        for node in g.graph_nodes:
            assert node.href in anchors


@pytest.mark.parametrize("relation, latex", [("=", "="), ("<=", r"\le"), (">=", r"\ge"), ("<", "<"), (">", ">"),
                                             ("~", r"\approx"), ("propto", r"\propto")])
def test_relations_are_drawn_with_their_latex_symbol(relation, latex):
    assert RELATION_LATEX[relation] == latex


def test_numeric_evidence_is_described_once_and_each_step_says_its_worst_error_and_how_it_differs():
    view = _view()
    assert view.numeric_defaults == "24 seeded points at 30 and 60 digits, vector sizes 3, 17, 256, seed 7"
    assert view.derivations[0].steps[2].numeric == "worst error 3.2 × 10⁻³¹"
    odd = samples.sample_run()
    d = odd.derivations[0]
    step = d.steps[2]
    step = dataclasses.replace(step, numeric=dataclasses.replace(step.numeric, points=8, precisions=(15, 30)))
    d = dataclasses.replace(d, steps=(*d.steps[:2], step, *d.steps[3:]))
    odd = dataclasses.replace(odd, derivations=(d, *odd.derivations[1:]))
    assert _view(odd).derivations[0].steps[2].numeric == "worst error 3.2 × 10⁻³¹ at 15 and 30 digits, 8 points each"


def test_counterexample_shows_both_sides_at_both_precisions():
    """Both precisions, in one row when they agree to the six digits shown; every row in the full table."""
    cx = _view().derivations[2].steps[0].counterexample
    assert [row[0] for row in cx.table.rows] == ["30 and 60 digits"]
    assert cx.table.rows[0][2].startswith("1.10965")
    assert [row[0] for row in cx.full_table.rows] == ["30 digits", "60 digits"]
    assert ("λ", "0.0731") in cx.point
    run = samples.sample_run()
    d = run.derivations[2]
    step = d.steps[0]
    step = dataclasses.replace(step, counterexample=dataclasses.replace(step.counterexample,
                                                                        rhs={**step.counterexample.rhs, 60: "1.2"}))
    d = dataclasses.replace(d, steps=(step, *d.steps[1:]))
    run = dataclasses.replace(run, derivations=(*run.derivations[:2], d, *run.derivations[3:]))
    cx = _view(run).derivations[2].steps[0].counterexample
    assert [row[0] for row in cx.table.rows] == ["30 digits", "60 digits"], "precisions that disagree stay apart"


def test_times_never_break_between_number_and_unit():
    assert format_seconds(2.478) == "2.48\u00a0s"
    assert format_seconds(75) == "1\u00a0min 15\u00a0s"


def test_escape_makes_tex_specials_literal():
    assert tex_escape("50% & #1 $x_i^2$ ~ {a} \\b") == \
        r"50\% \& \#1 \$x\_i\textasciicircum{}2\$ \textasciitilde{} \{a\} \textbackslash{}b"


def test_escape_maps_unicode_maths_to_latex():
    assert tex_escape("λ ≈ Σ ≤ ≥ − … √ → ∝") == (r"\ensuremath{\lambda} \ensuremath{\approx} \ensuremath{\Sigma} "
                                               r"\ensuremath{\le} \ensuremath{\ge} \ensuremath{-} \ldots{} "
                                               r"\ensuremath{\surd} \ensuremath{\to} \ensuremath{\propto}")
    assert tex_escape("s̄") == r"\ensuremath{\bar{s}}"
    assert tex_escape("x¹⁸") == r"x\ensuremath{{}^{18}}"


def test_pdf_bookmarks_get_plain_ascii():
    assert tex_pdfstring("H ≥ log n − λ(s_max − s̄)") == r"H >= log n - lambda(s\_max - s)"


def test_maths_that_could_derail_the_document_is_shown_as_text():
    assert math(r"\frac{a}{b}") == r"\frac{a}{b}"
    for bad in (r"\frac{a}{b", "50 % x", r"\left( x", "#1", r"\begin{matrix} a"):
        assert math(bad).startswith(r"\text{\ttfamily ")


def test_wrapping_fallback_trades_left_right_for_fixed_delimiters():
    assert breakable_math(r"\log{\left(n \right)} + \left. f \right|_{0}") == r"\log{\bigl(n \bigr)} +  f \bigr|_{0}"


def test_unconvertible_latex_is_marked_as_source_not_passed_off_as_maths():
    assert to_mathml(r"\unknowncommand x").startswith('<code class="tex-source"')
    assert to_mathml(r"\frac{1}{n}").startswith("<math")
    assert to_mathml("") == ""


def test_report_date_comes_from_source_date_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert format_date(report_epoch()) == "2023-11-14 22:13 UTC"
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert abs(report_epoch() - time.time()) < 5


def test_versions_fill_in_python_sympy_and_mpmath_when_the_run_did_not_record_them():
    names = [name for name, _ in versions({"numpy": "2.0"})]
    assert names[:3] == ["Python", "SymPy", "mpmath"] and "numpy" in names


def test_git_commit_is_unknown_outside_a_repository(tmp_path):
    assert git_commit(tmp_path) == "unknown"


def test_unknown_format_is_refused(tmp_path):
    with pytest.raises(ReportError, match="docx"):
        write_reports(samples.sample_run(), tmp_path, formats=("html", "docx"))
    assert FORMATS == ("html", "latex", "pdf")


@pytest.mark.subprocess
def test_importing_the_report_package_does_not_import_matplotlib_or_jinja():
    import subprocess
    import sys

    code = "import sys, verifier.present.report; print(sorted(m for m in ('matplotlib', 'jinja2', 'latex2mathml') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_proportionality_shows_the_variables_it_is_claimed_in():
    """λ ∝ log n / d checked only in d (wrt=d) was shown as a bare ∝, which reads as a claim in n as well."""
    run = samples.sample_run()
    which = next(j for j, d in enumerate(run.derivations) if any(s.relation == "propto" for s in d.steps))
    d = run.derivations[which]
    steps = tuple(dataclasses.replace(s, wrt=("d",)) if s.relation == "propto" else s for s in d.steps)
    derivations = list(run.derivations)
    derivations[which] = dataclasses.replace(d, steps=steps)
    shown = [s for s in _view(dataclasses.replace(run, derivations=tuple(derivations))).derivations[which].steps
             if s.relation == "propto"]
    plain = [s for s in _view().derivations[which].steps if s.relation == "propto"]
    assert shown and {s.relation_latex for s in shown} == {r"\propto_{d}"}
    assert {s.relation_latex for s in plain} == {r"\propto"}


def test_an_approximation_proved_only_as_a_one_sided_bound_says_so_on_its_badge():
    """eq. (5)'s ≈ checked only as H ≥ log n − λ(s_max − s̄) is proved as that inequality, not as an approximation:
    the step's badge and its derivation's say so, and the line keeps the text's ≈."""
    from verifier.verdicts import Check, DerivationResult, StepResult
    from verifier.present.report.view import DerivationView, StepView

    def step(*checks):
        return StepResult(1, "~", "H", "L", "", "", "eq. (5)", "", Verdict.PROVED, True, checks=checks)
    cite = Check("cites fact entropy_lower_bound", Verdict.PROVED)
    bound = Check("bound: one-sided: lhs ≥ rhs everywhere", Verdict.PROVED, bound=">=")
    view = StepView.of(step(cite, bound), "s1")
    assert view.label == "proved only as lhs ≥ rhs" and view.relation_latex == RELATION_LATEX["~"]
    derivation = DerivationView.of(DerivationResult("eq_5", "eq. (5)", "", "f.py", Verdict.PROVED, True, "H ≥ L",
                                                    steps=[step(cite, bound)]), "d1", 1)
    assert derivation.label == "proved only as lhs ≥ rhs"
    # The near misses: an ≈ also checked as a limit, and a plain ≥, keep their badges.
    limit = Check("limit: lhs − rhs → 0 as λ → 0", Verdict.PROVED)
    assert StepView.of(step(bound, limit), "s1").label == "proved"
    plain_ge = StepResult(1, ">=", "H", "L", "", "", "", "", Verdict.PROVED, True, checks=(bound,))
    assert StepView.of(plain_ge, "s1").label == "proved"


def test_a_negative_bound_in_a_hypothesis_or_a_range_is_set_with_a_minus_sign():
    from verifier.present.report.display import minus_signs
    from verifier.present.report.view import hypothesis_words
    assert hypothesis_words("-3 ≤ e1 ≤ 3") == "−3 ≤ e1 ≤ 3"
    assert minus_signs("s_i ∈ [-3, 3], i = 1…n") == "s_i ∈ [−3, 3], i = 1…n"
    # The near misses: a hyphen inside a word or between two terms is no sign of a number.
    assert minus_signs("u-1, x_1-2, non-negative, 000-eq2") == "u-1, x_1-2, non-negative, 000-eq2"
