"""The PDF's body speaks to a reader of the texts, not to the program's developer.

A quoted sentence is prose: set as text with its spaces (math only where the text has $…$), never as one
long italic formula.  A derivation named in an author's note or a method is its number, linked; a file is
its derivations' numbers; a step cites its place in the text ("eq. (3)"), not the file's hash and line; the
construct a refusal names is TeX source, set verbatim; and the printed blueprint keeps the claims and the
propositions of the body, each label in full.
"""
from __future__ import annotations

import dataclasses
import re

import pytest

from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import blueprint, latex, write_reports
from verifier.present.report.html import render_html as write_html_pages
from verifier.present.report.view import build_view, is_sentence
from verifier.verdicts import ClaimResult, ClaimStatus

SENTENCE = "A one-hot distribution has zero information content"
DISPLAY = r"H\approx \log n - \lambda(s_{\max} - \bar{s})"


def _run(written: str, refused: str = "", note: str = ""):
    run = samples.sample_run()
    claims = [dataclasses.replace(c, written=written, refused=refused) if c.id == "000-eq2" else c
              for c in run.claims]
    derivations = list(run.derivations)
    if note:
        derivations[1] = dataclasses.replace(derivations[1], notes=[note])
    return dataclasses.replace(run, claims=claims, derivations=derivations)


def _view(run):
    return build_view(run, versions=[], commit="abc", date="2026-01-01")


def _claim(view, id="000-eq2"):
    return next(c for c in view.claims if c.id == id)


@pytest.mark.parametrize("written", [SENTENCE, "at which point training becomes impossible due to vanishing gradients",
                                     "It models the query, key, and value vectors—as sequences of Gaussians."])
def test_a_quoted_sentence_is_text_not_a_display(written):
    c = _claim(_view(_run(written)))
    assert c.written_parts == [("text", written)] and not c.written_display


@pytest.mark.parametrize("written", [DISPLAY, r"\lambda\propto \frac{\log n}{d}", "H = 0", "p_i = e^{s_i}"])
def test_a_displays_latex_stays_a_display(written):
    assert not is_sentence(written)
    c = _claim(_view(_run(written)))
    assert c.written_display and not c.written_parts


def test_a_quoted_sentence_reaches_the_latex_as_words_outside_any_formula():
    tex = latex.render_latex(_view(_run(SENTENCE)))
    assert SENTENCE in tex
    line = next(line for line in tex.splitlines() if SENTENCE in line)
    assert r"\fitinline{" + SENTENCE not in line and "$" + SENTENCE not in line


def test_a_derivation_named_in_a_note_is_its_number_linked_not_its_function_name():
    view = _view(_run(SENTENCE, note="The bound is `entropy_lower_bound` at λ = 1; see also no_such_function."))
    tex = latex.render_latex(view)
    target = next(d for d in view.derivations if d.name == "entropy_lower_bound")
    assert rf"\hyperlink{{{target.anchor}}}{{result~{target.number}}}" in tex
    note = next(line for line in tex.splitlines() if "The bound is" in line)
    assert r"entropy\_" not in note
    # A name that names no derivation is left as it is, set as code: a wrong link would be worse.
    assert r"\texttt{no\_" in note


def test_a_file_named_in_a_note_is_its_derivations_numbers():
    run = _run(SENTENCE, note="the model of `entropy.py`, not the Gaussian one")
    view = _view(run)
    tex = latex.render_latex(view)
    note = next(line for line in tex.splitlines() if "the model of" in line)
    (target,) = [d for d in view.derivations if d.file == "derivations/entropy.py"]
    assert rf"\hyperlink{{{target.anchor}}}{{result~{target.number}}}" in note and "entropy.py" not in note


@pytest.mark.parametrize("source, place", [
    ("000_ca974c2c5f958f3e.txt, eq. (3), line 14: $\\approx \\lambda \\bar s$", "eq. (3)"),
    ("001_dcab543f7fb3c953.txt, Robustness, eq. (3)", "Robustness, eq. (3)"),
    ("eq. (5) → eq. (6)", "eq. (5) → eq. (6)"),
    ("", ""),
])
def test_a_step_cites_its_place_in_the_text_not_the_files_hash_and_line(source, place):
    assert latex.place(source) == place


