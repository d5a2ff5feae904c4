"""The proof cache remembers symbolic outcomes only, and only for the same engine, SymPy and input."""
import pytest

from verifier import Σ, calc, exp, index, positive, size, vector
from verifier.judge import proof_cache
from verifier.judge.checker import check_all
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
    calls = []
    import verifier.judge.checker as checker
    real = checker.prove_equal
    monkeypatch.setattr(checker, "prove_equal", lambda *a: calls.append(a) or real(*a))
    step_of(weights())
    assert calls == []                                  # served from the cache
    proof_cache._STATE["fingerprint"] = "a different engine"
    step_of(weights())
    assert len(calls) == 1


def test_outcomes_that_hit_a_time_limit_are_not_stored(cache, monkeypatch):
    import verifier.judge.checker as checker
    monkeypatch.setattr(checker, "prove_equal", lambda *a: (None, ["simplify timed out after 5 s"]))
    step_of(weights())
    monkeypatch.undo()
    assert step_of(weights()).verdict is Verdict.PROVED
