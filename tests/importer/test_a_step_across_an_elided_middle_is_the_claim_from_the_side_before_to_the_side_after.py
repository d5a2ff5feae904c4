r"""`v_t = β²v_{t-2} + βg_{t-1,t-2} + g_{t,t-1} = \ldots, = \sum_{τ=0}^{t-1} β^τ g_{t-τ,t-τ-1}`: a side written as an
ellipsis between two equals signs stands for steps the author did not write.  By the equalities around it the side
before equals the side after, and that step is the claim (printed as a rule; it stands for both relations of the
display).  It is checked as any step: a false one between free names is refuted, a true one is never refuted.  In a
chain about a sequence the text does not define (a recurrence), the steps left out may use the recurrence: the step
across them is never settled.  An ellipsis at an end of the chain or beside another relation stays refused, and so
does a chain of lone names (`x_1 = x_2 = \cdots = x_n`: all equal, a condition as often as a claim).
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document


def _doc(display: str):
    return read_document(f"$$\n{display}\n$$\n", "notes.md")


def test_the_step_across_the_ellipsis_is_read_and_stands_for_both_relations():
    doc = _doc(r"(a+b)^2 = a^2 + 2ab + b^2 = \ldots, = (b+a)^2")
    assert len(doc.chains) == 1 and not doc.failures
    c = doc.chains[0]
    assert len(c.exprs) == 3 and c.covers == 3
    assert any("steps the author did not write" in r for r in doc.rules)


def test_a_true_step_across_the_ellipsis_is_proved(tmp_path):
    verdicts = document_verdicts(tmp_path, "$$\n(a+b)^2 = a^2 + 2ab + b^2 = \\ldots, = (b+a)^2\n$$\n", "true.py")
    assert verdicts == ["proved", "proved"]


def test_a_false_step_across_the_ellipsis_is_refuted(tmp_path):
    verdicts = document_verdicts(tmp_path, "$$\n(a+b)^2 = \\ldots = a^2 + b^2\n$$\n", "false.py")
    assert verdicts == ["refuted"]


@pytest.mark.parametrize("display", [
    r"\mathbf{v}_t = \beta^2 \mathbf{v}_{t-2} + \beta \mathbf{g}_{t-1, t-2} + \mathbf{g}_{t, t-1} = \ldots, = "
    r"\sum_{\tau = 0}^{t-1} \beta^{\tau} \mathbf{g}_{t-\tau, t-\tau-1}",
    r"\mathbf{v}_t = \beta^2 \mathbf{v}_{t-2} + \beta \mathbf{g}_{t-1, t-2} + \mathbf{g}_{t, t-1} = \ldots, = "
    r"\sum_{\tau = 0}^{t-1} \beta^{\tau+1} \mathbf{g}_{t-\tau, t-\tau-1}",
])
def test_across_the_steps_of_a_recurrence_the_text_does_not_write_nothing_is_refuted_or_proved(tmp_path, display):
    """The momentum's unrolled sum (true with v_0 = 0 by the recurrence) and its twin with the exponent off by one:
    both unsettled, neither refuted nor passed."""
    verdicts = document_verdicts(tmp_path, f"$$\n{display}\n$$\n", "momentum.py")
    assert verdicts and set(verdicts) == {"unknown"}


def test_a_step_across_the_ellipsis_of_a_recurrence_is_never_settled_by_writing_one_index():
    across = _doc(r"x_{m+1} = x_m + 2 = \ldots, = x_m + x_m").chains[0]
    written = _doc(r"x_{m+1} = x_m + 2 = x_m + x_m").chains[0]
    assert across.unsettled and 1 not in across.settled_steps
    assert written.unsettled and 1 in written.settled_steps       # written out, the same step is algebra, decided


@pytest.mark.parametrize("display", [r"a = b + 0 = \ldots", r"\ldots = a = a + 0", r"a \le \ldots = a + 1"])
def test_near_miss_an_ellipsis_at_an_end_or_beside_another_relation_stays_refused(display):
    doc = _doc(display)
    assert not any(len(c.exprs) == 2 and "ldots" not in " ".join(c.chain.sides) for c in doc.chains if
                   c.chain.elided)
    assert any("ellipsis" in f.message or "ldots" in f.message for f in doc.failures)
    assert not any("steps the author did not write" in r for r in doc.rules)


@pytest.mark.parametrize("display", [r"x_1 = x_2 = \cdots = x_n", r"a = b = \ldots = c."])
def test_near_miss_lone_names_all_set_equal_across_an_ellipsis_stay_refused(display):
    doc = _doc(display)
    assert not any(c.chain.elided for c in doc.chains)
    assert any("ellipsis" in f.message for f in doc.failures)
    assert not any("steps the author did not write" in r for r in doc.rules)
