"""A claim whose weakest support holds only at a few sizes says so in the register with the words of that step's
badge and of the legend: "checked at n = 1…3 only", never a second term ("proved at concrete sizes only
(n = 1…3)") for the same verdict.  Near misses: a proof whose scope is a few sizes keeps its own badge's words
("proved, n ≤ 4 only"), and a proof for every n is "proved"."""
from __future__ import annotations

from verifier import claim
from verifier.judge.claims import compute_claims
from verifier.present.report.badges import step_kind, step_label
from verifier.verdicts import DerivationResult, StepResult, Verdict


def _register(verdict: Verdict, scope: str, sizes_only: int | None):
    s = StepResult(1, "=", "a", "b", "a", "b", "reason", "", verdict, True, scope=scope, sizes_only=sizes_only)
    r = DerivationResult("a", "a", "", "derivations/example.py", Verdict.PROVED, True, "", steps=[s])
    [out] = compute_claims([claim("x", "src", "q", holds=["derivations/example.py::a"])], [r])
    badge = step_label(step_kind(verdict, sizes=sizes_only), verdict, sizes_only)
    return out, badge


def test_the_register_uses_the_badges_words_for_a_step_checked_at_a_few_sizes():
    out, badge = _register(Verdict.CASES, "n = 1…3 only", 3)
    assert badge == "checked at n = 1…3 only"
    assert out.strength == badge and out.weakest_link.endswith(f"step 1: {badge}")
    assert "concrete sizes" not in out.strength + out.weakest_link


def test_near_miss_a_proof_over_a_few_sizes_and_a_proof_for_every_n_keep_their_own_words():
    out, badge = _register(Verdict.PROVED, "n = 1…4 only", 4)
    assert badge == "proved, n ≤ 4 only" and out.weakest_link.endswith(badge)
    generic, _ = _register(Verdict.PROVED, "generic n", None)
    assert generic.strength.startswith("proved") and "n ≤" not in generic.strength
