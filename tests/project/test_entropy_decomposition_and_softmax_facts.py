"""The first content of the engine issue: the entropy decomposition of 000 eq. (2) and two softmax facts."""

import pytest
from tests.engine import check_project_files
from verifier.verdicts import Verdict

pytestmark = pytest.mark.slow


def test_the_entropy_decomposition_is_proved_for_generic_n():
    r = check_project_files("entropy_decomposition.py")["entropy_decomposition"]
    assert [s.verdict for s in r.steps] == [Verdict.PROVED, Verdict.PROVED]
    assert all(s.scope.startswith("generic n") for s in r.steps)
    assert r.conclusion_relation == "=" and r.source.startswith("000_ca974c2c5f958f3e.txt")
    # The declared sizes are all sampled (the engine adds edge sizes such as n = 1, 2 of its own).
    assert all({3, 17, 256} <= set(s.numeric.sizes) and float(s.numeric.worst_error) < 1e-60 for s in r.steps)


def test_softmax_weights_sum_to_one_and_ignore_a_common_shift_for_generic_n():
    results = check_project_files("softmax_basics.py")
    for name in ("weights_sum_to_one", "shift_invariance"):
        [step] = results[name].steps
        assert step.verdict is Verdict.PROVED and step.scope.startswith("generic n"), name
