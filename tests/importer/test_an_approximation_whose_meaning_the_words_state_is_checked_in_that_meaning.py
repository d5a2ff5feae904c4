r"""A `\approx` whose meaning the words that run into the display state is checked in that meaning, not left unknown:
"the approximating quadratic at $[-1,0]^\top$ is $$f(x, y) \approx …$$" is the series at that point whose error is
O(r³) (taken along every line through the point: x = −1 + u_x·h, y = u_y·h, the error O(h³) for every direction),
"the linear approximation near $x = 0$" the series O(x²), "for large $n$" the limit n → ∞.  A true line is proved,
its false twin refuted with the series' certificate.  Words that do not run into the display (a full stop or another
formula after the point), a point at names the display does not write, or a side that is not a polynomial of the
degree the words name give no meaning: the step is unknown (never an error on a text's true line: the text is not
malformed; once the author confirms the step, removing unconfirmed=, a missing meaning is an error), and never passes
nor is refuted."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

QUADRATIC = ("$$\nf(x, y) = xe^{-x^2-y^2}.\n$$\n\nAnd thus, with a little algebra, see that the approximating quadratic "
             "at $[-1,0]^\\top$ is\n\n$$\nf(x, y) \\approx e^{-1}\\left(-1 SIGN (x+1) +(x+1)^2+y^2\\right).\n$$\n")


def approx_verdicts(folder, text):
    doc = read_document(text, "notes.md")
    steps = [k for c in doc.chains for k, r in enumerate(c.chain.relations[c.start:]) if r == "approx"]
    assert steps
    verdicts = document_verdicts(folder, text, "notes.py")
    return doc, verdicts


@pytest.mark.slow
def test_a_quadratic_the_text_names_at_a_point_of_two_names_is_proved_and_its_false_twin_refuted(tmp_path):
    doc, true = approx_verdicts(tmp_path, QUADRATIC.replace("SIGN", "-"))
    assert any(c.meaning is not None and c.meaning.order == 3 for c in doc.chains)
    assert Verdict.PROVED in true and Verdict.REFUTED not in true and Verdict.ERROR not in true, true
    _, false = approx_verdicts(tmp_path, QUADRATIC.replace("SIGN", "+"))
    assert Verdict.REFUTED in false


@pytest.mark.slow
@pytest.mark.parametrize("words, true, false", [
    ("The linear approximation near $x = 0$ is", r"\sin x \approx x", r"\sin x \approx 1 + x"),
    ("Its second-order Taylor expansion around $0$ gives", r"e^x \approx 1 + x + \frac{x^2}{2}",
     r"e^x \approx 1 + x + x^2"),
    ("For large $n$ we have", r"\left(1 - \frac{1}{n}\right)^n \approx e^{-1}", r"\left(1 - \frac{1}{n}\right)^n \approx e^{-2}"),
])
def test_a_meaning_the_words_state_proves_the_true_line_and_refutes_its_twin(tmp_path, words, true, false):
    doc, verdicts = approx_verdicts(tmp_path, f"{words}\n\n$${true}$$\n")
    assert any(c.meaning is not None for c in doc.chains)
    assert verdicts == [Verdict.PROVED], verdicts
    _, verdicts = approx_verdicts(tmp_path, f"{words}\n\n$${false}$$\n")
    assert verdicts == [Verdict.REFUTED], verdicts


@pytest.mark.slow
@pytest.mark.parametrize("words, line", [
    ("The linear approximation near $x = 0$ is useful. Then", r"\sin x \approx x"),      # a full stop after it
    ("The linear approximation near $x = 0$ of $g$ is", r"\sin x \approx x"),             # another formula after it
    ("The linear approximation near $z = 0$ is", r"\sin x \approx x"),                    # a name the line never writes
    ("The linear approximation near $x = 0$ is", r"e^x \approx 1 + x + x^2"),             # not of the degree named
    ("The quadratic approximation at $[1, 2]^\\top$ is", r"x y \approx 2 + x"),           # no head names the order
    ("We approximate", r"\sin x \approx x"),                                               # no meaning in the words
])
def test_words_that_do_not_settle_a_meaning_give_none_and_the_step_never_passes(tmp_path, words, line):
    doc, verdicts = approx_verdicts(tmp_path, f"{words}\n\n$${line}$$\n")
    assert all(c.meaning is None for c in doc.chains)
    assert verdicts == [Verdict.UNKNOWN], verdicts


@pytest.mark.slow
@pytest.mark.parametrize("line, refuted", [
    (r"\left(1-\frac{1}{n}\right)^{n-1} = \frac{n}{n-1} \left(1-\frac{1}{n}\right)^{n} \approx e^{-1}", False),
    (r"\left(1-\frac{1}{n}\right)^{n-1} = \frac{n}{n+1} \left(1-\frac{1}{n}\right)^{n} \approx e^{-1}", True),
])
def test_a_number_reached_only_as_the_limit_the_words_state_gives_the_names_no_particular_values(tmp_path, line,
                                                                                                  refuted):
    doc, verdicts = approx_verdicts(tmp_path, f"For large $n$,\n\n$${line}$$\n")
    assert all(not c.unsettled for c in doc.chains)
    assert (Verdict.REFUTED in verdicts) is refuted, verdicts


def test_without_such_words_a_number_after_an_approximation_may_still_be_a_particular_value():
    doc = read_document("$$a + b = 2 c \\approx 3.1$$\n", "notes.md")
    assert all(c.unsettled for c in doc.chains if c.exprs[0].free_symbols)


def test_an_approximation_without_a_meaning_is_unknown_when_read_from_a_text_and_an_error_once_confirmed():
    from sympy import sin
    from verifier import calc, real
    from verifier.judge.checker import check_all
    from tests.engine import QUICK
    x = real("x")
    read = calc(sin(x), title="read").approx(x, "from a text", unconfirmed=True)
    confirmed = calc(sin(x), title="confirmed").approx(x, "confirmed")
    [r, c] = check_all([read, confirmed], QUICK)
    assert r.steps[0].verdict is Verdict.UNKNOWN and "does not say what ≈ means" in r.steps[0].message
    assert c.steps[0].verdict is Verdict.ERROR and "without a stated meaning" in c.steps[0].message


@pytest.mark.parametrize("line", [
    r"n! \approx \sqrt{2 \pi n} \left(\frac{n}{e}\right)^n",        # a ratio tending to 1; the difference grows
    r"n^2 + n \approx n^2",
    r"\left(1 + \frac{1}{n}\right)^n \approx 2.72",                   # e to the digits written
])
def test_for_large_n_gives_no_limit_where_the_difference_and_the_ratio_read_differently(tmp_path, line):
    doc, verdicts = approx_verdicts(tmp_path, f"For large $n$,\n\n$${line}$$\n")
    assert all(c.meaning is None for c in doc.chains)
    assert Verdict.REFUTED not in verdicts, verdicts
