"""display= sets how the report shows a step's right side: the author's line, never what is checked.

The judge checks the SymPy expression; the report shows the LaTeX the author wrote in its place, with
the checked form one click away (HTML) and in the JSON.  A display form can neither change a verdict
nor a step's fingerprint (mutation records stay valid when only the display changes).
"""
import sympy as sp

from tests.engine import check
from verifier import calc, positive
from verifier.judge.fingerprint import step_fingerprint
from verifier.present.report.view import build_view
from verifier.verdicts import RunResult, Verdict

x = positive("x")
SHORT = r"-\tfrac{1}{2}\sum_t \sigma_t^{-2}\lVert e\rVert^2"


def _one(display=""):
    opts = {"display": display} if display else {}
    d = calc((x + 1) ** 2, title="square").eq(x ** 2 + 2 * x + 1, "expand", **opts)
    [r] = check(d)
    return d, r


def test_the_report_shows_the_authors_line_and_keeps_the_checked_form_one_click_away():
    d, r = _one(SHORT)
    [step] = r.steps
    assert step.verdict is Verdict.PROVED and step.display_latex == SHORT
    view = build_view(RunResult([r], 0, (50, 100), True, False), versions=[("Python", "3")], commit="abc", date="today")
    [sv] = view.derivations[0].steps
    assert sv.rhs_latex == SHORT and sv.rhs_machine and "x" in sv.rhs_machine


def test_a_display_form_changes_neither_the_verdict_nor_the_fingerprint():
    plain_d, plain = _one()
    shown_d, shown = _one(SHORT)
    assert plain.steps[0].verdict is shown.steps[0].verdict
    assert step_fingerprint(plain_d.start, plain_d.steps[0]) == step_fingerprint(shown_d.start, shown_d.steps[0])


def test_a_display_that_is_not_text_is_a_step_error_saying_what_it_takes():
    d = calc(x, title="t").eq(x, "same", display=sp.Symbol("y"))
    [r] = check(d)
    assert r.steps[0].verdict is Verdict.ERROR and "display=" in r.steps[0].message


START = r"(x + 1)^{2}"


def test_the_start_shows_the_authors_form_and_keeps_the_checked_form_one_click_away():
    d = calc(x ** 2 + 2 * x + 1, title="square", display=START).eq((x + 1) ** 2, "factor")
    [r] = check(d)
    [step] = r.steps
    assert step.verdict is Verdict.PROVED and step.lhs_display_latex == START
    view = build_view(RunResult([r], 0, (50, 100), True, False), versions=[("Python", "3")], commit="abc", date="today")
    [sv] = view.derivations[0].steps
    assert sv.lhs_latex == START and view.derivations[0].lhs_latex == START
    assert sv.lhs_machine and "x^{2}" in sv.lhs_machine


def test_a_start_display_changes_neither_the_verdict_nor_the_fingerprint():
    plain = calc(x ** 2 + 2 * x + 1, title="square").eq((x + 1) ** 2, "factor")
    shown = calc(x ** 2 + 2 * x + 1, title="square", display=START).eq((x + 1) ** 2, "factor")
    [a], [b] = check(plain), check(shown)
    assert a.steps[0].verdict is b.steps[0].verdict is Verdict.PROVED
    assert step_fingerprint(plain.start, plain.steps[0]) == step_fingerprint(shown.start, shown.steps[0])


def test_a_false_step_under_a_start_display_is_still_refuted():
    # The near miss: the display says (x + 1)², the checked start is x² + 2x, which is not (x + 1)².
    d = calc(x ** 2 + 2 * x, title="not a square", display=START).eq((x + 1) ** 2, "factor", expect="refuted")
    [r] = check(d)
    assert r.steps[0].verdict is Verdict.REFUTED


def test_a_start_display_that_is_not_text_is_an_error_saying_what_it_takes():
    d = calc(x, title="t", display=sp.Symbol("y")).eq(x, "same")
    [r] = check(d)
    assert not r.passed and "display=" in (r.message or "")
