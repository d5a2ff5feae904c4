"""A claim whose words admit readings that come out differently (readings=) has the status "reading not settled":
a derivation refuting one reading never makes it refuted, one proving the other never makes it hold.  Each
reading's derivations are named in the result and what each found is said in its detail.  The declaration's
shape is checked: readings= names derivations and stands alone (no other evidence, no not_checked=)."""
from __future__ import annotations

from verifier import claim
from verifier.judge.claims import compute_claims
from verifier.verdicts import ClaimStatus, DerivationResult, StepResult, Verdict

FILE = "derivations/example.py"


def _result(name, verdict, expect_refuted=False):
    passed = (verdict is Verdict.REFUTED) if expect_refuted else verdict is Verdict.PROVED
    step = StepResult(1, "=", "a", "b", "a", "b", "reason", "", verdict, passed, expect_refuted=expect_refuted)
    return DerivationResult(name, name, "", FILE, verdict, passed, "", steps=[step])


def test_refuted_on_one_reading_and_proved_on_the_other_is_not_settled():
    c = claim("x-inv", "000_x.txt, eq. (1)", "the scale is invariant",
              readings=("two readings of 'invariant' come out differently", [f"{FILE}::one", f"{FILE}::other"]))
    assert not c.error
    [out] = compute_claims([c], [_result("one", Verdict.PROVED),
                                 _result("other", Verdict.REFUTED, expect_refuted=True)])
    assert out.status is ClaimStatus.UNSETTLED
    assert out.status not in (ClaimStatus.REFUTED, ClaimStatus.HOLDS, ClaimStatus.NOT_CHECKED)
    assert list(out.derivations) == [f"{FILE}::one", f"{FILE}::other"]
    assert "refutes it there" in out.detail and "holds there" in out.detail
    assert out.qualifier == "two readings of 'invariant' come out differently"


def test_a_claim_with_one_reading_only_still_needs_its_evidence_or_a_reason():
    # near miss: without readings= a claim naming nothing is malformed, and not_checked= stays "not checked"
    assert "no derivation addresses this claim" in claim("x-a", "000_x.txt", "q").error
    [out] = compute_claims([claim("x-b", "000_x.txt", "q", not_checked="a definition")], [])
    assert out.status is ClaimStatus.NOT_CHECKED


def test_readings_stand_alone_and_name_derivations():
    assert "readings=" in claim("x-c", "000_x.txt", "q", readings=("why", [f"{FILE}::one"]),
                                holds=[f"{FILE}::two"]).error
    assert "readings=" in claim("x-d", "000_x.txt", "q", readings=("why", [f"{FILE}::one"]),
                                not_checked="also").error
    assert "readings=" in claim("x-e", "000_x.txt", "q", readings=("why", [])).error
