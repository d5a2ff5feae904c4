"""Page 1 for a reader, and formulas as a person would write them.

After the claims register, page 1 names each failing derivation by its title with the claims resting on
it (or "none"), and each claim names the derivation to read first with its page.  A step's sides are shown
as they were checked, never simplified again for display (a re-simplified side can collapse onto the other and
read "0 = 0").  No ** ever reaches the PDF's text.
"""
from __future__ import annotations

import dataclasses

import re
from pathlib import Path

import pytest
import sympy as sp

from tests.engine import once_per_run, run_folder
from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import write_reports
from verifier.present.report.view import build_view
from verifier.verdicts import DerivationResult, RunResult, StepResult, Verdict


@pytest.fixture(scope="module")
def built() -> Path:
    """The sample run's reports built once per test run in the run's shared folder (whichever worker asks first;
    tests/engine.py: once_per_run); the tests only read them."""
    return once_per_run("report-page-one-built", _build)


def _build() -> Path:
    out = run_folder() / "report-page-one-built"
    out.mkdir()
    write_reports(samples.sample_run(), out, formats=("html", "latex", "pdf"))
    return out


@pytest.fixture(scope="module")
def pdf_pages(built) -> list[str]:
    return tools.pdf_text(built / "derivations.pdf").split("\f")


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _front(pages: list[str]) -> str:
    """The pages before the legend: the register and the failing list."""
    text = "\f".join(pages)
    return _flat(text[:text.index("What the badges mean")])


@pytest.mark.tex
@pytest.mark.slow
def test_page_one_names_the_failing_derivation_by_title_with_the_claims_it_touches(pdf_pages):
    front = _front(pdf_pages)
    assert "Failing derivations" in front
    failing = front[front.index("Failing derivations"):]
    assert "Temperature limit λ → ∞ (a broken chain)" in failing
    assert "broken_chain" not in failing, "titles, not snake_case names"
    assert re.search(r"a broken chain\).*CLAIMS TOUCHED 000-eq5", failing)


def test_a_failing_derivation_that_no_claim_rests_on_says_none():
    run = samples.sample_run()
    run = dataclasses.replace(run, claims=[c for c in run.claims if c.id != "000-eq5"])
    view = build_view(run, versions=[], commit="x", date="d")
    [broken] = view.failing
    assert broken.title == samples.TITLE_BROKEN and broken.touches == []


def test_claims_touched_include_those_of_derivations_citing_the_failing_one():
    """A claim rests on a failing derivation also when its own derivation cites it with by=."""
    run = samples.sample_run()
    entropy = dataclasses.replace(run.derivations[0], passed=False, verdict=Verdict.REFUTED)
    run = dataclasses.replace(run, derivations=(entropy, *run.derivations[1:]))
    view = build_view(run, versions=[], commit="x", date="d")
    failing = {d.name: d for d in view.failing}
    # jensen_log_partition cites entropy_lower_bound; the claim 002-maxent rests on jensen_log_partition.
    ids = [c for c, _ in failing["entropy_lower_bound"].touches]
    assert "000-eq2" in ids and "002-maxent" in ids


@pytest.mark.tex
def test_each_claim_names_its_main_derivation_by_title_with_its_page(pdf_pages):
    front = _front(pdf_pages)
    assert re.search(r"READ \d+\. Entropy lower bound: H ≥ log n − λ\(s ?max − s̄\) \(p\. \d+\)", front), front[:3000]


def test_html_page_one_lists_the_failing_derivations_and_main_derivations(built):
    html = (built / "index.html").read_text(encoding="utf-8")
    findings = html[html.index('id="findings"'):html.index('id="legend"')]
    assert '<h3 id="failing">Failing derivations</h3>' in findings
    assert re.search(r'<li><a href="#d\d+-broken-chain">\d+\. Temperature limit', findings)
    assert re.search(r'<span class="k">read</span> <a href="#d\d+-entropy-lower-bound">\d+\. Entropy lower bound', findings)


@pytest.mark.tex
def test_no_python_power_operator_in_the_pdf_text(pdf_pages):
    text = "\f".join(pdf_pages)
    assert "The ratio tends to" in text, "the sample's note with ** is in the PDF"
    assert "**" not in text


@pytest.mark.tex
def test_no_python_power_operator_in_the_html_text(built, tmp_path):
    dom, _ = tools.dump_dom_with_net_log(built / "index.html", tmp_path)
    text = tools.visible_text(dom)
    assert "The ratio tends to" in text and "**" not in text


# ---- display simplification ------------------------------------------------------------------------

lam = sp.Symbol("lambda", positive=True)
x = sp.Symbol("x")


def test_a_step_shows_its_sides_as_checked_never_simplified_again(tmp_path):
    """A saddle point's step, lam − (sqrt(4 lam^2 + 1) − 1)/(2 lam) … = 0, once read "0 = 0": the side was
    simplified for display until it was the other side.  The chain shows both sides as the judge printed them."""
    expr = sp.expand((x + 1) ** 6)
    step = StepResult(index=1, relation="=", source="", lhs_latex=sp.latex(expr), rhs_latex=sp.latex((x + 1) ** 6),
                      lhs_srepr=sp.srepr(expr), rhs_srepr=sp.srepr((x + 1) ** 6), reason="binomial",
                      verdict=Verdict.PROVED, passed=True)
    d = DerivationResult(name="binomial", title="Binomial", source="", file="", verdict=Verdict.PROVED,
                         passed=True, conclusion="", steps=[step])
    run = RunResult(derivations=[d], seed=0, dps=(30, 60), quick=False, require_proof=False)
    shown = build_view(run, versions=[], commit="x", date="d").derivations[0].steps[0]
    assert shown.lhs_latex == sp.latex(expr) and shown.rhs_latex == r"\left(x + 1\right)^{6}"
    assert shown.lhs_latex != shown.rhs_latex and not shown.lhs_machine


@pytest.mark.tex
def test_no_decimal_longer_than_twelve_digits_in_the_running_text(pdf_pages):
    text = "\f".join(pdf_pages)
    running = text[:text.index("Certificates in full")] if "Certificates in full" in text else text
    assert re.findall(r"\d+\.\d{13,}", running) == []
    assert not re.search(r"\d{13,}", running), "a 13-digit run in the running text"


def test_an_author_written_long_decimal_is_shortened_too():
    from verifier.present.report.prose import plain
    title = "C(τ = 1) = 0.474474647070526937246280975373… (the seed's 0.4745)"
    assert plain(title) == "C(τ = 1) = 0.474474… (the seed's 0.4745)"
    assert plain("p = 0.000123456789012345") == "p = 0.000123457", "six significant digits"


def test_a_long_decimal_in_a_formula_is_cut_with_an_ellipsis_never_rounded():
    from verifier.present.report.display import short_decimals
    assert short_decimals("x > 0.474474647070526937246280975373") == r"x > 0.474474\ldots"
    assert short_decimals(r"\frac{0.00012345678901234567}{2}") == r"\frac{0.000123456\ldots}{2}"
    assert short_decimals("0.25 + 3.141592653589") == "0.25 + 3.141592653589", "twelve decimals are kept"
