"""Restatements: steps whose two sides are the same expression (after renaming bound indices).

Such a step is "proved" by matching, so it checks nothing.  Every output shows it as a warning (the
terminal, pytest, JUnit, the JSON and the report), never as a plain proof; under --strict it fails.
"""
from __future__ import annotations

from ..verdicts import Verdict

WARNING = ("restatement: both sides are the same expression, so this step checks nothing "
           "(write the right side by hand; fails under --strict)")


def is_restated(step) -> bool:
    """A step that passes only because both sides are the same expression."""
    return bool(getattr(step, "restatement", False)) and not getattr(step, "expect_refuted", False) \
        and step.verdict in (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)


def restated_steps(derivation) -> list:
    return [s for s in derivation.steps if is_restated(s)]


def step_passes(step, strict: bool = False) -> bool:
    return step.passed and not (strict and is_restated(step))


def derivation_passes(derivation, strict: bool = False) -> bool:
    return derivation.passed and not (strict and restated_steps(derivation))


def run_passes(run, strict: bool = False) -> bool:
    return run.passed and not (strict and any(restated_steps(d) for d in run.derivations))