def test_a_refusals_construct_is_verbatim_code_and_its_project_path_is_left_out():
    said = latex.refusal("eq. (3): `\\mathbb` (the expectations) is not read by the import; its first equality "
                         "is imported (derivations/texts/seed_001_robustness.py)")
    assert r"\texttt{\textbackslash{}mathbb}" in said.replace(r"\allowbreak{}", "")
    assert "derivations/texts" not in said and "seed" not in said and "`" not in said
    # An unpaired backtick is no code span: the text as prose.
    assert "`" not in latex.refusal("a lone ` mark")


def test_the_printed_blueprint_keeps_claims_and_body_derivations_with_every_word():
    view = _view(samples.sample_run())
    for group in view.groups:
        nodes, edges = blueprint.body_graph(group)
        kept = {n.id for n in nodes}
        body = {f"d:{d.anchor}" for d in group.main}
        read_first = {f"d:{c.main[1]}" for c in group.claims if c.main}      # another source's proposition too
        assert kept <= body | read_first | {f"c:{c.anchor}" for c in group.claims}
        assert all(e.source in kept and e.target in kept for e in edges)
        assert not any("…" in n.label for n in nodes)
        # every claim with a derivation to read first has its arrow from it, whichever source's part states it
        for c in group.claims:
            if c.main:
                assert (f"d:{c.main[1]}", f"c:{c.anchor}") in {(e.source, e.target) for e in edges}, c.id
        assert all(n.external for n in nodes if n.id in read_first - body)
    assert blueprint.wrapped("one two three four five six seven eight nine ten eleven twelve", 12).split() == \
        "one two three four five six seven eight nine ten eleven twelve".split()
    assert blueprint.scripted("s_max − s̄") == "sₘₐₓ − s̄" and "_" not in blueprint.scripted("t_0 = max_j s_j")


@pytest.mark.tex
def test_the_pdfs_body_keeps_a_quotes_spaces_and_names_no_function_or_file(tmp_path):
    run = _run(SENTENCE, refused="eq. (1): `\\top` is not read (derivations/texts/seed_000_x.py)",
               note="This is `entropy_lower_bound` again.")
    write_reports(run, tmp_path, formats=("latex", "pdf"), require_pdf=True)
    pages = tools.pdf_text(tmp_path / "derivations.pdf").split("\f")
    end = next(k for k, page in enumerate(pages) if k > 0 and "Machine record" in page)
    body = " ".join(" ".join(pages[:end]).split())
    assert SENTENCE in body
    assert "\\top" in body and "`" not in body
    # The note's function name and the sources' file hashes do not reach the body (the sample's own
    # engine messages, a traceback among them, may name code on purpose).
    assert "entropy_lower_bound" not in body and not re.search(r"\d{3}_[0-9a-f]{16}", body)


def test_an_expectations_index_is_a_subscript_not_an_underscore():
    from verifier.present.report.prose import segments
    assert ("sub", "i") in segments("the expectations 𝔼_i[…] and 𝔼[e^ε]")
    assert "_" not in latex.prose("the expectations 𝔼_i[…]").replace(r"\_", "")


@pytest.mark.tex
def test_the_printed_blueprint_is_set_at_no_less_than_four_fifths_of_its_size(tmp_path):
    """Labels are 10 pt in the graph; the page may shrink a graph to 8 pt, never to the 4 pt of forty nodes."""
    from verifier.present.report import graph
    view = _view(samples.sample_run())
    for group in view.groups:
        nodes, edges = blueprint.body_graph(group)
        if edges:
            figure = graph.render(nodes, edges, svg=False, pdf=True, stagger=False)
            assert min(1.0, 482.0 / figure.width, 640.0 / figure.height) >= 0.8


def test_a_texts_identifier_and_an_authors_long_decimal_keep_every_digit():
    """Rounding is for the engine's measured values; an identifier (arXiv:2509.12285) or a number an author wrote in
    a quoted sentence is not a measurement: rounded, it would be another paper, or words the author never wrote."""
    quoted = "the lower bound is approximately 0.474474976689 below log n"
    tex = latex.render_latex(_view(_run(quoted)))
    assert "arXiv:2509.12285" in tex
    assert "0.474474976689" in tex
    html = "".join(write_html_pages(_view(_run(quoted))))
    assert "0.474474976689" in html


def test_near_miss_a_measured_value_in_the_running_text_is_still_rounded():
    from verifier.present.report.numbers import for_people
    assert for_people("worst error 0.474474976689123") == "worst error 0.474475"


