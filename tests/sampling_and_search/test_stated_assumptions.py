"""assume= written as a relation over the step's symbols restricts where the numbers look, like a declaration.

A point where exactly one side is undefined refutes the step unless the declared domain or
assume= excludes it.  Prose assumptions are notes only; the proofs never use assume= (a proof holds for
every declared value), so an assumption can only make the numbers more careful, never prove anything.
"""
import sympy as sp

from tests.engine import only_step
from verifier import calc, real
from verifier.judge.steps import stated_relations
from verifier.verdicts import Verdict

x, y = real("x y")
PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


def test_a_point_the_stated_assumption_excludes_is_no_evidence():
    st = only_step(calc(sp.log(x), title="t").le(x - 1, "log below its tangent", assume="x > 0"))
    assert st.verdict in PASSING


def test_without_the_assumption_the_same_step_is_refuted_where_only_one_side_is_undefined():
    st = only_step(calc(sp.log(x), title="t").le(x - 1, "log below its tangent"))
    assert st.verdict is Verdict.REFUTED


def test_a_false_claim_under_the_assumption_is_still_refuted_inside_it():
    st = only_step(calc(sp.log(x), title="t").le(x - 2, "claimed", assume="x > 0"))
    assert st.verdict is Verdict.REFUTED


def test_prose_and_foreign_names_are_notes_not_relations():
    assert stated_relations(["s_i = c for every i", "z > 0", "λ small"], x, y) == ()
    assert stated_relations(["x > 0", "x < y"], x, y) == (x > 0, x < y)
    st = only_step(calc(sp.log(x), title="t").le(x - 1, "claimed", assume="x is positive"))
    assert st.verdict is Verdict.REFUTED            # prose excludes nothing
