"""A counterexample the project shows a reader gives a length or a count as a whole number.

Where a derivation refutes a claim about a length (n, the sequence length; m, a number of other scores), the
length is declared a size for that step, so the certificate is found at whole lengths: "λ ∝ log n" fails
between n = 2 and n′ = 256, never at n = 498.718 (a sequence of 498.718 tokens is no counterexample to a
reader).  Each such refutation is still certified at two precisions, and its twin that holds (∝ log n where
the constant is 0) is still proved at whole lengths (tests/relations cover ∝ itself)."""
from __future__ import annotations

import pytest

from tests.engine import project_results

pytestmark = pytest.mark.slow

# The refutations whose counterexample names a length, and the symbols that are lengths there.
LENGTHS = {
    ("entropy_scale.py", "scale_not_proportional_to_log_n"): {"n", "n'"},
    ("entropy_scale.py", "one_peak_seed_scale_not_flat"): {"n", "n'"},
    ("entropy_scale.py", "half_tied_seed_scale_not_flat"): {"m", "m'"},
    ("softmax_gradient.py", "gradients_do_not_vanish_at_ties"): {"m"},
}


def _whole(value: str) -> bool:
    return value.lstrip("-").isdigit()


def test_each_refutation_about_a_length_is_certified_at_whole_lengths():
    results = project_results()
    for (file, name), lengths in LENGTHS.items():
        [found] = [r for r in results[file] if r.name == name]
        [step] = [s for s in found.steps if s.counterexample is not None]
        assert step.verdict.value == "refuted" and step.passed, (name, step.verdict)
        point = dict(step.counterexample.point)
        assert lengths <= set(point), (name, point)
        assert all(_whole(point[k]) for k in lengths), (name, point)
        assert step.counterexample.certificate, name


def test_no_counterexample_of_the_project_names_a_fractional_length():
    for file, found in project_results().items():
        for result in found:
            for step in result.steps:
                cx = step.counterexample
                if cx is None:
                    continue
                fractional = {k: v for k, v in cx.point.items() if k.rstrip("'") in ("n", "m", "K") and not _whole(v)}
                assert not fractional, (file, result.name, step.index, fractional)