def test_the_htmls_step_lines_name_places_and_results_and_keep_machine_names_in_the_machine_record():
    """A step's source is where in its text it is ("eq. (2)"), a citing derivation is its number: the file names,
    file::function and the strategy that decided a step are in the derivation's machine record, a click away,
    never in the step's line nor in a hover text."""
    view = _view(samples.sample_run())
    cited = next(d for d in view.derivations if d.cited_by)
    html = "".join(write_html_pages(view))
    reading = re.sub(r'<details class="d-machine">.*?</details>', " ", html, flags=re.S)
    shown = tools.visible_text(reading)
    assert ".txt, eq." not in shown and "(strategy " not in shown
    assert "::" not in shown[shown.find("Cited by"):shown.find("Cited by") + 200]
    name, anchor = cited.cited_by[0]
    assert f'href="#{anchor}">{view.number_of[anchor]}</a>' in html and f'title="{name}"' not in reading
    # The near miss: what the machine record names is still in the page, in the machine record.
    machine = " ".join(re.findall(r'<details class="d-machine">(.*?)</details>', html, flags=re.S))
    assert "000_ca974c2c5f958f3e.txt, eq. (2)" in machine and ".txt, eq. (2)" not in reading


def test_the_htmls_check_lines_keep_a_space_between_the_check_its_method_and_what_it_found():
    view = _view(samples.sample_run())
    html = "".join(write_html_pages(view))
    for item in re.findall(r'<ul class="checks">(.*?)</ul>', html, flags=re.S):
        for line in re.findall(r"<li>(.*?)</li>", item, flags=re.S):
            assert '</span><span class="muted">' not in line and "</span>—" not in line, line
    assert '<span class="muted">' in html       # the near miss: the method is still there, after its space


def test_the_htmls_derivations_say_fail_where_one_fails_and_its_counts_say_they_are_steps():
    """A derivation's badge is its verdict; a pass mark after every badge repeats it (the PDF marks only a failure),
    and the header's counts are of steps, next to a count of derivations."""
    view = _view(samples.sample_run())
    html = "".join(write_html_pages(view))
    headings = re.findall(r'<p class="d-status">(.*?)</p>', html, flags=re.S)
    assert headings and not any("✓ pass" in h for h in headings)
    failing = [d for d in view.derivations if not d.passed]
    assert failing and sum("✗ fail" in h for h in headings) == len(failing)     # the near miss: a failure says so
    header = html[html.index('<p class="overall'):]
    assert "; their steps:" in header[:header.index("</p>")]


def test_the_htmls_running_text_names_a_cited_derivation_by_its_result_number():
    from verifier.present.report.html import _NAMES, prose_html
    from verifier.verdicts import Formula, Name, Said
    run = samples.sample_run()
    tricky = run.derivations[1]
    method = Said("bound: fact ", Name("entropy_lower_bound"), ", times ", Formula("1", "1"))
    tricky = dataclasses.replace(tricky, steps=[dataclasses.replace(tricky.steps[0], method=method)]
                                 + list(tricky.steps[1:]))
    view = _view(dataclasses.replace(run, derivations=[run.derivations[0], tricky] + list(run.derivations[2:])))
    html = "".join(write_html_pages(view))
    # the running text: the machine record keeps the engine's words as they are
    shown = tools.visible_text(re.sub(r'<details class="d-machine">.*?</details>', " ", html, flags=re.S))
    number = next(d.number for d in view.derivations if d.name == "entropy_lower_bound")
    assert "fact entropy_lower_bound" not in shown and f"bound: result {number}" in shown
    # Outside a rendering a name links nowhere: the engine's words as they are (the near miss).
    assert _NAMES.get() == {} and "<code>entropy_lower_bound</code>" in prose_html("fact `entropy_lower_bound`")


def test_the_htmls_running_text_names_a_derivation_written_file_dot_name_by_its_result_number():
    """A register's words cite an imported display as `file.derivation` (the file's stem, a dot, the name); the
    PDF reads it "result N", and so does the HTML, never the program's name."""
    from verifier.present.report.html import _NAMES, prose_html
    names = {"seed_001_noise.eq_3": ((131, "d-131"),)}
    token = _NAMES.set(names)
    try:
        shown = prose_html("its first equality (seed_001_noise.eq_3) only rescales by 1/n")
    finally:
        _NAMES.reset(token)
    assert 'result 131</a>' in shown and "seed_001_noise</code>" not in shown and ".eq_3" not in shown.split("title=")[0]
    # The near miss: a dotted name the report does not hold stays the program's words.
    assert "<code>seed_001_other</code>.eq_3" in prose_html("(seed_001_other.eq_3)")
