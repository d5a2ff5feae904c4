"""No proved step of the project that supports a claim of the register is vacuous.

Every step of every derivation the register cites in support (holds=, as_bound=, under=, regime=) is read from
the project's own results, checked once per run (tests.engine.project_results), and held against the extended
restatement check (judge/vacuous.py): both sides the same expression or the same value once built, the conclusion
one of its own assumptions or pins, or a cited fact that checks nothing.  The register's statuses agree: no claim
is held up by a vacuous step.
"""
from __future__ import annotations

import pytest

from tests.engine import project_register, project_results
from verifier.authoring.claims import AGAINST
from verifier.judge.claims import compute_claims, result_key

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def checked():
    claims, errors = project_register()
    assert not errors, [str(e) for e in errors]
    results = [r for found in project_results().values() for r in found]
    return claims, {result_key(r): r for r in results}


def supporting_keys(claims) -> dict[str, list[str]]:
    """{derivation key: ids of the claims it supports}."""
    out: dict[str, list[str]] = {}
    for c in claims:
        for kind, keys in c.references().items():
            if kind not in AGAINST:
                for key in keys:
                    out.setdefault(key, []).append(c.id)
    return out


def test_the_project_has_steps_and_the_check_reads_every_one(checked):
    _, by_key = checked
    steps = [s for r in by_key.values() for s in r.steps]
    assert len(steps) > 100
    assert all(isinstance(getattr(s, "vacuous", None), str) for s in steps)


def test_no_proved_step_that_supports_a_claim_is_vacuous(checked):
    claims, by_key = checked
    hollow = [f"{key} step {s.index} ({', '.join(ids)}): {s.vacuous}"
              for key, ids in supporting_keys(claims).items() if key in by_key
              for s in by_key[key].steps if s.vacuous]
    assert hollow == []


def test_no_claim_of_the_register_is_held_up_by_a_vacuous_step(checked):
    claims, by_key = checked
    statuses = compute_claims(claims, list(by_key.values()))
    assert [(c.id, c.qualifier) for c in statuses if "is vacuous" in (c.qualifier or "")] == []
