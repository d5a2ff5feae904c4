"""A result that holds only at the sizes n = 1…k carries k as a number, set by the strategy that reached it.

The scope's words ("n = 1…6 only") are for a reader; the badge ("checked at n = 1…6 only") and a claim's
strength (a proof at a few sizes only supports a claim, never makes it hold) read `sizes_only`, never the words.
"""
import sympy as sp

from verifier import Σ, index, size, vector
from verifier.judge.claims import _step_rank
from verifier.present.report.badges import step_kind, step_label
from verifier.prove import prove_equal
from verifier.verdicts import StepResult, Verdict

n = size("n_sizes_only")
i, j = index("i_sizes_only j_sizes_only", n)
s = vector("s_sizes_only", n)


def _step(verdict, scope, sizes_only=None):
    return StepResult(1, "=", "a", "b", "a", "b", "reason", "", verdict, True, scope=scope, sizes_only=sizes_only)


def test_sizes_only_of_concrete_cases_is_set_where_the_scope_is_made():
    proof = prove_equal(Σ(s[i] + 1, i), Σ(s[j], j) + n, how="cases").proof
    assert proof.concrete_only and proof.scope == "n = 1…6 only" and proof.sizes_only == 6


def test_near_miss_a_generic_proof_holds_at_no_few_sizes_only():
    proof = prove_equal(Σ(i, i), n * (n + 1) / 2).proof
    assert not proof.concrete_only and proof.sizes_only is None
    assert f"{n} = 1…3" in proof.scope                   # "also n = 1…3 by expansion": words, not a limit


def test_the_badge_and_the_claim_read_the_number_not_the_words():
    cases = _step(Verdict.CASES, "n = 1…6 only", 6)
    assert step_label(step_kind(cases.verdict, sizes=cases.sizes_only), cases.verdict, cases.sizes_only) == \
        "checked at n = 1…6 only"
    few = _step(Verdict.PROVED, "n = 1…3 only", 3)
    assert _step_rank(few) == "cases"                    # a proof at three sizes supports, never holds
    assert _step_rank(_step(Verdict.PROVED, "generic n")) == "proved"


def test_words_alone_are_not_read_back_as_sizes():
    unread = _step(Verdict.CASES, "n = 1…6 only")
    assert unread.sizes_only is None
    assert step_label(step_kind(unread.verdict, sizes=None), unread.verdict, None) == "checked at concrete sizes only"
