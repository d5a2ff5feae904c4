"""An approximation step with several meanings has one scope per distinct scope of its checks, said once.

Seed 000's eq. (3) states a limit and a series at λ → 0 (symbolic at n = 1…3 only) and a bound (generic n).
Joined as they came, the step's scope read "n = 1…3 only; n = 1…3 only; generic n": the same words twice and
two scopes that seem to contradict each other.  Each distinct scope is said once, the weakest check's first, and
names the checks it belongs to; one scope shared by every check stays as it is.
"""
from __future__ import annotations

import pytest

from verifier.judge.claims import _lead
from verifier.judge.meanings import _step_scope
from verifier.verdicts import Check, Verdict

ORDER = [Verdict.ERROR, Verdict.REFUTED, Verdict.UNKNOWN, Verdict.NUMERIC, Verdict.CASES, Verdict.PROVED]


def test_distinct_scopes_are_said_once_each_with_the_checks_they_belong_to():
    checks = [Check("bound: one-sided", Verdict.PROVED, scope="generic n"),
              Check("limit: lhs − rhs → 0", Verdict.CASES, scope="n = 1…3 only"),
              Check("series: O(λ²)", Verdict.CASES, scope="n = 1…3 only")]
    scope = _step_scope(checks, ORDER)
    assert scope == "n = 1…3 only (limit, series); generic n (bound)"
    assert _lead(scope) == "n = 1…3 only"


def test_near_miss_one_scope_shared_by_every_check_is_kept_as_it_is():
    checks = [Check("limit: x", Verdict.PROVED, scope="generic n"), Check("bound: y", Verdict.PROVED, scope="generic n"),
              Check("cites fact f", Verdict.PROVED)]
    assert _step_scope(checks, ORDER) == "generic n"
    assert _step_scope([Check("limit: x", Verdict.NUMERIC)], ORDER) == ""


@pytest.mark.slow
def test_the_imported_mean_field_line_says_its_sizes_once():
    from derivations.texts.seed_000_entropy_invariance import eq_3
    from tests.engine import check_one

    step = check_one(eq_3).steps[0]
    assert step.verdict is Verdict.CASES
    assert step.scope.count("n = 1…3 only") == 1 and "generic n (bound)" in step.scope
    assert step.sizes_only == 3 and [c.sizes_only for c in step.checks if c.scope == "n = 1…3 only"] == [3, 3]


def test_a_claims_strength_names_the_leading_scope_without_saying_only_twice():
    from verifier import claim
    from verifier.judge.claims import compute_claims
    from verifier.verdicts import DerivationResult, StepResult

    scope = "n = 1…3 only (limit, series); generic n (bound)"
    s = StepResult(1, "≈", "a", "b", "a", "b", "reason", "", Verdict.CASES, True, scope=scope, sizes_only=3)
    r = DerivationResult("a", "a", "", "derivations/example.py", Verdict.PROVED, True, "", steps=[s])
    [out] = compute_claims([claim("x", "src", "q", holds=["derivations/example.py::a"])], [r])
    assert out.strength == "checked at n = 1…3 only"                  # the words of the step's badge
    assert out.weakest_link.endswith("checked at n = 1…3 only") and out.weakest_link.count("only") == 1
