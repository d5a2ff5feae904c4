"""The whole project's PDF report, built as `python -m verifier all` builds it, stays within a page budget
(68, the body and its appendices: the claims register shows each claim as the text writes it and under its
premises, each source's part opens with what holds of it in words, commentaries say where each proved step
holds, and the mutation section lists each step whose original verdict the mutation settings leave unknown,
one line each) and names every symbol in its hypotheses lines by its letter, never by a spelled-out Greek name.

The report is built from the test run's one cold check of the project (default settings: full experiment sizes,
the committed proof hints and mutation records, as a developer's first `python -m verifier all` runs), in a copy
of it whose results cache travels along, once per test run (the appendix tests read the same PDF); the report, the
cache and the rewritten proof-hint lock all stay in the run's temporary folder (a test never writes into the project
tree).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.engine import whole_project_report
from tests.report import report_tools as tools
from verifier.present.report.display import GREEK

pytestmark = [pytest.mark.slow, pytest.mark.subprocess, pytest.mark.tex]

# The whole report's budget (the body's, 25 pages, is the reader's measure): 70 since a derivation's heading keeps
# ten lines of its chain with it or starts the next page, which costs two pages and left no heading stranded at a
# page foot.
PAGE_LIMIT = 70
SPELLED_OUT = re.compile(r"(?<![A-Za-z\\])(" + "|".join(sorted(GREEK, key=len, reverse=True)) + r")(?![A-Za-z(])")


@pytest.fixture(scope="module")
def whole_project() -> Path:
    return whole_project_report()


def test_the_whole_projects_pdf_report_stays_within_its_page_budget(whole_project):
    pages = tools.pdf_pages(whole_project / "derivations.pdf")
    assert pages < PAGE_LIMIT, f"{pages} pages: the report of the whole project must stay under {PAGE_LIMIT}"


def test_the_page_count_is_of_the_report_a_developer_gets_with_the_committed_mutation_score(whole_project):
    # Counting pages of a report without its "Checking the checker" section would count the wrong report.
    tex = (whole_project / "derivations.tex").read_text(encoding="utf-8")
    assert "Checking the checker: mutation testing" in tex and "Mutation score" in tex
    assert "Mutation testing was not measured in this run" not in tex


def test_no_hypotheses_line_of_the_whole_projects_report_spells_out_a_greek_name(whole_project):
    tex = (whole_project / "derivations.tex").read_text(encoding="utf-8")
    # The hypotheses field alone: a step's line also holds its method and evidence (a counterexample's point
    # names its symbols as the engine does), which are not hypotheses.
    lines = re.findall(r"\\fact\{Assumptions\}\{(.*)\}$|\\key\{hypotheses\} (.*?)(?:\\enspace\\textperiodcentered|\\par|$)",
                       tex, re.M)
    lines = [a or b for a, b in lines]
    assert lines, "the project has hypotheses (declared laws of random variables among them)"
    spelled = [(m.group(1), line[:160]) for line in lines for m in [SPELLED_OUT.search(line)] if m]
    assert not spelled, spelled
    text = tools.pdf_text(whole_project / "derivations.pdf")
    said = [line for line in text.splitlines() if line.startswith(("ASSUMPTIONS", "HYPOTHESES"))]
    assert said and not [line for line in said if SPELLED_OUT.search(line)], said


# ---- the body a reader reads: the pages before the appendix ---------------------------------------------

BODY_PAGES = 25
LONG_NUMBERS = 10      # numbers of more than six significant digits the body may show (a paper's arXiv number)
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


def _body(whole_project: Path) -> list[str]:
    pages = tools.pdf_text(whole_project / "derivations.pdf").split("\f")
    end = next(k for k, page in enumerate(pages) if k > 0 and "Appendix: further derivations" in page)
    return pages[:end]


def _significant(number: str) -> int:
    digits = number.replace(".", "").lstrip("0")
    return len(digits.rstrip("0")) if "." in number else len(digits)


def test_the_body_before_the_appendix_fits_its_page_budget(whole_project):
    assert len(_body(whole_project)) <= BODY_PAGES


def test_the_body_shows_no_program_text(whole_project):
    body = " ".join(_body(whole_project))
    for leftover in ("::", "Sum(", "Max(", "Eq(", "__", "Error", "\\top", "\\mathbb", "SymPy's dsolve", ".py"):
        assert leftover not in body, leftover
    assert not re.search(r"(?<![\w.])-?oo(?![\w(])", body), "SymPy's infinity spelled oo"


def test_the_body_shows_few_numbers_of_more_than_six_significant_digits(whole_project):
    long = [n for n in _NUMBER.findall(" ".join(_body(whole_project))) if _significant(n) > 6]
    assert len(long) <= LONG_NUMBERS, long
