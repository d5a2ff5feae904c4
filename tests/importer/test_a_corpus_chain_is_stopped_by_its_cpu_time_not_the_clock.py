"""A corpus chain's import and check run in a child stopped after its seconds of CPU time, not of the wall clock:
on a loaded machine a wall limit ended a true chain after a third of its work, and the test of its meaning then
looked at none of its twins.  The child's answer comes back whole; a child that spins past its CPU seconds is
reported as out of time, never as an answer."""
from __future__ import annotations

import os
import resource

from bench.bench_latex_import import in_child


def _spin():
    while True:
        pass


def _cpu_limit_in_the_child():
    return resource.getrlimit(resource.RLIMIT_CPU)[0]


def test_a_child_that_answers_in_time_gives_its_answer():
    assert in_child(lambda: {"verdicts": ["proved"], "pid": os.getpid() != 0}, 30) == \
        ("ok", {"verdicts": ["proved"], "pid": True})


def test_a_child_that_spins_past_its_cpu_seconds_is_out_of_time():
    assert in_child(_spin, 1) == ("timeout", "")


def test_the_childs_limit_counts_cpu_seconds():
    kind, soft = in_child(_cpu_limit_in_the_child, 7)
    assert kind == "ok" and soft == 7


def test_an_error_in_the_child_comes_back_as_its_text():
    kind, text = in_child(lambda: 1 / 0, 5)
    assert kind == "error" and "ZeroDivisionError" in text
