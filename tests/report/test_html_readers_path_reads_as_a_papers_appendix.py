"""The HTML's reader's path reads as a paper's appendix: sources, what holds, the register, the derivations.

How the run went is the machine record's: a PASS mark, the run time, the mutation score, a pass column in the
index, "failing (0)", "None: every derivation passes" and a step's surviving mutants sit after the derivations
or one click away in a closed <details>, never in what a reader sees without a click.  A failure is the
exception: the first screen says that a derivation fails and links to it.  Refuted derivations that were meant
to be refuted are filtered under that name, not a bare "refuted" beside "failing"."""
from __future__ import annotations

import dataclasses
import re

from tests.report import report_samples as samples
from tests.report import report_tools as tools
from tests.report.test_report_mutation import summary
from verifier.present.report.html import render_html
from verifier.present.report.view import build_view

# What a test report says and a paper's appendix does not.
TEST_WORDS = ("PASS", "✓ pass", "utation score", "surviving mutant", "Failing derivations", "every derivation passes",
              "failing (", "run time")


def _passing_run():
    """The sample run without its failing derivation and its file that does not load; the survivors of its
    mutation summary are on steps of derivations that pass."""
    run = samples.sample_run()
    return dataclasses.replace(run, derivations=[d for d in run.derivations if d.passed], load_errors=[],
                               mutation=summary())


def _page(run):
    view = build_view(run, versions=[], commit="abc1234", date="2026-01-01")
    return view, "".join(render_html(view))


def test_when_everything_passes_the_readers_path_holds_no_pass_run_time_score_pass_column_or_mutant():
    view, html = _page(_passing_run())
    assert view.passed and any(s.survivors for d in view.derivations for s in d.steps)
    shown = tools.reader_path_text(html)
    assert "Findings" in shown and "Derivations by source" in shown       # the path itself is read
    assert [w for w in TEST_WORDS if w in shown] == []
    assert view.seconds not in shown and not re.search(r"\d\s?s\b ·", shown)
    # The near miss: all of it is still in the page, in the machine record or one click away.
    record = html[html.index('id="machine-record"'):]
    assert "PASS" in record and view.seconds in record and "Failing derivations: none" in record
    assert "mutation score" in record
    assert "surviving mutant" in html and 'class="survivor-mark' in html
    for marker in re.finditer(r'class="survivor-mark', html):
        opened = html.rfind("<details", 0, marker.start())
        assert html.rfind("</details>", opened, marker.start()) == -1 and "open" not in html[opened:opened + 40]


def test_when_a_derivation_fails_the_first_screen_says_so_and_links_to_it():
    view, html = _page(samples.sample_run())
    [broken] = [d for d in view.derivations if not d.passed]
    head = html.split("</header>", 1)[0]
    assert 'role="alert"' in head and "FAIL" in head
    assert f'href="#{broken.anchor}"' in head and "1 derivation does not pass" in tools.visible_text(head)
    assert "file does not load" in tools.visible_text(head)
    shown = tools.reader_path_text(html)
    assert "Failing derivations" in shown and "failing (1)" in shown and "✗ fail" in shown
    # The near miss: the passing run's header says none of it.
    _, passing = _page(_passing_run())
    assert 'role="alert"' not in passing.split("</header>", 1)[0]


def test_refuted_derivations_meant_to_be_refuted_are_filtered_under_that_name():
    view, html = _page(_passing_run())
    assert any(d.kind == "expected" for d in view.derivations)
    labels = re.findall(r'<label for="fv-[^"]+">([^<]*)</label>', html)
    assert any(label.startswith("refuted, as expected (") for label in labels), labels
    assert not any(label.startswith("refuted (") or label.startswith("failing") for label in labels), labels
    # The near miss: a refuted derivation that was not meant to be is counted apart.
    run = _passing_run()
    wrong = dataclasses.replace(run.derivations[-1], name="wrongly_refuted", title="A wrong line", passed=False,
                                verdict=samples.Verdict.REFUTED,
                                steps=[dataclasses.replace(st, expect_refuted=False, passed=False)
                                       if st.expect_refuted else st for st in run.derivations[-1].steps])
    _, html = _page(dataclasses.replace(run, derivations=[*run.derivations, wrong]))
    labels = re.findall(r'<label for="fv-[^"]+">([^<]*)</label>', html)
    assert "failing (1)" in labels and "refuted (2, 1 as expected)" in labels, labels


def test_a_step_that_holds_keeps_the_checkers_note_one_click_away_and_a_step_that_fails_shows_it():
    run = _passing_run()
    entropy = run.derivations[0]
    noted = dataclasses.replace(entropy.steps[0], message="no symbolic strategy succeeded; only the numbers agree")
    run = dataclasses.replace(run, derivations=[dataclasses.replace(entropy, steps=[noted, *entropy.steps[1:]]),
                                                *run.derivations[1:]])
    _, html = _page(run)
    assert "no symbolic strategy succeeded" in html
    assert "no symbolic strategy succeeded" not in tools.reader_path_text(html)
    # The near miss: the refuted step's note (the broken chain's refutation) is the finding, shown.
    failing = samples.sample_run()
    broken = next(d for d in failing.derivations if not d.passed)
    told = dataclasses.replace(broken.steps[0], message="the two sides differ by exactly 1")
    failing = dataclasses.replace(failing, derivations=[dataclasses.replace(broken, steps=[told, *broken.steps[1:]])
                                                        if d is broken else d for d in failing.derivations])
    _, html = _page(failing)
    assert "the two sides differ by exactly 1" in tools.reader_path_text(html)


def test_the_page_opens_with_each_source_text_its_author_and_date_and_what_holds_then_the_register():
    view, html = _page(_passing_run())
    shown = tools.reader_path_text(html)
    sources, register = shown.index("The source texts and what holds of them"), shown.index("Findings: the claims")
    opening = shown[sources:register]
    known = [g for g in view.groups if g.text]
    assert len(known) == 3
    for g in known:
        assert g.title in opening and g.summary in opening
        assert (g.text.author or "Author not named in the text") in opening
    # A text without derivations is listed (what holds of it is in the register), but links nowhere.
    empty = next(g for g in known if not g.derivations)
    assert f'href="#{empty.anchor}"' not in html
    # The near miss: a group that is no known source text is not listed there, and the contents name it.
    other = next(g for g in view.groups if not g.text)
    assert other.title not in opening
    nav = html[html.index('<nav class="toc"'):html.index("</nav>")]
    assert f'href="#{other.anchor}"' in nav and not any(f'href="#{g.anchor}"' in nav for g in known)
