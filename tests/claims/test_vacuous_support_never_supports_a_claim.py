"""A step that checks nothing is vacuous, says why, and supports no claim of the register.

Vacuous (judge/vacuous.py): both sides the same expression as written; both sides the same value once SymPy
builds them (a line kept as written that evaluates into the other side); the conclusion one of the step's own
assumptions or given= pins, also after a rewriting that changes nothing; or a cited fact that has a vacuous
step.  Near misses both ways: a step that merely uses an assumption, or whose written line differs in value from
the other side, is a real check and stays supported; an assumption restated in another but equivalent form is
vacuous.
"""
from __future__ import annotations

import sympy as sp

from tests.engine import check, check_one
from verifier import as_written, calc, claim, positive, real, sqrt
from verifier.judge.claims import claim_status, result_key
from verifier.judge.vacuous import assumed_relations, restates_assumption, vacuous_reason
from verifier.authoring.relations import Relation
from verifier.verdicts import ClaimStatus, Verdict

x, y = real("x y")
d = positive("d")
a = positive("a")


def _status(derivations, **refs):
    results = check(*derivations)
    by_key = {result_key(r): r for r in results}
    c = claim("vacuous-test", "a source", "a quote", **refs)
    return claim_status(c, by_key), results


# ---- the same value once built ------------------------------------------------------------------------------

def test_a_line_kept_as_written_that_evaluates_into_the_other_side_is_vacuous_and_supports_no_claim():
    step = calc(as_written(lambda: sqrt(d) * sqrt(d)), title="√d·√d = d").eq(d, "√d·√d = d")
    status, [result] = _status([step], holds=[step])
    [s] = result.steps
    assert s.verdict is Verdict.PROVED and "same value" in s.vacuous
    assert status.status is ClaimStatus.NOT_CHECKED
    assert "step 1 is vacuous" in status.qualifier


def test_a_written_line_whose_value_differs_from_the_other_side_is_a_real_check():
    step = calc(as_written(lambda: sqrt(a ** 2) * sqrt(d)), title="√(a²)·√d").eq(a * sqrt(d), "a > 0")
    [s] = check_one(step).steps
    # SymPy builds a·√d from both, so this is vacuous; the near miss writes the other side differently.
    assert s.vacuous
    real_check = calc(sp.Derivative(x ** 2 * y, x), title="d/dx x²y").eq(2 * x * y, "power rule")
    status, [result] = _status([real_check], holds=[real_check])
    assert [t.verdict for t in result.steps] == [Verdict.PROVED] and not result.steps[0].vacuous
    assert status.status is ClaimStatus.HOLDS


def test_a_restatement_as_written_is_vacuous():
    [s] = check_one(calc(x + y, title="restated").eq(y + x, "commute")).steps
    assert s.restatement and s.vacuous


# ---- the conclusion among the step's own assumptions ---------------------------------------------------------

def test_a_step_whose_conclusion_is_its_own_assumption_is_vacuous():
    step = calc(x, title="x > 0 assumed").gt(0, "assumed", assume="x > 0")
    status, [result] = _status([step], holds=[step])
    [s] = result.steps
    assert "own assumption" in s.vacuous
    assert status.status is ClaimStatus.NOT_CHECKED and "vacuous" in status.qualifier


def test_an_assumption_restated_in_an_equivalent_form_is_vacuous():
    assert restates_assumption(2 * x, 0, Relation.GE, "x >= 0")          # 2x ≥ 0 is x ≥ 0
    assert restates_assumption(0, x, Relation.LE, "x > 0")               # 0 ≤ x under x > 0
    assert restates_assumption(2 * x - 2 * y, 0, Relation.EQ, "x = y")   # 2x − 2y = 0 is x = y
    assert restates_assumption(y, x, Relation.EQ, "x == y")              # either orientation
    assert restates_assumption(x ** 2 - 1, 0, Relation.LT, "1 > x**2")   # x² − 1 < 0 is 1 > x²
    step = calc(0, title="0 ≤ x").le(x, "assumed", assume="x > 0")
    [s] = check_one(step).steps
    assert "own assumption" in s.vacuous


