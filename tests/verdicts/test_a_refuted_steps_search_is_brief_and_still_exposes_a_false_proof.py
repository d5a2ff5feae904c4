"""Once the numbers refute a step, SymPy is asked briefly: the whole search gets the time one strategy gets.

A refutation is the counterexample's, whatever the search answers, so cutting the search short can only change
what the message says.  The search is still asked: a strategy that "proves" a refuted step within that time is
an engine bug, and the step says so.
"""
from __future__ import annotations

import time

import sympy as sp

from tests.engine import only_step
from verifier import calc, real
from verifier.judge.context import REFUTED_LIMIT
from verifier.prove import Proof, ProofOutcome
from verifier.verdicts import Verdict

x = real("x_brief")


def _slow_search(monkeypatch, answer):
    """The prove layer's search replaced by one that spends a second per strategy, ten strategies long."""
    from verifier.judge import proving
    spent = []

    def search(lhs, rhs, limit, how=None, facts=(), only=False):
        start = time.process_time()
        try:
            from verifier.prove.timeouts import time_limit, StrategyTimeout
            for _ in range(10):
                try:
                    with time_limit(limit):
                        end = time.process_time() + 1.0
                        while time.process_time() < end:
                            pass
                except StrategyTimeout:
                    pass
            return answer
        finally:
            spent.append(time.process_time() - start)

    monkeypatch.setattr(proving, "_prove_equal", search)
    return spent


def test_the_search_on_a_refuted_step_stops_within_one_strategys_time(monkeypatch):
    spent = _slow_search(monkeypatch, ProofOutcome(None))
    step = only_step(calc((x + 1) ** 2, title="off by one").eq(x ** 2 + 2 * x + 2, "expanded, badly"))
    assert step.verdict is Verdict.REFUTED and step.counterexample is not None
    assert spent and max(spent) < REFUTED_LIMIT + 0.5, spent


def test_near_miss_a_true_steps_search_is_not_cut_to_that_time(monkeypatch):
    from verifier.judge import proving
    seen = []
    real_asked = proving._asked

    def asked(compute, total=None):
        seen.append(total)
        return real_asked(compute, total)

    monkeypatch.setattr(proving, "_asked", asked)
    step = only_step(calc((x + 1) ** 2, title="the square").eq(x ** 2 + 2 * x + 1, "expanded"))
    assert step.verdict is Verdict.PROVED and seen and all(t is None for t in seen), seen


def test_a_quick_false_proof_of_a_refuted_step_is_still_exposed(monkeypatch):
    from verifier.judge import proving
    monkeypatch.setattr(proving, "_prove_equal", lambda *a, **k: ProofOutcome(Proof("a buggy strategy", "all values")))
    step = only_step(calc((x + 1) ** 2, title="off by one").eq(x ** 2 + 2 * x + 2, "expanded, badly"))
    assert step.verdict is Verdict.REFUTED
    assert "claimed a proof" in step.message, step.message
