"""A pytest plugin that writes down every step verdict a test run reaches, so that two runs of the same test
files (one quiet, one with limits cut at random instants) can be compared verdict by verdict.

Loaded with `-p tests.verdicts.verdict_recording` and VERIFIER_TESTS_RECORD_VERDICTS=<file>: each step
checked through the judge (verifier.judge.steps.check_step, which every derivation check goes through, in
this process or a forked child) appends one JSON line {"key": …, "verdict": …}.  The key names the test that
was running, the derivation and step, and how many times that test had checked that step before, so a test
that checks one step under two settings gives two keys.  What a test asserts is not read: a test that fails
because its step became unknown under faults is allowed; a verdict that moved elsewhere is not.
"""
from __future__ import annotations

import json
import os
from collections import Counter

RECORD_ENV = "VERIFIER_TESTS_RECORD_VERDICTS"


def pytest_configure(config):
    path = os.environ.get(RECORD_ENV)
    if not path:
        return
    from verifier.judge import steps

    checked = Counter()
    check_step = steps.check_step

    def recording_check_step(index, lhs, step, derivation, settings, results):
        res = check_step(index, lhs, step, derivation, settings, results)
        test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
        where = (test, getattr(derivation, "qualified_name", derivation.name), index)
        checked[where] += 1
        line = json.dumps({"key": [*where, checked[where]], "verdict": res.verdict.value}) + "\n"
        with open(path, "a") as out:       # one short write in append mode: children's lines do not mix
            out.write(line)
        return res

    steps.check_step = recording_check_step


def read_verdicts(path) -> dict:
    """{key: verdict} of a recorded run (a key recorded twice keeps its last verdict)."""
    out = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    out[tuple(row["key"])] = row["verdict"]
    return out
