"""assume= is read the way mathematics writes conditions, and a condition that is not read blocks refutation.

"0 < x < 1", "x ≥ 1", "x > 0 and x < 1", "|x| < 1", "x ∈ (−1, 1)", "x ≠ 1" each restrict where the numbers
look.  A text that names a symbol of the step and looks like a condition but is not read cannot be honoured by
the numbers, so a counterexample may lie exactly where the author excluded it: the step is never refuted
(unknown, naming the text).  Near misses: a false claim inside a condition that is read is still refuted.
"""
import pytest
import sympy as sp

from tests.engine import only_step
from verifier import calc, real
from verifier.judge.stated import stated_relations, unread_conditions
from verifier.verdicts import Verdict

x, y = real("x_cond y_cond")
PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


@pytest.mark.parametrize("text, relations", [
    ("0 < x_cond < 1", (sp.Lt(0, x), x < 1)),
    ("x_cond > 0 and x_cond < 1", (x > 0, x < 1)),
    ("0 < x_cond ≤ 1/2", (sp.Lt(0, x), x <= sp.Rational(1, 2))),
    ("x_cond ≥ 1", (x >= 1,)),
    ("|x_cond| < 1", (sp.Abs(x) < 1,)),
    ("x_cond ∈ (-1, 1]", (x > -1, x <= 1)),
    ("(x_cond > 0) & (y_cond < 1)", (x > 0, y < 1)),
    ("x_cond ≠ 1", (sp.Ne(x, 1),)),
])
def test_a_condition_written_as_mathematics_is_read_as_its_relations(text, relations):
    assert stated_relations([text], x + y, y) == relations
    assert unread_conditions([text], x + y, y) == []


@pytest.mark.parametrize("text", ["λ small", "s_i = c for every i", "ε = c s + η is correlated with s"])
def test_prose_that_names_no_symbol_or_describes_a_model_stays_a_note(text):
    assert stated_relations([text], x + y, y) == () and unread_conditions([text], x + y, y) == []


@pytest.mark.parametrize("assume", ["0 < x_cond < 1", "x_cond > 0 and x_cond < 1", "x_cond ∈ (0, 1)"])
def test_a_true_claim_under_a_chained_or_interval_condition_is_not_refuted(assume):
    st = only_step(calc(sp.log(x * (1 - x)), title="t").lt(0, "below 1/4", assume=assume))
    assert st.verdict is not Verdict.REFUTED, st.message


@pytest.mark.parametrize("assume", ["0 < x_cond < 1", "x_cond ∈ (0, 1)"])
def test_a_false_claim_inside_the_same_condition_is_still_refuted(assume):
    st = only_step(calc(sp.log(x * (1 - x)), title="t").lt(-2, "too low", assume=assume))
    assert st.verdict is Verdict.REFUTED, st.message


def test_a_condition_that_is_not_read_blocks_a_refutation_and_says_so():
    st = only_step(calc(sp.log(x), title="t").ge(0, "at least one", assume="x_cond is at least one (x_cond >= 1 or so)"))
    assert st.verdict is Verdict.UNKNOWN
    assert "not read as relations" in st.message
