"""The whole project's PDF reads as a paper's appendix: a body of at most 25 pages before its appendices,
in which every step shows the two sides that were checked, and no leftover of the program reaches the reader
(no file::function reference, no SymPy call such as Sum( or Max(, no __ name, no exception class, no bare oo,
and at most ten numbers of more than six significant digits).

The body is read from the whole project's PDF as `python -m verifier all --pdf` builds it from the test run's one
check of the project, with the claims register and the committed mutation records, built once per test run
(tests/report/test_whole_project_report.py); the run's results (tests.engine.project_results) give the steps
whose sides and sentences it shows.  Nothing is checked again here.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from tests.engine import ROOT, project_results, whole_project_report
from tests.report import report_tools as tools
from verifier import verdicts
from verifier.present.report.view import build_view

pytestmark = [pytest.mark.slow, pytest.mark.subprocess, pytest.mark.tex]

BODY_PAGES = 25
LONG_NUMBERS = 10          # numbers of more than six significant digits the body may hold
APPENDIX = ("Appendix: further derivations", "Machine record")      # the headings the body ends before


def _project_run() -> verdicts.RunResult:
    from verifier import loader
    from verifier.cli import add_claims, add_mutation_score, parser, versions
    from verifier.settings import Settings
    settings = Settings()       # the settings of the run's one check of the project (tests/engine.py)
    results = [r for found in project_results().values() for r in found]
    run = verdicts.RunResult(loader.reading_order(results), settings.seed, tuple(settings.dps), settings.quick,
                             False, versions=versions())
    args = parser().parse_args(["all", "--no-cache"])
    files = loader.project_files(ROOT)
    return add_mutation_score(add_claims(run, ROOT, args, files), args, files)


@pytest.fixture(scope="module")
def run() -> verdicts.RunResult:
    return _project_run()


@pytest.fixture(scope="module")
def body() -> list[str]:
    """The PDF's pages before its appendices, as text: the whole project's report as `python -m verifier all --pdf`
    builds it, once per test run (tests/report/test_whole_project_report.py)."""
    pages = tools.pdf_text(whole_project_report() / "derivations.pdf").split("\f")
    end = next((k for k, page in enumerate(pages) if k > 0 and any(h in page for h in APPENDIX)), None)
    assert end is not None, "the PDF has no appendix after its body"
    return pages[:end]


def _significant(number: str) -> int:
    mantissa = number.split("e")[0].rstrip(".")
    digits = mantissa.replace(".", "").lstrip("0")
    return len(digits if "." in mantissa else digits.rstrip("0"))


def test_the_body_is_at_most_25_pages(body):
    assert len(body) <= BODY_PAGES, f"{len(body)} pages before the appendices"


@pytest.mark.parametrize("leftover", ["::", "Sum(", "Max(", "Eq(", "__", "Error"])
def test_no_leftover_of_the_program_reaches_the_body(body, leftover):
    lines = [line for page in body for line in page.splitlines() if leftover in line]
    assert not lines, lines[:5]


# A function's name (snake_case), a seed file's name with its hash, a Python file: the program's, not the reader's.
PROGRAM_NAME = re.compile(r"\b[A-Za-z]{2,}\d*_[A-Za-z]{2,}\w*|\b\w*_\w*_\w*\b|\b\d{3}_[0-9a-f]{16}\b|\b\w+\.py\b")


def test_no_function_name_file_hash_or_python_file_in_the_body(body):
    found = sorted({m for page in body for m in PROGRAM_NAME.findall(page)})
    assert not found, found[:10]


def test_every_quoted_sentence_keeps_its_spaces_in_the_register(run, body):
    from verifier.present.report.view import is_sentence
    text = " ".join(" ".join(body).split())
    sentences = [c.written for c in run.claims if c.written and "$" not in c.written and is_sentence(c.written)]
    assert sentences, "the register quotes no sentence"
    lost = [w for w in sentences if " ".join(w.split()[:4]) not in text]
    assert not lost, lost[:5]


def test_no_bare_oo_in_the_body(body):
    lines = [line for page in body for line in page.splitlines() if re.search(r"(?<!\w)-?oo(?!\w)", line)]
    assert not lines, lines[:5]


def test_at_most_ten_numbers_of_more_than_six_significant_digits_in_the_body(body):
    numbers = re.findall(r"(?<![\w.])\d[\d.]*(?:e[-+]?\d+)?", "\n".join(body))
    long = [n for n in numbers if _significant(n) > 6]
    assert len(long) <= LONG_NUMBERS, long[:40]


def test_every_proved_step_shows_two_different_sides(run):
    view = build_view(run, versions=[], commit="", date="")
    same = []
    for d in view.derivations:
        before = d.lhs_latex
        for s in d.steps:
            if s.kind == "proved" and s.rhs_latex == before:
                same.append((d.number, d.name, s.number, s.rhs_latex[:60]))
            before = s.rhs_latex
    assert not same, same


def test_the_evidence_records_are_frozen():
    for record in (verdicts.NumericEvidence, verdicts.Counterexample, verdicts.Check, verdicts.Table,
                   verdicts.Plot, verdicts.Ball, verdicts.CrossCheck):
        assert dataclasses.fields(record) and record.__dataclass_params__.frozen, record.__name__


def test_no_report_module_reads_the_engines_evidence_back_from_its_sentences():
    """The cross-check, the coverage, the replay of a refutation, a result's sizes and where an error was
    measured reach the report as values: no regular expression of the report reads them from the engine's words."""
    import ast
    report = ROOT / "verifier" / "present" / "report"
    patterns = []
    for path in report.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                patterns.append((path.name, node.args[0].value))
    engine_words = ("cross-check", "replayed", "points", "structure", "optimised", r"n\s*=\s*1", "step\\s",
                    "lhs = ")
    # a pattern that opens on a tag reads markup (Graphviz's SVG: a shape's `points`), not the engine's words
    read = [(name, pattern) for name, pattern in patterns for word in engine_words
            if word in pattern and not pattern.startswith("<")]
    assert not read, read
