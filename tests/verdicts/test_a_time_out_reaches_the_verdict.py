"""A time-out reaches the verdict wherever it is raised: more time could have decided the step, so it is unknown.

A proof from a cited fact that is only numeric lends the step no more than numeric.  When the search before it
ran out of time, more time could have proved the step outright (proved, not numeric): time would decide
between two verdicts, so the step is unknown.  When every strategy finished, it is numeric as before.
"""
from __future__ import annotations

import pytest

import sympy as sp

from tests.engine import check
from verifier import calc, positive, real
from verifier.prove import ProofOutcome
from verifier.verdicts import Verdict


t = real("t_cited")
x = positive("x_cited")


def _citing_a_numeric_fact(monkeypatch, search_ran_out: bool):
    from verifier.judge import proving
    real_prove = proving._prove_inequality

    def prove(lhs, rhs, rel, facts, *args, **kwargs):
        if not kwargs.get("only") and sp.expand(lhs - rhs).coeff(x, 2) == sp.Rational(3, 2):
            # the citing step's own search: nothing, perhaps for want of time (the fact route runs as it is)
            return ProofOutcome(None, ["cut short"] if search_ran_out else [], timed_out=search_ran_out)
        return real_prove(lhs, rhs, rel, facts, *args, **kwargs)

    monkeypatch.setattr(proving, "_prove_inequality", prove)
    weak = calc(t ** 2 / 2 + sp.cos(t), title="cos t + t²/2 ≥ 1, only numeric here").ge(1, "Taylor")
    weak.name = "weak"
    citing = calc(x ** 2 / 2 + sp.cos(x) + x ** 2, title="the lemma at x, plus x²").ge(
        1, "the lemma", by=[weak.at(t_cited=x)])
    results = check(weak, citing)
    return results


@pytest.mark.slow
def test_a_proof_from_a_numeric_fact_after_a_search_that_ran_out_of_time_is_unknown(monkeypatch):
    from verifier.judge import proof_cache
    monkeypatch.setattr(proof_cache, "remembered", lambda kind, compute, *parts, **kw: compute())
    weak, citing = _citing_a_numeric_fact(monkeypatch, search_ran_out=True)
    assert weak.steps[0].verdict is Verdict.NUMERIC
    step = citing.steps[0]
    assert step.verdict is Verdict.UNKNOWN, (step.verdict, step.message)
    assert "ran out of its time limit" in step.message


@pytest.mark.slow
def test_a_proof_from_a_numeric_fact_after_a_search_that_finished_is_numeric(monkeypatch):
    from verifier.judge import proof_cache
    monkeypatch.setattr(proof_cache, "remembered", lambda kind, compute, *parts, **kw: compute())
    weak, citing = _citing_a_numeric_fact(monkeypatch, search_ran_out=False)
    step = citing.steps[0]
    assert step.verdict is Verdict.NUMERIC, (step.verdict, step.message)
    assert "fact" in step.method


# A limit SymPy computes to a value whose sign it cannot decide is held against the numbers at the sampled
# points: nonzero somewhere contradicts the claim.  Numbers that ran out of time there decided nothing, and more
# time could have contradicted the claim, so the symbolic side is marked as having hit a limit (unknown); numbers
# that finished without a disagreement leave it undecided as before.

def _undecided_value_with(monkeypatch, timed_out: bool):
    from verifier.judge import meanings
    from verifier.judge.combine import Numbers, Symbolic
    from verifier.judge.numbers import NumericOutcome
    from verifier.settings import Settings
    from verifier.judge.context import StepContext
    outcome = NumericOutcome(Numbers.INCONCLUSIVE, None, None, ["cut"] if timed_out else [], timed_out=timed_out)
    monkeypatch.setattr(meanings, "compare_numbers", lambda *args, **kwargs: outcome)
    status, note = meanings._value_nonzero_somewhere(sp.Symbol("D") ** sp.Rational(1, 10 ** 6) - 1,
                                                     StepContext(Settings(quick=True)), "sympy.limit gives it")
    assert status is Symbolic.NONE
    return note


def test_an_undecided_limit_value_the_numbers_ran_out_of_time_on_is_marked_as_having_hit_a_limit(monkeypatch):
    from verifier.judge.meanings import TimedOut
    note = _undecided_value_with(monkeypatch, timed_out=True)
    assert isinstance(note, TimedOut) and "ran out of time" in note


def test_an_undecided_limit_value_the_numbers_finished_on_is_not(monkeypatch):
    from verifier.judge.meanings import TimedOut
    note = _undecided_value_with(monkeypatch, timed_out=False)
    assert not isinstance(note, TimedOut) and note == "sympy.limit gives it"


# ----------------------------------------------------------------------------- the cross-check of agreeing points

def _cross_checked_by(monkeypatch, replayed):
    """sin² y + cos² y = 1 (proved symbolically), its agreeing points cross-checked only by `replayed`."""
    from verifier.evidence import compare
    from verifier.evidence.replay import MpmathReplay
    monkeypatch.setattr(MpmathReplay, "holds", lambda self, point, dps, seconds: None)
    monkeypatch.setattr(compare, "replay", lambda lhs, rhs, relation, point, dps, seconds: replayed)
    y = real("y_cross")
    return check(calc(sp.sin(y) ** 2 + sp.cos(y) ** 2, title="sin² + cos² = 1").eq(1, "Pythagoras"))[0].steps[0]


def test_a_cross_check_that_ran_out_of_time_leaves_the_step_unknown(monkeypatch):
    """More time could have shown an engine error at that point, so a loaded machine must not pass what a quiet
    one would leave unknown: the numbers time out, and proved with numbers that did not finish is unknown."""
    from verifier.evidence.replay import Replay
    step = _cross_checked_by(monkeypatch, Replay("undecided", "ran out of its 1 s of CPU time", ran_out=True))
    assert step.verdict is Verdict.UNKNOWN, (step.verdict, step.message)
    assert "cross-check" in step.message and "ran out of CPU time" in step.message, step.message


def test_a_cross_check_that_cannot_be_carried_out_for_another_reason_leaves_the_step_proved(monkeypatch):
    from verifier.evidence.replay import Replay
    step = _cross_checked_by(monkeypatch, Replay("undecided", "not possible here: too many terms"))
    assert step.verdict is Verdict.PROVED, (step.verdict, step.message)


THIRD = sp.Rational(1, 3)
u = real("u_pole")


def _cancelled_pole():
    return calc((u ** 2 - THIRD ** 2) / (u - THIRD), title="(u² − 1/9)/(u − 1/3) = u + 1/3").eq(u + THIRD, "cancel")


def test_a_pole_refutation_is_unknown_when_the_numbers_on_the_proofs_scope_run_out_of_time(monkeypatch):
    """At u = 1/3 the left side has no value, which refutes the line as written unless a proof on the scope
    u ≠ 1/3 is found; when the numbers asked on that scope run out of time, more time could prove it there."""
    import dataclasses
    from verifier.judge import scoped
    from verifier.judge.combine import Numbers
    on_time = scoped.compare

    def out_of_time(*args, **kwargs):
        return dataclasses.replace(on_time(*args, **kwargs), status=Numbers.INCONCLUSIVE, timed_out=True)

    [quiet] = check(_cancelled_pole(), quick=True)
    assert quiet.steps[0].verdict is Verdict.PROVED, quiet.steps[0].message
    monkeypatch.setattr(scoped, "compare", out_of_time)
    [cut] = check(_cancelled_pole(), quick=True)
    assert cut.steps[0].verdict is Verdict.UNKNOWN, cut.steps[0].message
