"""Lemmas cited at an instance: by=lemma.at(u=σ₁²/σ₂²) uses a fact proved for every admissible u
at one value, once the engine has shown the value admissible (u > 0 here).  Near misses: an instance that
may break the lemma's hypothesis (u = σ₁² − σ₂²) proves nothing and says which hypothesis is not shown."""
import pytest
import sympy as sp

from tests.engine import check
from verifier import calc, interval, log, positive, real
from verifier.verdicts import Verdict

u = positive("u")
s1, s2 = positive("sigma1 sigma2")


def lemma():
    d = calc(u - 1 - log(u), title="u − 1 − log u ≥ 0").ge(0, "convex, minimum at u = 1")
    d.name = "lemma"
    return d


@pytest.mark.slow
def test_the_gaussian_kl_bound_is_proved_by_citing_the_lemma_at_a_ratio_of_variances():
    fact = lemma()
    ratio = s1 ** 2 / s2 ** 2
    kl = calc(ratio - 1 - log(ratio), title="KL(σ₁ ‖ σ₂) ≥ 0").ge(0, "the lemma at u = σ₁²/σ₂²",
                                                                  by=[fact.at(u=ratio)])
    results = check(fact, kl)
    assert results[0].steps[0].verdict is Verdict.PROVED
    step = results[1].steps[0]
    assert step.verdict is Verdict.PROVED and "fact" in step.method


def test_an_instance_where_the_hypothesis_may_fail_is_an_error_naming_it():
    fact = lemma()
    gap = s1 ** 2 - s2 ** 2
    instance = fact.at(u=gap)
    [_, checked] = check(fact, instance)
    step = checked.steps[0]
    assert step.verdict is Verdict.ERROR
    assert "u > 0 is not shown" in step.message and "sigma1**2 - sigma2**2" in step.message


def test_an_instance_inside_an_open_interval_is_checked_against_both_ends():
    p = interval("p", 0, 1, open=True)
    x = positive("x")
    bound = calc(p * (1 - p), title="p(1 − p) > 0").gt(0, "both factors positive")
    bound.name = "bound"
    inside, outside = bound.at(p=x / (1 + x)), bound.at(p=x)
    results = check(bound, inside, outside)
    assert [r.steps[0].verdict for r in results[:2]] == [Verdict.PROVED, Verdict.PROVED]
    assert results[2].steps[0].verdict is Verdict.ERROR and "p < 1 is not shown" in results[2].steps[0].message


def test_a_name_that_is_not_a_symbol_of_the_lemma_is_an_error():
    fact = lemma()
    [_, checked] = check(fact, fact.at(v=s1))
    assert checked.steps[0].verdict is Verdict.ERROR and "not a symbol" in checked.steps[0].message


@pytest.mark.slow
def test_an_instance_is_only_as_strong_as_the_lemma():
    t = real("t")
    weak = calc(t ** 2 / 2 + sp.cos(t), title="cos t + t²/2 ≥ 1, only numeric here").ge(1, "Taylor")
    weak.name = "weak"
    results = check(weak, weak.at(t=s1 + s2))
    assert results[0].steps[0].verdict is Verdict.NUMERIC
    assert results[1].steps[0].verdict is Verdict.NUMERIC       # never more than the lemma lends


@pytest.mark.slow
def test_a_fact_that_is_only_numeric_is_tried_only_after_the_search_and_lends_only_numeric(monkeypatch):
    # The main search uses proved facts only: a proof from a numeric fact lends no more than the numbers, and
    # searching for it with everything else put entropy_floor step 1 at its step limit.  Afterwards the
    # "fact" strategy alone may still show the step follows from it (the method says so; the verdict is numeric).
    from verifier.judge import proving
    t = real("t")
    weak = calc(t ** 2 / 2 + sp.cos(t), title="cos t + t²/2 ≥ 1, only numeric here").ge(1, "Taylor")
    weak.name = "weak"
    strong = lemma()
    seen = []
    real_prove = proving._prove_inequality
    monkeypatch.setattr(proving, "_prove_inequality",
                        lambda lhs, rhs, rel, facts, *a, **k: seen.append(([f.name for f in facts], k.get("only")))
                        or real_prove(lhs, rhs, rel, facts, *a, **k))
    x = positive("x")
    citing = calc(x ** 2 / 2 + sp.cos(x) + x - 1 - log(x), title="both lemmas at x").ge(1, "the two lemmas",
                                                                                         by=[weak.at(t=x), strong.at(u=x)])
    results = check(weak, strong, citing)
    assert results[0].steps[0].verdict is Verdict.NUMERIC and results[1].steps[0].verdict is Verdict.PROVED
    assert (["lemma"], None) in seen and (["weak"], True) in seen
    assert not any("weak" in names and not only for names, only in seen)
    step = results[2].steps[0]
    assert step.verdict is Verdict.NUMERIC                 # never proved from a numeric fact
    assert "fact" in step.method and "weak" in step.message + step.method + str(step.checks)
