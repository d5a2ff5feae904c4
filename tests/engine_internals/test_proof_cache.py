"""The proof cache remembers symbolic outcomes only, and only for the same engine, SymPy, input and domains."""
import pytest
import sympy as sp

from verifier import Σ, calc, exp, index, positive, size, vector
from verifier.judge import proof_cache
from verifier.judge.checker import check_all
from verifier.prove import Proof, ProofOutcome
from verifier.settings import Settings
from verifier.verdicts import Verdict

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
lam = positive("lambda")


@pytest.fixture
def cache(tmp_path):
    proof_cache.enable(tmp_path / "proofs.sqlite")
    yield tmp_path / "proofs.sqlite"
    proof_cache.enable(None)
    proof_cache._STATE["fingerprint"] = None


def step_of(derivation):
    [r] = check_all([derivation], Settings())
    return r.steps[0]


def weights():
    p = exp(lam * s[i]) / Σ(exp(lam * s[j]), j)
    return calc(Σ(p, i), title="Σp", name="sum_p").eq(1, "normaliser")


def counting_prove_equal(monkeypatch):
    import verifier.prove.identities as identities
    calls, real = [], identities.prove_equal
    monkeypatch.setattr(identities, "prove_equal", lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


def test_a_second_check_reuses_the_symbolic_outcome_and_still_runs_the_numbers(cache):
    first, second = step_of(weights()), step_of(weights())
    assert first.verdict is second.verdict is Verdict.PROVED
    assert first.method == second.method and first.scope == second.scope
    assert "proof cache" not in first.message
    assert second.numeric is not None and second.numeric.points >= 8    # numerics are never cached


def test_a_cached_proof_cannot_hide_a_refutation(cache):
    # Same symbolic question, but the numbers are what refute: a wrong claim stays refuted on every run.
    wrong = lambda: calc(Σ(exp(s[i]), i), title="wrong", name="w").eq(Σ(exp(s[i]), i) + 1, "off by one")
    assert step_of(wrong()).verdict is Verdict.REFUTED
    assert step_of(wrong()).verdict is Verdict.REFUTED


def test_changing_the_engine_starts_afresh(cache, monkeypatch):
    step_of(weights())
    calls = counting_prove_equal(monkeypatch)
    step_of(weights())
    assert calls == []                                  # served from the cache
    proof_cache._STATE["fingerprint"] = "a different engine"
    step_of(weights())
    assert len(calls) == 1


def test_outcomes_that_hit_a_time_limit_are_not_stored(cache, monkeypatch):
    import verifier.prove.identities as identities
    monkeypatch.setattr(identities, "prove_equal", lambda *a, **k: ProofOutcome(None, ["simplify gave up"], [], True))
    step_of(weights())
    monkeypatch.undo()
    assert step_of(weights()).verdict is Verdict.PROVED


def test_whether_an_outcome_timed_out_is_read_from_its_field_not_its_notes(cache):
    compute = lambda: ProofOutcome(None, ["simplify timed out after 5 s (only words)"], [], False)
    proof_cache.remembered("demo", compute, sp.Integer(1))
    again = proof_cache.remembered("demo", lambda: pytest.fail("recomputed"), sp.Integer(1))
    assert proof_cache.FROM_CACHE in again.notes


def test_a_timed_out_outcome_kept_on_request_comes_back_flagged_as_unknown_within_the_limit(cache):
    gave_up = lambda: ProofOutcome(None, ["simplify gave up"], [], True)
    proof_cache.remembered("demo", gave_up, sp.Integer(2), 5.0, keep_timeouts=True)
    again = proof_cache.remembered("demo", lambda: pytest.fail("recomputed"), sp.Integer(2), 5.0, keep_timeouts=True)
    assert again.proof is None and again.timed_out


def test_a_cached_outcome_keeps_its_concrete_only_flag_and_used_facts(cache):
    cases = lambda: ProofOutcome(Proof("expansion at concrete n", "n = 1…6 only", True), [], ["f"], False, "cases")
    proof_cache.remembered("demo", cases, sp.Integer(3))
    again = proof_cache.remembered("demo", lambda: pytest.fail("recomputed"), sp.Integer(3))
    assert again.proof.concrete_only and again.facts_used == ["f"] and again.strategy == "cases"


def test_the_key_includes_each_declared_symbols_domain_which_srepr_does_not_print(cache):
    # The same name, the same assumptions, only the range differs: 1…n versus 0…n.
    k1, k0 = index("k", n), index("k", n, start=0)
    assert sp.srepr(s[k1]) == sp.srepr(s[k0])
    assert proof_cache._key("equal", s[k1]) != proof_cache._key("equal", s[k0])
    # A vector's bounds and a size's sampled lengths are part of it too.
    assert proof_cache._key("equal", vector("v", n)[j]) != proof_cache._key("equal", vector("v", n, 0, 1)[j])


def test_changing_only_an_index_range_is_not_answered_from_the_cache(cache, monkeypatch):
    # Σ_j δ_jk = 1 holds for k in 1…n and fails at k = 0, outside the sum's range.
    def claim(k):
        return calc(Σ(sp.KroneckerDelta(j, k), j), title="one Kronecker delta", name="delta").eq(1, "k in range")
    assert step_of(claim(index("k", n))).verdict is Verdict.PROVED
    calls = counting_prove_equal(monkeypatch)
    shifted = step_of(claim(index("k", n, start=0)))
    assert len(calls) == 1                              # asked afresh, not served the proof for 1…n
    assert shifted.verdict is Verdict.REFUTED and "proof cache" not in shifted.message
