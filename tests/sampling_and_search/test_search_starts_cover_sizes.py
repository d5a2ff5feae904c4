"""The adversarial search starts from every size before it repeats one.

The mutation run's engine miss "1 − Σp² ≤ −n p_i log p_i" (the bound index of H renamed to a free one) is
false only where p_i is small at n ≥ 3.  The search started from the three tightest points with distinct
(n, i): n = 1 (both sides 0), n = 2 with i = 1 and with i = 2; n = 2 never violates it (1 − p ≤ −log p), so
the claim would pass as numeric.  Starts take one point per size first, and a start that stops early
leaves its budget to the next.
"""
from types import SimpleNamespace

from tests.engine import only_step
from verifier import Σ, calc, exp, index, log, size, vector
from verifier.evidence.search import _new_sizes_first
from verifier.verdicts import Verdict

n = size("n_ss")
i, j, i_ = index("i_ss j_ss k_ss", n)
s = vector("s_ss", n)
Z = Σ(exp(s[j]), j)
p = exp(s[i]) / Z
p_free = exp(s[i_]) / Z
TRACE = 1 - Σ(p ** 2, i)


def test_the_free_index_mutant_of_the_trace_bound_is_refuted():
    step = only_step(calc(TRACE, title="mutant").le(Σ(-p_free * log(p_free), i), "bound index renamed"))
    assert step.verdict is Verdict.REFUTED, step.message


def test_the_trace_bound_itself_is_not_refuted():
    """Near miss, true: tr J = 1 − Σp² ≤ H."""
    step = only_step(calc(TRACE, title="true").le(-Σ(p * log(p), i), "termwise"))
    assert step.verdict is not Verdict.REFUTED, step.message


def test_a_true_bound_that_is_tight_at_n_equal_1_is_not_refuted():
    """Near miss, true: 1 − Σp² ≤ 1 − 1/n (Σp² ≥ 1/n), equal at n = 1 and at equal scores."""
    step = only_step(calc(TRACE, title="true").le(1 - 1 / n, "Cauchy–Schwarz"))
    assert step.verdict is not Verdict.REFUTED, step.message


def test_starts_take_each_size_once_before_any_size_repeats_in_slack_order():
    inputs = SimpleNamespace(sizes=[n])
    point = lambda size_, index_: SimpleNamespace(values={n: size_, i_: index_})
    usable = [(0.0, point(1, 1), "c"), (0.1, point(2, 1), "c"), (0.2, point(2, 2), "c"), (0.3, point(3, 1), "c")]
    ordered = _new_sizes_first(usable, inputs)
    assert [(e[1].values[n], e[1].values[i_]) for e in ordered] == [(1, 1), (2, 1), (3, 1), (2, 2)]