def test_a_step_that_uses_an_assumption_without_restating_it_is_not_vacuous():
    assert not restates_assumption(x + 1, 0, Relation.GT, "x > 0")       # x + 1 > 0 uses x > 0
    assert not restates_assumption(x, 0, Relation.GT, "x >= 0")          # strict is not implied by non-strict
    assert not restates_assumption(-x, 0, Relation.GE, "x >= 0")         # the opposite inequality
    assert not restates_assumption(x, y, Relation.EQ, "x > y")           # an inequality is not an equation
    step = calc(x ** 2 + 1, title="x² + 1 > 0").gt(0, "a square plus one", assume="x > 0")
    status, [result] = _status([step], holds=[step])
    assert [s.vacuous for s in result.steps] == [""]
    assert result.steps[0].verdict is Verdict.PROVED and status.status is ClaimStatus.HOLDS


def test_prose_assumptions_and_tautologies_assume_nothing():
    assert assumed_relations("ε independent of (s, v)", {x}) == []
    assert assumed_relations("z > 0", {x}) == []                         # a symbol the step does not have
    assert assumed_relations("0 < x < 1", {x}) == [(x, ">"), (1 - x, ">")]
    # √d·√d = d as SymPy builds it is d = d: it assumes nothing, so a true identity under it is still checked.
    assert not restates_assumption((d + 1) ** 2, d ** 2 + 2 * d + 1, Relation.EQ, "sqrt(d)*sqrt(d) = d")


def test_a_derivations_assumptions_count_as_the_steps_own():
    step = calc(x - y, title="x ≥ y assumed", assumptions=["x >= y"]).ge(0, "assumed")
    [s] = check_one(step).steps
    assert "own assumption" in s.vacuous


# ---- pins and cited facts --------------------------------------------------------------------------------------

def test_a_step_whose_pins_are_its_conclusion_is_vacuous_and_one_checked_at_a_pin_is_not():
    pinned = calc(x, title="x = 3 at x = 3").eq(3, "pinned", given={x: 3})
    [s] = check_one(pinned).steps
    assert "own pin" in s.vacuous
    [u] = check_one(calc(2 * x, title="2x = 6 at x = 3").eq(6, "pinned", given={x: 3})).steps
    assert "own pin" in u.vacuous
    near = calc(x ** 2 - 2 * x, title="x² − 2x = 3 at x = 3").eq(3, "evaluated", given={x: 3})
    [t] = check_one(near).steps
    assert t.passed and not t.vacuous


def test_a_step_resting_on_a_vacuous_fact_is_vacuous_and_one_resting_on_a_real_fact_is_not():
    hollow = calc(as_written(lambda: sqrt(d) * sqrt(d)), title="hollow", name="hollow").eq(d, "√d·√d = d")
    user = calc(d + 2, title="uses it", name="user").ge(d + 1, "by it", by=[hollow])
    sound = calc(x ** 2, title="x² ≥ 0", name="sound").ge(0, "a square")
    user_sound = calc(x ** 2 + 1, title="uses a real fact", name="user_sound").ge(1, "by it", by=[sound])
    results = {r.name: r for r in check(hollow, user, sound, user_sound)}
    assert results["hollow"].steps[0].vacuous
    assert "cited fact hollow" in results["user"].steps[0].vacuous
    assert "hollow" in vacuous_reason(user.start, user.steps[0].rhs, user.steps[0], user,
                                      {id(hollow): results["hollow"]})
    assert not results["user_sound"].steps[0].vacuous and results["user_sound"].steps[0].passed


def test_an_expected_refutation_is_never_vacuous():
    [s] = check_one(calc(x, title="x > 0 refuted").gt(0, "claimed", assume="x > 0", expect="refuted")).steps
    assert not s.vacuous


# ---- the register's rule, on result records ------------------------------------------------------------------

def _record(vacuous=""):
    from verifier.verdicts import DerivationResult, StepResult
    s = StepResult(1, "=", "a", "b", "a", "b", "reason", "", Verdict.PROVED, True, scope="all values",
                   vacuous=vacuous)
    return DerivationResult("a", "a", "", "derivations/example.py", Verdict.PROVED, True, "", steps=[s])


def test_a_claim_held_up_by_a_vacuous_step_is_not_checked_and_names_the_step():
    from verifier.judge.claims import compute_claims
    c = claim("x", "src", "q", holds=["derivations/example.py::a"])
    [hollow] = compute_claims([c], [_record("its conclusion is its own assumption 'x > 0'")])
    assert hollow.status is ClaimStatus.NOT_CHECKED
    assert "step 1 is vacuous" in hollow.qualifier and "own assumption" in hollow.qualifier
    [real_check] = compute_claims([c], [_record()])
    assert real_check.status is ClaimStatus.HOLDS
